// `sudokit verify [FILE...]`: one verdict per record (invalid, none, unique, multiple),
// with evidence: the clashing cells, or two different solutions and where they differ.
// A summary line goes to stderr. Exit 0 only when every record is unique (and minimal,
// with --minimal); 1 otherwise; 2 for usage or I/O errors.
#include <array>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "sudokit/commands.hpp"
#include "sudokit/verifier.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit verify [OPTIONS] [FILE...]\n"
    "Checks that each puzzle has exactly one solution. One verdict per record, in order:\n"
    "  unique | multiple: SOL1 and SOL2 differ at CELLS | none: no solution | invalid: why\n"
    "With --minimal, a unique puzzle is also checked clue by clue ('unique minimal', or\n"
    "'unique not-minimal: redundant r1c3 ...').";

int run_verify(const std::vector<std::string>& args) {
  RecordOptions common;
  common.grid_layout = false;
  bool minimal = false;
  po::options_description options("verify options");
  options.add_options()
      ("minimal", po::bool_switch(&minimal), "also check that every clue is needed, and list redundant ones");
  add_record_options(options, common);
  add_variant_option(options, common.input);
  if (!parse_command_line(args, options, kUsage, &common.input.files)) return kExitOk;

  const OutputOptions out_options = common.output_options();
  const EngineKind engine = common.engine();
  VerifySettings settings;
  settings.minimal = minimal;
  settings.budget = common.budget();
  check_engine_takes_variant(engine, common.input.variant_kind());

  RecordStream stream(common.input.files, common.input.reader_options());
  OutputSink output;
  std::string text;
  if (out_options.format == Format::csv) output.write(verify_csv_header());
  std::array<std::size_t, 5> per_verdict{};  // indexed by Verdict
  std::size_t errors = 0, not_minimal = 0, minimality_unknown = 0;

  for_each_record<VerifyOutcome>(
      stream, common.pipeline_options(), [engine] { return Verifier(engine); },
      [&settings](const Record& record, VerifyOutcome& outcome, Verifier& verifier) {
        verify_record(record, outcome, verifier, settings);
      },
      [&](const Record& record, const VerifyOutcome& outcome) {
        const std::string status = verify_status(record, outcome);
        if (status == kErrorStatus) {
          ++errors;
        } else {
          const Verdict verdict = record.grid ? outcome.verification.verdict : Verdict::invalid;
          ++per_verdict[static_cast<std::size_t>(verdict)];
          if (outcome.verification.minimality_checked && !outcome.verification.minimal) ++not_minimal;
          if (outcome.verification.minimality_unknown) ++minimality_unknown;
        }
        if (const std::string why = verify_error(record, outcome); !why.empty()) diagnose(record, why);
        text.clear();
        write_verify(text, out_options, record, outcome);
        output.write(text);
      },
      [&](bool input_waited) { output.end_batch(input_waited); });
  output.flush();

  std::size_t total = errors;
  for (std::size_t count : per_verdict) total += count;
  std::string summary = fmt::format("verify: {} records: {} unique, {} multiple, {} none, {} invalid", total,
                                    per_verdict[static_cast<std::size_t>(Verdict::unique)],
                                    per_verdict[static_cast<std::size_t>(Verdict::multiple)],
                                    per_verdict[static_cast<std::size_t>(Verdict::none)],
                                    per_verdict[static_cast<std::size_t>(Verdict::invalid)]);
  if (const std::size_t unknown = per_verdict[static_cast<std::size_t>(Verdict::unknown)]; unknown != 0)
    summary += fmt::format(", {} unknown", unknown);
  if (errors != 0) summary += fmt::format(", {} error", errors);
  if (minimal) summary += fmt::format("; {} unique but not minimal", not_minimal);
  if (minimality_unknown != 0) summary += fmt::format("; {} unique but minimality unknown (budget spent)", minimality_unknown);
  fmt::print(stderr, "{}\n", summary);

  const bool all_good =
      per_verdict[static_cast<std::size_t>(Verdict::unique)] == total && not_minimal == 0 && minimality_unknown == 0;
  return finish_command("verify", output, stream, all_good);
}

const CommandRegistration registration{
    {"verify", "check each puzzle has exactly one solution (with evidence when not)", 20, run_verify}};

}  // namespace
}  // namespace sudokit::cli

// `sudokit solve [FILE...]`: per record, the solution or why not.
//
// A filter for bulk solving: records stream through the ordered parallel pipeline, one
// output record per input record, in input order (see output.hpp for the layouts).
// Exit: 0 when every record had a solution, 1 when some record was invalid or had none.
#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "sudokit/commands.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit solve [OPTIONS] [FILE...]\n"
    "Solves each puzzle (standard input when no FILE or '-'). By default counts to 2, so each\n"
    "record also says whether its solution is unique. In --format line a solved record is its\n"
    "solution; any other record is a line 'STATUS: detail' (multiple, none, invalid).";

int run_solve(const std::vector<std::string>& args) {
  RecordOptions common;
  long long limit = 2;
  po::options_description options("solve options");
  options.add_options()
      ("limit,l", po::value(&limit)->default_value(2)->value_name("K"),
       "count solutions up to K (1: any solution; 2: also decide uniqueness)");
  add_record_options(options, common);
  add_variant_option(options, common.input);
  if (!parse_command_line(args, options, kUsage, &common.input.files)) return kExitOk;

  if (limit < 1) throw UsageError(fmt::format("--limit {} must be at least 1", limit));
  const OutputOptions out_options = common.output_options();
  const EngineKind engine = common.engine();
  SolveSettings settings;
  settings.limit = static_cast<std::uint64_t>(limit);
  settings.budget = common.budget();
  check_engine_takes_variant(engine, common.input.variant_kind());

  RecordStream stream(common.input.files, common.input.reader_options());
  OutputSink output;
  std::string text;
  if (out_options.format == Format::csv) output.write(solve_csv_header());
  std::size_t failed = 0;

  for_each_record<SolveOutcome>(
      stream, common.pipeline_options(), [engine] { return Solver(engine); },
      [&settings](const Record& record, SolveOutcome& outcome, Solver& solver) {
        solve_record(record, outcome, solver, settings);
      },
      [&](const Record& record, const SolveOutcome& outcome) {
        if (!outcome.error.empty()) diagnose(record, outcome.error);
        using namespace std::string_view_literals;  // no strlen per record (bulk solving)
        if (outcome.status != "unique"sv && outcome.status != "solved"sv && outcome.status != "multiple"sv) ++failed;
        text.clear();
        write_solve(text, out_options, record, outcome);
        output.write(text);
      },
      [&](bool input_waited) { output.end_batch(input_waited); });
  return finish_command("solve", output, stream, failed == 0);
}

const CommandRegistration registration{
    {"solve", "solve puzzles: the solution of each record, or why there is none", 10, run_solve}};

}  // namespace
}  // namespace sudokit::cli

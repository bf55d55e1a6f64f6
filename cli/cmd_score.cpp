// `sudokit score [FILE...]`: the target-Sudoku score of each record (NOIP 2009, 靶形数独).
//
// A solution scores Σ weight × digit; a puzzle scores the best over all of its solutions, or
// -1 when it has none (clashing givens included). Default weights are the contest's rings,
// 6 + min(r, c, N-1-r, N-1-c) for any N; --weights FILE reads an N×N table of integers.
//
// Output, one record per input record, in order:
//   line   the score alone (exactly the contest's output). A record that cannot be read also
//          prints -1, so the stream stays one integer per record; its FILE:LINE diagnostic
//          goes to stderr and the exit status is 1. A score the budget left unknown is
//          printed too, with a diagnostic on stderr.
//   grid   "# score S (status)" and the solution reaching it as a block, then a blank line.
//   jsonl  record, source, line, puzzle, status (optimal | unknown | none | invalid), score,
//          proven, nodes, solution (when one was found), solutions (with --count; when a budget
//          stops the count, solutions_at_least instead), error (invalid, clashing givens).
//   csv    the same fields as columns.
// Exit: 0 when every record was read and its score proven; 1 when some record was unreadable
// or left unknown by its budget (--timeout, default 60 s a record; --nodes; --budget); 2 for
// usage or I/O errors. "No solution" is an answer (-1).
//
// Records are scored in parallel, one record per pipeline token: a sparse record can take
// seconds, so batching records together would serialise the slow ones.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "progress.hpp"
#include "sudokit/commands.hpp"
#include "sudokit/scorer.hpp"
#include "sudokit/verifier.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit score [OPTIONS] [FILE...]\n"
    "The target-Sudoku score of each puzzle (standard input when no FILE or '-'): the largest\n"
    "sum of weight x digit over all of its solutions, or -1 when it has none. Default weights:\n"
    "the contest's rings, 6 + min(r, c, N-1-r, N-1-c) (6 outside to 10 in the centre of a 9x9).\n"
    "Reads every format, including the contest's 9 lines of 9 integers.\n"
    "--engine picks the solver of --method enumerate and of --count; the branch and bound\n"
    "(--method bnb) has its own search and ignores it. Finished results are the same with\n"
    "every engine (best-score ties keep the smallest grid). --engine fast takes only 9x9:\n"
    "other records are invalid.\n"
    "--variant x|hyper|jigsaw|killer scores under the variant's rules (docs/RECORDS.md); its\n"
    "solutions are enumerated (branch and bound knows classic houses only), so --method does\n"
    "not apply and the budget counts solutions.";

std::optional<Weights> load_weights(const std::string& spec) {
  if (spec == "target") return std::nullopt;  // rings, sized per record
  std::ifstream in(spec, std::ios::binary);
  if (!in) throw UsageError(fmt::format("--weights: cannot read '{}' (use 'target' or a file of N×N integers)", spec));
  std::ostringstream text;
  text << in.rdbuf();
  std::string why;
  auto weights = Weights::parse(text.str(), &why);
  if (!weights) throw UsageError(fmt::format("--weights {}: {}", spec, why));
  return weights;
}

int run_score(const std::vector<std::string>& args) {
  RecordOptions common;
  std::string weights_text = "target";
  std::string method_text = "bnb";
  std::optional<std::string> budget_text;  // given at all: `--budget ""` is an error, not "none"
  bool count = false;
  po::options_description options("score options");
  options.add_options()
      ("weights,w", po::value(&weights_text)->default_value("target")->value_name("target|FILE"),
       "cell weights: 'target' (the contest's rings) or a file of N×N integers ('#' comments)")
      ("method,m", po::value(&method_text)->default_value("bnb")->value_name("bnb|enumerate"),
       "bnb: branch and bound (proves the optimum fast); enumerate: every solution (slow oracle)")
      ("budget,b", po::value<std::string>()->value_name("NODES|TIME")->notifier([&budget_text](const std::string& text) {
         budget_text = text;
       }),
       "the same as --nodes NODES or --timeout TIME (5s, 250ms, 2m): print the best found, status unknown")
      ("count,c", po::bool_switch(&count), "also count the solutions (jsonl/csv; limited by --budget too)");
  add_record_options(options, common, kDefaultScoreTimeoutSeconds);
  add_variant_option(options, common.input);
  if (!parse_command_line(args, options, kUsage, &common.input.files)) return kExitOk;

  const OutputOptions out_options = common.output_options();
  const Format format = out_options.format;
  const EngineKind engine = common.engine();
  check_engine_takes_variant(engine, common.input.variant_kind());
  // Counting every solution of an open puzzle can take forever; only spend it where it is shown.
  if (count && (format == Format::line || format == Format::grid))
    throw UsageError("--count shows in --format jsonl or csv only");
  const auto method = parse_score_method(method_text);
  if (!method) throw UsageError(fmt::format("unknown --method '{}' (use bnb or enumerate)", method_text));
  ScoreSettings settings;
  settings.engine = engine;
  settings.count = count;
  ScoreOptions& score_options = settings.options;
  score_options.method = *method;
  score_options.budget = common.budget();
  if (budget_text) {
    std::string why;
    const auto budget = parse_score_budget(*budget_text, &why);
    if (!budget) throw UsageError("--budget: " + why);
    if (budget->nodes != 0) score_options.budget.nodes = budget->nodes;
    if (budget->time.count() != 0) score_options.budget.time = budget->time;
  }
  settings.weights = load_weights(weights_text);
  ProgressBar progress("score", 0, stderr_is_terminal());

  RecordStream stream(common.input.files, common.input.reader_options());
  OutputSink output;
  std::string text;
  if (format == Format::csv) output.write(score_csv_header());
  std::size_t failed = 0;

  // One record per batch: a sparse record can take seconds, so batching records together
  // would serialise the slow ones.
  for_each_record<ScoreOutcome>(
      stream, common.pipeline_options(1), [engine] { return ScoreWorker(engine); },
      [&](const Record& record, ScoreOutcome& outcome, ScoreWorker& worker) {
        std::function<void(const ScoreProgress&)> on_progress;
        if (progress.enabled())
          on_progress = [&progress, &record](const ScoreProgress& p) {
            progress.show_line(fmt::format("record {}: best {} after {} nodes, {:.1f} s", record.number,
                                           p.has_best ? std::to_string(p.best) : std::string("none yet"), p.nodes,
                                           p.seconds));
          };
        score_record(record, outcome, worker, settings, on_progress);
        if (progress.enabled()) progress.finish();
      },
      [&](const Record& record, const ScoreOutcome& outcome) {
        if (outcome.status == "invalid" || outcome.status == kErrorStatus) {
          diagnose(record, outcome.error);
          ++failed;
        } else if (outcome.status == "unknown") {
          diagnose(record, fmt::format("budget spent: {} is the best score found, not proven optimal",
                                       outcome.result.score));
          ++failed;
        }
        text.clear();
        write_score(text, out_options, record, outcome);
        output.write(text);
      },
      [&](bool input_waited) { output.end_batch(input_waited); });
  return finish_command("score", output, stream, failed == 0);
}

const CommandRegistration registration{
    {"score", "target-Sudoku score: the best weighted sum over all solutions (-1 if none)", 50, run_score}};

}  // namespace
}  // namespace sudokit::cli

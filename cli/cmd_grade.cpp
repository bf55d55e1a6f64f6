// `sudokit grade [FILE...]`: rate each puzzle by the human techniques it needs.
//
// Records stream through the record pipeline (one Grader per thread), one output record per
// input record, in input order. The rating is the grader library's (grader.hpp: techniques,
// weights, levels) and the record layouts are output/'s (write_grade); this file only turns
// options into a GradeOptions and counts the levels for the summary.
// A puzzle with no solution or with several cannot be graded: its record is `none` or
// `multiple`, a failed record. --timeout and --nodes bound each record (GradeOptions::budget);
// a record that runs out is `unknown` with the steps taken so far and the run goes on.
// Exit: 0 when every record was graded, 1 when some record failed or was left unknown, 2 for
// usage or I/O errors.
#include <array>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "sudokit/commands.hpp"
#include "sudokit/grader.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit grade [OPTIONS] [FILE...]\n"
    "Rates each puzzle by the human solving techniques it needs, solving it the way a person\n"
    "does: always the easiest technique available, and rates it on Sukaku Explainer's scale\n"
    "(the hardest step of that path). Past the hardest step so far, where the basic techniques\n"
    "have nothing, the path takes the step cheapest to find among those rated no higher (the\n"
    "rating is that step's all the same); --easiest-path keeps to the easiest step there too\n"
    "(Sukaku Explainer's whole path, for --explain; slower). One record per puzzle:\n"
    "  LEVEL RATING SCORE HARDEST    e.g. 'hard 4.2 1264 turbot-fish'\n"
    "LEVEL follows RATING: easy < 2.5 (singles, direct techniques), medium < 4.0 (locked\n"
    "candidates, pairs, triples, X-Wing, Swordfish), hard < 6.0 (skyscraper, kite, turbot,\n"
    "empty rectangle, wings, unique rectangles, quads, jellyfish), expert < 7.5 (aligned pairs,\n"
    "X-/XY-chains, AICs), extreme (Nishio, ALS, forcing chains, guessing). SCORE sums the\n"
    "technique weights along the path (naked single 4 ... X-Wing 140 ... guess 1000).\n"
    "Unique rectangles, unique loops and BUG assume one solution: by default they are used\n"
    "only after the solver confirms the puzzle is unique (--uniqueness check); 'assume' trusts the input,\n"
    "'off' never uses them. A record that cannot be graded is 'STATUS: why' and counts as\n"
    "failed: invalid (unreadable, clashing givens), none (no solution) or multiple (two or\n"
    "more solutions: only a unique puzzle has a grade).\n"
    "--timeout SECONDS and --nodes N bound each record (a node: a search node of the\n"
    "uniqueness check or one technique tried on one board); a record that runs out is\n"
    "'unknown: budget spent after K steps; rating at least R' (jsonl/csv: the steps taken,\n"
    "the rating so far as a lower bound) and the run goes on; the exit code is then 1.\n"
    "--engine picks the solver of the uniqueness check, whose solution guesses place; the\n"
    "'guesses' figure is always Dancing Links' branch count, so a puzzle grades the same\n"
    "with every engine.\n"
    "--engine fast takes only 9x9: other records are invalid.\n"
    "--variant x|hyper|jigsaw|killer grades under the variant's rules (docs/RECORDS.md):\n"
    "the same techniques over its houses (regions, diagonals, windows), for killer also\n"
    "cage combinations and innies/outies; variants are graded as given, without the\n"
    "uniqueness techniques.";

int run_grade(const std::vector<std::string>& args) {
  RecordOptions common;
  common.grid_layout = false;
  std::string uniqueness_text = "check";
  bool explain = false;
  bool settings_easiest_path = false;
  po::options_description options("grade options");
  options.add_options()
      ("explain", po::bool_switch(&explain), "also print the solving path, one step per line")
      ("easiest-path", po::bool_switch(&settings_easiest_path),
       "take the easiest step everywhere, also past the hardest (Sukaku Explainer's path; slower)")
      ("uniqueness", po::value(&uniqueness_text)->default_value("check")->value_name("MODE"),
       "check | assume | off: when unique rectangle and BUG+1 may be used");
  add_record_options(options, common);
  add_variant_option(options, common.input);
  if (!parse_command_line(args, options, kUsage, &common.input.files)) return kExitOk;

  const OutputOptions out_options = common.output_options();
  const EngineKind engine = common.engine();
  check_engine_takes_variant(engine, common.input.variant_kind());
  GradeSettings settings;
  settings.options.record_path = explain;
  settings.options.easiest_path = settings_easiest_path;
  const auto uniqueness = parse_uniqueness(uniqueness_text);
  if (!uniqueness) throw UsageError(fmt::format("unknown --uniqueness '{}' (use check, assume or off)", uniqueness_text));
  settings.options.uniqueness = *uniqueness;
  settings.options.budget = common.budget();

  RecordStream stream(common.input.files, common.input.reader_options());
  OutputSink output;
  std::string text;
  if (out_options.format == Format::csv) output.write(grade_csv_header(explain));
  std::array<std::size_t, 5> per_level{};
  std::size_t failed = 0, unknown = 0;

  for_each_record<GradeOutcome>(
      stream, common.pipeline_options(), [engine] { return Grader(engine); },
      [&settings](const Record& record, GradeOutcome& outcome, Grader& grader) {
        grade_record(record, outcome, grader, settings);
      },
      [&](const Record& record, const GradeOutcome& outcome) {
        if (outcome.status == "graded") {
          ++per_level[static_cast<std::size_t>(outcome.grade.level)];
        } else {
          ++(outcome.status == "unknown" ? unknown : failed);
          diagnose(record, outcome.error);
        }
        text.clear();
        write_grade(text, out_options, record, outcome);
        output.write(text);
      },
      [&](bool input_waited) { output.end_batch(input_waited); });
  output.flush();

  std::size_t total = failed + unknown;
  for (std::size_t count : per_level) total += count;
  fmt::print(stderr, "grade: {} records: {} easy, {} medium, {} hard, {} expert, {} extreme, {}{} failed\n", total,
             per_level[0], per_level[1], per_level[2], per_level[3], per_level[4],
             unknown != 0 ? fmt::format("{} unknown, ", unknown) : std::string(), failed);
  return finish_command("grade", output, stream, failed == 0 && unknown == 0);
}

const CommandRegistration registration{
    {"grade", "rate puzzles by the human techniques they need (easy ... extreme)", 30, run_grade}};

}  // namespace
}  // namespace sudokit::cli

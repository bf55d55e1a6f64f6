// `sudokit grade [FILE...]`: rate each puzzle by the human techniques it needs.
//
// Records stream through the ordered parallel pipeline (one Grader per thread), one output
// record per input record, in input order. The rating itself is the grader library's (see
// grader.hpp for the techniques, weights and levels); this file only formats it:
//   line   "LEVEL SCORE HARDEST", or "invalid: why" / "none: no solution"; with --explain
//          the solving path follows, one indented numbered line per step
//   jsonl  record, source, line, puzzle, status, level, score, hardest, steps (count per
//          technique used), givens, guesses, unique; path (list of steps) with --explain
//   csv    the same fields, one column per technique; a path column with --explain
// Exit: 0 when every record was graded, 1 when some record was unreadable, had clashing
// givens or no solution, 2 for usage or I/O errors.
#include <array>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "sudokit/grader.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit grade [OPTIONS] [FILE...]\n"
    "Rates each puzzle by the human solving techniques it needs, solving it the way a person\n"
    "does: always the simplest technique that makes progress. One record per puzzle:\n"
    "  LEVEL SCORE HARDEST        e.g. 'hard 1264 x-wing'\n"
    "LEVEL is easy (singles), medium (locked candidates, pairs, triples), hard (quads, fish,\n"
    "skyscraper, kite, colouring, wings, unique rectangle, BUG+1), expert (X-/XY-chains, AIC)\n"
    "or extreme (logic stalls: guessing required). SCORE sums the technique weights along the\n"
    "path (naked single 4, hidden single 14, ... X-Wing 140, chains 260-280, guess 1000).\n"
    "Unique rectangle and BUG+1 assume one solution: by default they are used only after the\n"
    "solver confirms the puzzle is unique (--uniqueness check); 'assume' trusts the input,\n"
    "'off' never uses them. Unreadable, clashing or unsolvable records are 'invalid: why' or\n"
    "'none: no solution'.\n"
    "--engine picks the solver of the uniqueness check, whose solution guesses place; the\n"
    "'guesses' figure is always Dancing Links' branch count, so a unique puzzle grades the\n"
    "same with every engine (one with several solutions may follow another solution).\n"
    "--engine fast takes only 9x9: other records are invalid.";

struct GradeOutcome {
  Grade grade;
  bool read = false;  ///< the record held a grid
};

std::string status_name(const GradeOutcome& outcome) {
  if (!outcome.read) return "invalid";
  switch (outcome.grade.status) {
    case GradeStatus::graded: return "graded";
    case GradeStatus::invalid: return "invalid";
    case GradeStatus::no_solution: return "none";
  }
  return "invalid";
}

std::string hardest_name(const Grade& grade) {
  return grade.hardest ? std::string(technique_name(*grade.hardest)) : std::string("none");
}

std::string why(const Record& record, const GradeOutcome& outcome) {
  return outcome.read ? outcome.grade.error : record.error;
}

void write_line(std::string& out, const Record& record, const GradeOutcome& outcome, bool explain) {
  const std::string status = status_name(outcome);
  if (status != "graded") {
    out += fmt::format("{}: {}\n", status, why(record, outcome));
    return;
  }
  const Grade& g = outcome.grade;
  out += fmt::format("{} {} {}\n", level_name(g.level), g.score, hardest_name(g));
  if (explain)
    for (std::size_t i = 0; i < g.path.size(); ++i)
      out += fmt::format("  {}. {}\n", i + 1, describe_step(g.path[i], record.grid->shape));
}

void write_jsonl(std::string& out, const Record& record, const GradeOutcome& outcome, const Alphabet& alphabet,
                 bool explain) {
  nlohmann::json j;
  j["record"] = record.number;
  j["source"] = record.source;
  j["line"] = record.line;
  j["puzzle"] = record.grid ? nlohmann::json(to_line(*record.grid, alphabet)) : nlohmann::json(nullptr);
  const std::string status = status_name(outcome);
  j["status"] = status;
  if (status != "graded") {
    j["error"] = why(record, outcome);
  } else {
    const Grade& g = outcome.grade;
    j["level"] = level_name(g.level);
    j["score"] = g.score;
    j["hardest"] = hardest_name(g);
    nlohmann::json steps = nlohmann::json::object();
    for (int i = 0; i < kTechniqueCount; ++i)
      if (g.counts[static_cast<std::size_t>(i)])
        steps[std::string(technique_name(static_cast<Technique>(i)))] = g.counts[static_cast<std::size_t>(i)];
    j["steps"] = steps;
    j["givens"] = g.givens;
    j["guesses"] = g.guesses;
    j["unique"] = g.unique;
    if (explain) {
      nlohmann::json path = nlohmann::json::array();
      for (const Step& s : g.path) path.push_back(describe_step(s, record.grid->shape));
      j["path"] = path;
    }
  }
  out += j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  out += '\n';
}

std::string csv_header(bool explain) {
  std::string header = "record,source,line,puzzle,status,level,score,hardest,givens,guesses,unique";
  for (int i = 0; i < kTechniqueCount; ++i) header += fmt::format(",{}", technique_name(static_cast<Technique>(i)));
  header += explain ? ",path,error\n" : ",error\n";
  return header;
}

void write_csv(std::string& out, const Record& record, const GradeOutcome& outcome, const Alphabet& alphabet,
               bool explain) {
  const std::string status = status_name(outcome);
  const bool graded = status == "graded";
  const Grade& g = outcome.grade;
  out += fmt::format("{},{},{},{},{}", record.number, csv_field(record.source), record.line,
                     record.grid ? csv_field(to_line(*record.grid, alphabet)) : std::string(), status);
  if (graded) {
    out += fmt::format(",{},{},{},{},{},{}", level_name(g.level), g.score, hardest_name(g), g.givens, g.guesses,
                       g.unique ? "true" : "false");
    for (int count : g.counts) out += fmt::format(",{}", count);
  } else {
    out += ",,,,,,";
    for (int i = 0; i < kTechniqueCount; ++i) out += ',';
  }
  if (explain) {
    std::string path;
    if (graded)
      for (const Step& s : g.path) path += (path.empty() ? "" : " | ") + describe_step(s, record.grid->shape);
    out += ',' + csv_field(path);
  }
  out += ',' + csv_field(graded ? std::string() : why(record, outcome));
  out += '\n';
}

int run_grade(const std::vector<std::string>& args) {
  RecordOptions common;
  common.grid_layout = false;
  std::string uniqueness_text = "check";
  bool explain = false;
  po::options_description options("grade options");
  options.add_options()
      ("explain", po::bool_switch(&explain), "also print the solving path, one step per line")
      ("uniqueness", po::value(&uniqueness_text)->default_value("check")->value_name("MODE"),
       "check | assume | off: when unique rectangle and BUG+1 may be used");
  add_record_options(options, common);
  if (!parse_command_line(args, options, kUsage, &common.input.files)) return kExitOk;

  const Format format = common.format();
  const EngineKind engine = common.engine();
  GradeOptions grade_options;
  grade_options.record_path = explain;
  if (uniqueness_text == "check") grade_options.uniqueness = GradeOptions::Uniqueness::check;
  else if (uniqueness_text == "assume") grade_options.uniqueness = GradeOptions::Uniqueness::assume;
  else if (uniqueness_text == "off") grade_options.uniqueness = GradeOptions::Uniqueness::off;
  else throw UsageError(fmt::format("unknown --uniqueness '{}' (use check, assume or off)", uniqueness_text));
  const ReaderOptions reader = common.input.reader_options();
  const Alphabet alphabet = reader.alphabet;

  InputStream stream(common.input.files, reader);
  Output output;
  std::string text;
  if (format == Format::csv) output.write(csv_header(explain));
  std::array<std::size_t, 5> per_level{};
  std::size_t failed = 0;

  for_each_record<GradeOutcome>(
      stream, common.thread_count(), [engine] { return Grader(engine); },
      [&](const Record& record, GradeOutcome& outcome, Grader& grader) {
        if (!record.grid) return;
        outcome.read = true;
        outcome.grade = grader.grade(*record.grid, grade_options);
      },
      [&](const Record& record, const GradeOutcome& outcome) {
        const bool graded = outcome.read && outcome.grade.status == GradeStatus::graded;
        if (graded) {
          ++per_level[static_cast<std::size_t>(outcome.grade.level)];
        } else {
          ++failed;
          diagnose(record, why(record, outcome));
        }
        text.clear();
        if (format == Format::jsonl) write_jsonl(text, record, outcome, alphabet, explain);
        else if (format == Format::csv) write_csv(text, record, outcome, alphabet, explain);
        else write_line(text, record, outcome, explain);
        output.write(text);
      });
  output.flush();

  std::size_t total = failed;
  for (std::size_t count : per_level) total += count;
  fmt::print(stderr, "grade: {} records: {} easy, {} medium, {} hard, {} expert, {} extreme, {} failed\n", total,
             per_level[0], per_level[1], per_level[2], per_level[3], per_level[4], failed);
  return finish_command("grade", output, stream, failed == 0);
}

const CommandRegistration registration{
    {"grade", "rate puzzles by the human techniques they need (easy ... extreme)", 30, run_grade}};

}  // namespace
}  // namespace sudokit::cli

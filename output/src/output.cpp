// Record writers for every command. JSON goes through nlohmann-json's ordered objects (it
// gets escaping of hostile input right and keeps the documented key order); the line
// layout is hand-assembled because bulk solving writes millions of them and it is only a
// copy of N² characters.
#include "sudokit/output.hpp"

#include <algorithm>
#include <iterator>
#include <span>

#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace sudokit {

namespace {

using Json = nlohmann::ordered_json;

// The puzzle as the user will recognise it: the normalised line, or for an unreadable
// record nothing (the raw text may be binary; `error` explains).
Json puzzle_field(const Record& record, const Alphabet& alphabet) {
  if (!record.grid) return nullptr;
  return to_line(*record.grid, alphabet);
}

/// record, source, line, puzzle, status: the fields every record read from input starts with
/// (then `box`, for a grid whose box is not its size's default).
Json base_object(const Record& record, const Alphabet& alphabet, std::string_view status) {
  Json j;
  j["record"] = record.number;
  j["source"] = record.source;
  j["line"] = record.line;
  j["puzzle"] = puzzle_field(record, alphabet);
  j["status"] = status;
  if (record.grid)
    if (auto box = box_text(record.grid->shape)) j["box"] = *box;
  return j;
}

/// The fields a command's record defines (docs/records.schema.json), beside those every
/// record has. An input field of one of these names is never carried into the answer, even
/// where the command leaves it out: a `minimal: true` or a `level` of the input's, appended
/// to an `unknown` answer, would read as the command's verdict.
constexpr std::string_view kCommonFields[] = {"record", "source", "line", "puzzle", "box", "status", "error"};
constexpr std::string_view kSolveFields[] = {"solutions", "solution", "nodes", "guesses"};
constexpr std::string_view kVerifyFields[] = {"solution", "solutions", "differing", "clashes", "more_clashes",
                                              "minimal",  "redundant", "nodes"};
constexpr std::string_view kScoreFields[] = {"score",    "proven", "nodes", "solution", "solutions", "solutions_at_least",
                                             "upper_bound"};
constexpr std::string_view kGradeFields[] = {"level", "rating", "score", "hardest", "steps",
                                             "givens", "guesses", "unique", "path"};

/// Appends the input record's fields that are not the command's own (`own`, and the common
/// ones), then the object.
void append_json(std::string& out, Json& j, const Record* record = nullptr, std::span<const std::string_view> own = {}) {
  if (record != nullptr) {
    auto is_own = [own](const std::string& key) {
      return std::find(std::begin(kCommonFields), std::end(kCommonFields), key) != std::end(kCommonFields) ||
             std::find(own.begin(), own.end(), key) != own.end();
    };
    for (const auto& [key, value] : record->fields) {
      if (j.contains(key) || is_own(key)) continue;
      j[key] = Json::parse(value, nullptr, false);
    }
  }
  // Replace invalid UTF-8 (binary garbage in an error message) rather than throw.
  out += j.dump(-1, ' ', false, Json::error_handler_t::replace);
  out += '\n';
}

std::string cell_list(const Shape& shape, const std::vector<int>& cells, std::string_view separator) {
  std::string out;
  for (int cell : cells) {
    if (!out.empty()) out += separator;
    out += cell_name(shape, cell);
  }
  return out;
}

Json cell_names(const Shape& shape, const std::vector<int>& cells) {
  Json list = Json::array();
  for (int cell : cells) list.push_back(cell_name(shape, cell));
  return list;
}

// Single-line text safe for line and csv layouts (no line breaks from hostile input).
std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c == '\n' || c == '\r') c = ' ';
  return out;
}

/// record,source,line,puzzle,status,box: the first six csv columns of every record read from
/// input. `box` is always there (empty for a default box, as the jsonl field is absent): records
/// of one run may carry boxes of their own (a jsonl `box` field), and a header written before the
/// first record cannot know which will, so a column only for some runs would lose them.
std::string csv_prefix(const Record& record, const Alphabet& alphabet, std::string_view status) {
  std::optional<std::string> box;
  if (record.grid) box = box_text(record.grid->shape);
  return fmt::format("{},{},{},{},{},{}", record.number, csv_field(record.source), record.line,
                     csv_field(record.grid ? to_line(*record.grid, alphabet) : std::string()), status,
                     box.value_or(std::string()));
}

/// "STATUS: why" as one line (line layout, and grid layout's record without a block).
std::string status_line(std::string_view status, std::string_view detail) {
  return fmt::format("{}: {}\n", status, one_line(detail));
}

}  // namespace

std::optional<Format> parse_format_name(std::string_view name) {
  if (name == "line") return Format::line;
  if (name == "grid") return Format::grid;
  if (name == "jsonl") return Format::jsonl;
  if (name == "csv") return Format::csv;
  return std::nullopt;
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

// --- solve -------------------------------------------------------------------------------

std::string solve_status(std::uint64_t count, std::uint64_t limit) {
  if (count == 0) return "none";
  if (count >= 2) return "multiple";
  return limit >= 2 ? "unique" : "solved";
}

namespace {
/// A solve the budget stopped: what was found, on one line (never a bare solution line).
std::string unknown_solve_line(const SolveOutcome& outcome, const Alphabet& alphabet) {
  if (outcome.count == 0 || !outcome.solution) return "unknown: budget spent before a solution was found\n";
  return fmt::format("unknown: budget spent after {} solution{}; one is {}\n", outcome.count,
                     outcome.count == 1 ? "" : "s", to_line(*outcome.solution, alphabet));
}
}  // namespace

std::string solve_csv_header() { return "record,source,line,puzzle,status,box,solutions,solution,error\n"; }

void write_solve(std::string& out, const OutputOptions& options, const Record& record, const SolveOutcome& outcome) {
  const Alphabet& alphabet = options.alphabet;
  const bool has_solution = outcome.solution.has_value();
  // Statuses compared as string_views: the length is known, no strlen per compare (bulk solving
  // runs this per record).
  using namespace std::string_view_literals;
  const bool answered = has_solution && (outcome.status == "unique"sv || outcome.status == "solved"sv);
  // "at least" only when the count stopped at the limit, so more solutions may exist.
  auto how_many = [&] {
    return fmt::format("{}{} solutions", outcome.count >= outcome.limit ? "at least " : "", outcome.count);
  };
  switch (options.format) {
    case Format::line:
      // Bulk solving's path: appended in place, no string of its own (issue 14, item 3).
      if (answered) {
        append_line(out, *outcome.solution, alphabet);
        out += '\n';
      } else if (outcome.status == "multiple"sv) {
        // Appended piece by piece: a format string's parsing was a visible share of a bulk run
        // of multiple-solution puzzles.
        out += outcome.count >= outcome.limit ? "multiple: at least "sv : "multiple: "sv;
        const fmt::format_int count(outcome.count);
        out.append(count.data(), count.size());
        out += " solutions; one is "sv;
        if (has_solution) append_line(out, *outcome.solution, alphabet);
        else out += '?';
        out += '\n';
      } else if (outcome.status == "none") {
        out += "none: no solution\n";
      } else if (outcome.status == "unknown") {
        out += unknown_solve_line(outcome, alphabet);
      } else {
        out += status_line(outcome.status, outcome.error);
      }
      return;
    case Format::grid:
      if (answered) {
        out += to_block(*outcome.solution, alphabet);
      } else if (outcome.status == "multiple") {
        out += fmt::format("# multiple: {}; one is:\n", how_many());
        if (has_solution) out += to_block(*outcome.solution, alphabet);
      } else if (outcome.status == "none") {
        out += "none: no solution\n";
      } else if (outcome.status == "unknown") {
        out += unknown_solve_line(outcome, alphabet);
      } else {
        out += status_line(outcome.status, outcome.error);
      }
      out += '\n';
      return;
    case Format::jsonl: {
      Json j = base_object(record, alphabet, outcome.status);
      j["solutions"] = outcome.count;
      if (has_solution) j["solution"] = to_line(*outcome.solution, alphabet);
      if (!outcome.error.empty()) j["error"] = outcome.error;
      j["nodes"] = outcome.stats.nodes;
      j["guesses"] = outcome.stats.guesses;
      append_json(out, j, &record, kSolveFields);
      return;
    }
    case Format::csv:
      out += fmt::format("{},{},{},{}\n", csv_prefix(record, alphabet, outcome.status), outcome.count,
                         csv_field(has_solution ? to_line(*outcome.solution, alphabet) : std::string()),
                         csv_field(one_line(outcome.error)));
      return;
  }
}

// --- verify ------------------------------------------------------------------------------

std::string verify_status(const Record& record, const VerifyOutcome& outcome) {
  if (!outcome.error.empty()) return std::string(kErrorStatus);
  if (!record.grid) return "invalid";
  return std::string(verdict_name(outcome.verification.verdict));
}

std::string verify_error(const Record& record, const VerifyOutcome& outcome) {
  if (!outcome.error.empty()) return outcome.error;
  if (!record.grid) return record.error;
  const Verification& v = outcome.verification;
  if (!v.clashes.empty())
    return "givens clash: " + (record.rules ? describe_clashes(*record.rules, v.clashes)
                                            : describe_clashes(record.grid->shape, v.clashes));
  return v.error;
}

std::string verify_csv_header() {
  return "record,source,line,puzzle,status,box,minimal,redundant,differing,error\n";
}

void write_verify(std::string& out, const OutputOptions& options, const Record& record, const VerifyOutcome& outcome) {
  const Alphabet& alphabet = options.alphabet;
  const Verification& v = outcome.verification;
  const Shape shape = record.grid ? record.grid->shape : Shape{};
  const std::string status = verify_status(record, outcome);
  const std::string error = verify_error(record, outcome);
  const bool verdict = status != "invalid" && status != kErrorStatus;
  const bool unknown = verdict && v.verdict == Verdict::unknown;
  switch (options.format) {
    case Format::line:
    case Format::grid: {
      // One line per record: "STATUS" alone for unique, else "STATUS: evidence".
      std::string line = status;
      if (!verdict) {
        line += ": " + one_line(error);
      } else if (v.verdict == Verdict::multiple) {
        line += fmt::format(": {} and {} differ at {}", to_line(*v.solution, alphabet), to_line(*v.second, alphabet),
                            cell_list(shape, v.differing, " "));
      } else if (v.verdict == Verdict::none) {
        line += ": no solution";
      } else if (unknown) {
        line += v.solution ? ": budget spent after one solution, before a second was ruled out"
                           : ": budget spent before a solution was found";
      } else if (v.minimality_unknown) {
        line += " minimality-unknown: budget spent before every clue was checked";
      } else if (v.minimality_checked) {
        line += v.minimal ? " minimal" : " not-minimal: redundant " + cell_list(shape, v.redundant, " ");
      }
      out += line;
      out += '\n';
      return;
    }
    case Format::jsonl: {
      Json j = base_object(record, alphabet, status);
      if (!error.empty()) j["error"] = error;
      if (record.grid && outcome.error.empty() && !v.clashes.empty()) {
        Json clashes = Json::array();
        for (std::size_t i = 0; i < v.clashes.size() && i < kReportedClashes; ++i) {
          const Clash& c = v.clashes[i];
          clashes.push_back({{"cells", {cell_name(shape, c.cell_a), cell_name(shape, c.cell_b)}}, {"digit", c.digit}});
        }
        j["clashes"] = clashes;
        j["more_clashes"] = v.clashes.size() > kReportedClashes;
      }
      if (verdict && (v.verdict == Verdict::unique || unknown) && v.solution)
        j["solution"] = to_line(*v.solution, alphabet);
      if (verdict && v.verdict == Verdict::multiple && v.solution && v.second) {
        j["solutions"] = {to_line(*v.solution, alphabet), to_line(*v.second, alphabet)};
        j["differing"] = cell_names(shape, v.differing);
      }
      if (verdict && v.minimality_checked) {
        j["minimal"] = v.minimal;
        j["redundant"] = cell_names(shape, v.redundant);
      } else if (verdict && v.minimality_unknown) {
        j["minimal"] = nullptr;  // not decided: the budget ran out
        j["redundant"] = cell_names(shape, v.redundant);
      }
      j["nodes"] = v.stats.nodes;
      append_json(out, j, &record, kVerifyFields);
      return;
    }
    case Format::csv:
      out += fmt::format("{},{},{},{},{}\n", csv_prefix(record, alphabet, status),
                         verdict && v.minimality_checked ? (v.minimal ? "true" : "false") : "",
                         cell_list(shape, v.redundant, " "), cell_list(shape, v.differing, " "),
                         csv_field(one_line(error)));
      return;
  }
}

// --- score -------------------------------------------------------------------------------

std::string score_csv_header() {
  return "record,source,line,puzzle,status,box,score,proven,nodes,solutions,solution,error\n";
}

void write_score(std::string& out, const OutputOptions& options, const Record& record, const ScoreOutcome& outcome) {
  const Alphabet& alphabet = options.alphabet;
  const ScoreResult& result = outcome.result;
  const bool failed = outcome.status == "invalid" || outcome.status == kErrorStatus;
  const std::int64_t score = failed ? -1 : result.score;
  switch (options.format) {
    case Format::line:
      out += fmt::format("{}\n", score);
      return;
    case Format::grid:
      if (failed) {
        out += status_line(outcome.status, outcome.error);
      } else if (!result.solution) {
        out += fmt::format("{}: score {}{}{}\n", outcome.status, score, outcome.error.empty() ? "" : "; ",
                           one_line(outcome.error));
      } else {
        out += fmt::format("# score {} ({})\n", score, outcome.status);
        out += to_block(*result.solution, alphabet);
      }
      out += '\n';
      return;
    case Format::jsonl: {
      Json j = base_object(record, alphabet, outcome.status);
      j["score"] = score;
      j["proven"] = !failed && result.proven;
      j["nodes"] = result.nodes;
      if (result.solution && !failed) j["solution"] = to_line(*result.solution, alphabet);
      if (!failed && !result.proven && result.upper_bound) j["upper_bound"] = *result.upper_bound;
      if (outcome.solutions) j["solutions"] = *outcome.solutions;
      if (outcome.solutions_at_least) j["solutions_at_least"] = *outcome.solutions_at_least;
      if (!outcome.error.empty()) j["error"] = outcome.error;
      append_json(out, j, &record, kScoreFields);
      return;
    }
    case Format::csv: {
      std::string solutions;
      if (outcome.solutions) solutions = std::to_string(*outcome.solutions);
      if (outcome.solutions_at_least) solutions = ">=" + std::to_string(*outcome.solutions_at_least);
      out += fmt::format("{},{},{},{},{},{},{}\n", csv_prefix(record, alphabet, outcome.status), score,
                         !failed && result.proven ? "true" : "false", result.nodes, solutions,
                         result.solution && !failed ? to_line(*result.solution, alphabet) : std::string(),
                         csv_field(one_line(outcome.error)));
      return;
    }
  }
}

// --- grade -------------------------------------------------------------------------------

std::string grade_status(const Grade& grade) {
  switch (grade.status) {
    case GradeStatus::graded: return grade.unique ? "graded" : "multiple";
    case GradeStatus::invalid: return "invalid";
    case GradeStatus::no_solution: return "none";
    case GradeStatus::unknown: return "unknown";
  }
  return "invalid";
}

namespace {
std::string hardest_name(const Grade& grade) {
  return grade.hardest ? std::string(technique_name(*grade.hardest)) : std::string("none");
}
/// One step of an explained path, naming a variant's houses and cages when the record has rules.
std::string step_text(const Step& step, const Record& record) {
  return record.rules ? describe_step(step, *record.rules) : describe_step(step, record.grid->shape);
}
}  // namespace

std::string grade_csv_header(bool explain) {
  std::string header = "record,source,line,puzzle,status,box,level,rating,score,hardest,givens,guesses,unique";
  for (int i = 0; i < kTechniqueCount; ++i) header += fmt::format(",{}", technique_name(static_cast<Technique>(i)));
  header += explain ? ",path,error\n" : ",error\n";
  return header;
}

void write_grade(std::string& out, const OutputOptions& options, const Record& record, const GradeOutcome& outcome) {
  const Alphabet& alphabet = options.alphabet;
  const bool graded = outcome.status == "graded";
  // unknown (the budget ran out): the steps taken so far are known, the rating a lower bound.
  const bool partial = outcome.status == "unknown" && outcome.grade.status == GradeStatus::unknown;
  const Grade& g = outcome.grade;
  switch (options.format) {
    case Format::line:
    case Format::grid:
      if (!graded) {
        out += status_line(outcome.status, outcome.error);
        return;
      }
      out += fmt::format("{} {:.1f} {} {}\n", level_name(g.level), g.rating, g.score, hardest_name(g));
      // The steps as comment lines ('#'), so that reading the answers back gives one record
      // per answer (indented steps read back as records of their own, all invalid).
      if (outcome.explain)
        for (std::size_t i = 0; i < g.path.size(); ++i)
          out += fmt::format("#  {}. {}\n", i + 1, step_text(g.path[i], record));
      return;
    case Format::jsonl: {
      Json j = base_object(record, alphabet, outcome.status);
      if (!graded && !partial) {
        j["error"] = outcome.error;
        append_json(out, j, &record, kGradeFields);
        return;
      }
      if (graded) j["level"] = level_name(g.level);
      j["rating"] = g.rating;
      j["score"] = g.score;
      j["hardest"] = hardest_name(g);
      Json steps = Json::object();
      for (int i = 0; i < kTechniqueCount; ++i)
        if (g.counts[static_cast<std::size_t>(i)])
          steps[std::string(technique_name(static_cast<Technique>(i)))] = g.counts[static_cast<std::size_t>(i)];
      j["steps"] = steps;
      j["givens"] = g.givens;
      j["guesses"] = g.guesses;
      j["unique"] = g.unique;
      if (outcome.explain) {
        Json path = Json::array();
        for (const Step& s : g.path) path.push_back(step_text(s, record));
        j["path"] = path;
      }
      if (partial) j["error"] = outcome.error;
      append_json(out, j, &record, kGradeFields);
      return;
    }
    case Format::csv: {
      out += csv_prefix(record, alphabet, outcome.status);
      if (graded || partial) {
        out += fmt::format(",{},{:.1f},{},{},{},{},{}", graded ? level_name(g.level) : std::string_view(), g.rating, g.score,
                           hardest_name(g), g.givens, g.guesses, g.unique ? "true" : "false");
        for (int count : g.counts) out += fmt::format(",{}", count);
      } else {
        out += ",,,,,,,";
        for (int i = 0; i < kTechniqueCount; ++i) out += ',';
      }
      if (outcome.explain) {
        std::string path;
        if (graded || partial)
          for (const Step& s : g.path) path += (path.empty() ? "" : " | ") + step_text(s, record);
        out += ',' + csv_field(path);
      }
      out += ',' + csv_field(graded ? std::string() : one_line(outcome.error));
      out += '\n';
      return;
    }
  }
}

// --- generate ----------------------------------------------------------------------------

namespace {
std::string_view generated_hardest(const GeneratedPuzzle& p) { return p.hardest ? technique_name(*p.hardest) : "none"; }
}  // namespace

namespace {

// The cages of a generated killer as docs/RECORDS.md reads them back.
Json cages_json(const std::vector<Cage>& cages) {
  Json list = Json::array();
  for (const Cage& cage : cages) {
    Json item;
    item["sum"] = cage.sum;
    item["cells"] = cage.cells;
    list.push_back(std::move(item));
  }
  return list;
}

// The csv columns of a variant (after minimal): their names and, for one puzzle, the cells.
std::string variant_csv_columns(Variant variant) {
  if (variant == Variant::classic) return "";
  if (variant == Variant::jigsaw) return ",variant,regions";
  if (variant == Variant::killer) return ",variant,cages";
  return ",variant";
}
std::string variant_csv_cells(Variant variant, const GeneratedPuzzle* p) {
  if (variant == Variant::classic) return "";
  std::string cells(1, ',');
  if (p) cells += variant_name(variant);
  if (variant == Variant::jigsaw || variant == Variant::killer) {
    cells += ',';
    if (p) cells += variant == Variant::jigsaw ? csv_field(p->regions) : csv_field(cages_json(p->cages).dump());
  }
  return cells;
}

}  // namespace

std::optional<std::string> box_text(const Shape& shape) {
  const std::optional<Shape> usual = default_shape(shape.n);
  if (usual && *usual == shape) return std::nullopt;
  return fmt::format("{}x{}", shape.box_rows, shape.box_cols);
}

std::string generate_csv_header(const GenerateLayout& layout) {
  std::string header = "record,puzzle,status";
  if (layout.box) header += ",box";  // after status, where the record commands' csv and jsonl have it
  header += ",index,seed,clues,symmetry,minimal" + variant_csv_columns(layout.variant);
  if (layout.graded) header += ",level,rating,score,hardest";
  if (layout.with_solution) header += ",solution";
  return header + ",error\n";
}

void write_generated(std::string& out, const OutputOptions& options, const GenerateLayout& layout,
                     const GeneratedPuzzle& p) {
  const std::uint64_t position = p.index + 1;
  const Alphabet& alphabet = options.alphabet;
  const std::string status = p.ok ? "unique" : std::string(kErrorStatus);
  const std::string error = p.ok ? std::string() : fmt::format("puzzle {}: {}", p.index, p.failure);
  switch (options.format) {
    case Format::line:
      if (!p.ok) {
        out += status_line(status, error);
        return;
      }
      out += to_line(p.puzzle, alphabet);
      if (layout.variant == Variant::jigsaw) out += ' ' + p.regions;  // PUZZLE REGIONS: the reader's jigsaw line
      if (layout.with_solution) out += ' ' + to_line(p.solution, alphabet);
      out += '\n';
      return;
    case Format::grid:
      if (!p.ok) {
        out += status_line(status, error);
        out += '\n';
        return;
      }
      out += fmt::format("# puzzle {} seed {} clues {} symmetry {}{}", p.index, p.seed, p.clues,
                         symmetry_name(p.symmetry), p.minimal ? " minimal" : "");
      if (layout.variant != Variant::classic) out += fmt::format(" variant {}", variant_name(layout.variant));
      if (p.graded)
        out += fmt::format(" level {} rating {:.1f} score {} hardest {}", level_name(p.level), p.rating, p.score,
                           generated_hardest(p));
      out += '\n';
      out += to_block(p.puzzle, alphabet);
      if (layout.with_solution) {
        // As comment lines, so that reading the output back gives one record per puzzle.
        out += "# solution\n";
        const std::string block = to_block(p.solution, alphabet);
        for (std::size_t start = 0; start < block.size();) {
          const std::size_t end = block.find('\n', start);
          out += "# " + block.substr(start, end - start) + "\n";
          start = end == std::string::npos ? block.size() : end + 1;
        }
      }
      out += '\n';
      return;
    case Format::jsonl: {
      Json j;
      j["record"] = position;
      j["puzzle"] = p.ok ? Json(to_line(p.puzzle, alphabet)) : Json(nullptr);
      j["status"] = status;
      if (p.ok)
        if (auto box = box_text(p.puzzle.shape)) j["box"] = *box;
      j["index"] = p.index;
      if (!p.ok) {
        j["error"] = error;
        append_json(out, j);
        return;
      }
      j["seed"] = p.seed;
      j["solution"] = to_line(p.solution, alphabet);
      j["clues"] = p.clues;
      j["symmetry"] = std::string(symmetry_name(p.symmetry));
      j["minimal"] = p.minimal;
      if (layout.variant != Variant::classic) {
        j["variant"] = std::string(variant_name(layout.variant));
        if (layout.variant == Variant::jigsaw) j["regions"] = p.regions;
        if (layout.variant == Variant::killer) j["cages"] = cages_json(p.cages);
      }
      if (p.graded) {
        j["level"] = std::string(level_name(p.level));
        j["rating"] = p.rating;
        j["score"] = p.score;
        j["hardest"] = std::string(generated_hardest(p));
      }
      append_json(out, j);
      return;
    }
    case Format::csv:
      if (!p.ok) {
        out += fmt::format("{},,{}", position, status);
        if (layout.box) out += ',' + box_text(*layout.box).value_or("");
        out += fmt::format(",{},,,,", p.index);
        out += variant_csv_cells(layout.variant, nullptr);
        if (layout.graded) out += ",,,,";
        if (layout.with_solution) out += ",";
        out += ',' + csv_field(one_line(error)) + '\n';
        return;
      }
      out += fmt::format("{},{},{}", position, to_line(p.puzzle, alphabet), status);
      if (layout.box) out += ',' + box_text(*layout.box).value_or("");
      out += fmt::format(",{},{},{},{},{}", p.index, p.seed, p.clues, symmetry_name(p.symmetry), p.minimal ? "true" : "false");
      out += variant_csv_cells(layout.variant, &p);
      if (layout.graded) {
        if (p.graded) out += fmt::format(",{},{:.1f},{},{}", level_name(p.level), p.rating, p.score, generated_hardest(p));
        else out += ",,,,";
      }
      if (layout.with_solution) out += ',' + to_line(p.solution, alphabet);
      out += ",\n";
      return;
  }
}

// --- OutputSink --------------------------------------------------------------------------

namespace {
constexpr std::size_t kSinkBufferBytes = std::size_t{1} << 16;
}

OutputSink::OutputSink(std::FILE* stream) : stream_(stream), last_flush_(std::chrono::steady_clock::now()) {
  buffer_.reserve(kSinkBufferBytes);
  struct stat info {};
  // Only a regular file (or /dev/null) has nobody waiting for each answer.
  interactive_ = ::fstat(::fileno(stream_), &info) != 0 || !(S_ISREG(info.st_mode) || S_ISCHR(info.st_mode)) ||
                 ::isatty(::fileno(stream_)) == 1;
}

OutputSink::~OutputSink() { flush(); }

void OutputSink::write(std::string_view text) {
  buffer_.append(text);
  if (buffer_.size() >= kSinkBufferBytes) flush();
}

void OutputSink::end_batch(bool input_waited) {
  if (!interactive_) return;
  if (input_waited || std::chrono::steady_clock::now() - last_flush_ >= std::chrono::milliseconds(50)) flush();
}

void OutputSink::flush() {
  last_flush_ = std::chrono::steady_clock::now();
  if (buffer_.empty()) return;
  if (ok_ && std::fwrite(buffer_.data(), 1, buffer_.size(), stream_) != buffer_.size()) ok_ = false;
  if (ok_ && std::fflush(stream_) != 0) ok_ = false;
  buffer_.clear();
}

}  // namespace sudokit

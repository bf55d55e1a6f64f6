// Record writers for solve and verify. JSON goes through nlohmann-json (it gets escaping
// of hostile input right); the line layout is hand-assembled because bulk solving writes
// millions of them and it is only a copy of N² characters.
#include "sudokit/output.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace sudokit {

namespace {

using nlohmann::json;

// The puzzle as the user will recognise it: the normalised line, or for an unreadable
// record nothing (the raw text may be binary; `error` explains).
json puzzle_field(const Record& record, const Alphabet& alphabet) {
  if (!record.grid) return nullptr;
  return to_line(*record.grid, alphabet);
}

json base_object(const Record& record, const Alphabet& alphabet) {
  json j;
  j["record"] = record.number;
  j["source"] = record.source;
  j["line"] = record.line;
  j["puzzle"] = puzzle_field(record, alphabet);
  return j;
}

void append_json(std::string& out, const json& j) {
  // Replace invalid UTF-8 (binary garbage in an error message) rather than throw.
  out += j.dump(-1, ' ', false, json::error_handler_t::replace);
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

json cell_names(const Shape& shape, const std::vector<int>& cells) {
  json list = json::array();
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

std::string solve_status(std::uint64_t count, std::uint64_t limit) {
  if (count == 0) return "none";
  if (count >= 2) return "multiple";
  return limit >= 2 ? "unique" : "solved";
}

std::string solve_csv_header() { return "record,source,line,puzzle,status,solutions,solution,error\n"; }

void write_solve(std::string& out, Format format, const Record& record, const SolveOutcome& outcome,
                 const Alphabet& alphabet) {
  const bool has_solution = outcome.solution.has_value();
  switch (format) {
    case Format::line:
      if (has_solution && (outcome.status == "unique" || outcome.status == "solved")) {
        out += to_line(*outcome.solution, alphabet);
      } else if (outcome.status == "multiple") {
        out += fmt::format("multiple: at least {} solutions; one is {}", outcome.count,
                           has_solution ? to_line(*outcome.solution, alphabet) : std::string("?"));
      } else if (outcome.status == "none") {
        out += "none: no solution";
      } else {
        out += "invalid: " + one_line(outcome.error);
      }
      out += '\n';
      return;
    case Format::grid:
      if (has_solution && outcome.status != "multiple") {
        out += to_block(*outcome.solution, alphabet);
      } else if (outcome.status == "multiple") {
        out += fmt::format("# multiple: at least {} solutions; one is:\n", outcome.count);
        if (has_solution) out += to_block(*outcome.solution, alphabet);
      } else if (outcome.status == "none") {
        out += "# none: no solution\n";
      } else {
        out += "# invalid: " + one_line(outcome.error) + "\n";
      }
      out += '\n';
      return;
    case Format::jsonl: {
      json j = base_object(record, alphabet);
      j["status"] = outcome.status;
      j["solutions"] = outcome.count;
      if (has_solution) j["solution"] = to_line(*outcome.solution, alphabet);
      if (!outcome.error.empty()) j["error"] = outcome.error;
      j["nodes"] = outcome.stats.nodes;
      j["guesses"] = outcome.stats.guesses;
      append_json(out, j);
      return;
    }
    case Format::csv:
      out += fmt::format("{},{},{},{},{},{},{},{}\n", record.number, csv_field(record.source), record.line,
                         csv_field(record.grid ? to_line(*record.grid, alphabet) : std::string()), outcome.status,
                         outcome.count, csv_field(has_solution ? to_line(*outcome.solution, alphabet) : std::string()),
                         csv_field(one_line(outcome.error)));
      return;
  }
}

std::string verify_csv_header() {
  return "record,source,line,puzzle,status,minimal,redundant,differing,error\n";
}

void write_verify(std::string& out, Format format, const Record& record, const Verification& v,
                  const Alphabet& alphabet) {
  const Shape shape = record.grid ? record.grid->shape : Shape{};
  const std::string status(record.grid ? verdict_name(v.verdict) : "invalid");
  const std::string error = !record.grid       ? record.error
                            : !v.clashes.empty() ? "givens clash: " + describe_clashes(shape, v.clashes)
                                                 : v.error;
  switch (format) {
    case Format::line:
    case Format::grid: {
      // One line per record: "STATUS" alone for unique, else "STATUS: evidence".
      std::string line = status;
      if (status == "invalid") {
        line += ": " + one_line(error);
      } else if (v.verdict == Verdict::multiple) {
        line += fmt::format(": {} and {} differ at {}", to_line(*v.solution, alphabet), to_line(*v.second, alphabet),
                            cell_list(shape, v.differing, " "));
      } else if (v.verdict == Verdict::none) {
        line += ": no solution";
      } else if (v.minimality_checked) {
        line += v.minimal ? " minimal" : " not-minimal: redundant " + cell_list(shape, v.redundant, " ");
      }
      out += line;
      out += '\n';
      return;
    }
    case Format::jsonl: {
      json j = base_object(record, alphabet);
      j["status"] = status;
      if (!error.empty()) j["error"] = error;
      if (record.grid && !v.clashes.empty()) {
        json clashes = json::array();
        for (std::size_t i = 0; i < v.clashes.size() && i < kReportedClashes; ++i) {
          const Clash& c = v.clashes[i];
          clashes.push_back({{"cells", {cell_name(shape, c.cell_a), cell_name(shape, c.cell_b)}}, {"digit", c.digit}});
        }
        j["clashes"] = clashes;
        j["more_clashes"] = v.clashes.size() > kReportedClashes;
      }
      if (v.verdict == Verdict::unique && v.solution) j["solution"] = to_line(*v.solution, alphabet);
      if (v.verdict == Verdict::multiple && v.solution && v.second) {
        j["solutions"] = {to_line(*v.solution, alphabet), to_line(*v.second, alphabet)};
        j["differing"] = cell_names(shape, v.differing);
      }
      if (v.minimality_checked) {
        j["minimal"] = v.minimal;
        j["redundant"] = cell_names(shape, v.redundant);
      }
      j["nodes"] = v.stats.nodes;
      append_json(out, j);
      return;
    }
    case Format::csv:
      out += fmt::format("{},{},{},{},{},{},{},{},{}\n", record.number, csv_field(record.source), record.line,
                         csv_field(record.grid ? to_line(*record.grid, alphabet) : std::string()), status,
                         v.minimality_checked ? (v.minimal ? "true" : "false") : "",
                         cell_list(shape, v.redundant, " "), cell_list(shape, v.differing, " "),
                         csv_field(one_line(error)));
      return;
  }
}

}  // namespace sudokit

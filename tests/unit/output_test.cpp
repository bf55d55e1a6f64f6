// output_test.cpp: the record writers of output/ against the layouts documented in
// output.hpp, one status at a time, with hand-built records and outcomes (no solver runs),
// so each expected string is written out in full and any drift in a layout shows.
// Hostile text (commas, quotes, line breaks, invalid UTF-8) must never break a layout:
// one record stays one line (line, jsonl, csv) and JSON stays parseable.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "sudokit/grid.hpp"
#include "sudokit/output.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/verifier.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

using nlohmann::json;
using testing::grid_from_line;

const std::string kPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// kSolution with r1c1<->r1c2 and r2c1<->r2c2 swapped: a second, different grid for the
// `multiple` evidence (the writers never check that it is a solution).
const std::string kOther = "354678912762195348198342567859761423426853791713924856961537284287419635345286179";
const Alphabet kStandard = Alphabet::standard();

Record readable_record(std::size_t number = 3, std::size_t line = 7) {
  Record r;
  r.number = number;
  r.source = "in.txt";
  r.line = line;
  r.grid = grid_from_line(kPuzzle);
  r.text = kPuzzle;
  return r;
}

Record unreadable_record(const std::string& error) {
  Record r;
  r.number = 4;
  r.source = "in.txt";
  r.line = 9;
  r.error = error;
  r.text = "garbage";
  return r;
}

SolveOutcome outcome(const std::string& status, std::uint64_t count, bool with_solution, std::uint64_t limit = 2) {
  SolveOutcome o;
  o.status = status;
  o.count = count;
  o.limit = limit;
  if (with_solution) o.solution = grid_from_line(kSolution);
  o.stats.nodes = 12;
  o.stats.guesses = 3;
  return o;
}

std::string solve_text(Format format, const Record& record, const SolveOutcome& o) {
  std::string out;
  write_solve(out, OutputOptions{format, kStandard}, record, o);
  return out;
}

std::string verify_text(Format format, const Record& record, const Verification& v) {
  std::string out;
  write_verify(out, OutputOptions{format, kStandard}, record, VerifyOutcome{v, {}});
  return out;
}

std::size_t count_lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

// RFC 4180 fields of one CSV row (quotes doubled inside quoted fields).
std::vector<std::string> csv_fields(const std::string& row) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < row.size(); ++i) {
    const char c = row[i];
    if (quoted && c == '"' && i + 1 < row.size() && row[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else if (c != '\n' || quoted) {
      fields.back() += c;
    }
  }
  return fields;
}

// --- csv_field, format names, statuses -----------------------------------------------------

TEST(Output, CsvFieldQuotesOnlyWhenNeeded) {
  EXPECT_EQ(csv_field(""), "");
  EXPECT_EQ(csv_field("plain text"), "plain text");
  EXPECT_EQ(csv_field("r1c1; r2c2 (row 1)"), "r1c1; r2c2 (row 1)");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("\""), "\"\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field("cr\rhere"), "\"cr\rhere\"");
  EXPECT_EQ(csv_field(",\",\n"), "\",\"\",\n\"");
}

TEST(Output, FormatNames) {
  EXPECT_EQ(parse_format_name("line"), Format::line);
  EXPECT_EQ(parse_format_name("grid"), Format::grid);
  EXPECT_EQ(parse_format_name("jsonl"), Format::jsonl);
  EXPECT_EQ(parse_format_name("csv"), Format::csv);
  EXPECT_FALSE(parse_format_name("json").has_value());
  EXPECT_FALSE(parse_format_name("").has_value());
  EXPECT_FALSE(parse_format_name("LINE").has_value());
}

TEST(Output, SolveStatusFromCountAndLimit) {
  EXPECT_EQ(solve_status(0, 1), "none");
  EXPECT_EQ(solve_status(0, 2), "none");
  EXPECT_EQ(solve_status(1, 1), "solved");
  EXPECT_EQ(solve_status(1, 2), "unique");
  EXPECT_EQ(solve_status(1, 5), "unique");
  EXPECT_EQ(solve_status(2, 2), "multiple");
  EXPECT_EQ(solve_status(5, 5), "multiple");
}

// --- write_solve ---------------------------------------------------------------------------

TEST(OutputSolve, LineLayoutPerStatus) {
  const Record r = readable_record();
  EXPECT_EQ(solve_text(Format::line, r, outcome("unique", 1, true)), kSolution + "\n");
  EXPECT_EQ(solve_text(Format::line, r, outcome("solved", 1, true, 1)), kSolution + "\n");
  EXPECT_EQ(solve_text(Format::line, r, outcome("multiple", 2, true)),
            "multiple: at least 2 solutions; one is " + kSolution + "\n");
  EXPECT_EQ(solve_text(Format::line, r, outcome("none", 0, false)), "none: no solution\n");
  SolveOutcome invalid = outcome("invalid", 0, false);
  invalid.error = "givens clash: r1c1 and r1c2 both hold 5 (row 1)";
  EXPECT_EQ(solve_text(Format::line, r, invalid), "invalid: givens clash: r1c1 and r1c2 both hold 5 (row 1)\n");
  // A hostile message cannot split the record over two lines.
  invalid.error = "bad\nthing\r";
  const std::string text = solve_text(Format::line, unreadable_record("x"), invalid);
  EXPECT_EQ(count_lines(text), 1u) << text;
  EXPECT_EQ(text.rfind("invalid: bad", 0), 0u);
}

TEST(OutputSolve, WritersAppend) {
  std::string out = "kept\n";
  write_solve(out, OutputOptions{Format::line, kStandard}, readable_record(), outcome("unique", 1, true));
  EXPECT_EQ(out, "kept\n" + kSolution + "\n");
}

TEST(OutputSolve, GridLayoutPerStatus) {
  const Record r = readable_record();
  const std::string block = to_block(grid_from_line(kSolution));
  ASSERT_EQ(block.rfind("5 3 4 | 6 7 8 | 9 1 2\n", 0), 0u) << block;
  EXPECT_EQ(count_lines(block), 11u);
  EXPECT_EQ(solve_text(Format::grid, r, outcome("unique", 1, true)), block + "\n");
  EXPECT_EQ(solve_text(Format::grid, r, outcome("solved", 1, true, 1)), block + "\n");
  EXPECT_EQ(solve_text(Format::grid, r, outcome("multiple", 2, true)),
            "# multiple: at least 2 solutions; one is:\n" + block + "\n");
  EXPECT_EQ(solve_text(Format::grid, r, outcome("none", 0, false)), "none: no solution\n\n");
  SolveOutcome invalid = outcome("invalid", 0, false);
  invalid.error = "81 cells expected, found 80";
  EXPECT_EQ(solve_text(Format::grid, unreadable_record(invalid.error), invalid),
            "invalid: 81 cells expected, found 80\n\n");
}

TEST(OutputSolve, JsonlFieldsPerStatus) {
  const Record r = readable_record();
  {
    const json j = json::parse(solve_text(Format::jsonl, r, outcome("unique", 1, true)));
    EXPECT_EQ(j, json::parse(R"({"record":3,"source":"in.txt","line":7,"puzzle":")" + kPuzzle +
                             R"(","status":"unique","solutions":1,"solution":")" + kSolution +
                             R"(","nodes":12,"guesses":3})"));
  }
  {
    const json j = json::parse(solve_text(Format::jsonl, r, outcome("multiple", 2, true)));
    EXPECT_EQ(j.at("status"), "multiple");
    EXPECT_EQ(j.at("solutions"), 2);
    EXPECT_EQ(j.at("solution"), kSolution);
    EXPECT_FALSE(j.contains("error"));
  }
  {
    const json j = json::parse(solve_text(Format::jsonl, r, outcome("none", 0, false)));
    EXPECT_EQ(j.at("status"), "none");
    EXPECT_EQ(j.at("solutions"), 0);
    EXPECT_FALSE(j.contains("solution"));
    EXPECT_FALSE(j.contains("error"));
  }
  {
    SolveOutcome invalid = outcome("invalid", 0, false);
    invalid.error = "binary data (NUL byte) at column 3 \xff\xfe";  // not UTF-8
    const std::string text = solve_text(Format::jsonl, unreadable_record(invalid.error), invalid);
    EXPECT_EQ(count_lines(text), 1u);
    const json j = json::parse(text);
    EXPECT_EQ(j.at("status"), "invalid");
    EXPECT_TRUE(j.at("puzzle").is_null());
    EXPECT_EQ(j.at("record"), 4);
    EXPECT_EQ(j.at("line"), 9);
    EXPECT_EQ(j.at("error").get<std::string>().rfind("binary data (NUL byte) at column 3 ", 0), 0u);
    EXPECT_FALSE(j.contains("solution"));
  }
}

TEST(OutputSolve, CsvRowsPerStatus) {
  const Record r = readable_record();
  EXPECT_EQ(solve_csv_header(), "record,source,line,puzzle,status,box,solutions,solution,error\n");
  EXPECT_EQ(solve_text(Format::csv, r, outcome("unique", 1, true)),
            "3,in.txt,7," + kPuzzle + ",unique,,1," + kSolution + ",\n");
  EXPECT_EQ(solve_text(Format::csv, r, outcome("solved", 1, true, 1)),
            "3,in.txt,7," + kPuzzle + ",solved,,1," + kSolution + ",\n");
  EXPECT_EQ(solve_text(Format::csv, r, outcome("multiple", 2, true)),
            "3,in.txt,7," + kPuzzle + ",multiple,,2," + kSolution + ",\n");
  EXPECT_EQ(solve_text(Format::csv, r, outcome("none", 0, false)), "3,in.txt,7," + kPuzzle + ",none,,0,,\n");
  SolveOutcome invalid = outcome("invalid", 0, false);
  invalid.error = "a, \"quoted\"\nthing";
  Record odd = unreadable_record(invalid.error);
  odd.source = "my,file.txt";
  EXPECT_EQ(solve_text(Format::csv, odd, invalid), "4,\"my,file.txt\",9,,invalid,,0,,\"a, \"\"quoted\"\" thing\"\n");
}

// --- write_verify --------------------------------------------------------------------------

Verification unique_verdict() {
  Verification v;
  v.verdict = Verdict::unique;
  v.solution = grid_from_line(kSolution);
  v.stats.nodes = 5;
  return v;
}

Verification multiple_verdict() {
  Verification v;
  v.verdict = Verdict::multiple;
  v.solution = grid_from_line(kSolution);
  v.second = grid_from_line(kOther);
  v.differing = differing_cells(*v.solution, *v.second);
  return v;
}

Verification clash_verdict() {
  Verification v;
  v.verdict = Verdict::invalid;
  v.clashes = {Clash{0, 4, 5, 'r'}};
  return v;
}

TEST(OutputVerify, LineLayoutPerVerdict) {
  const Record r = readable_record();
  EXPECT_EQ(verify_text(Format::line, r, unique_verdict()), "unique\n");
  Verification minimal = unique_verdict();
  minimal.minimality_checked = true;
  minimal.minimal = true;
  EXPECT_EQ(verify_text(Format::line, r, minimal), "unique minimal\n");
  Verification not_minimal = unique_verdict();
  not_minimal.minimality_checked = true;
  not_minimal.redundant = {0, 80};
  EXPECT_EQ(verify_text(Format::line, r, not_minimal), "unique not-minimal: redundant r1c1 r9c9\n");
  ASSERT_EQ(multiple_verdict().differing, (std::vector<int>{0, 1, 9, 10}));
  EXPECT_EQ(verify_text(Format::line, r, multiple_verdict()),
            "multiple: " + kSolution + " and " + kOther + " differ at r1c1 r1c2 r2c1 r2c2\n");
  Verification none;
  none.verdict = Verdict::none;
  EXPECT_EQ(verify_text(Format::line, r, none), "none: no solution\n");
  EXPECT_EQ(verify_text(Format::line, r, clash_verdict()), "invalid: givens clash: r1c1 and r1c5 both hold 5 (row 1)\n");
  Verification engine_error;
  engine_error.verdict = Verdict::invalid;
  engine_error.error = "the fast engine only takes 9x9";
  EXPECT_EQ(verify_text(Format::line, r, engine_error), "invalid: the fast engine only takes 9x9\n");
  // Unreadable: the reader's message, whatever the (default) verification says.
  EXPECT_EQ(verify_text(Format::line, unreadable_record("81 cells expected, found 3\n"), Verification{}),
            "invalid: 81 cells expected, found 3 \n");
  // grid layout is the same one line per record.
  EXPECT_EQ(verify_text(Format::grid, r, multiple_verdict()), verify_text(Format::line, r, multiple_verdict()));
}

TEST(OutputVerify, JsonlFieldsPerVerdict) {
  const Record r = readable_record();
  {
    const json j = json::parse(verify_text(Format::jsonl, r, unique_verdict()));
    EXPECT_EQ(j, json::parse(R"({"record":3,"source":"in.txt","line":7,"puzzle":")" + kPuzzle +
                             R"(","status":"unique","solution":")" + kSolution + R"(","nodes":5})"));
  }
  {
    Verification v = unique_verdict();
    v.minimality_checked = true;
    v.redundant = {2};
    const json j = json::parse(verify_text(Format::jsonl, r, v));
    EXPECT_EQ(j.at("minimal"), false);
    EXPECT_EQ(j.at("redundant"), json::array({"r1c3"}));
  }
  {
    const json j = json::parse(verify_text(Format::jsonl, r, multiple_verdict()));
    EXPECT_EQ(j.at("status"), "multiple");
    EXPECT_EQ(j.at("solutions"), json::array({kSolution, kOther}));
    EXPECT_EQ(j.at("differing"), json::array({"r1c1", "r1c2", "r2c1", "r2c2"}));
    EXPECT_FALSE(j.contains("solution"));
    EXPECT_FALSE(j.contains("minimal"));
  }
  {
    Verification none;
    none.verdict = Verdict::none;
    const json j = json::parse(verify_text(Format::jsonl, r, none));
    EXPECT_EQ(j.at("status"), "none");
    EXPECT_FALSE(j.contains("solution"));
    EXPECT_FALSE(j.contains("solutions"));
    EXPECT_FALSE(j.contains("error"));
  }
  {
    const json j = json::parse(verify_text(Format::jsonl, r, clash_verdict()));
    EXPECT_EQ(j.at("status"), "invalid");
    EXPECT_EQ(j.at("clashes"), json::parse(R"([{"cells":["r1c1","r1c5"],"digit":5}])"));
    EXPECT_EQ(j.at("error"), "givens clash: r1c1 and r1c5 both hold 5 (row 1)");
  }
  {
    const std::string text = verify_text(Format::jsonl, unreadable_record("bad \xc3\x28 bytes"), Verification{});
    EXPECT_EQ(count_lines(text), 1u);
    const json j = json::parse(text);
    EXPECT_EQ(j.at("status"), "invalid");
    EXPECT_TRUE(j.at("puzzle").is_null());
    EXPECT_FALSE(j.contains("clashes"));
    EXPECT_EQ(j.at("error").get<std::string>().rfind("bad ", 0), 0u);
  }
}

TEST(OutputVerify, CsvRowsPerVerdict) {
  const Record r = readable_record();
  EXPECT_EQ(verify_csv_header(), "record,source,line,puzzle,status,box,minimal,redundant,differing,error\n");
  const std::string prefix = "3,in.txt,7," + kPuzzle + ",";
  EXPECT_EQ(verify_text(Format::csv, r, unique_verdict()), prefix + "unique,,,,,\n");
  Verification minimal = unique_verdict();
  minimal.minimality_checked = true;
  minimal.minimal = true;
  EXPECT_EQ(verify_text(Format::csv, r, minimal), prefix + "unique,,true,,,\n");
  Verification not_minimal = unique_verdict();
  not_minimal.minimality_checked = true;
  not_minimal.redundant = {0, 80};
  EXPECT_EQ(verify_text(Format::csv, r, not_minimal), prefix + "unique,,false,r1c1 r9c9,,\n");
  EXPECT_EQ(verify_text(Format::csv, r, multiple_verdict()), prefix + "multiple,,,,r1c1 r1c2 r2c1 r2c2,\n");
  Verification none;
  none.verdict = Verdict::none;
  EXPECT_EQ(verify_text(Format::csv, r, none), prefix + "none,,,,,\n");
  EXPECT_EQ(verify_text(Format::csv, r, clash_verdict()),
            prefix + "invalid,,,,,givens clash: r1c1 and r1c5 both hold 5 (row 1)\n");
  EXPECT_EQ(verify_text(Format::csv, unreadable_record("x, y"), Verification{}), "4,in.txt,9,,invalid,,,,,\"x, y\"\n");
}

TEST(OutputVerify, OtherAlphabetsAndSizes) {
  // A 16×16 record written with a hex alphabet: puzzle and solution use its symbols.
  const auto hex = Alphabet::from_symbols("0123456789ABCDEF");
  ASSERT_TRUE(hex.has_value());
  Grid solution(*default_shape(16));
  for (int row = 0; row < 16; ++row)
    for (int col = 0; col < 16; ++col) solution.at(row, col) = static_cast<std::uint8_t>((4 * (row % 4) + row / 4 + col) % 16 + 1);
  Record r;
  r.number = 1;
  r.source = "-";
  r.line = 1;
  r.grid = solution;
  r.grid->at(0, 0) = 0;
  Verification v;
  v.verdict = Verdict::unique;
  v.solution = solution;
  std::string out;
  write_verify(out, OutputOptions{Format::jsonl, *hex}, r, VerifyOutcome{v, {}});
  const json j = json::parse(out);
  EXPECT_EQ(j.at("solution").get<std::string>().substr(0, 16), "0123456789ABCDEF");
  EXPECT_EQ(j.at("puzzle").get<std::string>().substr(0, 16), ".123456789ABCDEF");
  out.clear();
  SolveOutcome o;
  o.status = "unique";
  o.count = 1;
  o.solution = solution;
  write_solve(out, OutputOptions{Format::line, *hex}, r, o);
  EXPECT_EQ(out, to_line(solution, *hex) + "\n");
  EXPECT_EQ(out.size(), 257u);
}

// Any alphabet that Alphabet::from_symbols accepts must keep the layouts intact: either
// symbols that would break them (',' and '"' for csv, ':' for line) are refused when the
// alphabet is made, or the writers cope with them.
TEST(OutputAlphabets, CsvRowsSurviveEveryAcceptedAlphabet) {
  for (const std::string symbols : {",234", "\"234"}) {
    SCOPED_TRACE(symbols);
    const auto alphabet = Alphabet::from_symbols(symbols);
    if (!alphabet) continue;  // refused: the hazard cannot arise
    Grid solution(*default_shape(4));
    const int rows[4][4] = {{1, 2, 3, 4}, {3, 4, 1, 2}, {2, 1, 4, 3}, {4, 3, 2, 1}};
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) solution.at(row, col) = static_cast<std::uint8_t>(rows[row][col]);
    Record r;
    r.number = 1;
    r.source = "-";
    r.line = 1;
    r.grid = solution;
    r.grid->at(3, 3) = 0;
    SolveOutcome o;
    o.status = "unique";
    o.count = 1;
    o.solution = solution;
    std::string out;
    write_solve(out, OutputOptions{Format::csv, *alphabet}, r, o);
    const auto fields = csv_fields(out);
    ASSERT_EQ(fields.size(), 8u) << out;
    EXPECT_EQ(fields[3], to_line(*r.grid, *alphabet)) << out;
    EXPECT_EQ(fields[6], to_line(solution, *alphabet)) << out;

    Verification v;
    v.verdict = Verdict::unique;
    v.solution = solution;
    out.clear();
    write_verify(out, OutputOptions{Format::csv, *alphabet}, r, VerifyOutcome{v, {}});
    const auto verify_fields = csv_fields(out);
    ASSERT_EQ(verify_fields.size(), 9u) << out;
    EXPECT_EQ(verify_fields[3], to_line(*r.grid, *alphabet)) << out;
  }
}

TEST(OutputAlphabets, LineAnswersNeverHoldAColon) {
  // output.hpp: "answers never contain ':', so a script tells the two apart by that character".
  const auto alphabet = Alphabet::from_symbols(":234");
  if (!alphabet) return;  // refused as a symbol: the promise holds
  {
    Grid solution(*default_shape(4));
    const int rows[4][4] = {{1, 2, 3, 4}, {3, 4, 1, 2}, {2, 1, 4, 3}, {4, 3, 2, 1}};
    for (int row = 0; row < 4; ++row)
      for (int col = 0; col < 4; ++col) solution.at(row, col) = static_cast<std::uint8_t>(rows[row][col]);
    Record r;
    r.grid = solution;
    SolveOutcome o;
    o.status = "unique";
    o.count = 1;
    o.solution = solution;
    std::string out;
    write_solve(out, OutputOptions{Format::line, *alphabet}, r, o);
    EXPECT_EQ(out.find(':'), std::string::npos) << out;
  }
}

}  // namespace
}  // namespace sudokit

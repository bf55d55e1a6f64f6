// verify_test.cpp: `sudokit verify` driven as a program (cli/cmd_verify.cpp).
//
// A verdict is only worth its evidence, so the tests check the evidence independently:
// both solutions of a `multiple` record are valid, different, and `differing` is exactly the
// set of cells where they differ; a clash names the cells that clash; `--minimal` lists as
// redundant exactly the clues whose removal keeps the puzzle unique, which is cross-checked
// by verifying every one-clue-removed variant in a second run. The stderr summary and the
// exit code (0 only when every record is unique, and minimal with --minimal) are checked on
// mixes of verdicts.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace {

using nlohmann::json;
using sudokit::testing::cell_label;
using sudokit::testing::data_lines;
using sudokit::testing::diagonal_blanked;
using sudokit::testing::GridSpec;
using sudokit::testing::join_lines;
using sudokit::testing::parse_csv_row;
using sudokit::testing::pattern_solution;
using sudokit::testing::run_sudokit;
using sudokit::testing::solution_problem;
using sudokit::testing::split_lines;
using sudokit::testing::TempFile;

// r1c9 can only be 9, and r2c9 holds one: no solution, though no givens clash.
const std::string kNoSolution = std::string("12345678.") + "........9" + std::string(63, '.');
// 1 at r1c1, r1c2 and r2c1: three clashing pairs (row, column, box).
const std::string kTripleClash = std::string("11.......") + "1........" + std::string(63, '.');

std::vector<json> parse_jsonl(const std::string& out) {
  std::vector<json> records;
  for (const std::string& line : split_lines(out)) records.push_back(json::parse(line));
  return records;
}

std::string summary_line(const std::string& err) {
  const auto lines = split_lines(err);
  return lines.empty() ? std::string() : lines.back();
}

std::vector<std::string> differing_labels(const std::string& a, const std::string& b, int n) {
  std::vector<std::string> cells;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i)
    if (a[i] != b[i]) cells.push_back(cell_label(n, static_cast<int>(i)));
  return cells;
}

TEST(CliVerify, SeventeenCluePuzzlesAreUnique) {
  const auto puzzles = data_lines("puzzles/17_clue.txt", 60);
  auto r = run_sudokit({"verify", "--format", "jsonl"}, join_lines(puzzles));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "verify: 60 records: 60 unique, 0 multiple, 0 none, 0 invalid\n");
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), puzzles.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].at("status"), "unique");
    EXPECT_EQ(records[i].at("record"), i + 1);
    EXPECT_EQ(solution_problem(puzzles[i], records[i].at("solution")), "");
    EXPECT_FALSE(records[i].contains("minimal"));  // not asked for
  }
  auto line = run_sudokit({"verify"}, join_lines(puzzles));
  EXPECT_EQ(line.out, join_lines(std::vector<std::string>(puzzles.size(), "unique")));
}

TEST(CliVerify, MultipleGivesTwoValidDifferentSolutionsAndWhereTheyDiffer) {
  const auto puzzles = data_lines("puzzles/serg_multi.txt", 40);
  const std::string input = join_lines(puzzles);
  auto r = run_sudokit({"verify", "--format", "jsonl"}, input);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(summary_line(r.err), "verify: 40 records: 0 unique, 40 multiple, 0 none, 0 invalid");
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), puzzles.size());
  auto line = run_sudokit({"verify"}, input);
  const auto lines = split_lines(line.out);
  ASSERT_EQ(lines.size(), puzzles.size());
  for (std::size_t i = 0; i < records.size(); ++i) {
    SCOPED_TRACE(puzzles[i]);
    const json& j = records[i];
    ASSERT_EQ(j.at("status"), "multiple");
    ASSERT_EQ(j.at("solutions").size(), 2u);
    const std::string a = j.at("solutions")[0], b = j.at("solutions")[1];
    EXPECT_EQ(solution_problem(puzzles[i], a), "");
    EXPECT_EQ(solution_problem(puzzles[i], b), "");
    EXPECT_NE(a, b);
    const auto expected = differing_labels(a, b, 9);
    EXPECT_EQ(j.at("differing").get<std::vector<std::string>>(), expected);
    // Line layout: "multiple: A and B differ at CELLS" with the same evidence.
    std::string cells;
    for (const std::string& c : expected) cells += (cells.empty() ? "" : " ") + c;
    EXPECT_EQ(lines[i], "multiple: " + a + " and " + b + " differ at " + cells);
  }
}

TEST(CliVerify, NoSolution) {
  auto r = run_sudokit({"verify"}, kNoSolution + "\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "none: no solution\n");
  EXPECT_EQ(r.err, "verify: 1 records: 0 unique, 0 multiple, 1 none, 0 invalid\n");
  auto j = run_sudokit({"verify", "-f", "jsonl"}, kNoSolution + "\n");
  const auto records = parse_jsonl(j.out);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].at("status"), "none");
  EXPECT_FALSE(records[0].contains("solution"));
  EXPECT_FALSE(records[0].contains("solutions"));
}

TEST(CliVerify, ClashNamesTheCells) {
  auto r = run_sudokit({"verify", "--format", "jsonl"}, kTripleClash + "\n");
  EXPECT_EQ(r.exit_code, 1);
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].at("status"), "invalid");
  std::set<std::set<std::string>> pairs;
  for (const json& clash : records[0].at("clashes")) {
    EXPECT_EQ(clash.at("digit"), 1);
    const auto cells = clash.at("cells").get<std::vector<std::string>>();
    pairs.insert(std::set<std::string>(cells.begin(), cells.end()));
  }
  // Every clashing cell is named in some pair.
  std::set<std::string> named;
  for (const auto& pair : pairs) named.insert(pair.begin(), pair.end());
  EXPECT_EQ(named, (std::set<std::string>{"r1c1", "r1c2", "r2c1"}));
  EXPECT_TRUE(pairs.count({"r1c1", "r1c2"}));
  EXPECT_TRUE(pairs.count({"r1c1", "r2c1"}));
  const std::string error = records[0].at("error");
  for (const std::string cell : {"r1c1", "r1c2", "r2c1"}) EXPECT_NE(error.find(cell), std::string::npos) << error;
  // stderr: FILE:LINE: message, then the summary.
  const auto diagnostics = split_lines(r.err);
  ASSERT_EQ(diagnostics.size(), 2u) << r.err;
  EXPECT_EQ(diagnostics[0].rfind("<stdin>:1: givens clash: r1c1 and r1c2 both hold 1", 0), 0u) << diagnostics[0];
  EXPECT_EQ(diagnostics[1], "verify: 1 records: 0 unique, 0 multiple, 0 none, 1 invalid");
  auto line = run_sudokit({"verify"}, kTripleClash + "\n");
  EXPECT_EQ(line.out.rfind("invalid: givens clash: r1c1 and r1c2 both hold 1 (row 1)", 0), 0u) << line.out;
}

// grid.hpp promises "every pair of givens that clash, each pair once": r1c2 and r2c1 share
// box 1 and both hold 1, so that pair must be listed too, not only the pairs with r1c1.
TEST(CliVerify, ClashesListEveryClashingPair) {
  auto r = run_sudokit({"verify", "--format", "jsonl"}, kTripleClash + "\n");
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 1u);
  std::set<std::set<std::string>> pairs;
  for (const json& clash : records[0].at("clashes")) {
    const auto cells = clash.at("cells").get<std::vector<std::string>>();
    pairs.insert(std::set<std::string>(cells.begin(), cells.end()));
  }
  const std::set<std::set<std::string>> expected = {{"r1c1", "r1c2"}, {"r1c1", "r2c1"}, {"r1c2", "r2c1"}};
  EXPECT_EQ(pairs, expected);
  EXPECT_EQ(records[0].at("clashes").size(), 3u);
}

TEST(CliVerify, UnreadableRecordIsInvalidWithTheReadersMessage) {
  const auto good = data_lines("puzzles/17_clue.txt", 1);
  TempFile file(join_lines({good[0], "not a puzzle at all", good[0]}));
  auto r = run_sudokit({"verify", "--format", "jsonl", file.path()});
  EXPECT_EQ(r.exit_code, 1);
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].at("status"), "unique");
  EXPECT_EQ(records[1].at("status"), "invalid");
  EXPECT_TRUE(records[1].at("puzzle").is_null());
  EXPECT_FALSE(records[1].at("error").get<std::string>().empty());
  EXPECT_EQ(records[2].at("status"), "unique");
  EXPECT_NE(r.err.find(file.path() + ":2: "), std::string::npos) << r.err;
  EXPECT_EQ(summary_line(r.err), "verify: 3 records: 2 unique, 0 multiple, 0 none, 1 invalid");
}

TEST(CliVerify, SeventeenClueIsMinimal) {
  const auto puzzles = data_lines("puzzles/17_clue.txt", 8);
  auto r = run_sudokit({"verify", "--minimal"}, join_lines(puzzles));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, join_lines(std::vector<std::string>(puzzles.size(), "unique minimal")));
  EXPECT_EQ(r.err, "verify: 8 records: 8 unique, 0 multiple, 0 none, 0 invalid; 0 unique but not minimal\n");
  auto j = run_sudokit({"verify", "--minimal", "-f", "jsonl"}, join_lines(puzzles));
  for (const json& record : parse_jsonl(j.out)) {
    EXPECT_EQ(record.at("minimal"), true);
    EXPECT_TRUE(record.at("redundant").empty());
  }
}

// A 17-clue puzzle plus one clue copied from its solution is unique but not minimal. The
// added clue is redundant (the 17 others already force it). Other clues may be redundant
// too; the exact set is cross-checked by verifying every one-clue-removed variant.
TEST(CliVerify, AddedClueIsListedAsRedundantAndTheListIsExact) {
  const auto base = data_lines("puzzles/17_clue.txt", 3);
  std::vector<std::string> puzzles;
  std::vector<int> added_cells;
  for (std::size_t k = 0; k < base.size(); ++k) {
    auto solved = run_sudokit({"solve"}, base[k] + "\n");
    ASSERT_EQ(solved.exit_code, 0);
    const std::string solution = solved.out.substr(0, 81);
    ASSERT_EQ(solution_problem(base[k], solution), "");
    // Pick a different empty cell each time: the first, the middle-most, the last.
    std::vector<int> empty;
    for (int i = 0; i < 81; ++i)
      if (base[k][static_cast<std::size_t>(i)] == '.') empty.push_back(i);
    const int cell = k == 0 ? empty.front() : k == 1 ? empty[empty.size() / 2] : empty.back();
    std::string puzzle = base[k];
    puzzle[static_cast<std::size_t>(cell)] = solution[static_cast<std::size_t>(cell)];
    puzzles.push_back(puzzle);
    added_cells.push_back(cell);
  }
  auto r = run_sudokit({"verify", "--minimal", "--format", "jsonl"}, join_lines(puzzles));
  EXPECT_EQ(r.exit_code, 1) << "not minimal must fail";
  EXPECT_EQ(summary_line(r.err), "verify: 3 records: 3 unique, 0 multiple, 0 none, 0 invalid; 3 unique but not minimal");
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), puzzles.size());
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    SCOPED_TRACE(puzzles[k]);
    EXPECT_EQ(records[k].at("status"), "unique");
    EXPECT_EQ(records[k].at("minimal"), false);
    const auto redundant = records[k].at("redundant").get<std::vector<std::string>>();
    EXPECT_NE(std::find(redundant.begin(), redundant.end(), cell_label(9, added_cells[k])), redundant.end());

    // Exactly the clues whose removal leaves a unique puzzle, in row-major order.
    std::vector<std::string> variants;
    std::vector<int> clue_cells;
    for (int i = 0; i < 81; ++i) {
      if (puzzles[k][static_cast<std::size_t>(i)] == '.') continue;
      std::string variant = puzzles[k];
      variant[static_cast<std::size_t>(i)] = '.';
      variants.push_back(variant);
      clue_cells.push_back(i);
    }
    ASSERT_EQ(variants.size(), 18u);
    auto each = run_sudokit({"verify"}, join_lines(variants));
    const auto verdicts = split_lines(each.out);
    ASSERT_EQ(verdicts.size(), variants.size());
    std::vector<std::string> expected;
    for (std::size_t v = 0; v < variants.size(); ++v) {
      if (verdicts[v] == "unique") expected.push_back(cell_label(9, clue_cells[v]));
      else EXPECT_EQ(verdicts[v].rfind("multiple: ", 0), 0u) << verdicts[v];
    }
    EXPECT_EQ(redundant, expected);
  }
  // The line layout: "unique not-minimal: redundant CELLS".
  auto line = run_sudokit({"verify", "--minimal"}, puzzles[0] + "\n");
  EXPECT_EQ(line.out.rfind("unique not-minimal: redundant ", 0), 0u) << line.out;
  EXPECT_NE(line.out.find(cell_label(9, added_cells[0])), std::string::npos) << line.out;
}

TEST(CliVerify, SummaryCountsAndExitCodes) {
  const auto unique = data_lines("puzzles/17_clue.txt", 5);
  const auto multi = data_lines("puzzles/serg_multi.txt", 3);
  std::vector<std::string> mix = {unique[0], multi[0], kNoSolution, unique[1], kTripleClash,
                                  "zzz",     multi[1], unique[2],   multi[2],  kNoSolution};
  auto r = run_sudokit({"verify"}, join_lines(mix));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(split_lines(r.out).size(), mix.size());
  EXPECT_EQ(summary_line(r.err), "verify: 10 records: 3 unique, 3 multiple, 2 none, 2 invalid");

  EXPECT_EQ(run_sudokit({"verify"}, join_lines(unique)).exit_code, 0);
  EXPECT_EQ(run_sudokit({"verify"}, join_lines({unique[0], multi[0]})).exit_code, 1);
  EXPECT_EQ(run_sudokit({"verify"}, join_lines({unique[0], kNoSolution})).exit_code, 1);
  EXPECT_EQ(run_sudokit({"verify"}, join_lines({unique[0], kTripleClash})).exit_code, 1);
  auto empty = run_sudokit({"verify"}, "");
  EXPECT_EQ(empty.exit_code, 0);  // nothing failed
  EXPECT_EQ(empty.out, "");
  EXPECT_EQ(empty.err, "verify: 0 records: 0 unique, 0 multiple, 0 none, 0 invalid\n");

  TempFile good(join_lines(unique));
  auto missing = run_sudokit({"verify", good.path() + ".missing", good.path()});
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(split_lines(missing.out).size(), unique.size());
  EXPECT_NE(missing.err.find(good.path() + ".missing"), std::string::npos);
}

TEST(CliVerify, CsvLayout) {
  const auto unique = data_lines("puzzles/17_clue.txt", 1);
  const auto multi = data_lines("puzzles/serg_multi.txt", 1);
  auto r = run_sudokit({"verify", "--format", "csv", "--minimal"}, join_lines({unique[0], multi[0], kNoSolution, kTripleClash}));
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;
  EXPECT_EQ(lines[0], "record,source,line,puzzle,status,box,minimal,redundant,differing,error");
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    rows.push_back(parse_csv_row(lines[i]));
    ASSERT_EQ(rows.back().size(), 10u) << lines[i];
  }
  EXPECT_EQ(rows[0], (std::vector<std::string>{"1", "<stdin>", "1", unique[0], "unique", "", "true", "", "", ""}));
  EXPECT_EQ(rows[1][4], "multiple");
  EXPECT_EQ(rows[1][6], "");  // minimality is only checked for unique puzzles
  EXPECT_FALSE(rows[1][8].empty());
  EXPECT_EQ(rows[2][4], "none");
  EXPECT_EQ(rows[3][4], "invalid");
  EXPECT_NE(rows[3][9].find("r1c1 and r1c2"), std::string::npos) << rows[3][9];
}

TEST(CliVerify, EnginesAndThreadCountsAgree) {
  std::vector<std::string> puzzles = data_lines("puzzles/17_clue.txt", 300);
  const auto multi = data_lines("puzzles/serg_multi.txt", 100);
  for (std::size_t i = 0; i < multi.size(); ++i) puzzles.insert(puzzles.begin() + static_cast<long>(i * 3), multi[i]);
  puzzles.push_back(kNoSolution);
  puzzles.push_back(kTripleClash);
  const std::string input = join_lines(puzzles);
  auto one = run_sudokit({"verify", "--threads", "1"}, input);
  auto two = run_sudokit({"verify", "--threads", "2"}, input);
  EXPECT_EQ(one.exit_code, 1);
  EXPECT_EQ(split_lines(one.out).size(), puzzles.size());
  EXPECT_TRUE(one.out == two.out) << "--threads 1 and 2 differ";
  EXPECT_EQ(one.err, two.err);
  // Engines may find different solutions for multiple records, but not different verdicts.
  const auto verdicts = [&](const std::string& engine) {
    auto r = run_sudokit({"verify", "--format", "jsonl", "--engine", engine}, input);
    std::vector<std::string> out;
    for (const json& j : parse_jsonl(r.out)) out.push_back(j.at("status"));
    return out;
  };
  const auto fast = verdicts("fast");
  EXPECT_EQ(fast.size(), puzzles.size());
  EXPECT_EQ(verdicts("dlx"), fast);
  EXPECT_EQ(verdicts("auto"), fast);
}

TEST(CliVerify, OtherSizes) {
  for (const GridSpec& spec : {GridSpec{4, 2, 2}, GridSpec{6, 2, 3}, GridSpec{16, 4, 4}, GridSpec{25, 5, 5}}) {
    SCOPED_TRACE(spec.n);
    const std::string solution = pattern_solution(spec);
    const std::string unique = diagonal_blanked(solution, spec.n);
    // Blank two whole rows of one band: any swap of their contents also fits, so >= 2.
    std::string multiple = solution;
    for (std::size_t i = 0; i < static_cast<std::size_t>(2 * spec.n); ++i) multiple[i] = '.';
    auto r = run_sudokit({"verify", "--format", "jsonl"}, join_lines({unique, multiple}));
    const auto records = parse_jsonl(r.out);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].at("status"), "unique");
    EXPECT_EQ(records[0].at("solution"), solution);
    ASSERT_EQ(records[1].at("status"), "multiple");
    const std::string a = records[1].at("solutions")[0], b = records[1].at("solutions")[1];
    EXPECT_EQ(solution_problem(multiple, a, spec), "");
    EXPECT_EQ(solution_problem(multiple, b, spec), "");
    EXPECT_EQ(records[1].at("differing").get<std::vector<std::string>>(), differing_labels(a, b, spec.n));
  }
}

}  // namespace

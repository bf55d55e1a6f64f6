// score_test.cpp: `sudokit score` driven as a program (cli/cmd_score.cpp).
//
// What is proved here:
//  - every shared target case, given in the contest's own 9-lines-of-9-integers format,
//    prints exactly its NN.out, one file at a time and all files in one run (order kept);
//  - jsonl carries record, status, score, proven, nodes, a solution that is valid (checked by
//    rules-only code) and whose weighted sum is the score, and solutions with --count;
//  - bnb and enumerate print the same scores; --threads changes no byte of the output;
//  - --weights FILE (hand-checked on a complete grid), bad weight files and sizes;
//  - unreadable records print -1 in line format, "invalid" in jsonl, FILE:LINE on stderr,
//    exit 1; clashing givens print -1 and are not a failure;
//  - --budget stops an open search with proven false and exit 1;
//  - bad options exit 2.
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace {

using nlohmann::json;
using sudokit::testing::parse_csv_row;
using sudokit::testing::run_sudokit;
using sudokit::testing::solution_problem;
using sudokit::testing::split_lines;
using sudokit::testing::TempFile;

const std::string kSample1 = "7..9....11....59.....2...8...5.2...3......648413........7..2.9.2.1.6.8.4.8.5.4.12";
const std::string kSample2 = "...7.24539....8...74...5.1.195.8.....7.....25.3.5791.8...6.1....6.9....1........6";
const std::string kClash = "7..7.24539....8...74...5.1.195.8.....7.....25.3.5791.8...6.1....6.9....1........6";

std::string target_path(const std::string& name) { return std::string(SUDOKIT_SHARED_DATA) + "/target/" + name; }

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> case_ids() {
  std::vector<std::string> ids;
  std::ifstream in(target_path("cases.tsv"));
  EXPECT_TRUE(in.good());
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line))
    if (!line.empty()) ids.push_back(line.substr(0, line.find('\t')));
  return ids;
}

std::int64_t target_sum(const std::string& solution) {
  std::int64_t total = 0;
  for (int i = 0; i < 81; ++i) {
    const int r = i / 9, c = i % 9;
    const int ring = std::min(std::min(r, c), std::min(8 - r, 8 - c));
    total += (6 + ring) * (solution[static_cast<std::size_t>(i)] - '0');
  }
  return total;
}

TEST(ScoreCli, EveryContestInputPrintsItsExpectedOutput) {
  const auto ids = case_ids();
  ASSERT_GE(ids.size(), 8u);
  std::vector<std::string> files;
  std::string expected_all;
  for (const auto& id : ids) {
    const auto r = run_sudokit({"score", target_path(id + ".in")});
    EXPECT_EQ(r.exit_code, 0) << id << ": " << r.err;
    EXPECT_EQ(r.out, read_file(target_path(id + ".out"))) << id;
    files.push_back(target_path(id + ".in"));
    expected_all += read_file(target_path(id + ".out"));
  }
  // All at once, from standard input too (the contest reads stdin).
  std::vector<std::string> args = {"score"};
  args.insert(args.end(), files.begin(), files.end());
  EXPECT_EQ(run_sudokit(args).out, expected_all);
  std::string joined;
  for (const auto& f : files) joined += read_file(f) + "\n";
  EXPECT_EQ(run_sudokit({"score"}, joined).out, expected_all);
}

TEST(ScoreCli, JsonlCarriesAValidOptimalSolution) {
  const auto r = run_sudokit({"score", "--format", "jsonl", "--count"}, kSample1 + "\n" + kSample2 + "\n" + kClash + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 3u);
  const json first = json::parse(lines[0]);
  EXPECT_EQ(first["record"], 1);
  EXPECT_EQ(first["status"], "optimal");
  EXPECT_EQ(first["score"], 2829);
  EXPECT_EQ(first["proven"], true);
  EXPECT_EQ(first["solutions"], 3);
  EXPECT_TRUE(first["nodes"].is_number());
  const std::string solution = first["solution"];
  EXPECT_EQ(solution_problem(kSample1, solution), "");
  EXPECT_EQ(target_sum(solution), 2829);
  const json second = json::parse(lines[1]);
  EXPECT_EQ(second["score"], 2852);
  EXPECT_EQ(second["solutions"], 85);
  EXPECT_EQ(target_sum(second["solution"]), 2852);
  const json clash = json::parse(lines[2]);
  EXPECT_EQ(clash["status"], "none");
  EXPECT_EQ(clash["score"], -1);
  EXPECT_EQ(clash["solutions"], 0);
  EXPECT_FALSE(clash.contains("solution"));
  EXPECT_NE(clash.value("error", "").find("clash"), std::string::npos);
}

TEST(ScoreCli, MethodsAndThreadsAgree) {
  std::string input;
  for (const auto& line : sudokit::testing::data_lines("puzzles/serg_multi.txt", 60)) input += line + "\n";
  const auto bnb = run_sudokit({"score", "--threads", "1"}, input);
  const auto enumerated = run_sudokit({"score", "--method", "enumerate", "--threads", "2"}, input);
  const auto parallel = run_sudokit({"score", "--threads", "2"}, input);
  ASSERT_EQ(bnb.exit_code, 0) << bnb.err;
  EXPECT_EQ(split_lines(bnb.out).size(), 60u);
  EXPECT_EQ(bnb.out, enumerated.out);
  EXPECT_EQ(bnb.out, parallel.out);
}

TEST(ScoreCli, WeightsFile) {
  // On a complete grid the score is just the weighted sum: with weight 1 on r1c1 only, the digit there.
  const std::string grid = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
  std::string table = "# one heavy cell\n";
  for (int i = 0; i < 81; ++i) {  // (two appends: g++ 12 misreads "literal" + string&& under -Wrestrict)
    table += i == 0 ? '1' : '0';
    table += i % 9 == 8 ? '\n' : ' ';
  }
  TempFile weights(table);
  auto r = run_sudokit({"score", "--weights", weights.path()}, grid + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "5\n");
  // Emptying row 1 changes nothing: the other eight rows force it back.
  std::string open = grid;
  for (int i = 0; i < 9; ++i) open[static_cast<std::size_t>(i)] = '.';
  EXPECT_EQ(run_sudokit({"score", "--weights", weights.path()}, open + "\n").out, "5\n");
  // On an empty grid the heavy cell takes a 9, and a negative weight pushes its cell to 1.
  const std::string empty(81, '.');
  EXPECT_EQ(run_sudokit({"score", "--weights", weights.path()}, empty + "\n").out, "9\n");
  std::string negative = table;
  negative.replace(negative.find("1 0"), 1, "-3");
  TempFile negative_weights(negative);
  EXPECT_EQ(run_sudokit({"score", "--weights", negative_weights.path()}, empty + "\n").out, "-3\n");
  // A wrong-size table: a 4x4 table against a 9x9 record is an invalid record.
  TempFile small("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16");
  r = run_sudokit({"score", "--weights", small.path(), "--format", "jsonl"}, grid + "\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(json::parse(split_lines(r.out).at(0))["status"], "invalid");
  // Unreadable tables and missing files are usage errors.
  TempFile bad("1 2 x");
  EXPECT_EQ(run_sudokit({"score", "--weights", bad.path()}, grid + "\n").exit_code, 2);
  EXPECT_EQ(run_sudokit({"score", "--weights", "/nonexistent/weights"}, grid + "\n").exit_code, 2);
}

TEST(ScoreCli, UnreadableRecordsStillYieldOneRecordEach) {
  const std::string input = kSample1 + "\nthis is not a puzzle\n" + kSample2 + "\n";
  auto r = run_sudokit({"score"}, input);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "2829\n-1\n2852\n");
  EXPECT_NE(r.err.find(":2: "), std::string::npos) << r.err;  // FILE:LINE: message
  r = run_sudokit({"score", "--format", "jsonl"}, input);
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(json::parse(lines[1])["status"], "invalid");
  EXPECT_EQ(json::parse(lines[1])["line"], 2);
  EXPECT_TRUE(json::parse(lines[1]).contains("error"));
  r = run_sudokit({"score", "--format", "csv"}, input);
  const auto rows = split_lines(r.out);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(parse_csv_row(rows[0]).at(6), "score");
  EXPECT_EQ(parse_csv_row(rows[2]).at(4), "invalid");
  EXPECT_EQ(parse_csv_row(rows[3]).at(6), "2852");
}

TEST(ScoreCli, BudgetLeavesTheScoreUnproven) {
  const std::string open = "4...3.......6..8.........................................................9.......";
  const auto r = run_sudokit({"score", "--budget", "20", "--format", "jsonl"}, open + "\n");
  EXPECT_EQ(r.exit_code, 1);
  const json j = json::parse(split_lines(r.out).at(0));
  EXPECT_EQ(j["proven"], false);
  EXPECT_EQ(j["status"], "unknown");
  EXPECT_LE(j["nodes"].get<int>(), 20);
  if (j.contains("solution")) {
    EXPECT_EQ(solution_problem(open, j["solution"]), "");
    EXPECT_EQ(target_sum(j["solution"]), j["score"].get<std::int64_t>());
  }
  EXPECT_NE(r.err.find("not proven"), std::string::npos) << r.err;
}

// --count shares the record's budget with the score (it had one of its own, so a record could
// take twice --budget): with the nodes spent proving, the count is left nothing, and says so.
TEST(ScoreCli, CountSharesTheRecordsBudget) {
  const std::string open = "4...3.......6..8.........................................................9.......";
  const auto r = run_sudokit({"score", "--budget", "2000", "--count", "--format", "jsonl"}, open + "\n");
  EXPECT_EQ(r.exit_code, 1);
  const json j = json::parse(split_lines(r.out).at(0));
  EXPECT_EQ(j["proven"], false);
  EXPECT_LE(j["nodes"].get<int>(), 2000);
  EXPECT_FALSE(j.contains("solutions"));  // not counted to the end
  ASSERT_TRUE(j.contains("solutions_at_least")) << j.dump();
  // Before, the count visited up to 2,000 solutions of its own; now what the score left.
  EXPECT_LE(j["solutions_at_least"].get<std::int64_t>() + j["nodes"].get<std::int64_t>(), 2001);
}

TEST(ScoreCli, OtherSizesUseTheGeneralisedRings) {
  // 4x4, complete: rings are 6 outside and 7 in the centre 2x2.
  const std::string grid = "1234341221434321";
  std::int64_t expected = 0;
  for (int i = 0; i < 16; ++i) {
    const int r = i / 4, c = i % 4;
    expected += (r >= 1 && r <= 2 && c >= 1 && c <= 2 ? 7 : 6) * (grid[static_cast<std::size_t>(i)] - '0');
  }
  EXPECT_EQ(run_sudokit({"score"}, grid + "\n").out, std::to_string(expected) + "\n");
  // An empty 4x4 (288 solutions): the branch and bound against enumeration.
  const std::string empty4 = "................";
  EXPECT_EQ(run_sudokit({"score"}, empty4 + "\n").out, run_sudokit({"score", "--method", "enumerate"}, empty4 + "\n").out);
}

// Enumeration and counting by either engine: the same bytes (ties keep the smallest grid),
// and the same as the branch and bound's score.
TEST(ScoreCli, EveryEngineGivesTheSameOutput) {
  std::string input;
  for (const auto& line : sudokit::testing::data_lines("puzzles/serg_multi.txt", 40)) input += line + "\n";
  for (const std::string& sample : {kSample1, kSample2}) {
    input += sample;
    input += '\n';
  }
  for (const char* method : {"enumerate", "bnb"}) {
    const auto dlx = run_sudokit({"score", "-f", "jsonl", "--count", "--method", method, "--engine", "dlx"}, input);
    const auto fast = run_sudokit({"score", "-f", "jsonl", "--count", "--method", method, "--engine", "fast"}, input);
    const auto automatic = run_sudokit({"score", "-f", "jsonl", "--count", "--method", method}, input);
    ASSERT_EQ(dlx.exit_code, 0) << dlx.err;
    EXPECT_EQ(split_lines(dlx.out).size(), 42u);
    EXPECT_TRUE(dlx.out == fast.out) << method;  // (not EXPECT_EQ: pages of JSON on failure)
    EXPECT_TRUE(dlx.out == automatic.out) << method;
  }
  EXPECT_EQ(run_sudokit({"score", "--method", "enumerate", "--engine", "fast"}, input).out,
            run_sudokit({"score"}, input).out);
}

TEST(ScoreCli, FastEngineRejectsOtherSizesPerRecord) {
  const std::string empty4 = "................";
  std::string mixed = empty4;
  mixed += "\n";
  mixed += kSample1;
  mixed += "\n";
  for (const char* method : {"enumerate", "bnb"}) {
    const auto r = run_sudokit({"score", "-f", "jsonl", "--method", method, "--engine", "fast"}, mixed);
    EXPECT_EQ(r.exit_code, 1) << method;
    const auto lines = split_lines(r.out);
    ASSERT_EQ(lines.size(), 2u) << r.out;
    EXPECT_EQ(json::parse(lines[0])["status"], "invalid") << lines[0];
    EXPECT_NE(lines[0].find("fast engine"), std::string::npos) << lines[0];
    EXPECT_EQ(json::parse(lines[1])["status"], "optimal") << lines[1];
  }
  EXPECT_EQ(run_sudokit({"score", "--engine", "dlx", "--method", "enumerate"}, mixed).out,
            run_sudokit({"score"}, mixed).out);
  EXPECT_EQ(run_sudokit({"score", "--engine", "warp"}, mixed).exit_code, 2);
  EXPECT_NE(run_sudokit({"score", "--help"}).out.find("--engine"), std::string::npos);
}

TEST(ScoreCli, BadOptionsAreUsageErrors) {
  EXPECT_EQ(run_sudokit({"score", "--method", "guess"}, kSample1 + "\n").exit_code, 2);
  EXPECT_EQ(run_sudokit({"score", "--budget", "5 parsecs"}, kSample1 + "\n").exit_code, 2);
  // An empty budget is no budget a person means (it was read as "none given", silently).
  const auto empty_budget = run_sudokit({"score", "--budget", ""}, kSample1 + "\n");
  EXPECT_EQ(empty_budget.exit_code, 2);
  EXPECT_NE(empty_budget.err.find("is not a budget"), std::string::npos) << empty_budget.err;
  EXPECT_EQ(run_sudokit({"score", "--format", "yaml"}, kSample1 + "\n").exit_code, 2);
  EXPECT_EQ(run_sudokit({"score", "--threads", "-1"}, kSample1 + "\n").exit_code, 2);
  const auto help = run_sudokit({"score", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE((help.out + help.err).find("--weights"), std::string::npos);
}

// A count cut short by the budget still knows the solution the score found: its lower bound
// is at least 1 (it said 0 next to a solution when the score had used up the nodes).
TEST(ScoreCli, ACountCutShortCountsTheScoresSolution) {
  const std::string puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
  const auto r = run_sudokit({"score", "--count", "--nodes", "50", "--format", "jsonl"}, puzzle + "\n");
  const json j = json::parse(split_lines(r.out).at(0));
  ASSERT_TRUE(j.contains("solution")) << j.dump();
  ASSERT_TRUE(j.contains("solutions_at_least")) << j.dump();
  EXPECT_GE(j["solutions_at_least"].get<std::int64_t>(), 1) << j.dump();
}

}  // namespace

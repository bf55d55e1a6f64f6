// grade_test.cpp: `sudokit grade` on the built binary: the three layouts, --explain, order
// and equality across thread counts, failures and exit codes.
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace {

using sudokit::testing::run_sudokit;
using sudokit::testing::split_lines;

const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kInkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// Every `step`-th puzzle line of a shared collection (the CLI tests link no sudokit library).
std::vector<std::string> sample(const std::string& relative, std::size_t step) {
  std::ifstream in(std::string(SUDOKIT_SHARED_DATA) + "/" + relative);
  EXPECT_TRUE(in.good()) << relative;
  std::vector<std::string> lines;
  std::string line;
  for (std::size_t i = 0; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    if (i++ % step == 0) lines.push_back(line);
  }
  return lines;
}

TEST(CliGrade, LineFormatIsLevelRatingScoreHardest) {
  auto r = run_sudokit({"grade"}, kEasy + "\n" + kInkala + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  std::istringstream easy(lines[0]);
  std::string level, hardest;
  double rating = 0;
  int score = 0;
  easy >> level >> rating >> score >> hardest;
  EXPECT_EQ(level, "easy");
  EXPECT_GT(rating, 0.9);
  EXPECT_LT(rating, 2.5);
  EXPECT_GT(score, 0);
  EXPECT_NE(hardest.find("single"), std::string::npos) << hardest;
  // Inkala's "hardest sudoku": extreme, past Nishio on SE's scale.
  std::istringstream hard(lines[1]);
  hard >> level >> rating;
  EXPECT_EQ(level, "extreme") << lines[1];
  EXPECT_GE(rating, 7.5) << lines[1];
  EXPECT_NE(r.err.find("1 easy"), std::string::npos) << r.err;
}

TEST(CliGrade, ExplainPrintsOneLinePerStep) {
  auto r = run_sudokit({"grade", "--explain"}, kEasy + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 1u + 51u) << r.out;  // 30 givens: 51 placements, one per step
  for (std::size_t i = 1; i < lines.size(); ++i) {
    // Comment lines: the answers read back as one record each (not 52).
    EXPECT_EQ(lines[i].rfind("#  " + std::to_string(i) + ". ", 0), 0u) << lines[i];
    EXPECT_NE(lines[i].find("=>"), std::string::npos) << lines[i];
    EXPECT_NE(lines[i].find('r'), std::string::npos) << lines[i];
  }
  const auto again = run_sudokit({"solve"}, r.out);  // the answer line is no puzzle: invalid
  EXPECT_EQ(split_lines(again.out).size(), 1u) << again.out;
}

TEST(CliGrade, EasiestPathKeepsTheRatingAndChangesOnlyLaterSteps) {
  // Inkala's puzzle: by default the path leaves the easiest step once it has taken a hard
  // one (rated 6.0 or more; here the first step), where the basic techniques have nothing;
  // --easiest-path keeps to it (SE's whole path). Same level, rating and hardest technique.
  auto quick = run_sudokit({"grade", "--format", "jsonl", "--explain"}, kInkala + "\n");
  auto easiest = run_sudokit({"grade", "--format", "jsonl", "--explain", "--easiest-path"}, kInkala + "\n");
  ASSERT_EQ(quick.exit_code, 0) << quick.err;
  ASSERT_EQ(easiest.exit_code, 0) << easiest.err;
  const auto a = nlohmann::json::parse(split_lines(quick.out).at(0));
  const auto b = nlohmann::json::parse(split_lines(easiest.out).at(0));
  EXPECT_EQ(a["level"], b["level"]);
  EXPECT_EQ(a["rating"], b["rating"]);
  EXPECT_EQ(a["hardest"], b["hardest"]);
  ASSERT_TRUE(a["path"].is_array() && b["path"].is_array());
  EXPECT_NE(a["path"], b["path"]) << "the default path should leave the easiest one on this puzzle";
  // The first step (taken before there is any ceiling) is the same; the paths part later.
  EXPECT_EQ(a["path"].at(0), b["path"].at(0));
}

TEST(CliGrade, JsonlFieldsAgreeWithLineFormat) {
  auto line = run_sudokit({"grade"}, kEasy + "\n");
  auto r = run_sudokit({"grade", "--format", "jsonl", "--explain"}, kEasy + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 1u);
  const auto j = nlohmann::json::parse(lines[0]);
  EXPECT_EQ(j["record"], 1);
  EXPECT_EQ(j["status"], "graded");
  EXPECT_EQ(j["givens"], 30);
  EXPECT_EQ(j["guesses"], 0);
  EXPECT_EQ(j["unique"], true);
  char rating[16];
  std::snprintf(rating, sizeof rating, "%.1f", j["rating"].get<double>());
  const std::string summary = j["level"].get<std::string>() + " " + rating + " " + std::to_string(j["score"].get<int>()) +
                              " " + j["hardest"].get<std::string>();
  EXPECT_EQ(summary + "\n", line.out);
  int steps = 0;
  for (const auto& [name, count] : j["steps"].items()) steps += count.get<int>();
  EXPECT_EQ(steps, 51);
  EXPECT_EQ(j["path"].size(), 51u);
}

TEST(CliGrade, CsvHasHeaderAndOneRowPerRecord) {
  auto r = run_sudokit({"grade", "-f", "csv"}, kEasy + "\n" + kInkala + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].rfind("record,source,line,puzzle,status,box,level,rating,score,hardest,givens,guesses,unique,", 0), 0u);
  EXPECT_NE(lines[0].find(",x-wing,"), std::string::npos);
  const auto columns = std::count(lines[0].begin(), lines[0].end(), ',');
  for (std::size_t i = 1; i < lines.size(); ++i)
    EXPECT_EQ(std::count(lines[i].begin(), lines[i].end(), ','), columns) << lines[i];
  EXPECT_NE(lines[2].find(",extreme,"), std::string::npos) << lines[2];
}

TEST(CliGrade, FailuresAreReportedInPlaceAndExitOne) {
  std::string clash = kEasy;
  clash[2] = '5';  // a second 5 in row 1
  std::string unsolvable = "12345678." + std::string(72, '.');
  unsolvable[4 * 9 + 8] = '9';
  auto r = run_sudokit({"grade"}, kEasy + "\n" + clash + "\n" + unsolvable + "\n");
  EXPECT_EQ(r.exit_code, 1);
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0].rfind("easy ", 0), 0u);
  EXPECT_EQ(lines[1].rfind("invalid: ", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2], "none: no solution");
  EXPECT_NE(r.err.find(":2:"), std::string::npos) << r.err;  // FILE:LINE diagnostics
}

TEST(CliGrade, ThreadsDoNotChangeOutputOrOrder) {
  const auto puzzles = sample("puzzles/top1465.txt", 25);
  const std::string input = sudokit::testing::join_lines(puzzles);
  auto one = run_sudokit({"grade", "-f", "jsonl", "--threads", "1"}, input);
  auto two = run_sudokit({"grade", "-f", "jsonl", "--threads", "3"}, input);
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  const auto lines = split_lines(one.out);
  ASSERT_EQ(lines.size(), puzzles.size());
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(nlohmann::json::parse(lines[i])["record"], i + 1);
}

// The uniqueness check's engine changes the speed, never the grade of a unique puzzle
// (guesses are DLX's count; the solution guesses follow is the only one there is).
TEST(CliGrade, EveryEngineGivesTheSameGrades) {
  auto puzzles = sample("puzzles/top1465.txt", 40);
  const auto hardest = sample("puzzles/hardest_1106.txt", 60);
  puzzles.insert(puzzles.end(), hardest.begin(), hardest.end());
  const std::string input = sudokit::testing::join_lines(puzzles);
  auto dlx = run_sudokit({"grade", "-f", "jsonl", "--engine", "dlx"}, input);
  auto fast = run_sudokit({"grade", "-f", "jsonl", "--engine", "fast"}, input);
  auto automatic = run_sudokit({"grade", "-f", "jsonl"}, input);
  EXPECT_EQ(dlx.exit_code, 0) << dlx.err;
  EXPECT_EQ(fast.exit_code, 0) << fast.err;
  ASSERT_EQ(split_lines(dlx.out).size(), puzzles.size());
  EXPECT_TRUE(dlx.out == fast.out);  // (not EXPECT_EQ: pages of JSON on failure)
  EXPECT_TRUE(dlx.out == automatic.out);
  EXPECT_NE(dlx.out.find("\"level\":\"extreme\""), std::string::npos);  // guesses were counted
}

TEST(CliGrade, FastEngineRejectsOtherSizesPerRecord) {
  const std::string sixteen = "679.B...4.58..DCC...96..E....5BA..1ADC.E.F.2.84G.F.E1.5ADB.C67..G" + std::string(256 - 65, '.');
  auto fast = run_sudokit({"grade", "--size", "16", "--engine", "fast"}, sixteen + "\n");
  EXPECT_EQ(fast.exit_code, 1);
  EXPECT_EQ(fast.out.rfind("invalid: ", 0), 0u) << fast.out;
  EXPECT_NE(fast.out.find("9x9"), std::string::npos) << fast.out;
  auto dlx = run_sudokit({"grade", "--size", "16", "--engine", "dlx", "--uniqueness", "off"}, sixteen + "\n");
  EXPECT_EQ(dlx.out.rfind("invalid", 0), std::string::npos) << dlx.out;
  EXPECT_EQ(run_sudokit({"grade", "--engine", "warp"}, kEasy + "\n").exit_code, 2);
}

// --timeout / --nodes (issue 13): a record that runs out is `unknown` with what is known, the
// records after it are still answered, in order, and the exit code is 1.
TEST(CliGrade, NodeBudgetLeavesAHardRecordUnknownAndGoesOn) {
  const std::string input = kEasy + "\n" + kInkala + "\n" + kEasy + "\n";
  auto r = run_sudokit({"grade", "--nodes", "4000", "--threads", "2"}, input);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0].rfind("easy ", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1].rfind("unknown: budget spent after ", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find("rating at least"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2], lines[0]);
  EXPECT_NE(r.err.find("1 unknown, 0 failed"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("3 records: 2 easy"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("<stdin>:2:"), std::string::npos) << r.err;

  // jsonl: the steps taken so far and the rating as a lower bound; no level.
  auto j = run_sudokit({"grade", "--nodes", "4000", "--format", "jsonl"}, input);
  EXPECT_EQ(j.exit_code, 1);
  const auto records = split_lines(j.out);
  ASSERT_EQ(records.size(), 3u);
  const auto unknown = nlohmann::json::parse(records[1]);
  EXPECT_EQ(unknown["status"], "unknown");
  EXPECT_FALSE(unknown.contains("level"));
  EXPECT_TRUE(unknown["rating"].is_number());
  EXPECT_TRUE(unknown["steps"].is_object());
  EXPECT_FALSE(unknown["steps"].empty());
  EXPECT_NE(unknown["error"].get<std::string>().find("budget spent"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(records[2])["status"], "graded");

  // Without the budget the same input grades completely.
  auto full = run_sudokit({"grade"}, input);
  EXPECT_EQ(full.exit_code, 0) << full.err;
}

TEST(CliGrade, TimeoutOfAMillisecondLeavesAHardRecordUnknown) {
  auto r = run_sudokit({"grade", "--timeout", "0.001"}, kInkala + "\n" + kEasy + "\n");
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0].rfind("unknown: budget spent", 0), 0u) << lines[0];
  EXPECT_NE(r.err.find("1 unknown"), std::string::npos) << r.err;
}

TEST(CliGrade, CsvOfAnUnknownRecordHasTheRatingSoFar) {
  auto r = run_sudokit({"grade", "--nodes", "4000", "--format", "csv"}, kInkala + "\n");
  EXPECT_EQ(r.exit_code, 1);
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  const auto header = sudokit::testing::parse_csv_row(lines[0]);
  const auto row = sudokit::testing::parse_csv_row(lines[1]);
  ASSERT_EQ(header.size(), row.size());
  auto column = [&](const std::string& name) {
    return row[static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin())];
  };
  EXPECT_EQ(column("status"), "unknown");
  EXPECT_EQ(column("level"), "");
  EXPECT_FALSE(column("rating").empty());
  EXPECT_NE(column("error").find("budget spent"), std::string::npos);
}

TEST(CliGrade, UsageErrors) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"grade", "--uniqueness", "maybe"}, {"grade", "--format", "grid"}, {"grade", "--format", "xml"},
           {"grade", "--no-such-option"}, {"grade", "--timeout", "-1"}}) {
    auto r = run_sudokit(args, kEasy + "\n");
    EXPECT_EQ(r.exit_code, 2) << args[1];
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_NE(r.err.find("sudokit grade"), std::string::npos) << r.err;
  }
}

TEST(CliGrade, HelpMentionsLevelsAndUniqueness) {
  auto r = run_sudokit({"grade", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("usage: sudokit grade"), std::string::npos);
  EXPECT_NE(r.out.find("extreme"), std::string::npos);
  EXPECT_NE(r.out.find("unique"), std::string::npos);
}

}  // namespace

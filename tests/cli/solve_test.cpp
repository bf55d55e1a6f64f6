// solve_test.cpp: `sudokit solve` driven as a program (cli/cmd_solve.cpp, output.hpp layouts).
//
// Every answer the program prints is checked with solution_problem() from cli_support.hpp,
// which knows only the rules, so a wrong solution cannot pass because the solver and the
// check share a bug. What is proved here:
//  - known puzzles give known (or independently valid) solutions, with the right status for
//    --limit 1 and 2, in each of the four layouts exactly as output.hpp describes them;
//  - the engines agree on 9×9, --engine fast refuses a 16×16 record without stopping the run;
//  - --threads does not change a byte of the output;
//  - inputs: stdin, files, several files (record numbers run on), '-', a missing file;
//  - hostile input: one output record per input record, in order, never a crash;
//  - other sizes: 4×4, 6×6, 16×16, 25×25, --size / --box / --alphabet.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace {

using nlohmann::json;
using sudokit::testing::CliResult;
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

// The classic example puzzle (Wikipedia's "Sudoku" article) and its published solution.
const std::string kClassic =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kClassicSolution =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
// No solution, yet no two givens clash: row 1 is 12345678 and r1c9 can only be 9, but r2c9
// already holds a 9 (same column and box).
const std::string kNoSolution = std::string("12345678.") + "........9" + std::string(63, '.');
// Two 1s in row 1.
const std::string kClash =
    "11...............................................................................";

std::vector<json> parse_jsonl(const std::string& out) {
  std::vector<json> records;
  for (const std::string& line : split_lines(out)) records.push_back(json::parse(line));
  return records;
}

// About `percent` % of the cells blanked, spread by a fixed hash (so the puzzle is stable).
std::string thinned(const std::string& solution, int percent) {
  std::string out = solution;
  for (std::size_t i = 0; i < out.size(); ++i)
    if ((i * 7919 + 13) % 100 < static_cast<std::size_t>(percent)) out[i] = '.';
  return out;
}

TEST(CliSolve, ClassicPuzzleGivesItsPublishedSolution) {
  auto r = run_sudokit({"solve"}, kClassic + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, kClassicSolution + "\n");
  EXPECT_EQ(solution_problem(kClassic, kClassicSolution), "");
  EXPECT_TRUE(r.err.empty()) << r.err;
}

TEST(CliSolve, CollectionSamplesAreUniqueAndCorrect) {
  std::vector<std::string> puzzles = data_lines("puzzles/17_clue.txt", 300);
  const auto top = data_lines("puzzles/top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 20) puzzles.push_back(top[i]);
  const auto hardest = data_lines("puzzles/hardest_1106.txt");
  for (std::size_t i = 0; i < hardest.size(); i += 25) puzzles.push_back(hardest[i]);
  ASSERT_GT(puzzles.size(), 350u);

  auto r = run_sudokit({"solve"}, join_lines(puzzles));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i)
    EXPECT_EQ(solution_problem(puzzles[i], lines[i]), "") << "record " << i + 1 << ": " << puzzles[i];
}

TEST(CliSolve, LimitOneSaysSolvedLimitTwoDecidesUniqueness) {
  const auto multi = data_lines("puzzles/serg_multi.txt", 3);
  ASSERT_EQ(multi.size(), 3u);
  const std::string input = join_lines({kClassic, multi[0], multi[1], multi[2]});
  const auto statuses = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"solve", "--format", "jsonl"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto r = run_sudokit(args, input);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> out;
    for (const json& j : parse_jsonl(r.out)) {
      out.push_back(j.at("status").get<std::string>() + "/" + std::to_string(j.at("solutions").get<int>()));
      EXPECT_EQ(solution_problem(j.at("puzzle"), j.at("solution")), "") << j.dump();
    }
    return out;
  };
  using V = std::vector<std::string>;
  EXPECT_EQ(statuses({"--limit", "1"}), (V{"solved/1", "solved/1", "solved/1", "solved/1"}));
  EXPECT_EQ(statuses({}), (V{"unique/1", "multiple/2", "multiple/2", "multiple/2"}));
  EXPECT_EQ(statuses({"-l", "2"}), (V{"unique/1", "multiple/2", "multiple/2", "multiple/2"}));
  // Counting further never exceeds the limit and never says unique for these.
  for (const std::string& s : statuses({"--limit", "3"})) EXPECT_TRUE(s == "unique/1" || s == "multiple/3" || s == "multiple/2") << s;
}

// One record of each status, for the layout tests.
struct Mix {
  std::vector<std::string> puzzles;
  std::string multi;
  std::string input() const { return join_lines(puzzles); }
};
Mix status_mix() {
  Mix mix;
  mix.multi = data_lines("puzzles/serg_multi.txt", 1).at(0);
  mix.puzzles = {kClassic, mix.multi, kNoSolution, kClash, "12x"};
  return mix;
}

TEST(CliSolve, LineLayout) {
  const Mix mix = status_mix();
  auto r = run_sudokit({"solve", "--format", "line"}, mix.input());
  EXPECT_EQ(r.exit_code, 1) << "none and invalid records must give exit 1";
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;
  EXPECT_EQ(lines[0], kClassicSolution);
  const std::string multi_prefix = "multiple: at least 2 solutions; one is ";
  ASSERT_EQ(lines[1].rfind(multi_prefix, 0), 0u) << lines[1];
  EXPECT_EQ(solution_problem(mix.multi, lines[1].substr(multi_prefix.size())), "");
  EXPECT_EQ(lines[2], "none: no solution");
  EXPECT_EQ(lines[3].rfind("invalid: givens clash: r1c1 and r1c2", 0), 0u) << lines[3];
  EXPECT_EQ(lines[4].rfind("invalid: ", 0), 0u) << lines[4];
  // Answers never hold ':', everything else does: a script can tell them apart.
  EXPECT_EQ(lines[0].find(':'), std::string::npos);
  for (std::size_t i = 1; i < lines.size(); ++i) EXPECT_NE(lines[i].find(':'), std::string::npos);
  // Diagnostics go to stderr as FILE:LINE: message, one per invalid record.
  const auto diagnostics = split_lines(r.err);
  ASSERT_EQ(diagnostics.size(), 2u) << r.err;
  EXPECT_EQ(diagnostics[0].rfind("<stdin>:4: givens clash: r1c1 and r1c2", 0), 0u) << diagnostics[0];
  EXPECT_EQ(diagnostics[1].rfind("<stdin>:5: ", 0), 0u) << diagnostics[1];
}

TEST(CliSolve, GridLayout) {
  const Mix mix = status_mix();
  auto r = run_sudokit({"solve", "-f", "grid"}, mix.input());
  EXPECT_EQ(r.exit_code, 1);
  const std::string classic_block =
      "5 3 4 | 6 7 8 | 9 1 2\n"
      "6 7 2 | 1 9 5 | 3 4 8\n"
      "1 9 8 | 3 4 2 | 5 6 7\n"
      "------+-------+------\n"
      "8 5 9 | 7 6 1 | 4 2 3\n"
      "4 2 6 | 8 5 3 | 7 9 1\n"
      "7 1 3 | 9 2 4 | 8 5 6\n"
      "------+-------+------\n"
      "9 6 1 | 5 3 7 | 2 8 4\n"
      "2 8 7 | 4 1 9 | 6 3 5\n"
      "3 4 5 | 2 8 6 | 1 7 9\n";
  ASSERT_EQ(r.out.rfind(classic_block + "\n", 0), 0u) << r.out;
  const auto lines = split_lines(r.out);
  // 11 + blank; multiple: comment, 11, blank; none: its status line, blank; 2 invalid: status
  // line, blank (not comments: reading the output back gives one record per record).
  ASSERT_EQ(lines.size(), 12u + 13u + 2u + 2u + 2u) << r.out;
  EXPECT_EQ(lines[12], "# multiple: at least 2 solutions; one is:");
  std::string multi_solution;
  for (std::size_t i = 13; i < 24; ++i)
    for (char c : lines[i])
      if (c >= '1' && c <= '9') multi_solution += c;
  EXPECT_EQ(solution_problem(mix.multi, multi_solution), "");
  EXPECT_EQ(lines[24], "");
  EXPECT_EQ(lines[25], "none: no solution");
  EXPECT_EQ(lines[26], "");
  EXPECT_EQ(lines[27].rfind("invalid: givens clash: r1c1 and r1c2", 0), 0u) << lines[27];
  EXPECT_EQ(lines[28], "");
  EXPECT_EQ(lines[29].rfind("invalid: ", 0), 0u);
  EXPECT_EQ(lines[30], "");
}

TEST(CliSolve, JsonlLayout) {
  const Mix mix = status_mix();
  auto r = run_sudokit({"solve", "--format", "jsonl"}, mix.input());
  EXPECT_EQ(r.exit_code, 1);
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 5u);
  const std::vector<std::string> statuses = {"unique", "multiple", "none", "invalid", "invalid"};
  for (std::size_t i = 0; i < records.size(); ++i) {
    const json& j = records[i];
    SCOPED_TRACE(j.dump());
    EXPECT_EQ(j.at("record"), i + 1);
    EXPECT_EQ(j.at("source"), "<stdin>");
    EXPECT_EQ(j.at("line"), i + 1);
    EXPECT_EQ(j.at("status"), statuses[i]);
    EXPECT_TRUE(j.at("solutions").is_number_unsigned());
    EXPECT_TRUE(j.at("nodes").is_number_unsigned());
    EXPECT_TRUE(j.at("guesses").is_number_unsigned());
    EXPECT_EQ(j.contains("solution"), i < 2);
    EXPECT_EQ(j.contains("error"), i >= 3);
  }
  EXPECT_EQ(records[0].at("puzzle"), kClassic);
  EXPECT_EQ(records[0].at("solution"), kClassicSolution);
  EXPECT_EQ(records[0].at("solutions"), 1);
  EXPECT_EQ(records[1].at("solutions"), 2);
  EXPECT_EQ(solution_problem(mix.multi, records[1].at("solution")), "");
  EXPECT_EQ(records[2].at("solutions"), 0);
  EXPECT_EQ(records[2].at("puzzle"), kNoSolution);
  EXPECT_EQ(records[3].at("puzzle"), kClash);  // readable, so the puzzle is shown
  EXPECT_NE(records[3].at("error").get<std::string>().find("r1c1 and r1c2"), std::string::npos);
  EXPECT_TRUE(records[4].at("puzzle").is_null());  // unreadable: no puzzle to show
  EXPECT_FALSE(records[4].at("error").get<std::string>().empty());
}

TEST(CliSolve, CsvLayout) {
  const Mix mix = status_mix();
  auto r = run_sudokit({"solve", "--format", "csv"}, mix.input());
  EXPECT_EQ(r.exit_code, 1);
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 6u) << r.out;
  EXPECT_EQ(lines[0], "record,source,line,puzzle,status,box,solutions,solution,error");
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    rows.push_back(parse_csv_row(lines[i]));
    ASSERT_EQ(rows.back().size(), 9u) << lines[i];
  }
  EXPECT_EQ(rows[0], (std::vector<std::string>{"1", "<stdin>", "1", kClassic, "unique", "", "1", kClassicSolution, ""}));
  EXPECT_EQ(rows[1][4], "multiple");
  EXPECT_EQ(rows[1][6], "2");
  EXPECT_EQ(solution_problem(mix.multi, rows[1][7]), "");
  EXPECT_EQ(rows[2], (std::vector<std::string>{"3", "<stdin>", "3", kNoSolution, "none", "", "0", "", ""}));
  EXPECT_EQ(rows[3][4], "invalid");
  EXPECT_EQ(rows[3][7], "");
  EXPECT_NE(rows[3][8].find("r1c1 and r1c2"), std::string::npos);
  EXPECT_EQ(rows[4][3], "");
  EXPECT_EQ(rows[4][4], "invalid");
  EXPECT_FALSE(rows[4][8].empty());
}

TEST(CliSolve, CsvQuotesASourceNameWithACommaAndQuote) {
  TempFile file(kClassic + "\n", "_a,\"b\".txt");
  auto r = run_sudokit({"solve", "--format", "csv", file.path()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  const auto row = parse_csv_row(lines[1]);
  ASSERT_EQ(row.size(), 9u) << lines[1];
  EXPECT_EQ(row[1], file.path());
  EXPECT_EQ(row[7], kClassicSolution);
}

TEST(CliSolve, EnginesAgreeOn9x9) {
  std::vector<std::string> puzzles = {kClassic, kNoSolution, kClash};
  const auto top = data_lines("puzzles/top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 15) puzzles.push_back(top[i]);
  const auto multi = data_lines("puzzles/serg_multi.txt", 400);
  for (std::size_t i = 0; i < multi.size(); i += 8) puzzles.push_back(multi[i]);
  const std::string input = join_lines(puzzles);

  // The statuses and counts must agree; a unique solution is the same for every engine, and
  // for multiple records each engine's first solution must be valid (they may differ).
  std::vector<std::vector<json>> runs;
  for (const std::string engine : {"auto", "dlx", "fast"}) {
    auto r = run_sudokit({"solve", "--format", "jsonl", "--engine", engine}, input);
    EXPECT_EQ(r.exit_code, 1) << engine << ": " << r.err;  // kNoSolution, kClash
    runs.push_back(parse_jsonl(r.out));
    ASSERT_EQ(runs.back().size(), puzzles.size()) << engine;
  }
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    for (std::size_t e = 1; e < runs.size(); ++e) {
      EXPECT_EQ(runs[e][i].at("status"), runs[0][i].at("status")) << puzzles[i];
      EXPECT_EQ(runs[e][i].at("solutions"), runs[0][i].at("solutions")) << puzzles[i];
      if (runs[0][i].at("status") == "unique") {
        EXPECT_EQ(runs[e][i].at("solution"), runs[0][i].at("solution"));
      }
    }
    for (const auto& run : runs)
      if (run[i].contains("solution")) {
        EXPECT_EQ(solution_problem(puzzles[i], run[i].at("solution")), "");
      }
  }
}

TEST(CliSolve, FastEngineRefuses16x16RecordButSolvesTheRest) {
  const GridSpec spec{16, 4, 4};
  const std::string big = diagonal_blanked(pattern_solution(spec), 16);
  auto r = run_sudokit({"solve", "--engine", "fast", "--format", "jsonl"}, join_lines({kClassic, big, kClassic}));
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0].at("solution"), kClassicSolution);
  EXPECT_EQ(records[1].at("status"), "invalid");
  EXPECT_FALSE(records[1].at("error").get<std::string>().empty());
  EXPECT_EQ(records[2].at("solution"), kClassicSolution);
  const auto diagnostics = split_lines(r.err);
  ASSERT_EQ(diagnostics.size(), 1u) << r.err;
  EXPECT_EQ(diagnostics[0].rfind("<stdin>:2: ", 0), 0u) << diagnostics[0];
  // The same record is fine for the default engine.
  auto automatic = run_sudokit({"solve"}, big + "\n");
  EXPECT_EQ(automatic.exit_code, 0) << automatic.err;
  EXPECT_EQ(automatic.out, pattern_solution(spec) + "\n");
}

TEST(CliSolve, ThreadCountDoesNotChangeOneByte) {
  std::vector<std::string> puzzles = data_lines("puzzles/17_clue.txt", 3000);
  const auto multi = data_lines("puzzles/serg_multi.txt", 600);
  // Interleave the multi-solution records so slow and fast records share batches.
  for (std::size_t i = 0; i < multi.size(); ++i) puzzles.insert(puzzles.begin() + static_cast<long>(i * 5), multi[i]);
  puzzles.insert(puzzles.begin() + 1000, kClash);
  puzzles.insert(puzzles.begin() + 2000, "garbage line");
  const std::string input = join_lines(puzzles);
  for (const std::string format : {"line", "jsonl"}) {
    auto one = run_sudokit({"solve", "--format", format, "--threads", "1"}, input);
    auto two = run_sudokit({"solve", "--format", format, "-j", "2"}, input);
    auto four = run_sudokit({"solve", "--format", format, "--threads", "4"}, input);
    EXPECT_EQ(one.exit_code, 1);
    EXPECT_EQ(split_lines(one.out).size(), puzzles.size());
    EXPECT_TRUE(one.out == two.out) << format << ": --threads 1 and 2 differ";
    EXPECT_TRUE(one.out == four.out) << format << ": --threads 1 and 4 differ";
    EXPECT_EQ(one.err, two.err);
    EXPECT_EQ(one.exit_code, two.exit_code);
  }
}

TEST(CliSolve, StdinFileAndDashGiveTheSameAnswers) {
  const auto puzzles = data_lines("puzzles/17_clue.txt", 20);
  const std::string input = join_lines(puzzles);
  TempFile file(input);
  auto from_stdin = run_sudokit({"solve"}, input);
  auto from_dash = run_sudokit({"solve", "-"}, input);
  auto from_file = run_sudokit({"solve", file.path()});
  EXPECT_EQ(from_stdin.exit_code, 0);
  EXPECT_EQ(split_lines(from_stdin.out).size(), puzzles.size());
  EXPECT_EQ(from_stdin.out, from_dash.out);
  EXPECT_EQ(from_stdin.out, from_file.out);
  EXPECT_EQ(from_file.exit_code, 0);
}

TEST(CliSolve, RecordNumbersRunOnAcrossFilesAndStdin) {
  const auto puzzles = data_lines("puzzles/17_clue.txt", 6);
  TempFile first("# a comment first\n" + join_lines({puzzles[0], puzzles[1]}));
  TempFile second(join_lines({puzzles[2], puzzles[3], puzzles[4]}));
  auto r = run_sudokit({"solve", "--format", "jsonl", first.path(), "-", second.path()}, puzzles[5] + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 6u);
  const std::vector<std::string> sources = {first.path(), first.path(), "<stdin>", second.path(), second.path(),
                                            second.path()};
  const std::vector<int> lines = {2, 3, 1, 1, 2, 3};
  const std::vector<std::size_t> order = {0, 1, 5, 2, 3, 4};  // which puzzle each record is
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].at("record"), i + 1);
    EXPECT_EQ(records[i].at("source"), sources[i]);
    EXPECT_EQ(records[i].at("line"), lines[i]);
    EXPECT_EQ(solution_problem(puzzles[order[i]], records[i].at("solution")), "") << i;
  }
}

TEST(CliSolve, MissingFileIsReportedAndTheOthersStillSolved) {
  TempFile good(kClassic + "\n");
  const std::string missing = good.path() + ".does-not-exist";
  auto r = run_sudokit({"solve", missing, good.path(), missing + "2"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, kClassicSolution + "\n");
  EXPECT_NE(r.err.find(missing + ":"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(missing + "2:"), std::string::npos) << r.err;
  // A directory cannot be read either; it must not look like an empty success.
  auto dir = run_sudokit({"solve", "/"});
  EXPECT_EQ(dir.exit_code, 2) << dir.out << dir.err;
}

TEST(CliSolve, ExitCodes) {
  const auto multi = data_lines("puzzles/serg_multi.txt", 1);
  EXPECT_EQ(run_sudokit({"solve"}, kClassic + "\n").exit_code, 0);
  EXPECT_EQ(run_sudokit({"solve"}, multi.at(0) + "\n").exit_code, 0);  // a multiple record has a solution
  EXPECT_EQ(run_sudokit({"solve"}, kNoSolution + "\n").exit_code, 1);
  EXPECT_EQ(run_sudokit({"solve"}, kClash + "\n").exit_code, 1);
  EXPECT_EQ(run_sudokit({"solve"}, join_lines({kClassic, "zzz"})).exit_code, 1);
  auto empty = run_sudokit({"solve"}, "");
  EXPECT_EQ(empty.exit_code, 0);
  EXPECT_EQ(empty.out, "");
  auto comments_only = run_sudokit({"solve", "-f", "csv"}, "# nothing here\n\n");
  EXPECT_EQ(comments_only.exit_code, 0);
  EXPECT_EQ(comments_only.out, "record,source,line,puzzle,status,box,solutions,solution,error\n");
}

TEST(CliSolve, HostileInputGivesOneRecordPerRecordInOrder) {
  const auto good = data_lines("puzzles/17_clue.txt", 3);
  struct Case {
    std::string text;     // the record's bytes, without the final newline
    bool valid;
  };
  const std::string g = good[0];
  std::string with_nul = g;
  with_nul[10] = '\0';
  with_nul[11] = '\x01';
  with_nul[12] = '\xff';
  const std::vector<Case> cases = {
      {good[0], true},
      {g.substr(0, 40) + "x" + g.substr(41), false},                 // invalid symbol
      {g.substr(0, 80), false},                                        // wrong length
      {good[1], true},
      {std::string(10u << 20, '5'), false},                            // a 10 MB line
      {with_nul, false},                                               // binary with NUL bytes
      {std::string("\0\0garbage\xfe\xfe", 11), false},                 // pure garbage
      {"11" + g.substr(2), false},                                     // clashing givens
      {good[2], true},
      {std::string(65 * 65, '.'), false},                              // N = 65, too large
      {g, true},
      // A block cut short at the end: each of its lines is a record of its own.
      {"53..7....", false},
      {"6..195...", false},
      {".98....6.", false},
      {"8...6...3", false},
  };
  std::string input;
  std::vector<int> first_lines;
  int line = 1;
  for (const Case& c : cases) {
    first_lines.push_back(line);
    input += c.text + "\n";
    line += static_cast<int>(std::count(c.text.begin(), c.text.end(), '\n')) + 1;
  }
  TempFile file(input);
  auto r = run_sudokit({"solve", "--format", "jsonl", file.path()});
  EXPECT_EQ(r.exit_code, 1);
  std::vector<json> records;
  for (const std::string& text : split_lines(r.out)) records.push_back(json::parse(text));
  ASSERT_EQ(records.size(), cases.size()) << r.out.substr(0, 2000);
  std::size_t invalid = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("record " + std::to_string(i + 1));
    EXPECT_EQ(records[i].at("record"), i + 1);
    EXPECT_EQ(records[i].at("line"), first_lines[i]);
    if (cases[i].valid) {
      EXPECT_EQ(records[i].at("status"), "unique");
      EXPECT_EQ(solution_problem(cases[i].text, records[i].at("solution")), "");
    } else {
      ++invalid;
      EXPECT_EQ(records[i].at("status"), "invalid");
      EXPECT_FALSE(records[i].at("error").get<std::string>().empty());
      const std::string where = file.path() + ":" + std::to_string(first_lines[i]) + ": ";
      EXPECT_NE(r.err.find(where), std::string::npos) << "no '" << where << "' in\n" << r.err;
    }
  }
  EXPECT_EQ(split_lines(r.err).size(), invalid) << r.err;
  // The other layouts keep the one-record-per-record promise too.
  auto line_layout = run_sudokit({"solve", file.path()});
  EXPECT_EQ(split_lines(line_layout.out).size(), cases.size());
  auto csv_layout = run_sudokit({"solve", "-f", "csv", file.path()});
  EXPECT_EQ(split_lines(csv_layout.out).size(), cases.size() + 1);
}

// --- other sizes -------------------------------------------------------------------------

TEST(CliSolve, OtherSizesAsOneLiners) {
  for (const GridSpec& spec : {GridSpec{4, 2, 2}, GridSpec{6, 2, 3}, GridSpec{16, 4, 4}, GridSpec{25, 5, 5}}) {
    SCOPED_TRACE(spec.n);
    const std::string solution = pattern_solution(spec);
    ASSERT_EQ(solution_problem(solution, solution, spec), "");
    const std::string forced = diagonal_blanked(solution, spec.n);
    // 40 % blank keeps 25×25 well away from the hard phase transition of random completion
    // (around 45 % givens, where plain DLX can take minutes).
    const std::string open = thinned(solution, 40);
    auto r = run_sudokit({"solve", "--format", "jsonl"}, join_lines({forced, open}));
    EXPECT_EQ(r.exit_code, 0) << r.err;
    const auto records = parse_jsonl(r.out);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].at("status"), "unique");
    EXPECT_EQ(records[0].at("solution"), solution);
    EXPECT_EQ(records[0].at("puzzle"), forced);
    EXPECT_EQ(records[1].at("puzzle"), open);
    EXPECT_EQ(solution_problem(open, records[1].at("solution"), spec), "");
    auto limited = run_sudokit({"solve", "--limit", "1"}, open + "\n");
    EXPECT_EQ(limited.exit_code, 0);
    EXPECT_EQ(solution_problem(open, limited.out.substr(0, limited.out.size() - 1), spec), "") << limited.out;
  }
}

TEST(CliSolve, SixBySixWithTallBoxesNeedsBoxOption) {
  // Valid only with 3-row × 2-column boxes; read with the default 2×3 boxes it clashes.
  const GridSpec tall{6, 3, 2};
  const std::string solution = pattern_solution(tall);
  const std::string puzzle = diagonal_blanked(solution, 6);
  auto with_box = run_sudokit({"solve", "--box", "3x2"}, puzzle + "\n");
  EXPECT_EQ(with_box.exit_code, 0) << with_box.err;
  EXPECT_EQ(with_box.out, solution + "\n");
  auto with_size_and_box = run_sudokit({"solve", "--size", "6", "--box", "3x2"}, puzzle + "\n");
  EXPECT_EQ(with_size_and_box.out, solution + "\n");
  auto default_box = run_sudokit({"solve"}, puzzle + "\n");
  EXPECT_EQ(default_box.exit_code, 1);
  EXPECT_EQ(default_box.out.rfind("invalid: ", 0), 0u) << default_box.out;
}

TEST(CliSolve, BlocksAndForcedSize) {
  // A 4×4 block of 4 lines, and a 16×16 block that needs --size 16 (16 symbols alone are a 4×4).
  const GridSpec small{4, 2, 2};
  const std::string small_solution = pattern_solution(small);
  const std::string small_puzzle = diagonal_blanked(small_solution, 4);
  std::string block;
  for (int r = 0; r < 4; ++r) block += small_puzzle.substr(static_cast<std::size_t>(r * 4), 4) + "\n";
  auto r4 = run_sudokit({"solve"}, block);
  EXPECT_EQ(r4.exit_code, 0) << r4.err;
  EXPECT_EQ(r4.out, small_solution + "\n");

  const GridSpec big{16, 4, 4};
  const std::string big_solution = pattern_solution(big);
  const std::string big_puzzle = thinned(big_solution, 40);
  std::string big_block;
  for (int r = 0; r < 16; ++r) big_block += big_puzzle.substr(static_cast<std::size_t>(r * 16), 16) + "\n";
  auto r16 = run_sudokit({"solve", "--size", "16", "--limit", "1", "--format", "jsonl"}, big_block);
  EXPECT_EQ(r16.exit_code, 0) << r16.err;
  const auto records = parse_jsonl(r16.out);
  ASSERT_EQ(records.size(), 1u) << r16.out;
  EXPECT_EQ(records[0].at("puzzle"), big_puzzle);
  EXPECT_EQ(solution_problem(big_puzzle, records[0].at("solution"), big), "");
}

TEST(CliSolve, HexAlphabetReadsAndWritesItsSymbols) {
  GridSpec hex{16, 4, 4};
  hex.symbols = "0123456789ABCDEF";
  hex.zero_is_empty = false;
  const std::string solution = pattern_solution(hex);
  ASSERT_NE(solution.find('0'), std::string::npos);
  const std::string puzzle = thinned(solution, 45);
  auto r = run_sudokit({"solve", "--alphabet", "0123456789ABCDEF", "--format", "jsonl"}, puzzle + "\n");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].at("puzzle"), puzzle);  // '0' is a digit here, not an empty cell
  EXPECT_EQ(solution_problem(puzzle, records[0].at("solution"), hex), "");
  // With the standard alphabet '0' means empty: the same text is another puzzle.
  auto plain = run_sudokit({"solve", "--format", "jsonl", "--limit", "1"}, puzzle + "\n");
  const auto plain_records = parse_jsonl(plain.out);
  ASSERT_EQ(plain_records.size(), 1u);
  EXPECT_NE(plain_records[0].at("puzzle"), puzzle);
}

}  // namespace

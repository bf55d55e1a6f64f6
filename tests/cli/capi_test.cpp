// capi_test.cpp: the C API (sudokit/sudokit.h in libsudokit) against the program and the
// C++ libraries it wraps.
//
// Linked against libsudokit alone (tests/CMakeLists.txt gives capi tests no static library),
// so it also checks that the shared library exports the C++ API the oracles below call.
//  - sudokit_generate must give exactly record `index` of `sudokit generate --seed S --size N`:
//    compared with the program for several seeds, indices and sizes.
//  - sudokit_count: known counts (unique, several solutions, none), every solution checked by
//    the grid's independent checker, invalid input named in sudokit_last_error().
//  - sudokit_grade / sudokit_score: equal to `sudokit grade` / `sudokit score` on a collection.
//  - thread safety: many threads calling at once get the same answers as one thread, and each
//    thread's last error is its own.
#include "sudokit/sudokit.h"

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "cli_support.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/version.hpp"

namespace {

using sudokit::testing::run_sudokit;
using sudokit::testing::split_lines;

constexpr const char* kUnique =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
// Two givens removed from a unique puzzle: several solutions.
constexpr const char* kMultiple =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

std::string count_solution(const std::string& puzzle, long limit, long* count) {
  char line[128];
  *count = sudokit_count(puzzle.c_str(), limit, line, sizeof line);
  return *count > 0 ? std::string(line) : std::string();
}

bool solves(const std::string& puzzle, const std::string& solution) {
  const auto p = sudokit::parse_record(puzzle);
  const auto s = sudokit::parse_record(solution);
  std::string why;
  return p.grid && s.grid && sudokit::is_solution_of(*p.grid, *s.grid, &why);
}

std::vector<std::string> collection(const std::string& name, std::size_t max) {
  return sudokit::testing::data_lines(name, max);
}

TEST(CApi, VersionIsTheProjectVersion) {
  EXPECT_STREQ(sudokit_version(), SUDOKIT_VERSION_STRING);
  EXPECT_STREQ(sudokit_last_error(), "");
}

TEST(CApi, CountsKnownPuzzles) {
  long count = 0;
  const std::string unique = count_solution(kUnique, 2, &count);
  EXPECT_EQ(count, 1) << sudokit_last_error();
  EXPECT_TRUE(solves(kUnique, unique)) << unique;
  EXPECT_STREQ(sudokit_last_error(), "");

  const std::string first = count_solution(kMultiple, 10, &count);
  EXPECT_GE(count, 2);
  EXPECT_TRUE(solves(kMultiple, first));
  // The count stops at the limit.
  EXPECT_EQ(sudokit_count(kMultiple, 2, nullptr, 0), 2);

  // Valid givens, no solution: the first row needs a 9 at r1c9, the column already has one.
  const std::string none = "12345678.........9" + std::string(81 - 18, '.');
  EXPECT_EQ(sudokit_count(none.c_str(), 2, nullptr, 0), 0) << sudokit_last_error();

  // Other layouts: a 4x4 one-liner with several solutions, the integer form of kUnique.
  EXPECT_GE(sudokit_count("1...............", 2, nullptr, 0), 2);
  std::string numbers;
  for (const char c : std::string(kUnique)) numbers += (c == '.' ? std::string("0") : std::string(1, c)) + " ";
  EXPECT_EQ(count_solution(numbers, 2, &count), unique);
}

TEST(CApi, RejectsInvalidInputWithAReason) {
  char line[128];
  std::string clash = kUnique;
  clash[1] = '4';  // r1c1 and r1c2 both 4
  EXPECT_EQ(sudokit_count(clash.c_str(), 2, line, sizeof line), -1);
  EXPECT_NE(std::string(sudokit_last_error()).find("clash"), std::string::npos) << sudokit_last_error();

  EXPECT_EQ(sudokit_count("not a puzzle", 2, line, sizeof line), -1);
  EXPECT_STRNE(sudokit_last_error(), "");
  EXPECT_EQ(sudokit_count(nullptr, 2, line, sizeof line), -1);
  EXPECT_EQ(sudokit_count(kUnique, 0, line, sizeof line), -1);
  EXPECT_NE(std::string(sudokit_last_error()).find("limit"), std::string::npos);

  // A buffer one byte short is refused and left untouched.
  char small[81];
  small[0] = 'x';
  EXPECT_EQ(sudokit_count(kUnique, 2, small, sizeof small), -1);
  EXPECT_NE(std::string(sudokit_last_error()).find("82"), std::string::npos) << sudokit_last_error();
  EXPECT_EQ(small[0], 'x');
  // And a success clears the error.
  EXPECT_EQ(sudokit_count(kUnique, 2, line, sizeof line), 1);
  EXPECT_STREQ(sudokit_last_error(), "");

  EXPECT_EQ(sudokit_generate(1, 0, 0, line, sizeof line), -1);
  EXPECT_EQ(sudokit_generate(1, 0, 65, line, sizeof line), -1);
  EXPECT_NE(std::string(sudokit_last_error()).find("65"), std::string::npos);
  EXPECT_EQ(sudokit_grade(clash.c_str(), nullptr), -1);
  long long score = 0;
  EXPECT_EQ(sudokit_score(clash.c_str(), &score, nullptr, 0), -1);
  EXPECT_EQ(sudokit_level_name(5), nullptr);
  EXPECT_NE(std::string(sudokit_last_error()).find("level 5"), std::string::npos) << sudokit_last_error();
  EXPECT_EQ(sudokit_technique_name(-1), nullptr);
  EXPECT_NE(std::string(sudokit_last_error()).find("technique -1"), std::string::npos) << sudokit_last_error();
  // Every call clears the last error, those that cannot fail too.
  for (int call = 0; call < 3; ++call) {
    EXPECT_EQ(sudokit_count("not a puzzle", 2, line, sizeof line), -1);
    ASSERT_STRNE(sudokit_last_error(), "");
    if (call == 0) EXPECT_NE(sudokit_version(), nullptr);
    if (call == 1) EXPECT_STREQ(sudokit_level_name(1), "medium");
    if (call == 2) EXPECT_NE(sudokit_technique_name(3), nullptr);
    EXPECT_STREQ(sudokit_last_error(), "") << call;
  }
  // Two records where one puzzle is asked for: an error, not the first record's answer.
  const std::string two = std::string(kUnique) + "\n" + kUnique + "\n";
  EXPECT_EQ(sudokit_count(two.c_str(), 2, line, sizeof line), -1);
  EXPECT_NE(std::string(sudokit_last_error()).find("more than one record"), std::string::npos) << sudokit_last_error();
}

// As `sudokit grade`: a puzzle of several solutions is refused after the uniqueness check,
// never graded first (a 25x25 of one given took minutes technique by technique).
TEST(CApi, GradeRefusesSeveralSolutionsBeforeGrading) {
  sudokit_grade_info info{};
  const std::string open25 = "1" + std::string(25 * 25 - 1, '.');
  EXPECT_EQ(sudokit_grade(open25.c_str(), &info), -1);
  EXPECT_NE(std::string(sudokit_last_error()).find("2 or more solutions"), std::string::npos) << sudokit_last_error();
  EXPECT_EQ(sudokit_grade(kMultiple, &info), -1);
  EXPECT_NE(std::string(sudokit_last_error()).find("2 or more solutions"), std::string::npos) << sudokit_last_error();
}

TEST(CApi, GenerateIsTheProgramsRecord) {
  struct Case {
    unsigned long long seed;
    int n;
    int count;
  };
  for (const Case c : {Case{2026, 9, 6}, Case{18446744073709551615ULL, 9, 3}, Case{7, 4, 8}, Case{11, 6, 5},
                       Case{5, 16, 1}}) {
    const auto r = run_sudokit({"generate", "--seed", std::to_string(c.seed), "--size", std::to_string(c.n), "--count",
                                std::to_string(c.count)});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto lines = split_lines(r.out);
    ASSERT_EQ(lines.size(), static_cast<std::size_t>(c.count));
    for (int i = 0; i < c.count; ++i) {
      std::vector<char> puzzle(static_cast<std::size_t>(c.n * c.n + 1));
      ASSERT_EQ(sudokit_generate(c.seed, static_cast<unsigned long long>(i), c.n, puzzle.data(), puzzle.size()), 0)
          << sudokit_last_error();
      EXPECT_EQ(std::string(puzzle.data()), lines[static_cast<std::size_t>(i)]) << "seed " << c.seed << " index " << i;
      EXPECT_EQ(sudokit_count(puzzle.data(), 2, nullptr, 0), 1);
    }
  }
  // An index alone, far into the run: the program's record 40 of the same run.
  const auto r = run_sudokit({"generate", "--seed", "99", "--count", "41"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  char puzzle[82];
  ASSERT_EQ(sudokit_generate(99, 40, 9, puzzle, sizeof puzzle), 0);
  EXPECT_EQ(std::string(puzzle), split_lines(r.out).back());
}

TEST(CApi, GradeAndScoreMatchTheProgram) {
  const auto puzzles = collection("puzzles/top1465.txt", 40);
  ASSERT_EQ(puzzles.size(), 40u);
  std::string input;
  for (const auto& p : puzzles) input += p + "\n";
  const auto graded = run_sudokit({"grade"}, input);
  const auto scored = run_sudokit({"score"}, input);
  ASSERT_EQ(scored.exit_code, 0) << scored.err;
  const auto grade_lines = split_lines(graded.out);
  const auto score_lines = split_lines(scored.out);
  ASSERT_EQ(grade_lines.size(), puzzles.size()) << graded.err;
  ASSERT_EQ(score_lines.size(), puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    sudokit_grade_info info{};
    ASSERT_EQ(sudokit_grade(puzzles[i].c_str(), &info), 0) << sudokit_last_error();
    char rating[16];
    std::snprintf(rating, sizeof rating, "%.1f", info.rating);
    const std::string line = std::string(sudokit_level_name(info.level)) + " " + rating + " " +
                             std::to_string(info.score) + " " + (info.hardest < 0 ? "none" : sudokit_technique_name(info.hardest));
    EXPECT_EQ(line, grade_lines[i]) << puzzles[i];
    EXPECT_GT(info.steps, 0);

    long long score = 0;
    char solution[82];
    ASSERT_EQ(sudokit_score(puzzles[i].c_str(), &score, solution, sizeof solution), 1) << sudokit_last_error();
    EXPECT_EQ(std::to_string(score), score_lines[i]);
    EXPECT_TRUE(solves(puzzles[i], solution));
  }
  // No solution: 0, and the score is left alone.
  const std::string none = "12345678.........9" + std::string(81 - 18, '.');
  long long score = 7;
  EXPECT_EQ(sudokit_score(none.c_str(), &score, nullptr, 0), 0);
  EXPECT_EQ(score, 7);
}

TEST(CApi, ThreadsGetTheSameAnswersAndTheirOwnErrors) {
  const auto puzzles = collection("puzzles/hardest_1106.txt", 64);
  ASSERT_EQ(puzzles.size(), 64u);
  std::vector<std::string> expected(puzzles.size());
  long count = 0;
  for (std::size_t i = 0; i < puzzles.size(); ++i) expected[i] = count_solution(puzzles[i], 2, &count);

  constexpr int kThreads = 8;
  std::atomic<int> mismatches{0}, wrong_errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 4; ++round) {
        for (std::size_t i = static_cast<std::size_t>(t); i < puzzles.size(); i += 3) {
          long n = 0;
          if (count_solution(puzzles[i], 2, &n) != expected[i]) ++mismatches;
          // Odd threads fail on purpose; even threads' errors must stay empty.
          if (t % 2 == 1) {
            if (sudokit_count("bad", 2, nullptr, 0) != -1 || std::string(sudokit_last_error()).empty()) ++wrong_errors;
          } else if (std::string(sudokit_last_error()) != "") {
            ++wrong_errors;
          }
          char puzzle[82];
          if (sudokit_generate(3, i, 9, puzzle, sizeof puzzle) != 0) ++mismatches;
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(mismatches.load(), 0);
  EXPECT_EQ(wrong_errors.load(), 0);
}

}  // namespace

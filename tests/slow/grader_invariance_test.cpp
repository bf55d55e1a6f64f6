// grader_invariance_test.cpp (slow): thousands of random symmetry transformations of the
// SE-rated development set and of hardest_1106 grade exactly like their originals (rating,
// score, level, hardest technique, technique counts, guesses).
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grader_symmetry.hpp"
#include "sudokit/grader.hpp"
#include "test_support.hpp"

namespace {

void check(const std::vector<std::string>& lines, int per_puzzle, unsigned seed, int& compared) {
  std::mt19937 rng(seed);
  sudokit::Grader grader;
  sudokit::GradeOptions options;
  options.record_path = false;
  for (const std::string& line : lines) {
    const sudokit::Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const sudokit::Grade a = grader.grade(puzzle, options);
    for (int k = 0; k < per_puzzle; ++k) {
      const sudokit::Grade b = grader.grade(sudokit::testing::random_transform(puzzle, rng), options);
      EXPECT_EQ(a.rating, b.rating) << line;
      EXPECT_EQ(a.score, b.score) << line;
      EXPECT_EQ(a.level, b.level) << line;
      EXPECT_EQ(a.hardest, b.hardest) << line;
      EXPECT_EQ(a.counts, b.counts) << line;
      EXPECT_EQ(a.guesses, b.guesses) << line;
      ++compared;
    }
  }
}

TEST(GraderInvarianceSlow, ThousandsOfTransformsKeepTheGrade) {
  int compared = 0;
  using sudokit::testing::kSanitizerStride;
  check(sudokit::testing::every_nth(sudokit::testing::load_lines("rated/se_dev.txt"), 6 * kSanitizerStride), 2, 99,
        compared);
  check(sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/hardest_1106.txt"), 3 * kSanitizerStride), 2, 5,
        compared);
  EXPECT_GE(compared, static_cast<int>(3000 / kSanitizerStride));
}

}  // namespace

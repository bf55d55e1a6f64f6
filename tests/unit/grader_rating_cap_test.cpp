// grader_rating_cap_test.cpp: GradeOptions::rating_cap against the whole grade.
//
// A capped grade stops once the rating is known to be above the cap, and skips the
// techniques rated above it. What must hold, on SE-rated puzzles of every band (every 40th
// of ../shared/data/rated/se_dev.txt) and caps at the level boundaries and between them:
//   - a puzzle the whole grade rates within the cap grades exactly the same under the cap
//     (rating, level, score, hardest technique), not capped;
//   - a puzzle rated above it is capped, with the cap plus 0.1 as its rating: a lower bound,
//     so never above the whole grade's rating, and the level of that bound.
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grader.hpp"
#include "test_support.hpp"

namespace {

using sudokit::Grade;
using sudokit::GradeOptions;

TEST(GraderRatingCap, WithinTheCapTheWholeGradeAboveItALowerBound) {
  const std::vector<std::string> lines = sudokit::testing::load_lines("rated/se_dev.txt");
  ASSERT_GT(lines.size(), 1000u);
  sudokit::Grader grader;
  int within = 0, above = 0;
  for (std::size_t i = 0; i < lines.size(); i += 40) {
    const sudokit::Grid puzzle = sudokit::testing::grid_from_line(lines[i].substr(0, 81));
    const Grade whole = grader.grade(puzzle);
    ASSERT_EQ(whole.status, sudokit::GradeStatus::graded) << lines[i];
    EXPECT_FALSE(whole.capped);
    for (const double cap : {2.4, 3.9, 5.9, 6.6, 7.4, 8.5}) {
      GradeOptions options;
      options.rating_cap = cap;
      const Grade capped = grader.grade(puzzle, options);
      const std::string what = lines[i] + " cap " + std::to_string(cap);
      ASSERT_EQ(capped.status, sudokit::GradeStatus::graded) << what;
      if (std::lround(whole.rating * 10) <= std::lround(cap * 10)) {
        ++within;
        EXPECT_FALSE(capped.capped) << what;
        EXPECT_EQ(std::lround(capped.rating * 10), std::lround(whole.rating * 10)) << what;
        EXPECT_EQ(capped.level, whole.level) << what;
        EXPECT_EQ(capped.score, whole.score) << what;
        EXPECT_EQ(capped.hardest, whole.hardest) << what;
      } else {
        ++above;
        EXPECT_TRUE(capped.capped) << what;
        EXPECT_EQ(std::lround(capped.rating * 10), std::lround(cap * 10) + 1) << what;
        EXPECT_LE(capped.rating, whole.rating + 1e-9) << what;
        EXPECT_EQ(capped.level, sudokit::level_for_rating(cap + 0.1)) << what;
        EXPECT_LE(capped.level, whole.level) << what;
      }
    }
  }
  // Both sides seen many times (the dev set spans SE 2.5 to 9.3).
  EXPECT_GT(within, 100);
  EXPECT_GT(above, 100);
}

}  // namespace

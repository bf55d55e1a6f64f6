// variant_grade_check.hpp: the soundness check of a graded path against the puzzle's
// solution, shared by the variant grading tests (x, hyper, jigsaw, killer).
//
// Every step is replayed on a grid: each placement must be the solution's digit, no
// elimination may remove the solution's digit, every placement must land on an empty cell,
// and the path must end at the solution.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "sudokit/grader.hpp"
#include "sudokit/variant.hpp"

namespace sudokit::testing {

/// Checks `g` (graded with its path) against `solution`; `what` names the puzzle in failures.
inline void expect_sound_path(const Grade& g, const Grid& puzzle, const Grid& solution, const Rules& rules,
                              const std::string& what) {
  ASSERT_EQ(g.status, GradeStatus::graded) << what << ": " << g.error;
  EXPECT_TRUE(g.unique) << what;
  EXPECT_FALSE(g.used_uniqueness) << what;
  EXPECT_EQ(g.level, level_for_rating(g.rating)) << what;
  Grid board = puzzle;
  for (std::size_t i = 0; i < g.path.size(); ++i) {
    const Step& s = g.path[i];
    const std::string at = what + " step " + std::to_string(i + 1) + ": " + describe_step(s, rules);
    for (const CellDigit& e : s.eliminations)
      ASSERT_NE(solution.cells[static_cast<std::size_t>(e.cell)], e.digit) << at;
    for (const CellDigit& p : s.placements) {
      ASSERT_EQ(solution.cells[static_cast<std::size_t>(p.cell)], p.digit) << at;
      ASSERT_EQ(board.cells[static_cast<std::size_t>(p.cell)], 0) << at;
      board.cells[static_cast<std::size_t>(p.cell)] = static_cast<std::uint8_t>(p.digit);
    }
  }
  EXPECT_EQ(board, solution) << what << ": the path does not end at the solution";
}

}  // namespace sudokit::testing

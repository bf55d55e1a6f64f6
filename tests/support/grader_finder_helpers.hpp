// grader_finder_helpers.hpp: for the white-box tests of single finders on hand-built 9×9
// boards: confining a digit to some places of a row or column, and asking one technique for
// its step (found: it must fire; finds: whether it does).
#pragma once

#include <algorithm>
#include <initializer_list>

#include <gtest/gtest.h>

#include "board.hpp"
#include "grader_board_helpers.hpp"
#include "sudokit/grader.hpp"

namespace sudokit::testing {

/// Keeps `digit` in row `row` only at the given columns (1-based).
inline void confine_row(grading::Board& b, int digit, int row, std::initializer_list<int> cols) {
  for (int c = 1; c <= 9; ++c)
    if (std::find(cols.begin(), cols.end(), c) == cols.end()) b.eliminate(rc(row, c), digit);
}

/// Keeps `digit` in column `col` only at the given rows (1-based).
inline void confine_col(grading::Board& b, int digit, int col, std::initializer_list<int> rows) {
  for (int r = 1; r <= 9; ++r)
    if (std::find(rows.begin(), rows.end(), r) == rows.end()) b.eliminate(rc(r, col), digit);
}

/// The step `technique` finds on `board`; a test failure when it finds none or another kind.
inline Step found(const grading::Board& board, Technique technique) {
  Step step;
  EXPECT_TRUE(grading::find_technique(technique, board, step)) << technique_name(technique);
  EXPECT_EQ(step.technique, technique);
  return step;
}

/// Whether `technique` finds a step on `board`.
inline bool finds(const grading::Board& board, Technique technique) {
  Step step;
  return grading::find_technique(technique, board, step);
}

}  // namespace sudokit::testing

// Tests of the Sudoku exact-cover encoding (sudoku_dlx.hpp): pinned column numbers for
// several shapes, the structural counts (4 columns per row, N rows per column), and a
// differential check of the specialised SudokuDlx against the generic ExactCover loaded with
// the same matrix (same counts, same first solution, same search cost).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudoku_dlx.hpp"
#include "sudokit/exact_cover.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

using Columns = std::array<int, 4>;

Shape shape_of(int n, int box_rows, int box_cols) {
  auto s = make_shape(n, box_rows, box_cols);
  EXPECT_TRUE(s.has_value());
  return s.value_or(Shape{});
}

TEST(SudokuEncoding, PinnedColumns9x9) {
  const Shape s{9, 3, 3};
  EXPECT_EQ(dlx::candidate_rows(s), 729);
  EXPECT_EQ(dlx::constraint_columns(s), 324);
  EXPECT_EQ(dlx::candidate_row(s, 0, 0, 1), 0);
  EXPECT_EQ(dlx::candidate_columns(s, 0, 0, 1), (Columns{0, 81, 162, 243}));
  // r4 c7 d5: cell 43, box 5.
  EXPECT_EQ(dlx::candidate_row(s, 4, 7, 5), 391);
  EXPECT_EQ(dlx::candidate_columns(s, 4, 7, 5), (Columns{43, 121, 229, 292}));
  EXPECT_EQ(dlx::candidate_columns(s, 8, 8, 9), (Columns{80, 161, 242, 323}));
  EXPECT_EQ(dlx::candidate_row(s, 8, 8, 9), 728);
  // r2 c6 d3: top-right box (2).
  EXPECT_EQ(dlx::candidate_columns(s, 2, 6, 3), (Columns{24, 101, 218, 263}));
}

TEST(SudokuEncoding, PinnedColumns6x6With2x3Boxes) {
  const Shape s = shape_of(6, 2, 3);
  EXPECT_EQ(dlx::candidate_rows(s), 216);
  EXPECT_EQ(dlx::constraint_columns(s), 144);
  // r3 c4 d2: cell 22, box (3/2)·2 + 4/3 = 3.
  EXPECT_EQ(dlx::candidate_row(s, 3, 4, 2), 133);
  EXPECT_EQ(dlx::candidate_columns(s, 3, 4, 2), (Columns{22, 55, 97, 127}));
  // r1 c2 d6: box 0 (rows 0-1, columns 0-2).
  EXPECT_EQ(dlx::candidate_columns(s, 1, 2, 6), (Columns{8, 47, 89, 113}));
}

TEST(SudokuEncoding, PinnedColumns12x12With3x4Boxes) {
  const Shape s = shape_of(12, 3, 4);
  EXPECT_EQ(dlx::candidate_rows(s), 1728);
  EXPECT_EQ(dlx::constraint_columns(s), 576);
  // r5 c9 d12: cell 69, box (5/3)·3 + 9/4 = 5.
  EXPECT_EQ(dlx::candidate_row(s, 5, 9, 12), 839);
  EXPECT_EQ(dlx::candidate_columns(s, 5, 9, 12), (Columns{69, 215, 407, 503}));
  // r11 c0 d1: box 9 (bottom left).
  EXPECT_EQ(dlx::candidate_columns(s, 11, 0, 1), (Columns{132, 276, 288, 540}));
}

class EncodingShapes : public ::testing::TestWithParam<std::array<int, 3>> {};

TEST_P(EncodingShapes, EveryRowHasFourColumnsEveryColumnNRows) {
  const auto [n, box_rows, box_cols] = GetParam();
  const Shape s = shape_of(n, box_rows, box_cols);
  const int nn = n * n;
  std::vector<int> per_column(static_cast<std::size_t>(dlx::constraint_columns(s)), 0);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int d = 1; d <= n; ++d) {
        const int row = dlx::candidate_row(s, r, c, d);
        const Columns cols = dlx::candidate_columns(s, r, c, d);
        ASSERT_EQ(dlx::row_columns(s, row), cols) << "row " << row;
        // One column of each kind, in kind order, each in its own band.
        for (int k = 0; k < 4; ++k) {
          EXPECT_GE(cols[static_cast<std::size_t>(k)], k * nn);
          EXPECT_LT(cols[static_cast<std::size_t>(k)], (k + 1) * nn);
          ++per_column[static_cast<std::size_t>(cols[static_cast<std::size_t>(k)])];
        }
        EXPECT_EQ(cols[0], row / n) << "the cell column is row / N";
        EXPECT_EQ(cols[3], 3 * nn + s.box_of(r, c) * n + d - 1);
      }
  for (std::size_t col = 0; col < per_column.size(); ++col) EXPECT_EQ(per_column[col], n) << "column " << col;
  // Row ids are a bijection onto [0, N³).
  std::vector<int> seen(static_cast<std::size_t>(dlx::candidate_rows(s)), 0);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      for (int d = 1; d <= n; ++d) ++seen[static_cast<std::size_t>(dlx::candidate_row(s, r, c, d))];
  for (int hits : seen) EXPECT_EQ(hits, 1);
}

INSTANTIATE_TEST_SUITE_P(Shapes, EncodingShapes,
                         ::testing::Values(std::array<int, 3>{1, 1, 1}, std::array<int, 3>{4, 2, 2},
                                           std::array<int, 3>{6, 2, 3}, std::array<int, 3>{6, 3, 2},
                                           std::array<int, 3>{8, 2, 4}, std::array<int, 3>{9, 3, 3},
                                           std::array<int, 3>{9, 1, 9}, std::array<int, 3>{12, 3, 4},
                                           std::array<int, 3>{16, 4, 4}));

TEST(SudokuEncoding, GenericEngineCountsThe4x4Grids) {
  // There are exactly 288 filled 4×4 Sudoku grids.
  ExactCover ec;
  dlx::build_exact_cover(shape_of(4, 2, 2), ec);
  EXPECT_EQ(ec.rows(), 64);
  EXPECT_EQ(ec.primary_columns(), 64);
  EXPECT_EQ(ec.count(1000), 288u);
  std::string why;
  EXPECT_TRUE(ec.check_invariants(&why)) << why;
  // 6×6 with 2×3 boxes: 28,200,960 grids; counting to a limit must stop exactly there.
  dlx::build_exact_cover(shape_of(6, 2, 3), ec);
  EXPECT_EQ(ec.count(5000), 5000u);
  EXPECT_TRUE(ec.check_invariants(&why)) << why;
}

// The specialised engine relinks per puzzle exactly the matrix that select()ing the givens
// leaves in the generic engine, with the same row and column order, and picks the same
// column wherever no open column is empty; where one is, it backtracks at once while the
// generic engine may first descend through forced columns. So its search tree is the generic
// tree with dead ends cut: same count, same solutions in the same order, never more rows
// tried or guesses.
TEST(SudokuEncoding, SpecialisedEngineMatchesGenericEngine) {
  const Shape s{9, 3, 3};
  ExactCover generic;
  dlx::build_exact_cover(s, generic);
  dlx::SudokuDlx special(s);
  std::vector<std::string> lines = testing::every_nth(testing::load_lines("puzzles/17_clue.txt"), 997);
  for (const auto& line : testing::every_nth(testing::load_lines("puzzles/serg_multi.txt"), 499)) lines.push_back(line);
  for (const auto& line : testing::load_lines("puzzles/hardest_1106.txt", 10)) lines.push_back(line);
  ASSERT_GT(lines.size(), 60u);
  for (const auto& line : lines) {
    const Grid puzzle = testing::grid_from_line(line);
    for (int cell = 0; cell < 81; ++cell) {
      const int digit = puzzle.cells[static_cast<std::size_t>(cell)];
      if (digit) {
        ASSERT_TRUE(generic.select(dlx::candidate_row(s, cell / 9, cell % 9, digit)));
      }
    }
    for (std::uint64_t limit : {1u, 2u, 50u}) {
      generic.reset_stats();
      std::vector<std::uint8_t> first_generic(81, 0);
      const std::uint64_t generic_count = generic.search(limit, [&](std::span<const int> rows) {
        if (first_generic[0] == 0)
          for (int row : rows) first_generic[static_cast<std::size_t>(row / 9)] = static_cast<std::uint8_t>(row % 9 + 1);
        return true;
      });
      SearchStats special_stats;
      std::vector<std::uint8_t> first_special(81, 0);
      const std::uint64_t special_count = special.solve(puzzle.cells.data(), limit, first_special.data(), 1, &special_stats);
      ASSERT_EQ(special_count, generic_count) << line << " limit " << limit;
      EXPECT_EQ(first_special, first_generic) << line;
      EXPECT_LE(special_stats.nodes, generic.stats().nodes) << line << " limit " << limit;
      EXPECT_LE(special_stats.guesses, generic.stats().guesses) << line << " limit " << limit;
      EXPECT_GT(special_stats.nodes, 0u);
    }
    generic.unselect_all();
    std::string why;
    ASSERT_TRUE(generic.check_invariants(&why)) << why;
  }
}

}  // namespace
}  // namespace sudokit

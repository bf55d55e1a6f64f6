// verifier_test.cpp: sudokit::Verifier called directly (verifier/).
//
// The same verdicts the `verify` command prints, checked at the library level where the
// evidence can be compared with grid.hpp's independent checks: is_solution_of for every
// solution, differing_cells for the cells two solutions disagree on, and, for minimality,
// a from-scratch recount of every one-clue-removed puzzle with a separate Solver.
#include <algorithm>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/verifier.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

using testing::every_nth;
using testing::grid_from_line;
using testing::load_lines;

const std::string kNoSolution = std::string("12345678.") + "........9" + std::string(63, '.');

// A valid n×n solution for any box (shifted rows), as digits.
Grid pattern_grid(const Shape& shape) {
  Grid g(shape);
  for (int r = 0; r < shape.n; ++r)
    for (int c = 0; c < shape.n; ++c)
      g.at(r, c) = static_cast<std::uint8_t>((shape.box_cols * (r % shape.box_rows) + r / shape.box_rows + c) % shape.n + 1);
  return g;
}

TEST(Verifier, SeventeenClueSampleIsUniqueAndMinimal) {
  const auto puzzles = every_nth(load_lines("puzzles/17_clue.txt"), 200);
  ASSERT_GE(puzzles.size(), 245u);
  Verifier verifier;
  for (const std::string& line : puzzles) {
    SCOPED_TRACE(line);
    const Grid puzzle = grid_from_line(line);
    const Verification v = verifier.verify(puzzle, /*check_minimal=*/true);
    ASSERT_EQ(v.verdict, Verdict::unique);
    ASSERT_TRUE(v.solution.has_value());
    std::string why;
    EXPECT_TRUE(is_solution_of(puzzle, *v.solution, &why)) << why;
    EXPECT_FALSE(v.second.has_value());
    EXPECT_TRUE(v.clashes.empty());
    EXPECT_TRUE(v.minimality_checked);
    EXPECT_TRUE(v.minimal);
    EXPECT_TRUE(v.redundant.empty());
    EXPECT_GT(v.stats.nodes, 0u);
  }
}

TEST(Verifier, WithoutMinimalAskedNothingIsClaimed) {
  Verifier verifier;
  const Verification v = verifier.verify(grid_from_line(load_lines("puzzles/17_clue.txt", 1).at(0)));
  EXPECT_EQ(v.verdict, Verdict::unique);
  EXPECT_FALSE(v.minimality_checked);
  EXPECT_TRUE(v.redundant.empty());
}

TEST(Verifier, MultipleComesWithTwoValidSolutionsAndTheirDifference) {
  const auto puzzles = every_nth(load_lines("puzzles/serg_multi.txt"), 100);
  Verifier verifier;
  for (const std::string& line : puzzles) {
    SCOPED_TRACE(line);
    const Grid puzzle = grid_from_line(line);
    const Verification v = verifier.verify(puzzle, true);
    ASSERT_EQ(v.verdict, Verdict::multiple);
    ASSERT_TRUE(v.solution && v.second);
    EXPECT_TRUE(is_solution_of(puzzle, *v.solution));
    EXPECT_TRUE(is_solution_of(puzzle, *v.second));
    EXPECT_NE(*v.solution, *v.second);
    EXPECT_EQ(v.differing, differing_cells(*v.solution, *v.second));
    EXPECT_FALSE(v.differing.empty());
    // Differing cells are empty in the puzzle (givens are shared by both solutions).
    for (int cell : v.differing) EXPECT_EQ(puzzle.cells[static_cast<std::size_t>(cell)], 0);
    EXPECT_FALSE(v.minimality_checked);  // only unique puzzles are checked for minimality
  }
}

TEST(Verifier, NoSolution) {
  Verifier verifier;
  const Verification v = verifier.verify(grid_from_line(kNoSolution), true);
  EXPECT_EQ(v.verdict, Verdict::none);
  EXPECT_FALSE(v.solution.has_value());
  EXPECT_TRUE(v.clashes.empty());
  EXPECT_FALSE(v.minimality_checked);
}

TEST(Verifier, ClashIsInvalidAndDescribed) {
  Verifier verifier;
  const Grid puzzle = grid_from_line("1.......1" + std::string(72, '.'));
  const Verification v = verifier.verify(puzzle);
  EXPECT_EQ(v.verdict, Verdict::invalid);
  ASSERT_EQ(v.clashes.size(), 1u);
  EXPECT_EQ(v.clashes[0].cell_a, 0);
  EXPECT_EQ(v.clashes[0].cell_b, 8);
  EXPECT_EQ(v.clashes[0].digit, 1);
  EXPECT_EQ(v.clashes[0].house, 'r');
  EXPECT_EQ(describe_clashes(puzzle.shape, v.clashes), "r1c1 and r1c9 both hold 1 (row 1)");
  EXPECT_FALSE(v.solution.has_value());

  Grid column = Grid();
  column.at(2, 4) = 7;
  column.at(8, 4) = 7;
  EXPECT_EQ(describe_clashes(column.shape, verifier.verify(column).clashes), "r3c5 and r9c5 both hold 7 (column 5)");
  Grid box = Grid();
  box.at(3, 3) = 5;
  box.at(5, 5) = 5;
  EXPECT_EQ(describe_clashes(box.shape, verifier.verify(box).clashes), "r4c4 and r6c6 both hold 5 (box 5)");
}

// verifier.hpp: `clashes` holds "every clashing pair" (and grid.hpp's find_clashes "every
// pair of givens that clash, each pair once"). A 1 at r1c1, r1c2 and r2c1 makes three
// pairs: row (r1c1, r1c2), column (r1c1, r2c1) and box (r1c2, r2c1).
TEST(Verifier, ClashesListEveryClashingPair) {
  Verifier verifier;
  const Grid puzzle = grid_from_line("11.......1" + std::string(71, '.'));
  const Verification v = verifier.verify(puzzle);
  EXPECT_EQ(v.verdict, Verdict::invalid);
  std::vector<std::pair<int, int>> pairs;
  for (const Clash& c : v.clashes) pairs.emplace_back(c.cell_a, c.cell_b);
  std::sort(pairs.begin(), pairs.end());
  EXPECT_EQ(pairs, (std::vector<std::pair<int, int>>{{0, 1}, {0, 9}, {1, 9}}))
      << describe_clashes(puzzle.shape, v.clashes);
}

TEST(Verifier, FastEngineOnAnotherSizeIsInvalidWithAReason) {
  Verifier fast(EngineKind::fast);
  const Shape shape = *default_shape(16);
  Grid puzzle = pattern_grid(shape);
  for (int i = 0; i < 16; ++i) puzzle.at(i, i) = 0;
  const Verification v = fast.verify(puzzle);
  EXPECT_EQ(v.verdict, Verdict::invalid);
  EXPECT_FALSE(v.error.empty());
  // The automatic engine takes it.
  Verifier automatic;
  const Verification ok = automatic.verify(puzzle, true);
  EXPECT_EQ(ok.verdict, Verdict::unique);
  EXPECT_EQ(*ok.solution, pattern_grid(shape));
  // Removing any clue (r,c) leaves it unique: (c,c) is the only hole of row c, which then
  // leaves (r,c) the only hole of column c. So every clue is redundant.
  EXPECT_FALSE(ok.minimal);
  EXPECT_EQ(static_cast<int>(ok.redundant.size()), puzzle.givens());
}

TEST(Verifier, RedundantCluesAreExactlyThoseWhoseRemovalKeepsUniqueness) {
  const auto puzzles = load_lines("puzzles/17_clue.txt", 4);
  Verifier verifier;
  Solver reference(EngineKind::dlx);
  for (std::size_t k = 0; k < puzzles.size(); ++k) {
    Grid puzzle = grid_from_line(puzzles[k]);
    const Verification base = verifier.verify(puzzle);
    ASSERT_EQ(base.verdict, Verdict::unique);
    // Add two clues from the solution, at cells chosen per puzzle.
    std::vector<int> empty;
    for (int cell = 0; cell < 81; ++cell)
      if (puzzle.cells[static_cast<std::size_t>(cell)] == 0) empty.push_back(cell);
    const int added[2] = {empty[k * 7 % empty.size()], empty[(k * 13 + 30) % empty.size()]};
    for (int cell : added) puzzle.cells[static_cast<std::size_t>(cell)] = base.solution->cells[static_cast<std::size_t>(cell)];

    const Verification v = verifier.verify(puzzle, true);
    ASSERT_EQ(v.verdict, Verdict::unique);
    EXPECT_FALSE(v.minimal);
    EXPECT_EQ(verifier.redundant_clues(puzzle), v.redundant);
    std::vector<int> expected;
    for (int cell = 0; cell < 81; ++cell) {
      if (puzzle.cells[static_cast<std::size_t>(cell)] == 0) continue;
      Grid reduced = puzzle;
      reduced.cells[static_cast<std::size_t>(cell)] = 0;
      if (reference.solve(reduced, 2, 0).count == 1) expected.push_back(cell);
    }
    EXPECT_EQ(v.redundant, expected);
    // At least one of the two added clues is redundant (with both present, either one is
    // implied by the 17 original clues).
    EXPECT_TRUE(std::find(v.redundant.begin(), v.redundant.end(), added[0]) != v.redundant.end() ||
                std::find(v.redundant.begin(), v.redundant.end(), added[1]) != v.redundant.end());
  }
}

TEST(Verifier, EnginesGiveTheSameVerdicts) {
  std::vector<std::string> lines = every_nth(load_lines("puzzles/top1465.txt"), 30);
  for (const auto& line : every_nth(load_lines("puzzles/serg_multi.txt"), 250)) lines.push_back(line);
  lines.push_back(kNoSolution);
  lines.push_back("11" + std::string(79, '.'));
  Verifier dlx(EngineKind::dlx), fast(EngineKind::fast);
  for (const std::string& line : lines) {
    const Grid puzzle = grid_from_line(line);
    const Verification a = dlx.verify(puzzle), b = fast.verify(puzzle);
    EXPECT_EQ(a.verdict, b.verdict) << line;
    if (a.verdict == Verdict::unique) {
      EXPECT_EQ(*a.solution, *b.solution) << line;
    }
  }
}

TEST(Verifier, VerdictNames) {
  EXPECT_EQ(verdict_name(Verdict::invalid), "invalid");
  EXPECT_EQ(verdict_name(Verdict::none), "none");
  EXPECT_EQ(verdict_name(Verdict::unique), "unique");
  EXPECT_EQ(verdict_name(Verdict::multiple), "multiple");
}

}  // namespace
}  // namespace sudokit

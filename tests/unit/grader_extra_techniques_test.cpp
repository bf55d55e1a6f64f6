// grader_extra_techniques_test.cpp: the techniques added for issue 12 (finned and sashimi
// fish, unique loops of types 1, 2 and 4, BUG type 2), each on a hand-built board with the
// pattern (the exact eliminations a person would write down) and on one where the pattern is
// broken (nothing found). Boards start full (every cell every digit) or from a solved grid
// with holes whose candidates are set by hand; cells are named r1c1..r9c9.
#include <algorithm>
#include <initializer_list>
#include <vector>

#include <gtest/gtest.h>

#include "grader_board_helpers.hpp"
#include "grader_finder_helpers.hpp"

#include "board.hpp"
#include "sudokit/grader.hpp"

namespace {

using sudokit::CellDigit;
using sudokit::Grid;
using sudokit::Step;
using sudokit::Technique;
using sudokit::grading::Board;
using sudokit::grading::find_technique;
using sudokit::testing::kShape9;
using sudokit::testing::mask;
using sudokit::testing::rc;
using sudokit::testing::confine_row;
using sudokit::testing::finds;
using sudokit::testing::found;

std::vector<CellDigit> elims(std::initializer_list<int> cells, int digit) {
  std::vector<CellDigit> v;
  for (int c : cells) v.push_back({c, digit});
  std::sort(v.begin(), v.end());
  return v;
}

// --- finned and sashimi fish -----------------------------------------------------------

TEST(GraderExtraTechniques, FinnedXWing) {
  // 5 in row 1 only at c2 c8; in row 5 at c2 c8 and the fin r5c7 (box 6). Either the fin is 5
  // or rows 1 and 5 are an X-Wing on columns 2 and 8: r4c8 and r6c8 see both cases.
  Board b = Board::full(kShape9);
  confine_row(b, 5, 1, {2, 8});
  confine_row(b, 5, 5, {2, 7, 8});
  EXPECT_FALSE(finds(b, Technique::x_wing));
  const Step s = found(b, Technique::finned_x_wing);
  EXPECT_EQ(s.eliminations, elims({rc(4, 8), rc(6, 8)}, 5));
  EXPECT_DOUBLE_EQ(s.rating, 5.4);
}

TEST(GraderExtraTechniques, SashimiXWing) {
  // Row 5 lost its cover cell r5c8: 5 at c2 and the fins r5c7 r5c9. The same eliminations.
  Board b = Board::full(kShape9);
  confine_row(b, 5, 1, {2, 8});
  confine_row(b, 5, 5, {2, 7, 9});
  const Step s = found(b, Technique::finned_x_wing);
  EXPECT_EQ(s.eliminations, elims({rc(4, 8), rc(6, 8)}, 5));
}

TEST(GraderExtraTechniques, FinnedSwordfish) {
  // 3 in rows 2, 4, 8 within columns 1, 5, 9, plus the fin r8c8 (box 9): r7c9 and r9c9 go.
  Board b = Board::full(kShape9);
  confine_row(b, 3, 2, {1, 5});
  confine_row(b, 3, 4, {5, 9});
  confine_row(b, 3, 8, {1, 8, 9});
  EXPECT_FALSE(finds(b, Technique::swordfish));
  const Step s = found(b, Technique::finned_swordfish);
  EXPECT_EQ(s.eliminations, elims({rc(7, 9), rc(9, 9)}, 3));
  EXPECT_FALSE(finds(b, Technique::finned_x_wing));
}

TEST(GraderExtraTechniques, FinOutsideTheCoverBoxIsNoFish) {
  // The extra 5 of row 5 sits in box 5, which no cover column crosses: nothing follows.
  Board b = Board::full(kShape9);
  confine_row(b, 5, 1, {2, 8});
  confine_row(b, 5, 5, {2, 4, 8});
  EXPECT_FALSE(finds(b, Technique::finned_x_wing));
  EXPECT_FALSE(finds(b, Technique::finned_swordfish));
  EXPECT_FALSE(finds(b, Technique::finned_jellyfish));
}

// --- unique loops ------------------------------------------------------------------------

// A loop of six cells on {1,2} in the top band: r1c1 - r1c4 (row 1) - r2c4 (column 4, box 2)
// - r2c7 (row 2) - r3c7 (column 7, box 3) - r3c1 (row 3) - back to r1c1 (column 1, box 1).
// Every row, column and box it touches holds exactly two of its cells.
const int kLoop[6] = {rc(1, 1), rc(1, 4), rc(2, 4), rc(2, 7), rc(3, 7), rc(3, 1)};

Board loop_board(std::uint64_t r3c7, std::uint64_t r3c1) {
  Board b = Board::full(kShape9);
  for (int c : kLoop) b.set_candidates(c, mask({1, 2}));
  b.set_candidates(rc(3, 7), r3c7);
  b.set_candidates(rc(3, 1), r3c1);
  return b;
}

TEST(GraderExtraTechniques, UniqueLoopType1) {
  const Board b = loop_board(mask({1, 2}), mask({1, 2, 3}));
  const Step s = found(b, Technique::unique_loop_1);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(3, 1), 1}, {rc(3, 1), 2}}));
  EXPECT_EQ(s.cells.size(), 6u);
  EXPECT_DOUBLE_EQ(s.rating, 4.6);  // SE: 4.5 + 0.1 for six cells
  EXPECT_TRUE(sudokit::needs_uniqueness(Technique::unique_loop_1));
}

TEST(GraderExtraTechniques, UniqueLoopType2) {
  // r3c7 and r3c1 both hold the extra 3: one of them is 3, so row 3 loses 3 elsewhere.
  const Board b = loop_board(mask({1, 2, 3}), mask({1, 2, 3}));
  EXPECT_FALSE(finds(b, Technique::unique_loop_1));
  const Step s = found(b, Technique::unique_loop_2);
  EXPECT_EQ(s.eliminations, elims({rc(3, 2), rc(3, 3), rc(3, 4), rc(3, 5), rc(3, 6), rc(3, 8), rc(3, 9)}, 3));
  EXPECT_DOUBLE_EQ(s.rating, 4.7);
  EXPECT_TRUE(sudokit::needs_uniqueness(Technique::unique_loop_2));
}

TEST(GraderExtraTechniques, UniqueLoopType4) {
  // r3c7 {1,2,5} and r3c1 {1,2,6}; in row 3, 1 lies only in those two: one of them is 1, so
  // neither is 2.
  Board b = loop_board(mask({1, 2, 5}), mask({1, 2, 6}));
  for (int c = 2; c <= 8; ++c)
    if (c != 7) b.eliminate(rc(3, c), 1);
  b.eliminate(rc(3, 9), 1);
  const Step s = found(b, Technique::unique_loop_4);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(3, 1), 2}, {rc(3, 7), 2}}));
  EXPECT_DOUBLE_EQ(s.rating, 4.7);
}

TEST(GraderExtraTechniques, BrokenLoopIsNoPattern) {
  // r3c1 lacks 2: no loop on {1,2}.
  const Board b = loop_board(mask({1, 2, 3}), mask({1, 3}));
  EXPECT_FALSE(finds(b, Technique::unique_loop_1));
  EXPECT_FALSE(finds(b, Technique::unique_loop_2));
  EXPECT_FALSE(finds(b, Technique::unique_loop_4));
}

// --- BUG type 2 --------------------------------------------------------------------------

/// A solved grid with holes: the six-cell loop on {1,2} and a rectangle on {3,4} at r1c2 r1c5
/// r2c2 r2c5, every hole bivalue: a bivalue universal grave. `r1c4` and `r3c1` get extras.
Board bug_board(std::uint64_t r1c4, std::uint64_t r3c1) {
  Grid g(kShape9);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) g.at(r, c) = static_cast<std::uint8_t>((r * 3 + r / 3 + c) % 9 + 1);
  const std::vector<int> holes = {kLoop[0], kLoop[1], kLoop[2], kLoop[3], kLoop[4], kLoop[5],
                                  rc(1, 2), rc(1, 5), rc(2, 2), rc(2, 5)};
  for (int c : holes) g.cells[static_cast<std::size_t>(c)] = 0;
  Board b = Board::from_grid(g);
  for (int c : kLoop) b.set_candidates(c, mask({1, 2}));
  for (int c : {rc(1, 2), rc(1, 5), rc(2, 2), rc(2, 5)}) b.set_candidates(c, mask({3, 4}));
  b.set_candidates(rc(1, 4), r1c4);
  b.set_candidates(rc(3, 1), r3c1);
  return b;
}

TEST(GraderExtraTechniques, BugType2) {
  // Without the 3s of r1c4 and r3c1 every digit fits twice in every house: one of them is 3,
  // and r1c2 sees both.
  const Board b = bug_board(mask({1, 2, 3}), mask({1, 2, 3}));
  EXPECT_FALSE(finds(b, Technique::bug_plus_1));
  const Step s = found(b, Technique::bug_type_2);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(1, 2), 3}}));
  EXPECT_TRUE(sudokit::needs_uniqueness(Technique::bug_type_2));
}

TEST(GraderExtraTechniques, BugWithDifferentExtrasIsNoType2) {
  const Board b = bug_board(mask({1, 2, 3}), mask({1, 2, 4}));
  EXPECT_FALSE(finds(b, Technique::bug_type_2));
}

TEST(GraderExtraTechniques, NamesAndRatingsRoundTrip) {
  for (Technique t : {Technique::finned_x_wing, Technique::finned_swordfish, Technique::finned_jellyfish,
                      Technique::unique_loop_1, Technique::unique_loop_2, Technique::unique_loop_4,
                      Technique::bug_type_2}) {
    EXPECT_EQ(sudokit::parse_technique(sudokit::technique_name(t)), t);
    EXPECT_GT(sudokit::technique_rating(t), 4.0);
    EXPECT_LT(sudokit::technique_rating(t), 6.0);
  }
  // After guess: these seven, then the three killer techniques (numbers before guess never
  // move); gtech2's techniques follow (grader_more_techniques_test).
  EXPECT_EQ(static_cast<int>(Technique::guess) + 10, static_cast<int>(Technique::cage_locked_digit));
}

}  // namespace

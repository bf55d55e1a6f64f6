// grader_techniques_test.cpp: one hand-built position per technique, on which that
// technique (and nothing easier) is the next step, with the exact placements or eliminations
// a person would write down.
//
// Most positions start from a board where every cell holds every digit, then carve one
// pattern into it (a digit confined to a few cells of a row, a few two-candidate cells).
// A full board admits no technique at all, so whatever next_step() finds comes from the
// carved pattern; next_step() tries techniques simplest first, so the step also shows that
// nothing easier applies. Cells are named as players do, r1c1..r9c9 (1-based).
#include <algorithm>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grader_board_helpers.hpp"

#include "board.hpp"
#include "sudokit/grader.hpp"

namespace {

using sudokit::CellDigit;
using sudokit::Grid;
using sudokit::Step;
using sudokit::Technique;
using sudokit::grading::Board;
using sudokit::grading::next_step;

using sudokit::testing::kShape9;
using sudokit::testing::mask;
using sudokit::testing::rc;

Board full() { return Board::full(kShape9); }

/// Removes `digit` from every cell of `cells` not in `keep`.
void confine(Board& board, int digit, const std::vector<int>& cells, const std::vector<int>& keep) {
  for (int c : cells)
    if (std::find(keep.begin(), keep.end(), c) == keep.end()) board.eliminate(c, digit);
}
std::vector<int> row_cells(int row) {
  std::vector<int> v;
  for (int c = 1; c <= 9; ++c) v.push_back(rc(row, c));
  return v;
}
std::vector<int> col_cells(int col) {
  std::vector<int> v;
  for (int r = 1; r <= 9; ++r) v.push_back(rc(r, col));
  return v;
}
std::vector<int> box_cells(int box) {  // 1-based, row-major
  std::vector<int> v;
  const int r0 = (box - 1) / 3 * 3 + 1, c0 = (box - 1) % 3 * 3 + 1;
  for (int r = r0; r < r0 + 3; ++r)
    for (int c = c0; c < c0 + 3; ++c) v.push_back(rc(r, c));
  return v;
}
void confine_row(Board& b, int digit, int row, std::initializer_list<int> cols) {
  std::vector<int> keep;
  for (int c : cols) keep.push_back(rc(row, c));
  confine(b, digit, row_cells(row), keep);
}

/// Eliminations of one digit, or of several digits, sorted as Step stores them.
std::vector<CellDigit> elims(std::initializer_list<int> cells, std::initializer_list<int> digits) {
  std::vector<CellDigit> v;
  for (int c : cells)
    for (int d : digits) v.push_back({c, d});
  std::sort(v.begin(), v.end());
  return v;
}

/// A solution grid with no special structure needed: the shifted-rows pattern.
Grid pattern_solution() {
  Grid g;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) g.at(r, c) = static_cast<std::uint8_t>((r * 3 + r / 3 + c) % 9 + 1);
  return g;
}

Step expect_step(const Board& board, Technique technique, bool uniqueness = false) {
  auto step = next_step(board, uniqueness);
  EXPECT_TRUE(step.has_value());
  if (!step) return {};
  EXPECT_EQ(sudokit::technique_name(step->technique), sudokit::technique_name(technique))
      << describe_step(*step, kShape9);
  return *step;
}

/// The technique alone (not the ladder): for positions where an easier SE technique also
/// applies (the ladder would rightly take that one).
Step expect_technique(const Board& board, Technique technique) {
  Step step;
  EXPECT_TRUE(sudokit::grading::find_technique(technique, board, step)) << sudokit::technique_name(technique);
  return step;
}

TEST(GraderTechniques, FullBoardHasNoStep) { EXPECT_FALSE(next_step(full(), true).has_value()); }

TEST(GraderTechniques, FullHouse) {
  Grid g = pattern_solution();
  const int digit = g.at(4, 6);
  g.at(4, 6) = 0;
  Step s = expect_step(Board::from_grid(g), Technique::full_house);
  EXPECT_EQ(s.placements, (std::vector<CellDigit>{{rc(5, 7), digit}}));
  EXPECT_TRUE(s.eliminations.empty());
}

TEST(GraderTechniques, NakedSingle) {
  // Four holes in box 1: no house has a single hole, but r1c1 sees all digits but its own.
  Grid g = pattern_solution();
  const int digit = g.at(0, 0);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 2; ++c) g.at(r, c) = 0;
  // The ladder takes the hidden single r1c1 first (SE: 1.2 before 2.3).
  expect_step(Board::from_grid(g), Technique::hidden_single);
  Step s = expect_technique(Board::from_grid(g), Technique::naked_single);
  EXPECT_EQ(s.placements, (std::vector<CellDigit>{{rc(1, 1), digit}}));
}

TEST(GraderTechniques, HiddenSingle) {
  Board b = full();
  confine(b, 7, box_cells(5), {rc(5, 5)});
  Step s = expect_step(b, Technique::hidden_single);
  EXPECT_EQ(s.placements, (std::vector<CellDigit>{{rc(5, 5), 7}}));
  EXPECT_EQ(s.houses, (std::vector<int>{18 + 4}));
}

TEST(GraderTechniques, LockedCandidatesPointing) {
  Board b = full();
  confine(b, 3, box_cells(1), {rc(1, 1), rc(1, 2)});
  Step s = expect_step(b, Technique::locked_pointing);
  EXPECT_EQ(s.eliminations, elims({rc(1, 4), rc(1, 5), rc(1, 6), rc(1, 7), rc(1, 8), rc(1, 9)}, {3}));
}

TEST(GraderTechniques, LockedCandidatesClaiming) {
  Board b = full();
  confine_row(b, 3, 1, {1, 2, 3});
  Step s = expect_step(b, Technique::locked_claiming);
  EXPECT_EQ(s.eliminations, elims({rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)}, {3}));
}

TEST(GraderTechniques, NakedPair) {
  Board b = full();
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 5), mask({1, 2}));
  Step s = expect_step(b, Technique::naked_pair);
  EXPECT_EQ(s.eliminations, elims({rc(1, 2), rc(1, 3), rc(1, 4), rc(1, 6), rc(1, 7), rc(1, 8), rc(1, 9)}, {1, 2}));
  EXPECT_EQ(s.cells, (std::vector<int>{rc(1, 1), rc(1, 5)}));
}

TEST(GraderTechniques, HiddenPair) {
  Board b = full();
  confine_row(b, 1, 1, {1, 5});
  confine_row(b, 2, 1, {1, 5});
  Step s = expect_step(b, Technique::hidden_pair);
  EXPECT_EQ(s.eliminations, elims({rc(1, 1), rc(1, 5)}, {3, 4, 5, 6, 7, 8, 9}));
}

TEST(GraderTechniques, NakedTriple) {
  Board b = full();
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 5), mask({2, 3}));
  b.set_candidates(rc(1, 9), mask({1, 3}));
  Step s = expect_step(b, Technique::naked_triple);
  EXPECT_EQ(s.eliminations, elims({rc(1, 2), rc(1, 3), rc(1, 4), rc(1, 6), rc(1, 7), rc(1, 8)}, {1, 2, 3}));
}

TEST(GraderTechniques, HiddenTriple) {
  Board b = full();
  for (int d : {1, 2, 3}) confine_row(b, d, 1, {1, 5, 9});
  Step s = expect_step(b, Technique::hidden_triple);
  EXPECT_EQ(s.eliminations, elims({rc(1, 1), rc(1, 5), rc(1, 9)}, {4, 5, 6, 7, 8, 9}));
}

TEST(GraderTechniques, NakedQuad) {
  Board b = full();
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 4), mask({2, 3}));
  b.set_candidates(rc(1, 7), mask({3, 4}));
  b.set_candidates(rc(1, 9), mask({1, 4}));
  Step s = expect_step(b, Technique::naked_quad);
  EXPECT_EQ(s.eliminations, elims({rc(1, 2), rc(1, 3), rc(1, 5), rc(1, 6), rc(1, 8)}, {1, 2, 3, 4}));
}

TEST(GraderTechniques, HiddenQuad) {
  Board b = full();
  for (int d : {1, 2, 3, 4}) confine_row(b, d, 1, {1, 4, 7, 9});
  Step s = expect_step(b, Technique::hidden_quad);
  EXPECT_EQ(s.eliminations, elims({rc(1, 1), rc(1, 4), rc(1, 7), rc(1, 9)}, {5, 6, 7, 8, 9}));
}

TEST(GraderTechniques, XWing) {
  Board b = full();
  confine_row(b, 5, 1, {2, 7});
  confine_row(b, 5, 4, {2, 7});
  Step s = expect_step(b, Technique::x_wing);
  std::vector<int> cells;
  for (int r : {2, 3, 5, 6, 7, 8, 9})
    for (int c : {2, 7}) cells.push_back(rc(r, c));
  std::vector<CellDigit> want;
  for (int c : cells) want.push_back({c, 5});
  std::sort(want.begin(), want.end());
  EXPECT_EQ(s.eliminations, want);
}

TEST(GraderTechniques, Swordfish) {
  Board b = full();
  confine_row(b, 5, 1, {2, 5});
  confine_row(b, 5, 4, {5, 8});
  confine_row(b, 5, 7, {2, 8});
  Step s = expect_step(b, Technique::swordfish);
  std::vector<CellDigit> want;
  for (int r : {2, 3, 5, 6, 8, 9})
    for (int c : {2, 5, 8}) want.push_back({rc(r, c), 5});
  std::sort(want.begin(), want.end());
  EXPECT_EQ(s.eliminations, want);
}

TEST(GraderTechniques, Jellyfish) {
  Board b = full();
  confine_row(b, 5, 1, {1, 4});
  confine_row(b, 5, 4, {4, 7});
  confine_row(b, 5, 7, {1, 7, 9});
  confine_row(b, 5, 9, {1, 4, 9});
  // An empty rectangle (SE 4.2) is easier than the Jellyfish (5.2) here.
  expect_step(b, Technique::empty_rectangle);
  Step s = expect_technique(b, Technique::jellyfish);
  std::vector<CellDigit> want;
  for (int r : {2, 3, 5, 6, 8})
    for (int c : {1, 4, 7, 9}) want.push_back({rc(r, c), 5});
  std::sort(want.begin(), want.end());
  EXPECT_EQ(s.eliminations, want);
}

TEST(GraderTechniques, Skyscraper) {
  // Rows 1 and 5 hold 5 twice each, based in column 1; the tops r1c5 and r5c6 share a stack.
  Board b = full();
  confine_row(b, 5, 1, {1, 5});
  confine_row(b, 5, 5, {1, 6});
  Step s = expect_step(b, Technique::skyscraper);
  EXPECT_EQ(s.eliminations, elims({rc(2, 6), rc(3, 6), rc(4, 5), rc(6, 5)}, {5}));
}

TEST(GraderTechniques, TwoStringKite) {
  // Row 1: 5 at c2 and c7; column 1: 5 at r3 and r8; r1c2 and r3c1 share box 1.
  Board b = full();
  confine_row(b, 5, 1, {2, 7});
  confine(b, 5, col_cells(1), {rc(3, 1), rc(8, 1)});
  Step s = expect_step(b, Technique::two_string_kite);
  EXPECT_EQ(s.eliminations, elims({rc(8, 7)}, {5}));
}

TEST(GraderTechniques, SimpleColouring) {
  // A cluster of three conjugate links for 5: box 1 (r1c1, r2c3), column 3 (r2c3, r7c3),
  // row 7 (r7c3, r7c8). r1c1 and r7c8 have opposite colours; r1c8 sees both.
  Board b = full();
  confine(b, 5, box_cells(1), {rc(1, 1), rc(2, 3)});
  confine(b, 5, col_cells(3), {rc(2, 3), rc(7, 3)});
  confine_row(b, 5, 7, {3, 8});
  // A turbot fish (SE 4.2) is easier than colouring (an X-chain for SE, 6.6+).
  expect_step(b, Technique::turbot_fish);
  Step s = expect_technique(b, Technique::simple_colouring);
  EXPECT_EQ(s.eliminations, elims({rc(1, 8)}, {5}));
}

TEST(GraderTechniques, SimpleColouringWrapRule) {
  // White-box: the colour-wrap rule on its own (easier steps exist on this board, so the
  // finder is called directly). Conjugate links for 5: row 1 (r1c1, r1c5), column 5 (r1c5,
  // r3c5), row 3 (r3c5, r3c9), column 9 (r3c9, r2c9), row 2 (r2c9, r2c4). Colours alternate
  // A B A B A B from r1c1; B cells r1c5 and r2c4 share box 2, so B is false everywhere.
  Board b = full();
  confine_row(b, 5, 1, {1, 5});
  confine(b, 5, col_cells(5), {rc(1, 5), rc(3, 5)});
  confine_row(b, 5, 3, {5, 9});
  confine(b, 5, col_cells(9), {rc(3, 9), rc(2, 9)});
  confine_row(b, 5, 2, {4, 9});
  Step s;
  ASSERT_TRUE(sudokit::grading::find_technique(Technique::simple_colouring, b, s));
  EXPECT_EQ(s.eliminations, elims({rc(1, 5), rc(2, 4), rc(3, 9)}, {5}));
}

TEST(GraderTechniques, WWing) {
  // r1c1 and r5c5 are {1,2}; row 9 holds 1 only at c1 and c5, each end seeing one of them.
  Board b = full();
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(5, 5), mask({1, 2}));
  confine_row(b, 1, 9, {1, 5});
  // SE has no W-Wing: it rates the 6-node chain it is (7.1), so the ladder's AIC (7.0 + 0.1) takes it.
  Step s = expect_technique(b, Technique::w_wing);
  EXPECT_EQ(s.eliminations, elims({rc(1, 5), rc(5, 1)}, {2}));
}

TEST(GraderTechniques, XYWing) {
  Board b = full();
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 6), mask({1, 3}));
  b.set_candidates(rc(5, 1), mask({2, 3}));
  Step s = expect_step(b, Technique::xy_wing);
  EXPECT_EQ(s.eliminations, elims({rc(5, 6)}, {3}));
  EXPECT_EQ(s.cells, (std::vector<int>{rc(1, 1), rc(1, 6), rc(5, 1)}));
}

TEST(GraderTechniques, XYZWing) {
  Board b = full();
  b.set_candidates(rc(1, 1), mask({1, 2, 3}));
  b.set_candidates(rc(2, 2), mask({1, 3}));
  b.set_candidates(rc(1, 6), mask({2, 3}));
  Step s = expect_step(b, Technique::xyz_wing);
  EXPECT_EQ(s.eliminations, elims({rc(1, 2), rc(1, 3)}, {3}));
}

TEST(GraderTechniques, XChain) {
  // Three conjugate rows for 5 joined by weak links in columns 5 and 9:
  // r1c1 = r1c5 - r5c5 = r5c9 - r9c9 = r9c2. One of r1c1, r9c2 holds 5.
  Board b = full();
  confine_row(b, 5, 1, {1, 5});
  confine_row(b, 5, 5, {5, 9});
  confine_row(b, 5, 9, {9, 2});
  Step s = expect_step(b, Technique::x_chain);
  EXPECT_EQ(s.eliminations, elims({rc(2, 2), rc(3, 2), rc(7, 1), rc(8, 1)}, {5}));
  EXPECT_EQ(s.cells, (std::vector<int>{rc(1, 1), rc(1, 5), rc(5, 5), rc(5, 9), rc(9, 9), rc(9, 2)}));
}

TEST(GraderTechniques, XYChain) {
  // r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {4,1}: r1c1 or r5c9 is 1.
  Board b = full();
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 5), mask({2, 3}));
  b.set_candidates(rc(5, 5), mask({3, 4}));
  b.set_candidates(rc(5, 9), mask({1, 4}));
  Step s = expect_step(b, Technique::xy_chain);
  EXPECT_EQ(s.eliminations, elims({rc(1, 9), rc(5, 1)}, {1}));
  EXPECT_EQ(s.chain, (std::vector<CellDigit>{{rc(1, 1), 2}, {rc(1, 5), 3}, {rc(5, 5), 4}, {rc(5, 9), 1}}));
}

TEST(GraderTechniques, AlternatingInferenceChain) {
  // Mixed links, so neither an X-Chain (one digit) nor an XY-Chain (bivalue cells only):
  // (5)r1c1 = (7)r1c1 [r1c1 is {5,7}] - (7)r1c6 = (7)r6c6 [7 twice in column 6]
  // - (5)r6c6 [same cell] = (5)r6c1 [5 twice in row 6]. One of r1c1, r6c1 is 5, so the
  // rest of column 1 is not.
  Board b = full();
  b.set_candidates(rc(1, 1), mask({5, 7}));
  confine(b, 7, col_cells(6), {rc(1, 6), rc(6, 6)});
  confine_row(b, 5, 6, {1, 6});
  Step s = expect_step(b, Technique::aic);
  EXPECT_EQ(s.eliminations, elims({rc(2, 1), rc(3, 1), rc(4, 1), rc(5, 1), rc(7, 1), rc(8, 1), rc(9, 1)}, {5}));
  EXPECT_EQ(s.chain, (std::vector<CellDigit>{{rc(1, 1), 5}, {rc(1, 1), 7}, {rc(1, 6), 7}, {rc(6, 6), 7}, {rc(6, 6), 5},
                                             {rc(6, 1), 5}}));
  const std::string text = describe_step(s, kShape9);
  EXPECT_NE(text.find("(5)r1c1 = (7)r1c1 - (7)r1c6 = (7)r6c6 - (5)r6c6 = (5)r6c1"), std::string::npos) << text;
}

TEST(GraderTechniques, AicFindsNothingOnAFullBoard) {
  Step s;
  EXPECT_FALSE(sudokit::grading::find_technique(Technique::aic, full(), s));
}

/// The rectangle r1c1, r1c4, r2c1, r2c4 (boxes 1 and 2): three corners {1,2}, r2c4 {1,2,5};
/// the pairs' digits already cleared from the rest of row 1, column 1 and box 1.
Board unique_rectangle_position() {
  Board b = full();
  for (int c : {rc(1, 1), rc(1, 4), rc(2, 1)}) b.set_candidates(c, mask({1, 2}));
  b.set_candidates(rc(2, 4), mask({1, 2, 5}));
  for (int d : {1, 2}) {
    confine(b, d, row_cells(1), {rc(1, 1), rc(1, 4)});
    confine(b, d, col_cells(1), {rc(1, 1), rc(2, 1)});
    confine(b, d, box_cells(1), {rc(1, 1), rc(2, 1)});
  }
  return b;
}

TEST(GraderTechniques, UniqueRectangleType1) {
  Step s = expect_step(unique_rectangle_position(), Technique::unique_rectangle_1, /*uniqueness=*/true);
  EXPECT_EQ(s.eliminations, elims({rc(2, 4)}, {1, 2}));
}

TEST(GraderTechniques, UniquenessTechniquesOnlyWhenAllowed) {
  auto step = next_step(unique_rectangle_position(), /*allow_uniqueness=*/false);
  if (step) {
    EXPECT_FALSE(sudokit::needs_uniqueness(step->technique)) << describe_step(*step, kShape9);
  }
}

/// Reads 81 tokens: "=d" a written digit, otherwise the cell's candidates.
Board board_from_tokens(const std::string& text) {
  Board b = full();
  std::istringstream in(text);
  std::string token;
  for (int c = 0; c < 81 && in >> token; ++c) {
    if (token[0] == '=') {
      b.place(c, token[1] - '0');
    } else {
      std::uint64_t m = 0;
      for (char ch : token) m |= std::uint64_t{1} << (ch - '1');
      b.set_candidates(c, m);
    }
  }
  // Placing after setting candidates could re-add nothing, but a later set_candidates could
  // re-add a placed digit to a peer: re-clear written digits from their peers.
  for (int c = 0; c < 81; ++c)
    if (b.value(c)) b.place(c, b.value(c));
  return b;
}

TEST(GraderTechniques, BugPlusOne) {
  // From top1465 (9....8.....6.9....3..4....1..9....478..67......7....235......1...316...9.......7.)
  // after the easier steps: every empty cell has two candidates except r9c4 {2,3,9}, and
  // 9 is the digit that appears three times in row 9, column 4 and box 8. Solution: 9.
  const std::string position =
      "=9 =1 =5 =7 =3 =8 24 =6 24 "
      "24 24 =6 =5 =9 =1 =7 =3 =8 "
      "=3 =7 =8 =4 =2 =6 =9 =5 =1 "
      "12 56 =9 38 15 23 68 =4 =7 "
      "=8 =3 24 =6 =7 24 =1 =9 =5 "
      "14 56 =7 89 15 49 68 =2 =3 "
      "=5 89 24 29 48 =7 =3 =1 =6 "
      "=7 24 =3 =1 =6 =5 24 =8 =9 "
      "=6 89 =1 239 48 39 =5 =7 24";
  Board b = board_from_tokens(position);
  Step s = expect_step(b, Technique::bug_plus_1, /*uniqueness=*/true);
  EXPECT_EQ(s.placements, (std::vector<CellDigit>{{rc(9, 4), 9}}));
  auto without = next_step(b, false);
  if (without) {
    EXPECT_NE(without->technique, Technique::bug_plus_1);
  }
}

TEST(GraderTechniques, DescribeStepNamesCellsAndEffects) {
  Board b = full();
  confine(b, 7, box_cells(5), {rc(5, 5)});
  Step s = expect_step(b, Technique::hidden_single);
  const std::string text = describe_step(s, kShape9);
  EXPECT_NE(text.find("hidden single"), std::string::npos) << text;
  EXPECT_NE(text.find("r5c5=7"), std::string::npos) << text;
  EXPECT_NE(text.find("box 5"), std::string::npos) << text;

  Board p = full();
  confine(p, 3, box_cells(1), {rc(1, 1), rc(1, 2)});
  const std::string pointing = describe_step(expect_step(p, Technique::locked_pointing), kShape9);
  EXPECT_NE(pointing.find("r1c4<>3"), std::string::npos) << pointing;
}

}  // namespace

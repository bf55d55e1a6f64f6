// grader_more_techniques_test.cpp: the techniques added on branch gtech2 (3D Medusa, unique
// rectangles of types 5 and 6, hidden and avoidable rectangles, BUG types 3 and 4), each on a
// hand-built board with the pattern (the exact eliminations a person would write down) and on
// one where the pattern is broken (nothing found). Boards start full (every cell every digit)
// with candidates set by hand, or from a solved grid whose "grave" digits are opened up (for
// BUG); cells are named r1c1..r9c9. Whether the deductions are true on real puzzles is
// slow_grader_extra_soundness_test's job.
#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grader_board_helpers.hpp"
#include "grader_finder_helpers.hpp"

#include "board.hpp"
#include "more_techniques.hpp"
#include "sudokit/grader.hpp"

namespace {

using sudokit::CellDigit;
using sudokit::Grid;
using sudokit::Step;
using sudokit::Technique;
using sudokit::grading::Board;
using sudokit::grading::find_technique;
using sudokit::testing::confine_col;
using sudokit::testing::confine_row;
using sudokit::testing::finds;
using sudokit::testing::found;
using sudokit::testing::kShape9;
using sudokit::testing::mask;
using sudokit::testing::rc;
std::vector<CellDigit> elims(std::initializer_list<CellDigit> list) {
  std::vector<CellDigit> v(list);
  std::sort(v.begin(), v.end());
  return v;
}

// --- unique rectangle type 1 and avoidable rectangle type 2 against their old scans ---------

/// Asks a finder and its old scan of `board`: both find a step or neither, and the same one
/// (cells, eliminations, digits), of `technique`. Returns whether they found one.
bool same_answer(const Board& board, bool (*finder)(const Board&, Step&), bool (*scan)(const Board&, Step&),
                 Technique technique, int n, int round) {
  Step by_finder, by_scan;
  const bool found = finder(board, by_finder);
  const bool scanned = scan(board, by_scan);
  [&] { ASSERT_EQ(found, scanned) << "shape " << n << " round " << round; }();
  if (found && scanned) {
    EXPECT_EQ(by_finder.cells, by_scan.cells) << "shape " << n << " round " << round;
    EXPECT_EQ(by_finder.eliminations, by_scan.eliminations) << "shape " << n << " round " << round;
    EXPECT_EQ(by_finder.digits, by_scan.digits);
    EXPECT_EQ(by_finder.technique, technique);
  }
  return found;
}

/// Boards compared and how many had a step: both kinds must be common.
struct Tally {
  int compared = 0, found = 0;
  void report(const char* what, int least_found) const {
    EXPECT_GT(found, least_found);
    EXPECT_GT(compared - found, 1000);
    std::printf("%s boards compared: %d (%d with a rectangle)\n", what, compared, found);
  }
};

TEST(GraderMoreTechniques, UniqueRectangleType1MatchesTheScan) {
  // Differential: find_unique_rectangle_1 starts from the rows' pairs of two-candidate cells
  // where it used to walk every rectangle (find_unique_rectangle_1_by_scan). On random boards
  // of every box shape, cells drawn mostly from a few pairs of a small pool of digits (so that
  // rectangles, deadly patterns and near misses are common), some written: the same answer,
  // the same rectangle, the same step.
  std::mt19937 rng(20261128);
  Tally tally;
  for (const sudokit::Shape shape : {sudokit::Shape{4, 2, 2}, sudokit::Shape{6, 2, 3}, kShape9, sudokit::Shape{12, 3, 4}}) {
    const int n = shape.n, cells = shape.cells();
    for (int round = 0; round < 1500; ++round) {
      Board b = Board::full(shape);
      const int pool = 3 + static_cast<int>(rng() % 2);  // digits 1..pool make the pairs
      for (int c = 0; c < cells; ++c) {
        const auto roll = static_cast<unsigned>(rng() % 100);
        if (roll < 8) {
          b.place(c, 1 + static_cast<int>(rng() % static_cast<unsigned>(n)));
          continue;
        }
        std::uint64_t m = 0;
        const int size = roll < 70 ? 2 : 3 + static_cast<int>(rng() % 2);
        while (sudokit::grading::popcount(m) < size) {
          const int d = static_cast<int>(rng() % static_cast<unsigned>(size == 2 ? pool : n));
          m |= std::uint64_t{1} << d;
        }
        b.set_candidates(c, m);
      }
      tally.found += same_answer(b, sudokit::grading::find_unique_rectangle_1, sudokit::grading::find_unique_rectangle_1_by_scan,
                                 Technique::unique_rectangle_1, n, round);
      ++tally.compared;
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  tally.report("unique rectangle type 1", 1000);
}

TEST(GraderMoreTechniques, AvoidableRectangleType2MatchesTheScan) {
  // Differential, as for type 1: find_avoidable_rectangle_2 starts from pairs of two-candidate
  // cells in a line where it used to try every rectangle and side
  // (find_avoidable_rectangle_2_by_scan). Random boards of every box shape: a third of the
  // cells written (some as givens, which the pattern may not use), the rest mostly pairs from
  // a small pool of digits, so that the pattern and its near misses are common. A digit is
  // written only where no peer has it, except on every tenth board (a digit twice in a line,
  // which the finder hands to the scan).
  std::mt19937 rng(20261129);
  Tally tally;
  for (const sudokit::Shape shape : {sudokit::Shape{4, 2, 2}, sudokit::Shape{6, 2, 3}, kShape9, sudokit::Shape{12, 3, 4}}) {
    const int n = shape.n, cells = shape.cells();
    const Board empty = Board::full(shape);
    for (int round = 0; round < 1500; ++round) {
      const int pool = std::min(n, 4 + static_cast<int>(rng() % 2));
      const bool clashes = round % 10 == 0;
      auto free_for = [&](auto value_of, int c, int d) {
        if (clashes) return true;
        for (int p : empty.topo().peers(c))
          if (value_of(p) == d) return false;
        return true;
      };
      Grid givens(shape);
      for (int c = 0; c < cells; ++c) {
        const int d = 1 + static_cast<int>(rng() % static_cast<unsigned>(pool));
        if (rng() % 10 == 0 && free_for([&](int p) { return static_cast<int>(givens.cells[static_cast<std::size_t>(p)]); }, c, d))
          givens.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(d);
      }
      Board b = Board::from_grid(givens);
      for (int c = 0; c < cells; ++c) {
        if (b.value(c)) continue;
        const auto roll = static_cast<unsigned>(rng() % 100);
        const int d = 1 + static_cast<int>(rng() % static_cast<unsigned>(pool));
        if (roll < 25 && free_for([&](int p) { return b.value(p); }, c, d)) {
          b.place(c, d);
          continue;
        }
        std::uint64_t m = 0;
        const int size = roll < 80 ? 2 : 3;
        while (sudokit::grading::popcount(m) < size) m |= std::uint64_t{1} << (rng() % static_cast<unsigned>(size == 2 ? pool : n));
        b.set_candidates(c, m);
      }
      tally.found += same_answer(b, sudokit::grading::find_avoidable_rectangle_2,
                                 sudokit::grading::find_avoidable_rectangle_2_by_scan, Technique::avoidable_rectangle_2, n, round);
      ++tally.compared;
      if (::testing::Test::HasFatalFailure()) return;
    }
  }
  tally.report("avoidable rectangle type 2", 500);
}

// --- unique rectangles 5 and 6, hidden rectangle ------------------------------------------
// The rectangle r1c1 r1c2 r4c1 r4c2 spans boxes 1 and 4.

TEST(GraderMoreTechniques, UniqueRectangleType5ThreeCorners) {
  // Three corners {1,2,3}, one {1,2}: one of the three is 3, so 3 leaves r2c1 and r3c1, the
  // only cells seeing all three (column 1 and box 1).
  Board b = Board::full(kShape9);
  for (int c : {rc(1, 1), rc(1, 2), rc(4, 1)}) b.set_candidates(c, mask({1, 2, 3}));
  b.set_candidates(rc(4, 2), mask({1, 2}));
  EXPECT_FALSE(finds(b, Technique::unique_rectangle_2));  // three roof cells: not type 2
  const Step s = found(b, Technique::unique_rectangle_5);
  EXPECT_EQ(s.eliminations, elims({{rc(2, 1), 3}, {rc(3, 1), 3}}));
  EXPECT_DOUBLE_EQ(s.rating, 4.6);
  EXPECT_TRUE(sudokit::needs_uniqueness(Technique::unique_rectangle_5));
}

TEST(GraderMoreTechniques, UniqueRectangleType5DiagonalCorners) {
  // r1c1 and r4c2 hold {1,2,3}: 3 leaves the cells seeing both: r2c2 r3c2 (box 1, column 2)
  // and r5c1 r6c1 (column 1, box 4).
  Board b = Board::full(kShape9);
  for (int c : {rc(1, 1), rc(4, 2)}) b.set_candidates(c, mask({1, 2, 3}));
  for (int c : {rc(1, 2), rc(4, 1)}) b.set_candidates(c, mask({1, 2}));
  const Step s = found(b, Technique::unique_rectangle_5);
  EXPECT_EQ(s.eliminations, elims({{rc(2, 2), 3}, {rc(3, 2), 3}, {rc(5, 1), 3}, {rc(6, 1), 3}}));
}

TEST(GraderMoreTechniques, UniqueRectangleType5NeedsOneExtraDigit) {
  Board b = Board::full(kShape9);
  for (int c : {rc(1, 1), rc(1, 2)}) b.set_candidates(c, mask({1, 2, 3}));
  b.set_candidates(rc(4, 1), mask({1, 2, 4}));
  b.set_candidates(rc(4, 2), mask({1, 2}));
  EXPECT_FALSE(finds(b, Technique::unique_rectangle_5));
}

TEST(GraderMoreTechniques, UniqueRectangleType6) {
  // Floor r1c1, r4c2 = {1,2}; roof r1c2 {1,2,5}, r4c1 {1,2,6}; 1 in rows 1 and 4 only in the
  // rectangle: 1 is on one diagonal, and on the roof's it would leave the floor 2, 2.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(4, 2), mask({1, 2}));
  b.set_candidates(rc(1, 2), mask({1, 2, 5}));
  b.set_candidates(rc(4, 1), mask({1, 2, 6}));
  Board unlocked = b;
  confine_row(b, 1, 1, {1, 2});
  confine_row(b, 1, 4, {1, 2});
  const Step s = found(b, Technique::unique_rectangle_6);
  EXPECT_EQ(s.eliminations, elims({{rc(1, 2), 1}, {rc(4, 1), 1}}));
  EXPECT_DOUBLE_EQ(s.rating, 4.7);
  EXPECT_FALSE(finds(unlocked, Technique::unique_rectangle_6));
}

TEST(GraderMoreTechniques, HiddenRectangle) {
  // r1c1 = {1,2}; at the opposite corner r4c2, 1 lies in row 4 and column 2 only at rectangle
  // corners: r4c2 = 2 would make r4c1 and r1c2 1 and r1c1 2, the deadly pattern.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  confine_row(b, 1, 4, {1, 2});
  Board half = b;
  confine_col(b, 1, 2, {1, 4});
  const Step s = found(b, Technique::hidden_rectangle);
  EXPECT_EQ(s.eliminations, elims({{rc(4, 2), 2}}));
  EXPECT_DOUBLE_EQ(s.rating, 4.7);
  EXPECT_FALSE(finds(half, Technique::hidden_rectangle));  // only the row is locked
}

// --- avoidable rectangles ----------------------------------------------------------------

TEST(GraderMoreTechniques, AvoidableRectangleType1) {
  // Solved during the solve: r1c1 = 5, r1c2 = 7, r4c1 = 7. r4c2 = 5 would let 5 and 7 swap in
  // the four cells, none a given: r4c2 is not 5.
  Board b = Board::full(kShape9);
  b.place(rc(1, 1), 5);
  b.place(rc(1, 2), 7);
  b.place(rc(4, 1), 7);
  ASSERT_TRUE(b.has(rc(4, 2), 5));
  const Step s = found(b, Technique::avoidable_rectangle_1);
  EXPECT_EQ(s.eliminations, elims({{rc(4, 2), 5}}));
  EXPECT_DOUBLE_EQ(s.rating, 4.5);
  // The same digits as givens: they cannot swap, nothing follows.
  Grid g(kShape9);
  g.cells[static_cast<std::size_t>(rc(1, 1))] = 5;
  g.cells[static_cast<std::size_t>(rc(1, 2))] = 7;
  g.cells[static_cast<std::size_t>(rc(4, 1))] = 7;
  const Board given = Board::from_grid(g);
  EXPECT_TRUE(given.given(rc(1, 1)));
  EXPECT_FALSE(finds(given, Technique::avoidable_rectangle_1));
}

TEST(GraderMoreTechniques, AvoidableRectangleType2) {
  // r1c1 = 5 and r1c2 = 7 solved; r4c1 {7,3}, r4c2 {5,3}: without 3 they would be 7 and 5, the
  // pattern. One is 3: 3 leaves the rest of row 4 and of box 4.
  Board b = Board::full(kShape9);
  b.place(rc(1, 1), 5);
  b.place(rc(1, 2), 7);
  b.set_candidates(rc(4, 1), mask({3, 7}));
  b.set_candidates(rc(4, 2), mask({3, 5}));
  const Step s = found(b, Technique::avoidable_rectangle_2);
  std::vector<CellDigit> expected;
  for (int c = 3; c <= 9; ++c) expected.push_back({rc(4, c), 3});
  for (int r = 5; r <= 6; ++r)
    for (int c = 1; c <= 3; ++c) expected.push_back({rc(r, c), 3});
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(s.eliminations, expected);
  EXPECT_DOUBLE_EQ(s.rating, 4.6);
  b.set_candidates(rc(4, 2), mask({4, 5}));  // different extras
  EXPECT_FALSE(finds(b, Technique::avoidable_rectangle_2));
}

// --- BUG types 3 and 4 ---------------------------------------------------------------------

/// A solved grid (the usual shifted pattern: row r is 1..9 rotated by 3(r mod 3) + r/3).
int solved(int r, int c) { return (3 * (r % 3) + r / 3 + c) % 9 + 1; }

/// A bivalue universal grave: the solved grid with its 1s and 2s open as {1,2}, and its 3s, 4s,
/// 5s open as {3,4}, {4,5}, {5,3} (the grid with 1<->2 swapped and 3->4->5->3 is a second
/// filling of the same cells, so every digit lies twice in every house). Everything else
/// written. Row 1 (r = 0) holds 1 at c1, 2 at c2, 3..5 at c3..c5.
Board grave() {
  Board b = Board::full(kShape9);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c)
      if (solved(r, c) > 5) b.place(r * 9 + c, solved(r, c));
  for (int cell = 0; cell < 81; ++cell) {
    if (b.value(cell) != 0) continue;
    const int d = solved(cell / 9, cell % 9);
    b.set_candidates(cell, d <= 2 ? mask({1, 2}) : d == 3 ? mask({3, 4}) : d == 4 ? mask({4, 5}) : mask({5, 3}));
  }
  return b;
}

TEST(GraderMoreTechniques, BugType3) {
  // r1c1 {1,2,3} and r1c2 {1,2,4}: one of them holds its extra, so row 1 has 3 or 4 there;
  // with r1c3 {3,4} that is a naked pair on 3,4: 4 leaves r1c4 {4,5}, 3 leaves r1c5 {5,3}.
  Board b = grave();
  ASSERT_EQ(b.candidates(rc(1, 3)), mask({3, 4}));
  b.set_candidates(rc(1, 1), mask({1, 2, 3}));
  b.set_candidates(rc(1, 2), mask({1, 2, 4}));
  const Step s = found(b, Technique::bug_type_3);
  EXPECT_EQ(s.eliminations, elims({{rc(1, 4), 4}, {rc(1, 5), 3}}));
  EXPECT_DOUBLE_EQ(s.rating, 5.8);  // SE: 5.7 + 0.1 for a pair
  EXPECT_FALSE(finds(b, Technique::bug_type_4));  // their common digits 1, 2: two
  EXPECT_FALSE(finds(b, Technique::bug_plus_1));
}

TEST(GraderMoreTechniques, BugType4) {
  // r1c3 {3,4,7} and r1c4 {4,5,8}: 4 lies in row 1 only there, so one of them is 4, and by
  // the BUG one holds its extra: r1c3 keeps {4,7}, r1c4 {4,8}.
  Board b = grave();
  b.set_candidates(rc(1, 3), mask({3, 4, 7}));
  b.set_candidates(rc(1, 4), mask({4, 5, 8}));
  const Step s = found(b, Technique::bug_type_4);
  EXPECT_EQ(s.eliminations, elims({{rc(1, 3), 3}, {rc(1, 4), 5}}));
  EXPECT_DOUBLE_EQ(s.rating, 5.7);
  EXPECT_FALSE(finds(b, Technique::bug_type_3));  // no naked subset with extras {7,8}
}

TEST(GraderMoreTechniques, NoBugWithoutAGrave) {
  // Type 3 with a third extra cell outside row 1 and box 1 (r5c1, a {5,3} cell, gains 9): the
  // extra cells share no house, nothing follows.
  Board b = grave();
  b.set_candidates(rc(1, 1), mask({1, 2, 3}));
  b.set_candidates(rc(1, 2), mask({1, 2, 4}));
  ASSERT_EQ(b.value(rc(5, 1)), 0);
  b.set_candidates(rc(5, 1), b.candidates(rc(5, 1)) | mask({9}));
  EXPECT_FALSE(finds(b, Technique::bug_type_3));
  // Type 4 with a third extra cell (r1c5 {3,5} gains 4, so 4 lies thrice in row 1).
  Board c = grave();
  c.set_candidates(rc(1, 3), mask({3, 4, 7}));
  c.set_candidates(rc(1, 4), mask({4, 5, 8}));
  c.set_candidates(rc(1, 5), mask({3, 4, 5}));
  EXPECT_FALSE(finds(c, Technique::bug_type_4));
  // A cell with four candidates beside a bivalue one: no grave can keep every digit twice.
  Board d = Board::full(kShape9);
  EXPECT_FALSE(finds(d, Technique::bug_type_3));
  EXPECT_FALSE(finds(d, Technique::bug_type_4));
}

// --- 3D Medusa -----------------------------------------------------------------------------

TEST(GraderMoreTechniques, Medusa) {
  // Strong links: (1)r1c1 = (1)r1c5 (row 1) = (4)r1c5 (bivalue) = (4)r6c5 (column 5) =
  // (2)r6c5 (bivalue) = (2)r6c1 (row 6) = (2)r1c1 (column 1). Colours alternate: (2)r6c1 is B,
  // (1)r1c1 is A. r6c1 is either 2 (B true) or, if A is true, r1c1 = 1: either way r6c1 is not
  // 1. The shortest proof is the six candidates from (2)r6c1 to (1)r1c1.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2, 3}));
  b.set_candidates(rc(1, 5), mask({1, 4}));
  b.set_candidates(rc(6, 5), mask({2, 4}));
  confine_row(b, 1, 1, {1, 5});
  confine_col(b, 4, 5, {1, 6});
  confine_row(b, 2, 6, {1, 5});
  confine_col(b, 2, 1, {1, 6});
  const Step s = found(b, Technique::medusa_3d);
  EXPECT_EQ(s.eliminations, elims({{rc(6, 1), 1}}));
  EXPECT_EQ(s.chain.size(), 6u);
  EXPECT_DOUBLE_EQ(s.rating, 7.1);  // 7.0 + SE's adjustment for six nodes
  EXPECT_FALSE(sudokit::needs_uniqueness(Technique::medusa_3d));
  const std::string text = sudokit::describe_step(s, kShape9);
  EXPECT_NE(text.find("3d medusa"), std::string::npos) << text;
  EXPECT_NE(text.find("r6c1<>1"), std::string::npos) << text;
}

TEST(GraderMoreTechniques, MedusaColourWrap) {
  // As above, but r6c1 may not hold 1 (the column already lost it) and (2)r1c1, reached by an
  // even number of links from (1)r1c1, shares its colour A with it in one cell: A is false.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2, 3}));
  b.set_candidates(rc(1, 5), mask({1, 4}));
  b.set_candidates(rc(6, 5), mask({2, 4}));
  confine_row(b, 1, 1, {1, 5});
  confine_col(b, 4, 5, {1, 6});
  confine_row(b, 2, 6, {1, 5});
  confine_col(b, 2, 1, {1, 6});
  confine_col(b, 1, 1, {1, 2, 3});  // 1 leaves r4c1..r9c1 (r6c1 included)
  const Step s = found(b, Technique::medusa_3d);
  // Colour A: (1)r1c1, (4)r1c5, (2)r6c5, (2)r1c1.
  EXPECT_EQ(s.eliminations, elims({{rc(1, 1), 1}, {rc(1, 1), 2}, {rc(1, 5), 4}, {rc(6, 5), 2}}));
}

TEST(GraderMoreTechniques, MedusaNeedsAChain) {
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 5), mask({1, 4}));  // one strong link: nothing to colour against
  EXPECT_FALSE(finds(b, Technique::medusa_3d));
}

TEST(GraderMoreTechniques, NamesAndNumbers) {
  // New techniques come after every earlier one, so C API numbers and csv columns keep place.
  EXPECT_GT(static_cast<int>(Technique::medusa_3d), static_cast<int>(Technique::cage_locked_digit));
  EXPECT_EQ(sudokit::kTechniqueCount, static_cast<int>(Technique::bug_type_4) + 1);
  for (Technique t : {Technique::medusa_3d, Technique::unique_rectangle_5, Technique::unique_rectangle_6,
                      Technique::hidden_rectangle, Technique::avoidable_rectangle_1, Technique::avoidable_rectangle_2,
                      Technique::bug_type_3, Technique::bug_type_4}) {
    EXPECT_EQ(sudokit::parse_technique(sudokit::technique_name(t)), t);
    EXPECT_EQ(sudokit::needs_uniqueness(t), t != Technique::medusa_3d);
  }
}

}  // namespace

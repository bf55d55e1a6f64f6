// grader_board_index_test.cpp: Board::positions(), Board::placed_in() and Board::cells_with()
// are kept in house masks and cell sets that place() and eliminate() update instead of
// scanning per question (board.cpp). Checked here against a scan of the cells after every change of long random
// sequences of placements and eliminations, on classic shapes and on a variant with extra
// houses (x: the diagonals), asked both before the first question and after it.
#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "board.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {
namespace {

using grading::Board;
using grading::Topology;

/// positions(), placed_in() and cells_with() recomputed from the cells.
void expect_matches_scan(const Board& board, const std::string& where) {
  const Topology& t = board.topo();
  for (int d = 1; d <= board.n(); ++d) {
    grading::CellBits holding;
    for (int c = 0; c < board.cells(); ++c)
      if (board.has(c, d)) holding.set(c);
    ASSERT_EQ(board.cells_with(d).w, holding.w) << where << ", digit " << d;
  }
  for (int h = 0; h < t.houses(); ++h) {
    std::uint64_t placed = 0;
    for (int c : t.house(h))
      if (board.value(c)) placed |= grading::digit_bit(board.value(c));
    ASSERT_EQ(board.placed_in(h), placed) << where << ", house " << h;
    for (int d = 1; d <= board.n(); ++d) {
      std::uint64_t found = 0;
      for (int k = 0; k < board.n(); ++k)
        if (board.has(t.house(h)[static_cast<std::size_t>(k)], d)) found |= std::uint64_t{1} << k;
      ASSERT_EQ(board.positions(h, d), found) << where << ", house " << h << ", digit " << d;
    }
  }
}

/// Random placements (of a candidate) and eliminations on a full board until every cell is
/// written or empty; the masks checked after each change (or only every 7th, so that some
/// changes pile up between questions).
void walk(Board board, std::uint32_t seed, int check_every) {
  std::mt19937 rng(seed);
  int changes = 0;
  for (int round = 0; round < 4 * board.cells() * board.n(); ++round) {
    const int cell = static_cast<int>(rng() % static_cast<std::uint32_t>(board.cells()));
    const std::uint64_t cands = board.candidates(cell);
    if (board.value(cell) || cands == 0) continue;
    std::vector<int> digits;
    for (int d = 1; d <= board.n(); ++d)
      if (cands & grading::digit_bit(d)) digits.push_back(d);
    const int digit = digits[rng() % digits.size()];
    if (rng() % 4 == 0)
      board.place(cell, digit);
    else
      EXPECT_TRUE(board.eliminate(cell, digit));
    EXPECT_FALSE(board.eliminate(cell, digit));  // already gone: no change
    if (++changes % check_every == 0) expect_matches_scan(board, "seed " + std::to_string(seed) + ", change " + std::to_string(changes));
  }
  EXPECT_GT(changes, board.cells() / 2);  // the walk did change the board a lot
  expect_matches_scan(board, "seed " + std::to_string(seed) + ", end");
}

TEST(GraderBoardIndex, HouseMasksFollowEveryChange) {
  for (int n : {4, 6, 9, 16})
    for (std::uint32_t seed = 1; seed <= 6; ++seed) {
      SCOPED_TRACE(n);
      walk(Board::full(*default_shape(n)), seed, seed % 2 ? 1 : 7);
    }
}

TEST(GraderBoardIndex, HouseMasksOfGridsAndExtraHouses) {
  // From a grid (givens written before any question), and on x-Sudoku, whose diagonals are
  // houses 27 and 28 (a cell on both has five houses).
  Grid grid(*default_shape(9));
  const char* givens = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
  for (int c = 0; c < 81; ++c) grid.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(givens[c] == '.' ? 0 : givens[c] - '0');
  walk(Board::from_grid(grid), 11, 1);
  std::string why;
  const auto x = make_rules(Variant::x, *default_shape(9), &why);
  ASSERT_TRUE(x) << why;
  const auto topology = grading::topology_for(*x);
  ASSERT_EQ(topology->houses(), 29);
  for (std::uint32_t seed = 1; seed <= 4; ++seed) walk(Board::full(topology), seed, seed % 2 ? 1 : 5);
  walk(Board::from_grid(grid, topology), 12, 1);
}

TEST(GraderBoardIndex, SetCandidatesIsSeenByTheNextQuestion) {
  Board board = Board::full(*default_shape(9));
  ASSERT_EQ(board.positions(0, 5), 0x1FFu);  // the masks are built now
  ASSERT_TRUE(board.cells_with(5).test(3));
  board.set_candidates(3, grading::digit_bit(2));
  EXPECT_EQ(board.positions(0, 5), 0x1FFu & ~(1u << 3));
  EXPECT_FALSE(board.cells_with(5).test(3));
  EXPECT_TRUE(board.cells_with(2).test(3));
  EXPECT_EQ(board.positions(0, 2), 0x1FFu);
  expect_matches_scan(board, "after set_candidates");
}

}  // namespace
}  // namespace sudokit

// grader_house_memo_test.cpp: the finders that keep "nothing here" from one call to the next
// (NothingFound in board.hpp: per house, locked candidates, naked and hidden subsets and the
// direct forms of both; per digit, the fish, finned fish and single-digit patterns and
// X-chains) must answer exactly as a scan of the whole board would. Each call is
// made twice on the same board: here, on a thread whose finders have seen the earlier boards
// of a long walk (so their marks are in play), and on a fresh thread, whose finders have seen
// nothing and scan every house. The walks change a few candidates between calls, or many
// (every so often a whole batch), ask a random part of the finders in a random order (so a
// finder's last board is sometimes several changes old), and run on classic shapes and on
// x-Sudoku (extra houses).
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "board.hpp"
#include "grader_memo_questions.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {
namespace {

using grading::Board;

constexpr Technique kWatched[] = {
    Technique::locked_pointing,     Technique::locked_claiming,      Technique::naked_pair,  Technique::naked_triple,
    Technique::naked_quad,          Technique::hidden_pair,          Technique::hidden_triple, Technique::hidden_quad,
    Technique::direct_pointing,     Technique::direct_claiming,      Technique::direct_hidden_pair,
    Technique::direct_hidden_triple,
    // Kept per digit.
    Technique::x_wing,              Technique::swordfish,            Technique::jellyfish,
    Technique::finned_x_wing,       Technique::finned_swordfish,     Technique::finned_jellyfish,
    Technique::skyscraper,          Technique::two_string_kite,      Technique::turbot_fish,
    Technique::empty_rectangle,     Technique::simple_colouring,     Technique::x_chain,
};

using namespace sudokit::testing;  // ask, ask_fresh, ask_both, expect_same (grader_memo_questions.hpp)

/// Random eliminations (and now and then a placement) on `board`; after each change a random
/// part of the watched finders is asked, kept and fresh. Returns how many questions found
/// something (the walk must meet instances for the comparison to mean anything).
int walk(Board board, std::uint32_t seed, int questions) {
  std::mt19937 rng(seed);
  int found = 0, asked = 0;
  std::vector<Technique> order(std::begin(kWatched), std::end(kWatched));
  // Thin a full board out first (half its candidates, none asked about): on a full board the
  // finders meet nothing for a long time.
  for (int k = 0, target = board.cells() * board.n() / 2; k < 4 * target && target > 0; ++k) {
    const int cell = static_cast<int>(rng() % static_cast<std::uint32_t>(board.cells()));
    const int digit = 1 + static_cast<int>(rng() % static_cast<std::uint32_t>(board.n()));
    if (!board.value(cell) && grading::popcount(board.candidates(cell)) > 2 && board.eliminate(cell, digit)) --target;
  }
  while (asked < questions) {
    // One change, or a batch of them (a board far from the finders' last one).
    const int changes = rng() % 8 == 0 ? 1 + static_cast<int>(rng() % 12) : 1;
    for (int k = 0; k < changes; ++k) {
      std::vector<std::pair<int, int>> open;  // (cell, digit) of cells with two candidates or more
      for (int c = 0; c < board.cells(); ++c)
        if (!board.value(c) && grading::popcount(board.candidates(c)) >= 2)
          for (int d = 1; d <= board.n(); ++d)
            if (board.has(c, d)) open.emplace_back(c, d);
      if (open.empty()) return found;
      const auto [cell, digit] = open[rng() % open.size()];
      if (rng() % 10 == 0)
        board.place(cell, digit);
      else
        board.eliminate(cell, digit);
    }
    std::shuffle(order.begin(), order.end(), rng);
    const std::size_t how_many = 1 + rng() % order.size();
    for (std::size_t i = 0; i < how_many; ++i) {
      const Technique t = order[i];
      const MemoAnswer kept = ask_both(t, board, "seed " + std::to_string(seed) + ", question " + std::to_string(asked));
      if (::testing::Test::HasFatalFailure()) return found;
      found += kept.found;
      ++asked;
    }
  }
  return found;
}

TEST(GraderHouseMemo, KeptMarksAnswerAsAFullScanOnClassicShapes) {
  for (int n : {4, 6, 9})
    for (std::uint32_t seed = 1; seed <= 4; ++seed) {
      SCOPED_TRACE("n " + std::to_string(n) + ", seed " + std::to_string(seed));
      const int found = walk(Board::full(*default_shape(n)), seed, 300);
      EXPECT_GT(found, 20);
    }
}

TEST(GraderHouseMemo, KeptMarksAnswerAsAFullScanFromAPuzzleAndOnXSudoku) {
  Grid grid(*default_shape(9));
  const char* givens = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
  for (int c = 0; c < 81; ++c)
    grid.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(givens[c] == '.' ? 0 : givens[c] - '0');
  EXPECT_GT(walk(Board::from_grid(grid), 21, 400), 20);
  std::string why;
  const auto x = make_rules(Variant::x, *default_shape(9), &why);
  ASSERT_TRUE(x) << why;
  const auto topology = grading::topology_for(*x);
  for (std::uint32_t seed = 31; seed <= 33; ++seed) EXPECT_GT(walk(Board::full(topology), seed, 300), 20);
  EXPECT_GT(walk(Board::from_grid(grid, topology), 34, 300), 20);
}

// A finder that returns early (an instance in an early unit) leaves later units unscanned;
// their marks must still be dropped where their houses changed. Alternating two boards that
// differ in one far cell, with the early instance present, checks exactly that.
TEST(GraderHouseMemo, MarksOfUnitsPassedByAnEarlyReturnFollowChanges) {
  for (std::uint32_t seed = 41; seed <= 48; ++seed) {
    std::mt19937 rng(seed);
    Board board = Board::full(*default_shape(9));
    // Thin the board out at random until the watched finders meet instances.
    for (int k = 0; k < 300; ++k) {
      const int cell = static_cast<int>(rng() % 81);
      const int digit = 1 + static_cast<int>(rng() % 9);
      if (grading::popcount(board.candidates(cell)) > 2) board.eliminate(cell, digit);
    }
    for (int round = 0; round < 40; ++round) {
      Board changed = board;
      const int cell = static_cast<int>(rng() % 81);
      for (int d = 1; d <= 9; ++d)
        if (grading::popcount(changed.candidates(cell)) > 1 && rng() % 2) changed.eliminate(cell, d);
      for (const Board* b : {&board, &changed, &board})
        for (Technique t : kWatched) {
          expect_same(ask(t, *b), ask_fresh(t, *b), "seed " + std::to_string(seed) + ", round " + std::to_string(round) + ", " + std::string(technique_name(t)));
          if (HasFatalFailure()) return;
        }
      board = changed;
    }
  }
}

// A locked-candidates unit spans several houses: a box and the lines crossing it (pointing),
// a line and the boxes it crosses (claiming). Its mark must go when any of them changes, even
// where the unit's own house did not. Built by hand: digit 1 in box 0 only at r1c1 and r1c2,
// and nowhere else in row 1, so neither rule removes anything; then a 1 comes back in row 1
// outside the box (pointing now removes it) or in box 0 outside row 1 (claiming now does).
TEST(GraderHouseMemo, LockedCandidatesMarksFollowEveryHouseOfTheirUnit) {
  Board before = Board::full(*default_shape(9));
  const std::uint64_t all = before.all_digits(), one = grading::digit_bit(1);
  for (int c : {2, 9, 10, 11, 18, 19, 20}) before.set_candidates(c, all & ~one);  // box 0 but r1c1, r1c2
  for (int c = 3; c < 9; ++c) before.set_candidates(c, all & ~one);               // row 1 outside box 0
  for (Technique t : {Technique::locked_pointing, Technique::locked_claiming}) {
    const MemoAnswer none = ask(t, before);  // marks every unit of this board empty
    ASSERT_FALSE(none.found) << technique_name(t);
  }
  Board pointing = before;
  pointing.set_candidates(5, all);  // r1c6: in row 1 and box 1, not in box 0
  Board claiming = before;
  claiming.set_candidates(11, all);  // r2c3: in box 0 and row 2, not in row 1
  for (const Board* b : {&pointing, &before, &claiming, &before})
    for (Technique t : {Technique::locked_pointing, Technique::locked_claiming}) {
      const MemoAnswer kept = ask(t, *b), fresh = ask_fresh(t, *b);
      expect_same(kept, fresh, std::string(technique_name(t)));
    }
  // The instances themselves: box 0 points along row 1 at r1c6; row 1 claims box 0 at r2c3.
  const MemoAnswer p = ask_fresh(Technique::locked_pointing, pointing);
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.step.eliminations, (std::vector<CellDigit>{{5, 1}}));
  const MemoAnswer c = ask_fresh(Technique::locked_claiming, claiming);
  ASSERT_TRUE(c.found);
  EXPECT_EQ(c.step.eliminations, (std::vector<CellDigit>{{11, 1}}));
}

// A digit's mark must go when any of its candidates changes, wherever on the board, and also
// when one comes back (boards need not follow one another). An X-Wing on 1 in rows 1 and 5,
// columns 1 and 5: first with nothing left to remove (1 gone from the rest of both columns),
// then with a 1 back in column 5, far from the other cells.
TEST(GraderHouseMemo, DigitMarksFollowEveryCandidateOfTheDigit) {
  Board before = Board::full(*default_shape(9));
  const std::uint64_t all = before.all_digits(), one = grading::digit_bit(1);
  auto cell = [](int row, int col) { return 9 * (row - 1) + col - 1; };
  for (int col = 1; col <= 9; ++col)
    for (int row : {1, 5})
      if (col != 1 && col != 5) before.set_candidates(cell(row, col), all & ~one);
  for (int row = 1; row <= 9; ++row)
    for (int col : {1, 5})
      if (row != 1 && row != 5) before.set_candidates(cell(row, col), all & ~one);
  ASSERT_FALSE(ask(Technique::x_wing, before).found);  // every digit marked empty
  Board after = before;
  after.set_candidates(cell(9, 5), all);
  for (const Board* b : {&after, &before, &after}) {
    const MemoAnswer kept = ask(Technique::x_wing, *b), fresh = ask_fresh(Technique::x_wing, *b);
    expect_same(kept, fresh, "x-wing");
  }
  const MemoAnswer x = ask_fresh(Technique::x_wing, after);
  ASSERT_TRUE(x.found);
  EXPECT_EQ(x.step.eliminations, (std::vector<CellDigit>{{cell(9, 5), 1}}));
}

}  // namespace
}  // namespace sudokit

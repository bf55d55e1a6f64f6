// grader_loop_memo_test.cpp: the unique loop finders (types 1, 2 and 4) remember the board
// they last found nothing on (NothingBefore) and then walk only the digit pairs a changed cell
// can matter to (unique_loops.cpp). They must answer exactly as a walk of every pair would:
// each question is asked on this thread, whose finders have seen the earlier boards of a long
// walk, and on a fresh thread, whose finders scan everything (grader_memo_questions.hpp).
//
// Loops need the same two digits in six cells or more, placed as in a valid grid, so the
// walks start from boards built around such loops (loop_rich) and take candidates away one
// to three at a time, now and then placing a digit or applying the step a finder found, as a
// grade would; sometimes they jump back to an earlier board, where the memo must be dropped.
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "board.hpp"
#include "grader_memo_questions.hpp"

namespace sudokit {
namespace {

using grading::Board;
using namespace sudokit::testing;

constexpr Technique kLoops[] = {Technique::unique_loop_1, Technique::unique_loop_2, Technique::unique_loop_4};

/// A board rich in unique loops. The pattern grid (row r, column c holds (3r + r/3 + c) mod 9,
/// plus one) is valid, and the cells of two values v and v + 3 in it close into three loops of
/// six cells, one per band (two cells in each row, column and box they touch). Its digits are
/// relabelled at random; the cells of two such pairs hold both digits, some with an extra
/// digit (mostly the pair's own x, for type 2), and every other cell its grid digit and two or
/// three others. Loops of every type then appear and vanish as a walk takes candidates away.
Board loop_rich(std::mt19937& rng) {
  std::vector<int> label = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::shuffle(label.begin(), label.end(), rng);
  // Values (0-based) v, v + 3 and w, w + 3 (distinct), their extras: the values left, at random.
  const int v = static_cast<int>(rng() % 3), w = (v + 1 + static_cast<int>(rng() % 2)) % 3;
  const int pair_value[2][2] = {{v, v + 3}, {w, w + 3}};
  std::vector<int> rest;
  for (int value = 0; value < 9; ++value)
    if (value != v && value != v + 3 && value != w && value != w + 3) rest.push_back(value);
  std::shuffle(rest.begin(), rest.end(), rng);
  Board board = Board::full(*default_shape(9));
  auto digit_of = [&](int value) { return grading::digit_bit(label[static_cast<std::size_t>(value)]); };
  for (int cell = 0; cell < 81; ++cell) {
    const int r = cell / 9, c = cell % 9;
    const int value = (3 * r + r / 3 + c) % 9;
    std::uint64_t m = digit_of(value);
    int pair = -1;
    for (int p = 0; p < 2; ++p)
      if (value == pair_value[p][0] || value == pair_value[p][1]) pair = p;
    if (pair >= 0) {
      m = digit_of(pair_value[pair][0]) | digit_of(pair_value[pair][1]);
      const auto roll = rng() % 10;
      if (roll < 4) m |= digit_of(rest[static_cast<std::size_t>(pair)]);
      if (roll >= 3 && roll <= 4) m |= digit_of(rest[2 + rng() % 3]);  // (with roll 3: two extras)
    } else {
      for (int k = 0, others = 2 + static_cast<int>(rng() % 2); k < others; ++k) m |= grading::digit_bit(1 + static_cast<int>(rng() % 9));
    }
    board.set_candidates(cell, m);
  }
  return board;
}

/// Candidates of cells with three candidates or more, as (cell, digit): what a walk takes away.
std::vector<std::pair<int, int>> removable(const Board& board) { return sudokit::testing::candidates_of_cells(board, 3); }

/// A walk of `questions` changes from `start`, each followed by the three loop finders asked
/// here and fresh. Returns how many questions found a step.
int walk(const Board& start, std::uint32_t seed, int questions, std::vector<int>& by_type) {
  std::mt19937 rng(seed);
  Board board = start;
  std::vector<Board> passed{board};
  int found = 0;
  for (int q = 0; q < questions; ++q) {
    const auto roll = rng() % 30;
    if (roll == 0) {
      board = passed[rng() % passed.size()];  // back: candidates come back, the memo must go
    } else {
      for (int k = 0, changes = 1 + static_cast<int>(rng() % 3); k < changes; ++k) {
        const auto open = removable(board);
        if (open.empty()) {
          board = start;
          break;
        }
        const auto [cell, digit] = open[rng() % open.size()];
        if (roll <= 2)
          board.place(cell, digit);
        else
          board.eliminate(cell, digit);
      }
    }
    if (rng() % 6 == 0) passed.push_back(board);
    for (std::size_t i = 0; i < std::size(kLoops); ++i) {
      const Technique t = kLoops[i];
      const MemoAnswer kept = ask_both(t, board, "seed " + std::to_string(seed) + ", question " + std::to_string(q));
      if (::testing::Test::HasFatalFailure()) return found;
      if (kept.found) {
        ++found;
        ++by_type[i];
        if (rng() % 2 == 0) board.apply(kept.step);  // taken, as a grade would
      }
    }
  }
  return found;
}

TEST(GraderLoopMemo, KeptBoardsAnswerAsAFullScan) {
  int found = 0;
  std::vector<int> by_type(std::size(kLoops), 0);
  for (std::uint32_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937 rng(seed * 7919U);
    found += walk(loop_rich(rng), seed, 60, by_type);
    if (HasFatalFailure()) return;
  }
  // Each type found often (about 200, 200 and 85 times), so each one's memo is in play.
  for (std::size_t i = 0; i < by_type.size(); ++i) EXPECT_GT(by_type[i], 30) << technique_name(kLoops[i]);
  EXPECT_GT(found, 250);
}

// A type 4 loop whose condition is met through a cell off the loop. The loop of {1,2}: r1c1,
// r1c4, r2c4, r2c7, r3c7, r3c1 (two cells in each of its rows, columns and boxes); the roof
// r1c1 and r1c4 holds {1,2,3}, the rest {1,2}. Row 1 also has 1 in r1c7 and 2 in r1c8, so
// neither digit lies only in the roof there: nothing. Then 1 leaves r1c7, which is not on
// the loop and never held both loop digits: 1 lies only in the roof in row 1, so 2 leaves
// both roof cells. The memo must walk the pair because r1c7 lost a loop digit.
TEST(GraderLoopMemo, TypeFourAppearsWhenACellOffTheLoopLosesADigit) {
  const auto rc = rc9;
  const auto mask = digit_mask;
  const std::vector<int> loop = {rc(1, 1), rc(1, 4), rc(2, 4), rc(2, 7), rc(3, 7), rc(3, 1)};
  Board before = Board::full(*default_shape(9));
  // No cell off the loop holds both 1 and 2, and no cell but the loop's holds exactly two
  // digits (so no other pair has a loop).
  for (int c = 0; c < before.cells(); ++c) before.set_candidates(c, mask({1, 3, 4, 5, 6, 7, 8, 9}));
  for (int col = 1; col <= 9; ++col) before.set_candidates(rc(1, col), mask({4, 5, 6, 7, 8, 9}));
  before.set_candidates(rc(1, 7), mask({1, 4, 5}));
  before.set_candidates(rc(1, 8), mask({2, 4, 5}));
  for (int c : loop) before.set_candidates(c, mask({1, 2}));
  before.set_candidates(rc(1, 1), mask({1, 2, 3}));
  before.set_candidates(rc(1, 4), mask({1, 2, 3}));
  const MemoAnswer none = ask(Technique::unique_loop_4, before);
  expect_same(none, ask_fresh(Technique::unique_loop_4, before), "before");
  ASSERT_FALSE(none.found);
  // The same through a placement: r1c7 written with 4 takes its 1 away too.
  for (const bool by_placement : {false, true}) {
    SCOPED_TRACE(by_placement ? "placed" : "eliminated");
    ASSERT_FALSE(ask(Technique::unique_loop_4, before).found);  // remembered: nothing on `before`
    Board after = before;
    if (by_placement)
      after.place(rc(1, 7), 4);
    else
      after.eliminate(rc(1, 7), 1);
    const MemoAnswer kept = ask(Technique::unique_loop_4, after);
    const MemoAnswer fresh = ask_fresh(Technique::unique_loop_4, after);
    expect_same(kept, fresh, "after");
    ASSERT_TRUE(fresh.found);
    EXPECT_EQ(fresh.step.eliminations, (std::vector<CellDigit>{{rc(1, 1), 2}, {rc(1, 4), 2}}));
  }
}

}  // namespace
}  // namespace sudokit

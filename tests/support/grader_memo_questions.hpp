// grader_memo_questions.hpp: for the tests of the finders' memos (grader_house_memo_test,
// grader_far_memo_test and grader_loop_memo_test). A finder that remembers what it found
// nothing on keeps that per thread, so the same question asked on a new thread is answered
// by a full scan: the oracle the memo must agree with, step for step.
#pragma once

#include <cstdint>
#include <future>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "board.hpp"
#include "sudokit/grader.hpp"

namespace sudokit::testing {

struct MemoAnswer {
  bool found = false;
  Step step;
};

/// The cell at (row, column), both from 1, of a 9×9 board: for hand-made boards.
inline int rc9(int row, int col) { return 9 * (row - 1) + col - 1; }
/// The candidate mask of `digits`.
inline std::uint64_t digit_mask(std::initializer_list<int> digits) {
  std::uint64_t m = 0;
  for (int d : digits) m |= grading::digit_bit(d);
  return m;
}

/// The candidates of unsolved cells holding `at_least` candidates or more, as (cell, digit):
/// what a walk over hand-made or puzzle boards may take away.
inline std::vector<std::pair<int, int>> candidates_of_cells(const grading::Board& board, int at_least) {
  std::vector<std::pair<int, int>> out;
  for (int c = 0; c < board.cells(); ++c)
    if (!board.value(c) && grading::popcount(board.candidates(c)) >= at_least)
      for (int d = 1; d <= board.n(); ++d)
        if (board.has(c, d)) out.emplace_back(c, d);
  return out;
}

/// `technique` asked on `board` on this thread (whose finders' memos hold earlier boards).
inline MemoAnswer ask(Technique technique, const grading::Board& board) {
  MemoAnswer a;
  a.found = grading::find_technique(technique, board, a.step);
  return a;
}

/// The same question on a new thread: its finders' memos start empty.
inline MemoAnswer ask_fresh(Technique technique, const grading::Board& board) {
  return std::async(std::launch::async, [&] { return ask(technique, board); }).get();
}

/// The two answers are the same step (or both nothing).
inline void expect_same(const MemoAnswer& kept, const MemoAnswer& fresh, const std::string& where) {
  ASSERT_EQ(kept.found, fresh.found) << where;
  if (!kept.found) return;
  EXPECT_EQ(kept.step.technique, fresh.step.technique) << where;
  EXPECT_EQ(kept.step.placements, fresh.step.placements) << where;
  EXPECT_EQ(kept.step.eliminations, fresh.step.eliminations) << where;
  EXPECT_EQ(kept.step.cells, fresh.step.cells) << where;
  EXPECT_EQ(kept.step.houses, fresh.step.houses) << where;
  EXPECT_EQ(kept.step.chain, fresh.step.chain) << where;
  EXPECT_EQ(kept.step.digits, fresh.step.digits) << where;
}

/// Asks `technique` here and on a new thread, expects the same answer, and returns this
/// thread's (so a walk can apply the step it found).
inline MemoAnswer ask_both(Technique technique, const grading::Board& board, const std::string& where) {
  MemoAnswer kept = ask(technique, board);
  expect_same(kept, ask_fresh(technique, board), where + ", " + std::string(technique_name(technique)));
  return kept;
}

}  // namespace sudokit::testing

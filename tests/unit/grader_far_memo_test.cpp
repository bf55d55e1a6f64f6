// grader_far_memo_test.cpp: the finders that remember the board they last found nothing on
// (NothingBefore in board.hpp: aligned pair and triple exclusion, ALS-XZ, ALS-XY-wing, death
// blossom, sue de coq) must answer exactly as a scan of the whole board would. Each question is asked
// twice of the same board: here, on a thread whose finders have seen the earlier boards of a
// long walk (so their memos are in play), and on a fresh thread, whose finders have seen
// nothing and scan every instance. The walks take candidates away one or a few at a time
// (now and then a placement, now and then a step one of the finders found), so most boards
// are candidate-subsets of the finder's last empty board; and sometimes they jump to an
// unrelated board or go back to an earlier one (candidates come back), where the memo must
// be dropped.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "advanced.hpp"
#include "board.hpp"
#include "grader_memo_questions.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {
namespace {

using grading::Board;

constexpr Technique kWatched[] = {
    Technique::aligned_pair_exclusion, Technique::aligned_triple_exclusion, Technique::als_xz,
    Technique::als_xy_wing,            Technique::death_blossom,            Technique::sue_de_coq,
};

using namespace sudokit::testing;  // ask, ask_fresh, ask_both, expect_same (grader_memo_questions.hpp)

Grid parse(const std::string& line) {
  Grid grid(*default_shape(9));
  for (std::size_t c = 0; c < 81; ++c)
    grid.cells[c] = static_cast<std::uint8_t>(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
  return grid;
}

/// Every `every`-th puzzle of a shared collection, from `first`.
std::vector<Grid> puzzles(const std::string& relative, std::size_t first, std::size_t every, std::size_t count) {
  std::ifstream in(std::string(SUDOKIT_SHARED_DATA) + "/" + relative);
  EXPECT_TRUE(in) << relative;
  std::vector<Grid> out;
  std::string line;
  for (std::size_t i = 0; out.size() < count && std::getline(in, line);) {
    if (line.size() < 81 || line[0] == '#') continue;
    if (i >= first && (i - first) % every == 0) out.push_back(parse(line));
    ++i;
  }
  return out;
}

/// Candidates of open cells (two candidates or more) as (cell, digit).
std::vector<std::pair<int, int>> open_candidates(const Board& board) { return sudokit::testing::candidates_of_cells(board, 2); }

/// A walk of `questions` questions from `start`: between questions one candidate goes, or a
/// batch, or a found step is applied, or (rarely) the walk jumps to one of `elsewhere` or
/// back to a board it passed. After each change a random part of the watched finders is
/// asked, kept and fresh. Returns how many questions found something.
int walk(Board start, const std::vector<Board>& elsewhere, std::uint32_t seed, int questions) {
  std::mt19937 rng(seed);
  Board board = start;
  std::vector<Board> passed{board};
  std::vector<Technique> order(std::begin(kWatched), std::end(kWatched));
  Step last_found;
  bool have_found = false;
  int found = 0, asked = 0;
  while (asked < questions) {
    const auto roll = static_cast<std::uint32_t>(rng() % 40);
    if (roll == 0 && !elsewhere.empty()) {
      board = elsewhere[rng() % elsewhere.size()];  // an unrelated board
    } else if (roll == 1) {
      board = passed[rng() % passed.size()];  // back: candidates come back
    } else if (roll < 12 && have_found) {
      board.apply(last_found);  // as a grade goes on: the step just found
    } else {
      const int changes = roll < 16 ? 1 + static_cast<int>(rng() % 12) : 1;
      for (int k = 0; k < changes; ++k) {
        const auto open = open_candidates(board);
        if (open.empty()) break;
        const auto [cell, digit] = open[rng() % open.size()];
        if (rng() % 12 == 0)
          board.place(cell, digit);
        else
          board.eliminate(cell, digit);
      }
    }
    if (open_candidates(board).empty()) board = start;  // solved or stuck: start over
    if (rng() % 8 == 0) passed.push_back(board);
    have_found = false;
    std::shuffle(order.begin(), order.end(), rng);
    const std::size_t how_many = 1 + rng() % order.size();
    for (std::size_t i = 0; i < how_many; ++i) {
      const Technique t = order[i];
      const MemoAnswer kept = ask_both(t, board, "seed " + std::to_string(seed) + ", question " + std::to_string(asked));
      if (::testing::Test::HasFatalFailure()) return found;
      if (kept.found) {
        ++found;
        last_found = kept.step;
        have_found = true;
      }
      ++asked;
    }
  }
  return found;
}

// Walks from hard puzzles' boards (top1465): the boards a grade meets, where the finders
// mostly find nothing and an instance appears only near what changed.
TEST(GraderFarMemo, KeptBoardsAnswerAsAFullScanFromHardPuzzles) {
  const auto grids = puzzles("puzzles/top1465.txt", 3, 97, 8);
  ASSERT_EQ(grids.size(), 8U);
  std::vector<Board> boards;
  for (const Grid& g : grids) boards.push_back(Board::from_grid(g));
  int found = 0;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    SCOPED_TRACE("puzzle " + std::to_string(i));
    found += walk(boards[i], boards, static_cast<std::uint32_t>(100 + i), 150);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(found, 100);
}

/// One finder asked after every change of a walk of single eliminations, most of them in
/// cells of three or four candidates (so new excluders and ALSs appear one at a time, far
/// from the rest): its memo applies at nearly every question, with one changed cell. A step
/// found is applied, as a grade would.
int single_steps(Technique technique, Board board, std::uint32_t seed, int questions) {
  std::mt19937 rng(seed);
  int found = 0;
  for (int q = 0; q < questions; ++q) {
    auto open = open_candidates(board);
    if (open.empty()) break;
    std::vector<std::pair<int, int>> few;
    for (const auto& [c, d] : open)
      if (grading::popcount(board.candidates(c)) <= 4) few.emplace_back(c, d);
    const auto& from = few.empty() || rng() % 4 == 0 ? open : few;
    const auto [cell, digit] = from[rng() % from.size()];
    board.eliminate(cell, digit);
    const MemoAnswer kept = ask(technique, board);
    const MemoAnswer fresh = ask_fresh(technique, board);
    expect_same(kept, fresh, "seed " + std::to_string(seed) + ", step " + std::to_string(q) + ", " + std::string(technique_name(technique)));
    if (::testing::Test::HasFatalFailure()) return found;
    if (kept.found) {  // taken, as a grade would
      ++found;
      board.apply(kept.step);
    }
  }
  return found;
}

TEST(GraderFarMemo, EachFinderAfterEverySingleElimination) {
  const auto grids = puzzles("puzzles/top1465.txt", 5, 61, 12);
  ASSERT_EQ(grids.size(), 12U);
  for (Technique t : kWatched) {
    int found = 0;
    for (std::size_t i = 0; i < grids.size(); ++i) {
      found += single_steps(t, Board::from_grid(grids[i]), static_cast<std::uint32_t>(300 + i), 40);
      if (HasFatalFailure()) return;
    }
    EXPECT_GT(found, 5) << technique_name(t);
  }
}

// Thinned-out full boards of 4×4, 6×6 and 9×9 (instances everywhere), and x-Sudoku (extra
// houses: more peers, more ALS houses).
TEST(GraderFarMemo, KeptBoardsAnswerAsAFullScanOnThinnedBoards) {
  int found = 0;
  for (int n : {4, 6, 9})
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
      SCOPED_TRACE("n " + std::to_string(n) + ", seed " + std::to_string(seed));
      std::mt19937 rng(seed);
      Board board = Board::full(*default_shape(n));
      for (int k = 0, target = board.cells() * n * 6 / 10; k < 8 * target && target > 0; ++k) {
        const int cell = static_cast<int>(rng() % static_cast<std::uint32_t>(board.cells()));
        const int digit = 1 + static_cast<int>(rng() % static_cast<std::uint32_t>(n));
        if (grading::popcount(board.candidates(cell)) > 2 && board.eliminate(cell, digit)) --target;
      }
      found += walk(board, {}, seed, n == 9 ? 150 : 80);
      if (HasFatalFailure()) return;
    }
  std::string why;
  const auto x = make_rules(Variant::x, *default_shape(9), &why);
  ASSERT_TRUE(x) << why;
  const auto grids = puzzles("puzzles/top1465.txt", 11, 131, 3);
  for (std::size_t i = 0; i < grids.size(); ++i) {
    found += walk(Board::from_grid(grids[i], grading::topology_for(*x)), {}, static_cast<std::uint32_t>(200 + i), 100);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(found, 100);
}

// One far cell: ALS-XZ finds nothing on a board, then one candidate goes from a cell of a
// second set far from the first set's cells, and the pair becomes an ALS-XZ. The memo must
// notice the change (the first set is untouched; only the second holds the changed cell).
TEST(GraderFarMemo, AnAlsAppearsWhenOneOfItsCellsLosesACandidate) {
  const auto rc = rc9;
  const auto mask = digit_mask;
  // A = r1c1 {1,2}; B = r5c1 {1,3} + r5c5 {2,3}: restricted common 1, Z = 2 off r1c5. Before,
  // r5c5 holds {2,3,4}: B has three digits in two cells, no ALS, nothing to find.
  Board before = Board::full(*default_shape(9));
  before.set_candidates(rc(1, 1), mask({1, 2}));
  before.set_candidates(rc(5, 1), mask({1, 3}));
  before.set_candidates(rc(5, 5), mask({2, 3, 4}));
  const MemoAnswer none = ask(Technique::als_xz, before);
  const MemoAnswer none_fresh = ask_fresh(Technique::als_xz, before);
  expect_same(none, none_fresh, "before");
  ASSERT_FALSE(none.found);
  Board after = before;
  after.eliminate(rc(5, 5), 4);
  const MemoAnswer kept = ask(Technique::als_xz, after);
  const MemoAnswer fresh = ask_fresh(Technique::als_xz, after);
  expect_same(kept, fresh, "after");
  ASSERT_TRUE(fresh.found);
  EXPECT_TRUE(std::find(fresh.step.eliminations.begin(), fresh.step.eliminations.end(), CellDigit{rc(1, 5), 2}) !=
              fresh.step.eliminations.end());
}

}  // namespace
}  // namespace sudokit

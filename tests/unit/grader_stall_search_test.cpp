// grader_stall_search_test.cpp: the grader's replay of the DLX search at a stall
// (grader/src/stall_search.hpp) must count exactly what the DLX engine counts: the same rows
// tried, the same branch points, the same answer (a solution or none), and under a node
// budget the same stopping point. The engine is the definition (`guesses` is DLX's count), so
// every case here runs both on one board and compares. Boards: the hard collections' puzzles,
// the same puzzles with random cells of their solution written in (what a stall looks like),
// boards with many solutions, boards with none (one wrong digit that clashes with nothing, so
// the whole tree is searched), and clashing givens.
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "stall_search.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

using grading::dlx_stall_search;
using grading::StallSearch;
using testing::grid_from_line;
using testing::kSanitizerStride;
using testing::load_lines;

struct EngineSearch {
  SearchStats stats;
  bool found = false;
  bool complete = true;
};

EngineSearch engine_search(Solver& dlx, const Grid& board, const Budget& budget = {}) {
  EngineSearch out;
  out.found = dlx.enumerate(board, [](const Grid&) { return false; }, 1, &out.stats, budget, &out.complete) > 0;
  return out;
}

std::string line_of(const Grid& board) {
  std::string s;
  for (std::uint8_t d : board.cells) s += d == 0 ? '.' : static_cast<char>('0' + d);
  return s;
}

/// Compares the replay with the engine on `board`; returns the engine's node count.
std::uint64_t expect_same_search(Solver& dlx, const Grid& board, const Budget& budget = {}) {
  const EngineSearch engine = engine_search(dlx, board, budget);
  const StallSearch replay = dlx_stall_search(board.cells.data(), budget);
  EXPECT_EQ(replay.nodes, engine.stats.nodes) << line_of(board) << " budget " << budget.nodes;
  EXPECT_EQ(replay.guesses, engine.stats.guesses) << line_of(board) << " budget " << budget.nodes;
  EXPECT_EQ(replay.found, engine.found) << line_of(board) << " budget " << budget.nodes;
  EXPECT_EQ(replay.complete, engine.complete) << line_of(board) << " budget " << budget.nodes;
  return engine.stats.nodes;
}

std::vector<Grid> hard_puzzles() {
  std::vector<Grid> out;
  const std::vector<std::string> hardest = load_lines("puzzles/hardest_1106.txt");
  for (std::size_t i = 0; i < hardest.size(); i += kSanitizerStride) out.push_back(grid_from_line(hardest[i]));
  const std::vector<std::string> top = load_lines("puzzles/top1465.txt");
  for (std::size_t i = 0; i < top.size(); i += 4 * kSanitizerStride) out.push_back(grid_from_line(top[i]));
  return out;
}

Grid solution_of(Solver& solver, const Grid& puzzle) {
  const SolveResult solved = solver.solve(puzzle, 1, 1);
  EXPECT_EQ(solved.count, 1u) << line_of(puzzle);
  return solved.solutions.empty() ? puzzle : solved.solutions.front();
}

/// `puzzle` with `extra` of its empty cells written from `solution`, chosen at random.
Grid with_solution_cells(const Grid& puzzle, const Grid& solution, int extra, std::mt19937& rng) {
  std::vector<int> empty;
  for (int c = 0; c < 81; ++c)
    if (puzzle.cells[static_cast<std::size_t>(c)] == 0) empty.push_back(c);
  std::shuffle(empty.begin(), empty.end(), rng);
  Grid board = puzzle;
  for (int k = 0; k < extra && k < static_cast<int>(empty.size()); ++k)
    board.cells[static_cast<std::size_t>(empty[static_cast<std::size_t>(k)])] =
        solution.cells[static_cast<std::size_t>(empty[static_cast<std::size_t>(k)])];
  return board;
}

TEST(GraderStallSearch, ReplaysTheEngineOnHardPuzzlesAndTheirStalls) {
  Solver dlx{EngineKind::dlx};
  Solver fast;
  std::mt19937 rng(20261127);
  const std::vector<Grid> puzzles = hard_puzzles();
  ASSERT_GT(puzzles.size(), 50u);
  std::uint64_t nodes = 0, searched = 0;
  for (const Grid& puzzle : puzzles) {
    nodes += expect_same_search(dlx, puzzle);
    const Grid solution = solution_of(fast, puzzle);
    // A stall: some of the solution written in, as the ladder would have.
    const int extra = std::uniform_int_distribution<int>(1, 30)(rng);
    nodes += expect_same_search(dlx, with_solution_cells(puzzle, solution, extra, rng));
    searched += 2;
  }
  // The boards made the engine search (so the comparison covered branching, not only singles).
  EXPECT_GT(nodes, 100 * searched);
}

TEST(GraderStallSearch, ReplaysBoardsWithManySolutionsAndWithNone) {
  Solver dlx{EngineKind::dlx};
  Solver fast;
  std::mt19937 rng(7);
  const std::vector<std::string> top = load_lines("puzzles/top1465.txt");
  ASSERT_FALSE(top.empty());
  int without_solution = 0, with_solution = 0;
  for (int round = 0; round < 600 / static_cast<int>(kSanitizerStride); ++round) {
    const Grid puzzle = grid_from_line(top[static_cast<std::size_t>(round * 7) % top.size()]);
    const Grid solution = solution_of(fast, puzzle);
    // A few cells of a solution: many solutions; the search stops at the first.
    Grid empty(*default_shape(9));
    Grid board = with_solution_cells(empty, solution, std::uniform_int_distribution<int>(0, 30)(rng), rng);
    if (round % 2 == 1) {
      // One wrong digit that clashes with no given: no solution, the whole tree is searched.
      board = with_solution_cells(empty, solution, std::uniform_int_distribution<int>(24, 45)(rng), rng);
      std::vector<std::pair<int, int>> wrong;
      for (int c = 0; c < 81; ++c)
        for (int d = 1; d <= 9; ++d)
          if (board.cells[static_cast<std::size_t>(c)] == 0 && d != solution.cells[static_cast<std::size_t>(c)]) {
            Grid trial = board;
            trial.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(d);
            if (find_clashes(trial, 1).empty()) wrong.emplace_back(c, d);
          }
      if (wrong.empty()) continue;
      const auto [c, d] = wrong[std::uniform_int_distribution<std::size_t>(0, wrong.size() - 1)(rng)];
      board.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(d);
    }
    expect_same_search(dlx, board);
    (dlx_stall_search(board.cells.data()).found ? with_solution : without_solution)++;
  }
  // Both kinds were compared.
  EXPECT_GT(with_solution, 100 / static_cast<int>(kSanitizerStride));
  EXPECT_GT(without_solution, 50 / static_cast<int>(kSanitizerStride));
}

TEST(GraderStallSearch, StopsWhereTheEngineStopsUnderANodeBudget) {
  Solver dlx{EngineKind::dlx};
  std::mt19937 rng(11);
  const std::vector<Grid> puzzles = hard_puzzles();
  int stopped = 0;
  for (std::size_t i = 0; i < puzzles.size(); i += 3) {
    const std::uint64_t full = engine_search(dlx, puzzles[i]).stats.nodes;
    // Caps below, at and past the full search: the last node tried, and one more.
    for (std::uint64_t cap : {std::uint64_t{1}, std::uniform_int_distribution<std::uint64_t>(1, full + 1)(rng), full,
                              full + 1}) {
      if (cap == 0) continue;
      expect_same_search(dlx, puzzles[i], Budget::of_nodes(cap));
      stopped += !dlx_stall_search(puzzles[i].cells.data(), Budget::of_nodes(cap)).complete;
    }
  }
  EXPECT_GT(stopped, 0);
}

TEST(GraderStallSearch, ClashingGivensSearchNothingAsTheEngineDoes) {
  Solver dlx{EngineKind::dlx};
  Grid board(*default_shape(9));
  board.cells[0] = 5;
  board.cells[8] = 5;  // the same digit twice in row 1
  const StallSearch replay = dlx_stall_search(board.cells.data());
  EXPECT_EQ(replay.nodes, 0u);
  EXPECT_FALSE(replay.found);
  expect_same_search(dlx, board);
  // A cell with no digit left is no clash: both search and find the dead end at once.
  Grid dead(*default_shape(9));
  for (int c = 1; c < 9; ++c) dead.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);  // row 1: 1..8 from c2
  dead.cells[9 * 1] = 9;                                                                          // r2c1 = 9: r1c1 has none
  EXPECT_EQ(expect_same_search(dlx, dead), 0u);
  EXPECT_FALSE(dlx_stall_search(dead.cells.data()).found);
}

}  // namespace
}  // namespace sudokit

// Differential test of the fast 9×9 engine against DLX on 100,000 random puzzles (issue 14):
// the collections test (solver_fast9_differential_test.cpp) covers puzzles people wrote; this
// one covers what they pipe in by accident or on purpose. Four kinds, 25,000 each:
//   subsets     random clues (17-50) of a random solution grid: unique or several solutions;
//   sparse      0-16 clues of one: always several, where the engines' early exits differ;
//   unsolvable  a subset with one given changed to a digit none of its peers holds, so there
//               is no direct clash and only search shows there is no solution (or another one);
//   clashing    a subset plus a given that repeats a peer's digit.
// Solution grids are random transforms (grader_symmetry.hpp) of DLX's solutions of 64
// 17-clue puzzles. For every puzzle: equal counts at limit 2; every solution fast keeps
// completes the puzzle; a unique puzzle's solution is DLX's. The drawn mix must reach every
// answer (0, 1, 2), so the test cannot pass by testing one kind. Under ASan every 10th.
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grader_symmetry.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace {

using sudokit::Grid;
using sudokit::testing::grid_from_line;
using sudokit::testing::kSanitizerStride;
using sudokit::testing::load_lines;

enum Kind { subset, sparse, unsolvable, clashing, kinds };

int draw(std::mt19937& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

Grid keep_random_cells(const Grid& solution, int clues, std::mt19937& rng) {
  std::vector<int> order(81);
  for (int i = 0; i < 81; ++i) order[static_cast<std::size_t>(i)] = i;
  std::shuffle(order.begin(), order.end(), rng);
  Grid puzzle;  // 9×9, empty
  for (int k = 0; k < clues; ++k) {
    const auto c = static_cast<std::size_t>(order[static_cast<std::size_t>(k)]);
    puzzle.cells[c] = solution.cells[c];
  }
  return puzzle;
}

/// The digits held by `cell`'s peers, as bits 1..9.
unsigned peer_digits(const Grid& g, int cell) {
  const sudokit::Shape& s = g.shape;
  unsigned used = 0;
  for (int other = 0; other < 81; ++other) {
    if (other == cell || g.cells[static_cast<std::size_t>(other)] == 0) continue;
    if (s.row_of(other) == s.row_of(cell) || s.col_of(other) == s.col_of(cell) || s.box_of(other) == s.box_of(cell))
      used |= 1u << g.cells[static_cast<std::size_t>(other)];
  }
  return used;
}

Grid make_puzzle(Kind kind, const Grid& solution, std::mt19937& rng) {
  switch (kind) {
    case subset: return keep_random_cells(solution, draw(rng, 17, 50), rng);
    case sparse: return keep_random_cells(solution, draw(rng, 0, 16), rng);
    case unsolvable: {
      Grid p = keep_random_cells(solution, draw(rng, 20, 35), rng);
      for (int tries = 0; tries < 50; ++tries) {
        const int cell = draw(rng, 0, 80);
        const auto c = static_cast<std::size_t>(cell);
        if (p.cells[c] == 0) continue;
        const unsigned used = peer_digits(p, cell);
        std::vector<int> free;
        for (int d = 1; d <= 9; ++d)
          if (d != p.cells[c] && !(used & (1u << d))) free.push_back(d);
        if (free.empty()) continue;
        p.cells[c] = static_cast<std::uint8_t>(free[static_cast<std::size_t>(draw(rng, 0, static_cast<int>(free.size()) - 1))]);
        break;
      }
      return p;
    }
    default: {
      Grid p = keep_random_cells(solution, draw(rng, 10, 30), rng);
      const int a = draw(rng, 0, 80);
      const sudokit::Shape& s = p.shape;
      // A peer of a in its row, column or box, given a's digit.
      int b = a;
      while (b == a) {
        switch (draw(rng, 0, 2)) {
          case 0: b = s.row_of(a) * 9 + draw(rng, 0, 8); break;
          case 1: b = draw(rng, 0, 8) * 9 + s.col_of(a); break;
          default: b = s.cell_in_box(s.box_of(a), draw(rng, 0, 8)); break;
        }
      }
      p.cells[static_cast<std::size_t>(a)] = solution.cells[static_cast<std::size_t>(a)];
      p.cells[static_cast<std::size_t>(b)] = solution.cells[static_cast<std::size_t>(a)];
      return p;
    }
  }
}

TEST(Fast9RandomDifferential, HundredThousandRandomPuzzlesAgreeWithDlx) {
  sudokit::Solver dlx(sudokit::EngineKind::dlx), fast(sudokit::EngineKind::fast);
  std::vector<Grid> bases;
  for (const auto& line : load_lines("puzzles/17_clue.txt", 64)) {
    const auto r = dlx.solve(grid_from_line(line), 1, 1);
    ASSERT_EQ(r.solutions.size(), 1u) << line;
    bases.push_back(r.solutions[0]);
  }
  ASSERT_EQ(bases.size(), 64u);

  std::mt19937 rng(14);
  const std::size_t per_kind = 25000 / kSanitizerStride;
  std::size_t by_count[3] = {0, 0, 0};
  std::size_t failures = 0;
  for (std::size_t i = 0; i < per_kind * kinds; ++i) {
    const auto kind = static_cast<Kind>(i % kinds);
    const Grid solution = sudokit::testing::random_transform(bases[static_cast<std::size_t>(draw(rng, 0, 63))], rng);
    const Grid puzzle = make_puzzle(kind, solution, rng);
    const auto want = dlx.solve(puzzle, 2, 1);
    const auto got = fast.solve(puzzle, 2, 2);
    ++by_count[want.count < 2 ? want.count : 2];
    bool ok = got.count == want.count && got.solutions.size() == got.count;
    for (const auto& s : got.solutions) ok = ok && sudokit::is_solution_of(puzzle, s);
    if (ok && got.count == 1) ok = got.solutions[0] == want.solutions.at(0);
    if (ok && got.count == 2) ok = got.solutions[0] != got.solutions[1];
    if (kind == clashing) ok = ok && got.count == 0;
    if (kind == sparse) ok = ok && got.count == 2;
    if (!ok) {
      ++failures;
      ADD_FAILURE() << "kind " << kind << " puzzle " << sudokit::to_line(puzzle) << ": fast " << got.count << " dlx "
                    << want.count;
      ASSERT_LT(failures, 20u) << "stopping after 20 failures";
    }
  }
  // Every answer must be well represented, or the mix tests less than it claims.
  for (std::size_t c = 0; c < 3; ++c) EXPECT_GT(by_count[c], per_kind / 4) << "puzzles with count " << c;
}

}  // namespace

// Killer grading (issue 18, part 5): the cage-sum finders on boards built by hand (cage
// combinations, innies, outies), and a property test over killer puzzles built here from
// random solution grids and random cages (sizes 1-5, grown cell by cell), made unique
// through the Solver's rules overload by adding givens only where needed (so many have none):
// every step of every graded path keeps the solution's digits, places only the solution's,
// and the path ends at the solution.
#include <algorithm>
#include <numeric>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "board.hpp"
#include "grader_board_helpers.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"
#include "variant_grade_check.hpp"

namespace sudokit {
namespace {

using grading::Board;
using testing::mask;
using testing::rc;

Rules killer(std::vector<Cage> cages, int n = 9) {
  std::string why;
  auto rules = make_killer_rules(*default_shape(n), std::move(cages), &why);
  EXPECT_TRUE(rules) << why;
  return *rules;
}

TEST(KillerFinders, CageCombinationKeepsOnlyFeasibleDigits) {
  const Rules rules = killer({{3, {rc(1, 1), rc(1, 2)}}, {23, {rc(2, 1), rc(2, 2), rc(2, 3)}}});
  Board board = Board::full(grading::topology_for(rules));
  Step step;
  ASSERT_TRUE(grading::find_cage_combination(board, step));
  EXPECT_EQ(step.technique, Technique::cage_combination);
  EXPECT_EQ(step.digits, mask({1, 2}));
  EXPECT_EQ(step.eliminations.size(), 14u);  // 3..9 from both cells
  board.apply(step);
  ASSERT_TRUE(grading::find_cage_combination(board, step));
  EXPECT_EQ(step.digits, mask({6, 8, 9}));
  board.apply(step);
  EXPECT_EQ(board.candidates(rc(2, 2)), mask({6, 8, 9}));
  EXPECT_FALSE(grading::find_cage_combination(board, step));
  // With the board's candidates: 23 in three cells where one cell cannot hold 9 or 8.
  board.set_candidates(rc(2, 1), mask({6}));
  ASSERT_TRUE(grading::find_cage_combination(board, step));  // 6 is the first cell's: the others lose it
  for (const CellDigit& e : step.eliminations) EXPECT_EQ(e.digit, 6);
  EXPECT_EQ(step.eliminations.size(), 2u);
}

TEST(KillerFinders, CageCombinationSeesWrittenDigits) {
  const Rules rules = killer({{10, {rc(5, 5), rc(5, 6), rc(6, 5)}}});
  Board board = Board::full(grading::topology_for(rules));
  board.place(rc(5, 5), 6);  // the other two add up to 4: 1 and 3
  Step step;
  ASSERT_TRUE(grading::find_cage_combination(board, step));
  EXPECT_EQ(board.candidates(rc(5, 6)) & ~step.digits & mask({1, 3}), 0u);
  board.apply(step);
  EXPECT_EQ(board.candidates(rc(5, 6)), mask({1, 3}));
  EXPECT_EQ(board.candidates(rc(6, 5)), mask({1, 3}));
}

TEST(KillerFinders, CageLockedDigitLeavesTheCellsSeeingAllItsPlaces) {
  // A 2-cell 17 is 8 and 9: the cage must hold 8 in r1c1 or r1c2, so the rest of row 1 and of
  // box 1 lose 8 (the easiest digit first), and then 9 the same way.
  const Rules rules = killer({{17, {rc(1, 1), rc(1, 2)}}, {10, {rc(5, 1), rc(5, 2)}}});
  Board board = Board::full(grading::topology_for(rules));
  board.set_candidates(rc(1, 1), mask({8, 9}));  // as the cage combination leaves them
  board.set_candidates(rc(1, 2), mask({8, 9}));
  Step step;
  ASSERT_TRUE(grading::find_cage_locked_digit(board, step));
  EXPECT_EQ(step.technique, Technique::cage_locked_digit);
  EXPECT_EQ(step.digits, mask({8}));
  EXPECT_EQ(step.cells, (std::vector<int>{rc(1, 1), rc(1, 2)}));
  EXPECT_TRUE(step.houses.empty());
  EXPECT_EQ(step.eliminations.size(), 13u);  // r1c3-r1c9 and box 1's rows 2-3
  for (const CellDigit& e : step.eliminations) {
    EXPECT_EQ(e.digit, 8);
    EXPECT_TRUE(e.cell / 9 == 0 || (e.cell / 9 < 3 && e.cell % 9 < 3)) << e.cell;
    EXPECT_NE(e.cell, rc(1, 1));
    EXPECT_NE(e.cell, rc(1, 2));
  }
  board.apply(step);
  ASSERT_TRUE(grading::find_cage_locked_digit(board, step));
  EXPECT_EQ(step.digits, mask({9}));
  board.apply(step);
  // The 2-cell 10 (1+9, 2+8, 3+7, 4+6) needs no digit in particular: nothing more.
  EXPECT_FALSE(grading::find_cage_locked_digit(board, step));
}

TEST(KillerFinders, CageLockedDigitHiddenInAHouse) {
  // In row 5, 1 can only go in the 2-cell 10 at r5c1-r5c2: that cage is 1 and 9.
  const Rules rules = killer({{10, {rc(5, 1), rc(5, 2)}}});
  Board board = Board::full(grading::topology_for(rules));
  for (int c = 3; c <= 9; ++c) ASSERT_TRUE(board.eliminate(rc(5, c), 1));
  Step step;
  ASSERT_TRUE(grading::find_cage_locked_digit(board, step));
  EXPECT_EQ(step.technique, Technique::cage_locked_digit);
  EXPECT_EQ(step.digits, mask({1}));
  EXPECT_EQ(step.houses, (std::vector<int>{4}));  // row 5
  EXPECT_NEAR(step.rating, sudokit::technique_rating(Technique::cage_locked_digit) + 0.2, 1e-9);
  board.apply(step);
  EXPECT_EQ(board.candidates(rc(5, 1)), mask({1, 9}));
  EXPECT_EQ(board.candidates(rc(5, 2)), mask({1, 9}));
  // Without cages there is nothing to find.
  Board plain = Board::full(*default_shape(9));
  EXPECT_FALSE(grading::find_cage_locked_digit(plain, step));
}

TEST(KillerFinders, InnieOfARow) {
  // Row 1: r1c1-4 add up to 10, r1c5-8 to 26; r1c9 shares a cage with r2c9: it is 45 - 36 = 9.
  std::vector<Cage> cages = {{10, {rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)}},
                             {26, {rc(1, 5), rc(1, 6), rc(1, 7), rc(1, 8)}},
                             {12, {rc(1, 9), rc(2, 9)}}};
  Board board = Board::full(grading::topology_for(killer(cages)));
  Step step;
  ASSERT_TRUE(grading::find_innies_outies(board, step));
  EXPECT_EQ(step.technique, Technique::innies_outies);
  ASSERT_EQ(step.placements.size(), 1u);
  EXPECT_EQ(step.placements[0], (CellDigit{rc(1, 9), 9}));
  EXPECT_EQ(step.houses, std::vector<int>{0});
  EXPECT_DOUBLE_EQ(step.rating, 2.8);
}

TEST(KillerFinders, OutieOfARowAndAPairSum) {
  // Row 1 is covered by cages that stick out by r2c8 only: 10 + 35 + 9 - 45 = 9.
  std::vector<Cage> cages = {{10, {rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)}},
                             {35, {rc(1, 5), rc(1, 6), rc(1, 7), rc(1, 8), rc(2, 8)}},
                             {9, {rc(1, 9)}}};
  Board board = Board::full(grading::topology_for(killer(cages)));
  Step step;
  ASSERT_TRUE(grading::find_innies_outies(board, step));
  ASSERT_EQ(step.placements.size(), 1u);
  EXPECT_EQ(step.placements[0], (CellDigit{rc(2, 8), 9}));
  // Two innies: r1c8 and r1c9 outside the whole cages add up to 45 - 10 - 22 = 13, and they
  // are peers (one row): 4+9, 5+8, 6+7 and their mirrors; 1, 2, 3 have no partner.
  std::vector<Cage> pair = {{10, {rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)}},
                            {22, {rc(1, 5), rc(1, 6), rc(1, 7)}},
                            {7, {rc(1, 8), rc(2, 8)}},
                            {9, {rc(1, 9), rc(2, 9)}}};  // e.g. r1c8 6, r1c9 7, r2c8 1, r2c9 2
  Board b2 = Board::full(grading::topology_for(killer(pair)));
  ASSERT_TRUE(grading::find_innies_outies(b2, step));
  EXPECT_TRUE(step.placements.empty());
  EXPECT_DOUBLE_EQ(step.rating, 3.0);
  for (const CellDigit& e : step.eliminations) {
    EXPECT_TRUE(e.cell == rc(1, 8) || e.cell == rc(1, 9));
    EXPECT_LE(e.digit, 3);
  }
  EXPECT_EQ(step.eliminations.size(), 6u);
}

TEST(KillerFinders, ThreeInniesAreAVirtualCage) {
  // Row 1: r1c1-4 add up to 10 and r1c5-6 to 11, so r1c7-9 (each in a pair cage that sticks
  // into row 2) add up to 45 - 21 = 24: three cells of one row, so 7, 8 and 9.
  std::vector<Cage> cages = {{10, {rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)}},
                             {11, {rc(1, 5), rc(1, 6)}},
                             {10, {rc(1, 7), rc(2, 7)}},
                             {11, {rc(1, 8), rc(2, 8)}},
                             {12, {rc(1, 9), rc(2, 9)}}};
  Board board = Board::full(grading::topology_for(killer(cages)));
  Step step;
  ASSERT_TRUE(grading::find_innies_outies(board, step));
  EXPECT_EQ(step.technique, Technique::innies_outies);
  EXPECT_TRUE(step.placements.empty());
  EXPECT_EQ(step.houses, std::vector<int>{0});
  EXPECT_DOUBLE_EQ(step.rating, 3.1);  // 2.8, +0.2 for a sum to split, +0.1 for a third cell
  ASSERT_EQ(step.eliminations.size(), 18u);
  for (const CellDigit& e : step.eliminations) {
    EXPECT_TRUE(e.cell == rc(1, 7) || e.cell == rc(1, 8) || e.cell == rc(1, 9));
    EXPECT_LE(e.digit, 6);
  }
}

TEST(KillerFinders, OutiesThatShareNoHouseMayRepeatADigit) {
  // Box 1 is caged by a whole 30 and three pairs sticking out at r1c4, r4c1 and r4c2:
  // 14 + 13 + 14 - (45 - 30) = 26 = r1c4 + r4c1 + r4c2. Three distinct digits reach 24 at
  // most, but r1c4 shares no house with r4c1 or r4c2, so 9 + 9 + 8 fits: r1c4 is 9 and the
  // row-4 pair is 8 and 9. A finder that made all leftover cells distinct would find none.
  std::vector<Cage> cages = {{30, {rc(1, 1), rc(1, 2), rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 3)}},
                             {14, {rc(1, 3), rc(1, 4)}},
                             {13, {rc(3, 1), rc(4, 1)}},
                             {14, {rc(3, 2), rc(4, 2)}}};
  Board board = Board::full(grading::topology_for(killer(cages)));
  Step step;
  ASSERT_TRUE(grading::find_innies_outies(board, step));
  EXPECT_EQ(step.houses, std::vector<int>{18});  // box 1 (houses: rows 0-8, columns 9-17, boxes 18-26)
  EXPECT_DOUBLE_EQ(step.rating, 3.1);
  ASSERT_EQ(step.eliminations.size(), 22u);
  for (const CellDigit& e : step.eliminations) {
    if (e.cell == rc(1, 4)) EXPECT_LE(e.digit, 8);
    else if (e.cell == rc(4, 1) || e.cell == rc(4, 2)) EXPECT_LE(e.digit, 7);
    else ADD_FAILURE() << "elimination outside the outies: cell " << e.cell;
  }
}

// The memoised walk against brute force: random cages of 1-5 cells in row 1 with random
// candidates; the digits kept are exactly those some distinct filling with the sum uses.
TEST(KillerFinders, CageCombinationMatchesBruteForce) {
  std::mt19937_64 rng(42);
  int checked = 0;
  for (int round = 0; round < 400; ++round) {
    const int size = std::uniform_int_distribution<int>(1, 5)(rng);
    const int sum = std::uniform_int_distribution<int>(min_cage_sum(size), max_cage_sum(9, size))(rng);
    std::vector<int> cells;
    for (int k = 0; k < size; ++k) cells.push_back(rc(1, k + 1));
    const Rules rules = killer({{sum, cells}});
    Board board = Board::full(grading::topology_for(rules));
    for (int c : cells) board.set_candidates(c, std::uniform_int_distribution<std::uint64_t>(1, 511)(rng));
    std::vector<std::uint64_t> keep(cells.size(), 0);
    bool feasible = false;
    std::vector<int> pick(cells.size(), 0);
    auto brute = [&](auto&& self, std::size_t i, int left, std::uint64_t used) -> void {
      if (i == cells.size()) {
        if (left != 0) return;
        feasible = true;
        for (std::size_t k = 0; k < cells.size(); ++k) keep[k] |= mask({pick[k]});
        return;
      }
      for (int d = 1; d <= 9; ++d)
        if (board.has(cells[i], d) && !(used & mask({d})) && d <= left) {
          pick[i] = d;
          self(self, i + 1, left - d, used | mask({d}));
        }
    };
    brute(brute, 0, sum, 0);
    Step step;
    const bool found = grading::find_cage_combination(board, step);
    bool any_removal = false;
    for (std::size_t k = 0; k < cells.size(); ++k) any_removal = any_removal || (board.candidates(cells[k]) & ~keep[k]);
    if (!feasible) {  // a broken board is no step
      EXPECT_FALSE(found);
      continue;
    }
    ASSERT_EQ(found, any_removal) << "round " << round;
    if (!found) continue;
    ++checked;
    board.apply(step);
    for (std::size_t k = 0; k < cells.size(); ++k) EXPECT_EQ(board.candidates(cells[k]), keep[k]) << "round " << round;
  }
  EXPECT_GT(checked, 50);
}

TEST(KillerFinders, NothingWithoutCages) {
  Board board = Board::full(*default_shape(9));
  Step step;
  EXPECT_FALSE(grading::find_cage_combination(board, step));
  EXPECT_FALSE(grading::find_innies_outies(board, step));
}

// --- random killers -------------------------------------------------------------------------

/// A random solution grid: the solver's first solution of some random givens drawn one by one
/// (each kept when the grid stays solvable), then its digits relabelled.
Grid random_solution(const Shape& shape, std::mt19937_64& rng, Solver& solver) {
  const int n = shape.n;
  Grid g(shape);
  std::uniform_int_distribution<int> cell(0, shape.cells() - 1), digit(1, n);
  for (int tries = 0; tries < 3 * n; ++tries) {
    const int c = cell(rng);
    if (g.cells[static_cast<std::size_t>(c)]) continue;
    g.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(digit(rng));
    if (!find_clashes(g, 1).empty() || solver.solve(g, 1, 0).count == 0) g.cells[static_cast<std::size_t>(c)] = 0;
  }
  Grid full = solver.solve(g, 1, 1).solutions.at(0);
  std::vector<int> relabel(static_cast<std::size_t>(n));
  std::iota(relabel.begin(), relabel.end(), 1);
  std::shuffle(relabel.begin(), relabel.end(), rng);
  for (auto& v : full.cells) v = static_cast<std::uint8_t>(relabel[v - 1u]);
  return full;
}

/// Cages of 1-5 cells grown at random over `solution` (edge-adjacent, digits distinct).
std::vector<Cage> random_cages(const Grid& solution, std::mt19937_64& rng) {
  const int n = solution.shape.n, cells = solution.shape.cells();
  std::vector<int> order(static_cast<std::size_t>(cells));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  std::vector<int> cage_of(static_cast<std::size_t>(cells), -1);
  std::vector<Cage> cages;
  std::uniform_int_distribution<int> size_of(1, 5);
  for (int start : order) {
    if (cage_of[static_cast<std::size_t>(start)] >= 0) continue;
    const int want = std::max(1, std::min(size_of(rng), size_of(rng) + 1));  // mostly 2-4
    Cage cage;
    cage.cells = {start};
    cage_of[static_cast<std::size_t>(start)] = static_cast<int>(cages.size());
    std::uint64_t used = std::uint64_t{1} << solution.cells[static_cast<std::size_t>(start)];
    while (static_cast<int>(cage.cells.size()) < want) {
      std::vector<int> next;
      for (int c : cage.cells) {
        const int r = c / n, col = c % n;
        const int around[4][2] = {{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}};
        for (const auto& a : around) {
          if (a[0] < 0 || a[0] >= n || a[1] < 0 || a[1] >= n) continue;
          const int o = a[0] * n + a[1];
          if (cage_of[static_cast<std::size_t>(o)] < 0 && !(used >> solution.cells[static_cast<std::size_t>(o)] & 1))
            next.push_back(o);
        }
      }
      if (next.empty()) break;
      const int pick = next[std::uniform_int_distribution<std::size_t>(0, next.size() - 1)(rng)];
      cage.cells.push_back(pick);
      cage_of[static_cast<std::size_t>(pick)] = static_cast<int>(cages.size());
      used |= std::uint64_t{1} << solution.cells[static_cast<std::size_t>(pick)];
    }
    std::sort(cage.cells.begin(), cage.cells.end());
    for (int c : cage.cells) cage.sum += solution.cells[static_cast<std::size_t>(c)];
    cages.push_back(std::move(cage));
  }
  return cages;
}

struct KillerCase {
  Rules rules;
  Grid puzzle, solution;
};

/// A unique killer: givens are added (a cell where a second solution differs) until unique.
KillerCase random_killer(const Shape& shape, std::uint64_t seed, Solver& solver) {
  std::mt19937_64 rng(seed);
  KillerCase k;
  k.solution = random_solution(shape, rng, solver);
  k.rules = *make_killer_rules(shape, random_cages(k.solution, rng));
  k.puzzle = Grid(shape);
  for (;;) {
    SolveResult r = solver.solve(k.puzzle, k.rules, 2, 2);
    EXPECT_GE(r.count, 1u);
    if (r.count <= 1) break;
    const Grid& other = r.solutions[0] == k.solution ? r.solutions[1] : r.solutions[0];
    std::vector<int> differ;
    for (int c = 0; c < shape.cells(); ++c)
      if (other.cells[static_cast<std::size_t>(c)] != k.solution.cells[static_cast<std::size_t>(c)]) differ.push_back(c);
    const int c = differ[std::uniform_int_distribution<std::size_t>(0, differ.size() - 1)(rng)];
    k.puzzle.cells[static_cast<std::size_t>(c)] = k.solution.cells[static_cast<std::size_t>(c)];
  }
  return k;
}

void grade_random_killers(int n, int count, std::uint64_t first_seed, int& without_givens, int& innies_used) {
  const Shape shape = *default_shape(n);
  Solver solver(EngineKind::dlx);
  Grader grader;
  for (std::uint64_t seed = first_seed; seed < first_seed + static_cast<std::uint64_t>(count); ++seed) {
    const KillerCase k = random_killer(shape, seed, solver);
    const std::string what = "killer " + std::to_string(n) + " seed " + std::to_string(seed);
    const Grade g = grader.grade(k.puzzle, k.rules);
    testing::expect_sound_path(g, k.puzzle, k.solution, k.rules, what);
    if (::testing::Test::HasFatalFailure()) return;
    // With no givens only the cage sums can start: a cage-sum step comes first.
    if (k.puzzle.givens() == 0 && !g.path.empty()) {
      EXPECT_TRUE(g.path.front().technique == Technique::cage_combination ||
                  g.path.front().technique == Technique::innies_outies)
          << what;
    }
    innies_used += g.counts[static_cast<std::size_t>(Technique::innies_outies)] > 0;
    without_givens += k.puzzle.givens() == 0;
  }
}

TEST(KillerGrade, RandomKillersGradeSoundly) {
  int without_givens = 0, innies = 0;
  grade_random_killers(9, 40, 1, without_givens, innies);
  grade_random_killers(6, 30, 100, without_givens, innies);
  grade_random_killers(4, 30, 200, without_givens, innies);
  EXPECT_GT(without_givens, 0);  // killers with no givens grade (cage sums alone start them)
  EXPECT_GT(innies, 0);
}

TEST(KillerGrade, KillersWithNoGivensSolveByCageLogic) {
  // Random 9x9 cages until a few are unique with no givens at all: they grade, soundly, and
  // some need no guess (cage combinations and innies/outies carry them).
  Solver solver(EngineKind::dlx);
  const Shape shape = *default_shape(9);
  const Grid empty(shape);
  int unique = 0, logical = 0;
  for (std::uint64_t seed = 1000; seed < 1200 && unique < 5; ++seed) {
    std::mt19937_64 rng(seed);
    const Grid solution = random_solution(shape, rng, solver);
    const Rules rules = *make_killer_rules(shape, random_cages(solution, rng));
    if (solver.solve(empty, rules, 2).count != 1) continue;
    ++unique;
    const Grade g = grade(empty, rules);
    testing::expect_sound_path(g, empty, solution, rules, "killer seed " + std::to_string(seed));
    if (::testing::Test::HasFatalFailure()) return;
    logical += g.counts[static_cast<std::size_t>(Technique::guess)] == 0;
    for (const Step& s : g.path)
      if (s.technique == Technique::cage_combination) {
        EXPECT_NE(describe_step(s, rules).find("cage "), std::string::npos) << describe_step(s, rules);
        break;
      }
  }
  EXPECT_EQ(unique, 5);
  EXPECT_GT(logical, 0);
}

}  // namespace
}  // namespace sudokit

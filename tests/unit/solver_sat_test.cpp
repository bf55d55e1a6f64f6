// The SAT engine (EngineKind::sat) against DLX, and budgets in the Solver.
//
// Differential: for every size N from 4 to 25 (the default box shape of each), random
// puzzles thinned from a scrambled valid grid to many, few and very few clues (0, 1 or many
// solutions), with a wrong but non-clashing given (usually none), and with clashing givens;
// both engines must give the same count to a limit and, where the count is small, the same
// set of solutions; every SAT solution is checked with is_solution_of (grid.cpp).
// Budgets: a few nodes on a hard puzzle stop DLX and SAT with complete == false and a
// count that is a lower bound; a time budget stops an endless enumeration; an unlimited
// budget changes nothing. RemovalTester is checked against DLX counts to 2.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "sudokit/removal_test.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

std::string key_of(const Grid& g) { return std::string(g.cells.begin(), g.cells.end()); }

// A valid full grid of any shape: the band/stack pattern, then digits relabelled and rows /
// columns permuted within bands / stacks (all symmetries of Sudoku).
Grid random_full_grid(const Shape& s, std::mt19937& rng) {
  const int n = s.n, br = s.box_rows, bc = s.box_cols;
  auto perm = [&](int count) {
    std::vector<int> p(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) p[static_cast<std::size_t>(i)] = i;
    std::shuffle(p.begin(), p.end(), rng);
    return p;
  };
  const auto digit = perm(n);
  std::vector<int> rows, cols;
  for (int band : perm(n / br))
    for (int k : perm(br)) rows.push_back(band * br + k);
  for (int stack : perm(n / bc))
    for (int k : perm(bc)) cols.push_back(stack * bc + k);
  Grid g(s);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int pr = rows[static_cast<std::size_t>(r)], pc = cols[static_cast<std::size_t>(c)];
      const int v = ((pr % br) * bc + pr / br + pc) % n;
      g.cells[static_cast<std::size_t>(r * n + c)] = static_cast<std::uint8_t>(digit[static_cast<std::size_t>(v)] + 1);
    }
  return g;
}

Grid thinned(const Grid& full, double keep, std::mt19937& rng) {
  Grid p = full;
  std::uniform_real_distribution<double> u(0, 1);
  for (auto& c : p.cells)
    if (u(rng) >= keep) c = 0;
  return p;
}

void expect_same(Solver& sat, Solver& dlx, const Grid& puzzle, const std::string& what) {
  constexpr std::uint64_t kLimit = 3;
  const SolveResult a = sat.solve(puzzle, kLimit, kLimit);
  const SolveResult b = dlx.solve(puzzle, kLimit, kLimit);
  ASSERT_TRUE(a.complete && b.complete) << what;
  ASSERT_EQ(a.count, b.count) << what << ": " << to_line(puzzle);
  for (const Grid& g : a.solutions) {
    std::string why;
    EXPECT_TRUE(is_solution_of(puzzle, g, &why)) << what << ": " << why;
  }
  if (a.count < kLimit) {  // every solution seen by both: the same sets
    std::set<std::string> sa, sb;
    for (const Grid& g : a.solutions) sa.insert(key_of(g));
    for (const Grid& g : b.solutions) sb.insert(key_of(g));
    EXPECT_EQ(sa, sb) << what;
  }
}

TEST(SolverSat, AgreesWithDlxOnEverySizeFrom4To25) {
  Solver sat(EngineKind::sat), dlx(EngineKind::dlx);
  std::mt19937 rng(20261123);
  int none = 0, unique = 0, many = 0;
  for (int n = 4; n <= 25; ++n) {
    const auto shape = default_shape(n);
    ASSERT_TRUE(shape) << n;
    // DLX is the oracle: keep the clue densities where it answers quickly on big grids.
    const std::vector<double> densities =
        n <= 12   ? std::vector<double>{0.9, 0.6, 0.45, 0.3, 0.1, 0.0}
        : n <= 19 ? std::vector<double>{0.9, 0.75, 0.02, 0.0}
                  : std::vector<double>{0.9, 0.02, 0.0};
    const int rounds = n <= 12 ? 4 : n <= 16 ? 2 : 1;
    for (int round = 0; round < rounds; ++round) {
      const Grid full = random_full_grid(*shape, rng);
      const std::string size = std::to_string(n) + "x" + std::to_string(n);
      expect_same(sat, dlx, full, size + " full");
      for (double keep : densities) {
        const Grid p = thinned(full, keep, rng);
        const std::string what = size + " keep " + std::to_string(keep);
        expect_same(sat, dlx, p, what);
        const std::uint64_t count = dlx.solve(p, 2, 0).count;
        (count == 1 ? unique : many)++;
        // A wrong given that clashes with no other given: mostly no solution at all.
        Grid wrong = p;
        for (std::size_t cell = 0; cell < wrong.cells.size(); ++cell) {
          if (wrong.cells[cell] == 0) continue;
          const std::uint8_t original = wrong.cells[cell];
          for (int d = 1; d <= n; ++d) {
            wrong.cells[cell] = static_cast<std::uint8_t>(d);
            if (d != original && find_clashes(wrong, 1).empty()) break;
            wrong.cells[cell] = original;
          }
          if (wrong.cells[cell] != original) break;
        }
        if (!(wrong == p)) {
          expect_same(sat, dlx, wrong, what + " wrong given");
          none += dlx.solve(wrong, 1, 0).count == 0;
        }
      }
      // Clashing givens: 0 from both, before any search.
      Grid clash = thinned(full, 0.5, rng);
      clash.cells[0] = clash.cells[1] = static_cast<std::uint8_t>(1 + rng() % static_cast<unsigned>(n));
      EXPECT_EQ(sat.solve(clash, 2, 1).count, 0u) << n;
      EXPECT_EQ(dlx.solve(clash, 2, 1).count, 0u) << n;
    }
  }
  // The collection really has every kind of answer.
  EXPECT_GT(none, 20);
  EXPECT_GT(unique, 20);
  EXPECT_GT(many, 20);
}

TEST(SolverSat, EnumeratesEverySolutionOfSmallGrids) {
  // 4x4 empty: 288 grids, all different, all valid, the same set as DLX.
  const Grid empty(*default_shape(4));
  for (EngineKind kind : {EngineKind::sat, EngineKind::dlx}) {
    Solver solver(kind);
    std::set<std::string> seen;
    const std::uint64_t visited = solver.enumerate(empty, [&](const Grid& g) {
      std::string why;
      EXPECT_TRUE(is_solution_of(empty, g, &why)) << why;
      seen.insert(key_of(g));
      return true;
    });
    EXPECT_EQ(visited, 288u) << engine_name(kind);
    EXPECT_EQ(seen.size(), 288u) << engine_name(kind);
  }
}

TEST(SolverSat, NamesAndAutomaticChoice) {
  EXPECT_EQ(parse_engine("sat"), EngineKind::sat);
  EXPECT_EQ(engine_name(EngineKind::sat), "sat");
  Solver automatic;
  EXPECT_EQ(automatic.engine_for(*default_shape(9)), EngineKind::fast);
  EXPECT_EQ(automatic.engine_for(*default_shape(16)), EngineKind::dlx);
  EXPECT_EQ(automatic.engine_for(*default_shape(25)), EngineKind::sat);
}

// The first of the shared collection of hardest 9×9 puzzles: DLX needs far more than a
// handful of rows (every placement is one).
Grid hard_nine() {
  const auto lines = testing::load_lines("puzzles/hardest_1106.txt", 1);
  EXPECT_EQ(lines.size(), 1u);
  return testing::grid_from_line(lines.at(0));
}

TEST(SolverBudget, AFewNodesOnAHardPuzzleAreIncomplete) {
  const Grid hard = hard_nine();
  for (EngineKind kind : {EngineKind::dlx, EngineKind::automatic}) {
    Solver solver(kind);
    const SolveResult cut = solver.solve(hard, 2, 1, Budget::of_nodes(5));
    EXPECT_FALSE(cut.complete) << engine_name(kind);
    EXPECT_LE(cut.stats.nodes, 5u) << engine_name(kind);
    EXPECT_LT(cut.count, 2u);
    const SolveResult full = solver.solve(hard, 2, 1, Budget{});
    EXPECT_TRUE(full.complete);
    EXPECT_EQ(full.count, 1u);
    EXPECT_GE(full.count, cut.count);  // a lower bound
  }
  // SAT: a node is a conflict; an empty 16×16 counted far has many, so a few stop it with a
  // lower bound of what it found (each further solution needs conflicts once blocked).
  Solver sat(EngineKind::sat);
  const Grid empty16(*default_shape(16));
  const SolveResult cut = sat.solve(empty16, 1000000, 0, Budget::of_nodes(3));
  EXPECT_FALSE(cut.complete);
  EXPECT_LT(cut.count, 1000000u);
  EXPECT_LE(cut.stats.nodes, 3u);
}

TEST(SolverBudget, TimeStopsAnEndlessEnumeration) {
  using namespace std::chrono_literals;
  for (EngineKind kind : {EngineKind::dlx, EngineKind::fast, EngineKind::sat}) {
    Solver solver(kind);
    const Grid empty(*default_shape(9));
    bool complete = true;
    const auto start = std::chrono::steady_clock::now();
    // 300 ms: long enough for the first of the 6.67e21 grids on a loaded machine under ASan
    // (with 20 ms this test failed once in CI, under ASan), far too short for them all.
    const std::uint64_t visited =
        solver.enumerate(empty, [](const Grid&) { return true; }, UINT64_MAX, nullptr, Budget::of_time(300ms), &complete);
    const auto took = std::chrono::steady_clock::now() - start;
    EXPECT_FALSE(complete) << engine_name(kind);
    EXPECT_GT(visited, 0u) << engine_name(kind);
    EXPECT_LT(took, 10s) << engine_name(kind);  // generous: only "it stopped", not a speed claim
    // A deadline already passed stops before any work.
    Budget past;
    past.deadline = std::chrono::steady_clock::now() - 1s;
    const SolveResult r = solver.solve(empty, 2, 1, past);
    EXPECT_FALSE(r.complete) << engine_name(kind);
  }
}

TEST(SolverBudget, AnAmpleBudgetChangesNothing) {
  std::mt19937 rng(7);
  const Shape shape = *default_shape(16);
  Solver plain(EngineKind::dlx), budgeted(EngineKind::dlx), sat(EngineKind::sat);
  for (int i = 0; i < 5; ++i) {
    const Grid p = thinned(random_full_grid(shape, rng), 0.7, rng);
    const SolveResult a = plain.solve(p, 2, 2);
    Budget ample = Budget::of_nodes(UINT64_MAX / 2);
    ample.time = std::chrono::hours(1);
    const SolveResult b = budgeted.solve(p, 2, 2, ample);
    EXPECT_TRUE(b.complete);
    EXPECT_EQ(a.count, b.count);
    EXPECT_EQ(a.solutions, b.solutions);
    EXPECT_EQ(a.stats.nodes, b.stats.nodes);
    const SolveResult c = sat.solve(p, 2, 2, ample);
    EXPECT_TRUE(c.complete);
    EXPECT_EQ(a.count, c.count);
  }
}

// RemovalTester against DLX: a removal pass in random order on 6×6, 9×9 and 16×16, single
// cells and pairs, every answer equal to "a count to 2 of the reduced puzzle is 1". 9×9 runs
// each engine the tester can take: automatic (its fast path), fast and sat; the fast path's
// passes are many (about 2,000 tests each), it is cheap and the generator's default.
TEST(RemovalTester, AgreesWithDlxCounts) {
  std::mt19937 rng(99);
  Solver dlx(EngineKind::dlx);
  struct Case {
    int n;
    EngineKind engine;
    int rounds;
  };
  for (const Case& c : {Case{6, EngineKind::automatic, 3}, Case{9, EngineKind::automatic, 25},
                        Case{9, EngineKind::fast, 25}, Case{9, EngineKind::sat, 3},
                        Case{16, EngineKind::automatic, 1}}) {
    const int n = c.n;
    const Shape shape = *default_shape(n);
    for (int round = 0; round < c.rounds; ++round) {
      const Grid solution = random_full_grid(shape, rng);
      RemovalTester tester(c.engine);
      tester.start(solution);
      Grid puzzle = solution;
      std::vector<int> order(static_cast<std::size_t>(shape.cells()));
      for (int i = 0; i < shape.cells(); ++i) order[static_cast<std::size_t>(i)] = i;
      std::shuffle(order.begin(), order.end(), rng);
      int removed = 0, kept = 0;
      int tick = 0;
      for (std::size_t k = 0; k < order.size(); k += 1) {
        // Mostly single cells, every third test a pair (as symmetric orbits are tested).
        std::vector<int> cells{order[k]};
        if (++tick % 3 == 0 && k + 1 < order.size()) cells.push_back(order[++k]);
        for (int cell : cells) puzzle.cells[static_cast<std::size_t>(cell)] = 0;
        const auto answer = tester.test(puzzle.cells, cells);
        ASSERT_NE(answer, RemovalTester::Answer::unknown);
        const bool unique = dlx.solve(puzzle, 2, 0).count == 1;
        ASSERT_EQ(answer == RemovalTester::Answer::unique, unique)
            << n << " " << engine_name(c.engine) << " " << to_line(puzzle);
        if (unique) {
          ++removed;
          continue;
        }
        ++kept;
        for (int cell : cells) {
          puzzle.cells[static_cast<std::size_t>(cell)] = solution.cells[static_cast<std::size_t>(cell)];
          tester.commit(cell);
        }
      }
      EXPECT_GT(removed, 0) << n;
      EXPECT_GT(kept, 0) << n;
    }
  }
}

// plan_pass (the 9×9 path's two propagated halves): a pass that follows its plan, and one
// that strays from it (kept clues restored without commit(), tests out of order, a pair,
// tests with a budget), are both answered as DLX counts to 2 answer them. A plan over
// another shape is ignored.
TEST(RemovalTester, APlannedPassAgreesWithDlxWhetherItKeepsToThePlanOrNot) {
  std::mt19937 rng(41);
  Solver dlx(EngineKind::dlx);
  const Shape shape = *default_shape(9);
  int removed = 0, kept = 0;
  for (int round = 0; round < 120; ++round) {
    const bool strays = round % 2 == 1;
    const Grid solution = random_full_grid(shape, rng);
    RemovalTester tester(round % 4 < 2 ? EngineKind::automatic : EngineKind::fast);
    tester.start(solution);
    std::vector<int> order(81);
    for (int i = 0; i < 81; ++i) order[static_cast<std::size_t>(i)] = i;
    std::shuffle(order.begin(), order.end(), rng);
    tester.plan_pass(order);
    if (strays)  // tests out of the planned order
      for (std::size_t k = 44; k < 70; k += 5) std::swap(order[k], order[k + 1]);
    Grid puzzle = solution;
    for (std::size_t k = 0; k < order.size(); ++k) {
      std::vector<int> cells{order[k]};
      if (strays && k == 60) cells.push_back(order[++k]);
      for (int c : cells) puzzle.cells[static_cast<std::size_t>(c)] = 0;
      const Budget budget = strays && k > 70 ? Budget::of_nodes(1000000) : Budget{};
      const auto answer = tester.test(puzzle.cells, cells, budget);
      const bool unique = dlx.solve(puzzle, 2, 0).count == 1;
      ASSERT_EQ(answer == RemovalTester::Answer::unique, unique) << round << " " << k << " " << to_line(puzzle);
      if (unique) {
        ++removed;
        continue;
      }
      ++kept;
      for (int c : cells) {
        puzzle.cells[static_cast<std::size_t>(c)] = solution.cells[static_cast<std::size_t>(c)];
        if (!(strays && k < 40 && k % 2 == 0)) tester.commit(c);  // else restored, not committed
      }
    }
  }
  EXPECT_GT(removed, 120 * 50);
  EXPECT_GT(kept, 120 * 17);

  RemovalTester other;
  const Grid six = random_full_grid(*default_shape(6), rng);
  other.start(six);
  std::vector<int> order(36);
  for (int i = 0; i < 36; ++i) order[static_cast<std::size_t>(i)] = i;
  EXPECT_NO_THROW(other.plan_pass(order));
  Grid puzzle = six;
  puzzle.cells[0] = 0;
  const int first = 0;
  EXPECT_EQ(other.test(puzzle.cells, {&first, 1}), RemovalTester::Answer::unique);

  RemovalTester nine;
  nine.start(random_full_grid(shape, rng));
  const std::vector<int> twice{3, 7, 3};
  EXPECT_THROW(nine.plan_pass(twice), std::invalid_argument);
}

TEST(RemovalTester, TheFastEngineTakesNineByNineOnly) {
  std::mt19937 rng(5);
  RemovalTester fast(EngineKind::fast);
  EXPECT_THROW(fast.start(random_full_grid(*default_shape(16), rng)), std::invalid_argument);
  EXPECT_THROW(fast.start(random_full_grid(*default_shape(6), rng)), std::invalid_argument);
  EXPECT_NO_THROW(fast.start(random_full_grid(*default_shape(9), rng)));
  EXPECT_THROW(RemovalTester(EngineKind::dlx), std::invalid_argument);
  EXPECT_THROW(RemovalTester(EngineKind::automatic).test({}, {}), std::logic_error);  // before start()
}

TEST(RemovalTester, ABudgetOfOneConflictGivesUnknownOnAHardTest) {
  // A 16×16 grid thinned by a removal pass soon needs more than one conflict per test: some
  // test of the pass must come back unknown under that budget, and none may claim wrongly.
  std::mt19937 rng(3);
  const Shape shape = *default_shape(16);
  const Grid solution = random_full_grid(shape, rng);
  RemovalTester exact, cut;
  exact.start(solution);
  cut.start(solution);
  Grid puzzle = solution;
  int unknown = 0;
  for (int cell = 0; cell < shape.cells() && unknown == 0; ++cell) {
    puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    const auto truth = exact.test(puzzle.cells, {&cell, 1});
    const auto answer = cut.test(puzzle.cells, {&cell, 1}, Budget::of_nodes(1));
    if (answer == RemovalTester::Answer::unknown) ++unknown;
    else EXPECT_EQ(answer, truth) << cell;
    if (truth != RemovalTester::Answer::unique) {
      puzzle.cells[static_cast<std::size_t>(cell)] = solution.cells[static_cast<std::size_t>(cell)];
      exact.commit(cell);
      cut.commit(cell);
    }
  }
  EXPECT_EQ(unknown, 1);
}

}  // namespace
}  // namespace sudokit

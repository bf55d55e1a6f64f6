// Killer generation (generator/src/killer_generator.cpp): every generated killer has a valid
// cage layout, checked here from first principles (every cell in exactly one cage, 2 to
// min(5, N) cells, connected edge to edge, distinct digits, sums equal to the solution's),
// is unique under its own rules by the Solver AND by the independent oracle of
// tests/support/variant_oracle.hpp (4×4 and 6×6), has the oracle's solution, keeps only
// givens the oracle proves needed when it says `minimal`, and is the same again from its seed.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_generator.hpp"
#include "variant_oracle.hpp"

namespace sudokit {
namespace {

// The cage layout facts, from the cages and the solution alone (no Rules, no validation code).
void expect_valid_cages(const VariantPuzzle& p) {
  const int n = p.solution.shape.n, nn = n * n;
  const int largest = std::min(5, n);
  std::vector<int> owner(static_cast<std::size_t>(nn), -1);
  ASSERT_FALSE(p.rules.cages.empty());
  for (std::size_t k = 0; k < p.rules.cages.size(); ++k) {
    const Cage& cage = p.rules.cages[k];
    const auto size = static_cast<int>(cage.cells.size());
    EXPECT_GE(size, 2) << "cage " << k;
    EXPECT_LE(size, largest) << "cage " << k;
    int sum = 0;
    std::set<int> digits;
    for (int cell : cage.cells) {
      ASSERT_GE(cell, 0);
      ASSERT_LT(cell, nn);
      EXPECT_EQ(owner[static_cast<std::size_t>(cell)], -1) << "cell " << cell << " in two cages";
      owner[static_cast<std::size_t>(cell)] = static_cast<int>(k);
      const int d = p.solution.cells[static_cast<std::size_t>(cell)];
      sum += d;
      EXPECT_TRUE(digits.insert(d).second) << "digit " << d << " twice in cage " << k;
    }
    EXPECT_EQ(sum, cage.sum) << "cage " << k;
    // Connected: a flood from the first cell over edge neighbours inside the cage.
    std::set<int> in(cage.cells.begin(), cage.cells.end()), reached{cage.cells.front()};
    std::vector<int> stack{cage.cells.front()};
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      for (int x : {c - n, c + n, c % n > 0 ? c - 1 : -1, c % n + 1 < n ? c + 1 : -1})
        if (x >= 0 && x < nn && in.count(x) && reached.insert(x).second) stack.push_back(x);
    }
    EXPECT_EQ(reached.size(), in.size()) << "cage " << k << " is not connected";
  }
  for (int cell = 0; cell < nn; ++cell) EXPECT_NE(owner[static_cast<std::size_t>(cell)], -1) << "cell " << cell << " uncaged";
}

void expect_killers_well(int n, int count, bool oracle_checks, std::uint64_t first_seed = 1) {
  const Shape shape = *default_shape(n);
  Solver solver(EngineKind::dlx);
  for (std::uint64_t seed = first_seed; seed < first_seed + static_cast<std::uint64_t>(count); ++seed) {
    SCOPED_TRACE("killer " + std::to_string(n) + "x" + std::to_string(n) + " seed " + std::to_string(seed));
    const VariantPuzzle p = generate_variant(Variant::killer, shape, seed);
    ASSERT_EQ(p.rules.variant, Variant::killer);
    expect_valid_cages(p);
    std::string why;
    ASSERT_TRUE(is_solution_of(p.rules, p.puzzle, p.solution, &why)) << why;
    ASSERT_TRUE(make_killer_rules(shape, p.rules.cages, &why)) << why;
    const SolveResult counted = solver.solve(p.puzzle, p.rules, 2, 1);
    ASSERT_TRUE(counted.complete);
    ASSERT_EQ(counted.count, 1u) << to_line(p.puzzle);
    EXPECT_EQ(counted.solutions[0], p.solution);
    if (oracle_checks) {
      oracle::Oracle o(p.rules);
      Grid first;
      ASSERT_EQ(o.count(p.puzzle, 2, &first), 1u) << to_line(p.puzzle);
      EXPECT_EQ(first, p.solution);
      if (p.minimal) {
        Grid reduced = p.puzzle;
        for (std::size_t c = 0; c < reduced.cells.size(); ++c) {
          if (reduced.cells[c] == 0) continue;
          const auto given = reduced.cells[c];
          reduced.cells[c] = 0;
          EXPECT_EQ(o.count(reduced, 2), 2u) << "given " << c << " is not needed";
          reduced.cells[c] = given;
        }
      }
    }
    if (n < 9 && seed < first_seed + 3) {  // 9×9: too costly to make twice here
      const VariantPuzzle again = generate_variant(Variant::killer, shape, seed);
      EXPECT_EQ(again.puzzle, p.puzzle);
      EXPECT_EQ(again.solution, p.solution);
      EXPECT_EQ(again.rules.cages, p.rules.cages);
    }
  }
}

TEST(KillerGenerator, Small4x4) { expect_killers_well(4, 40, true); }
TEST(KillerGenerator, Small6x6) { expect_killers_well(6, 12, true); }
// 9×9 counts go through the solver only (the oracle's cage pruning is too weak for an
// empty 9×9 killer): one seed, since each costs the engine real work (seconds on DLX).
TEST(KillerGenerator, Nine) { expect_killers_well(9, 1, false); }

TEST(KillerGenerator, SmallKillersNeedNoGivens) {
  // The default tries several layouts with merges and moves only before any given: on 6×6
  // every one of these seeds gets there. (A property of the method, not a speed.)
  int without = 0;
  for (std::uint64_t seed = 100; seed < 112; ++seed)
    without += generate_variant(Variant::killer, *default_shape(6), seed).puzzle == Grid(*default_shape(6));
  EXPECT_EQ(without, 12);
}

TEST(KillerGenerator, MovesMakeTheFirstLayoutUniqueWithoutGivens) {
  // With no layout to spare (givens allowed on the first), a given is only added when
  // neither a merge nor a move rules the other solution out. Cage moves leave none to add
  // on these 9×9 seeds (without moves, every 9×9 killer of variant_generate_bench --layouts 0
  // got givens: docs/PERFORMANCE.md), and each result
  // is unique under its own rules by a complete count of the Solver.
  VariantOptions options;
  options.killer_layouts = 0;
  Solver solver;
  const Shape nine = *default_shape(9);
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    const VariantPuzzle p = generate_variant(solver, Variant::killer, nine, seed, options);
    expect_valid_cages(p);
    EXPECT_EQ(p.puzzle, Grid(nine)) << "seed " << seed << " got givens";
    const SolveResult r = solver.solve(p.puzzle, p.rules, 2, 1);
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.count, 1u) << "seed " << seed;
  }
}

TEST(KillerGenerator, WithoutMergesTheGrownCagesStaySmallAndStillUnique) {
  VariantOptions options;
  options.killer_merge = false;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    const VariantPuzzle p = generate_variant(Variant::killer, *default_shape(6), seed, options);
    expect_valid_cages(p);
    oracle::Oracle o(p.rules);
    EXPECT_EQ(o.count(p.puzzle, 2), 1u);
  }
}

TEST(KillerGenerator, RefusesWhatItCannotMake) {
  const auto three = default_shape(3);
  ASSERT_TRUE(three.has_value());
  EXPECT_THROW(generate_variant(Variant::killer, *three, 1), std::invalid_argument);
  VariantOptions fast;
  fast.engine = EngineKind::fast;
  EXPECT_THROW(generate_variant(Variant::killer, *default_shape(9), 1, fast), std::invalid_argument);
}

}  // namespace
}  // namespace sudokit

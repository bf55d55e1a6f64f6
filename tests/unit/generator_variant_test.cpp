// Variant generation (sudokit/variant_generator.hpp): every generated x, hyper and jigsaw
// puzzle is unique under its own rules by the independent oracle of
// tests/support/variant_oracle.hpp, its solution is the oracle's, it is minimal (no clue can
// go, by the oracle), region maps are valid, and a seed gives the same puzzle again.
#include <string>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_generator.hpp"
#include "variant_oracle.hpp"

namespace sudokit {
namespace {

void expect_generated_well(Variant v, int n, int count, bool check_minimal, std::uint64_t first_seed = 1) {
  const Shape shape = *default_shape(n);
  for (std::uint64_t seed = first_seed; seed < first_seed + static_cast<std::uint64_t>(count); ++seed) {
    const VariantPuzzle p = generate_variant(v, shape, seed);
    ASSERT_EQ(p.rules.variant, v);
    std::string why;
    ASSERT_TRUE(is_solution_of(p.rules, p.puzzle, p.solution, &why)) << why;
    if (v == Variant::jigsaw) {
      ASSERT_TRUE(make_jigsaw_rules(shape, regions_string(p.rules), &why)) << why;
    }
    oracle::Oracle o(p.rules);
    Grid first;
    ASSERT_EQ(o.count(p.puzzle, 2, &first), 1u) << variant_name(v) << " " << n << " seed " << seed << ": " << to_line(p.puzzle);
    EXPECT_EQ(first, p.solution);
    if (check_minimal) {
      Grid reduced = p.puzzle;
      for (std::size_t c = 0; c < reduced.cells.size(); ++c) {
        if (reduced.cells[c] == 0) continue;
        const auto clue = reduced.cells[c];
        reduced.cells[c] = 0;
        EXPECT_EQ(o.count(reduced, 2), 2u) << "clue " << c << " of seed " << seed << " is not needed";
        reduced.cells[c] = clue;
      }
    }
    if (seed < first_seed + 3) {
      const VariantPuzzle again = generate_variant(v, shape, seed);
      EXPECT_EQ(again.puzzle, p.puzzle);
      EXPECT_EQ(again.rules.region_of, p.rules.region_of);
    }
  }
}

TEST(VariantGenerator, X) {
  expect_generated_well(Variant::x, 4, 40, true);
  expect_generated_well(Variant::x, 6, 30, true);
  expect_generated_well(Variant::x, 9, 15, false);
}
TEST(VariantGenerator, Hyper) {
  expect_generated_well(Variant::hyper, 4, 40, true);
  expect_generated_well(Variant::hyper, 9, 15, false);
}
TEST(VariantGenerator, JigsawSmall) {
  expect_generated_well(Variant::jigsaw, 4, 40, true);
  expect_generated_well(Variant::jigsaw, 6, 30, true);
}
// Few, from seed 5: the oracle's plain backtracking needs seconds on some 9×9 jigsaws (35 s
// once for one with 14 givens); seeds 5-8 take it about a second in all (Release).
TEST(VariantGenerator, Jigsaw9) { expect_generated_well(Variant::jigsaw, 9, 4, false, 5); }

// Above 9×9 each removal test of the dig has a node budget (VariantOptions::
// removal_budget_above_9); a test that runs out keeps its clue. With a budget of a few nodes
// most tests of a 12×12 dig run out: the puzzle must still be unique (checked by DLX) and
// say it is not proved minimal; 9×9 ignores the budget (exact, minimal).
TEST(VariantGenerator, RemovalTestsAboveNineByNineStopAtTheirBudget) {
  VariantOptions tiny;
  tiny.removal_budget_above_9 = 3;
  Solver dlx(EngineKind::dlx);
  for (Variant v : {Variant::x, Variant::jigsaw}) {
    const VariantPuzzle p = generate_variant(v, *default_shape(12), 7, tiny);
    std::string why;
    ASSERT_TRUE(is_solution_of(p.rules, p.puzzle, p.solution, &why)) << why;
    const SolveResult r = dlx.solve(p.puzzle, p.rules, 2, 0);
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.count, 1u) << variant_name(v);
    EXPECT_FALSE(p.minimal) << variant_name(v);
  }
  const VariantPuzzle nine = generate_variant(Variant::x, *default_shape(9), 7, tiny);
  EXPECT_TRUE(nine.minimal);
  EXPECT_EQ(nine.puzzle, generate_variant(Variant::x, *default_shape(9), 7).puzzle);
}

TEST(VariantGenerator, RegionMapsAreValidAndSeeded) {
  for (int n : {4, 5, 6, 9, 12}) {
    const Shape shape = *default_shape(n);
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
      const std::string map = random_region_map(shape, seed);
      std::string why;
      EXPECT_TRUE(make_jigsaw_rules(shape, map, &why)) << why << " " << map;
      EXPECT_EQ(map, random_region_map(shape, seed));
    }
  }
  // Not the boxes every time.
  EXPECT_NE(random_region_map(*default_shape(9), 1), random_region_map(*default_shape(9), 2));
}

// Killer is generated here too (tests/unit/generator_killer_test.cpp); classic is not.
TEST(VariantGenerator, ClassicAndImpossibleShapesAreRefused) {
  EXPECT_THROW(generate_variant(Variant::classic, *default_shape(9), 1), std::invalid_argument);
  EXPECT_THROW(generate_variant(Variant::hyper, *default_shape(6), 1), std::invalid_argument);
}

}  // namespace
}  // namespace sudokit

// Larger seeded batches than the unit suite: hundreds of 9×9 puzzles of every symmetry, and
// the big sizes (16×16 minimal, 25×25 quick), each re-checked with the DLX Solver at limit 2
// and is_solution_of; full-pass ones lose uniqueness when any clue (orbit) goes.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sudokit/generator.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

void check(const GeneratedPuzzle& p, Solver& dlx, bool minimal, const std::string& what) {
  ASSERT_TRUE(p.ok) << what << ": " << p.failure;
  const auto result = dlx.solve(p.puzzle, 2, 1);
  ASSERT_EQ(result.count, 1u) << what << ": " << to_line(p.puzzle);
  EXPECT_EQ(result.solutions[0], p.solution) << what;
  std::string why;
  EXPECT_TRUE(is_solution_of(p.puzzle, p.solution, &why)) << what << ": " << why;
  EXPECT_TRUE(pattern_has_symmetry(p.puzzle, p.symmetry)) << what;
  EXPECT_EQ(p.clues, p.puzzle.givens()) << what;
  if (!minimal) return;
  for (const auto& orbit : symmetry_orbits(p.puzzle.shape, p.symmetry)) {
    if (p.puzzle.cells[static_cast<std::size_t>(orbit.front())] == 0) continue;
    Grid without = p.puzzle;
    for (int cell : orbit) without.cells[static_cast<std::size_t>(cell)] = 0;
    EXPECT_EQ(dlx.solve(without, 2, 0).count, 2u) << what << ": redundant clue at " << cell_name(p.puzzle.shape, orbit.front());
  }
}

TEST(GeneratorBatches, NineByNineEverySymmetry) {
  Solver dlx(EngineKind::dlx);
  Generator generator;
  std::vector<Symmetry> all{Symmetry::none, Symmetry::random};
  for (Symmetry s : concrete_symmetries()) all.push_back(s);
  for (Symmetry s : all)
    for (Removal removal : {Removal::quick, Removal::full}) {
      GeneratorConfig config;
      config.symmetry = s;
      config.removal = removal;
      config.seed = 0xC0FFEE;
      for (std::uint64_t i = 0; i < 150; ++i)
        check(generator.generate(config, i), dlx, removal == Removal::full,
              fmt::format("{} {} #{}", symmetry_name(s), removal_name(removal), i));
    }
}

TEST(GeneratorBatches, TwelveAndSixteenMinimal) {
  Solver dlx(EngineKind::dlx);
  Generator generator;
  for (int n : {12, 16}) {
    for (Symmetry s : {Symmetry::none, Symmetry::rot180}) {
      GeneratorConfig config;
      config.shape = *default_shape(n);
      config.symmetry = s;
      config.minimal = true;
      config.seed = 16;
      for (std::uint64_t i = 0; i < (n == 12 ? 6u : 2u); ++i)
        check(generator.generate(config, i), dlx, n == 12, fmt::format("{}x{} {} #{}", n, n, symmetry_name(s), i));
    }
  }
}

TEST(GeneratorBatches, TwentyFiveQuick) {
  Solver dlx(EngineKind::dlx);
  Generator generator;
  GeneratorConfig config;
  config.shape = *default_shape(25);
  config.symmetry = Symmetry::rot180;
  config.removal = Removal::quick;
  config.seed = 25;
  for (std::uint64_t i = 0; i < 3; ++i) check(generator.generate(config, i), dlx, false, fmt::format("25x25 #{}", i));
}

// The default above 16x16: full pass with budgeted removal tests. Unique, far below the quick
// pass's clue count, and `minimal` only claimed when proved (never, at this budget).
TEST(GeneratorBatches, TwentyFiveDefaultIsBudgetedAndUnique) {
  Solver dlx(EngineKind::dlx);
  GeneratorConfig config;
  config.shape = *default_shape(25);
  config.seed = 3;
  EXPECT_EQ(removal_test_budget(config), kLargeGridNodeBudget);
  const auto p = generate_one(config, 0);
  check(p, dlx, false, "25x25 default");
  EXPECT_LT(p.clues, 625 / 2);
  EXPECT_FALSE(p.minimal);
  config.minimal = true;
  EXPECT_EQ(removal_test_budget(config), 0u);
}

}  // namespace
}  // namespace sudokit

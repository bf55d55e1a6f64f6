// The generator's SAT removal tests and its time budget.
//  - EngineKind::sat (the incremental RemovalTester) makes byte-identical puzzles to the
//    default engines on 9×9 and 16×16, with the same checked `minimal`, with and without a
//    symmetry: uniqueness is a fact, so only speed may differ.
//  - A 20×20 minimal puzzle (automatic: SAT above 16×16) is unique and every clue is needed,
//    by the Solver's SAT engine (not the RemovalTester that made it).
//  - Above 16×16 the automatic engine lets the own search decide the tests it can within a
//    node budget before SAT: exact tests (node budget 0) make the same puzzles as SAT alone,
//    with single-clue and orbit (count-to-2) tests alike.
//  - A removal time budget already spent keeps every clue: the full grid, not proved minimal.
#include <chrono>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sudokit/generator.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {
namespace {

GeneratorConfig config_of(int n, Symmetry symmetry, bool minimal, std::uint64_t seed) {
  GeneratorConfig config;
  config.shape = *default_shape(n);
  config.symmetry = symmetry;
  config.minimal = minimal;
  config.seed = seed;
  return config;
}

TEST(GeneratorSat, SatRemovalTestsMakeTheSamePuzzles) {
  struct Case {
    int n;
    Symmetry symmetry;
    bool minimal;
    int count;
  };
  for (const Case c : {Case{9, Symmetry::none, true, 20}, Case{9, Symmetry::rot180, false, 20},
                       Case{9, Symmetry::dihedral, false, 10}, Case{16, Symmetry::none, true, 3},
                       Case{16, Symmetry::rot90, false, 2}}) {
    const auto reference = config_of(c.n, c.symmetry, c.minimal, 77);
    auto by_sat = reference;
    by_sat.engine = EngineKind::sat;
    Generator a, b;
    for (int i = 0; i < c.count; ++i) {
      const auto x = a.generate(reference, static_cast<std::uint64_t>(i));
      const auto y = b.generate(by_sat, static_cast<std::uint64_t>(i));
      const std::string what = fmt::format("{}x{} {} {}", c.n, c.n, symmetry_name(c.symmetry), i);
      ASSERT_TRUE(x.ok && y.ok) << what;
      EXPECT_EQ(to_line(x.puzzle), to_line(y.puzzle)) << what;
      EXPECT_EQ(x.minimal, y.minimal) << what;
    }
  }
}

TEST(GeneratorSat, OwnSearchScoutingAbove16MakesTheSamePuzzlesAsSat) {
  for (const Symmetry symmetry : {Symmetry::none, Symmetry::rot180}) {
    auto scouted = config_of(20, symmetry, false, 11);
    scouted.removal_node_budget = 0;  // exact tests without `minimal`
    scouted.min_clues = 170;
    scouted.max_clues = 190;
    auto by_sat = scouted;
    by_sat.engine = EngineKind::sat;
    Generator a, b;
    Solver sat(EngineKind::sat);
    for (std::uint64_t i = 0; i < 2; ++i) {
      const auto x = a.generate(scouted, i);
      const auto y = b.generate(by_sat, i);
      const std::string what = fmt::format("{} {}", symmetry_name(symmetry), i);
      ASSERT_TRUE(x.ok && y.ok) << what << x.failure << y.failure;
      EXPECT_EQ(to_line(x.puzzle), to_line(y.puzzle)) << what;
      EXPECT_EQ(sat.solve(x.puzzle, 2, 0).count, 1u) << what;
    }
  }
}

TEST(GeneratorSat, Minimal20x20IsUniqueAndMinimal) {
  const auto config = config_of(20, Symmetry::none, true, 5);
  const GeneratedPuzzle p = generate_one(config, 0);
  ASSERT_TRUE(p.ok) << p.failure;
  EXPECT_TRUE(p.minimal);
  Solver sat(EngineKind::sat);  // DLX would take too long on the reduced puzzles
  const SolveResult r = sat.solve(p.puzzle, 2, 1);
  ASSERT_EQ(r.count, 1u);
  EXPECT_EQ(r.solutions[0], p.solution);
  // Every clue is needed, by the Solver's own SAT engine (a fresh CaDiCaL per count, with
  // default options: independent of the RemovalTester's learnt clauses and tuning).
  int checked = 0;
  for (std::size_t cell = 0; cell < p.puzzle.cells.size(); ++cell) {
    if (p.puzzle.cells[cell] == 0) continue;
    Grid without = p.puzzle;
    without.cells[cell] = 0;
    EXPECT_EQ(sat.solve(without, 2, 0).count, 2u) << cell;
    ++checked;
  }
  EXPECT_EQ(checked, p.clues);
}

TEST(GeneratorSat, ASpentTimeBudgetKeepsEveryClue) {
  for (EngineKind kind : {EngineKind::automatic, EngineKind::sat}) {
    auto config = config_of(9, Symmetry::none, true, 3);
    config.engine = kind;
    config.removal_time_budget = std::chrono::nanoseconds(1);
    const GeneratedPuzzle p = generate_one(config, 0);
    ASSERT_TRUE(p.ok);
    EXPECT_EQ(p.clues, 81) << engine_name(kind);
    EXPECT_FALSE(p.minimal);
    EXPECT_EQ(p.puzzle, p.solution);
  }
  // An ample one changes nothing.
  auto config = config_of(9, Symmetry::none, true, 3);
  auto ample = config;
  ample.removal_time_budget = std::chrono::hours(1);
  EXPECT_EQ(generate_one(config, 0).puzzle, generate_one(ample, 0).puzzle);
}

TEST(GeneratorSat, ANodeBudgetOnSatKeepsCluesAndStaysUnique) {
  auto config = config_of(16, Symmetry::none, true, 9);
  config.engine = EngineKind::sat;
  config.removal_node_budget = 1;  // one conflict per test: some tests must give up
  const GeneratedPuzzle p = generate_one(config, 0);
  ASSERT_TRUE(p.ok);
  EXPECT_FALSE(p.minimal);  // some test gave up, so minimality is not claimed
  Solver sat(EngineKind::sat);
  EXPECT_EQ(sat.solve(p.puzzle, 2, 0).count, 1u);
}

}  // namespace
}  // namespace sudokit

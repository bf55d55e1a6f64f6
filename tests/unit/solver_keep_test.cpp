// The count a Solver returns must not depend on how many solutions it is asked to keep:
// engines take different code paths when keep == 0 (count only, as bulk verification and
// the benchmarks use) and keep > 0 (solutions copied out). A half-edited engine once
// miscounted only with keep == 0; this pins the two paths together, for both engines.
#include <gtest/gtest.h>

#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

using testing::every_nth;
using testing::grid_from_line;
using testing::load_lines;

void expect_keep_independent(EngineKind engine, const std::string& collection, std::size_t step) {
  Solver solver(engine);
  const auto lines = every_nth(load_lines(collection), step);
  ASSERT_GT(lines.size(), 10u);
  for (const std::string& line : lines) {
    const Grid puzzle = grid_from_line(line);
    for (std::uint64_t limit : {1u, 2u, 3u}) {
      const SolveResult counted = solver.solve(puzzle, limit, 0);
      const SolveResult kept_one = solver.solve(puzzle, limit, 1);
      const SolveResult kept_two = solver.solve(puzzle, limit, 2);
      ASSERT_EQ(counted.count, kept_one.count) << engine_name(engine) << " limit " << limit << ": " << line;
      ASSERT_EQ(counted.count, kept_two.count) << engine_name(engine) << " limit " << limit << ": " << line;
      EXPECT_TRUE(counted.solutions.empty());
      EXPECT_EQ(kept_one.solutions.size(), std::min<std::uint64_t>(counted.count, 1));
      EXPECT_EQ(kept_two.solutions.size(), std::min<std::uint64_t>(counted.count, 2));
      for (const Grid& solution : kept_two.solutions) EXPECT_TRUE(is_solution_of(puzzle, solution)) << line;
      // Searches are deterministic: the first solution kept is the same whatever `keep` is.
      if (!kept_one.solutions.empty()) {
        EXPECT_EQ(kept_one.solutions[0], kept_two.solutions[0]) << line;
      }
    }
  }
}

TEST(SolverKeep, CountDoesNotDependOnKeepFast) {
  expect_keep_independent(EngineKind::fast, "puzzles/17_clue.txt", 500);
  expect_keep_independent(EngineKind::fast, "puzzles/hardest_1106.txt", 10);
  expect_keep_independent(EngineKind::fast, "puzzles/serg_multi.txt", 200);
}

TEST(SolverKeep, CountDoesNotDependOnKeepDlx) {
  expect_keep_independent(EngineKind::dlx, "puzzles/17_clue.txt", 500);
  expect_keep_independent(EngineKind::dlx, "puzzles/hardest_1106.txt", 10);
  expect_keep_independent(EngineKind::dlx, "puzzles/serg_multi.txt", 200);
}

}  // namespace
}  // namespace sudokit

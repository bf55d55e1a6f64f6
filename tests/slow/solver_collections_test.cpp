// Whole-collection runs of the DLX engine (named explicitly; the fast engine has its own):
// every 17-clue puzzle, every top1465 and hardest_1106 puzzle is unique and its solution passes
// is_solution_of; every serg_multi puzzle has two or more solutions, two distinct valid ones.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

void expect_all_unique(const std::string& collection, std::size_t expected_size) {
  const auto lines = testing::load_lines(collection);
  ASSERT_EQ(lines.size(), expected_size) << collection;
  Solver solver(EngineKind::dlx);
  std::size_t failures = 0;
  for (const auto& line : lines) {
    const Grid puzzle = testing::grid_from_line(line);
    const SolveResult r = solver.solve(puzzle, 2, 1);
    std::string why;
    const bool ok = r.count == 1 && r.solutions.size() == 1 && is_solution_of(puzzle, r.solutions[0], &why);
    if (!ok && ++failures <= 5) ADD_FAILURE() << collection << ": " << line << " count " << r.count << " " << why;
  }
  EXPECT_EQ(failures, 0u) << collection;
}

TEST(DlxCollections, Every17ClueIsUnique) { expect_all_unique("puzzles/17_clue.txt", 49158); }
TEST(DlxCollections, EveryTop1465IsUnique) { expect_all_unique("puzzles/top1465.txt", 1465); }
TEST(DlxCollections, EveryHardest1106IsUnique) { expect_all_unique("puzzles/hardest_1106.txt", 375); }

TEST(DlxCollections, EverySergMultiHasSeveral) {
  const auto lines = testing::load_lines("puzzles/serg_multi.txt");
  ASSERT_EQ(lines.size(), 10000u);
  Solver solver(EngineKind::dlx);
  std::size_t failures = 0;
  for (const auto& line : lines) {
    const Grid puzzle = testing::grid_from_line(line);
    const SolveResult r = solver.solve(puzzle, 2, 2);
    bool ok = r.count == 2 && r.solutions.size() == 2 && !(r.solutions[0] == r.solutions[1]);
    for (const Grid& g : r.solutions) ok = ok && is_solution_of(puzzle, g);
    if (!ok && ++failures <= 5) ADD_FAILURE() << line << " count " << r.count;
  }
  EXPECT_EQ(failures, 0u);
}

}  // namespace
}  // namespace sudokit

// Whole-collection differential test of the fast 9×9 engine against DLX: for every puzzle of
// the four shared collections both engines, through sudokit::Solver, must give the same count
// at limit 2; every solution fast hands out must pass is_solution_of; for a unique puzzle the
// two solutions must be equal; and the collection's documented count must hold (17_clue,
// top1465 and hardest_1106 are all unique, serg_multi all have two or more).
#include <cstdint>
#include <string>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace {

using sudokit::testing::grid_from_line;
using sudokit::testing::load_lines;

void check_collection(const std::string& file, std::uint64_t documented_count, std::size_t documented_size) {
  const auto lines = load_lines(file);
  ASSERT_EQ(lines.size(), documented_size) << file;
  sudokit::Solver dlx(sudokit::EngineKind::dlx), fast(sudokit::EngineKind::fast);
  std::size_t failures = 0;
  for (const auto& line : lines) {
    const sudokit::Grid puzzle = grid_from_line(line);
    const auto expected = dlx.solve(puzzle, 2, 1);
    const auto got = fast.solve(puzzle, 2, 2);
    bool ok = got.count == expected.count && got.count == documented_count;
    for (const auto& s : got.solutions) ok = ok && sudokit::is_solution_of(puzzle, s);
    if (got.count == 1) ok = ok && got.solutions.size() == 1 && got.solutions[0] == expected.solutions.at(0);
    if (got.count == 2) ok = ok && got.solutions.size() == 2 && got.solutions[0] != got.solutions[1];
    if (!ok) {
      ++failures;
      ADD_FAILURE() << file << ": " << line << " fast " << got.count << " dlx " << expected.count;
      ASSERT_LT(failures, 20u) << "stopping after 20 failures";
    }
  }
}

TEST(Fast9Collections, SeventeenClue) { check_collection("puzzles/17_clue.txt", 1, 49158); }
TEST(Fast9Collections, Top1465) { check_collection("puzzles/top1465.txt", 1, 1465); }
TEST(Fast9Collections, Hardest1106) { check_collection("puzzles/hardest_1106.txt", 1, 375); }
TEST(Fast9Collections, SergMulti) { check_collection("puzzles/serg_multi.txt", 2, 10000); }

}  // namespace

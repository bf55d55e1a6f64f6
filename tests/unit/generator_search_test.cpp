// The generator's internal search engine: known answers from the shared collections, a
// differential check against the DLX Solver, and the proof-by-test that the cheap
// removal test (forbid the clue's digit, limit 1) answers exactly what counting to 2 does.
#include <string>

#include <gtest/gtest.h>

#include "search.hpp"
#include "sudokit/generator.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

using testing::grid_from_line;
using testing::load_lines;

TEST(GeneratorSearch, SeventeenCluePuzzlesAreUniqueWithTheRightSolution) {
  gen::Search search(Shape{});
  const auto lines = testing::every_nth(load_lines("puzzles/17_clue.txt"), 97);
  ASSERT_GT(lines.size(), 400u);
  for (const auto& line : lines) {
    const Grid puzzle = grid_from_line(line);
    Grid solution(puzzle.shape);
    ASSERT_EQ(search.count(puzzle.cells.data(), 2, -1, 0, solution.cells.data()), 1) << line;
    std::string why;
    EXPECT_TRUE(is_solution_of(puzzle, solution, &why)) << line << ": " << why;
  }
}

TEST(GeneratorSearch, AgreesWithDlxOnMultiSolutionAndHardPuzzles) {
  gen::Search search(Shape{});
  Solver dlx(EngineKind::dlx);
  auto lines = testing::every_nth(load_lines("puzzles/serg_multi.txt"), 50);
  const auto hard = testing::every_nth(load_lines("puzzles/hardest_1106.txt"), 5);
  lines.insert(lines.end(), hard.begin(), hard.end());
  for (const auto& line : lines) {
    const Grid puzzle = grid_from_line(line);
    for (int limit : {1, 2, 5}) {
      const auto expected = dlx.solve(puzzle, static_cast<std::uint64_t>(limit), 0).count;
      EXPECT_EQ(static_cast<std::uint64_t>(search.count(puzzle.cells.data(), limit)), expected)
          << line << " limit " << limit;
    }
  }
}

TEST(GeneratorSearch, ClashingGivensHaveNoSolution) {
  gen::Search search(Shape{});
  Grid puzzle;
  puzzle.at(0, 0) = 5;
  puzzle.at(0, 8) = 5;
  EXPECT_EQ(search.count(puzzle.cells.data(), 2), 0);
  Grid box_clash;
  box_clash.at(0, 0) = 3;
  box_clash.at(2, 2) = 3;
  EXPECT_EQ(search.count(box_clash.cells.data(), 2), 0);
}

// The removal test of the generator: "without clue X (digit d) the puzzle stays unique" must
// be equivalent to "without X and with d forbidden at X there is no solution". Checked on
// every clue of minimal puzzles (17-clue: every removal fails) and of ordinary ones (many
// removals succeed), so both outcomes are exercised.
TEST(GeneratorSearch, ForbidDigitTestEqualsCountingToTwo) {
  gen::Search search(Shape{});
  auto lines = testing::every_nth(load_lines("puzzles/17_clue.txt"), 997);
  const auto top = testing::every_nth(load_lines("puzzles/top1465.txt"), 30);
  lines.insert(lines.end(), top.begin(), top.end());
  // Generous puzzles, where most clues are removable.
  Generator generator;
  for (std::uint64_t i = 0; i < 20; ++i) {
    Grid full = generator.random_solution(Shape{}, i);
    for (int cell = 0; cell < 81; cell += 3) full.cells[static_cast<std::size_t>(cell)] = 0;
    lines.push_back(to_line(full));
  }
  int removable = 0, necessary = 0;
  for (const auto& line : lines) {
    const Grid puzzle = grid_from_line(line);
    if (search.count(puzzle.cells.data(), 2) != 1) continue;
    Grid solution(puzzle.shape);
    search.count(puzzle.cells.data(), 1, -1, 0, solution.cells.data());
    for (int cell = 0; cell < 81; ++cell) {
      if (puzzle.cells[static_cast<std::size_t>(cell)] == 0) continue;
      Grid without = puzzle;
      without.cells[static_cast<std::size_t>(cell)] = 0;
      const bool unique_by_count = search.count(without.cells.data(), 2) == 1;
      const bool unique_by_forbid = search.count(without.cells.data(), 1, cell, solution.cells[static_cast<std::size_t>(cell)]) == 0;
      ASSERT_EQ(unique_by_count, unique_by_forbid) << line << " cell " << cell;
      (unique_by_count ? removable : necessary)++;
    }
  }
  EXPECT_GT(removable, 100);
  EXPECT_GT(necessary, 100);
}

TEST(GeneratorSearch, RandomFillGivesValidGridsOfEverySize) {
  for (const char* box : {"1x1", "2x2", "2x3", "3x3", "2x4", "3x4", "4x4", "5x5"}) {
    const Shape shape = *parse_box(box);
    gen::Search search(shape);
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      gen::Rng rng(seed);
      Grid grid(shape);
      // The budget is generous: every fill here must finish without a restart.
      ASSERT_TRUE(search.random_fill(rng, grid.cells.data(), 1u << 30)) << box;
      std::string why;
      EXPECT_TRUE(is_solution_of(Grid(shape), grid, &why)) << box << ": " << why;
    }
  }
}

TEST(GeneratorSearch, RandomFillDependsOnlyOnTheStream) {
  gen::Search a(Shape{}), b(Shape{});
  gen::Rng ra(42), rb(42), rc(43);
  Grid ga, gb, gc;
  a.random_fill(ra, ga.cells.data(), 0);
  b.random_fill(rb, gb.cells.data(), 0);
  a.random_fill(rc, gc.cells.data(), 0);
  EXPECT_EQ(ga, gb);
  EXPECT_NE(ga, gc);
}

// Pinned values: Boost's mt19937_64 and uniform_int_distribution are fixed algorithms, so
// these must hold on every platform (a change here changes every generated puzzle).
TEST(GeneratorSearch, RandomStreamsArePinned) {
  gen::Rng rng;  // default seed 5489
  EXPECT_EQ(rng(), 14514284786278117030ULL);  // the C++ standard's check value for mt19937_64
  gen::Rng seeded(7);
  std::vector<int> items{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  gen::shuffle(items, seeded);
  std::string order;
  for (int v : items) order += static_cast<char>('0' + v);
  EXPECT_EQ(order, "1423596087");
  EXPECT_EQ(splitmix64(0), 16294208416658607535ULL);  // splitmix64's published first output from 0
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

// Large grids count with pointing/claiming too: still exact. Puzzles with 0, 1 or several
// solutions are made from random 16x16 and 25x25 grids by blanking cells (and clashing one).
TEST(GeneratorSearch, LockedCandidatesOnLargeGridsAgreeWithDlx) {
  Solver dlx(EngineKind::dlx);
  Generator generator;
  for (int n : {16, 25}) {
    const Shape shape = *default_shape(n);
    gen::Search search(shape);
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      const Grid full = generator.random_solution(shape, seed);
      gen::Rng rng(seed);
      for (int blanks : {n * n / 3, n * n / 2, 2 * n * n / 3}) {
        Grid puzzle = full;
        for (int k = 0; k < blanks; ++k) puzzle.cells[gen::uniform_below(rng, puzzle.cells.size())] = 0;
        for (int limit : {1, 2, 3}) {
          const auto expected = dlx.solve(puzzle, static_cast<std::uint64_t>(limit), 0).count;
          EXPECT_EQ(static_cast<std::uint64_t>(search.count(puzzle.cells.data(), limit, -1, 0, nullptr, 200000)), expected)
              << n << "x" << n << " seed " << seed << " blanks " << blanks << " limit " << limit;
          EXPECT_FALSE(search.gave_up());
        }
        // Forbidding a blank cell's solution digit: is there another solution?
        for (std::size_t cell = 0; cell < puzzle.cells.size(); ++cell) {
          if (puzzle.cells[cell] != 0) continue;
          const int found = search.count(puzzle.cells.data(), 1, static_cast<int>(cell), full.cells[cell], nullptr, 200000);
          bool more = false;
          Grid other = puzzle;
          for (int digit = 1; digit <= n && !more; ++digit) {
            if (digit == full.cells[cell]) continue;
            other.cells[cell] = static_cast<std::uint8_t>(digit);
            more = dlx.solve(other, 1, 0).count > 0;
          }
          EXPECT_EQ(found == 1, more) << n << "x" << n << " seed " << seed << " cell " << cell;
          break;
        }
      }
    }
  }
}

// set_preferred (the generator passes the solution: its digits are tried first) changes the
// order of the search only: every count, with or without a forbidden digit, equals the count
// in ascending order and DLX's, on 9×9 and on 16×16 puzzles dug from one solution; and a
// solution found under a forbidden digit is a solution of the puzzle without that digit.
TEST(GeneratorSearch, PreferredDigitsChangeNoCount) {
  Solver dlx(EngineKind::dlx);
  Generator generator;
  int with_other = 0, without_other = 0;
  for (int n : {9, 16}) {
    const Shape shape = *default_shape(n);
    gen::Search plain(shape), preferring(shape);
    for (std::uint64_t seed = 0; seed < 3; ++seed) {
      const Grid full = generator.random_solution(shape, seed + 10);
      preferring.set_preferred(full.cells.data());
      gen::Rng rng(seed);
      for (int blanks : {n * n / 2, 2 * n * n / 3}) {
        Grid puzzle = full;
        for (int k = 0; k < blanks; ++k) puzzle.cells[gen::uniform_below(rng, puzzle.cells.size())] = 0;
        for (int limit : {1, 2, 3}) {
          const int expected = static_cast<int>(dlx.solve(puzzle, static_cast<std::uint64_t>(limit), 0).count);
          EXPECT_EQ(plain.count(puzzle.cells.data(), limit), expected) << n << " seed " << seed << " limit " << limit;
          EXPECT_EQ(preferring.count(puzzle.cells.data(), limit), expected) << n << " seed " << seed << " limit " << limit;
        }
        Grid found(shape);
        for (std::size_t cell = 0; cell < puzzle.cells.size(); cell += 7) {
          if (puzzle.cells[cell] != 0) continue;
          const int by_plain = plain.count(puzzle.cells.data(), 1, static_cast<int>(cell), full.cells[cell]);
          const int by_preferring =
              preferring.count(puzzle.cells.data(), 1, static_cast<int>(cell), full.cells[cell], found.cells.data());
          ASSERT_EQ(by_plain, by_preferring) << n << " seed " << seed << " cell " << cell;
          if (by_preferring == 0) {
            ++without_other;
            continue;
          }
          ++with_other;
          std::string why;
          EXPECT_TRUE(is_solution_of(puzzle, found, &why)) << why;
          EXPECT_NE(found.cells[cell], full.cells[cell]);
        }
      }
    }
  }
  EXPECT_GT(with_other, 5);
  EXPECT_GT(without_other, 5);
}

TEST(GeneratorSearch, NodeBudgetStopsAndSaysSo) {
  gen::Search search(Shape{});
  const std::vector<std::uint8_t> empty(81, 0);
  EXPECT_LT(search.count(empty.data(), 100000, -1, 0, nullptr, 50), 100000);
  EXPECT_TRUE(search.gave_up());
  EXPECT_LE(search.nodes(), 60u);
  EXPECT_EQ(search.count(empty.data(), 3, -1, 0, nullptr, 0), 3);
  EXPECT_FALSE(search.gave_up());
}

}  // namespace
}  // namespace sudokit

// Tests of the DLX engine through the Solver facade, with EngineKind::dlx named explicitly.
// Known answers: puzzles made from known full grids at every size from 4×4 to 25×25, a classic
// 9×9 with its printed solution, the target cases' solution counts, 288 filled 4×4 grids.
// Every solution is checked with is_solution_of (grid.cpp, which shares no code with any
// solver). Also: facade routing and errors, reuse over thousands of puzzles, limit/keep and
// enumerate semantics.
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

Shape shape_of(int n, int box_rows, int box_cols) {
  auto s = make_shape(n, box_rows, box_cols);
  EXPECT_TRUE(s.has_value()) << n << " " << box_rows << "x" << box_cols;
  return s.value_or(Shape{});
}

// Grids as set keys (a string, not a vector: GCC 12 warns falsely on set<vector<uint8_t>>).
std::string key_of(const Grid& g) { return std::string(g.cells.begin(), g.cells.end()); }

void expect_solves(const Grid& puzzle, const Grid& solution) {
  std::string why;
  EXPECT_TRUE(is_solution_of(puzzle, solution, &why)) << why;
}

// A valid full grid for any box shape, scrambled deterministically: the pattern
// ((r mod br)·bc + r / br + c) mod N + 1, then digits relabelled, rows shuffled within bands,
// columns within stacks, and the bands and stacks themselves.
Grid scrambled_full_grid(const Shape& s, std::uint32_t seed) {
  std::mt19937 rng(seed);
  auto shuffled = [&](int count) {
    std::vector<int> order(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) order[static_cast<std::size_t>(i)] = i;
    for (int i = count - 1; i > 0; --i) std::swap(order[static_cast<std::size_t>(i)], order[rng() % static_cast<unsigned>(i + 1)]);
    return order;
  };
  const int n = s.n, br = s.box_rows, bc = s.box_cols;
  const std::vector<int> digits = shuffled(n);
  const std::vector<int> bands = shuffled(n / br), stacks = shuffled(n / bc);
  std::vector<int> row_map(static_cast<std::size_t>(n)), col_map(static_cast<std::size_t>(n));
  for (int band = 0; band < n / br; ++band) {
    const std::vector<int> inside = shuffled(br);
    for (int k = 0; k < br; ++k) row_map[static_cast<std::size_t>(band * br + k)] = bands[static_cast<std::size_t>(band)] * br + inside[static_cast<std::size_t>(k)];
  }
  for (int stack = 0; stack < n / bc; ++stack) {
    const std::vector<int> inside = shuffled(bc);
    for (int k = 0; k < bc; ++k) col_map[static_cast<std::size_t>(stack * bc + k)] = stacks[static_cast<std::size_t>(stack)] * bc + inside[static_cast<std::size_t>(k)];
  }
  Grid g(s);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int rr = row_map[static_cast<std::size_t>(r)], cc = col_map[static_cast<std::size_t>(c)];
      const int pattern = ((rr % br) * bc + rr / br + cc) % n;
      g.at(r, c) = static_cast<std::uint8_t>(digits[static_cast<std::size_t>(pattern)] + 1);
    }
  return g;
}

// Removes clues in a seeded random order, keeping a removal only while the puzzle stays unique,
// until `target_empty` cells are empty or every cell was tried.
Grid thinned_unique(Solver& solver, const Grid& full, int target_empty, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<int> cells(full.cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<int>(i);
  for (std::size_t i = cells.size() - 1; i > 0; --i) std::swap(cells[i], cells[rng() % (i + 1)]);
  Grid puzzle = full;
  int empty = 0;
  for (int cell : cells) {
    if (empty >= target_empty) break;
    const std::uint8_t kept = puzzle.cells[static_cast<std::size_t>(cell)];
    puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    if (solver.solve(puzzle, 2, 0).count == 1) ++empty;
    else puzzle.cells[static_cast<std::size_t>(cell)] = kept;
  }
  return puzzle;
}

struct ShapeCase {
  int n, box_rows, box_cols, target_empty;
};

class DlxKnownGrids : public ::testing::TestWithParam<ShapeCase> {};

TEST_P(DlxKnownGrids, ThinnedPuzzlesSolveBackToTheirGrid) {
  const ShapeCase sc = GetParam();
  const Shape s = shape_of(sc.n, sc.box_rows, sc.box_cols);
  Solver solver(EngineKind::dlx);
  ASSERT_EQ(solver.engine_for(s), EngineKind::dlx);
  for (std::uint32_t seed = 1; seed <= 3; ++seed) {
    const Grid full = scrambled_full_grid(s, seed * 7919u + static_cast<std::uint32_t>(sc.n));
    expect_solves(full, full);  // the generator itself makes valid grids
    // The full grid is its own single solution.
    SolveResult whole = solver.solve(full, 2, 2);
    ASSERT_EQ(whole.count, 1u);
    EXPECT_EQ(whole.solutions[0], full);
    const Grid puzzle = thinned_unique(solver, full, sc.target_empty, seed);
    EXPECT_LT(puzzle.givens(), s.cells());
    const SolveResult result = solver.solve(puzzle, 2, 2);
    ASSERT_EQ(result.count, 1u) << to_line(puzzle);
    ASSERT_EQ(result.solutions.size(), 1u);
    expect_solves(puzzle, result.solutions[0]);
    EXPECT_EQ(result.solutions[0], full) << "a unique puzzle cut from a grid solves back to that grid";
    EXPECT_GT(result.stats.nodes, 0u);
    // One more clue removed at random: still solvable, every solution valid, the grid among them.
    Grid looser = puzzle;
    for (std::size_t i = 0; i < looser.cells.size(); ++i)
      if (looser.cells[i]) {
        looser.cells[i] = 0;
        break;
      }
    std::vector<Grid> seen;
    const std::uint64_t visited = solver.enumerate(looser, [&](const Grid& g) {
      seen.push_back(g);
      return true;
    }, 50);
    EXPECT_EQ(visited, seen.size());
    ASSERT_GE(visited, 1u);
    for (const Grid& g : seen) expect_solves(looser, g);
    if (visited < 50) {
      EXPECT_NE(std::find(seen.begin(), seen.end(), full), seen.end()) << "the grid is one of the solutions";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, DlxKnownGrids,
                         ::testing::Values(ShapeCase{4, 2, 2, 16}, ShapeCase{6, 2, 3, 36}, ShapeCase{6, 3, 2, 36},
                                           ShapeCase{8, 2, 4, 64}, ShapeCase{9, 3, 3, 81}, ShapeCase{9, 1, 9, 81},
                                           ShapeCase{12, 3, 4, 144}, ShapeCase{16, 4, 4, 150},
                                           ShapeCase{25, 5, 5, 300}),
                         [](const ::testing::TestParamInfo<ShapeCase>& shape_case) {
                           const ShapeCase& c = shape_case.param;
                           return std::to_string(c.n) + "x" + std::to_string(c.n) + "_" + std::to_string(c.box_rows) +
                                  "x" + std::to_string(c.box_cols);
                         });

TEST(Dlx, ClassicPuzzleHasItsPrintedSolution) {
  const Grid puzzle =
      testing::grid_from_line("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79");
  const Grid answer =
      testing::grid_from_line("534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  Solver solver(EngineKind::dlx);
  const SolveResult result = solver.solve(puzzle, 2, 5);
  ASSERT_EQ(result.count, 1u);
  ASSERT_EQ(result.solutions.size(), 1u);
  EXPECT_EQ(result.solutions[0], answer);
  expect_solves(puzzle, answer);
}

TEST(Dlx, TargetCasesHaveTheirKnownSolutionCounts) {
  std::ifstream in(testing::shared_data("target/cases.tsv"));
  ASSERT_TRUE(in.good());
  std::string line;
  std::getline(in, line);  // header
  Solver solver(EngineKind::dlx);
  int cases = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name, puzzle_line;
    long long expected_score = 0, solutions = 0;
    fields >> name >> puzzle_line >> expected_score >> solutions;
    const Grid puzzle = testing::grid_from_line(puzzle_line);
    const SolveResult result = solver.solve(puzzle, 1000000, 1000);
    EXPECT_EQ(result.count, static_cast<std::uint64_t>(solutions)) << "case " << name;
    EXPECT_EQ(result.solutions.size(), std::min<std::size_t>(1000, static_cast<std::size_t>(solutions)));
    std::set<std::string> distinct;
    for (const Grid& g : result.solutions) {
      expect_solves(puzzle, g);
      distinct.insert(key_of(g));
    }
    EXPECT_EQ(distinct.size(), result.solutions.size()) << "case " << name;
    ++cases;
  }
  EXPECT_GE(cases, 8);
}

TEST(SolverDoor, DigitPastNHasNoSolutionInEveryEngine) {
  // The engines index by digit: a 10 in a 9x9 (or a 5 in a 4x4) is answered at the door with
  // count 0, complete, like a clash, and never reaches an engine (the fast engine would read
  // past its tables). The same puzzle without the bad digit still solves.
  Grid nine(Shape{9, 3, 3});
  nine.at(4, 6) = 10;
  Grid four(Shape{4, 2, 2});
  four.at(0, 1) = 5;
  for (EngineKind kind : {EngineKind::automatic, EngineKind::dlx, EngineKind::fast, EngineKind::sat}) {
    Solver solver(kind);
    const SolveResult r = solver.solve(nine, 2, 2);
    EXPECT_EQ(r.count, 0u) << engine_name(kind);
    EXPECT_TRUE(r.complete) << engine_name(kind);
    EXPECT_TRUE(r.solutions.empty()) << engine_name(kind);
    EXPECT_EQ(solver.enumerate(nine, [](const Grid&) { return true; }, 10), 0u) << engine_name(kind);
    nine.at(4, 6) = 9;
    EXPECT_EQ(solver.solve(nine, 2).count, 2u) << engine_name(kind);
    nine.at(4, 6) = 10;
    if (kind == EngineKind::fast) continue;  // 9x9 only
    EXPECT_EQ(solver.solve(four, 2).count, 0u) << engine_name(kind);
  }
}

TEST(Dlx, ClashingGivensHaveNoSolution) {
  Solver solver(EngineKind::dlx);
  Grid row_clash(Shape{9, 3, 3});
  row_clash.at(0, 0) = 5;
  row_clash.at(0, 8) = 5;
  EXPECT_EQ(solver.solve(row_clash).count, 0u);
  Grid box_clash(Shape{9, 3, 3});  // same box, different row and column
  box_clash.at(3, 3) = 7;
  box_clash.at(5, 4) = 7;
  EXPECT_EQ(solver.solve(box_clash).count, 0u);
  Grid column_clash(shape_of(6, 2, 3));
  column_clash.at(0, 2) = 1;
  column_clash.at(5, 2) = 1;
  EXPECT_EQ(solver.solve(column_clash).count, 0u);
  Grid out_of_range(shape_of(4, 2, 2));
  out_of_range.at(1, 1) = 5;
  EXPECT_EQ(solver.solve(out_of_range).count, 0u);
  EXPECT_EQ(solver.enumerate(row_clash, [](const Grid&) { return true; }), 0u);
  // The solver is still fine afterwards.
  EXPECT_EQ(solver.solve(Grid(shape_of(4, 2, 2)), 1000).count, 288u);
}

TEST(Dlx, Empty4x4Has288Solutions) {
  Solver solver(EngineKind::dlx);
  const Grid empty(shape_of(4, 2, 2));
  EXPECT_EQ(solver.solve(empty, 1000, 0).count, 288u);
  EXPECT_EQ(solver.solve(empty, 288).count, 288u);
  EXPECT_EQ(solver.solve(empty, 100).count, 100u) << "counting stops at the limit";
  std::set<std::string> distinct;
  const std::uint64_t visited = solver.enumerate(empty, [&](const Grid& g) {
    expect_solves(empty, g);
    distinct.insert(key_of(g));
    return true;
  });
  EXPECT_EQ(visited, 288u);
  EXPECT_EQ(distinct.size(), 288u);
  // keep beyond the buffered size goes through the collecting path; same answer.
  const SolveResult all = solver.solve(empty, 1000, 1000);
  EXPECT_EQ(all.count, 288u);
  ASSERT_EQ(all.solutions.size(), 288u);
  std::set<std::string> kept;
  for (const Grid& g : all.solutions) kept.insert(key_of(g));
  EXPECT_EQ(kept, distinct);
}

TEST(Dlx, EmptyGridsOfEverySizeHaveASolution) {
  Solver solver(EngineKind::dlx);
  for (const Shape& s : {shape_of(1, 1, 1), shape_of(4, 2, 2), shape_of(9, 3, 3), shape_of(16, 4, 4), shape_of(25, 5, 5),
                         shape_of(7, 1, 7)}) {
    const Grid empty(s);
    const SolveResult r = solver.solve(empty, 1, 1);
    ASSERT_EQ(r.count, 1u) << describe(s);
    expect_solves(empty, r.solutions[0]);
  }
}

TEST(Dlx, SameSolverOverASampleOf17ClueAllUnique) {
  const auto lines = testing::every_nth(testing::load_lines("puzzles/17_clue.txt"), 50);
  ASSERT_GT(lines.size(), 900u);
  Solver solver(EngineKind::dlx);
  SearchStats total;
  for (const auto& line : lines) {
    const Grid puzzle = testing::grid_from_line(line);
    const SolveResult r = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(r.count, 1u) << line;
    ASSERT_EQ(r.solutions.size(), 1u);
    std::string why;
    ASSERT_TRUE(is_solution_of(puzzle, r.solutions[0], &why)) << line << ": " << why;
    total += r.stats;
  }
  EXPECT_GT(total.nodes, lines.size());
  EXPECT_GT(total.updates, total.nodes);
  EXPECT_GT(total.guesses, 0u);
}

TEST(Dlx, SergMultiSampleHasTwoDistinctSolutions) {
  const auto lines = testing::every_nth(testing::load_lines("puzzles/serg_multi.txt"), 100);
  ASSERT_EQ(lines.size(), 100u);
  Solver solver(EngineKind::dlx);
  for (const auto& line : lines) {
    const Grid puzzle = testing::grid_from_line(line);
    const SolveResult r = solver.solve(puzzle, 2, 2);
    ASSERT_EQ(r.count, 2u) << line;
    ASSERT_EQ(r.solutions.size(), 2u);
    EXPECT_NE(r.solutions[0], r.solutions[1]) << line;
    expect_solves(puzzle, r.solutions[0]);
    expect_solves(puzzle, r.solutions[1]);
    // keep below the count keeps only the first, the same one.
    const SolveResult one = solver.solve(puzzle, 2, 1);
    EXPECT_EQ(one.count, 2u);
    ASSERT_EQ(one.solutions.size(), 1u);
    EXPECT_EQ(one.solutions[0], r.solutions[0]);
  }
}

TEST(Dlx, EnumerateVisitsExactlyCountDistinctSolutions) {
  const auto lines = testing::every_nth(testing::load_lines("puzzles/serg_multi.txt"), 1000);
  Solver solver(EngineKind::dlx);
  for (const auto& line : lines) {
    const Grid puzzle = testing::grid_from_line(line);
    const std::uint64_t count = solver.solve(puzzle, 500, 0).count;
    std::set<std::string> distinct;
    SearchStats stats;
    const std::uint64_t visited = solver.enumerate(puzzle, [&](const Grid& g) {
      expect_solves(puzzle, g);
      distinct.insert(key_of(g));
      return true;
    }, 500, &stats);
    EXPECT_EQ(visited, count) << line;
    EXPECT_EQ(distinct.size(), count) << line;
    EXPECT_GT(stats.nodes, 0u);
    // A visitor that stops at the first: exactly one visited.
    int calls = 0;
    EXPECT_EQ(solver.enumerate(puzzle, [&](const Grid&) { return ++calls, false; }), 1u);
    EXPECT_EQ(calls, 1);
  }
}

TEST(Dlx, OneSolverAcrossShapesReusesItsEngines) {
  Solver solver(EngineKind::dlx);
  const Grid p4 = thinned_unique(solver, scrambled_full_grid(shape_of(4, 2, 2), 11), 16, 1);
  const Grid p6 = thinned_unique(solver, scrambled_full_grid(shape_of(6, 2, 3), 12), 36, 2);
  const Grid p9 = testing::grid_from_line(testing::load_lines("puzzles/top1465.txt", 1).at(0));
  for (int round = 0; round < 20; ++round)
    for (const Grid* p : {&p4, &p9, &p6}) {
      const SolveResult r = solver.solve(*p, 2, 1);
      ASSERT_EQ(r.count, 1u);
      expect_solves(*p, r.solutions[0]);
    }
}

TEST(SolverFacade, RoutingAndNames) {
  EXPECT_EQ(parse_engine("auto"), EngineKind::automatic);
  EXPECT_EQ(parse_engine("dlx"), EngineKind::dlx);
  EXPECT_EQ(parse_engine("fast"), EngineKind::fast);
  EXPECT_EQ(parse_engine("DLX"), std::nullopt);
  EXPECT_EQ(parse_engine(""), std::nullopt);
  for (EngineKind k : {EngineKind::automatic, EngineKind::dlx, EngineKind::fast})
    EXPECT_EQ(parse_engine(engine_name(k)), k);
  const Solver automatic;
  EXPECT_EQ(automatic.engine_for(Shape{9, 3, 3}), EngineKind::fast);
  EXPECT_EQ(automatic.engine_for(shape_of(9, 1, 9)), EngineKind::dlx) << "the fast engine knows only 3x3 boxes";
  EXPECT_EQ(automatic.engine_for(shape_of(6, 2, 3)), EngineKind::dlx);
  EXPECT_EQ(automatic.engine_for(shape_of(16, 4, 4)), EngineKind::dlx);
  EXPECT_EQ(Solver(EngineKind::dlx).engine_for(Shape{9, 3, 3}), EngineKind::dlx);
  EXPECT_EQ(Solver(EngineKind::fast).engine_for(Shape{9, 3, 3}), EngineKind::fast);
}

TEST(SolverFacade, BadRequestsThrow) {
  Solver fast(EngineKind::fast);
  EXPECT_THROW(fast.solve(Grid(shape_of(6, 2, 3))), std::invalid_argument);
  EXPECT_THROW(fast.enumerate(Grid(shape_of(16, 4, 4)), [](const Grid&) { return true; }), std::invalid_argument);
  Solver dlx(EngineKind::dlx);
  Grid wrong_size(Shape{9, 3, 3});
  wrong_size.cells.resize(80);
  EXPECT_THROW(dlx.solve(wrong_size), std::invalid_argument);
  EXPECT_THROW(dlx.solve(Grid(Shape{9, 3, 3}), 0), std::invalid_argument);
  EXPECT_EQ(dlx.enumerate(Grid(Shape{9, 3, 3}), [](const Grid&) { return true; }, 0), 0u);
  // A moved-from-and-assigned solver still works.
  Solver moved = std::move(dlx);
  EXPECT_EQ(moved.solve(Grid(shape_of(4, 2, 2)), 1000).count, 288u);
}

}  // namespace
}  // namespace sudokit

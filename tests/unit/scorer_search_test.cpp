// scorer_search_test.cpp: the branch and bound against an independent brute-force oracle.
//
// The oracle below is a plain backtracking enumerator written for this test (no propagation,
// no bound, nothing shared with the scorer or the solvers): it visits every solution and keeps
// the best weighted sum and the count. Puzzles come from seeded random full grids thinned to
// a clue count, so every run checks the same few hundred cases and a failure reproduces.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "branch_and_bound.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/scorer.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

struct Oracle {
  std::int64_t best = -1;
  bool found = false;
  std::uint64_t count = 0;
};

class BruteForce {
 public:
  BruteForce(const Grid& puzzle, const Weights& weights) : grid_(puzzle), weights_(weights) {
    const Shape& s = grid_.shape;
    used_.assign(static_cast<std::size_t>(3 * s.n), 0);
    for (int cell = 0; cell < s.cells(); ++cell)
      if (const int d = grid_.cells[static_cast<std::size_t>(cell)]; d != 0) mark(cell, d);
  }

  Oracle run() {
    if (find_clashes(grid_).empty()) visit();
    return result_;
  }

 private:
  // Digits used in the cell's row, column and box, as bits 1..n.
  std::uint64_t& used(int house) { return used_[static_cast<std::size_t>(house)]; }
  std::uint64_t taken(int cell) {
    const Shape& s = grid_.shape;
    return used(s.row_of(cell)) | used(s.n + s.col_of(cell)) | used(2 * s.n + s.box_of(cell));
  }
  void mark(int cell, int d) {
    const Shape& s = grid_.shape;
    const std::uint64_t bit = std::uint64_t{1} << d;
    used(s.row_of(cell)) ^= bit;
    used(s.n + s.col_of(cell)) ^= bit;
    used(2 * s.n + s.box_of(cell)) ^= bit;
  }

  // Every solution: fill the empty cell with the fewest free digits, each free digit in turn.
  void visit() {
    const Shape& s = grid_.shape;
    int chosen = -1;
    int fewest = s.n + 1;
    for (int cell = 0; cell < s.cells(); ++cell) {
      if (grid_.cells[static_cast<std::size_t>(cell)] != 0) continue;
      int free = 0;
      const std::uint64_t t = taken(cell);
      for (int d = 1; d <= s.n; ++d) free += ((t >> d) & 1) == 0;
      if (free < fewest) {
        fewest = free;
        chosen = cell;
      }
    }
    if (chosen < 0) {
      ++result_.count;
      const std::int64_t value = weighted_sum(grid_, weights_);
      if (!result_.found || value > result_.best) result_.best = value;
      result_.found = true;
      return;
    }
    const std::uint64_t t = taken(chosen);
    for (int d = 1; d <= s.n; ++d) {
      if ((t >> d) & 1) continue;
      grid_.cells[static_cast<std::size_t>(chosen)] = static_cast<std::uint8_t>(d);
      mark(chosen, d);
      visit();
      mark(chosen, d);
      grid_.cells[static_cast<std::size_t>(chosen)] = 0;
    }
  }

  Grid grid_;
  const Weights& weights_;
  std::vector<std::uint64_t> used_;
  Oracle result_;
};

// A random complete grid: backtracking fill with shuffled digit order.
bool fill(Grid& g, int cell, std::mt19937& rng) {
  if (cell == g.shape.cells()) return true;
  std::vector<int> digits(static_cast<std::size_t>(g.shape.n));
  std::iota(digits.begin(), digits.end(), 1);
  std::shuffle(digits.begin(), digits.end(), rng);
  for (int d : digits) {
    bool ok = true;
    for (int i = 0; i < cell && ok; ++i)
      if (g.cells[static_cast<std::size_t>(i)] == d &&
          (g.shape.row_of(i) == g.shape.row_of(cell) || g.shape.col_of(i) == g.shape.col_of(cell) ||
           g.shape.box_of(i) == g.shape.box_of(cell)))
        ok = false;
    if (!ok) continue;
    g.cells[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
    if (fill(g, cell + 1, rng)) return true;
  }
  g.cells[static_cast<std::size_t>(cell)] = 0;
  return false;
}

Grid random_puzzle(const Shape& shape, int clues, std::mt19937& rng) {
  Grid full(shape);
  EXPECT_TRUE(fill(full, 0, rng));
  std::vector<int> order(static_cast<std::size_t>(shape.cells()));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  Grid puzzle(shape);
  for (int k = 0; k < clues; ++k)
    puzzle.cells[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] =
        full.cells[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])];
  return puzzle;
}

Weights random_weights(int n, std::mt19937& rng, int low, int high) {
  std::uniform_int_distribution<int> pick(low, high);
  std::vector<std::int64_t> values(static_cast<std::size_t>(n * n));
  for (auto& v : values) v = pick(rng);
  return *Weights::from_values(n, values);
}

// The result must be self-consistent: a real solution of the puzzle whose sum is the score.
void expect_consistent(const Grid& puzzle, const Weights& weights, const ScoreResult& result) {
  if (!result.solution) {
    EXPECT_EQ(result.score, -1);
    return;
  }
  std::string why;
  EXPECT_TRUE(is_solution_of(puzzle, *result.solution, &why)) << why << "\n" << to_line(puzzle);
  EXPECT_EQ(weighted_sum(*result.solution, weights), result.score) << to_line(puzzle);
}

void expect_matches_oracle(const Grid& puzzle, const Weights& weights, Scorer& scorer) {
  const Oracle oracle = BruteForce(puzzle, weights).run();
  const ScoreResult result = scorer.score(puzzle, weights);
  EXPECT_TRUE(result.proven);
  EXPECT_EQ(result.solution.has_value(), oracle.found) << to_line(puzzle);
  if (oracle.found) {
    EXPECT_EQ(result.score, oracle.best) << to_line(puzzle) << " (" << oracle.count << " solutions)";
  }
  expect_consistent(puzzle, weights, result);
}

TEST(ScorerWeights, TargetRingsFollowTheContest) {
  const Weights w = Weights::target(9);
  EXPECT_EQ(w.at(0, 0), 6);
  EXPECT_EQ(w.at(0, 4), 6);
  EXPECT_EQ(w.at(1, 1), 7);
  EXPECT_EQ(w.at(2, 6), 8);
  EXPECT_EQ(w.at(3, 5), 9);
  EXPECT_EQ(w.at(4, 4), 10);
  EXPECT_EQ(std::accumulate(w.values().begin(), w.values().end(), std::int64_t{0}), 32 * 6 + 24 * 7 + 16 * 8 + 8 * 9 + 10);
  const Weights w4 = Weights::target(4);
  EXPECT_EQ(w4.values(), (std::vector<std::int64_t>{6, 6, 6, 6, 6, 7, 7, 6, 6, 7, 7, 6, 6, 6, 6, 6}));
}

TEST(ScorerWeights, ParsesTablesAndRejectsBadOnes) {
  std::string why;
  auto w = Weights::parse("# a 2x2 table\n1 2\n3 -4\n", &why);
  ASSERT_TRUE(w) << why;
  EXPECT_EQ(w->n(), 2);
  EXPECT_EQ(w->values(), (std::vector<std::int64_t>{1, 2, 3, -4}));
  EXPECT_FALSE(Weights::parse("1 2 3", &why));
  EXPECT_NE(why.find("not N²"), std::string::npos) << why;
  EXPECT_FALSE(Weights::parse("1 2 x 4", &why));
  EXPECT_NE(why.find("'x'"), std::string::npos) << why;
  EXPECT_FALSE(Weights::parse("", &why));
}

TEST(ScorerOptions, ParsesBudgetsAndMethods) {
  EXPECT_EQ(parse_score_budget("1000")->nodes, 1000u);
  EXPECT_EQ(parse_score_budget("5s")->time, std::chrono::seconds(5));
  EXPECT_EQ(parse_score_budget("250ms")->time, std::chrono::milliseconds(250));
  EXPECT_EQ(parse_score_budget("2m")->time, std::chrono::minutes(2));
  EXPECT_FALSE(parse_score_budget("0"));
  EXPECT_FALSE(parse_score_budget("5x"));
  EXPECT_FALSE(parse_score_budget("s"));
  EXPECT_EQ(parse_score_method("bnb"), ScoreMethod::branch_and_bound);
  EXPECT_EQ(parse_score_method("enumerate"), ScoreMethod::enumerate);
  EXPECT_FALSE(parse_score_method("dlx"));
}

TEST(ScorerSearch, ContestSamples) {
  Scorer scorer;
  const Weights w = Weights::target(9);
  const auto first = scorer.score(testing::grid_from_line(
      "7..9....11....59.....2...8...5.2...3......648413........7..2.9.2.1.6.8.4.8.5.4.12"), w);
  EXPECT_EQ(first.score, 2829);
  EXPECT_TRUE(first.proven);
  const auto second = scorer.score(testing::grid_from_line(
      "...7.24539....8...74...5.1.195.8.....7.....25.3.5791.8...6.1....6.9....1........6"), w);
  EXPECT_EQ(second.score, 2852);
}

TEST(ScorerSearch, NoSolutionScoresMinusOne) {
  Scorer scorer;
  const Weights w = Weights::target(9);
  // Clashing givens (two 7s in row 1).
  auto clash = scorer.score(testing::grid_from_line(
      "7..7.24539....8...74...5.1.195.8.....7.....25.3.5791.8...6.1....6.9....1........6"), w);
  EXPECT_EQ(clash.score, -1);
  EXPECT_FALSE(clash.solution);
  EXPECT_TRUE(clash.proven);
  // No clash, but no solution either.
  auto dead = scorer.score(testing::grid_from_line(
      "7....846...8..725.1..5...8..7415..38.........5.6..49......918.4.6.84.1.....2.3..."), w);
  EXPECT_EQ(dead.score, -1);
  EXPECT_FALSE(dead.solution);
  EXPECT_TRUE(dead.proven);
}

TEST(ScorerSearch, CompleteGridScoresItself) {
  std::mt19937 rng(7);
  Grid full = random_puzzle(*default_shape(9), 81, rng);
  Scorer scorer;
  const Weights w = Weights::target(9);
  const auto result = scorer.score(full, w);
  EXPECT_EQ(result.score, weighted_sum(full, w));
  EXPECT_EQ(*result.solution, full);
}

TEST(ScorerSearch, MatchesBruteForceOnRandomPuzzlesWithTargetWeights) {
  std::mt19937 rng(20090101);
  std::uniform_int_distribution<int> clues(24, 35);
  Scorer scorer;
  const Weights w = Weights::target(9);
  for (int i = 0; i < 200; ++i) expect_matches_oracle(random_puzzle(*default_shape(9), clues(rng), rng), w, scorer);
}

TEST(ScorerSearch, MatchesBruteForceWithRandomWeights) {
  std::mt19937 rng(424242);
  std::uniform_int_distribution<int> clues(26, 35);
  Scorer scorer;
  for (int i = 0; i < 120; ++i) {
    const Weights w = random_weights(9, rng, 0, 50);
    expect_matches_oracle(random_puzzle(*default_shape(9), clues(rng), rng), w, scorer);
  }
}

TEST(ScorerSearch, MatchesBruteForceOnSmallShapesWithNegativeWeights) {
  std::mt19937 rng(99);
  Scorer scorer;
  for (int i = 0; i < 150; ++i) {
    const int n = i % 3 == 0 ? 4 : 6;
    const Shape shape = *default_shape(n);
    std::uniform_int_distribution<int> clues(n == 4 ? 0 : 6, n == 4 ? 8 : 16);
    const Weights w = random_weights(n, rng, -20, 20);
    expect_matches_oracle(random_puzzle(shape, clues(rng), rng), w, scorer);
  }
}

TEST(ScorerSearch, EveryTuningGivesTheSameAnswer) {
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> clues(24, 30);
  const Weights w = Weights::target(9);
  const std::vector<std::int64_t>& values = w.values();
  std::vector<scoring::SearchTuning> tunings(4);
  tunings[1].reduced_cost_fixing = false;
  tunings[2].node_sweeps = 0;
  tunings[2].root_sweeps = 1;
  tunings[3].lagrangian = false;
  scoring::BranchAndBound search;
  for (int i = 0; i < 40; ++i) {
    const Grid puzzle = random_puzzle(*default_shape(9), clues(rng), rng);
    const Oracle oracle = BruteForce(puzzle, w).run();
    for (const auto& tuning : tunings) {
      const auto outcome = search.run(puzzle, values, ScoreOptions{}, tuning);
      EXPECT_TRUE(outcome.proven);
      EXPECT_EQ(outcome.found, oracle.found);
      if (oracle.found) {
        EXPECT_EQ(outcome.best, oracle.best) << to_line(puzzle);
      }
    }
  }
}

TEST(ScorerSearch, UniquePuzzlesScoreTheirOnlySolution) {
  const auto lines = testing::every_nth(testing::load_lines("puzzles/17_clue.txt"), 2000);
  ASSERT_GT(lines.size(), 20u);
  Scorer scorer;
  const Weights w = Weights::target(9);
  for (const auto& line : lines) {
    const Grid puzzle = testing::grid_from_line(line);
    const auto result = scorer.score(puzzle, w);
    ASSERT_TRUE(result.solution) << line;
    EXPECT_TRUE(result.proven);
    expect_consistent(puzzle, w, result);
  }
}

TEST(ScorerSearch, BudgetStopsWithBestSoFar) {
  // 17 givens of a unique puzzle minus six: far too open to prove in 50 nodes.
  Grid puzzle = testing::grid_from_line(
      "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
  for (int cell : {0, 4, 12, 15, 26}) puzzle.cells[static_cast<std::size_t>(cell)] = 0;
  Scorer scorer;
  ScoreOptions options;
  options.budget.nodes = 50;
  const auto result = scorer.score(puzzle, Weights::target(9), options);
  EXPECT_FALSE(result.proven);
  EXPECT_LE(result.nodes, 50u);
  expect_consistent(puzzle, Weights::target(9), result);
}

TEST(ScorerSearch, WeightsOfTheWrongSizeAreRejected) {
  Scorer scorer;
  EXPECT_THROW(scorer.score(Grid(*default_shape(9)), Weights::target(4)), std::invalid_argument);
}

}  // namespace
}  // namespace sudokit

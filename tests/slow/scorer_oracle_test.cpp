// scorer_oracle_test.cpp: branch and bound == DLX enumeration, over many puzzles.
//
// The enumeration method visits every solution with the DLX engine and keeps the best; it
// shares no search code with the branch and bound. Inputs: seeded random puzzles (24 to 35
// clues) under the contest's weights and under random weight tables, a sample of Serg's
// multi-solution collection, and a sample of the 17-clue list (unique puzzles, where the score
// must be the weighted sum of the one solution).
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/scorer.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

Grid random_full_grid(std::mt19937& rng) {
  // Shuffle a base pattern by relabelling digits, permuting rows within bands, bands,
  // columns within stacks and stacks, and transposing: every result is a valid grid.
  std::vector<int> digits(9), rows, cols;
  std::iota(digits.begin(), digits.end(), 1);
  std::shuffle(digits.begin(), digits.end(), rng);
  auto permuted_lines = [&rng] {
    std::vector<int> bands = {0, 1, 2};
    std::shuffle(bands.begin(), bands.end(), rng);
    std::vector<int> lines;
    for (int band : bands) {
      std::vector<int> inner = {0, 1, 2};
      std::shuffle(inner.begin(), inner.end(), rng);
      for (int k : inner) lines.push_back(band * 3 + k);
    }
    return lines;
  };
  rows = permuted_lines();
  cols = permuted_lines();
  const bool transpose = rng() % 2 == 0;
  Grid g;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const int rr = rows[static_cast<std::size_t>(r)], cc = cols[static_cast<std::size_t>(c)];
      const int base = (rr * 3 + rr / 3 + cc) % 9;
      g.at(transpose ? c : r, transpose ? r : c) = static_cast<std::uint8_t>(digits[static_cast<std::size_t>(base)]);
    }
  return g;
}

Grid thin(const Grid& full, int clues, std::mt19937& rng) {
  std::vector<int> order(81);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  Grid puzzle;
  for (int k = 0; k < clues; ++k) {
    const auto cell = static_cast<std::size_t>(order[static_cast<std::size_t>(k)]);
    puzzle.cells[cell] = full.cells[cell];
  }
  return puzzle;
}

void expect_agree(Scorer& scorer, const Grid& puzzle, const Weights& weights) {
  ScoreOptions enumerate;
  enumerate.method = ScoreMethod::enumerate;
  const ScoreResult oracle = scorer.score(puzzle, weights, enumerate);
  const ScoreResult fast = scorer.score(puzzle, weights);
  ASSERT_TRUE(oracle.proven);
  EXPECT_TRUE(fast.proven);
  EXPECT_EQ(fast.score, oracle.score) << to_line(puzzle) << " (" << oracle.nodes << " solutions)";
  EXPECT_EQ(fast.solution.has_value(), oracle.solution.has_value());
  if (fast.solution) {
    EXPECT_TRUE(is_solution_of(puzzle, *fast.solution));
    EXPECT_EQ(weighted_sum(*fast.solution, weights), fast.score);
  }
}

TEST(ScorerOracle, RandomPuzzlesTargetWeights) {
  std::mt19937 rng(2009);
  std::uniform_int_distribution<int> clues(24, 35);
  Scorer scorer;
  const Weights w = Weights::target(9);
  for (int i = 0; i < 400; ++i) expect_agree(scorer, thin(random_full_grid(rng), clues(rng), rng), w);
}

TEST(ScorerOracle, RandomPuzzlesRandomWeights) {
  std::mt19937 rng(77);
  std::uniform_int_distribution<int> clues(24, 35);
  std::uniform_int_distribution<int> weight(0, 100);
  Scorer scorer;
  for (int i = 0; i < 300; ++i) {
    std::vector<std::int64_t> values(81);
    for (auto& v : values) v = weight(rng);
    expect_agree(scorer, thin(random_full_grid(rng), clues(rng), rng), *Weights::from_values(9, values));
  }
}

TEST(ScorerOracle, SergMultiSolutionSample) {
  const auto lines = testing::every_nth(testing::load_lines("puzzles/serg_multi.txt"), 25);
  ASSERT_GE(lines.size(), 300u);
  Scorer scorer;
  const Weights w = Weights::target(9);
  for (const auto& line : lines) expect_agree(scorer, testing::grid_from_line(line), w);
}

TEST(ScorerOracle, UniquePuzzlesScoreTheirSolution) {
  const auto lines = testing::every_nth(testing::load_lines("puzzles/17_clue.txt"), 100);
  ASSERT_GE(lines.size(), 400u);
  Scorer scorer;
  Solver solver;
  const Weights w = Weights::target(9);
  for (const auto& line : lines) {
    const Grid puzzle = testing::grid_from_line(line);
    const SolveResult solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1u) << line;
    const ScoreResult result = scorer.score(puzzle, w);
    EXPECT_TRUE(result.proven);
    EXPECT_EQ(result.score, weighted_sum(solved.solutions[0], w)) << line;
    EXPECT_EQ(result.solution, solved.solutions[0]);
  }
}

}  // namespace
}  // namespace sudokit

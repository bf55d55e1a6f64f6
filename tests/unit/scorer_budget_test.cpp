// Scorer budgets (sudokit::Budget): a few nodes on a hard case stop the branch and bound with
// the best score so far and a proven upper bound above it; the finished search's bound equals
// its score.
#include <atomic>
#include <chrono>

#include <gtest/gtest.h>

#include "sudokit/scorer.hpp"

namespace sudokit {
namespace {

// A valid complete 9×9 grid (the band pattern).
Grid Sudoku_solution() {
  Grid g(*default_shape(9));
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) g.cells[static_cast<std::size_t>(r * 9 + c)] = static_cast<std::uint8_t>((r % 3 * 3 + r / 3 + c) % 9 + 1);
  return g;
}

TEST(ScorerBudget, AFewNodesGiveBestSoFarAndAProvenUpperBound) {
  const Grid empty(*default_shape(9));
  const Weights weights = Weights::target(9);
  Scorer scorer;
  ScoreOptions options;
  options.budget = Budget::of_nodes(5);
  const ScoreResult cut = scorer.score(empty, weights, options);
  EXPECT_FALSE(cut.proven);
  ASSERT_TRUE(cut.upper_bound.has_value());
  if (cut.solution) {
    EXPECT_GE(*cut.upper_bound, cut.score);
  }
  // A finished search (a complete grid scores itself) has its bound equal to its score.
  const auto full_grid = scorer.score(Sudoku_solution(), weights);
  ASSERT_TRUE(full_grid.proven);
  ASSERT_TRUE(full_grid.upper_bound.has_value());
  EXPECT_EQ(*full_grid.upper_bound, full_grid.score);
}

TEST(ScorerBudget, TimeAndDeadlineStopAnEmpty16x16) {
  using namespace std::chrono_literals;
  const Grid empty(*default_shape(16));
  const Weights weights = Weights::target(16);
  Scorer scorer;
  ScoreOptions options;
  options.budget = Budget::of_time(50ms);
  const auto start = std::chrono::steady_clock::now();
  const ScoreResult cut = scorer.score(empty, weights, options);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 30s);  // it stopped; not a speed claim
  EXPECT_FALSE(cut.proven);
  ASSERT_TRUE(cut.upper_bound.has_value());
  if (cut.solution) {
    EXPECT_GE(*cut.upper_bound, cut.score);
  }

  options.budget = Budget{};
  options.budget.deadline = std::chrono::steady_clock::now() - 1s;
  EXPECT_FALSE(scorer.score(empty, weights, options).proven);
  // The enumeration oracle stops on the same budget type.
  options.method = ScoreMethod::enumerate;
  options.budget = Budget::of_nodes(10);
  const ScoreResult counted = Scorer().score(Grid(*default_shape(9)), Weights::target(9), options);
  EXPECT_FALSE(counted.proven);
  EXPECT_EQ(counted.nodes, 10u);
}

// Budget::cancel (set by a server at its drain timeout) stops both methods as a passed
// deadline would: the best so far, not proven.
TEST(ScorerBudget, TheCancelFlagStopsBothMethods) {
  const Grid empty(*default_shape(9));
  std::atomic<bool> cancel{true};
  for (ScoreMethod method : {ScoreMethod::branch_and_bound, ScoreMethod::enumerate}) {
    ScoreOptions options;
    options.method = method;
    options.budget.cancel = &cancel;
    const auto start = std::chrono::steady_clock::now();
    const ScoreResult cut = Scorer().score(empty, Weights::target(9), options);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(30));  // it stopped
    EXPECT_FALSE(cut.proven);
  }
}

}  // namespace
}  // namespace sudokit

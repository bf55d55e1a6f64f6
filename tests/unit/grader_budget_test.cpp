// grader_budget_test.cpp: GradeOptions::budget. A grade that runs out of nodes or time is
// `unknown` and says what it knows: the steps taken so far (the same steps, in the same
// order, as the unlimited grade's path starts with), a rating that is a lower bound of the
// full grade's; node budgets stop at the same place every time.
#include <atomic>
#include <chrono>
#include <string>

#include <gtest/gtest.h>

#include "sudokit/grader.hpp"
#include "test_support.hpp"

namespace {

using sudokit::Budget;
using sudokit::Grade;
using sudokit::GradeOptions;
using sudokit::GradeStatus;

// Inkala's "hardest sudoku": rated past 9, dozens of steps, the forcing chains among them.
const char* const kHard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const char* const kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

int steps_of(const Grade& g) {
  int steps = 0;
  for (int c : g.counts) steps += c;
  return steps;
}

TEST(GraderBudget, UnlimitedByDefault) {
  const Grade g = sudokit::Grader().grade(sudokit::testing::grid_from_line(kEasy));
  EXPECT_EQ(g.status, GradeStatus::graded);
  EXPECT_TRUE(g.error.empty());
}

TEST(GraderBudget, FewNodesOnAHardPuzzleIsUnknownWithTheStepsSoFar) {
  const auto puzzle = sudokit::testing::grid_from_line(kHard);
  sudokit::Grader grader;
  const Grade full = grader.grade(puzzle);
  ASSERT_EQ(full.status, GradeStatus::graded);

  GradeOptions options;
  options.budget = Budget::of_nodes(4000);  // past the uniqueness check (about 3,000), a few steps in
  const Grade part = grader.grade(puzzle, options);
  ASSERT_EQ(part.status, GradeStatus::unknown) << part.error;
  EXPECT_NE(part.error.find("budget spent after"), std::string::npos) << part.error;
  EXPECT_TRUE(part.unique);
  const int taken = steps_of(part);
  EXPECT_GT(taken, 0);
  EXPECT_LT(taken, steps_of(full));
  ASSERT_EQ(part.path.size(), static_cast<std::size_t>(taken));
  // The steps taken are the full path's first steps, and the rating is a lower bound.
  for (std::size_t i = 0; i < part.path.size(); ++i) {
    EXPECT_EQ(part.path[i].technique, full.path[i].technique) << i;
    EXPECT_EQ(part.path[i].placements, full.path[i].placements) << i;
    EXPECT_EQ(part.path[i].eliminations, full.path[i].eliminations) << i;
  }
  EXPECT_LE(part.rating, full.rating);
  EXPECT_LE(part.score, full.score);

  // Deterministic: the same node budget stops at the same step.
  const Grade again = grader.grade(puzzle, options);
  EXPECT_EQ(again.status, GradeStatus::unknown);
  EXPECT_EQ(again.counts, part.counts);
  EXPECT_EQ(again.error, part.error);
}

TEST(GraderBudget, MoreNodesNeverTakeFewerSteps) {
  const auto puzzle = sudokit::testing::grid_from_line(kHard);
  sudokit::Grader grader;
  int previous = -1;
  for (std::uint64_t nodes : {1000u, 4000u, 5000u, 6000u}) {
    GradeOptions options;
    options.budget = Budget::of_nodes(nodes);
    const Grade g = grader.grade(puzzle, options);
    const int taken = steps_of(g);
    EXPECT_GE(taken, previous) << nodes;
    previous = taken;
  }
}

TEST(GraderBudget, TwoNodesStopInTheUniquenessCheck) {
  GradeOptions options;
  options.budget = Budget::of_nodes(2);
  const Grade g = sudokit::Grader(sudokit::EngineKind::dlx).grade(sudokit::testing::grid_from_line(kHard), options);
  EXPECT_EQ(g.status, GradeStatus::unknown);
  EXPECT_EQ(steps_of(g), 0);
  EXPECT_NE(g.error.find("one solution"), std::string::npos) << g.error;
}

TEST(GraderBudget, AMillisecondOnAHardPuzzleIsUnknownAndAPlentifulOneIsNot) {
  const auto puzzle = sudokit::testing::grid_from_line(kHard);
  sudokit::Grader grader;
  GradeOptions options;
  options.budget = Budget::of_time(std::chrono::milliseconds(1));
  const Grade g = grader.grade(puzzle, options);
  EXPECT_EQ(g.status, GradeStatus::unknown) << g.rating;
  EXPECT_NE(g.error.find("budget spent"), std::string::npos);

  // An easy puzzle within a generous budget grades as without one.
  options.budget = Budget::of_time(std::chrono::seconds(30));
  const Grade easy = grader.grade(sudokit::testing::grid_from_line(kEasy), options);
  const Grade unlimited = grader.grade(sudokit::testing::grid_from_line(kEasy));
  EXPECT_EQ(easy.status, GradeStatus::graded);
  EXPECT_EQ(easy.rating, unlimited.rating);
  EXPECT_EQ(easy.counts, unlimited.counts);
}

TEST(GraderBudget, AnAbsoluteDeadlineInThePastStopsAtOnce) {
  GradeOptions options;
  options.budget.deadline = Budget::Clock::now() - std::chrono::seconds(1);
  const Grade g = sudokit::Grader().grade(sudokit::testing::grid_from_line(kEasy), options);
  EXPECT_EQ(g.status, GradeStatus::unknown);
}

// Budget::cancel: a grade whose flag is set is unknown at its next look at the clock.
TEST(GraderBudget, TheCancelFlagEndsAGradeAsUnknown) {
  std::atomic<bool> cancel{true};
  GradeOptions options;
  options.budget.cancel = &cancel;
  const Grade g = sudokit::Grader().grade(sudokit::testing::grid_from_line(kHard), options);
  EXPECT_EQ(g.status, GradeStatus::unknown);
  cancel.store(false);
  EXPECT_EQ(sudokit::Grader().grade(sudokit::testing::grid_from_line(kHard), options).status, GradeStatus::graded);
}

}  // namespace

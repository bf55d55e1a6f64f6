// GeneratorConfig::puzzle_budget: the making of one puzzle as a whole (every attempt and
// candidate, their removal tests and grades) stops when its time, deadline or cancel flag is
// spent, and the puzzle fails with the reason, instead of running `max_attempts` passes (a
// server's request for 17-18 clues with a million attempts took minutes). Unlimited by
// default: then nothing changes (the same puzzle as without the field).
#include <atomic>
#include <chrono>

#include <gtest/gtest.h>

#include "sudokit/generator.hpp"

namespace sudokit {
namespace {

using namespace std::chrono_literals;

GeneratorConfig hard_clue_target() {
  GeneratorConfig config;
  config.shape = *default_shape(9);
  config.seed = 1;
  config.min_clues = 17;  // a random fill and pass nearly never ends this low
  config.max_clues = 18;
  config.max_attempts = 1000000;
  return config;
}

TEST(GeneratorPuzzleBudget, ATimeEndsAHardClueTargetAsThatPuzzlesFailure) {
  GeneratorConfig config = hard_clue_target();
  config.puzzle_budget.time = 300ms;
  Generator generator;
  const auto start = std::chrono::steady_clock::now();
  const GeneratedPuzzle made = generator.generate(config, 0);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 20s);  // it stopped; not a speed claim
  EXPECT_FALSE(made.ok);
  EXPECT_NE(made.failure.find("the time for one puzzle ran out after"), std::string::npos) << made.failure;
  EXPECT_NE(made.failure.find("attempts"), std::string::npos) << made.failure;
}

TEST(GeneratorPuzzleBudget, ACancelFlagOrAPassedDeadlineStopsAtOnce) {
  Generator generator;
  GeneratorConfig config = hard_clue_target();
  std::atomic<bool> cancel{true};
  config.puzzle_budget.cancel = &cancel;
  const GeneratedPuzzle cancelled = generator.generate(config, 0);
  EXPECT_FALSE(cancelled.ok);
  EXPECT_NE(cancelled.failure.find("after 0 attempts"), std::string::npos) << cancelled.failure;
  config.puzzle_budget = Budget{};
  config.puzzle_budget.deadline = std::chrono::steady_clock::now() - 1s;
  const GeneratedPuzzle late = generator.generate(config, 0);
  EXPECT_FALSE(late.ok);
  // A difficulty target's candidates stop the same way.
  GeneratorConfig graded;
  graded.shape = *default_shape(9);
  graded.level = Level::extreme;
  graded.max_attempts = 1000000;
  graded.puzzle_budget.cancel = &cancel;
  const GeneratedPuzzle none = generator.generate(graded, 0);
  EXPECT_FALSE(none.ok);
  EXPECT_NE(none.failure.find("the time for one puzzle ran out"), std::string::npos) << none.failure;
}

TEST(GeneratorPuzzleBudget, AnAmpleBudgetChangesNothing) {
  GeneratorConfig config;
  config.shape = *default_shape(9);
  config.seed = 42;
  Generator generator;
  const GeneratedPuzzle plain = generator.generate(config, 3);
  std::atomic<bool> cancel{false};
  config.puzzle_budget.time = std::chrono::hours(1);
  config.puzzle_budget.cancel = &cancel;
  const GeneratedPuzzle budgeted = generator.generate(config, 3);
  ASSERT_TRUE(plain.ok);
  ASSERT_TRUE(budgeted.ok);
  EXPECT_EQ(plain.puzzle.cells, budgeted.puzzle.cells);
  EXPECT_EQ(plain.minimal, budgeted.minimal);
}

}  // namespace
}  // namespace sudokit

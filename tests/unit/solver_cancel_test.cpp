// Budget::cancel: a flag another thread sets ends a search as a passed deadline would (a
// server shutting down stops the records in flight with it). Each engine that takes a Budget
// stops on it: counting every solution of an empty 16×16 (more than any run could finish)
// returns incomplete soon after the flag is set, and a flag set before the call stops it at
// once; a budget with only a flag counts as limited.
#include <atomic>
#include <chrono>
#include <future>
#include <thread>

#include <gtest/gtest.h>

#include "sudokit/budget.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {
namespace {

using namespace std::chrono_literals;

TEST(SolverCancel, AFlagAloneMakesABudgetLimitedAndItsMeterTimed) {
  std::atomic<bool> cancel{false};
  Budget budget;
  EXPECT_TRUE(budget.unlimited());
  budget.cancel = &cancel;
  EXPECT_FALSE(budget.unlimited());
  const BudgetMeter meter(budget);
  EXPECT_TRUE(meter.limited());
  EXPECT_TRUE(meter.timed());
  EXPECT_FALSE(meter.clock_passed());
  EXPECT_FALSE(meter.spent(BudgetMeter::kClockStride));
  cancel.store(true);
  EXPECT_TRUE(meter.clock_passed());
  EXPECT_TRUE(meter.spent(BudgetMeter::kClockStride));
  EXPECT_FALSE(meter.spent(BudgetMeter::kClockStride + 1));  // read only at the stride, like the clock
  EXPECT_EQ(meter.remaining(10).cancel, &cancel);            // nested calls see the same flag
}

class SolverCancelEngines : public ::testing::TestWithParam<EngineKind> {};

TEST_P(SolverCancelEngines, SettingTheFlagEndsACountThatWouldNeverFinish) {
  const Grid empty(*default_shape(16));
  Solver solver(GetParam());
  std::atomic<bool> cancel{false};
  Budget budget;
  budget.cancel = &cancel;
  auto running = std::async(std::launch::async, [&] { return solver.solve(empty, UINT64_MAX, 1, budget); });
  EXPECT_EQ(running.wait_for(300ms), std::future_status::timeout);  // still counting
  const auto set_at = std::chrono::steady_clock::now();
  cancel.store(true);
  ASSERT_EQ(running.wait_for(20s), std::future_status::ready);
  EXPECT_LT(std::chrono::steady_clock::now() - set_at, 5s);
  const SolveResult result = running.get();
  EXPECT_FALSE(result.complete);
  EXPECT_GT(result.count, 0u);
}

TEST_P(SolverCancelEngines, AFlagSetBeforeTheCallStopsItAtOnce) {
  const Grid empty(*default_shape(16));
  Solver solver(GetParam());
  std::atomic<bool> cancel{true};
  Budget budget;
  budget.cancel = &cancel;
  const auto start = std::chrono::steady_clock::now();
  const SolveResult result = solver.solve(empty, UINT64_MAX, 1, budget);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
  EXPECT_FALSE(result.complete);
}

INSTANTIATE_TEST_SUITE_P(Engines, SolverCancelEngines, ::testing::Values(EngineKind::dlx, EngineKind::sat),
                         [](const auto& info) { return std::string(engine_name(info.param)); });

}  // namespace
}  // namespace sudokit

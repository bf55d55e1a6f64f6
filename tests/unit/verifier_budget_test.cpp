// Verifier budgets: a few nodes on a hard puzzle give Verdict::unknown (with what was found),
// an ample budget changes nothing, a budget that runs out during the minimality check keeps
// the proved verdict and says the check did not finish, and the SAT engine's incremental
// minimality check agrees with DLX.
#include <chrono>
#include <random>

#include <gtest/gtest.h>

#include "sudokit/verifier.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

Grid hard_nine() {
  const auto lines = testing::load_lines("puzzles/hardest_1106.txt", 1);
  EXPECT_EQ(lines.size(), 1u);
  return testing::grid_from_line(lines.at(0));
}

TEST(VerifierBudget, AFewNodesOnAHardPuzzleAreUnknown) {
  const Grid hard = hard_nine();
  for (EngineKind kind : {EngineKind::automatic, EngineKind::dlx, EngineKind::sat}) {
    Verifier verifier(kind);
    const Verification cut = verifier.verify(hard, false, Budget::of_nodes(3));
    EXPECT_EQ(cut.verdict, Verdict::unknown) << engine_name(kind);
    EXPECT_LT(cut.solutions_found, 2u);
    EXPECT_EQ(verdict_name(cut.verdict), "unknown");
    const Verification full = verifier.verify(hard, false, Budget::of_nodes(100000000));
    EXPECT_EQ(full.verdict, Verdict::unique) << engine_name(kind);
    EXPECT_EQ(full.solutions_found, 1u);
  }
  // A deadline already passed: unknown at once.
  Verifier verifier;
  Budget past;
  past.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  EXPECT_EQ(verifier.verify(hard, false, past).verdict, Verdict::unknown);
}

TEST(VerifierBudget, RunningOutDuringTheMinimalityCheckKeepsTheVerdict) {
  const Grid hard = hard_nine();
  Verifier verifier(EngineKind::dlx);
  const Verification whole = verifier.verify(hard, true);
  ASSERT_EQ(whole.verdict, Verdict::unique);
  ASSERT_TRUE(whole.minimality_checked);
  // Just enough for the first solve, not for the ~20 counts of the minimality check.
  const std::uint64_t first = verifier.verify(hard, false).stats.nodes;
  ASSERT_LT(first + 2, whole.stats.nodes);
  const Verification cut = verifier.verify(hard, true, Budget::of_nodes(first + 2));
  EXPECT_EQ(cut.verdict, Verdict::unique);
  EXPECT_FALSE(cut.minimality_checked);
  EXPECT_TRUE(cut.minimality_unknown);
  EXPECT_FALSE(cut.minimal);
}

TEST(VerifierBudget, SatMinimalityAgreesWithDlx) {
  // Puzzles with a few redundant clues: a 16-clue-short 9×9 is rarely minimal.
  const auto lines = testing::every_nth(testing::load_lines("puzzles/hardest_1106.txt"), 40);
  ASSERT_GE(lines.size(), 5u);
  Verifier dlx(EngineKind::dlx), sat(EngineKind::sat);
  int redundant = 0;
  for (const auto& line : lines) {
    Grid p = testing::grid_from_line(line);
    const Verification a = dlx.verify(p, true);
    ASSERT_EQ(a.verdict, Verdict::unique);
    // Add three clues from the solution: now some clues are redundant.
    for (std::size_t cell = 0, added = 0; cell < p.cells.size() && added < 3; cell += 7)
      if (p.cells[cell] == 0) p.cells[cell] = a.solution->cells[cell], ++added;
    const Verification b = dlx.verify(p, true);
    const Verification c = sat.verify(p, true);
    EXPECT_EQ(b.redundant, c.redundant) << line;
    EXPECT_EQ(b.minimal, c.minimal);
    redundant += static_cast<int>(b.redundant.size());
  }
  EXPECT_GT(redundant, 0);
}

}  // namespace
}  // namespace sudokit

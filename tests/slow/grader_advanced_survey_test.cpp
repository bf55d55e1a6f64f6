// grader_advanced_survey_test.cpp: every hardest-family finder (advanced.hpp) at every stall
// of the techniques through AIC on SE-rated puzzles (rated/se_dev.txt, SE >= SUDOKIT_SURVEY_MIN
// or 6.0; every 10th unless SUDOKIT_SURVEY_ALL is set) and on hardest_1106 (every 20th): each step checked against the solution, and a table of how many
// stalls each family resolves and its mean time per call printed (the figures the grader's
// ladder is tuned with). At a stall the first family in declaration order that fires is
// applied; the walk goes on to the next stall.
#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <gtest/gtest.h>

#include "grader_stall_walk.hpp"
#include "test_support.hpp"

namespace {

void survey(const std::vector<std::string>& lines, const char* label) {
  const auto& finders = sudokit::testing::advanced_finders();
  std::vector<int> fired(finders.size(), 0);
  std::vector<double> seconds(finders.size(), 0.0);
  int stalls = 0, unresolved = 0;
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  for (const std::string& line : lines) {
    const sudokit::Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U) << line;
    sudokit::testing::walk_stalls(puzzle, solved.solutions.front(), 1000, [&](const sudokit::grading::Board& board) -> std::optional<sudokit::Step> {
      ++stalls;
      std::optional<sudokit::Step> first;
      for (std::size_t i = 0; i < finders.size(); ++i) {
        sudokit::Step s;
        const auto t0 = std::chrono::steady_clock::now();
        const bool found = finders[i].find(board, s);
        seconds[i] += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        if (!found) continue;
        ++fired[i];
        sudokit::testing::expect_step_sound(board, s, solved.solutions.front(), line);
        if (!first) first = s;
      }
      if (!first) ++unresolved;
      return first;
    });
  }
  std::printf("%s: %zu puzzles, %d stalls, %d resolved by none\n", label, lines.size(), stalls, unresolved);
  std::printf("  %-26s %8s %8s %12s\n", "family", "resolves", "share", "ms/call");
  for (std::size_t i = 0; i < finders.size(); ++i)
    std::printf("  %-26s %8d %7.1f%% %12.3f\n", std::string(sudokit::technique_name(finders[i].technique)).c_str(), fired[i],
                stalls ? 100.0 * fired[i] / stalls : 0.0, stalls ? 1000.0 * seconds[i] / stalls : 0.0);
}

TEST(GraderAdvancedSurvey, SeDevStalls) {
  const char* env = std::getenv("SUDOKIT_SURVEY_MIN");
  const double min = env ? std::atof(env) : 6.0;
  std::vector<std::string> lines;
  for (const std::string& line : sudokit::testing::load_lines("rated/se_dev.txt"))
    if (line.size() > 82 && std::stod(line.substr(82)) >= min) lines.push_back(line);
  // Every 10th puzzle by default (CI runs this under ASan too); SUDOKIT_SURVEY_ALL=1 for all.
  const bool all = std::getenv("SUDOKIT_SURVEY_ALL") != nullptr;
  survey(all ? lines : sudokit::testing::every_nth(lines, 10), all ? "se_dev" : "se_dev (every 10th)");
}

TEST(GraderAdvancedSurvey, HardestStalls) {
  survey(sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/hardest_1106.txt"), 20), "hardest_1106 (every 20th)");
}

}  // namespace

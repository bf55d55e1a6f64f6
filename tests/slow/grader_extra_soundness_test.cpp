// grader_extra_soundness_test.cpp (slow): the techniques added for issue 12 (finned and
// sashimi fish, unique loops, BUG types 2-4, 3D Medusa, unique rectangles 5 and 6, hidden and
// avoidable rectangles) against the solution on every board of real solving paths, whether or
// not the default ladder takes them.
//
// grader_soundness_test checks the steps the ladder takes; a technique kept out of the ladder
// (or one an easier technique always beats) would never be checked there. Here every board of
// the grade path of every 8th SE-rated dev puzzle and every 10th of hardest_1106 is handed to
// each new finder; whatever it finds must remove no digit of the solution. It also counts how
// often each one fires, so a finder that never fires (and so proves nothing) fails.
#include <array>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "board.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace {

using sudokit::Grid;
using sudokit::Step;
using sudokit::Technique;

constexpr std::array<Technique, 15> kNew = {
    Technique::finned_x_wing,         Technique::finned_swordfish,      Technique::finned_jellyfish,
    Technique::unique_loop_1,         Technique::unique_loop_2,         Technique::unique_loop_4,
    Technique::bug_type_2,            Technique::medusa_3d,             Technique::unique_rectangle_5,
    Technique::unique_rectangle_6,    Technique::hidden_rectangle,      Technique::avoidable_rectangle_1,
    Technique::avoidable_rectangle_2, Technique::bug_type_3,            Technique::bug_type_4};

struct Tally {
  std::array<long, kNew.size()> fired{};
  long bad = 0;
};

void walk(const std::vector<std::string>& lines, Tally& tally) {
  sudokit::Solver solver;
  sudokit::Grader grader;
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line);
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1u) << line;
    const Grid& solution = solved.solutions[0];
    const sudokit::Grade g = grader.grade(puzzle);
    auto board = sudokit::grading::Board::from_grid(puzzle);
    for (const Step& taken : g.path) {
      for (std::size_t i = 0; i < kNew.size(); ++i) {
        Step step;
        if (!sudokit::grading::find_technique(kNew[i], board, step)) continue;
        ++tally.fired[i];
        EXPECT_FALSE(step.eliminations.empty() && step.placements.empty());
        for (const auto& e : step.eliminations)
          if (solution.cells[static_cast<std::size_t>(e.cell)] == e.digit) {
            ++tally.bad;
            ADD_FAILURE() << line << ": true digit removed: " << describe_step(step, puzzle.shape);
          }
        for (const auto& p : step.placements)
          if (solution.cells[static_cast<std::size_t>(p.cell)] != p.digit) {
            ++tally.bad;
            ADD_FAILURE() << line << ": wrong placement: " << describe_step(step, puzzle.shape);
          }
      }
      board.apply(taken);
    }
  }
}

std::vector<std::string> se_dev_puzzles() {
  std::vector<std::string> puzzles;
  for (const std::string& line : sudokit::testing::load_lines("rated/se_dev.txt")) {
    std::string puzzle = line.substr(0, 81);
    for (char& c : puzzle)
      if (c == '0') c = '.';
    puzzles.push_back(puzzle);
  }
  return puzzles;
}

TEST(GraderExtraSoundness, SeDevAndHardest) {
  Tally tally;
  using sudokit::testing::kSanitizerStride;
  walk(sudokit::testing::every_nth(se_dev_puzzles(), 8 * kSanitizerStride), tally);
  walk(sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/hardest_1106.txt"), 10 * kSanitizerStride),
       tally);
  EXPECT_EQ(tally.bad, 0);
  for (std::size_t i = 0; i < kNew.size(); ++i) {
    std::printf("%s fired on %ld boards\n", std::string(sudokit::technique_name(kNew[i])).c_str(), tally.fired[i]);
    if (kSanitizerStride == 1) {
      EXPECT_GT(tally.fired[i], 0) << sudokit::technique_name(kNew[i]);
    }
  }
}

}  // namespace

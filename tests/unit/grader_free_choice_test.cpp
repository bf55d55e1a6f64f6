// grader_free_choice_test.cpp: next_step() past the path's hardest step (its ceiling).
//
// Past the hardest step so far the grader may take any step rated no higher (board.hpp,
// next_step with a ceiling): the basic techniques first, then the expensive ones cheapest
// first, with several conclusions from one forcing-chain analysis. What must hold on every
// board, checked along the easiest path of hard puzzles from top1465:
//   - below a ceiling of 6.0 the answer is the ladder's, step for step;
//   - when the easiest step is within the ceiling, so is the step taken, and so is every
//     further conclusion handed over in `more`, each an AIC or forcing-chain step of the
//     same technique, each sound (no
//     elimination of the solution's digit, no placement other than the solution's);
//   - when the easiest step is above the ceiling (or there is none), the answer is exactly
//     the easiest step: the rating can only rise the way the ladder says. Nothing more
//     comes with it, unless it is a forcing chain rated 6.0 or more: then its analysis's other
//     conclusions rated no higher than it (the path's next ceiling) may follow in `more`,
//     each of the same technique and sound.
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "board.hpp"
#include "grader_stall_walk.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace {

using sudokit::Grid;
using sudokit::Step;
using sudokit::Technique;
using sudokit::grading::Board;
using sudokit::grading::next_step;

bool same_step(const Step& a, const Step& b) {
  return a.technique == b.technique && std::lround(a.rating * 10) == std::lround(b.rating * 10) &&
         a.placements == b.placements && a.eliminations == b.eliminations;
}

bool from_one_analysis(Technique t) {
  return t == Technique::aic || t == Technique::nishio || t == Technique::cell_forcing_chain || t == Technique::region_forcing_chain ||
         t == Technique::dynamic_contradiction || t == Technique::dynamic_forcing_chain ||
         t == Technique::dynamic_forcing_chain_plus;
}

struct Counts {
  int boards = 0, within = 0, above = 0, extra = 0, harvested = 0;
};

/// Checks next_step under `ceiling` on `board` against the easiest step `easiest`.
void check_board(const Board& board, const std::optional<Step>& easiest, double ceiling, const Grid& solution,
                 const std::string& label, Counts& counts) {
  std::vector<Step> more;
  const std::optional<Step> free = next_step(board, true, nullptr, ceiling, &more);
  ++counts.boards;
  if (ceiling < 6.0 || !easiest || easiest->rating > ceiling + 1e-9) {
    ASSERT_EQ(free.has_value(), easiest.has_value()) << label;
    if (easiest) {
      EXPECT_TRUE(same_step(*free, *easiest)) << label << ": took " << describe_step(*free, solution.shape) << ", the ladder "
                                              << describe_step(*easiest, solution.shape);
    }
    const bool may_bring_more = easiest && easiest->rating >= 6.0 && from_one_analysis(easiest->technique) &&
                                easiest->technique != Technique::aic;
    if (!may_bring_more) {
      EXPECT_TRUE(more.empty()) << label;
    }
    for (const Step& extra : more) {
      ++counts.harvested;
      EXPECT_LE(extra.rating, easiest->rating + 1e-9) << label << ": " << describe_step(extra, solution.shape);
      EXPECT_EQ(extra.technique, easiest->technique) << label;
      EXPECT_FALSE(extra.placements == easiest->placements && extra.eliminations == easiest->eliminations) << label;
      sudokit::testing::expect_step_sound(board, extra, solution, label + " (more, above)");
    }
    if (easiest && ceiling >= 6.0) ++counts.above;
    return;
  }
  ++counts.within;
  ASSERT_TRUE(free.has_value()) << label;
  EXPECT_LE(free->rating, ceiling + 1e-9) << label << ": " << describe_step(*free, solution.shape);
  sudokit::testing::expect_step_sound(board, *free, solution, label);
  for (const Step& extra : more) {
    ++counts.extra;
    EXPECT_LE(extra.rating, ceiling + 1e-9) << label << ": " << describe_step(extra, solution.shape);
    EXPECT_TRUE(from_one_analysis(extra.technique)) << label << ": " << describe_step(extra, solution.shape);
    EXPECT_EQ(extra.technique, free->technique) << label;
    sudokit::testing::expect_step_sound(board, extra, solution, label + " (more)");
  }
}

TEST(GraderFreeChoice, WithinTheCeilingOrExactlyTheLadder) {
  const std::vector<std::string> lines = sudokit::testing::load_lines("puzzles/top1465.txt");
  ASSERT_GE(lines.size(), 1465u);
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  Counts counts;
  // Every 61st puzzle (every 610th under a sanitizer): 25 puzzles, most of them extreme.
  for (std::size_t i = 0; i < lines.size(); i += 61 * sudokit::testing::kSanitizerStride) {
    const Grid puzzle = sudokit::testing::grid_from_line(lines[i].substr(0, 81));
    const sudokit::SolveResult solved = solver.solve(puzzle, 2);
    ASSERT_EQ(solved.count, 1u) << "top1465 " << i;
    const Grid& solution = solved.solutions.front();
    Board board = Board::from_grid(puzzle);
    double hardest = -1.0;
    for (int n = 0; board.unsolved() > 0; ++n) {
      const std::string label = "top1465 " + std::to_string(i) + " step " + std::to_string(n);
      const std::optional<Step> easiest = next_step(board, true);
      // The path's own ceiling, one below 6.0 and one above most steps.
      for (double ceiling : {hardest, 5.9, 8.6}) check_board(board, easiest, ceiling, solution, label, counts);
      if (::testing::Test::HasFatalFailure()) return;
      if (easiest) {
        hardest = std::max(hardest, easiest->rating);
        board.apply(*easiest);
      } else {
        int best = -1;
        for (int c = 0; c < board.cells(); ++c)
          if (board.value(c) == 0 && (best < 0 || sudokit::grading::popcount(board.candidates(c)) <
                                                      sudokit::grading::popcount(board.candidates(best))))
            best = c;
        board.place(best, solution.cells[static_cast<std::size_t>(best)]);
      }
    }
  }
  // The test must have seen every case: steps within a ceiling of 6.0 or more, steps above
  // it, and further conclusions from one analysis.
  const int stride = static_cast<int>(sudokit::testing::kSanitizerStride);
  EXPECT_GT(counts.within, 1000 / stride) << counts.boards << " boards";
  EXPECT_GT(counts.above, 50 / stride) << counts.boards << " boards";
  EXPECT_GT(counts.extra, 500 / stride) << counts.boards << " boards";
  EXPECT_GT(counts.harvested, 200 / stride) << counts.boards << " boards";
  std::printf("free choice: %d boards, %d within, %d above, %d extra, %d with a rising step\n", counts.boards, counts.within,
              counts.above, counts.extra, counts.harvested);
}

TEST(GraderFreeChoice, EasiestPathKeepsTheRatingAndLevel) {
  // The default path and the easiest path (GradeOptions::easiest_path) give these puzzles the
  // same rating, level and hardest technique (2,917 of grade_diff_bench's 2,921 puzzles do);
  // the default path solves the puzzle and every step of it is sound.
  const std::vector<std::string> lines = sudokit::testing::load_lines("puzzles/top1465.txt");
  sudokit::Grader grader;
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  int compared = 0;
  for (std::size_t i = 7; i < lines.size(); i += 97 * sudokit::testing::kSanitizerStride) {
    const Grid puzzle = sudokit::testing::grid_from_line(lines[i].substr(0, 81));
    sudokit::GradeOptions easiest_options;
    easiest_options.easiest_path = true;
    const sudokit::Grade easiest = grader.grade(puzzle, easiest_options);
    const sudokit::Grade free = grader.grade(puzzle);
    ASSERT_EQ(free.status, sudokit::GradeStatus::graded);
    EXPECT_EQ(std::lround(free.rating * 10), std::lround(easiest.rating * 10)) << "top1465 " << i;
    EXPECT_EQ(free.level, easiest.level) << "top1465 " << i;
    EXPECT_EQ(free.hardest, easiest.hardest) << "top1465 " << i;
    const Grid solution = solver.solve(puzzle, 1).solutions.front();
    Board board = Board::from_grid(puzzle);
    for (const Step& step : free.path) {
      sudokit::testing::expect_step_sound(board, step, solution, "top1465 " + std::to_string(i));
      board.apply(step);
    }
    EXPECT_EQ(board.unsolved(), 0) << "top1465 " << i;
    ++compared;
  }
  EXPECT_GE(compared, 15 / static_cast<int>(sudokit::testing::kSanitizerStride));
}

}  // namespace

// grader_grade_test.cpp: the public grading API: statuses, rating consistency, determinism,
// soundness against the solver's solution on a sample, other grid sizes, and the options.
#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grader.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace {

using sudokit::Grade;
using sudokit::GradeOptions;
using sudokit::GradeStatus;
using sudokit::Grid;
using sudokit::Level;
using sudokit::Technique;
using sudokit::testing::grid_from_line;
using sudokit::testing::load_lines;

// Needs only singles (a newspaper "easy"); checked by the rating below, not assumed.
const std::string kEasy = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
// Arto Inkala's "world's hardest sudoku" (2012): no technique here cracks it.
const std::string kInkala = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// Every placement matches the solution and no elimination removes a solution digit.
void expect_sound(const Grade& g, const Grid& solution, const std::string& label) {
  for (const sudokit::Step& s : g.path) {
    for (const auto& p : s.placements)
      EXPECT_EQ(solution.cells[static_cast<std::size_t>(p.cell)], p.digit)
          << label << ": " << describe_step(s, solution.shape);
    for (const auto& e : s.eliminations)
      EXPECT_NE(solution.cells[static_cast<std::size_t>(e.cell)], e.digit)
          << label << ": " << describe_step(s, solution.shape);
  }
}

/// The score, counts, rating, hardest technique and level all follow from the path: the rating
/// is the hardest step's (one decimal), the hardest technique the first step of that rating,
/// the level a function of the rating.
void expect_consistent(const Grade& g) {
  int score = 0;
  std::array<int, sudokit::kTechniqueCount> counts{};
  std::optional<Technique> hardest;
  double rating = 0.0, hardest_rating = -1.0;
  for (const sudokit::Step& s : g.path) {
    score += sudokit::technique_weight(s.technique);
    ++counts[static_cast<std::size_t>(s.technique)];
    EXPECT_DOUBLE_EQ(s.rating, sudokit::step_rating(s));
    EXPECT_GE(s.rating, sudokit::technique_rating(s.technique) - 0.31);  // hidden single in a box: 1.2 < 1.5
    if (s.rating > hardest_rating + 1e-9) {
      hardest_rating = s.rating;
      hardest = s.technique;
    }
    rating = std::max(rating, s.rating);
  }
  EXPECT_EQ(g.score, score);
  EXPECT_EQ(g.counts, counts);
  EXPECT_EQ(g.hardest, hardest);
  EXPECT_NEAR(g.rating, rating, 0.051);
  EXPECT_EQ(g.level, sudokit::level_for_rating(g.rating));
  if (g.counts[static_cast<std::size_t>(Technique::guess)] > 0) {
    EXPECT_GE(g.rating, sudokit::kGuessRating);
  }
}

/// The grid the path ends at: the givens plus every placement (graded puzzles only).
Grid end_of_path(const Grid& puzzle, const Grade& g) {
  Grid end = puzzle;
  for (const sudokit::Step& s : g.path)
    for (const auto& p : s.placements) end.cells[static_cast<std::size_t>(p.cell)] = static_cast<std::uint8_t>(p.digit);
  return end;
}

Grid solve(const Grid& puzzle) {
  sudokit::Solver solver;
  auto r = solver.solve(puzzle, 2, 1);
  EXPECT_GE(r.count, 1u);
  return r.solutions.at(0);
}

TEST(GraderGrade, TablesAreNamedAndLevelsFollowRatings) {
  for (int i = 0; i < sudokit::kTechniqueCount; ++i) {
    const auto t = static_cast<Technique>(i);
    EXPECT_EQ(sudokit::parse_technique(sudokit::technique_name(t)), t);
    EXPECT_EQ(sudokit::technique_level(t), sudokit::level_for_rating(sudokit::technique_rating(t)));
    EXPECT_GE(sudokit::technique_rating(t), 1.0);
    EXPECT_LE(sudokit::technique_rating(t), sudokit::kGuessRating);
  }
  for (const char* name : {"easy", "medium", "hard", "expert", "extreme"})
    EXPECT_EQ(sudokit::level_name(*sudokit::parse_level(name)), name);
  EXPECT_FALSE(sudokit::parse_level("tricky").has_value());
  // Weights (the score) stay HoDoKu's.
  EXPECT_EQ(sudokit::technique_weight(Technique::naked_single), 4);
  EXPECT_EQ(sudokit::technique_weight(Technique::hidden_single), 14);
  EXPECT_EQ(sudokit::technique_weight(Technique::x_wing), 140);
  EXPECT_EQ(sudokit::technique_weight(Technique::xy_wing), 160);
  // SE's published values.
  EXPECT_DOUBLE_EQ(sudokit::technique_rating(Technique::naked_single), 2.3);
  EXPECT_DOUBLE_EQ(sudokit::technique_rating(Technique::locked_pointing), 2.6);
  EXPECT_DOUBLE_EQ(sudokit::technique_rating(Technique::x_wing), 3.2);
  EXPECT_DOUBLE_EQ(sudokit::technique_rating(Technique::xy_wing), 4.2);
  EXPECT_DOUBLE_EQ(sudokit::technique_rating(Technique::unique_rectangle_1), 4.5);
}

TEST(GraderGrade, LevelIsMonotoneInRating) {
  Level previous = Level::easy;
  for (int tenths = 0; tenths <= 120; ++tenths) {
    const Level l = sudokit::level_for_rating(tenths / 10.0);
    EXPECT_GE(l, previous) << tenths;
    previous = l;
  }
  EXPECT_EQ(sudokit::level_for_rating(2.3), Level::easy);
  EXPECT_EQ(sudokit::level_for_rating(2.5), Level::medium);
  EXPECT_EQ(sudokit::level_for_rating(4.0), Level::hard);
  EXPECT_EQ(sudokit::level_for_rating(6.6), Level::expert);
  EXPECT_EQ(sudokit::level_for_rating(7.5), Level::extreme);
}

TEST(GraderGrade, ChainLengthAdjustmentIsSes) {
  // +0.1 past 4, 6, 8, 12, 16, 24, 32 nodes.
  const std::pair<int, double> cases[] = {{4, 0.0}, {5, 0.1}, {6, 0.1}, {7, 0.2}, {8, 0.2}, {9, 0.3},
                                          {12, 0.3}, {13, 0.4}, {16, 0.4}, {17, 0.5}, {24, 0.5}, {25, 0.6}, {33, 0.7}};
  for (const auto& [nodes, added] : cases) EXPECT_NEAR(sudokit::chain_length_adjustment(nodes), added, 1e-9) << nodes;
}

TEST(GraderGrade, EasyPuzzleNeedsOnlySingles) {
  const Grid puzzle = grid_from_line(kEasy);
  const Grade g = sudokit::grade(puzzle);
  ASSERT_EQ(g.status, GradeStatus::graded);
  EXPECT_EQ(g.level, Level::easy);
  EXPECT_TRUE(g.unique);
  EXPECT_EQ(g.givens, 30);
  EXPECT_EQ(g.guesses, 0u);
  EXPECT_EQ(static_cast<int>(g.path.size()), 81 - 30);  // one placement per step
  expect_sound(g, solve(puzzle), "easy");
  expect_consistent(g);
}

// GradeOptions::only_unique (what the record commands ask): a puzzle with two solutions or
// more is answered after the uniqueness check, with no path; without it, it is graded on; a
// unique puzzle grades the same either way.
TEST(GraderGrade, OnlyUniqueStopsAtSeveralSolutions) {
  std::string open = kEasy;
  open.replace(0, 27, std::string(27, '.'));  // the first band emptied: several solutions
  GradeOptions options;
  options.only_unique = true;
  const Grade stopped = sudokit::grade(grid_from_line(open), options);
  EXPECT_EQ(stopped.status, GradeStatus::graded);
  EXPECT_FALSE(stopped.unique);
  EXPECT_TRUE(stopped.path.empty());
  EXPECT_EQ(std::accumulate(stopped.counts.begin(), stopped.counts.end(), 0), 0);
  const Grade graded = sudokit::grade(grid_from_line(open));
  EXPECT_FALSE(graded.unique);
  EXPECT_FALSE(graded.path.empty());
  const Grade unique_stopped = sudokit::grade(grid_from_line(kEasy), options);
  const Grade unique_graded = sudokit::grade(grid_from_line(kEasy));
  EXPECT_TRUE(unique_stopped.unique);
  EXPECT_EQ(unique_stopped.rating, unique_graded.rating);
  EXPECT_EQ(unique_stopped.path.size(), unique_graded.path.size());
}

TEST(GraderGrade, HardestKnownPuzzleIsExtreme) {
  // Before the forcing chains it stalled into guessing; SE rates it 10+ (nested chains). Now
  // dynamic forcing chains carry it, so it is rated on their scale (8.5 and up).
  const Grid puzzle = grid_from_line(kInkala);
  const Grade g = sudokit::grade(puzzle);
  ASSERT_EQ(g.status, GradeStatus::graded);
  EXPECT_EQ(g.level, Level::extreme);
  EXPECT_GE(g.rating, 8.5);
  ASSERT_TRUE(g.hardest.has_value());
  EXPECT_GE(sudokit::technique_rating(*g.hardest), 8.5);
  expect_sound(g, solve(puzzle), "inkala");
  expect_consistent(g);
}

TEST(GraderGrade, StopAtStallLeavesPathIncomplete) {
  GradeOptions options;
  options.stop_at_stall = true;
  const Grade g = sudokit::grade(grid_from_line(kInkala), options);
  EXPECT_EQ(g.level, Level::extreme);
  EXPECT_EQ(g.counts[static_cast<std::size_t>(Technique::guess)], 0);
  int placed = 0;
  for (const auto& s : g.path) placed += static_cast<int>(s.placements.size());
  EXPECT_LT(placed, 81 - g.givens);
}

TEST(GraderGrade, ClashingGivensAreInvalid) {
  std::string line(81, '.');
  line[0] = '5';
  line[8] = '5';
  const Grade g = sudokit::grade(grid_from_line(line));
  EXPECT_EQ(g.status, GradeStatus::invalid);
  EXPECT_NE(g.error.find("r1c1"), std::string::npos) << g.error;
  EXPECT_TRUE(g.path.empty());
}

TEST(GraderGrade, NoSolutionIsReported) {
  // Row 1 holds 1..8, so r1c9 must be 9, but column 9 already has a 9: no clash, no solution.
  std::string line = "12345678." + std::string(72, '.');
  line[4 * 9 + 8] = '9';
  const Grade g = sudokit::grade(grid_from_line(line));
  EXPECT_EQ(g.status, GradeStatus::no_solution);
}

TEST(GraderGrade, MultipleSolutionsNeverUseUniquenessAndStaySound) {
  const auto lines = load_lines("puzzles/serg_multi.txt", 40);
  ASSERT_EQ(lines.size(), 40u);
  for (const std::string& line : lines) {
    const Grid puzzle = grid_from_line(line);
    const Grade g = sudokit::grade(puzzle);
    ASSERT_EQ(g.status, GradeStatus::graded) << line;
    EXPECT_FALSE(g.unique) << line;
    EXPECT_FALSE(g.used_uniqueness) << line;
    EXPECT_EQ(g.counts[static_cast<std::size_t>(Technique::unique_rectangle_1)], 0);
    EXPECT_EQ(g.counts[static_cast<std::size_t>(Technique::bug_plus_1)], 0);
    EXPECT_EQ(g.level, Level::extreme) << line;  // logic alone can never finish it
    // Sound logic keeps every solution alive; the guesses follow one of them (the solver's
    // first solution of the puzzle's canonical form), which the path must end at.
    const Grid end = end_of_path(puzzle, g);
    ASSERT_TRUE(sudokit::is_solution_of(puzzle, end)) << line;
    expect_sound(g, end, line);
    expect_consistent(g);
  }
}

TEST(GraderGrade, UniquenessOptions) {
  const auto lines = load_lines("puzzles/top1465.txt", 200);
  int with_uniqueness = 0;
  for (const std::string& line : lines) {
    const Grid puzzle = grid_from_line(line);
    GradeOptions off;
    off.uniqueness = GradeOptions::Uniqueness::off;
    const Grade g = sudokit::grade(puzzle, off);
    EXPECT_FALSE(g.used_uniqueness);
    EXPECT_EQ(g.counts[static_cast<std::size_t>(Technique::unique_rectangle_1)] +
                  g.counts[static_cast<std::size_t>(Technique::bug_plus_1)],
              0);
    GradeOptions assume;
    assume.uniqueness = GradeOptions::Uniqueness::assume;
    const Grade a = sudokit::grade(puzzle, assume);
    EXPECT_TRUE(a.used_uniqueness);
    with_uniqueness += a.counts[static_cast<std::size_t>(Technique::unique_rectangle_1)] +
                       a.counts[static_cast<std::size_t>(Technique::bug_plus_1)];
  }
  EXPECT_GT(with_uniqueness, 0);  // the sample does exercise them
}

TEST(GraderGrade, DeterministicAcrossGraders) {
  const auto lines = sudokit::testing::every_nth(load_lines("puzzles/top1465.txt"), 97);
  ASSERT_GE(lines.size(), 10u);
  sudokit::Grader first, second;
  for (const std::string& line : lines) {
    const Grid puzzle = grid_from_line(line);
    const Grade a = first.grade(puzzle);
    second.grade(grid_from_line(kEasy));  // different history must not matter
    const Grade b = second.grade(puzzle);
    EXPECT_EQ(a.score, b.score) << line;
    EXPECT_EQ(a.level, b.level) << line;
    EXPECT_EQ(a.counts, b.counts) << line;
    ASSERT_EQ(a.path.size(), b.path.size()) << line;
    for (std::size_t i = 0; i < a.path.size(); ++i)
      EXPECT_EQ(describe_step(a.path[i], puzzle.shape), describe_step(b.path[i], puzzle.shape));
  }
}

TEST(GraderGrade, SampleOfHardPuzzlesIsSound) {
  const auto lines = sudokit::testing::every_nth(load_lines("puzzles/top1465.txt"), 29);
  for (const std::string& line : lines) {
    const Grid puzzle = grid_from_line(line);
    const Grade g = sudokit::grade(puzzle);
    ASSERT_EQ(g.status, GradeStatus::graded);
    expect_sound(g, solve(puzzle), line);
    expect_consistent(g);
  }
}

/// A solution of size n (default box) by shifting rows, with every k-th cell emptied.
Grid holes_in_pattern(int n, int k) {
  const sudokit::Shape shape = *sudokit::default_shape(n);
  Grid g(shape);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int band = r / shape.box_rows, in_band = r % shape.box_rows;
      g.at(r, c) = static_cast<std::uint8_t>((in_band * shape.box_cols + band + c) % n + 1);
    }
  EXPECT_TRUE(sudokit::is_solution_of(Grid(shape), g));
  for (int i = 0; i < shape.cells(); ++i)
    if ((i * 7) % k == 0) g.cells[static_cast<std::size_t>(i)] = 0;
  return g;
}

TEST(GraderGrade, OtherSizesGradeSoundly) {
  for (int n : {4, 6, 16}) {
    for (int k : {2, 3}) {
      const Grid puzzle = holes_in_pattern(n, k);
      const Grade g = sudokit::grade(puzzle);
      ASSERT_EQ(g.status, GradeStatus::graded) << n;
      // These puzzles may have several solutions: the path must end at one of them.
      const Grid solution = end_of_path(puzzle, g);
      ASSERT_TRUE(sudokit::is_solution_of(puzzle, solution)) << n;
      expect_sound(g, solution, "size " + std::to_string(n));
      expect_consistent(g);
      int placed = 0;
      for (const auto& s : g.path) placed += static_cast<int>(s.placements.size());
      EXPECT_EQ(placed, puzzle.shape.cells() - puzzle.givens()) << n;
    }
  }
}

TEST(GraderGrade, SixteenBySixteenWithOneHolePerRowIsFullHouses) {
  Grid g = holes_in_pattern(16, 1000000);  // only cell 0 emptied by the formula
  for (int r = 1; r < 16; ++r) g.at(r, (r * 5) % 16) = 0;
  const Grade grade = sudokit::grade(g);
  EXPECT_EQ(grade.level, Level::easy);
  EXPECT_EQ(grade.counts[static_cast<std::size_t>(Technique::full_house)], 16);
  EXPECT_EQ(grade.score, 16 * 4);
}

}  // namespace

// grader_invariance_test.cpp: rating, score, level, hardest technique, technique counts and
// guesses are the same for every puzzle equivalent under the Sudoku symmetries (a few hundred
// random transformations of SE-rated and hard puzzles; the slow test runs thousands), and the
// canonical form behind it is a true class representative, and on sparse puzzles the
// smallest reading of all (checked against every transformation).
#include <algorithm>
#include <array>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "canonical.hpp"
#include "grader_symmetry.hpp"
#include "sudokit/grader.hpp"
#include "test_support.hpp"

namespace {

using sudokit::Grade;
using sudokit::Grid;
using sudokit::testing::grid_from_line;
using sudokit::testing::load_lines;

void expect_same_grade(const Grade& a, const Grade& b, const std::string& label) {
  EXPECT_EQ(a.rating, b.rating) << label;
  EXPECT_EQ(a.score, b.score) << label;
  EXPECT_EQ(a.level, b.level) << label;
  EXPECT_EQ(a.hardest, b.hardest) << label;
  EXPECT_EQ(a.counts, b.counts) << label;
  EXPECT_EQ(a.guesses, b.guesses) << label;
  EXPECT_EQ(a.path.size(), b.path.size()) << label;
}

std::vector<std::string> sample() {
  // SE-rated puzzles across the scale, plus hard ones that stall (the guess step).
  auto lines = sudokit::testing::every_nth(load_lines("rated/se_dev.txt"), 173);
  for (auto& l : lines) l = l.substr(0, 81);  // `PUZZLE RATING`
  for (const auto& l : sudokit::testing::every_nth(load_lines("puzzles/hardest_1106.txt"), 111)) lines.push_back(l);
  return lines;
}

TEST(GraderInvariance, CanonicalFormIsAClassRepresentative) {
  std::mt19937 rng(12);
  for (const std::string& line : sample()) {
    const Grid puzzle = grid_from_line(line);
    const auto t = sudokit::grading::canonical_transform(puzzle);
    ASSERT_TRUE(t.has_value());
    const Grid canonical = t->apply(puzzle);
    for (int k = 0; k < 4; ++k) {
      const Grid other = sudokit::testing::random_transform(puzzle, rng);
      const auto u = sudokit::grading::canonical_transform(other);
      ASSERT_TRUE(u.has_value());
      EXPECT_EQ(u->apply(other).cells, canonical.cells) << line;
    }
    // Mapping back: every canonical cell's digit is the source cell's, relabelled.
    for (int c = 0; c < 81; ++c)
      EXPECT_EQ(canonical.cells[static_cast<std::size_t>(c)],
                t->label[puzzle.cells[static_cast<std::size_t>(t->source_cell(c))]]);
  }
}

/// Whether some transformation of `puzzle` (transposition, band and stack order, rows and
/// columns within them; digits relabelled by first appearance) reads smaller than `form`,
/// trying all 3,359,232 of a 9×9 grid one after the other, each given up at its first cell
/// that differs from `form`.
bool some_transform_is_smaller(const Grid& puzzle, const Grid& form) {
  std::array<std::array<int, 3>, 6> perms{};
  std::array<int, 3> p{0, 1, 2};
  for (int k = 0; k < 6; ++k, std::next_permutation(p.begin(), p.end())) perms[static_cast<std::size_t>(k)] = p;
  std::array<int, 9> rows{}, cols{};
  for (int transposed = 0; transposed < 2; ++transposed)
    for (const auto& bands : perms)
      for (int ri = 0; ri < 216; ++ri) {
        for (int b = 0; b < 3; ++b)
          for (int k = 0; k < 3; ++k)
            rows[static_cast<std::size_t>(b * 3 + k)] = bands[static_cast<std::size_t>(b)] * 3 + perms[static_cast<std::size_t>(ri / (b == 0 ? 1 : b == 1 ? 6 : 36) % 6)][static_cast<std::size_t>(k)];
        for (const auto& stacks : perms)
          for (int ci = 0; ci < 216; ++ci) {
            for (int s = 0; s < 3; ++s)
              for (int k = 0; k < 3; ++k)
                cols[static_cast<std::size_t>(s * 3 + k)] = stacks[static_cast<std::size_t>(s)] * 3 + perms[static_cast<std::size_t>(ci / (s == 0 ? 1 : s == 1 ? 6 : 36) % 6)][static_cast<std::size_t>(k)];
            std::array<int, 10> label{};
            int next = 1;
            for (int c = 0; c < 81; ++c) {
              const int r = rows[static_cast<std::size_t>(c / 9)], q = cols[static_cast<std::size_t>(c % 9)];
              const int d = puzzle.cells[static_cast<std::size_t>(transposed ? q * 9 + r : r * 9 + q)];
              int v = 0;
              if (d) {
                if (!label[static_cast<std::size_t>(d)]) label[static_cast<std::size_t>(d)] = next++;
                v = label[static_cast<std::size_t>(d)];
              }
              const int f = form.cells[static_cast<std::size_t>(c)];
              if (v < f) return true;
              if (v > f) break;
            }
          }
      }
  return false;
}

TEST(GraderInvariance, CanonicalFormOfSparsePuzzlesIsTheSmallest) {
  // 17-clue puzzles are where the row search compares first rows by their given patterns
  // (most arrangements tie there): the form must still be the smallest reading of all. The
  // collection's lines are already in that form, so each is shuffled first.
  std::mt19937 rng(17);
  for (const std::string& line : sudokit::testing::every_nth(load_lines("puzzles/17_clue.txt"), 9833)) {
    const Grid puzzle = sudokit::testing::random_transform(grid_from_line(line), rng);
    const auto t = sudokit::grading::canonical_transform(puzzle);
    ASSERT_TRUE(t.has_value());
    EXPECT_FALSE(some_transform_is_smaller(puzzle, t->apply(puzzle))) << line;
    EXPECT_TRUE(some_transform_is_smaller(puzzle, puzzle)) << "the shuffled grid itself is not the smallest: " << line;
  }
}

TEST(GraderInvariance, CanonicalFormOfOneRowBoxesIsTheSmallest) {
  // 6×6 with boxes one row high and six wide: every row order and every column order keeps it
  // valid (720 × 720 transformations, no transposition), and each box has 720 inner orders,
  // more than a byte counts (the form's search once looped forever here). The form must come
  // back, be the smallest reading of all, and be the same for a shuffled copy.
  const sudokit::Shape shape{6, 1, 6};
  std::array<int, 6> perm{};
  std::vector<std::array<int, 6>> perms;
  for (int k = 0; k < 6; ++k) perm[static_cast<std::size_t>(k)] = k;
  do perms.push_back(perm);
  while (std::next_permutation(perm.begin(), perm.end()));
  ASSERT_EQ(perms.size(), 720u);
  std::mt19937 rng(16);
  for (int trial = 0; trial < 6; ++trial) {
    Grid puzzle(shape);
    for (int k = 0; k < 5 + trial; ++k)
      puzzle.cells[static_cast<std::size_t>(rng() % 36)] = static_cast<std::uint8_t>(1 + rng() % 6);
    const auto t = sudokit::grading::canonical_transform(puzzle);
    ASSERT_TRUE(t.has_value());
    const Grid form = t->apply(puzzle);
    // Every reading, given up at its first cell that differs from the form.
    bool smaller = false;
    for (const auto& rows : perms) {
      for (const auto& cols : perms) {
        std::array<int, 7> label{};
        int next = 1;
        for (int c = 0; c < 36; ++c) {
          const int d = puzzle.cells[static_cast<std::size_t>(rows[static_cast<std::size_t>(c / 6)] * 6 + cols[static_cast<std::size_t>(c % 6)])];
          int v = 0;
          if (d) {
            if (!label[static_cast<std::size_t>(d)]) label[static_cast<std::size_t>(d)] = next++;
            v = label[static_cast<std::size_t>(d)];
          }
          const int f = form.cells[static_cast<std::size_t>(c)];
          if (v < f) smaller = true;
          if (v != f) break;
        }
        if (smaller) break;
      }
      if (smaller) break;
    }
    EXPECT_FALSE(smaller) << "trial " << trial;
    // A shuffled, relabelled copy has the same form.
    const auto& rows = perms[rng() % 720];
    const auto& cols = perms[rng() % 720];
    const auto& digits = perms[rng() % 720];
    Grid other(shape);
    for (int c = 0; c < 36; ++c) {
      const int d = puzzle.cells[static_cast<std::size_t>(rows[static_cast<std::size_t>(c / 6)] * 6 + cols[static_cast<std::size_t>(c % 6)])];
      other.cells[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(d ? digits[static_cast<std::size_t>(d - 1)] + 1 : 0);
    }
    const auto u = sudokit::grading::canonical_transform(other);
    ASSERT_TRUE(u.has_value());
    EXPECT_EQ(u->apply(other).cells, form.cells) << "trial " << trial;
  }
}

TEST(GraderInvariance, RandomTransformsKeepTheGrade) {
  std::mt19937 rng(2024);
  sudokit::Grader grader;
  int compared = 0;
  for (const std::string& line : sample()) {
    const Grid puzzle = grid_from_line(line);
    const Grade base = grader.grade(puzzle);
    for (int k = 0; k < 4; ++k) {
      const Grid other = sudokit::testing::random_transform(puzzle, rng);
      expect_same_grade(base, grader.grade(other), line);
      ++compared;
    }
  }
  EXPECT_GE(compared, 200);
}

TEST(GraderInvariance, MappedPathIsSoundOnTheCallersGrid) {
  // The path comes back in the caller's cells and digits: it must solve the caller's grid.
  std::mt19937 rng(7);
  sudokit::Grader grader;
  for (const std::string& line : sudokit::testing::every_nth(sample(), 5)) {
    const Grid puzzle = sudokit::testing::random_transform(grid_from_line(line), rng);
    const Grade g = grader.grade(puzzle);
    Grid end = puzzle;
    for (const auto& s : g.path)
      for (const auto& p : s.placements) {
        EXPECT_EQ(end.cells[static_cast<std::size_t>(p.cell)], 0) << line;
        end.cells[static_cast<std::size_t>(p.cell)] = static_cast<std::uint8_t>(p.digit);
      }
    EXPECT_TRUE(sudokit::is_solution_of(puzzle, end)) << line;
    for (const auto& s : g.path)
      for (const auto& e : s.eliminations) EXPECT_NE(end.cells[static_cast<std::size_t>(e.cell)], e.digit) << line;
  }
}

}  // namespace

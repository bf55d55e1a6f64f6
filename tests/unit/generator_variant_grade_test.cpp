// Grading x, hyper and jigsaw puzzles (issue 18, part 5): every step of every graded path of
// generated puzzles is checked against the puzzle's solution (no elimination removes the
// solution's digit, every placement is the solution's, the path ends at the solution), the
// variant's houses are actually used (a diagonal, a window, a region appears in some step),
// classic rules grade exactly as the classic overload, and the uniqueness techniques stay
// off. (The generator only makes the puzzles: the prefix links it; the grader is the subject.)
// A few puzzles per variant and size here; tests/slow/generator_variant_grade_test.cpp runs
// 200 per 9x9 variant.
#include <string>

#include <gtest/gtest.h>

#include "sudokit/grader.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_generator.hpp"
#include "test_support.hpp"
#include "variant_grade_check.hpp"

namespace sudokit {
namespace {

struct Seen {
  int extra_house_steps = 0;  ///< steps naming a house past 3n (diagonal, window)
  int puzzles = 0;
  bool named = false;         ///< describe_step named the variant's house kind
};

Seen grade_generated(Variant v, int n, int count, const std::string& house_word) {
  const Shape shape = *default_shape(n);
  Seen seen;
  Grader grader;
  for (std::uint64_t seed = 1; seed <= static_cast<std::uint64_t>(count); ++seed) {
    const VariantPuzzle p = generate_variant(v, shape, seed);
    const std::string what = std::string(variant_name(v)) + " " + std::to_string(n) + " seed " + std::to_string(seed) +
                             " " + to_line(p.puzzle);
    const Grade g = grader.grade(p.puzzle, p.rules);
    testing::expect_sound_path(g, p.puzzle, p.solution, p.rules, what);
    if (::testing::Test::HasFatalFailure()) return seen;
    ++seen.puzzles;
    for (const Step& s : g.path) {
      for (int h : s.houses) seen.extra_house_steps += h >= 3 * n;
      seen.named = seen.named || describe_step(s, p.rules).find(house_word) != std::string::npos;
    }
  }
  return seen;
}

TEST(VariantGrade, XPuzzlesGradeSoundlyAndUseTheDiagonals) {
  const Seen s9 = grade_generated(Variant::x, 9, 15, "diagonal");
  EXPECT_EQ(s9.puzzles, 15);
  EXPECT_GT(s9.extra_house_steps, 0);
  EXPECT_TRUE(s9.named);
  EXPECT_EQ(grade_generated(Variant::x, 6, 30, "diagonal").puzzles, 30);
  EXPECT_EQ(grade_generated(Variant::x, 4, 20, "diagonal").puzzles, 20);
}

TEST(VariantGrade, HyperPuzzlesGradeSoundlyAndUseTheWindows) {
  const Seen s9 = grade_generated(Variant::hyper, 9, 15, "window");
  EXPECT_EQ(s9.puzzles, 15);
  EXPECT_GT(s9.extra_house_steps, 0);
  EXPECT_TRUE(s9.named);
  EXPECT_EQ(grade_generated(Variant::hyper, 4, 20, "window").puzzles, 20);
}

TEST(VariantGrade, JigsawPuzzlesGradeSoundlyInTheirRegions) {
  const Seen s9 = grade_generated(Variant::jigsaw, 9, 15, "region");
  EXPECT_EQ(s9.puzzles, 15);
  EXPECT_TRUE(s9.named);
  EXPECT_EQ(grade_generated(Variant::jigsaw, 6, 30, "region").puzzles, 30);
}

// A jigsaw puzzle is not a classic one: the classic grader (boxes) would be wrong on it, so
// the regions must be what the grader uses. Its path under the rules differs from the path
// of the same givens graded as classic whenever the classic grade is possible at all.
TEST(VariantGrade, JigsawRegionsReplaceTheBoxes) {
  const Shape shape = *default_shape(9);
  int differs = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    const VariantPuzzle p = generate_variant(Variant::jigsaw, shape, seed);
    const Grade as_jigsaw = grade(p.puzzle, p.rules);
    ASSERT_EQ(as_jigsaw.status, GradeStatus::graded);
    const Grade as_classic = grade(p.puzzle);
    differs += as_classic.status != GradeStatus::graded || !as_classic.unique || as_classic.path.size() != as_jigsaw.path.size();
  }
  EXPECT_EQ(differs, 5);
}

TEST(VariantGrade, ClassicRulesGradeAsTheClassicOverload) {
  const char* puzzles[] = {
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
      "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
  };
  for (const char* text : puzzles) {
    const Grid puzzle = testing::grid_from_line(text);
    const Rules rules = *make_rules(Variant::classic, puzzle.shape);
    const Grade a = grade(puzzle), b = grade(puzzle, rules);
    EXPECT_EQ(a.rating, b.rating);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.path.size(), b.path.size());
    EXPECT_EQ(a.used_uniqueness, b.used_uniqueness);
  }
}

TEST(VariantGrade, ClashesUnderTheRulesAreInvalid) {
  const Shape shape = *default_shape(9);
  const Rules x = *make_rules(Variant::x, shape);
  Grid puzzle(shape);
  puzzle.cells[0] = 5;
  puzzle.cells[80] = 5;  // r1c1 and r9c9 share the main diagonal
  const Grade g = grade(puzzle, x);
  EXPECT_EQ(g.status, GradeStatus::invalid);
  EXPECT_NE(g.error.find("diagonal"), std::string::npos) << g.error;
  EXPECT_TRUE(find_clashes(puzzle).empty());  // classic Sudoku allows it
}

TEST(VariantGrade, EnginesThatTakeNoVariantsGradeInvalid) {
  const Shape shape = *default_shape(9);
  const VariantPuzzle p = generate_variant(Variant::hyper, shape, 3);
  Grader fast(EngineKind::fast);
  const Grade g = fast.grade(p.puzzle, p.rules);
  EXPECT_EQ(g.status, GradeStatus::invalid);
  EXPECT_FALSE(g.error.empty());
  Grader dlx(EngineKind::dlx);
  EXPECT_EQ(dlx.grade(p.puzzle, p.rules).status, GradeStatus::graded);
}

}  // namespace
}  // namespace sudokit

// Difficulty targets: every puzzle the generator keeps is re-graded here with the grader's
// plain public entry point (default options: uniqueness checked, full path), which must
// agree with the level/score the generator reported and with the target; the candidates it
// skipped are remade from their seeds and must really miss; a candidate too hard for the
// target gets clues back, most of all on 12x12 and 16x16; the result depends only on
// (seed, index), not on what the Generator did before; and a target that cannot be met in
// the bound fails with a message naming it.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "sudokit/generator.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

GeneratorConfig nine(std::uint64_t seed) {
  GeneratorConfig config;
  config.seed = seed;
  return config;
}

void expect_unique(const GeneratedPuzzle& p, Solver& dlx, const std::string& what) {
  const auto result = dlx.solve(p.puzzle, 2, 1);
  ASSERT_EQ(result.count, 1u) << what << ": " << to_line(p.puzzle);
  EXPECT_EQ(result.solutions[0], p.solution) << what;
}

TEST(GeneratorDifficulty, EveryKeptPuzzleHasTheRequestedLevelWhenRegraded) {
  Solver dlx(EngineKind::dlx);
  Generator generator;
  for (Level level : {Level::easy, Level::medium, Level::hard, Level::expert, Level::extreme}) {
    auto config = nine(11);
    config.level = level;
    int skipped = 0;
    for (std::uint64_t i = 0; i < 6; ++i) {
      const auto p = generator.generate(config, i);
      const std::string what = fmt::format("{} #{}", level_name(level), i);
      ASSERT_TRUE(p.ok) << what << ": " << p.failure;
      expect_unique(p, dlx, what);
      const Grade again = grade(p.puzzle);
      ASSERT_EQ(again.status, GradeStatus::graded) << what;
      EXPECT_EQ(again.level, level) << what << ": " << to_line(p.puzzle);
      EXPECT_TRUE(p.graded);
      EXPECT_EQ(p.level, level) << what;
      EXPECT_EQ(p.score, again.score) << what;
      EXPECT_EQ(p.hardest, again.hardest) << what;
      // The skipped candidates really miss, and the kept one is what its seed makes.
      const std::uint64_t base = puzzle_seed(config.seed, i);
      EXPECT_EQ(p.seed, candidate_seed(base, static_cast<std::uint64_t>(p.candidates - 1))) << what;
      for (int k = 0; k + 1 < p.candidates && k < 5; ++k) {
        const auto missed = generate_from_seed(config, candidate_seed(base, static_cast<std::uint64_t>(k)));
        EXPECT_FALSE(missed.ok) << what << " candidate " << k;
        EXPECT_NE(grade(missed.puzzle).level, level) << what << " candidate " << k;
        ++skipped;
      }
      const auto alone = generate_from_seed(config, p.seed);
      EXPECT_TRUE(alone.ok) << alone.failure;
      EXPECT_EQ(alone.puzzle, p.puzzle) << what;
    }
    if (level != Level::easy) {
      EXPECT_GT(skipped, 0) << "a filter that never rejects is not tested";
    }
  }
}

TEST(GeneratorDifficulty, ScoreRangesAndLevelTogether) {
  Generator generator;
  auto config = nine(5);
  config.score = ScoreRange{600, 1200};
  for (std::uint64_t i = 0; i < 6; ++i) {
    const auto p = generator.generate(config, i);
    ASSERT_TRUE(p.ok) << p.failure;
    const int score = grade(p.puzzle).score;
    EXPECT_GE(score, 600);
    EXPECT_LE(score, 1200);
    EXPECT_EQ(p.score, score);
  }
  config.level = Level::hard;
  config.symmetry = Symmetry::rot180;
  for (std::uint64_t i = 0; i < 4; ++i) {
    const auto p = generator.generate(config, i);
    ASSERT_TRUE(p.ok) << p.failure;
    const Grade again = grade(p.puzzle);
    EXPECT_EQ(again.level, Level::hard);
    EXPECT_GE(again.score, 600);
    EXPECT_LE(again.score, 1200);
    EXPECT_TRUE(pattern_has_symmetry(p.puzzle, Symmetry::rot180));
  }
}

// True when some single clue of `puzzle` can go with the puzzle still unique.
bool some_clue_can_go(const Grid& puzzle, Solver& dlx) {
  Grid less = puzzle;
  for (std::size_t c = 0; c < less.cells.size(); ++c) {
    if (!less.cells[c]) continue;
    const std::uint8_t digit = less.cells[c];
    less.cells[c] = 0;
    const bool unique = dlx.solve(less, 2, 0).count == 1;
    less.cells[c] = digit;
    if (unique) return true;
  }
  return false;
}

// Minimal 12x12 and 16x16 puzzles are nearly all expert or extreme, so the lower levels come
// from candidates that got clues back (GeneratedPuzzle::clues_given_back). Each such puzzle:
// has the level when regraded, is unique, holds every clue of the minimal candidate of its
// seed (the same removal pass, not cut short) and that candidate is harder than the target,
// is not minimal (checked), and its seed remakes it. --minimal keeps the old rule.
TEST(GeneratorDifficulty, TooHardCandidatesGetCluesBackOnLargeGrids) {
  Solver dlx(EngineKind::dlx);
  Generator generator;
  struct Case {
    int size;
    Level level;
    int count;
  };
  int given_back = 0;
  for (const Case& k : {Case{12, Level::medium, 2}, Case{12, Level::hard, 2}, Case{16, Level::hard, 1}}) {
    GeneratorConfig config;
    config.shape = *default_shape(k.size);
    config.seed = 5;
    config.level = k.level;
    auto minimal_config = config;
    minimal_config.minimal = true;
    for (std::uint64_t i = 0; i < static_cast<std::uint64_t>(k.count); ++i) {
      const auto p = generator.generate(config, i);
      const std::string what = fmt::format("{}x{} {} #{}", k.size, k.size, level_name(k.level), i);
      ASSERT_TRUE(p.ok) << what << ": " << p.failure;
      expect_unique(p, dlx, what);
      const Grade again = grade(p.puzzle);
      ASSERT_EQ(again.status, GradeStatus::graded) << what;
      EXPECT_EQ(again.level, k.level) << what;
      EXPECT_EQ(p.level, k.level) << what;
      const auto alone = generate_from_seed(config, p.seed);
      EXPECT_EQ(alone.puzzle, p.puzzle) << what;
      EXPECT_EQ(alone.clues_given_back, p.clues_given_back) << what;
      if (!p.clues_given_back) continue;
      ++given_back;
      EXPECT_FALSE(p.minimal) << what;
      EXPECT_TRUE(some_clue_can_go(p.puzzle, dlx)) << what;
      const auto as_made = generate_from_seed(minimal_config, p.seed);
      EXPECT_FALSE(as_made.ok) << what << ": the minimal candidate should miss the target";
      EXPECT_GT(grade(as_made.puzzle).level, k.level) << what;
      EXPECT_EQ(as_made.solution, p.solution) << what;
      EXPECT_LT(as_made.clues, p.clues) << what;
      for (std::size_t c = 0; c < p.puzzle.cells.size(); ++c)
        if (as_made.puzzle.cells[c]) {
          EXPECT_EQ(p.puzzle.cells[c], as_made.puzzle.cells[c]) << what << " cell " << c;
        }
    }
  }
  EXPECT_GT(given_back, 0) << "no candidate needed clues back: the back-off is not tested";
}

TEST(GeneratorDifficulty, MinimalOrClueTargetsKeepCandidatesAsMade) {
  Solver dlx(EngineKind::dlx);
  for (const bool minimal : {true, false}) {
    auto config = nine(21);
    config.level = Level::easy;
    config.minimal = minimal;
    if (!minimal) {
      config.min_clues = 22;
      config.max_clues = 26;
    }
    for (std::uint64_t i = 0; i < 4; ++i) {
      const auto p = generate_one(config, i);
      ASSERT_TRUE(p.ok) << p.failure;
      EXPECT_FALSE(p.clues_given_back);
      if (minimal) {
        EXPECT_TRUE(p.minimal);
      } else {
        EXPECT_GE(p.clues, 22);
        EXPECT_LE(p.clues, 26);
      }
      EXPECT_EQ(grade(p.puzzle).level, Level::easy);
    }
  }
}

TEST(GeneratorDifficulty, SameResultWhateverTheGeneratorDidBefore) {
  auto config = nine(99);
  config.level = Level::expert;
  Generator fresh, used;
  auto other = nine(1);
  other.shape = *default_shape(6);
  other.level = Level::medium;
  for (std::uint64_t i = 0; i < 5; ++i) {
    const auto a = fresh.generate(config, i);
    used.generate(other, i);
    const auto b = used.generate(config, i);
    EXPECT_EQ(a.puzzle, b.puzzle);
    EXPECT_EQ(a.seed, b.seed);
    EXPECT_EQ(a.candidates, b.candidates);
  }
}

TEST(GeneratorDifficulty, GradeWithoutTargetKeepsTheFirstCandidate) {
  auto plain = nine(3), graded = nine(3);
  graded.grade = true;
  for (std::uint64_t i = 0; i < 5; ++i) {
    const auto a = generate_one(plain, i), b = generate_one(graded, i);
    EXPECT_EQ(a.puzzle, b.puzzle);
    EXPECT_FALSE(a.graded);
    EXPECT_TRUE(b.graded);
    EXPECT_EQ(b.candidates, 1);
    EXPECT_EQ(b.level, grade(b.puzzle).level);
  }
}

TEST(GeneratorDifficulty, UnmetTargetFailsAfterTheBound) {
  auto config = nine(8);
  // Below any 9x9 minimal puzzle's score, and below any puzzle with clues given back: a
  // single removal already scores more (one full house).
  config.score = ScoreRange{1, 3};
  config.max_attempts = 4;
  const auto p = generate_one(config, 0);
  EXPECT_FALSE(p.ok);
  EXPECT_EQ(p.candidates, 4);
  EXPECT_NE(p.failure.find("score 1-3"), std::string::npos) << p.failure;
  EXPECT_NE(p.failure.find("4 candidates"), std::string::npos) << p.failure;
  config.score = ScoreRange{9, 3};
  ASSERT_TRUE(impossible_request(config));
  EXPECT_NE(impossible_request(config)->find("empty"), std::string::npos);
}

}  // namespace
}  // namespace sudokit

// Difficulty targets: every puzzle the generator keeps is re-graded here with the grader's
// plain public entry point (default options: uniqueness checked, full path), which must
// agree with the level/score the generator reported and with the target; the candidates it
// skipped are remade from their seeds and must really miss; the result depends only on
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
  config.score = ScoreRange{1, 3};  // below any 9x9 minimal puzzle's score
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

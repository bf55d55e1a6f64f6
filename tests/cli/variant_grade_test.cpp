// `grade` and `score` with --variant (issue 18, part 5): the known 9×9 puzzles of every
// variant (the same as tests/cli/variant_test.cpp's, answers confirmed there) grade, their
// paths name the variant's cages, the jsonl answers are valid against the schema, `score`
// finds the answer's weighted sum, and engines that cannot take a variant are refused.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"
#include "variant_known.hpp"

namespace {

using nlohmann::json;
using sudokit::testing::expect_schema_valid;
using sudokit::testing::run_sudokit;
using sudokit::testing::split_lines;

using namespace sudokit::testing::variants;


TEST(VariantGradeCli, KnownPuzzlesGradeUnderTheirRules) {
  for (const Known& k : {kX, kHyper, kJigsaw, kKiller}) {
    const auto r = run_sudokit({"grade", "--variant", k.variant, "--format", "jsonl", "--explain"}, jsonl_of(k));
    ASSERT_EQ(r.exit_code, 0) << k.variant << r.out << r.err;
    const auto records = parse_jsonl(r.out);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0]["status"], "graded") << r.out;
    EXPECT_EQ(records[0]["unique"], true);
    EXPECT_EQ(records[0]["id"], k.variant);
    ASSERT_TRUE(records[0]["path"].is_array());
    EXPECT_FALSE(records[0]["path"].empty());
    if (std::string(k.variant) == "killer") {
      EXPECT_TRUE(records[0]["steps"].contains("cage-combination")) << r.out;
      EXPECT_NE(r.out.find("cage combination: cage "), std::string::npos) << r.out;
    }
    expect_schema_valid("grade", r.out);
    // The line layout: LEVEL RATING SCORE HARDEST.
    const auto line = run_sudokit({"grade", "--variant", k.variant}, jsonl_of(k));
    EXPECT_EQ(line.exit_code, 0);
    EXPECT_EQ(split_lines(line.out).size(), 1u) << line.out;
  }
  // As classic Sudoku the x puzzle has several solutions: it cannot be graded.
  const auto classic = run_sudokit({"grade"}, std::string(kX.puzzle) + "\n");
  EXPECT_EQ(classic.exit_code, 1);
  EXPECT_NE(classic.out.find("multiple"), std::string::npos);
}

TEST(VariantGradeCli, ScoreIsTheAnswersWeightedSum) {
  for (const Known& k : {kX, kHyper, kJigsaw, kKiller}) {
    const auto r = run_sudokit({"score", "--variant", k.variant, "--format", "jsonl"}, jsonl_of(k));
    ASSERT_EQ(r.exit_code, 0) << k.variant << r.out << r.err;
    const auto records = parse_jsonl(r.out);
    ASSERT_EQ(records.size(), 1u);
    long long expected = 0;
    for (int cell = 0; cell < 81; ++cell) {
      const int row = cell / 9, col = cell % 9;
      const int ring = std::min(std::min(row, col), std::min(8 - row, 8 - col));
      expected += (6 + ring) * (k.solution[cell] - '0');
    }
    EXPECT_EQ(records[0]["status"], "optimal") << r.out;
    EXPECT_EQ(records[0]["score"], expected) << k.variant;
    EXPECT_EQ(records[0]["solution"], k.solution);
  }
}

TEST(VariantGradeCli, EnginesThatTakeNoVariantsAreRefused) {
  for (const char* command : {"grade", "score"}) {
    const auto r = run_sudokit({command, "--variant", "x", "--engine", "fast"}, std::string(kX.puzzle) + "\n");
    EXPECT_EQ(r.exit_code, 2) << command << r.err;
    EXPECT_NE(r.err.find("classic Sudoku only"), std::string::npos) << r.err;
  }
}

}  // namespace

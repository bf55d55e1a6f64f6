// `grade` and `score` with --variant (issue 18, part 5): the known 9×9 puzzles of every
// variant (the same as tests/cli/variant_test.cpp's, answers confirmed there) grade, their
// paths name the variant's cages, the jsonl answers are valid against the schema, `score`
// finds the answer's weighted sum, and engines that cannot take a variant are refused.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace {

using nlohmann::json;
using sudokit::testing::run_program;
using sudokit::testing::run_sudokit;
using sudokit::testing::split_lines;
using sudokit::testing::TempFile;

struct Known {
  const char* variant;
  const char* puzzle;
  const char* solution;
};

const Known kX = {"x", "5..3......945..........1...6.........2..7..........8.2.8....2...5....9.3....39..6",
                  "561392748894567321273481659645823197128976435937154862389615274756248913412739586"};
const Known kHyper = {"hyper", ".......1...5..1...9....2.8.........6...4......6......3.9.12.6.........78....4..3.",
                      "623784519875931462941652387482315796319476825567298143798123654134569278256847931"};
const Known kJigsaw = {"jigsaw", "1....6.8.......................9.4........3.273.9............6....3...5...4.2....",
                       "123456789576814923249135876687293415415678392732961548398542167961387254854729631"};
const char* kRegions = "111222222111323322411333555416355555446337775466666778499967778499967888449998888";
const Known kKiller = {"killer", "..................................2............................5......6..........",
                       "136298475927453186845167932793681524651724893482539617268315749579842361314976258"};
const char* kCages =
    R"([{"sum":8,"cells":[49,48]},{"sum":7,"cells":[68,59]},{"sum":2,"cells":[3]},{"sum":13,"cells":[51,60]},)"
    R"({"sum":18,"cells":[11,2,12,21]},{"sum":23,"cells":[40,41,50,42]},{"sum":16,"cells":[23,32,31]},)"
    R"({"sum":25,"cells":[71,62,80,53]},{"sum":10,"cells":[34,33,25]},{"sum":21,"cells":[5,4,6]},)"
    R"({"sum":8,"cells":[39,38]},{"sum":21,"cells":[17,26,16,8]},{"sum":11,"cells":[57,56]},{"sum":3,"cells":[14]},)"
    R"({"sum":28,"cells":[19,18,9,27]},{"sum":26,"cells":[55,46,37,64]},{"sum":11,"cells":[45,54,63]},)"
    R"({"sum":11,"cells":[67,76]},{"sum":17,"cells":[73,72,74,75]},{"sum":16,"cells":[77,78,69,79]},)"
    R"({"sum":1,"cells":[0]},{"sum":5,"cells":[20]},{"sum":6,"cells":[36]},{"sum":4,"cells":[35]},)"
    R"({"sum":20,"cells":[61,52,70,43]},{"sum":9,"cells":[24]},{"sum":1,"cells":[15]},{"sum":1,"cells":[58]},)"
    R"({"sum":2,"cells":[47]},{"sum":11,"cells":[22,13]},{"sum":3,"cells":[44]},{"sum":9,"cells":[29,30]},)"
    R"({"sum":7,"cells":[7]},{"sum":9,"cells":[28]},{"sum":5,"cells":[1,10]},{"sum":17,"cells":[66,65]}])";

std::vector<json> parse_jsonl(const std::string& out) {
  std::vector<json> records;
  for (const std::string& line : split_lines(out))
    if (!line.empty()) records.push_back(json::parse(line));
  return records;
}

std::string jsonl_of(const Known& k) {
  json j;
  j["puzzle"] = k.puzzle;
  if (std::string(k.variant) == "jigsaw") j["regions"] = kRegions;
  if (std::string(k.variant) == "killer") j["cages"] = json::parse(kCages);
  j["id"] = k.variant;
  return j.dump() + "\n";
}

void expect_valid(const std::string& command, const std::string& jsonl) {
  TempFile records(jsonl, ".jsonl");
  const auto r = run_program("/usr/bin/python3",
                             {std::string(SUDOKIT_SOURCE_DIR) + "/tests/schema/validate_records.py",
                              std::string(SUDOKIT_SOURCE_DIR) + "/docs/records.schema.json", command, records.path()});
  EXPECT_EQ(r.exit_code, 0) << command << ":\n" << r.out << r.err;
}

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
    expect_valid("grade", r.out);
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

// `solve` and `verify` with --variant: known 9×9 puzzles of every variant with their answers
// (made for this test by digging a random full grid of each variant while it stayed unique,
// each answer confirmed by the independent oracle of tests/support/variant_oracle.hpp),
// jigsaw text lines "PUZZLE REGIONS", jsonl regions/cages carried back so that answers read
// back, malformed regions/cages as their record's reason while the run goes on, engines
// that cannot take a variant refused, and the jsonl answers valid against the schema.
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

TEST(VariantCli, KnownPuzzlesSolveToTheirAnswersInEveryLayoutAndReadBack) {
  for (const Known& k : {kX, kHyper, kJigsaw, kKiller}) {
    const auto r = run_sudokit({"solve", "--variant", k.variant, "--format", "jsonl"}, jsonl_of(k));
    ASSERT_EQ(r.exit_code, 0) << k.variant << r.err;
    const auto records = parse_jsonl(r.out);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0]["status"], "unique") << r.out;
    EXPECT_EQ(records[0]["solution"], k.solution);
    EXPECT_EQ(records[0]["id"], k.variant);
    expect_schema_valid("solve", r.out);
    // The answer carries regions/cages: it reads back as the same puzzle, for verify too.
    const auto again = run_sudokit({"verify", "--variant", k.variant, "--format", "jsonl", "--engine", "dlx"}, r.out);
    EXPECT_EQ(again.exit_code, 0) << again.out << again.err;
    const auto verified = parse_jsonl(again.out);
    ASSERT_EQ(verified.size(), 1u);
    EXPECT_EQ(verified[0]["status"], "unique");
    EXPECT_EQ(verified[0]["solution"], k.solution);
    expect_schema_valid("verify", run_sudokit({"verify", "--variant", k.variant, "--format", "jsonl"}, jsonl_of(k)).out);
    // Line layout: the answer alone.
    const auto line = run_sudokit({"solve", "--variant", k.variant}, jsonl_of(k));
    EXPECT_EQ(line.out, std::string(k.solution) + "\n");
    // csv input with the same fields (cages as JSON text).
    std::string csv = "puzzle,extra\n" + std::string(k.puzzle) + ",1\n";
    if (std::string(k.variant) == "jigsaw") csv = "puzzle,regions\n" + std::string(k.puzzle) + "," + kRegions + "\n";
    if (std::string(k.variant) == "killer") {
      std::string quoted;
      for (char c : std::string(kCages)) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
      csv = "puzzle,cages\n" + std::string(k.puzzle) + ",\"" + quoted + "\"\n";
    }
    const auto from_csv = run_sudokit({"solve", "--variant", k.variant}, csv);
    EXPECT_EQ(from_csv.out, std::string(k.solution) + "\n") << k.variant << from_csv.err;
  }
}

TEST(VariantCli, TheSamePuzzlesAreNotUniqueAsClassicSudoku) {
  // Their givens alone (17 or fewer for most) do not pin down a classic grid.
  for (const Known& k : {kX, kHyper, kKiller}) {
    const auto r = run_sudokit({"solve", "--format", "jsonl"}, std::string(k.puzzle) + "\n");
    EXPECT_EQ(parse_jsonl(r.out).at(0)["status"], "multiple") << k.variant;
  }
}

TEST(VariantCli, JigsawTextLinesCarryTheirRegions) {
  const std::string input = std::string(kJigsaw.puzzle) + " " + kRegions + "\n" + std::string(kJigsaw.puzzle) + " " +
                            kRegions + " rated hard\n" + kJigsaw.puzzle + "\n";
  const auto r = run_sudokit({"solve", "--variant", "jigsaw", "--format", "jsonl"}, input);
  EXPECT_EQ(r.exit_code, 1);
  const auto records = parse_jsonl(r.out);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[0]["solution"], kJigsaw.solution);
  EXPECT_EQ(records[0]["regions"], kRegions);
  EXPECT_EQ(records[1]["solution"], kJigsaw.solution);
  EXPECT_EQ(records[1]["note"], "rated hard");
  EXPECT_EQ(records[2]["status"], "invalid");
  EXPECT_NE(records[2]["error"].get<std::string>().find("region map"), std::string::npos);
  // Without --variant the second word is a solution to check, and this one is not one.
  const auto classic = run_sudokit({"solve", "--format", "jsonl"}, std::string(kJigsaw.puzzle) + " " + kRegions + "\n");
  EXPECT_EQ(parse_jsonl(classic.out).at(0)["status"], "invalid");
}

TEST(VariantCli, MalformedRegionsAndCagesAreTheirRecordsReasonAndTheRunGoesOn) {
  const std::string p4 = "................";
  struct Case {
    const char* variant;
    std::string line;
    const char* reason;
  };
  const std::vector<Case> cases = {
      {"jigsaw", R"({"puzzle":")" + p4 + R"(","regions":"aabbaabbccddcc"})", "14 symbols, a 4x4 grid needs 16"},
      {"jigsaw", R"({"puzzle":")" + p4 + R"(","regions":"aaaabbbbccccccdd"})", "region 'c' has 6 cells, not 4"},
      {"jigsaw", R"({"puzzle":")" + p4 + R"(","regions":"aabbbbaaccccdddd"})", "region 'a' is not connected"},
      {"jigsaw", R"({"puzzle":")" + p4 + R"(","regions":"aaaabbbbccccddde"})", "5 regions"},
      {"jigsaw", R"({"puzzle":")" + p4 + R"(","regions":7})", "'regions' must be a string"},
      {"jigsaw", R"({"puzzle":")" + p4 + R"(","regions":"ééééééééééééééé"})", "byte 0xC3 at position 1 is not an ASCII symbol"},
      {"jigsaw", R"({"puzzle":")" + p4 + R"("})", "needs its region map"},
      {"killer", R"({"puzzle":")" + p4 + R"("})", "needs its cages"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":3,"cells":[0,1]},{"sum":5,"cells":[1,2]}]})",
       "cage 2 (sum 5) overlaps cage 1: both hold r1c2"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":3,"cells":[0,16]}]})", "names cell 16, outside 0..15"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":3,"cells":[0,0]}]})", "names r1c1 twice"},
      // Numbers past an int are quoted as written (they were narrowed to "cell -1").
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":3,"cells":[0,99999999999999999]}]})",
       "names cell 99999999999999999, outside every grid"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":3,"cells":[18446744073709551615,0]}]})",
       "names cell 18446744073709551615, outside every grid"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":99999999999,"cells":[0,1]}]})", "has sum 99999999999"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":8,"cells":[0,1]}]})", "add up to 3..7"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":10,"cells":[0,1,2,3,4]}]})", "more than 4 distinct digits"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"cells":[0,1]}]})", "integer \"sum\""},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":{"sum":3}})", "must be an array"},
      {"killer", R"({"puzzle":")" + p4 + R"(","cages":[{"sum":4,"cells":[0,1]}],"solution":"1234341243212143"})",
       "does not solve the puzzle: cage 1 adds up to 3, not 4"},
  };
  for (const Case& c : cases) {
    // The bad record between two good ones: three answers, the middle one invalid.
    const std::string good = std::string(c.variant) == "jigsaw"
                                  ? R"({"puzzle":"1...........2..3","regions":"aabbaabbccddccdd"})"
                                  : R"({"puzzle":"................","cages":[{"sum":3,"cells":[0,1]},{"sum":7,"cells":[2,3]}]})";
    const auto r = run_sudokit({"solve", "--variant", c.variant, "--format", "jsonl"}, good + "\n" + c.line + "\n" + good + "\n");
    EXPECT_EQ(r.exit_code, 1) << c.line;
    const auto records = parse_jsonl(r.out);
    ASSERT_EQ(records.size(), 3u) << r.out;
    EXPECT_NE(records[0]["status"], "invalid") << records[0];
    EXPECT_EQ(records[1]["status"], "invalid") << c.line;
    EXPECT_NE(records[1]["error"].get<std::string>().find(c.reason), std::string::npos) << records[1]["error"] << " vs " << c.reason;
    EXPECT_NE(records[2]["status"], "invalid");
    expect_schema_valid("solve", r.out);
  }
}

TEST(VariantCli, VerifyNamesVariantClashesAndCountsUnderTheRules) {
  // 1 at r1c1 and r9c9: a clash on the diagonal only.
  const std::string diag = "1" + std::string(79, '.') + "1\n";
  const auto classic = run_sudokit({"verify", "--format", "jsonl"}, diag);
  EXPECT_EQ(parse_jsonl(classic.out).at(0)["status"], "multiple");
  const auto x = run_sudokit({"verify", "--variant", "x", "--format", "jsonl"}, diag);
  EXPECT_EQ(x.exit_code, 1);
  const auto v = parse_jsonl(x.out).at(0);
  EXPECT_EQ(v["status"], "invalid");
  EXPECT_NE(v["error"].get<std::string>().find("r1c1 and r9c9 both hold 1 (diagonal 1)"), std::string::npos) << v;
  // --minimal under the rules: the known x puzzle was dug until no clue could go.
  const auto minimal = run_sudokit({"verify", "--variant", "x", "--minimal", "--format", "jsonl"}, std::string(kX.puzzle) + "\n");
  EXPECT_EQ(parse_jsonl(minimal.out).at(0)["minimal"], true) << minimal.out;
  // Verify's line layout for a killer.
  const auto line = run_sudokit({"verify", "--variant", "killer"}, jsonl_of(kKiller));
  EXPECT_EQ(line.exit_code, 0) << line.out << line.err;
}

TEST(VariantCli, EnginesAndNamesThatCannotServeAreUsageErrors) {
  for (const char* engine : {"fast", "sat"}) {
    for (const char* command : {"solve", "verify"}) {
      const auto r = run_sudokit({command, "--variant", "x", "--engine", engine}, std::string(kX.puzzle) + "\n");
      EXPECT_EQ(r.exit_code, 2) << command << " " << engine;
      EXPECT_NE(r.err.find("classic Sudoku only"), std::string::npos) << r.err;
    }
  }
  const auto bad = run_sudokit({"solve", "--variant", "samurai"}, std::string(kX.puzzle) + "\n");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--variant samurai"), std::string::npos) << bad.err;
  // auto and dlx both solve variants.
  for (const char* engine : {"auto", "dlx"}) {
    const auto r = run_sudokit({"solve", "--variant", "x", "--engine", engine}, std::string(kX.puzzle) + "\n");
    EXPECT_EQ(r.out, std::string(kX.solution) + "\n");
  }
}

}  // namespace

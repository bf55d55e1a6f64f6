// `generate --variant`: every layout a variant can be written in reads back through the
// record reader with the same --variant and verifies unique (generate | verify --variant V),
// jsonl carries variant/regions/cages (valid against docs/records.schema.json), the output is
// the same bytes for any --threads and shards merge into the whole run, and options or
// layouts that cannot apply to a variant are usage errors naming them.
#include <map>
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

struct Case {
  std::string variant;
  std::string size;
  std::vector<std::string> formats;
};

const std::vector<Case> kCases = {
    {"x", "6", {"line", "grid", "jsonl", "csv"}},
    {"hyper", "4", {"line", "grid", "jsonl", "csv"}},
    {"hyper", "9", {"line", "jsonl"}},
    {"jigsaw", "6", {"line", "jsonl", "csv"}},
    {"killer", "6", {"jsonl", "csv"}},
    {"killer", "4", {"jsonl", "csv"}},
};

std::vector<std::string> generate_args(const Case& c, const std::string& format, const std::string& count,
                                       const std::string& threads) {
  return {"generate", "--variant", c.variant, "--size", c.size, "--seed", "77", "-n", count, "-f", format, "--threads", threads};
}

TEST(GenerateVariantCli, EveryLayoutReadsBackUniqueUnderItsVariant) {
  for (const Case& c : kCases)
    for (const std::string& format : c.formats)
      for (bool with_solution : {false, true}) {
        SCOPED_TRACE(c.variant + " " + c.size + " " + format + (with_solution ? " --with-solution" : ""));
        auto args = generate_args(c, format, "5", "2");
        if (with_solution) args.push_back("--with-solution");
        const auto made = run_sudokit(args);
        ASSERT_EQ(made.exit_code, 0) << made.err;
        const auto checked = run_sudokit({"verify", "--variant", c.variant, "-f", "jsonl"}, made.out);
        EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
        const auto lines = split_lines(checked.out);
        ASSERT_EQ(lines.size(), 5u) << made.out;
        for (const auto& line : lines) {
          const json j = json::parse(line);
          EXPECT_EQ(j["status"], "unique") << line;
        }
      }
}

TEST(GenerateVariantCli, JsonlCarriesTheVariantAndMatchesTheSchema) {
  for (const Case& c : kCases) {
    SCOPED_TRACE(c.variant + " " + c.size);
    const auto made = run_sudokit(generate_args(c, "jsonl", "3", "1"));
    ASSERT_EQ(made.exit_code, 0) << made.err;
    for (const auto& line : split_lines(made.out)) {
      const json j = json::parse(line);
      EXPECT_EQ(j["variant"], c.variant);
      EXPECT_EQ(j.contains("regions"), c.variant == "jigsaw");
      EXPECT_EQ(j.contains("cages"), c.variant == "killer");
      EXPECT_EQ(j["minimal"], true);
      EXPECT_EQ(j["symmetry"], "none");
    }
    TempFile records(made.out, ".jsonl");
    const auto r = run_program("/usr/bin/python3",
                               {std::string(SUDOKIT_SOURCE_DIR) + "/tests/schema/validate_records.py",
                                std::string(SUDOKIT_SOURCE_DIR) + "/docs/records.schema.json", "generate", records.path()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  }
}

TEST(GenerateVariantCli, ReadingAJigsawOrKillerWithoutItsVariantIsNotTheSamePuzzle) {
  // A jigsaw line read as classic is "PUZZLE SOLUTION" with a region map for a solution:
  // invalid, never silently a different puzzle.
  const auto made = run_sudokit(generate_args(kCases[3], "line", "2", "1"));
  ASSERT_EQ(made.exit_code, 0) << made.err;
  const auto classic = run_sudokit({"verify", "-f", "jsonl"}, made.out);
  EXPECT_NE(classic.exit_code, 0);
  for (const auto& line : split_lines(classic.out)) EXPECT_NE(json::parse(line)["status"], "unique") << line;
}

TEST(GenerateVariantCli, SameBytesForAnyThreadCountAndShardsMergeIntoTheRun) {
  for (const Case& c : {kCases[3], kCases[4]}) {
    SCOPED_TRACE(c.variant);
    const auto one = run_sudokit(generate_args(c, "jsonl", "8", "1"));
    const auto three = run_sudokit(generate_args(c, "jsonl", "8", "3"));
    ASSERT_EQ(one.exit_code, 0) << one.err;
    EXPECT_EQ(one.out, three.out);
    std::map<long long, std::string> merged;
    for (const std::string shard : {"0/2", "1/2"}) {
      auto args = generate_args(c, "jsonl", "8", "2");
      args.insert(args.end(), {"--shard", shard});
      const auto part = run_sudokit(args);
      ASSERT_EQ(part.exit_code, 0) << part.err;
      for (const auto& line : split_lines(part.out)) merged[json::parse(line)["index"].get<long long>()] = line;
    }
    std::string joined;
    for (const auto& [index, line] : merged) joined += line + "\n";
    EXPECT_EQ(joined, one.out);
    // The seed a record reports remakes it alone.
    const json third = json::parse(split_lines(one.out)[2]);
    const auto alone = run_sudokit({"generate", "--variant", c.variant, "--size", c.size, "--puzzle-seed",
                                    std::to_string(third["seed"].get<unsigned long long>()), "-f", "jsonl"});
    ASSERT_EQ(alone.exit_code, 0) << alone.err;
    const json again = json::parse(split_lines(alone.out)[0]);
    EXPECT_EQ(again["puzzle"], third["puzzle"]);
    EXPECT_EQ(again.value("regions", json()), third.value("regions", json()));
    EXPECT_EQ(again.value("cages", json()), third.value("cages", json()));
  }
}

TEST(GenerateVariantCli, WhatCannotApplyIsAUsageErrorNamingIt) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> refused = {
      {{"--variant", "killer"}, "lines"},
      {{"--variant", "killer", "-f", "grid"}, "grids"},
      {{"--variant", "jigsaw", "-f", "grid"}, "grids"},
      {{"--variant", "x", "--symmetry", "rot180"}, "--symmetry"},
      {{"--variant", "x", "--clues", "25"}, "--clues"},
      {{"--variant", "x", "--removal", "quick"}, "--removal"},
      {{"--variant", "hyper", "--difficulty", "easy"}, "--difficulty"},
      {{"--variant", "hyper", "--score", "1-5"}, "--score"},
      {{"--variant", "jigsaw", "--grade"}, "--grade"},
      {{"--variant", "jigsaw", "--distinct"}, "--distinct"},
      {{"--variant", "x", "--attempts", "5"}, "--attempts"},
      {{"--variant", "x", "--test-budget", "100"}, "--test-budget"},
      {{"--variant", "x", "--timeout", "1"}, "--timeout"},
      {{"--variant", "x", "--book", "out.pdf"}, "--book"},
      {{"--variant", "x", "--engine", "fast"}, "fast"},
      {{"--variant", "hyper", "--size", "6"}, "hyper"},
      {{"--variant", "sandwich"}, "sandwich"},
  };
  for (const auto& [extra, named] : refused) {
    std::vector<std::string> args{"generate", "--seed", "1"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_sudokit(args);
    EXPECT_EQ(r.exit_code, 2) << extra.back() << ": " << r.out << r.err;
    EXPECT_NE(r.err.find(named), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // --minimal and --variant classic are fine: variant puzzles are always dug to minimal.
  EXPECT_EQ(run_sudokit({"generate", "--seed", "1", "--variant", "x", "--size", "4", "--minimal"}).exit_code, 0);
  EXPECT_EQ(run_sudokit({"generate", "--seed", "1", "--variant", "classic", "--size", "4"}).exit_code, 0);
  // --symmetry none asks for what a variant puzzle is anyway.
  EXPECT_EQ(run_sudokit({"generate", "--seed", "1", "--variant", "x", "--size", "4", "--symmetry", "none"}).exit_code, 0);
  // A refused difficulty says why, and where variant puzzles are graded (not "not yet").
  const auto graded = run_sudokit({"generate", "--seed", "1", "--variant", "x", "--difficulty", "hard"});
  EXPECT_NE(graded.err.find("sudokit grade --variant"), std::string::npos) << graded.err;
}

}  // namespace

// Variant puzzles through generate_batch (GeneratorConfig::variant): the classic contract
// holds (puzzle i is generate_variant(puzzle_seed(S, i)), the same sequence for every thread
// count, shards merge into the whole run, single-puzzle mode remakes one), each puzzle
// carries its variant's data, every puzzle is unique under its own rules by the independent
// oracle, and the classic-only knobs are refused by impossible_request.
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/batch.hpp"
#include "sudokit/generator.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_generator.hpp"
#include "variant_oracle.hpp"

namespace sudokit {
namespace {

std::vector<GeneratedPuzzle> run(const BatchRequest& request) {
  std::vector<GeneratedPuzzle> out;
  generate_batch(request, [&](const GeneratedPuzzle& p) {
    out.push_back(p);
    return true;
  });
  return out;
}

BatchRequest request_of(Variant variant, int n, std::uint64_t count, int threads) {
  BatchRequest request;
  request.config.shape = *default_shape(n);
  request.config.variant = variant;
  request.config.seed = 2024;
  request.count = count;
  request.threads = threads;
  return request;
}

// The rules a record of this puzzle reads back as (what `--variant` makes of its fields).
Rules rules_of(const GeneratedPuzzle& p) {
  std::string why;
  std::optional<Rules> rules;
  if (p.variant == Variant::jigsaw) rules = make_jigsaw_rules(p.puzzle.shape, p.regions, &why);
  else if (p.variant == Variant::killer) rules = make_killer_rules(p.puzzle.shape, p.cages, &why);
  else rules = make_rules(p.variant, p.puzzle.shape, &why);
  if (!rules) ADD_FAILURE() << why;
  return rules ? *rules : Rules{};
}

void expect_same(const std::vector<GeneratedPuzzle>& a, const std::vector<GeneratedPuzzle>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].index, b[i].index);
    EXPECT_EQ(a[i].seed, b[i].seed);
    EXPECT_EQ(a[i].puzzle, b[i].puzzle);
    EXPECT_EQ(a[i].regions, b[i].regions);
    EXPECT_EQ(a[i].cages, b[i].cages);
  }
}

TEST(VariantBatch, EveryVariantFollowsTheSeedAndThreadContract) {
  for (Variant variant : {Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer}) {
    const int n = variant == Variant::hyper ? 4 : 6;
    SCOPED_TRACE(std::string(variant_name(variant)));
    const std::uint64_t count = variant == Variant::killer ? 8 : 16;
    const auto one = run(request_of(variant, n, count, 1));
    const auto three = run(request_of(variant, n, count, 3));
    ASSERT_EQ(one.size(), count);
    expect_same(one, three);
    for (const GeneratedPuzzle& p : one) {
      ASSERT_TRUE(p.ok) << p.failure;
      EXPECT_EQ(p.variant, variant);
      EXPECT_EQ(p.seed, puzzle_seed(2024, p.index));
      EXPECT_EQ(p.regions.empty(), variant != Variant::jigsaw);
      EXPECT_EQ(p.cages.empty(), variant != Variant::killer);
      // Puzzle i is the library's puzzle of seed puzzle_seed(S, i).
      const VariantPuzzle alone = generate_variant(variant, *default_shape(n), p.seed);
      EXPECT_EQ(alone.puzzle, p.puzzle);
      EXPECT_EQ(alone.rules.cages, p.cages);
      // Unique under its own rules, by the oracle; the solution is the oracle's.
      const Rules rules = rules_of(p);
      oracle::Oracle o(rules);
      Grid first;
      EXPECT_EQ(o.count(p.puzzle, 2, &first), 1u) << to_line(p.puzzle);
      EXPECT_EQ(first, p.solution);
      int clues = 0;
      for (auto d : p.puzzle.cells) clues += d != 0;
      EXPECT_EQ(p.clues, clues);
      EXPECT_EQ(p.symmetry, Symmetry::none);
    }
  }
}

TEST(VariantBatch, ShardsMergeIntoTheWholeRunAndOnePuzzleIsRemadeFromItsSeed) {
  const auto whole = run(request_of(Variant::jigsaw, 6, 9, 2));
  std::map<std::uint64_t, GeneratedPuzzle> merged;
  for (std::uint64_t k = 0; k < 3; ++k) {
    BatchRequest shard = request_of(Variant::jigsaw, 6, 9, 2);
    shard.shard = BatchShard{k, 3};
    for (const auto& p : run(shard)) merged[p.index] = p;
  }
  std::vector<GeneratedPuzzle> joined;
  for (auto& [index, p] : merged) joined.push_back(p);
  expect_same(whole, joined);

  BatchRequest single = request_of(Variant::killer, 6, 1, 1);
  single.puzzle_seed = puzzle_seed(2024, 5);
  const auto alone = run(single);
  const auto run_of_six = run(request_of(Variant::killer, 6, 6, 2));
  ASSERT_EQ(alone.size(), 1u);
  EXPECT_EQ(alone[0].puzzle, run_of_six[5].puzzle);
  EXPECT_EQ(alone[0].cages, run_of_six[5].cages);
}

TEST(VariantBatch, ClassicOnlyKnobsAreRefused) {
  GeneratorConfig config;
  config.shape = *default_shape(9);
  config.variant = Variant::x;
  EXPECT_FALSE(impossible_request(config).has_value());
  auto refused = [](GeneratorConfig c) { return impossible_request(c).has_value(); };
  GeneratorConfig c = config;
  c.symmetry = Symmetry::rot180;
  EXPECT_TRUE(refused(c));
  c = config;
  c.min_clues = c.max_clues = 25;
  EXPECT_TRUE(refused(c));
  c = config;
  c.level = Level::easy;
  EXPECT_TRUE(refused(c));
  c = config;
  c.grade = true;
  EXPECT_TRUE(refused(c));
  c = config;
  c.removal = Removal::quick;
  EXPECT_TRUE(refused(c));
  c = config;
  c.engine = EngineKind::fast;
  EXPECT_TRUE(refused(c));
  c = config;
  c.variant = Variant::hyper;
  c.shape = *default_shape(6);  // 2×3 boxes: no windows
  EXPECT_TRUE(refused(c));
  // A refused request fails every index in place; it never throws out of the batch.
  BatchRequest bad = request_of(Variant::hyper, 6, 2, 1);
  const auto failed = run(bad);
  ASSERT_EQ(failed.size(), 2u);
  EXPECT_FALSE(failed[0].ok);
  EXPECT_FALSE(failed[0].failure.empty());
}

}  // namespace
}  // namespace sudokit

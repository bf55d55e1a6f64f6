// generate_batch: the sink sees every index of the walk once, in order, and the same sequence
// for any thread count; shards partition the run; the sink's "stop" stops it; --distinct
// delivers no equivalent pair and gives up deterministically; failed indices (a missed clue
// target, an exception) are delivered in place and the run goes on; clue ranges spread over
// the range, reproducibly. The oracle for "the right puzzle" is Generator::generate on one
// thread, one index at a time; uniqueness is re-checked with the DLX Solver.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/batch.hpp"
#include "sudokit/generator.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {
namespace {

// What the sink saw, in the order it saw it.
struct Delivered {
  std::uint64_t index = 0;
  std::uint64_t seed = 0;
  bool ok = false;
  std::string puzzle;  // one-line form, or the failure when !ok
  int clues = 0;
  friend bool operator==(const Delivered&, const Delivered&) = default;
};

struct Outcome {
  std::vector<Delivered> seen;
  BatchSummary summary;
};

Outcome run(BatchRequest request, int threads) {
  request.threads = threads;
  Outcome result;
  result.summary = generate_batch(request, [&](const GeneratedPuzzle& p) {
    result.seen.push_back({p.index, p.seed, p.ok, p.ok ? to_line(p.puzzle) : p.failure, p.clues});
    return true;
  });
  return result;
}

BatchRequest nine_by_nine(std::uint64_t seed, std::uint64_t count) {
  BatchRequest request;
  request.config.seed = seed;
  request.count = count;
  return request;
}

TEST(GeneratorBatch, SinkSeesEveryIndexInOrderWhateverTheThreads) {
  const BatchRequest request = nine_by_nine(7, 60);
  const Outcome one = run(request, 1);
  ASSERT_EQ(one.seen.size(), 60u);
  for (std::size_t i = 0; i < one.seen.size(); ++i) EXPECT_EQ(one.seen[i].index, i);
  EXPECT_EQ(one.summary.written, 60u);
  EXPECT_EQ(one.summary.failed, 0u);
  EXPECT_EQ(one.summary.candidates, 60u);
  EXPECT_FALSE(one.summary.stopped);
  EXPECT_EQ(run(request, 2).seen, one.seen);
  EXPECT_EQ(run(request, 0).seen, one.seen);
  // The oracle: each index made alone by one Generator, and unique by DLX.
  Generator generator;
  Solver dlx(EngineKind::dlx);
  for (std::size_t i : {0u, 1u, 29u, 59u}) {
    const GeneratedPuzzle alone = generator.generate(request.config, i);
    EXPECT_EQ(one.seen[i].puzzle, to_line(alone.puzzle)) << i;
    EXPECT_EQ(one.seen[i].seed, alone.seed) << i;
    EXPECT_EQ(dlx.solve(alone.puzzle, 2, 0).count, 1u) << i;
  }
}

TEST(GeneratorBatch, ShardsPartitionTheRun) {
  BatchRequest request = nine_by_nine(11, 40);
  request.config.symmetry = Symmetry::rot180;
  const Outcome full = run(request, 2);
  std::map<std::uint64_t, Delivered> merged;
  const std::uint64_t expected_sizes[] = {14, 13, 13};
  for (std::uint64_t k = 0; k < 3; ++k) {
    request.shard = {k, 3};
    EXPECT_EQ(batch_expected(request), expected_sizes[k]);
    const Outcome part = run(request, k == 1 ? 1 : 2);
    ASSERT_EQ(part.seen.size(), expected_sizes[k]);
    for (std::size_t j = 0; j < part.seen.size(); ++j) {
      EXPECT_EQ(part.seen[j].index, k + 3 * j) << "shard " << k;
      merged[part.seen[j].index] = part.seen[j];
    }
  }
  std::vector<Delivered> joined;
  for (const auto& [index, d] : merged) joined.push_back(d);
  EXPECT_EQ(joined, full.seen);
  // More shards than indices: some shards are empty, none fails.
  request.count = 2;
  request.shard = {4, 5};
  EXPECT_EQ(batch_expected(request), 0u);
  EXPECT_TRUE(run(request, 1).seen.empty());
}

TEST(GeneratorBatch, SinkReturningFalseStopsTheRun) {
  BatchRequest request = nine_by_nine(3, 100000);
  for (int threads : {1, 2}) {
    request.threads = threads;
    int calls = 0;
    const BatchSummary summary = generate_batch(request, [&](const GeneratedPuzzle& p) {
      EXPECT_EQ(p.index, static_cast<std::uint64_t>(calls));
      return ++calls < 5;
    });
    EXPECT_EQ(calls, 5);
    EXPECT_TRUE(summary.stopped);
    EXPECT_EQ(summary.written, 5u);
  }
}

TEST(GeneratorBatch, ProgressSeesTheRunningTotals) {
  BatchRequest request = nine_by_nine(4, 25);
  std::vector<std::uint64_t> totals;
  const BatchSummary summary = generate_batch(
      request, [](const GeneratedPuzzle&) { return true; },
      [&](const BatchSummary& so_far) { totals.push_back(so_far.written + so_far.failed); });
  ASSERT_EQ(totals.size(), 25u);
  for (std::size_t i = 0; i < totals.size(); ++i) EXPECT_EQ(totals[i], i + 1);
  EXPECT_EQ(summary.written, 25u);
}

TEST(GeneratorBatch, DistinctDeliversNoEquivalentPairAndGivesUpTheSameWay) {
  BatchRequest request;
  request.config.shape = *default_shape(4);
  request.config.minimal = true;
  request.config.seed = 1;
  request.distinct = true;
  request.count = 20;  // of the 36 classes the give-up run below finds
  const Outcome one = run(request, 1);
  ASSERT_EQ(one.seen.size(), 20u);
  EXPECT_EQ(one.summary.written, 20u);
  std::set<std::string> forms;
  for (const auto& d : one.seen) {
    Grid grid(request.config.shape);
    for (std::size_t c = 0; c < d.puzzle.size(); ++c) grid.cells[c] = d.puzzle[c] == '.' ? 0 : static_cast<std::uint8_t>(d.puzzle[c] - '0');
    const auto form = *canonical_form(grid);
    EXPECT_TRUE(forms.insert(std::string(form.begin(), form.end())).second) << d.puzzle << " is equivalent to an earlier one";
  }
  EXPECT_GT(one.summary.duplicates, 0u) << "4x4 minimal puzzles repeat: the test must see duplicates dropped";
  EXPECT_EQ(run(request, 2).seen, one.seen);

  // More than exist: a run of give_up_after duplicates/failures ends it, identically.
  request.count = 100000;
  request.give_up_after = 300;
  const Outcome many = run(request, 1);
  EXPECT_TRUE(many.summary.gave_up);
  EXPECT_EQ(many.summary.failure_run, 300u);
  EXPECT_LT(many.summary.written, 100000u);
  EXPECT_GT(many.summary.written, 20u);
  EXPECT_EQ(many.seen.size(), many.summary.written);
  const Outcome many2 = run(request, 2);
  EXPECT_EQ(many2.seen, many.seen);
  EXPECT_EQ(many2.summary.duplicates, many.summary.duplicates);
}

TEST(GeneratorBatch, MissedTargetsAreDeliveredInPlaceAndTheRunGoesOn) {
  // 23 clues in a single fill: most fills miss, some make it.
  BatchRequest request = nine_by_nine(1, 20);
  request.config.min_clues = request.config.max_clues = 23;
  request.config.max_attempts = 1;
  const Outcome one = run(request, 2);
  ASSERT_EQ(one.seen.size(), 20u);
  std::uint64_t failed = 0;
  for (std::size_t i = 0; i < one.seen.size(); ++i) {
    const Delivered& d = one.seen[i];
    EXPECT_EQ(d.index, i);
    EXPECT_EQ(d.seed, puzzle_seed(1, i));
    if (d.ok) {
      EXPECT_EQ(d.clues, 23);
    } else {
      ++failed;
      EXPECT_NE(d.puzzle.find("23 clues in 1 attempts"), std::string::npos) << d.puzzle;
    }
  }
  EXPECT_GT(failed, 0u);
  EXPECT_LT(failed, 20u) << "the test needs both outcomes";
  EXPECT_EQ(one.summary.failed, failed);
  EXPECT_EQ(one.summary.written, 20u - failed);
  EXPECT_EQ(run(request, 1).seen, one.seen);
}

TEST(GeneratorBatch, ExceptionsBecomeFailedIndices) {
  // The fast engine takes only 9x9: impossible_request refuses this, and generate_batch,
  // which does not validate, must turn the Solver's exception into failed indices.
  BatchRequest request;
  request.config.shape = *default_shape(4);
  request.config.engine = EngineKind::fast;
  request.config.seed = 2;
  request.count = 6;
  ASSERT_TRUE(impossible_request(request.config).has_value());
  const Outcome one = run(request, 2);
  ASSERT_EQ(one.seen.size(), 6u);
  for (std::size_t i = 0; i < one.seen.size(); ++i) {
    EXPECT_EQ(one.seen[i].index, i);
    EXPECT_FALSE(one.seen[i].ok);
    EXPECT_EQ(one.seen[i].seed, puzzle_seed(2, i));
    EXPECT_NE(one.seen[i].puzzle.find("fast engine"), std::string::npos) << one.seen[i].puzzle;
  }
  EXPECT_EQ(one.summary.failed, 6u);
  EXPECT_EQ(one.summary.candidates, 0u);
}

TEST(GeneratorBatch, ClueRangeSpreadsOverTheRangeReproducibly) {
  for (Symmetry symmetry : {Symmetry::none, Symmetry::rot180}) {
    BatchRequest request = nine_by_nine(1, 50);
    request.config.symmetry = symmetry;
    request.config.min_clues = 24;
    request.config.max_clues = 30;
    const Outcome one = run(request, 2);
    ASSERT_EQ(one.seen.size(), 50u);
    std::set<int> counts;
    for (const auto& d : one.seen) {
      ASSERT_TRUE(d.ok) << d.puzzle;
      EXPECT_GE(d.clues, 24);
      EXPECT_LE(d.clues, 30);
      counts.insert(d.clues);
    }
    EXPECT_GE(counts.size(), 4u) << symmetry_name(symmetry);
    EXPECT_EQ(run(request, 1).seen, one.seen);
  }
  // An exact target draws nothing: every puzzle has exactly that many clues.
  BatchRequest exact = nine_by_nine(1, 10);
  exact.config.min_clues = exact.config.max_clues = 30;
  for (const auto& d : run(exact, 2).seen) EXPECT_EQ(d.clues, 30);
}

TEST(GeneratorBatch, DifficultyStatisticsAddUpTheCandidates) {
  BatchRequest request = nine_by_nine(1, 3);
  request.config.level = Level::hard;
  std::uint64_t candidates = 0;
  const BatchSummary summary = generate_batch(request, [&](const GeneratedPuzzle& p) {
    EXPECT_TRUE(p.ok);
    EXPECT_EQ(p.level, Level::hard);
    candidates += static_cast<std::uint64_t>(p.candidates);
    return true;
  });
  EXPECT_EQ(summary.accepted, 3u);
  EXPECT_EQ(summary.candidates, candidates);
  EXPECT_EQ(summary.candidates, 14u);  // the CLI's pinned "3 puzzles from 14 candidates"
}

TEST(GeneratorBatch, SinglePuzzleModeRemakesOneRecord) {
  const Outcome whole = run(nine_by_nine(5, 20), 2);
  BatchRequest request = nine_by_nine(999, 1000);  // seed and count do not matter here
  request.puzzle_seed = whole.seen[17].seed;
  EXPECT_EQ(batch_expected(request), 1u);
  const Outcome alone = run(request, 2);
  ASSERT_EQ(alone.seen.size(), 1u);
  EXPECT_EQ(alone.seen[0].puzzle, whole.seen[17].puzzle);
  EXPECT_EQ(alone.seen[0].seed, whole.seen[17].seed);
  EXPECT_EQ(alone.seen[0].index, 0u);
  EXPECT_EQ(alone.summary.written, 1u);
}

TEST(GeneratorBatch, BadShardIsRefused) {
  BatchRequest request = nine_by_nine(1, 10);
  request.shard = {3, 3};
  EXPECT_THROW(generate_batch(request, [](const GeneratedPuzzle&) { return true; }), std::invalid_argument);
  request.shard = {0, 0};
  EXPECT_THROW(generate_batch(request, [](const GeneratedPuzzle&) { return true; }), std::invalid_argument);
}

}  // namespace
}  // namespace sudokit

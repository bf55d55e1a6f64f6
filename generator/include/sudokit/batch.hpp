// sudokit/batch.hpp: a run of generated puzzles, handed one by one, in order, to a sink.
//
// This is everything `sudokit generate` does besides options and layouts, as a library call,
// so that the command line, a C API, a Python module or an MPI executor all run the same
// thing and get the same puzzles:
//
//   * the index walk: a run is the indices 0, 1, 2, ... of GeneratorConfig::seed; a shard K/N
//     takes the indices K, K+N, K+2N, ... (numbered globally), so shards 0/N .. N-1/N of a
//     run, merged by index, are the whole run;
//   * the count: without `distinct`, the shard's share of the indices [0, count); with it,
//     as many indices as it takes to deliver `count` puzzles no two of which are equivalent
//     (fingerprints of canonical forms), giving up after `give_up_after` candidates in a row
//     that were duplicates or failures;
//   * the difficulty filter's statistics (candidates made, puzzles that met the target);
//   * the parallel, ordered execution (sudokit::run_ordered_pipeline, one Generator per
//     worker thread, bounded memory whatever `count` is);
//   * single-puzzle mode (`puzzle_seed`): the one candidate of that seed;
//   * variants (GeneratorConfig::variant: x, hyper, jigsaw, killer, through
//     sudokit/variant_generator.hpp): the same walk, seeds and contract; each GeneratedPuzzle
//     carries its variant, region map or cages.
//
// The sink contract:
//   * It is called once per index of the walk, in increasing index order, serially (never
//     two calls at once; successive calls may run on different pool threads, each seeing
//     everything the previous one did). With `distinct`, duplicates are not delivered (they
//     are counted in BatchSummary::duplicates).
//   * Failure isolation: an index whose generation fails (a clue or difficulty target missed
//     in max_attempts, or any exception thrown while generating it, caught per index here)
//     is still delivered, in place, as a GeneratedPuzzle with ok == false, its index and
//     puzzle seed, and the reason in `failure`. The run goes on.
//   * Returning false stops the run: no further call is made (puzzles already being made in
//     parallel are dropped). An exception thrown by the sink or the progress callback ends
//     the run and propagates out of generate_batch.
//
// Determinism: puzzle i depends only on (config, i), and every decision that depends on
// earlier puzzles (distinct, giving up, stopping) is taken in the sink's index order, so the
// sequence of delivered puzzles, and the summary, are identical for every `threads` value;
// without `distinct` the shards of a split deliver exactly the full run's puzzles between
// them. (With `distinct` each shard deduplicates only within itself.)
//
// The configuration is not validated here: call impossible_request() first. A configuration
// it refuses makes every index fail (delivered with ok == false), never throws.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include "sudokit/generator.hpp"

namespace sudokit {

/// Shard K of N: the indices i with i mod N = K.
struct BatchShard {
  std::uint64_t index = 0;  ///< K, below count
  std::uint64_t count = 1;  ///< N, at least 1
};

struct BatchRequest {
  GeneratorConfig config;  ///< config.seed is the run's seed
  /// Without `distinct`: the run is the indices [0, count) (this shard's share of them).
  /// With it: puzzles to deliver (within this shard).
  std::uint64_t count = 1;
  BatchShard shard;
  /// Drop puzzles equivalent to an earlier one of the run: canonical_form() where it
  /// exists (4×4, 6×6, 8×8, 9×9), else relabelled_form(). 128-bit fingerprints are kept
  /// (16 bytes per delivered puzzle; a false match has probability ~2^-128 per pair).
  /// Variant puzzles (config.variant) are dropped only when equal (givens, regions, cages).
  bool distinct = false;
  /// With `distinct`: stop after this many candidates in a row that were duplicates or
  /// failures (small sizes have few essentially different puzzles).
  std::uint64_t give_up_after = 10000;
  /// Worker threads; 0 = every core. Never changes what is delivered.
  int threads = 0;
  /// Single-puzzle mode: deliver generate_from_seed(config, *puzzle_seed) alone (index 0);
  /// count, shard and distinct are ignored.
  std::optional<std::uint64_t> puzzle_seed;
};

/// What a run did (also the argument of the progress callback: the totals so far).
struct BatchSummary {
  std::uint64_t written = 0;     ///< puzzles delivered with ok == true
  std::uint64_t failed = 0;      ///< indices delivered with ok == false
  std::uint64_t duplicates = 0;  ///< with `distinct`: equivalent puzzles dropped (not delivered)
  /// Candidates made over every index the walk reached (GeneratedPuzzle::candidates summed:
  /// 1 per index without a difficulty target; 0 for an index that threw).
  std::uint64_t candidates = 0;
  std::uint64_t accepted = 0;     ///< indices whose puzzle was made (ok), duplicates included
  /// Of those, the puzzles that got clues back to fit the difficulty target
  /// (GeneratedPuzzle::clues_given_back).
  std::uint64_t clues_given_back = 0;
  std::uint64_t failure_run = 0;  ///< with `distinct`: duplicates or failures in a row at the end
  bool gave_up = false;           ///< `distinct` ended after give_up_after of them in a row
  bool stopped = false;           ///< the sink returned false
};

/// Called with the puzzle of each index, in index order; false stops the run.
using BatchSink = std::function<bool(const GeneratedPuzzle&)>;
/// Called after each index the walk reaches (delivered or dropped as a duplicate), serially
/// like the sink, with the totals so far; for progress displays.
using BatchProgress = std::function<void(const BatchSummary&)>;

/// How many indices the walk is expected to deliver (the total of a progress display):
/// 1 in single-puzzle mode, `count` with distinct, else the shard's share of [0, count).
std::uint64_t batch_expected(const BatchRequest& request);

/// Runs the request (see the top of this file). Throws std::invalid_argument for a bad shard
/// (count 0 or index >= count); what the sink or progress throw propagates; failures of
/// single indices never throw (they are delivered).
BatchSummary generate_batch(const BatchRequest& request, const BatchSink& sink, const BatchProgress& progress = {});

}  // namespace sudokit

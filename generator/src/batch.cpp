// generate_batch: the index walk of a run through the ordered parallel pipeline (see the top
// of sudokit/batch.hpp for the contract).
//
// Shape of the run: a serial source hands out indices (K, K+N, ... of the shard), workers
// (one Generator each) make the puzzles and, with `distinct`, their fingerprints, and the
// serial in-order sink takes every decision that depends on earlier puzzles: duplicates,
// giving up, the sink's "stop". Because those decisions are taken in index order and a
// puzzle depends only on (config, index), what is delivered never depends on the thread
// count. The source may run ahead of a stop by a few tokens; those puzzles are made and
// dropped, never delivered.
//
// Under a cluster (sudokit/cluster.hpp: mpirun with K > 1 ranks) the same three pieces run
// through the cluster executor instead: rank 0 hands out chunks of indices, in order, to
// the ranks as they become free, every rank makes puzzles with its own Generators, and rank
// 0 takes the same in-order decisions on what comes back, so --distinct, giving up and the
// sink see exactly the sequence one process sees. The run seed travels with every index
// (a rank that drew its own random seed must still make rank 0's puzzles).
//
// Failure isolation: a worker catches whatever generating one index throws and turns it
// into that index's failed GeneratedPuzzle, so one bad index (or a bad_alloc on a huge
// grid) never cancels the pipeline and loses the indices after it.
#include "sudokit/batch.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <stdexcept>
#include <string>
#include <unordered_set>

#include <fmt/format.h>

#include "sudokit/cluster.hpp"
#include "sudokit/pipeline.hpp"
#include "sudokit/wire.hpp"

namespace sudokit {

// Every field of a generated puzzle, for the trip from a rank back to rank 0 (wire.hpp).
// In namespace sudokit itself so that the encoder finds it by argument-dependent lookup.
template <class Wire>
void wire_fields(Wire& wire, GeneratedPuzzle& p) {
  wire(p.ok, p.failure, p.index, p.seed, p.puzzle, p.solution, p.clues, p.symmetry, p.minimal, p.clues_given_back,
       p.attempts, p.candidates, p.graded, p.level, p.score, p.rating, p.hardest, p.variant, p.regions, p.cages);
}

namespace {

// A 128-bit fingerprint of a canonical form: `distinct` remembers 16 bytes per puzzle, not
// the whole form; two different forms collide with probability about 2^-128 per pair.
struct Fingerprint {
  std::uint64_t a = 0, b = 0;
  friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
};
struct FingerprintHash {
  std::size_t operator()(const Fingerprint& f) const { return static_cast<std::size_t>(f.a ^ (f.b * 31)); }
};
Fingerprint fingerprint(const std::vector<std::uint8_t>& form) {
  Fingerprint f{0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL};
  for (std::uint8_t byte : form) {
    f.a = splitmix64(f.a ^ byte);
    f.b = splitmix64(f.b + byte + 0x9e3779b97f4a7c15ULL);
  }
  return f;
}

// What travels to a rank (an index of the walk and the run seed) and back (the puzzle and,
// with `distinct`, its fingerprint).
struct IndexTask {
  std::uint64_t index = 0;
  std::uint64_t seed = 0;
};
struct MadePuzzle {
  GeneratedPuzzle puzzle;
  Fingerprint key;
};
template <class Wire>
void wire_fields(Wire& wire, IndexTask& task) {
  wire(task.index, task.seed);
}
template <class Wire>
void wire_fields(Wire& wire, Fingerprint& f) {
  wire(f.a, f.b);
}
template <class Wire>
void wire_fields(Wire& wire, MadePuzzle& made) {
  wire(made.puzzle, made.key);
}

// The failed puzzle of an index whose generation threw.
GeneratedPuzzle thrown(std::uint64_t index, std::uint64_t seed, const char* what) {
  GeneratedPuzzle p;
  p.ok = false;
  p.index = index;
  p.seed = seed;
  p.failure = fmt::format("internal error: {}", what);
  return p;
}

// Runs `make` and turns any exception into a failed puzzle of (index, seed).
template <class Make>
GeneratedPuzzle isolated(std::uint64_t index, std::uint64_t seed, Make make) {
  try {
    return make();
  } catch (const std::exception& e) {
    return thrown(index, seed, e.what());
  } catch (...) {
    return thrown(index, seed, "unknown exception");
  }
}

// A variant puzzle's identity for `distinct`: its givens, region map and cages as they are
// (no equivalence is known to hold under every variant's rules, so only equal puzzles match).
std::vector<std::uint8_t> variant_form(const GeneratedPuzzle& p) {
  std::vector<std::uint8_t> form(p.puzzle.cells);
  form.push_back(0xff);
  form.insert(form.end(), p.regions.begin(), p.regions.end());
  for (const Cage& cage : p.cages) {
    form.push_back(0xfe);
    form.push_back(static_cast<std::uint8_t>(cage.sum & 0xff));
    form.push_back(static_cast<std::uint8_t>(cage.sum >> 8));
    for (int cell : cage.cells) {
      form.push_back(static_cast<std::uint8_t>(cell & 0xff));
      form.push_back(static_cast<std::uint8_t>(cell >> 8));
    }
  }
  return form;
}

std::uint64_t shard_share(const BatchRequest& request) {
  const std::uint64_t wanted = request.count;
  const BatchShard& shard = request.shard;
  return wanted / shard.count + (shard.index < wanted % shard.count ? 1 : 0);
}

}  // namespace

std::uint64_t batch_expected(const BatchRequest& request) {
  if (request.puzzle_seed) return 1;
  if (request.distinct) return request.count;
  if (request.shard.count == 0) return 0;
  return shard_share(request);
}

BatchSummary generate_batch(const BatchRequest& request, const BatchSink& sink, const BatchProgress& progress) {
  const GeneratorConfig& config = request.config;
  const BatchShard shard = request.shard;
  if (shard.count == 0 || shard.index >= shard.count)
    throw std::invalid_argument(
        fmt::format("generate_batch: shard {}/{} (write K/N with 0 <= K < N)", shard.index, shard.count));
  BatchSummary summary;
  auto report = [&] {
    if (progress) progress(summary);
  };

  if (request.puzzle_seed) {
    const std::uint64_t seed = *request.puzzle_seed;
    const GeneratedPuzzle puzzle = isolated(0, seed, [&] { return generate_from_seed(config, seed); });
    summary.candidates += static_cast<std::uint64_t>(puzzle.candidates);
    ++(puzzle.ok ? summary.written : summary.failed);
    summary.accepted += puzzle.ok ? 1 : 0;
    summary.clues_given_back += puzzle.ok && puzzle.clues_given_back ? 1 : 0;
    summary.stopped = !sink(puzzle);
    report();
    return summary;
  }

  const bool distinct = request.distinct;
  const std::uint64_t wanted = request.count;
  // Indices considered: the shard's share of [0, count), or with `distinct` as many as it
  // takes (the sink stops the walk once `count` are delivered or it gives up).
  const std::uint64_t candidate_cap = distinct ? (wanted == 0 ? 0 : UINT64_MAX) : shard_share(request);
  const bool full_canonical = distinct && canonical_form(Grid(config.shape)).has_value();

  std::uint64_t next_candidate = 0;  // source only
  std::atomic<bool> stop{false};     // set by the sink, read by the source
  std::unordered_set<Fingerprint, FingerprintHash> seen;

  // Makes the puzzle of `index` (on any thread, any rank): never throws.
  auto make = [&](std::uint64_t index, std::uint64_t run_seed, Generator& generator, MadePuzzle& made) {
    made.key = Fingerprint{};
    made.puzzle = isolated(index, puzzle_seed(run_seed, index), [&] {
      GeneratedPuzzle puzzle;
      if (run_seed == config.seed) {
        puzzle = generator.generate(config, index);
      } else {
        GeneratorConfig theirs = config;
        theirs.seed = run_seed;
        puzzle = generator.generate(theirs, index);
      }
      if (distinct && puzzle.ok && config.variant != Variant::classic) {
        made.key = fingerprint(variant_form(puzzle));
      } else if (distinct && puzzle.ok) {
        auto form = full_canonical ? canonical_form(puzzle.puzzle) : std::nullopt;
        made.key = fingerprint(form ? *form : relabelled_form(puzzle.puzzle));
      }
      return puzzle;
    });
  };
  // The serial, in-order decisions: false once the run is over (stop, give-up, enough).
  auto take = [&](const MadePuzzle& made) -> bool {
    if (stop.load(std::memory_order_relaxed)) return false;
    const GeneratedPuzzle& puzzle = made.puzzle;
    summary.candidates += static_cast<std::uint64_t>(puzzle.candidates);
    if (puzzle.ok) ++summary.accepted;
    if (puzzle.ok && puzzle.clues_given_back) ++summary.clues_given_back;
    bool more = true;
    if (!puzzle.ok) {
      ++summary.failed;
      // With `distinct` the walk goes on past `count` indices, so failures (an
      // unreachable clue target, say) must count towards giving up too, or it never ends.
      if (distinct && ++summary.failure_run >= request.give_up_after) summary.gave_up = true;
      more = sink(puzzle);
    } else if (distinct && !seen.insert(made.key).second) {
      ++summary.duplicates;
      if (++summary.failure_run >= request.give_up_after) summary.gave_up = true;
    } else {
      summary.failure_run = 0;
      ++summary.written;
      more = sink(puzzle);
    }
    if (!more) summary.stopped = true;
    report();
    if (summary.stopped || summary.gave_up || (distinct && summary.written >= wanted)) {
      stop.store(true, std::memory_order_relaxed);
      return false;
    }
    return true;
  };
  auto next_index = [&](std::uint64_t& index) {
    if (stop.load(std::memory_order_relaxed) || next_candidate >= candidate_cap) return false;
    index = shard.index + next_candidate++ * shard.count;
    return true;
  };

  PipelineOptions pipeline;
  pipeline.threads = request.threads;
  // A 9x9 puzzle takes a fraction of a millisecond, far above a token's cost: one per token
  // spreads uneven work best. Tiny grids are batched so scheduling stays negligible.
  pipeline.batch_size = config.shape.cells() <= 36 ? 16 : 1;

  if (ClusterTransport* net = cluster()) {
    auto work = [&](const IndexTask& task, MadePuzzle& made, Generator& generator) {
      make(task.index, task.seed, generator, made);
    };
    if (net->rank() != 0) {
      serve_cluster_loop<IndexTask, MadePuzzle>(*net, pipeline, [] { return Generator(); }, work);
      return summary;
    }
    // Chunks sized by the measured time per puzzle (cluster.hpp), at most 256 puzzles.
    coordinate_cluster_loop<IndexTask, MadePuzzle>(
        *net, pipeline, cluster_chunk_policy(256), [] { return Generator(); },
        [&](IndexTask& task) {
          task.seed = config.seed;
          return next_index(task.index);
        },
        work, [&](const IndexTask&, const MadePuzzle& made) { return take(made); }, [] { return true; },
        [](bool) {});
    return summary;
  }

  struct Item {
    std::uint64_t index = 0;
    MadePuzzle made;
  };
  // Puzzle times are uneven (a difficulty target tries a geometric number of candidates, and
  // 16x16 puzzles vary tenfold): with the pipeline's default 4 tokens per thread, one slow
  // puzzle at the head of the ordered sink soon leaves the other threads without work. An
  // Item is two small grids, so 16 per thread cost nothing.
  const int cores = available_cores();
  pipeline.tokens = static_cast<std::size_t>(16 * (request.threads > 0 ? std::min(request.threads, cores) : cores));
  run_ordered_pipeline<Item>(
      pipeline, [] { return Generator(); }, [&](Item& item) { return next_index(item.index); },
      [&](Item& item, Generator& generator) { make(item.index, config.seed, generator, item.made); },
      [&](Item& item) { take(item.made); });
  return summary;
}

}  // namespace sudokit

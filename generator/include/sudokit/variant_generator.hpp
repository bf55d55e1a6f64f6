// sudokit/variant_generator.hpp: uniquely solvable x, hyper, jigsaw and killer puzzles from a seed.
//
// Issue 18's generation. Killer puzzles are made in src/killer_generator.cpp (its essay:
// a full grid, random cages of 2-5 cells, merges or givens until unique, then minimised).
// For x, hyper and jigsaw, for a seed:
//  1. jigsaw: a random region map, grown from the boxes by random trades (a cell of region A
//     next to region B joins B while a cell of B next to A joins A), each kept only when both
//     regions stay connected; a map with no full grid found within a node budget is drawn
//     again from the same stream;
//  2. a random full grid under the rules: a few random givens are placed (each legal under
//     the rules) and the DLX engine completes them (redrawn while it cannot), then the
//     digits are relabelled at random (which keeps every rule of x, hyper and jigsaw);
//  3. a dig: every cell in random order is emptied when the puzzle stays unique under the
//     rules, so the puzzle is minimal. Under EngineKind::automatic each test is
//     VariantRemovalTester's (sudokit/variant_removal.hpp: is there a solution that differs
//     from the grid at the emptied cell?), under dlx a count to 2 through the Solver door;
//     both are complete, so both keep the same clues.
// The fill goes through sudokit::Solver (EngineKind::automatic unless told otherwise), so a
// faster variant engine behind that door speeds generation up with no change here.
// `sudokit generate --variant` reaches this through generate_batch (GeneratorConfig::variant),
// with the same seed/shard/thread contract as classic puzzles.
// Randomness comes only from boost::random::mt19937_64 seeded with the seed, drawn through
// boost::random::uniform_int_distribution, so a seed gives the same puzzle everywhere; puzzle i
// of a run with seed S uses puzzle_seed(S, i) as for classic generation (generator.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

struct VariantPuzzle {
  Rules rules;      ///< the variant's rules (jigsaw: with the drawn region map; killer: the cages)
  Grid puzzle;      ///< unique under `rules` (killer: no givens, but for a seed whose layouts all fail)
  Grid solution;
  std::uint64_t seed = 0;
  /// Checked: no single given can be removed without losing uniqueness (x, hyper and
  /// jigsaw: true unless a removal test above 9×9 ran out of its budget, since the dig tries
  /// every cell; killer: its given pass, re-run after the merges).
  bool minimal = false;
};

/// Knobs of variant generation; the defaults are what `sudokit generate --variant` uses.
struct VariantOptions {
  /// The engine of every search: automatic or dlx (both reach the variant engines; fast and
  /// sat take classic rules only and are refused with std::invalid_argument).
  EngineKind engine = EngineKind::automatic;
  /// killer: cage layouts tried with merges and moves only (no givens) before one gets givens.
  int killer_layouts = 12;
  /// killer: after uniqueness, merge neighbouring cages (merged size ≤ 5, digits distinct)
  /// wherever the puzzle stays unique, each neighbouring pair tried once (fewer, larger
  /// cages: a harder puzzle). Off: the cages stay as grown and fixed.
  bool killer_merge = true;
  /// killer: search nodes one uniqueness count may use; a count that runs out counts as
  /// "not unique" (the layout is then fixed or redrawn), so the result stays proved unique.
  std::uint64_t killer_count_budget = 200000;
  /// killer: search nodes one merge test may use; a test that runs out keeps the two cages
  /// apart (always safe). Merged layouts are the hard ones to prove unique, and the few
  /// merges a large budget would add cost most of the time (docs/PERFORMANCE.md, Variants:
  /// 2,000 → 1,000 made killer generation 1.5× faster for 0.1 more cages a puzzle).
  std::uint64_t killer_merge_budget = 1000;
  /// x, hyper and jigsaw: search nodes one removal test of the dig may use on grids larger
  /// than 9×9 (9×9 and smaller: always exact); a test that runs out keeps its clue (the
  /// puzzle stays unique, `minimal` is then false). Without it one test of a 16×16 jigsaw dig
  /// was seen to run for many minutes (seed 1, index 1). 0: exact on every size.
  std::uint64_t removal_budget_above_9 = 100000;
};

/// A random region map of the shape's size (N connected regions of N cells) from a seed, as
/// N² symbols (regions_string's alphabet).
std::string random_region_map(const Shape& shape, std::uint64_t seed);

/// The puzzle of this seed for x, hyper, jigsaw or killer on `shape`. Throws
/// std::invalid_argument for classic, for shapes the variant does not take (hyper without
/// square boxes; killer needs N ≥ 2) and for engines that take classic rules only.
VariantPuzzle generate_variant(Variant variant, const Shape& shape, std::uint64_t seed,
                               const VariantOptions& options = {});
/// The same with the caller's Solver (one per thread), so its engine state is reused.
VariantPuzzle generate_variant(Solver& solver, Variant variant, const Shape& shape, std::uint64_t seed,
                               const VariantOptions& options = {});

}  // namespace sudokit

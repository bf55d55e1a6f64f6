// sudokit/variant_generator.hpp: uniquely solvable x, hyper and jigsaw puzzles from a seed.
//
// The first piece of issue 18's generation (killer is not here yet). For a seed:
//  1. jigsaw: a random region map, grown from the boxes by random trades (a cell of region A
//     next to region B joins B while a cell of B next to A joins A), each kept only when both
//     regions stay connected; a map with no full grid found within a node budget is drawn
//     again from the same stream;
//  2. a random full grid under the rules: a few random givens are placed (each legal under
//     the rules) and the DLX engine completes them (redrawn while it cannot), then the
//     digits are relabelled at random (which keeps every rule of x, hyper and jigsaw);
//  3. a dig: every cell in random order is emptied when the puzzle stays unique under the
//     rules (counted to 2 by the Solver door), so the puzzle is minimal.
// Randomness comes only from boost::random::mt19937_64 seeded with the seed, drawn through
// boost::random::uniform_int_distribution, so a seed gives the same puzzle everywhere; puzzle i
// of a run with seed S uses puzzle_seed(S, i) as for classic generation (generator.hpp).
#pragma once

#include <cstdint>
#include <string>

#include "sudokit/grid.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

struct VariantPuzzle {
  Rules rules;      ///< the variant's rules (jigsaw: with the drawn region map)
  Grid puzzle;      ///< unique under `rules`, minimal
  Grid solution;
  std::uint64_t seed = 0;
};

/// A random region map of the shape's size (N connected regions of N cells) from a seed, as
/// N² symbols (regions_string's alphabet).
std::string random_region_map(const Shape& shape, std::uint64_t seed);

/// The puzzle of this seed for x, hyper or jigsaw on `shape`. Throws std::invalid_argument
/// for other variants or shapes the variant does not take (hyper without square boxes).
VariantPuzzle generate_variant(Variant variant, const Shape& shape, std::uint64_t seed);

}  // namespace sudokit

// variant_internal.hpp: what the x/hyper/jigsaw generator (variant_generator.cpp) and the
// killer generator (killer_generator.cpp) share: the random stream, its two draws, and a
// random full grid under any rules. Internal to generator/.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_generator.hpp"

namespace sudokit::variant_gen {

using Rng = boost::random::mt19937_64;

/// Uniform in [0, bound), through Boost's distribution (fixed algorithm on every platform).
inline int below(Rng& rng, int bound) {
  boost::random::uniform_int_distribution<int> pick(0, bound - 1);
  return pick(rng);
}

/// Fisher-Yates with `below`, so a seed shuffles alike everywhere (std::shuffle does not).
template <class T>
void shuffle(std::vector<T>& items, Rng& rng) {
  for (int i = static_cast<int>(items.size()) - 1; i > 0; --i)
    std::swap(items[static_cast<std::size_t>(i)], items[static_cast<std::size_t>(below(rng, i + 1))]);
}

/// The up-to-4 cells sharing an edge with `cell` on an N×N grid, into `out`; returns how many.
/// (Regions and cages are grown and checked for connectedness over these.)
inline int edge_neighbours(int n, int cell, int out[4]) {
  int k = 0;
  const int r = cell / n, c = cell % n;
  if (r > 0) out[k++] = cell - n;
  if (r + 1 < n) out[k++] = cell + n;
  if (c > 0) out[k++] = cell - 1;
  if (c + 1 < n) out[k++] = cell + 1;
  return k;
}

/// A full grid under the rules from a few random legal givens completed by the solver (its
/// digits then relabelled at random), or nothing when the start has none within budget.
std::optional<Grid> random_full_grid(const Rules& rules, Rng& rng, Solver& solver);

/// killer_generator.cpp: the killer puzzle of `seed` (the top of that file says how).
VariantPuzzle generate_killer(Solver& solver, const Shape& shape, std::uint64_t seed, const VariantOptions& options);

}  // namespace sudokit::variant_gen

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

/// A full grid under the rules from a few random legal givens completed by the solver (its
/// digits then relabelled at random), or nothing when the start has none within budget.
std::optional<Grid> random_full_grid(const Rules& rules, Rng& rng, Solver& solver);

/// killer_generator.cpp: the killer puzzle of `seed` (the top of that file says how).
VariantPuzzle generate_killer(Solver& solver, const Shape& shape, std::uint64_t seed, const VariantOptions& options);

}  // namespace sudokit::variant_gen

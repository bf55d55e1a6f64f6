// variant_generator.cpp: see the essay in sudokit/variant_generator.hpp.
#include "sudokit/variant_generator.hpp"

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <stdexcept>
#include <vector>

#include "sudokit/solver.hpp"
#include "variant_internal.hpp"

namespace sudokit {

namespace variant_gen {

// Nodes the solver may spend completing a random start before it is drawn again. Most random
// jigsaw maps with no full grid are refuted or abandoned cheaply here; a larger budget (it was
// 50,000) spent most of jigsaw generation on such maps (4x slower, docs/PERFORMANCE.md).
constexpr std::uint64_t kFillNodes = 2000;

// A full grid under the rules, or nothing when the random start has none within budget.
std::optional<Grid> random_full_grid(const Rules& rules, Rng& rng, Solver& solver) {
  const int n = rules.shape.n;
  Grid start(rules.shape);
  const int placed = std::max(1, n / 2);
  for (int i = 0; i < placed; ++i) {
    const int cell = below(rng, n * n);
    const auto digit = static_cast<std::uint8_t>(1 + below(rng, n));
    const std::uint8_t old = start.cells[static_cast<std::size_t>(cell)];
    start.cells[static_cast<std::size_t>(cell)] = digit;
    if (!find_clashes(rules, start, 1).empty()) start.cells[static_cast<std::size_t>(cell)] = old;
  }
  const SolveResult r = solver.solve(start, rules, 1, 1, Budget::of_nodes(kFillNodes));
  if (r.count == 0) return std::nullopt;
  Grid full = r.solutions[0];
  std::vector<int> digits(static_cast<std::size_t>(n));
  std::iota(digits.begin(), digits.end(), 1);
  shuffle(digits, rng);
  for (auto& d : full.cells) d = static_cast<std::uint8_t>(digits[static_cast<std::size_t>(d - 1)]);
  return full;
}

}  // namespace variant_gen

namespace {

using variant_gen::below;
using variant_gen::Rng;
using variant_gen::shuffle;

// Region trades from the boxes, each kept when both regions stay connected.
std::vector<int> trade_regions(const Shape& shape, Rng& rng) {
  const int n = shape.n, nn = n * n;
  std::vector<int> region(static_cast<std::size_t>(nn));
  for (int cell = 0; cell < nn; ++cell) region[static_cast<std::size_t>(cell)] = shape.box_of(cell);
  auto neighbours = [n](int cell, int out[4]) { return variant_gen::edge_neighbours(n, cell, out); };
  std::vector<int> stack, seen(static_cast<std::size_t>(nn), 0);
  int stamp = 0;
  auto connected = [&](int g, int start) {
    ++stamp;
    stack.assign(1, start);
    seen[static_cast<std::size_t>(start)] = stamp;
    int reached = 0;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      ++reached;
      int next[4];
      for (int k = neighbours(cell, next) - 1; k >= 0; --k) {
        const int x = next[k];
        if (seen[static_cast<std::size_t>(x)] != stamp && region[static_cast<std::size_t>(x)] == g) {
          seen[static_cast<std::size_t>(x)] = stamp;
          stack.push_back(x);
        }
      }
    }
    return reached == n;
  };
  std::vector<int> candidates;
  for (int step = 0; step < 20 * nn; ++step) {
    const int x = below(rng, nn);
    const int a = region[static_cast<std::size_t>(x)];
    int next[4];
    const int count = neighbours(x, next);
    int others[4], k = 0;
    for (int i = 0; i < count; ++i)
      if (region[static_cast<std::size_t>(next[i])] != a) others[k++] = next[i];
    if (k == 0) continue;
    const int b = region[static_cast<std::size_t>(others[below(rng, k)])];
    candidates.clear();
    for (int z = 0; z < nn; ++z) {
      if (region[static_cast<std::size_t>(z)] != b) continue;
      int around[4];
      const int m = neighbours(z, around);
      for (int i = 0; i < m; ++i)
        if (around[i] != x && region[static_cast<std::size_t>(around[i])] == a) {
          candidates.push_back(z);
          break;
        }
    }
    if (candidates.empty()) continue;
    const int z = candidates[static_cast<std::size_t>(below(rng, static_cast<int>(candidates.size())))];
    region[static_cast<std::size_t>(x)] = b;
    region[static_cast<std::size_t>(z)] = a;
    if (!connected(a, z) || !connected(b, x)) {
      region[static_cast<std::size_t>(x)] = a;
      region[static_cast<std::size_t>(z)] = b;
    }
  }
  return region;
}

std::string map_text(const std::vector<int>& region) {
  static const char kSymbols[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  std::string out;
  for (int g : region) out.push_back(kSymbols[g]);
  return out;
}

}  // namespace

std::string random_region_map(const Shape& shape, std::uint64_t seed) {
  Rng rng(seed);
  return map_text(trade_regions(shape, rng));
}

VariantPuzzle generate_variant(Variant variant, const Shape& shape, std::uint64_t seed, const VariantOptions& options) {
  if (options.engine == EngineKind::fast || options.engine == EngineKind::sat)
    throw std::invalid_argument("generate: the " + std::string(engine_name(options.engine)) +
                                " engine solves classic Sudoku only (use auto or dlx with a variant)");
  Solver solver(options.engine);
  return generate_variant(solver, variant, shape, seed, options);
}

VariantPuzzle generate_variant(Solver& solver, Variant variant, const Shape& shape, std::uint64_t seed,
                               const VariantOptions& options) {
  if (variant == Variant::killer) return variant_gen::generate_killer(solver, shape, seed, options);
  if (variant != Variant::x && variant != Variant::hyper && variant != Variant::jigsaw)
    throw std::invalid_argument("generate: --variant " + std::string(variant_name(variant)) +
                                " is not a variant (classic puzzles come from sudokit::Generator)");
  Rng rng(seed);
  VariantPuzzle out;
  out.seed = seed;
  std::string why;
  for (int attempt = 0;; ++attempt) {
    if (attempt == 1000) throw std::runtime_error("generate: no full grid found for this seed");
    std::optional<Rules> rules = variant == Variant::jigsaw ? make_jigsaw_rules(shape, map_text(trade_regions(shape, rng)), &why)
                                                            : make_rules(variant, shape, &why);
    if (!rules) throw std::invalid_argument("generate: " + why);
    std::optional<Grid> full = variant_gen::random_full_grid(*rules, rng, solver);
    if (!full) continue;
    out.rules = std::move(*rules);
    out.solution = std::move(*full);
    break;
  }
  // One pass in random order leaves a minimal puzzle: a clue that had to stay when it was
  // tried stays needed, since removing other clues later only adds solutions.
  out.puzzle = out.solution;
  std::vector<int> order(static_cast<std::size_t>(shape.cells()));
  std::iota(order.begin(), order.end(), 0);
  shuffle(order, rng);
  for (int cell : order) {
    const std::uint8_t clue = out.puzzle.cells[static_cast<std::size_t>(cell)];
    out.puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    if (solver.solve(out.puzzle, out.rules, 2, 0).count != 1) out.puzzle.cells[static_cast<std::size_t>(cell)] = clue;
  }
  out.minimal = true;
  return out;
}

}  // namespace sudokit

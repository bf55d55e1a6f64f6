// variant_generator.cpp: see the essay in sudokit/variant_generator.hpp.
#include "sudokit/variant_generator.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <numeric>
#include <optional>
#include <string>
#include <stdexcept>
#include <vector>

#include "sudokit/solver.hpp"
#include "sudokit/variant_removal.hpp"
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

// trade_regions for grids of up to 128 cells (11×11): the same trades drawn in the same
// order, with every region a 128-bit set of cells, so "the cells of b next to a" is a shift
// and a mask, and a connectivity test a few dilations, instead of walks over cell lists
// (the walks made a 9×9 map cost ~0.7 ms, a third of jigsaw generation).
// kN: the grid's size when known at compile time (9), else 0: the 128-bit shifts by n in
// `dilate` are then shifts by a constant, a third of a map's time otherwise.
template <int kN>
std::vector<int> trade_regions_small(const Shape& shape, Rng& rng) {
  using Bits = unsigned __int128;
  const int n = kN != 0 ? kN : shape.n, nn = n * n;
  auto one = [](int cell) { return Bits{1} << cell; };
  const Bits all = nn == 128 ? ~Bits{0} : one(nn) - 1;
  Bits first_column = 0, last_column = 0;
  for (int r = 0; r < n; ++r) {
    first_column |= one(r * n);
    last_column |= one(r * n + n - 1);
  }
  // The set with every edge-neighbour of its cells added.
  auto dilate = [&](Bits set) {
    return (set | ((set << 1) & ~first_column) | ((set >> 1) & ~last_column) | (set << n) | (set >> n)) & all;
  };
  auto connected = [&](Bits set, int start) {
    Bits reached = one(start);
    while (true) {
      const Bits next = dilate(reached) & set;
      if (next == reached) return reached == set;
      reached = next;
    }
  };
  auto count = [](Bits set) {
    return std::popcount(static_cast<std::uint64_t>(set)) + std::popcount(static_cast<std::uint64_t>(set >> 64));
  };
  std::vector<int> region(static_cast<std::size_t>(nn));
  std::vector<Bits> member(static_cast<std::size_t>(n), 0);
  for (int cell = 0; cell < nn; ++cell) {
    region[static_cast<std::size_t>(cell)] = shape.box_of(cell);
    member[static_cast<std::size_t>(shape.box_of(cell))] |= one(cell);
  }
  for (int step = 0; step < 20 * nn; ++step) {
    const int x = below(rng, nn);
    const int a = region[static_cast<std::size_t>(x)];
    int next[4];
    const int around = variant_gen::edge_neighbours(n, x, next);
    int others[4], k = 0;
    for (int i = 0; i < around; ++i)
      if (region[static_cast<std::size_t>(next[i])] != a) others[k++] = next[i];
    if (k == 0) continue;
    const int b = region[static_cast<std::size_t>(others[below(rng, k)])];
    const Bits candidates = member[static_cast<std::size_t>(b)] & dilate(member[static_cast<std::size_t>(a)] & ~one(x));
    if (candidates == 0) continue;
    int pick = below(rng, count(candidates));  // the pick-th candidate, ascending
    Bits rest = candidates;
    while (pick-- > 0) rest &= rest - 1;
    const auto low = static_cast<std::uint64_t>(rest);
    const int z = low != 0 ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(rest >> 64));
    const Bits now_a = (member[static_cast<std::size_t>(a)] & ~one(x)) | one(z);
    const Bits now_b = (member[static_cast<std::size_t>(b)] & ~one(z)) | one(x);
    if (!connected(now_a, z) || !connected(now_b, x)) continue;
    member[static_cast<std::size_t>(a)] = now_a;
    member[static_cast<std::size_t>(b)] = now_b;
    region[static_cast<std::size_t>(x)] = b;
    region[static_cast<std::size_t>(z)] = a;
  }
  return region;
}

// Region trades from the boxes, each kept when both regions stay connected.
std::vector<int> trade_regions(const Shape& shape, Rng& rng) {
  if (shape.n == 9) return trade_regions_small<9>(shape, rng);
  if (shape.n * shape.n <= 128) return trade_regions_small<0>(shape, rng);
  const int n = shape.n, nn = n * n;
  std::vector<int> region(static_cast<std::size_t>(nn));
  for (int cell = 0; cell < nn; ++cell) region[static_cast<std::size_t>(cell)] = shape.box_of(cell);
  // Each cell's edge-neighbours, computed once (the trades ask for them ~100,000 times a
  // map on 9×9, and edge_neighbours divides by n each time).
  std::vector<std::array<int, 5>> around_of(static_cast<std::size_t>(nn));  // [4] = how many
  for (int cell = 0; cell < nn; ++cell) {
    auto& a = around_of[static_cast<std::size_t>(cell)];
    a[4] = variant_gen::edge_neighbours(n, cell, a.data());
  }
  auto neighbours = [&around_of](int cell, int out[4]) {
    const auto& a = around_of[static_cast<std::size_t>(cell)];
    for (int k = 0; k < a[4]; ++k) out[k] = a[static_cast<std::size_t>(k)];
    return a[4];
  };
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
  // Each region's cells, ascending: the candidate scan below visits region b's cells only,
  // in the order a scan of the whole grid would, so the draws (and maps) are the same.
  std::vector<std::vector<int>> members(static_cast<std::size_t>(n));
  for (int cell = 0; cell < nn; ++cell) members[static_cast<std::size_t>(region[static_cast<std::size_t>(cell)])].push_back(cell);
  auto move_cell = [&](int cell, int from, int to) {
    auto& out = members[static_cast<std::size_t>(from)];
    out.erase(std::find(out.begin(), out.end(), cell));
    auto& in = members[static_cast<std::size_t>(to)];
    in.insert(std::upper_bound(in.begin(), in.end(), cell), cell);
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
    for (int z : members[static_cast<std::size_t>(b)]) {
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
    } else {
      move_cell(x, a, b);
      move_cell(z, b, a);
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
  // Under `automatic` each removal is the fast variant engine's removal test (another
  // solution differing at the emptied cell? sudokit/variant_removal.hpp); under `dlx` a count
  // to 2. Both are complete searches, so both keep exactly the clues that are needed.
  const bool removal_test = options.engine == EngineKind::automatic;
  // One tester per thread: its engine keeps the tables of the last rule sets, so x and hyper
  // (the same rules for every puzzle) build them once per thread. Answers do not depend on it.
  thread_local VariantRemovalTester tester;
  // Above 9×9 a test may run away (a 16×16 jigsaw dig's once ran for minutes): each gets a
  // node budget there, and one that runs out keeps its clue, so the puzzle stays unique and
  // is only not proved minimal.
  const Budget budget = shape.n > 9 && options.removal_budget_above_9 != 0 ? Budget::of_nodes(options.removal_budget_above_9)
                                                                         : Budget{};
  out.minimal = true;
  for (int cell : order) {
    const std::uint8_t clue = out.puzzle.cells[static_cast<std::size_t>(cell)];
    out.puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    bool unique = false, decided = true;
    if (removal_test) {
      const auto answer = tester.test(out.puzzle, out.rules, out.solution, {&cell, 1}, budget);
      unique = answer == VariantRemovalTester::Answer::unique;
      decided = answer != VariantRemovalTester::Answer::unknown;
    } else {
      const SolveResult r = solver.solve(out.puzzle, out.rules, 2, 0, budget);
      unique = r.complete && r.count == 1;
      decided = r.complete || r.count >= 2;
    }
    if (!decided) out.minimal = false;
    if (!unique) out.puzzle.cells[static_cast<std::size_t>(cell)] = clue;
  }
  return out;
}

}  // namespace sudokit

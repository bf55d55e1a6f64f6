// The generator: fill, then remove clues (or symmetric orbits of clues) while the puzzle stays
// unique. See the top of sudokit/generator.hpp for the method and the randomness contract.
//
// Why removal order alone decides "minimal": a clue whose removal broke uniqueness when it
// was tried can never become removable later, because removing other clues only adds
// solutions. So one pass over every cell (orbit) in a random order leaves a puzzle where no
// clue (orbit) can go, and there is no need for a second pass.
#include <algorithm>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "search.hpp"
#include "sudokit/generator.hpp"

namespace sudokit {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Mixing the index before adding it keeps (seed, i) and (seed + 1, i - 1) unrelated.
std::uint64_t puzzle_seed(std::uint64_t run_seed, std::uint64_t index) {
  return splitmix64(run_seed ^ splitmix64(index));
}

int fewest_possible_clues(const Shape& shape) {
  if (shape.n == 9 && shape.box_rows == 3) return 17;
  if (shape.n == 4 && shape.box_rows == 2) return 4;
  if (shape.n == 6 && (shape.box_rows == 2 || shape.box_rows == 3)) return 8;
  return std::max(0, shape.n - 1);
}

namespace {

// Which clue counts a pattern built from whole orbits can have: subset sums of orbit sizes.
std::vector<bool> reachable_counts(const Shape& shape, Symmetry symmetry) {
  std::vector<bool> reachable(static_cast<std::size_t>(shape.cells() + 1), false);
  reachable[0] = true;
  for (const auto& orbit : symmetry_orbits(shape, symmetry)) {
    const std::size_t size = orbit.size();
    for (std::size_t total = reachable.size(); total-- > size;)
      if (reachable[total - size]) reachable[total] = true;
  }
  return reachable;
}

struct Range {
  int low;
  int high;
};
Range clue_range(const GeneratorConfig& config) {
  return {config.min_clues, config.max_clues > 0 ? config.max_clues : config.shape.cells()};
}

bool target_feasible(const GeneratorConfig& config, Symmetry symmetry) {
  const Range range = clue_range(config);
  const auto reachable = reachable_counts(config.shape, symmetry);
  for (int count = std::max(range.low, fewest_possible_clues(config.shape)); count <= range.high; ++count)
    if (count < static_cast<int>(reachable.size()) && reachable[static_cast<std::size_t>(count)]) return true;
  return false;
}

// The symmetries `random` may draw for this config: those that can meet its clue target.
std::vector<Symmetry> drawable_symmetries(const GeneratorConfig& config) {
  std::vector<Symmetry> list;
  for (Symmetry s : concrete_symmetries())
    if (target_feasible(config, s)) list.push_back(s);
  return list;
}

}  // namespace

std::optional<std::string> impossible_request(const GeneratorConfig& config) {
  const Shape& shape = config.shape;
  const int cells = shape.cells();
  if (config.min_clues < 0 || config.max_clues < 0) return std::string("a clue count cannot be negative");
  if (config.max_attempts < 1) return std::string("attempts must be at least 1");
  const Range range = clue_range(config);
  if (range.low > cells || range.high > cells)
    return fmt::format("a {}x{} grid has only {} cells", shape.n, shape.n, cells);
  if (range.low > range.high) return fmt::format("the clue range {}-{} is empty", range.low, range.high);
  const int fewest = fewest_possible_clues(shape);
  if (range.high < fewest)
    return fmt::format("no uniquely solvable {} puzzle has fewer than {} clues", describe(shape), fewest);
  if (config.symmetry == Symmetry::random) {
    if (drawable_symmetries(config).empty())
      return fmt::format("no symmetry can give {} clues on a {} grid", range.low == range.high
                                                                           ? fmt::format("exactly {}", range.low)
                                                                           : fmt::format("{}-{}", range.low, range.high),
                         describe(shape));
  } else if (!target_feasible(config, config.symmetry)) {
    return fmt::format("a {}-symmetric pattern on a {} grid cannot have {} clues (its cell orbits do not add up)",
                       symmetry_name(config.symmetry), describe(shape),
                       range.low == range.high ? fmt::format("exactly {}", range.low)
                                               : fmt::format("{}-{}", range.low, range.high));
  }
  return std::nullopt;
}

struct Generator::Impl {
  std::unique_ptr<gen::Search> search;
  std::map<std::tuple<int, int, int, Symmetry>, std::vector<std::vector<int>>> orbit_cache;
  std::vector<std::uint8_t> puzzle;
  std::vector<std::uint8_t> solution;
  std::vector<std::size_t> order;

  gen::Search& search_for(const Shape& shape) {
    if (!search || !(search->shape() == shape)) search = std::make_unique<gen::Search>(shape);
    return *search;
  }
  const std::vector<std::vector<int>>& orbits_for(const Shape& shape, Symmetry symmetry) {
    auto key = std::make_tuple(shape.n, shape.box_rows, shape.box_cols, symmetry);
    auto it = orbit_cache.find(key);
    if (it == orbit_cache.end()) it = orbit_cache.emplace(key, symmetry_orbits(shape, symmetry)).first;
    return it->second;
  }

  // A random complete grid; a stuck search restarts with the stream where it left off.
  void fill(gen::Search& engine, gen::Rng& rng) {
    const std::uint64_t budget = 20 * static_cast<std::uint64_t>(engine.shape().cells()) + 1000;
    while (!engine.random_fill(rng, solution.data(), budget)) {
    }
  }

  // Does the puzzle stay unique once the orbit's cells (already cleared) are gone?
  bool still_unique(gen::Search& engine, const std::vector<int>& orbit, GeneratorConfig::SingleTest test) {
    if (orbit.size() == 1 && test == GeneratorConfig::SingleTest::forbid_digit) {
      const int cell = orbit.front();
      return engine.count(puzzle.data(), 1, cell, solution[static_cast<std::size_t>(cell)]) == 0;
    }
    return engine.count(puzzle.data(), 2) == 1;
  }

  GeneratedPuzzle generate(const GeneratorConfig& config, std::uint64_t seed);
};

GeneratedPuzzle Generator::Impl::generate(const GeneratorConfig& config, std::uint64_t seed) {
  const Shape& shape = config.shape;
  const auto cells = static_cast<std::size_t>(shape.cells());
  gen::Search& engine = search_for(shape);
  gen::Rng rng(seed);
  GeneratedPuzzle result;
  result.seed = seed;
  result.minimal = config.minimal;
  result.symmetry = config.symmetry;
  if (config.symmetry == Symmetry::random) {
    const auto drawable = drawable_symmetries(config);
    const auto& list = drawable.empty() ? concrete_symmetries() : drawable;
    result.symmetry = list[gen::uniform_below(rng, list.size())];
  }
  const auto& orbits = orbits_for(shape, result.symmetry);
  const bool has_target = config.min_clues > 0 || config.max_clues > 0;
  const Range range = clue_range(config);
  puzzle.resize(cells);
  solution.resize(cells);

  for (int attempt = 1; attempt <= config.max_attempts; ++attempt) {
    result.attempts = attempt;
    fill(engine, rng);
    puzzle = solution;
    int clues = static_cast<int>(cells);
    order.resize(orbits.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    gen::shuffle(order, rng);
    for (std::size_t k : order) {
      const auto& orbit = orbits[k];
      const int size = static_cast<int>(orbit.size());
      if (has_target && !config.minimal) {
        if (clues <= range.high) break;
        if (clues - size < range.low) continue;
      }
      for (int cell : orbit) puzzle[static_cast<std::size_t>(cell)] = 0;
      if (still_unique(engine, orbit, config.single_test)) {
        clues -= size;
        continue;
      }
      for (int cell : orbit) puzzle[static_cast<std::size_t>(cell)] = solution[static_cast<std::size_t>(cell)];
      if (!has_target && !config.minimal) break;  // the default: stop at the first clue that must stay
    }
    if (clues < range.low || clues > range.high) continue;
    result.ok = true;
    result.clues = clues;
    result.puzzle = Grid(shape);
    result.puzzle.cells = puzzle;
    result.solution = Grid(shape);
    result.solution.cells = solution;
    return result;
  }
  result.failure = fmt::format("no {} puzzle with {} clues{} in {} attempts (puzzle seed {})", describe(shape),
                               range.low == range.high ? fmt::format("{}", range.low)
                                                       : fmt::format("{}-{}", range.low, range.high),
                               config.minimal ? " that is minimal" : "", config.max_attempts, seed);
  return result;
}

Generator::Generator() : impl_(std::make_unique<Impl>()) {}
Generator::~Generator() = default;
Generator::Generator(Generator&&) noexcept = default;
Generator& Generator::operator=(Generator&&) noexcept = default;

GeneratedPuzzle Generator::generate(const GeneratorConfig& config, std::uint64_t index) {
  GeneratedPuzzle result = impl_->generate(config, puzzle_seed(config.seed, index));
  result.index = index;
  return result;
}

GeneratedPuzzle Generator::generate_from_seed(const GeneratorConfig& config, std::uint64_t seed) {
  return impl_->generate(config, seed);
}

Grid Generator::random_solution(const Shape& shape, std::uint64_t seed) {
  gen::Rng rng(seed);
  impl_->solution.resize(static_cast<std::size_t>(shape.cells()));
  impl_->fill(impl_->search_for(shape), rng);
  Grid grid(shape);
  grid.cells = impl_->solution;
  return grid;
}

GeneratedPuzzle generate_one(const GeneratorConfig& config, std::uint64_t index) {
  Generator generator;
  return generator.generate(config, index);
}

GeneratedPuzzle generate_from_seed(const GeneratorConfig& config, std::uint64_t seed) {
  Generator generator;
  return generator.generate_from_seed(config, seed);
}

}  // namespace sudokit

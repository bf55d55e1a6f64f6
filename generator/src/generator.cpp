// The generator: fill, then remove clues (or symmetric orbits of clues) while the puzzle stays
// unique; with a difficulty target, grade and try the next candidate until one fits. See the
// top of sudokit/generator.hpp for the method and the randomness contract.
//
// Why removal order alone decides "minimal": a clue whose removal broke uniqueness when it
// was tried can never become removable later, because removing other clues only adds
// solutions. So one pass over every cell (orbit) in a random order leaves a puzzle where no
// clue (orbit) can go, and there is no need for a second pass. The same argument makes the
// single-clue check of a symmetric puzzle exact: a clue is redundant iff removing it alone
// keeps the puzzle unique.
//
// Which search decides a removal: the reduced puzzle always keeps the original solution, so
// "unique without these clues" is exactly "a count to 2 finds 1", whatever engine counts, and
// also "no solution differs from it at a removed cell", which needs no second look at the
// known solution. On 9×9 the RemovalTester asks sudokit's fast bit-parallel engine the second
// question (a search to the first solution with the clue's digit forbidden), faster than a
// count to 2 and than this library's own search (see GeneratorConfig::engine for the measured
// choice); the own search stays for filling, for sizes up to 16×16, and for node-budgeted
// tests. Above 16×16 exact tests go to the incremental SAT RemovalTester: a forbid-digit refutation there can
// take DLX or the own search hours, while CaDiCaL, keeping what it learnt from one test for
// the next, needs milliseconds to a second (docs/PERFORMANCE.md, bench/big_bench.cpp).
// A failed test's clues are committed to the tester as unit clauses (they stay for the rest
// of the pass), so the single-clue check that may follow a symmetric pass starts a fresh one.
// Both searches are steered towards the puzzle's solution (the own search tries its digits
// first at every branch, CaDiCaL takes them as its default phases): most of a minimal
// pass's time goes to the tests of clues that must stay, i.e. to finding a second solution,
// and a second solution of a dug puzzle differs from the first in few cells. Order changes
// speed only; on 20 minimal 16×16 it cut the own search's nodes 1.43× (docs/PERFORMANCE.md).
// With the automatic engine above 16×16 the own search also scouts each exact test within
// kScoutNodes nodes, and only the tests it leaves open go to the SAT tester (a test it
// decides as not unique still commits its clues to the tester).
//
// Grading cost: candidates that miss are the common case for hard levels, so the grader is
// told to stop at the first stall whenever only a level below extreme is asked (a stalled
// puzzle is extreme, hence rejected, and the rest of its path does not matter), and never to
// record paths or re-check uniqueness (the generator has just proved it).
#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include <fmt/format.h>

#include "search.hpp"
#include "sudokit/generator.hpp"
#include "sudokit/removal_test.hpp"
#include "sudokit/variant_generator.hpp"

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

// A different constant from puzzle_seed's keeps candidate seeds apart from puzzle seeds.
std::uint64_t candidate_seed(std::uint64_t puzzle, std::uint64_t attempt) {
  if (attempt == 0) return puzzle;
  return splitmix64(puzzle ^ splitmix64(attempt ^ 0x6a09e667f3bcc909ULL));
}

std::optional<Removal> parse_removal(std::string_view name) {
  if (name == "full") return Removal::full;
  if (name == "quick") return Removal::quick;
  return std::nullopt;
}

std::string_view removal_name(Removal removal) { return removal == Removal::full ? "full" : "quick"; }

bool has_difficulty_target(const GeneratorConfig& config) {
  return config.level.has_value() || config.score.has_value() || config.rating.has_value();
}
bool wants_grade(const GeneratorConfig& config) { return config.grade || has_difficulty_target(config); }

int fewest_possible_clues(const Shape& shape) {
  if (shape.n == 9 && shape.box_rows == 3) return 17;
  if (shape.n == 4 && shape.box_rows == 2) return 4;
  if (shape.n == 6 && (shape.box_rows == 2 || shape.box_rows == 3)) return 8;
  return std::max(0, shape.n - 1);
}

namespace {

// The own search's node budget for a removal test above 16×16 before the SAT tester takes it
// (automatic engine). Many tests end well inside it: those that die in propagation, and
// the clues that must stay whose second solution lies near the preferred first one;
// CaDiCaL then gets only the rest. On the first puzzle of `big_bench minimal25 --seed 1` the
// own search decided 375 of 625 tests within 2,000 nodes (384 within 20,000, which cost
// more than they saved). Minimal 20×20 passes ran 1.07-1.12× faster, 25×25 ones no
// measurably faster: CaDiCaL's time is in the tests the scout leaves (docs/PERFORMANCE.md).
// Answers are exact either way, so the puzzles do not change.
constexpr std::uint64_t kScoutNodes = 2000;

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

// Where a --clues MIN-MAX removal pass of one candidate stops: a count drawn uniformly from
// [max(MIN, fewest possible), MAX] with the candidate's own stream, so a run spreads over the
// range and a seed always draws the same target. An exact target (MIN == MAX), no upper bound,
// or a pass that only filters (`minimal`) draws nothing, which keeps their streams as they were.
int drawn_clue_stop(const GeneratorConfig& config, const Range& range, gen::Rng& rng) {
  const int low = std::max(range.low, fewest_possible_clues(config.shape));
  if (config.max_clues <= 0 || config.minimal || low >= range.high) return range.high;
  return low + static_cast<int>(gen::uniform_below(rng, static_cast<std::uint64_t>(range.high - low + 1)));
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

// "a hard", "a score 300-900", "a hard, score 300-900" (for messages).
std::string describe_target(const GeneratorConfig& config) {
  std::string text;
  if (config.level) text = std::string(level_name(*config.level));
  if (config.score) text += fmt::format("{}score {}-{}", text.empty() ? "" : ", ", config.score->low, config.score->high);
  if (config.rating)
    text += fmt::format("{}rating {:.1f}-{:.1f}", text.empty() ? "" : ", ", config.rating->low, config.rating->high);
  return text.empty() ? std::string("graded") : text;
}

}  // namespace

std::uint64_t removal_test_budget(const GeneratorConfig& config) {
  if (config.removal_node_budget) return *config.removal_node_budget;
  return config.minimal || config.shape.n <= 16 ? 0 : kLargeGridNodeBudget;
}

// What a variant request (GeneratorConfig::variant) cannot take: the classic-only knobs.
std::optional<std::string> impossible_variant_request(const GeneratorConfig& config) {
  const std::string name(variant_name(config.variant));
  const Shape& shape = config.shape;
  std::string why;
  if (config.variant == Variant::killer) {
    if (shape.n < 4) return fmt::format("killer puzzles need a grid of 4x4 or more, not {}", describe(shape));
  } else if (config.variant != Variant::jigsaw && !make_rules(config.variant, shape, &why)) {
    return fmt::format("no {} puzzle on a {} grid: {}", name, describe(shape), why);
  }
  if (config.engine == EngineKind::fast || config.engine == EngineKind::sat)
    return fmt::format("the {} engine solves classic Sudoku only: a {} puzzle needs auto or dlx",
                       engine_name(config.engine), name);
  auto refuse = [&](std::string_view what) {
    return fmt::format("{} is not available for {} puzzles (classic only)", what, name);
  };
  if (config.symmetry != Symmetry::none) return refuse("a clue symmetry");
  if (config.min_clues != 0 || config.max_clues != 0) return refuse("a clue target");
  if (config.removal != Removal::full) return refuse("quick removal");
  if (has_difficulty_target(config) || config.grade) return refuse("grading (a level, score or rating)");
  if (config.removal_node_budget) return refuse("a removal test budget");
  if (config.removal_time_budget.count() != 0) return refuse("a removal time budget");
  return std::nullopt;
}

std::optional<std::string> impossible_request(const GeneratorConfig& config) {
  if (config.variant != Variant::classic) return impossible_variant_request(config);
  const Shape& shape = config.shape;
  const int cells = shape.cells();
  if (config.min_clues < 0 || config.max_clues < 0) return std::string("a clue count cannot be negative");
  if (config.max_attempts < 1) return std::string("attempts must be at least 1");
  if (config.score && (config.score->low < 0 || config.score->low > config.score->high))
    return fmt::format("the score range {}-{} is empty", config.score->low, config.score->high);
  if (config.rating && config.rating->low < 0)
    return fmt::format("the rating range {:.1f}-{:.1f} starts below 0 (ratings run from 1.0 to 11.9)", config.rating->low,
                       config.rating->high);
  if (config.rating && !(config.rating->low >= 0 && config.rating->low <= config.rating->high))
    return fmt::format("the rating range {:.1f}-{:.1f} is empty", config.rating->low, config.rating->high);
  const Range range = clue_range(config);
  if (range.low > cells || range.high > cells)
    return fmt::format("a {}x{} grid has only {} cells", shape.n, shape.n, cells);
  if (range.low > range.high) return fmt::format("the clue range {}-{} is empty", range.low, range.high);
  if (config.engine == EngineKind::fast && !(shape.n == 9 && shape.box_rows == 3 && shape.box_cols == 3))
    return fmt::format("the fast engine solves only 9x9 grids with 3x3 boxes, not {} (use --engine auto or dlx)",
                       describe(shape));
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
  std::unique_ptr<Grader> grader;
  std::optional<Solver> solver;  // the exact removal tests' engine, when not the own search
  RemovalTester tester;          // ... or the RemovalTester (SAT, or its 9×9 fast path), when `use_tester`
  EngineKind tester_engine = EngineKind::automatic;  // what `tester` was made with
  bool use_tester = false;
  bool scout = false;            // automatic above 16×16: the own search first (kScoutNodes)
  std::optional<std::chrono::steady_clock::time_point> deadline;  // of this candidate's tests
  Grid tested;  // the puzzle handed to `solver`, kept to reuse its cells' storage
  std::map<std::tuple<int, int, int, Symmetry>, std::vector<std::vector<int>>> orbit_cache;
  std::vector<std::uint8_t> puzzle;
  std::vector<std::uint8_t> solution;
  std::vector<std::size_t> order;
  std::vector<std::uint32_t> removed;  // the orbits a removal pass took, in order (grade_and_judge)

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

  // The Solver that decides this candidate's exact removal tests, or null for the own search.
  Solver* exact_solver(const GeneratorConfig& config, std::uint64_t budget) {
    if (budget != 0) return nullptr;
    EngineKind kind = config.engine;
    if (kind == EngineKind::automatic) {
      const Shape& shape = config.shape;
      if (!(shape.n == 9 && shape.box_rows == 3 && shape.box_cols == 3)) return nullptr;
      kind = EngineKind::fast;
    }
    if (!solver || solver->engine_for(config.shape) != kind) solver.emplace(kind);
    return &*solver;
  }

  enum class Answer { unique, not_unique, unknown };

  // `puzzle` (with the tested clues cleared) has the original solution, so it is unique iff
  // a count to 2 stops at 1. Within the puzzle's budget (puzzle_budget) a count cut short
  // proves nothing: unknown, and the clue stays.
  Answer unique_by_solver(Solver& exact, const Shape& shape, const std::vector<std::uint8_t>& cells) {
    tested.shape = shape;
    tested.cells = cells;
    const SolveResult counted =
        puzzle_meter.timed() ? exact.solve(tested, 2, 0, puzzle_meter.remaining(0)) : exact.solve(tested, 2, 0);
    if (!counted.complete) return Answer::unknown;
    return counted.count == 1 ? Answer::unique : Answer::not_unique;
  }

  bool past_deadline() const {
    return (deadline && std::chrono::steady_clock::now() >= *deadline) || puzzle_meter.cancelled();
  }

  // Does the puzzle stay unique once `cells` (already cleared in `puzzle`) are gone? unknown
  // when the test ran out of its node budget or the candidate's time.
  Answer test_removal(gen::Search& engine, Solver* exact, const std::vector<int>& cells,
                      GeneratorConfig::SingleTest test, std::uint64_t budget) {
    if (past_deadline()) return Answer::unknown;
    if (scout) {
      const Answer quick = own_search_test(engine, cells, test, kScoutNodes);
      if (quick != Answer::unknown) return quick;
    }
    if (use_tester) {
      Budget limits;
      limits.nodes = budget;
      limits.deadline = deadline;
      limits.cancel = puzzle_meter.cancel();
      switch (tester.test(puzzle, cells, limits)) {
        case RemovalTester::Answer::unique: return Answer::unique;
        case RemovalTester::Answer::not_unique: return Answer::not_unique;
        case RemovalTester::Answer::unknown: return Answer::unknown;
      }
    }
    if (exact) return unique_by_solver(*exact, engine.shape(), puzzle);
    return own_search_test(engine, cells, test, budget);
  }

  // The same question to the own search, within `budget` nodes (0: none).
  Answer own_search_test(gen::Search& engine, const std::vector<int>& cells, GeneratorConfig::SingleTest test,
                         std::uint64_t budget) {
    bool unique = false;
    if (cells.size() == 1 && test == GeneratorConfig::SingleTest::forbid_digit) {
      const int cell = cells.front();
      unique = engine.count(puzzle.data(), 1, cell, solution[static_cast<std::size_t>(cell)], nullptr, budget) == 0;
    } else {
      unique = engine.count(puzzle.data(), 2, -1, 0, nullptr, budget) == 1;
    }
    if (engine.gave_up()) return Answer::unknown;
    return unique ? Answer::unique : Answer::not_unique;
  }

  // Does the puzzle stay unique once the orbit's cells (already cleared) are gone? A test
  // that runs out of its budget answers no (keeping clues is always safe) and sets
  // `undecided`. Clues that stay are committed to the SAT tester.
  bool still_unique(gen::Search& engine, Solver* exact, const std::vector<int>& orbit,
                    GeneratorConfig::SingleTest test, std::uint64_t budget, bool& undecided) {
    const Answer answer = test_removal(engine, exact, orbit, test, budget);
    if (answer == Answer::unique) return true;
    if (answer == Answer::unknown) undecided = true;
    if (use_tester)
      for (int cell : orbit) tester.commit(cell);
    return false;
  }

  // True when no single clue of `puzzle` can go (proved); stops at the first one that can,
  // or whose test runs out of budget.
  bool single_clues_all_needed(gen::Search& engine, Solver* exact, std::uint64_t budget) {
    if (use_tester) start_tester(engine.shape());  // the pass committed clues as units
    std::vector<int> one(1);
    for (std::size_t cell = 0; cell < puzzle.size(); ++cell) {
      if (puzzle[cell] == 0) continue;
      puzzle[cell] = 0;
      one[0] = static_cast<int>(cell);
      const Answer answer = test_removal(engine, exact, one, GeneratorConfig::SingleTest::forbid_digit, budget);
      puzzle[cell] = solution[cell];
      if (answer != Answer::not_unique) return false;
    }
    return true;
  }

  // Tells the tester the order of a pass of single-clue tests (see RemovalTester::plan_pass).
  void plan_pass(const std::vector<std::vector<int>>& orbits) {
    planned.clear();
    for (std::size_t k : order) planned.push_back(orbits[k].front());
    tester.plan_pass(planned);
  }
  std::vector<int> planned;  // plan_pass's cells

  void start_tester(const Shape& shape) {
    tested.shape = shape;
    tested.cells = solution;
    tester.start(tested);
  }

  enum class Verdict { fits, too_hard, misses };

  // Where a grade stands against the difficulty target: within it, past one of its upper
  // bounds (a harder level, a higher rating or score), or off it otherwise.
  static Verdict judge(const GeneratorConfig& config, const Grade& grade) {
    if (grade.status != GradeStatus::graded) return Verdict::misses;
    // Ratings carry one decimal; compare in tenths so 7.3 is in 7.0-7.3 whatever the rounding.
    const long rating = std::lround(grade.rating * 10);
    if ((config.level && grade.level > *config.level) || (config.score && grade.score > config.score->high) ||
        (config.rating && rating > std::lround(config.rating->high * 10)))
      return Verdict::too_hard;
    if (config.level && grade.level != *config.level) return Verdict::misses;
    if (config.score && grade.score < config.score->low) return Verdict::misses;
    if (config.rating && rating < std::lround(config.rating->low * 10)) return Verdict::misses;
    return Verdict::fits;
  }

  // The highest rating the target admits (its level's top, its rating range's), if any: a
  // grade stops once it is known to be past it (GradeOptions::rating_cap), which spares the
  // expensive techniques on every candidate or probe that is too hard. Any grade within it
  // is the whole grade, so what is kept and what it reports do not change.
  static std::optional<double> rating_cap(const GeneratorConfig& config) {
    std::optional<double> cap;
    if (config.level && *config.level != Level::extreme)
      for (int tenths = 0; tenths <= 200; ++tenths)  // levels are monotone in the rating
        if (level_for_rating(tenths / 10.0) <= *config.level) cap = tenths / 10.0;
    if (config.rating) cap = std::min(cap.value_or(config.rating->high), config.rating->high);
    return cap;
  }

  // How the generator grades for `config` (a candidate and every probe of its clues given back).
  GradeOptions grade_options(const GeneratorConfig& config) const {
    GradeOptions options;
    options.budget = puzzle_meter.remaining(0);  // the puzzle's budget bounds its grades too
    options.uniqueness = GradeOptions::Uniqueness::assume;
    options.record_path = false;
    options.stop_at_stall =
        config.level && *config.level != Level::extreme && !config.score && !config.rating && !config.grade;
    options.rating_cap = rating_cap(config);
    return options;
  }

  Grade grade_puzzle(const GradeOptions& options, const Grid& candidate_puzzle) {
    if (!grader) grader = std::make_unique<Grader>();
    return grader->grade(candidate_puzzle, options);
  }

  // Whether the grade kept last stopped at the rating cap (its level is then a lower bound).
  bool kept_capped = false;
  void keep_grade(const Grade& grade, GeneratedPuzzle& result) {
    kept_capped = grade.capped;
    result.graded = true;
    result.level = grade.level;
    result.score = grade.score;
    result.rating = grade.rating;
    result.hardest = grade.hardest;
  }

  // The grade of `result.puzzle` into result; false when it misses the difficulty target.
  //
  // A candidate harder than the target gets clues back (clue_back_off): its removals, in the
  // order they were made, are `taken` (orbit indices), and leaving out any of them gives a
  // unique puzzle, since it keeps every clue of the candidate, which is unique. Adding clues
  // makes a puzzle easier (more to start from; nearly always, not by law), so a binary search
  // over the prefixes of the pass finds the most removals that stay within the target's
  // upper bounds, in about log2(removals) grades; then the removals after the one that went
  // too far are tried once more, one by one, each kept while the puzzle stays within the
  // bounds (and fits, once it does): what a setter does who removes clues only while the
  // puzzle is no harder than wanted. Minimal puzzles of 16x16 are all extreme, and of 12x12
  // nearly all expert or extreme, so without this those sizes never made a hard puzzle.
  bool grade_and_judge(const GeneratorConfig& config, GeneratedPuzzle& result, bool clue_back_off,
                       const std::vector<std::uint32_t>& taken, const std::vector<std::vector<int>>& orbits) {
    const GradeOptions options = grade_options(config);
    Grade grade = grade_puzzle(options, result.puzzle);
    keep_grade(grade, result);
    Verdict verdict = judge(config, grade);
    if (verdict != Verdict::too_hard || !clue_back_off || taken.empty()) return verdict == Verdict::fits;
    // Invariant: the prefix of `easy` removals is within the bounds (none: the solution
    // itself, no step at all), the prefix of `hard` ones is past them.
    std::size_t easy = 0, hard = taken.size();
    std::optional<Grade> easy_grade;
    Grid probe(result.puzzle.shape);
    while (hard - easy > 1) {
      const std::size_t mid = easy + (hard - easy) / 2;
      probe.cells = result.solution.cells;
      for (std::size_t k = 0; k < mid; ++k)
        for (int cell : orbits[taken[k]]) probe.cells[static_cast<std::size_t>(cell)] = 0;
      Grade g = grade_puzzle(options, probe);
      // A probe the grader could not rate counts as too hard: more clues is the safe side.
      if (g.status != GradeStatus::graded || judge(config, g) == Verdict::too_hard) {
        hard = mid;
      } else {
        easy = mid;
        easy_grade = std::move(g);
      }
    }
    if (!easy_grade) return false;  // one removal already too hard: nothing in between
    result.puzzle.cells = result.solution.cells;
    for (std::size_t k = 0; k < easy; ++k)
      for (int cell : orbits[taken[k]]) result.puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    // The removals after the one that went too far, each tried once more: any subset of the
    // pass's removals leaves a unique puzzle (it keeps every clue of the candidate, which is
    // unique), so only the grade decides. A removal stays when the puzzle stays within the
    // bounds, and once it fits the target, when it still fits.
    Verdict now = judge(config, *easy_grade);
    for (std::size_t k = easy + 1; k < taken.size(); ++k) {
      probe.cells = result.puzzle.cells;
      for (int cell : orbits[taken[k]]) probe.cells[static_cast<std::size_t>(cell)] = 0;
      Grade g = grade_puzzle(options, probe);
      const Verdict v = g.status == GradeStatus::graded ? judge(config, g) : Verdict::too_hard;
      if (v == Verdict::too_hard || (now == Verdict::fits && v != Verdict::fits)) continue;
      result.puzzle.cells = probe.cells;
      now = v;
      easy_grade = std::move(g);
    }
    result.clues = static_cast<int>(std::count_if(result.puzzle.cells.begin(), result.puzzle.cells.end(),
                                                  [](std::uint8_t d) { return d != 0; }));
    // Removal `easy` (the one that went too far) is never made, and leaving it out as well
    // keeps the puzzle unique (as above): each of its clues could still go, so not minimal.
    result.minimal = false;
    result.clues_given_back = true;
    keep_grade(*easy_grade, result);
    return now == Verdict::fits;
  }

  // A variant puzzle (config.variant not classic) of this seed, with this thread's Solver.
  GeneratedPuzzle variant_candidate(const GeneratorConfig& config, std::uint64_t seed) {
    if (auto why = impossible_request(config)) throw std::invalid_argument(*why);
    const EngineKind kind = config.engine == EngineKind::dlx ? EngineKind::dlx : EngineKind::automatic;
    if (!variant_solver || variant_engine != kind) {
      variant_solver.emplace(kind);
      variant_engine = kind;
    }
    VariantOptions options;
    options.engine = kind;
    VariantPuzzle made = generate_variant(*variant_solver, config.variant, config.shape, seed, options);
    GeneratedPuzzle result;
    result.ok = true;
    result.seed = seed;
    result.candidates = 1;
    result.attempts = 1;
    result.puzzle = std::move(made.puzzle);
    result.solution = std::move(made.solution);
    result.clues = static_cast<int>(std::count_if(result.puzzle.cells.begin(), result.puzzle.cells.end(),
                                                  [](std::uint8_t d) { return d != 0; }));
    result.minimal = made.minimal;
    result.variant = config.variant;
    if (config.variant == Variant::jigsaw) result.regions = regions_string(made.rules);
    result.cages = std::move(made.rules.cages);
    return result;
  }
  std::optional<Solver> variant_solver;  // variant puzzles' searches (variant_candidate)
  EngineKind variant_engine = EngineKind::automatic;

  GeneratedPuzzle candidate(const GeneratorConfig& config, std::uint64_t seed);
  GeneratedPuzzle until_target(const GeneratorConfig& config, std::uint64_t puzzle_seed);

  /// GeneratorConfig::puzzle_budget, started when a puzzle's making starts (start_puzzle).
  BudgetMeter puzzle_meter;
  void start_puzzle(const GeneratorConfig& config) {
    Budget budget = config.puzzle_budget;
    budget.nodes = 0;
    puzzle_meter = BudgetMeter(budget);
  }
  bool puzzle_time_spent() const { return puzzle_meter.timed() && puzzle_meter.clock_passed(); }
  static GeneratedPuzzle out_of_time(GeneratedPuzzle result, std::uint64_t seed, int tried, std::string_view what) {
    result.ok = false;
    result.minimal = false;
    result.failure = fmt::format("the time for one puzzle ran out after {} {} (puzzle seed {})", tried, what, seed);
    return result;
  }
};

GeneratedPuzzle Generator::Impl::candidate(const GeneratorConfig& config, std::uint64_t seed) {
  if (config.variant != Variant::classic) return variant_candidate(config, seed);
  const Shape& shape = config.shape;
  const auto cells = static_cast<std::size_t>(shape.cells());
  gen::Search& engine = search_for(shape);
  gen::Rng rng(seed);
  GeneratedPuzzle result;
  result.seed = seed;
  result.candidates = 1;
  result.symmetry = config.symmetry;
  if (config.symmetry == Symmetry::random) {
    const auto drawable = drawable_symmetries(config);
    const auto& list = drawable.empty() ? concrete_symmetries() : drawable;
    result.symmetry = list[gen::uniform_below(rng, list.size())];
  }
  const auto& orbits = orbits_for(shape, result.symmetry);
  const bool has_target = config.min_clues > 0 || config.max_clues > 0;
  const bool quick = config.removal == Removal::quick && !config.minimal;
  // Without a symmetry a full pass is single-clue minimal by construction (see the top).
  const bool minimal_by_construction = result.symmetry == Symmetry::none && !quick && (!has_target || config.minimal);
  const Range range = clue_range(config);
  const int stop_at = drawn_clue_stop(config, range, rng);
  const std::uint64_t budget = removal_test_budget(config);
  // Exact tests under `automatic`: the RemovalTester above 16×16 (SAT) and on 9×9 (its fast
  // path: one search to a first solution with the clue's digit forbidden, instead of the
  // Solver's count to 2, which must find the known solution again before it can stop);
  // `count_two` keeps the count, for the test that compares the two.
  const bool classic9 = shape.n == 9 && shape.box_rows == 3 && shape.box_cols == 3;
  use_tester = config.engine == EngineKind::sat ||
               (config.engine == EngineKind::automatic && budget == 0 &&
                (shape.n > 16 || (classic9 && config.single_test == GeneratorConfig::SingleTest::forbid_digit)));
  if (use_tester && tester_engine != config.engine) {
    tester = RemovalTester(config.engine);
    tester_engine = config.engine;
  }
  Solver* exact = use_tester ? nullptr : exact_solver(config, budget);
  scout = use_tester && config.engine == EngineKind::automatic && shape.n > 16;  // not 9×9's fast path
  deadline.reset();
  if (config.removal_time_budget.count() > 0) deadline = std::chrono::steady_clock::now() + config.removal_time_budget;
  if (const auto& end = puzzle_meter.deadline(); end && (!deadline || *end < *deadline)) deadline = end;
  engine.set_deadline(deadline);
  engine.set_cancel(puzzle_meter.cancel());
  puzzle.resize(cells);
  solution.resize(cells);

  for (int attempt = 1; attempt <= config.max_attempts; ++attempt) {
    if (puzzle_time_spent()) return out_of_time(std::move(result), seed, attempt - 1, "attempts");
    result.attempts = attempt;
    fill(engine, rng);
    puzzle = solution;
    // Exact tests try the solution's digits first (faster witnesses, same answers); budgeted
    // ones keep the ascending order, whose node counts decide which clues stay undecided, so
    // a seed's large-grid puzzle stays what it was.
    engine.set_preferred(budget == 0 ? solution.data() : nullptr);
    if (use_tester) start_tester(shape);
    int clues = static_cast<int>(cells);
    bool undecided = false;
    order.resize(orbits.size());
    for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
    gen::shuffle(order, rng);
    if (use_tester && orbits.size() == cells && !quick) plan_pass(orbits);
    removed.clear();
    for (std::size_t k : order) {
      const auto& orbit = orbits[k];
      const int size = static_cast<int>(orbit.size());
      if (has_target && !config.minimal) {
        if (clues <= stop_at) break;
        if (clues - size < range.low) continue;
      }
      for (int cell : orbit) puzzle[static_cast<std::size_t>(cell)] = 0;
      if (still_unique(engine, exact, orbit, config.single_test, budget, undecided)) {
        clues -= size;
        removed.push_back(static_cast<std::uint32_t>(k));
        continue;
      }
      for (int cell : orbit) puzzle[static_cast<std::size_t>(cell)] = solution[static_cast<std::size_t>(cell)];
      if (quick && !has_target) break;  // stop at the first clue that must stay
    }
    if (clues < range.low || clues > range.high) continue;
    result.minimal = (minimal_by_construction && !undecided) || single_clues_all_needed(engine, exact, budget);
    result.ok = true;
    result.clues = clues;
    result.puzzle = Grid(shape);
    result.puzzle.cells = puzzle;
    result.solution = Grid(shape);
    result.solution.cells = solution;
    // Clues go back only where the puzzle's clues are free: not under a clue target or
    // --minimal, which ask for a count or for minimality.
    const bool clue_back_off = !has_target && !config.minimal;
    if (wants_grade(config) && !grade_and_judge(config, result, clue_back_off, removed, orbits)) {
      // A grade the puzzle's budget cut short judged nothing: the time is the reason.
      if (puzzle_time_spent()) return out_of_time(std::move(result), seed, attempt, "attempts");
      result.ok = false;
      result.failure = kept_capped ? fmt::format("puzzle seed {} makes a puzzle rated above {:.1f}, not {}", seed,
                                                 result.rating - 0.1, describe_target(config))
                                   : fmt::format("puzzle seed {} makes a {} puzzle (score {}), not {}", seed,
                                                 level_name(result.level), result.score, describe_target(config));
    }
    return result;
  }
  result.minimal = false;
  result.failure = fmt::format("no {} puzzle with {} clues{} in {} attempts (puzzle seed {})", describe(shape),
                               range.low == range.high ? fmt::format("{}", range.low)
                                                       : fmt::format("{}-{}", range.low, range.high),
                               config.minimal ? " after a full removal pass" : "", config.max_attempts, seed);
  return result;
}

GeneratedPuzzle Generator::Impl::until_target(const GeneratorConfig& config, std::uint64_t puzzle_seed) {
  start_puzzle(config);
  if (!has_difficulty_target(config)) return candidate(config, puzzle_seed);
  GeneratedPuzzle result;
  for (int k = 0; k < config.max_attempts; ++k) {
    if (k > 0 && puzzle_time_spent()) {
      result.seed = puzzle_seed;
      return out_of_time(std::move(result), puzzle_seed, k, "candidates");
    }
    result = candidate(config, candidate_seed(puzzle_seed, static_cast<std::uint64_t>(k)));
    result.candidates = k + 1;
    if (result.ok) return result;
  }
  result.failure = fmt::format("no {} puzzle in {} candidates (puzzle seed {}); raise --attempts or relax the target",
                               describe_target(config), config.max_attempts, puzzle_seed);
  return result;
}

Generator::Generator() : impl_(std::make_unique<Impl>()) {}
Generator::~Generator() = default;
Generator::Generator(Generator&&) noexcept = default;
Generator& Generator::operator=(Generator&&) noexcept = default;

GeneratedPuzzle Generator::generate(const GeneratorConfig& config, std::uint64_t index) {
  GeneratedPuzzle result = impl_->until_target(config, puzzle_seed(config.seed, index));
  result.index = index;
  return result;
}

GeneratedPuzzle Generator::generate_from_seed(const GeneratorConfig& config, std::uint64_t seed) {
  impl_->start_puzzle(config);
  return impl_->candidate(config, seed);
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

// sudokit/generator.hpp: uniquely solvable puzzles, reproducible from a seed.
//
// How a puzzle is made (one candidate):
//  1. Fill a random complete grid by a randomised search (constraint propagation, the most
//     constrained cell first, its digits in a random order, restarts after a fixed node budget).
//  2. Take the cells in a random order, or the orbits of a symmetry group of cells (so the
//     clue pattern stays invariant), and remove each while the puzzle stays uniquely
//     solvable. A single clue X holding digit d is tested the cheap way: the puzzle without X
//     stays unique iff it has no solution with a digit other than d at X, i.e. iff the puzzle
//     without X and with d forbidden at X has no solution (one search, limit 1, that usually
//     dies in propagation). Groups of several cells use a count with limit 2. On 9×9 the
//     exact tests go to sudokit's fast engine instead (a count to 2 of the reduced puzzle,
//     which always keeps the original solution: 2.5× the puzzles/s); see GeneratorConfig::engine.
//  3. Removal::full (the default) tries every cell/orbit once, which leaves a puzzle where no
//     clue (no orbit, with a symmetry) can go; Removal::quick stops at the first removal that
//     fails (generous puzzles, about twice as many clues on 9×9). A clue target [min_clues,
//     max_clues] stops the pass at a count drawn for each candidate, uniformly in
//     [max(min_clues, fewest_possible_clues), max_clues], from the candidate's seed (an exact
//     target draws nothing): the pass stops at the first count <= the drawn one, skipping
//     removals that would go below min_clues, so where a symmetry's orbit sizes make the
//     drawn count unreachable it stops just below it (never below min_clues). A pass that
//     cannot get down to the drawn count (every remaining clue is needed) is kept when its
//     count is still within the range, and retried with fresh randomness when it is above.
//  4. `minimal` asks for a full pass even with a clue target (the target then only filters).
//     Without a symmetry a full pass leaves a minimal puzzle: no single clue can go. With one
//     it leaves no removable orbit, but a single clue often still can (on 9×9 about 97% of
//     rot180 patterns, and nearly all rot90/dihedral ones, have one): refilling until none
//     could would almost never end for rot90/dihedral, so it is not promised. Instead
//     GeneratedPuzzle::minimal always reports the checked single-clue fact, whatever was asked.
//  5. Large grids: on 25×25 the exact removal tests explode once about 300 of the 625 clues
//     remain: one forbid-digit proof takes 1 to 60 s there and grows with every clue
//     removed, with this engine and with DLX alike (pointing/claiming, which the engine adds
//     when counting from 16×16 up, only moves the wall from ~300 to ~285 clues), because a
//     refutation must search deep in a half-empty grid. So above 16×16 each test gets a node
//     budget (kLargeGridNodeBudget) unless `minimal` is asked: a test that runs out keeps its
//     clue, which is always safe. The puzzle is unique but not proved minimal (`minimal`
//     false): about 272 clues on 25×25 in under a second, where 3000 nodes keep as many.
//  6. With a difficulty target (a grader level, a score range and/or a rating range), the
//     candidate is graded with sudokit::Grader. One that comes out harder than the target
//     (a higher level, score or rating) gets clues back, unless a clue target or `minimal`
//     fixes its clues: its removals, taken in the order the pass made them, stop at the most
//     that stay within the target's upper bounds (a binary search over the pass), and the
//     later removals are tried again one by one, each kept while the puzzle stays within
//     them (any subset of the removals leaves a unique puzzle; GeneratedPuzzle::
//     clues_given_back, `minimal` false). Grades stop at the target's top rating
//     (GradeOptions::rating_cap), so a too-hard probe costs only the cheap techniques. This is how
//     12x12 and 16x16 make puzzles below expert at all: their minimal puzzles are nearly all
//     extreme. A candidate that still misses (a step from within the bounds to past them
//     skipped the target) is replaced by the next candidate of the same puzzle: candidate k
//     of puzzle seed P has seed candidate_seed(P, k) (candidate 0 is P), up to max_attempts
//     candidates.
//
// Randomness: everything comes from one boost::random::mt19937_64 seeded with the candidate's
// seed, drawn through boost::random::uniform_int_distribution (whose algorithm is fixed by
// Boost, unlike std:: distributions), so a seed gives the same puzzle on every machine and
// compiler. Puzzle i of a run with seed S uses puzzle_seed(S, i) (splitmix64 mixing), so
// puzzles are independent of each other and of the thread count, and one puzzle can be
// regenerated alone from the seed it reports with generate_from_seed().
//
// Thread safety: a Generator keeps scratch state (and a Grader); make one per thread. The
// free functions make a temporary one.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/budget.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {

/// Symmetries of the clue pattern (of cell positions; digits are not constrained).
enum class Symmetry {
  none,
  rot180,        ///< (r, c) → (n-1-r, n-1-c): what most published puzzles use
  rot90,         ///< quarter turns (implies rot180)
  mirror,        ///< left-right: (r, c) → (r, n-1-c)
  flip,          ///< top-bottom: (r, c) → (n-1-r, c)
  diagonal,      ///< main diagonal: (r, c) → (c, r)
  antidiagonal,  ///< anti-diagonal: (r, c) → (n-1-c, n-1-r)
  dihedral,      ///< all eight of the square's symmetries
  random,        ///< one of rot180..dihedral, drawn per puzzle from its seed
};

/// "none" | "rot180" | ... | "random"
std::optional<Symmetry> parse_symmetry(std::string_view name);
std::string_view symmetry_name(Symmetry symmetry);
/// The seven proper symmetries `random` draws from, in a fixed order.
const std::vector<Symmetry>& concrete_symmetries();

/// The orbits of the cells under the group generated by `symmetry` (not `random`): each
/// orbit sorted, orbits ordered by their first cell. Sizes are 1, 2, 4 or 8.
std::vector<std::vector<int>> symmetry_orbits(const Shape& shape, Symmetry symmetry);
/// True when the set of filled cells of `puzzle` is invariant under `symmetry` (not `random`).
bool pattern_has_symmetry(const Grid& puzzle, Symmetry symmetry);

/// How far clue removal goes (see the top of this file).
enum class Removal {
  full,   ///< every cell (orbit) tried once: no clue (orbit) can go afterwards
  quick,  ///< stop at the first clue (orbit) that must stay
};
/// "full" | "quick"
std::optional<Removal> parse_removal(std::string_view name);
std::string_view removal_name(Removal removal);

/// Grader scores, both ends included.
struct ScoreRange {
  int low = 0;
  int high = 0;
};

/// Grader ratings (Sukaku Explainer's scale, one decimal), both ends included.
struct RatingRange {
  double low = 0;
  double high = 0;
};

/// What to generate. min_clues/max_clues = 0 mean "no bound"; min_clues < max_clues draws each
/// candidate's stop count in the range (step 3 at the top of this file).
struct GeneratorConfig {
  Shape shape;
  Symmetry symmetry = Symmetry::none;
  Removal removal = Removal::full;
  /// A full removal pass even with a clue target: no clue (no orbit, with a symmetry) can go.
  bool minimal = false;
  int min_clues = 0;
  int max_clues = 0;
  std::uint64_t seed = 0;  ///< the run's seed; puzzle i uses puzzle_seed(seed, i)
  /// Fill + removal passes tried per candidate before giving up on a clue target, and
  /// candidates tried per puzzle for a difficulty target.
  int max_attempts = 1000;
  /// Difficulty target: keep only candidates the grader rates at this level...
  std::optional<Level> level;
  /// ...and/or with a score in this range...
  std::optional<ScoreRange> score;
  /// ...and/or with a rating in this range.
  std::optional<RatingRange> rating;
  /// Grade every puzzle (level, score, hardest in the result) even without a target.
  bool grade = false;
  /// Search nodes one removal test may use before the clue is kept undecided (0: no limit,
  /// exact). Unset: removal_test_budget()'s choice.
  std::optional<std::uint64_t> removal_node_budget;
  /// How a single clue's removal is tested: forbid its digit (limit 1), or count (limit 2).
  /// Both give the same puzzles (a test proves it); the second exists for that test.
  enum class SingleTest { forbid_digit, count_two } single_test = SingleTest::forbid_digit;
  /// Which engine decides the exact removal tests. automatic: on 9×9 the RemovalTester's
  /// fast-engine path (a search to the first solution with the clue's digit forbidden, about
  /// 1.3× a count to 2 through the Solver; with `count_two`, that count), the own search up
  /// to 16×16 (faster there than DLX), and above 16×16 the
  /// incremental SAT RemovalTester (sudokit/removal_test.hpp: one CaDiCaL solver per
  /// candidate, each test a solve under assumptions), after the own search had a few
  /// thousand nodes to decide the test itself. dlx / fast: sudokit::Solver with that
  /// engine (fast takes 9×9 only: impossible_request says so); sat: the RemovalTester on
  /// every size. Node-budgeted tests use the own search (a node is one of its branches),
  /// except with `sat`, where a node is a conflict. Uniqueness is a fact, so every choice
  /// gives the same puzzles from exact tests; only speed differs.
  EngineKind engine = EngineKind::automatic;
  /// Wall time all removal tests of one candidate may take together (0: no limit): once it is
  /// spent every remaining test keeps its clue, so the puzzle stays unique but is not proved
  /// minimal (`minimal` false). What `--timeout` means for generate. Not reproducible.
  std::chrono::nanoseconds removal_time_budget{0};
  /// The making of one puzzle as a whole, every attempt and candidate (and their removal
  /// tests and grades) together: wall time, deadline and cancel flag (`nodes` is not used).
  /// Once spent, no further attempt or candidate is made and a target not yet met fails
  /// (ok false, with the reason); a removal pass it cuts short keeps its remaining clues, as
  /// with removal_time_budget (unique, not minimal). Unlimited by default; a server sets its
  /// per-record time, its request's deadline and its drain flag here. Not reproducible.
  Budget puzzle_budget;
  /// Issue 18's variants: x, hyper, jigsaw or killer puzzles (sudokit/variant_generator.hpp)
  /// instead of classic ones, from the same puzzle seeds. They are always minimal and take
  /// none of symmetry, removal, clue targets, budgets or difficulty (impossible_request says
  /// so); `engine` must be automatic or dlx.
  Variant variant = Variant::classic;
};

/// Why a configuration can never produce a puzzle (a clue target below what is possible for
/// the size, above the cell count, or not a sum of symmetry orbit sizes, or the fast engine
/// asked for a shape other than 9×9), or nothing.
std::optional<std::string> impossible_request(const GeneratorConfig& config);

/// Fewest clues a uniquely solvable puzzle of this shape can have, as far as is proven:
/// 17 for 9×9 (McGuire et al. 2012), 4 for 4×4, 8 for 6×6 with 2×3 boxes, and n-1
/// otherwise (with two digits absent, swapping them gives a second solution).
int fewest_possible_clues(const Shape& shape);

struct GeneratedPuzzle {
  /// false when a clue or difficulty target was not reached in max_attempts (and, from
  /// generate_batch, when making this index threw: `failure` then says "internal error: ...").
  bool ok = false;
  std::string failure;      ///< why, when !ok
  std::uint64_t index = 0;  ///< position in the run
  std::uint64_t seed = 0;   ///< the puzzle seed: generate_from_seed(config, seed) gives it again
  Grid puzzle;
  Grid solution;
  int clues = 0;
  Symmetry symmetry = Symmetry::none;  ///< the one applied (`random` resolved)
  /// Checked: no single clue can be removed without losing uniqueness.
  bool minimal = false;
  /// The removal pass went past the difficulty target and the puzzle got its last removed
  /// clues back until it fit (step 6 at the top of this file): unique, not minimal.
  bool clues_given_back = false;
  int attempts = 0;  ///< fill + removal passes used by the accepted candidate
  /// Candidates made for this puzzle (1 without a difficulty target): the last one is the
  /// puzzle, the others missed the target.
  int candidates = 0;
  /// The grader's verdict (config.grade or a difficulty target), for the puzzle made.
  bool graded = false;
  Level level = Level::easy;
  int score = 0;
  double rating = 0;  ///< on Sukaku Explainer's scale (Grade::rating)
  std::optional<Technique> hardest;
  /// The variant's per-puzzle rules (classic puzzles: classic, "" and none).
  Variant variant = Variant::classic;
  std::string regions;       ///< jigsaw: the region map (regions_string: N² symbols)
  std::vector<Cage> cages;   ///< killer: the cages, each's cells ascending, by first cell
};

/// The default removal-test budget on grids above 16×16 (see the top of this file).
inline constexpr std::uint64_t kLargeGridNodeBudget = 256;
/// The node budget of each removal test: config.removal_node_budget when set, else 0 (exact)
/// with `minimal` or up to 16×16, else kLargeGridNodeBudget.
std::uint64_t removal_test_budget(const GeneratorConfig& config);

/// True when the configuration asks for grading (a level, a score range or config.grade).
bool wants_grade(const GeneratorConfig& config);
/// True when a difficulty target filters candidates (a level or a score range).
bool has_difficulty_target(const GeneratorConfig& config);

/// splitmix64's output function: a bijective 64-bit mix.
std::uint64_t splitmix64(std::uint64_t x);
/// The seed of puzzle `index` of a run with seed `run_seed`.
std::uint64_t puzzle_seed(std::uint64_t run_seed, std::uint64_t index);
/// The seed of candidate `attempt` of a puzzle (candidate 0 is the puzzle seed itself).
std::uint64_t candidate_seed(std::uint64_t puzzle_seed, std::uint64_t attempt);

class Generator {
 public:
  Generator();
  ~Generator();
  Generator(Generator&&) noexcept;
  Generator& operator=(Generator&&) noexcept;

  /// Puzzle `index` of the run described by config (uses config.seed): candidates
  /// candidate_seed(puzzle_seed(config.seed, index), k), k = 0, 1, ..., until one meets the
  /// difficulty target (the first, without one). `seed` in the result is that candidate's.
  GeneratedPuzzle generate(const GeneratorConfig& config, std::uint64_t index);
  /// The one candidate of this seed (index left 0; config.seed ignored): what generate()
  /// reported with this seed. With a difficulty target it is graded, and !ok when it misses.
  GeneratedPuzzle generate_from_seed(const GeneratorConfig& config, std::uint64_t seed);
  /// A random complete grid of the shape, from a seed.
  Grid random_solution(const Shape& shape, std::uint64_t seed);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

GeneratedPuzzle generate_one(const GeneratorConfig& config, std::uint64_t index);
GeneratedPuzzle generate_from_seed(const GeneratorConfig& config, std::uint64_t seed);

/// Canonical form under the Sudoku symmetries: digit relabelling, row swaps within bands,
/// column swaps within stacks, band swaps, stack swaps and (square boxes only) transposition.
/// Two puzzles are equivalent iff their canonical forms are equal. Exhaustive over the column
/// arrangements, so only for shapes with at most kCanonicalColumnLimit of them (4×4, 6×6,
/// 8×8, 9×9); for other shapes it returns nothing.
inline constexpr std::uint64_t kCanonicalColumnLimit = 5000;
std::optional<std::vector<std::uint8_t>> canonical_form(const Grid& puzzle);
/// The weaker form used where canonical_form gives nothing: digits relabelled by first
/// appearance in reading order (equal for puzzles that differ only by digit names).
std::vector<std::uint8_t> relabelled_form(const Grid& puzzle);

}  // namespace sudokit

// sudokit/grader.hpp: grade a puzzle the way a person solves it, on Sukaku Explainer's scale.
//
// A puzzle book sells "easy" to "extreme"; a reader notices when an "easy" one needs an
// X-Wing. The grader therefore solves like a person: it keeps pencil marks (candidates) and
// applies human techniques, always the easiest one available, recording every step.
//
// The rating follows Sukaku Explainer (SE, the community's reference rater, scale 1.0-11.9):
// every technique has SE's value for it (hidden single in a box 1.2, in a line 1.5, naked
// single 2.3, pointing 2.6, X-Wing 3.2, XY-Wing 4.2, unique rectangle 4.5, forcing X-chain
// 6.6 ...; see technique_rating()), chains add SE's length adjustment (step_rating()), and the
// puzzle's `rating` is the hardest step of the path that always takes the easiest step
// available, which is SE's own definition. From it:
//
//   level    a monotone function of the rating (level_for_rating()):
//              easy     rating < 2.5   singles, direct hidden pairs
//              medium   < 4.0          locked candidates, pairs, triples, X-Wing, Swordfish
//              hard     < 6.0          wings, turbot fish, empty rectangles, unique
//                                      rectangles and loops, quads, Jellyfish, BUG
//              expert   < 7.5          aligned pair exclusion, X-/XY-chains, AICs, cycles
//              extreme  >= 7.5         Nishio, forcing chains, dynamic chains, guessing
//   hardest  the technique of the hardest step;
//   score    the sum of per-technique weights over the path (HoDoKu's spirit, an effort
//            measure that also grows with the number of hard steps; technique_weight()).
//
// When logic stalls, the grader records a `guess` step (it writes the solution's digit in an
// unsolved cell with fewest candidates, rated kGuessRating) and carries on, so every path
// reaches the solution. `guesses` separately reports how many branch points a Dancing-Links
// search needs from the first stalled state.
//
// Invariance: rating, score, level and the path (up to the transformation) are the same for
// every puzzle equivalent under transposition, band/stack and row/column permutations and
// digit relabelling: 9×9 (and smaller) puzzles are solved in a canonical form of their
// symmetry class and the path is mapped back (see src/canonical.hpp).
//
// Uniqueness techniques (unique rectangles, BUG) are only valid when the puzzle has exactly
// one solution. By default the grader checks that with the solver before grading and uses
// them only then; GradeOptions can skip the check (the caller knows) or turn them off.
//
// Sizes: every technique is written over the houses of sudokit::Shape, so 4×4, 6×6, 16×16
// grade too (up to kMaxSize); the techniques were designed and tested on 9×9 first.
//
// Budget: GradeOptions::budget bounds one grade (nodes and/or time, sudokit/budget.hpp); a
// grade that runs out is GradeStatus::unknown with the steps taken so far.
// Variants (sudokit/variant.hpp, the overloads taking Rules): the same techniques over the
// variant's houses (jigsaw regions instead of boxes; x's diagonals and hyper's windows as
// extra houses 3n..; killer cage mates as peers), plus, for killer, three cage-sum techniques
// (cage combinations 2.2, cage-locked digits 2.6, innies/outies from 2.8; see killer.cpp).
// Variants are graded in their given orientation (no canonical form) and without uniqueness
// techniques (their deadly patterns are proved for classic Sudoku only). Levels are the same
// function of the rating.
//
// Example:
//   sudokit::Grade g = sudokit::grade(puzzle);
//   if (g.status == sudokit::GradeStatus::graded) use(g.rating, g.level, g.hardest);
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/budget.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

/// Human techniques in the order the grader tries them (simplest first), then `guess`.
enum class Technique : std::uint8_t {
  full_house,
  naked_single,
  hidden_single,
  locked_pointing,
  locked_claiming,
  naked_pair,
  hidden_pair,
  naked_triple,
  hidden_triple,
  unique_rectangle_1,
  bug_plus_1,
  naked_quad,
  skyscraper,
  x_wing,
  two_string_kite,
  w_wing,
  hidden_quad,
  swordfish,
  simple_colouring,
  xy_wing,
  jellyfish,
  xyz_wing,
  x_chain,
  xy_chain,
  aic,
  // Added for SE's scale (tried in order of rating, not of this enum; see kLadder).
  direct_pointing,       ///< pointing that leaves a hidden single (SE 1.7)
  direct_claiming,       ///< claiming that leaves a hidden single (SE 1.9)
  direct_hidden_pair,    ///< hidden pair that leaves a hidden single (SE 2.0)
  direct_hidden_triple,  ///< hidden triple that leaves a hidden single (SE 2.5)
  turbot_fish,           ///< conjugate pair, weak link, conjugate pair (SE 4.2)
  empty_rectangle,       ///< a box whose digit lies on one row and one column, with a conjugate pair (SE 4.2)
  unique_rectangle_2,
  unique_rectangle_3,
  unique_rectangle_4,
  wxyz_wing,
  // The hardest families (advanced.hpp: als.cpp, aligned_exclusion.cpp, forcing_chains.cpp).
  aligned_pair_exclusion,
  sue_de_coq,
  als_xz,
  als_xy_wing,
  death_blossom,
  aligned_triple_exclusion,
  nishio,
  cell_forcing_chain,
  region_forcing_chain,
  dynamic_contradiction,
  dynamic_forcing_chain,
  dynamic_forcing_chain_plus,
  guess,
  // Added after `guess` so that the techniques before keep their numbers (the C API's
  // technique numbers, csv columns); tried in order of rating like the rest (see kLadder).
  finned_x_wing,      ///< X-Wing with fins in one box, sashimi included (SE has none: 5.4, fish.cpp)
  finned_swordfish,   ///< (5.5)
  finned_jellyfish,   ///< (5.6)
  unique_loop_1,      ///< unique loop of 6-10 cells, one cell with extras (SE 4.6-5.0, unique_loops.cpp)
  unique_loop_2,      ///< the extras one digit x, removed from cells seeing them all (SE 4.7-5.1)
  unique_loop_4,      ///< two extra cells in a house where a is locked: b leaves both (SE 4.7-5.1)
  bug_type_2,         ///< BUG+n: every extra candidate the same digit (SE 5.7)
  // Killer cage sums (killer.cpp; only on killer rules).
  cage_combination,  ///< digits in no feasible combination of a cage leave its cells
  innies_outies,     ///< rule of 45: one to five cells left over by whole houses' cages
  cage_locked_digit, ///< a digit a cage must hold leaves the cells seeing all its places there
  // Added after the killer techniques, so that every number above keeps its place (branch
  // gtech2; uniqueness_more.cpp and medusa.cpp).
  medusa_3d,              ///< two-colouring of all digits' strong links (SE has none: 7.0 + length, as an AIC)
  unique_rectangle_5,     ///< two diagonal or three corners with the same single extra x (SE's type 2: 4.6)
  unique_rectangle_6,     ///< diagonal floor, a locked in the rectangle's rows or columns: a leaves the roof (4.7)
  hidden_rectangle,       ///< a bivalue corner, a locked in the opposite corner's row and column (4.7)
  avoidable_rectangle_1,  ///< three solved (not given) corners a,b,b: the fourth is not a (4.5, as UR 1)
  avoidable_rectangle_2,  ///< two solved corners a,b; the others {b,x},{a,x}: x leaves their common peers (4.6)
  bug_type_3,             ///< BUG extras as a virtual cell of a naked subset (SE 5.7 + 0.1 per digit past one)
  bug_type_4,             ///< two BUG cells sharing a house and one locked digit (SE 5.7)
};
inline constexpr int kTechniqueCount = static_cast<int>(Technique::bug_type_4) + 1;

/// Levels in increasing rating (level_for_rating()).
enum class Level : std::uint8_t { easy, medium, hard, expert, extreme };

/// The SE value a guess step is rated: logic, dynamic forcing chains included, stalled; SE
/// would need nested forcing chains (9.5 and up).
inline constexpr double kGuessRating = 9.5;

/// "hidden-single", "x-wing", ... (lower case, '-' between words; stable, used in output).
std::string_view technique_name(Technique technique);
std::optional<Technique> parse_technique(std::string_view name);
/// Score of one application (HoDoKu-like weights; guess 1000).
int technique_weight(Technique technique);
/// SE's base value of the technique (chains add a length adjustment, see step_rating()).
double technique_rating(Technique technique);
/// The level a puzzle needing this technique gets (at least): level_for_rating(technique_rating()).
Level technique_level(Technique technique);
/// The level of a rating: easy < 2.5 <= medium < 4.0 <= hard < 6.0 <= expert < 7.5 <= extreme.
/// Monotone: a higher rating never gets a lower level.
Level level_for_rating(double rating);
/// SE's chain length adjustment for a chain of `nodes` candidates (on and off): +0.1 past 4,
/// 6, 8, 12, 16, 24, 32, ... nodes.
double chain_length_adjustment(int nodes);
/// True for unique rectangles and loops and BUG, which assume the puzzle has one solution.
bool needs_uniqueness(Technique technique);

/// "easy" | "medium" | "hard" | "expert" | "extreme"
std::string_view level_name(Level level);
std::optional<Level> parse_level(std::string_view name);

/// A digit in a cell: a placement, an elimination, or a link of a chain.
struct CellDigit {
  int cell = 0;
  int digit = 0;
  friend bool operator==(const CellDigit&, const CellDigit&) = default;
  friend auto operator<=>(const CellDigit&, const CellDigit&) = default;
};

/// One step of the solving path.
struct Step {
  Technique technique = Technique::guess;
  std::vector<CellDigit> placements;    ///< digits written in cells
  std::vector<CellDigit> eliminations;  ///< candidates removed, sorted by cell then digit
  std::vector<int> cells;               ///< the cells forming the pattern
  std::uint64_t digits = 0;             ///< the pattern's digits (bit d-1 for digit d)
  std::vector<int> houses;              ///< houses involved: 0..n-1 rows, n..2n-1 columns, 2n..3n-1 boxes
                                        ///< (jigsaw regions), 3n.. a variant's extra houses in its rules' order
  /// Chains: the nodes in order, each a cell and the digit that is true there when the
  /// chain's start is false. Simple colouring: the coloured cells, digit 1 or 2 = colour.
  /// Innies/outies: the left-over cells, each with the sum they add up to (not a digit).
  std::vector<CellDigit> chain;
  /// SE value of this step (technique value plus chain length adjustment), set by the grader.
  double rating = 0.0;
};

/// SE value of a step: technique_rating() plus, for chains, chain_length_adjustment().
double step_rating(const Step& step);

/// A solver's-guide line: "Swordfish on 4, rows 2 5 8, removes 4 from r3c7".
std::string describe_step(const Step& step, const Shape& shape);
/// The same naming a variant's houses (regions, diagonals, windows) and killer cages.
std::string describe_step(const Step& step, const Rules& rules);

enum class GradeStatus : std::uint8_t {
  graded,       ///< a path to the solution was found (possibly with guesses)
  invalid,      ///< the givens clash or a digit is out of range
  no_solution,  ///< the givens admit no solution
  /// GradeOptions::budget ran out: the grade describes the steps taken so far (`rating` and
  /// `hardest` are lower bounds, `counts` and `path` the steps taken); `error` says where.
  unknown,
};

struct Grade {
  GradeStatus status = GradeStatus::graded;
  Level level = Level::easy;
  /// SE-scale rating: the hardest step of the path (0 when nothing was needed), one decimal.
  double rating = 0.0;
  int score = 0;
  /// Hardest technique on the path (guess when logic stalled); empty when nothing was needed.
  std::optional<Technique> hardest;
  /// Hardest technique of the path short of guessing. Past a guess the path may take any step
  /// rated up to the guess's (see GradeOptions::easiest_path), so there this can name a harder
  /// technique than the easiest way on would need; before the first guess it cannot.
  std::optional<Technique> hardest_logical;
  std::array<int, kTechniqueCount> counts{};  ///< applications per technique
  int givens = 0;
  bool unique = false;            ///< the puzzle has exactly one solution (when checked)
  bool used_uniqueness = false;   ///< uniqueness techniques were allowed
  /// Branch points of a Dancing-Links search from the first stalled state (0 when logic
  /// alone solved the puzzle).
  std::uint64_t guesses = 0;
  std::vector<Step> path;  ///< the solving path (empty unless GradeOptions::record_path)
  std::string error;       ///< invalid / no_solution: why
  /// The grade stopped at GradeOptions::rating_cap: `rating` is the cap plus 0.1, a lower bound.
  bool capped = false;
};

struct GradeOptions {
  enum class Uniqueness : std::uint8_t {
    check,   ///< ask the solver; use UR/BUG only when the puzzle is unique (default)
    assume,  ///< the caller guarantees a unique puzzle: use UR/BUG without checking
    off,     ///< never use UR/BUG
  };
  Uniqueness uniqueness = Uniqueness::check;
  bool record_path = true;
  /// Give up at the first stall instead of guessing on (level extreme, path incomplete).
  bool stop_at_stall = false;
  /// Stop as soon as the rating is known to be above this: the easiest step left is rated
  /// higher, or nothing rated within it is left (techniques rated above it are not asked, so
  /// a grade that goes past it costs only the cheap techniques). Such a grade has `capped`
  /// set, `rating` the cap plus 0.1 (a lower bound: ratings go in tenths) and `level` from
  /// it; its path, score and counts are the steps before. A grade within the cap
  /// is the same as without one. For callers that only need to know whether a puzzle is
  /// within a rating (the generator's difficulty targets).
  std::optional<double> rating_cap;
  /// Take the easiest step at every point of the path, as Sukaku Explainer does. By default
  /// the path does that up to its hardest step so far, and past it, where the basic
  /// techniques have nothing, takes whichever step is cheapest to find among those rated no
  /// higher (several from one AIC or forcing-chain search): the rating stays the hardest step's,
  /// only the later steps (and so `score` and the path) differ. The same rating on 2,917 of
  /// the 2,921 puzzles of grade_diff_bench (4 are 0.1 lower), about 2.5× faster on top1465
  /// (docs/PERFORMANCE.md, Grader speed, session 8). A guess is such a hardest step (rated
  /// kGuessRating): past one, any step rated up to it may follow (1.3× faster on
  /// hardest_1106 with every rating the same; `score` and `hardest_logical` can differ).
  bool easiest_path = false;
  /// Stop after the uniqueness check when the puzzle has two solutions or more: the grade
  /// then says only that (`unique` false, no path, no rating). For callers that report such
  /// puzzles as "multiple" without a grade (the record commands): grading an empty 16x16 to
  /// throw the answer away took seconds.
  bool only_unique = false;
  /// Per grade (sudokit/budget.hpp). A node is a search node of the solver's uniqueness
  /// check or of the guess count, or one technique tried on one board, so a node budget
  /// stops at the same step on every machine. Time is checked after every technique tried,
  /// so a grade overruns its deadline by at most one finder call (milliseconds on 9x9). A
  /// grade that runs out has status `unknown`.
  Budget budget;
};

/// Holds reusable state (solvers, house tables); one per thread. Not thread-safe.
class Grader {
 public:
  /// `engine` runs the uniqueness check (a count to 2), whose first solution the guess steps
  /// place; `guesses` stays Dancing Links' branch count whatever the engine, so a unique
  /// puzzle grades the same with every engine (a puzzle with several solutions may follow a
  /// different one). EngineKind::fast on a grid other than 9×9 grades it `invalid`.
  explicit Grader(EngineKind engine = EngineKind::automatic);
  ~Grader();
  Grader(Grader&&) noexcept;
  Grader& operator=(Grader&&) noexcept;

  Grade grade(const Grid& puzzle, const GradeOptions& options = {});
  /// Under a variant's rules (rules.shape must be the puzzle's); classic rules grade as above.
  /// The engine must take variants (automatic or dlx; fast and sat grade it `invalid`).
  Grade grade(const Grid& puzzle, const Rules& rules, const GradeOptions& options = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Grades with a per-thread Grader (convenient; deterministic).
Grade grade(const Grid& puzzle, const GradeOptions& options = {});
Grade grade(const Grid& puzzle, const Rules& rules, const GradeOptions& options = {});

}  // namespace sudokit

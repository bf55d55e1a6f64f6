// sudokit/grader.hpp: grade a puzzle the way a person solves it.
//
// A puzzle book sells "easy" to "expert"; a reader notices when an "easy" one needs an
// X-Wing. The grader therefore solves like a person: it keeps pencil marks (candidates) and
// applies human techniques, always the simplest one that makes progress, recording every
// step. The rating follows from that solving path:
//
//   hardest  the hardest technique the path needed;
//   score    the sum of the technique weights over the path (HoDoKu's spirit: a naked single
//            costs 4, an X-Wing 140, a chain 260; see technique_weight());
//   level    from the hardest technique (technique_level()):
//              easy     singles only (full house, naked single, hidden single)
//              medium   locked candidates, naked/hidden pairs and triples
//              hard     quads, fish (X-Wing, Swordfish, Jellyfish), single-digit patterns
//                       (Skyscraper, 2-String Kite, simple colouring), wings (XY, XYZ, W),
//                       unique rectangle type 1, BUG+1
//              expert   chains (X-Chain, XY-Chain, alternating inference chains)
//              extreme  logic stalls: guessing required
//
// When logic stalls, the grader records a `guess` step (it places the solver's digit in the
// unsolved cell with fewest candidates, weight 1000) and carries on, so every path reaches
// the solution and the per-technique counts cover the whole puzzle. `guesses` separately
// reports how many branch points a Dancing-Links search needs from the first stalled state.
//
// Uniqueness techniques (unique rectangle type 1, BUG+1) are only valid when the puzzle has
// exactly one solution. By default the grader checks that with the solver before grading
// and uses them only then; GradeOptions can skip the check (the caller knows) or turn them
// off. Everything is deterministic: the same puzzle always gets the same path and grade.
//
// Sizes: every technique is written over the houses of sudokit::Shape, so 4×4, 6×6, 16×16
// grade too (up to kMaxSize); the techniques were designed and tested on 9×9 first.
//
// Example:
//   sudokit::Grade g = sudokit::grade(puzzle);
//   if (g.status == sudokit::GradeStatus::graded) use(g.level, g.score, g.hardest);
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"

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
  // The hardest families (als.cpp, sue_de_coq.cpp, aligned_exclusion.cpp, forcing_chains.cpp);
  // appended here as one block: where they sit on the ladder is the grader core's decision.
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
};
inline constexpr int kTechniqueCount = static_cast<int>(Technique::guess) + 1;

enum class Level : std::uint8_t { easy, medium, hard, expert, extreme };

/// "hidden-single", "x-wing", ... (lower case, '-' between words; stable, used in output).
std::string_view technique_name(Technique technique);
std::optional<Technique> parse_technique(std::string_view name);
/// Score of one application (HoDoKu-like weights; guess 1000).
int technique_weight(Technique technique);
/// The level a puzzle needing this technique gets (at least).
Level technique_level(Technique technique);
/// True for unique rectangle and BUG+1, which assume the puzzle has one solution.
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
  /// Chains: the nodes in order, each a cell and the digit that is true there when the
  /// chain's start is false. Simple colouring: the coloured cells, digit 1 or 2 = colour.
  std::vector<CellDigit> chain;
};

/// A person-readable line: "hidden single: 7 in box 2 only at r3c5 => r3c5=7".
std::string describe_step(const Step& step, const Shape& shape);

enum class GradeStatus : std::uint8_t {
  graded,       ///< a path to the solution was found (possibly with guesses)
  invalid,      ///< the givens clash or a digit is out of range
  no_solution,  ///< the givens admit no solution
};

struct Grade {
  GradeStatus status = GradeStatus::graded;
  Level level = Level::easy;
  int score = 0;
  /// Hardest technique on the path (guess when logic stalled); empty when nothing was needed.
  std::optional<Technique> hardest;
  /// Hardest technique short of guessing (what the reader needed before the stall).
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

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Grades with a per-thread Grader (convenient; deterministic).
Grade grade(const Grid& puzzle, const GradeOptions& options = {});

}  // namespace sudokit

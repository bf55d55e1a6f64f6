// sudokit/solver.hpp: the one door to sudokit's solving engines.
//
// Three engines sit behind it and must always agree:
//  - dlx:  Knuth's Dancing Links over the exact-cover encoding of an N×N Sudoku
//          (any size the grid model supports);
//  - fast: a bit-parallel 9×9 engine with constraint propagation, for the traffic that is
//          nearly all 9×9;
//  - sat:  a CDCL SAT solver (CaDiCaL) over a compact CNF encoding, for large grids, where
//          clause learning avoids the deep refutations that make DLX explode.
// `automatic` picks fast for 9×9, dlx for small sizes and sat for large ones (kSatFromSize;
// the cut-over is measured in bench/big_bench.cpp, see docs/PERFORMANCE.md).
//
// Variants (sudokit/variant.hpp: x, hyper, jigsaw, killer) go through the overloads that take
// Rules. `automatic` solves them with the fast variant engine (bitmask candidates over the
// rules' houses, singles, locked candidates, killer cage combinations; tables kept per rule
// set, so repeated counts on one rule set build nothing); `dlx` with the DLX encoding
// generalised over the rules' houses and cages, kept as the oracle. fast and sat refuse them.
//
// Budgets (sudokit/budget.hpp): solve() and enumerate() take an optional Budget; a search
// that runs out stops and says so (SolveResult::complete false; count is then a lower bound).
//
// A Solver holds an engine's reusable state: make one per thread and feed it puzzles; it
// allocates nothing per puzzle once warm (for a given size). It is not thread-safe.
//
// Example:
//   sudokit::Solver solver;                        // automatic engine
//   auto result = solver.solve(puzzle, /*limit=*/2);
//   if (result.count == 1) use(result.solutions[0]);   // unique
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "sudokit/budget.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

enum class EngineKind { automatic, dlx, fast, sat };

/// From this size up `automatic` uses the SAT engine (below it DLX, or fast on 9×9).
inline constexpr int kSatFromSize = 20;

/// "auto" | "dlx" | "fast" | "sat"
std::optional<EngineKind> parse_engine(std::string_view name);
std::string_view engine_name(EngineKind kind);

/// Machine-independent cost of a search; the same on every machine, so usable in benchmarks
/// and as a rough difficulty signal. Engines fill what they measure and leave the rest 0.
struct SearchStats {
  std::uint64_t nodes = 0;    ///< search-tree nodes (choices tried): DLX rows tried, fast-engine guesses+1,
                              ///< SAT conflicts
  std::uint64_t updates = 0;  ///< DLX link updates (Knuth's "updates"); 0 for the fast engine
  std::uint64_t guesses = 0;  ///< branch points with more than one live choice

  SearchStats& operator+=(const SearchStats& o) {
    nodes += o.nodes;
    updates += o.updates;
    guesses += o.guesses;
    return *this;
  }
};

struct SolveResult {
  /// Solutions found, counting stops at the limit: count < limit means the count is exact
  /// (when complete).
  std::uint64_t count = 0;
  /// False when the Budget ran out first: `count` (and `solutions`) are then only what was
  /// found, a lower bound. True whenever the search finished or reached `limit`.
  bool complete = true;
  /// The first min(count, keep) solutions in the engine's search order.
  std::vector<Grid> solutions;
  SearchStats stats;
};

class Solver {
 public:
  explicit Solver(EngineKind kind = EngineKind::automatic);
  ~Solver();
  Solver(Solver&&) noexcept;
  Solver& operator=(Solver&&) noexcept;

  /// Counts the solutions of `puzzle` up to `limit` (>= 1) and keeps the first `keep`.
  /// limit 1: find a solution; limit 2: decide uniqueness (count == 1).
  /// Givens that clash give count 0, and so does a digit past N (answered at the door: the
  /// engines never see it); they are never an error here (the verifier names them).
  /// Throws std::invalid_argument when the engine cannot take the shape (fast on non-9×9).
  /// With a limited `budget` the search may stop early: result.complete is then false.
  /// (The fast engine has no node counter inside: under `automatic` a node budget sends 9×9
  /// to DLX; on an explicit `fast` a budget is checked per solution found, its nodes then
  /// counting solutions; its searches between two solutions take microseconds.)
  SolveResult solve(const Grid& puzzle, std::uint64_t limit = 2, std::size_t keep = 1, const Budget& budget = {});

  /// solve() with keep = 1 for bulk callers: the first solution, when the count is not 0, is
  /// written into `first` (given the puzzle's shape only when it has another; its cells say
  /// nothing when the count is 0), so a caller that keeps `first` from one puzzle to the next
  /// allocates nothing once warm. Returns the
  /// count; `stats` is added to and `complete` set as in SolveResult. Same answers as solve().
  std::uint64_t solve_first(const Grid& puzzle, std::uint64_t limit, Grid& first, SearchStats& stats, bool& complete,
                            const Budget& budget = {});

  /// Calls `on_solution` for each solution in search order until it returns false or `limit`
  /// solutions have been visited; returns how many were visited. Stats, if asked for, are added to.
  /// When `complete` is not null it is set to false if the budget ran out first (else true).
  std::uint64_t enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& on_solution,
                          std::uint64_t limit = UINT64_MAX, SearchStats* stats = nullptr, const Budget& budget = {},
                          bool* complete = nullptr);

  /// The same under a variant's rules (sudokit/variant.hpp; rules.shape.n must be the
  /// puzzle's N). Classic rules take the classic path above. Any other variant is solved by
  /// the fast variant engine under `automatic` (any size; a node is a placement tried at a
  /// branch point, and node and time budgets are checked inside its search) and by the DLX
  /// engine over the rules' houses and cages under `dlx`; the two give the same counts and
  /// solution sets (tested), not necessarily in the same order. The fast and SAT engines
  /// know classic Sudoku only and throw std::invalid_argument with the reason.
  SolveResult solve(const Grid& puzzle, const Rules& rules, std::uint64_t limit = 2, std::size_t keep = 1,
                    const Budget& budget = {});
  std::uint64_t enumerate(const Grid& puzzle, const Rules& rules, const std::function<bool(const Grid&)>& on_solution,
                          std::uint64_t limit = UINT64_MAX, SearchStats* stats = nullptr, const Budget& budget = {},
                          bool* complete = nullptr);

  /// The engine this solver would use for a puzzle of this shape.
  EngineKind engine_for(const Shape& shape) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudokit

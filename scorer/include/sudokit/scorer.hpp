// sudokit/scorer.hpp: the "target Sudoku" score (NOIP 2009, 靶形数独), exact.
//
// Every cell has a weight; a solution scores Σ weight × digit over all cells, and a puzzle
// scores the best score over ALL of its solutions, or -1 when it has none (clashing givens
// included). The contest's 9×9 weights are 6 on the outer ring, then 7, 8, 9, and 10 in the
// centre; for any N×N this library uses the same rings, weight(r, c) = 6 + min(r, c,
// N-1-r, N-1-c) (so 4×4 is 6/7, 16×16 runs 6..13). Any other N×N integer table can be given.
//
// Two methods, which must always agree:
//  - branch_and_bound (default): depth-first search with singles propagation and a
//    Lagrangian bound (see scorer/src/branch_and_bound.cpp) that proves the optimum while
//    visiting a tiny part of the solution space;
//  - enumerate: visit every solution with a sudokit::Solver (Solver::enumerate; the engine
//    is the Scorer's, automatic by default) and keep the best, the slow oracle the tests
//    compare against. Among solutions with the best score it keeps the smallest in reading
//    order, so a finished enumeration gives the same answer with every engine.
//
// A budget (nodes and/or wall time or a deadline; sudokit::Budget) stops a search that would
// take too long; the result then holds the best solution found so far with proven = false,
// and (branch_and_bound) the proven upper bound.
//
// Example:
//   sudokit::Scorer scorer;                                      // one per thread
//   auto result = scorer.score(puzzle, sudokit::Weights::target(9));
//   if (result.solution) fmt::print("{}\n", result.score);       // else score == -1
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {

/// An N×N table of integer cell weights, row-major.
class Weights {
 public:
  /// The contest's rings, generalised: 6 + min(r, c, n-1-r, n-1-c).
  static Weights target(int n);
  /// A table from text: N² whitespace-separated integers (N >= 1, N² of them exactly);
  /// '#' starts a comment that runs to the end of the line. `why` gets the reason on failure.
  static std::optional<Weights> parse(std::string_view text, std::string* why = nullptr);
  /// A table from explicit values (values.size() must be n²).
  static std::optional<Weights> from_values(int n, std::vector<std::int64_t> values, std::string* why = nullptr);

  int n() const { return n_; }
  std::int64_t at(int cell) const { return values_[static_cast<std::size_t>(cell)]; }
  std::int64_t at(int row, int col) const { return at(row * n_ + col); }
  const std::vector<std::int64_t>& values() const { return values_; }

 private:
  Weights(int n, std::vector<std::int64_t> values) : n_(n), values_(std::move(values)) {}
  int n_ = 0;
  std::vector<std::int64_t> values_;
};

/// Σ weight × digit over every cell (empty cells count 0). Shapes must match in size.
std::int64_t weighted_sum(const Grid& grid, const Weights& weights);

enum class ScoreMethod { branch_and_bound, enumerate };

/// "bnb" | "enumerate"
std::optional<ScoreMethod> parse_score_method(std::string_view name);
std::string_view score_method_name(ScoreMethod method);

/// When to give up proving: the library-wide Budget (sudokit/budget.hpp), for one score()
/// call. For branch_and_bound a node is one search node (a branch tried); for enumerate it
/// is one solution visited.
using ScoreBudget = Budget;

/// Parses "--budget" text: "100000" (nodes), "5s", "250ms", "2m" (wall time).
std::optional<ScoreBudget> parse_score_budget(std::string_view text, std::string* why = nullptr);

struct ScoreProgress {
  std::uint64_t nodes = 0;
  std::int64_t best = -1;     ///< best score found so far (-1 before the first solution)
  bool has_best = false;
  double seconds = 0;
};

/// Without a time or node budget a score may search for hours: the budget per record of the
/// program (`sudokit score --timeout`'s default), of the C API and of the Python module.
inline constexpr double kDefaultScoreTimeoutSeconds = 60;

struct ScoreOptions {
  ScoreMethod method = ScoreMethod::branch_and_bound;
  ScoreBudget budget;
  /// Called from the searching thread about every `progress_interval` while it runs.
  std::function<void(const ScoreProgress&)> on_progress;
  std::chrono::milliseconds progress_interval{500};
};

struct ScoreResult {
  /// Best score found; -1 when no solution was found (none exists when proven is true).
  /// With weights that can make a real score negative, test `solution`, not the value.
  std::int64_t score = -1;
  /// One solution reaching `score`.
  std::optional<Grid> solution;
  /// True when the search finished: `score` is the optimum (or there is no solution).
  bool proven = false;
  /// No solution scores more than this (proven; branch_and_bound only, and only when the
  /// givens allow a solution at all past propagation). Equal to `score` when proven with a
  /// solution; with an unfinished search, the gap to `score` is what is left to prove.
  std::optional<std::int64_t> upper_bound;
  /// Search nodes (branch_and_bound) or solutions visited (enumerate).
  std::uint64_t nodes = 0;
};

/// Holds reusable search state: make one per thread. Not thread-safe.
class Scorer {
 public:
  /// `enumerate_engine` runs ScoreMethod::enumerate (branch and bound has its own search);
  /// EngineKind::fast takes only 9×9, and score() throws std::invalid_argument otherwise.
  explicit Scorer(EngineKind enumerate_engine = EngineKind::automatic);
  ~Scorer();
  Scorer(Scorer&&) noexcept;
  Scorer& operator=(Scorer&&) noexcept;

  /// The puzzle's score under `weights`. Throws std::invalid_argument when the weights'
  /// size differs from the puzzle's.
  ScoreResult score(const Grid& puzzle, const Weights& weights, const ScoreOptions& options = {});
  /// The same under a variant's rules (classic rules: as above). Branch and bound knows the
  /// classic houses only, so a variant is always scored by enumerating its solutions through
  /// the Solver's rules overload (options.method is ignored; the budget counts solutions);
  /// the enumerate engine must take variants (automatic or dlx), else std::invalid_argument.
  ScoreResult score(const Grid& puzzle, const Rules& rules, const Weights& weights, const ScoreOptions& options = {});

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudokit

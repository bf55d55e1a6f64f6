// branch_and_bound.hpp: the exact maximiser behind Scorer (ScoreMethod::branch_and_bound).
// Internal to sudokit_scorer; the white-box tests and the benchmark include it to read the
// search statistics and to vary its tuning.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/scorer.hpp"

namespace sudokit::scoring {

/// Knobs that change speed, never the answer (the tests check that every setting agrees).
struct SearchTuning {
  /// Coordinate-descent sweeps over the multipliers at the root, and at most at each later node.
  int root_sweeps = 64;
  int node_sweeps = 2;
  /// Remove candidates whose reduced cost shows they cannot beat the incumbent.
  bool reduced_cost_fixing = true;
  /// Use the Lagrangian bound at all (false: only the trivial bound Σ w × largest candidate,
  /// kept as a baseline for the benchmark and as a second opinion in the tests).
  bool lagrangian = true;
};

struct SearchOutcome {
  bool found = false;
  std::int64_t best = 0;
  std::vector<std::uint8_t> best_digits;  ///< row-major, the solution reaching `best`
  bool proven = false;                    ///< search finished (else a budget ran out)
  /// No solution scores more than max(best, upper_bound): the root's tightest bound (kept
  /// while the search runs, for a result cut short by the budget). Meaningful when
  /// has_upper_bound.
  bool has_upper_bound = false;
  std::int64_t upper_bound = 0;
  std::uint64_t nodes = 0;
};

/// Reusable search state for one thread. Givens must already be free of clashes and within
/// 1..n (Scorer checks); weights has n² entries.
class BranchAndBound {
 public:
  SearchOutcome run(const Grid& puzzle, const std::vector<std::int64_t>& weights, const ScoreOptions& options,
                    const SearchTuning& tuning = {});

 private:
  struct Level {
    std::vector<std::uint8_t> digit;   // per cell, 0 = empty
    std::vector<std::uint64_t> cand;   // per cell, bit d-1 = digit d still possible (0 once filled)
    std::vector<std::uint64_t> open;   // per house, digits not yet placed in it
    std::vector<std::int64_t> lambda;  // per house × digit, the Lagrange multipliers
    std::int64_t fixed = 0;            // Σ weight × digit over the filled cells
    int empty = 0;
  };

  void set_geometry(const Shape& shape);
  void place(Level& level, int cell, int digit) const;
  bool propagate(Level& level) const;
  std::int64_t reduced(const Level& level, int cell, int digit) const;
  std::int64_t best_reduced(const Level& level, int cell) const;
  std::int64_t bound(const Level& level) const;
  bool sweep(Level& level, std::int64_t& bound_after);
  bool fix_by_reduced_cost(Level& level, std::int64_t bound_value) const;
  void record(const Level& level);
  void search(int depth);
  bool out_of_budget();

  Shape shape_{};
  int n_ = 0;
  int cells_ = 0;
  int houses_ = 0;
  std::vector<int> house_cells_;  // houses_ × n_: rows, then columns, then boxes
  std::vector<int> cell_houses_;  // cells_ × 3: row, column, box house of each cell
  std::vector<std::int64_t> weight_;
  std::vector<Level> levels_;
  std::vector<std::int64_t> reduced_cache_;  // cells_ × n_, valid during one sweep

  SearchTuning tuning_;
  const ScoreOptions* options_ = nullptr;
  SearchOutcome outcome_;
  bool stopped_ = false;
  BudgetMeter meter_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_progress_;
};

}  // namespace sudokit::scoring

// sat.hpp (internal): Sudoku as CNF, solved by the CDCL SAT solver CaDiCaL.
//
// Why a SAT engine. DLX (and any plain backtracking search) re-proves the same small
// contradictions in every branch: on a 25×25 puzzle with ~270 clues a refutation can take
// millions of rows. A CDCL solver learns a clause from every conflict, so a contradiction is
// proved once; on large grids that is the difference between seconds and hours.
//
// The encoding. One Boolean variable per candidate placement "digit d at cell c". For a
// puzzle, solve() encodes only the placements that clash with no given (the rest are false
// and never become variables), so the givens cost nothing; the four exactly-one rules of the
// exact-cover view (cell, row-digit, col-digit, box-digit; see sudoku_dlx.hpp) each become
// one at-least-one clause plus an at-most-one constraint over the placements still open.
// At-most-one over k literals is written pairwise (k(k-1)/2 binary clauses, no new
// variables) up to kPairwiseUpTo, and as Sinz's sequential counter above (3k-4 clauses, k-1
// auxiliary variables): on 25×25 the pairwise form of an empty group is 300 clauses, the
// sequential one 71, yet the pairwise form solves faster (its binary clauses propagate at
// once, with no auxiliary variables to learn about): `big_bench amo` on 20 generated 25×25
// puzzles, total 0.29 s pairwise up to 25 against 0.43 s up to 6 (docs/PERFORMANCE.md). Above
// 25 (36×36 ... 64×64) the quadratic clause count would dominate, so the counter takes over.
//
// Counting. After each model the solution is read off, and a blocking clause (some empty cell
// differs from this solution) is added; the next solve() finds another solution or proves
// there is none. Counting to 2 (uniqueness) is therefore two solver calls, the second one
// reusing everything learnt in the first.
//
// Budgets. A node is a conflict (every learnt clause is reported through CaDiCaL's Learner
// hook and counted), deterministic like DLX's rows; the node cap goes to CaDiCaL as its
// "conflicts" limit, and a deadline is polled through its Terminator hook.
//
// RemovalTester (sudokit/removal_test.hpp) is the incremental use: one solver per solution
// grid with the full encoding and no givens; a removal test is one solve() under
// assumptions (the clues still in place) with a constraint clause (some removed cell differs
// from the solution), so everything learnt serves every later test of the same puzzle. Its
// solver runs in CaDiCaL's stable mode only, with rare restarts and the solution's digits as
// forced phases: a test of a clue that must stay is a search for one far-off second
// solution, which restarts keep interrupting (RemovalTester::Impl::build in sat.cpp).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "sudokit/budget.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"

namespace CaDiCaL {
class Solver;
}

namespace sudokit::sat {

/// At-most-one over more literals than this uses the sequential counter.
inline constexpr int kPairwiseUpTo = 25;

/// Adds "exactly one of lits" to `solver`; new auxiliary variables are numbered from
/// `next_var`, which is advanced. pairwise_up_to: see kPairwiseUpTo.
void add_exactly_one(CaDiCaL::Solver& solver, const std::vector<int>& lits, int& next_var,
                     int pairwise_up_to = kPairwiseUpTo);

/// The SAT engine of one shape for Solver. Not thread-safe.
class SudokuSat {
 public:
  explicit SudokuSat(const Shape& shape);
  ~SudokuSat();

  const Shape& shape() const { return shape_; }

  /// As SudokuDlx::solve (same contract; a node is a conflict).
  std::uint64_t solve(const std::uint8_t* givens, std::uint64_t limit, std::uint8_t* solutions, std::size_t keep,
                      SearchStats* stats, const BudgetMeter* meter = nullptr);
  std::uint64_t enumerate(const std::uint8_t* givens, std::uint64_t limit,
                          const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                          const BudgetMeter* meter = nullptr);
  bool complete() const { return complete_; }

  /// Tuning for the benchmark (changes speed, never answers).
  int pairwise_up_to = kPairwiseUpTo;

 private:
  template <class OnSolution>
  std::uint64_t run(const std::uint8_t* givens, std::uint64_t limit, SearchStats* stats, const BudgetMeter* meter,
                    OnSolution&& on_solution);

  Shape shape_;
  int n_ = 0;
  std::vector<int> var_;              // per cell × digit: the variable, 0 when not a candidate
  std::vector<std::uint8_t> scratch_;  // the solution being read off
  std::vector<int> lits_;
  bool complete_ = true;
};

}  // namespace sudokit::sat

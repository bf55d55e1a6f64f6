// sudokit/removal_test.hpp: incremental "does this puzzle stay unique without these clues?"
//
// The generator and the minimality check ask this question hundreds of times about one
// solution grid, each time with a few clues fewer. RemovalTester answers it with the SAT
// engine incrementally (see solver/src/sat.hpp): start() builds one CaDiCaL solver over the
// full Sudoku encoding for the grid; test() is one solve under assumptions (the clues still
// present) with one constraint clause (some removed cell differs from the solution). The
// puzzle without the removed cells is unique iff that is unsatisfiable, provided the puzzle
// with them was unique (every other solution must then differ at a removed cell). Clauses
// learnt in one test serve every later one; commit() turns a clue that must stay into a unit
// clause, which simplifies every later test.
//
// On 9×9 (3×3 boxes) the automatic choice is the fast engine instead: CaDiCaL's start-up and
// per-solve overhead dwarf a 9×9 search. A test there is one search per removed cell c_i, to
// the first solution, with c_0..c_(i-1) given their solution digits and c_i forbidden its own:
// together those cases cover every solution differing from S at a removed cell. Nothing is
// learnt between tests (commit() has nothing to do: the clue is in the next puzzle), and a
// node cap is checked between those searches (each takes microseconds).
//
// A pass that announces its order (plan_pass) lets the 9×9 path keep two propagated halves
// instead: the clues that stayed, grown by commit(), and for each position of the order the
// clues not yet tested; a test ANDs them (fast9.hpp's pass_* functions).
//
// Example (a full removal pass):
//   RemovalTester tester;
//   tester.start(solution);                       // all cells are clues, trivially unique
//   tester.plan_pass(order);                      // optional: the tests come in this order
//   for (int cell : order) {
//     puzzle[cell] = 0;
//     if (tester.test(puzzle, {&cell, 1}) == RemovalTester::Answer::unique) continue;
//     puzzle[cell] = solution.cells[cell]; tester.commit(cell);
//   }
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "sudokit/budget.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {

class RemovalTester {
 public:
  enum class Answer { unique, not_unique, unknown };

  /// `engine`: automatic (the fast engine on 9×9 with 3×3 boxes, SAT elsewhere), sat (every
  /// shape) or fast (9×9 only: start() throws std::invalid_argument on another shape).
  /// Others throw std::invalid_argument.
  explicit RemovalTester(EngineKind engine = EngineKind::automatic);
  ~RemovalTester();
  RemovalTester(RemovalTester&&) noexcept;
  RemovalTester& operator=(RemovalTester&&) noexcept;

  /// A new solution grid (complete and valid); forgets everything learnt about the last.
  void start(const Grid& solution);

  /// `puzzle`: N² cells, each 0 or the solution's digit, the removed cells already 0.
  /// Unique (the removal keeps a unique solution), not_unique, or unknown when `budget`
  /// (a node is a conflict) ran out. Requires: `puzzle` with `removed` restored is unique.
  Answer test(std::span<const std::uint8_t> puzzle, std::span<const int> removed, const Budget& budget = {});

  /// The clue at `cell` stays for every later test of this grid (a unit clause).
  void commit(int cell);

  /// Announces a removal pass over the grid of start(): single-clue tests in `order` (distinct
  /// cells), each against the clues that stayed (committed) plus those not yet tested. On the
  /// 9×9 path each such test then starts from those two halves already propagated instead of
  /// from the givens (a speed hint: answers are the same). A test that does not fit the plan,
  /// or has a budget, is answered the usual way; start() ends the plan. Other shapes ignore it.
  void plan_pass(std::span<const int> order);

  /// Conflicts (nodes) of every test since start().
  const SearchStats& stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudokit

// sudokit/variant_removal.hpp: "does this variant puzzle stay unique?" asked the cheap way.
//
// A generator digging a puzzle knows more than a count to 2 uses: the puzzle it had a
// moment ago was unique, with a known solution S. Take a given away, or merge two killer
// cages, and any new solution must differ from S somewhere the change touched (it would
// otherwise solve the puzzle before the change, whose only solution is S). So instead of
// counting to 2 (find S again, then exhaust the rest), VariantRemovalTester asks the fast
// variant engine (solver/src/variant_fast.hpp) for one solution that differs from S in one of
// the touched cells: for cells c0..ck, case i fixes c0..c(i-1) to S's digits and forbids S's
// digit at ci, each case searched to its first solution. No case has one: the puzzle is
// unique, proved by complete searches. This is the variant form of RemovalTester
// (removal_test.hpp), which does the same for classic puzzles with SAT.
//
// Example (the dig of a generator: every cell in turn emptied when the puzzle stays unique):
//   VariantRemovalTester tester;
//   for (int cell : order) {
//     puzzle.cells[cell] = 0;
//     if (tester.test(puzzle, rules, solution, {&cell, 1}) != VariantRemovalTester::Answer::unique)
//       puzzle.cells[cell] = solution.cells[cell];
//   }
#pragma once

#include <memory>
#include <span>

#include "sudokit/budget.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

class VariantRemovalTester {
 public:
  enum class Answer { unique, not_unique, unknown };

  VariantRemovalTester();
  ~VariantRemovalTester();
  VariantRemovalTester(VariantRemovalTester&&) noexcept;
  VariantRemovalTester& operator=(VariantRemovalTester&&) noexcept;

  /// Requires: `solution` solves `puzzle` under `rules`, and every other solution of `puzzle`
  /// under `rules` differs from `solution` in one of `touched` (true when `puzzle` with those
  /// cells given, or under the rules before the cages holding them were merged, was unique).
  /// unique: `puzzle` has no other solution (proved); not_unique: it has one (copied to
  /// `other` when not null); unknown: `budget` (nodes: placements tried, as Solver's variant
  /// engine counts them, over all the cases together) ran out first. Throws
  /// std::invalid_argument when the shapes differ or a touched cell is out of range.
  Answer test(const Grid& puzzle, const Rules& rules, const Grid& solution, std::span<const int> touched,
              const Budget& budget = {}, Grid* other = nullptr, SearchStats* stats = nullptr);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudokit

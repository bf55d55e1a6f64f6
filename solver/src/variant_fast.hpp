// variant_fast.hpp (internal): the fast engine for variant rules (x, hyper, jigsaw, killer)
// behind Solver::solve(puzzle, rules, ...) under EngineKind::automatic.
//
// Why a second variant engine. VariantDlx (variant_dlx.hpp) is exact and general, but it
// rebuilds its whole matrix per call and has no propagation beyond "the column with the
// fewest rows". The variant generator digs a puzzle by counting to 2 once per cell on the
// same rules, so almost all the work is many small counts under one rule set. This engine
// is built for that traffic:
//
//  * Tables per rule set, built once: every house as N cell numbers, every cell's peers (the
//    union of its houses and its cage, without itself), the cages' cells and sums. The engine
//    keeps the last few rule sets it met (compared by content: variant, shape, house cells,
//    cages), so repeated counts on the same rules build nothing.
//  * State = one candidate mask per cell (bit d−1 for digit d; N ≤ 64 fits a 64-bit word). A
//    cell whose mask has one bit is placed. Branching copies the masks (648 bytes on 9×9)
//    into the next level of a stack the engine keeps; the last choice of a branch point
//    reuses the current level instead of a copy.
//  * Propagation to a fixed point: naked singles (a placed digit leaves every peer; a peer
//    left with one digit is queued), hidden singles over every house (a digit with one place
//    left in a house is placed there; a digit with none, or two digits needing the same cell,
//    is a dead end), and for killer the cage rule below. Then MRV branching: the open cell
//    with the fewest candidates, its digits in ascending order.
//  * Killer cages: a cage's placed digits (its single-candidate cells) fix what its open
//    cells must add up to. The combinations still possible are the digit sets T with
//    |T| = open cells, ΣT = what is left, no digit already placed in the cage, every digit
//    of T a candidate of some open cell and every open cell holding a candidate in T. The
//    open cells' candidates are cut to the union of those T (none left: dead end), and a
//    digit in every T that fits one open cell only is placed there. A full cage must hit
//    its sum exactly. Cage cells are each other's peers, so cage digits stay distinct.
//    Up to 12×12 the combinations are read from a table of every digit set by size and sum
//    (built once per process; at most 12 sets to filter on 9×9); larger grids walk them
//    depth-first over the candidate digits, pruned by the least and largest sums still
//    reachable, stopping once the walk can prove nothing more (the table made killer
//    generation ~2× faster; the walk stays, tested, behind set_cage_table(false)).
//  * House remainders ("rule of 45"): in each house, the cells outside the cages lying
//    wholly inside it add up to n(n+1)/2 minus those cages' sums, and are distinct (one
//    house): when there are 1 to 6 of them they join the cages as an extra sum group under
//    the same rule (a remainder of one cell is placed outright). Halves the nodes of the
//    killer generator's counts.
//  * Cage-locked digits: a digit every combination of a group needs, whose possible places
//    in the group all lie in one house, leaves the rest of that house (killer only).
//  * find_other, the generators' removal test: after taking a given away (or merging two
//    cages) from a puzzle whose only solution was S, any new solution differs from S in a
//    touched cell, so one search per touched cell (the earlier ones fixed to S, this one
//    with S's digit removed) to a first solution answers "still unique?" without finding
//    S again and exhausting the rest, as a count to 2 must (1.4-1.5× faster digs). Its
//    searches try S's digit first at every branch point (another solution usually differs
//    from S in a few cells: 18-27% fewer nodes on jigsaw digs), and a one-cell case whose
//    cell the givens among its peers leave no other digit is answered without a search.
//
// Every rule is a sound deduction (no solution is ever cut), and a search leaf is a grid in
// which every house holds every digit once, every cage is distinct and hits its sum; so the
// counts equal DLX's for any limit (held to it by tests/unit/solver_variant_fast_test.cpp,
// against VariantDlx and the brute-force oracle).
//
// Budget: a node is a placement tried at a branch point (plus one for the root), the same
// unit as DLX's rows tried; the meter is asked at every node, so a node budget stops exactly,
// and the clock is read every 64 nodes (its nodes cost far more than DLX's rows on big grids),
// so a time budget stops within 64 nodes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "sudokit/budget.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"

namespace sudokit::vfast {

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(Engine&&) noexcept;
  Engine& operator=(Engine&&) noexcept;

  /// As VariantDlx::solve: counts the solutions of `givens` (rules.shape.cells() bytes,
  /// 0 = empty) under `rules` up to `limit` (>= 1) and copies the first min(count, keep) into
  /// `solutions`. Clashing givens give 0. Throws std::invalid_argument for malformed rules
  /// (a house that is not N distinct cells in range, a cage cell out of range).
  std::uint64_t solve(const Rules& rules, const std::uint8_t* givens, std::uint64_t limit, std::uint8_t* solutions,
                      std::size_t keep, SearchStats* stats, const BudgetMeter* meter = nullptr);
  /// Visits solutions until `visit` returns false or `limit` were visited.
  std::uint64_t enumerate(const Rules& rules, const std::uint8_t* givens, std::uint64_t limit,
                          const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                          const BudgetMeter* meter = nullptr);
  /// The removal test (a generator's question, cheaper than counting to 2): is there a
  /// solution of `givens` under `rules` that differs from `solution` in at least one of
  /// `cells`? Searched as `count` cases, case i being cells[0..i) on the solution's digits and
  /// cells[i] on any other digit, each to a first solution; the first found goes to `other`
  /// (when not null). When every solution other than `solution` must differ from it in
  /// `cells` (true when `givens` plus those cells, or the rules before two cages were
  /// merged, had `solution` as their only solution), false means `givens` is unique.
  /// complete() tells whether a false is proved (one budget for all the cases).
  bool find_other(const Rules& rules, const std::uint8_t* givens, const std::uint8_t* solution, const int* cells,
                  std::size_t count, std::uint8_t* other, SearchStats* stats, const BudgetMeter* meter = nullptr);

  /// False when the last search stopped because its budget ran out.
  bool complete() const;

  /// Locked candidates over every pair of houses sharing two cells or more (on by default).
  /// Counts and solutions are the same either way; the tests run both.
  void set_locked_candidates(bool on);
  /// Killer: the cage rule from the table of digit sets (grids up to 12×12; on by default) or
  /// by walking combinations (always, on larger grids). The tests run both.
  void set_cage_table(bool on);
  /// Killer: house remainders as extra sum groups (on by default). The tests run both.
  void set_house_remainders(bool on);
  /// Killer: cage-locked digits (on by default). The tests run both.
  void set_cage_locked(bool on);

  /// Test hook: how many rule-set tables this engine has built (cache misses).
  std::uint64_t tables_built() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace sudokit::vfast

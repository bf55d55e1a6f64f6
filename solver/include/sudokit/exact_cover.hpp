// sudokit/exact_cover.hpp: a generic Dancing Links (DLX) exact-cover engine.
//
// The problem: given a 0/1 matrix, choose rows so that every *primary* column holds exactly
// one 1 and every *secondary* column at most one. Knuth's Algorithm X with dancing links
// keeps the matrix as circular doubly-linked lists in flat arrays of 32-bit indices; removed
// nodes remember their former neighbours, so every removal is undone in reverse order.
//
// Life cycle:
//   ExactCover ec;
//   ec.reset(primary, secondary);            // clears, keeps the arrays' capacity
//   for (...) ec.add_row(columns);           // row ids 0, 1, 2, ... in order of addition
//   ec.select(row);                          // optional: force rows (e.g. Sudoku givens)
//   ec.count(limit);  or  ec.search(limit, on_solution);
//   ec.unselect_all();                       // back to the full matrix, ready for the next
// Selections and searches never allocate once the matrix is built.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include "sudokit/solver.hpp"  // SearchStats

namespace sudokit {

class ExactCover {
 public:
  ExactCover();
  ~ExactCover();
  ExactCover(ExactCover&&) noexcept;
  ExactCover& operator=(ExactCover&&) noexcept;

  /// Empties the matrix: columns [0, primary) are primary, [primary, primary + secondary)
  /// secondary. Keeps allocated capacity.
  void reset(int primary_columns, int secondary_columns = 0);

  /// Appends a row with 1s in the given columns (distinct, in range); returns its id.
  int add_row(std::span<const int> columns);

  int rows() const;
  int primary_columns() const;
  int secondary_columns() const;

  /// Forces `row` into every solution: covers its columns. Returns false (and changes
  /// nothing) when one of its columns is already covered by an earlier selection.
  bool select(int row);
  /// Undoes every select(), newest first; the matrix is whole again.
  void unselect_all();

  /// Counts exact covers (extending the selected rows) up to `limit` (>= 1).
  std::uint64_t count(std::uint64_t limit);

  /// Visits exact covers in search order until `on_solution` returns false or `limit` were
  /// visited; returns the number visited. `rows` holds the chosen rows (selected rows first).
  std::uint64_t search(std::uint64_t limit, const std::function<bool(std::span<const int> rows)>& on_solution);

  /// Limits the following count()/search() calls: each stops (unwinding, so the matrix stays
  /// whole) once `meter` is spent, a node being a row tried. nullptr (the default): no limit.
  /// The meter must outlive those calls.
  void set_budget(const BudgetMeter* meter);
  /// False when the last count()/search() was stopped by its budget (its count a lower bound).
  bool complete() const;

  /// Cost of the searches since the last reset_stats(): nodes = rows tried, updates = link
  /// updates (as Knuth counts them), guesses = branch points with more than one choice.
  const SearchStats& stats() const;
  void reset_stats();

  /// Checks every structural invariant of the links (neighbours point back, column sizes
  /// match their lists, covered columns absent from the header list). Tests call it after
  /// every search; `why` names the first broken one.
  bool check_invariants(std::string* why = nullptr) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudokit

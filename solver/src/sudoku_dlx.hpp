// sudoku_dlx.hpp (internal): Sudoku of any N×N shape as an exact-cover problem, solved by DLX.
//
// The encoding. A solved N×N grid is a set of N² placements "digit d in row r, column c", and
// the rules say four things about that set, each as "exactly one":
//   cell       every cell (r, c) holds exactly one digit;
//   row-digit  every row r holds every digit d exactly once;
//   col-digit  every column c holds every digit d exactly once;
//   box-digit  every box b holds every digit d exactly once.
// That is 4·N² constraints, and each possible placement (r, c, d) meets exactly four of them,
// one of each kind. So a solution is an exact cover: a choice of matrix rows, one per
// placement, that puts exactly one 1 in every column of a 0/1 matrix with
//   N³ rows     one per placement, id = (r·N + c)·N + (d − 1)   (cell-major, digit-minor);
//   4·N² columns
//     [0,   N²)  cell       r·N + c
//     [N², 2N²)  row-digit  N²  + r·N + (d − 1)
//     [2N², 3N²) col-digit  2N² + c·N + (d − 1)
//     [3N², 4N²) box-digit  3N² + b·N + (d − 1),   b = Shape::box_of(r, c)
// Every row holds exactly four 1s and every column exactly N (a cell takes N digits; a digit
// has N places in a row, a column or a box). The consequences this file builds on:
//  - a row's four nodes sit together at 4·row + k (k = kind), so a node's siblings are
//    computed, (n & ~3) | ((n + t) & 3), never stored: only up, down and column remain;
//  - row id / N is the cell and row id mod N the digit − 1, so a chosen node reads back as a
//    placement without a table, and the cell column of a row is simply row / N;
//  - columns are short (≤ N ≤ 64), so a column's size fits a byte, and covering a column can
//    mark it by adding 128 to that byte. The minimum-remaining-values choice then needs no
//    header ring at all: one unsigned minimum over the size bytes, 16 at a time in a vector
//    register, says 0 (a dead end: some cell or house has no candidate left, caught at once),
//    ≥ 128 (all covered: a solution), or the size of the column to branch on (the lowest id
//    of that size, as a scan of an ascending ring would pick). Size 1 is a forced move: DLX
//    does naked and hidden singles by this one rule, because both are columns of size 1;
//  - a given is a forced row. Rather than covering its four columns and uncovering them
//    afterwards (what select() does in the generic engine), each puzzle relinks the matrix
//    from scratch with only the rows that clash with no given, and only the columns no given
//    satisfies. That is exactly the matrix select() would leave, built by appending in one
//    sequential pass; nothing has to be undone, so a search stopped at its limit just
//    returns, and the next puzzle overwrites the links. Clashing givens show up while the
//    row/column/box masks are built, and give 0 before any search.
// The search is Knuth's Algorithm X with dancing links (the vertical lists), specialised for
// four-node rows and written as a loop with an explicit stack; counting and enumerating share
// one template so the count path carries no callback.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "sudokit/exact_cover.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"

namespace sudokit::dlx {

/// N³: one matrix row per placement.
inline int candidate_rows(const Shape& shape) { return shape.n * shape.n * shape.n; }
/// 4·N²: cell, row-digit, col-digit and box-digit constraints.
inline int constraint_columns(const Shape& shape) { return 4 * shape.n * shape.n; }
/// The matrix row of "digit d (1..N) at row r, column c".
inline int candidate_row(const Shape& shape, int r, int c, int d) { return (r * shape.n + c) * shape.n + (d - 1); }
/// The four columns of a placement, in the order cell, row-digit, col-digit, box-digit.
std::array<int, 4> candidate_columns(const Shape& shape, int r, int c, int d);
/// The same for a matrix row id.
std::array<int, 4> row_columns(const Shape& shape, int row);

/// Loads the whole Sudoku matrix (N³ rows in id order, 4·N² primary columns) into a generic
/// ExactCover, e.g. to cross-check SudokuDlx or to let a caller add its own constraints.
void build_exact_cover(const Shape& shape, ExactCover& out);

/// The Sudoku-specialised DLX solver of one shape. Build once, solve many: a puzzle costs no
/// allocation. Not thread-safe.
class SudokuDlx {
 public:
  explicit SudokuDlx(const Shape& shape);

  const Shape& shape() const { return shape_; }

  /// `givens`: N² bytes row-major, 0 = empty, 1..N a digit (anything larger is a clash).
  /// Counts solutions up to `limit`; writes the first min(count, keep) into `solutions`
  /// (keep · N² bytes; may be null when keep is 0). `stats`, when not null, is added to.
  /// With a `meter`, the search stops when it is spent (a node is a row tried); complete()
  /// then says false.
  std::uint64_t solve(const std::uint8_t* givens, std::uint64_t limit, std::uint8_t* solutions, std::size_t keep,
                      SearchStats* stats, const BudgetMeter* meter = nullptr);

  /// Visits solutions (N² bytes each) in search order until `visit` returns false or `limit`
  /// were visited; returns the number visited.
  std::uint64_t enumerate(const std::uint8_t* givens, std::uint64_t limit,
                          const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                          const BudgetMeter* meter = nullptr);

  /// False when the last solve()/enumerate() stopped because its budget ran out.
  bool complete() const { return complete_; }

 private:
  struct Node {
    std::int32_t up, down, column, spare;
  };
  // Column sizes, 16 to a vector register (GCC/Clang vector extension) for the MRV scan.
  typedef std::uint8_t Lanes __attribute__((vector_size(16)));
  // Added to a column's size while it is covered; sizes never exceed kMaxSize (64).
  static constexpr std::uint8_t kCovered = 128;

  bool link_puzzle(const std::uint8_t* givens);
  template <class OnSolution>
  std::uint64_t search(std::uint64_t limit, SearchStats* stats, const BudgetMeter* meter, OnSolution&& on_solution);
  void write_solution(const std::uint8_t* givens, std::size_t depth, std::uint8_t* out) const;

  Shape shape_;
  int n_ = 0;
  std::int32_t columns_ = 0;  // 4·N²; also the slot of the first row node
  std::vector<Node> nodes_;   // [0, columns_): column headers; then 4 nodes per matrix row
  std::vector<Lanes> sizes_;  // rows left per column (+ kCovered when covered); padded, covered
  std::vector<std::uint64_t> row_used_, col_used_, box_used_;  // digit masks of the givens
  std::vector<std::int32_t> cell_box_;
  std::vector<std::int32_t> choice_column_, choice_node_;
  std::vector<std::uint8_t> scratch_;  // the grid enumerate() shows its visitor
  bool complete_ = true;
};

}  // namespace sudokit::dlx

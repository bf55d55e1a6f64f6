// canonical.hpp: the grader's representative of a puzzle's symmetry class.
//
// Why the grader needs one: a solving path picks, among equally easy steps, the first one it
// meets, and "first" means a cell position. The same puzzle transposed, its bands swapped or
// its digits relabelled would then meet another step first and could end with another rating.
// Rather than making every technique's tie-break invariant (forcing chains and the guess step
// have no natural invariant order), the grader solves one fixed member of the puzzle's class:
// the smallest row-major string (0 = empty, digits relabelled by first appearance) over every
// validity-preserving transformation (transposition when boxes are square, band and stack
// order, row order inside bands, column order inside stacks). Equivalent puzzles have the same
// representative, so they get the same path up to the transformation, hence the same rating,
// score and level. The path is mapped back to the caller's cells, digits and houses.
//
// The search is the textbook one: every column arrangement (stack order × column order within
// each stack, on the grid and its transpose) and, for each, the rows chosen greedily (smallest
// encoded row first; only ties branch), cut off as soon as a prefix is worse than the best.
// The first row's code depends only on where its givens are (the digits of the first row are
// always relabelled 1, 2, 3 ... left to right), so a bit mask per row rejects most column
// arrangements before any row is encoded, and inside the row search first rows are compared
// by their masks under the arrangement, a row whose smallest possible mask is already above
// the best first row being passed over at once (without encoding: on a 17-clue puzzle most
// of the ~1,260 arrangements searched tie on their first row, so this was most of the work).
// That holds when no row or column repeats a digit; a clashing grid gets the plain search.
// Each row search knows, level by level, whether its rows so far are below the best form's or
// equal to them (checked again only after a better form turned up), so a prefix is never
// compared twice. 9×9 has 2 × 6⁴ = 2,592 arrangements; shapes with
// more than kCanonicalLimit of them (12×12, 16×16) are not canonicalised (nullopt) and grade
// as given, still deterministic but not transformation-invariant.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "sudokit/grid.hpp"

namespace sudokit::grading {

inline constexpr std::uint64_t kCanonicalLimit = 5000;

/// Canonical cell (i, j) holds label[source digit] where the source cell is
/// (rows[i], cols[j]) of the puzzle, or (cols[j], rows[i]) when `transposed`.
struct Transform {
  Shape shape;
  bool transposed = false;
  std::array<std::uint8_t, kMaxSize> rows{};
  std::array<std::uint8_t, kMaxSize> cols{};
  std::array<std::uint8_t, kMaxSize + 1> label{};    ///< source digit -> canonical digit (0 -> 0)
  std::array<std::uint8_t, kMaxSize + 1> unlabel{};  ///< canonical digit -> source digit

  /// The source cell of canonical cell `cell`.
  int source_cell(int cell) const;
  /// The source house of canonical house `house` (rows, columns, boxes as in board.hpp).
  int source_house(int house) const;
  /// The canonical grid of `puzzle`.
  Grid apply(const Grid& puzzle) const;
};

/// The transformation to the class representative; nullopt for shapes with too many arrangements.
std::optional<Transform> canonical_transform(const Grid& puzzle);

}  // namespace sudokit::grading

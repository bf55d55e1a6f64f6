// more_techniques.hpp: the finders added on branch gtech2 (issue 12, item 1): 3D Medusa
// (medusa.cpp) and the remaining uniqueness techniques (uniqueness_more.cpp: unique
// rectangles of types 5 and 6, hidden and avoidable rectangles, BUG types 3 and 4).
//
// Same convention as board.hpp's finders: each returns true with a step that makes progress
// and never changes the board. The uniqueness ones are only sound on a puzzle with exactly one
// solution (needs_uniqueness() is true for them; the driver calls them only then).
#pragma once

#include <array>
#include <vector>

#include "board.hpp"

namespace sudokit::grading {

// medusa.cpp
bool find_medusa_3d(const Board& board, Step& step);

// Shared by the uniqueness finders of uniqueness.cpp and uniqueness_more.cpp.

/// Every rectangle of four cells spanning two rows, two columns and two boxes of the board's
/// shape (the shape of every uniqueness rectangle), corners ordered top-left, top-right,
/// bottom-left, bottom-right, rectangles by top row, bottom row, left column, right column.
/// Listed once per shape (cached per thread, uniqueness.cpp): the uniqueness finders are
/// asked at most of a hard grade's steps, and walking every pair of rows and of columns to
/// find the 486 rectangles of a 9×9 board cost more than looking at them.
const std::vector<std::array<int, 4>>& rectangles(const Board& board);

/// Whether the rectangle with corners `k` (top-left, top-right, bottom-left, bottom-right)
/// spans exactly two boxes: its top corners share a box or its left corners do, not both.
/// rectangles()' condition, and that of the finders that find their rectangles otherwise.
inline bool spans_two_boxes(const Topology& topo, const std::array<int, 4>& k) {
  const int first = topo.box[static_cast<std::size_t>(k[0])];
  return (first == topo.box[static_cast<std::size_t>(k[1])]) != (first == topo.box[static_cast<std::size_t>(k[2])]);
}

/// Calls visit(corners) for every rectangle (rectangles()) until visit returns true.
/// `empty`: only those whose four corners are empty.
template <class Visit>
bool for_each_corners(const Board& board, bool empty, Visit visit) {
  for (const std::array<int, 4>& k : rectangles(board)) {
    if (empty && (board.value(k[0]) || board.value(k[1]) || board.value(k[2]) || board.value(k[3]))) continue;
    if (visit(k)) return true;
  }
  return false;
}

/// for_each_corners(board, true, visit) less the rectangles whose corners share fewer than
/// two candidates, which no unique or hidden rectangle can use (each needs a digit pair held
/// by all four corners): visit(corners, common candidates).
template <class Visit>
bool for_each_open_rectangle(const Board& board, Visit visit) {
  for (const std::array<int, 4>& k : rectangles(board)) {
    if (board.value(k[0]) || board.value(k[1]) || board.value(k[2]) || board.value(k[3])) continue;
    const std::uint64_t common = board.candidates(k[0]) & board.candidates(k[1]) & board.candidates(k[2]) & board.candidates(k[3]);
    if ((common & (common - 1)) == 0) continue;
    if (visit(k, common)) return true;
  }
  return false;
}

/// Unique rectangle type 3 and BUG type 3 (uniqueness.cpp): a naked subset completed
/// by a pseudo-cell (the pattern's extra digits `pseudo`, one of which must be true, act as
/// one more cell of the house). Looks at the `size`-subsets of `others` (the house's other
/// open cells) in lexicographic order for one whose candidates with `pseudo` make size + 1
/// digits and whose digits leave some other cell of `others`; on the first, `step` holds
/// those eliminations and the subset's digits, `chosen` its cells, and the answer is true.
bool find_pseudo_subset(const Board& board, std::uint64_t pseudo, const std::vector<int>& others, int size,
                        Step& step, std::vector<int>& chosen);

// uniqueness.cpp
/// Test oracle: unique rectangle type 1 by the rectangles() scan that find_unique_rectangle_1
/// replaced (same answer, step for step).
bool find_unique_rectangle_1_by_scan(const Board& board, Step& step);

// uniqueness_more.cpp
bool find_unique_rectangle_5(const Board& board, Step& step);
bool find_unique_rectangle_6(const Board& board, Step& step);
bool find_hidden_rectangle(const Board& board, Step& step);
bool find_avoidable_rectangle_1(const Board& board, Step& step);
bool find_avoidable_rectangle_2(const Board& board, Step& step);
/// Test oracle: avoidable rectangle type 2 by the rectangles() scan that
/// find_avoidable_rectangle_2 replaced (same answer, step for step).
bool find_avoidable_rectangle_2_by_scan(const Board& board, Step& step);
bool find_bug_type_3(const Board& board, Step& step);
bool find_bug_type_4(const Board& board, Step& step);

}  // namespace sudokit::grading

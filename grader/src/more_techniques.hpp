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

/// Calls visit(corners) for every rectangle of four cells spanning two rows, two columns and
/// two boxes (the shape of every uniqueness rectangle), corners ordered top-left, top-right,
/// bottom-left, bottom-right, until visit returns true. `empty`: require all four empty.
template <class Visit>
bool for_each_corners(const Board& board, bool empty, Visit visit) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  for (int r1 = 0; r1 < n; ++r1)
    for (int r2 = r1 + 1; r2 < n; ++r2)
      for (int c1 = 0; c1 < n; ++c1)
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const std::array<int, 4> k = {r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
          if (!((topo.box[k[0]] == topo.box[k[1]]) != (topo.box[k[0]] == topo.box[k[2]]))) continue;
          if (empty && (board.value(k[0]) || board.value(k[1]) || board.value(k[2]) || board.value(k[3]))) continue;
          if (visit(k)) return true;
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

// uniqueness_more.cpp
bool find_unique_rectangle_5(const Board& board, Step& step);
bool find_unique_rectangle_6(const Board& board, Step& step);
bool find_hidden_rectangle(const Board& board, Step& step);
bool find_avoidable_rectangle_1(const Board& board, Step& step);
bool find_avoidable_rectangle_2(const Board& board, Step& step);
bool find_bug_type_3(const Board& board, Step& step);
bool find_bug_type_4(const Board& board, Step& step);

}  // namespace sudokit::grading

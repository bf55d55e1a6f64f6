// uniqueness.cpp: unique rectangle type 1 and BUG+1, the techniques that assume the puzzle
// has exactly one solution. The driver only calls them for puzzles known to be unique; on a
// puzzle with several solutions they would remove true digits.
//
//  - Unique rectangle type 1: four empty cells at the corners of a rectangle spanning two
//    rows, two columns and exactly two boxes. If all four held only {a,b}, a and b could be
//    swapped in them and the puzzle would have two solutions. So when three corners are
//    exactly {a,b}, the fourth is not a and not b: it loses both.
//  - BUG+1 (Bivalue Universal Grave plus one): every empty cell has two candidates except
//    one with three, and without one extra digit in that cell each digit would fit exactly
//    twice in every house where it fits at all. Such a "grave" has no solution or at least
//    two, so on a unique puzzle the extra digit is the true one: it is placed.
#include "board.hpp"

namespace sudokit::grading {

bool find_unique_rectangle_1(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  for (int r1 = 0; r1 < n; ++r1)
    for (int r2 = r1 + 1; r2 < n; ++r2)
      for (int c1 = 0; c1 < n; ++c1)
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const int corners[4] = {r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
          int boxes = 1;
          for (int i = 1; i < 4; ++i) {
            bool seen = false;
            for (int j = 0; j < i; ++j) seen = seen || topo.box[corners[i]] == topo.box[corners[j]];
            if (!seen) ++boxes;
          }
          if (boxes != 2) continue;
          // The corner that is not bivalue; the three others must be one and the same pair.
          int odd = -1;
          std::uint64_t pair = 0;
          bool fits = true;
          for (int corner : corners) {
            const std::uint64_t m = board.candidates(corner);
            if (board.value(corner) != 0 || popcount(m) < 2) {
              fits = false;
              break;
            }
            if (popcount(m) == 2) {
              if (pair == 0) pair = m;
              else if (pair != m) fits = false;
            } else if (odd < 0) {
              odd = corner;
            } else {
              fits = false;
            }
          }
          if (!fits || odd < 0 || pair == 0 || (board.candidates(odd) & pair) != pair) continue;
          step = Step{};
          for (std::uint64_t m = pair; m; m &= m - 1) eliminate_into(board, step, odd, lowest(m) + 1);
          step.technique = Technique::unique_rectangle_1;
          step.cells.assign(corners, corners + 4);
          step.digits = pair;
          normalise(step);
          return true;
        }
  return false;
}

bool find_bug_plus_1(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  int odd = -1;
  for (int c = 0; c < topo.cells; ++c) {
    if (board.value(c) != 0) continue;
    const int count = popcount(board.candidates(c));
    if (count == 2) continue;
    if (count != 3 || odd >= 0) return false;
    odd = c;
  }
  if (odd < 0) return false;
  // Try each digit of the odd cell as the extra one: without it, is the board a grave?
  int extra = 0;
  for (std::uint64_t ms = board.candidates(odd); ms; ms &= ms - 1) {
    const int d = lowest(ms) + 1;
    bool grave = true;
    for (int h = 0; h < topo.houses() && grave; ++h) {
      std::uint64_t once = 0, twice = 0, thrice = 0;
      for (int c : topo.house(h)) {
        std::uint64_t m = board.candidates(c);
        if (c == odd) m &= ~digit_bit(d);
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
      }
      // Every digit that fits in the house fits exactly twice.
      if (thrice != 0 || once != twice) grave = false;
    }
    if (grave) {
      if (extra != 0) return false;  // two candidates for the extra digit: no conclusion
      extra = d;
    }
  }
  if (extra == 0) return false;
  step = Step{};
  step.technique = Technique::bug_plus_1;
  step.placements = {{odd, extra}};
  step.cells = {odd};
  step.digits = board.candidates(odd);
  return true;
}

}  // namespace sudokit::grading

// wings.cpp: XY-Wing, XYZ-Wing and W-Wing, the patterns of two-candidate cells.
//
//  - XY-Wing: a pivot {x,y} sees two pincers {x,z} and {y,z}. Whatever the pivot holds, one
//    pincer is z, so cells seeing both pincers lose z.
//  - XYZ-Wing: a pivot {x,y,z} sees pincers {x,z} and {y,z}. One of the three is z, so cells
//    seeing all three lose z.
//  - W-Wing: two cells {x,y} that do not see each other, and a conjugate pair of x whose
//    ends see one cell each. If the first cell is not y it is x, so its end of the pair is
//    not x, the other end is, and the second cell is y: one of the two is y, and cells
//    seeing both lose y.
//
// Scans go pivot (or first cell) row-major, then partners row-major, digits ascending.
//
// The XY- and XYZ-Wing finders run at every step of a grade (every 10th top1465 puzzle:
// about a thousand calls each, nearly all finding nothing), and most wings they meet remove
// nothing. Up to 256 cells a wing's targets are first asked of the cell sets (may_eliminate,
// board.hpp: the cells holding z that see every wing cell), and only a wing with some
// target builds its step (the W-Wing's too); same wings, same order, same answers.
#include <algorithm>

#include "board.hpp"

namespace sudokit::grading {
namespace {

void eliminate_seeing_all(const Board& board, Step& step, std::initializer_list<int> cells, int digit) {
  const Topology& topo = board.topo();
  const int first = *cells.begin();
  for (int c : topo.peers(first)) {
    bool all = true;
    for (int k : cells) all = all && (k == first || topo.sees(c, k));
    bool member = false;
    for (int k : cells) member = member || k == c;
    if (all && !member) eliminate_into(board, step, c, digit);
  }
}

}  // namespace

bool find_xy_wing(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  for (int pivot = 0; pivot < topo.cells; ++pivot) {
    const std::uint64_t p = board.candidates(pivot);
    if (popcount(p) != 2) continue;
    for (int a : topo.peers(pivot)) {
      const std::uint64_t ma = board.candidates(a);
      if (popcount(ma) != 2 || popcount(ma & p) != 1) continue;
      const std::uint64_t z = ma & ~p;
      const std::uint64_t want_b = (p & ~ma) | z;
      for (int b : topo.peers(pivot)) {
        if (b <= a || board.candidates(b) != want_b) continue;
        if (!may_eliminate(board, {a, b}, lowest(z) + 1)) continue;
        reset_step(step);
        eliminate_seeing_all(board, step, {a, b}, lowest(z) + 1);
        if (step.eliminations.empty()) continue;
        step.technique = Technique::xy_wing;
        step.cells = {pivot, a, b};
        step.digits = p | z;
        normalise(step);
        return true;
      }
    }
  }
  return false;
}

bool find_xyz_wing(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  for (int pivot = 0; pivot < topo.cells; ++pivot) {
    const std::uint64_t p = board.candidates(pivot);
    if (popcount(p) != 3) continue;
    for (int a : topo.peers(pivot)) {
      const std::uint64_t ma = board.candidates(a);
      if (popcount(ma) != 2 || (ma & ~p) != 0) continue;
      for (int b : topo.peers(pivot)) {
        const std::uint64_t mb = board.candidates(b);
        if (b <= a || popcount(mb) != 2 || (mb & ~p) != 0 || (ma | mb) != p) continue;
        const std::uint64_t z = ma & mb;
        if (!may_eliminate(board, {pivot, a, b}, lowest(z) + 1)) continue;
        reset_step(step);
        eliminate_seeing_all(board, step, {pivot, a, b}, lowest(z) + 1);
        if (step.eliminations.empty()) continue;
        step.technique = Technique::xyz_wing;
        step.cells = {pivot, a, b};
        step.digits = p;
        normalise(step);
        return true;
      }
    }
  }
  return false;
}

bool find_w_wing(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  for (int first = 0; first < topo.cells; ++first) {
    const std::uint64_t m = board.candidates(first);
    if (popcount(m) != 2) continue;
    for (int second = first + 1; second < topo.cells; ++second) {
      if (board.candidates(second) != m || topo.sees(first, second)) continue;
      for (int pass = 0; pass < 2; ++pass) {
        const std::uint64_t link_bit = pass == 0 ? (m & -m) : (m & (m - 1));
        const int link = lowest(link_bit) + 1;
        const int other = lowest(m & ~link_bit) + 1;
        if (!may_eliminate(board, {first, second}, other)) continue;  // whatever links them, nothing to remove
        for (int h = 0; h < topo.houses(); ++h) {
          const std::uint64_t where = board.positions(h, link);
          if (popcount(where) != 2) continue;
          const auto house = topo.house(h);
          const int p = house[static_cast<std::size_t>(lowest(where))];
          const int q = house[static_cast<std::size_t>(lowest(where & (where - 1)))];
          if (p == first || p == second || q == first || q == second) continue;
          const bool linked = (topo.sees(p, first) && topo.sees(q, second)) || (topo.sees(p, second) && topo.sees(q, first));
          if (!linked) continue;
          reset_step(step);
          eliminate_seeing_all(board, step, {first, second}, other);
          if (step.eliminations.empty()) continue;
          step.technique = Technique::w_wing;
          step.cells = {first, p, q, second};
          step.digits = m;
          step.houses = {h};
          normalise(step);
          return true;
        }
      }
    }
  }
  return false;
}

}  // namespace sudokit::grading

namespace sudokit::grading {

// WXYZ-Wing: a hinge and three wings it sees, four cells holding four digits in all. Every
// digit but one (z) is "restricted": the pattern cells holding it all see each other, so it
// is true in at most one of them. Four cells, four digits, at most one each of the three
// restricted ones: z is true in at least one pattern cell, so a cell seeing every pattern
// cell that holds z loses it. SE (Sukaku) rates 5.5, 5.6 when the largest cell has three
// candidates.
bool find_wxyz_wing(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  thread_local std::vector<int> wings;
  thread_local std::vector<std::uint64_t> wing_digits;  // beside wings: each one's candidates
  // Where the topology has peer sets, the cells seeing every z of a pattern come from them
  // (most patterns that pass the digit tests remove nothing, and a scan of the board each
  // cost more than the rest of the search).
  const bool by_sets = !topo.peer_set.empty();
  for (int hinge = 0; hinge < topo.cells; ++hinge) {
    const std::uint64_t h = board.candidates(hinge);
    if (board.value(hinge) != 0 || popcount(h) < 2 || popcount(h) > 4) continue;
    wings.clear();
    wing_digits.clear();
    for (int p : topo.peers(hinge)) {
      const std::uint64_t m = board.candidates(p);
      if (board.value(p) == 0 && popcount(m) >= 2 && popcount(m) <= 3 && popcount(m | h) <= 4) {
        wings.push_back(p);
        wing_digits.push_back(m);
      }
    }
    const std::size_t w = wings.size();
    // The digits are taken as the wings are: a pair of wings already past four digits
    // leaves its third unlooked at (the same patterns, in the same order).
    for (std::size_t i = 0; i < w; ++i)
      for (std::size_t j = i + 1; j < w; ++j) {
        const std::uint64_t two = h | wing_digits[i] | wing_digits[j];
        if (popcount(two) > 4) continue;
        for (std::size_t k = j + 1; k < w; ++k) {
          const std::uint64_t all = two | wing_digits[k];
          if (popcount(all) != 4) continue;
          const int cells[4] = {hinge, wings[i], wings[j], wings[k]};
          int z = 0, unrestricted = 0;
          for (std::uint64_t m = all; m; m &= m - 1) {
            const int d = lowest(m) + 1;
            bool restricted = true;
            for (int a = 0; a < 4 && restricted; ++a)
              for (int b = a + 1; b < 4; ++b)
                if (board.has(cells[a], d) && board.has(cells[b], d) && !topo.sees(cells[a], cells[b])) {
                  restricted = false;
                  break;
                }
            if (!restricted) {
              z = d;
              ++unrestricted;
            }
          }
          if (unrestricted != 1) continue;
          reset_step(step);
          if (by_sets) {
            // Cells holding z that see every z of the pattern (a peer set holds no cell
            // itself; a pattern cell without z does not hold it).
            CellBits targets = board.cells_with(z);
            for (int x : cells)
              if (board.has(x, z)) targets = targets & topo.peer_set[static_cast<std::size_t>(x)];
            targets.for_each([&](int c) { step.eliminations.push_back({c, z}); });
          } else {
            for (int c = 0; c < topo.cells; ++c) {
              if (board.value(c) != 0 || !board.has(c, z)) continue;
              bool member = false, sees_all = true;
              for (int x : cells) {
                if (x == c) member = true;
                else if (board.has(x, z) && !topo.sees(c, x)) sees_all = false;
              }
              if (!member && sees_all) eliminate_into(board, step, c, z);
            }
          }
          if (step.eliminations.empty()) continue;
          int biggest = 0;
          for (int c : cells) biggest = std::max(biggest, popcount(board.candidates(c)));
          step.technique = Technique::wxyz_wing;
          step.cells.assign(cells, cells + 4);
          step.digits = digit_bit(z);
          step.rating = biggest == 3 ? 5.6 : 5.5;
          normalise(step);
          return true;
        }
      }
  }
  return false;
}

}  // namespace sudokit::grading

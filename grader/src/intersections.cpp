// intersections.cpp: locked candidates, the first pencil-mark technique people learn.
//
// A box and a line (row or column) that cross share a few cells. If, inside the box, a
// digit can only go in the cells it shares with the line, then the digit's place in that
// line is inside the box, and the rest of the line loses it ("pointing"). The mirror image:
// if inside the line the digit can only go in the cells shared with the box, the rest of
// the box loses it ("claiming", also called box/line reduction). Both are tried over every
// box–line pair in a fixed order; the first that removes something is the step.
//
// Variants: a jigsaw region plays the box (the lines crossing it are those of its cells);
// with extra houses (x's diagonals, hyper's windows) any two houses sharing two or more
// cells lock the same way, tried after the box–line pairs: from a line it is claiming, from
// any other house pointing.
#include <algorithm>

#include "board.hpp"

namespace sudokit::grading {
namespace {

/// Where `digit` may go in house `from` lies inside house `into`: eliminate it from the rest
/// of `into`. True with a step when that removes something.
bool lock(const Board& board, int from, int into, int digit, Technique technique, Step& step,
          const StepFilter& accept, bool* any = nullptr) {
  const Topology& topo = board.topo();
  // On house masks (Board::positions, Topology::shared_slots): this runs for every house
  // pair and digit of every stall.
  const std::size_t houses = static_cast<std::size_t>(topo.houses());
  const std::uint64_t places = board.positions(from, digit);
  if (places & ~topo.shared_slots[static_cast<std::size_t>(from) * houses + static_cast<std::size_t>(into)]) return false;
  // One position is a hidden single, found earlier; none means a broken board.
  if (popcount(places) < 2) return false;
  const std::uint64_t removed = board.positions(into, digit) & ~topo.shared_slots[static_cast<std::size_t>(into) * houses + static_cast<std::size_t>(from)];
  if (!removed) return false;
  // Into the step's own vectors (reset by the caller, their storage kept): the direct forms
  // build and reject an instance at most steps of a grade.
  step.cells.clear();
  for (std::uint64_t m = places; m; m &= m - 1) step.cells.push_back(topo.house(from)[static_cast<std::size_t>(lowest(m))]);
  for (std::uint64_t m = removed; m; m &= m - 1) step.eliminations.push_back({topo.house(into)[static_cast<std::size_t>(lowest(m))], digit});
  step.technique = technique;
  step.digits = digit_bit(digit);
  step.houses = {from, into};
  normalise(step);
  if (any) *any = true;
  return !accept || accept(step);
}

/// The line houses crossing box `b`.
template <class Visit>
bool for_crossing_lines(const Topology& topo, int box, Visit visit) {
  if (topo.variant == Variant::jigsaw) {  // a region: the rows, then the columns of its cells
    std::vector<int> lines;
    for (int c : topo.house(2 * topo.n + box)) {
      lines.push_back(topo.row_house(c));
      lines.push_back(topo.col_house(c));
    }
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    for (int line : lines)
      if (visit(line)) return true;
    return false;
  }
  const int first = topo.house(2 * topo.n + box)[0];
  for (int r = 0; r < topo.shape.box_rows; ++r)
    if (visit(topo.row[first] + r)) return true;
  for (int c = 0; c < topo.shape.box_cols; ++c)
    if (visit(topo.n + topo.col[first] + c)) return true;
  return false;
}

/// Locked candidates between two houses where one of them is an extra house (3n..): from
/// every house `from` of the kinds `from_lines` asks for (lines, or the others), into every
/// house sharing all the digit's places. Nothing on topologies without extra houses.
bool lock_extras(const Board& board, bool from_lines, Technique technique, Step& step, const StepFilter& accept) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  if (topo.houses() == 3 * n) return false;
  for (int from = 0; from < topo.houses(); ++from) {
    if ((from < 2 * n) != from_lines) continue;
    const std::uint64_t open = board.all_digits() & ~board.placed_in(from);
    for (int d = 1; d <= n; ++d) {
      if (!(open & digit_bit(d))) continue;
      int first = -1;
      for (int c : topo.house(from))
        if (board.has(c, d)) {
          first = c;
          break;
        }
      if (first < 0) continue;
      for (int into = 0; into < topo.houses(); ++into) {
        if (into == from || (from < 3 * n && into < 3 * n) || !topo.in_house(first, into)) continue;
        reset_step(step);
        if (lock(board, from, into, d, technique, step, accept)) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool find_locked_pointing(const Board& board, Step& step, const StepFilter& accept) {
  const Topology& topo = board.topo();
  const std::size_t houses = static_cast<std::size_t>(topo.houses());
  // Boxes known to hold no instance (NothingFound, board.hpp; the mark sits on the box
  // house): a box's instances depend on its cells and those of the lines crossing it. A
  // filter (the direct form) only passes over instances, so it shares the marks, but a box
  // with an instance it rejects is not marked.
  thread_local NothingFound watch;
  watch.look(board);
  for (int b = 0; b < topo.n; ++b)
    if (watch.known_empty(2 * topo.n + b) && for_crossing_lines(topo, b, [&](int line) { return watch.changed(line); }))
      watch.forget(2 * topo.n + b);
  for (int b = 0; b < topo.n; ++b) {
    const int box_house = 2 * topo.n + b;
    if (watch.known_empty(box_house)) continue;
    bool any = false;  // an instance, accepted or not
    const std::uint64_t open = board.all_digits() & ~board.placed_in(box_house);
    for (int d = 1; d <= topo.n; ++d) {
      if (!(open & digit_bit(d))) continue;
      // lock() asks first whether the digit's places in the box lie inside the line; most
      // (box, digit) pairs have places in two rows and two columns, so none does. Asked here
      // before a step is reset (this runs at every step of a grade), and only of the two
      // lines that can: a line holding every place holds the first, so it is that cell's row
      // or column (in for_crossing_lines' order, rows before columns; both only for a single
      // place, which is passed over).
      const std::uint64_t places = board.positions(box_house, d);
      if (popcount(places) < 2) continue;
      const std::uint64_t* const shared = &topo.shared_slots[static_cast<std::size_t>(box_house) * houses];
      const int first = topo.house(box_house)[static_cast<std::size_t>(lowest(places))];
      for (const int line : {topo.row_house(first), topo.col_house(first)}) {
        if (places & ~shared[static_cast<std::size_t>(line)]) continue;
        reset_step(step);
        if (lock(board, box_house, line, d, Technique::locked_pointing, step, accept, &any)) return true;
      }
    }
    if (!any) watch.mark_empty(box_house);
  }
  return lock_extras(board, false, Technique::locked_pointing, step, accept);
}

bool find_locked_claiming(const Board& board, Step& step, const StepFilter& accept) {
  const Topology& topo = board.topo();
  // Lines known to hold no instance, as in find_locked_pointing: a line's instances depend
  // on its cells and those of the boxes (regions) it crosses.
  thread_local NothingFound watch;
  watch.look(board);
  for (int line = 0; line < 2 * topo.n; ++line) {
    if (!watch.known_empty(line)) continue;
    for (int c : topo.house(line))
      if (watch.changed(topo.box_house(c))) {
        watch.forget(line);
        break;
      }
  }
  for (int line = 0; line < 2 * topo.n; ++line) {
    if (watch.known_empty(line)) continue;
    bool any = false;  // an instance, accepted or not
    const std::uint64_t open = board.all_digits() & ~board.placed_in(line);
    for (int d = 1; d <= topo.n; ++d) {
      if (!(open & digit_bit(d))) continue;
      // The line's candidates all in one box: which box is fixed by any one of them.
      const std::uint64_t places = board.positions(line, d);
      if (popcount(places) < 2) continue;  // lock() passes over these too
      const int some_cell = topo.house(line)[static_cast<std::size_t>(lowest(places))];
      const int box = topo.box_house(some_cell);
      // lock()'s first question, asked before a step is reset (see find_locked_pointing).
      if (places & ~topo.shared_slots[static_cast<std::size_t>(line) * static_cast<std::size_t>(topo.houses()) + static_cast<std::size_t>(box)]) continue;
      reset_step(step);
      if (lock(board, line, box, d, Technique::locked_claiming, step, accept, &any)) return true;
    }
    if (!any) watch.mark_empty(line);
  }
  return lock_extras(board, true, Technique::locked_claiming, step, accept);
}

}  // namespace sudokit::grading

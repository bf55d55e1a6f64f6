// turbot.cpp: Turbot Fish and Empty Rectangle, the one-digit patterns SE rates 4.2.
//
//  - Turbot Fish: a conjugate pair A=B (the digit is in exactly one of them, in some house), a
//    weak link B-C (B and C see each other), and a conjugate pair C=D. If A is false, B is
//    true, so C is false and D true: A or D holds the digit, and any cell seeing both loses
//    it. Skyscraper and 2-String Kite are the special cases tried first (SE: 4.0 and 4.1).
//  - Empty Rectangle: in a box, the digit's candidates lie in one row r and one column c of
//    the box (and not in one line only, which would be pointing). With a conjugate pair in a
//    column c2 outside the box's stack whose ends are (r, c2) and (r2, c2): if (r2, c2) is
//    false, (r, c2) is true, row r of the box is empty of the digit, so it is in column c of
//    the box and (r2, c) is false; if (r2, c2) is true, (r2, c) sees it. Either way (r2, c)
//    loses the digit. Likewise with rows and columns swapped.
// Both scan digits ascending, then houses and cells in index order; the first instance that
// removes something is the step (the grader solves a canonical form, so that order is fine).
#include "board.hpp"

namespace sudokit::grading {
namespace {

struct Link {
  int house;
  int a, b;
};

/// The digit's conjugate pairs, into `links` (cleared first).
void conjugates(const Board& board, int digit, std::vector<Link>& links) {
  links.clear();
  const Topology& topo = board.topo();
  for (int h = 0; h < topo.houses(); ++h) {
    const std::uint64_t where = board.positions(h, digit);
    if (popcount(where) != 2) continue;
    const auto cells = topo.house(h);
    links.push_back({h, cells[static_cast<std::size_t>(lowest(where))], cells[static_cast<std::size_t>(lowest(where & (where - 1)))]});
  }
}

}  // namespace

bool find_turbot_fish(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  thread_local std::vector<Link> links;  // per thread: every stalled board past the basics asks
  // Where the topology has peer sets, whether the ends see a candidate together is read off
  // them first: most pairs of conjugate pairs remove nothing.
  const bool by_sets = !topo.peer_set.empty();
  // Digits known to hold no instance on this board (NothingFound, board.hpp): this finder
  // reads only where each digit can go.
  thread_local NothingFound watch;
  watch.look(board);
  for (int d = 1; d <= topo.n; ++d) {
    if (watch.digit_known_empty(d)) continue;
    conjugates(board, d, links);
    for (std::size_t i = 0; i < links.size(); ++i)
      for (std::size_t j = 0; j < links.size(); ++j) {
        if (i == j) continue;
        for (int oi = 0; oi < 2; ++oi)
          for (int oj = 0; oj < 2; ++oj) {
            const int a = oi ? links[i].b : links[i].a, b = oi ? links[i].a : links[i].b;
            const int c = oj ? links[j].b : links[j].a, e = oj ? links[j].a : links[j].b;
            if (!topo.sees(b, c) || a == c || a == e || b == e || a == e) continue;
            if (by_sets && !(topo.peer_set[static_cast<std::size_t>(a)] & topo.peer_set[static_cast<std::size_t>(e)] & board.cells_with(d)).any()) continue;
            reset_step(step);
            for (int x : topo.peers(a))
              if (x != e && topo.sees(x, e)) eliminate_into(board, step, x, d);
            if (step.eliminations.empty()) continue;
            step.technique = Technique::turbot_fish;
            step.cells = {a, b, c, e};
            step.chain = {{a, 0}, {b, d}, {c, 0}, {e, d}};
            step.digits = digit_bit(d);
            step.houses = {links[i].house, links[j].house};
            normalise(step);
            return true;
          }
      }
    watch.mark_digit_empty(d);
  }
  return false;
}

bool find_empty_rectangle(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  // Digits known to hold no instance on this board (NothingFound, board.hpp): this finder
  // reads only where each digit can go.
  thread_local NothingFound watch;
  watch.look(board);
  for (int d = 1; d <= n; ++d) {
    if (watch.digit_known_empty(d)) continue;
    for (int box = 0; box < n; ++box) {
      const int bh = 2 * n + box;
      thread_local std::vector<int> cells;  // per thread: one per digit and box otherwise
      cells.clear();
      for (int c : topo.house(bh))
        if (board.has(c, d)) cells.push_back(c);
      if (cells.size() < 2) continue;
      for (int hinge : topo.house(bh)) {
        const int r = topo.row[hinge], c = topo.col[hinge];
        bool covered = true, off_row = false, off_col = false;
        for (int x : cells) {
          if (topo.row[x] != r && topo.col[x] != c) covered = false;
          if (topo.row[x] != r) off_row = true;
          if (topo.col[x] != c) off_col = true;
        }
        if (!covered || !off_row || !off_col) continue;
        // Conjugate pair in a column outside the stack with one end in row r, and the mirror.
        for (int orientation = 0; orientation < 2; ++orientation) {
          for (int k = 0; k < n; ++k) {
            const int line = orientation == 0 ? n + k : k;  // a column, then a row
            const std::uint64_t where = board.positions(line, d);
            if (popcount(where) != 2) continue;
            const auto lc = topo.house(line);
            const int p = lc[static_cast<std::size_t>(lowest(where))];
            const int q = lc[static_cast<std::size_t>(lowest(where & (where - 1)))];
            for (int swap = 0; swap < 2; ++swap) {
              const int near = swap ? q : p, far = swap ? p : q;
              if (topo.box[near] == box || topo.box[far] == box) continue;
              int target;
              if (orientation == 0) {
                if (topo.row[near] != r) continue;
                target = topo.row[far] * n + c;
              } else {
                if (topo.col[near] != c) continue;
                target = r * n + topo.col[far];
              }
              if (topo.box[target] == box || target == far) continue;
              reset_step(step);
              eliminate_into(board, step, target, d);
              if (step.eliminations.empty()) continue;
              step.technique = Technique::empty_rectangle;
              step.cells = cells;
              step.cells.push_back(near);
              step.cells.push_back(far);
              step.digits = digit_bit(d);
              step.houses = {bh, line};
              return true;
            }
          }
        }
      }
    }
    watch.mark_digit_empty(d);
  }
  return false;
}

}  // namespace sudokit::grading

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
#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "board.hpp"
#include "more_techniques.hpp"

namespace sudokit::grading {

const std::vector<std::array<int, 4>>& rectangles(const Board& board) {
  // The last shape's list; held with its topology, so that a freed topology's address coming
  // back as another's cannot be mistaken for it.
  thread_local std::shared_ptr<const Topology> key;
  thread_local std::vector<std::array<int, 4>> list;
  if (key.get() == &board.topo()) return list;
  key = board.topology();
  list.clear();
  const Topology& topo = board.topo();
  const int n = topo.n;
  for (int r1 = 0; r1 < n; ++r1)
    for (int r2 = r1 + 1; r2 < n; ++r2)
      for (int c1 = 0; c1 < n; ++c1)
        for (int c2 = c1 + 1; c2 < n; ++c2) {
          const std::array<int, 4> k = {r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2};
          if (spans_two_boxes(topo, k)) list.push_back(k);
        }
  return list;
}

namespace {

/// Writes type 1's step for `corners` (rectangles() order), `odd` its corner of more than two
/// candidates, `pair` the others'.
void unique_rectangle_1_step(const Board& board, const std::array<int, 4>& corners, int odd, std::uint64_t pair, Step& step) {
  reset_step(step);
  for (std::uint64_t m = pair; m; m &= m - 1) eliminate_into(board, step, odd, lowest(m) + 1);
  step.technique = Technique::unique_rectangle_1;
  step.cells.assign(corners.begin(), corners.end());
  step.digits = pair;
  normalise(step);
}

}  // namespace

bool find_unique_rectangle_1(const Board& board, Step& step) {
  // The rectangles() scan looks at all 486 rectangles of a 9×9 board at every step of a
  // grade, and that walk was the whole of this finder's time. A type 1 rectangle has three
  // corners holding exactly one pair; two of any three corners share a row, so its row
  // without the odd corner is two such cells: the search starts from those pairs of cells
  // (a few a row) and tries each other row. The first rectangle in rectangles() order
  // (top row, bottom row, left column, right column) is the answer, as the scan's was
  // (find_unique_rectangle_1_by_scan, the test oracle).
  const Topology& topo = board.topo();
  const int n = topo.n;
  const auto at = [n](int r, int c) { return r * n + c; };
  std::array<int, 4> best{};
  std::array<int, 4> best_key{};
  int best_odd = -1;
  std::uint64_t best_pair = 0;
  thread_local std::vector<int> bivalue;  // columns of the row's open cells of two candidates
  for (int r = 0; r < n; ++r) {
    bivalue.clear();
    for (int c = 0; c < n; ++c)
      if (!board.value(at(r, c)) && popcount(board.candidates(at(r, c))) == 2) bivalue.push_back(c);
    for (std::size_t i = 0; i < bivalue.size(); ++i)
      for (std::size_t j = i + 1; j < bivalue.size(); ++j) {
        const int c1 = bivalue[i], c2 = bivalue[j];
        const std::uint64_t pair = board.candidates(at(r, c1));
        if (board.candidates(at(r, c2)) != pair) continue;
        for (int r2 = 0; r2 < n; ++r2) {
          if (r2 == r) continue;
          const int top = std::min(r, r2), bottom = std::max(r, r2);
          const std::array<int, 4> k = {at(top, c1), at(top, c2), at(bottom, c1), at(bottom, c2)};
          if (!spans_two_boxes(topo, k)) continue;
          const int x = at(r2, c1), y = at(r2, c2);
          if (board.value(x) || board.value(y)) continue;
          const std::uint64_t mx = board.candidates(x), my = board.candidates(y);
          int odd = -1;
          if (mx == pair && popcount(my) > 2 && (my & pair) == pair) odd = y;
          else if (my == pair && popcount(mx) > 2 && (mx & pair) == pair) odd = x;
          if (odd < 0) continue;
          const std::array<int, 4> key = {top, bottom, c1, c2};
          if (best_odd >= 0 && !(key < best_key)) continue;
          best = k;
          best_key = key;
          best_odd = odd;
          best_pair = pair;
        }
      }
  }
  if (best_odd < 0) return false;
  unique_rectangle_1_step(board, best, best_odd, best_pair, step);
  return true;
}

bool find_unique_rectangle_1_by_scan(const Board& board, Step& step) {
  // Four empty corners in two boxes sharing a pair (for_each_open_rectangle: classic boxes
  // only; variants are graded without uniqueness techniques).
  return for_each_open_rectangle(board, [&](const std::array<int, 4>& corners, std::uint64_t) {
    // The corner that is not bivalue; the three others must be one and the same pair.
    int odd = -1;
    std::uint64_t pair = 0;
    for (int corner : corners) {
      const std::uint64_t m = board.candidates(corner);
      if (popcount(m) < 2) return false;
      if (popcount(m) == 2) {
        if (pair == 0) pair = m;
        else if (pair != m) return false;
      } else if (odd < 0) {
        odd = corner;
      } else {
        return false;
      }
    }
    if (odd < 0 || pair == 0 || (board.candidates(odd) & pair) != pair) return false;
    unique_rectangle_1_step(board, corners, odd, pair, step);
    return true;
  });
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
  reset_step(step);
  step.technique = Technique::bug_plus_1;
  step.placements = {{odd, extra}};
  step.cells = {odd};
  step.digits = board.candidates(odd);
  return true;
}

}  // namespace sudokit::grading

namespace sudokit::grading {
namespace {

// Unique rectangles of types 2-4: four empty corners spanning two rows, two columns and two
// boxes that all hold digits a and b. Two "floor" corners hold exactly {a,b}; the two "roof"
// corners hold more. If the roof lost its extras, a and b could swap: the puzzle would have
// two solutions, so one of the roof's extra candidates is true.
//  - type 2: both roof cells hold exactly one extra digit x: one of them is x, so cells
//    seeing both lose x (SE 4.6);
//  - type 3: the roof's extras act as one virtual cell in a house both roof cells share; with
//    k more cells of that house it forms a naked subset of k+1 digits, whose digits leave the
//    house's other cells (SE 4.6 + 0.1 per extra cell beyond one);
//  - type 4: in a house both roof cells share, a is only in the roof: one roof cell is a, so
//    neither can be b (b leaves both roof cells; SE 4.6).
template <class Visit>
bool for_each_rectangle(const Board& board, Visit visit) {
  return for_each_open_rectangle(board, [&](const std::array<int, 4>& corners, std::uint64_t common) {
    // The roof, per thread: this runs for every rectangle of every stalled board.
    thread_local std::vector<int> roof;
    for (std::uint64_t ma = common; ma; ma &= ma - 1)
      for (std::uint64_t mb = ma & (ma - 1); mb; mb &= mb - 1) {
        const std::uint64_t pair = bit(lowest(ma)) | bit(lowest(mb));
        int floors = 0;
        for (int c : corners) floors += board.candidates(c) == pair;
        if (floors != 2) continue;
        roof.clear();
        for (int c : corners)
          if (board.candidates(c) != pair) roof.push_back(c);
        if (visit(corners, pair, roof)) return true;
      }
    return false;
  });
}

/// Houses both cells lie in.
std::vector<int> shared_houses(const Topology& topo, int a, int b) {
  std::vector<int> houses;
  if (topo.row[a] == topo.row[b]) houses.push_back(topo.row_house(a));
  if (topo.col[a] == topo.col[b]) houses.push_back(topo.col_house(a));
  if (topo.box[a] == topo.box[b]) houses.push_back(topo.box_house(a));
  return houses;
}

void describe_rectangle(Step& step, Technique technique, const std::array<int, 4>& corners, std::uint64_t pair) {
  step.technique = technique;
  step.cells.assign(corners.begin(), corners.end());
  step.digits = pair;
  normalise(step);
}

}  // namespace

bool find_unique_rectangle_2(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  return for_each_rectangle(board, [&](const std::array<int, 4>& corners, std::uint64_t pair, const std::vector<int>& roof) {
    const std::uint64_t x0 = board.candidates(roof[0]) & ~pair, x1 = board.candidates(roof[1]) & ~pair;
    if (x0 != x1 || popcount(x0) != 1) return false;
    const int x = lowest(x0) + 1;
    reset_step(step);
    for (int c : topo.peers(roof[0]))
      if (c != roof[1] && topo.sees(c, roof[1])) eliminate_into(board, step, c, x);
    if (step.eliminations.empty()) return false;
    describe_rectangle(step, Technique::unique_rectangle_2, corners, pair);
    return true;
  });
}

bool find_pseudo_subset(const Board& board, std::uint64_t pseudo, const std::vector<int>& others, int size,
                        Step& step, std::vector<int>& chosen) {
  const int m = static_cast<int>(others.size());
  if (size < 1 || size >= m) return false;
  std::vector<int> pick(static_cast<std::size_t>(size));
  for (int i = 0; i < size; ++i) pick[static_cast<std::size_t>(i)] = i;
  for (;;) {
    std::uint64_t digits = pseudo;
    for (int i : pick) digits |= board.candidates(others[static_cast<std::size_t>(i)]);
    if (popcount(digits) == size + 1) {
      reset_step(step);
      for (int k = 0; k < m; ++k) {
        bool picked = false;
        for (int i : pick) picked = picked || i == k;
        if (picked) continue;
        for (std::uint64_t dm = board.candidates(others[static_cast<std::size_t>(k)]) & digits; dm; dm &= dm - 1)
          eliminate_into(board, step, others[static_cast<std::size_t>(k)], lowest(dm) + 1);
      }
      if (!step.eliminations.empty()) {
        step.digits = digits;
        chosen.clear();
        for (int i : pick) chosen.push_back(others[static_cast<std::size_t>(i)]);
        return true;
      }
    }
    // The next `size`-subset of 0..m-1 in lexicographic order.
    int i = size - 1;
    while (i >= 0 && pick[static_cast<std::size_t>(i)] == m - size + i) --i;
    if (i < 0) return false;
    ++pick[static_cast<std::size_t>(i)];
    for (int k = i + 1; k < size; ++k) pick[static_cast<std::size_t>(k)] = pick[static_cast<std::size_t>(k - 1)] + 1;
  }
}

bool find_unique_rectangle_3(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  std::vector<int> chosen;
  return for_each_rectangle(board, [&](const std::array<int, 4>& corners, std::uint64_t pair, const std::vector<int>& roof) {
    const std::uint64_t extras = (board.candidates(roof[0]) | board.candidates(roof[1])) & ~pair;
    if (popcount(extras) < 2) return false;
    for (int h : shared_houses(topo, roof[0], roof[1])) {
      std::vector<int> others;
      for (int c : topo.house(h))
        if (board.value(c) == 0 && c != roof[0] && c != roof[1]) others.push_back(c);
      // Subsets of 1..3 other cells that with the virtual cell make a naked subset.
      for (int size = 1; size <= 3; ++size) {
        if (!find_pseudo_subset(board, extras, others, size, step, chosen)) continue;
        describe_rectangle(step, Technique::unique_rectangle_3, corners, pair);
        for (int c : chosen) step.cells.push_back(c);
        step.houses = {h};
        step.rating = 4.5 + 0.1 * size;
        return true;
      }
    }
    return false;
  });
}

bool find_unique_rectangle_4(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  return for_each_rectangle(board, [&](const std::array<int, 4>& corners, std::uint64_t pair, const std::vector<int>& roof) {
    for (int h : shared_houses(topo, roof[0], roof[1]))
      for (int side = 0; side < 2; ++side) {
        const int a = lowest(side ? pair & (pair - 1) : pair) + 1;
        const int b = lowest(pair & ~digit_bit(a)) + 1;
        if (popcount(board.positions(h, a)) != 2) continue;  // a only in the two roof cells
        reset_step(step);
        eliminate_into(board, step, roof[0], b);
        eliminate_into(board, step, roof[1], b);
        if (step.eliminations.empty()) continue;
        describe_rectangle(step, Technique::unique_rectangle_4, corners, pair);
        step.houses = {h};
        return true;
      }
    return false;
  });
}

}  // namespace sudokit::grading

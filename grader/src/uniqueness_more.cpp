// uniqueness_more.cpp: the uniqueness techniques issue 12 names beyond unique rectangles 1-4,
// unique loops and BUG 1/2 (uniqueness.cpp, unique_loops.cpp): unique rectangles of types 5
// and 6, hidden rectangles, avoidable rectangles of types 1 and 2, BUG types 3 and 4.
//
// All rest on one fact: four cells at the corners of a rectangle spanning two rows, two
// columns and two boxes that end up holding a, b, a, b (a on one diagonal, b on the other) can
// swap a and b, and the puzzle would have two solutions; on a puzzle with one solution some
// candidate that breaks the pattern must be true. ("Floor": corners holding exactly {a,b};
// "roof": corners holding more.)
//
//  - UR type 5: the roof is two diagonal corners or three corners, each holding exactly one
//    extra digit x, the same: one of them is x, so x leaves every cell seeing all of them.
//    SE has no separate type: its unique-loop type 2 takes any number of such corners (SE's
//    UniqueLoops, diuf.sudoku.solver.rules.unique), rated as type 2, 4.6. (Our type 2 finder
//    already takes two diagonal roof corners, and the ladder asks it first; type 5 adds the
//    three-corner roof.)
//  - UR type 6: the floor is a diagonal; a lies in both rows (or both columns) of the
//    rectangle only at its corners. Then a is on one diagonal (an X-Wing); on the roof's it
//    would leave the floor b, b: the pattern. So a leaves both roof corners. SE has none:
//    type 4's argument (4.6) with a second strong link, 4.7.
//  - Hidden rectangle: one corner F is exactly {a,b}; at the opposite corner D, a lies in D's
//    row and in D's column only at rectangle corners. If D were b, those two corners would
//    be a, so F b: the pattern. So b leaves D. SE has none: two strong links as type 6, 4.7.
//  - Avoidable rectangles use cells solved during the solve (not givens, Board::given()),
//    which could swap as well as candidates: type 1, three solved corners D = a and R = C = b
//    (R, C the corners sharing a row or column with the fourth, E): E is not a (as UR 1,
//    4.5). Type 2, two solved corners P = a, Q = b sharing a line; the others are exactly
//    {b,x} (P's side) and {a,x}: one is x, so x leaves the cells seeing both (as UR 2, 4.6).
//  - BUG types 3 and 4: a BUG+n is a board where removing a few "extra" candidates (from the
//    cells with more than two) would leave a bivalue universal grave: every empty cell two
//    candidates, every digit in every house twice or not at all. A grave has no solution or
//    several, so on a unique puzzle one of the extras is true.
//      type 3  the extra cells share a house; their extras act as one virtual cell, which with
//              k other cells of the house whose candidates lie in the same k+1 digits is a
//              naked subset: those digits leave the house's other cells (SE: 5.7 + 0.1 per
//              digit past one, a pair 5.8; Bug3Hint).
//      type 4  two extra cells share a house and, besides their extras, exactly one digit v,
//              which in that house lies only in them: one of them is v and (by the BUG) one
//              holds its extra, so each keeps only v and its extras (SE 5.7; Bug4Hint).
//    The extras are found by trying, for each cell with more than two candidates, which two it
//    keeps, and checking the grave; the first assignment that works is used (cells in index
//    order, pairs in digit order), and the search stops past a few extra cells.
#include <algorithm>
#include <array>
#include <vector>

#include "more_techniques.hpp"

namespace sudokit::grading {
namespace {

/// The corner diagonal to corner i (0..3 in for_each_corners' order).
constexpr int diagonal(int i) { return 3 - i; }

/// x leaves every cell (not one of `cells`) that sees all of `cells`.
void eliminate_seeing_all(const Board& board, Step& step, const std::vector<int>& cells, int x) {
  const Topology& topo = board.topo();
  for (int c : topo.peers(cells[0])) {
    bool all = true;
    for (std::size_t i = 1; i < cells.size() && all; ++i) all = c != cells[i] && topo.sees(c, cells[i]);
    if (all) eliminate_into(board, step, c, x);
  }
}

void describe(Step& step, Technique technique, const std::array<int, 4>& corners, std::uint64_t pair, double rating) {
  step.technique = technique;
  step.cells.assign(corners.begin(), corners.end());
  step.digits = pair;
  step.rating = rating;
  normalise(step);
}

/// Digit pairs {a,b} held by all four corners.
template <class Visit>
bool for_each_pair(std::uint64_t common, Visit visit) {
  for (std::uint64_t ma = common; ma; ma &= ma - 1)
    for (std::uint64_t mb = ma & (ma - 1); mb; mb &= mb - 1)
      if (visit(lowest(ma) + 1, lowest(mb) + 1)) return true;
  return false;
}

/// The house-of-cells test of BUG: with `extras[cell]` removed, is every empty cell bivalue and
/// every digit in every house twice or absent?
bool is_grave(const Board& board, const std::vector<std::uint64_t>& extras) {
  const Topology& topo = board.topo();
  for (int h = 0; h < topo.houses(); ++h) {
    std::uint64_t once = 0, twice = 0, thrice = 0;
    for (int c : topo.house(h)) {
      const std::uint64_t m = board.candidates(c) & ~extras[static_cast<std::size_t>(c)];
      thrice |= twice & m;
      twice |= once & m;
      once |= m;
    }
    if (thrice != 0 || once != twice) return false;
  }
  return true;
}

/// A BUG+n: the cells with more than two candidates (in index order) and, per cell, the extras
/// whose removal leaves a grave. False when the board is no BUG+n (or too many extra cells).
bool find_bug_extras(const Board& board, std::vector<int>& cells, std::vector<std::uint64_t>& extras) {
  constexpr int kMaxCells = 6;
  constexpr long kMaxTries = 4096;
  const Topology& topo = board.topo();
  cells.clear();
  long tries = 1;
  for (int c = 0; c < topo.cells; ++c) {
    if (board.value(c) != 0) continue;
    const int k = popcount(board.candidates(c));
    if (k < 2) return false;
    if (k == 2) continue;
    cells.push_back(c);
    if (static_cast<int>(cells.size()) > kMaxCells) return false;
    tries *= k * (k - 1) / 2;
    if (tries > kMaxTries) return false;
  }
  if (cells.empty()) return false;
  // Cheap necessary condition: a digit that is neither absent nor twice in a house must lie
  // in one of the extra cells there.
  std::vector<char> is_extra(static_cast<std::size_t>(topo.cells), 0);
  for (int c : cells) is_extra[static_cast<std::size_t>(c)] = 1;
  for (int h = 0; h < topo.houses(); ++h) {
    std::uint64_t once = 0, twice = 0, thrice = 0, in_extra = 0;
    for (int c : topo.house(h)) {
      const std::uint64_t m = board.candidates(c);
      thrice |= twice & m;
      twice |= once & m;
      once |= m;
      if (is_extra[static_cast<std::size_t>(c)]) in_extra |= m;
    }
    const std::uint64_t odd_count = (once & ~twice) | thrice;
    if (odd_count & ~in_extra) return false;
  }
  extras.assign(static_cast<std::size_t>(topo.cells), 0);
  auto assign = [&](auto&& self, std::size_t i) -> bool {
    if (i == cells.size()) return is_grave(board, extras);
    const int c = cells[i];
    const std::uint64_t m = board.candidates(c);
    for (std::uint64_t ma = m; ma; ma &= ma - 1)
      for (std::uint64_t mb = ma & (ma - 1); mb; mb &= mb - 1) {
        extras[static_cast<std::size_t>(c)] = m & ~(bit(lowest(ma)) | bit(lowest(mb)));
        if (self(self, i + 1)) return true;
      }
    extras[static_cast<std::size_t>(c)] = 0;
    return false;
  };
  return assign(assign, 0);
}

/// Houses (rows, columns, boxes) holding every cell of `cells`.
std::vector<int> houses_of_all(const Topology& topo, const std::vector<int>& cells) {
  std::vector<int> out;
  const std::array<int, 3> first = {topo.row_house(cells[0]), topo.col_house(cells[0]), topo.box_house(cells[0])};
  for (int h : first) {
    bool all = true;
    for (int c : cells) all = all && topo.in_house(c, h);
    if (all) out.push_back(h);
  }
  return out;
}

}  // namespace

bool find_unique_rectangle_5(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  return for_each_open_rectangle(board, [&](const std::array<int, 4>& k, std::uint64_t common) {
    return for_each_pair(common, [&](int a, int b) {
      const std::uint64_t pair = digit_bit(a) | digit_bit(b);
      thread_local std::vector<int> roof;  // per thread: one per rectangle and pair otherwise
      roof.clear();
      std::uint64_t extra = 0;
      for (int c : k)
        if (board.candidates(c) != pair) {
          roof.push_back(c);
          extra |= board.candidates(c) & ~pair;
          if (popcount(board.candidates(c)) != 3) return false;
        }
      if (popcount(extra) != 1 || roof.size() < 2 || roof.size() > 3) return false;
      if (roof.size() == 2 && topo.sees(roof[0], roof[1])) return false;  // type 2
      reset_step(step);
      eliminate_seeing_all(board, step, roof, lowest(extra) + 1);
      if (step.eliminations.empty()) return false;
      describe(step, Technique::unique_rectangle_5, k, pair, 4.6);
      return true;
    });
  });
}

bool find_unique_rectangle_6(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  return for_each_open_rectangle(board, [&](const std::array<int, 4>& k, std::uint64_t common) {
    return for_each_pair(common, [&](int a, int b) {
      const std::uint64_t pair = digit_bit(a) | digit_bit(b);
      for (int f = 0; f < 2; ++f) {  // floor diagonal: corners f and 3-f
        const int floor0 = k[static_cast<std::size_t>(f)], floor1 = k[static_cast<std::size_t>(diagonal(f))];
        const int roof0 = k[static_cast<std::size_t>(1 - f)], roof1 = k[static_cast<std::size_t>(diagonal(1 - f))];
        if (board.candidates(floor0) != pair || board.candidates(floor1) != pair) continue;
        if (board.candidates(roof0) == pair || board.candidates(roof1) == pair) continue;  // UR 1 / 4
        for (int x : {a, b}) {
          const bool rows = popcount(board.positions(topo.row_house(k[0]), x)) == 2 &&
                            popcount(board.positions(topo.row_house(k[3]), x)) == 2;
          const bool cols = popcount(board.positions(topo.col_house(k[0]), x)) == 2 &&
                            popcount(board.positions(topo.col_house(k[3]), x)) == 2;
          if (!rows && !cols) continue;
          reset_step(step);
          eliminate_into(board, step, roof0, x);
          eliminate_into(board, step, roof1, x);
          if (step.eliminations.empty()) continue;
          describe(step, Technique::unique_rectangle_6, k, pair, 4.7);
          step.houses = rows ? std::vector<int>{topo.row_house(k[0]), topo.row_house(k[3])}
                             : std::vector<int>{topo.col_house(k[0]), topo.col_house(k[3])};
          return true;
        }
      }
      return false;
    });
  });
}

bool find_hidden_rectangle(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  return for_each_open_rectangle(board, [&](const std::array<int, 4>& k, std::uint64_t common) {
    return for_each_pair(common, [&](int a, int b) {
      const std::uint64_t pair = digit_bit(a) | digit_bit(b);
      for (int f = 0; f < 4; ++f) {
        if (board.candidates(k[static_cast<std::size_t>(f)]) != pair) continue;
        const int d = k[static_cast<std::size_t>(diagonal(f))];
        for (int side = 0; side < 2; ++side) {
          const int x = side ? b : a, y = side ? a : b;  // x locked in D's lines, y leaves D
          if (popcount(board.positions(topo.row_house(d), x)) != 2 ||
              popcount(board.positions(topo.col_house(d), x)) != 2)
            continue;
          reset_step(step);
          eliminate_into(board, step, d, y);
          if (step.eliminations.empty()) continue;
          describe(step, Technique::hidden_rectangle, k, pair, 4.7);
          step.houses = {topo.row_house(d), topo.col_house(d)};
          return true;
        }
      }
      return false;
    });
  });
}

bool find_avoidable_rectangle_1(const Board& board, Step& step) {
  return for_each_corners(board, false, [&](const std::array<int, 4>& k) {
    for (int e = 0; e < 4; ++e) {
      const int empty = k[static_cast<std::size_t>(e)];
      const int d = k[static_cast<std::size_t>(diagonal(e))];
      const int r = k[static_cast<std::size_t>(e ^ 1)], c = k[static_cast<std::size_t>(e ^ 2)];  // same row / column as E
      if (board.value(empty) != 0) continue;
      bool solved = true;
      for (int cell : {d, r, c}) solved = solved && board.value(cell) != 0 && !board.given(cell);
      if (!solved || board.value(r) != board.value(c) || board.value(d) == board.value(r)) continue;
      reset_step(step);
      eliminate_into(board, step, empty, board.value(d));
      if (step.eliminations.empty()) continue;
      describe(step, Technique::avoidable_rectangle_1, k, digit_bit(board.value(d)) | digit_bit(board.value(r)), 4.5);
      return true;
    }
    return false;
  });
}

bool find_avoidable_rectangle_2(const Board& board, Step& step) {
  // The scan of every rectangle and side (find_avoidable_rectangle_2_by_scan, the test
  // oracle) was this finder's whole time at the rises and stalls of a grade. Here the pattern
  // is found from its unsolved side: two two-candidate cells U and V in one line sharing
  // exactly one digit x, U = {b,x} and V = {a,x}. The solved side is then fixed: P, in U's
  // column (row), is the one cell there that holds a, and Q, in V's, must hold b. U is the
  // left (top) cell of its pair, so that P is the left (top) end of its side, as in the
  // scan's sides (the pattern is symmetric in P, U and Q, V). The first in the scan's order
  // (rectangle, then side) that removes something is the answer.
  const Topology& topo = board.topo();
  const int n = topo.n;
  const auto at = [n](int r, int c) { return r * n + c; };
  // Where each digit is written in each row and column (-1: nowhere), by solving, not given.
  // A board with a digit written twice in a line (never one a grade reaches) has no single
  // answer to "where": the scan takes it.
  thread_local std::vector<int> in_row, in_col;  // [r · (n+1) + d]: column; [c · (n+1) + d]: row
  in_row.assign(static_cast<std::size_t>(n * (n + 1)), -1);
  in_col.assign(static_cast<std::size_t>(n * (n + 1)), -1);
  for (int c = 0; c < topo.cells; ++c)
    if (const int v = board.value(c); v && !board.given(c)) {
      int& column = in_row[static_cast<std::size_t>(topo.row[c] * (n + 1) + v)];
      int& row = in_col[static_cast<std::size_t>(topo.col[c] * (n + 1) + v)];
      if (column >= 0 || row >= 0) return find_avoidable_rectangle_2_by_scan(board, step);
      column = topo.col[c];
      row = topo.row[c];
    }
  std::array<int, 5> best_key{};
  bool found = false;
  std::array<int, 4> best_k{};
  int best_u = -1, best_v = -1, best_x = 0;
  std::uint64_t best_digits = 0;
  thread_local Step trial;
  // U and V on line `line` (a row when `rows`), at positions pu < pv along it.
  auto consider = [&](bool rows, int line, int pu, int pv) {
    const int u = rows ? at(line, pu) : at(pu, line), v = rows ? at(line, pv) : at(pv, line);
    const std::uint64_t mu = board.candidates(u), mv = board.candidates(v);
    const std::uint64_t shared = mu & mv;
    if (popcount(shared) != 1) return;
    const int a = lowest(mv & ~shared) + 1, b = lowest(mu & ~shared) + 1;
    // P holds a in U's column (row); Q, on P's line, holds b in V's column (row).
    const int other = rows ? in_col[static_cast<std::size_t>(pu * (n + 1) + a)] : in_row[static_cast<std::size_t>(pu * (n + 1) + a)];
    if (other < 0) return;
    const int q = rows ? at(other, pv) : at(pv, other);
    if (board.value(q) != b || board.given(q)) return;
    const int top = rows ? std::min(line, other) : std::min(pu, pv), bottom = rows ? std::max(line, other) : std::max(pu, pv);
    const int left = rows ? std::min(pu, pv) : std::min(line, other), right = rows ? std::max(pu, pv) : std::max(line, other);
    const std::array<int, 4> k = {at(top, left), at(top, right), at(bottom, left), at(bottom, right)};
    if (!spans_two_boxes(topo, k)) return;
    // The scan's side: P-Q on the top row 0, the bottom row 1, the left column 2, the right 3
    // (one rectangle has at most one: the solved side's corners are the other sides' open ones).
    const int side = rows ? (other < line ? 0 : 1) : (other < line ? 2 : 3);
    const std::array<int, 5> key = {top, bottom, left, right, side};
    if (found && !(key < best_key)) return;
    reset_step(trial);
    eliminate_seeing_all(board, trial, {u, v}, lowest(shared) + 1);
    if (trial.eliminations.empty()) return;
    found = true;
    best_key = key;
    best_k = k;
    best_u = u;
    best_v = v;
    best_x = lowest(shared) + 1;
    best_digits = digit_bit(a) | digit_bit(b);
  };
  thread_local std::vector<int> bivalue;  // positions along the line of its open cells of two candidates
  for (int rows = 1; rows >= 0; --rows)
    for (int line = 0; line < n; ++line) {
      bivalue.clear();
      for (int p = 0; p < n; ++p) {
        const int c = rows ? at(line, p) : at(p, line);
        if (!board.value(c) && popcount(board.candidates(c)) == 2) bivalue.push_back(p);
      }
      for (std::size_t i = 0; i < bivalue.size(); ++i)
        for (std::size_t j = i + 1; j < bivalue.size(); ++j) consider(rows != 0, line, bivalue[i], bivalue[j]);
    }
  if (!found) return false;
  reset_step(step);
  eliminate_seeing_all(board, step, {best_u, best_v}, best_x);
  describe(step, Technique::avoidable_rectangle_2, best_k, best_digits, 4.6);
  return true;
}

bool find_avoidable_rectangle_2_by_scan(const Board& board, Step& step) {
  return for_each_corners(board, false, [&](const std::array<int, 4>& k) {
    // P, Q solved and sharing a line; U below/beside P, V beside Q.
    static constexpr std::array<std::array<int, 4>, 4> kSides = {{{0, 1, 2, 3}, {2, 3, 0, 1}, {0, 2, 1, 3}, {1, 3, 0, 2}}};
    for (const auto& s : kSides) {
      const int p = k[static_cast<std::size_t>(s[0])], q = k[static_cast<std::size_t>(s[1])];
      const int u = k[static_cast<std::size_t>(s[2])], v = k[static_cast<std::size_t>(s[3])];
      if (board.value(p) == 0 || board.value(q) == 0 || board.given(p) || board.given(q)) continue;
      if (board.value(u) != 0 || board.value(v) != 0 || board.value(p) == board.value(q)) continue;
      const std::uint64_t a = digit_bit(board.value(p)), b = digit_bit(board.value(q));
      // U would be b and V a: each must hold that digit and the same one extra x.
      const std::uint64_t xu = board.candidates(u) & ~b, xv = board.candidates(v) & ~a;
      if ((board.candidates(u) & b) == 0 || (board.candidates(v) & a) == 0) continue;
      if (popcount(board.candidates(u)) != 2 || xu != xv) continue;
      reset_step(step);
      eliminate_seeing_all(board, step, {u, v}, lowest(xu) + 1);
      if (step.eliminations.empty()) continue;
      describe(step, Technique::avoidable_rectangle_2, k, a | b, 4.6);
      return true;
    }
    return false;
  });
}

bool find_bug_type_3(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  std::vector<int> cells;
  std::vector<std::uint64_t> extras;
  if (!find_bug_extras(board, cells, extras) || cells.size() < 2) return false;
  std::uint64_t all_extra = 0;
  for (int c : cells) all_extra |= extras[static_cast<std::size_t>(c)];
  if (popcount(all_extra) < 2) return false;  // one digit: BUG type 2
  // The smallest naked subset over all shared houses (SE rates by its size).
  bool found = false;
  std::vector<int> chosen;
  for (int h : houses_of_all(topo, cells)) {
    std::vector<int> others;
    for (int c : topo.house(h)) {
      bool bug = false;
      for (int b : cells) bug = bug || b == c;
      if (!bug && board.value(c) == 0) others.push_back(c);
    }
    for (int size = 1; size <= 4; ++size) {
      if (found && size + 1 >= popcount(step.digits)) break;
      Step s;
      if (!find_pseudo_subset(board, all_extra, others, size, s, chosen)) continue;
      s.technique = Technique::bug_type_3;
      s.cells = cells;
      for (int c : chosen) s.cells.push_back(c);
      s.houses = {h};
      s.rating = 5.7 + 0.1 * size;
      normalise(s);
      step = s;
      found = true;
    }
  }
  return found;
}

bool find_bug_type_4(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  std::vector<int> cells;
  std::vector<std::uint64_t> extras;
  if (!find_bug_extras(board, cells, extras) || cells.size() != 2) return false;
  const int c1 = cells[0], c2 = cells[1];
  const std::uint64_t e1 = extras[static_cast<std::size_t>(c1)], e2 = extras[static_cast<std::size_t>(c2)];
  const std::uint64_t common = board.candidates(c1) & board.candidates(c2) & ~(e1 | e2);
  if (popcount(common) != 1) return false;
  const int v = lowest(common) + 1;
  for (int h : houses_of_all(topo, cells)) {
    if (popcount(board.positions(h, v)) != 2) continue;  // v only in the two BUG cells
    reset_step(step);
    for (std::uint64_t m = board.candidates(c1) & ~e1 & ~common; m; m &= m - 1) eliminate_into(board, step, c1, lowest(m) + 1);
    for (std::uint64_t m = board.candidates(c2) & ~e2 & ~common; m; m &= m - 1) eliminate_into(board, step, c2, lowest(m) + 1);
    if (step.eliminations.empty()) return false;
    step.technique = Technique::bug_type_4;
    step.cells = cells;
    step.digits = common | e1 | e2;
    step.houses = {h};
    step.rating = 5.7;
    normalise(step);
    return true;
  }
  return false;
}

}  // namespace sudokit::grading

// unique_loops.cpp: unique loops (types 1, 2 and 4) and BUG type 2, uniqueness techniques
// beyond the rectangle (uniqueness.cpp) that Sukaku Explainer (SE) rates.
//
//  - Unique loop: an even cycle of 6, 8 or 10 empty cells that all hold two digits a and b,
//    consecutive cells sharing a house, and every row, column and box holding either none of
//    the cells or exactly two. If every cell held only {a,b}, a and b could be swapped along
//    the loop (each house loses one a and one b and gains them back) and the puzzle would have
//    two solutions. A unique rectangle is the loop of four cells. The types are the
//    rectangle's:
//      type 1  one cell holds more than {a,b}: it is neither a nor b;
//      type 2  the cells holding more hold exactly one extra digit x, the same in all: one
//              of them is x, so x leaves every cell that sees all of them;
//      type 4  two cells holding more share a house where a lies only in loop cells of that
//              house (the two): one of them is a, so b leaves both.
//    SE rates a unique loop 4.5, +0.1 from 6 cells, +0.2 from 8, +0.5 from 10, and each type
//    as its rectangle does on top of that (type 2 and type 4: +0.1): a 6-loop of type 1 is
//    4.6, of type 2 or 4 4.7 (diuf.sudoku.solver.rules.unique.UniqueLoopHint and its types).
//    The loop must be two-colourable over its houses (a's and b's alternate in every house),
//    which is checked: an even cycle can still hide an odd one through a third house.
//  - BUG type 2 (a BUG+n): every empty cell has two candidates except a few with three, and
//    the third candidate is the same digit x in all of them; without x the board would be a
//    bivalue universal grave (every digit twice in every house it fits in), which has no
//    solution or two, so one of those cells is x and x leaves every cell that sees them all.
//    SE 5.7 (diuf.sudoku.solver.rules.unique.Bug2Hint).
//
// The loop search is a depth-first walk from the loop's smallest cell through cells holding
// both digits, at most two loop cells per house, up to 10 cells; among the loops of a digit
// pair the first found in that order is used, so the step does not depend on anything but
// the board.
//
// Past a miss (NothingBefore, board.hpp): the three loop finders found a step in a handful of
// their thousands of calls on top1465 (about 4% of its grading time), each call walking every
// digit pair. Once one has found nothing on a board B0, on a candidate-subset B1 of it a pair
// {a,b} can give a step only if some changed cell is open on B1 and holds both a and b, or
// (type 4) some changed cell lost a or b; other pairs are passed over. Why: every cell a
// walk of {a,b} can enter on B1 holds both digits there; when none of those changed, each is
// as it was on B0 (the same candidates, so admitted and counted as extra the same way), and
// the loops of the pair on B1 are loops B0 walked too, with the same cells. B0's walk offered
// each to the step test and got nothing. Type 1 removes a and b from the one extra cell, which
// holds the same candidates; type 2 removes x from cells seeing every extra cell, whose
// candidates only shrank: nothing on B1 either. Type 4 also reads how many places a has in a
// house the two extra cells share: that count can fall to two only through a cell that lost
// a (or was written), hence its second condition. Passing over pairs with nothing keeps the
// first step found the same.
#include <array>
#include <type_traits>
#include <vector>

#include "board.hpp"

namespace sudokit::grading {
namespace {

constexpr int kMaxLoop = 10;

/// SE's value of a unique loop of `cells` cells (type 1; types 2 and 4 add 0.1).
double loop_rating(int cells) {
  double r = 4.5;
  if (cells >= 10) r += 0.3;
  if (cells >= 8) r += 0.2;
  else if (cells >= 6) r += 0.1;
  return r;
}

/// Calls visit(loop, pair) for every unique loop of 6..10 cells (each once, from its smallest
/// cell) until visit returns true. Prunes: a loop holds at most `max_extras` cells with
/// candidates beyond the pair, and only cells admit(cell, pair) accepts (type 2: the pair and
/// one given extra digit), so the walk stays among the few cells that can be on such a loop.
/// `worth(pair)`, when given, skips a pair up front: the caller knows no loop of it can give
/// a step.
template <class Admit, class Visit, class Worth = bool (*)(std::uint64_t)>
bool for_each_loop(const Board& board, int max_extras, Admit admit, Visit visit, Worth worth = nullptr) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  const int houses = topo.houses();
  // Per thread, storage kept from call to call (every stalled board past the basics asks).
  thread_local std::vector<int> loop, house_count, fitting;
  thread_local std::vector<char> in_loop;
  const bool sets = !topo.peer_set.empty();  // Board::cells_with answers (up to 256 cells)
  loop.clear();
  house_count.assign(static_cast<std::size_t>(houses), 0);
  in_loop.assign(static_cast<std::size_t>(topo.cells), 0);
  auto houses_of = [&](int c) { return std::array<int, 3>{topo.row_house(c), topo.col_house(c), topo.box_house(c)}; };
  for (int a = 1; a <= n; ++a)
    for (int b = a + 1; b <= n; ++b) {
      const std::uint64_t pair = digit_bit(a) | digit_bit(b);
      if constexpr (!std::is_pointer_v<Worth>) {
        if (!worth(pair)) continue;
      }
      auto fits = [&](int c) { return board.value(c) == 0 && (board.candidates(c) & pair) == pair && admit(c, pair); };
      // The cells a loop of the pair may use, ascending: up to 256 cells read off the cells
      // holding a and those holding b (a few of them, where the scan of every cell for each
      // pair was most of these finders' time), else found by that scan.
      fitting.clear();
      if (sets)
        (board.cells_with(a) & board.cells_with(b)).for_each([&](int c) {
          if (fits(c)) fitting.push_back(c);
        });
      else
        for (int c = 0; c < topo.cells; ++c)
          if (fits(c)) fitting.push_back(c);
      // A loop has at least 6 cells, at most max_extras of them beyond the pair.
      int exact = 0;
      for (int c : fitting) exact += board.candidates(c) == pair;
      if (fitting.size() < 6 || exact < 6 - max_extras) continue;
      for (int start : fitting) {
        int extras = 0;
        auto push = [&](int c) {
          loop.push_back(c);
          in_loop[static_cast<std::size_t>(c)] = 1;
          for (int h : houses_of(c)) ++house_count[static_cast<std::size_t>(h)];
          if (board.candidates(c) != pair) ++extras;
        };
        auto pop = [&] {
          const int c = loop.back();
          loop.pop_back();
          in_loop[static_cast<std::size_t>(c)] = 0;
          for (int h : houses_of(c)) --house_count[static_cast<std::size_t>(h)];
          if (board.candidates(c) != pair) --extras;
        };
        auto closed = [&]() -> bool {
          // Every house holds 0 or 2 loop cells, and the cells two-colour over their houses.
          for (int c : loop)
            for (int h : houses_of(c))
              if (house_count[static_cast<std::size_t>(h)] != 2) return false;
          std::array<int, kMaxLoop> colour{};
          colour.fill(-1);
          colour[0] = 0;
          for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t i = 0; i < loop.size(); ++i)
              for (std::size_t j = 0; j < loop.size(); ++j) {
                if (i == j || !topo.sees(loop[i], loop[j]) || colour[i] < 0) continue;
                if (colour[j] < 0) {
                  colour[j] = 1 - colour[i];
                  changed = true;
                } else if (colour[j] == colour[i]) {
                  return false;
                }
              }
          }
          return true;
        };
        auto walk = [&](auto&& self, int last_house) -> bool {
          const int at = loop.back();
          for (int h : houses_of(at)) {
            if (h == last_house) continue;  // leave a cell through another house than the one we came by
            for (int c : topo.house(h)) {
              if (c == start && loop.size() >= 6 && loop.size() % 2 == 0 && h != last_house) {
                if (closed() && visit(loop, pair)) return true;
                continue;
              }
              if (c <= start || in_loop[static_cast<std::size_t>(c)] || !fits(c)) continue;
              if (static_cast<int>(loop.size()) >= kMaxLoop) continue;
              bool full = false;
              for (int hh : houses_of(c)) full = full || house_count[static_cast<std::size_t>(hh)] >= 2;
              if (full) continue;
              push(c);
              if (extras <= max_extras && self(self, h)) return true;
              pop();
            }
          }
          return false;
        };
        loop.clear();
        push(start);
        const bool found = extras <= max_extras && walk(walk, -1);
        while (!loop.empty()) pop();
        if (found) return true;
      }
    }
  return false;
}

/// Past a miss: the digit pairs a loop finder looks at again (see the essay). `all` when
/// there is no memo to go by (or digits above 16): every pair.
struct ChangedPairs {
  bool all = true;
  std::array<std::uint16_t, 16> held{};  ///< held[a] bit b: a changed open cell holds a and b (0-based)
  std::uint64_t lost = 0;                ///< digits some changed cell lost (written cells: all they had)

  bool worth(std::uint64_t pair, bool reads_lost) const {
    if (all) return true;
    const int a = lowest(pair), b = lowest(pair & (pair - 1));
    return ((held[static_cast<std::size_t>(a)] >> b) & 1) != 0 || (reads_lost && (lost & pair) != 0);
  }
};

/// For a loop finder's memo `before`: whether it has nothing on `board` at all (the board it
/// last found nothing on), else fills `out` with the pairs to look at.
bool nothing_since(const Board& board, NothingBefore& before, ChangedPairs& out) {
  out = ChangedPairs{};
  if (!before.applies(board) || board.n() > 16) return false;
  if (!before.changed().any()) return true;
  out.all = false;
  before.changed().for_each([&](int c) {
    out.lost |= before.candidates_then(c) & ~(board.value(c) ? 0 : board.candidates(c));
    if (board.value(c)) return;
    const std::uint64_t m = board.candidates(c);
    for (std::uint64_t p = m; p; p &= p - 1) out.held[static_cast<std::size_t>(lowest(p))] |= static_cast<std::uint16_t>(m);
  });
  return false;
}

void describe_loop(Step& step, Technique technique, const std::vector<int>& loop, std::uint64_t pair, double rating) {
  step.technique = technique;
  step.cells = loop;
  step.digits = pair;
  step.rating = rating;
  normalise(step);
}

}  // namespace

bool find_unique_loop_1(const Board& board, Step& step) {
  thread_local NothingBefore before;
  ChangedPairs changed;
  if (nothing_since(board, before, changed)) return false;
  const bool found = for_each_loop(board, 1, [](int, std::uint64_t) { return true; }, [&](const std::vector<int>& loop, std::uint64_t pair) {
    int odd = -1;
    for (int c : loop)
      if (board.candidates(c) != pair) odd = c;
    if (odd < 0) return false;
    reset_step(step);
    for (std::uint64_t m = pair; m; m &= m - 1) eliminate_into(board, step, odd, lowest(m) + 1);
    if (step.eliminations.empty()) return false;
    describe_loop(step, Technique::unique_loop_1, loop, pair, loop_rating(static_cast<int>(loop.size())));
    return true;
  }, [&](std::uint64_t pair) { return changed.worth(pair, false); });
  if (!found) before.remember(board);
  return found;
}

bool find_unique_loop_2(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  thread_local NothingBefore before;
  ChangedPairs changed;
  if (nothing_since(board, before, changed)) return false;
  // Up to 16 digits, one pass over the cells counts, for every pair {a,b}, the cells holding
  // exactly it and, per extra digit x, those holding exactly {a,b,x}: a pair with fewer than
  // six such cells has no loop, and one with fewer than two {a,b,x} cells no type 2 roof, so
  // the walk skips it (most pairs, most boards) without scanning the board per pair and x.
  const int n = board.n();
  const bool counted = n <= 16;
  thread_local std::vector<std::uint16_t> exact_count, roof_count;  // [a·16 + b], [(a·16 + b)·16 + x] (0-based)
  if (counted) {
    exact_count.assign(16 * 16, 0);
    roof_count.assign(16 * 16 * 16, 0);
    for (int c = 0; c < topo.cells; ++c) {
      if (board.value(c)) continue;
      const std::uint64_t m = board.candidates(c);
      const int k = popcount(m);
      if (k == 2) {
        ++exact_count[static_cast<std::size_t>(lowest(m) * 16 + lowest(m & (m - 1)))];
      } else if (k == 3) {
        const std::uint64_t rest = m & (m - 1);
        const int d0 = lowest(m), d1 = lowest(rest), d2 = lowest(rest & (rest - 1));
        ++roof_count[static_cast<std::size_t>((d0 * 16 + d1) * 16 + d2)];
        ++roof_count[static_cast<std::size_t>((d0 * 16 + d2) * 16 + d1)];
        ++roof_count[static_cast<std::size_t>((d1 * 16 + d2) * 16 + d0)];
      }
    }
  }
  // The extra digit x first: loop cells then hold exactly {a,b} or {a,b,x}.
  for (int x = 1; x <= board.n(); ++x) {
    auto admit = [&](int c, std::uint64_t pair) {
      return (pair & digit_bit(x)) == 0 && (board.candidates(c) == pair || board.candidates(c) == (pair | digit_bit(x)));
    };
    auto worth = [&](std::uint64_t pair) {
      if (!changed.worth(pair, false)) return false;
      if (!counted || (pair & digit_bit(x))) return true;  // (admit() refuses the latter anyway)
      const int a = lowest(pair), b = lowest(pair & (pair - 1));
      const int roofs = roof_count[static_cast<std::size_t>((a * 16 + b) * 16 + x - 1)];
      return roofs >= 2 && exact_count[static_cast<std::size_t>(a * 16 + b)] + roofs >= 6;
    };
    if (for_each_loop(board, kMaxLoop, admit, [&](const std::vector<int>& loop, std::uint64_t pair) {
    thread_local std::vector<int> roof;  // per thread: one per loop otherwise
    roof.clear();
    std::uint64_t extra = 0;
    for (int c : loop)
      if (board.candidates(c) != pair) {
        roof.push_back(c);
        extra |= board.candidates(c) & ~pair;
      }
    if (roof.size() < 2 || extra != digit_bit(x)) return false;
    reset_step(step);
    for (int c : topo.peers(roof[0])) {
      bool sees_all = true;
      for (std::size_t i = 1; i < roof.size() && sees_all; ++i) sees_all = c != roof[i] && topo.sees(c, roof[i]);
      if (sees_all) eliminate_into(board, step, c, x);
    }
    if (step.eliminations.empty()) return false;
    describe_loop(step, Technique::unique_loop_2, loop, pair, loop_rating(static_cast<int>(loop.size())) + 0.1);
    return true;
  }, worth))
      return true;
  }
  before.remember(board);
  return false;
}

bool find_unique_loop_4(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  thread_local NothingBefore before;
  ChangedPairs changed;
  if (nothing_since(board, before, changed)) return false;
  const bool found = for_each_loop(board, 2, [](int, std::uint64_t) { return true; }, [&](const std::vector<int>& loop, std::uint64_t pair) {
    thread_local std::vector<int> roof;  // per thread: one per loop otherwise
    roof.clear();
    for (int c : loop)
      if (board.candidates(c) != pair) roof.push_back(c);
    if (roof.size() != 2 || !topo.sees(roof[0], roof[1])) return false;
    const std::array<int, 3> shared = {topo.row[roof[0]] == topo.row[roof[1]] ? topo.row_house(roof[0]) : -1,
                                       topo.col[roof[0]] == topo.col[roof[1]] ? topo.col_house(roof[0]) : -1,
                                       topo.box[roof[0]] == topo.box[roof[1]] ? topo.box_house(roof[0]) : -1};
    for (int h : shared) {
      if (h < 0) continue;
      for (std::uint64_t m = pair; m; m &= m - 1) {
        const int a = lowest(m) + 1;
        const int b = lowest(pair & ~digit_bit(a)) + 1;
        if (popcount(board.positions(h, a)) != 2) continue;  // a only in the two roof cells
        reset_step(step);
        eliminate_into(board, step, roof[0], b);
        eliminate_into(board, step, roof[1], b);
        if (step.eliminations.empty()) continue;
        describe_loop(step, Technique::unique_loop_4, loop, pair, loop_rating(static_cast<int>(loop.size())) + 0.1);
        step.houses = {h};
        return true;
      }
    }
    return false;
  }, [&](std::uint64_t pair) { return changed.worth(pair, true); });
  if (!found) before.remember(board);
  return found;
}

bool find_bug_type_2(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  std::vector<int> extra_cells;
  for (int c = 0; c < topo.cells; ++c) {
    if (board.value(c) != 0) continue;
    const int count = popcount(board.candidates(c));
    if (count == 2) continue;
    if (count != 3) return false;
    extra_cells.push_back(c);
  }
  if (extra_cells.size() < 2) return false;  // one cell: BUG+1 (uniqueness.cpp)
  // Every extra cell holds x; without x in them, every digit fits exactly twice in every house
  // where it fits at all. Try each x of the first extra cell.
  for (std::uint64_t ms = board.candidates(extra_cells[0]); ms; ms &= ms - 1) {
    const int x = lowest(ms) + 1;
    bool all_hold = true;
    for (int c : extra_cells) all_hold = all_hold && board.has(c, x);
    if (!all_hold) continue;
    bool grave = true;
    for (int h = 0; h < topo.houses() && grave; ++h) {
      std::uint64_t once = 0, twice = 0, thrice = 0;
      for (int c : topo.house(h)) {
        std::uint64_t m = board.candidates(c);
        if (popcount(m) == 3) m &= ~digit_bit(x);
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
      }
      if (thrice != 0 || once != twice) grave = false;
    }
    if (!grave) continue;
    reset_step(step);
    for (int c : topo.peers(extra_cells[0])) {
      bool sees_all = true;
      for (std::size_t i = 1; i < extra_cells.size() && sees_all; ++i)
        sees_all = c != extra_cells[i] && topo.sees(c, extra_cells[i]);
      if (sees_all) eliminate_into(board, step, c, x);
    }
    if (step.eliminations.empty()) return false;
    step.technique = Technique::bug_type_2;
    step.cells = extra_cells;
    step.digits = digit_bit(x);
    normalise(step);
    return true;
  }
  return false;
}

}  // namespace sudokit::grading

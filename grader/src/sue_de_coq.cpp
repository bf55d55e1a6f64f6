// sue_de_coq.cpp: Sue de Coq (two-sector disjoint subsets).
//
// Where a line (row or column) crosses a box, take unsolved cells C of the crossing holding
// digits V with |V| >= |C| + 2, cells L of the line outside the box holding digits DL, and
// cells B of the box outside the line holding digits DB, with DL and DB disjoint and
// |C| + |L| + |B| = |V ∪ DL ∪ DB|. No digit can appear twice among these cells: a DL digit
// lies only in C and L (one line), a DB digit only in C and B (one box), any other digit
// only in C. So each of the |C|+|L|+|B| digits appears exactly once. A digit outside DB is
// then in C or L, i.e. in the line: the rest of the line loses V ∪ DL minus DB; likewise the
// rest of the box loses V ∪ DB minus DL.
//
// Sets of up to kMaxPart cells on each side are tried; the finder returns the instance with
// the fewest cells (then the most eliminations, then the first in scan order: boxes, then
// the lines crossing them). Step data: cells = C, then L, then B; houses = {line, box};
// digits = V.
//
// Past a miss (NothingBefore, board.hpp): an instance reads only the cells of its box and
// line (which are open, their candidates), and its eliminations lie there too. So on a
// candidate-subset of the board last found empty, a crossing none of whose box and line cells
// changed is the same as it was there, with nothing; the finder passes over it, and the
// others are scanned in the usual order, so the step kept is the same.
#include <algorithm>

#include "advanced.hpp"

namespace sudokit::grading {
namespace {

constexpr int kMaxPart = 3;  // cells of L and of B

/// Subsets of `cells` (as index masks) of size 1..kMaxPart, with their digit unions, in
/// increasing mask order, into `out` (kept by the caller: this runs for every box and line
/// crossing of every board asked).
void subsets(const Board& board, const std::vector<int>& cells, std::vector<std::pair<std::uint64_t, std::uint64_t>>& out) {
  out.clear();
  const int k = static_cast<int>(cells.size());
  if (k > 20) return;
  // Each subset's digits from the subset without its lowest cell (a smaller mask, done).
  thread_local std::vector<std::uint64_t> union_of;
  union_of.assign(std::size_t{1} << k, 0);
  for (std::uint64_t pick = 1; pick < (std::uint64_t{1} << k); ++pick) {
    const std::uint64_t digits = union_of[static_cast<std::size_t>(pick & (pick - 1))] | board.candidates(cells[static_cast<std::size_t>(lowest(pick))]);
    union_of[static_cast<std::size_t>(pick)] = digits;
    if (popcount(pick) <= kMaxPart) out.push_back({pick, digits});
  }
}

}  // namespace

bool find_sue_de_coq(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  bool found = false;
  std::size_t best_size = 0;
  thread_local NothingBefore before;
  const bool restricted = before.applies(board);
  // Past a miss: the houses holding a changed cell (rows, columns, boxes: the crossings' houses).
  thread_local std::vector<std::uint8_t> changed;
  if (restricted) {
    if (!before.changed().any()) return false;  // the board last found empty
    changed.assign(static_cast<std::size_t>(3 * n), 0);
    before.changed().for_each([&](int c) {
      changed[static_cast<std::size_t>(topo.row_house(c))] = 1;
      changed[static_cast<std::size_t>(topo.col_house(c))] = 1;
      changed[static_cast<std::size_t>(topo.box_house(c))] = 1;
    });
  }
  for (int box = 2 * n; box < 3 * n; ++box) {
    thread_local std::vector<int> lines;
    lines.clear();
    for (int c : topo.house(box)) {
      lines.push_back(topo.row_house(c));
      lines.push_back(topo.col_house(c));
    }
    std::sort(lines.begin(), lines.end());
    lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
    for (int line : lines) {
      if (restricted && !changed[static_cast<std::size_t>(box)] && !changed[static_cast<std::size_t>(line)]) continue;
      auto in_line = [&](int c) { return line < n ? topo.row_house(c) == line : topo.col_house(c) == line; };
      thread_local std::vector<int> cross, line_rest, box_rest;
      cross.clear();
      line_rest.clear();
      box_rest.clear();
      for (int c : topo.house(box))
        if (!board.value(c)) (in_line(c) ? cross : box_rest).push_back(c);
      for (int c : topo.house(line))
        if (!board.value(c) && topo.box_house(c) != box) line_rest.push_back(c);
      if (cross.size() < 2) continue;
      thread_local std::vector<std::pair<std::uint64_t, std::uint64_t>> line_sets, box_sets;
      subsets(board, line_rest, line_sets);
      subsets(board, box_rest, box_sets);
      const int k = static_cast<int>(cross.size());
      // The cell count must equal the digit count: with DL and DB disjoint, |V ∪ DL ∪ DB| is
      // |V| + |DL \ V| + |DB \ V|, so the line part's "gain" |L| - |DL \ V| and the box
      // part's must add up to |V| - |C|. Box sets are bucketed by gain (in scan order) for
      // each C, and a line set looks only at the bucket it needs: the same pairs, in the
      // same order, as the full scan would accept. A line part gains at most kMaxPart and
      // |V| - |C| is at least 2, so box gains below 2 - kMaxPart are never needed.
      constexpr int kLeastGain = 2 - kMaxPart;
      thread_local std::vector<std::size_t> by_gain[kMaxPart - kLeastGain + 1];
      for (std::uint64_t pick = 1; pick < (std::uint64_t{1} << k); ++pick) {
        const int csize = popcount(pick);
        if (csize < 2) continue;
        std::uint64_t v = 0;
        for (std::uint64_t m = pick; m; m &= m - 1) v |= board.candidates(cross[static_cast<std::size_t>(lowest(m))]);
        if (popcount(v) < csize + 2) continue;
        for (auto& bucket : by_gain) bucket.clear();
        for (std::size_t i = 0; i < box_sets.size(); ++i) {
          const auto& [bpick, db] = box_sets[i];
          const int gain = popcount(bpick) - popcount(db & ~v);
          if ((db & v) && gain >= kLeastGain) by_gain[gain - kLeastGain].push_back(i);
        }
        const int wanted = popcount(v) - csize;
        for (const auto& [lpick, dl] : line_sets) {
          if (!(dl & v)) continue;
          const int lsize = popcount(lpick);
          const int box_gain = wanted - (lsize - popcount(dl & ~v));
          if (box_gain < kLeastGain || box_gain > kMaxPart) continue;
          for (const std::size_t at : by_gain[box_gain - kLeastGain]) {
            const auto& [bpick, db] = box_sets[at];
            if (dl & db) continue;
            const int size = csize + lsize + popcount(bpick);
            if (found && static_cast<std::size_t>(size) > best_size) continue;
            if (size != popcount(v | dl | db)) continue;
            Step s;
            s.technique = Technique::sue_de_coq;
            const std::uint64_t line_digits = (v | dl) & ~db, box_digits = (v | db) & ~dl;
            for (std::size_t i = 0; i < line_rest.size(); ++i)
              if (!(lpick & bit(static_cast<int>(i))))
                for (std::uint64_t m = board.candidates(line_rest[i]) & line_digits; m; m &= m - 1)
                  s.eliminations.push_back({line_rest[i], lowest(m) + 1});
            for (std::size_t i = 0; i < box_rest.size(); ++i)
              if (!(bpick & bit(static_cast<int>(i))))
                for (std::uint64_t m = board.candidates(box_rest[i]) & box_digits; m; m &= m - 1)
                  s.eliminations.push_back({box_rest[i], lowest(m) + 1});
            for (std::size_t i = 0; i < cross.size(); ++i)  // cross cells not in C: in both
              if (!(pick & bit(static_cast<int>(i))))
                for (std::uint64_t m = board.candidates(cross[i]) & (line_digits | box_digits); m; m &= m - 1)
                  s.eliminations.push_back({cross[i], lowest(m) + 1});
            if (s.eliminations.empty()) continue;
            normalise(s);
            if (found && static_cast<std::size_t>(size) == best_size && s.eliminations.size() <= step.eliminations.size()) continue;
            for (std::uint64_t m = pick; m; m &= m - 1) s.cells.push_back(cross[static_cast<std::size_t>(lowest(m))]);
            for (std::uint64_t m = lpick; m; m &= m - 1) s.cells.push_back(line_rest[static_cast<std::size_t>(lowest(m))]);
            for (std::uint64_t m = bpick; m; m &= m - 1) s.cells.push_back(box_rest[static_cast<std::size_t>(lowest(m))]);
            s.houses = {line, box};
            s.digits = v;
            step = std::move(s);
            best_size = static_cast<std::size_t>(size);
            found = true;
          }
        }
      }
    }
  }
  if (!found) before.remember(board);
  return found;
}

}  // namespace sudokit::grading

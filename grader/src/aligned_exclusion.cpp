// aligned_exclusion.cpp: aligned pair and aligned triple exclusion.
//
// Take two (three) unsolved base cells and list every way to fill them at once: one
// candidate each, different digits where two base cells see each other. A combination is
// impossible when it would leave some other cell with no candidate: a cell all of whose
// candidates are among the combination's digits in base cells it sees (a two-candidate cell
// seeing both bases of a pair holding exactly its two digits is the classic case). A base
// candidate that appears in no possible combination is false.
//
// Pairs are any two cells that at least two two-candidate cells both see (Sudoku
// Explainer's choice; the bases need not see each other). Triples are a base cell and two of
// its peers, with some cell of at most three candidates seeing all three (as Sudoku Explainer
// asks of its triples): a triple anywhere would be as sound but costs cells³ base sets.
// Both finders scan every base set and return the one removing the most candidates (then
// the first in scan order): the pattern's size is fixed, so its value does not depend on
// where it lies.
//
// Step data: cells = the base cells; eliminations; digits = the digits eliminated.
#include <algorithm>

#include "advanced.hpp"

namespace sudokit::grading {
namespace {

/// A cell that can empty out: its candidates, and which base cells (bit i) it sees.
struct Excluder {
  std::uint64_t candidates;
  unsigned sees;
};

/// Eliminations for the base cells `base` (2 or 3): candidates in no possible combination.
/// `small` lists the unsolved cells with at most base.size() candidates (the only cells a
/// combination can empty).
void exclude(const Board& board, const std::vector<int>& base, const std::vector<int>& small, Step& step) {
  const Topology& topo = board.topo();
  const std::size_t k = base.size();
  // Excluders: cells outside the base, seeing some base cell, whose candidates all lie in
  // the base cells they see (else no combination can empty them).
  std::vector<Excluder> excluders;
  for (int x : small) {
    if (std::find(base.begin(), base.end(), x) != base.end()) continue;
    const std::uint64_t m = board.candidates(x);
    unsigned sees = 0;
    std::uint64_t reach = 0;
    for (std::size_t i = 0; i < k; ++i)
      if (topo.sees(x, base[i])) {
        sees |= 1U << i;
        reach |= board.candidates(base[i]);
      }
    if (popcount(m) <= popcount(sees) && (m & ~reach) == 0) excluders.push_back({m, sees});
  }
  if (excluders.empty()) return;
  std::vector<std::uint64_t> possible(k, 0);
  std::vector<int> digit(k, 0);
  auto valid = [&]() {
    for (const Excluder& e : excluders) {
      std::uint64_t filled = 0;
      for (std::size_t i = 0; i < k; ++i)
        if (e.sees & (1U << i)) filled |= digit_bit(digit[i]);
      if ((e.candidates & ~filled) == 0) return false;
    }
    return true;
  };
  // Stop as soon as every base candidate is known possible (nothing to eliminate).
  std::size_t open = 0;
  for (int c : base) open += static_cast<std::size_t>(popcount(board.candidates(c)));
  auto fill = [&](auto&& self, std::size_t i) -> void {
    if (open == 0) return;
    if (i == k) {
      if (valid())
        for (std::size_t j = 0; j < k; ++j)
          if (!(possible[j] & digit_bit(digit[j]))) {
            possible[j] |= digit_bit(digit[j]);
            --open;
          }
      return;
    }
    for (std::uint64_t m = board.candidates(base[i]); m; m &= m - 1) {
      digit[i] = lowest(m) + 1;
      bool clash = false;
      for (std::size_t j = 0; j < i && !clash; ++j) clash = digit[j] == digit[i] && topo.sees(base[j], base[i]);
      if (!clash) self(self, i + 1);
    }
  };
  fill(fill, 0);
  for (std::size_t i = 0; i < k; ++i)
    for (std::uint64_t m = board.candidates(base[i]) & ~possible[i]; m; m &= m - 1) step.eliminations.push_back({base[i], lowest(m) + 1});
}

/// The unsolved cells with 1..k candidates.
std::vector<int> small_cells(const Board& board, int k) {
  std::vector<int> out;
  for (int c = 0; c < board.cells(); ++c)
    if (!board.value(c) && popcount(board.candidates(c)) <= k) out.push_back(c);
  return out;
}

bool offer(const Board& board, const std::vector<int>& base, const std::vector<int>& small, Technique technique, Step& best,
           bool& found) {
  Step s;
  exclude(board, base, small, s);
  if (s.eliminations.empty()) return false;
  if (found && s.eliminations.size() <= best.eliminations.size()) return false;
  normalise(s);
  s.technique = technique;
  s.cells = base;
  for (const CellDigit& e : s.eliminations) s.digits |= digit_bit(e.digit);
  best = std::move(s);
  found = true;
  return true;
}

}  // namespace

bool find_aligned_pair_exclusion(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  bool found = false;
  // Base pairs as Sudoku Explainer takes them: any two cells (seeing each other or not)
  // that at least two two-candidate cells both see.
  std::vector<int> shared(static_cast<std::size_t>(topo.cells), 0);
  const std::vector<int> small = small_cells(board, 2);
  for (int a = 0; a < topo.cells; ++a) {
    if (board.value(a) || popcount(board.candidates(a)) < 2) continue;
    std::fill(shared.begin(), shared.end(), 0);
    for (int x : topo.peers(a)) {
      if (board.value(x) || popcount(board.candidates(x)) != 2) continue;
      for (int b : topo.peers(x))
        if (b > a) ++shared[static_cast<std::size_t>(b)];
    }
    for (int b = a + 1; b < topo.cells; ++b) {
      if (shared[static_cast<std::size_t>(b)] < 2 || board.value(b) || popcount(board.candidates(b)) < 2) continue;
      offer(board, {a, b}, small, Technique::aligned_pair_exclusion, step, found);
    }
  }
  return found;
}

bool find_aligned_triple_exclusion(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  bool found = false;
  std::vector<int> base(3);
  const std::vector<int> small = small_cells(board, 3);
  // Excluders that could see a whole triple: unsolved cells with at most three candidates.
  std::vector<std::vector<int>> small_peers(static_cast<std::size_t>(topo.cells));
  for (int c = 0; c < topo.cells; ++c)
    for (int x : topo.peers(c))
      if (!board.value(x) && popcount(board.candidates(x)) <= 3) small_peers[static_cast<std::size_t>(c)].push_back(x);
  for (int a = 0; a < topo.cells; ++a) {
    if (board.value(a) || popcount(board.candidates(a)) < 2 || small_peers[static_cast<std::size_t>(a)].empty()) continue;
    const auto peers = topo.peers(a);
    for (std::size_t i = 0; i < peers.size(); ++i) {
      const int b = peers[i];
      if (board.value(b) || popcount(board.candidates(b)) < 2) continue;
      for (std::size_t j = i + 1; j < peers.size(); ++j) {
        const int c = peers[j];
        if (board.value(c) || popcount(board.candidates(c)) < 2) continue;
        // Each triple once: when b and c also see each other, only from its lowest cell.
        if (topo.sees(b, c) && (b < a || c < a)) continue;
        // Sudoku Explainer's condition: some cell of at most three candidates sees all three.
        // (and could be emptied by them: its candidates among theirs).
        const std::uint64_t reach = board.candidates(a) | board.candidates(b) | board.candidates(c);
        bool common = false;
        for (int x : small_peers[static_cast<std::size_t>(a)])
          if (x != b && x != c && (board.candidates(x) & ~reach) == 0 && topo.sees(x, b) && topo.sees(x, c)) {
            common = true;
            break;
          }
        if (!common) continue;
        base = {a, b, c};
        std::sort(base.begin(), base.end());
        offer(board, base, small, Technique::aligned_triple_exclusion, step, found);
      }
    }
  }
  return found;
}

}  // namespace sudokit::grading

// subsets.cpp: naked and hidden pairs, triples and quads.
//
// Naked subset of size k: k cells of one house whose candidates together are only k digits.
// Those digits must fill those cells, so the house's other cells lose them.
// Hidden subset of size k: k digits of one house that together fit only k cells. Those
// cells must take those digits, so they lose every other candidate.
//
// The two are complements (a naked k-subset in a house of m open cells is a hidden
// (m-k)-subset), but people see them differently and rate hidden ones harder, so both are
// searched, each up to size 4. The search is a plain k-combination walk over the house's
// eligible cells (2..k candidates) or digits (2..k positions), in ascending order, stopping
// at the first combination that removes something.
#include <array>
#include <span>

#include "board.hpp"

namespace sudokit::grading {
namespace {

constexpr Technique naked_technique(int size) {
  return size == 2 ? Technique::naked_pair : size == 3 ? Technique::naked_triple : Technique::naked_quad;
}
constexpr Technique hidden_technique(int size) {
  return size == 2 ? Technique::hidden_pair : size == 3 ? Technique::hidden_triple : Technique::hidden_quad;
}

/// Visits every `size`-combination of `items` with the OR of their masks; stops when `visit`
/// returns true. `size` is at most 4; the walk keeps its state on the stack (the ladder asks
/// every house of every board, so a heap block per call was a measurable share of grading).
template <class Visit>
bool combinations(std::span<const std::pair<int, std::uint64_t>> items, int size, Visit visit) {
  constexpr int kMost = 4;
  std::array<int, kMost> chosen{};
  std::array<std::uint64_t, kMost + 1> unions{};
  auto recurse = [&](auto&& self, std::size_t start, int depth) -> bool {
    if (depth == size) return visit(std::span<const int>(chosen.data(), static_cast<std::size_t>(size)), unions[static_cast<std::size_t>(depth)]);
    for (std::size_t i = start; i < items.size(); ++i) {
      const std::uint64_t u = unions[static_cast<std::size_t>(depth)] | items[i].second;
      if (popcount(u) > size) continue;  // a union only grows: prune early
      chosen[static_cast<std::size_t>(depth)] = items[i].first;
      unions[static_cast<std::size_t>(depth) + 1] = u;
      if (self(self, i + 1, depth + 1)) return true;
    }
    return false;
  };
  return size >= 1 && size <= kMost && recurse(recurse, 0, 0);
}

}  // namespace

bool find_naked_subset(const Board& board, int size, Step& step) {
  const Topology& topo = board.topo();
  if (size < 2 || size > 4) return false;
  thread_local std::vector<std::pair<int, std::uint64_t>> cells;
  // Houses known to hold no naked subset of this size (NothingFound, board.hpp).
  thread_local std::array<NothingFound, 3> watches;
  NothingFound& watch = watches[static_cast<std::size_t>(size - 2)];
  watch.look(board);
  for (int h = 0; h < topo.houses(); ++h) {
    if (watch.known_empty(h)) continue;
    cells.clear();
    int open = 0;
    for (int c : topo.house(h)) {
      if (board.value(c) != 0) continue;
      ++open;
      const int count = popcount(board.candidates(c));
      if (count >= 2 && count <= size) cells.emplace_back(c, board.candidates(c));
    }
    // With no other open cell there is nothing to eliminate.
    if (open <= size || static_cast<int>(cells.size()) < size) {
      watch.mark_empty(h);
      continue;
    }
    if (combinations(cells, size, [&](std::span<const int> chosen, std::uint64_t digits) {
          if (popcount(digits) != size) return false;
          // Most subsets a board holds have had their eliminations made: tell so before a
          // step is built (the ladder asks every house at every stall).
          bool removes = false;
          for (int c : topo.house(h)) {
            if (!(board.candidates(c) & digits) || board.value(c) != 0) continue;
            bool in_subset = false;
            for (int s : chosen) in_subset = in_subset || s == c;
            if (!in_subset) {
              removes = true;
              break;
            }
          }
          if (!removes) return false;
          reset_step(step);
          for (int c : topo.house(h)) {
            bool in_subset = false;
            for (int s : chosen) in_subset = in_subset || s == c;
            if (in_subset) continue;
            for (std::uint64_t m = board.candidates(c) & digits; m; m &= m - 1) eliminate_into(board, step, c, lowest(m) + 1);
          }
          if (step.eliminations.empty()) return false;
          step.technique = naked_technique(size);
          step.cells.assign(chosen.begin(), chosen.end());
          step.digits = digits;
          step.houses = {h};
          normalise(step);
          return true;
        }))
      return true;
    watch.mark_empty(h);
  }
  return false;
}

bool find_hidden_subset(const Board& board, int size, Step& step, const StepFilter& accept) {
  const Topology& topo = board.topo();
  if (size < 2 || size > 4) return false;
  std::array<std::pair<int, std::uint64_t>, 64> digits;
  // Houses known to hold no hidden subset of this size that removes something
  // (NothingFound, board.hpp). A filter (the direct forms) only passes over instances, so
  // such a house has none for it either; but a house whose instances the filter rejects is
  // not marked (whether it accepts one depends on other houses too).
  thread_local std::array<NothingFound, 3> watches;
  NothingFound& watch = watches[static_cast<std::size_t>(size - 2)];
  watch.look(board);
  for (int h = 0; h < topo.houses(); ++h) {
    if (watch.known_empty(h)) continue;
    std::size_t count = 0;
    const std::uint64_t open = board.all_digits() & ~board.placed_in(h);
    if (popcount(open) > size)
      for (std::uint64_t m = open; m; m &= m - 1) {
        const int d = lowest(m) + 1;
        const std::uint64_t where = board.positions(h, d);
        const int places = popcount(where);
        if (places >= 2 && places <= size) digits[count++] = {d, where};
      }
    if (static_cast<int>(count) < size) {
      watch.mark_empty(h);
      continue;
    }
    bool any = false;  // an instance that removes something, accepted or not
    if (combinations(std::span<const std::pair<int, std::uint64_t>>(digits.data(), count), size, [&](std::span<const int> chosen, std::uint64_t where) {
          if (popcount(where) != size) return false;
          std::uint64_t keep = 0;
          for (int d : chosen) keep |= digit_bit(d);
          const auto house = topo.house(h);
          std::uint64_t others = 0;  // the subset's cells' other digits: none, nothing to remove
          for (std::uint64_t w = where; w; w &= w - 1)
            if (const int c = house[static_cast<std::size_t>(lowest(w))]; board.value(c) == 0) others |= board.candidates(c) & ~keep;
          if (!others) return false;
          reset_step(step);
          for (std::uint64_t w = where; w; w &= w - 1) {
            const int c = house[static_cast<std::size_t>(lowest(w))];
            step.cells.push_back(c);
            for (std::uint64_t m = board.candidates(c) & ~keep; m; m &= m - 1) eliminate_into(board, step, c, lowest(m) + 1);
          }
          if (step.eliminations.empty()) return false;
          step.technique = hidden_technique(size);
          step.digits = keep;
          step.houses = {h};
          normalise(step);
          any = true;
          return !accept || accept(step);
        }))
      return true;
    if (!any) watch.mark_empty(h);
  }
  return false;
}

}  // namespace sudokit::grading

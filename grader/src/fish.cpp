// fish.cpp: basic fish of size 2, 3 and 4 (X-Wing, Swordfish, Jellyfish).
//
// Take k rows (the base) in which a digit fits only within the same k columns (the cover).
// Each base row needs the digit once, in one of those columns, and no column can hold it
// twice, so the k placements occupy all k cover columns: the digit is gone from every other
// cell of those columns. The same with rows and columns swapped.
//
// The search walks k-combinations of base lines holding the digit in 2..k places, pruning
// as soon as the covered columns exceed k. Only rows-then-columns, digits ascending, so the
// first fish found is always the same one.
#include "board.hpp"

namespace sudokit::grading {
namespace {

constexpr Technique fish_technique(int size) {
  return size == 2 ? Technique::x_wing : size == 3 ? Technique::swordfish : Technique::jellyfish;
}

}  // namespace

bool find_fish(const Board& board, int size, Step& step) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  std::vector<std::pair<int, std::uint64_t>> lines;  // base line index, covered cross indices
  for (int d = 1; d <= n; ++d) {
    for (int orientation = 0; orientation < 2; ++orientation) {  // 0: rows are the base
      const int base_offset = orientation == 0 ? 0 : n;
      const int cover_offset = orientation == 0 ? n : 0;
      lines.clear();
      for (int i = 0; i < n; ++i) {
        const std::uint64_t where = board.positions(base_offset + i, d);
        const int count = popcount(where);
        if (count >= 2 && count <= size) lines.emplace_back(i, where);
      }
      if (static_cast<int>(lines.size()) < size) continue;
      std::vector<int> chosen;
      auto recurse = [&](auto&& self, std::size_t start, std::uint64_t cover) -> bool {
        if (static_cast<int>(chosen.size()) == size) {
          if (popcount(cover) != size) return false;
          step = Step{};
          std::uint64_t base = 0;
          for (int i : chosen) base |= bit(i);
          for (std::uint64_t m = cover; m; m &= m - 1) {
            const auto cover_cells = topo.house(cover_offset + lowest(m));
            for (int k = 0; k < n; ++k)
              if (!(base & bit(k))) eliminate_into(board, step, cover_cells[static_cast<std::size_t>(k)], d);
          }
          if (step.eliminations.empty()) return false;
          step.technique = fish_technique(size);
          step.digits = digit_bit(d);
          for (int i : chosen) {
            step.houses.push_back(base_offset + i);
            for (int c : topo.house(base_offset + i))
              if (board.has(c, d)) step.cells.push_back(c);
          }
          for (std::uint64_t m = cover; m; m &= m - 1) step.houses.push_back(cover_offset + lowest(m));
          normalise(step);
          return true;
        }
        for (std::size_t i = start; i < lines.size(); ++i) {
          const std::uint64_t next = cover | lines[i].second;
          if (popcount(next) > size) continue;
          chosen.push_back(lines[i].first);
          if (self(self, i + 1, next)) return true;
          chosen.pop_back();
        }
        return false;
      };
      if (recurse(recurse, 0, 0)) return true;
    }
  }
  return false;
}

}  // namespace sudokit::grading

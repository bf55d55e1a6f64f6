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
//
// Finned and sashimi fish (find_finned_fish): the base lines hold the digit in the k cover
// columns plus a few "fins", all inside one box. Either a fin is true, and then every cell of
// that box sees it, or none is, and the fish is a basic one on the cover. Both ways the
// digit is gone from the cells of the cover columns that lie in the fins' box outside the
// base lines: only those are eliminated. Sashimi is the same pattern where a base line's
// cover cell in that box is empty (the line would have one place left without its fins);
// the argument does not care, so one search finds both. The cover is either the k columns
// the base lines use outside the fins' box, or k-1 of them plus one column through the box.
// SE has no finned fish (neither SE 1.2.1 nor Sukaku Explainer: a finned fish there is found
// as a chain or not at all); they are rated as the single-digit chain they are, the
// X-chain with three strong links SE's rater rates 5.4-5.6: finned X-Wing 5.4, Swordfish
// 5.5, Jellyfish 5.6.
#include <algorithm>
#include <array>

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
  // Digits known to hold no instance on this board (NothingFound, board.hpp): this finder
  // reads only where each digit can go.
  thread_local std::array<NothingFound, 3> watches;
  NothingFound& watch = watches[static_cast<std::size_t>(std::clamp(size, 2, 4) - 2)];
  watch.look(board);
  // Per thread, storage kept from call to call (the fish finders run at most steps of a grade).
  thread_local std::vector<std::pair<int, std::uint64_t>> lines;  // base line index, covered cross indices
  thread_local std::vector<int> chosen;
  for (int d = 1; d <= n; ++d) {
    if (watch.digit_known_empty(d)) continue;
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
      chosen.clear();
      auto recurse = [&](auto&& self, std::size_t start, std::uint64_t cover) -> bool {
        if (static_cast<int>(chosen.size()) == size) {
          if (popcount(cover) != size) return false;
          reset_step(step);
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
    watch.mark_digit_empty(d);
  }
  return false;
}

namespace {

constexpr Technique finned_technique(int size) {
  return size == 2 ? Technique::finned_x_wing : size == 3 ? Technique::finned_swordfish : Technique::finned_jellyfish;
}

}  // namespace

bool find_finned_fish(const Board& board, int size, Step& step) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  if (n > 64) return false;
  // Digits known to hold no instance on this board (NothingFound, board.hpp): this finder
  // reads only where each digit can go.
  thread_local std::array<NothingFound, 3> watches;
  NothingFound& watch = watches[static_cast<std::size_t>(std::clamp(size, 2, 4) - 2)];
  watch.look(board);
  std::vector<std::pair<int, std::uint64_t>> lines;  // base line index, positions of the digit
  std::vector<int> chosen;
  for (int d = 1; d <= n; ++d) {
    if (watch.digit_known_empty(d)) continue;
    for (int orientation = 0; orientation < 2; ++orientation) {  // 0: rows are the base
      const int base_offset = orientation == 0 ? 0 : n;
      const int cover_offset = orientation == 0 ? n : 0;
      lines.clear();
      for (int i = 0; i < n; ++i) {
        const std::uint64_t where = board.positions(base_offset + i, d);
        if (where != 0 && popcount(where) <= size + 3) lines.emplace_back(i, where);
      }
      if (static_cast<int>(lines.size()) < size) continue;
      // Tries the chosen base lines with the fins in box `b`.
      auto try_box = [&](int b, std::uint64_t base_rows) -> bool {
        const auto box_cells = topo.house(2 * n + b);
        std::uint64_t box_lines = 0, box_cross = 0;  // the box's base-direction and cover-direction indices
        for (int c : box_cells) {
          box_lines |= bit(orientation == 0 ? topo.row[c] : topo.col[c]);
          box_cross |= bit(orientation == 0 ? topo.col[c] : topo.row[c]);
        }
        if (!(base_rows & box_lines)) return false;  // no base line crosses the box: no fins there
        std::uint64_t outside = 0, fins_cross = 0;
        for (int i : chosen) {
          std::uint64_t where = board.positions(base_offset + i, d);
          if (box_lines & bit(i)) {
            fins_cross |= where & box_cross;
            where &= ~box_cross;
          }
          outside |= where;
        }
        const int used = popcount(outside);
        if (used > size || used < size - 1) return false;
        for (std::uint64_t extra = used == size ? 1 : box_cross & ~outside; extra; extra &= extra - 1) {
          const std::uint64_t cover = used == size ? outside : outside | bit(lowest(extra));
          if (!(cover & box_cross)) continue;                  // the cover must pass through the fins' box
          const std::uint64_t fins = fins_cross & ~cover;
          if (!fins) continue;                                  // no fin: a basic fish (find_fish)
          reset_step(step);
          for (int c : box_cells) {
            const int line = orientation == 0 ? topo.row[c] : topo.col[c];
            const int cross = orientation == 0 ? topo.col[c] : topo.row[c];
            if ((cover & bit(cross)) && !(base_rows & bit(line))) eliminate_into(board, step, c, d);
          }
          if (step.eliminations.empty()) continue;
          step.technique = finned_technique(size);
          step.digits = digit_bit(d);
          for (int i : chosen) {
            step.houses.push_back(base_offset + i);
            for (int c : topo.house(base_offset + i))
              if (board.has(c, d)) step.cells.push_back(c);
          }
          for (std::uint64_t m = cover; m; m &= m - 1) step.houses.push_back(cover_offset + lowest(m));
          step.houses.push_back(2 * n + b);
          normalise(step);
          return true;
        }
        return false;
      };
      auto recurse = [&](auto&& self, std::size_t start, std::uint64_t base_rows) -> bool {
        if (static_cast<int>(chosen.size()) == size) {
          for (int b = 0; b < n; ++b)
            if (try_box(b, base_rows)) return true;
          return false;
        }
        for (std::size_t i = start; i < lines.size(); ++i) {
          chosen.push_back(lines[i].first);
          if (self(self, i + 1, base_rows | bit(lines[i].first))) return true;
          chosen.pop_back();
        }
        return false;
      };
      chosen.clear();
      if (recurse(recurse, 0, 0)) return true;
    }
    watch.mark_digit_empty(d);
  }
  return false;
}

}  // namespace sudokit::grading

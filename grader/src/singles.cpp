// singles.cpp: the three ways a person writes a digit without any pencil-mark pattern.
//
//  - full house:     a house with one empty cell takes the one digit it lacks;
//  - naked single:   a cell whose peers already hold every digit but one;
//  - hidden single:  a digit with one possible cell left in some house.
//
// They are tried in that order because that is how cheap they are for a person (a full
// house needs no search at all). Each finder returns the first instance in a fixed scan
// order (houses rows, columns, boxes; cells row-major; digits ascending), which is what makes
// grading deterministic. Only placements are recorded: the candidates a placement removes
// from its peers are bookkeeping, not deductions.
#include "board.hpp"

namespace sudokit::grading {

bool find_full_house(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  const int n = board.n();
  for (int h = 0; h < topo.houses(); ++h) {
    // Only a house missing exactly one digit can hold exactly one empty cell (its filled
    // cells hold at least as many digits as it has distinct ones): the others are passed
    // over without a look at their cells (this runs before every step of every grade).
    if (popcount(board.placed_in(h)) != n - 1) continue;
    int empty_cell = -1;
    int empties = 0;
    for (int c : topo.house(h))
      if (board.value(c) == 0) {
        empty_cell = c;
        if (++empties > 1) break;
      }
    if (empties != 1) continue;
    const std::uint64_t missing = board.all_digits() & ~board.placed_in(h);
    // A lone empty cell whose missing digit was eliminated means a broken board, not a step.
    if (popcount(missing) != 1 || (board.candidates(empty_cell) & missing) == 0) continue;
    const int digit = lowest(missing) + 1;
    step.technique = Technique::full_house;
    step.placements = {{empty_cell, digit}};
    step.cells = {empty_cell};
    step.digits = missing;
    step.houses = {h};
    return true;
  }
  return false;
}

bool find_naked_single(const Board& board, Step& step) {
  for (int c = 0; c < board.cells(); ++c) {
    if (board.value(c) != 0 || popcount(board.candidates(c)) != 1) continue;
    const int digit = lowest(board.candidates(c)) + 1;
    step.technique = Technique::naked_single;
    step.placements = {{c, digit}};
    step.cells = {c};
    step.digits = board.candidates(c);
    return true;
  }
  return false;
}

bool find_hidden_single(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  // Boxes first: a person scans boxes for hidden singles before lines (HoDoKu does too);
  // a variant's extra houses (diagonals, windows) last.
  for (int pass = 0; pass < 4; ++pass) {
    const int first = pass == 0 ? 2 * topo.n : pass < 3 ? (pass - 1) * topo.n : 3 * topo.n;
    const int last = pass < 3 ? first + topo.n : topo.houses();
    for (int h = first; h < last; ++h) {
      std::uint64_t once = 0, twice = 0;
      for (int c : topo.house(h)) {
        twice |= once & board.candidates(c);
        once |= board.candidates(c);
      }
      const std::uint64_t singles = once & ~twice & ~board.placed_in(h);
      if (!singles) continue;
      const int digit = lowest(singles) + 1;
      for (int c : topo.house(h))
        if (board.has(c, digit)) {
          step.technique = Technique::hidden_single;
          step.placements = {{c, digit}};
          step.cells = {c};
          step.digits = digit_bit(digit);
          step.houses = {h};
          // SE: a box is easier to scan than a line; a window (or region) is scanned like a
          // box, a diagonal like a line.
          step.rating = h >= 3 * topo.n ? (topo.house_kind(h) == HouseKind::diagonal ? 1.5 : 1.2) : h >= 2 * topo.n ? 1.2 : 1.5;
          return true;
        }
    }
  }
  return false;
}

}  // namespace sudokit::grading

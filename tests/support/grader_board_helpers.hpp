// grader_board_helpers.hpp: shorthands for the grader's white-box tests, which build 9×9
// pencil-mark boards by hand: r1c1-style cell indices and candidate masks.
#pragma once

#include <cstdint>
#include <initializer_list>

#include "sudokit/grid.hpp"

namespace sudokit::testing {

inline const Shape kShape9 = *default_shape(9);

/// The index of the cell at 1-based row and column of a 9×9 grid ("r3c5" is rc(3, 5)).
inline int rc(int row, int col) { return (row - 1) * 9 + (col - 1); }

/// A candidate mask of the digits given (bit d-1 for digit d).
inline std::uint64_t mask(std::initializer_list<int> digits) {
  std::uint64_t m = 0;
  for (int d : digits) m |= std::uint64_t{1} << (d - 1);
  return m;
}

}  // namespace sudokit::testing

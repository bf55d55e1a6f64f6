// grader_symmetry.hpp: random validity-preserving transformations of a 9×9 puzzle, for the
// grader's invariance tests (unit and slow). A transformation is drawn uniformly from the
// group: transposition, band order, row order inside each band, stack order, column order
// inside each stack, and a digit permutation.
#pragma once

#include <algorithm>
#include <array>
#include <numeric>
#include <random>

#include "sudokit/grid.hpp"

namespace sudokit::testing {

inline Grid random_transform(const Grid& puzzle, std::mt19937& rng) {
  auto shuffled = [&rng](int size) {
    std::array<int, 9> p{};
    std::iota(p.begin(), p.begin() + size, 0);
    std::shuffle(p.begin(), p.begin() + size, rng);
    return p;
  };
  const auto bands = shuffled(3), stacks = shuffled(3);
  std::array<int, 9> rows{}, cols{};
  for (int b = 0; b < 3; ++b) {
    const auto inner_r = shuffled(3), inner_c = shuffled(3);
    for (int k = 0; k < 3; ++k) {
      rows[static_cast<std::size_t>(b * 3 + k)] = bands[static_cast<std::size_t>(b)] * 3 + inner_r[static_cast<std::size_t>(k)];
      cols[static_cast<std::size_t>(b * 3 + k)] = stacks[static_cast<std::size_t>(b)] * 3 + inner_c[static_cast<std::size_t>(k)];
    }
  }
  const auto digits = shuffled(9);
  const bool transpose = std::uniform_int_distribution<int>(0, 1)(rng) == 1;
  Grid out;
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const int sr = rows[static_cast<std::size_t>(r)], sc = cols[static_cast<std::size_t>(c)];
      const int d = transpose ? puzzle.at(sc, sr) : puzzle.at(sr, sc);
      out.at(r, c) = static_cast<std::uint8_t>(d == 0 ? 0 : digits[static_cast<std::size_t>(d - 1)] + 1);
    }
  return out;
}

}  // namespace sudokit::testing

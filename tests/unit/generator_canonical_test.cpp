// Canonical forms for --distinct: invariant under every Sudoku symmetry (random
// compositions), equal to a brute-force minimum over the whole group on small shapes, and
// different for the essentially different puzzles of the 17-clue collection.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <set>

#include "search.hpp"
#include "sudokit/generator.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

// A random validity-preserving transformation of `g` (its shape is kept).
Grid random_transform(const Grid& g, gen::Rng& rng) {
  const Shape& s = g.shape;
  const int n = s.n;
  auto structured = [&](int block) {  // blocks of `block` lines, shuffled, each shuffled inside
    std::vector<int> blocks(static_cast<std::size_t>(n / block));
    std::iota(blocks.begin(), blocks.end(), 0);
    gen::shuffle(blocks, rng);
    std::vector<int> order;
    for (int b : blocks) {
      std::vector<int> inner(static_cast<std::size_t>(block));
      std::iota(inner.begin(), inner.end(), 0);
      gen::shuffle(inner, rng);
      for (int k : inner) order.push_back(b * block + k);
    }
    return order;
  };
  const auto rows = structured(s.box_rows);
  const auto cols = structured(s.box_cols);
  std::vector<int> digits(static_cast<std::size_t>(n));
  std::iota(digits.begin(), digits.end(), 1);
  gen::shuffle(digits, rng);
  const bool transpose = s.box_rows == s.box_cols && gen::uniform_below(rng, 2) == 1;
  Grid out(s);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const int sr = rows[static_cast<std::size_t>(transpose ? c : r)];
      const int sc = cols[static_cast<std::size_t>(transpose ? r : c)];
      const int d = g.at(transpose ? sc : sr, transpose ? sr : sc);
      out.at(r, c) = static_cast<std::uint8_t>(d == 0 ? 0 : digits[static_cast<std::size_t>(d - 1)]);
    }
  return out;
}

TEST(GeneratorCanonical, InvariantUnderRandomSymmetries) {
  gen::Rng rng(11);
  for (const char* box : {"2x2", "2x3", "3x2", "2x4", "3x3"}) {
    const Shape shape = *parse_box(box);
    GeneratorConfig config;
    config.shape = shape;
    config.minimal = true;
    for (std::uint64_t i = 0; i < 8; ++i) {
      const Grid puzzle = generate_one(config, i).puzzle;
      const auto form = canonical_form(puzzle);
      ASSERT_TRUE(form) << box;
      for (int t = 0; t < 6; ++t) {
        const Grid moved = random_transform(puzzle, rng);
        EXPECT_EQ(canonical_form(moved), form) << box << " puzzle " << i;
      }
    }
  }
}

// On 4×4 the whole group is small (8 row orders × 8 column orders × transpose), so the
// canonical form can be checked against the definition itself.
TEST(GeneratorCanonical, EqualsBruteForceMinimumOn4x4) {
  const Shape shape = *default_shape(4);
  std::vector<std::vector<int>> orders;
  for (int band : {0, 1})
    for (int a : {0, 1})
      for (int b : {0, 1}) {
        const int first = band * 2, second = (1 - band) * 2;
        orders.push_back({first + a, first + 1 - a, second + b, second + 1 - b});
      }
  GeneratorConfig config;
  config.shape = shape;
  for (std::uint64_t i = 0; i < 30; ++i) {
    config.minimal = i % 2 == 0;
    const Grid puzzle = generate_one(config, i).puzzle;
    std::vector<std::uint8_t> best(16, 0xFF);
    for (int transpose : {0, 1})
      for (const auto& rows : orders)
        for (const auto& cols : orders) {
          Grid t(shape);
          for (int r = 0; r < 4; ++r)
            for (int c = 0; c < 4; ++c) {
              const int sr = rows[static_cast<std::size_t>(r)], sc = cols[static_cast<std::size_t>(c)];
              t.at(r, c) = transpose ? puzzle.at(sc, sr) : puzzle.at(sr, sc);
            }
          best = std::min(best, relabelled_form(t));
        }
    EXPECT_EQ(canonical_form(puzzle), best) << to_line(puzzle);
  }
}

TEST(GeneratorCanonical, EssentiallyDifferentPuzzlesStayDifferent) {
  const auto lines = testing::every_nth(testing::load_lines("puzzles/17_clue.txt"), 500);
  ASSERT_GT(lines.size(), 90u);
  std::set<std::string> forms;  // strings: GCC 12 warns falsely on sets of byte vectors
  for (const auto& line : lines) {
    const auto form = *canonical_form(testing::grid_from_line(line));
    forms.insert(std::string(form.begin(), form.end()));
  }
  EXPECT_EQ(forms.size(), lines.size());
}

TEST(GeneratorCanonical, RefusesLargeGroupsAndRelabelsAnyShape) {
  EXPECT_FALSE(canonical_form(Grid(*default_shape(12))));
  EXPECT_FALSE(canonical_form(Grid(*default_shape(16))));
  Grid a(*default_shape(16)), b(*default_shape(16));
  a.at(0, 0) = 5, a.at(3, 7) = 9, a.at(9, 1) = 5;
  b.at(0, 0) = 2, b.at(3, 7) = 16, b.at(9, 1) = 2;
  EXPECT_EQ(relabelled_form(a), relabelled_form(b));
  b.at(9, 1) = 3;
  EXPECT_NE(relabelled_form(a), relabelled_form(b));
}

}  // namespace
}  // namespace sudokit

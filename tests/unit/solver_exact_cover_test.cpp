// Tests of the generic DLX engine (sudokit/exact_cover.hpp): known answers on hand-made
// matrices, a differential test against brute force over every subset of rows, and the
// life-cycle promises (select/unselect, reuse, limits, callbacks, invariants after every search).
#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/exact_cover.hpp"

namespace sudokit {
namespace {

using Rows = std::vector<std::vector<int>>;

void load(ExactCover& ec, const Rows& rows, int primary, int secondary = 0) {
  ec.reset(primary, secondary);
  for (const auto& row : rows) ec.add_row(row);
}

void expect_whole(const ExactCover& ec) {
  std::string why;
  EXPECT_TRUE(ec.check_invariants(&why)) << why;
}

// Knuth's example from "Dancing Links": columns A..G, exactly one cover {A D}, {B G}, {C E F}.
const Rows kKnuth = {{2, 4, 5}, {0, 3, 6}, {1, 2, 5}, {0, 3}, {1, 6}, {3, 4, 6}};

// Counts exact covers by trying every subset of rows. As in Knuth's formulation, a row with no
// primary column is never part of a cover (nothing would ever make the search choose it)
// unless it is forced. `forced`: a mask of rows every counted cover must contain.
std::uint64_t brute_force(const Rows& rows, int primary, int secondary, std::uint32_t forced = 0) {
  std::uint32_t never_chosen = 0;
  for (std::size_t r = 0; r < rows.size(); ++r)
    if (std::none_of(rows[r].begin(), rows[r].end(), [&](int c) { return c < primary; })) never_chosen |= 1u << r;
  never_chosen &= ~forced;
  std::uint64_t covers = 0;
  const std::uint32_t subsets = 1u << rows.size();
  for (std::uint32_t mask = 0; mask < subsets; ++mask) {
    if ((mask & never_chosen) || (mask & forced) != forced) continue;
    std::vector<int> hits(static_cast<std::size_t>(primary + secondary), 0);
    for (std::size_t r = 0; r < rows.size(); ++r)
      if (mask >> r & 1)
        for (int c : rows[r]) ++hits[static_cast<std::size_t>(c)];
    bool ok = true;
    for (int c = 0; c < primary + secondary && ok; ++c)
      ok = c < primary ? hits[static_cast<std::size_t>(c)] == 1 : hits[static_cast<std::size_t>(c)] <= 1;
    covers += ok;
  }
  return covers;
}

TEST(ExactCover, KnuthExampleHasExactlyOneCover) {
  ExactCover ec;
  load(ec, kKnuth, 7);
  EXPECT_EQ(ec.rows(), 6);
  EXPECT_EQ(ec.primary_columns(), 7);
  EXPECT_EQ(ec.secondary_columns(), 0);
  EXPECT_EQ(ec.count(100), 1u);
  expect_whole(ec);
  std::vector<std::vector<int>> seen;
  EXPECT_EQ(ec.search(100, [&](std::span<const int> rows) {
              seen.emplace_back(rows.begin(), rows.end());
              return true;
            }),
            1u);
  expect_whole(ec);
  ASSERT_EQ(seen.size(), 1u);
  std::sort(seen[0].begin(), seen[0].end());
  EXPECT_EQ(seen[0], (std::vector<int>{0, 3, 4}));
}

TEST(ExactCover, MatrixWithNoCover) {
  ExactCover ec;
  load(ec, {{0, 1}, {1, 2}, {0, 2}}, 3);
  EXPECT_EQ(ec.count(10), 0u);
  expect_whole(ec);
  // A column no row touches can never be covered.
  load(ec, {{0}, {1}}, 3);
  EXPECT_EQ(ec.count(10), 0u);
  expect_whole(ec);
}

TEST(ExactCover, MatrixWithSeveralCovers) {
  ExactCover ec;
  // {0}{1}{2}, {01}{2}, {0}{12}, {012}
  load(ec, {{0}, {1}, {2}, {0, 1}, {1, 2}, {0, 1, 2}}, 3);
  EXPECT_EQ(ec.count(100), 4u);
  expect_whole(ec);
  std::set<std::vector<int>> covers;
  ec.search(100, [&](std::span<const int> rows) {
    std::vector<int> sorted(rows.begin(), rows.end());
    std::sort(sorted.begin(), sorted.end());
    covers.insert(sorted);
    return true;
  });
  expect_whole(ec);
  EXPECT_EQ(covers, (std::set<std::vector<int>>{{0, 1, 2}, {2, 3}, {0, 4}, {5}}));
}

TEST(ExactCover, SecondaryColumnsAreAtMostOnce) {
  ExactCover ec;
  const Rows rows = {{0, 2}, {1, 2}, {0}, {1}};
  // Column 2 secondary: {0,2}+{1}, {0}+{1,2}, {0}+{1}; never both rows through column 2.
  load(ec, rows, 2, 1);
  EXPECT_EQ(ec.secondary_columns(), 1);
  EXPECT_EQ(ec.count(100), 3u);
  expect_whole(ec);
  // The same matrix with column 2 primary: it must now be hit exactly once.
  load(ec, rows, 3, 0);
  EXPECT_EQ(ec.count(100), 2u);
  expect_whole(ec);
  // Only secondary columns: the empty set is the one cover.
  load(ec, {{0}, {0}}, 0, 1);
  EXPECT_EQ(ec.count(100), 1u);
}

TEST(ExactCover, SelectForcesRowsAndRefusesConflicts) {
  ExactCover ec;
  load(ec, kKnuth, 7);
  ASSERT_TRUE(ec.select(0));  // C E F: the row of the one cover
  expect_whole(ec);
  EXPECT_FALSE(ec.select(2));  // B C F shares C and F
  expect_whole(ec);
  EXPECT_FALSE(ec.select(0));  // the same row twice
  EXPECT_EQ(ec.count(10), 1u);
  std::vector<int> rows_seen;
  ec.search(10, [&](std::span<const int> rows) {
    rows_seen.assign(rows.begin(), rows.end());
    return true;
  });
  ASSERT_FALSE(rows_seen.empty());
  EXPECT_EQ(rows_seen[0], 0) << "selected rows come first";
  ASSERT_TRUE(ec.select(1));  // A D G: no clash with C E F, but B is now uncoverable
  EXPECT_EQ(ec.count(10), 0u);
  expect_whole(ec);
  ec.unselect_all();
  expect_whole(ec);
  EXPECT_EQ(ec.count(10), 1u);
  // Selecting the whole cover leaves exactly the empty extension.
  ASSERT_TRUE(ec.select(3));
  ASSERT_TRUE(ec.select(4));
  ASSERT_TRUE(ec.select(0));
  EXPECT_EQ(ec.count(10), 1u);
  ec.unselect_all();
  expect_whole(ec);
}

TEST(ExactCover, SelectRejectsSecondaryClash) {
  ExactCover ec;
  load(ec, {{0, 2}, {1, 2}, {0}, {1}}, 2, 1);
  ASSERT_TRUE(ec.select(0));
  EXPECT_FALSE(ec.select(1));
  EXPECT_EQ(ec.count(10), 1u);  // {0,2} + {1}
  ec.unselect_all();
  expect_whole(ec);
}

TEST(ExactCover, LimitAndCallbackSemantics) {
  ExactCover ec;
  load(ec, {{0}, {1}, {2}, {0, 1}, {1, 2}, {0, 1, 2}}, 3);
  EXPECT_EQ(ec.count(2), 2u);
  expect_whole(ec);
  EXPECT_EQ(ec.count(1), 1u);
  expect_whole(ec);
  EXPECT_EQ(ec.count(0), 0u);
  int calls = 0;
  EXPECT_EQ(ec.search(3, [&](std::span<const int>) { return ++calls, true; }), 3u);
  EXPECT_EQ(calls, 3);
  expect_whole(ec);
  calls = 0;
  // A visitor that says stop after the first: one visited, matrix restored.
  EXPECT_EQ(ec.search(100, [&](std::span<const int>) { return ++calls, false; }), 1u);
  EXPECT_EQ(calls, 1);
  expect_whole(ec);
  EXPECT_EQ(ec.count(100), 4u);
}

TEST(ExactCover, StatsCountTheWork) {
  ExactCover ec;
  load(ec, kKnuth, 7);
  ec.reset_stats();
  ec.count(10);
  const SearchStats first = ec.stats();
  EXPECT_GT(first.nodes, 0u);
  EXPECT_GT(first.updates, 0u);
  EXPECT_GT(first.guesses, 0u);
  ec.count(10);
  EXPECT_EQ(ec.stats().nodes, 2 * first.nodes) << "the same search costs the same";
  EXPECT_EQ(ec.stats().updates, 2 * first.updates);
  ec.reset_stats();
  EXPECT_EQ(ec.stats().nodes, 0u);
  EXPECT_EQ(ec.stats().updates, 0u);
  EXPECT_EQ(ec.stats().guesses, 0u);
}

TEST(ExactCover, BadRowsAreRejected) {
  ExactCover ec;
  ec.reset(3);
  EXPECT_THROW(ec.add_row(std::vector<int>{3}), std::invalid_argument);
  EXPECT_THROW(ec.add_row(std::vector<int>{1, 1}), std::invalid_argument);
  EXPECT_THROW(ec.add_row(std::vector<int>{}), std::invalid_argument);
  EXPECT_EQ(ec.rows(), 0);
  EXPECT_THROW(ec.select(0), std::out_of_range);
}

// One object reused over many random problems, each checked against brute force, with and
// without forced rows; the invariants must hold after every search and every unselect.
TEST(ExactCover, ReuseMatchesBruteForceOnRandomMatrices) {
  std::mt19937 rng(20240611);
  ExactCover ec;
  int with_covers = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int primary = 1 + static_cast<int>(rng() % 6);
    const int secondary = static_cast<int>(rng() % 3);
    const int columns = primary + secondary;
    const int row_count = 1 + static_cast<int>(rng() % 12);
    Rows rows;
    for (int r = 0; r < row_count; ++r) {
      std::vector<int> row;
      for (int c = 0; c < columns; ++c)
        if (rng() % 3 == 0) row.push_back(c);
      if (row.empty()) row.push_back(static_cast<int>(rng() % static_cast<unsigned>(columns)));
      std::shuffle(row.begin(), row.end(), rng);
      rows.push_back(row);
    }
    load(ec, rows, primary, secondary);
    const std::uint64_t expected = brute_force(rows, primary, secondary);
    with_covers += expected > 0;
    ASSERT_EQ(ec.count(1000000), expected) << "trial " << trial;
    expect_whole(ec);
    // Every visited cover is a real exact cover, and they are all different.
    std::set<std::vector<int>> distinct;
    ec.search(1000000, [&](std::span<const int> chosen) {
      std::vector<int> hits(static_cast<std::size_t>(columns), 0);
      for (int r : chosen)
        for (int c : rows[static_cast<std::size_t>(r)]) ++hits[static_cast<std::size_t>(c)];
      for (int c = 0; c < columns; ++c) {
        if (c < primary) {
          EXPECT_EQ(hits[static_cast<std::size_t>(c)], 1);
        } else {
          EXPECT_LE(hits[static_cast<std::size_t>(c)], 1);
        }
      }
      std::vector<int> sorted(chosen.begin(), chosen.end());
      std::sort(sorted.begin(), sorted.end());
      distinct.insert(sorted);
      return true;
    });
    EXPECT_EQ(distinct.size(), expected);
    expect_whole(ec);
    // Forcing row 0 (then row 1): the covers that contain them, as brute force sees them.
    if (ec.select(0)) {
      EXPECT_EQ(ec.count(1000000), brute_force(rows, primary, secondary, 1u)) << "trial " << trial;
      expect_whole(ec);
      if (row_count > 1) {
        bool share = false;
        for (int c : rows[1]) share |= std::find(rows[0].begin(), rows[0].end(), c) != rows[0].end();
        ASSERT_EQ(ec.select(1), !share) << "trial " << trial;
        if (!share) {
          EXPECT_EQ(ec.count(1000000), brute_force(rows, primary, secondary, 3u)) << "trial " << trial;
        }
      }
      expect_whole(ec);
      ec.unselect_all();
      expect_whole(ec);
    }
  }
  EXPECT_GT(with_covers, 50) << "the random problems should not all be empty";
}

}  // namespace
}  // namespace sudokit

// grader_als_test.cpp: ALS-XZ, ALS-XY-Wing, death blossom (als.cpp) and aligned pair /
// triple exclusion (aligned_exclusion.cpp) on hand-built positions with the exact
// eliminations, positions where they must not fire, and soundness on the stalls of hard
// puzzles. Positions carve a few cells into a board where every cell holds every digit.
#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <random>
#include <bit>

#include <gtest/gtest.h>

#include "grader_board_helpers.hpp"

#include "advanced.hpp"
#include "board.hpp"
#include "grader_stall_walk.hpp"
#include "test_support.hpp"

namespace {

using sudokit::CellDigit;
using sudokit::Grid;
using sudokit::Step;
using sudokit::Technique;
using sudokit::grading::Board;
namespace g = sudokit::grading;

using sudokit::testing::kShape9;
using sudokit::testing::mask;
using sudokit::testing::rc;

TEST(GraderAls, NothingOnAFullBoard) {
  const Board b = Board::full(kShape9);
  Step s;
  EXPECT_FALSE(g::find_als_xz(b, s));
  EXPECT_FALSE(g::find_als_xy_wing(b, s));
  EXPECT_FALSE(g::find_death_blossom(b, s));
  EXPECT_FALSE(g::find_aligned_pair_exclusion(b, s));
  EXPECT_FALSE(g::find_aligned_triple_exclusion(b, s));
  EXPECT_FALSE(g::find_sue_de_coq(b, s));
}

TEST(GraderAls, AlsXzSinglyLinked) {
  // A = r1c1 {1,2}; B = r5c1 {1,3} + r5c5 {2,3} (row 5 holds 1,2,3 in two cells).
  // Restricted common 1 (r1c1 sees r5c1); Z = 2 in r1c1 and r5c5: r1c5 sees both.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(5, 1), mask({1, 3}));
  b.set_candidates(rc(5, 5), mask({2, 3}));
  Step s;
  ASSERT_TRUE(g::find_als_xz(b, s));
  EXPECT_EQ(s.technique, Technique::als_xz);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(1, 5), 2}}));
  EXPECT_EQ(s.cells.size(), 3U);  // the smallest pair of sets
  EXPECT_EQ(s.houses.size(), 2U);
  EXPECT_FALSE(g::describe_advanced(s, kShape9).empty());
}

TEST(GraderAls, AlsXzNeedsARestrictedCommon) {
  // Same sets but r1c1 moved to r1c2, which does not see r5c1: no restricted common 1; and
  // r5c1/r5c5 no longer form an ALS with anything.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 2), mask({1, 2}));
  b.set_candidates(rc(5, 1), mask({1, 3}));
  b.set_candidates(rc(6, 6), mask({2, 3}));
  Step s;
  EXPECT_FALSE(g::find_als_xz(b, s));
}

TEST(GraderAls, AlsXzDoublyLinked) {
  // A = r1c1 {1,2}, B = r1c5 {1,2,3} + r1c6 {1,2,3}? No: B must be an ALS: r1c5 {1,3},
  // r1c6 {2,3} (row 1, digits 1,2,3). Restricted commons 1 and 2 (all in row 1): both sets
  // are locked; 3 is locked in B and 1, 2 in A∪B: the rest of row 1 loses 1, 2, 3, and box 2
  // (r1c5, r1c6 hold B's 3) loses 3.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 5), mask({1, 3}));
  b.set_candidates(rc(1, 6), mask({2, 3}));
  Step s;
  ASSERT_TRUE(g::find_als_xz(b, s));
  std::vector<CellDigit> want;
  for (int c : {2, 3, 4, 7, 8, 9})
    for (int d : {1, 2, 3}) want.push_back({rc(1, c), d});
  for (int r : {2, 3})
    for (int c : {4, 5, 6}) want.push_back({rc(r, c), 3});
  std::sort(want.begin(), want.end());
  EXPECT_EQ(s.eliminations, want);
}

TEST(GraderAls, AlsXyWing) {
  // Pivot r5c1 {1,3}, A = r1c1 {1,2} (linked by 1), B = r5c5 {2,3} (linked by 3): Z = 2.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(5, 1), mask({1, 3}));
  b.set_candidates(rc(5, 5), mask({2, 3}));
  Step s;
  ASSERT_TRUE(g::find_als_xy_wing(b, s));
  EXPECT_EQ(s.technique, Technique::als_xy_wing);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(1, 5), 2}}));
  EXPECT_EQ(s.cells.front(), rc(5, 1));  // the pivot first
}

TEST(GraderAls, DeathBlossom) {
  // Stem r5c5 {1,2}; petal for 1: r5c1 {1,3}; petal for 2: r1c5 {2,3}: Z = 3 leaves r1c1.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(5, 5), mask({1, 2}));
  b.set_candidates(rc(5, 1), mask({1, 3}));
  b.set_candidates(rc(1, 5), mask({2, 3}));
  Step s;
  ASSERT_TRUE(g::find_death_blossom(b, s));
  EXPECT_EQ(s.technique, Technique::death_blossom);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(1, 1), 3}}));
  EXPECT_EQ(s.cells.front(), rc(5, 5));
}

TEST(GraderAls, SueDeCoq) {
  // Row 1 crosses box 1 at r1c1, r1c2 {1,2,3,4}; r1c5 {1,2} in the row, r2c1 {3,4} in the
  // box: four cells, four digits, 1 and 2 in the row part, 3 and 4 in the box part. The row
  // loses 1, 2 elsewhere, the box 3, 4, and r1c3 (in both) all four.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2, 3, 4}));
  b.set_candidates(rc(1, 2), mask({1, 2, 3, 4}));
  b.set_candidates(rc(1, 5), mask({1, 2}));
  b.set_candidates(rc(2, 1), mask({3, 4}));
  Step s;
  ASSERT_TRUE(g::find_sue_de_coq(b, s));
  EXPECT_EQ(s.technique, Technique::sue_de_coq);
  std::vector<CellDigit> want;
  for (int d : {1, 2, 3, 4}) want.push_back({rc(1, 3), d});
  for (int c : {4, 6, 7, 8, 9})
    for (int d : {1, 2}) want.push_back({rc(1, c), d});
  for (int cell : {rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)})
    for (int d : {3, 4}) want.push_back({cell, d});
  std::sort(want.begin(), want.end());
  EXPECT_EQ(s.eliminations, want);
  EXPECT_EQ(s.cells, (std::vector<int>{rc(1, 1), rc(1, 2), rc(1, 5), rc(2, 1)}));
  EXPECT_EQ(s.houses, (std::vector<int>{0, 18}));
}

TEST(GraderAls, SueDeCoqNeedsDisjointSides) {
  // The box cell shares 2 with the row cell: no longer a Sue de Coq.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2, 3, 4}));
  b.set_candidates(rc(1, 2), mask({1, 2, 3, 4}));
  b.set_candidates(rc(1, 5), mask({1, 2}));
  b.set_candidates(rc(2, 1), mask({2, 4}));
  Step s;
  EXPECT_FALSE(g::find_sue_de_coq(b, s));
}

TEST(GraderAls, AlignedPairExclusion) {
  // Bases r1c1, r1c2 {1,2,3}; r2c3 {1,2} (box) and r1c7 {1,3} (row) see both. Only (2,3) and
  // (3,2) leave both a candidate: neither base can be 1.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2, 3}));
  b.set_candidates(rc(1, 2), mask({1, 2, 3}));
  b.set_candidates(rc(2, 3), mask({1, 2}));
  b.set_candidates(rc(1, 7), mask({1, 3}));
  Step s;
  ASSERT_TRUE(g::find_aligned_pair_exclusion(b, s));
  EXPECT_EQ(s.technique, Technique::aligned_pair_exclusion);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(1, 1), 1}, {rc(1, 2), 1}}));
  EXPECT_EQ(s.cells, (std::vector<int>{rc(1, 1), rc(1, 2)}));
}

TEST(GraderAls, AlignedPairNeedsBothExcluders) {
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2, 3}));
  b.set_candidates(rc(1, 2), mask({1, 2, 3}));
  b.set_candidates(rc(2, 3), mask({1, 2}));
  Step s;
  EXPECT_FALSE(g::find_aligned_pair_exclusion(b, s));
}

/// The slow oracle for aligned exclusion: a base candidate survives when some filling of
/// the bases with it (different digits where bases see each other) leaves every other
/// unsolved cell a candidate.
std::vector<CellDigit> aligned_oracle(const Board& b, const std::vector<int>& bases) {
  const auto& topo = b.topo();
  std::vector<std::uint64_t> possible(bases.size(), 0);
  std::vector<int> v(bases.size(), 0);
  auto rec = [&](auto&& self, std::size_t i) -> void {
    if (i == bases.size()) {
      for (int x = 0; x < b.cells(); ++x) {
        if (b.value(x) || std::find(bases.begin(), bases.end(), x) != bases.end()) continue;
        std::uint64_t left = b.candidates(x);
        for (std::size_t j = 0; j < bases.size(); ++j)
          if (topo.sees(x, bases[j])) left &= ~mask({v[j]});
        if (!left) return;
      }
      for (std::size_t j = 0; j < bases.size(); ++j) possible[j] |= mask({v[j]});
      return;
    }
    for (int d = 1; d <= 9; ++d) {
      if (!b.has(bases[i], d)) continue;
      bool clash = false;
      for (std::size_t j = 0; j < i; ++j) clash = clash || (v[j] == d && topo.sees(bases[j], bases[i]));
      if (clash) continue;
      v[i] = d;
      self(self, i + 1);
    }
  };
  rec(rec, 0);
  std::vector<CellDigit> out;
  for (std::size_t j = 0; j < bases.size(); ++j)
    for (int d = 1; d <= 9; ++d)
      if (b.has(bases[j], d) && !(possible[j] & mask({d}))) out.push_back({bases[j], d});
  std::sort(out.begin(), out.end());
  return out;
}

TEST(GraderAls, AlignedTripleExclusion) {
  // Bases r1c1 {1,2} with its peers r1c4 and r4c1 {1,2,3} (these two do not see each other).
  // Excluders: r1c7 {2,3} sees r1c1 and r1c4; r7c1 {1,3} sees r1c1 and r4c1; r4c4 {1,3}
  // sees r1c4 and r4c1. The fillings that leave all three a candidate are (1,2,2), (1,3,2)
  // and (2,1,1): r4c1 cannot be 3. (Row 1 also holds a naked triple, so other base sets
  // remove more; the finder's choice is checked against the oracle.)
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 4), mask({1, 2, 3}));
  b.set_candidates(rc(4, 1), mask({1, 2, 3}));
  b.set_candidates(rc(1, 7), mask({2, 3}));
  b.set_candidates(rc(7, 1), mask({1, 3}));
  b.set_candidates(rc(4, 4), mask({1, 3}));
  EXPECT_EQ(aligned_oracle(b, {rc(1, 1), rc(1, 4), rc(4, 1)}), (std::vector<CellDigit>{{rc(4, 1), 3}}));
  Step s;
  ASSERT_TRUE(g::find_aligned_triple_exclusion(b, s));
  EXPECT_EQ(s.technique, Technique::aligned_triple_exclusion);
  ASSERT_EQ(s.cells.size(), 3U);
  EXPECT_EQ(s.eliminations, aligned_oracle(b, s.cells));
  EXPECT_GE(s.eliminations.size(), 1U);
}

TEST(GraderAls, AlignedExclusionMatchesOracleAlongPaths) {
  // Differential: on the boards met along the basic techniques' path of hard puzzles (before
  // simpler steps clear the way, where aligned exclusion fires most), whatever base set is
  // returned removes exactly what the oracle says, and agrees with the solution.
  const auto lines = sudokit::testing::every_nth(sudokit::testing::load_lines("rated/se_dev.txt"), 400);
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  int checked = 0;
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U);
    Board board = Board::from_grid(puzzle);
    for (int moves = 0; moves < 60; ++moves) {
      for (auto find : {g::find_aligned_pair_exclusion, g::find_aligned_triple_exclusion}) {
        Step s;
        if (!find(board, s)) continue;
        ++checked;
        EXPECT_EQ(s.eliminations, aligned_oracle(board, s.cells)) << line;
        sudokit::testing::expect_step_sound(board, s, solved.solutions.front(), line);
      }
      const auto next = sudokit::testing::basic_step(board);
      if (!next) break;
      board.apply(*next);
    }
  }
  EXPECT_GT(checked, 5);
  std::printf("aligned exclusion steps checked: %d\n", checked);
}

TEST(GraderAls, AlignedExclusionSetFormMatchesScan) {
  // Differential: the finders' cell-set form of aligned exclusion (up to 256 cells) against
  // the general scan, on random boards of every size it serves (candidates drawn mostly
  // small, with some one-candidate and empty cells and written digits) and random base sets
  // of two and three cells (peers or not). Same eliminations, in the same order.
  std::mt19937 rng(20261126);
  int compared = 0, removing = 0, partial = 0;
  for (const sudokit::Shape shape : {sudokit::Shape{4, 2, 2}, sudokit::Shape{6, 2, 3}, kShape9, sudokit::Shape{12, 3, 4},
                                     sudokit::Shape{16, 4, 4}}) {
    const int n = shape.n, cells = shape.cells();
    for (int round = 0; round < 300; ++round) {
      Board b = Board::full(shape);
      const int empties = round % 7 == 0 ? 1 : 0;  // a broken board now and then
      for (int c = 0; c < cells; ++c) {
        if (b.value(c)) continue;
        if (rng() % 10 == 0) {
          const std::uint64_t m = b.candidates(c);
          if (m) b.place(c, std::countr_zero(m) + 1);
          continue;
        }
        const bool one = rng() % 100 < (empties ? 0U : 8U);
        const int size = one ? 1 : 2 + static_cast<int>(rng() % static_cast<unsigned>(n / 2 + 1));
        std::uint64_t m = 0;
        while (sudokit::grading::popcount(m) < std::min(size, n)) m |= std::uint64_t{1} << (rng() % static_cast<unsigned>(n));
        b.set_candidates(c, m);
      }
      if (empties) b.set_candidates(static_cast<int>(rng() % static_cast<unsigned>(cells)), 0);
      std::vector<int> open;
      for (int c = 0; c < cells; ++c)
        if (!b.value(c) && sudokit::grading::popcount(b.candidates(c)) >= 2) open.push_back(c);
      if (open.size() < 3) continue;
      for (int pick = 0; pick < 40; ++pick) {
        // Half the time a base and two of its peers (the triples the finder takes).
        std::vector<int> bases;
        const int a = open[rng() % open.size()];
        bases.push_back(a);
        const auto peers = b.topo().peers(a);
        for (int tries = 0; tries < 50 && bases.size() < static_cast<std::size_t>(2 + pick % 2); ++tries) {
          const int c = pick % 4 < 2 ? peers[rng() % peers.size()] : open[rng() % open.size()];
          if (b.value(c) || sudokit::grading::popcount(b.candidates(c)) < 2 ||
              std::find(bases.begin(), bases.end(), c) != bases.end())
            continue;
          bases.push_back(c);
        }
        if (bases.size() < static_cast<std::size_t>(2 + pick % 2)) continue;
        std::sort(bases.begin(), bases.end());
        const auto by_scan = g::aligned_exclusion_for_test(b, bases, false);
        const auto by_sets = g::aligned_exclusion_for_test(b, bases, true);
        ASSERT_EQ(by_sets, by_scan) << "shape " << n << " round " << round << " pick " << pick;
        ++compared;
        removing += !by_scan.empty();
        std::size_t held = 0;
        for (int c : bases) held += static_cast<std::size_t>(sudokit::grading::popcount(b.candidates(c)));
        partial += !by_scan.empty() && by_scan.size() < held;
      }
    }
  }
  EXPECT_GT(compared, 20000);
  EXPECT_GT(partial, 1000);  // not only empty answers, nor every candidate (broken boards)
  std::printf("aligned exclusion base sets compared: %d (%d removing something, %d some but not all)\n", compared,
              removing, partial);
}

TEST(GraderAls, AlignedPairFinderMatchesItsDefinition) {
  // The pair finder lists its base pairs from cell sets (cells that two or more of a cell's
  // two-candidate peers see); the definition, written out here the slow way: every two open
  // cells a < b that at least two two-candidate cells both see, each pair's eliminations by
  // the general scan, and the step the pair removing the most (the first such in a, b order).
  // On random boards of every size the cell sets serve, the finder's step must be that one.
  std::mt19937 rng(20261128);
  int compared = 0, with_step = 0;
  for (const sudokit::Shape shape : {sudokit::Shape{4, 2, 2}, sudokit::Shape{6, 2, 3}, kShape9, sudokit::Shape{12, 3, 4},
                                     sudokit::Shape{16, 4, 4}}) {
    const int n = shape.n, cells = shape.cells();
    for (int round = 0; round < (n >= 16 ? 12 : n >= 12 ? 30 : 150); ++round) {
      Board b = Board::full(shape);
      const unsigned two_in = round % 2 ? 3 : 30;  // every other board has few two-candidate cells
      for (int c = 0; c < cells; ++c) {
        if (rng() % 12 == 0) {
          const std::uint64_t m = b.candidates(c);
          if (m) b.place(c, std::countr_zero(m) + 1);
          continue;
        }
        const int size = rng() % two_in == 0 ? 2 : 3 + static_cast<int>(rng() % static_cast<unsigned>(n / 2));
        std::uint64_t m = 0;
        while (sudokit::grading::popcount(m) < std::min(size, n)) m |= std::uint64_t{1} << (rng() % static_cast<unsigned>(n));
        b.set_candidates(c, m);
      }
      auto open = [&](int c) { return !b.value(c) && sudokit::grading::popcount(b.candidates(c)) >= 2; };
      auto bivalue = [&](int c) { return !b.value(c) && sudokit::grading::popcount(b.candidates(c)) == 2; };
      std::vector<int> best_cells;
      std::vector<CellDigit> best;
      for (int a = 0; a < cells; ++a) {
        if (!open(a)) continue;
        for (int c = a + 1; c < cells; ++c) {
          if (!open(c)) continue;
          int seeing = 0;
          for (int x = 0; x < cells; ++x) seeing += x != a && x != c && bivalue(x) && b.topo().sees(x, a) && b.topo().sees(x, c);
          if (seeing < 2) continue;
          auto removed = g::aligned_exclusion_for_test(b, {a, c}, false);
          std::sort(removed.begin(), removed.end());
          if (removed.size() > best.size()) {
            best = removed;
            best_cells = {a, c};
          }
        }
      }
      g::start_grade();  // no memo of an earlier board
      Step step;
      const bool found = g::find_aligned_pair_exclusion(b, step);
      ASSERT_EQ(found, !best.empty()) << "shape " << n << " round " << round;
      if (found) {
        EXPECT_EQ(step.cells, best_cells) << "shape " << n << " round " << round;
        EXPECT_EQ(step.eliminations, best) << "shape " << n << " round " << round;
      }
      ++compared;
      with_step += found;
    }
  }
  EXPECT_GT(with_step, 100);
  EXPECT_GT(compared - with_step, 20);  // and boards where no pair removes anything
  std::printf("aligned pair finder boards compared: %d (%d with a step)\n", compared, with_step);
}

TEST(GraderAls, KeptLinkedRowsChangeNoAnswer) {
  // ALS-XZ and the ALS-XY-Wing read each set's linked row (the later sets it may share a
  // restricted digit with) from the board's context, made once and kept for both (als.cpp,
  // linked_row); past a limit of sets each row is made again when asked. On the stalls of
  // hard puzzles both finders must answer the same either way, and in either order (the wing
  // first makes only its smaller sets' rows, which ALS-XZ then reads beside rows it makes;
  // ALS-XZ first makes every row, which the wing then cuts to its sets).
  auto lines = sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/hardest_1106.txt"), 25);
  for (const std::string& line : sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/top1465.txt"), 61)) lines.push_back(line);
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  auto same = [](bool fa, const Step& a, bool fb, const Step& b) {
    return fa == fb && (!fa || (a.technique == b.technique && a.cells == b.cells && a.eliminations == b.eliminations && a.chain == b.chain));
  };
  int boards = 0, found = 0;
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U) << line;
    sudokit::testing::walk_stalls(puzzle, solved.solutions.front(), 6, [&](const Board& board) -> std::optional<Step> {
      // Each call on a board of its own stamp (a new context) and with the finders' memos of
      // empty boards dropped (start_grade), so that every call scans in full.
      auto ask = [&](bool xz_first, std::size_t limit, Step& xz, bool& fxz, Step& wing, bool& fwing) {
        Board copy = board;
        copy.set_candidates(0, board.candidates(0));  // a new stamp, the same board
        g::set_als_kept_rows_for_test(limit);
        for (int k = 0; k < 2; ++k) {
          g::start_grade();
          if ((k == 0) == xz_first)
            fxz = g::find_als_xz(copy, xz);
          else
            fwing = g::find_als_xy_wing(copy, wing);
        }
        g::reset_als_kept_rows_for_test();
      };
      Step xz0, wing0;
      bool fxz0 = false, fwing0 = false;
      ask(true, 0, xz0, fxz0, wing0, fwing0);
      for (bool xz_first : {true, false}) {
        Step xz, wing;
        bool fxz = false, fwing = false;
        ask(xz_first, std::size_t{1} << 20, xz, fxz, wing, fwing);
        EXPECT_TRUE(same(fxz0, xz0, fxz, xz)) << "ALS-XZ, " << (xz_first ? "first " : "second ") << line;
        EXPECT_TRUE(same(fwing0, wing0, fwing, wing)) << "ALS-XY-Wing, " << (xz_first ? "second " : "first ") << line;
      }
      ++boards;
      found += fxz0 + fwing0;
      if (fxz0) return xz0;
      if (fwing0) return wing0;
      return std::nullopt;
    });
  }
  EXPECT_GT(boards, 50);
  EXPECT_GT(found, 10);  // boards where the rows decide a step, not only a miss
  std::printf("ALS boards compared: %d (%d answers with a step)\n", boards, found);
}

TEST(GraderAls, SoundOnRatedStalls) {
  std::vector<std::string> hard;
  for (const std::string& line : sudokit::testing::load_lines("rated/se_dev.txt"))
    if (line.size() > 82 && std::stod(line.substr(82)) >= 7.0) hard.push_back(line);
  ASSERT_GT(hard.size(), 100U);
  auto sample = sudokit::testing::every_nth(hard, hard.size() / 40);
  const auto hardest = sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/hardest_1106.txt"), 60);
  sample.insert(sample.end(), hardest.begin(), hardest.end());
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  // The pattern families (everything before the forcing chains).
  const std::size_t families = sudokit::testing::finder_index(Technique::nishio);
  std::vector<int> fired(families, 0);
  for (const std::string& line : sample) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U);
    const Grid& solution = solved.solutions.front();
    sudokit::testing::walk_stalls(puzzle, solution, 8, [&](const Board& board) -> std::optional<Step> {
      std::optional<Step> first;
      const auto& finders = sudokit::testing::advanced_finders();
      for (std::size_t i = 0; i < families; ++i) {
        Step s;
        if (!finders[i].find(board, s)) continue;
        ++fired[i];
        EXPECT_EQ(s.technique, finders[i].technique);
        sudokit::testing::expect_step_sound(board, s, solution, line);
        if (!first) first = s;
      }
      return first;
    });
  }
  // Aligned pair exclusion never fires once AIC has stalled on this sample: its
  // two-candidate excluders make chains that AIC finds first (tested along paths above).
  for (Technique t : {Technique::als_xz, Technique::als_xy_wing, Technique::death_blossom, Technique::aligned_triple_exclusion})
    EXPECT_GT(fired[sudokit::testing::finder_index(t)], 0) << sudokit::technique_name(t);
  std::printf("sue de coq resolved %d stalls\n", fired[sudokit::testing::finder_index(Technique::sue_de_coq)]);
}

}  // namespace

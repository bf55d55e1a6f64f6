// Unit tests of the bit-parallel 9×9 engine (fast9::Engine) and its differential agreement
// with the DLX engine.
//
// Oracles, none of which share code with fast9:
//  - is_solution_of (grid.hpp) checks every solution the engine hands out;
//  - known answers: puzzles with solutions written down here, clashing givens (0), the empty
//    grid (any limit K is reached), "deadly pattern" puzzles whose count is 2^k by construction;
//  - a small, obviously correct MRV backtracker written in this file (reference_count), used
//    on random puzzles;
//  - the DLX engine through sudokit::Solver(EngineKind::dlx): same counts, same solution sets.
// Whole-collection runs live in tests/slow/solver_fast9_differential_test.cpp.
#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fast9.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "test_support.hpp"

namespace {

using sudokit::Grid;
using sudokit::SearchStats;
using sudokit::fast9::Engine;
using sudokit::testing::grid_from_line;
using sudokit::testing::load_lines;

using Cells = std::array<std::uint8_t, 81>;

Cells cells_of(const Grid& g) {
  Cells c{};
  std::copy(g.cells.begin(), g.cells.end(), c.begin());
  return c;
}

Grid grid_of(const std::uint8_t* cells) {
  Grid g;
  std::copy(cells, cells + 81, g.cells.begin());
  return g;
}

std::string line_of(const Cells& c) {
  std::string s;
  for (auto v : c) s += v ? static_cast<char>('0' + v) : '.';
  return s;
}

struct Outcome {
  std::uint64_t count = 0;
  std::vector<Cells> solutions;
  SearchStats stats;
};

Outcome run(Engine& engine, const Cells& puzzle, std::uint64_t limit, std::size_t keep) {
  Outcome o;
  std::vector<std::uint8_t> buffer(81 * std::max<std::size_t>(keep, 1));
  o.count = engine.solve(puzzle.data(), limit, buffer.data(), keep, &o.stats);
  for (std::size_t k = 0; k < std::min<std::uint64_t>(o.count, keep); ++k) {
    Cells c{};
    std::copy(buffer.begin() + static_cast<long>(81 * k), buffer.begin() + static_cast<long>(81 * (k + 1)), c.begin());
    o.solutions.push_back(c);
  }
  return o;
}

std::set<Cells> enumerate_all(Engine& engine, const Cells& puzzle, std::uint64_t limit = UINT64_MAX) {
  std::set<Cells> seen;
  std::uint64_t visits = 0;
  const std::uint64_t n = engine.enumerate(
      puzzle.data(), limit,
      [&](const std::uint8_t* s) {
        Cells c{};
        std::copy(s, s + 81, c.begin());
        seen.insert(c);
        ++visits;
        return true;
      },
      nullptr);
  EXPECT_EQ(n, visits);
  EXPECT_EQ(seen.size(), visits) << "enumeration visited a solution twice";
  return seen;
}

// --- an independent reference: plain MRV backtracking over row/column/box masks -----------

class ReferenceCounter {
 public:
  std::uint64_t count(const Cells& puzzle, std::uint64_t limit) {
    rows_.fill(0);
    cols_.fill(0);
    boxes_.fill(0);
    cells_ = puzzle;
    for (int i = 0; i < 81; ++i) {
      const int v = cells_[static_cast<std::size_t>(i)];
      if (!v) continue;
      if (v > 9) return 0;
      const unsigned bit = 1u << v;
      if ((rows_[row(i)] | cols_[col(i)] | boxes_[box(i)]) & bit) return 0;
      set(i, bit);
    }
    limit_ = limit;
    found_ = 0;
    recurse();
    return found_;
  }

 private:
  static std::size_t row(int i) { return static_cast<std::size_t>(i / 9); }
  static std::size_t col(int i) { return static_cast<std::size_t>(i % 9); }
  static std::size_t box(int i) { return static_cast<std::size_t>((i / 27) * 3 + (i % 9) / 3); }
  void set(int i, unsigned bit) {
    rows_[row(i)] ^= bit;
    cols_[col(i)] ^= bit;
    boxes_[box(i)] ^= bit;
  }
  void recurse() {
    int best = -1, best_n = 10;
    unsigned best_free = 0;
    for (int i = 0; i < 81; ++i) {
      if (cells_[static_cast<std::size_t>(i)]) continue;
      const unsigned free = 0x3FEu & ~(rows_[row(i)] | cols_[col(i)] | boxes_[box(i)]);
      const int n = __builtin_popcount(free);
      if (n < best_n) best = i, best_n = n, best_free = free;
      if (n == 0) return;
    }
    if (best < 0) {
      ++found_;
      return;
    }
    for (int v = 1; v <= 9 && found_ < limit_; ++v) {
      if (!(best_free & (1u << v))) continue;
      cells_[static_cast<std::size_t>(best)] = static_cast<std::uint8_t>(v);
      set(best, 1u << v);
      recurse();
      set(best, 1u << v);
      cells_[static_cast<std::size_t>(best)] = 0;
    }
  }
  std::array<unsigned, 9> rows_{}, cols_{}, boxes_{};
  Cells cells_{};
  std::uint64_t limit_ = 0, found_ = 0;
};

// A random full grid from a seeded randomized backtracking fill (no engine involved).
Cells random_full_grid(std::mt19937_64& rng) {
  Cells g{};
  std::array<unsigned, 9> rows{}, cols{}, boxes{};
  auto fill = [&](auto&& self, int i) -> bool {
    if (i == 81) return true;
    std::array<int, 9> order{1, 2, 3, 4, 5, 6, 7, 8, 9};
    std::shuffle(order.begin(), order.end(), rng);
    const auto r = static_cast<std::size_t>(i / 9), c = static_cast<std::size_t>(i % 9),
               b = static_cast<std::size_t>((i / 27) * 3 + (i % 9) / 3);
    for (int v : order) {
      const unsigned bit = 1u << v;
      if ((rows[r] | cols[c] | boxes[b]) & bit) continue;
      rows[r] |= bit, cols[c] |= bit, boxes[b] |= bit;
      g[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v);
      if (self(self, i + 1)) return true;
      rows[r] ^= bit, cols[c] ^= bit, boxes[b] ^= bit;
    }
    g[static_cast<std::size_t>(i)] = 0;
    return false;
  };
  fill(fill, 0);
  return g;
}

Cells keep_random_clues(const Cells& full, int clues, std::mt19937_64& rng) {
  std::array<int, 81> order{};
  for (int i = 0; i < 81; ++i) order[static_cast<std::size_t>(i)] = i;
  std::shuffle(order.begin(), order.end(), rng);
  Cells p{};
  for (int k = 0; k < clues; ++k) p[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] = full[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])];
  return p;
}

// Blanks k "deadly rectangles" of a solved grid: cells (r1,c1),(r1,c2),(r2,c1),(r2,c2) holding
// a,b / b,a with the four cells in exactly two boxes. Each such rectangle can be filled both
// ways and nothing else, so a grid with k of them on disjoint rows, columns and boxes has
// exactly 2^k solutions. Returns how many rectangles it blanked.
int blank_deadly_rectangles(Cells& g, int wanted) {
  std::set<int> used_rows, used_cols, used_boxes;
  auto box = [](int r, int c) { return (r / 3) * 3 + c / 3; };
  auto at = [&](int r, int c) -> std::uint8_t& { return g[static_cast<std::size_t>(r * 9 + c)]; };
  int made = 0;
  for (int r1 = 0; r1 < 9 && made < wanted; ++r1)
    for (int r2 = r1 + 1; r2 < 9 && made < wanted; ++r2)
      for (int c1 = 0; c1 < 9 && made < wanted; ++c1)
        for (int c2 = c1 + 1; c2 < 9 && made < wanted; ++c2) {
          std::set<int> boxes{box(r1, c1), box(r1, c2), box(r2, c1), box(r2, c2)};
          if (boxes.size() != 2) continue;
          if (!at(r1, c1) || at(r1, c1) != at(r2, c2) || at(r1, c2) != at(r2, c1)) continue;
          if (used_rows.count(r1) || used_rows.count(r2) || used_cols.count(c1) || used_cols.count(c2)) continue;
          bool box_used = false;
          for (int b : boxes) box_used |= used_boxes.count(b) > 0;
          if (box_used) continue;
          at(r1, c1) = at(r1, c2) = at(r2, c1) = at(r2, c2) = 0;
          used_rows.insert({r1, r2});
          used_cols.insert({c1, c2});
          used_boxes.insert(boxes.begin(), boxes.end());
          ++made;
        }
  return made;
}

// top1465 line 1 and its solution (checked below by is_solution_of, not by a solver).
const std::string kTopPuzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const std::string kTopSolution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
// hardest_1106 line 1 and its solution.
const std::string kHardPuzzle = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
const std::string kHardSolution = "621943758783615492594728361142879635357461289869532174238197546916354827475286913";

// ---------------------------------------------------------------------------------------------

TEST(Fast9, KnownPuzzlesGiveTheirKnownSolution) {
  Engine engine;
  for (const auto& [puzzle, solution] : {std::pair{kTopPuzzle, kTopSolution}, std::pair{kHardPuzzle, kHardSolution}}) {
    const Grid p = grid_from_line(puzzle), s = grid_from_line(solution);
    std::string why;
    ASSERT_TRUE(sudokit::is_solution_of(p, s, &why)) << "the written-down answer is wrong: " << why;
    const Outcome o = run(engine, cells_of(p), 2, 2);
    EXPECT_EQ(o.count, 1u) << puzzle;
    ASSERT_EQ(o.solutions.size(), 1u);
    EXPECT_EQ(o.solutions[0], cells_of(s)) << puzzle;
  }
}

TEST(Fast9, HardPuzzleNeedsGuessesAndCountsThem) {
  Engine engine;
  const Outcome o = run(engine, cells_of(grid_from_line(kHardPuzzle)), 2, 1);
  EXPECT_GT(o.stats.guesses, 0u);
  EXPECT_GT(o.stats.nodes, o.stats.guesses);
  EXPECT_EQ(o.stats.updates, 0u);
}

TEST(Fast9, PuzzleSolvedBySinglesNeedsNoGuess) {
  // A full grid with a handful of blanks: naked singles finish it.
  Cells g = cells_of(grid_from_line(kTopSolution));
  for (int i : {0, 10, 20, 40, 80}) g[static_cast<std::size_t>(i)] = 0;
  Engine engine;
  const Outcome o = run(engine, g, 2, 1);
  EXPECT_EQ(o.count, 1u);
  EXPECT_EQ(o.stats.guesses, 0u);
  EXPECT_EQ(o.stats.nodes, 1u);
  EXPECT_EQ(o.solutions.at(0), cells_of(grid_from_line(kTopSolution)));
}

TEST(Fast9, ClashingGivensHaveNoSolution) {
  Engine engine;
  std::vector<std::pair<std::string, Cells>> cases;
  auto with = [](std::initializer_list<std::pair<int, int>> givens) {
    Cells c{};
    for (auto [cell, digit] : givens) c[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
    return c;
  };
  cases.push_back({"row", with({{0, 5}, {8, 5}})});
  cases.push_back({"column", with({{4, 7}, {76, 7}})});
  cases.push_back({"box same band rows", with({{0, 3}, {10, 3}})});
  cases.push_back({"box", with({{30, 9}, {50, 9}})});
  cases.push_back({"column across bands", with({{2, 1}, {29, 1}})});
  cases.push_back({"digit 10", with({{40, 10}})});
  cases.push_back({"digit 255", with({{0, 255}, {1, 1}})});
  // A clash added to a real puzzle: a second copy of a given in its row.
  Cells real = cells_of(grid_from_line(kTopPuzzle));
  real[1] = real[0];
  cases.push_back({"real puzzle with a row clash", real});
  for (const auto& [name, puzzle] : cases) {
    EXPECT_EQ(run(engine, puzzle, 2, 1).count, 0u) << name;
    EXPECT_TRUE(enumerate_all(engine, puzzle).empty()) << name;
  }
}

TEST(Fast9, UnsolvableWithoutClash) {
  // Row 0 holds 1..8 in columns 1..8 and a 9 sits in column 0 lower down: cell r1c1 has no digit.
  Cells c{};
  for (int col = 1; col < 9; ++col) c[static_cast<std::size_t>(col)] = static_cast<std::uint8_t>(col);
  c[9 * 5] = 9;
  ASSERT_TRUE(sudokit::find_clashes(grid_of(c.data())).empty());
  Engine engine;
  EXPECT_EQ(run(engine, c, 2, 1).count, 0u);
  EXPECT_EQ(ReferenceCounter{}.count(c, 2), 0u);
}

TEST(Fast9, EmptyGridReachesAnyLimit) {
  Engine engine;
  const Cells empty{};
  const Outcome one = run(engine, empty, 1, 1);
  ASSERT_EQ(one.count, 1u);
  EXPECT_TRUE(sudokit::is_solution_of(grid_of(empty.data()), grid_of(one.solutions[0].data())));
  for (std::uint64_t k : {2u, 3u, 17u, 1000u, 20000u}) {
    const Outcome o = run(engine, empty, k, 5);
    EXPECT_EQ(o.count, k);
    ASSERT_EQ(o.solutions.size(), std::min<std::uint64_t>(k, 5));
    std::set<Cells> distinct(o.solutions.begin(), o.solutions.end());
    EXPECT_EQ(distinct.size(), o.solutions.size());
    for (const auto& s : o.solutions) EXPECT_TRUE(sudokit::is_solution_of(grid_of(empty.data()), grid_of(s.data())));
  }
  EXPECT_EQ(enumerate_all(engine, empty, 3000).size(), 3000u);
}

TEST(Fast9, DeadlyRectanglesGiveExactlyTwoToTheK) {
  Engine engine;
  std::mt19937_64 rng(20240611);
  int checked = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const Cells full = random_full_grid(rng);
    for (int wanted = 1; wanted <= 3; ++wanted) {
      Cells puzzle = full;
      const int made = blank_deadly_rectangles(puzzle, wanted);
      if (made == 0) continue;
      ++checked;
      const std::uint64_t expected = 1ull << made;
      const Outcome o = run(engine, puzzle, 100, 100);
      ASSERT_EQ(o.count, expected) << line_of(puzzle);
      EXPECT_EQ(run(engine, puzzle, 2, 0).count, 2u);
      const std::set<Cells> all = enumerate_all(engine, puzzle);
      EXPECT_EQ(all.size(), expected);
      EXPECT_EQ(std::set<Cells>(o.solutions.begin(), o.solutions.end()), all);
      EXPECT_TRUE(all.count(full)) << "the grid it was made from is one of the solutions";
      for (const auto& s : all) EXPECT_TRUE(sudokit::is_solution_of(grid_of(puzzle.data()), grid_of(s.data())));
    }
  }
  EXPECT_GT(checked, 40) << "too few grids had a deadly rectangle to test";
}

TEST(Fast9, EnumerationStopsWhenTheVisitorSaysSo) {
  Engine engine;
  const Cells empty{};
  int calls = 0;
  const auto n = engine.enumerate(
      empty.data(), 100, [&](const std::uint8_t*) { return ++calls < 7; }, nullptr);
  EXPECT_EQ(n, 7u);
  EXPECT_EQ(calls, 7);
}

TEST(Fast9, CollectionSamplesGiveTheirCounts) {
  Engine engine;
  for (const auto& [file, expected] : {std::pair{"puzzles/17_clue.txt", 1u}, std::pair{"puzzles/top1465.txt", 1u},
                                       std::pair{"puzzles/hardest_1106.txt", 1u}, std::pair{"puzzles/serg_multi.txt", 2u}}) {
    const auto sample = sudokit::testing::every_nth(load_lines(file), 100);
    ASSERT_FALSE(sample.empty()) << file;
    for (const auto& line : sample) {
      const Grid p = grid_from_line(line);
      const Outcome o = run(engine, cells_of(p), 2, 2);
      EXPECT_EQ(o.count, expected) << file << " " << line;
      for (const auto& s : o.solutions) EXPECT_TRUE(sudokit::is_solution_of(p, grid_of(s.data()))) << line;
      if (o.solutions.size() == 2) { EXPECT_NE(o.solutions[0], o.solutions[1]); }
    }
  }
}

TEST(Fast9, AgreesWithReferenceBacktrackerOnRandomPuzzles) {
  Engine engine;
  ReferenceCounter reference;
  std::mt19937_64 rng(7);
  int zero = 0, unique = 0, many = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const Cells full = random_full_grid(rng);
    Cells puzzle = keep_random_clues(full, 24 + static_cast<int>(rng() % 30), rng);
    if (trial % 3 == 2) {
      // Change one given to another digit that clashes with nothing: often no solution.
      for (int tries = 0; tries < 50; ++tries) {
        const auto i = static_cast<std::size_t>(rng() % 81);
        if (!puzzle[i]) continue;
        Cells changed = puzzle;
        changed[i] = static_cast<std::uint8_t>(1 + rng() % 9);
        if (changed[i] != puzzle[i] && sudokit::find_clashes(grid_of(changed.data())).empty()) {
          puzzle = changed;
          break;
        }
      }
    }
    const std::uint64_t expected = reference.count(puzzle, 50);
    const Outcome o = run(engine, puzzle, 50, 50);
    ASSERT_EQ(o.count, expected) << line_of(puzzle);
    EXPECT_EQ(run(engine, puzzle, 2, 0).count, std::min<std::uint64_t>(expected, 2)) << line_of(puzzle);
    std::set<Cells> distinct(o.solutions.begin(), o.solutions.end());
    EXPECT_EQ(distinct.size(), o.solutions.size());
    for (const auto& s : o.solutions) ASSERT_TRUE(sudokit::is_solution_of(grid_of(puzzle.data()), grid_of(s.data())));
    (expected == 0 ? zero : expected == 1 ? unique : many)++;
  }
  EXPECT_GT(zero, 50);
  EXPECT_GT(unique, 50);
  EXPECT_GT(many, 50);
}

// solve_without (RemovalTester's 9×9 question) against the reference backtracker: the count
// with `digit` forbidden at `cell` is the count of the puzzle minus its solutions with that
// digit there, i.e. the reference's count with the digit given there, subtracted. Cells are
// empty or given (a given of that digit leaves nothing); puzzles have 0, 1 or many solutions.
TEST(Fast9, SolveWithoutACandidateCountsTheOtherSolutions) {
  Engine engine;
  ReferenceCounter reference;
  std::mt19937_64 rng(11);
  int none = 0, some = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const Cells full = random_full_grid(rng);
    const Cells puzzle = keep_random_clues(full, 22 + static_cast<int>(rng() % 30), rng);
    const int cell = static_cast<int>(rng() % 81);
    const int digit = trial % 2 ? full[static_cast<std::size_t>(cell)] : 1 + static_cast<int>(rng() % 9);
    constexpr std::uint64_t kLimit = 1000;
    const std::uint64_t all = reference.count(puzzle, kLimit);
    if (all >= kLimit) continue;  // too many to subtract exactly
    std::uint64_t with = 0;
    if (puzzle[static_cast<std::size_t>(cell)] == 0) {
      Cells given = puzzle;
      given[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
      with = reference.count(given, kLimit);
    } else if (puzzle[static_cast<std::size_t>(cell)] == digit) {
      with = all;
    }
    const std::uint64_t expected = all - with;
    ASSERT_EQ(engine.solve_without(puzzle.data(), cell, digit, kLimit, nullptr), expected)
        << line_of(puzzle) << " without " << digit << " at " << cell;
    EXPECT_EQ(engine.solve_without(puzzle.data(), cell, digit, 1, nullptr), std::min<std::uint64_t>(expected, 1));
    (expected == 0 ? none : some)++;
  }
  EXPECT_GT(none, 100);
  EXPECT_GT(some, 100);
  EXPECT_THROW(engine.solve_without(Cells{}.data(), 81, 1, 1, nullptr), std::invalid_argument);
  EXPECT_THROW(engine.solve_without(Cells{}.data(), 0, 10, 1, nullptr), std::invalid_argument);
}

// A removal pass through pass_start/pass_unique_without/pass_keep answers what a
// from-scratch solve_without gives on the same puzzle (the kept clues plus the untested ones,
// without the tested clue), test after test, over whole passes in random orders; and the
// pass, run to its end, leaves a puzzle the reference backtracker finds unique.
TEST(Fast9, ARemovalPassAnswersAsFromScratch) {
  Engine pass, scratch;
  ReferenceCounter reference;
  std::mt19937_64 rng(23);
  int removable = 0, needed = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Cells full = random_full_grid(rng);
    std::vector<int> order(81);
    for (int i = 0; i < 81; ++i) order[static_cast<std::size_t>(i)] = i;
    std::shuffle(order.begin(), order.end(), rng);
    pass.pass_start(full.data(), order.data(), 81);
    Cells puzzle = full;
    for (int i = 0; i < 81; ++i) {
      const int cell = order[static_cast<std::size_t>(i)];
      const int digit = full[static_cast<std::size_t>(cell)];
      puzzle[static_cast<std::size_t>(cell)] = 0;
      const bool expected = scratch.solve_without(puzzle.data(), cell, digit, 1, nullptr) == 0;
      ASSERT_EQ(pass.pass_unique_without(i, nullptr), expected) << line_of(puzzle) << " without " << cell;
      if (expected) {
        ++removable;
      } else {
        ++needed;
        puzzle[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
        pass.pass_keep(i);
      }
    }
    ASSERT_EQ(reference.count(puzzle, 2), 1u) << line_of(puzzle);
  }
  EXPECT_GT(removable, 300 * 50);
  EXPECT_GT(needed, 300 * 17);
  EXPECT_THROW(pass.pass_unique_without(81, nullptr), std::invalid_argument);
  const int bad[1] = {81};
  EXPECT_THROW(pass.pass_start(Cells{}.data(), bad, 1), std::invalid_argument);
}

TEST(Fast9, OneEngineServesThousandsOfPuzzles) {
  // Interleaves unique puzzles with clashes and the empty grid: no state may leak between calls.
  Engine shared;
  const auto lines = load_lines("puzzles/17_clue.txt", 4000);
  ASSERT_EQ(lines.size(), 4000u);
  const Cells clash = [] {
    Cells c{};
    c[0] = c[1] = 4;
    return c;
  }();
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const Grid p = grid_from_line(lines[k]);
    const Outcome o = run(shared, cells_of(p), 2, 1);
    ASSERT_EQ(o.count, 1u) << lines[k];
    ASSERT_TRUE(sudokit::is_solution_of(p, grid_of(o.solutions[0].data()))) << lines[k];
    if (k % 500 == 0) {
      Engine fresh;
      EXPECT_EQ(run(fresh, cells_of(p), 2, 1).solutions, o.solutions);
    }
    if (k % 7 == 0) { ASSERT_EQ(run(shared, clash, 2, 1).count, 0u); }
    if (k % 11 == 0) { ASSERT_EQ(run(shared, Cells{}, 3, 0).count, 3u); }
  }
  Engine moved = std::move(shared);
  EXPECT_EQ(run(moved, cells_of(grid_from_line(kTopPuzzle)), 2, 1).count, 1u);
}

// --- differential: fast against DLX through the public Solver ----------------------------------

std::set<Cells> solver_set(sudokit::Solver& solver, const Grid& puzzle, std::uint64_t limit) {
  std::set<Cells> out;
  solver.enumerate(
      puzzle,
      [&](const Grid& g) {
        out.insert(cells_of(g));
        return true;
      },
      limit);
  return out;
}

TEST(Fast9Differential, CollectionSamplesMatchDlx) {
  sudokit::Solver dlx(sudokit::EngineKind::dlx), fast(sudokit::EngineKind::fast);
  for (const char* file : {"puzzles/17_clue.txt", "puzzles/top1465.txt", "puzzles/hardest_1106.txt", "puzzles/serg_multi.txt"}) {
    for (const auto& line : sudokit::testing::every_nth(load_lines(file), 200)) {
      const Grid p = grid_from_line(line);
      const auto a = dlx.solve(p, 2, 2), b = fast.solve(p, 2, 2);
      ASSERT_EQ(a.count, b.count) << line;
      std::set<Cells> sa, sb;
      for (const auto& g : a.solutions) sa.insert(cells_of(g));
      for (const auto& g : b.solutions) sb.insert(cells_of(g));
      if (a.count == 1) { EXPECT_EQ(sa, sb) << line; }
      for (const auto& g : b.solutions) EXPECT_TRUE(sudokit::is_solution_of(p, g)) << line;
    }
  }
}

TEST(Fast9Differential, RandomPuzzlesMatchDlx) {
  sudokit::Solver dlx(sudokit::EngineKind::dlx), fast(sudokit::EngineKind::fast);
  std::mt19937_64 rng(99);
  int zero = 0, unique = 0, many = 0, enumerated = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    Cells puzzle;
    if (trial % 5 == 4) {
      // Random clue sets: most of them clash or have no solution.
      puzzle = Cells{};
      const int clues = 5 + static_cast<int>(rng() % 20);
      for (int k = 0; k < clues; ++k) puzzle[static_cast<std::size_t>(rng() % 81)] = static_cast<std::uint8_t>(1 + rng() % 9);
    } else {
      puzzle = keep_random_clues(random_full_grid(rng), 20 + static_cast<int>(rng() % 25), rng);
    }
    const Grid p = grid_of(puzzle.data());
    const auto a = dlx.solve(p, 2, 2), b = fast.solve(p, 2, 2);
    ASSERT_EQ(a.count, b.count) << line_of(puzzle);
    (a.count == 0 ? zero : a.count == 1 ? unique : many)++;
    if (a.count == 1) { ASSERT_EQ(a.solutions, b.solutions) << line_of(puzzle); }
    for (const auto& g : b.solutions) ASSERT_TRUE(sudokit::is_solution_of(p, g)) << line_of(puzzle);
    // Whole solution sets, for puzzles with a moderate number of solutions.
    if (a.count == 2 && trial % 4 == 0) {
      const std::uint64_t cap = 5000;
      const auto da = solver_set(dlx, p, cap), db = solver_set(fast, p, cap);
      if (da.size() < cap) {
        ++enumerated;
        ASSERT_EQ(da, db) << line_of(puzzle);
        EXPECT_EQ(fast.solve(p, cap, 0).count, da.size());
      } else {
        EXPECT_EQ(db.size(), cap);
      }
    }
  }
  EXPECT_GT(zero, 100);
  EXPECT_GT(unique, 100);
  EXPECT_GT(many, 100);
  EXPECT_GT(enumerated, 20);
}

// The placement's band-clearing step exists twice (SSE2 and portable scalar); both must clear
// the same bits and report the same changed words, whatever the inputs. Patterns are biased
// toward sparse masks and words that do not meet them, so both outcomes of each bit occur.
TEST(Fast9BandClear, VectorAndPortablePathsAgree) {
  std::mt19937_64 rng(2024);
  int changed_some = 0, changed_none = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    std::array<std::uint32_t, 9> words{};
    for (auto& w : words) w = static_cast<std::uint32_t>(rng()) & static_cast<std::uint32_t>(rng()) & 0x7FFFFFFu;
    const std::uint32_t cells = (trial % 3 == 0) ? (1u << (rng() % 27)) : static_cast<std::uint32_t>(rng() & rng() & 0x7FFFFFFu);
    auto portable = words, used = words;
    const std::uint32_t a = sudokit::fast9::clear_band_cells_for_test(true, portable.data(), cells);
    const std::uint32_t b = sudokit::fast9::clear_band_cells_for_test(false, used.data(), cells);
    ASSERT_EQ(a, b) << trial;
    ASSERT_EQ(portable, used) << trial;
    for (std::size_t d = 0; d < 9; ++d) {
      // Against the definition, too.
      ASSERT_EQ(portable[d], words[d] & ~cells);
      ASSERT_EQ((a >> d) & 1u, (words[d] & cells) != 0 ? 1u : 0u);
    }
    (a ? changed_some : changed_none)++;
  }
  EXPECT_GT(changed_some, 1000);
  EXPECT_GT(changed_none, 100);
#if defined(__SSE2__)
  EXPECT_TRUE(sudokit::fast9::vector_band_clear()) << "SSE2 target should use the vector path";
#endif
}

}  // namespace

// The optional rules (triads) and the branching modes change how the search gets there, never
// the answer: counts to 50 agree, and the solution sets where there are fewer than 50, with the
// plain engine (cell branching, no triads) on random puzzles with none, one and many
// solutions, and every collection sample keeps its count.
TEST(Fast9, OptionalRulesAgreeWithTheDefaultEngine) {
  using Branching = Engine::Branching;
  for (int mode = 1; mode < 6; ++mode) {
    Engine plain, tuned;
    plain.set_branching(Branching::cells);
    tuned.set_triads(mode & 1);
    tuned.set_branching(mode < 2 ? Branching::cells : mode < 4 ? Branching::matchings : Branching::adaptive);
    std::mt19937_64 rng(11 + static_cast<unsigned>(mode));
    int zero = 0, unique = 0, many = 0;
    for (int trial = 0; trial < 600; ++trial) {
      const Cells full = random_full_grid(rng);
      Cells puzzle = keep_random_clues(full, 24 + static_cast<int>(rng() % 30), rng);
      if (trial % 3 == 2) {
        const auto i = static_cast<std::size_t>(rng() % 81);
        Cells changed = puzzle;
        changed[i] = static_cast<std::uint8_t>(1 + rng() % 9);
        if (sudokit::find_clashes(grid_of(changed.data())).empty()) puzzle = changed;
      }
      const Outcome a = run(plain, puzzle, 50, 50);
      const Outcome b = run(tuned, puzzle, 50, 50);
      ASSERT_EQ(a.count, b.count) << "mode " << mode << " " << line_of(puzzle);
      // Below the limit both found every solution; at the limit each keeps the first 50 it met,
      // which depends on the search order, so there only validity is checked.
      if (a.count < 50) {
        EXPECT_EQ(std::set<Cells>(a.solutions.begin(), a.solutions.end()),
                  std::set<Cells>(b.solutions.begin(), b.solutions.end()))
            << line_of(puzzle);
      }
      for (const auto& s : b.solutions) ASSERT_TRUE(sudokit::is_solution_of(grid_of(puzzle.data()), grid_of(s.data())));
      EXPECT_EQ(run(tuned, puzzle, 2, 0).count, std::min<std::uint64_t>(a.count, 2)) << line_of(puzzle);
      (a.count == 0 ? zero : a.count == 1 ? unique : many)++;
    }
    EXPECT_GT(zero, 10);
    EXPECT_GT(unique, 10);
    EXPECT_GT(many, 10);
    for (const auto& [file, expected] : {std::pair{"puzzles/top1465.txt", 1u}, std::pair{"puzzles/hardest_1106.txt", 1u},
                                         std::pair{"puzzles/serg_multi.txt", 2u}}) {
      for (const auto& line : sudokit::testing::every_nth(load_lines(file), 50)) {
        const Grid p = grid_from_line(line);
        const Outcome o = run(tuned, cells_of(p), 2, 2);
        EXPECT_EQ(o.count, expected) << "mode " << mode << " " << file << " " << line;
        for (const auto& s : o.solutions) EXPECT_TRUE(sudokit::is_solution_of(p, grid_of(s.data()))) << line;
      }
    }
  }
}

// Minirow capacity rests on one claim: in a band word filtered by its row→box matchings, the
// minirows every matching uses are the rows left in a single box. Checked against the
// definition (enumerate the six matchings, intersect those that fit) on every occupancy
// pattern and on random words.
TEST(Fast9, ForcedMinirowsAreThoseEveryMatchingUses) {
  constexpr int permutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  auto by_definition = [&](std::uint32_t word) {
    std::uint32_t common = 0;
    bool any = false;
    for (const auto& p : permutations) {
      std::uint32_t minirows = 0;
      bool fits = true;
      for (int row = 0; row < 3; ++row) {
        const std::uint32_t cells = 7u << (9 * row + 3 * p[row]);
        fits = fits && (word & cells) != 0;
        minirows |= cells;
      }
      if (!fits) continue;
      common = any ? common & minirows : minirows;
      any = true;
    }
    return common;
  };
  std::mt19937_64 rng(99);
  int forced_some = 0, forced_none = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    std::uint32_t word = 0;
    if (trial < 512) {
      // One cell of each (row, box) pair in the pattern: every occupancy once.
      for (int pair = 0; pair < 9; ++pair)
        if (trial & (1 << pair)) word |= 1u << (9 * (pair / 3) + 3 * (pair % 3) + static_cast<int>(rng() % 3));
    } else {
      word = static_cast<std::uint32_t>(rng()) & static_cast<std::uint32_t>(rng()) & 0x7FFFFFFu;
    }
    const std::uint32_t expected = by_definition(word);
    ASSERT_EQ(sudokit::fast9::forced_minirows_for_test(word), expected) << std::hex << word;
    (expected ? forced_some : forced_none)++;
  }
  EXPECT_GT(forced_some, 1000);
  EXPECT_GT(forced_none, 1000);
}

// The matching branch forces digits into minirows wholesale; without minirow capacity a sparse
// board can promise four digits to three cells and the search wanders in a dead subtree for a
// long time (the empty grid counted to 20,000 took 1.9 million guesses). Counted in guesses,
// not time: every mode reaches the limit with a bounded search. (Without the rule this test
// does not fail quickly: it runs for many minutes, until ctest's timeout.)
TEST(Fast9, EveryBranchingModeCountsTheEmptyGridWithoutWandering) {
  using Branching = Engine::Branching;
  for (Branching mode : {Branching::cells, Branching::matchings, Branching::adaptive}) {
    Engine engine;
    engine.set_branching(mode);
    const Cells empty{};
    const Outcome o = run(engine, empty, 20000, 3);
    EXPECT_EQ(o.count, 20000u);
    EXPECT_LT(o.stats.guesses, 60000u) << static_cast<int>(mode);
    for (const auto& s : o.solutions) EXPECT_TRUE(sudokit::is_solution_of(grid_of(empty.data()), grid_of(s.data())));
  }
}

// The adaptive default exists to guess less on hard puzzles (docs/PERFORMANCE.md: hardest_1106
// 124 guesses a puzzle against 203 for the cell rule). Guess counts are exact, so this checks
// that the switch to the matching rule still happens: on a sample of the hardest collection the
// adaptive engine must make clearly fewer guesses than the cell rule, with the same counts.
TEST(Fast9, AdaptiveBranchingGuessesLessOnHardPuzzles) {
  using Branching = Engine::Branching;
  Engine cells, adaptive;
  cells.set_branching(Branching::cells);
  adaptive.set_branching(Branching::adaptive);
  std::uint64_t cells_guesses = 0, adaptive_guesses = 0;
  int puzzles = 0;
  for (const auto& line : sudokit::testing::every_nth(load_lines("puzzles/hardest_1106.txt"), 10)) {
    const Cells puzzle = cells_of(grid_from_line(line));
    const Outcome a = run(cells, puzzle, 2, 0);
    const Outcome b = run(adaptive, puzzle, 2, 0);
    ASSERT_EQ(a.count, b.count) << line;
    cells_guesses += a.stats.guesses;
    adaptive_guesses += b.stats.guesses;
    ++puzzles;
  }
  ASSERT_GT(puzzles, 30);
  EXPECT_LT(static_cast<double>(adaptive_guesses), 0.8 * static_cast<double>(cells_guesses))
      << "adaptive " << adaptive_guesses << " against cells " << cells_guesses;
}

// The cell branch's choice on a wide-open board counts bits with the popcnt instruction or,
// on a processor without it, with a portable sum: the same choices either way, so the same
// nodes, guesses and first solution on every puzzle (a wrong count would choose another cell
// somewhere in these hundreds of searches and change the node counts).
TEST(Fast9, PortableCountsChooseAsThePopcntInstruction) {
  Engine instruction, portable;
  portable.set_portable_counts(true);
  std::uint64_t nodes = 0;
  int puzzles = 0;
  for (const char* file : {"puzzles/top1465.txt", "puzzles/17_clue.txt", "puzzles/serg_multi.txt"}) {
    for (const auto& line : sudokit::testing::every_nth(load_lines(file), 20)) {
      const Cells puzzle = cells_of(grid_from_line(line));
      const Outcome a = run(instruction, puzzle, 2, 1);
      const Outcome b = run(portable, puzzle, 2, 1);
      ASSERT_EQ(a.count, b.count) << line;
      ASSERT_EQ(a.stats.nodes, b.stats.nodes) << line;
      ASSERT_EQ(a.stats.guesses, b.stats.guesses) << line;
      ASSERT_EQ(a.solutions, b.solutions) << line;
      nodes += a.stats.nodes;
      ++puzzles;
    }
  }
  ASSERT_GT(puzzles, 500);
  EXPECT_GT(nodes, static_cast<std::uint64_t>(2 * puzzles));  // the searches did branch
}

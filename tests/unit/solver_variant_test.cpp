// Variant solving (x, hyper, jigsaw, killer) through the Solver door, held against the slow
// oracle of tests/support/variant_oracle.hpp, which shares no code with the engines and
// rebuilds the houses itself:
//  - the model's house lists equal the oracle's for every variant and size;
//  - hundreds of random puzzles per variant and size (4×4 and 6×6 counted exhaustively up to
//    a high limit, 9×9 to 2), including corrupted ones, give the same counts; every
//    solution found obeys is_solution_of(rules) and the solutions are distinct;
//  - a classic solution of a variant puzzle is rejected where it breaks a variant rule;
//  - fast and sat refuse variants with the reason, auto and dlx solve them, budgets stop.
#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/exact_cover.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"
#include "variant_dlx.hpp"
#include "variant_oracle.hpp"

namespace sudokit {
namespace {

Shape shape_of(int n) { return default_shape(n).value(); }

std::string key_of(const Grid& g) { return std::string(g.cells.begin(), g.cells.end()); }

// A full grid made new: digits relabelled at random and, half the time (square boxes), transposed. Both
// keep every rule of classic, x and hyper (the diagonals and windows map onto themselves).
Grid relabelled(const Grid& full, std::mt19937& rng) {
  const int n = full.shape.n;
  std::vector<int> digits(static_cast<std::size_t>(n));
  for (int d = 0; d < n; ++d) digits[static_cast<std::size_t>(d)] = d + 1;
  std::shuffle(digits.begin(), digits.end(), rng);
  const bool transpose = full.shape.box_rows == full.shape.box_cols && rng() % 2;
  Grid out(full.shape);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      out.at(r, c) = static_cast<std::uint8_t>(digits[static_cast<std::size_t>(transpose ? full.at(c, r) : full.at(r, c)) - 1]);
  return out;
}

// A random full grid of `rules`: the oracle's random fill, except for jigsaw maps, which
// the oracle can take seconds on (many maps have no grid at all): there the DLX engine finds
// one within a node budget (a map without one in budget is drawn again by the caller). The
// grid is only input: every test still checks it with is_solution_of and the oracle's counts.
bool random_full(const Rules& rules, std::mt19937& rng, Grid& full) {
  if (rules.variant == Variant::jigsaw) {
    Solver dlx(EngineKind::dlx);
    const SolveResult r = dlx.solve(Grid(rules.shape), rules, 1, 1, Budget::of_nodes(20000));
    if (r.count == 0) return false;
    full = r.solutions[0];
    return true;
  }
  oracle::Oracle o(rules);
  return o.random_fill(rng, full);
}

// Rules of `variant` for one random puzzle and a full grid of them: a region map or cages
// drawn from `rng` (cages over a classic full grid, for killer).
Rules random_rules(Variant variant, const Shape& shape, std::mt19937& rng, Grid& full) {
  std::string why;
  if (variant == Variant::jigsaw) {
    while (true) {  // a map with no full grid (or none found quickly) is drawn again
      auto rules = make_jigsaw_rules(shape, oracle::random_regions(shape.n, rng), &why);
      EXPECT_TRUE(rules) << why;
      if (random_full(*rules, rng, full)) return *rules;
    }
  }
  // Classic, x and hyper: one oracle fill per variant and size, then relabelled per puzzle.
  static std::vector<std::pair<std::pair<int, int>, Grid>> fills;
  const Variant base = variant == Variant::killer ? Variant::classic : variant;
  auto rules = make_rules(base, shape, &why);
  EXPECT_TRUE(rules) << why;
  const std::pair<int, int> key{static_cast<int>(base), shape.n};
  const Grid* seed = nullptr;
  for (const auto& [k, g] : fills)
    if (k == key) seed = &g;
  if (!seed) {
    Grid g;
    EXPECT_TRUE(random_full(*rules, rng, g));
    fills.emplace_back(key, g);
    seed = &fills.back().second;
  }
  full = relabelled(*seed, rng);
  if (variant != Variant::killer) return *rules;
  auto killer = make_killer_rules(shape, oracle::random_cages(full, shape.n <= 4 ? 3 : 4, rng), &why);
  EXPECT_TRUE(killer) << why;
  return *killer;
}

std::vector<std::vector<int>> sorted_houses(std::vector<std::vector<int>> houses) {
  for (auto& h : houses) std::sort(h.begin(), h.end());
  std::sort(houses.begin(), houses.end());
  return houses;
}

TEST(VariantRules, HousesEqualTheOraclesForEveryVariantAndSize) {
  std::mt19937 rng(7);
  for (int n : {4, 6, 9, 16}) {
    for (Variant v : {Variant::classic, Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer}) {
      if (v == Variant::hyper && n == 6) continue;
      if (v == Variant::killer || (v == Variant::jigsaw && n > 9)) continue;  // killer: classic houses
      const Rules rules = v == Variant::jigsaw ? *make_jigsaw_rules(shape_of(n), oracle::random_regions(n, rng))
                                               : *make_rules(v, shape_of(n));
      std::vector<std::vector<int>> model;
      for (const House& h : rules.houses) {
        EXPECT_EQ(static_cast<int>(h.cells.size()), n);
        model.push_back(h.cells);
      }
      EXPECT_EQ(sorted_houses(model), sorted_houses(oracle::houses_of(rules))) << variant_name(v) << " " << n;
    }
  }
  // Hyper 9×9 has exactly the four windoku windows, rows/columns 2-4 and 6-8 (1-based).
  const Rules hyper = *make_rules(Variant::hyper, shape_of(9));
  std::vector<std::vector<int>> windows;
  for (const House& h : hyper.houses)
    if (h.kind == HouseKind::window) windows.push_back(h.cells);
  ASSERT_EQ(windows.size(), 4u);
  EXPECT_EQ(windows[0], (std::vector<int>{10, 11, 12, 19, 20, 21, 28, 29, 30}));
  EXPECT_EQ(windows[3], (std::vector<int>{50, 51, 52, 59, 60, 61, 68, 69, 70}));
}

// Random puzzles: givens kept from a full grid with a random density; one in four gets an
// extra random given (often a clash or a dead end), so 0 counts are exercised too.
struct Trial {
  int n;
  int puzzles;
  double min_keep, max_keep;
  std::uint64_t limit;
};

void differential(Variant variant, const Trial& t, std::uint32_t seed) {
  std::mt19937 rng(seed);
  Solver dlx(EngineKind::dlx), automatic;
  std::uint64_t counts[3] = {0, 0, 0};  // 0, 1, more
  for (int i = 0; i < t.puzzles; ++i) {
    Grid full;
    const Rules rules = random_rules(variant, shape_of(t.n), rng, full);
    std::string why;
    ASSERT_TRUE(is_solution_of(rules, full, full, &why)) << why;
    std::uniform_real_distribution<double> density(t.min_keep, t.max_keep);
    const double keep = density(rng);
    Grid puzzle(full.shape);
    for (std::size_t c = 0; c < puzzle.cells.size(); ++c)
      if (std::uniform_real_distribution<double>(0, 1)(rng) < keep) puzzle.cells[c] = full.cells[c];
    if (i % 4 == 3) {
      const auto c = rng() % puzzle.cells.size();
      if (puzzle.cells[c] == 0) puzzle.cells[c] = static_cast<std::uint8_t>(1 + rng() % static_cast<unsigned>(t.n));
    }
    oracle::Oracle o(rules);
    const std::uint64_t expected = o.count(puzzle, t.limit);
    std::set<std::string> seen;
    const std::uint64_t got = dlx.enumerate(
        puzzle, rules,
        [&](const Grid& s) {
          std::string reason;
          EXPECT_TRUE(is_solution_of(rules, puzzle, s, &reason)) << reason;
          EXPECT_TRUE(seen.insert(key_of(s)).second) << "a solution came twice";
          return true;
        },
        t.limit);
    ASSERT_EQ(got, expected) << variant_name(variant) << " " << t.n << "x" << t.n << " puzzle " << i << ": "
                             << to_line(puzzle) << (rules.variant == Variant::jigsaw ? " " + regions_string(rules) : "");
    const SolveResult two = automatic.solve(puzzle, rules, 2, 1);
    EXPECT_EQ(two.count, std::min<std::uint64_t>(expected, 2));
    ++counts[std::min<std::uint64_t>(expected, 2)];
  }
  // The trial must have met every outcome, or it proves less than it claims.
  EXPECT_GT(counts[0], 0u) << variant_name(variant) << " " << t.n;
  EXPECT_GT(counts[1], 0u) << variant_name(variant) << " " << t.n;
  EXPECT_GT(counts[2], 0u) << variant_name(variant) << " " << t.n;
}

TEST(VariantDifferential, X4) { differential(Variant::x, {4, 300, 0.0, 0.6, 1000}, 1); }
TEST(VariantDifferential, X6) { differential(Variant::x, {6, 200, 0.25, 0.7, 300}, 2); }
TEST(VariantDifferential, X9) { differential(Variant::x, {9, 150, 0.3, 0.6, 2}, 3); }
TEST(VariantDifferential, Hyper4) { differential(Variant::hyper, {4, 300, 0.0, 0.6, 1000}, 4); }
TEST(VariantDifferential, Hyper9) { differential(Variant::hyper, {9, 150, 0.25, 0.6, 2}, 5); }
TEST(VariantDifferential, Jigsaw4) { differential(Variant::jigsaw, {4, 300, 0.0, 0.6, 1000}, 6); }
TEST(VariantDifferential, Jigsaw6) { differential(Variant::jigsaw, {6, 200, 0.25, 0.7, 300}, 7); }
TEST(VariantDifferential, Jigsaw9) { differential(Variant::jigsaw, {9, 150, 0.4, 0.65, 2}, 8); }
TEST(VariantDifferential, Killer4) { differential(Variant::killer, {4, 300, 0.0, 0.3, 1000}, 9); }
TEST(VariantDifferential, Killer6) { differential(Variant::killer, {6, 200, 0.0, 0.3, 300}, 10); }
TEST(VariantDifferential, Killer9) { differential(Variant::killer, {9, 150, 0.1, 0.4, 2}, 11); }

TEST(VariantDifferential, ClassicRulesTakeTheClassicPath) {
  differential(Variant::classic, {4, 100, 0.0, 0.6, 1000}, 12);
}

// A classic solution of a variant puzzle is not a solution under the variant's rules when it
// breaks one of them; is_solution_of(rules) names the broken house.
TEST(VariantRules, ClassicSolutionsOfVariantPuzzlesAreRejected) {
  std::mt19937 rng(21);
  Solver solver;
  int rejected[5] = {};
  for (Variant v : {Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer}) {
    for (int i = 0; i < 20; ++i) {
      Grid full;
      const Rules rules = random_rules(v, shape_of(9), rng, full);
      Grid puzzle(full.shape);  // a few givens: many classic answers, one variant answer
      for (std::size_t c = 0; c < puzzle.cells.size(); ++c)
        if (rng() % 4 == 0) puzzle.cells[c] = full.cells[c];
      const SolveResult classic = solver.solve(puzzle, 20, 20);  // the classic rules only
      for (const Grid& s : classic.solutions) {
        std::string why;
        // A jigsaw grid's classic reading ignores the regions but still needs boxes, so only
        // grids the classic checker accepts are asked about.
        if (!is_solution_of(puzzle, s, &why)) continue;
        if (is_solution_of(rules, puzzle, s, &why)) continue;
        EXPECT_FALSE(why.empty());
        const char* expected = v == Variant::x ? "diagonal" : v == Variant::hyper ? "window" : v == Variant::jigsaw ? "region" : "cage";
        EXPECT_NE(why.find(expected), std::string::npos) << why;
        ++rejected[static_cast<int>(v)];
        const SolveResult variant = solver.solve(puzzle, rules, 2, 1);
        for (const Grid& answer : variant.solutions) EXPECT_TRUE(is_solution_of(rules, puzzle, answer));
        EXPECT_GE(variant.count, 1u);
      }
    }
  }
  for (Variant v : {Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer})
    EXPECT_GT(rejected[static_cast<int>(v)], 0) << variant_name(v);
}

TEST(VariantEngines, FastAndSatRefuseVariantsWithTheReason) {
  const Rules x = *make_rules(Variant::x, shape_of(9));
  Grid empty(shape_of(9));
  for (EngineKind kind : {EngineKind::fast, EngineKind::sat}) {
    Solver solver(kind);
    try {
      solver.solve(empty, x, 2, 1);
      ADD_FAILURE() << "engine " << engine_name(kind) << " took an x puzzle";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("classic Sudoku only"), std::string::npos) << e.what();
    }
  }
  // Classic rules still go everywhere.
  const Rules classic = *make_rules(Variant::classic, shape_of(9));
  EXPECT_EQ(Solver(EngineKind::fast).solve(empty, classic, 2, 0).count, 2u);
  // Rules of another size are refused.
  EXPECT_THROW(Solver().solve(Grid(shape_of(4)), x, 2, 0), std::invalid_argument);
}

TEST(VariantEngines, BudgetsStopAVariantSearch) {
  std::mt19937 rng(5);
  Grid full;
  const Rules killer = random_rules(Variant::killer, shape_of(9), rng, full);
  const Rules x = *make_rules(Variant::x, shape_of(9));
  // Both variant engines (automatic: the fast one; dlx). The fast engine's propagation
  // settles this killer in fewer than 50 nodes, so the budgeted search is the empty X grid,
  // whose millions of solutions no engine lists in 50 nodes.
  for (EngineKind kind : {EngineKind::dlx, EngineKind::automatic}) {
    Solver solver(kind);
    for (const Rules* rules : {&killer, &x}) {
      const SolveResult r = solver.solve(Grid(shape_of(9)), *rules, 1000000, 0, Budget::of_nodes(50));
      if (kind == EngineKind::dlx || rules == &x) {
        EXPECT_FALSE(r.complete) << engine_name(kind);
      }
      EXPECT_LE(r.stats.nodes, 50u);
    }
    // Unlimited, the same search finishes (the cage sums of a full grid pin it down well).
    const SolveResult done = solver.solve(Grid(shape_of(9)), killer, 2, 1);
    EXPECT_TRUE(done.complete);
    EXPECT_GE(done.count, 1u);
  }
}

// The generic engine's budget (used by the variant engine) unwinds to a whole matrix.
TEST(VariantEngines, ExactCoverBudgetLeavesTheMatrixWhole) {
  ExactCover ec;
  ec.reset(6);
  for (int a = 0; a < 6; ++a)
    for (int b = a + 1; b < 6; ++b) ec.add_row(std::vector<int>{a, b});
  const Budget budget = Budget::of_nodes(2);
  const BudgetMeter meter(budget);
  ec.set_budget(&meter);
  ec.count(1000);
  EXPECT_FALSE(ec.complete());
  std::string why;
  EXPECT_TRUE(ec.check_invariants(&why)) << why;
  ec.set_budget(nullptr);
  EXPECT_EQ(ec.count(1000), 15u);  // perfect matchings of K6
  EXPECT_TRUE(ec.complete());
}

TEST(VariantEngines, CageCombinationsAreExactlyTheDistinctDigitSets) {
  // 2 cells summing 10 with 1..9: {1,9} {2,8} {3,7} {4,6}; 3 cells summing 6: {1,2,3}.
  EXPECT_EQ(dlx::cage_combinations(9, 2, 10), (std::vector<std::vector<int>>{{1, 9}, {2, 8}, {3, 7}, {4, 6}}));
  EXPECT_EQ(dlx::cage_combinations(9, 3, 6), (std::vector<std::vector<int>>{{1, 2, 3}}));
  EXPECT_TRUE(dlx::cage_combinations(9, 2, 18).empty());
  // Against brute force over every subset, for every size and sum of 1..9 and 1..6.
  for (int n : {6, 9})
    for (int m = 1; m <= n; ++m)
      for (int sum = 0; sum <= 50; ++sum) {
        std::vector<std::vector<int>> expected;
        for (unsigned mask = 0; mask < (1u << n); ++mask) {
          if (__builtin_popcount(mask) != m) continue;
          std::vector<int> set;
          int total = 0;
          for (int d = 1; d <= n; ++d)
            if (mask >> (d - 1) & 1) {
              set.push_back(d);
              total += d;
            }
          if (total == sum) expected.push_back(set);
        }
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(dlx::cage_combinations(n, m, sum), expected) << n << " " << m << " " << sum;
      }
}

}  // namespace
}  // namespace sudokit

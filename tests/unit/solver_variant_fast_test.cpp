// The fast variant engine (solver/src/variant_fast.hpp) against the oracles:
//  - VariantDlx, the exact-cover engine, on thousands of random puzzles per variant and size
//    (x, hyper, jigsaw, killer; 4×4, 6×6, 9×9 and x/jigsaw 16×16): unique, multiple, none
//    (a wrong extra given) and clashing (a digit copied into a house, or a cage sum broken)
//    puzzles; counts equal for limits 1, 2 and a high one, and the solution sets equal
//    whenever the count is below the limit (both engines then list every solution);
//  - on 4×4 and 6×6 the brute-force oracle of tests/support/variant_oracle.hpp as well;
//  - the same engine without locked candidates (an option) on a quarter of them;
//  - every solution obeys is_solution_of(rules) and none comes twice;
//  - the same through the Solver door (automatic against dlx);
//  - its per-rules tables are built once per rule set and survive alternation past the cache;
//  - budgets (nodes exactly, time) stop it with complete() false; a visitor can stop it;
//  - malformed rules are refused with std::invalid_argument;
//  - killer's other cage rules (combinations walked instead of looked up, house remainders
//    and cage-locked digits off) on a quarter of the killer puzzles each;
//  - VariantRemovalTester (the generators' removal test) against counting to 2 on DLX.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <numeric>
#include <optional>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/budget.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_removal.hpp"
#include "variant_dlx.hpp"
#include "variant_fast.hpp"
#include "variant_oracle.hpp"

namespace sudokit {
namespace {

Shape shape_of(int n) { return default_shape(n).value(); }

std::string key_of(const std::uint8_t* cells, std::size_t count) { return std::string(cells, cells + count); }

// A full grid of `rules` from the DLX engine (the oracle side): a few random givens that
// clash with nothing, solved to one solution within a node budget; digits then relabelled.
bool dlx_full(const Rules& rules, std::mt19937& rng, Grid& full) {
  const int n = rules.shape.n;
  Grid start(rules.shape);
  for (int i = 0; i < n / 2 + 1; ++i) {
    const auto cell = rng() % start.cells.size();
    const std::uint8_t old = start.cells[cell];
    start.cells[cell] = static_cast<std::uint8_t>(1 + rng() % static_cast<unsigned>(n));
    if (!find_clashes(rules, start, 1).empty()) start.cells[cell] = old;
  }
  Solver dlx(EngineKind::dlx);
  const SolveResult r = dlx.solve(start, rules, 1, 1, Budget::of_nodes(20000));
  if (r.count == 0) return false;
  full = r.solutions[0];
  return true;
}

// Digits relabelled at random: keeps every rule of classic, x, hyper and jigsaw.
Grid relabelled(const Grid& full, std::mt19937& rng) {
  std::vector<int> digits(static_cast<std::size_t>(full.shape.n));
  std::iota(digits.begin(), digits.end(), 1);
  std::shuffle(digits.begin(), digits.end(), rng);
  Grid out = full;
  for (auto& d : out.cells) d = static_cast<std::uint8_t>(digits[static_cast<std::size_t>(d) - 1]);
  return out;
}

// Random rules of `variant` and a full grid of them. Jigsaw maps and classic/x/hyper grids
// are drawn afresh every `refresh` calls and relabelled in between; killer cages are new
// every time (over a relabelled classic grid).
struct RandomRules {
  Variant variant;
  Shape shape;
  int refresh;
  int calls = 0;
  std::optional<Rules> base{};
  Grid base_full{};

  RandomRules(Variant v, const Shape& s, int every) : variant(v), shape(s), refresh(every) {}

  Rules next(std::mt19937& rng, Grid& full) {
    if (calls++ % refresh == 0 || !base) {
      while (true) {
        std::string why;
        const Variant v = variant == Variant::killer ? Variant::classic : variant;
        base = v == Variant::jigsaw ? make_jigsaw_rules(shape, oracle::random_regions(shape.n, rng), &why)
                                    : make_rules(v, shape, &why);
        EXPECT_TRUE(base) << why;
        if (dlx_full(*base, rng, base_full)) break;
      }
    }
    full = relabelled(base_full, rng);
    if (variant != Variant::killer) return *base;
    std::string why;
    auto killer = make_killer_rules(shape, oracle::random_cages(full, shape.n <= 4 ? 3 : 5, rng), &why);
    EXPECT_TRUE(killer) << why;
    return *killer;
  }
};

enum Kind { kept, wrong_given, clash };

// A puzzle from `full`: givens kept with a random density, then maybe a wrong extra given
// (often no solution) or a clash (a given copied into another cell of one of its houses, or,
// for killer, a cage's cell set to break its sum).
Grid make_puzzle(const Rules& rules, const Grid& full, double density, Kind kind, std::mt19937& rng) {
  Grid puzzle(full.shape);
  std::uniform_real_distribution<double> u(0, 1);
  for (std::size_t c = 0; c < puzzle.cells.size(); ++c)
    if (u(rng) < density) puzzle.cells[c] = full.cells[c];
  const int n = full.shape.n;
  if (kind == wrong_given) {
    const auto c = rng() % puzzle.cells.size();
    puzzle.cells[c] = static_cast<std::uint8_t>(1 + (full.cells[c] + rng() % static_cast<unsigned>(n - 1)) % n);
  } else if (kind == clash) {
    if (rules.variant == Variant::killer && rng() % 2 == 0) {
      const Cage& cage = rules.cages[rng() % rules.cages.size()];
      for (int cell : cage.cells) puzzle.cells[static_cast<std::size_t>(cell)] = full.cells[static_cast<std::size_t>(cell)];
      const int cell = cage.cells[rng() % cage.cells.size()];
      const int d = full.cells[static_cast<std::size_t>(cell)];
      puzzle.cells[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d == n ? 1 : d + 1);
    } else {
      const House& h = rules.houses[rng() % rules.houses.size()];
      const int a = h.cells[rng() % h.cells.size()];
      int b = a;
      while (b == a) b = h.cells[rng() % h.cells.size()];
      puzzle.cells[static_cast<std::size_t>(a)] = full.cells[static_cast<std::size_t>(a)];
      puzzle.cells[static_cast<std::size_t>(b)] = full.cells[static_cast<std::size_t>(a)];
    }
  }
  return puzzle;
}

// All solutions an engine lists up to `limit`, as a set; the count it returns in `count`.
template <class Engine>
std::set<std::string> listed(Engine& engine, const Rules& rules, const Grid& puzzle, std::uint64_t limit,
                             std::uint64_t& count) {
  std::set<std::string> out;
  const std::size_t cells = puzzle.cells.size();
  count = engine.enumerate(
      rules, puzzle.cells.data(), limit,
      [&](const std::uint8_t* s) {
        Grid g(puzzle.shape);
        std::copy(s, s + cells, g.cells.begin());
        std::string why;
        EXPECT_TRUE(is_solution_of(rules, puzzle, g, &why)) << why;
        EXPECT_TRUE(out.insert(key_of(s, cells)).second) << "a solution came twice";
        return true;
      },
      nullptr);
  return out;
}

struct Trial {
  Variant variant;
  int n;
  int puzzles;
  double min_density, max_density;
  std::uint64_t limit;      // the high limit: solution sets compared below it
  bool brute_force;         // also against the oracle (4×4, 6×6)
  int refresh = 20;         // puzzles per fresh region map / base grid
};

void differential(const Trial& t, std::uint32_t seed) {
  std::mt19937 rng(seed);
  vfast::Engine fast, plain;  // plain: without locked candidates (the same answers, more nodes)
  plain.set_locked_candidates(false);
  vfast::Engine walk;  // killer: the cage rule by walking combinations, no house remainders
  walk.set_cage_table(false);  // (cage-locked digits on)
  walk.set_house_remainders(false);
  vfast::Engine no_remainders;  // killer: the table, no house remainders, no cage-locked digits
  no_remainders.set_house_remainders(false);
  no_remainders.set_cage_locked(false);
  dlx::VariantDlx dlx;
  RandomRules source{t.variant, shape_of(t.n), t.refresh};
  int outcomes[3] = {0, 0, 0};  // none, unique, multiple
  int clashes = 0;
  for (int i = 0; i < t.puzzles; ++i) {
    Grid full;
    const Rules rules = source.next(rng, full);
    const Kind kind = i % 5 == 3 ? wrong_given : i % 5 == 4 ? clash : kept;
    const double density = std::uniform_real_distribution<double>(t.min_density, t.max_density)(rng);
    const Grid puzzle = make_puzzle(rules, full, density, kind, rng);
    const std::string where = std::string(variant_name(t.variant)) + " " + std::to_string(t.n) + " puzzle " +
                              std::to_string(i) + ": " + to_line(puzzle) +
                              (rules.variant == Variant::jigsaw ? " " + regions_string(rules) : "");
    std::uint64_t fast_count = 0, dlx_count = 0;
    const auto fast_set = listed(fast, rules, puzzle, t.limit, fast_count);
    const auto dlx_set = listed(dlx, rules, puzzle, t.limit, dlx_count);
    ASSERT_EQ(fast_count, dlx_count) << where;
    ASSERT_TRUE(fast.complete());
    if (i % 4 == 0) {  // a quarter of the puzzles, to keep the file's time down
      std::uint64_t plain_count = 0;
      const auto plain_set = listed(plain, rules, puzzle, t.limit, plain_count);
      ASSERT_EQ(plain_count, dlx_count) << "without locked candidates: " << where;
      if (plain_count < t.limit) {
        EXPECT_EQ(plain_set, dlx_set) << where;
      }
    }
    if (t.variant == Variant::killer && i % 4 == 2) {  // the other cage rules, a quarter each
      vfast::Engine& other = i % 8 == 2 ? walk : no_remainders;
      std::uint64_t other_count = 0;
      const auto other_set = listed(other, rules, puzzle, t.limit, other_count);
      ASSERT_EQ(other_count, dlx_count) << (i % 8 == 2 ? "walking combinations: " : "no remainders, no cage-locked: ") << where;
      if (other_count < t.limit) {
        EXPECT_EQ(other_set, dlx_set) << where;
      }
    }
    if (fast_count < t.limit) {
      EXPECT_EQ(fast_set, dlx_set) << where;
    }
    if (kind == kept) {
      EXPECT_GE(fast_count, 1u) << where;  // the full grid is a solution
      if (fast_count == 1) {
        EXPECT_EQ(*fast_set.begin(), key_of(full.cells.data(), full.cells.size())) << where;
      }
    }
    if (!find_clashes(rules, puzzle, 1).empty()) {
      EXPECT_EQ(fast_count, 0u) << where;
      ++clashes;
    }
    // Limits 1 and 2, with the first solution kept.
    for (std::uint64_t limit : {1u, 2u}) {
      std::vector<std::uint8_t> first(puzzle.cells.size());
      const std::uint64_t got = fast.solve(rules, puzzle.cells.data(), limit, first.data(), 1, nullptr);
      ASSERT_EQ(got, std::min(limit, fast_count)) << where;
      if (got > 0) {
        EXPECT_TRUE(dlx_set.count(key_of(first.data(), first.size())) || dlx_count >= t.limit) << where;
      }
    }
    if (t.brute_force) {
      oracle::Oracle o(rules);
      ASSERT_EQ(fast_count, o.count(puzzle, t.limit)) << where;
    }
    ++outcomes[std::min<std::uint64_t>(fast_count, 2)];
  }
  // The trial must have met every outcome, or it proves less than it claims.
  EXPECT_GT(outcomes[0], 0) << variant_name(t.variant) << " " << t.n;
  EXPECT_GT(outcomes[1], 0) << variant_name(t.variant) << " " << t.n;
  EXPECT_GT(outcomes[2], 0) << variant_name(t.variant) << " " << t.n;
  EXPECT_GT(clashes, 0) << variant_name(t.variant) << " " << t.n;
}

TEST(VariantFastDifferential, X4) { differential({Variant::x, 4, 2000, 0.0, 0.6, 500, true}, 101); }
TEST(VariantFastDifferential, X6) { differential({Variant::x, 6, 1500, 0.2, 0.7, 200, true}, 102); }
TEST(VariantFastDifferential, X9) { differential({Variant::x, 9, 2000, 0.3, 0.65, 50, false}, 103); }
TEST(VariantFastDifferential, X16) { differential({Variant::x, 16, 150, 0.55, 0.8, 20, false, 10}, 104); }
TEST(VariantFastDifferential, Hyper4) { differential({Variant::hyper, 4, 2000, 0.0, 0.6, 500, true}, 105); }
TEST(VariantFastDifferential, Hyper9) { differential({Variant::hyper, 9, 2000, 0.25, 0.6, 50, false}, 106); }
TEST(VariantFastDifferential, Jigsaw4) { differential({Variant::jigsaw, 4, 2000, 0.0, 0.6, 500, true, 5}, 107); }
TEST(VariantFastDifferential, Jigsaw6) { differential({Variant::jigsaw, 6, 1000, 0.2, 0.7, 200, true, 5}, 108); }
TEST(VariantFastDifferential, Jigsaw9) { differential({Variant::jigsaw, 9, 1000, 0.35, 0.65, 50, false, 10}, 109); }
TEST(VariantFastDifferential, Jigsaw16) { differential({Variant::jigsaw, 16, 40, 0.6, 0.8, 20, false, 20}, 110); }
TEST(VariantFastDifferential, Killer4) { differential({Variant::killer, 4, 2000, 0.0, 0.3, 500, true}, 111); }
TEST(VariantFastDifferential, Killer6) { differential({Variant::killer, 6, 1500, 0.0, 0.3, 200, true}, 112); }
TEST(VariantFastDifferential, Killer9) { differential({Variant::killer, 9, 1000, 0.0, 0.35, 50, false}, 113); }

// The Solver door: automatic (this engine) and dlx (VariantDlx) give the same answers.
TEST(VariantFastSolver, AutomaticAgreesWithDlxThroughTheDoor) {
  std::mt19937 rng(7);
  Solver automatic, dlx(EngineKind::dlx);
  for (Variant v : {Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer}) {
    RandomRules source{v, shape_of(9), 10};
    for (int i = 0; i < 100; ++i) {
      Grid full;
      const Rules rules = source.next(rng, full);
      const Grid puzzle = make_puzzle(rules, full, v == Variant::killer ? 0.1 : 0.4, kept, rng);
      const SolveResult a = automatic.solve(puzzle, rules, 2, 2);
      const SolveResult b = dlx.solve(puzzle, rules, 2, 2);
      ASSERT_EQ(a.count, b.count) << variant_name(v) << " " << to_line(puzzle);
      EXPECT_TRUE(a.complete);
      EXPECT_GE(a.stats.nodes, 1u);
      if (a.count == 1) {
        EXPECT_EQ(a.solutions, b.solutions);
      }
      std::uint64_t visited = 0;
      automatic.enumerate(puzzle, rules, [&](const Grid& g) { return ++visited, is_solution_of(rules, puzzle, g); }, 2);
      EXPECT_EQ(visited, a.count);
    }
  }
}

// VariantRemovalTester (the generators' removal test) against counting to 2 on VariantDlx:
// a dig in random order where every step asks both (one touched cell), then, on the dug
// unique puzzle, several givens taken away at once (several touched cells), and for killer
// two neighbouring cages merged (the merged cage's cells touched). Every "not unique"
// brings a solution of the puzzle that differs from the grid at a touched cell.
void removal_differential(Variant variant, int n, int puzzles, std::uint32_t seed) {
  std::mt19937 rng(seed);
  VariantRemovalTester tester;
  Solver dlx(EngineKind::dlx);
  RandomRules source{variant, shape_of(n), 5};
  int answers[2] = {0, 0};  // unique, not unique
  auto check = [&](const Grid& puzzle, const Rules& rules, const Grid& full, const std::vector<int>& touched,
                   const std::string& where) {
    Grid other;
    const auto got = tester.test(puzzle, rules, full, touched, {}, &other);
    const SolveResult truth = dlx.solve(puzzle, rules, 2, 0);
    EXPECT_NE(got, VariantRemovalTester::Answer::unknown) << where;
    EXPECT_EQ(got == VariantRemovalTester::Answer::unique, truth.count == 1) << where;
    if (got == VariantRemovalTester::Answer::not_unique) {
      std::string why;
      EXPECT_TRUE(is_solution_of(rules, puzzle, other, &why)) << why << " " << where;
      EXPECT_TRUE(std::any_of(touched.begin(), touched.end(), [&](int c) {
        return other.cells[static_cast<std::size_t>(c)] != full.cells[static_cast<std::size_t>(c)];
      })) << where;
    }
    ++answers[got == VariantRemovalTester::Answer::unique ? 0 : 1];
    return got == VariantRemovalTester::Answer::unique;
  };
  for (int i = 0; i < puzzles; ++i) {
    Grid full;
    const Rules rules = source.next(rng, full);
    const std::string name = std::string(variant_name(variant)) + " " + std::to_string(n) + " puzzle " + std::to_string(i);
    // Start from the grid, or (killer) from the cages alone when they are unique already.
    Grid puzzle = full;
    std::vector<int> order(full.cells.size());
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    for (int cell : order) {
      puzzle.cells[static_cast<std::size_t>(cell)] = 0;
      if (!check(puzzle, rules, full, {cell}, name + " dig " + to_line(puzzle)))
        puzzle.cells[static_cast<std::size_t>(cell)] = full.cells[static_cast<std::size_t>(cell)];
    }
    // Several givens of the unique dug puzzle at once.
    std::vector<int> givens;
    for (int cell : order)
      if (puzzle.cells[static_cast<std::size_t>(cell)] != 0) givens.push_back(cell);
    if (givens.size() >= 2) {
      Grid fewer = puzzle;
      const std::size_t k = 2 + rng() % std::min<std::size_t>(givens.size() - 1, 3);
      std::vector<int> touched(givens.begin(), givens.begin() + static_cast<std::ptrdiff_t>(k));
      for (int cell : touched) fewer.cells[static_cast<std::size_t>(cell)] = 0;
      check(fewer, rules, full, touched, name + " several " + to_line(fewer));
    }
    if (variant != Variant::killer) continue;
    // Two neighbouring cages merged where the union's digits are distinct in the grid.
    for (std::size_t a = 0; a < rules.cages.size(); ++a)
      for (std::size_t b = a + 1; b < rules.cages.size(); ++b) {
        const Cage& ca = rules.cages[a];
        const Cage& cb = rules.cages[b];
        bool next_to = false, distinct = true;
        for (int x : ca.cells)
          for (int y : cb.cells) {
            next_to = next_to || std::abs(x - y) == n || (std::abs(x - y) == 1 && x / n == y / n);
            distinct = distinct && full.cells[static_cast<std::size_t>(x)] != full.cells[static_cast<std::size_t>(y)];
          }
        if (!next_to || !distinct || rng() % 4 != 0) continue;
        std::vector<Cage> cages;
        for (std::size_t k = 0; k < rules.cages.size(); ++k)
          if (k != a && k != b) cages.push_back(rules.cages[k]);
        Cage merged{ca.sum + cb.sum, ca.cells};
        merged.cells.insert(merged.cells.end(), cb.cells.begin(), cb.cells.end());
        std::sort(merged.cells.begin(), merged.cells.end());
        cages.push_back(merged);
        std::string why;
        const auto merged_rules = make_killer_rules(rules.shape, cages, &why);
        ASSERT_TRUE(merged_rules) << why;
        check(puzzle, *merged_rules, full, merged.cells, name + " merged " + to_line(puzzle));
      }
  }
  EXPECT_GT(answers[0], 0) << variant_name(variant) << " " << n;
  EXPECT_GT(answers[1], 0) << variant_name(variant) << " " << n;
}

TEST(VariantRemovalTester, AgreesWithCountingToTwoX) {
  removal_differential(Variant::x, 4, 40, 201);
  removal_differential(Variant::x, 9, 12, 202);
}
TEST(VariantRemovalTester, AgreesWithCountingToTwoHyper) { removal_differential(Variant::hyper, 9, 12, 203); }
TEST(VariantRemovalTester, AgreesWithCountingToTwoJigsaw) {
  removal_differential(Variant::jigsaw, 6, 30, 204);
  removal_differential(Variant::jigsaw, 9, 12, 205);
}
TEST(VariantRemovalTester, AgreesWithCountingToTwoKiller) {
  removal_differential(Variant::killer, 4, 40, 206);
  removal_differential(Variant::killer, 6, 20, 207);
  removal_differential(Variant::killer, 9, 6, 208);
}

TEST(VariantRemovalTester, BudgetsAndShapes) {
  std::mt19937 rng(9);
  RandomRules source{Variant::x, shape_of(9), 1};
  Grid full;
  const Rules rules = source.next(rng, full);
  VariantRemovalTester tester;
  Grid empty(rules.shape);
  std::vector<int> all(81);
  std::iota(all.begin(), all.end(), 0);
  // An empty grid needs a guess: one node proves nothing, and finds nothing.
  EXPECT_EQ(tester.test(empty, rules, full, all, Budget::of_nodes(1)), VariantRemovalTester::Answer::unknown);
  EXPECT_EQ(tester.test(empty, rules, full, all), VariantRemovalTester::Answer::not_unique);
  EXPECT_EQ(tester.test(full, rules, full, all), VariantRemovalTester::Answer::unique);
  EXPECT_THROW(tester.test(Grid(shape_of(4)), rules, full, all), std::invalid_argument);
  const std::vector<int> outside{81};
  EXPECT_THROW(tester.test(empty, rules, full, outside), std::invalid_argument);
}

TEST(VariantFastEngine, TablesAreBuiltOncePerRuleSet) {
  std::mt19937 rng(3);
  vfast::Engine fast;
  dlx::VariantDlx dlx;
  // Ten jigsaw rule sets, more than the engine keeps, visited round and round: answers stay
  // right whichever tables are still cached.
  std::vector<Rules> rules;
  std::vector<Grid> fulls;
  RandomRules source{Variant::jigsaw, shape_of(9), 1};
  for (int i = 0; i < 10; ++i) {
    Grid full;
    rules.push_back(source.next(rng, full));
    fulls.push_back(full);
  }
  const Rules x = *make_rules(Variant::x, shape_of(9));
  Grid puzzle(shape_of(9));
  for (int i = 0; i < 5; ++i) fast.solve(x, puzzle.cells.data(), 2, nullptr, 0, nullptr);
  EXPECT_EQ(fast.tables_built(), 1u);
  for (int round = 0; round < 3; ++round)
    for (std::size_t k = 0; k < rules.size(); ++k) {
      const Grid p = make_puzzle(rules[k], fulls[k], 0.45, kept, rng);
      EXPECT_EQ(fast.solve(rules[k], p.cells.data(), 2, nullptr, 0, nullptr),
                dlx.solve(rules[k], p.cells.data(), 2, nullptr, 0, nullptr));
    }
  EXPECT_EQ(fast.tables_built(), 1u + 30u);  // ten rule sets cycled through eight slots: every one a miss
  // Two rule sets alternating stay cached.
  const std::uint64_t before = fast.tables_built();
  for (int i = 0; i < 10; ++i) fast.solve(rules[i % 2], puzzle.cells.data(), 1, nullptr, 0, nullptr);
  EXPECT_LE(fast.tables_built(), before + 2);
  // Equal rules made again (a new object, same content) hit the cache.
  const std::uint64_t again = fast.tables_built();
  const Rules x2 = *make_rules(Variant::x, shape_of(9));
  fast.solve(x2, puzzle.cells.data(), 1, nullptr, 0, nullptr);
  fast.solve(x2, puzzle.cells.data(), 1, nullptr, 0, nullptr);
  EXPECT_LE(fast.tables_built(), again + 1);
}

TEST(VariantFastEngine, BudgetsStopItAndVisitorsToo) {
  const Rules x = *make_rules(Variant::x, shape_of(9));
  const Grid empty(shape_of(9));
  vfast::Engine fast;
  for (std::uint64_t cap : {1u, 2u, 50u, 1000u}) {
    const Budget budget = Budget::of_nodes(cap);
    const BudgetMeter meter(budget);
    SearchStats stats;
    const std::uint64_t found = fast.solve(x, empty.cells.data(), 1'000'000, nullptr, 0, &stats, &meter);
    EXPECT_FALSE(fast.complete()) << cap;
    EXPECT_LE(stats.nodes, cap);
    EXPECT_LT(found, 1'000'000u);
  }
  // Time: a 16×16 empty X grid has far too many solutions to list in 30 ms.
  const Rules x16 = *make_rules(Variant::x, shape_of(16));
  const Grid empty16(shape_of(16));
  const BudgetMeter timed(Budget::of_time(std::chrono::milliseconds(30)));
  const auto start = std::chrono::steady_clock::now();
  fast.enumerate(x16, empty16.cells.data(), UINT64_MAX, [](const std::uint8_t*) { return true; }, nullptr, &timed);
  EXPECT_FALSE(fast.complete());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  // Unlimited again: complete, and a visitor returning false stops after one.
  std::uint64_t seen = 0;
  EXPECT_EQ(fast.enumerate(x, empty.cells.data(), 100, [&](const std::uint8_t*) { return ++seen < 3; }, nullptr), 3u);
  EXPECT_TRUE(fast.complete());
  EXPECT_EQ(fast.solve(x, empty.cells.data(), 100, nullptr, 0, nullptr), 100u);
  EXPECT_TRUE(fast.complete());
}

TEST(VariantFastEngine, KnownAnswers) {
  vfast::Engine fast;
  // 4×4 X Sudoku with no givens: 72 grids (the diagonal rule keeps 72 of the 288 Shidoku).
  const Rules x4 = *make_rules(Variant::x, shape_of(4));
  EXPECT_EQ(fast.solve(x4, Grid(shape_of(4)).cells.data(), 1000, nullptr, 0, nullptr),
            dlx::VariantDlx().solve(x4, Grid(shape_of(4)).cells.data(), 1000, nullptr, 0, nullptr));
  const Rules classic4 = *make_rules(Variant::classic, shape_of(4));
  EXPECT_EQ(fast.solve(classic4, Grid(shape_of(4)).cells.data(), 1000, nullptr, 0, nullptr), 288u);
  // A digit above N is a clash; limit 0 finds nothing.
  Grid bad(shape_of(4));
  bad.cells[0] = 5;
  EXPECT_EQ(fast.solve(x4, bad.cells.data(), 10, nullptr, 0, nullptr), 0u);
  EXPECT_EQ(fast.solve(x4, Grid(shape_of(4)).cells.data(), 0, nullptr, 0, nullptr), 0u);
  // A 4×4 killer whose cages force one grid: two-cell cages with sums of one combination.
  Grid full(shape_of(4));
  const std::string line = "1234341221434321";
  for (int cell = 0; cell < 16; ++cell) full.cells[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(line[static_cast<std::size_t>(cell)] - '0');
  std::vector<Cage> cages;
  for (int cell = 0; cell < 16; cell += 2) cages.push_back({full.cells[static_cast<std::size_t>(cell)] + full.cells[static_cast<std::size_t>(cell) + 1], {cell, cell + 1}});
  const Rules killer = *make_killer_rules(shape_of(4), cages);
  std::vector<std::uint8_t> out(16);
  const std::uint64_t count = fast.solve(killer, Grid(shape_of(4)).cells.data(), 100, out.data(), 1, nullptr);
  oracle::Oracle o(killer);
  EXPECT_EQ(count, o.count(Grid(shape_of(4)), 100));
  EXPECT_GE(count, 1u);
}

TEST(VariantFastEngine, MalformedRulesAreRefused) {
  vfast::Engine fast;
  Rules rules = *make_rules(Variant::x, shape_of(4));
  rules.houses.back().cells.pop_back();
  EXPECT_THROW(fast.solve(rules, Grid(shape_of(4)).cells.data(), 2, nullptr, 0, nullptr), std::invalid_argument);
  rules = *make_rules(Variant::x, shape_of(4));
  rules.houses.back().cells[0] = 99;
  EXPECT_THROW(fast.solve(rules, Grid(shape_of(4)).cells.data(), 2, nullptr, 0, nullptr), std::invalid_argument);
}

}  // namespace
}  // namespace sudokit

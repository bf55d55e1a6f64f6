// variant_bench: the variant engines on 9×9, VariantDlx (`--engine dlx`) against the fast
// variant engine (`auto`), both through the Solver door.
//
// What it measures, and why this way:
//  - Inputs are made here from --seed, the same on every machine: per variant a set of
//    rule sets (x, hyper: one; jigsaw: a random region map per puzzle, grown from the boxes
//    by random connected trades as the generator grows them; killer: random cages of 2-5 cells grown over a random classic grid)
//    and a full grid each (found by the fast engine from a few random givens, digits
//    relabelled).
//  - "dig": the generator's inner loop, the figure that bounds generation speed: every cell
//    in random order is emptied when the puzzle stays unique (counted to 2); one dig is
//    81 counts on one rule set. Killer digs start from the cages plus every given (the dig
//    removes givens while the cages keep the puzzle unique).
//  - "solve": counting to 2 on the dug (unique, minimal) puzzles, and for killer on the
//    cages alone with no givens (whatever their count).
//  - Each figure is the median of --reps repetitions, timed with the thread's CPU time so
//    other processes on a busy machine are not counted; the ratio is DLX time / fast time
//    from the same repetitions. Both engines must agree on every count (checked: the
//    benchmark aborts otherwise).
// Output: a markdown table on stdout; progress on stderr.
#include <time.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_removal.hpp"

using namespace sudokit;

namespace {

constexpr const char* kUsage = R"(usage: variant_bench [OPTIONS]
  --count N   puzzles per variant for the fast engine (default 400)
  --dlx N     puzzles per variant for DLX, the first N of the same set (default 40)
  --reps N    repetitions, median reported (default 3)
  --seed S    seed of the inputs (default 1)
  --variants L  comma-separated, of x, hyper, jigsaw, killer (default: all))";

double thread_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Case {
  Rules rules;
  Grid full;
  std::vector<int> order;  // the dig's cell order
  Grid start;              // what the dig starts from (the full grid)
  Grid dug;                // filled by the fast engine's dig
  std::vector<std::vector<int>> peers;  // per cell: the other cells of its houses and cage
};

std::vector<std::vector<int>> peers_of(const Rules& rules) {
  const int nn = rules.shape.cells();
  std::vector<std::vector<int>> peers(static_cast<std::size_t>(nn));
  auto add_group = [&](const std::vector<int>& cells) {
    for (int a : cells)
      for (int b : cells)
        if (a != b) peers[static_cast<std::size_t>(a)].push_back(b);
  };
  for (const House& h : rules.houses) add_group(h.cells);
  for (const Cage& k : rules.cages) add_group(k.cells);
  for (auto& p : peers) {
    std::sort(p.begin(), p.end());
    p.erase(std::unique(p.begin(), p.end()), p.end());
  }
  return peers;
}

// Random connected cages of 2..5 cells over `full`, distinct digits in each; a cell left
// alone joins a neighbouring cage with room when it can, else stays a cage of one.
std::vector<Cage> random_cages(const Grid& full, std::mt19937& rng) {
  const int n = full.shape.n, nn = n * n;
  std::vector<int> owner(static_cast<std::size_t>(nn), -1);
  std::vector<Cage> cages;
  std::vector<int> order(static_cast<std::size_t>(nn));
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  for (int start : order) {
    if (owner[static_cast<std::size_t>(start)] != -1) continue;
    const int want = 2 + static_cast<int>(rng() % 4);
    Cage cage;
    std::uint64_t used = 0;
    auto take = [&](int cell) {
      owner[static_cast<std::size_t>(cell)] = static_cast<int>(cages.size());
      used |= std::uint64_t{1} << full.cells[static_cast<std::size_t>(cell)];
      cage.cells.push_back(cell);
    };
    take(start);
    while (static_cast<int>(cage.cells.size()) < want) {
      std::vector<int> frontier;
      for (int cell : cage.cells) {
        const int r = cell / n, c = cell % n;
        for (int x : {r > 0 ? cell - n : -1, r + 1 < n ? cell + n : -1, c > 0 ? cell - 1 : -1, c + 1 < n ? cell + 1 : -1})
          if (x >= 0 && owner[static_cast<std::size_t>(x)] == -1 &&
              !(used >> full.cells[static_cast<std::size_t>(x)] & 1))
            frontier.push_back(x);
      }
      if (frontier.empty()) break;
      take(frontier[rng() % frontier.size()]);
    }
    for (int cell : cage.cells) cage.sum += full.cells[static_cast<std::size_t>(cell)];
    cages.push_back(std::move(cage));
  }
  return cages;
}

// A random region map: the boxes, then random trades (a cell of A next to B joins B while a
// cell of B next to A joins A), each kept when both regions stay connected.
std::string random_regions(int n, std::mt19937& rng) {
  const Shape shape = *default_shape(n);
  const int nn = n * n;
  std::vector<int> region(static_cast<std::size_t>(nn));
  for (int cell = 0; cell < nn; ++cell) region[static_cast<std::size_t>(cell)] = shape.box_of(cell);
  auto neighbours = [n](int cell) {
    std::vector<int> out;
    const int r = cell / n, c = cell % n;
    if (r > 0) out.push_back(cell - n);
    if (r + 1 < n) out.push_back(cell + n);
    if (c > 0) out.push_back(cell - 1);
    if (c + 1 < n) out.push_back(cell + 1);
    return out;
  };
  auto connected = [&](int g) {
    std::vector<int> stack;
    std::vector<char> seen(static_cast<std::size_t>(nn), 0);
    int size = 0;
    for (int cell = 0; cell < nn; ++cell)
      if (region[static_cast<std::size_t>(cell)] == g) {
        if (stack.empty()) {
          stack.push_back(cell);
          seen[static_cast<std::size_t>(cell)] = 1;
        }
        ++size;
      }
    int reached = 0;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      ++reached;
      for (int x : neighbours(cell))
        if (!seen[static_cast<std::size_t>(x)] && region[static_cast<std::size_t>(x)] == g) {
          seen[static_cast<std::size_t>(x)] = 1;
          stack.push_back(x);
        }
    }
    return reached == size;
  };
  for (int step = 0; step < 20 * nn; ++step) {
    const int x = static_cast<int>(rng() % static_cast<unsigned>(nn));
    const int a = region[static_cast<std::size_t>(x)];
    std::vector<int> others;
    for (int y : neighbours(x))
      if (region[static_cast<std::size_t>(y)] != a) others.push_back(y);
    if (others.empty()) continue;
    const int b = region[static_cast<std::size_t>(others[rng() % others.size()])];
    std::vector<int> candidates;
    for (int z = 0; z < nn; ++z) {
      if (region[static_cast<std::size_t>(z)] != b) continue;
      for (int w : neighbours(z))
        if (region[static_cast<std::size_t>(w)] == a && w != x) {
          candidates.push_back(z);
          break;
        }
    }
    if (candidates.empty()) continue;
    const int z = candidates[rng() % candidates.size()];
    region[static_cast<std::size_t>(x)] = b;
    region[static_cast<std::size_t>(z)] = a;
    if (!connected(a) || !connected(b)) {
      region[static_cast<std::size_t>(x)] = a;
      region[static_cast<std::size_t>(z)] = b;
    }
  }
  std::string out;
  for (int g : region) out.push_back(static_cast<char>('1' + g));
  return out;
}

std::vector<Case> make_cases(Variant variant, int count, std::mt19937& rng, Solver& fast) {
  const Shape shape{9, 3, 3};
  std::vector<Case> cases;
  while (static_cast<int>(cases.size()) < count) {
    Case c;
    const Variant base = variant == Variant::killer ? Variant::classic : variant;
    std::optional<Rules> rules = base == Variant::jigsaw ? make_jigsaw_rules(shape, random_regions(9, rng))
                                                         : make_rules(base, shape);
    Grid start(shape);
    for (int i = 0; i < 5; ++i) {
      const auto cell = rng() % 81;
      start.cells[cell] = static_cast<std::uint8_t>(1 + rng() % 9);
      if (!find_clashes(*rules, start, 1).empty()) start.cells[cell] = 0;
    }
    const SolveResult r = fast.solve(start, *rules, 1, 1, Budget::of_nodes(100000));
    if (r.count == 0) continue;
    c.full = r.solutions[0];
    std::vector<int> digits(9);
    std::iota(digits.begin(), digits.end(), 1);
    std::shuffle(digits.begin(), digits.end(), rng);
    for (auto& d : c.full.cells) d = static_cast<std::uint8_t>(digits[static_cast<std::size_t>(d) - 1]);
    c.rules = variant == Variant::killer ? *make_killer_rules(shape, random_cages(c.full, rng)) : *rules;
    c.order.resize(81);
    std::iota(c.order.begin(), c.order.end(), 0);
    std::shuffle(c.order.begin(), c.order.end(), rng);
    c.start = c.full;
    c.peers = peers_of(c.rules);
    cases.push_back(std::move(c));
  }
  return cases;
}

// The dig: returns the number of counts made; the dug puzzle goes to `out`.
// With `skip_forced`, a cell whose digit is the only one its peers' givens leave is emptied
// without a count: the reduced puzzle forces it back, so it stays unique (same dig, fewer counts).
int dig(Solver& solver, const Case& c, Grid& out, SearchStats& stats, bool skip_forced = false) {
  out = c.start;
  int counts = 0;
  for (int cell : c.order) {
    const std::uint8_t clue = out.cells[static_cast<std::size_t>(cell)];
    out.cells[static_cast<std::size_t>(cell)] = 0;
    if (skip_forced) {
      std::uint64_t seen = 0;
      for (int p : c.peers[static_cast<std::size_t>(cell)]) seen |= std::uint64_t{1} << out.cells[static_cast<std::size_t>(p)];
      if (std::popcount(seen >> 1) == c.rules.shape.n - 1) continue;  // every other digit is taken
    }
    ++counts;
    const SolveResult r = solver.solve(out, c.rules, 2, 0);
    stats += r.stats;
    if (r.count != 1) out.cells[static_cast<std::size_t>(cell)] = clue;
  }
  return counts;
}

// The same dig through VariantRemovalTester (the generator's test under `automatic`): is
// there a solution other than the full grid that differs at the emptied cell?
int dig_removal(VariantRemovalTester& tester, const Case& c, Grid& out, SearchStats& stats) {
  out = c.start;
  int tests = 0;
  for (int cell : c.order) {
    const std::uint8_t clue = out.cells[static_cast<std::size_t>(cell)];
    out.cells[static_cast<std::size_t>(cell)] = 0;
    ++tests;
    if (tester.test(out, c.rules, c.full, {&cell, 1}, {}, nullptr, &stats) != VariantRemovalTester::Answer::unique)
      out.cells[static_cast<std::size_t>(cell)] = clue;
  }
  return tests;
}

struct Figures {
  double dig_seconds = 0, solve_seconds = 0, solve_empty_seconds = 0;
  int digs = 0, solves = 0;
  double clues = 0;
  SearchStats stats;
};

}  // namespace

int main(int argc, char** argv) {
  int count = 400, dlx_count = 40, reps = 3;
  unsigned seed = 1;
  std::string variants = "x,hyper,jigsaw,killer";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "%s\n", kUsage);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--count") count = std::atoi(next());
    else if (a == "--dlx") dlx_count = std::atoi(next());
    else if (a == "--reps") reps = std::atoi(next());
    else if (a == "--seed") seed = static_cast<unsigned>(std::atoi(next()));
    else if (a == "--variants") variants = "," + std::string(next()) + ",";
    else {
      std::fprintf(stderr, "%s\n", kUsage);
      return a == "--help" ? 0 : 2;
    }
  }
  dlx_count = std::min(dlx_count, count);
  fmt::print("| variant | engine | dig: puzzles/s | dig: µs/count | solve unique (count to 2): puzzles/s | "
             "killer, cages only: puzzles/s | mean clues | dig: nodes/count | dlx / fast (dig) |\n");
  fmt::print("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
  for (Variant variant : {Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer}) {
    if (variants.find(std::string(variant_name(variant))) == std::string::npos) continue;
    std::mt19937 rng(seed);
    Solver fast_solver, dlx_solver(EngineKind::dlx);
    std::vector<Case> cases = make_cases(variant, count, rng, fast_solver);
    std::fprintf(stderr, "%s: %d cases\n", std::string(variant_name(variant)).c_str(), count);
    double fast_dig = 0, dlx_dig = 0;
    for (int e = 0; e < 2; ++e) {
      const bool is_fast = e == 0;
      Solver& solver = is_fast ? fast_solver : dlx_solver;
      const int used = is_fast ? count : dlx_count;
      std::vector<double> dig_t, solve_t, empty_t;
      Figures f;
      for (int rep = 0; rep < reps; ++rep) {
        f = Figures{};
        double t0 = thread_seconds();
        for (int i = 0; i < used; ++i) {
          Grid out;
          f.digs += dig(solver, cases[static_cast<std::size_t>(i)], out, f.stats);
          if (is_fast) cases[static_cast<std::size_t>(i)].dug = out;
          else if (out != cases[static_cast<std::size_t>(i)].dug) {
            std::fprintf(stderr, "engines disagree on a dig (%s, case %d)\n", std::string(variant_name(variant)).c_str(), i);
            return 1;
          }
          f.clues += static_cast<double>(std::count_if(out.cells.begin(), out.cells.end(), [](auto d) { return d != 0; }));
        }
        dig_t.push_back(thread_seconds() - t0);
        t0 = thread_seconds();
        for (int i = 0; i < used; ++i)
          if (solver.solve(cases[static_cast<std::size_t>(i)].dug, cases[static_cast<std::size_t>(i)].rules, 2, 1).count != 1) {
            std::fprintf(stderr, "a dug puzzle is not unique\n");
            return 1;
          }
        solve_t.push_back(thread_seconds() - t0);
        if (variant == Variant::killer) {
          t0 = thread_seconds();
          for (int i = 0; i < used; ++i) solver.solve(Grid(cases[static_cast<std::size_t>(i)].full.shape), cases[static_cast<std::size_t>(i)].rules, 2, 1);
          empty_t.push_back(thread_seconds() - t0);
        }
      }
      const double dig_s = median(dig_t), solve_s = median(solve_t);
      (is_fast ? fast_dig : dlx_dig) = dig_s / used;
      const std::string empty = variant == Variant::killer ? fmt::format("{:.0f}", used / median(empty_t)) : "—";
      const std::string ratio = is_fast ? "" : fmt::format("{:.1f}×", dlx_dig / fast_dig);
      fmt::print("| {} | {} | {:.0f} | {:.1f} | {:.0f} | {} | {:.1f} | {:.1f} | {} |\n", variant_name(variant),
                 is_fast ? "fast (auto)" : "dlx", used / dig_s, dig_s / f.digs * 1e6, used / solve_s, empty,
                 f.clues / used, static_cast<double>(f.stats.nodes) / f.digs, ratio);
      std::fflush(stdout);
      if (!is_fast) continue;
      // The same dig, skipping the counts of forced cells (a generator-side saving).
      std::vector<double> skip_t;
      int skip_counts = 0;
      for (int rep = 0; rep < reps; ++rep) {
        skip_counts = 0;
        SearchStats stats;
        const double t0 = thread_seconds();
        for (int i = 0; i < used; ++i) {
          Grid out;
          skip_counts += dig(solver, cases[static_cast<std::size_t>(i)], out, stats, true);
          if (out != cases[static_cast<std::size_t>(i)].dug) {
            std::fprintf(stderr, "skipping forced cells changed a dig (%s, case %d)\n", std::string(variant_name(variant)).c_str(), i);
            return 1;
          }
        }
        skip_t.push_back(thread_seconds() - t0);
      }
      fmt::print("| {} | fast (auto), forced cells not counted | {:.0f} | {:.1f} ({:.1f} counts/dig) | | | | | |\n",
                 variant_name(variant), used / median(skip_t), median(skip_t) / skip_counts * 1e6,
                 static_cast<double>(skip_counts) / used);
      std::fflush(stdout);
      // The same dig with the removal test instead of counting to 2.
      std::vector<double> removal_t;
      int removal_tests = 0;
      SearchStats removal_stats;
      VariantRemovalTester tester;
      for (int rep = 0; rep < reps; ++rep) {
        removal_tests = 0;
        removal_stats = SearchStats{};
        const double t0 = thread_seconds();
        for (int i = 0; i < used; ++i) {
          Grid out;
          removal_tests += dig_removal(tester, cases[static_cast<std::size_t>(i)], out, removal_stats);
          if (out != cases[static_cast<std::size_t>(i)].dug) {
            std::fprintf(stderr, "the removal test changed a dig (%s, case %d)\n", std::string(variant_name(variant)).c_str(), i);
            return 1;
          }
        }
        removal_t.push_back(thread_seconds() - t0);
      }
      fmt::print("| {} | fast (auto), removal test (VariantRemovalTester) | {:.0f} | {:.1f} | | | | {:.1f} | |\n",
                 variant_name(variant), used / median(removal_t), median(removal_t) / removal_tests * 1e6,
                 static_cast<double>(removal_stats.nodes) / removal_tests);
      std::fflush(stdout);
    }
  }
  return 0;
}

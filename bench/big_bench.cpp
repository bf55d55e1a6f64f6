// big_bench: the large-grid targets of issue 13, and the measurements behind the SAT engine's
// choices (the automatic engine's cut-over size, the at-most-one encoding).
//
// Usage: big_bench [CASE...] [--count K] [--seed S] [--engine E]; with no CASE every case
// runs; --engine E runs the minimal cases with that engine only.
//   seed       the 25×25 puzzle of `generate --size 25 --puzzle-seed 16171810823986729605`
//              (45 s on DLX when the issue was filed): solve to 2 with sat, and with DLX under
//              a 60 s budget
//   solve25    K generated 25×25 puzzles (default config, run seed S): solve each to 2 with
//              sat; median and max
//   cutover    generated 16×16 and 20×20 puzzles solved by dlx and sat: which is faster
//   amo        at-most-one encodings (pairwise up to 1 / 6 / 25 literals) on the solve25 set
//   minimal25  K minimal 25×25 generations (exact removal tests: SAT RemovalTester); median, max
//   minimal16  K minimal 16×16 generations: own search (automatic) and SAT; median
//   minimal20  K minimal 20×20 generations (automatic: SAT removal tests); a quicker proxy
//              for minimal25 when trying a change to the SAT-tested sizes
//   gen36      one 36×36 generated, then verified (unique) by the Verifier
//   empty      empty 36×36, 49×49 and 64×64 filled (solve, limit 1) by sat
// Times are the thread's CPU time (clock_gettime THREAD_CPUTIME), so other processes on a
// busy machine are not counted; medians are over the K puzzles. Output: markdown lines.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sat.hpp"
#include "sudokit/generator.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/verifier.hpp"

using namespace sudokit;

namespace {

double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

template <class F>
double timed(F&& f) {
  const double start = cpu_seconds();
  f();
  return cpu_seconds() - start;
}

struct Summary {
  double median = 0, max = 0, total = 0;
};
Summary summarise(std::vector<double> v) {
  Summary s;
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  s.median = v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  s.max = v.back();
  for (double x : v) s.total += x;
  return s;
}

GeneratorConfig config_of(int n, bool minimal, std::uint64_t seed) {
  GeneratorConfig c;
  c.shape = *default_shape(n);
  c.minimal = minimal;
  c.seed = seed;
  return c;
}

std::vector<Grid> generated(int n, int count, std::uint64_t seed) {
  Generator generator;
  std::vector<Grid> puzzles;
  const auto config = config_of(n, false, seed);
  for (int i = 0; i < count; ++i) {
    std::fprintf(stderr, "\rgenerating %dx%d %d/%d", n, n, i + 1, count);
    puzzles.push_back(generator.generate(config, static_cast<std::uint64_t>(i)).puzzle);
  }
  std::fprintf(stderr, "\n");
  return puzzles;
}

void case_seed() {
  Generator generator;
  const auto p = generator.generate_from_seed(config_of(25, false, 0), 16171810823986729605ull);
  fmt::print("## seed: 25x25 puzzle seed 16171810823986729605 ({} clues)\n", p.clues);
  Solver sat(EngineKind::sat), dlx(EngineKind::dlx), automatic;
  SolveResult r;
  double t = timed([&] { r = sat.solve(p.puzzle, 2, 1); });
  fmt::print("- sat: {:.3f} s, count {}, {} conflicts\n", t, r.count, r.stats.nodes);
  t = timed([&] { r = automatic.solve(p.puzzle, 2, 1); });
  fmt::print("- auto ({}): {:.3f} s, count {}\n", engine_name(automatic.engine_for(p.puzzle.shape)), t, r.count);
  t = timed([&] { r = dlx.solve(p.puzzle, 2, 1, Budget::of_time(std::chrono::seconds(60))); });
  fmt::print("- dlx (60 s budget): {:.3f} s, count {}, complete {}, {} rows\n", t, r.count, r.complete, r.stats.nodes);
}

void case_solve25(int count, std::uint64_t seed) {
  const auto puzzles = generated(25, count, seed);
  Solver sat(EngineKind::sat);
  std::vector<double> times;
  int unique = 0;
  for (const Grid& p : puzzles) {
    SolveResult r;
    times.push_back(timed([&] { r = sat.solve(p, 2, 1); }));
    unique += r.count == 1;
  }
  const Summary s = summarise(times);
  fmt::print("## solve25: {} generated 25x25 puzzles (seed {}), sat, limit 2\n", count, seed);
  fmt::print("- median {:.3f} s, max {:.3f} s, total {:.2f} s; unique {}/{}\n", s.median, s.max, s.total, unique, count);
}

void case_cutover(int count, std::uint64_t seed) {
  fmt::print("## cutover: dlx vs sat, solve to 2, generated puzzles\n");
  for (int n : {16, 20}) {
    const auto puzzles = generated(n, count, seed);
    for (EngineKind kind : {EngineKind::dlx, EngineKind::sat}) {
      Solver solver(kind);
      std::vector<double> times;
      int incomplete = 0;
      for (const Grid& p : puzzles) {
        SolveResult r;
        times.push_back(timed([&] { r = solver.solve(p, 2, 1, Budget::of_time(std::chrono::seconds(20))); }));
        incomplete += !r.complete;
      }
      const Summary s = summarise(times);
      fmt::print("- {}x{} {}: median {:.4f} s, max {:.3f} s, total {:.2f} s{}\n", n, n, engine_name(kind), s.median,
                 s.max, s.total, incomplete ? fmt::format(" ({} stopped at 20 s)", incomplete) : "");
    }
  }
}

void case_amo(int count, std::uint64_t seed) {
  const auto puzzles = generated(25, count, seed);
  fmt::print("## amo: at-most-one encoding, {} 25x25 puzzles, solve to 2\n", count);
  for (int pairwise : {1, 4, 6, 10, 25}) {
    sat::SudokuSat engine(*default_shape(25));
    engine.pairwise_up_to = pairwise;
    std::vector<double> times;
    std::vector<std::uint8_t> out(625);
    for (const Grid& p : puzzles) times.push_back(timed([&] { engine.solve(p.cells.data(), 2, out.data(), 1, nullptr); }));
    const Summary s = summarise(times);
    fmt::print("- pairwise up to {:2}: median {:.4f} s, max {:.3f} s, total {:.2f} s\n", pairwise, s.median, s.max,
               s.total);
  }
}

void case_minimal(int n, int count, std::uint64_t seed, const std::vector<EngineKind>& engines) {
  fmt::print("## minimal{}: {} minimal {}x{} generations (seed {})\n", n, count, n, n, seed);
  std::vector<std::string> firsts;
  for (EngineKind kind : engines) {
    auto config = config_of(n, true, seed);
    config.engine = kind;
    Generator generator;
    std::vector<double> times;
    int minimal = 0, clues = 0;
    std::string puzzles;
    for (int i = 0; i < count; ++i) {
      std::fprintf(stderr, "\r%s %d/%d", std::string(engine_name(kind)).c_str(), i + 1, count);
      GeneratedPuzzle p;
      times.push_back(timed([&] { p = generator.generate(config, static_cast<std::uint64_t>(i)); }));
      std::fprintf(stderr, " %.2f s (%d clues)\n", times.back(), p.clues);
      minimal += p.minimal;
      clues += p.clues;
      puzzles += to_line(p.puzzle) + "\n";
    }
    std::fprintf(stderr, "\n");
    firsts.push_back(puzzles);
    const Summary s = summarise(times);
    fmt::print("- engine {}: median {:.3f} s, max {:.3f} s, total {:.2f} s; mean clues {:.1f}; proved minimal {}/{}\n",
               engine_name(kind), s.median, s.max, s.total, static_cast<double>(clues) / count, minimal, count);
  }
  if (firsts.size() > 1)
    fmt::print("- same puzzles from every engine: {}\n",
               std::all_of(firsts.begin(), firsts.end(), [&](const std::string& x) { return x == firsts[0]; }) ? "yes"
                                                                                                            : "NO");
}

void case_gen36(std::uint64_t seed) {
  Generator generator;
  GeneratedPuzzle p;
  const double t = timed([&] { p = generator.generate(config_of(36, false, seed), 0); });
  Verifier verifier;
  Verification v;
  const double tv = timed([&] { v = verifier.verify(p.puzzle); });
  fmt::print("## gen36: 36x36 generated in {:.2f} s ({} clues, ok {}); verified {} in {:.3f} s\n", t, p.clues, p.ok,
             verdict_name(v.verdict), tv);
}

void case_empty() {
  fmt::print("## empty: empty grids filled (solve, limit 1) by sat\n");
  for (int n : {36, 49, 64}) {
    Solver sat(EngineKind::sat);
    const Grid empty(*default_shape(n));
    SolveResult r;
    const double t = timed([&] { r = sat.solve(empty, 1, 1); });
    std::string why;
    const bool valid = r.count == 1 && is_solution_of(empty, r.solutions[0], &why);
    fmt::print("- {}x{}: {:.2f} s, valid {}\n", n, n, t, valid);
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::set<std::string> cases;
  int count = 20;
  std::uint64_t seed = 1;
  std::optional<EngineKind> only;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--count" && i + 1 < argc) count = std::atoi(argv[++i]);
    else if (arg == "--seed" && i + 1 < argc) seed = std::strtoull(argv[++i], nullptr, 10);
    else if (arg == "--engine" && i + 1 < argc) only = parse_engine(argv[++i]);
    else cases.insert(arg);
  }
  auto wants = [&](const char* name) { return cases.empty() || cases.count(name) > 0; };
  if (wants("seed")) case_seed();
  if (wants("solve25")) case_solve25(count, seed);
  if (wants("cutover")) case_cutover(count, seed);
  if (wants("amo")) case_amo(count, seed);
  auto engines = [&](std::vector<EngineKind> list) { return only ? std::vector<EngineKind>{*only} : list; };
  if (wants("minimal16")) case_minimal(16, count, seed, engines({EngineKind::automatic, EngineKind::sat}));
  if (wants("minimal20")) case_minimal(20, count, seed, engines({EngineKind::automatic}));
  if (wants("minimal25")) case_minimal(25, count, seed, engines({EngineKind::automatic}));
  if (wants("gen36")) case_gen36(seed);
  if (wants("empty")) case_empty();
  std::fflush(stdout);
  return 0;
}

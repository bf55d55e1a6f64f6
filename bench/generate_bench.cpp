// generate_bench: puzzles per second per core for `sudokit generate`'s library, and the
// speed-up of the program itself on 2 threads.
//
// What it measures, and why this way:
//  - Library figures: Generator::generate on one thread, for each case (size, symmetry,
//    default or --minimal), over --count puzzles (indices 0.., seed --seed), timed with the
//    thread's CPU time so other processes on a busy machine are not counted. Each figure is
//    the median of --reps repetitions; puzzles/s = count / median time. For slow sizes
//    (16×16, 25×25) the per-puzzle median and maximum are reported too, since a few puzzles
//    dominate the mean.
//  - Mean clue counts are printed beside the speed: they are the same on every machine, so
//    they show when a change alters what is generated rather than how fast; so is the
//    share of puzzles proved minimal clue by clue.
//  - Difficulty cases (9-easy .. 9-extreme, 12-hard, 16-hard) make puzzles with a level target: puzzles/s is
//    what a user gets, and "candidates/puzzle" (also machine-independent) is the inverse of
//    the acceptance rate.
//  - 25-none-min (exact removal tests on 25x25) does not finish (see generator.hpp) and runs
//    only when named, with --count giving the puzzles and a per-puzzle time cap noted.
//  - The thread speed-up runs the `sudokit generate` program (wall clock, since using more
//    cores is the point) with --threads 1 and --threads 2 on the same request, and checks
//    that both outputs are byte-identical.
// Output: a markdown table on stdout; progress on stderr.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sudokit/generator.hpp"

using namespace sudokit;

namespace {

constexpr const char* kUsage = R"(usage: generate_bench [OPTIONS]
  --cases LIST   comma-separated cases (default: all but 25-none-min): 9-quick, 9-none (the default,
                 full removal), 9-rot180, 9-rot180-quick, 9-none-min, 4-none-min, 6-none-min,
                 12-none-min, 16-none-min, 25-quick, 25-none (budgeted tests), 25-none-min (exact),
                 9-easy, 9-medium, 9-hard, 9-expert, 9-extreme, 12-hard, 16-hard (difficulty targets)
  --count N      puzzles per repetition for 9x9 (default 2000; bigger sizes use fewer)
  --reps N       repetitions, median reported (default 3)
  --seed S       run seed (default 1)
  --engine E     engine of the exact removal tests: auto (default), dlx or fast (9x9 cases only)
  --no-program   skip the 2-thread speed-up of the sudokit program)";

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
  std::string name;
  int n;
  Symmetry symmetry;
  Removal removal;
  bool minimal;
  int count_divisor;  // bigger grids and rare levels: fewer puzzles
  std::optional<Level> level = std::nullopt;
  bool only_when_named = false;
};

std::vector<Case> all_cases() {
  const auto full = Removal::full, quick = Removal::quick;
  return {{"9-quick", 9, Symmetry::none, quick, false, 1},
          {"9-none", 9, Symmetry::none, full, false, 1},
          {"9-rot180", 9, Symmetry::rot180, full, false, 1},
          {"9-rot180-quick", 9, Symmetry::rot180, quick, false, 1},
          {"9-none-min", 9, Symmetry::none, full, true, 1},
          {"4-none-min", 4, Symmetry::none, full, true, 1},
          {"6-none-min", 6, Symmetry::none, full, true, 1},
          {"12-none-min", 12, Symmetry::none, full, true, 50},
          {"16-none-min", 16, Symmetry::none, full, true, 200},
          {"25-quick", 25, Symmetry::none, quick, false, 400},
          {"25-none", 25, Symmetry::none, full, false, 400},
          {"25-none-min", 25, Symmetry::none, full, true, 2000, std::nullopt, true},
          {"9-easy", 9, Symmetry::none, full, false, 4, Level::easy},
          {"9-medium", 9, Symmetry::none, full, false, 4, Level::medium},
          {"9-hard", 9, Symmetry::none, full, false, 4, Level::hard},
          {"9-expert", 9, Symmetry::none, full, false, 4, Level::expert},
          {"9-extreme", 9, Symmetry::none, full, false, 20, Level::extreme},
          // Minimal puzzles of these sizes are nearly all extreme: the hard ones come from
          // candidates that get clues back (sudokit/generator.hpp, step 6).
          {"12-hard", 12, Symmetry::none, full, false, 50, Level::hard},
          {"16-hard", 16, Symmetry::none, full, false, 200, Level::hard}};
}

double wall_run(const std::string& command) {
  const auto start = std::chrono::steady_clock::now();
  if (std::system(command.c_str()) != 0) {
    fmt::print(stderr, "failed: {}\n", command);
    std::exit(1);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> wanted;
  int count = 2000, reps = 3;
  std::uint64_t seed = 1;
  EngineKind engine = EngineKind::automatic;
  bool program = true;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        fmt::print(stderr, "{} needs a value\n{}\n", arg, kUsage);
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--cases") {
      std::string list = value();
      for (std::size_t start = 0; start <= list.size();) {
        std::size_t end = list.find(',', start);
        if (end == std::string::npos) end = list.size();
        wanted.push_back(list.substr(start, end - start));
        start = end + 1;
      }
    } else if (arg == "--count") {
      count = std::atoi(value().c_str());
    } else if (arg == "--reps") {
      reps = std::atoi(value().c_str());
    } else if (arg == "--seed") {
      seed = std::strtoull(value().c_str(), nullptr, 10);
    } else if (arg == "--engine") {
      const auto kind = parse_engine(value());
      if (!kind) {
        fmt::print(stderr, "unknown --engine\n{}\n", kUsage);
        return 2;
      }
      engine = *kind;
    } else if (arg == "--no-program") {
      program = false;
    } else {
      fmt::print(stderr, "{}\n", kUsage);
      return arg == "--help" ? 0 : 2;
    }
  }

  fmt::print("| case | puzzles | puzzles/s/core | median ms/puzzle | max ms/puzzle | mean clues | proved minimal "
             "| candidates/puzzle |\n");
  fmt::print("|---|---:|---:|---:|---:|---:|---:|---:|\n");
  for (const Case& c : all_cases()) {
    const bool named = std::find(wanted.begin(), wanted.end(), c.name) != wanted.end();
    if (wanted.empty() ? c.only_when_named : !named) continue;
    GeneratorConfig config;
    config.shape = *default_shape(c.n);
    config.symmetry = c.symmetry;
    config.removal = c.removal;
    config.minimal = c.minimal;
    config.level = c.level;
    config.seed = seed;
    config.engine = engine;
    if (auto why = impossible_request(config)) {
      fmt::print(stderr, "{}: skipped: {}\n", c.name, *why);
      continue;
    }
    const int puzzles = std::max(3, count / c.count_divisor);
    Generator generator;
    std::vector<double> totals, per_puzzle;
    double clues = 0, minimal = 0, candidates = 0;
    for (int rep = 0; rep < reps; ++rep) {
      const double start = thread_seconds();
      for (int i = 0; i < puzzles; ++i) {
        const double t0 = thread_seconds();
        const auto result = generator.generate(config, static_cast<std::uint64_t>(i));
        per_puzzle.push_back(thread_seconds() - t0);
        if (rep == 0) clues += result.clues, minimal += result.minimal, candidates += result.candidates;
      }
      totals.push_back(thread_seconds() - start);
      fmt::print(stderr, "{} rep {}: {:.3f} s\n", c.name, rep + 1, totals.back());
    }
    fmt::print("| {} | {} | {:.1f} | {:.3f} | {:.3f} | {:.1f} | {:.0f}% | {:.2f} |\n", c.name, puzzles,
               puzzles / median(totals), 1e3 * median(per_puzzle),
               1e3 * *std::max_element(per_puzzle.begin(), per_puzzle.end()), clues / puzzles, 100 * minimal / puzzles,
               candidates / puzzles);
    std::fflush(stdout);
  }

  if (program) {
    const std::string base = fmt::format("{} generate --minimal --count {} --seed {} ", SUDOKIT_BINARY, 4 * count, seed);
    const std::string one = "/tmp/generate_bench_t1.txt", two = "/tmp/generate_bench_t2.txt";
    std::vector<double> t1, t2;
    for (int rep = 0; rep < reps; ++rep) {
      t1.push_back(wall_run(base + "--threads 1 > " + one));
      t2.push_back(wall_run(base + "--threads 2 > " + two));
    }
    const bool same = wall_run("cmp -s " + one + " " + two) >= 0;  // exits on difference
    fmt::print("\n`sudokit generate --minimal --count {}`: 1 thread {:.3f} s, 2 threads {:.3f} s, speed-up {:.2f}x{}\n",
               4 * count, median(t1), median(t2), median(t1) / median(t2), same ? " (outputs identical)" : "");
  }
  return 0;
}

// tdoku_kernel.cpp: the fast engine's kernel against tdoku's, in one process, on the same puzzles.
//
// Why this beside tdoku_compare.sh (whole processes): to change the engine one needs the
// engine's own figure, without the program's reading, writing and start-up, and with the two
// solvers run close together in time, since this machine's speed drifts by 20% from minute to
// minute. Each repetition times fast9::Engine::solve (count to 2) over the pre-parsed grids and
// then TdokuSolverDpllTriadSimd (count to 2) over the same lines; the figure per set is the
// median over repetitions of each solver's time and of the ratio between them (the ratio is
// what holds from window to window). Guesses per puzzle and the counts come from both solvers;
// the counts must agree or the program exits with status 1.
//
// tdoku's code is not part of this project: bench/tdoku_kernel.sh compiles it from
// ../shared/bench/tdoku into the build folder and links it with this driver.
//
// Usage: tdoku_kernel [--reps N] [--branching cells|matchings|adaptive] [--triads] FILE...
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <string>
#include <vector>

#include "fast9.hpp"

extern "C" std::size_t TdokuSolverDpllTriadSimd(const char* puzzle, std::size_t limit, std::uint32_t configuration,
                                                char* solution, std::size_t* num_guesses);

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Puzzles {
  std::vector<std::string> lines;                 // 81 characters, '.' for empty, NUL-padded
  std::vector<std::array<std::uint8_t, 81>> grids;  // 0 for empty
};

// One puzzle per line (its first 81 characters, '0' or '.' empty); '#' lines and anything else
// are skipped, as tdoku's own driver does.
Puzzles read_puzzles(const char* path) {
  Puzzles p;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() < 81 || line[0] == '#') continue;
    std::string text = line.substr(0, 81);
    std::array<std::uint8_t, 81> grid{};
    bool ok = true;
    for (std::size_t i = 0; i < 81; ++i) {
      const char c = text[i];
      if (c == '0' || c == '.') {
        text[i] = '.';
      } else if (c >= '1' && c <= '9') {
        grid[i] = static_cast<std::uint8_t>(c - '0');
      } else {
        ok = false;
      }
    }
    if (!ok) continue;
    text.resize(96, '\0');  // tdoku may read a little past the 81st byte
    p.lines.push_back(text);
    p.grids.push_back(grid);
  }
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  using sudokit::fast9::Engine;
  int reps = 7;
  bool triads = false;
  Engine::Branching branching = Engine::Branching::adaptive;
  std::vector<const char*> files;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--reps" && i + 1 < argc) {
      reps = std::max(1, std::atoi(argv[++i]));
    } else if (a == "--triads") {
      triads = true;
    } else if (a == "--branching" && i + 1 < argc) {
      const std::string b = argv[++i];
      branching = b == "cells" ? Engine::Branching::cells
                  : b == "matchings" ? Engine::Branching::matchings
                                     : Engine::Branching::adaptive;
    } else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "usage: %s [--reps N] [--branching cells|matchings|adaptive] [--triads] FILE...\n", argv[0]);
      return 2;
    } else {
      files.push_back(argv[i]);
    }
  }
  int status = 0;
  std::printf("| set | puzzles | fast µs | tdoku µs | fast / tdoku | fast guesses | tdoku guesses |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|\n");
  for (const char* file : files) {
    const Puzzles puzzles = read_puzzles(file);
    if (puzzles.grids.empty()) continue;
    Engine engine;
    engine.set_branching(branching);
    engine.set_triads(triads);
    std::vector<double> fast_times, tdoku_times, ratios;
    std::uint64_t fast_count = 0, tdoku_count = 0, fast_guesses = 0, tdoku_guesses = 0;
    for (int r = 0; r < reps; ++r) {
      sudokit::SearchStats stats;
      std::uint64_t count = 0;
      const double t0 = cpu_seconds();
      for (const auto& grid : puzzles.grids) count += engine.solve(grid.data(), 2, nullptr, 0, &stats);
      const double t1 = cpu_seconds();
      char solution[96];
      std::size_t guesses = 0, all_guesses = 0;
      std::uint64_t count2 = 0;
      for (const auto& line : puzzles.lines) {
        count2 += TdokuSolverDpllTriadSimd(line.c_str(), 2, 0, solution, &guesses);
        all_guesses += guesses;
      }
      const double t2 = cpu_seconds();
      fast_times.push_back(t1 - t0);
      tdoku_times.push_back(t2 - t1);
      ratios.push_back((t1 - t0) / (t2 - t1));
      fast_count = count, tdoku_count = count2, fast_guesses = stats.guesses, tdoku_guesses = all_guesses;
    }
    const double n = static_cast<double>(puzzles.grids.size());
    std::string name = file;
    name = name.substr(name.find_last_of('/') + 1);
    std::printf("| %s | %zu | %.3f | %.3f | **%.3f×** | %.2f | %.2f |%s\n", name.c_str(), puzzles.grids.size(),
                median(fast_times) / n * 1e6, median(tdoku_times) / n * 1e6, median(ratios),
                static_cast<double>(fast_guesses) / n, static_cast<double>(tdoku_guesses) / n,
                fast_count == tdoku_count ? "" : " COUNTS DISAGREE");
    if (fast_count != tdoku_count) status = 1;
  }
  std::printf("\nMedian of %d repetitions; CPU time of this process; count to 2; fast first, then tdoku, in each.\n", reps);
  return status;
}

// score_bench.cpp: how fast `sudokit score` proves the best target score.
//
// Three workloads:
//  - the contest-range cases of ../shared/data/target (>= 24 givens): milliseconds each;
//  - sparse puzzles made here by thinning seeded random full grids to 16..18 givens, where
//    plain enumeration takes minutes: the figure that matters for the branch and bound;
//  - optionally any puzzle file (one 81-character line per puzzle).
// Each puzzle is scored with the default search, and with --compare also with the baseline
// bound (Σ weight × largest candidate, no Lagrangian) and the DLX enumeration oracle, both
// under a time budget so the run ends; unproven runs print '>' before their time.
//
// usage: score_bench [--givens 16,17,18] [--puzzles 5] [--seed 1] [--compare] [--budget 60s]
//                    [--file PUZZLES] [--sweeps N] [--root-sweeps N] [--no-fixing]
// (--sweeps and the rest change the search's tuning, see scorer/src/branch_and_bound.hpp.)
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <fmt/format.h>

// The internal header, for the baseline tuning (bench/CMakeLists.txt links no scorer internals).
#include "branch_and_bound.hpp"  // scorer internals (sudokit_scorer_internals)
#include "sudokit/generator.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/scorer.hpp"

namespace {

using sudokit::Grid;

// Processor time of this process: the figure to quote on a shared, busy machine, where wall
// time also measures everyone else's work.
double cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// Benchmark puzzles must be the same on every machine, so their randomness comes from
// Boost.Random and the generator's seeded complete grids, never from std:: distributions or
// std::shuffle (whose results differ between standard libraries).
Grid thinned_random_grid(int givens, sudokit::Generator& generator, std::uint64_t seed) {
  const Grid full = generator.random_solution(Grid().shape, seed);
  boost::random::mt19937_64 rng(seed);
  std::vector<int> order(81);
  std::iota(order.begin(), order.end(), 0);
  for (std::size_t i = order.size() - 1; i > 0; --i) {  // Fisher-Yates with Boost's distribution
    boost::random::uniform_int_distribution<std::size_t> pick(0, i);
    std::swap(order[i], order[pick(rng)]);
  }
  Grid puzzle;
  for (int k = 0; k < givens; ++k) {
    const auto cell = static_cast<std::size_t>(order[static_cast<std::size_t>(k)]);
    puzzle.cells[cell] = full.cells[cell];
  }
  return puzzle;
}

Grid from_line(const std::string& line) {
  Grid g;
  for (std::size_t i = 0; i < 81 && i < line.size(); ++i)
    g.cells[i] = static_cast<std::uint8_t>(line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0);
  return g;
}

struct Timing {
  double seconds;
  sudokit::ScoreResult result;
};

Timing timed(sudokit::Scorer& scorer, const Grid& puzzle, const sudokit::ScoreOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  auto result = scorer.score(puzzle, sudokit::Weights::target(9), options);
  return {std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), std::move(result)};
}

std::string shown(const Timing& t) {
  return fmt::format("{}{:.3f}s score {} nodes {}", t.result.proven ? "" : ">", t.seconds, t.result.score, t.result.nodes);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> givens = {16, 17, 18};
  int per_count = 5;
  unsigned seed = 1;
  bool compare = false;
  std::string budget_text = "60s";
  std::string file;
  sudokit::scoring::SearchTuning tuning;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (arg == "--givens") {
      givens.clear();
      const std::string list = value();
      for (std::size_t at = 0; at < list.size();) {
        givens.push_back(std::atoi(list.c_str() + at));
        const auto comma = list.find(',', at);
        at = comma == std::string::npos ? list.size() : comma + 1;
      }
    } else if (arg == "--puzzles") {
      per_count = std::atoi(value().c_str());
    } else if (arg == "--seed") {
      seed = static_cast<unsigned>(std::atoi(value().c_str()));
    } else if (arg == "--compare") {
      compare = true;
    } else if (arg == "--budget") {
      budget_text = value();
    } else if (arg == "--sweeps") {
      tuning.node_sweeps = std::atoi(value().c_str());
    } else if (arg == "--root-sweeps") {
      tuning.root_sweeps = std::atoi(value().c_str());
    } else if (arg == "--no-fixing") {
      tuning.reduced_cost_fixing = false;
    } else if (arg == "--file") {
      file = value();
    } else {
      fmt::print(stderr, "usage: score_bench [--givens 16,17,18] [--puzzles N] [--seed S] [--compare] "
                         "[--budget 60s] [--file PUZZLES] [--sweeps N] [--root-sweeps N] [--no-fixing]\n");
      return 2;
    }
  }
  const auto budget = sudokit::parse_score_budget(budget_text);
  if (!budget) return 2;

  sudokit::Scorer scorer;
  sudokit::ScoreOptions fast;
  sudokit::ScoreOptions oracle;
  oracle.method = sudokit::ScoreMethod::enumerate;
  oracle.budget = *budget;

  // Contest-range cases from the shared data.
  {
    std::ifstream cases(std::string(SUDOKIT_SHARED_DATA) + "/target/cases.tsv");
    std::string id, line, expected;
    std::getline(cases, line);  // header
    double total = 0;
    int count = 0;
    while (cases >> id >> line >> expected) {
      std::string rest;
      std::getline(cases, rest);
      const Timing t = timed(scorer, from_line(line), fast);
      total += t.seconds;
      ++count;
      fmt::print("target/{}: {} (expected {})\n", id, shown(t), expected);
    }
    fmt::print("target cases: {} in {:.3f} ms total\n\n", count, total * 1e3);
  }

  std::vector<std::pair<std::string, Grid>> puzzles;
  if (!file.empty()) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line))
      if (line.size() >= 81 && line[0] != '#') puzzles.emplace_back(line.substr(0, 81), from_line(line));
  } else {
    sudokit::Generator generator;
    std::uint64_t puzzle_seed = static_cast<std::uint64_t>(seed) * 1000003u;
    for (int g : givens)
      for (int k = 0; k < per_count; ++k) {
        const Grid puzzle = thinned_random_grid(g, generator, ++puzzle_seed);
        puzzles.emplace_back(sudokit::to_line(puzzle), puzzle);
      }
  }

  double total = 0;
  double worst = 0;
  std::uint64_t total_nodes = 0;
  for (const auto& [text, puzzle] : puzzles) {
    sudokit::scoring::BranchAndBound search;
    const auto wall_start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    const auto found = search.run(puzzle, sudokit::Weights::target(9).values(), fast, tuning);
    const double cpu = cpu_seconds() - cpu_start;
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    total += cpu;
    total_nodes += found.nodes;
    worst = std::max(worst, cpu);
    fmt::print("{} ({} givens)\n  bnb        {}{:.3f}s cpu ({:.3f}s wall) score {} nodes {}\n", text, puzzle.givens(),
               found.proven ? "" : ">", cpu, wall, found.found ? found.best : -1, found.nodes);
    if (compare) {
      sudokit::scoring::SearchTuning baseline;
      baseline.lagrangian = false;
      sudokit::scoring::BranchAndBound plain;
      sudokit::ScoreOptions limited;
      limited.budget = *budget;
      const auto start = std::chrono::steady_clock::now();
      const auto outcome = plain.run(puzzle, sudokit::Weights::target(9).values(), limited, baseline);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      fmt::print("  cell bound {}{:.3f}s score {} nodes {}\n", outcome.proven ? "" : ">", seconds,
                 outcome.found ? outcome.best : -1, outcome.nodes);
      fmt::print("  enumerate  {}\n", shown(timed(scorer, puzzle, oracle)));
    }
    std::fflush(stdout);
  }
  if (!puzzles.empty())
    fmt::print("\nbnb: {} puzzles, cpu {:.3f} s total, {:.3f} s mean, {:.3f} s worst, {} nodes\n", puzzles.size(), total,
               total / static_cast<double>(puzzles.size()), worst, total_nodes);
  return 0;
}

// variant_generate_bench: 9×9 variant generation rate on one core (issue 18's targets: ≥ 1,000/s for
// x, hyper and jigsaw, ≥ 50/s for killer with no givens).
//
// For each variant, puzzles with seeds puzzle_seed(1, i), i = 0 .. count-1, are made one
// after the other on this thread through generate_variant with one reused Solver (what one
// worker of `sudokit generate --variant V` does), and timed; this repeats `repeats` times and
// the median rate is printed with the spread, then the shape of what was made: average
// givens, and for killer the cages per puzzle, cells per cage, the share made with no givens
// and the share proved minimal. Seeds are fixed, so runs differ only by the machine's noise.
//
//   variant_generate_bench [--count N] [--killer-count N] [--repeats R] [--no-merge] [--layouts K] [--budget NODES]
//               [--merge-budget NODES] [--only VARIANT]
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "sudokit/generator.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant_generator.hpp"

namespace {

struct Shapeup {
  double givens = 0, cages = 0, cage_cells = 0, no_givens = 0, minimal = 0;
};

}  // namespace

int main(int argc, char** argv) {
  using namespace sudokit;
  int count = 300, killer_count = 60, repeats = 3;
  VariantOptions options;
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto value = [&] {
      if (i + 1 >= argc) {
        fmt::print(stderr, "{} needs a value\n", arg);
        std::exit(2);
      }
      return std::string(argv[++i]);
    };
    if (arg == "--count") count = std::stoi(value());
    else if (arg == "--killer-count") killer_count = std::stoi(value());
    else if (arg == "--repeats") repeats = std::max(1, std::stoi(value()));
    else if (arg == "--no-merge") options.killer_merge = false;
    else if (arg == "--only") only = value();
    else if (arg == "--layouts") options.killer_layouts = std::stoi(value());
    else if (arg == "--budget") options.killer_count_budget = std::stoull(value());
    else if (arg == "--merge-budget") options.killer_merge_budget = std::stoull(value());
    else {
      fmt::print(stderr, "usage: variant_generate_bench [--count N] [--killer-count N] [--repeats R] [--no-merge] [--layouts K] "
                         "[--budget NODES] [--merge-budget NODES] [--only V]\n");
      return 2;
    }
  }
  const Shape shape = *default_shape(9);
  fmt::print("9x9 variant generation, one thread, {} repeats (median rate, min-max)\n", repeats);
  fmt::print("{:<8} {:>7} {:>12} {:>20} {:>8} {:>7} {:>10} {:>10} {:>8}\n", "variant", "puzzles", "puzzles/s",
             "min-max", "givens", "cages", "cells/cage", "no givens", "minimal");
  for (Variant variant : {Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer}) {
    if (!only.empty() && only != variant_name(variant)) continue;
    const int n = variant == Variant::killer ? killer_count : count;
    std::vector<double> rates;
    Shapeup shapeup;
    for (int r = 0; r < repeats; ++r) {
      Solver solver(options.engine);
      shapeup = Shapeup{};
      const auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < n; ++i) {
        const VariantPuzzle p = generate_variant(solver, variant, shape, puzzle_seed(1, static_cast<std::uint64_t>(i)), options);
        const auto givens = std::count_if(p.puzzle.cells.begin(), p.puzzle.cells.end(), [](std::uint8_t d) { return d != 0; });
        shapeup.givens += static_cast<double>(givens);
        shapeup.no_givens += givens == 0 ? 1 : 0;
        shapeup.minimal += p.minimal ? 1 : 0;
        shapeup.cages += static_cast<double>(p.rules.cages.size());
        for (const Cage& cage : p.rules.cages) shapeup.cage_cells += static_cast<double>(cage.cells.size());
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      rates.push_back(n / seconds);
    }
    std::sort(rates.begin(), rates.end());
    const bool killer = variant == Variant::killer;
    fmt::print("{:<8} {:>7} {:>12.1f} {:>20} {:>8.1f} {:>7} {:>10} {:>9.0f}% {:>7.0f}%\n", variant_name(variant), n,
               rates[rates.size() / 2], fmt::format("{:.1f}-{:.1f}", rates.front(), rates.back()), shapeup.givens / n,
               killer ? fmt::format("{:.1f}", shapeup.cages / n) : "-",
               killer ? fmt::format("{:.2f}", shapeup.cage_cells / std::max(1.0, shapeup.cages)) : "-",
               100.0 * shapeup.no_givens / n, 100.0 * shapeup.minimal / n);
  }
  return 0;
}

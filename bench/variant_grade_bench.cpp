// variant_grade_bench: the level spread and grading rate of generated variant puzzles.
//
// For each variant asked (x, hyper, jigsaw), puzzles 1..COUNT of generate_variant on a 9×9
// (or --size) grid are generated first (not timed), then graded one after the other on one
// thread (timed). Prints, per variant: the puzzles per level, the rating quartiles, the share
// solved without guessing, the most frequent hardest techniques, and puzzles graded per
// second.
//
//   build/release/bench/variant_grade_bench --count 200 [--size 9] [--variants x,hyper,jigsaw]
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sudokit/grader.hpp"
#include "sudokit/variant.hpp"
#include "sudokit/variant_generator.hpp"

int main(int argc, char** argv) {
  int count = 200, size = 9;
  std::string variants = "x,hyper,jigsaw";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--count")) count = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--size")) size = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--variants")) variants = argv[i + 1];
    else {
      fmt::print(stderr, "usage: variant_grade_bench [--count N] [--size N] [--variants x,hyper,jigsaw]\n");
      return 2;
    }
  }
  const sudokit::Shape shape = *sudokit::default_shape(size);
  std::size_t start = 0;
  while (start < variants.size()) {
    std::size_t end = variants.find(',', start);
    if (end == std::string::npos) end = variants.size();
    const std::string name = variants.substr(start, end - start);
    start = end + 1;
    const auto variant = sudokit::parse_variant(name);
    if (!variant) {
      fmt::print(stderr, "unknown variant {}\n", name);
      return 2;
    }
    std::vector<sudokit::VariantPuzzle> puzzles;
    for (int seed = 1; seed <= count; ++seed) puzzles.push_back(sudokit::generate_variant(*variant, shape, static_cast<std::uint64_t>(seed)));
    sudokit::Grader grader;
    sudokit::GradeOptions options;
    options.record_path = false;
    std::array<int, 5> levels{};
    std::vector<double> ratings;
    std::map<std::string, int> hardest;
    int logical = 0, failed = 0;
    const auto t0 = std::chrono::steady_clock::now();
    for (const auto& p : puzzles) {
      const sudokit::Grade g = grader.grade(p.puzzle, p.rules, options);
      if (g.status != sudokit::GradeStatus::graded) {
        ++failed;
        continue;
      }
      ++levels[static_cast<std::size_t>(g.level)];
      ratings.push_back(g.rating);
      ++hardest[g.hardest ? std::string(sudokit::technique_name(*g.hardest)) : "none"];
      logical += g.counts[static_cast<std::size_t>(sudokit::Technique::guess)] == 0;
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::sort(ratings.begin(), ratings.end());
    auto quartile = [&](double q) { return ratings.empty() ? 0.0 : ratings[static_cast<std::size_t>(q * static_cast<double>(ratings.size() - 1))]; };
    fmt::print("{} {}x{}: {} puzzles: {} easy, {} medium, {} hard, {} expert, {} extreme, {} failed\n", name, size, size,
               puzzles.size(), levels[0], levels[1], levels[2], levels[3], levels[4], failed);
    fmt::print("  rating min/q1/median/q3/max {:.1f} / {:.1f} / {:.1f} / {:.1f} / {:.1f}; without guessing {}/{}; {:.0f} graded/s\n",
               quartile(0), quartile(0.25), quartile(0.5), quartile(0.75), quartile(1), logical, ratings.size(),
               static_cast<double>(puzzles.size()) / seconds);
    std::vector<std::pair<int, std::string>> top;
    for (const auto& [technique, n] : hardest) top.emplace_back(-n, technique);
    std::sort(top.begin(), top.end());
    std::string line;
    for (std::size_t i = 0; i < top.size() && i < 6; ++i) line += fmt::format("{}{} {}", i ? ", " : "", top[i].second, -top[i].first);
    fmt::print("  hardest: {}\n", line);
  }
  return 0;
}

// grade_bench: how fast the grader rates puzzles, per collection and per level.
//
// What it measures, and why this way:
//  - Each collection (top1465, every 16th 17-clue puzzle, hardest_1106) is parsed once, then
//    graded puzzle by puzzle through the public door, sudokit::Grader::grade(), on one thread
//    with the default options (uniqueness check by the solver included, path recorded), as
//    `sudokit grade --explain` does. Grades/s is the collection's count over the CPU time of
//    the timing thread, so time stolen by other processes on a busy machine is not counted.
//  - Every puzzle is also timed on its own, and the per-puzzle times are grouped by the level
//    the grader gave: the claim to check is that easy and medium puzzles grade in well under
//    a millisecond, while stalled (extreme) ones pay for the chain searches and the guess.
//  - Every figure is the median over --reps repetitions (default 3) of the whole collection.
//  - --sets top1465,17_clue,hardest_1106 picks collections (default: all three).
// Output: a markdown table on stdout; progress on stderr.

#include <time.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "sudokit/grader.hpp"

namespace {

double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::vector<sudokit::Grid> load(const std::string& relative, std::size_t step) {
  std::ifstream in(std::string(SUDOKIT_SHARED_DATA) + "/" + relative);
  if (!in) {
    std::fprintf(stderr, "grade_bench: cannot read %s\n", relative.c_str());
    std::exit(1);
  }
  std::vector<sudokit::Grid> puzzles;
  std::string line;
  for (std::size_t i = 0; std::getline(in, line);) {
    if (line.size() < 81 || line[0] == '#') continue;
    if (i++ % step) continue;
    sudokit::Grid g;
    for (std::size_t c = 0; c < 81; ++c)
      g.cells[c] = static_cast<std::uint8_t>(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
    puzzles.push_back(g);
  }
  return puzzles;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int reps = 3;
  std::string sets;  // --sets top1465,hardest_1106: only these collections (default: all)
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::string(argv[i]) == "--reps") reps = std::max(1, std::atoi(argv[i + 1]));
    if (std::string(argv[i]) == "--sets") sets = argv[i + 1];
  }

  struct Collection {
    const char* name;
    const char* file;
    std::size_t step;
    const char* key;  // the name --sets takes
  };
  const Collection collections[] = {
      {"top1465", "puzzles/top1465.txt", 1, "top1465"},
      {"17-clue (every 16th)", "puzzles/17_clue.txt", 16, "17_clue"},
      {"hardest_1106", "puzzles/hardest_1106.txt", 1, "hardest_1106"},
  };

  std::printf("| collection | puzzles | grades/s | µs/puzzle | easy µs | medium µs | hard µs | expert µs | extreme µs |\n");
  std::printf("|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
  sudokit::Grader grader;
  for (const Collection& c : collections) {
    if (!sets.empty() && ("," + sets + ",").find(std::string(",") + c.key + ",") == std::string::npos) continue;
    const auto puzzles = load(c.file, c.step);
    std::vector<double> totals;
    // Per level: the median (over repetitions) of the mean time of that level's puzzles.
    std::array<std::vector<double>, 5> level_means;
    std::array<std::size_t, 5> level_counts{};
    for (int rep = 0; rep < reps; ++rep) {
      std::fprintf(stderr, "grade_bench: %s, repetition %d/%d\n", c.name, rep + 1, reps);
      std::array<double, 5> level_time{};
      level_counts = {};
      const double start = thread_seconds();
      for (const sudokit::Grid& puzzle : puzzles) {
        const double t0 = thread_seconds();
        const sudokit::Grade g = grader.grade(puzzle);
        const double t1 = thread_seconds();
        level_time[static_cast<std::size_t>(g.level)] += t1 - t0;
        ++level_counts[static_cast<std::size_t>(g.level)];
      }
      totals.push_back(thread_seconds() - start);
      for (std::size_t l = 0; l < 5; ++l)
        if (level_counts[l]) level_means[l].push_back(level_time[l] / static_cast<double>(level_counts[l]));
    }
    const double seconds = median(totals);
    std::printf("| %s | %zu | %.0f | %.1f", c.name, puzzles.size(), static_cast<double>(puzzles.size()) / seconds,
                seconds * 1e6 / static_cast<double>(puzzles.size()));
    for (std::size_t l = 0; l < 5; ++l) {
      if (level_counts[l]) std::printf(" | %.1f (%zu)", median(level_means[l]) * 1e6, level_counts[l]);
      else std::printf(" | -");
    }
    std::printf(" |\n");
  }
  std::printf("\nLevel columns: mean µs per puzzle of that level (number of puzzles); one thread, CPU time, median of %d.\n",
              reps);
  return 0;
}

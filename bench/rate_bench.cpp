// rate_bench: calibration of the grader's SE-scale rating against Sukaku Explainer.
//
// Reads ../shared/data/rated/se_dev.txt (`PUZZLE RATING` per line, SE's rating), grades every
// puzzle (or every --every k-th, at most --limit) through the public door on one thread with
// the default options, and reports:
//  - Spearman's rank correlation of our rating (and of our score) with SE's;
//  - mean |rating - SE|, and the mean signed error;
//  - per SE value: count, our mean rating, mean |error|, share solved without guessing;
//  - per SE band (<2, 2-3, ... 8-9, 9+): share solved without guessing;
//  - a confusion table: our level against the level SE's rating maps to (level_for_rating);
//  - puzzles/s (CPU time of the grading thread).
// --file PATH reads another rated file of the same format.
// Output: markdown on stdout.
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <numeric>
#include <string>
#include <vector>

#include "sudokit/grader.hpp"

namespace {

double thread_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

std::vector<double> ranks(const std::vector<double>& v) {
  std::vector<std::size_t> order(v.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v[a] < v[b]; });
  std::vector<double> r(v.size());
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    const double average = (static_cast<double>(i) + static_cast<double>(j)) / 2.0 + 1.0;
    for (std::size_t k = i; k <= j; ++k) r[order[k]] = average;
    i = j + 1;
  }
  return r;
}

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
  const auto ra = ranks(a), rb = ranks(b);
  const double n = static_cast<double>(a.size());
  const double ma = std::accumulate(ra.begin(), ra.end(), 0.0) / n, mb = std::accumulate(rb.begin(), rb.end(), 0.0) / n;
  double sab = 0, saa = 0, sbb = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    sab += (ra[i] - ma) * (rb[i] - mb);
    saa += (ra[i] - ma) * (ra[i] - ma);
    sbb += (rb[i] - mb) * (rb[i] - mb);
  }
  return sab / std::sqrt(saa * sbb);
}

}  // namespace

int main(int argc, char** argv) {
  std::string file = std::string(SUDOKIT_SHARED_DATA) + "/rated/se_dev.txt";
  std::size_t every = 1, limit = ~std::size_t{0};
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--file") file = argv[i + 1];
    else if (flag == "--every") every = std::max<std::size_t>(1, std::strtoul(argv[i + 1], nullptr, 10));
    else if (flag == "--limit") limit = std::strtoul(argv[i + 1], nullptr, 10);
  }
  std::ifstream in(file);
  if (!in) {
    std::fprintf(stderr, "rate_bench: cannot read %s\n", file.c_str());
    return 1;
  }
  std::vector<sudokit::Grid> puzzles;
  std::vector<double> se;
  std::string line;
  for (std::size_t i = 0; std::getline(in, line) && puzzles.size() < limit;) {
    if (line.size() < 83 || line[0] == '#') continue;
    if (i++ % every) continue;
    sudokit::Grid g;
    for (std::size_t c = 0; c < 81; ++c)
      g.cells[c] = static_cast<std::uint8_t>(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
    puzzles.push_back(g);
    se.push_back(std::strtod(line.c_str() + 82, nullptr));
  }

  sudokit::Grader grader;
  sudokit::GradeOptions options;
  std::vector<double> rating, score;
  std::vector<bool> logical;
  std::vector<sudokit::Level> level;
  std::vector<std::string> hardest;
  std::vector<double> micros;
  const double start = thread_seconds();
  for (const auto& p : puzzles) {
    const double t0 = thread_seconds();
    const sudokit::Grade g = grader.grade(p, options);
    micros.push_back((thread_seconds() - t0) * 1e6);
    rating.push_back(g.rating);
    score.push_back(g.score);
    logical.push_back(g.counts[static_cast<std::size_t>(sudokit::Technique::guess)] == 0);
    level.push_back(g.level);
    hardest.push_back(g.hardest ? std::string(sudokit::technique_name(*g.hardest)) : "none");
  }
  const double seconds = thread_seconds() - start;
  const std::size_t n = puzzles.size();

  double abs_error = 0, signed_error = 0;
  for (std::size_t i = 0; i < n; ++i) {
    abs_error += std::fabs(rating[i] - se[i]);
    signed_error += rating[i] - se[i];
  }
  std::printf("# rate_bench: %zu puzzles from %s\n\n", n, file.c_str());
  std::printf("| metric | value |\n|---|---:|\n");
  std::printf("| Spearman (rating, SE) | %.4f |\n", spearman(rating, se));
  std::printf("| Spearman (score, SE) | %.4f |\n", spearman(score, se));
  std::printf("| mean abs(rating - SE) | %.3f |\n", abs_error / static_cast<double>(n));
  std::printf("| mean (rating - SE) | %+.3f |\n", signed_error / static_cast<double>(n));
  std::size_t below9 = 0, below9_logical = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (se[i] < 9.0) {
      ++below9;
      below9_logical += logical[i] ? 1 : 0;
    }
  std::printf("| solved without guessing, SE < 9.0 | %.2f%% |\n", 100.0 * static_cast<double>(below9_logical) / static_cast<double>(std::max<std::size_t>(1, below9)));
  std::printf("| puzzles/s (one thread, CPU time) | %.0f |\n\n", static_cast<double>(n) / seconds);

  std::printf("| SE | puzzles | our mean | mean abs err | no guess | µs/puzzle | our hardest technique (most frequent) |\n|---:|---:|---:|---:|---:|---:|---|\n");
  std::map<int, std::vector<std::size_t>> by_value;
  for (std::size_t i = 0; i < n; ++i) by_value[static_cast<int>(std::lround(se[i] * 10))].push_back(i);
  for (const auto& [tenths, items] : by_value) {
    double sum = 0, err = 0, time = 0;
    std::size_t ok = 0;
    for (std::size_t i : items) {
      time += micros[i];
      sum += rating[i];
      err += std::fabs(rating[i] - se[i]);
      ok += logical[i] ? 1 : 0;
    }
    const double k = static_cast<double>(items.size());
    std::map<std::string, int> techniques;
    for (std::size_t i : items) ++techniques[hardest[i]];
    std::vector<std::pair<int, std::string>> top;
    for (const auto& [name, count] : techniques) top.emplace_back(-count, name);
    std::sort(top.begin(), top.end());
    std::string names;
    for (std::size_t t = 0; t < top.size() && t < 3; ++t) names += (t ? ", " : "") + top[t].second + " " + std::to_string(-top[t].first);
    std::printf("| %.1f | %zu | %.2f | %.2f | %.1f%% | %.0f | %s |\n", tenths / 10.0, items.size(), sum / k, err / k,
                100.0 * static_cast<double>(ok) / k, time / k, names.c_str());
  }

  std::printf("\n| SE band | puzzles | no guess |\n|---|---:|---:|\n");
  const char* band_names[] = {"<2", "2-3", "3-4", "4-5", "5-6", "6-7", "7-8", "8-9", "9+"};
  for (int b = 0; b < 9; ++b) {
    std::size_t count = 0, ok = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const int band = std::clamp(static_cast<int>(std::floor(se[i])) - 1, 0, 8);
      if (band != b) continue;
      ++count;
      ok += logical[i] ? 1 : 0;
    }
    if (count) std::printf("| %s | %zu | %.1f%% |\n", band_names[b], count, 100.0 * static_cast<double>(ok) / static_cast<double>(count));
  }

  std::printf("\n| our level \\ SE level | easy | medium | hard | expert | extreme |\n|---|---:|---:|---:|---:|---:|\n");
  std::size_t agree = 0;
  for (int ours = 0; ours < 5; ++ours) {
    std::printf("| %s |", std::string(sudokit::level_name(static_cast<sudokit::Level>(ours))).c_str());
    for (int theirs = 0; theirs < 5; ++theirs) {
      std::size_t count = 0;
      for (std::size_t i = 0; i < n; ++i)
        if (static_cast<int>(level[i]) == ours && static_cast<int>(sudokit::level_for_rating(se[i])) == theirs) ++count;
      if (ours == theirs) agree += count;
      std::printf(" %zu |", count);
    }
    std::printf("\n");
  }
  std::printf("\nlevel agreement: %.1f%%\n", 100.0 * static_cast<double>(agree) / static_cast<double>(n));
  return 0;
}

// grade_diff_bench: the grader's differential check (records every grade, compares later).
//
// Speed work on the grader must not change a single answer: the rating, level, score, the
// hardest techniques, the step counts and the steps themselves. This program grades fixed
// collections (top1465, hardest_1106, every 8th puzzle of the SE-rated dev set) and writes
// one line per puzzle:
//
//   SET INDEX RATING LEVEL SCORE HARDEST HARDEST_LOGICAL STEPS GUESSES UNIQUE PATH_HASH
//
// where PATH_HASH is an FNV-1a hash of every step in order (technique, rating in tenths,
// placements, eliminations, cells, digits, houses, chain), so a changed step anywhere shows.
// Record the current code's answers once, then compare after every change:
//
//   grade_diff_bench --write /tmp/grades.txt            # before
//   grade_diff_bench --check /tmp/grades.txt            # after: lists every difference, exit 1 if any
//   grade_diff_bench --check F --sets top1465 --threads 2
//   grade_diff_bench --write F --sets 17_clue16        # every 16th 17-clue puzzle (canonical form work)
//   grade_diff_bench --check F --easiest-path           # SE's easiest path everywhere (GradeOptions::easiest_path)
//
// --threads k grades with k threads (one Grader each; the output order is fixed). The
// sample pinned by tests/slow/grader_outputs_test.cpp was taken from such a file.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "sudokit/grader.hpp"

namespace {

struct Item {
  std::string set;
  std::size_t index;
  sudokit::Grid grid;
};

std::vector<Item> load(const std::string& set, const std::string& relative, std::size_t every, std::size_t width) {
  std::ifstream in(std::string(SUDOKIT_SHARED_DATA) + "/" + relative);
  if (!in) {
    std::fprintf(stderr, "grade_diff_bench: cannot read %s\n", relative.c_str());
    std::exit(2);
  }
  std::vector<Item> out;
  std::string line;
  for (std::size_t i = 0; std::getline(in, line);) {
    if (line.size() < width || line[0] == '#') continue;
    const std::size_t index = i++;
    if (index % every) continue;
    Item item{set, index, {}};
    for (std::size_t c = 0; c < 81; ++c)
      item.grid.cells[c] = static_cast<std::uint8_t>(line[c] >= '1' && line[c] <= '9' ? line[c] - '0' : 0);
    out.push_back(std::move(item));
  }
  return out;
}

struct Hash {
  std::uint64_t h = 1469598103934665603ull;
  void add(long long v) {
    for (int i = 0; i < 8; ++i) {
      h ^= static_cast<std::uint64_t>(v >> (8 * i)) & 0xFF;
      h *= 1099511628211ull;
    }
  }
};

std::string record(const Item& item, const sudokit::Grade& g) {
  Hash hash;
  for (const sudokit::Step& s : g.path) {
    hash.add(static_cast<int>(s.technique));
    hash.add(std::lround(s.rating * 10));
    for (const auto& p : s.placements) hash.add(p.cell * 100 + p.digit);
    hash.add(-1);
    for (const auto& e : s.eliminations) hash.add(e.cell * 100 + e.digit);
    hash.add(-2);
    for (int c : s.cells) hash.add(c);
    hash.add(-3);
    hash.add(static_cast<long long>(s.digits));
    for (int h : s.houses) hash.add(h);
    hash.add(-4);
    for (const auto& n : s.chain) hash.add(n.cell * 100 + n.digit);
    hash.add(-5);
  }
  auto name = [](const std::optional<sudokit::Technique>& t) {
    return t ? std::string(sudokit::technique_name(*t)) : std::string("none");
  };
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, "%s %zu %.1f %s %d %s %s %zu %llu %d %016llx", item.set.c_str(), item.index, g.rating,
                std::string(sudokit::level_name(g.level)).c_str(), g.score, name(g.hardest).c_str(),
                name(g.hardest_logical).c_str(), g.path.size(), static_cast<unsigned long long>(g.guesses), g.unique ? 1 : 0,
                static_cast<unsigned long long>(hash.h));
  return buffer;
}

}  // namespace

int main(int argc, char** argv) {
  std::string write, check, sets = "top1465,hardest_1106,se_dev8";
  unsigned threads = 1;
  sudokit::GradeOptions options;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    if (flag == "--easiest-path") {
      options.easiest_path = true;
      continue;
    }
    if (i + 1 >= argc) break;
    if (flag == "--write") write = argv[i + 1];
    else if (flag == "--check") check = argv[i + 1];
    else if (flag == "--sets") sets = argv[i + 1];
    else if (flag == "--threads") threads = static_cast<unsigned>(std::max(1, std::atoi(argv[i + 1])));
    ++i;
  }
  if (write.empty() == check.empty()) {
    std::fprintf(stderr, "usage: grade_diff_bench (--write FILE | --check FILE) [--sets a,b] [--threads k] [--easiest-path]\n");
    return 2;
  }
  std::vector<Item> items;
  auto wanted = [&](const std::string& s) { return ("," + sets + ",").find("," + s + ",") != std::string::npos; };
  auto append = [&](std::vector<Item> more) { items.insert(items.end(), more.begin(), more.end()); };
  if (wanted("top1465")) append(load("top1465", "puzzles/top1465.txt", 1, 81));
  if (wanted("hardest_1106")) append(load("hardest_1106", "puzzles/hardest_1106.txt", 1, 81));
  if (wanted("se_dev8")) append(load("se_dev8", "rated/se_dev.txt", 8, 83));
  // Not in the default sets: easy puzzles whose rows are often empty (the canonical form's
  // widest searches), for changes to grader/src/canonical.cpp.
  if (wanted("17_clue16")) append(load("17_clue16", "puzzles/17_clue.txt", 16, 81));

  std::vector<std::string> lines(items.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    sudokit::Grader grader;
    for (std::size_t i; (i = next++) < items.size();) lines[i] = record(items[i], grader.grade(items[i].grid, options));
  };
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < threads; ++t) pool.emplace_back(work);
  for (auto& t : pool) t.join();

  if (!write.empty()) {
    std::ofstream out(write);
    for (const auto& l : lines) out << l << '\n';
    std::printf("wrote %zu grades to %s\n", lines.size(), write.c_str());
    return 0;
  }
  std::ifstream in(check);
  std::map<std::string, std::string> expected;  // "SET INDEX" -> line
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string set, index;
    words >> set >> index;
    expected[set + " " + index] = line;
  }
  std::size_t differ = 0, missing = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const auto it = expected.find(items[i].set + " " + std::to_string(items[i].index));
    if (it == expected.end()) {
      ++missing;
      continue;
    }
    if (it->second != lines[i]) {
      ++differ;
      std::printf("was %s\nnow %s\n", it->second.c_str(), lines[i].c_str());
    }
  }
  std::printf("%zu grades checked, %zu differ, %zu not in %s\n", items.size(), differ, missing, check.c_str());
  return differ ? 1 : 0;
}

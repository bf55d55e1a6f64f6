// engines_bench: the one command behind the engine tables of docs/PERFORMANCE.md.
//
// What it measures, and why this way:
//  - Each engine (dlx, fast) is timed through the public door, sudokit::Solver, on every
//    puzzle of each shared collection, at limit 1 (find a solution) and limit 2 (decide
//    uniqueness), on one thread. Puzzles are parsed once before timing, so the engine
//    figure excludes parsing; the cost of parsing is measured on its own (streaming the file
//    through RecordReader, as `sudokit solve` does) and reported as a second column, because
//    the yardstick's figure does include its (much simpler) reading of the file.
//  - The yardstick (../shared/bench/yardstick.c, a textbook DLX) is run as a subprocess on
//    exactly the puzzles we time, in the same run, interleaved with our repetitions, so load
//    from other processes hits both sides alike and the ratio holds better than either time.
//  - Times are CPU time of the timing thread (the yardstick uses process CPU time, which is
//    the same thing for a single-threaded program): time stolen by other processes on a busy
//    machine is not counted, though cache and memory contention still is.
//  - Every figure is the median of --reps repetitions of the whole collection.
//  - Nodes and guesses per puzzle come from SearchStats: they are the same on every machine,
//    so they show an engine's progress even where the clock is noisy.
//  - Counts are checked: every engine must agree with the yardstick on how many puzzles have
//    no, one, or several solutions, or the run ends with exit status 1.
//  - The all-threads figure runs the `sudokit solve` program itself on a large file (a
//    collection repeated), with --threads 1 and --threads 2, and reports the speed-up; that is
//    wall-clock time, since using more cores is the point. Wall time on a shared machine is
//    only meaningful if the cores are free, so a probe measures how many cores the run could
//    get, and the table says when the speed-up reflects the machine rather than the program.
// The output on stdout is markdown meant to be pasted into docs/PERFORMANCE.md; progress goes
// to stderr.
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "sudokit/grid.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/solver.hpp"

namespace fs = std::filesystem;
using namespace sudokit;

namespace {

constexpr const char* kUsage = R"(usage: engines_bench [OPTIONS]
Times the solving engines against the yardstick and prints markdown tables.
  --sets A,B,...      collections under DATA/puzzles (default 17_clue,top1465,hardest_1106,serg_multi),
                      or files of one puzzle a line (a name with a '/' or ending in .txt)
  --engines A,B       engines to time (default dlx,fast)
  --limits 1,2        solution limits (default 1,2)
  --reps N            repetitions per figure; the median is reported (default 5)
  --max-puzzles N     use only the first N puzzles of each collection (default: all)
  --threads-lines N   lines in the file for the threads test (default 200000; 0 skips it)
  --threads-set NAME  collection repeated to make that file (default 17_clue)
  --keep K            solutions the engines keep per puzzle (default 0: count only, like the yardstick)
  --threads-only      skip the engine tables, run only the threads test
  --wait-for-cores S  before the threads test, wait up to S seconds for the probe to find 1.8
                      free cores (checks every 15 s; runs anyway when the time is up)
  --quick             --reps 3 --max-puzzles 2000 --threads-lines 50000 (a smoke run)
  --data DIR          shared data folder (default: the build's SUDOKIT_SHARED_DATA)
  --yardstick PATH    yardstick program (default: the one built beside this program; '' = none,
                      which leaves the ratios out)
  --sudokit PATH      sudokit program (default: the one built with this program)
)";

// Figures quoted in the brief for count-to-2, one thread, as a ratio to the yardstick.
// They are targets to read the table against, not thresholds this program enforces.
struct Target {
  const char* engine;
  const char* set;
  double ratio;
};
constexpr Target kTargets[] = {
    {"dlx", "17_clue", 1.0},  {"dlx", "hardest_1106", 1.0},
    {"fast", "17_clue", 0.2}, {"fast", "hardest_1106", 0.15},
};
std::optional<double> lookup(const Target* begin, const Target* end, const std::string& engine,
                             const std::string& set) {
  for (const Target* t = begin; t != end; ++t)
    if (engine == t->engine && set == t->set) return t->ratio;
  return std::nullopt;
}

struct Options {
  std::vector<std::string> sets{"17_clue", "top1465", "hardest_1106", "serg_multi"};
  std::vector<EngineKind> engines{EngineKind::dlx, EngineKind::fast};
  std::vector<std::uint64_t> limits{1, 2};
  int reps = 5;
  std::size_t keep = 0;
  std::size_t max_puzzles = 0;  // 0 = all
  std::size_t threads_lines = 200000;
  std::string threads_set = "17_clue";
  bool threads_only = false;
  double wait_for_cores_s = 0;
  fs::path data = SUDOKIT_SHARED_DATA;
  fs::path yardstick = SUDOKIT_YARDSTICK;
  fs::path sudokit = SUDOKIT_BINARY;
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');)
    if (!part.empty()) parts.push_back(part);
  return parts;
}

std::size_t parse_count(const std::string& flag, const std::string& text) {
  std::size_t used = 0;
  unsigned long long value = 0;
  try {
    value = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty() || text[0] == '-')
    throw std::invalid_argument(fmt::format("{} wants a non-negative integer, not '{}'", flag, text));
  return static_cast<std::size_t>(value);
}

Options parse_options(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string flag = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(flag + " needs a value");
      return argv[++i];
    };
    if (flag == "--help" || flag == "-h") {
      std::cout << kUsage;
      std::exit(0);
    } else if (flag == "--sets") {
      o.sets = split_commas(value());
    } else if (flag == "--engines") {
      o.engines.clear();
      for (const auto& name : split_commas(value())) {
        auto kind = parse_engine(name);
        if (!kind || *kind == EngineKind::automatic)
          throw std::invalid_argument("--engines takes dlx and/or fast, not '" + name + "'");
        o.engines.push_back(*kind);
      }
    } else if (flag == "--limits") {
      o.limits.clear();
      for (const auto& text : split_commas(value())) {
        const std::size_t limit = parse_count(flag, text);
        if (limit == 0) throw std::invalid_argument("--limits must be at least 1");
        o.limits.push_back(limit);
      }
    } else if (flag == "--reps") {
      o.reps = static_cast<int>(std::max<std::size_t>(1, parse_count(flag, value())));
    } else if (flag == "--keep") {
      o.keep = parse_count(flag, value());
    } else if (flag == "--max-puzzles") {
      o.max_puzzles = parse_count(flag, value());
    } else if (flag == "--threads-lines") {
      o.threads_lines = parse_count(flag, value());
    } else if (flag == "--threads-set") {
      o.threads_set = value();
    } else if (flag == "--threads-only") {
      o.threads_only = true;
    } else if (flag == "--wait-for-cores") {
      o.wait_for_cores_s = static_cast<double>(parse_count(flag, value()));
    } else if (flag == "--quick") {
      o.reps = 3;
      o.max_puzzles = 2000;
      o.threads_lines = 50000;
    } else if (flag == "--data") {
      o.data = value();
    } else if (flag == "--yardstick") {
      o.yardstick = value();
    } else if (flag == "--sudokit") {
      o.sudokit = value();
    } else {
      throw std::invalid_argument("unknown option '" + flag + "'\n" + kUsage);
    }
  }
  if (o.sets.empty() || o.engines.empty() || o.limits.empty())
    throw std::invalid_argument("--sets, --engines and --limits must not be empty");
  if (o.threads_only && o.threads_lines == 0) throw std::invalid_argument("--threads-only with --threads-lines 0");
  if (o.threads_only) o.sets.clear();
  return o;
}

// ---- clocks and statistics ----

double thread_cpu_us() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e6 + static_cast<double>(t.tv_nsec) / 1e3;
}

double median(std::vector<double> values) {
  if (values.empty()) return 0.0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2.0;
}

// (max - min) / median of the samples, as a fraction.
double spread(const std::vector<double>& values) {
  if (values.empty()) return 0.0;
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  const double middle = median(values);
  return middle > 0 ? (*high - *low) / middle : 0.0;
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one.empty() ? "unknown" : one + " " + five + " " + fifteen;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      return colon == std::string::npos ? line : line.substr(colon + 2);
    }
  return "unknown CPU";
}

std::string shell_quote(const std::string& text) {
  std::string quoted = "'";
  for (char ch : text) quoted += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return quoted + "'";
}

// ---- puzzles ----

// How many puzzles of a collection have no, one, or several solutions (up to the limit):
// the yardstick prints the same histogram, so every engine can be checked against it.
struct Histogram {
  std::uint64_t none = 0, one = 0, several = 0;
  void add(std::uint64_t count) { (count == 0 ? none : count == 1 ? one : several)++; }
  friend bool operator==(const Histogram&, const Histogram&) = default;
};

std::string describe(const Histogram& h) { return fmt::format("none {} one {} two+ {}", h.none, h.one, h.several); }

struct Collection {
  std::string name;
  fs::path file;  // what the yardstick and the parse timing read: exactly `puzzles`
  std::vector<Grid> puzzles;
};

Collection load_collection(const Options& o, const std::string& name, const fs::path& scratch) {
  Collection c;
  // A name with a '/' or ending in ".txt" is a file of one puzzle a line (e.g. one that
  // bench/tdoku_compare.sh wrote), shown by its stem; any other is a shared collection.
  const bool is_file = name.find('/') != std::string::npos ||
                       (name.size() > 4 && name.compare(name.size() - 4, 4, ".txt") == 0);
  c.name = is_file ? fs::path(name).stem().string() : name;
  c.file = is_file ? fs::path(name) : o.data / "puzzles" / (name + ".txt");
  std::ifstream in(c.file);
  if (!in) throw std::runtime_error("cannot read " + c.file.string());
  RecordReader reader(in, c.file.string());
  Record record;
  while (reader.next(record)) {
    if (!record.grid) throw std::runtime_error(fmt::format("{}:{}: {}", c.file.string(), record.line, record.error));
    if (!(record.grid->shape == Shape{9, 3, 3})) throw std::runtime_error(c.file.string() + " holds a non-9x9 puzzle");
    c.puzzles.push_back(*record.grid);
    if (o.max_puzzles && c.puzzles.size() == o.max_puzzles) break;
  }
  if (c.puzzles.empty()) throw std::runtime_error(c.file.string() + " holds no puzzle");
  if (o.max_puzzles && c.puzzles.size() == o.max_puzzles) {
    // A cut collection: both sides must see the same puzzles, so write them out.
    c.file = scratch / (c.name + ".txt");
    std::ofstream out(c.file);
    for (const Grid& g : c.puzzles) out << to_line(g) << '\n';
  }
  return c;
}

// Parsing cost per puzzle: the file streamed through RecordReader into one reused Record,
// as `sudokit solve` reads its input.
double time_parse_us(const Collection& c) {
  std::ifstream in(c.file);
  const double start = thread_cpu_us();
  RecordReader reader(in, c.file.string());
  Record record;
  std::size_t read = 0;
  while (reader.next(record)) read += record.grid.has_value();
  const double elapsed = thread_cpu_us() - start;
  if (read != c.puzzles.size()) throw std::runtime_error("parse timing read a different number of puzzles");
  return elapsed / static_cast<double>(read);
}

// ---- one timed pass ----

struct Pass {
  double us_per_puzzle = 0;
  Histogram histogram;
  SearchStats stats;
};

Pass time_engine(Solver& solver, const std::vector<Grid>& puzzles, std::uint64_t limit, std::size_t keep) {
  Pass pass;
  const double start = thread_cpu_us();
  for (const Grid& puzzle : puzzles) {
    const SolveResult result = solver.solve(puzzle, limit, keep);
    pass.histogram.add(result.count);
    pass.stats += result.stats;
  }
  pass.us_per_puzzle = (thread_cpu_us() - start) / static_cast<double>(puzzles.size());
  return pass;
}

Pass run_yardstick(const Options& o, const fs::path& file, std::uint64_t limit) {
  const std::string command = shell_quote(o.yardstick.string()) + " " + std::to_string(limit) + " " +
                              shell_quote(file.string());
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) throw std::runtime_error("cannot run " + command);
  std::string output;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
  const int status = pclose(pipe);
  long puzzles = 0, none = 0, one = 0, several = 0;
  double us = 0;
  // "puzzles %ld  none %ld  one %ld  two+ %ld  us/puzzle %.2f"
  if (status != 0 || std::sscanf(output.c_str(), "puzzles %ld none %ld one %ld two+ %ld us/puzzle %lf", &puzzles,
                                 &none, &one, &several, &us) != 5)
    throw std::runtime_error("unexpected yardstick output from '" + command + "': " + output);
  Pass pass;
  pass.us_per_puzzle = us;
  pass.histogram = {static_cast<std::uint64_t>(none), static_cast<std::uint64_t>(one),
                    static_cast<std::uint64_t>(several)};
  return pass;
}

// ---- results ----

struct Row {
  std::string set;
  std::size_t puzzles = 0;
  std::uint64_t limit = 0;
  std::string engine;  // "yardstick" or an engine name
  double us = 0;       // median, parse excluded (the yardstick's own figure includes its reading)
  double parse_us = 0;
  double nodes = 0, guesses = 0;  // per puzzle; engines only
  double ratio = 0;               // us / yardstick us
  double ratio_with_parse = 0;    // (us + parse_us) / yardstick us
  double spread = 0;              // (slowest - fastest repetition) / median: how noisy the figure was
};

std::string rate(double us) { return us > 0 ? fmt::format("{:.0f}", 1e6 / us) : "-"; }

std::string ratio_text(double ratio) {
  if (ratio <= 0) return "-";  // no yardstick
  return ratio >= 0.1 ? fmt::format("{:.2f}×", ratio) : fmt::format("{:.3f}×", ratio);
}

// ---- the threads test ----

// How many cores this process can actually get right now: two threads spin for a fixed wall
// time and report the CPU time they received. The kernel's autogroup scheduling shares the
// CPU fairly between sessions, not processes, so on a machine where other sessions keep the
// cores busy a second thread adds almost nothing (and `nice` does not help); this probe says
// so, instead of letting a poor speed-up be blamed on the program.
double cores_available(int threads = 2, double wall_seconds = 0.4) {
  std::vector<double> cpu_us(static_cast<std::size_t>(threads));
  std::vector<std::thread> spinners;
  for (int t = 0; t < threads; ++t)
    spinners.emplace_back([&, t] {
      const double start = thread_cpu_us();
      const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(wall_seconds);
      volatile std::uint64_t sink = 0;
      while (std::chrono::steady_clock::now() < until)
        for (int i = 0; i < 1000; ++i) sink = sink + static_cast<std::uint64_t>(i);
      cpu_us[static_cast<std::size_t>(t)] = thread_cpu_us() - start;
    });
  for (auto& spinner : spinners) spinner.join();
  double total = 0;
  for (double us : cpu_us) total += us;
  return total / 1e6 / wall_seconds;
}

struct ThreadsResult {
  double cores_before = 0, cores_after = 0;
  std::size_t lines = 0;
  double seconds_1 = 0, seconds_2 = 0;  // wall clock
  double cpu_1 = 0, cpu_2 = 0;          // user + system CPU seconds of the program
};

double children_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

struct CliRun {
  double wall = 0, cpu = 0;
};

// The CPU time is read beside the wall time so a poor speed-up can be told apart: CPU time
// that stays flat while wall time does not halve means the second core was busy elsewhere.
CliRun time_cli(const Options& o, const fs::path& file, int threads) {
  const std::string command = shell_quote(o.sudokit.string()) + " solve --threads " + std::to_string(threads) + " " +
                              shell_quote(file.string()) + " > /dev/null";
  const double cpu_before = children_cpu_seconds();
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  const auto stop = std::chrono::steady_clock::now();
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error("'" + command + "' failed (status " + std::to_string(status) + ")");
  return {std::chrono::duration<double>(stop - start).count(), children_cpu_seconds() - cpu_before};
}

ThreadsResult run_threads_test(const Options& o, const fs::path& scratch) {
  // The source collection is read as raw lines (comments dropped) and repeated until the file
  // holds the wanted number of lines: the program's own reader then does all the parsing.
  const fs::path source = o.data / "puzzles" / (o.threads_set + ".txt");
  std::ifstream in(source);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  if (lines.empty()) throw std::runtime_error("no puzzles in " + source.string());
  ThreadsResult r;
  r.lines = o.threads_lines;
  const fs::path big = scratch / "threads_input.txt";
  {
    std::ofstream out(big);
    for (std::size_t i = 0; i < r.lines; ++i) out << lines[i % lines.size()] << '\n';
  }
  constexpr double kEnoughCores = 1.8;
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::duration<double>(o.wait_for_cores_s);
  r.cores_before = cores_available();
  while (r.cores_before < kEnoughCores && std::chrono::steady_clock::now() < give_up) {
    std::cerr << fmt::format("threads test: {:.2f} cores free, waiting for {}\n", r.cores_before, kEnoughCores);
    std::this_thread::sleep_for(std::chrono::seconds(15));
    r.cores_before = cores_available();
  }
  std::vector<double> wall_1, wall_2, cpu_1, cpu_2;
  for (int rep = 0; rep < o.reps; ++rep) {
    std::cerr << fmt::format("threads test: repetition {}/{}\n", rep + 1, o.reps);
    const CliRun one = time_cli(o, big, 1), two = time_cli(o, big, 2);
    wall_1.push_back(one.wall);
    cpu_1.push_back(one.cpu);
    wall_2.push_back(two.wall);
    cpu_2.push_back(two.cpu);
  }
  r.seconds_1 = median(wall_1);
  r.seconds_2 = median(wall_2);
  r.cpu_1 = median(cpu_1);
  r.cpu_2 = median(cpu_2);
  r.cores_after = cores_available();
  return r;
}

void print_engine_tables(const Options& o, const std::vector<Row>& rows) {
  std::cout << "\n## Engines against the yardstick (one thread)\n\n";
  std::cout << fmt::format(
      "Median of {} repetitions of each whole collection{}; CPU time of the timing thread; "
      "engines through `sudokit::Solver::solve(puzzle, limit, keep = {})`; parse excluded "
      "(\"+ parse\" adds the median cost of streaming the file through `RecordReader`). "
      "The yardstick's own figure includes its reading of the file. Spread: (slowest - fastest "
      "repetition) / median.\n\n",
      o.reps, o.max_puzzles ? fmt::format(" (first {} puzzles of each)", o.max_puzzles) : std::string(), o.keep);

  std::cout << "| set | puzzles | limit | engine | µs/puzzle | puzzles/s | nodes/puzzle | guesses/puzzle | "
               "× yardstick | µs + parse | × yardstick + parse | spread |\n";
  std::cout << "|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const Row& r : rows) {
    if (r.engine == "yardstick") {
      std::cout << fmt::format("| {} | {} | {} | yardstick | {:.2f} | {} | - | - | 1.00× | - | - | {:.0f}% |\n",
                               r.set, r.puzzles, r.limit, r.us, rate(r.us), 100 * r.spread);
    } else {
      std::cout << fmt::format("| {} | {} | {} | {} | {:.2f} | {} | {:.1f} | {:.2f} | {} | {:.2f} | {} | {:.0f}% |\n",
                               r.set, r.puzzles, r.limit, r.engine, r.us, rate(r.us), r.nodes, r.guesses,
                               ratio_text(r.ratio), r.us + r.parse_us, ratio_text(r.ratio_with_parse),
                               100 * r.spread);
    }
  }

  // The summary the targets are stated in: count to 2, ratio to the yardstick.
  const bool has_limit_2 = std::find(o.limits.begin(), o.limits.end(), 2u) != o.limits.end();
  const bool has_ratios = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.ratio > 0; });
  if (has_limit_2 && has_ratios) {
    std::cout << "\n## Count to 2: ratio to the yardstick against the targets\n\n| engine |";
    for (const auto& set : o.sets) std::cout << " " << set << " |";
    std::cout << "\n|---|";
    for (std::size_t i = 0; i < o.sets.size(); ++i) std::cout << "---:|";
    std::cout << "\n";
    for (EngineKind kind : o.engines) {
      const std::string name{engine_name(kind)};
      std::cout << "| " << name << " |";
      for (const auto& set : o.sets) {
        for (const Row& r : rows)
          if (r.set == set && r.limit == 2 && r.engine == name) {
            std::cout << " " << ratio_text(r.ratio);
            if (auto target = lookup(std::begin(kTargets), std::end(kTargets), name, set))
              std::cout << fmt::format(" (target ≤ {}×{})", *target, r.ratio <= *target ? ", met" : ", not met");
          }
        std::cout << " |";
      }
      std::cout << "\n";
    }
    // No row for other solvers' ratios quoted from elsewhere: they were taken on other
    // machines and harnesses. bench/tdoku_compare.sh measures tdoku here, on the same input.
  }
}

// ---- the run ----

int run(const Options& o) {
  const fs::path scratch = fs::temp_directory_path() / fmt::format("sudokit_engines_bench_{}", getpid());
  fs::create_directories(scratch);
  struct Cleanup {
    fs::path path;
    ~Cleanup() {
      std::error_code ignored;
      fs::remove_all(path, ignored);
    }
  } cleanup{scratch};

  // The build leaves the path empty when ../shared/bench/yardstick.c was missing.
  const bool have_yardstick = !o.yardstick.empty();
  if (!have_yardstick) std::cerr << "engines_bench: no yardstick; ratios are left out\n";
  const std::string load_before = load_average();
  std::vector<Row> rows;
  std::vector<std::string> disagreements;

  for (const std::string& set : o.sets) {
    const Collection c = load_collection(o, set, scratch);
    const double n = static_cast<double>(c.puzzles.size());
    std::vector<double> parse_samples;
    for (int rep = 0; rep < o.reps; ++rep) parse_samples.push_back(time_parse_us(c));
    const double parse_us = median(parse_samples);

    for (std::uint64_t limit : o.limits) {
      std::cerr << fmt::format("{} ({} puzzles), limit {}\n", set, c.puzzles.size(), limit);
      std::vector<double> yard_samples;
      Histogram yard_histogram;
      std::map<EngineKind, std::vector<double>> samples;
      std::map<EngineKind, Pass> first_pass;
      std::vector<Solver> solvers;
      for (EngineKind kind : o.engines) solvers.emplace_back(kind);

      // Repetitions interleave the yardstick and the engines, so a burst of load from
      // elsewhere lands on all of them rather than on whichever ran during it.
      for (int rep = 0; rep < o.reps; ++rep) {
        if (have_yardstick) {
          const Pass yard = run_yardstick(o, c.file, limit);
          yard_samples.push_back(yard.us_per_puzzle);
          yard_histogram = yard.histogram;
        }
        for (std::size_t e = 0; e < o.engines.size(); ++e) {
          const Pass pass = time_engine(solvers[e], c.puzzles, limit, o.keep);
          samples[o.engines[e]].push_back(pass.us_per_puzzle);
          if (rep == 0) first_pass[o.engines[e]] = pass;
        }
      }

      // Without a yardstick the first engine's counts are the reference, and ratios are left out.
      const std::string reference = have_yardstick ? "yardstick" : std::string(engine_name(o.engines.front()));
      if (!have_yardstick) yard_histogram = first_pass[o.engines.front()].histogram;
      const double yard_us = have_yardstick ? median(yard_samples) : 0.0;
      if (have_yardstick)
        rows.push_back({set, c.puzzles.size(), limit, "yardstick", yard_us, 0, 0, 0, 1.0, 1.0, spread(yard_samples)});
      for (EngineKind kind : o.engines) {
        const Pass& pass = first_pass[kind];
        const std::string name{engine_name(kind)};
        if (!(pass.histogram == yard_histogram))
          disagreements.push_back(fmt::format("{} limit {}: {} says {}, {} says {}", set, limit, name,
                                              describe(pass.histogram), reference, describe(yard_histogram)));
        const double us = median(samples[kind]);
        const double ratio = have_yardstick ? us / yard_us : 0.0;
        const double ratio_with_parse = have_yardstick ? (us + parse_us) / yard_us : 0.0;
        rows.push_back({set, c.puzzles.size(), limit, name, us, parse_us, static_cast<double>(pass.stats.nodes) / n,
                        static_cast<double>(pass.stats.guesses) / n, ratio, ratio_with_parse, spread(samples[kind])});
      }
    }
  }

  std::optional<ThreadsResult> threads;
  if (o.threads_lines > 0) threads = run_threads_test(o, scratch);
  const std::string load_after = load_average();

  // ---- markdown ----
  std::cout << fmt::format(
      "Machine: {}, {} hardware threads; compiler: g++ {}. Load average (1, 5, 15 min): {} before, {} after.\n",
      cpu_model(), std::max(1L, sysconf(_SC_NPROCESSORS_ONLN)), __VERSION__, load_before, load_after);
  if (!rows.empty()) print_engine_tables(o, rows);
  if (threads) {
    const double lines = static_cast<double>(threads->lines);
    const double speedup = threads->seconds_1 / threads->seconds_2;
    std::cout << fmt::format(
        "\n## All threads: `sudokit solve` on {} lines ({} repeated), output to /dev/null\n\n"
        "Wall-clock time of the whole program (reading, solving with the default engine at limit 2, "
        "writing), median of {} runs each; CPU s is the program's user + system time.\n\n",
        threads->lines, o.threads_set, o.reps);
    std::cout << "| threads | wall s | puzzles/s | CPU s | speed-up |\n|---:|---:|---:|---:|---:|\n";
    std::cout << fmt::format("| 1 | {:.3f} | {:.0f} | {:.3f} | 1.00× |\n", threads->seconds_1,
                             lines / threads->seconds_1, threads->cpu_1);
    std::cout << fmt::format("| 2 | {:.3f} | {:.0f} | {:.3f} | {:.2f}× (target ≥ 1.8×{}) |\n", threads->seconds_2,
                             lines / threads->seconds_2, threads->cpu_2, speedup,
                             speedup >= 1.8 ? ", met" : ", not met");
    const double cores = std::min(threads->cores_before, threads->cores_after);
    std::cout << fmt::format(
        "\nCores this run could get (two spinning threads, CPU time over wall time): {:.2f} before, {:.2f} "
        "after.{}\n",
        threads->cores_before, threads->cores_after,
        cores < 1.8 ? " **Other work held the cores: this speed-up measures the machine, not the program.**"
                    : "");
  }

  if (!disagreements.empty()) {
    std::cout << "\n**Counts disagree:**\n\n";
    for (const auto& d : disagreements) std::cout << "- " << d << "\n";
    return 1;
  }
  if (!rows.empty())
    std::cout << fmt::format("\nEvery engine's counts (none / one / two or more solutions) agree with the {}'s.\n",
                             have_yardstick ? "yardstick" : "first engine");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return run(parse_options(argc, argv));
  } catch (const std::exception& e) {
    std::cerr << "engines_bench: " << e.what() << "\n";
    return 2;
  }
}

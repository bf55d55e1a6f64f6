// stream_bench: what streaming costs and what it buys, measured on the `sudokit solve` program.
//
//  latency     one puzzle at a time through a pipe kept open: the time from writing a line to
//              reading its answer (median, 90th percentile, max over --records records, with a
//              pause between them so each one arrives alone). Before records v2 no answer left
//              until 64 records had arrived or the input ended, so this never finished.
//  throughput  `sudokit solve` over a large file (17_clue repeated to --lines lines) with output
//              to a pipe that is drained (the worst case for streaming, which flushes per batch
//              there), --runs times, median seconds; with --baseline BINARY the same runs of
//              another build alternate with these, and the ratio is printed.
//
//   build/release/bench/stream_bench                         # 200 latency records, 10M lines x 3
//   build/release/bench/stream_bench --lines 2000000 --baseline /path/to/old/sudokit
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;

std::vector<std::string> read_puzzles(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> out;
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#') out.push_back(line);
  if (out.empty()) throw std::runtime_error("no puzzles in " + path);
  return out;
}

struct Child {
  pid_t pid = 0;
  int in = -1;   // we write here
  int out = -1;  // we read here
};

Child spawn(const std::vector<std::string>& args, const std::string& stdin_file = "") {
  int to[2], from[2];
  if (::pipe(from) != 0) throw std::runtime_error("pipe");
  if (stdin_file.empty() && ::pipe(to) != 0) throw std::runtime_error("pipe");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (stdin_file.empty()) {
    posix_spawn_file_actions_adddup2(&actions, to[0], STDIN_FILENO);
    posix_spawn_file_actions_addclose(&actions, to[1]);
  } else {
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, stdin_file.c_str(), O_RDONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&actions, from[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, from[0]);
  std::vector<std::string> words = args;
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  Child child;
  if (::posix_spawn(&child.pid, argv[0], &actions, nullptr, argv.data(), environ) != 0)
    throw std::runtime_error("cannot start " + args[0]);
  posix_spawn_file_actions_destroy(&actions);
  ::close(from[1]);
  child.out = from[0];
  if (stdin_file.empty()) {
    ::close(to[0]);
    child.in = to[1];
  }
  return child;
}

int wait_for(Child& child) {
  if (child.in >= 0) ::close(child.in);
  int status = 0;
  ::waitpid(child.pid, &status, 0);
  if (child.out >= 0) ::close(child.out);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/// Reads one line, waiting at most `limit`; false on timeout.
bool read_line(int fd, std::string& line, std::chrono::milliseconds limit) {
  line.clear();
  const auto deadline = Clock::now() + limit;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    char c = 0;
    if (::read(fd, &c, 1) != 1) return false;
    if (c == '\n') return true;
    line += c;
  }
}

double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

void latency(const std::string& binary, const std::vector<std::string>& puzzles, int records, int threads) {
  Child child = spawn({binary, "solve", "--threads", std::to_string(threads)});
  std::vector<double> ms;
  std::string answer;
  for (int i = 0; i < records; ++i) {
    const std::string line = puzzles[static_cast<std::size_t>(i) % puzzles.size()] + "\n";
    const auto start = Clock::now();
    if (::write(child.in, line.data(), line.size()) != static_cast<ssize_t>(line.size())) throw std::runtime_error("write");
    if (!read_line(child.out, answer, std::chrono::milliseconds(5000))) {
      fmt::print("latency: no answer within 5 s of record {} (the answer waits for more input)\n", i + 1);
      ::kill(child.pid, SIGKILL);
      wait_for(child);
      return;
    }
    // The first answer also pays for the program's start; the rest are the streaming path.
    if (i > 0) ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  wait_for(child);
  if (ms.empty()) return;
  fmt::print("latency (--threads {}): {} records one at a time: median {:.3f} ms, p90 {:.3f} ms, max {:.3f} ms\n",
             threads, records, percentile(ms, 0.5), percentile(ms, 0.9), *std::max_element(ms.begin(), ms.end()));
}

/// Seconds for one whole run over `file`, the output drained from a pipe.
double run_once(const std::string& binary, const std::string& file, int threads) {
  const auto start = Clock::now();
  Child child = spawn({binary, "solve", "--threads", std::to_string(threads)}, file);
  std::vector<char> buffer(1 << 16);
  while (::read(child.out, buffer.data(), buffer.size()) > 0) {
  }
  wait_for(child);
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  std::string binary = SUDOKIT_BINARY, baseline, set = "17_clue";
  long long lines = 10'000'000;
  int runs = 3, records = 200, threads = 1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--binary") binary = value();
    else if (arg == "--baseline") baseline = value();
    else if (arg == "--lines") lines = std::stoll(value());
    else if (arg == "--runs") runs = std::stoi(value());
    else if (arg == "--records") records = std::stoi(value());
    else if (arg == "--threads") threads = std::stoi(value());
    else if (arg == "--set") set = value();
    else {
      fmt::print(stderr, "usage: stream_bench [--binary B] [--baseline B] [--lines N] [--runs R] [--records K] "
                         "[--threads T] [--set NAME]\n");
      return 2;
    }
  }
  const auto puzzles = read_puzzles(std::string(SUDOKIT_SHARED_DATA) + "/puzzles/" + set + ".txt");
  latency(binary, puzzles, records, threads);
  if (!baseline.empty()) latency(baseline, puzzles, std::min(records, 5), threads);
  if (lines <= 0) return 0;

  char name[] = "/tmp/stream_bench_XXXXXX";
  const int fd = ::mkstemp(name);
  ::close(fd);
  {
    std::ofstream out(name, std::ios::binary);
    for (long long i = 0; i < lines; ++i) out << puzzles[static_cast<std::size_t>(i) % puzzles.size()] << '\n';
  }
  std::vector<double> ours, theirs;
  for (int r = 0; r < runs; ++r) {
    ours.push_back(run_once(binary, name, threads));
    if (!baseline.empty()) theirs.push_back(run_once(baseline, name, threads));
  }
  std::remove(name);
  const double mine = percentile(ours, 0.5);
  fmt::print("throughput (--threads {}): {} lines of {}: median {:.2f} s ({:.0f} lines/s) over {} runs\n", threads,
             lines, set, mine, static_cast<double>(lines) / mine, runs);
  if (!baseline.empty()) {
    const double base = percentile(theirs, 0.5);
    fmt::print("baseline: median {:.2f} s; this build / baseline = {:.3f}\n", base, mine / base);
  }
  return 0;
}

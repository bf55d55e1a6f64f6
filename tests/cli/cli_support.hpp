// cli_support.hpp: runs the built `sudokit` program from a test and captures what it did.
//
// The CLI tests treat the program as a black box: arguments and standard input go in,
// standard output, standard error and the exit status come out. The child is started with
// posix_spawn, and its three standard streams are temporary files rather than pipes: with
// pipes, a child writing a lot to stderr while the parent waits on stdout (or the reverse)
// deadlocks, and files make that impossible without a poll loop. The binary path comes from
// the SUDOKIT_BINARY macro that tests/CMakeLists.txt defines for every cli test.
//
// Usage:
//   auto r = sudokit::testing::run_sudokit({"solve", "--format", "jsonl"}, "puzzle text\n");
//   EXPECT_EQ(r.exit_code, 0) << r.err;
//   auto lines = sudokit::testing::split_lines(r.out);
//
// TempFile makes a named scratch file (removed when it goes out of scope) for tests that
// pass file names on the command line. data_lines() reads the shared collections, and
// solution_problem() checks an answer independently of every sudokit library (the cli
// tests link none of them, so a bug shared by the program and a library cannot hide).
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

extern char** environ;

namespace sudokit::testing {

/// What one run of the program did.
struct CliResult {
  std::string out;     ///< everything written to standard output
  std::string err;     ///< everything written to standard error
  int exit_code = -1;  ///< the exit status; 128 + signal number when a signal killed it
};

/// A scratch file under $TMPDIR (or /tmp), removed on destruction.
class TempFile {
 public:
  explicit TempFile(const std::string& contents = "", const std::string& suffix = ".txt") {
    const char* dir = std::getenv("TMPDIR");
    std::string pattern = std::string(dir && *dir ? dir : "/tmp") + "/sudokit_cli_XXXXXX" + suffix;
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    const int fd = ::mkstemps(buffer.data(), static_cast<int>(suffix.size()));
    if (fd < 0) throw std::runtime_error("mkstemps: " + std::string(std::strerror(errno)));
    ::close(fd);
    path_ = buffer.data();
    write(contents);
  }
  ~TempFile() { std::remove(path_.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  /// Replaces the file's contents (bytes as given: NUL bytes and binary are fine).
  void write(const std::string& contents) const {
    std::ofstream file(path_, std::ios::binary | std::ios::trunc);
    file.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    if (!file) throw std::runtime_error("cannot write " + path_);
  }
  std::string read() const {
    std::ifstream file(path_, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

/// Runs `program` with `args`, feeding `input` on standard input. Blocks until it exits.
inline CliResult run_program(const std::string& program, const std::vector<std::string>& args,
                             const std::string& input = "") {
  TempFile in(input), out, err;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, in.path().c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, out.path().c_str(), O_WRONLY | O_TRUNC, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.path().c_str(), O_WRONLY | O_TRUNC, 0);

  std::vector<std::string> words;
  words.push_back(program);
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);

  pid_t pid = 0;
  const int spawned = ::posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  CliResult result;
  if (spawned != 0) {
    result.err = "posix_spawn " + program + ": " + std::strerror(spawned);
    result.exit_code = 127;
    return result;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) result.exit_code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) result.exit_code = 128 + WTERMSIG(status);
  result.out = out.read();
  result.err = err.read();
  return result;
}

/// Runs the built `sudokit` binary (SUDOKIT_BINARY) with `args` and standard input `input`.
inline CliResult run_sudokit(const std::vector<std::string>& args, const std::string& input = "") {
  return run_program(SUDOKIT_BINARY, args, input);
}

/// Checks `jsonl` (the answers of `command`) against docs/records.schema.json with the
/// validator tests/schema/validate_records.py: every record a command writes follows the schema.
inline void expect_schema_valid(const std::string& command, const std::string& jsonl) {
  TempFile records(jsonl, ".jsonl");
  const auto r = run_program("/usr/bin/python3",
                             {std::string(SUDOKIT_SOURCE_DIR) + "/tests/schema/validate_records.py",
                              std::string(SUDOKIT_SOURCE_DIR) + "/docs/records.schema.json", command, records.path()});
  EXPECT_EQ(r.exit_code, 0) << command << ":\n" << r.out << r.err;
}

/// The lines of `text` without their '\n' (a final line without one is kept).
inline std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

/// The lines of `text` containing `needle`.
inline std::vector<std::string> lines_containing(const std::string& text, const std::string& needle) {
  std::vector<std::string> found;
  for (const std::string& line : split_lines(text))
    if (line.find(needle) != std::string::npos) found.push_back(line);
  return found;
}

/// Joins lines with '\n' after each (the way a file of records is written).
inline std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + '\n';
  return text;
}

/// The fields of one CSV row (RFC 4180: quoted fields, "" for a quote inside quotes).
/// The row must not span lines; tests check that no field holds a line break.
inline std::vector<std::string> parse_csv_row(const std::string& row) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < row.size(); ++i) {
    const char c = row[i];
    if (quoted) {
      if (c == '"' && i + 1 < row.size() && row[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

/// The puzzle lines of a shared collection (SUDOKIT_SHARED_DATA/relative), comments and
/// blank lines skipped, at most `max`. Fails the current test when the file is missing.
inline std::vector<std::string> data_lines(const std::string& relative, std::size_t max = SIZE_MAX) {
  const std::string path = std::string(SUDOKIT_SHARED_DATA) + "/" + relative;
  std::ifstream in(path);
  std::vector<std::string> lines;
  if (!in) {
    ADD_FAILURE() << "cannot read " << path;
    return lines;
  }
  std::string line;
  while (lines.size() < max && std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    lines.push_back(line);
  }
  return lines;
}

/// How a grid is written: its size, box and symbols (digit d is symbols[d - 1]).
struct GridSpec {
  int n = 9;
  int box_rows = 3;
  int box_cols = 3;
  std::string symbols = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  bool zero_is_empty = true;  ///< false for a custom alphabet, where only '.' is empty
};

/// Why `solution` is not a solution of `puzzle` (one-line forms), or "" when it is: it must
/// have n² cells, use only the symbols, keep every given, and repeat no symbol in a row,
/// column or box. Written here from the rules alone, sharing no code with sudokit.
inline std::string solution_problem(const std::string& puzzle, const std::string& solution,
                                    const GridSpec& spec = {}) {
  const std::size_t cells = static_cast<std::size_t>(spec.n * spec.n);
  if (puzzle.size() != cells) return "puzzle has " + std::to_string(puzzle.size()) + " cells";
  if (solution.size() != cells) return "solution has " + std::to_string(solution.size()) + " cells";
  const std::string symbols = spec.symbols.substr(0, static_cast<std::size_t>(spec.n));
  std::vector<int> digit(cells);
  for (std::size_t i = 0; i < cells; ++i) {
    const std::size_t at = symbols.find(solution[i]);
    if (at == std::string::npos) return "cell " + std::to_string(i) + " holds '" + solution[i] + "'";
    digit[i] = static_cast<int>(at);
    const char given = puzzle[i];
    const bool empty = given == '.' || (spec.zero_is_empty && given == '0');
    if (!empty && given != solution[i]) return "cell " + std::to_string(i) + " changes a given";
  }
  const int n = spec.n;
  for (int house = 0; house < 3 * n; ++house) {
    std::vector<bool> seen(static_cast<std::size_t>(n), false);
    for (int k = 0; k < n; ++k) {
      int row = 0, col = 0;
      const int which = house % n;
      if (house < n) {
        row = which, col = k;
      } else if (house < 2 * n) {
        row = k, col = which;
      } else {
        const int boxes_across = n / spec.box_cols;
        row = (which / boxes_across) * spec.box_rows + k / spec.box_cols;
        col = (which % boxes_across) * spec.box_cols + k % spec.box_cols;
      }
      const int d = digit[static_cast<std::size_t>(row * n + col)];
      if (seen[static_cast<std::size_t>(d)])
        return "repeated " + std::string(1, symbols[static_cast<std::size_t>(d)]) + " in " +
               (house < n ? "row " : house < 2 * n ? "column " : "box ") + std::to_string(which + 1);
      seen[static_cast<std::size_t>(d)] = true;
    }
  }
  return "";
}

/// A valid solution grid of any box shape (rows are shifted copies of the first), written
/// with spec.symbols: a known answer for sizes no collection covers.
inline std::string pattern_solution(const GridSpec& spec) {
  std::string out;
  for (int r = 0; r < spec.n; ++r)
    for (int c = 0; c < spec.n; ++c)
      out += spec.symbols[static_cast<std::size_t>((spec.box_cols * (r % spec.box_rows) + r / spec.box_rows + c) % spec.n)];
  return out;
}

/// `solution` with its main diagonal blanked: every row misses one cell, so the puzzle is
/// forced and has exactly that one solution.
inline std::string diagonal_blanked(const std::string& solution, int n) {
  std::string out = solution;
  for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(i * n + i)] = '.';
  return out;
}

/// "r3c5" for a cell of an n-wide grid (1-based, the convention sudokit prints).
inline std::string cell_label(int n, int cell) {
  return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1);
}

}  // namespace sudokit::testing

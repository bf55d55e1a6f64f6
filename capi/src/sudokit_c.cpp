// sudokit_c.cpp: the C API (sudokit/sudokit.h) over the C++ libraries.
//
// This file only translates: C strings in, sudokit::Grid through the libraries, lines out. The
// work is done by the same calls the `sudokit` program makes (parse_record and find_clashes as
// in `solve`, Solver::solve, Generator::generate with the program's default configuration,
// Grader::grade, Scorer::score with the target weights), so the answers are the program's.
//
// Exceptions: every entry point runs its body inside guarded(), which turns any C++ exception
// (std::bad_alloc, the engines' std::invalid_argument, ...) into -1 and a per-thread message.
// Threads: the reusable workers (a Solver, Generator, Grader and Scorer) and the last error are
// thread_local, so concurrent calls share nothing and a warm thread allocates nothing per call
// beyond the result line.
#include "sudokit/sudokit.h"

#include <chrono>
#include <cstring>
#include <exception>
#include <optional>
#include <string>
#include <vector>

#include "sudokit/generator.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/scorer.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/verifier.hpp"
#include "sudokit/version.hpp"

namespace {

thread_local std::string last_error;

// A failure the caller can act on (bad puzzle, small buffer, bad argument).
struct Failure {
  std::string why;
};

template <typename Body>
auto guarded(Body body) noexcept -> decltype(body()) {
  last_error.clear();
  try {
    return body();
  } catch (const Failure& f) {
    last_error = f.why;
  } catch (const std::exception& e) {
    last_error = e.what();
  } catch (...) {
    last_error = "unknown error";
  }
  return -1;
}

// The puzzle as the program's `solve` reads one record; clashing givens are invalid, as there.
sudokit::Grid read_puzzle(const char* text) {
  if (text == nullptr) throw Failure{"puzzle is NULL"};
  sudokit::Record record = sudokit::parse_record(std::string(text));
  if (!record.grid) throw Failure{record.error.empty() ? "not a puzzle" : record.error};
  if (auto clashes = sudokit::find_clashes(*record.grid, sudokit::kReportedClashes + 1); !clashes.empty())
    throw Failure{"givens clash: " + sudokit::describe_clashes(record.grid->shape, clashes)};
  return std::move(*record.grid);
}

// Writes `grid` as a line into buf (cap bytes, NUL included); buf NULL writes nothing.
void write_line(const sudokit::Grid& grid, char* buf, std::size_t cap) {
  if (buf == nullptr) return;
  const std::string line = sudokit::to_line(grid);
  if (line.size() + 1 > cap)
    throw Failure{"the buffer holds " + std::to_string(cap) + " bytes; the line needs " +
                  std::to_string(line.size() + 1) + " (with its NUL)"};
  std::memcpy(buf, line.c_str(), line.size() + 1);
}

// One set of reusable workers per thread, made on first use.
sudokit::Solver& solver() {
  thread_local sudokit::Solver instance;
  return instance;
}
sudokit::Generator& generator() {
  thread_local sudokit::Generator instance;
  return instance;
}
sudokit::Grader& grader() {
  thread_local sudokit::Grader instance;
  return instance;
}
sudokit::Scorer& scorer() {
  thread_local sudokit::Scorer instance;
  return instance;
}

// The one place a C++ Grade becomes the C struct (new Grade fields are added here).
void translate_grade(const sudokit::Grade& grade, sudokit_grade_info& out) {
  out.level = static_cast<int>(grade.level);
  out.score = grade.score;
  out.hardest = grade.hardest ? static_cast<int>(*grade.hardest) : -1;
  int steps = 0;
  for (int count : grade.counts) steps += count;
  out.steps = steps;
  out.guesses = grade.guesses;
  out.rating = grade.rating;
}

}  // namespace

extern "C" {

const char* sudokit_version(void) {
  last_error.clear();  // every call clears it (sudokit.h), this one too
  return SUDOKIT_VERSION_STRING;
}

const char* sudokit_last_error(void) { return last_error.c_str(); }

long sudokit_count(const char* puzzle, long limit, char* solution, size_t cap) {
  return guarded([&]() -> long {
    const sudokit::Grid grid = read_puzzle(puzzle);
    if (limit < 1) throw Failure{"limit " + std::to_string(limit) + " is below 1"};
    const sudokit::SolveResult result = solver().solve(grid, static_cast<std::uint64_t>(limit), 1);
    if (!result.solutions.empty()) write_line(result.solutions.front(), solution, cap);
    return static_cast<long>(result.count);
  });
}

int sudokit_generate(unsigned long long seed, unsigned long long index, int n, char* puzzle, size_t cap) {
  return guarded([&]() -> int {
    const auto shape = sudokit::default_shape(n);
    if (!shape) throw Failure{"size " + std::to_string(n) + " is not supported (sizes 1 to " +
                              std::to_string(sudokit::kMaxSize) + ")"};
    // `sudokit generate --seed SEED --size N`: every other option at its default.
    sudokit::GeneratorConfig config;
    config.shape = *shape;
    config.seed = seed;
    if (auto why = sudokit::impossible_request(config)) throw Failure{*why};
    const sudokit::GeneratedPuzzle made = generator().generate(config, index);
    if (!made.ok) throw Failure{made.failure};
    write_line(made.puzzle, puzzle, cap);
    return 0;
  });
}

int sudokit_grade(const char* puzzle, sudokit_grade_info* out) {
  return guarded([&]() -> int {
    const sudokit::Grid grid = read_puzzle(puzzle);
    if (out == nullptr) throw Failure{"out is NULL"};
    sudokit::GradeOptions options;
    options.record_path = false;
    options.only_unique = true;  // as `sudokit grade`: a puzzle of several solutions is not graded at all
    const sudokit::Grade grade = grader().grade(grid, options);
    if (grade.status != sudokit::GradeStatus::graded)
      throw Failure{grade.error.empty() ? "the puzzle cannot be graded" : grade.error};
    if (!grade.unique) throw Failure{"the puzzle has 2 or more solutions: only a uniquely solvable puzzle can be graded"};
    translate_grade(grade, *out);
    return 0;
  });
}

const char* sudokit_level_name(int level) {
  // NUL-terminated copies: the library's names are string_views.
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (int i = 0; i <= static_cast<int>(sudokit::Level::extreme); ++i)
      list.emplace_back(sudokit::level_name(static_cast<sudokit::Level>(i)));
    return list;
  }();
  last_error.clear();
  if (level < 0 || level >= static_cast<int>(names.size())) {
    last_error = "level " + std::to_string(level) + " is not 0 (easy) to " + std::to_string(names.size() - 1) + " (extreme)";
    return nullptr;
  }
  return names[static_cast<std::size_t>(level)].c_str();
}

const char* sudokit_technique_name(int technique) {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> list;
    for (int i = 0; i < sudokit::kTechniqueCount; ++i)
      list.emplace_back(sudokit::technique_name(static_cast<sudokit::Technique>(i)));
    return list;
  }();
  last_error.clear();
  if (technique < 0 || technique >= static_cast<int>(names.size())) {
    last_error = "technique " + std::to_string(technique) + " is not 0 to " + std::to_string(names.size() - 1);
    return nullptr;
  }
  return names[static_cast<std::size_t>(technique)].c_str();
}

int sudokit_score(const char* puzzle, long long* score, char* solution, size_t cap) {
  return guarded([&]() -> int {
    const sudokit::Grid grid = read_puzzle(puzzle);
    if (score == nullptr) throw Failure{"score is NULL"};
    // The program's budget per record: past it, the best found (2) or nothing found (-1).
    sudokit::ScoreOptions options;
    options.budget = sudokit::Budget::of_time(sudokit::Budget::seconds(sudokit::kDefaultScoreTimeoutSeconds));
    const sudokit::ScoreResult result = scorer().score(grid, sudokit::Weights::target(grid.shape.n), options);
    if (!result.solution) {
      if (result.proven) return 0;
      throw Failure{"the score's budget (" + std::to_string(static_cast<int>(sudokit::kDefaultScoreTimeoutSeconds)) +
                    " s, as `sudokit score`) ran out before a solution was found"};
    }
    write_line(*result.solution, solution, cap);
    *score = static_cast<long long>(result.score);
    return result.proven ? 1 : 2;
  });
}

}  // extern "C"

// module.cpp: the Python module sudokit._core (re-exported by the package `sudokit`).
//
// A front end like the C API: it translates Python values to the libraries' types, calls the
// same library functions as the `sudokit` program (so answers match the program's, byte for
// byte for generate), and translates the results to small read-only result objects.
//
// Batches: solve_many, grade_many, score_many and generate (count > 1) copy their inputs out
// of Python objects, release the GIL, and spread the items over every core with oneTBB
// (tbb::parallel_for in a task_arena of `threads` threads, 0 = all), one reusable Solver /
// Grader / Scorer / Generator per worker thread (tbb::enumerable_thread_specific), each item
// written to its own slot so the output order is the input order whatever the scheduling.
// The results become Python objects only after the GIL is taken back.
//
// Bad input is data, as in the program: an unreadable or clashing puzzle gives a result with
// status "invalid" and an error, never an exception; bad arguments raise ValueError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <chrono>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "sudokit/generator.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/scorer.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/verifier.hpp"
#include "sudokit/version.hpp"

namespace py = pybind11;

namespace {

// ---- result objects (plain data, exposed read-only) ------------------------------------------

struct SolveResultPy {
  std::string status;  // unique, multiple, none, invalid, solved (limit 1)
  std::uint64_t count = 0;
  std::optional<std::string> solution;
  std::vector<std::string> solutions;
  std::optional<std::string> error;
};

struct GradePy {
  std::string status;  // graded, multiple, none, invalid
  std::optional<std::string> level;
  double rating = 0;
  int score = 0;
  std::optional<std::string> hardest;
  int steps = 0;
  std::uint64_t guesses = 0;
  std::optional<std::string> error;
};

struct ScorePy {
  std::string status;  // scored, none, unknown (the budget ran out), invalid
  std::optional<std::int64_t> score;
  std::optional<std::string> solution;
  std::optional<std::string> error;
};

struct PuzzlePy {
  std::string puzzle;
  std::string solution;
  std::uint64_t seed = 0;
  std::uint64_t run_seed = 0;
  std::uint64_t index = 0;
  int clues = 0;
  std::string symmetry;
  bool minimal = false;
  std::optional<std::string> level;
  std::optional<int> score;
  std::optional<std::string> hardest;
};

// ---- translation -----------------------------------------------------------------------------

// The puzzle as the program's `solve` reads one record, or why it is invalid.
std::optional<sudokit::Grid> read_puzzle(const std::string& text, std::string& error) {
  sudokit::Record record = sudokit::parse_record(text);
  if (!record.grid) {
    error = record.error.empty() ? "not a puzzle" : record.error;
    return std::nullopt;
  }
  if (auto clashes = sudokit::find_clashes(*record.grid, sudokit::kReportedClashes + 1); !clashes.empty()) {
    error = "givens clash: " + sudokit::describe_clashes(record.grid->shape, clashes);
    return std::nullopt;
  }
  return std::move(record.grid);
}

SolveResultPy solve_one(sudokit::Solver& solver, const std::string& text, std::uint64_t limit) {
  SolveResultPy out;
  std::string error;
  auto grid = read_puzzle(text, error);
  if (!grid) {
    out.status = "invalid";
    out.error = error;
    return out;
  }
  try {
    sudokit::SolveResult result = solver.solve(*grid, limit, static_cast<std::size_t>(limit));
    out.count = result.count;
    for (const sudokit::Grid& s : result.solutions) out.solutions.push_back(sudokit::to_line(s));
    if (!out.solutions.empty()) out.solution = out.solutions.front();
    out.status = result.count == 0 ? "none" : result.count >= 2 ? "multiple" : limit >= 2 ? "unique" : "solved";
  } catch (const std::exception& e) {
    out.status = "invalid";
    out.error = e.what();
  }
  return out;
}

// The one place a C++ Grade becomes the Python result (new Grade fields are added here).
GradePy translate_grade(const sudokit::Grade& grade) {
  GradePy out;
  switch (grade.status) {
    case sudokit::GradeStatus::graded:
      out.status = grade.unique ? "graded" : "multiple";  // as `sudokit grade`: one solution or no grade
      break;
    case sudokit::GradeStatus::no_solution:
      out.status = "none";
      break;
    case sudokit::GradeStatus::invalid:
      out.status = "invalid";
      break;
    case sudokit::GradeStatus::unknown:  // a budget ran out (GradeOptions::budget; none set here)
      out.status = "unknown";
      break;
  }
  if (out.status == "graded") {
    out.level = std::string(sudokit::level_name(grade.level));
    out.rating = grade.rating;
    out.score = grade.score;
    if (grade.hardest) out.hardest = std::string(sudokit::technique_name(*grade.hardest));
    for (int count : grade.counts) out.steps += count;
    out.guesses = grade.guesses;
  } else {
    out.error = out.status == "multiple" ? "the puzzle has 2 or more solutions: only a uniquely solvable puzzle can be graded"
                                         : grade.error;
  }
  return out;
}

GradePy grade_one(sudokit::Grader& grader, const std::string& text) {
  std::string error;
  auto grid = read_puzzle(text, error);
  if (!grid) {
    GradePy out;
    out.status = "invalid";
    out.error = error;
    return out;
  }
  sudokit::GradeOptions options;
  options.record_path = false;
  options.only_unique = true;  // as `sudokit grade`: a puzzle of several solutions is not graded at all
  return translate_grade(grader.grade(*grid, options));
}

/// A score's budget in seconds (`timeout`), checked before any work: above 0 and finite.
std::chrono::nanoseconds checked_timeout(double seconds) {
  if (!(seconds > 0) || seconds > 7 * 24 * 3600.0)
    throw py::value_error("timeout must be more than 0 seconds and at most a week");
  return sudokit::Budget::seconds(seconds);
}

ScorePy score_one(sudokit::Scorer& scorer, const std::string& text, std::chrono::nanoseconds timeout) {
  ScorePy out;
  std::string error;
  auto grid = read_puzzle(text, error);
  if (!grid) {
    out.status = "invalid";
    out.error = error;
    return out;
  }
  sudokit::ScoreOptions options;
  options.budget = sudokit::Budget::of_time(timeout);
  const sudokit::ScoreResult result = scorer.score(*grid, sudokit::Weights::target(grid->shape.n), options);
  if (result.solution) {
    out.status = result.proven ? "scored" : "unknown";
    out.score = result.score;
    out.solution = sudokit::to_line(*result.solution);
  } else {
    out.status = result.proven ? "none" : "unknown";
  }
  if (!result.proven)
    out.error = result.solution ? "budget spent: the best score found, not proven the best"
                                : "budget spent before a solution was found";
  return out;
}

PuzzlePy translate_puzzle(const sudokit::GeneratedPuzzle& p, std::uint64_t run_seed) {
  PuzzlePy out;
  out.puzzle = sudokit::to_line(p.puzzle);
  out.solution = sudokit::to_line(p.solution);
  out.seed = p.seed;
  out.run_seed = run_seed;
  out.index = p.index;
  out.clues = p.clues;
  out.symmetry = std::string(sudokit::symmetry_name(p.symmetry));
  out.minimal = p.minimal;
  if (p.graded) {
    out.level = std::string(sudokit::level_name(p.level));
    out.score = p.score;
    out.hardest = p.hardest ? std::string(sudokit::technique_name(*p.hardest)) : std::string("none");
  }
  return out;
}

// ---- parallel batches ------------------------------------------------------------------------

int checked_threads(int threads) {
  if (threads < 0) throw py::value_error("threads must be 0 (every core) or more");
  return threads == 0 ? tbb::task_arena::automatic : threads;
}

// Runs item(i, worker) for i in [0, n) on `threads` threads without the GIL; Worker is made
// once per thread by make().
template <typename Worker, typename Make, typename Item>
void parallel_items(std::size_t n, int threads, Make make, Item item) {
  py::gil_scoped_release release;
  tbb::enumerable_thread_specific<Worker> workers(make);
  tbb::task_arena arena(checked_threads(threads));
  arena.execute([&] {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n), [&](const tbb::blocked_range<std::size_t>& range) {
      Worker& worker = workers.local();
      for (std::size_t i = range.begin(); i != range.end(); ++i) item(i, worker);
    });
  });
}

std::uint64_t checked_limit(long long limit) {
  if (limit < 1) throw py::value_error("limit must be at least 1");
  return static_cast<std::uint64_t>(limit);
}

// ---- arguments -------------------------------------------------------------------------------
//
// Arguments are taken as Python objects and converted here, so that a value out of range is the
// ValueError API.md promises (pybind11's own conversion answers TypeError, "incompatible
// function arguments", for an int past 64 bits or a string it cannot encode).

/// A puzzle: a str, as UTF-8; characters that are not text (a lone surrogate, as
/// surrogateescape decoding leaves for a byte that was not UTF-8) keep their byte, so the reader
/// names it and the puzzle is 'invalid' like any other bad one. bytes are taken as they are.
std::string puzzle_arg(const py::handle& value) {
  if (py::isinstance<py::bytes>(value)) return value.cast<std::string>();
  if (!py::isinstance<py::str>(value)) throw py::type_error("a puzzle must be a str");
  PyObject* bytes = PyUnicode_AsEncodedString(value.ptr(), "utf-8", "surrogateescape");
  if (bytes == nullptr) {  // a surrogate surrogateescape does not map back to a byte
    PyErr_Clear();
    bytes = PyUnicode_AsEncodedString(value.ptr(), "utf-8", "replace");
    if (bytes == nullptr) throw py::error_already_set();
  }
  std::string out(PyBytes_AS_STRING(bytes), static_cast<std::size_t>(PyBytes_GET_SIZE(bytes)));
  Py_DECREF(bytes);
  return out;
}

/// A sequence of puzzles (a str alone is refused: it would be taken character by character).
std::vector<std::string> puzzle_list(const py::handle& value) {
  if (py::isinstance<py::str>(value) || py::isinstance<py::bytes>(value))
    throw py::type_error("puzzles must be a list of str, not one str");
  std::vector<std::string> out;
  for (const py::handle item : py::iter(value)) out.push_back(puzzle_arg(item));
  return out;
}

/// An int argument within [low, high], else ValueError naming it.
long long int_arg(const py::handle& value, const char* name, long long low, long long high) {
  if (!PyLong_Check(value.ptr())) throw py::type_error(std::string(name) + " must be an int");
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  if (overflow == 0 && v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow != 0 || v < low || v > high)
    throw py::value_error(std::string(name) + " must be " + std::to_string(low) + " to " + std::to_string(high));
  return v;
}

/// An unsigned 64-bit int argument (a seed, an index), else ValueError naming it.
std::uint64_t u64_arg(const py::handle& value, const char* name) {
  if (!PyLong_Check(value.ptr())) throw py::type_error(std::string(name) + " must be an int");
  const unsigned long long v = PyLong_AsUnsignedLongLong(value.ptr());
  if (v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error(std::string(name) + " must be 0 to 2**64 - 1");
  }
  return v;
}

int threads_arg(const py::handle& value) {
  return static_cast<int>(int_arg(value, "threads", 0, std::numeric_limits<int>::max()));
}

std::uint64_t limit_arg(const py::handle& value) {
  return checked_limit(int_arg(value, "limit", 1, std::numeric_limits<long long>::max()));
}

// ---- generate's options ----------------------------------------------------------------------

sudokit::GeneratorConfig make_config(int size, const std::string& symmetry, const std::optional<std::string>& difficulty,
                                     const std::optional<std::pair<int, int>>& score, const py::object& clues,
                                     const std::string& removal, bool minimal, bool grade, int attempts) {
  sudokit::GeneratorConfig config;
  const auto shape = sudokit::default_shape(size);
  if (!shape) throw py::value_error("size " + std::to_string(size) + " is not supported (1 to 64)");
  config.shape = *shape;
  const auto sym = sudokit::parse_symmetry(symmetry);
  if (!sym)
    throw py::value_error("unknown symmetry '" + symmetry +
                          "' (none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral, random)");
  config.symmetry = *sym;
  const auto rem = sudokit::parse_removal(removal);
  if (!rem) throw py::value_error("unknown removal '" + removal + "' (full or quick)");
  config.removal = *rem;
  if (difficulty) {
    config.level = sudokit::parse_level(*difficulty);
    if (!config.level) throw py::value_error("unknown difficulty '" + *difficulty + "' (easy, medium, hard, expert, extreme)");
  }
  if (score) config.score = sudokit::ScoreRange{score->first, score->second};
  if (!clues.is_none()) {
    if (py::isinstance<py::int_>(clues)) {
      config.min_clues = config.max_clues = clues.cast<int>();
      if (config.min_clues <= 0) throw py::value_error("clues must be at least 1");
    } else {
      const auto range = clues.cast<std::pair<int, int>>();
      config.min_clues = range.first;
      config.max_clues = range.second;
      if (config.max_clues <= 0) throw py::value_error("the clue maximum must be at least 1");
    }
  }
  config.minimal = minimal;
  config.grade = grade;
  if (attempts < 1) throw py::value_error("attempts must be at least 1");
  config.max_attempts = attempts;
  if (auto why = sudokit::impossible_request(config)) throw py::value_error(*why);
  return config;
}

}  // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() =
      "sudokit: make, check, solve, grade and score Sudoku puzzles of any size.\n\n"
      "Puzzles are strings in any single-record form the sudokit program reads (one line of N*N\n"
      "symbols with '.' or '0' for empty cells, a block of N lines, or whitespace-separated\n"
      "integers); grids come back as one line. The *_many functions and generate() run on every\n"
      "core without holding the GIL.";
  m.attr("__version__") = SUDOKIT_VERSION_STRING;

  py::class_<SolveResultPy>(m, "SolveResult", "What solve() found for one puzzle.")
      .def_readonly("status", &SolveResultPy::status,
                    "'unique', 'multiple', 'none', 'invalid', or 'solved' (limit=1: a solution, uniqueness not checked)")
      .def_readonly("count", &SolveResultPy::count, "solutions found, up to the limit")
      .def_readonly("solution", &SolveResultPy::solution, "the first solution found, or None")
      .def_readonly("solutions", &SolveResultPy::solutions, "every solution found (at most the limit)")
      .def_readonly("error", &SolveResultPy::error, "why the puzzle is invalid, or None")
      .def("__repr__", [](const SolveResultPy& r) { return "<SolveResult " + r.status + " count=" + std::to_string(r.count) + ">"; });

  py::class_<GradePy>(m, "Grade", "How a person would solve one puzzle (the grader).")
      .def_readonly("status", &GradePy::status,
                    "'graded', 'multiple' (several solutions: no grade), 'none' (no solution) or 'invalid'")
      .def_readonly("level", &GradePy::level, "'easy', 'medium', 'hard', 'expert' or 'extreme'; None unless graded")
      .def_readonly("rating", &GradePy::rating, "the rating on Sukaku Explainer's scale (one decimal)")
      .def_readonly("score", &GradePy::score, "sum of the technique weights over the solving path")
      .def_readonly("hardest", &GradePy::hardest, "hardest technique used ('x-wing', ...), None if none was needed")
      .def_readonly("steps", &GradePy::steps, "steps on the solving path")
      .def_readonly("guesses", &GradePy::guesses, "branch points a search needs once logic stalls (0: none)")
      .def_readonly("error", &GradePy::error, "why it was not graded, or None")
      .def("__repr__", [](const GradePy& g) {
        return "<Grade " + g.status + (g.level ? " " + *g.level : std::string()) + " score=" + std::to_string(g.score) + ">";
      });

  py::class_<ScorePy>(m, "Score", "The target-Sudoku score of one puzzle.")
      .def_readonly("status", &ScorePy::status,
                    "'scored', 'none' (no solution), 'unknown' (the budget ran out: .score is the best "
                    "found, not proven) or 'invalid'")
      .def_readonly("score", &ScorePy::score, "the best weighted sum over all solutions, or None")
      .def_readonly("solution", &ScorePy::solution, "a solution reaching it, or None")
      .def_readonly("error", &ScorePy::error, "why the puzzle is invalid or the score unknown, or None")
      .def("__repr__", [](const ScorePy& s) {
        return "<Score " + s.status + (s.score ? " " + std::to_string(*s.score) : std::string()) + ">";
      });

  py::class_<PuzzlePy>(m, "Puzzle", "One generated puzzle.")
      .def_readonly("puzzle", &PuzzlePy::puzzle, "the puzzle as a line ('.' for empty cells)")
      .def_readonly("solution", &PuzzlePy::solution, "its unique solution as a line")
      .def_readonly("seed", &PuzzlePy::seed, "the puzzle seed: `sudokit generate --puzzle-seed SEED` remakes it")
      .def_readonly("run_seed", &PuzzlePy::run_seed, "the run's seed (generate(seed=...), or the one drawn)")
      .def_readonly("index", &PuzzlePy::index, "position in the run (0-based)")
      .def_readonly("clues", &PuzzlePy::clues, "number of givens")
      .def_readonly("symmetry", &PuzzlePy::symmetry, "the symmetry of the clue pattern")
      .def_readonly("minimal", &PuzzlePy::minimal, "True when no single clue can be removed")
      .def_readonly("level", &PuzzlePy::level, "grader level when graded (grade=True or a difficulty), else None")
      .def_readonly("score", &PuzzlePy::score, "grader score when graded, else None")
      .def_readonly("hardest", &PuzzlePy::hardest, "hardest technique when graded, else None")
      .def("__repr__", [](const PuzzlePy& p) { return "<Puzzle " + p.puzzle + ">"; });

  m.def(
      "solve",
      [](const py::object& puzzle_object, const py::object& limit) {
        const std::string puzzle = puzzle_arg(puzzle_object);
        const std::uint64_t checked = limit_arg(limit);
        py::gil_scoped_release release;
        thread_local sudokit::Solver solver;  // reused by this Python thread's later calls
        return solve_one(solver, puzzle, checked);
      },
      py::arg("puzzle"), py::arg("limit") = 2,
      "Solves one puzzle, counting solutions up to `limit` (2 decides uniqueness, 1 just\n"
      "finds one). Returns a SolveResult; an unreadable or clashing puzzle has status 'invalid'.");
  m.def(
      "solve_many",
      [](const py::object& puzzle_objects, const py::object& limit, const py::object& threads_object) {
        const std::vector<std::string> puzzles = puzzle_list(puzzle_objects);
        const std::uint64_t checked = limit_arg(limit);
        const int threads = threads_arg(threads_object);
        std::vector<SolveResultPy> results(puzzles.size());
        parallel_items<sudokit::Solver>(
            puzzles.size(), threads, [] { return sudokit::Solver(); },
            [&](std::size_t i, sudokit::Solver& solver) { results[i] = solve_one(solver, puzzles[i], checked); });
        return results;
      },
      py::arg("puzzles"), py::arg("limit") = 2, py::arg("threads") = 0,
      "solve() over a list of puzzles on `threads` threads (0: every core), GIL released.\n"
      "Returns the results in input order.");

  m.def(
      "grade",
      [](const py::object& puzzle_object) {
        const std::string puzzle = puzzle_arg(puzzle_object);
        py::gil_scoped_release release;
        thread_local sudokit::Grader grader;  // reused by this Python thread's later calls
        return grade_one(grader, puzzle);
      },
      py::arg("puzzle"),
      "Grades one puzzle by the human techniques it needs. Returns a Grade with .level\n"
      "('easy' ... 'extreme'), .score, .hardest and .steps, or status 'none' / 'invalid'.");
  m.def(
      "grade_many",
      [](const py::object& puzzle_objects, const py::object& threads_object) {
        const std::vector<std::string> puzzles = puzzle_list(puzzle_objects);
        const int threads = threads_arg(threads_object);
        std::vector<GradePy> results(puzzles.size());
        parallel_items<sudokit::Grader>(
            puzzles.size(), threads, [] { return sudokit::Grader(); },
            [&](std::size_t i, sudokit::Grader& grader) { results[i] = grade_one(grader, puzzles[i]); });
        return results;
      },
      py::arg("puzzles"), py::arg("threads") = 0,
      "grade() over a list of puzzles on `threads` threads (0: every core), GIL released.");

  m.def(
      "score",
      [](const py::object& puzzle_object, double timeout) {
        const std::string puzzle = puzzle_arg(puzzle_object);
        const auto budget = checked_timeout(timeout);
        py::gil_scoped_release release;
        thread_local sudokit::Scorer scorer;  // reused by this Python thread's later calls
        return score_one(scorer, puzzle, budget);
      },
      py::arg("puzzle"), py::arg("timeout") = sudokit::kDefaultScoreTimeoutSeconds,
      "The target-Sudoku score: the best sum of weight x digit over all solutions, with the\n"
      "contest's ring weights (6 on the border to 10 in the centre of a 9x9). Returns a Score.\n"
      "`timeout` seconds bound the search (60, as `sudokit score`): past it, status 'unknown'\n"
      "with the best score found so far, not proven the best.");
  m.def(
      "score_many",
      [](const py::object& puzzle_objects, const py::object& threads_object, double timeout) {
        const std::vector<std::string> puzzles = puzzle_list(puzzle_objects);
        const int threads = threads_arg(threads_object);
        const auto budget = checked_timeout(timeout);
        std::vector<ScorePy> results(puzzles.size());
        parallel_items<sudokit::Scorer>(
            puzzles.size(), threads, [] { return sudokit::Scorer(); },
            [&](std::size_t i, sudokit::Scorer& scorer) { results[i] = score_one(scorer, puzzles[i], budget); });
        return results;
      },
      py::arg("puzzles"), py::arg("threads") = 0, py::arg("timeout") = sudokit::kDefaultScoreTimeoutSeconds,
      "score() over a list of puzzles on `threads` threads (0: every core), GIL released;\n"
      "`timeout` seconds a puzzle.");

  m.def(
      "generate",
      [](const py::object& count_object, const py::object& seed, const py::object& size_object, const std::string& symmetry,
         const std::optional<std::string>& difficulty, const std::optional<std::pair<int, int>>& score,
         const py::object& clues, const std::string& removal, bool minimal, bool grade, const py::object& attempts_object,
         const py::object& start_object, const py::object& threads_object) {
        if (PyLong_Check(count_object.ptr()) && int_arg(count_object, "count", std::numeric_limits<long long>::min(),
                                                        std::numeric_limits<long long>::max()) < 0)
          throw py::value_error("count must not be negative");
        const long long count = int_arg(count_object, "count", 0, std::numeric_limits<long long>::max());
        const std::uint64_t start = u64_arg(start_object, "start");
        const int threads = threads_arg(threads_object);
        const int size = static_cast<int>(int_arg(size_object, "size", 1, sudokit::kMaxSize));
        const int attempts = static_cast<int>(
            int_arg(attempts_object, "attempts", std::numeric_limits<int>::min(), std::numeric_limits<int>::max()));
        // Indices past 2^64 - 1 would wrap back to the run's first puzzles.
        if (count > 0 && static_cast<std::uint64_t>(count - 1) > std::numeric_limits<std::uint64_t>::max() - start)
          throw py::value_error("start + count - 1 is past the last index of a run (2**64 - 1)");
        sudokit::GeneratorConfig config =
            make_config(size, symmetry, difficulty, score, clues, removal, minimal, grade, attempts);
        if (!seed.is_none()) {
          config.seed = u64_arg(seed, "seed");
        } else {
          std::random_device device;
          config.seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
        }
        std::vector<sudokit::GeneratedPuzzle> made(static_cast<std::size_t>(count));
        parallel_items<sudokit::Generator>(
            made.size(), threads, [] { return sudokit::Generator(); },
            [&](std::size_t i, sudokit::Generator& generator) { made[i] = generator.generate(config, start + i); });
        std::vector<PuzzlePy> results;
        results.reserve(made.size());
        for (const sudokit::GeneratedPuzzle& p : made) {
          if (!p.ok) throw std::runtime_error("puzzle " + std::to_string(p.index) + ": " + p.failure);
          results.push_back(translate_puzzle(p, config.seed));
        }
        return results;
      },
      py::arg("count") = 1, py::arg("seed") = py::none(), py::arg("size") = 9, py::arg("symmetry") = "none",
      py::arg("difficulty") = py::none(), py::arg("score") = py::none(), py::arg("clues") = py::none(),
      py::arg("removal") = "full", py::arg("minimal") = false, py::arg("grade") = false, py::arg("attempts") = 1000,
      py::arg("start") = 0, py::arg("threads") = 0,
      "Makes `count` uniquely solvable puzzles: indices start .. start+count-1 of the run `seed`\n"
      "(None: a random seed, reported as .run_seed). With the same options they are exactly the\n"
      "records of `sudokit generate --seed SEED` (symmetry, difficulty -> --difficulty, score=(lo, hi)\n"
      "-> --score, clues=N or (lo, hi) -> --clues, removal, minimal, grade, attempts). Runs on\n"
      "`threads` threads (0: every core) without the GIL. Raises ValueError for an impossible\n"
      "request and RuntimeError when a puzzle misses its target in `attempts` tries.");
}

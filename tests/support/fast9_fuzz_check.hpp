// fast9_fuzz_check.hpp: the property a fuzzer checks on the fast 9×9 engine's input.
//
// The engine's real input is whatever a user pipes into `sudokit solve`: bytes that the record
// reader turns into records, some of them 9×9 grids. So the fuzz target starts where the
// program does: arbitrary bytes go through sudokit::RecordReader, and every 9×9 grid it yields
// is counted to 2 by the fast engine and by DLX (the oracle). The property:
//   - every record either has a grid or says why not (a non-empty error): nothing is lost;
//   - both engines give the same count, every solution the fast engine hands out completes
//     the puzzle, and a unique puzzle's solution is DLX's.
// The same function serves two drivers: tests/fuzz/fast9_fuzz.cpp (libFuzzer, a clang build
// with -DSUDOKIT_FUZZ=ON, for long runs) and the unit test input_engine_fuzz_test.cpp, which
// replays mutated collection lines through it in every CI run, so the property is checked
// even where no fuzzer is built.
#pragma once

#include <cstddef>
#include <sstream>
#include <string>
#include <string_view>

#include "sudokit/grid.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/solver.hpp"

namespace sudokit::testing {

struct FuzzTally {
  std::size_t records = 0;   ///< records the reader returned
  std::size_t compared = 0;  ///< 9×9 grids both engines counted
  std::size_t by_count[3] = {0, 0, 0};  ///< of those: no solution, unique, two or more
};

/// Runs the property on `bytes`; returns "" when it holds, else what broke. At most
/// `max_records` records are looked at (a fuzzer's input can hold thousands of tiny ones).
inline std::string check_fast9_input(std::string_view bytes, Solver& fast, Solver& dlx, FuzzTally* tally = nullptr,
                                     std::size_t max_records = 64) {
  std::istringstream in{std::string(bytes)};
  RecordReader reader(in, "fuzz");
  Record record;
  const Shape classic{};
  for (std::size_t seen = 0; seen < max_records && reader.next(record); ++seen) {
    if (tally) ++tally->records;
    if (!record.grid) {
      if (record.error.empty()) return "record " + std::to_string(record.number) + " has neither a grid nor an error";
      continue;
    }
    const Grid& puzzle = *record.grid;
    if (!(puzzle.shape == classic)) continue;
    const SolveResult got = fast.solve(puzzle, 2, 2);
    const SolveResult want = dlx.solve(puzzle, 2, 1);
    if (tally) {
      ++tally->compared;
      ++tally->by_count[want.count < 2 ? want.count : 2];
    }
    const std::string where = "record " + std::to_string(record.number) + " (" + record.text + "): ";
    if (got.count != want.count)
      return where + "fast counts " + std::to_string(got.count) + ", dlx " + std::to_string(want.count);
    if (got.solutions.size() != got.count) return where + "fast kept fewer solutions than it counted";
    for (const Grid& s : got.solutions)
      if (!is_solution_of(puzzle, s)) return where + "a fast solution does not complete the puzzle";
    if (got.count == 1 && !(got.solutions[0] == want.solutions.at(0))) return where + "unique, but the solutions differ";
    if (got.count == 2 && got.solutions[0] == got.solutions[1]) return where + "two solutions, but the same grid twice";
  }
  return {};
}

}  // namespace sudokit::testing

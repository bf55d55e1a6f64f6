// fast9.hpp (internal): the bit-parallel 9×9 engine behind EngineKind::fast.
// Contract shared with the DLX engine: same counts, same notion of limit; the solutions it
// keeps may come in a different order from DLX's (tests compare sets, not order).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "sudokit/solver.hpp"

namespace sudokit::fast9 {

class Engine {
 public:
  Engine();
  ~Engine();
  Engine(Engine&&) noexcept;
  Engine& operator=(Engine&&) noexcept;

  /// `givens`: 81 bytes, row-major, 0 = empty, 1..9 = digit (values > 9 count as a clash).
  /// Counts solutions up to `limit` (>= 1); copies the first min(count, keep) of them into
  /// `solutions` (keep × 81 bytes, may be null when keep == 0). Clashing givens give 0.
  /// `stats`, when not null, is added to.
  std::uint64_t solve(const std::uint8_t* givens, std::uint64_t limit, std::uint8_t* solutions,
                      std::size_t keep, SearchStats* stats);

  /// As solve(), with one candidate taken away first: no solution puts `digit` (1..9) in
  /// `cell` (0..80). A removal test's question, "does the puzzle without this clue have a
  /// solution other than S?", is this with S's digit at the clue's cell, to the first solution
  /// (RemovalTester's 9×9 path).
  std::uint64_t solve_without(const std::uint8_t* givens, int cell, int digit, std::uint64_t limit,
                              SearchStats* stats);

  /// Adds the triad rules (see triads() in fast9.cpp) to every propagation. Off by default:
  /// they save guesses (hardest_1106: 139 -> 120 per puzzle) but cost more per node than they
  /// save on every shared collection (docs/PERFORMANCE.md). Counts and solutions are the same
  /// either way; the differential tests run both.
  void set_triads(bool on);

  /// How the search chooses where to branch (see search() in fast9.cpp). `cells`: a bivalue
  /// cell where they crowd, else the cell with the fewest candidates. `matchings`: one digit's
  /// row→box matching in the band with the fewest open matchings (tdoku's rule), with minirow
  /// capacity checked, which it needs: fewer guesses on hard puzzles, more work per choice.
  /// `adaptive` (the default): cells, then matchings once a search has made 15 guesses, or
  /// matchings from the start when the first propagation leaves a wide-open board with at most
  /// two bivalue cells.
  /// Counts and solution sets are the same in every mode; the differential tests run each.
  enum class Branching { cells, matchings, adaptive };
  void set_branching(Branching branching);

  /// Test hook: the cell branch's choice on a wide-open board counts bits with the popcnt
  /// instruction where the processor has it, with a portable sum otherwise; `on` forces the
  /// portable sum. The choices, and so everything else, are the same either way.
  void set_portable_counts(bool on);

  /// A removal pass in a known order (RemovalTester::plan_pass). pass_start() takes the
  /// solution S (81 digits, kept by pointer until the next pass_start) and the order of the
  /// single-clue tests (distinct cells, at most 81), and propagates the clues
  /// order[j..count-1] for every j (one fixpoint each, built from the next). Then
  /// pass_unique_without(i) answers "do the clues kept so far plus order[i+1..] have no solution
  /// other than S?", i.e. can order[i] go, starting from those two propagated halves instead
  /// of from the givens; pass_keep(i) adds order[i] to the kept clues (a clue that must stay).
  /// Each test is valid only for that puzzle; RemovalTester checks the puzzle matches.
  void pass_start(const std::uint8_t* solution, const int* order, int count);
  bool pass_unique_without(int i, SearchStats* stats);
  void pass_keep(int i);

  /// Visits solutions (81 bytes each) until `visit` returns false or `limit` were visited.
  std::uint64_t enumerate(const std::uint8_t* givens, std::uint64_t limit,
                          const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Test hooks for the placement's band-clearing step: clears `cells` from `words[0..8]` and
/// returns bit d set where words[d] held any of them; `portable` forces the scalar version,
/// otherwise the one the engine uses (SSE2 where the target has it, see vector_band_clear()).
std::uint32_t clear_band_cells_for_test(bool portable, std::uint32_t* words, std::uint32_t cells);
bool vector_band_clear();

/// Test hook for minirow capacity: filters a band word (27 bits) by its row→box matchings as
/// the engine does, then returns the cells of the minirows every remaining matching uses.
std::uint32_t forced_minirows_for_test(std::uint32_t word);

}  // namespace sudokit::fast9

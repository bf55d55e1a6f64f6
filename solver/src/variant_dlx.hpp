// variant_dlx.hpp (internal): any variant's rules (sudokit/variant.hpp) as an exact-cover
// problem, solved by the generic DLX engine (sudokit/exact_cover.hpp).
//
// The encoding generalises the classic one (sudoku_dlx.hpp) over the rules' house list:
//   rows     one per placement "digit d in cell x", id = x·N + (d − 1), then one per
//            (killer cage, digit combination), see below;
//   columns  cell x                      (exactly one digit per cell)
//            house h, digit d            (for every house of the rules: rows, columns,
//                                         boxes or jigsaw regions, diagonals, windows)
//            killer: cage k              (exactly one combination per cage)
//                    cage k, digit d     (d appears once in the cage, or the combination
//                                         chosen leaves d out)
// A placement covers its cell, the (house, d) of every house holding the cell and, when the
// cell is caged, (cage, d). A combination row "cage k takes the digit set S" (|S| = the
// cage's size, ΣS = its sum, S ascending) covers (cage k) and (cage k, d) for every d ∉ S.
// So in an exact cover every cage takes exactly one S, each d ∈ S sits in exactly one of
// its cells (the placements are then distinct digits adding up to the sum) and no d ∉ S
// appears: exactly the killer rule, with no arithmetic inside the search, and counting to
// 2 still decides uniqueness because each grid fixes its combinations (one cover per grid).
// Givens are forced rows (ExactCover::select); two clashing givens fail to select and give
// 0. The matrix is rebuilt per puzzle, which keeps this engine free of per-rules caches: it
// is the oracle (`--engine dlx`); speed is the fast variant engine's job (variant_fast.hpp,
// under `automatic`), which is held to this one's counts and solutions by the tests.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "sudokit/exact_cover.hpp"
#include "sudokit/variant.hpp"

namespace sudokit::dlx {

/// Most combination rows one puzzle's cages may need; beyond it solve() throws
/// std::invalid_argument (huge cages on big grids have astronomically many combinations).
inline constexpr std::size_t kMaxCageCombinations = 1'000'000;

/// The digit sets (ascending, each m distinct digits of 1..n adding up to `sum`), in
/// lexicographic order; stops after `cap` sets (the caller treats reaching it as too many).
std::vector<std::vector<int>> cage_combinations(int n, int m, int sum, std::size_t cap = kMaxCageCombinations + 1);

class VariantDlx {
 public:
  /// As SudokuDlx::solve, under `rules` (whose shape must be the puzzle's).
  std::uint64_t solve(const Rules& rules, const std::uint8_t* givens, std::uint64_t limit, std::uint8_t* solutions,
                      std::size_t keep, SearchStats* stats, const BudgetMeter* meter = nullptr);
  std::uint64_t enumerate(const Rules& rules, const std::uint8_t* givens, std::uint64_t limit,
                          const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                          const BudgetMeter* meter = nullptr);
  bool complete() const { return complete_; }

 private:
  // Builds the matrix and selects the givens; false when they clash.
  bool build(const Rules& rules, const std::uint8_t* givens);
  void write_solution(std::span<const int> rows, std::uint8_t* out) const;

  ExactCover cover_;
  std::vector<std::int32_t> placement_of_row_;  // x·N + d − 1, or −1 for a combination row
  std::vector<std::uint8_t> scratch_;
  std::vector<int> columns_;
  int n_ = 0;
  bool complete_ = true;
};

}  // namespace sudokit::dlx

// grader_stall_walk.hpp: the stalled positions of a puzzle, for tests of the hardest
// technique families (advanced.hpp) (header-only, white-box: includes the grader's board).
//
// walk_stalls() solves with the techniques through AIC until they stall, hands the stalled
// board to a visitor, then applies the first advanced step the visitor returns (or writes
// the solution's digit in a cell with fewest candidates when none) and goes on, so one
// puzzle yields every stall on its way to the solution. Every step is checked against the
// solution with expect_step_sound().
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "advanced.hpp"
#include "board.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/solver.hpp"

namespace sudokit::testing {

/// The finders of advanced.hpp, in the order their Technique values are declared.
struct AdvancedFinder {
  Technique technique;
  bool (*find)(const grading::Board&, Step&);
};
inline const std::vector<AdvancedFinder>& advanced_finders() {
  static const std::vector<AdvancedFinder> all = {
      {Technique::aligned_pair_exclusion, grading::find_aligned_pair_exclusion},
      {Technique::sue_de_coq, grading::find_sue_de_coq},
      {Technique::als_xz, grading::find_als_xz},
      {Technique::als_xy_wing, grading::find_als_xy_wing},
      {Technique::death_blossom, grading::find_death_blossom},
      {Technique::aligned_triple_exclusion, grading::find_aligned_triple_exclusion},
      {Technique::nishio, grading::find_nishio},
      {Technique::cell_forcing_chain, grading::find_cell_forcing_chain},
      {Technique::region_forcing_chain, grading::find_region_forcing_chain},
      {Technique::dynamic_contradiction, grading::find_dynamic_contradiction},
      {Technique::dynamic_forcing_chain, grading::find_dynamic_forcing_chain},
      {Technique::dynamic_forcing_chain_plus, grading::find_dynamic_forcing_chain_plus},
  };
  return all;
}

/// Position of `technique` in advanced_finders().
inline std::size_t finder_index(Technique technique) {
  const auto& all = advanced_finders();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].technique == technique) return i;
  return all.size();
}

/// No elimination removes the solution's digit, every placement is the solution's, and the
/// step makes progress on `board`.
inline void expect_step_sound(const grading::Board& board, const Step& step, const Grid& solution, const std::string& label) {
  const std::string text = describe_step(step, solution.shape) + " " + grading::describe_advanced(step, solution.shape);
  EXPECT_FALSE(step.placements.empty() && step.eliminations.empty()) << label << ": " << text;
  for (const CellDigit& p : step.placements) {
    EXPECT_EQ(solution.cells[static_cast<std::size_t>(p.cell)], p.digit) << label << ": " << text;
    EXPECT_EQ(board.value(p.cell), 0) << label << ": " << text;
  }
  for (const CellDigit& e : step.eliminations) {
    EXPECT_NE(solution.cells[static_cast<std::size_t>(e.cell)], e.digit) << label << ": " << text;
    EXPECT_TRUE(board.has(e.cell, e.digit)) << label << ": " << text;
  }
}

/// The first step of the techniques through AIC (the ladder below the advanced families).
inline std::optional<Step> basic_step(const grading::Board& board) {
  Step step;
  for (int t = 0; t <= static_cast<int>(Technique::aic); ++t)
    if (grading::find_technique(static_cast<Technique>(t), board, step)) return step;
  return std::nullopt;
}

/// Calls `visit(board)` at every stall of the basic techniques (at most `max_stalls`); the
/// visitor returns the step to apply, or nothing to have the solution's digit written.
inline void walk_stalls(const Grid& puzzle, const Grid& solution, int max_stalls,
                        const std::function<std::optional<Step>(const grading::Board&)>& visit) {
  grading::Board board = grading::Board::from_grid(puzzle);
  int stalls = 0;
  while (board.unsolved() > 0) {
    if (auto step = basic_step(board)) {
      board.apply(*step);
      continue;
    }
    if (stalls++ >= max_stalls) return;
    if (auto step = visit(board)) {
      board.apply(*step);
      continue;
    }
    int best = -1;
    for (int c = 0; c < board.cells(); ++c)
      if (board.value(c) == 0 && (best < 0 || grading::popcount(board.candidates(c)) < grading::popcount(board.candidates(best))))
        best = c;
    board.place(best, solution.cells[static_cast<std::size_t>(best)]);
  }
}

}  // namespace sudokit::testing

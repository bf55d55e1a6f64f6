// stall_search.hpp: how much search a stalled 9×9 board needs, measured as the DLX engine
// measures it, at twice its speed.
//
// When the ladder stalls, the grader reports `guesses`: the branch points of a Dancing Links
// search of the board's written digits until its first solution (grader.cpp; the `--nodes`
// budget counts that search's rows tried too). On hard puzzles that search was about 7% of a
// grade, and its time goes into chasing links. This file replays the same search on arrays:
// the same choices in the same order, so the same rows tried (`nodes`) and branch points
// (`guesses`), and the same stop under a node budget. The DLX engine stays the definition;
// tests/unit/grader_stall_search_test.cpp compares the two on thousands of boards.
//
// Why a replay can be exact: DLX's search is a function of the column sizes alone. It covers
// the lowest-numbered column among those with the fewest rows (sudoku_dlx.cpp keeps columns
// in id order: cells, then row-digit, column-digit, box-digit), tries that column's rows in
// id order (row id = cell·9 + digit, so a cell's digits ascending, a house's cells ascending),
// and a dead end is a column with no rows. Choosing a row covers its four columns, which
// removes exactly the candidates that writing the digit removes; so a candidate bitboard per
// digit plus the 324 column sizes carry everything the search looks at. A level copies that
// state (480 bytes) where DLX would uncover; a forced column (one row) is written in place,
// since backtracking never returns to it.
//
// Not replayed: Knuth's `updates` count (the grader does not report it), variants, sizes
// other than 9×9. Those go to the DLX engine itself.
#pragma once

#include <cstdint>

#include "sudokit/budget.hpp"

namespace sudokit::grading {

struct StallSearch {
  std::uint64_t nodes = 0;    ///< rows tried, as SearchStats::nodes of the DLX engine
  std::uint64_t guesses = 0;  ///< branch points (a chosen column with two rows or more)
  bool found = false;         ///< a solution was reached
  bool complete = true;       ///< false when the budget ran out first
};

/// DLX's search of the 81 `cells` (0 empty, 1..9 written) up to its first solution, replayed.
/// Givens that clash give an empty search (no nodes, not found), as the engine's do.
StallSearch dlx_stall_search(const std::uint8_t* cells, const Budget& budget = {});

}  // namespace sudokit::grading

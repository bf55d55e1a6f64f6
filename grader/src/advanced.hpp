// advanced.hpp: the hardest families of the ladder (ALS patterns, sue de coq, aligned
// exclusion, forcing chains), found with the same convention as board.hpp's finders: each
// `find_*` returns true with a step that makes progress and never changes the board.
//
// Every finder scans all instances and returns a smallest one (fewest cells for patterns,
// fewest chain nodes for chains), so what a step is worth does not depend on where on the
// grid it lies; among equals the first in scan order wins (cells row-major, digits
// ascending), which only decides *which* of several equally hard steps is taken.
//
// Chain length, which SE's rating adds to a chaining technique's base value
// (forcing_chain_length() / se_length_bonus()), lives in Step::chain for the forcing-chain
// techniques:
//   chain  every branch's proof in derivation order, branches separated by {-1, 0}; a node
//          {cell, +d} says "d is in cell", {cell, -d} says "d is not in cell". A branch starts
//          with its assumption. The number of nodes (separators excluded) is the chain
//          length, SE's "complexity".
//   cells  the assumption cells (one cell; a region's places of a digit);
//   houses the region of a region forcing chain;
//   digits the assumed digit(s).
// ALS steps carry their sets in `cells` (set after set) and `chain` (one {-1, 0}-separated
// group of {cell, digit} per set, digit = the set's restricted common digit that links it),
// see als.cpp.
//
// Sizes: the finders work on every size up to 16×16 and find nothing above it (they are
// bounded by bit sets of cells·n candidates); all were designed and tested on 9×9.
#pragma once

#include <limits>

#include <span>
#include <string>

#include "board.hpp"

namespace sudokit::grading {

// als.cpp
bool find_als_xz(const Board& board, Step& step);
bool find_als_xy_wing(const Board& board, Step& step);
/// Test hooks: the most ALS sets whose linked rows a board keeps for both finders above (0:
/// none kept, each row made again when asked), and back to the default. Per thread.
void set_als_kept_rows_for_test(std::size_t limit);
void reset_als_kept_rows_for_test();
bool find_death_blossom(const Board& board, Step& step);
// sue_de_coq.cpp
bool find_sue_de_coq(const Board& board, Step& step);
// aligned_exclusion.cpp
bool find_aligned_pair_exclusion(const Board& board, Step& step);
bool find_aligned_triple_exclusion(const Board& board, Step& step);
/// Test hook: what aligned exclusion removes from the 2 or 3 base cells `bases`, by the
/// general scan (`by_sets` false) or by the cell-set form the finders use up to 256 cells.
std::vector<CellDigit> aligned_exclusion_for_test(const Board& board, const std::vector<int>& bases, bool by_sets);
// forcing_chains.cpp
/// Nishio: one digit assumed in one cell, propagated on that digit alone (placements remove
/// it from peers, hidden singles place it), empties a house of the digit: the digit is not
/// in that cell.
bool find_nishio(const Board& board, Step& step);
/// Cell / region forcing chains over the board's fixed links (SE's "multiple" chains): every
/// candidate of a cell (every place of a digit in a house) implies the same conclusion.
bool find_cell_forcing_chain(const Board& board, Step& step);
bool find_region_forcing_chain(const Board& board, Step& step);
/// Dynamic forcing chains (singles propagated on the board as the assumption changes it):
/// contradiction form (assuming a candidate true, or false, empties a cell or a house or
/// makes a candidate both true and false) and verity form (both states of a candidate, every
/// candidate of a cell, or every place of a digit in a house imply the same conclusion).
bool find_dynamic_contradiction(const Board& board, Step& step);
bool find_dynamic_forcing_chain(const Board& board, Step& step);
/// Every step the analysis behind one of the finders here yields on this board (Nishio,
/// cell and region forcing chains, dynamic contradiction and forcing chains, and the "+"
/// forms of both, merged as find_dynamic_forcing_chain_plus chooses), shortest
/// first, each conclusion once, at most `limit` of them, appended to `out`; returns how many.
/// The first is the step the technique's find_ function gives. Each step is sound on any
/// later board of the same path: a conclusion is a fact about the solution, and taking
/// candidates away never breaks an implication of its proof.
/// With `max_length`, only conclusions whose chain (forcing_chain_length) is at most that
/// long are built and handed over (the same steps as filtering the full answer by length,
/// without building the proofs of the others: the grader asks for those rated within a
/// ceiling, and the length decides the rating); when none is, the shortest alone, so that
/// the first step is always the find_ function's.
std::size_t find_forcing_chain_steps(Technique technique, const Board& board, std::size_t limit, std::vector<Step>& out,
                                     int max_length = std::numeric_limits<int>::max());
/// Test hook: whether the analysis behind these finders skips the assumptions an earlier
/// run reached without a contradiction (on by default; off, every assumption is run). Per
/// thread.
void set_reach_skip_for_test(bool on);
/// Test hook: whether Nishio analyses take over the findings of the last one for the digits
/// whose places are the same (on by default; off, every digit is run). Per thread.
void set_nishio_memo_for_test(bool on);
/// Test hook: how many digits' findings Nishio analyses on this thread have taken over.
long nishio_digits_reused_for_test();
/// Dynamic forcing chains "+" (SE 9.0): propagation adds locked candidates (pointing and
/// claiming on the assumed board) to the singles; the shortest of both forms.
bool find_dynamic_forcing_chain_plus(const Board& board, Step& step);
/// The forcing chains a "+" analysis subsumes: Nishio, cell and region forcing chains,
/// dynamic contradiction and forcing chains. Their propagation rules are subsets of the "+"
/// rules, their assumptions and choices among its, and propagation is monotone, so a
/// conclusion of theirs is one of the "+" chains' too, or one of its branches meets a
/// contradiction, itself a "+" step. Hence: when the "+" chains have nothing on a board,
/// none of these has (the grader then does not ask them; GraderForcing.PlusChainsSubsumeTheOthers).
std::span<const Technique> forcing_chains_within_plus();

/// The pattern part of an ALS, death blossom or aligned exclusion step (als.cpp).
std::string describe_als(const Step& step, const Shape& shape);
/// Chain length of a forcing-chain step: the nodes of Step::chain, separators excluded.
int forcing_chain_length(const Step& step);
/// SE's length adjustment: +0.1 each time the length (minus 2) passes 4, 6, 8, 12, 16, 24,
/// 32, ... (the ceiling grows by 3/2 and 4/3 in turn).
double se_length_bonus(int length);
/// The pattern part of an explanation of one of these steps ("r1c1=5 => r2c3<>5 => ...");
/// empty for other techniques.
std::string describe_advanced(const Step& step, const Shape& shape);

}  // namespace sudokit::grading

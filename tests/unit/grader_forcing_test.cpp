// grader_forcing_test.cpp: Nishio, cell/region forcing chains and dynamic forcing chains
// (forcing_chains.cpp): hand-built positions with the exact conclusion and chain length,
// positions where nothing may fire, SE's length adjustment, soundness on the stalls of hard
// puzzles (every step agrees with the solution), and on those stalls that the "+" chains
// find something wherever the forcing chains they subsume do (the grader relies on it).
#include <algorithm>
#include <initializer_list>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "grader_board_helpers.hpp"

#include "advanced.hpp"
#include "board.hpp"
#include "grader_stall_walk.hpp"
#include "test_support.hpp"

namespace {

using sudokit::CellDigit;
using sudokit::Grid;
using sudokit::Step;
using sudokit::Technique;
using sudokit::grading::Board;
namespace g = sudokit::grading;

using sudokit::testing::kShape9;
using sudokit::testing::mask;
using sudokit::testing::rc;

/// Whether two answers are the same step: technique, conclusions, proof chain and cells.
bool same_step(const Step& a, const Step& b) {
  return a.technique == b.technique && a.placements == b.placements && a.eliminations == b.eliminations && a.chain == b.chain &&
         a.cells == b.cells;
}

/// Every `first_every`th line of `first`, then every `second_every`th of `second` (puzzle
/// files under ../shared/data).
std::vector<std::string> sampled_lines(const char* first, std::size_t first_every, const char* second, std::size_t second_every) {
  auto lines = sudokit::testing::every_nth(sudokit::testing::load_lines(first), first_every);
  for (const std::string& line : sudokit::testing::every_nth(sudokit::testing::load_lines(second), second_every)) lines.push_back(line);
  return lines;
}

TEST(GraderForcing, LengthBonusFollowsSe) {
  // length - 2 passes 4, 6, 8, 12, 16, 24, 32, ...
  EXPECT_DOUBLE_EQ(g::se_length_bonus(6), 0.0);
  EXPECT_NEAR(g::se_length_bonus(7), 0.1, 1e-9);
  EXPECT_NEAR(g::se_length_bonus(8), 0.1, 1e-9);
  EXPECT_NEAR(g::se_length_bonus(9), 0.2, 1e-9);
  EXPECT_NEAR(g::se_length_bonus(11), 0.3, 1e-9);
  EXPECT_NEAR(g::se_length_bonus(14), 0.3, 1e-9);
  EXPECT_NEAR(g::se_length_bonus(15), 0.4, 1e-9);
  EXPECT_NEAR(g::se_length_bonus(35), 0.7, 1e-9);
}

TEST(GraderForcing, NothingOnAFullBoard) {
  const Board b = Board::full(kShape9);
  Step s;
  EXPECT_FALSE(g::find_nishio(b, s));
  EXPECT_FALSE(g::find_cell_forcing_chain(b, s));
  EXPECT_FALSE(g::find_region_forcing_chain(b, s));
  EXPECT_FALSE(g::find_dynamic_contradiction(b, s));
  EXPECT_FALSE(g::find_dynamic_forcing_chain(b, s));
}

TEST(GraderForcing, NishioEmptiesAHouse) {
  // 5 in row 2 only at r2c1 and r2c2: 5 at r1c1 takes both, row 2 has no 5 left.
  Board b = Board::full(kShape9);
  for (int c = 3; c <= 9; ++c) b.eliminate(rc(2, c), 5);
  Step s;
  ASSERT_TRUE(g::find_nishio(b, s));
  EXPECT_EQ(s.technique, Technique::nishio);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(1, 1), 5}}));
  EXPECT_TRUE(s.placements.empty());
  // r1c1=5 => r2c2<>5 against r1c1=5 => r2c1<>5: the last removal's proof against the other's.
  EXPECT_EQ(g::forcing_chain_length(s), 4);
  EXPECT_EQ(s.chain.front(), (CellDigit{rc(1, 1), 5}));
  const std::string text = g::describe_advanced(s, kShape9);
  EXPECT_NE(text.find("r1c1=5"), std::string::npos) << text;
  EXPECT_NE(text.find("r2c2<>5"), std::string::npos) << text;
}

TEST(GraderForcing, NishioIgnoresOtherDigits) {
  // The same trap built from two digits (r2c1 and r2c2 {1,2}, r1c1 {1,2}) is no Nishio.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 2), mask({1, 2}));
  Step s;
  EXPECT_FALSE(g::find_nishio(b, s));
}

TEST(GraderForcing, CellForcingChainOverBivalueCells) {
  // r1c1 {1,2}: 1 => r1c5 {1,3} is 3 => r5c5 not 3; 2 => r5c1 {2,3} is 3 => r5c5 not 3.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 5), mask({1, 3}));
  b.set_candidates(rc(5, 1), mask({2, 3}));
  Step s;
  ASSERT_TRUE(g::find_cell_forcing_chain(b, s));
  EXPECT_EQ(s.technique, Technique::cell_forcing_chain);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(5, 5), 3}}));
  EXPECT_EQ(g::forcing_chain_length(s), 8);  // two branches of four nodes
  EXPECT_EQ(std::count(s.chain.begin(), s.chain.end(), CellDigit{-1, 0}), 1);
  // The dynamic form finds a conclusion at least as short.
  Step d;
  ASSERT_TRUE(g::find_dynamic_forcing_chain(b, d));
  EXPECT_LE(g::forcing_chain_length(d), 8);
  EXPECT_FALSE(d.eliminations.empty() && d.placements.empty());
}

TEST(GraderForcing, RegionForcingChain) {
  // 7 in row 1 only at r1c1 and r1c5; r4c1 and r4c5 {4,7}. Either place of 7 makes one of
  // r4c1, r4c5 7 and the other 4. Shortest common conclusions (2 + 6 or 4 + 4 nodes): the
  // rest of columns 1 and 5 lose 7, the rest of row 4 loses 4; the first in scan order is
  // r2c1<>7 (r1c1=7 => r2c1<>7 | r1c5=7 => r4c5<>7 => r4c5=4 => r4c1<>4 => r4c1=7 => r2c1<>7).
  Board b = Board::full(kShape9);
  for (int c = 1; c <= 9; ++c)
    if (c != 1 && c != 5) b.eliminate(rc(1, c), 7);
  b.set_candidates(rc(4, 1), mask({4, 7}));
  b.set_candidates(rc(4, 5), mask({4, 7}));
  Step s;
  ASSERT_TRUE(g::find_region_forcing_chain(b, s));
  EXPECT_EQ(s.technique, Technique::region_forcing_chain);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(2, 1), 7}})) << g::describe_advanced(s, kShape9);
  EXPECT_EQ(g::forcing_chain_length(s), 8);
  EXPECT_EQ(s.houses, (std::vector<int>{0}));
  EXPECT_EQ(s.cells, (std::vector<int>{rc(1, 1), rc(1, 5)}));
  EXPECT_EQ(g::describe_advanced(s, kShape9),
            "r1c1=7 => r2c1<>7 | r1c5=7 => r4c5<>7 => r4c5=4 => r4c1<>4 => r4c1=7 => r2c1<>7 (every branch agrees, length 8)");
}

TEST(GraderForcing, DynamicContradiction) {
  // r1c2 and r1c3 {1,3}: 1 at r1c1 leaves both 3.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(1, 1), mask({1, 2}));
  b.set_candidates(rc(1, 2), mask({1, 3}));
  b.set_candidates(rc(1, 3), mask({1, 3}));
  Step s;
  ASSERT_TRUE(g::find_dynamic_contradiction(b, s));
  EXPECT_EQ(s.technique, Technique::dynamic_contradiction);
  EXPECT_EQ(s.eliminations, (std::vector<CellDigit>{{rc(1, 1), 1}}));
  // r1c1=1 => r1c3<>1 => r1c3=3 against r1c1=1 => r1c2<>1 => r1c2=3 => r1c3<>3: 3 + 4 nodes.
  EXPECT_EQ(g::forcing_chain_length(s), 7);
  EXPECT_EQ(s.chain.front(), (CellDigit{rc(1, 1), 1}));
}

TEST(GraderForcing, DynamicContradictionPlacesWhenFalseFails) {
  // r9c8 holds only 8: assuming 8 false there empties the cell at once (length 1), shorter
  // than any elimination, so the step is the placement.
  Board b = Board::full(kShape9);
  b.set_candidates(rc(9, 9), mask({8, 9}));
  b.set_candidates(rc(9, 8), mask({8}));
  Step s;
  ASSERT_TRUE(g::find_dynamic_contradiction(b, s));
  EXPECT_EQ(s.placements, (std::vector<CellDigit>{{rc(9, 8), 8}}));
  EXPECT_TRUE(s.eliminations.empty());
  EXPECT_EQ(g::forcing_chain_length(s), 1);
}

/// Checks every advanced finder at the stalls of the given puzzles.
void check_collection(const std::vector<std::string>& lines, int max_stalls, std::array<int, 16>& fired, int& stalls,
                      int* plus_only = nullptr) {
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U) << line;
    const Grid& solution = solved.solutions.front();
    sudokit::testing::walk_stalls(puzzle, solution, max_stalls, [&](const Board& board) -> std::optional<Step> {
      ++stalls;
      std::optional<Step> first;
      const auto& finders = sudokit::testing::advanced_finders();
      for (std::size_t i = 0; i < finders.size(); ++i) {
        Step s;
        if (!finders[i].find(board, s)) continue;
        ++fired[i];
        EXPECT_EQ(s.technique, finders[i].technique);
        sudokit::testing::expect_step_sound(board, s, solution, line);
        if (!first) first = s;
      }
      // Stalls only the "+" propagation (locked candidates) resolves.
      if (plus_only && first && first->technique == Technique::dynamic_forcing_chain_plus) ++*plus_only;
      return first;
    });
  }
}

TEST(GraderForcing, SoundOnHardestStalls) {
  const auto lines = sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/hardest_1106.txt"), 37);
  std::array<int, 16> fired{};
  int stalls = 0, plus_only = 0;
  check_collection(lines, 6, fired, stalls, &plus_only);
  EXPECT_GT(stalls, 20);
  using sudokit::testing::finder_index;
  EXPECT_GT(fired[finder_index(Technique::dynamic_forcing_chain)], 0);  // dynamic forcing chains resolve hardest stalls
  // "+" finds at least what plain dynamic contradictions do
  EXPECT_GT(fired[finder_index(Technique::dynamic_forcing_chain_plus)], fired[finder_index(Technique::dynamic_contradiction)]);
  EXPECT_GT(plus_only, 0);         // and resolves stalls nothing else does
}

TEST(GraderForcing, SoundOnRatedStalls) {
  std::vector<std::string> hard;
  for (const std::string& line : sudokit::testing::load_lines("rated/se_dev.txt"))
    if (line.size() > 82 && std::stod(line.substr(82)) >= 7.0) hard.push_back(line);
  ASSERT_GT(hard.size(), 100U);
  std::array<int, 16> fired{};
  int stalls = 0;
  check_collection(sudokit::testing::every_nth(hard, hard.size() / 40), 6, fired, stalls);
  EXPECT_GT(stalls, 20);
  for (Technique t : {Technique::nishio, Technique::cell_forcing_chain, Technique::region_forcing_chain, Technique::dynamic_contradiction,
                      Technique::dynamic_forcing_chain, Technique::dynamic_forcing_chain_plus})
    EXPECT_GT(fired[sudokit::testing::finder_index(t)], 0) << sudokit::technique_name(t);  // every chain family fires
}

TEST(GraderForcing, PlusChainsSubsumeTheOthers) {
  // The grader does not ask the forcing chains of forcing_chains_within_plus() on a board where
  // the "+" chains have nothing at all. So wherever one of them has a step, the "+" chains
  // must have one too: checked on every stall of a sample of hard puzzles, the boards where
  // the "+" chains have nothing (before a guess) included.
  auto lines = sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/hardest_1106.txt"), 9);
  for (const std::string& line : sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/top1465.txt"), 37)) lines.push_back(line);
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  int boards = 0, plus_empty = 0, others_found = 0;
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U) << line;
    sudokit::testing::walk_stalls(puzzle, solved.solutions.front(), 6, [&](const Board& board) -> std::optional<Step> {
      std::vector<Step> plus;
      const bool plus_any = g::find_forcing_chain_steps(Technique::dynamic_forcing_chain_plus, board, 1, plus) > 0;
      for (Technique t : g::forcing_chains_within_plus()) {
        Step step;
        const bool found = g::find_technique(t, board, step);
        others_found += found;
        EXPECT_TRUE(plus_any || !found) << sudokit::technique_name(t) << " has a step where the + chains have none: " << line;
      }
      ++boards;
      plus_empty += !plus_any;
      return plus_any ? std::optional<Step>(plus.front()) : std::nullopt;
    });
  }
  EXPECT_GT(boards, 150);
  EXPECT_GT(plus_empty, 20);   // boards before a guess: where the claim saves work
  EXPECT_GT(others_found, 150);
  std::printf("stalls: %d, with no + chain: %d; steps of the subsumed finders: %d\n", boards, plus_empty, others_found);
}

}  // namespace

TEST(GraderForcing, AicMaxNodesKeepsTheShortStepsAndTheFirst) {
  // find_aic_steps with max_nodes M stops a start's search past M nodes once a shorter chain
  // is known: its steps of at most M nodes must be the full answer's, in the same order, and
  // its first step the full answer's first (the ladder keeps it as AIC's step). Boards: the
  // path of hard puzzles through the techniques below AIC, then AIC's own steps.
  const auto lines = sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/top1465.txt"), 97);
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  int compared = 0, shorter_than_first = 0;
  auto same = [](const Step& a, const Step& b) {
    return a.placements == b.placements && a.eliminations == b.eliminations && a.chain == b.chain;
  };
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U) << line;
    Board board = Board::from_grid(puzzle);
    for (int moves = 0; moves < 80 && board.unsolved() > 0; ++moves) {
      std::vector<Step> full;
      g::find_aic_steps(board, 24, full);
      const int first = full.empty() ? 0 : static_cast<int>(full.front().chain.size());
      for (int max_nodes : {2, first - 1, first, first + 2, first + 6}) {
        if (full.empty()) break;
        std::vector<Step> part;
        g::find_aic_steps(board, 24, part, max_nodes);
        EXPECT_FALSE(part.empty()) << line;
        if (part.empty()) continue;
        EXPECT_TRUE(same(part.front(), full.front())) << "max " << max_nodes << " " << line;
        std::vector<const Step*> want, got;
        for (const Step& s : full)
          if (static_cast<int>(s.chain.size()) <= max_nodes) want.push_back(&s);
        for (const Step& s : part)
          if (static_cast<int>(s.chain.size()) <= max_nodes) got.push_back(&s);
        EXPECT_EQ(got.size(), want.size()) << "max " << max_nodes << " " << line;
        for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i)
          EXPECT_TRUE(same(*got[i], *want[i])) << "max " << max_nodes << " " << i;
        shorter_than_first += max_nodes < first;
        ++compared;
      }
      Step step;
      bool found = false;
      for (int t = 0; t < static_cast<int>(Technique::aic) && !found; ++t) found = g::find_technique(static_cast<Technique>(t), board, step);
      if (found) {
        board.apply(step);
      } else if (!full.empty()) {
        board.apply(full.front());
      } else {
        int cell = 0;
        while (board.value(cell)) ++cell;
        board.place(cell, solved.solutions.front().cells[static_cast<std::size_t>(cell)]);
      }
    }
  }
  EXPECT_GT(compared, 100);
  EXPECT_GT(shorter_than_first, 20);
  std::printf("AIC answers compared: %d (%d asking for less than the shortest)\n", compared, shorter_than_first);
}

TEST(GraderForcing, MaxLengthBuildsExactlyTheShortSteps) {
  // find_forcing_chain_steps with max_length L must hand over exactly the steps of the full
  // answer whose chain is at most L long, in the same order, or, when there are none, the
  // full answer's first step alone (the grader's ladder keeps it as the technique's step).
  const auto lines = sudokit::testing::every_nth(sudokit::testing::load_lines("puzzles/top1465.txt"), 97);
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  int compared = 0, cut = 0, shortest_only = 0;
  auto same = [](const Step& a, const Step& b) {
    return a.technique == b.technique && a.placements == b.placements && a.eliminations == b.eliminations && a.chain == b.chain;
  };
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U) << line;
    sudokit::testing::walk_stalls(puzzle, solved.solutions.front(), 4, [&](const Board& board) -> std::optional<Step> {
      for (Technique t : {Technique::nishio, Technique::cell_forcing_chain, Technique::region_forcing_chain,
                          Technique::dynamic_contradiction, Technique::dynamic_forcing_chain, Technique::dynamic_forcing_chain_plus}) {
        std::vector<Step> full;
        g::find_forcing_chain_steps(t, board, 24, full);
        if (full.empty()) continue;
        const int shortest = g::forcing_chain_length(full.front());
        for (int max_length : {shortest - 1, shortest, shortest + 2, shortest + 6}) {
          std::vector<Step> part;
          g::find_forcing_chain_steps(t, board, 24, part, max_length);
          std::vector<const Step*> want;
          for (const Step& s : full)
            if (g::forcing_chain_length(s) <= max_length) want.push_back(&s);
          if (want.empty()) {
            want.push_back(&full.front());
            ++shortest_only;
          } else if (want.size() < full.size()) {
            ++cut;
          }
          EXPECT_EQ(part.size(), want.size()) << sudokit::technique_name(t) << " max " << max_length << " " << line;
          for (std::size_t i = 0; i < std::min(part.size(), want.size()); ++i)
            EXPECT_TRUE(same(part[i], *want[i])) << sudokit::technique_name(t) << " " << i;
          ++compared;
        }
      }
      Step step;
      return g::find_dynamic_forcing_chain_plus(board, step) ? std::optional<Step>(step) : std::nullopt;
    });
  }
  EXPECT_GT(compared, 100);
  EXPECT_GT(cut, 20);            // some answers lost their longer steps
  EXPECT_GT(shortest_only, 20);  // and some kept only the shortest
}

TEST(GraderForcing, NishioMemoChangesNoStep) {
  // A Nishio analysis takes over the last one's findings for each digit whose places (where it
  // can go, where it is written) are the same. Along the stalls of hard puzzles, with the memo
  // carried from stall to stall (and from one puzzle to the next, where the comparison must
  // drop it), every answer must be the one of running every digit, and the memo must have
  // been used.
  const auto lines = sampled_lines("puzzles/top1465.txt", 7, "puzzles/hardest_1106.txt", 17);
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  int compared = 0, nonempty = 0;
  const long reused_before = g::nishio_digits_reused_for_test();
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U) << line;
    sudokit::testing::walk_stalls(puzzle, solved.solutions.front(), 6, [&](const Board& board) -> std::optional<Step> {
      std::vector<Step> kept, every;
      g::set_nishio_memo_for_test(false);
      g::find_forcing_chain_steps(Technique::nishio, board, 24, every);
      g::set_nishio_memo_for_test(true);
      g::find_forcing_chain_steps(Technique::nishio, board, 24, kept);
      EXPECT_EQ(kept.size(), every.size()) << line;
      for (std::size_t i = 0; i < std::min(kept.size(), every.size()); ++i)
        EXPECT_TRUE(same_step(kept[i], every[i])) << "step " << i << " " << line;
      nonempty += !every.empty();
      ++compared;
      Step step;
      if (g::find_nishio(board, step)) return step;
      return g::find_dynamic_forcing_chain_plus(board, step) ? std::optional<Step>(step) : std::nullopt;
    });
  }
  const long reused = g::nishio_digits_reused_for_test() - reused_before;
  EXPECT_GT(compared, 500);
  EXPECT_GT(nonempty, 100);
  EXPECT_GT(reused, 2000);
  std::printf("Nishio answers compared: %d (%d with steps), digits taken over: %ld\n", compared, nonempty, reused);
}

TEST(GraderForcing, SkippingReachedAssumptionsChangesNoStep) {
  // The analysis does not run an assumption that an earlier run reached without a
  // contradiction (propagation is monotone: such a run derives a subset of the earlier one's),
  // and computes its reach only when a verity asks. Every technique's answer, steps and
  // proofs alike, must be the one of running every assumption.
  const auto lines = sampled_lines("puzzles/hardest_1106.txt", 11, "puzzles/top1465.txt", 29);
  sudokit::Solver solver(sudokit::EngineKind::dlx);
  int compared = 0, nonempty = 0;
  for (const std::string& line : lines) {
    const Grid puzzle = sudokit::testing::grid_from_line(line.substr(0, 81));
    const auto solved = solver.solve(puzzle, 2, 1);
    ASSERT_EQ(solved.count, 1U) << line;
    sudokit::testing::walk_stalls(puzzle, solved.solutions.front(), 4, [&](const Board& board) -> std::optional<Step> {
      // The dynamic ones first on the same board, as the ladder asks them (the verities then
      // read the contradiction analysis's reaches).
      for (Technique t : {Technique::nishio, Technique::dynamic_contradiction, Technique::dynamic_forcing_chain,
                          Technique::dynamic_forcing_chain_plus}) {
        std::vector<Step> skipped, every;
        g::set_reach_skip_for_test(true);
        g::find_forcing_chain_steps(t, board, 24, skipped);
        g::set_reach_skip_for_test(false);
        g::find_forcing_chain_steps(t, board, 24, every);
        g::set_reach_skip_for_test(true);
        EXPECT_EQ(skipped.size(), every.size()) << sudokit::technique_name(t) << " " << line;
        for (std::size_t i = 0; i < std::min(skipped.size(), every.size()); ++i)
          EXPECT_TRUE(same_step(skipped[i], every[i])) << sudokit::technique_name(t) << " step " << i << " " << line;
        nonempty += !every.empty();
        ++compared;
      }
      Step step;
      return g::find_dynamic_forcing_chain_plus(board, step) ? std::optional<Step>(step) : std::nullopt;
    });
  }
  EXPECT_GT(compared, 400);
  EXPECT_GT(nonempty, 200);
  std::printf("forcing-chain answers compared: %d (%d with steps)\n", compared, nonempty);
}

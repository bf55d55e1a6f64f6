// grader.cpp: the driver that turns techniques into a solving path and a grade.
//
// The loop is the one a careful person follows: look for the simplest technique that makes
// progress, apply it, start again from the simplest. Restarting after every step matters for
// the rating: a puzzle is as hard as the hardest thing it *needs*, and an X-Wing found while
// a hidden single was available would overstate it.
//
// Past the hardest step so far that restart is mostly waste: once the path has taken a step
// rated R (6.0 or more), any later step rated R or less leaves the rating at R, and on hard
// puzzles most of the grading time went into proving that no easier step than the next
// forcing chain exists (75% of top1465's time). So there the ladder asks the basic techniques
// as before, then the expensive ones cheapest-per-step first, takes the first step within R,
// and takes every conclusion of an AIC search or forcing-chain analysis at once (next_step's ceiling). A
// step above R is still found by the ladder exactly, so the rating rises only where SE's
// would. A guess counts as such a step (rated kGuessRating, 9.5): past one, any step up to
// 9.5 may follow, where the ladder used to be walked from the bottom for every step after
// the guess (hardest_1106: 1.3× faster, every rating and level the same).
// GradeOptions::easiest_path turns this off (SE's own path, step for step).
//
// Before the loop the solver decides whether the puzzle has a solution and whether it is
// unique (cheap next to grading, and the uniqueness techniques must not run otherwise). When
// the loop stalls, the grader measures how much search the stalled state needs (branch
// points of a DLX search, whose choice of the tightest column means it never branches where
// a single would do; on classic 9×9 the same search replayed on arrays, stall_search.hpp),
// then writes the solution's digit in the empty cell with the fewest
// candidates (a `guess` step) and goes on, so the path always ends at the solution.
//
// Table of technique names, weights and levels: see kTechniques below and grader.hpp.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "advanced.hpp"
#include "board.hpp"
#include "canonical.hpp"
#include "more_techniques.hpp"
#include "stall_search.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {
namespace {

struct TechniqueInfo {
  std::string_view name;
  int weight;
  double rating;  // SE's value (the base; chains add a length adjustment)
};

// Indexed by Technique. Weights after HoDoKu's defaults where it has them. Ratings are Sukaku
// Explainer's values (its rules' getDifficulty()); techniques SE does not have are rated as
// the SE technique that makes the same deduction: a W-Wing is a 6-node forcing chain, simple
// colouring an X-chain.
constexpr std::array<TechniqueInfo, kTechniqueCount> kTechniques = {{
    {"full-house", 4, 1.0},
    {"naked-single", 4, 2.3},
    {"hidden-single", 14, 1.2},  // 1.5 in a row or column (step_rating)
    {"locked-pointing", 50, 2.6},
    {"locked-claiming", 50, 2.8},
    {"naked-pair", 60, 3.0},
    {"hidden-pair", 70, 3.4},
    {"naked-triple", 80, 3.6},
    {"hidden-triple", 100, 4.0},
    {"unique-rectangle-1", 100, 4.5},
    {"bug-plus-1", 100, 5.6},
    {"naked-quad", 120, 5.0},
    {"skyscraper", 130, 4.0},
    {"x-wing", 140, 3.2},
    {"two-string-kite", 150, 4.1},
    {"w-wing", 150, 7.1},  // SE has none: the 6-node forcing chain it is (7.0 + 0.1)
    {"hidden-quad", 150, 5.4},
    {"swordfish", 150, 3.8},
    {"simple-colouring", 150, 6.6},
    {"xy-wing", 160, 4.2},
    {"jellyfish", 160, 5.2},
    {"xyz-wing", 180, 4.4},
    {"x-chain", 260, 5.4},
    {"xy-chain", 260, 6.6},
    {"aic", 280, 7.0},
    {"direct-pointing", 30, 1.7},
    {"direct-claiming", 30, 1.9},
    {"direct-hidden-pair", 40, 2.0},
    {"direct-hidden-triple", 50, 2.5},
    {"turbot-fish", 150, 4.2},
    {"empty-rectangle", 150, 4.3},  // Sukaku's source says 4.2; its rater's 4.3 puzzles need one (fitted)
    {"unique-rectangle-2", 110, 4.6},
    {"unique-rectangle-3", 110, 4.6},
    {"unique-rectangle-4", 110, 4.6},
    {"wxyz-wing", 200, 5.5},
    // The hardest families (advanced.hpp). SE: aligned pair exclusion 6.2, aligned triple
    // exclusion 7.5, Nishio 7.5, cell/region ("multiple") forcing chains 8.0, dynamic 8.5, the
    // chains plus the length adjustment. SE has no ALS rules; they are placed where SE rates
    // the forcing chains that make the same deduction (fitted, see docs/PERFORMANCE.md).
    {"aligned-pair-exclusion", 300, 6.2},
    {"sue-de-coq", 300, 8.0},  // SE has none: placed with the ALS rules (grader2's placeholder)
    {"als-xz", 300, 8.0},
    {"als-xy-wing", 320, 8.0},
    {"death-blossom", 340, 8.0},
    {"aligned-triple-exclusion", 350, 7.5},
    {"nishio", 400, 7.5},
    {"cell-forcing-chain", 450, 8.0},
    {"region-forcing-chain", 450, 8.0},
    {"dynamic-contradiction", 500, 8.5},
    {"dynamic-forcing-chain", 500, 8.5},
    {"dynamic-forcing-chain-plus", 550, 9.0},  // SE's "Dynamic Forcing Chains (+)"
    {"guess", 1000, kGuessRating},
    // SE has no finned fish: rated as the single-digit chain with three strong links they are
    // (fish.cpp); weights HoDoKu's.
    {"finned-x-wing", 130, 5.4},
    {"finned-swordfish", 200, 5.5},
    {"finned-jellyfish", 250, 5.6},
    // SE's unique loops: 4.5 + 0.1 (6 cells), 0.2 (8), 0.5 (10+); types 2 and 4 +0.1. The base
    // is the 6-cell loop's; the finder sets the step's rating (unique_loops.cpp).
    {"unique-loop-1", 110, 4.6},
    {"unique-loop-2", 120, 4.7},
    {"unique-loop-4", 120, 4.7},
    {"bug-type-2", 110, 5.7},
    // Killer (killer.cpp; SE rates no killers): placed among the techniques a solver's guide
    // teaches at the same stage. Innies/outies adds to its base (see killer.cpp).
    {"cage-combination", 30, 2.2},
    {"innies-outies", 60, 2.8},
    {"cage-locked-digit", 50, 2.6},  // locked candidates of a cage's required digit (+0.2 hidden)
    // Branch gtech2 (medusa.cpp, uniqueness_more.cpp; the finders set each step's rating).
    // 3D Medusa: SE has none; rated as the AIC it proves with (7.0 + length). UR 5 is SE's
    // unique-loop type 2 on four cells (4.6); UR 6 and hidden rectangles SE lacks (type 4's
    // 4.6 plus a strong link); avoidable rectangles as UR 1 / UR 2; BUG 3 and 4 SE's values.
    // Weights HoDoKu's where it has them.
    {"3d-medusa", 320, 7.0},
    {"unique-rectangle-5", 110, 4.6},
    {"unique-rectangle-6", 110, 4.7},
    {"hidden-rectangle", 110, 4.7},
    {"avoidable-rectangle-1", 100, 4.5},
    {"avoidable-rectangle-2", 110, 4.6},
    {"bug-type-3", 110, 5.8},  // 5.7 + 0.1 per naked-subset digit past one (a pair 5.8)
    {"bug-type-4", 110, 5.7},
}};

constexpr std::array<std::string_view, 5> kLevelNames = {"easy", "medium", "hard", "expert", "extreme"};

const TechniqueInfo& info(Technique t) { return kTechniques[static_cast<std::size_t>(t)]; }

/// `rules`: null for classic; otherwise names regions, diagonals and windows.
std::string house_name(const Shape& shape, int house, const Rules* rules = nullptr) {
  const int n = shape.n;
  if (house < n) return fmt::format("row {}", house + 1);
  if (house < 2 * n) return fmt::format("column {}", house - n + 1);
  if (rules && house >= 0 && static_cast<std::size_t>(house) < rules->houses.size()) {
    const House& h = rules->houses[static_cast<std::size_t>(house)];
    switch (h.kind) {
      case HouseKind::region: return fmt::format("region {}", h.number + 1);
      case HouseKind::diagonal: return fmt::format("diagonal {}", h.number + 1);
      case HouseKind::window: return fmt::format("window {}", h.number + 1);
      default: break;
    }
  }
  return fmt::format("box {}", house - 2 * n + 1);
}

std::string digit_list(std::uint64_t digits) {
  std::string out;
  for (std::uint64_t m = digits; m; m &= m - 1) {
    if (!out.empty()) out += ',';
    out += std::to_string(grading::lowest(m) + 1);
  }
  return out;
}

std::string cell_list(const Shape& shape, const std::vector<int>& cells) {
  std::string out;
  for (int c : cells) {
    if (!out.empty()) out += ' ';
    out += cell_name(shape, c);
  }
  return out;
}

}  // namespace

std::string_view technique_name(Technique technique) { return info(technique).name; }
int technique_weight(Technique technique) { return info(technique).weight; }
double technique_rating(Technique technique) { return info(technique).rating; }
Level level_for_rating(double rating) {
  // Thresholds on the printed (one-decimal) rating, so 2.45 and 2.5 never disagree.
  const double r = std::round(rating * 10.0) / 10.0;
  if (r < 2.45) return Level::easy;
  if (r < 3.95) return Level::medium;
  if (r < 5.95) return Level::hard;
  if (r < 7.45) return Level::expert;
  return Level::extreme;
}
Level technique_level(Technique technique) { return level_for_rating(technique_rating(technique)); }
bool needs_uniqueness(Technique technique) {
  switch (technique) {
    case Technique::unique_rectangle_1:
    case Technique::unique_rectangle_2:
    case Technique::unique_rectangle_3:
    case Technique::unique_rectangle_4:
    case Technique::bug_plus_1:
    case Technique::unique_loop_1:
    case Technique::unique_loop_2:
    case Technique::unique_loop_4:
    case Technique::bug_type_2:
    case Technique::unique_rectangle_5:
    case Technique::unique_rectangle_6:
    case Technique::hidden_rectangle:
    case Technique::avoidable_rectangle_1:
    case Technique::avoidable_rectangle_2:
    case Technique::bug_type_3:
    case Technique::bug_type_4: return true;
    default: return false;
  }
}
double chain_length_adjustment(int nodes) {
  // SE: +0.1 each time the length passes 4, 6, 8, 12, 16, 24, 32, 48, ... (alternately ×3/2, ×4/3).
  double added = 0.0;
  int ceiling = 4;
  bool odd = false;
  while (nodes > ceiling) {
    added += 0.1;
    ceiling = odd ? ceiling * 4 / 3 : ceiling * 3 / 2;
    odd = !odd;
  }
  return added;
}
double step_rating(const Step& step) {
  const double base = technique_rating(step.technique);
  switch (step.technique) {
    case Technique::x_chain:  // rated by the finder (strong links), else as a forcing X-chain
      return step.rating > 0.0 ? step.rating : 6.6 + chain_length_adjustment(static_cast<int>(step.chain.size()));
    case Technique::aic:
      return base + chain_length_adjustment(static_cast<int>(step.chain.size()));
    case Technique::xy_chain:  // each bivalue cell is two nodes (off, on)
      return base + chain_length_adjustment(2 * static_cast<int>(step.chain.size()));
    case Technique::simple_colouring:
      return base + chain_length_adjustment(static_cast<int>(step.chain.size()));
    case Technique::nishio:
    case Technique::cell_forcing_chain:
    case Technique::region_forcing_chain:
    case Technique::dynamic_contradiction:
    case Technique::dynamic_forcing_chain:
    case Technique::dynamic_forcing_chain_plus:
      // SE's complexity counts the chain's nodes; its adjustment starts after complexity - 2.
      return base + chain_length_adjustment(grading::forcing_chain_length(step) - 2);
    default: return step.rating > 0.0 ? step.rating : base;  // finders may refine (hidden single in a line: 1.5)
  }
}
std::optional<Technique> parse_technique(std::string_view name) {
  for (int i = 0; i < kTechniqueCount; ++i)
    if (kTechniques[static_cast<std::size_t>(i)].name == name) return static_cast<Technique>(i);
  return std::nullopt;
}
std::string_view level_name(Level level) { return kLevelNames[static_cast<std::size_t>(level)]; }
std::optional<Level> parse_level(std::string_view name) {
  for (std::size_t i = 0; i < kLevelNames.size(); ++i)
    if (kLevelNames[i] == name) return static_cast<Level>(i);
  return std::nullopt;
}

namespace {
std::string describe_with(const Step& step, const Shape& shape, const Rules* rules);
}  // namespace

std::string describe_step(const Step& step, const Shape& shape) { return describe_with(step, shape, nullptr); }
std::string describe_step(const Step& step, const Rules& rules) {
  return describe_with(step, rules.shape, rules.classic() ? nullptr : &rules);
}

namespace {
std::string describe_with(const Step& step, const Shape& shape, const Rules* rules) {
  std::string name(technique_name(step.technique));
  std::replace(name.begin(), name.end(), '-', ' ');
  std::string pattern;
  switch (step.technique) {
    case Technique::full_house:
    case Technique::hidden_single:
      pattern = fmt::format("{} is the only place for {} in {}", cell_list(shape, step.cells), digit_list(step.digits),
                            house_name(shape, step.houses.at(0), rules));
      break;
    case Technique::cage_combination: {
      // "cage 10 at r1c1 r1c2 takes only 1,2,3,4,6,7,8,9"
      const int cage = rules && !step.cells.empty() && !rules->cage_of.empty()
                           ? rules->cage_of[static_cast<std::size_t>(step.cells.front())]
                           : -1;
      pattern = fmt::format("cage {}at {} takes only {}",
                            cage >= 0 ? fmt::format("{} ", rules->cages[static_cast<std::size_t>(cage)].sum) : "",
                            cell_list(shape, step.cells), digit_list(step.digits));
      break;
    }
    case Technique::innies_outies: {
      // "r4c5 r4c6 add up to 11 (row 1, row 2, row 3)"
      std::string houses;
      for (int h : step.houses) houses += (houses.empty() ? "" : ", ") + house_name(shape, h, rules);
      pattern = fmt::format("{} add{} up to {} ({})", cell_list(shape, step.cells), step.cells.size() == 1 ? "s" : "",
                            step.chain.empty() ? 0 : step.chain.front().digit, houses);
      break;
    }
    case Technique::cage_locked_digit:
      // "cage 17 at r1c1 r1c2 r1c3 must hold 8 (only in r1c2 r1c3)" / "... (the only places for 8 in row 4)"
      {
        const int cage = rules && !step.cells.empty() && !rules->cage_of.empty()
                             ? rules->cage_of[static_cast<std::size_t>(step.cells.front())]
                             : -1;
        pattern = fmt::format("cage {}at {} must hold {}{}",
                              cage >= 0 ? fmt::format("{} ", rules->cages[static_cast<std::size_t>(cage)].sum) : "",
                              cell_list(shape, step.cells), digit_list(step.digits),
                              step.houses.empty() ? ""
                                                  : fmt::format(" (its only places in {})",
                                                                house_name(shape, step.houses.front(), rules)));
      }
      break;
    case Technique::naked_single:
      pattern = fmt::format("{} can only be {}", cell_list(shape, step.cells), digit_list(step.digits));
      break;
    case Technique::guess:
      pattern = "logic stalls; the solution's digit is written in the cell with fewest candidates";
      break;
    case Technique::x_chain:
    case Technique::xy_chain: {
      // X-Chain: r1c1 => r1c5 - r5c5 => r5c9 (strong '=>' then weak '-').
      // XY-Chain: each cell as (off=on), cells joined by the weak link's digit.
      for (std::size_t i = 0; i < step.chain.size(); ++i) {
        const CellDigit& node = step.chain[i];
        if (step.technique == Technique::x_chain) {
          if (i) pattern += node.digit ? " = " : " - ";
          pattern += cell_name(shape, node.cell);
        } else {
          const int off = i == 0 ? grading::lowest(step.digits) + 1 : step.chain[i - 1].digit;
          if (i) pattern += " - ";
          pattern += fmt::format("{}({}={})", cell_name(shape, node.cell), off, node.digit);
        }
      }
      pattern = fmt::format("digit {} along {}", digit_list(step.digits), pattern);
      break;
    }
    case Technique::medusa_3d: {
      // (5)r1c1 = (5)r1c7 = (3)r1c7: the proof's candidates along strong links, colours alternating.
      for (std::size_t i = 0; i < step.chain.size(); ++i) {
        if (i) pattern += " = ";
        pattern += fmt::format("({}){}", step.chain[i].digit, cell_name(shape, step.chain[i].cell));
      }
      pattern = fmt::format("colouring digits {} along strong links {}", digit_list(step.digits), pattern);
      break;
    }
    case Technique::aic: {
      // (5)r1c1 = (7)r1c1 - (7)r1c6 = ...: '=' strong (if the left is false the right is
      // true), '-' weak (if the left is true the right is false); the first node is false.
      for (std::size_t i = 0; i < step.chain.size(); ++i) {
        if (i) pattern += i % 2 ? " = " : " - ";
        pattern += fmt::format("({}){}", step.chain[i].digit, cell_name(shape, step.chain[i].cell));
      }
      break;
    }
    case Technique::simple_colouring: {
      std::vector<int> colour_a, colour_b;
      for (const CellDigit& node : step.chain) (node.digit == 1 ? colour_a : colour_b).push_back(node.cell);
      pattern = fmt::format("digit {} coloured A: {} / B: {}", digit_list(step.digits), cell_list(shape, colour_a),
                            cell_list(shape, colour_b));
      break;
    }
    default: {
      pattern = fmt::format("digits {} in {}", digit_list(step.digits), cell_list(shape, step.cells));
      if (!step.houses.empty()) {
        std::string houses;
        for (int h : step.houses) houses += (houses.empty() ? "" : ", ") + house_name(shape, h, rules);
        pattern += " (" + houses + ")";
      }
    }
  }
  std::string effect;
  for (const CellDigit& p : step.placements) effect += (effect.empty() ? "" : ", ") + fmt::format("{}={}", cell_name(shape, p.cell), p.digit);
  for (const CellDigit& e : step.eliminations)
    effect += (effect.empty() ? "" : ", ") + fmt::format("{}<>{}", cell_name(shape, e.cell), e.digit);
  return fmt::format("{}: {} => {}", name, pattern, effect);
}
}  // namespace

namespace grading {

namespace {

/// A direct technique (SE): its eliminations leave a hidden single, looked for where SE looks.
/// Locked candidates from house `from` into house `into`: in the other houses of `from`'s kind
/// that cross `into` (pointing: the other boxes along the line; claiming: the other lines of
/// the same direction through the box). Hidden subsets: in the subset's house, for the digits
/// the subset removed. SE then only writes that single (the hint's other eliminations are not
/// applied), so the step becomes that placement. Returns the first such single, or {-1, 0}.
CellDigit hidden_single_left(const Board& board, const Step& step) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  std::uint64_t digits = 0;
  for (const CellDigit& e : step.eliminations) digits |= digit_bit(e.digit);
  // `house` after the step: its positions of d minus the eliminated ones (no board copy:
  // this runs for every instance the direct finders meet).
  auto single_after = [&](int h, int d) -> int {
    const std::uint64_t before = board.positions(h, d);
    if (popcount(before) < 2) return -1;
    std::uint64_t after = before;
    const auto cells = topo.house(h);
    for (const CellDigit& e : step.eliminations)
      if (e.digit == d)
        for (std::size_t k = 0; k < cells.size(); ++k)
          if (cells[k] == e.cell) after &= ~bit(static_cast<int>(k));
    return popcount(after) == 1 ? cells[static_cast<std::size_t>(lowest(after))] : -1;
  };
  const bool locked = step.technique == Technique::locked_pointing || step.technique == Technique::locked_claiming;
  if (!locked) {
    const int h = step.houses.at(0);
    for (std::uint64_t m = digits & ~board.placed_in(h); m; m &= m - 1)
      if (const int c = single_after(h, lowest(m) + 1); c >= 0) return {c, lowest(m) + 1};
    return {-1, 0};
  }
  const int from = step.houses.at(0), into = step.houses.at(1);
  // The houses of from's kind: rows, columns, boxes, or a variant's extra houses (3n..).
  const int kind_first = from < 3 * n ? from / n * n : 3 * n;
  const int kind_last = from < 3 * n ? kind_first + n : topo.houses();
  const int d = lowest(digits) + 1;  // locked candidates remove one digit
  for (int h = kind_first; h < kind_last; ++h) {
    if (h == from) continue;
    bool crosses = false;
    for (int c : topo.house(h)) crosses = crosses || topo.in_house(c, into);
    if (!crosses) continue;
    if (const int c = single_after(h, d); c >= 0) return {c, d};
  }
  return {-1, 0};
}

/// Turns a locked-candidates or hidden-subset step into its direct form (the single it leaves).
void make_direct(const Board& board, Step& step, Technique technique) {
  const CellDigit single = hidden_single_left(board, step);
  step.technique = technique;
  step.eliminations.clear();
  step.placements = {single};
}

}  // namespace

bool find_technique(Technique technique, const Board& board, Step& step) {
  reset_step(step);
  const StepFilter direct = [&board](const Step& s) { return hidden_single_left(board, s).cell >= 0; };
  bool found = false;
  switch (technique) {
    case Technique::full_house: found = find_full_house(board, step); break;
    case Technique::naked_single: found = find_naked_single(board, step); break;
    case Technique::hidden_single: found = find_hidden_single(board, step); break;
    case Technique::locked_pointing: found = find_locked_pointing(board, step); break;
    case Technique::locked_claiming: found = find_locked_claiming(board, step); break;
    case Technique::naked_pair: found = find_naked_subset(board, 2, step); break;
    case Technique::hidden_pair: found = find_hidden_subset(board, 2, step); break;
    case Technique::naked_triple: found = find_naked_subset(board, 3, step); break;
    case Technique::hidden_triple: found = find_hidden_subset(board, 3, step); break;
    case Technique::unique_rectangle_1: found = find_unique_rectangle_1(board, step); break;
    case Technique::bug_plus_1: found = find_bug_plus_1(board, step); break;
    case Technique::naked_quad: found = find_naked_subset(board, 4, step); break;
    case Technique::skyscraper: found = find_skyscraper(board, step); break;
    case Technique::x_wing: found = find_fish(board, 2, step); break;
    case Technique::two_string_kite: found = find_two_string_kite(board, step); break;
    case Technique::w_wing: found = find_w_wing(board, step); break;
    case Technique::hidden_quad: found = find_hidden_subset(board, 4, step); break;
    case Technique::swordfish: found = find_fish(board, 3, step); break;
    case Technique::simple_colouring: found = find_simple_colouring(board, step); break;
    case Technique::xy_wing: found = find_xy_wing(board, step); break;
    case Technique::jellyfish: found = find_fish(board, 4, step); break;
    case Technique::xyz_wing: found = find_xyz_wing(board, step); break;
    case Technique::x_chain: found = find_x_chain(board, step); break;
    case Technique::xy_chain: found = find_xy_chain(board, step); break;
    case Technique::aic: found = find_aic(board, step); break;
    case Technique::direct_pointing:
      found = find_locked_pointing(board, step, direct);
      if (found) make_direct(board, step, technique);
      break;
    case Technique::direct_claiming:
      found = find_locked_claiming(board, step, direct);
      if (found) make_direct(board, step, technique);
      break;
    case Technique::direct_hidden_pair:
      found = find_hidden_subset(board, 2, step, direct);
      if (found) make_direct(board, step, technique);
      break;
    case Technique::direct_hidden_triple:
      found = find_hidden_subset(board, 3, step, direct);
      if (found) make_direct(board, step, technique);
      break;
    case Technique::turbot_fish: found = find_turbot_fish(board, step); break;
    case Technique::empty_rectangle: found = find_empty_rectangle(board, step); break;
    case Technique::unique_rectangle_2: found = find_unique_rectangle_2(board, step); break;
    case Technique::unique_rectangle_3: found = find_unique_rectangle_3(board, step); break;
    case Technique::unique_rectangle_4: found = find_unique_rectangle_4(board, step); break;
    case Technique::wxyz_wing: found = find_wxyz_wing(board, step); break;
    case Technique::aligned_pair_exclusion: found = find_aligned_pair_exclusion(board, step); break;
    case Technique::sue_de_coq: found = find_sue_de_coq(board, step); break;
    case Technique::als_xz: found = find_als_xz(board, step); break;
    case Technique::als_xy_wing: found = find_als_xy_wing(board, step); break;
    case Technique::death_blossom: found = find_death_blossom(board, step); break;
    case Technique::aligned_triple_exclusion: found = find_aligned_triple_exclusion(board, step); break;
    case Technique::nishio: found = find_nishio(board, step); break;
    case Technique::cell_forcing_chain: found = find_cell_forcing_chain(board, step); break;
    case Technique::region_forcing_chain: found = find_region_forcing_chain(board, step); break;
    case Technique::dynamic_contradiction: found = find_dynamic_contradiction(board, step); break;
    case Technique::dynamic_forcing_chain: found = find_dynamic_forcing_chain(board, step); break;
    case Technique::dynamic_forcing_chain_plus: found = find_dynamic_forcing_chain_plus(board, step); break;
    case Technique::finned_x_wing: found = find_finned_fish(board, 2, step); break;
    case Technique::finned_swordfish: found = find_finned_fish(board, 3, step); break;
    case Technique::finned_jellyfish: found = find_finned_fish(board, 4, step); break;
    case Technique::unique_loop_1: found = find_unique_loop_1(board, step); break;
    case Technique::unique_loop_2: found = find_unique_loop_2(board, step); break;
    case Technique::unique_loop_4: found = find_unique_loop_4(board, step); break;
    case Technique::bug_type_2: found = find_bug_type_2(board, step); break;
    case Technique::cage_combination: found = find_cage_combination(board, step); break;
    case Technique::innies_outies: found = find_innies_outies(board, step); break;
    case Technique::cage_locked_digit: found = find_cage_locked_digit(board, step); break;
    case Technique::medusa_3d: found = find_medusa_3d(board, step); break;
    case Technique::unique_rectangle_5: found = find_unique_rectangle_5(board, step); break;
    case Technique::unique_rectangle_6: found = find_unique_rectangle_6(board, step); break;
    case Technique::hidden_rectangle: found = find_hidden_rectangle(board, step); break;
    case Technique::avoidable_rectangle_1: found = find_avoidable_rectangle_1(board, step); break;
    case Technique::avoidable_rectangle_2: found = find_avoidable_rectangle_2(board, step); break;
    case Technique::bug_type_3: found = find_bug_type_3(board, step); break;
    case Technique::bug_type_4: found = find_bug_type_4(board, step); break;
    case Technique::guess: return false;
  }
  if (found) step.rating = step_rating(step);
  return found;
}

// The order techniques are tried: SE's order (increasing base rating; among equals, the one
// SE tries first). Chains are tried together at the end (see next_step).
// Not in the ladder: finned and sashimi fish (SE has none; with them the calibration against
// SE got worse, Spearman 0.9799 -> 0.9780, mean |rating - SE| 0.147 -> 0.154 on rate_bench
// --every 8), available through find_technique(). Likewise (branch gtech2, same bench and
// sample; docs/PERFORMANCE.md): hidden rectangles (0.9799 -> 0.9790, 0.147 -> 0.155),
// avoidable rectangles of type 1 (Spearman 0.9797) and unique rectangles of type 6 (better on
// that sample, worse on the whole dev set: 0.9811 -> 0.9806, 0.139 -> 0.144); 3D Medusa
// changes no rating measurably but costs about a fifth of the grading time, so it stays out.
constexpr Technique kLadder[] = {
    Technique::full_house,         Technique::hidden_single,      Technique::direct_pointing,
    Technique::direct_claiming,    Technique::direct_hidden_pair, Technique::cage_combination,
    Technique::naked_single,       Technique::direct_hidden_triple, Technique::locked_pointing,
    Technique::cage_locked_digit,  Technique::locked_claiming,    Technique::innies_outies,
    Technique::naked_pair,
    Technique::x_wing,             Technique::hidden_pair,
    Technique::naked_triple,       Technique::swordfish,          Technique::hidden_triple,
    Technique::skyscraper,         Technique::two_string_kite,    Technique::xy_wing,
    Technique::turbot_fish,        Technique::empty_rectangle,    Technique::xyz_wing,
    Technique::unique_rectangle_1, Technique::unique_rectangle_2,
    Technique::unique_rectangle_5, Technique::avoidable_rectangle_2,
    Technique::unique_rectangle_4, Technique::unique_rectangle_3, Technique::unique_loop_1,
    Technique::unique_loop_2,      Technique::unique_loop_4,      Technique::naked_quad,
    Technique::jellyfish,          Technique::x_chain,            Technique::hidden_quad,
    Technique::wxyz_wing,          Technique::bug_plus_1,         Technique::bug_type_2,
    Technique::bug_type_4,         Technique::bug_type_3,
    Technique::aligned_pair_exclusion,
    Technique::xy_chain,           Technique::simple_colouring,   Technique::aic,
    Technique::w_wing,             Technique::aligned_triple_exclusion, Technique::nishio,
    Technique::als_xz,             Technique::als_xy_wing,        Technique::death_blossom,
    Technique::sue_de_coq,
    Technique::cell_forcing_chain, Technique::region_forcing_chain, Technique::dynamic_contradiction,
    Technique::dynamic_forcing_chain, Technique::dynamic_forcing_chain_plus,
};

// Past the hardest step so far, any step rated no higher leaves the rating where it is, so the
// path need not find the easiest one (see next_step with a ceiling). From this base rating on
// the ladder's finders are the expensive ones, and there they are asked in the order below:
// cheapest per step found first, measured on top1465 (docs/PERFORMANCE.md, Grader speed,
// session 8). The finders that share an analysis sit together (cell and region forcing
// chains the static one, contradiction and forcing chains the dynamic one).
constexpr double kFreeChoiceFrom = 6.0;
// Basic techniques that find little for what they cost (top1465: tens of µs a call, a step
// found in a few hundred calls or none): past the ceiling they wait until the productive
// hard ones have had their turn.
constexpr Technique kDeferredPastCeiling[] = {
    Technique::direct_pointing,   Technique::direct_claiming,    Technique::empty_rectangle,
    Technique::wxyz_wing,         Technique::unique_rectangle_4, Technique::x_chain,
    Technique::turbot_fish,       Technique::unique_rectangle_2, Technique::unique_rectangle_3,
    Technique::unique_rectangle_5, Technique::avoidable_rectangle_2, Technique::unique_loop_1,
    Technique::unique_loop_2,     Technique::unique_loop_4,      Technique::naked_quad,
    Technique::jellyfish,         Technique::hidden_quad,
};

constexpr bool deferred_past_ceiling(Technique technique) {
  for (Technique t : kDeferredPastCeiling)
    if (t == technique) return true;
  return false;
}

// The order past the ceiling: the productive expensive techniques, the deferred basic ones,
// then the expensive but productive "+" chains (hardest_1106: a step in two calls of 0.9 ms),
// and last those that find a step in hundreds of calls or never.
constexpr Technique kFreeChoiceFirst[] = {
    Technique::xy_chain,           Technique::aic,
    Technique::region_forcing_chain, Technique::cell_forcing_chain,
    Technique::dynamic_contradiction, Technique::dynamic_forcing_chain,
    Technique::nishio,             Technique::als_xy_wing,        Technique::als_xz,
};
constexpr Technique kFreeChoiceLast[] = {
    Technique::dynamic_forcing_chain_plus,
    Technique::w_wing,             Technique::aligned_pair_exclusion, Technique::simple_colouring,
    Technique::aligned_triple_exclusion, Technique::death_blossom, Technique::sue_de_coq,
};
constexpr auto kFreeChoiceOrder = [] {
  std::array<Technique, std::size(kFreeChoiceFirst) + std::size(kDeferredPastCeiling) + std::size(kFreeChoiceLast)> all{};
  std::size_t i = 0;
  for (Technique t : kFreeChoiceFirst) all[i++] = t;
  for (Technique t : kDeferredPastCeiling) all[i++] = t;
  for (Technique t : kFreeChoiceLast) all[i++] = t;
  return all;
}();

// From a ceiling of a guess's rating (9.5) on, a dynamic chain of any length that occurs is
// within it (8.5 plus SE's length adjustment), and the dynamic finders find a step in most
// calls where the static chains (region and cell forcing chains) find one in few: past a
// guess on hardest_1106, dynamic contradictions in 1,467 of 1,697 calls, region forcing
// chains in 498 of 2,233. So there the dynamic contradictions are asked first, the "+" chains
// right after them: when those have nothing at all, neither have the forcing chains they
// subsume (forcing_chains_within_plus), which are then not asked. (hardest_1106 about 10%
// faster, every rating the same; docs/PERFORMANCE.md, Grader speed, session 14.) Session 25
// moved two more: the dynamic verities (dynamic_forcing_chain) after the "+" chains, which
// found a step in 184 of 302 calls where the verities found one in 16 of 318 (each a
// verity_steps pass over the analysis); and the XY-chains and AICs after all three, where an
// AIC search found a step in 108 of 974 calls. hardest_1106: 0.978× the instructions, 0.96-0.98×
// the time; every rating, level, hardest technique and guess count the same (one hardest
// logical technique of 375 differs: the path past its guess took a "+" chain for a verity);
// scores and paths differ.
// Below 9.5 the order stays: with it from 9.0, top1465 gained nothing.
constexpr double kDynamicFirstFrom = kGuessRating;
constexpr auto kFreeChoiceOrderHigh = [] {
  std::array<Technique, kFreeChoiceOrder.size()> all{};
  std::size_t i = 0;
  all[i++] = Technique::dynamic_contradiction;
  all[i++] = Technique::dynamic_forcing_chain_plus;
  all[i++] = Technique::dynamic_forcing_chain;
  for (Technique t : kFreeChoiceOrder)
    if (t != Technique::dynamic_contradiction && t != Technique::dynamic_forcing_chain && t != Technique::dynamic_forcing_chain_plus) all[i++] = t;
  return all;
}();

// kFreeChoiceOrder lists every technique of the ladder rated kFreeChoiceFrom or more and every
// deferred one, once each, and nothing else: one missing there would never be asked past the
// ceiling.
constexpr bool free_choice_order_complete() {
  int listed = 0;
  for (Technique t : kLadder) {
    if (kTechniques[static_cast<std::size_t>(t)].rating < kFreeChoiceFrom && !deferred_past_ceiling(t)) continue;
    ++listed;
    int seen = 0;
    for (Technique u : kFreeChoiceOrder) seen += u == t;
    if (seen != 1) return false;
  }
  return listed == static_cast<int>(std::size(kFreeChoiceOrder));
}
static_assert(free_choice_order_complete(), "kFreeChoiceOrder must list the ladder's hard and deferred techniques once each");

// kFreeChoiceOrderHigh is a permutation of kFreeChoiceOrder.
constexpr bool high_order_is_a_permutation() {
  for (Technique t : kFreeChoiceOrder) {
    int seen = 0;
    for (Technique u : kFreeChoiceOrderHigh) seen += u == t;
    if (seen != 1) return false;
  }
  return true;
}
static_assert(high_order_is_a_permutation(), "kFreeChoiceOrderHigh must list kFreeChoiceOrder's techniques once each");

std::optional<Step> next_step(const Board& board, bool allow_uniqueness) {
  return next_step(board, allow_uniqueness, nullptr);
}

std::optional<Step> next_step(const Board& board, bool allow_uniqueness, LadderMeter* meter) {
  return next_step(board, allow_uniqueness, meter, -1.0, nullptr);
}

namespace {

// The AIC and forcing-chain finders search from every start (every assumption) of a board and
// can hand over every conclusion, not only the shortest (find_aic_steps,
// find_forcing_chain_steps). Past the ceiling each call costs as much as the rest of the
// ladder, so one call gives up to this many steps.
constexpr std::size_t kStepsPerAnalysis = 24;

bool gives_many(Technique technique) {
  switch (technique) {
    case Technique::aic:
    case Technique::nishio:
    case Technique::cell_forcing_chain:
    case Technique::region_forcing_chain:
    case Technique::dynamic_contradiction:
    case Technique::dynamic_forcing_chain:
    case Technique::dynamic_forcing_chain_plus: return true;
    default: return false;
  }
}

/// The longest forcing chain of `technique` rated within `ceiling` (step_rating: the base
/// plus chain_length_adjustment(length - 2), which grows at the thresholds 4, 6, 8, 12, ...),
/// or -1 when even the shortest is above it.
int longest_within(Technique technique, double ceiling) {
  const double base = technique_rating(technique);
  if (base > ceiling + 1e-9) return -1;
  int threshold = 4;  // lengths up to threshold + 2 share a rating
  bool odd = false;
  while (base + chain_length_adjustment(threshold + 1) <= ceiling + 1e-9) {
    threshold = odd ? threshold * 4 / 3 : threshold * 3 / 2;
    odd = !odd;
    if (threshold > (1 << 24)) return std::numeric_limits<int>::max();
  }
  return threshold + 2;
}

/// The steps of one gives_many() technique, shortest first, at most `limit`: for forcing
/// chains only those rated within `ceiling` are built, or the shortest alone when none is
/// (find_forcing_chain_steps' max_length); AICs up to the longest rated within it, and the
/// shortest (find_aic_steps' max_nodes). The first is always find_technique's.
std::size_t find_many(Technique technique, const Board& board, std::size_t limit, std::vector<Step>& out, double ceiling) {
  const int longest = longest_within(technique, ceiling);
  // An AIC's rating adjusts by its nodes; a forcing chain's by its length less two.
  return technique == Technique::aic
             ? find_aic_steps(board, limit, out, longest == std::numeric_limits<int>::max() ? longest : std::max(longest - 2, 0))
             : find_forcing_chain_steps(technique, board, limit, out, longest);
}

}  // namespace

std::optional<Step> next_step(const Board& board, bool allow_uniqueness, LadderMeter* meter, double ceiling,
                              std::vector<Step>* more, double cap) {
  // The easiest step available: techniques in ladder order; once a step is found, later
  // techniques are still asked while their base rating is below the step's (a chain's
  // rating grows with its length, so a short AIC can beat a long X-chain).
  //
  // With a ceiling of kFreeChoiceFrom or more, the techniques below kFreeChoiceFrom are asked
  // the same way; if they give nothing rated within the ceiling, the hard ones whose base is
  // within it are asked in kFreeChoiceOrder and the first step within the ceiling is taken.
  // Only when none is there does the ladder go on in its own order (reusing what was found
  // on this board), to find the easiest step above the ceiling exactly.
  constexpr std::size_t kCount = kTechniqueCount;
  std::array<std::int8_t, kCount> tried{};  // 0 not yet, 1 found nothing, 2 found `found[t]`
  // The steps found on this board, one per technique; per thread, so that their vectors keep
  // their storage from call to call (next_step runs for every step of every grade).
  thread_local std::array<Step, kCount> found;
  std::optional<Step> best;
  bool spent = false;
  // Asks one technique (once per board); true when it found a step, left in `out`.
  auto ask = [&](Technique technique, const Step*& out) {
    const auto i = static_cast<std::size_t>(technique);
    if (tried[i] == 0) {
      if (meter && meter->charge()) {
        spent = true;
        return false;
      }
      tried[i] = find_technique(technique, board, found[i]) ? 2 : 1;
    }
    out = tried[i] == 2 ? &found[i] : nullptr;
    return out != nullptr;
  };
  // Nothing at all from the "+" chains: nothing from the forcing chains they subsume
  // (forcing_chains_within_plus), which are then not asked on this board.
  auto plus_found_nothing = [&tried] {
    for (Technique within : forcing_chains_within_plus())
      if (tried[static_cast<std::size_t>(within)] == 0) tried[static_cast<std::size_t>(within)] = 1;
  };
  if (ceiling >= kFreeChoiceFrom) {
    // The basic techniques in ladder order: the first step within the ceiling.
    for (Technique technique : kLadder) {
      if (technique_rating(technique) >= kFreeChoiceFrom || deferred_past_ceiling(technique)) continue;
      if (!allow_uniqueness && needs_uniqueness(technique)) continue;
      const Step* out = nullptr;
      if (ask(technique, out) && out->rating <= ceiling + 1e-9) return *out;
      if (spent) return std::nullopt;
    }
    // Then the rest, cheapest per step found first.
    for (Technique technique : ceiling >= kDynamicFirstFrom - 1e-9 ? kFreeChoiceOrderHigh : kFreeChoiceOrder) {
      if (technique_rating(technique) > ceiling + 1e-9) continue;
      if (!allow_uniqueness && needs_uniqueness(technique)) continue;
      const auto i = static_cast<std::size_t>(technique);
      if (more && gives_many(technique) && tried[i] == 0) {
        // One search, every conclusion within the ceiling: the first is the step, the rest
        // go to `more`. The shortest is find_technique's step, kept for the ladder.
        if (meter && meter->charge()) return std::nullopt;
        thread_local std::vector<Step> steps;
        steps.clear();
        find_many(technique, board, kStepsPerAnalysis, steps, ceiling);
        tried[i] = steps.empty() ? 1 : 2;
        std::optional<Step> first;
        for (Step& candidate : steps) {
          candidate.rating = step_rating(candidate);
          if (candidate.rating > ceiling + 1e-9) continue;
          if (!first)
            first = candidate;
          else
            more->push_back(std::move(candidate));
        }
        if (!steps.empty()) found[i] = std::move(steps.front());
        if (first) return first;
        if (steps.empty() && technique == Technique::dynamic_forcing_chain_plus) plus_found_nothing();
        continue;
      }
      const Step* out = nullptr;
      if (ask(technique, out) && out->rating <= ceiling + 1e-9) return *out;
      if (spent) return std::nullopt;
    }
    // Nothing within the ceiling: the easiest step above it, by the ladder below (every
    // technique asked above answers from `found`).
  }
  for (Technique technique : kLadder) {
    if (!allow_uniqueness && needs_uniqueness(technique)) continue;
    if (best && technique_rating(technique) >= best->rating - 1e-9) break;
    if (technique_rating(technique) > cap + 1e-9) continue;  // every step it gives is above the cap
    // Where the dynamic contradictions found nothing, the "+" chains are asked before the
    // dynamic verities: when they find nothing at all, neither do the forcing chains they
    // subsume (forcing_chains_within_plus), the verities among them, which are then not run.
    // That is every stall (on hardest_1106 the first stall of nearly every puzzle); where the
    // "+" chains find something the verities are asked as before, the "+" step waiting in
    // `found` for its turn.
    if (technique == Technique::dynamic_forcing_chain && tried[static_cast<std::size_t>(technique)] == 0 &&
        tried[static_cast<std::size_t>(Technique::dynamic_contradiction)] == 1 &&
        technique_rating(Technique::dynamic_forcing_chain_plus) <= cap + 1e-9) {
      const Step* plus = nullptr;
      if (!ask(Technique::dynamic_forcing_chain_plus, plus)) {
        if (spent) return std::nullopt;
        plus_found_nothing();
      }
    }
    const Step* out = nullptr;
    if (ask(technique, out) && (!best || out->rating < best->rating - 1e-9)) best = *out;
    if (spent) return std::nullopt;
  }
  // A forcing chain that raises the rating to R: once it is taken, any step rated R or less
  // may follow (the ceiling), and its analysis of this board is still cached, so its other
  // conclusions within R come almost free (the next stalls would search for them anew). Not
  // charged to the meter: no finder runs again, only proofs of what was found are written.
  if (best && more && best->rating >= kFreeChoiceFrom && best->rating <= cap + 1e-9 && best->technique != Technique::aic &&
      gives_many(best->technique)) {
    thread_local std::vector<Step> steps;
    steps.clear();
    find_many(best->technique, board, kStepsPerAnalysis, steps, best->rating);
    for (Step& candidate : steps) {
      candidate.rating = step_rating(candidate);
      if (candidate.rating > best->rating + 1e-9) continue;
      if (candidate.placements == best->placements && candidate.eliminations == best->eliminations) continue;
      more->push_back(std::move(candidate));
    }
  }
  return best;
}

}  // namespace grading

struct Grader::Impl {
  explicit Impl(EngineKind engine) : solver(engine) {}
  Solver solver;                  // the uniqueness check: the caller's engine
  Solver search{EngineKind::dlx};  // guesses: always DLX's count, comparable across engines
  /// `rules`: null for classic Sudoku.
  Grade grade_as_given(const Grid& puzzle, const GradeOptions& options, const Rules* rules = nullptr);
};

Grader::Grader(EngineKind engine) : impl_(std::make_unique<Impl>(engine)) {}
Grader::~Grader() = default;
Grader::Grader(Grader&&) noexcept = default;
Grader& Grader::operator=(Grader&&) noexcept = default;

namespace {

/// Maps a step found on the canonical grid back to the caller's cells, digits and houses.
void map_back(Step& step, const grading::Transform& t) {
  // Negative cells are chain separators; negative digits say "not d" (forcing chains).
  auto cell = [&](int c) { return c < 0 ? c : t.source_cell(c); };
  auto digit = [&](int d) {
    const int a = d < 0 ? -d : d;
    const int mapped = a >= 1 && a <= t.shape.n ? static_cast<int>(t.unlabel[static_cast<std::size_t>(a)]) : a;
    return d < 0 ? -mapped : mapped;
  };
  for (CellDigit& p : step.placements) p = {cell(p.cell), digit(p.digit)};
  for (CellDigit& e : step.eliminations) e = {cell(e.cell), digit(e.digit)};
  std::sort(step.eliminations.begin(), step.eliminations.end());
  for (int& c : step.cells) c = cell(c);
  for (int& h : step.houses) h = h < 0 ? h : t.source_house(h);
  std::uint64_t digits = 0;
  for (std::uint64_t m = step.digits; m; m &= m - 1) digits |= grading::digit_bit(digit(grading::lowest(m) + 1));
  step.digits = digits;
  // Simple colouring stores a colour (1 or 2) in `digit`; every other chain a digit (or 0).
  for (CellDigit& node : step.chain)
    node = {cell(node.cell), step.technique == Technique::simple_colouring ? node.digit : digit(node.digit)};
}

}  // namespace

Grade Grader::grade(const Grid& puzzle, const GradeOptions& options) {
  // Grade the class representative (see canonical.hpp), then map the path back. Invalid
  // puzzles are graded as given so that error messages name the caller's cells.
  if (!find_clashes(puzzle, 1).empty()) return impl_->grade_as_given(puzzle, options);
  const std::optional<grading::Transform> t = grading::canonical_transform(puzzle);
  if (!t) return impl_->grade_as_given(puzzle, options);
  Grade result = impl_->grade_as_given(t->apply(puzzle), options);
  for (Step& step : result.path) map_back(step, *t);
  return result;
}

Grade Grader::grade(const Grid& puzzle, const Rules& rules, const GradeOptions& options) {
  // Variants grade as given: the canonical form's symmetries are classic Sudoku's (a
  // transposition or band swap moves a jigsaw's regions and a killer's cages too).
  if (rules.classic()) return grade(puzzle, options);
  if (!(rules.shape == puzzle.shape)) {
    Grade result;
    result.status = GradeStatus::invalid;
    result.level = Level::extreme;
    result.error = fmt::format("the rules are for {}, the puzzle is {}", describe(rules.shape), describe(puzzle.shape));
    return result;
  }
  return impl_->grade_as_given(puzzle, options, &rules);
}

Grade Grader::Impl::grade_as_given(const Grid& puzzle, const GradeOptions& options, const Rules* rules) {
  Grade result;
  result.givens = puzzle.givens();
  if (rules) {
    if (auto clashes = find_clashes(*rules, puzzle, 1); !clashes.empty()) {
      result.status = GradeStatus::invalid;
      result.level = Level::extreme;
      result.error = "givens clash: " + describe_clashes(*rules, clashes);
      return result;
    }
  } else if (auto clashes = find_clashes(puzzle, 1); !clashes.empty()) {  // the first one is named
    result.status = GradeStatus::invalid;
    result.level = Level::extreme;
    const Clash& c = clashes.front();
    result.error = c.cell_a == c.cell_b
                       ? fmt::format("digit {} out of range at {}", c.digit, cell_name(puzzle.shape, c.cell_a))
                       : fmt::format("givens clash: {} at {} and {}", c.digit, cell_name(puzzle.shape, c.cell_a),
                                     cell_name(puzzle.shape, c.cell_b));
    return result;
  }
  // The budget (GradeOptions::budget): the solver's nodes and the techniques tried count
  // against one cap; time is read after every technique tried.
  grading::LadderMeter meter{BudgetMeter(options.budget)};
  grading::LadderMeter* const metered = meter.meter.limited() ? &meter : nullptr;
  SolveResult solved;
  try {
    solved = rules ? solver.solve(puzzle, *rules, 2, 1, meter.meter.remaining(0)) : solver.solve(puzzle, 2, 1, meter.meter.remaining(0));
  } catch (const std::invalid_argument& e) {  // an engine that cannot take this shape
    result.status = GradeStatus::invalid;
    result.level = Level::extreme;
    result.error = e.what();
    return result;
  }
  if (!solved.complete) {
    result.status = GradeStatus::unknown;
    result.level = Level::easy;
    result.error = "budget spent before the solver decided whether the puzzle has one solution";
    return result;
  }
  meter.used = solved.stats.nodes;
  if (solved.count == 0) {
    result.status = GradeStatus::no_solution;
    result.level = Level::extreme;
    result.error = "no solution";
    return result;
  }
  const Grid& solution = solved.solutions.front();
  result.unique = solved.count == 1;
  if (!result.unique && options.only_unique) return result;
  // Unique rectangles and BUG rest on classic deadly patterns: never for variants.
  result.used_uniqueness = !rules && (options.uniqueness == GradeOptions::Uniqueness::assume ||
                                      (options.uniqueness == GradeOptions::Uniqueness::check && result.unique));

  grading::start_grade();  // the finders' memos of earlier puzzles go (NothingBefore)
  grading::Board board = rules ? grading::Board::from_grid(puzzle, grading::topology_for(*rules))
                               : grading::Board::from_grid(puzzle);
  bool stalled = false;
  double hardest_rating = -1.0, hardest_logical_rating = -1.0;
  // Applies a step and writes it into the grade.
  auto take = [&](Step& step) {
    board.apply(step);
    const Technique t = step.technique;
    ++result.counts[static_cast<std::size_t>(t)];
    result.score += technique_weight(t);
    // The hardest step: the highest rating, the first met among equals.
    if (step.rating > hardest_rating + 1e-9) {
      hardest_rating = step.rating;
      result.hardest = t;
    }
    if (t != Technique::guess && step.rating > hardest_logical_rating + 1e-9) {
      hardest_logical_rating = step.rating;
      result.hardest_logical = t;
    }
    result.rating = std::max(result.rating, step.rating);
    if (options.record_path) result.path.push_back(std::move(step));
  };
  while (board.unsolved() > 0) {
    // Past the hardest step so far (a guess included), a stall may take any step rated no
    // higher (next_step's ceiling): the rating stays, and the search is much cheaper.
    std::vector<Step> more;  // further steps of the same analysis, each rated within the ceiling
    const double ceiling = options.easiest_path ? -1.0 : hardest_rating;
    std::optional<Step> step =
        grading::next_step(board, result.used_uniqueness, metered, ceiling, options.easiest_path ? nullptr : &more,
                           options.rating_cap ? *options.rating_cap : std::numeric_limits<double>::infinity());
    if (meter.spent) break;
    // Past the cap (GradeOptions::rating_cap): nothing rated within it is left (techniques
    // above it were not asked, so a step found above it need not be the easiest there), and
    // the rating is past it. Ratings go in tenths, so the cap plus 0.1 is a lower bound.
    if (options.rating_cap && (step ? step->rating : kGuessRating) > *options.rating_cap + 1e-9) {
      result.rating = std::max(result.rating, std::floor(*options.rating_cap * 10.0 + 1e-6) / 10.0 + 0.1);
      result.capped = true;
      break;
    }
    if (!step) {
      if (!stalled) {
        stalled = true;
        SearchStats stats;
        bool complete = true;
        if (rules) {
          search.enumerate(board.to_grid(), *rules, [](const Grid&) { return false; }, 1, &stats,
                           meter.meter.remaining(meter.used), &complete);
        } else if (board.cells() == 81) {  // the same search, replayed at twice the speed
          const grading::StallSearch replay =
              grading::dlx_stall_search(board.to_grid().cells.data(), meter.meter.remaining(meter.used));
          stats.nodes = replay.nodes;
          stats.guesses = replay.guesses;
          complete = replay.complete;
        } else {
          search.enumerate(board.to_grid(), [](const Grid&) { return false; }, 1, &stats,
                           meter.meter.remaining(meter.used), &complete);
        }
        meter.used += stats.nodes;
        if (!complete) {
          meter.spent = true;
          break;
        }
        result.guesses = stats.guesses;
      }
      if (options.stop_at_stall) {
        result.rating = std::max(result.rating, kGuessRating);
        break;
      }
      // Fewest candidates first, row-major among equals (on the canonical grid, so invariant).
      int best = -1;
      for (int c = 0; c < board.cells(); ++c)
        if (board.value(c) == 0 && (best < 0 || grading::popcount(board.candidates(c)) < grading::popcount(board.candidates(best))))
          best = c;
      step = Step{};
      step->technique = Technique::guess;
      step->placements = {{best, solution.cells[static_cast<std::size_t>(best)]}};
      step->cells = {best};
      step->digits = board.candidates(best);
      step->rating = kGuessRating;
    }
    take(*step);
    // The search's other conclusions, less what the steps before have made already.
    for (Step& extra : more)
      if (board.unsolved() > 0 && grading::keep_changes(board, extra)) take(extra);
  }
  result.rating = std::round(result.rating * 10.0) / 10.0;
  result.level = level_for_rating(result.rating);
  if (meter.spent) {
    int steps = 0;
    for (int count : result.counts) steps += count;
    result.status = GradeStatus::unknown;
    result.error = fmt::format("budget spent after {} step{}; rating at least {:.1f}", steps, steps == 1 ? "" : "s",
                               result.rating);
  }
  return result;
}

Grade grade(const Grid& puzzle, const GradeOptions& options) {
  thread_local Grader grader;
  return grader.grade(puzzle, options);
}

Grade grade(const Grid& puzzle, const Rules& rules, const GradeOptions& options) {
  thread_local Grader grader;
  return grader.grade(puzzle, rules, options);
}

}  // namespace sudokit

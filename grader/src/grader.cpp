// grader.cpp: the driver that turns techniques into a solving path and a grade.
//
// The loop is the one a careful person follows: look for the simplest technique that makes
// progress, apply it, start again from the simplest. Restarting after every step matters for
// the rating: a puzzle is as hard as the hardest thing it *needs*, and an X-Wing found while
// a hidden single was available would overstate it.
//
// Before the loop the solver decides whether the puzzle has a solution and whether it is
// unique (cheap next to grading, and the uniqueness techniques must not run otherwise). When
// the loop stalls, the grader measures how much search the stalled state needs (branch
// points of a DLX search, whose choice of the tightest column means it never branches where
// a single would do), then writes the solution's digit in the empty cell with the fewest
// candidates (a `guess` step) and goes on, so the path always ends at the solution.
//
// Table of technique names, weights and levels: see kTechniques below and grader.hpp.
#include <algorithm>
#include <array>
#include <stdexcept>

#include <fmt/format.h>

#include "advanced.hpp"
#include "board.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {
namespace {

struct TechniqueInfo {
  std::string_view name;
  int weight;
  Level level;
};

// Indexed by Technique. Weights after HoDoKu's defaults where it has them; the level is
// what a puzzle needing the technique is sold as.
constexpr std::array<TechniqueInfo, kTechniqueCount> kTechniques = {{
    {"full-house", 4, Level::easy},
    {"naked-single", 4, Level::easy},
    {"hidden-single", 14, Level::easy},
    {"locked-pointing", 50, Level::medium},
    {"locked-claiming", 50, Level::medium},
    {"naked-pair", 60, Level::medium},
    {"hidden-pair", 70, Level::medium},
    {"naked-triple", 80, Level::medium},
    {"hidden-triple", 100, Level::medium},
    {"unique-rectangle-1", 100, Level::hard},
    {"bug-plus-1", 100, Level::hard},
    {"naked-quad", 120, Level::hard},
    {"skyscraper", 130, Level::hard},
    {"x-wing", 140, Level::hard},
    {"two-string-kite", 150, Level::hard},
    {"w-wing", 150, Level::hard},
    {"hidden-quad", 150, Level::hard},
    {"swordfish", 150, Level::hard},
    {"simple-colouring", 150, Level::hard},
    {"xy-wing", 160, Level::hard},
    {"jellyfish", 160, Level::hard},
    {"xyz-wing", 180, Level::hard},
    {"x-chain", 260, Level::expert},
    {"xy-chain", 260, Level::expert},
    {"aic", 280, Level::expert},
    // The hardest families (advanced.hpp); SE bases: APE 6.2, ATE 7.5, Nishio 7.5, cell and
    // region forcing chains 8.0, dynamic 8.5, dynamic+ 9.0 (+ chain length, forcing_chain_length()).
    // Weights and levels are placeholders for the grader core to set.
    {"aligned-pair-exclusion", 300, Level::expert},
    {"sue-de-coq", 300, Level::expert},
    {"als-xz", 300, Level::expert},
    {"als-xy-wing", 320, Level::expert},
    {"death-blossom", 340, Level::expert},
    {"aligned-triple-exclusion", 350, Level::expert},
    {"nishio", 400, Level::expert},
    {"cell-forcing-chain", 450, Level::expert},
    {"region-forcing-chain", 450, Level::expert},
    {"dynamic-contradiction", 500, Level::expert},
    {"dynamic-forcing-chain", 500, Level::expert},
    {"dynamic-forcing-chain-plus", 550, Level::expert},
    {"guess", 1000, Level::extreme},
}};

constexpr std::array<std::string_view, 5> kLevelNames = {"easy", "medium", "hard", "expert", "extreme"};

const TechniqueInfo& info(Technique t) { return kTechniques[static_cast<std::size_t>(t)]; }

std::string house_name(const Shape& shape, int house) {
  const int n = shape.n;
  if (house < n) return fmt::format("row {}", house + 1);
  if (house < 2 * n) return fmt::format("column {}", house - n + 1);
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
Level technique_level(Technique technique) { return info(technique).level; }
bool needs_uniqueness(Technique technique) {
  return technique == Technique::unique_rectangle_1 || technique == Technique::bug_plus_1;
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

std::string describe_step(const Step& step, const Shape& shape) {
  std::string name(technique_name(step.technique));
  std::replace(name.begin(), name.end(), '-', ' ');
  std::string pattern;
  switch (step.technique) {
    case Technique::full_house:
    case Technique::hidden_single:
      pattern = fmt::format("{} is the only place for {} in {}", cell_list(shape, step.cells), digit_list(step.digits),
                            house_name(shape, step.houses.at(0)));
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
        for (int h : step.houses) houses += (houses.empty() ? "" : ", ") + house_name(shape, h);
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

namespace grading {

bool find_technique(Technique technique, const Board& board, Step& step) {
  step = Step{};
  switch (technique) {
    case Technique::full_house: return find_full_house(board, step);
    case Technique::naked_single: return find_naked_single(board, step);
    case Technique::hidden_single: return find_hidden_single(board, step);
    case Technique::locked_pointing: return find_locked_pointing(board, step);
    case Technique::locked_claiming: return find_locked_claiming(board, step);
    case Technique::naked_pair: return find_naked_subset(board, 2, step);
    case Technique::hidden_pair: return find_hidden_subset(board, 2, step);
    case Technique::naked_triple: return find_naked_subset(board, 3, step);
    case Technique::hidden_triple: return find_hidden_subset(board, 3, step);
    case Technique::unique_rectangle_1: return find_unique_rectangle_1(board, step);
    case Technique::bug_plus_1: return find_bug_plus_1(board, step);
    case Technique::naked_quad: return find_naked_subset(board, 4, step);
    case Technique::skyscraper: return find_skyscraper(board, step);
    case Technique::x_wing: return find_fish(board, 2, step);
    case Technique::two_string_kite: return find_two_string_kite(board, step);
    case Technique::w_wing: return find_w_wing(board, step);
    case Technique::hidden_quad: return find_hidden_subset(board, 4, step);
    case Technique::swordfish: return find_fish(board, 3, step);
    case Technique::simple_colouring: return find_simple_colouring(board, step);
    case Technique::xy_wing: return find_xy_wing(board, step);
    case Technique::jellyfish: return find_fish(board, 4, step);
    case Technique::xyz_wing: return find_xyz_wing(board, step);
    case Technique::x_chain: return find_x_chain(board, step);
    case Technique::xy_chain: return find_xy_chain(board, step);
    case Technique::aic: return find_aic(board, step);
    // The hardest families (advanced.hpp); the grader core decides their ladder position.
    case Technique::aligned_pair_exclusion: return find_aligned_pair_exclusion(board, step);
    case Technique::sue_de_coq: return find_sue_de_coq(board, step);
    case Technique::als_xz: return find_als_xz(board, step);
    case Technique::als_xy_wing: return find_als_xy_wing(board, step);
    case Technique::death_blossom: return find_death_blossom(board, step);
    case Technique::aligned_triple_exclusion: return find_aligned_triple_exclusion(board, step);
    case Technique::nishio: return find_nishio(board, step);
    case Technique::cell_forcing_chain: return find_cell_forcing_chain(board, step);
    case Technique::region_forcing_chain: return find_region_forcing_chain(board, step);
    case Technique::dynamic_contradiction: return find_dynamic_contradiction(board, step);
    case Technique::dynamic_forcing_chain: return find_dynamic_forcing_chain(board, step);
    case Technique::dynamic_forcing_chain_plus: return find_dynamic_forcing_chain_plus(board, step);
    case Technique::guess: return false;
  }
  return false;
}

std::optional<Step> next_step(const Board& board, bool allow_uniqueness) {
  Step step;
  for (int i = 0; i < kTechniqueCount; ++i) {
    const auto technique = static_cast<Technique>(i);
    if (!allow_uniqueness && needs_uniqueness(technique)) continue;
    if (find_technique(technique, board, step)) return step;
  }
  return std::nullopt;
}

}  // namespace grading

struct Grader::Impl {
  explicit Impl(EngineKind engine) : solver(engine) {}
  Solver solver;                  // the uniqueness check: the caller's engine
  Solver search{EngineKind::dlx};  // guesses: always DLX's count, comparable across engines
};

Grader::Grader(EngineKind engine) : impl_(std::make_unique<Impl>(engine)) {}
Grader::~Grader() = default;
Grader::Grader(Grader&&) noexcept = default;
Grader& Grader::operator=(Grader&&) noexcept = default;

Grade Grader::grade(const Grid& puzzle, const GradeOptions& options) {
  Grade result;
  result.givens = puzzle.givens();
  if (auto clashes = find_clashes(puzzle, 1); !clashes.empty()) {  // the first one is named
    result.status = GradeStatus::invalid;
    result.level = Level::extreme;
    const Clash& c = clashes.front();
    result.error = c.cell_a == c.cell_b
                       ? fmt::format("digit {} out of range at {}", c.digit, cell_name(puzzle.shape, c.cell_a))
                       : fmt::format("givens clash: {} at {} and {}", c.digit, cell_name(puzzle.shape, c.cell_a),
                                     cell_name(puzzle.shape, c.cell_b));
    return result;
  }
  SolveResult solved;
  try {
    solved = impl_->solver.solve(puzzle, 2, 1);
  } catch (const std::invalid_argument& e) {  // an engine that cannot take this shape
    result.status = GradeStatus::invalid;
    result.level = Level::extreme;
    result.error = e.what();
    return result;
  }
  if (solved.count == 0) {
    result.status = GradeStatus::no_solution;
    result.level = Level::extreme;
    result.error = "no solution";
    return result;
  }
  const Grid& solution = solved.solutions.front();
  result.unique = solved.count == 1;
  result.used_uniqueness = options.uniqueness == GradeOptions::Uniqueness::assume ||
                           (options.uniqueness == GradeOptions::Uniqueness::check && result.unique);

  grading::Board board = grading::Board::from_grid(puzzle);
  bool stalled = false;
  while (board.unsolved() > 0) {
    std::optional<Step> step = grading::next_step(board, result.used_uniqueness);
    if (!step) {
      if (!stalled) {
        stalled = true;
        SearchStats stats;
        impl_->search.enumerate(board.to_grid(), [](const Grid&) { return false; }, 1, &stats);
        result.guesses = stats.guesses;
      }
      if (options.stop_at_stall) {
        result.level = Level::extreme;
        break;
      }
      // Fewest candidates first, row-major among equals: the cell a person would try.
      int best = -1;
      for (int c = 0; c < board.cells(); ++c)
        if (board.value(c) == 0 && (best < 0 || grading::popcount(board.candidates(c)) < grading::popcount(board.candidates(best))))
          best = c;
      step = Step{};
      step->technique = Technique::guess;
      step->placements = {{best, solution.cells[static_cast<std::size_t>(best)]}};
      step->cells = {best};
      step->digits = board.candidates(best);
    }
    board.apply(*step);
    const Technique t = step->technique;
    ++result.counts[static_cast<std::size_t>(t)];
    result.score += technique_weight(t);
    // Harder: a higher level, then a higher weight; the first met wins ties.
    auto harder = [](Technique a, const std::optional<Technique>& b) {
      if (!b) return true;
      if (technique_level(a) != technique_level(*b)) return technique_level(a) > technique_level(*b);
      return technique_weight(a) > technique_weight(*b);
    };
    if (harder(t, result.hardest)) result.hardest = t;
    if (t != Technique::guess && harder(t, result.hardest_logical)) result.hardest_logical = t;
    if (options.record_path) result.path.push_back(std::move(*step));
  }
  if (result.hardest) result.level = std::max(result.level, technique_level(*result.hardest));
  return result;
}

Grade grade(const Grid& puzzle, const GradeOptions& options) {
  thread_local Grader grader;
  return grader.grade(puzzle, options);
}

}  // namespace sudokit

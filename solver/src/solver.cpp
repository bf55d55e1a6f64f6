// solver.cpp: the Solver facade of sudokit/solver.hpp.
//
// The facade only routes: it checks the puzzle, picks an engine for its shape, and converts
// between Grid and the engines' raw byte arrays. The engines are what costs memory to set up
// (the DLX matrix of a 25×25 has 62,500 nodes), so one Solver keeps one engine per shape it
// has met, built on first use and reused for every later puzzle of that shape; a Solver that
// sees only 9×9 puzzles never builds anything else. Solutions are written by the engine into
// a buffer the Solver keeps, and copied into Grids only for the result.
#include "sudokit/solver.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#include "fast9.hpp"
#include "sat.hpp"
#include "sudoku_dlx.hpp"
#include "variant_dlx.hpp"
#include "variant_fast.hpp"

namespace sudokit {

namespace {

constexpr Shape kClassic{9, 3, 3};

// Beyond this many kept solutions, collect them one by one instead of sizing a buffer for
// all of them up front (keep may be huge while the count turns out small).
constexpr std::uint64_t kBufferedKeep = 64;

/// Throws on a malformed grid; returns false when a cell holds a digit past N, which the
/// Solver answers with no solution (a clash with the grid's own range) without calling an
/// engine: the engines index by digit. One branch-free pass, vectorised by the compiler.
bool check_puzzle(const Grid& puzzle) {
  const Shape& s = puzzle.shape;
  if (s.n < 1 || s.n > kMaxSize || s.box_rows < 1 || s.box_cols < 1 || s.box_rows * s.box_cols != s.n)
    throw std::invalid_argument("Solver: invalid shape " + std::to_string(s.n) + "x" + std::to_string(s.n));
  if (puzzle.cells.size() != static_cast<std::size_t>(s.cells()))
    throw std::invalid_argument("Solver: grid has " + std::to_string(puzzle.cells.size()) + " cells, shape needs " +
                                std::to_string(s.cells()));
  std::uint8_t highest = 0;
  for (std::uint8_t v : puzzle.cells) highest = std::max(highest, v);
  return highest <= s.n;
}

}  // namespace

std::optional<EngineKind> parse_engine(std::string_view name) {
  if (name == "auto") return EngineKind::automatic;
  if (name == "dlx") return EngineKind::dlx;
  if (name == "fast") return EngineKind::fast;
  if (name == "sat") return EngineKind::sat;
  return std::nullopt;
}

std::string_view engine_name(EngineKind kind) {
  switch (kind) {
    case EngineKind::automatic: return "auto";
    case EngineKind::dlx: return "dlx";
    case EngineKind::fast: return "fast";
    case EngineKind::sat: return "sat";
  }
  return "?";
}

struct Solver::Impl {
  EngineKind kind;
  std::vector<std::unique_ptr<dlx::SudokuDlx>> dlx_engines;  // one per shape met, in order met
  std::unique_ptr<fast9::Engine> fast_engine;
  std::vector<std::unique_ptr<sat::SudokuSat>> sat_engines;  // one per shape met
  std::unique_ptr<dlx::VariantDlx> variant_engine;           // dlx: built on the first variant puzzle
  std::unique_ptr<vfast::Engine> variant_fast;               // automatic: the same, keeps tables per rules
  std::vector<std::uint8_t> buffer;  // solutions as the engines write them
  Grid visit_grid;                   // the Grid enumerate() hands its visitor, reused

  explicit Impl(EngineKind k) : kind(k) {}

  EngineKind resolve(const Shape& shape) const {
    if (kind == EngineKind::automatic) {
      if (shape == kClassic) return EngineKind::fast;
      return shape.n >= kSatFromSize ? EngineKind::sat : EngineKind::dlx;
    }
    return kind;
  }

  // The engine for one call: as resolve(), except that a node budget under `automatic` sends
  // 9×9 to DLX, whose nodes are counted inside the search (the fast engine has no counter, so
  // a node budget on it could only be checked between solutions).
  EngineKind pick(const Shape& shape, const BudgetMeter* meter) const {
    const EngineKind engine = resolve(shape);
    if (engine == EngineKind::fast && kind == EngineKind::automatic && meter && meter->node_cap() != UINT64_MAX)
      return EngineKind::dlx;
    return engine;
  }

  sat::SudokuSat& sat_for(const Shape& shape) {
    for (auto& engine : sat_engines)
      if (engine->shape() == shape) return *engine;
    sat_engines.push_back(std::make_unique<sat::SudokuSat>(shape));
    return *sat_engines.back();
  }

  dlx::SudokuDlx& dlx_for(const Shape& shape) {
    for (auto& engine : dlx_engines)
      if (engine->shape() == shape) return *engine;
    dlx_engines.push_back(std::make_unique<dlx::SudokuDlx>(shape));
    return *dlx_engines.back();
  }

  fast9::Engine& fast_for(const Shape& shape) {
    if (!(shape == kClassic))
      throw std::invalid_argument("Solver: the fast engine takes only 9x9 (3x3 boxes), not " + std::to_string(shape.n) +
                                  "x" + std::to_string(shape.n) + " (" + std::to_string(shape.box_rows) + "x" +
                                  std::to_string(shape.box_cols) + " boxes)");
    if (!fast_engine) fast_engine = std::make_unique<fast9::Engine>();
    return *fast_engine;
  }

  // Runs the engine for the puzzle's shape with the raw interface the engines share.
  // `complete` is set false when the budget ran out.
  std::uint64_t raw_solve(const Grid& puzzle, std::uint64_t limit, std::uint8_t* out, std::size_t keep,
                          SearchStats* stats, const BudgetMeter* meter, bool& complete) {
    complete = true;
    switch (pick(puzzle.shape, meter)) {
      case EngineKind::fast: return fast_for(puzzle.shape).solve(puzzle.cells.data(), limit, out, keep, stats);
      case EngineKind::sat: {
        auto& engine = sat_for(puzzle.shape);
        const std::uint64_t found = engine.solve(puzzle.cells.data(), limit, out, keep, stats, meter);
        complete = engine.complete();
        return found;
      }
      default: {
        auto& engine = dlx_for(puzzle.shape);
        const std::uint64_t found = engine.solve(puzzle.cells.data(), limit, out, keep, stats, meter);
        complete = engine.complete();
        return found;
      }
    }
  }

  std::uint64_t raw_enumerate(const Grid& puzzle, std::uint64_t limit,
                              const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                              const BudgetMeter* meter, bool& complete) {
    complete = true;
    switch (pick(puzzle.shape, meter)) {
      case EngineKind::fast: {
        // The fast engine has no budget inside; check it per solution (they come µs apart).
        if (!meter || !meter->limited())
          return fast_for(puzzle.shape).enumerate(puzzle.cells.data(), limit, visit, stats);
        std::uint64_t seen = 0;
        const std::uint64_t found = fast_for(puzzle.shape).enumerate(
            puzzle.cells.data(), limit,
            [&](const std::uint8_t* solution) {
              ++seen;
              if (!visit(solution)) return false;
              if (seen >= meter->node_cap() || meter->clock_passed()) {
                complete = seen >= limit;
                return false;
              }
              return true;
            },
            stats);
        return found;
      }
      case EngineKind::sat: {
        auto& engine = sat_for(puzzle.shape);
        const std::uint64_t found = engine.enumerate(puzzle.cells.data(), limit, visit, stats, meter);
        complete = engine.complete();
        return found;
      }
      default: {
        auto& engine = dlx_for(puzzle.shape);
        const std::uint64_t found = engine.enumerate(puzzle.cells.data(), limit, visit, stats, meter);
        complete = engine.complete();
        return found;
      }
    }
  }
};

namespace {

// Checks that this solver can take the rules: their size is the puzzle's, and the engine is
// one that knows variants (automatic: the fast variant engine; dlx: VariantDlx).
void check_variant(EngineKind kind, const Grid& puzzle, const Rules& rules) {
  if (rules.shape.n != puzzle.shape.n)
    throw std::invalid_argument("Solver: the rules are for " + std::to_string(rules.shape.n) + "x" +
                                std::to_string(rules.shape.n) + ", the puzzle is " + std::to_string(puzzle.shape.n) +
                                "x" + std::to_string(puzzle.shape.n));
  if (kind == EngineKind::fast || kind == EngineKind::sat)
    throw std::invalid_argument("the " + std::string(engine_name(kind)) + " engine solves classic Sudoku only; " +
                                std::string(variant_name(rules.variant)) + " puzzles need --engine dlx (or auto)");
}

// Runs `enumerate` of the engine this solver uses for variants: VariantDlx under `dlx`, the
// fast variant engine (variant_fast.hpp) under `automatic`. Sets `complete`.
template <class Visit>
std::uint64_t variant_enumerate(EngineKind kind, std::unique_ptr<dlx::VariantDlx>& dlx_engine,
                                std::unique_ptr<vfast::Engine>& fast_engine, const Rules& rules,
                                const Grid& puzzle, std::uint64_t limit, Visit&& visit, SearchStats* stats,
                                const BudgetMeter& meter, bool& complete) {
  const std::function<bool(const std::uint8_t*)> visitor(std::forward<Visit>(visit));
  if (kind == EngineKind::dlx) {
    if (!dlx_engine) dlx_engine = std::make_unique<dlx::VariantDlx>();
    const std::uint64_t found = dlx_engine->enumerate(rules, puzzle.cells.data(), limit, visitor, stats, &meter);
    complete = dlx_engine->complete();
    return found;
  }
  if (!fast_engine) fast_engine = std::make_unique<vfast::Engine>();
  const std::uint64_t found = fast_engine->enumerate(rules, puzzle.cells.data(), limit, visitor, stats, &meter);
  complete = fast_engine->complete();
  return found;
}

}  // namespace

SolveResult Solver::solve(const Grid& puzzle, const Rules& rules, std::uint64_t limit, std::size_t keep,
                          const Budget& budget) {
  if (rules.classic()) return solve(puzzle, limit, keep, budget);
  const bool in_range = check_puzzle(puzzle);
  if (limit == 0) throw std::invalid_argument("Solver::solve: limit must be at least 1");
  check_variant(impl_->kind, puzzle, rules);
  if (!in_range) return SolveResult{};
  const BudgetMeter meter(budget);
  SolveResult result;
  const auto cells = static_cast<std::size_t>(puzzle.shape.cells());
  result.count = variant_enumerate(
      impl_->kind, impl_->variant_engine, impl_->variant_fast, rules, puzzle, limit,
      [&](const std::uint8_t* solution) {
        if (result.solutions.size() < keep) {
          Grid& g = result.solutions.emplace_back(puzzle.shape);
          std::memcpy(g.cells.data(), solution, cells);
        }
        return true;
      },
      &result.stats, meter, result.complete);
  return result;
}

std::uint64_t Solver::enumerate(const Grid& puzzle, const Rules& rules,
                                const std::function<bool(const Grid&)>& on_solution, std::uint64_t limit,
                                SearchStats* stats, const Budget& budget, bool* complete) {
  if (rules.classic()) return enumerate(puzzle, on_solution, limit, stats, budget, complete);
  const bool in_range = check_puzzle(puzzle);
  if (complete) *complete = true;
  if (limit == 0) return 0;
  check_variant(impl_->kind, puzzle, rules);
  if (!in_range) return 0;
  const BudgetMeter meter(budget);
  Grid g(puzzle.shape);
  const std::size_t cells = g.cells.size();
  bool finished = true;
  const std::uint64_t visited = variant_enumerate(
      impl_->kind, impl_->variant_engine, impl_->variant_fast, rules, puzzle, limit,
      [&](const std::uint8_t* solution) {
        std::memcpy(g.cells.data(), solution, cells);
        return on_solution(g);
      },
      stats, meter, finished);
  if (complete) *complete = finished;
  return visited;
}

Solver::Solver(EngineKind kind) : impl_(std::make_unique<Impl>(kind)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

EngineKind Solver::engine_for(const Shape& shape) const { return impl_->resolve(shape); }

SolveResult Solver::solve(const Grid& puzzle, std::uint64_t limit, std::size_t keep, const Budget& budget) {
  const bool in_range = check_puzzle(puzzle);
  const BudgetMeter meter(budget);
  if (limit == 0) throw std::invalid_argument("Solver::solve: limit must be at least 1");
  SolveResult result;
  if (!in_range) return result;
  const auto cells = static_cast<std::size_t>(puzzle.shape.cells());
  const std::uint64_t wanted = std::min<std::uint64_t>(keep, limit);
  // The fast engine checks a budget only between solutions: go through enumerate for it.
  const bool fast_budgeted = meter.limited() && impl_->pick(puzzle.shape, &meter) == EngineKind::fast;
  if (wanted <= kBufferedKeep && !fast_budgeted) {
    const auto slots = static_cast<std::size_t>(wanted);
    if (impl_->buffer.size() < slots * cells) impl_->buffer.resize(slots * cells);
    result.count =
        impl_->raw_solve(puzzle, limit, impl_->buffer.data(), slots, &result.stats, &meter, result.complete);
    const auto kept = static_cast<std::size_t>(std::min<std::uint64_t>(result.count, wanted));
    result.solutions.reserve(kept);
    for (std::size_t i = 0; i < kept; ++i) {
      Grid& g = result.solutions.emplace_back(puzzle.shape);
      std::memcpy(g.cells.data(), impl_->buffer.data() + i * cells, cells);
    }
  } else {
    result.count = impl_->raw_enumerate(
        puzzle, limit,
        [&](const std::uint8_t* solution) {
          if (result.solutions.size() < keep) {
            Grid& g = result.solutions.emplace_back(puzzle.shape);
            std::memcpy(g.cells.data(), solution, cells);
          }
          return true;
        },
        &result.stats, &meter, result.complete);
  }
  return result;
}

std::uint64_t Solver::solve_first(const Grid& puzzle, std::uint64_t limit, Grid& first, SearchStats& stats,
                                  bool& complete, const Budget& budget) {
  const bool in_range = check_puzzle(puzzle);
  const BudgetMeter meter(budget);
  if (limit == 0) throw std::invalid_argument("Solver::solve: limit must be at least 1");
  complete = true;
  if (!in_range) return 0;
  // The budgeted fast engine goes through enumerate (see solve()): that rare case keeps
  // solve()'s path, allocation and all.
  if (meter.limited() && impl_->pick(puzzle.shape, &meter) == EngineKind::fast) {
    SolveResult result = solve(puzzle, limit, 1, budget);
    stats += result.stats;
    complete = result.complete;
    if (!result.solutions.empty()) first = std::move(result.solutions.front());
    return result.count;
  }
  const auto cells = static_cast<std::size_t>(puzzle.shape.cells());
  if (&first != &puzzle) {
    // The engine writes the first solution straight into the caller's grid (no copy).
    if (!(first.shape == puzzle.shape) || first.cells.size() != cells) first = Grid(puzzle.shape);
    return impl_->raw_solve(puzzle, limit, first.cells.data(), 1, &stats, &meter, complete);
  }
  if (impl_->buffer.size() < cells) impl_->buffer.resize(cells);
  const std::uint64_t count = impl_->raw_solve(puzzle, limit, impl_->buffer.data(), 1, &stats, &meter, complete);
  if (count > 0) std::memcpy(first.cells.data(), impl_->buffer.data(), cells);
  return count;
}

std::uint64_t Solver::enumerate(const Grid& puzzle, const std::function<bool(const Grid&)>& on_solution,
                                std::uint64_t limit, SearchStats* stats, const Budget& budget, bool* complete) {
  const bool in_range = check_puzzle(puzzle);
  if (complete) *complete = true;
  if (limit == 0 || !in_range) return 0;
  const BudgetMeter meter(budget);
  bool finished = true;
  Grid& g = impl_->visit_grid;
  if (!(g.shape == puzzle.shape) || g.cells.size() != puzzle.cells.size()) g = Grid(puzzle.shape);
  const std::size_t cells = g.cells.size();
  const std::uint64_t visited = impl_->raw_enumerate(
      puzzle, limit,
      [&](const std::uint8_t* solution) {
        std::memcpy(g.cells.data(), solution, cells);
        return on_solution(g);
      },
      stats, &meter, finished);
  if (complete) *complete = finished;
  return visited;
}

}  // namespace sudokit

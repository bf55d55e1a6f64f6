// sat.cpp: the CaDiCaL engine and RemovalTester. The encoding and the reasons for it are at
// the top of sat.hpp. RemovalTester's 9×9 path is a few searches of the fast engine (see
// sudokit/removal_test.hpp); it lives here beside the SAT path so one class keeps the contract.
#include "sat.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <stdexcept>

#include <cadical.hpp>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "fast9.hpp"
#include "sudokit/removal_test.hpp"

namespace sudokit::sat {

namespace {

// Counts conflicts (CaDiCaL reports each learnt clause here; asking for no literals keeps it
// to one call per conflict).
struct ConflictCounter : CaDiCaL::Learner {
  std::uint64_t conflicts = 0;
  bool learning(int) override {
    ++conflicts;
    return false;
  }
  void learn(int) override {}
};

// Polls the budget. CaDiCaL's own "conflicts" limit counts search conflicts only, while the
// learnt clauses counted above also come from inprocessing (probing learns units), so the
// node cap is checked here too, on every call; the clock, dearer to read, every 64th.
struct DeadlineTerminator : CaDiCaL::Terminator {
  const BudgetMeter* meter = nullptr;
  const std::uint64_t* conflicts = nullptr;  // the counter's, when nodes are capped
  unsigned calls = 0;
  bool fired = false;
  bool terminate() override {
    if (fired) return true;
    if (conflicts && *conflicts >= meter->node_cap()) return fired = true;
    if (!meter->timed() || (++calls & 63) != 0) return false;
    fired = meter->clock_passed();
    return fired;
  }
};

std::unique_ptr<CaDiCaL::Solver> new_solver() {
  auto solver = std::make_unique<CaDiCaL::Solver>();
  solver->set("quiet", 1);
  return solver;
}

// Sets up the budget of one solve() call: the conflicts left, and the terminator.
// Returns false when nothing is left.
bool arm(CaDiCaL::Solver& solver, const BudgetMeter* meter, const std::uint64_t& used, DeadlineTerminator& terminator) {
  if (!meter || !meter->limited()) return true;
  terminator.meter = meter;
  terminator.fired = false;
  terminator.conflicts = nullptr;
  if (meter->node_cap() != UINT64_MAX) {
    if (used >= meter->node_cap()) return false;
    // CaDiCaL analyses (learns from) the conflict that reaches its limit before it stops,
    // so a limit of k lets k + 1 through: ask for one fewer.
    const std::uint64_t left = meter->node_cap() - used;
    solver.limit("conflicts", static_cast<int>(std::min<std::uint64_t>(left - 1, INT_MAX)));
    terminator.conflicts = &used;
  }
  if (meter->timed() && meter->clock_passed()) return false;
  solver.connect_terminator(&terminator);
  return true;
}

}  // namespace

void add_exactly_one(CaDiCaL::Solver& solver, const std::vector<int>& lits, int& next_var, int pairwise_up_to) {
  for (int lit : lits) solver.add(lit);
  solver.add(0);
  const std::size_t k = lits.size();
  if (k <= 1) return;
  if (static_cast<int>(k) <= pairwise_up_to) {
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = i + 1; j < k; ++j) {
        solver.add(-lits[i]);
        solver.add(-lits[j]);
        solver.add(0);
      }
    return;
  }
  // Sinz's sequential counter: s_i = "one of lits[0..i] is true".
  int prev = 0;
  for (std::size_t i = 0; i < k; ++i) {
    const int x = lits[i];
    if (i + 1 < k) {
      const int s = next_var++;
      solver.add(-x), solver.add(s), solver.add(0);
      if (prev) {
        solver.add(-prev), solver.add(s), solver.add(0);
        solver.add(-x), solver.add(-prev), solver.add(0);
      }
      prev = s;
    } else {
      solver.add(-x), solver.add(-prev), solver.add(0);
    }
  }
}

SudokuSat::SudokuSat(const Shape& shape) : shape_(shape), n_(shape.n) {
  if (n_ < 1 || n_ > kMaxSize || shape.box_rows * shape.box_cols != n_)
    throw std::invalid_argument("SudokuSat: not a valid shape");
  var_.assign(static_cast<std::size_t>(n_) * n_ * n_, 0);
  scratch_.assign(static_cast<std::size_t>(n_) * n_, 0);
}

SudokuSat::~SudokuSat() = default;

template <class OnSolution>
std::uint64_t SudokuSat::run(const std::uint8_t* givens, std::uint64_t limit, SearchStats* stats,
                             const BudgetMeter* meter, OnSolution&& on_solution) {
  complete_ = true;
  if (limit == 0) return 0;
  const int n = n_;
  const int nn = n * n;
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  // Digits used per house (rows, columns, boxes); a clash means no solution.
  std::vector<std::uint64_t> used(static_cast<std::size_t>(3 * n), 0);
  auto house = [&](int cell, int kind) {
    const int r = cell / n, c = cell % n;
    return kind == 0 ? r : kind == 1 ? n + c : 2 * n + shape_.box_of(r, c);
  };
  for (int cell = 0; cell < nn; ++cell) {
    const int d = givens[cell];
    if (d == 0) continue;
    if (d > n) return 0;
    const std::uint64_t bit = std::uint64_t{1} << (d - 1);
    for (int kind = 0; kind < 3; ++kind) {
      std::uint64_t& mask = used[static_cast<std::size_t>(house(cell, kind))];
      if (mask & bit) return 0;
      mask |= bit;
    }
  }

  // Variables for the placements that clash with no given.
  std::fill(var_.begin(), var_.end(), 0);
  int next_var = 1;
  std::vector<int> empty_cells;
  for (int cell = 0; cell < nn; ++cell) {
    if (givens[cell] != 0) continue;
    empty_cells.push_back(cell);
    std::uint64_t free_digits = all;
    for (int kind = 0; kind < 3; ++kind) free_digits &= ~used[static_cast<std::size_t>(house(cell, kind))];
    if (free_digits == 0) return 0;
    while (free_digits) {
      const int d = __builtin_ctzll(free_digits);
      free_digits &= free_digits - 1;
      var_[static_cast<std::size_t>(cell * n + d)] = next_var++;
    }
  }
  std::memcpy(scratch_.data(), givens, static_cast<std::size_t>(nn));
  if (empty_cells.empty()) {
    on_solution(scratch_.data());
    return 1;
  }

  auto solver = new_solver();
  ConflictCounter counter;
  solver->connect_learner(&counter);
  // Cells: exactly one candidate.
  for (int cell : empty_cells) {
    lits_.clear();
    for (int d = 0; d < n; ++d)
      if (int v = var_[static_cast<std::size_t>(cell * n + d)]) lits_.push_back(v);
    add_exactly_one(*solver, lits_, next_var, pairwise_up_to);
  }
  // Houses: every digit not given in the house exactly once among its open places.
  std::vector<std::vector<int>> house_cells(static_cast<std::size_t>(3 * n));
  for (int cell = 0; cell < nn; ++cell)
    if (givens[cell] == 0)
      for (int kind = 0; kind < 3; ++kind) house_cells[static_cast<std::size_t>(house(cell, kind))].push_back(cell);
  for (int h = 0; h < 3 * n; ++h) {
    const std::uint64_t taken = used[static_cast<std::size_t>(h)];
    for (int d = 0; d < n; ++d) {
      if ((taken >> d) & 1) continue;
      lits_.clear();
      for (int cell : house_cells[static_cast<std::size_t>(h)])
        if (int v = var_[static_cast<std::size_t>(cell * n + d)]) lits_.push_back(v);
      if (lits_.empty()) {
        solver->disconnect_learner();
        return 0;  // a digit with no place left in this house
      }
      add_exactly_one(*solver, lits_, next_var, pairwise_up_to);
    }
  }

  DeadlineTerminator terminator;
  std::uint64_t found = 0;
  while (true) {
    if (!arm(*solver, meter, counter.conflicts, terminator)) {
      complete_ = false;
      break;
    }
    const int status = solver->solve();
    if (status == 20) break;  // no (further) solution
    if (status != 10) {       // a limit or the deadline
      complete_ = false;
      break;
    }
    for (int cell : empty_cells)
      for (int d = 0; d < n; ++d) {
        const int v = var_[static_cast<std::size_t>(cell * n + d)];
        if (v && solver->val(v) > 0) {
          scratch_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d + 1);
          break;
        }
      }
    ++found;
    if (!on_solution(scratch_.data()) || found >= limit) break;
    // Block this solution: some empty cell must hold another digit.
    for (int cell : empty_cells) solver->add(-var_[static_cast<std::size_t>(cell * n + scratch_[static_cast<std::size_t>(cell)] - 1)]);
    solver->add(0);
  }
  solver->disconnect_learner();
  solver->disconnect_terminator();
  if (stats) {
    stats->nodes += counter.conflicts;
    stats->guesses += counter.conflicts;
  }
  return found;
}

std::uint64_t SudokuSat::solve(const std::uint8_t* givens, std::uint64_t limit, std::uint8_t* solutions,
                               std::size_t keep, SearchStats* stats, const BudgetMeter* meter) {
  const auto cells = static_cast<std::size_t>(n_ * n_);
  std::size_t kept = 0;
  return run(givens, limit, stats, meter, [&](const std::uint8_t* solution) {
    if (kept < keep) std::memcpy(solutions + cells * kept++, solution, cells);
    return true;
  });
}

std::uint64_t SudokuSat::enumerate(const std::uint8_t* givens, std::uint64_t limit,
                                   const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                                   const BudgetMeter* meter) {
  return run(givens, limit, stats, meter, visit);
}

}  // namespace sudokit::sat

namespace sudokit {

namespace {
/// Per 9×9 cell: its row (kind 0), column (1) or box (2).
constexpr std::array<std::uint8_t, 81> house_table(int kind) {
  std::array<std::uint8_t, 81> a{};
  for (int c = 0; c < 81; ++c)
    a[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(kind == 0 ? c / 9 : kind == 1 ? c % 9 : c / 27 * 3 + c % 9 / 3);
  return a;
}
}  // namespace

struct RemovalTester::Impl {
  EngineKind engine = EngineKind::automatic;
  std::unique_ptr<fast9::Engine> fast;  // the 9×9 path, when start() chose it
  std::vector<std::uint8_t> givens;     // its scratch puzzle
  Shape shape{};
  int n = 0;
  std::vector<std::uint8_t> solution;
  std::unique_ptr<CaDiCaL::Solver> solver;
  sat::ConflictCounter counter;
  sat::DeadlineTerminator terminator;
  SearchStats stats;
  // A planned pass (plan_pass, fast path only): each cell's position in the order (-1: not in
  // it), and the 81-bit sets of the clues kept so far and of order[j..] for every j, against
  // which a test's puzzle is checked before the planned answer is used.
  bool planned = false;
  std::array<int, 81> plan_index{};
  std::array<std::uint64_t, 2> plan_kept{};
  std::vector<std::array<std::uint64_t, 2>> plan_rest;

  int var(int cell, int digit) const { return cell * n + digit; }  // digit 1..n: 1-based ids

  /// The fast path's shortcut: true when the givens alone force `digit` into the empty `cell`
  /// (a naked single: its peers' givens hold every other digit; or a hidden single: no other
  /// empty cell of one of its houses can take it). Then no solution differs there, with no
  /// search. Most tests of a dig's first half end here.
  bool forced_by_givens(int cell, int digit) const {
    auto seen = [&](int c) { return row_digits[kRow[c]] | col_digits[kCol[c]] | box_digits[kBox[c]]; };
    const unsigned bit = 1u << digit;
    if ((seen(cell) | bit) == 0x3FEu) return true;
    const int r = kRow[cell], k = kCol[cell], b0 = r / 3 * 27 + k / 3 * 3;
    bool row_only = true, col_only = true, box_only = true;
    auto other_place = [&](int c) { return c != cell && givens[static_cast<std::size_t>(c)] == 0 && !(seen(c) & bit); };
    for (int i = 0; i < 9; ++i) {
      row_only = row_only && !other_place(r * 9 + i);
      col_only = col_only && !other_place(i * 9 + k);
      box_only = box_only && !other_place(b0 + i / 3 * 9 + i % 3);
    }
    return row_only || col_only || box_only;
  }

  /// True when `puzzle` is what the plan expects at position i: the kept clues and
  /// order[i+1..] given, every other cell (order[i] too) empty. The digits are not compared
  /// (test() requires the solution's), only which cells hold one.
  bool fits_plan(std::span<const std::uint8_t> puzzle, int i) const {
    std::array<std::uint64_t, 2> given{};
#if defined(__SSE2__)
    // One compare per 16 cells instead of one per cell: this runs before every planned test.
    const __m128i zero = _mm_setzero_si128();
    for (int k = 0; k < 5; ++k) {
      const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(puzzle.data() + 16 * k));
      const auto empty = static_cast<std::uint64_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, zero)));
      const std::uint64_t filled = ~empty & 0xFFFFu;
      if (k < 4) given[0] |= filled << (16 * k);
      else given[1] = filled;
    }
    given[1] |= static_cast<std::uint64_t>(puzzle[80] != 0) << 16;
#else
    for (std::size_t cell = 0; cell < 81; ++cell)
      given[cell / 64] |= static_cast<std::uint64_t>(puzzle[cell] != 0) << (cell % 64);
#endif
    const auto& rest = plan_rest[static_cast<std::size_t>(i) + 1];
    return given[0] == (plan_kept[0] | rest[0]) && given[1] == (plan_kept[1] | rest[1]);
  }

  /// Sets the fast path's givens[cell] to `value`, keeping the houses' digit masks: a digit
  /// is in a house at most once (every given is the solution's), so XOR adds and removes it.
  void set_given(int cell, int value) {
    const int old = givens[static_cast<std::size_t>(cell)];
    if (old == value) return;
    const auto change = static_cast<std::uint16_t>((old ? 1u << old : 0u) ^ (value ? 1u << value : 0u));
    row_digits[kRow[cell]] ^= change;
    col_digits[kCol[cell]] ^= change;
    box_digits[kBox[cell]] ^= change;
    givens[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(value);
  }
  // The fast path's houses: bit d set where digit d is given (rows, columns, boxes).
  std::array<std::uint16_t, 9> row_digits{}, col_digits{}, box_digits{};
  static constexpr std::array<std::uint8_t, 81> kRow = house_table(0), kCol = house_table(1), kBox = house_table(2);

  void build() {
    solver = sat::new_solver();
    // Stable mode only (CaDiCaL's default alternates it with the focused mode), restarts
    // rarer still (the reluctant-doubling base 1,024 → 4,096 conflicts), and decisions always
    // on the forced phase (the solution's digit, set below) or else the initial one, never a
    // saved or target phase. A removal test of a clue that must stay is a search for one
    // other solution of a nearly minimal puzzle (on 20×20 it differs from the first in about
    // half the empty cells), and a search that restarts rarely finds it sooner: `big_bench
    // minimal20 --count 4 --seed 1` 1.45× faster for the first and last settings (stable
    // mode alone 1.3×; the `sat` configuration, other phase, shrink and inprocessing settings
    // measured no better), and the first minimal 25×25 of seed 1 about 1.3× faster again
    // for the rarer restarts (docs/PERFORMANCE.md, "Large grids"). Answers are facts: no
    // puzzle changes.
    solver->set("stabilizeonly", 1);
    solver->set("reluctant", 4096);
    solver->set("forcephase", 1);
    counter.conflicts = 0;
    solver->connect_learner(&counter);
    const int nn = n * n;
    int next_var = nn * n + 1;
    std::vector<int> lits;
    for (int cell = 0; cell < nn; ++cell) {
      lits.clear();
      for (int d = 1; d <= n; ++d) lits.push_back(var(cell, d));
      sat::add_exactly_one(*solver, lits, next_var);
    }
    for (int kind = 0; kind < 3; ++kind)
      for (int h = 0; h < n; ++h)
        for (int d = 1; d <= n; ++d) {
          lits.clear();
          for (int cell = 0; cell < nn; ++cell) {
            const int r = cell / n, c = cell % n;
            const int of = kind == 0 ? r : kind == 1 ? c : shape.box_of(r, c);
            if (of == h) lits.push_back(var(cell, d));
          }
          sat::add_exactly_one(*solver, lits, next_var);
        }
    // Decide towards the solution first: a second solution of a dug puzzle differs from it in
    // few cells, so a search that keeps the solution's digits by default finds it sooner.
    for (int cell = 0; cell < nn; ++cell) solver->phase(var(cell, solution[static_cast<std::size_t>(cell)]));
  }
};

RemovalTester::RemovalTester(EngineKind engine) : impl_(std::make_unique<Impl>()) {
  if (engine != EngineKind::automatic && engine != EngineKind::sat && engine != EngineKind::fast)
    throw std::invalid_argument("RemovalTester: the engine must be automatic, sat or fast");
  impl_->engine = engine;
}
RemovalTester::~RemovalTester() = default;
RemovalTester::RemovalTester(RemovalTester&&) noexcept = default;
RemovalTester& RemovalTester::operator=(RemovalTester&&) noexcept = default;

void RemovalTester::start(const Grid& solution) {
  Impl& m = *impl_;
  m.shape = solution.shape;
  m.n = solution.shape.n;
  m.solution = solution.cells;
  m.stats = {};
  const bool classic9 = solution.shape.n == 9 && solution.shape.box_rows == 3 && solution.shape.box_cols == 3;
  if (m.engine == EngineKind::fast && !classic9)
    throw std::invalid_argument("RemovalTester: the fast engine takes 9×9 with 3×3 boxes only");
  if (m.engine == EngineKind::fast || (m.engine == EngineKind::automatic && classic9)) {
    if (!m.fast) m.fast = std::make_unique<fast9::Engine>();
    m.solver.reset();
    m.givens.assign(81, 0);
    m.row_digits = m.col_digits = m.box_digits = {};
    m.planned = false;
    return;
  }
  m.fast.reset();
  m.build();
}

RemovalTester::Answer RemovalTester::test(std::span<const std::uint8_t> puzzle, std::span<const int> removed,
                                          const Budget& budget) {
  Impl& m = *impl_;
  if (!m.solver && !m.fast) throw std::logic_error("RemovalTester::test before start");
  if (removed.empty()) return Answer::unique;
  const BudgetMeter meter(budget);
  if (m.fast) {
    if (puzzle.size() != 81) throw std::invalid_argument("RemovalTester: the puzzle is not 81 cells");
    if (m.planned && removed.size() == 1 && !meter.limited()) {
      const int cell = removed[0];
      const int i = cell >= 0 && cell < 81 ? m.plan_index[static_cast<std::size_t>(cell)] : -1;
      if (i >= 0 && m.fits_plan(puzzle, i)) {
        SearchStats searched;
        const bool unique = m.fast->pass_unique_without(i, &searched);
        m.stats += searched;
        return unique ? Answer::unique : Answer::not_unique;
      }
    }
    // Case i: removed[0..i-1] keep their solution digits, removed[i] loses its own; a
    // solution of any case is a second one (see the header).
    for (std::size_t cell = 0; cell < 81; ++cell) {  // a test changes a cell or two: update those
      if (puzzle[cell] == m.givens[cell]) continue;
      if (puzzle[cell] != 0 && puzzle[cell] != m.solution[cell])
        throw std::invalid_argument("RemovalTester: a given is not the solution's digit");
      m.set_given(static_cast<int>(cell), puzzle[cell]);
    }
    std::uint64_t nodes = 0;
    for (int cell : removed) {
      if (cell < 0 || cell >= 81) throw std::invalid_argument("RemovalTester: a removed cell is out of range");
      if (nodes >= meter.node_cap() || meter.clock_passed()) return Answer::unknown;
      const int digit = m.solution[static_cast<std::size_t>(cell)];
      if (!m.forced_by_givens(cell, digit)) {
        SearchStats searched;
        const std::uint64_t found = m.fast->solve_without(m.givens.data(), cell, digit, 1, &searched);
        nodes += searched.nodes;
        m.stats += searched;
        if (found) return Answer::not_unique;
      }
      m.set_given(cell, digit);
    }
    return Answer::unique;
  }
  const std::uint64_t before = m.counter.conflicts;
  // The conflict cap of this test counts from its start (one fewer: see arm()).
  if (meter.node_cap() != UINT64_MAX)
    m.solver->limit("conflicts", static_cast<int>(std::min<std::uint64_t>(meter.node_cap() - 1, INT_MAX)));
  if (meter.timed()) {
    if (meter.clock_passed()) return Answer::unknown;
    m.terminator.meter = &meter;
    m.terminator.fired = false;
    m.terminator.calls = 0;
    m.solver->connect_terminator(&m.terminator);
  }
  for (std::size_t cell = 0; cell < puzzle.size(); ++cell)
    if (puzzle[cell] != 0) m.solver->assume(m.var(static_cast<int>(cell), puzzle[cell]));
  for (int cell : removed) m.solver->constrain(-m.var(cell, m.solution[static_cast<std::size_t>(cell)]));
  m.solver->constrain(0);
  const int status = m.solver->solve();
  m.solver->disconnect_terminator();
  m.stats.nodes += m.counter.conflicts - before;
  m.stats.guesses += m.counter.conflicts - before;
  if (status == 20) return Answer::unique;
  if (status == 10) return Answer::not_unique;
  return Answer::unknown;
}

void RemovalTester::commit(int cell) {
  Impl& m = *impl_;
  if (m.planned && cell >= 0 && cell < 81 && m.plan_index[static_cast<std::size_t>(cell)] >= 0 &&
      !(m.plan_kept[static_cast<std::size_t>(cell / 64)] >> (cell % 64) & 1)) {
    m.fast->pass_keep(m.plan_index[static_cast<std::size_t>(cell)]);
    m.plan_kept[static_cast<std::size_t>(cell / 64)] |= std::uint64_t{1} << (cell % 64);
  }
  if (!m.solver) return;  // the fast path keeps nothing: the clue is in every later puzzle
  m.solver->add(m.var(cell, m.solution[static_cast<std::size_t>(cell)]));
  m.solver->add(0);
}

void RemovalTester::plan_pass(std::span<const int> order) {
  Impl& m = *impl_;
  if (!m.fast) return;  // SAT learns across tests already; nothing to plan
  m.planned = false;
  if (order.size() > 81) throw std::invalid_argument("RemovalTester: a pass has at most 81 cells");
  m.plan_index.fill(-1);
  m.plan_rest.assign(order.size() + 1, {0, 0});
  for (std::size_t j = order.size(); j-- > 0;) {
    const int cell = order[j];
    if (cell < 0 || cell >= 81) throw std::invalid_argument("RemovalTester: a removed cell is out of range");
    if (m.plan_index[static_cast<std::size_t>(cell)] >= 0)
      throw std::invalid_argument("RemovalTester: a cell is twice in the pass");
    m.plan_index[static_cast<std::size_t>(cell)] = static_cast<int>(j);
    m.plan_rest[j] = m.plan_rest[j + 1];
    m.plan_rest[j][static_cast<std::size_t>(cell / 64)] |= std::uint64_t{1} << (cell % 64);
  }
  m.plan_kept = {0, 0};
  m.fast->pass_start(m.solution.data(), order.data(), static_cast<int>(order.size()));
  m.planned = true;
}

const SearchStats& RemovalTester::stats() const { return impl_->stats; }

}  // namespace sudokit

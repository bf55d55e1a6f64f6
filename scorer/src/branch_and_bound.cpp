// branch_and_bound.cpp: proves the best weighted score over all solutions of a Sudoku.
//
// The problem is an assignment: every empty cell c takes one digit d from its candidates,
// and every (house h, digit d) that is still open must be covered by exactly one cell of h.
// We maximise Σ p(c, d) with p(c, d) = weight(c) · d. Plain enumeration visits every
// solution (billions for a 16-given puzzle); branch and bound needs an upper bound on what a
// node can still reach that is both tight and cheap.
//
// The bound: Lagrangian relaxation of all the house constraints. Give every open (h, d) a
// multiplier λ(h, d) and define the reduced profit
//     r(c, d) = p(c, d) − λ(row(c), d) − λ(col(c), d) − λ(box(c), d).
// For any completion x of the node, Σ p = Σ_c r(c, x_c) + Σ_(h,d open) λ(h, d), because each
// open (h, d) is covered exactly once. So for ANY multipliers
//     bound = fixed + Σ_(empty c) max_(d ∈ cand c) r(c, d) + Σ_(h,d open) λ(h, d)
// is a valid upper bound (weak duality): the answer never depends on how good λ is, only the
// speed does. Its best value equals the LP relaxation of the Sudoku assignment polytope,
// which is far tighter than per-house rearrangement bounds, because those let every row put
// its 9 on the heavy centre column at once; λ(col 5, 9) prices exactly that conflict away.
//
// Multipliers are improved by exact coordinate descent (block-coordinate on the dual, the
// idea behind MPLP and min-sum diffusion): as a function of one λ(h, d) alone the bound is
//     λ + Σ_(c ∈ h, d ∈ cand c) max(a_c − λ, b_c) + const,
// with a_c the reduced profit of d in c without h's share and b_c the best other digit of c;
// it is minimised for λ between the two largest a_c − b_c, and we take the middle so that the
// slack is shared (which helps later updates). Integers throughout: the bound is exact.
// The root runs sweeps until the bound stops falling; a child inherits its parent's λ and
// runs a couple of sweeps, stopping early once it can prune.
//
// Reduced-cost fixing turns the bound into propagation: fixing c = d lowers the bound by
// max r(c, ·) − r(c, d), so when bound − that gap cannot beat the incumbent, d leaves cand c.
// Naked and hidden singles then run again; on sparse puzzles this fixes most of the grid.
//
// Search: depth first, branching on the empty cell with fewest candidates, digits tried in
// decreasing reduced profit (the Lagrangian's own guess at the optimum), so the first dive
// already lands near the optimum and the incumbent prunes from the start.
#include "branch_and_bound.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <stdexcept>

namespace sudokit::scoring {

namespace {

constexpr std::int64_t kMinusInfinity = std::numeric_limits<std::int64_t>::min() / 4;
constexpr std::int64_t kPlusInfinity = std::numeric_limits<std::int64_t>::max() / 4;

inline int lowest_digit(std::uint64_t mask) { return std::countr_zero(mask) + 1; }
inline std::uint64_t bit_of(int digit) { return std::uint64_t{1} << (digit - 1); }

}  // namespace

void BranchAndBound::set_geometry(const Shape& shape) {
  if (shape == shape_ && n_ == shape.n) return;
  shape_ = shape;
  n_ = shape.n;
  cells_ = shape.cells();
  houses_ = 3 * n_;
  house_cells_.assign(static_cast<std::size_t>(houses_ * n_), 0);
  cell_houses_.assign(static_cast<std::size_t>(cells_ * 3), 0);
  std::vector<int> filled(static_cast<std::size_t>(houses_), 0);
  for (int cell = 0; cell < cells_; ++cell) {
    const int houses[3] = {shape.row_of(cell), n_ + shape.col_of(cell), 2 * n_ + shape.box_of(cell)};
    for (int k = 0; k < 3; ++k) {
      const int h = houses[k];
      cell_houses_[static_cast<std::size_t>(cell * 3 + k)] = h;
      house_cells_[static_cast<std::size_t>(h * n_ + filled[static_cast<std::size_t>(h)]++)] = cell;
    }
  }
  levels_.clear();
}

void BranchAndBound::place(Level& level, int cell, int digit) const {
  const std::uint64_t bit = bit_of(digit);
  level.digit[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
  level.cand[static_cast<std::size_t>(cell)] = 0;
  level.fixed += weight_[static_cast<std::size_t>(cell)] * digit;
  --level.empty;
  for (int k = 0; k < 3; ++k) {
    const int h = cell_houses_[static_cast<std::size_t>(cell * 3 + k)];
    level.open[static_cast<std::size_t>(h)] &= ~bit;
    const int* members = &house_cells_[static_cast<std::size_t>(h * n_)];
    for (int i = 0; i < n_; ++i) level.cand[static_cast<std::size_t>(members[i])] &= ~bit;
  }
}

// Naked singles (a cell with one candidate) and hidden singles (an open digit with one place
// in a house) until neither applies. False on a contradiction: a cell with no candidate, or
// an open digit with no place left in some house.
bool BranchAndBound::propagate(Level& level) const {
  bool changed = true;
  while (changed && level.empty > 0) {
    changed = false;
    for (int cell = 0; cell < cells_; ++cell) {
      if (level.digit[static_cast<std::size_t>(cell)] != 0) continue;
      const std::uint64_t cand = level.cand[static_cast<std::size_t>(cell)];
      if (cand == 0) return false;
      if ((cand & (cand - 1)) == 0) {
        place(level, cell, lowest_digit(cand));
        changed = true;
      }
    }
    for (int h = 0; h < houses_; ++h) {
      const int* members = &house_cells_[static_cast<std::size_t>(h * n_)];
      std::uint64_t once = 0;
      std::uint64_t twice = 0;
      for (int i = 0; i < n_; ++i) {
        const std::uint64_t cand = level.cand[static_cast<std::size_t>(members[i])];
        twice |= once & cand;
        once |= cand;
      }
      const std::uint64_t open = level.open[static_cast<std::size_t>(h)];
      if ((open & ~once) != 0) return false;
      std::uint64_t hidden = open & ~twice;
      while (hidden != 0) {
        const int digit = lowest_digit(hidden);
        hidden &= hidden - 1;
        int where = -1;
        for (int i = 0; i < n_ && where < 0; ++i)
          if (level.cand[static_cast<std::size_t>(members[i])] & bit_of(digit)) where = members[i];
        // An earlier placement in this loop may have taken the digit's only place.
        if (where < 0) return false;
        place(level, where, digit);
        changed = true;
      }
    }
  }
  return true;
}

std::int64_t BranchAndBound::reduced(const Level& level, int cell, int digit) const {
  const int* houses = &cell_houses_[static_cast<std::size_t>(cell * 3)];
  const std::int64_t* lambda = level.lambda.data();
  const std::size_t d = static_cast<std::size_t>(digit - 1);
  return weight_[static_cast<std::size_t>(cell)] * digit - lambda[static_cast<std::size_t>(houses[0] * n_) + d] -
         lambda[static_cast<std::size_t>(houses[1] * n_) + d] - lambda[static_cast<std::size_t>(houses[2] * n_) + d];
}

std::int64_t BranchAndBound::best_reduced(const Level& level, int cell) const {
  std::int64_t best = kMinusInfinity;
  for (std::uint64_t cand = level.cand[static_cast<std::size_t>(cell)]; cand != 0; cand &= cand - 1)
    best = std::max(best, reduced(level, cell, lowest_digit(cand)));
  return best;
}

std::int64_t BranchAndBound::bound(const Level& level) const {
  std::int64_t total = level.fixed;
  if (!tuning_.lagrangian) {
    for (int cell = 0; cell < cells_; ++cell) {
      const std::uint64_t cand = level.cand[static_cast<std::size_t>(cell)];
      if (cand != 0) total += weight_[static_cast<std::size_t>(cell)] * (64 - std::countl_zero(cand));
    }
    return total;
  }
  for (int cell = 0; cell < cells_; ++cell)
    if (level.cand[static_cast<std::size_t>(cell)] != 0) total += best_reduced(level, cell);
  for (int h = 0; h < houses_; ++h)
    for (std::uint64_t open = level.open[static_cast<std::size_t>(h)]; open != 0; open &= open - 1)
      total += level.lambda[static_cast<std::size_t>(h * n_ + lowest_digit(open) - 1)];
  return total;
}

// One pass of exact coordinate descent over every open (house, digit), then the bound under
// the new multipliers (returned in `bound_after`). The reduced profits of the live (cell,
// digit) pairs are cached for the pass and patched after each update, since one multiplier
// moves only the profits of its own house and digit. Returns false when some open digit has
// no place (cannot happen after propagate; kept for safety).
bool BranchAndBound::sweep(Level& level, std::int64_t& bound_after) {
  const std::size_t n = static_cast<std::size_t>(n_);
  for (int cell = 0; cell < cells_; ++cell)
    for (std::uint64_t cand = level.cand[static_cast<std::size_t>(cell)]; cand != 0; cand &= cand - 1) {
      const int digit = lowest_digit(cand);
      reduced_cache_[static_cast<std::size_t>(cell) * n + static_cast<std::size_t>(digit - 1)] =
          reduced(level, cell, digit);
    }
  for (int h = 0; h < houses_; ++h) {
    const int* members = &house_cells_[static_cast<std::size_t>(h * n_)];
    for (std::uint64_t open = level.open[static_cast<std::size_t>(h)]; open != 0; open &= open - 1) {
      const int digit = lowest_digit(open);
      const std::uint64_t bit = bit_of(digit);
      std::int64_t& lambda = level.lambda[static_cast<std::size_t>(h * n_ + digit - 1)];
      std::int64_t first = kMinusInfinity;  // the two largest a_c − b_c
      std::int64_t second = kMinusInfinity;
      int places = 0;
      for (int i = 0; i < n_; ++i) {
        const int cell = members[i];
        const std::uint64_t cand = level.cand[static_cast<std::size_t>(cell)];
        if ((cand & bit) == 0) continue;
        ++places;
        const std::int64_t* row = &reduced_cache_[static_cast<std::size_t>(cell) * n];
        const std::int64_t with_digit = row[digit - 1] + lambda;
        std::int64_t other = kMinusInfinity;
        for (std::uint64_t rest = cand & ~bit; rest != 0; rest &= rest - 1)
          other = std::max(other, row[std::countr_zero(rest)]);
        const std::int64_t gap = other == kMinusInfinity ? kPlusInfinity : with_digit - other;
        if (gap > first) {
          second = first;
          first = gap;
        } else if (gap > second) {
          second = gap;
        }
      }
      if (places == 0) return false;
      const std::int64_t before = lambda;
      if (first == kPlusInfinity) {
        if (second != kMinusInfinity && second != kPlusInfinity) lambda = second;
      } else if (second == kMinusInfinity) {
        lambda = first;
      } else {
        lambda = second + (first - second) / 2;
      }
      const std::int64_t shift = lambda - before;
      if (shift == 0) continue;
      for (int i = 0; i < n_; ++i) {
        const int cell = members[i];
        if (level.cand[static_cast<std::size_t>(cell)] & bit)
          reduced_cache_[static_cast<std::size_t>(cell) * n + static_cast<std::size_t>(digit - 1)] -= shift;
      }
    }
  }
  std::int64_t total = level.fixed;
  for (int cell = 0; cell < cells_; ++cell) {
    std::uint64_t cand = level.cand[static_cast<std::size_t>(cell)];
    if (cand == 0) continue;
    const std::int64_t* row = &reduced_cache_[static_cast<std::size_t>(cell) * n];
    std::int64_t best = kMinusInfinity;
    for (; cand != 0; cand &= cand - 1) best = std::max(best, row[std::countr_zero(cand)]);
    total += best;
  }
  for (int h = 0; h < houses_; ++h)
    for (std::uint64_t open = level.open[static_cast<std::size_t>(h)]; open != 0; open &= open - 1)
      total += level.lambda[static_cast<std::size_t>(h * n_ + lowest_digit(open) - 1)];
  bound_after = total;
  return true;
}

bool BranchAndBound::fix_by_reduced_cost(Level& level, std::int64_t bound_value) const {
  bool changed = false;
  const std::int64_t best = outcome_.best;
  for (int cell = 0; cell < cells_; ++cell) {
    std::uint64_t& cand = level.cand[static_cast<std::size_t>(cell)];
    if (cand == 0 || (cand & (cand - 1)) == 0) continue;
    const std::int64_t top = best_reduced(level, cell);
    // Fixing cell = d can reach at most bound − (top − r(cell, d)); we need strictly more than best.
    const std::int64_t threshold = best - bound_value + top;  // drop d when r(cell, d) <= threshold
    for (std::uint64_t scan = cand; scan != 0; scan &= scan - 1) {
      const int digit = lowest_digit(scan);
      if (reduced(level, cell, digit) <= threshold) {
        cand &= ~bit_of(digit);
        changed = true;
      }
    }
  }
  return changed;
}

void BranchAndBound::record(const Level& level) {
  if (outcome_.found && level.fixed <= outcome_.best) return;
  outcome_.found = true;
  outcome_.best = level.fixed;
  outcome_.best_digits = level.digit;
}

bool BranchAndBound::out_of_budget() {
  if (outcome_.nodes >= meter_.node_cap()) return true;
  if ((outcome_.nodes & 1023) != 0) return false;
  const auto now = std::chrono::steady_clock::now();
  if ((meter_.deadline() && now >= *meter_.deadline()) || meter_.cancelled()) return true;
  if (options_->on_progress && now - last_progress_ >= options_->progress_interval) {
    last_progress_ = now;
    ScoreProgress progress;
    progress.nodes = outcome_.nodes;
    progress.has_best = outcome_.found;
    progress.best = outcome_.found ? outcome_.best : -1;
    progress.seconds = std::chrono::duration<double>(now - start_).count();
    options_->on_progress(progress);
  }
  return false;
}

void BranchAndBound::search(int depth) {
  if (stopped_) return;
  ++outcome_.nodes;
  if (out_of_budget()) {
    stopped_ = true;
    return;
  }
  Level& level = levels_[static_cast<std::size_t>(depth)];
  if (level.empty == 0) {
    record(level);
    return;
  }

  // Tighten, prune, fix by reduced cost, and again while fixing makes progress.
  std::int64_t bound_value = kPlusInfinity;
  const int sweeps = depth == 0 ? tuning_.root_sweeps : tuning_.node_sweeps;
  for (int round = 0; round < 8; ++round) {
    bound_value = bound(level);
    if (tuning_.lagrangian) {
      for (int s = 0; s < sweeps; ++s) {
        if (outcome_.found && bound_value <= outcome_.best) break;
        std::int64_t tighter = 0;
        if (!sweep(level, tighter)) return;
        const bool stalled = tighter >= bound_value;
        bound_value = std::min(bound_value, tighter);
        if (stalled) break;
      }
    }
    if (depth == 0 && outcome_.has_upper_bound) outcome_.upper_bound = std::min(outcome_.upper_bound, bound_value);
    if (outcome_.found && bound_value <= outcome_.best) return;
    if (!outcome_.found || !tuning_.reduced_cost_fixing || !tuning_.lagrangian) break;
    if (!fix_by_reduced_cost(level, bound_value)) break;
    if (!propagate(level)) return;
    if (level.empty == 0) {
      record(level);
      return;
    }
  }

  // Branch on the empty cell with fewest candidates (heaviest on ties).
  int branch_cell = -1;
  int fewest = 65;
  for (int cell = 0; cell < cells_; ++cell) {
    const std::uint64_t cand = level.cand[static_cast<std::size_t>(cell)];
    if (cand == 0) continue;
    const int count = std::popcount(cand);
    if (count < fewest ||
        (count == fewest && weight_[static_cast<std::size_t>(cell)] > weight_[static_cast<std::size_t>(branch_cell)])) {
      fewest = count;
      branch_cell = cell;
    }
  }

  std::array<std::pair<std::int64_t, int>, 64> order{};
  int choices = 0;
  for (std::uint64_t cand = level.cand[static_cast<std::size_t>(branch_cell)]; cand != 0; cand &= cand - 1) {
    const int digit = lowest_digit(cand);
    const std::int64_t value = tuning_.lagrangian ? reduced(level, branch_cell, digit)
                                                  : weight_[static_cast<std::size_t>(branch_cell)] * digit;
    order[static_cast<std::size_t>(choices++)] = {value, digit};
  }
  std::sort(order.begin(), order.begin() + choices, [](const auto& a, const auto& b) { return a.first > b.first; });
  const std::int64_t top = order[0].first;

  Level& child = levels_[static_cast<std::size_t>(depth + 1)];
  for (int i = 0; i < choices && !stopped_; ++i) {
    // The parent's multipliers already bound this child: skip it without copying when they suffice.
    if (tuning_.lagrangian && outcome_.found && bound_value - (top - order[static_cast<std::size_t>(i)].first) <= outcome_.best)
      continue;
    child = level;
    place(child, branch_cell, order[static_cast<std::size_t>(i)].second);
    if (propagate(child)) search(depth + 1);
  }
}

SearchOutcome BranchAndBound::run(const Grid& puzzle, const std::vector<std::int64_t>& weights,
                                  const ScoreOptions& options, const SearchTuning& tuning) {
  set_geometry(puzzle.shape);
  if (weights.size() != static_cast<std::size_t>(cells_)) throw std::invalid_argument("weights do not fit the grid");
  weight_ = weights;
  tuning_ = tuning;
  options_ = &options;
  outcome_ = SearchOutcome{};
  stopped_ = false;
  start_ = last_progress_ = std::chrono::steady_clock::now();
  meter_ = BudgetMeter(options.budget);

  const std::uint64_t full = n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1;
  if (levels_.size() != static_cast<std::size_t>(cells_ + 2)) levels_.resize(static_cast<std::size_t>(cells_ + 2));
  reduced_cache_.assign(static_cast<std::size_t>(cells_ * n_), 0);
  Level& root = levels_[0];
  root.digit.assign(static_cast<std::size_t>(cells_), 0);
  root.cand.assign(static_cast<std::size_t>(cells_), full);
  root.open.assign(static_cast<std::size_t>(houses_), full);
  root.lambda.assign(static_cast<std::size_t>(houses_ * n_), 0);
  root.fixed = 0;
  root.empty = cells_;
  bool consistent = true;
  for (int cell = 0; cell < cells_; ++cell) {
    const int digit = puzzle.cells[static_cast<std::size_t>(cell)];
    if (digit == 0) continue;
    if (digit > n_ || (root.cand[static_cast<std::size_t>(cell)] & bit_of(digit)) == 0) {
      consistent = false;  // clash or out of range: no solution
      break;
    }
    place(root, cell, digit);
  }
  if (consistent && propagate(root)) {
    outcome_.has_upper_bound = true;
    outcome_.upper_bound = bound(root);  // any multipliers (here 0) give a valid bound
    search(0);
  }
  outcome_.proven = !stopped_;
  return outcome_;
}

}  // namespace sudokit::scoring

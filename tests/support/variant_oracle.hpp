// variant_oracle.hpp: a slow, obviously-correct solver for variant rules, for tests only.
//
// It shares no code with any engine: plain backtracking over the empty cells (the one with
// the fewest legal digits first, so 9×9 stays quick), where a digit is legal when no cell
// of any house through the cell holds it (one digit mask per house) and, in a cage, the digits stay distinct, their
// partial sum plus the least the empty cells can add stays within the sum, and a full cage
// hits it exactly. The houses are recomputed here from the rules' *description* (variant,
// shape, region map, cages), not read from Rules::houses, so a wrong house list in the model
// shows up as a disagreement. Counting stops at `limit`.
//
// Also: random region maps (random trades between the boxes, kept when connected) and random cages
// over a full grid, so tests can make many random variant puzzles.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/variant.hpp"

namespace sudokit::oracle {

// The houses of a variant, rebuilt from first principles.
inline std::vector<std::vector<int>> houses_of(const Rules& rules) {
  const Shape& s = rules.shape;
  const int n = s.n;
  std::vector<std::vector<int>> houses;
  for (int r = 0; r < n; ++r) {
    std::vector<int> h;
    for (int c = 0; c < n; ++c) h.push_back(r * n + c);
    houses.push_back(h);
  }
  for (int c = 0; c < n; ++c) {
    std::vector<int> h;
    for (int r = 0; r < n; ++r) h.push_back(r * n + c);
    houses.push_back(h);
  }
  if (rules.variant == Variant::jigsaw) {
    for (int g = 0; g < n; ++g) {
      std::vector<int> h;
      for (int cell = 0; cell < n * n; ++cell)
        if (rules.region_of[static_cast<std::size_t>(cell)] == g) h.push_back(cell);
      houses.push_back(h);
    }
  } else {
    for (int br = 0; br < n; br += s.box_rows)
      for (int bc = 0; bc < n; bc += s.box_cols) {
        std::vector<int> h;
        for (int r = br; r < br + s.box_rows; ++r)
          for (int c = bc; c < bc + s.box_cols; ++c) h.push_back(r * n + c);
        houses.push_back(h);
      }
  }
  if (rules.variant == Variant::x) {
    std::vector<int> a, b;
    for (int i = 0; i < n; ++i) {
      a.push_back(i * n + i);
      b.push_back(i * n + n - 1 - i);
    }
    houses.push_back(a);
    houses.push_back(b);
  }
  if (rules.variant == Variant::hyper) {
    const int k = s.box_rows;
    for (int top = 1; top + k <= n; top += k + 1)
      for (int left = 1; left + k <= n; left += k + 1) {
        std::vector<int> h;
        for (int r = top; r < top + k; ++r)
          for (int c = left; c < left + k; ++c) h.push_back(r * n + c);
        houses.push_back(h);
      }
  }
  return houses;
}

class Oracle {
 public:
  explicit Oracle(const Rules& rules) : rules_(rules), n_(rules.shape.n) {
    const int nn = n_ * n_;
    houses_ = houses_of(rules);
    houses_of_cell_.assign(static_cast<std::size_t>(nn), {});
    for (std::size_t h = 0; h < houses_.size(); ++h)
      for (int cell : houses_[h]) houses_of_cell_[static_cast<std::size_t>(cell)].push_back(static_cast<int>(h));
    cage_of_.assign(static_cast<std::size_t>(nn), -1);
    for (std::size_t k = 0; k < rules.cages.size(); ++k)
      for (int cell : rules.cages[k].cells) cage_of_[static_cast<std::size_t>(cell)] = static_cast<int>(k);
  }

  /// Solutions of `puzzle`, counted up to `limit`; the first is kept in `first` when given.
  std::uint64_t count(const Grid& puzzle, std::uint64_t limit, Grid* first = nullptr) {
    grid_ = puzzle.cells;
    limit_ = limit;
    found_ = 0;
    first_ = first;
    // Givens must obey the rules themselves: placed one by one, each legal when placed.
    std::vector<std::uint8_t> givens = grid_;
    grid_.assign(givens.size(), 0);
    rebuild_masks();
    for (int cell = 0; cell < n_ * n_; ++cell) {
      const int d = givens[static_cast<std::size_t>(cell)];
      if (d == 0) continue;
      if (d > n_ || !legal_given(cell, d)) return 0;
      place(cell, d);
    }
    walk();
    return found_;
  }

  /// A random full grid under the rules; false when none was found within `node_cap` nodes
  /// (some random region maps have no solution at all, and proving it can take long).
  bool random_fill(std::mt19937& rng, Grid& out, std::uint64_t node_cap = 100000) {
    grid_.assign(static_cast<std::size_t>(n_ * n_), 0);
    rebuild_masks();
    rng_ = &rng;
    limit_ = 1;
    found_ = 0;
    nodes_ = 0;
    node_cap_ = node_cap;
    Grid g(rules_.shape);
    first_ = &g;
    walk();
    rng_ = nullptr;
    node_cap_ = UINT64_MAX;
    if (found_ == 0) return false;
    out = g;
    return true;
  }

 private:
  // Digits (bit d) already in a house of the cell: one OR per house, from the house masks.
  std::uint64_t taken(int cell) const {
    std::uint64_t mask = 0;
    for (int h : houses_of_cell_[static_cast<std::size_t>(cell)]) mask |= used_[static_cast<std::size_t>(h)];
    return mask;
  }
  void place(int cell, int d) {
    grid_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
    for (int h : houses_of_cell_[static_cast<std::size_t>(cell)]) used_[static_cast<std::size_t>(h)] ^= std::uint64_t{1} << d;
  }
  void unplace(int cell, int d) {
    grid_[static_cast<std::size_t>(cell)] = 0;
    for (int h : houses_of_cell_[static_cast<std::size_t>(cell)]) used_[static_cast<std::size_t>(h)] ^= std::uint64_t{1} << d;
  }
  // Recomputes the house masks from the grid (after a reset of grid_).
  void rebuild_masks() {
    used_.assign(houses_.size(), 0);
    for (std::size_t h = 0; h < houses_.size(); ++h)
      for (int cell : houses_[h]) {
        const int d = grid_[static_cast<std::size_t>(cell)];
        if (d != 0) used_[h] |= std::uint64_t{1} << d;
      }
  }

  bool legal(int cell, int d) const {
    if ((taken(cell) >> d) & 1) return false;
    const int k = cage_of_[static_cast<std::size_t>(cell)];
    if (k < 0) return true;
    const Cage& cage = rules_.cages[static_cast<std::size_t>(k)];
    int sum = d, empty = 0;
    for (int c : cage.cells) {
      if (c == cell) continue;
      const int v = grid_[static_cast<std::size_t>(c)];
      if (v == d) return false;
      if (v == 0) ++empty;
      sum += v;
    }
    if (empty == 0) return sum == cage.sum;
    return sum + empty * (empty + 1) / 2 <= cage.sum;  // the empty cells add at least 1+2+…
  }

  // A given is legal as any placement is (its cage's other cells may still be empty).
  bool legal_given(int cell, int d) const { return legal(cell, d); }

  void walk() {
    if (found_ >= limit_ || ++nodes_ > node_cap_) return;
    int best = -1, best_count = n_ + 1;
    for (int cell = 0; cell < n_ * n_; ++cell) {
      if (grid_[static_cast<std::size_t>(cell)] != 0) continue;
      int count = 0;
      const std::uint64_t blocked = taken(cell);
      for (int d = 1; d <= n_; ++d)
        if (!((blocked >> d) & 1)) count += legal(cell, d);
      if (count < best_count) {
        best = cell;
        best_count = count;
        if (count == 0) return;
      }
    }
    if (best < 0) {
      if (found_++ == 0 && first_) {
        first_->shape = rules_.shape;
        first_->cells = grid_;
      }
      return;
    }
    std::vector<int> digits;
    for (int d = 1; d <= n_; ++d) digits.push_back(d);
    if (rng_) std::shuffle(digits.begin(), digits.end(), *rng_);
    for (int d : digits) {
      if (!legal(best, d)) continue;
      place(best, d);
      walk();
      unplace(best, d);
      if (found_ >= limit_ || nodes_ > node_cap_) return;
    }
  }

  const Rules& rules_;
  int n_;
  std::vector<std::vector<int>> houses_;
  std::vector<std::vector<int>> houses_of_cell_;
  std::vector<std::uint64_t> used_;  // digits (bit d) placed in each house
  std::vector<int> cage_of_;
  std::vector<std::uint8_t> grid_;
  std::uint64_t limit_ = 0, found_ = 0, nodes_ = 0, node_cap_ = UINT64_MAX;
  Grid* first_ = nullptr;
  std::mt19937* rng_ = nullptr;
};

/// A random region map of N connected regions of N cells: start from the boxes of the
/// default shape and make many random trades: a cell of region A next to region B moves to
/// B and a cell of B next to A moves to A, kept only when both regions stay connected.
inline std::string random_regions(int n, std::mt19937& rng) {
  const Shape shape = *default_shape(n);
  const int nn = n * n;
  std::vector<int> region(static_cast<std::size_t>(nn));
  for (int cell = 0; cell < nn; ++cell) region[static_cast<std::size_t>(cell)] = shape.box_of(cell);
  auto neighbours = [n](int cell) {
    std::vector<int> out;
    const int r = cell / n, c = cell % n;
    if (r > 0) out.push_back(cell - n);
    if (r + 1 < n) out.push_back(cell + n);
    if (c > 0) out.push_back(cell - 1);
    if (c + 1 < n) out.push_back(cell + 1);
    return out;
  };
  auto connected = [&](int g) {
    std::vector<int> cells;
    for (int cell = 0; cell < nn; ++cell)
      if (region[static_cast<std::size_t>(cell)] == g) cells.push_back(cell);
    std::vector<char> seen(static_cast<std::size_t>(nn), 0);
    std::vector<int> stack{cells[0]};
    seen[static_cast<std::size_t>(cells[0])] = 1;
    std::size_t reached = 0;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      ++reached;
      for (int x : neighbours(cell))
        if (!seen[static_cast<std::size_t>(x)] && region[static_cast<std::size_t>(x)] == g) {
          seen[static_cast<std::size_t>(x)] = 1;
          stack.push_back(x);
        }
    }
    return reached == cells.size();
  };
  for (int step = 0; step < 20 * nn; ++step) {
    const int x = static_cast<int>(rng() % static_cast<unsigned>(nn));
    const int a = region[static_cast<std::size_t>(x)];
    std::vector<int> others;
    for (int y : neighbours(x))
      if (region[static_cast<std::size_t>(y)] != a) others.push_back(y);
    if (others.empty()) continue;
    const int b = region[static_cast<std::size_t>(others[rng() % others.size()])];
    std::vector<int> candidates;  // cells of b touching a through a cell other than x
    for (int z = 0; z < nn; ++z) {
      if (region[static_cast<std::size_t>(z)] != b) continue;
      for (int w : neighbours(z))
        if (region[static_cast<std::size_t>(w)] == a && w != x) {
          candidates.push_back(z);
          break;
        }
    }
    if (candidates.empty()) continue;
    const int z = candidates[rng() % candidates.size()];
    region[static_cast<std::size_t>(x)] = b;
    region[static_cast<std::size_t>(z)] = a;
    if (!connected(a) || !connected(b)) {
      region[static_cast<std::size_t>(x)] = a;
      region[static_cast<std::size_t>(z)] = b;
    }
  }
  static const char kSymbols[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  std::string out;
  for (int g : region) out.push_back(kSymbols[g]);
  return out;
}

/// Random cages (connected, 1..max_size cells) partitioning the grid, each summing `full`.
inline std::vector<Cage> random_cages(const Grid& full, int max_size, std::mt19937& rng) {
  const int n = full.shape.n, nn = n * n;
  std::vector<int> owner(static_cast<std::size_t>(nn), -1);
  std::vector<Cage> cages;
  std::vector<int> order(static_cast<std::size_t>(nn));
  for (int i = 0; i < nn; ++i) order[static_cast<std::size_t>(i)] = i;
  std::shuffle(order.begin(), order.end(), rng);
  for (int start : order) {
    if (owner[static_cast<std::size_t>(start)] != -1) continue;
    Cage cage;
    const int k = static_cast<int>(cages.size());
    const int want = 1 + static_cast<int>(rng() % static_cast<unsigned>(max_size));
    cage.cells.push_back(start);
    owner[static_cast<std::size_t>(start)] = k;
    std::vector<bool> used_digit(static_cast<std::size_t>(n + 1), false);
    used_digit[full.cells[static_cast<std::size_t>(start)]] = true;
    while (static_cast<int>(cage.cells.size()) < want) {
      std::vector<int> frontier;
      for (int cell : cage.cells) {
        const int r = cell / n, c = cell % n;
        const int next[4] = {r > 0 ? cell - n : -1, r + 1 < n ? cell + n : -1, c > 0 ? cell - 1 : -1,
                             c + 1 < n ? cell + 1 : -1};
        for (int x : next)
          if (x >= 0 && owner[static_cast<std::size_t>(x)] == -1 && !used_digit[full.cells[static_cast<std::size_t>(x)]])
            frontier.push_back(x);
      }
      if (frontier.empty()) break;
      const int x = frontier[rng() % frontier.size()];
      owner[static_cast<std::size_t>(x)] = k;
      used_digit[full.cells[static_cast<std::size_t>(x)]] = true;
      cage.cells.push_back(x);
    }
    for (int cell : cage.cells) cage.sum += full.cells[static_cast<std::size_t>(cell)];
    cages.push_back(std::move(cage));
  }
  return cages;
}

}  // namespace sudokit::oracle

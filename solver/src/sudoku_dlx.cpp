// sudoku_dlx.cpp: the Sudoku exact-cover encoding and its specialised DLX search.
// The encoding and the reasons for this layout are explained at the top of sudoku_dlx.hpp.
#include "sudoku_dlx.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace sudokit::dlx {

std::array<int, 4> candidate_columns(const Shape& shape, int r, int c, int d) {
  const int n = shape.n;
  const int nn = n * n;
  return {r * n + c, nn + r * n + (d - 1), 2 * nn + c * n + (d - 1), 3 * nn + shape.box_of(r, c) * n + (d - 1)};
}

std::array<int, 4> row_columns(const Shape& shape, int row) {
  const int n = shape.n;
  const int cell = row / n;
  return candidate_columns(shape, cell / n, cell % n, row % n + 1);
}

void build_exact_cover(const Shape& shape, ExactCover& out) {
  out.reset(constraint_columns(shape));
  for (int row = 0; row < candidate_rows(shape); ++row) {
    const std::array<int, 4> cols = row_columns(shape, row);
    out.add_row(cols);
  }
}

SudokuDlx::SudokuDlx(const Shape& shape) : shape_(shape), n_(shape.n) {
  if (n_ < 1 || n_ > kMaxSize || shape.box_rows * shape.box_cols != n_)
    throw std::invalid_argument("SudokuDlx: not a valid shape");
  columns_ = constraint_columns(shape);
  const int rows = candidate_rows(shape);
  nodes_.assign(static_cast<std::size_t>(columns_) + 4 * static_cast<std::size_t>(rows), Node{0, 0, 0, 0});
  sizes_.assign((static_cast<std::size_t>(columns_) + 15) / 16, Lanes{});
  // The column of every node never changes; only up/down are relinked per puzzle.
  for (std::int32_t c = 0; c < columns_; ++c) nodes_[static_cast<std::size_t>(c)].column = c;
  for (int row = 0; row < rows; ++row) {
    const std::array<int, 4> cols = row_columns(shape, row);
    for (int k = 0; k < 4; ++k) {
      Node& node = nodes_[static_cast<std::size_t>(columns_ + 4 * row + k)];
      node.column = cols[static_cast<std::size_t>(k)];
      node.spare = row;
    }
  }
  const auto houses = static_cast<std::size_t>(n_);
  row_used_.assign(houses, 0);
  col_used_.assign(houses, 0);
  box_used_.assign(houses, 0);
  cell_box_.resize(static_cast<std::size_t>(n_) * houses);
  for (int cell = 0; cell < n_ * n_; ++cell) cell_box_[static_cast<std::size_t>(cell)] = shape.box_of(cell);
  // Each level of the search fills one cell, so N² + 1 levels always suffice.
  choice_column_.assign(static_cast<std::size_t>(n_ * n_) + 1, 0);
  choice_node_.assign(static_cast<std::size_t>(n_ * n_) + 1, 0);
  scratch_.assign(static_cast<std::size_t>(n_ * n_), 0);
}

// Relinks the matrix for one puzzle: the columns no given satisfies, and the rows of the empty
// cells whose digit clashes with no given. Returns false when the givens clash.
bool SudokuDlx::link_puzzle(const std::uint8_t* givens) {
  const int n = n_;
  const int nn = n * n;
  std::fill(row_used_.begin(), row_used_.end(), 0);
  std::fill(col_used_.begin(), col_used_.end(), 0);
  std::fill(box_used_.begin(), box_used_.end(), 0);
  for (int cell = 0; cell < nn; ++cell) {
    const int d = givens[cell];
    if (d == 0) continue;
    if (d > n) return false;
    const std::uint64_t bit = std::uint64_t{1} << (d - 1);
    const int r = cell / n, c = cell % n, b = cell_box_[static_cast<std::size_t>(cell)];
    if ((row_used_[static_cast<std::size_t>(r)] | col_used_[static_cast<std::size_t>(c)] |
         box_used_[static_cast<std::size_t>(b)]) & bit)
      return false;
    row_used_[static_cast<std::size_t>(r)] |= bit;
    col_used_[static_cast<std::size_t>(c)] |= bit;
    box_used_[static_cast<std::size_t>(b)] |= bit;
  }

  Node* const nodes = nodes_.data();
  std::uint8_t* const size = reinterpret_cast<std::uint8_t*>(sizes_.data());
  const std::int32_t root = columns_;
  // Open columns start empty and count their rows below; the ones a given satisfies are
  // marked covered from the start, and the padding past the last column looks covered too.
  std::memset(size, kCovered, sizes_.size() * sizeof(Lanes));
  auto open_column = [&](std::int32_t c) {
    nodes[c].up = nodes[c].down = c;
    size[c] = 0;
  };
  for (int cell = 0; cell < nn; ++cell)
    if (givens[cell] == 0) open_column(cell);
  const std::vector<std::uint64_t>* used[3] = {&row_used_, &col_used_, &box_used_};
  for (int kind = 0; kind < 3; ++kind) {
    const std::int32_t base = (kind + 1) * nn;
    for (int house = 0; house < n; ++house) {
      const std::uint64_t taken = (*used[kind])[static_cast<std::size_t>(house)];
      for (int d = 0; d < n; ++d)
        if (!((taken >> d) & 1)) open_column(base + house * n + d);
    }
  }

  // Rows, appended in ascending id so every column lists its rows in id order.
  const std::uint64_t all = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  for (int cell = 0; cell < nn; ++cell) {
    if (givens[cell] != 0) continue;
    const int r = cell / n, c = cell % n;
    std::uint64_t free_digits = all & ~(row_used_[static_cast<std::size_t>(r)] | col_used_[static_cast<std::size_t>(c)] |
                                        box_used_[static_cast<std::size_t>(cell_box_[static_cast<std::size_t>(cell)])]);
    while (free_digits) {
      const int d = __builtin_ctzll(free_digits);
      free_digits &= free_digits - 1;
      const std::int32_t first = root + 4 * (cell * n + d);
      for (std::int32_t j = first; j < first + 4; ++j) {
        const std::int32_t col = nodes[j].column;
        const std::int32_t bottom = nodes[col].up;
        nodes[j].up = bottom;
        nodes[j].down = col;
        nodes[bottom].down = j;
        nodes[col].up = j;
        ++size[col];
      }
    }
  }
  return true;
}

// Algorithm X on the relinked matrix. `on_solution(depth)` sees the chosen nodes in
// choice_node_[0, depth) and returns false to stop. Stopping early leaves the links
// half-covered on purpose: the next puzzle relinks them from scratch.
template <class OnSolution>
std::uint64_t SudokuDlx::search(std::uint64_t limit, SearchStats* stats, const BudgetMeter* meter,
                                OnSolution&& on_solution) {
  Node* const nd = nodes_.data();
  const Lanes* const lanes = sizes_.data();
  const std::size_t lane_count = sizes_.size();
  std::uint8_t* const size = reinterpret_cast<std::uint8_t*>(sizes_.data());
  std::int32_t* const choice_column = choice_column_.data();
  std::int32_t* const choice_node = choice_node_.data();
  std::uint64_t tried = 0, updates = 0, guesses = 0, found = 0;
  // The budget costs one compare per row tried: `next_check` is the node count at which the
  // meter is next asked (its cap, or the next clock reading), UINT64_MAX without a budget.
  complete_ = true;
  const std::uint64_t stride = BudgetMeter::kClockStride;
  auto next_check_after = [&](std::uint64_t now) {
    if (!meter || !meter->limited()) return UINT64_MAX;
    const std::uint64_t clock = meter->timed() ? now + stride : UINT64_MAX;
    return std::min(clock, std::max(meter->node_cap(), now + 1));
  };
  std::uint64_t next_check = next_check_after(0);
  if (meter && meter->limited() && (meter->node_cap() == 0 || meter->clock_passed())) {
    complete_ = false;
    return 0;
  }

  // Covering a column adds kCovered to its size, so one unsigned minimum over the whole size
  // array answers everything: 0 means a dead end, kCovered or more means every column is
  // covered (a solution), anything else is the MRV column's size. No header ring is kept.
  auto cover = [&](std::int32_t c) {
    updates += 1 + 3 * static_cast<std::uint64_t>(size[c]);
    size[c] = static_cast<std::uint8_t>(size[c] + kCovered);
    for (std::int32_t i = nd[c].down; i != c; i = nd[i].down) {
      const std::int32_t row = i & ~3;
      for (std::int32_t t = 1; t < 4; ++t) {
        const std::int32_t j = row | ((i + t) & 3);
        const std::int32_t u = nd[j].up, d = nd[j].down;
        nd[u].down = d;
        nd[d].up = u;
        --size[nd[j].column];
      }
    }
  };
  auto uncover = [&](std::int32_t c) {
    for (std::int32_t i = nd[c].up; i != c; i = nd[i].up) {
      const std::int32_t row = i & ~3;
      for (std::int32_t t = 3; t > 0; --t) {
        const std::int32_t j = row | ((i + t) & 3);
        ++size[nd[j].column];
        nd[nd[j].up].down = j;
        nd[nd[j].down].up = j;
      }
    }
    size[c] = static_cast<std::uint8_t>(size[c] - kCovered);
  };
  // The smallest size: a lane-wise minimum over 16 columns at a time, then one pass over the
  // 16 lanes. Ties go to the lowest column id, as a scan of an ascending header ring would.
  auto smallest_size = [&]() {
    Lanes low = lanes[0];
    for (std::size_t v = 1; v < lane_count; ++v) low = lanes[v] < low ? lanes[v] : low;
    std::uint8_t best = low[0];
    for (int k = 1; k < 16; ++k) best = low[k] < best ? low[k] : best;
    return best;
  };
  auto first_column_of_size = [&](std::uint8_t wanted) {
    const Lanes target = Lanes{} + wanted;
    std::size_t v = 0;
    for (;; ++v) {
      const Lanes hit = lanes[v] == target;
      std::uint64_t halves[2];
      std::memcpy(halves, &hit, sizeof halves);
      if (halves[0] | halves[1]) break;
    }
    std::int32_t c = static_cast<std::int32_t>(v * 16);
    while (size[c] != wanted) ++c;
    return c;
  };
  auto cover_siblings = [&](std::int32_t i) {
    const std::int32_t row = i & ~3;
    for (std::int32_t t = 1; t < 4; ++t) cover(nd[row | ((i + t) & 3)].column);
  };
  auto uncover_siblings = [&](std::int32_t i) {
    const std::int32_t row = i & ~3;
    for (std::int32_t t = 3; t > 0; --t) uncover(nd[row | ((i + t) & 3)].column);
  };

  std::size_t depth = 0;
  while (true) {
    // Descend as far as the forced and guessed choices go.
    while (true) {
      const std::uint8_t best_size = smallest_size();
      if (best_size == 0) break;
      if (best_size >= kCovered) {
        ++found;
        if (!on_solution(depth) || found >= limit) goto done;
        break;
      }
      const std::int32_t best = first_column_of_size(best_size);
      guesses += best_size > 1;
      cover(best);
      const std::int32_t node = nd[best].down;
      choice_column[depth] = best;
      choice_node[depth] = node;
      ++depth;
      ++tried;
      cover_siblings(node);
      if (tried >= next_check) {
        if (tried >= meter->node_cap() || meter->clock_passed()) {
          complete_ = false;
          goto done;
        }
        next_check = next_check_after(tried);
      }
    }
    // Backtrack to the deepest choice with another row left.
    while (true) {
      if (depth == 0) goto done;
      const std::size_t level = depth - 1;
      std::int32_t node = choice_node[level];
      uncover_siblings(node);
      node = nd[node].down;
      if (node != choice_column[level]) {
        choice_node[level] = node;
        ++tried;
        cover_siblings(node);
        if (tried >= next_check) {
          if (tried >= meter->node_cap() || meter->clock_passed()) {
            complete_ = false;
            goto done;
          }
          next_check = next_check_after(tried);
        }
        break;
      }
      uncover(choice_column[level]);
      --depth;
    }
  }
done:
  if (stats) {
    stats->nodes += tried;
    stats->updates += updates;
    stats->guesses += guesses;
  }
  return found;
}

void SudokuDlx::write_solution(const std::uint8_t* givens, std::size_t depth, std::uint8_t* out) const {
  std::memcpy(out, givens, static_cast<std::size_t>(n_ * n_));
  for (std::size_t level = 0; level < depth; ++level) {
    const std::int32_t row = (choice_node_[level] - columns_) >> 2;
    out[row / n_] = static_cast<std::uint8_t>(row % n_ + 1);
  }
}

std::uint64_t SudokuDlx::solve(const std::uint8_t* givens, std::uint64_t limit, std::uint8_t* solutions,
                               std::size_t keep, SearchStats* stats, const BudgetMeter* meter) {
  complete_ = true;
  if (limit == 0 || !link_puzzle(givens)) return 0;
  const auto cells = static_cast<std::size_t>(n_ * n_);
  std::size_t kept = 0;
  return search(limit, stats, meter, [&](std::size_t depth) {
    if (kept < keep) write_solution(givens, depth, solutions + cells * kept++);
    return true;
  });
}

std::uint64_t SudokuDlx::enumerate(const std::uint8_t* givens, std::uint64_t limit,
                                   const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                                   const BudgetMeter* meter) {
  complete_ = true;
  if (limit == 0 || !link_puzzle(givens)) return 0;
  return search(limit, stats, meter, [&](std::size_t depth) {
    write_solution(givens, depth, scratch_.data());
    return visit(scratch_.data());
  });
}

}  // namespace sudokit::dlx

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
  heads_.assign(static_cast<std::size_t>(columns_) + 1, Head{0, 0, 0, 0});
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
  Head* const heads = heads_.data();
  const std::int32_t root = columns_;
  // Header ring in ascending column order, open columns only.
  std::int32_t last = root;
  auto open_column = [&](std::int32_t c) {
    nodes[c].up = nodes[c].down = c;
    heads[c].size = 0;
    heads[c].prev = last;
    heads[last].next = c;
    last = c;
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
  heads[last].next = root;
  heads[root].prev = last;

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
        ++heads[col].size;
      }
    }
  }
  return true;
}

// Algorithm X on the relinked matrix. `on_solution(depth)` sees the chosen nodes in
// choice_node_[0, depth) and returns false to stop. Stopping early leaves the links
// half-covered on purpose: the next puzzle relinks them from scratch.
template <class OnSolution>
std::uint64_t SudokuDlx::search(std::uint64_t limit, SearchStats* stats, OnSolution&& on_solution) {
  Node* const nd = nodes_.data();
  Head* const hd = heads_.data();
  std::int32_t* const choice_column = choice_column_.data();
  std::int32_t* const choice_node = choice_node_.data();
  const std::int32_t root = columns_;
  std::uint64_t tried = 0, updates = 0, guesses = 0, found = 0;

  // Open columns left with no row: while there is one, the branch is dead, whatever the
  // MRV scan would have picked first (it stops at the first column of size 1).
  std::int32_t empty_columns = 0;
  for (std::int32_t c = hd[root].next; c != root; c = hd[c].next) empty_columns += hd[c].size == 0;

  auto cover = [&](std::int32_t c) {
    const std::int32_t prev = hd[c].prev, next = hd[c].next;
    hd[prev].next = next;
    hd[next].prev = prev;
    empty_columns -= hd[c].size == 0;
    updates += 1 + 3 * static_cast<std::uint64_t>(hd[c].size);
    for (std::int32_t i = nd[c].down; i != c; i = nd[i].down) {
      const std::int32_t row = i & ~3;
      for (std::int32_t t = 1; t < 4; ++t) {
        const std::int32_t j = row | ((i + t) & 3);
        const std::int32_t u = nd[j].up, d = nd[j].down;
        nd[u].down = d;
        nd[d].up = u;
        empty_columns += --hd[nd[j].column].size == 0;
      }
    }
  };
  auto uncover = [&](std::int32_t c) {
    for (std::int32_t i = nd[c].up; i != c; i = nd[i].up) {
      const std::int32_t row = i & ~3;
      for (std::int32_t t = 3; t > 0; --t) {
        const std::int32_t j = row | ((i + t) & 3);
        empty_columns -= hd[nd[j].column].size++ == 0;
        nd[nd[j].up].down = j;
        nd[nd[j].down].up = j;
      }
    }
    const std::int32_t prev = hd[c].prev, next = hd[c].next;
    hd[prev].next = c;
    hd[next].prev = c;
    empty_columns += hd[c].size == 0;
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
    while (empty_columns == 0) {
      std::int32_t best = hd[root].next;
      if (best == root) {
        ++found;
        if (!on_solution(depth) || found >= limit) goto done;
        break;
      }
      std::int32_t best_size = hd[best].size;
      for (std::int32_t c = hd[best].next; c != root && best_size > 1; c = hd[c].next) {
        if (hd[c].size < best_size) {
          best = c;
          best_size = hd[c].size;
        }
      }
      guesses += best_size > 1;
      cover(best);
      const std::int32_t node = nd[best].down;
      choice_column[depth] = best;
      choice_node[depth] = node;
      ++depth;
      ++tried;
      cover_siblings(node);
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
                               std::size_t keep, SearchStats* stats) {
  if (limit == 0 || !link_puzzle(givens)) return 0;
  const auto cells = static_cast<std::size_t>(n_ * n_);
  std::size_t kept = 0;
  return search(limit, stats, [&](std::size_t depth) {
    if (kept < keep) write_solution(givens, depth, solutions + cells * kept++);
    return true;
  });
}

std::uint64_t SudokuDlx::enumerate(const std::uint8_t* givens, std::uint64_t limit,
                                   const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats) {
  if (limit == 0 || !link_puzzle(givens)) return 0;
  return search(limit, stats, [&](std::size_t depth) {
    write_solution(givens, depth, scratch_.data());
    return visit(scratch_.data());
  });
}

}  // namespace sudokit::dlx

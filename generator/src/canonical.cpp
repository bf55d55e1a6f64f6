// Canonical form of a puzzle under the validity-preserving Sudoku transformations, for
// --distinct.
//
// The form is the lexicographically smallest row-major string over all transformed copies,
// with digits relabelled by order of first appearance (so relabelling needs no search).
// The search enumerates every column arrangement (stack order × column order within each
// stack, on the grid and, for square boxes, on its transpose) and, for each, builds the rows
// greedily: the next row must be the smallest possible encoded row among those the band
// structure allows (any row of an unused band at a band start, else an unused row of the
// current band). Lexicographic order makes greedy choice exact; only rows that tie are
// branched on. A prefix already worse than the best form so far is cut off.
//
// 9×9 has 2 × 6⁴ = 2,592 column arrangements: well under a millisecond per puzzle. Shapes
// with more than kCanonicalColumnLimit arrangements (12×12 has 82,944; 16×16, 7.9 million)
// are refused rather than made slow.
#include <algorithm>
#include <array>
#include <cstring>
#include <numeric>

#include "sudokit/generator.hpp"

namespace sudokit {

namespace {

std::uint64_t factorial(int k) {
  std::uint64_t f = 1;
  for (int i = 2; i <= k; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

// Every column order that keeps stacks together.
std::vector<std::vector<int>> column_arrangements(const Shape& shape) {
  const int stacks = shape.n / shape.box_cols;
  std::vector<int> stack_order(static_cast<std::size_t>(stacks));
  std::iota(stack_order.begin(), stack_order.end(), 0);
  std::vector<int> inner(static_cast<std::size_t>(shape.box_cols));
  std::iota(inner.begin(), inner.end(), 0);
  std::vector<std::vector<int>> inner_perms;
  do inner_perms.push_back(inner);
  while (std::next_permutation(inner.begin(), inner.end()));

  std::vector<std::vector<int>> result;
  do {
    // Odometer over one inner permutation per stack.
    std::vector<std::size_t> choice(static_cast<std::size_t>(stacks), 0);
    for (;;) {
      std::vector<int> columns;
      for (int s = 0; s < stacks; ++s)
        for (int k : inner_perms[choice[static_cast<std::size_t>(s)]])
          columns.push_back(stack_order[static_cast<std::size_t>(s)] * shape.box_cols + k);
      result.push_back(std::move(columns));
      std::size_t s = 0;
      while (s < choice.size() && ++choice[s] == inner_perms.size()) choice[s++] = 0;
      if (s == choice.size()) break;
    }
  } while (std::next_permutation(stack_order.begin(), stack_order.end()));
  return result;
}

class RowSearch {
 public:
  RowSearch(const Shape& shape, std::vector<std::uint8_t>& best)
      : shape_(shape), n_(shape.n), best_(best), current_(best.size()), used_(static_cast<std::size_t>(n_)) {}

  // `grid`: the column-arranged grid, row-major.
  void run(const std::vector<std::uint8_t>& grid) {
    grid_ = &grid;
    std::fill(used_.begin(), used_.end(), false);
    Labels labels{};
    descend(0, -1, labels, 1);
  }

 private:
  using Labels = std::array<std::uint8_t, kMaxSize + 1>;

  // -1, 0, 1: current_ against best_ over the first `rows` rows.
  int compare_prefix(int rows) const {
    const int c = std::memcmp(current_.data(), best_.data(), static_cast<std::size_t>(rows * n_));
    return c < 0 ? -1 : (c > 0 ? 1 : 0);
  }

  void encode(int row, Labels& labels, int& next_label, std::uint8_t* out) const {
    const std::uint8_t* source = grid_->data() + row * n_;
    for (int c = 0; c < n_; ++c) {
      const std::uint8_t digit = source[c];
      if (digit == 0) {
        out[c] = 0;
        continue;
      }
      if (labels[digit] == 0) labels[digit] = static_cast<std::uint8_t>(next_label++);
      out[c] = labels[digit];
    }
  }

  void descend(int depth, int band, const Labels& labels, int next_label) {
    // best_ may have been lowered in a sibling subtree, so compare afresh (a short memcmp).
    const int order = compare_prefix(depth);
    if (order > 0) return;
    if (depth == n_) {
      if (order < 0) best_ = current_;
      return;
    }
    const int rows_per_band = shape_.box_rows;
    std::array<int, kMaxSize> candidates{};
    int candidate_count = 0;
    for (int r = 0; r < n_; ++r) {
      if (used_[static_cast<std::size_t>(r)]) continue;
      const bool allowed = depth % rows_per_band == 0 ? true : r / rows_per_band == band;
      if (allowed) candidates[static_cast<std::size_t>(candidate_count++)] = r;
    }
    // The smallest encoded row among the candidates, and which candidates reach it.
    std::array<std::uint8_t, kMaxSize> smallest{}, trial{};
    std::array<bool, kMaxSize> ties{};
    bool have = false;
    for (int k = 0; k < candidate_count; ++k) {
      Labels copy = labels;
      int next = next_label;
      encode(candidates[static_cast<std::size_t>(k)], copy, next, trial.data());
      const int c = have ? std::memcmp(trial.data(), smallest.data(), static_cast<std::size_t>(n_)) : -1;
      if (c < 0) {
        smallest = trial;
        std::fill(ties.begin(), ties.begin() + k, false);
        have = true;
      }
      ties[static_cast<std::size_t>(k)] = c <= 0;
    }
    if (order == 0 && std::memcmp(smallest.data(), best_.data() + depth * n_, static_cast<std::size_t>(n_)) > 0) return;
    std::memcpy(current_.data() + depth * n_, smallest.data(), static_cast<std::size_t>(n_));
    for (int k = 0; k < candidate_count; ++k) {
      if (!ties[static_cast<std::size_t>(k)]) continue;
      const int r = candidates[static_cast<std::size_t>(k)];
      Labels copy = labels;
      int next = next_label;
      encode(r, copy, next, trial.data());
      used_[static_cast<std::size_t>(r)] = true;
      descend(depth + 1, r / rows_per_band, copy, next);
      used_[static_cast<std::size_t>(r)] = false;
      std::memcpy(current_.data() + depth * n_, smallest.data(), static_cast<std::size_t>(n_));
    }
  }

  const Shape& shape_;
  int n_;
  std::vector<std::uint8_t>& best_;
  std::vector<std::uint8_t> current_;
  std::vector<bool> used_;
  const std::vector<std::uint8_t>* grid_ = nullptr;
};

}  // namespace

std::vector<std::uint8_t> relabelled_form(const Grid& puzzle) {
  std::array<std::uint8_t, kMaxSize + 1> labels{};
  int next = 1;
  std::vector<std::uint8_t> form(puzzle.cells.size());
  for (std::size_t i = 0; i < form.size(); ++i) {
    const std::uint8_t digit = puzzle.cells[i];
    if (digit != 0 && labels[digit] == 0) labels[digit] = static_cast<std::uint8_t>(next++);
    form[i] = digit == 0 ? 0 : labels[digit];
  }
  return form;
}

std::optional<std::vector<std::uint8_t>> canonical_form(const Grid& puzzle) {
  const Shape& shape = puzzle.shape;
  const int n = shape.n;
  const int stacks = n / shape.box_cols;
  const bool square_boxes = shape.box_rows == shape.box_cols;
  // Count arrangements without overflowing for big shapes.
  std::uint64_t arrangements = square_boxes ? 2 : 1;
  arrangements *= factorial(std::min(stacks, 20));
  for (int s = 0; s < stacks && arrangements <= kCanonicalColumnLimit; ++s) arrangements *= factorial(std::min(shape.box_cols, 20));
  if (stacks > 20 || shape.box_cols > 20 || arrangements > kCanonicalColumnLimit) return std::nullopt;

  static thread_local std::vector<std::vector<int>> cached_columns;
  static thread_local Shape cached_shape{0, 0, 0};
  if (!(cached_shape == shape)) {
    cached_columns = column_arrangements(shape);
    cached_shape = shape;
  }

  std::vector<std::uint8_t> best(puzzle.cells.size(), 0xFF);
  RowSearch search(shape, best);
  std::vector<std::uint8_t> arranged(puzzle.cells.size());
  for (int transposed = 0; transposed < (square_boxes ? 2 : 1); ++transposed) {
    for (const auto& columns : cached_columns) {
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          const int source_row = transposed ? columns[static_cast<std::size_t>(c)] : r;
          const int source_col = transposed ? r : columns[static_cast<std::size_t>(c)];
          arranged[static_cast<std::size_t>(r * n + c)] = puzzle.cells[static_cast<std::size_t>(source_row * n + source_col)];
        }
      search.run(arranged);
    }
  }
  return best;
}

}  // namespace sudokit

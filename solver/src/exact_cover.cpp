// exact_cover.cpp: the generic Dancing Links engine behind sudokit/exact_cover.hpp.
//
// Layout. Every link lives in flat arrays of 32-bit indices, one slot per "node":
//   slot 0                      the root of the header list (the primary columns still open);
//   slots 1 .. columns          one header per column (column id + 1);
//   slots columns+1 ..          the 1s of the matrix, row after row, each row contiguous.
// left/right link a row's nodes (and the open primary headers through the root); up/down link
// a column's nodes through its header. Secondary headers are linked to themselves only, so the
// search never chooses them but covering one still removes the rows that would clash there.
//
// Search. Algorithm X, iterative rather than recursive: `choice_column[d]` and `choice_node[d]`
// are the explicit stack, sized once by the number of primary columns (each chosen row covers at
// least one primary column, so the depth never exceeds it). The column chosen is one with the
// fewest rows left (minimum remaining values); the scan stops early at a size of 0 or 1, because
// nothing can beat a dead end or a forced move. One template, `run`, serves both count() (the
// visitor is a no-op that the compiler removes) and search() (it calls the std::function).
//
// Undo. cover/uncover are Knuth's: a removed node keeps its own links, so restoring in exact
// reverse order puts it back. A search stopped by its limit or its visitor unwinds its stack
// before returning, and unselect_all() uncovers the forced rows newest first, so the object
// is always whole again and can take the next problem without reallocating.
#include "sudokit/exact_cover.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace sudokit {

struct ExactCover::Impl {
  static constexpr std::int32_t kRoot = 0;

  int primary = 0;
  int secondary = 0;
  // Links and column of every slot (see the layout above).
  std::vector<std::int32_t> left, right, up, down, column_of;
  std::vector<std::int32_t> row_of;       // row id of each node slot (-1 for headers)
  std::vector<std::int32_t> size;         // rows left in each column, by header slot
  std::vector<std::int32_t> row_first;    // first node of each row; row_first[rows] = end
  std::vector<std::uint8_t> covered;      // by header slot: covered by a select() or the search
  std::vector<std::int32_t> selected;     // rows forced by select(), oldest first
  std::vector<std::int32_t> choice_column, choice_node;  // the search stack
  std::vector<int> solution_rows;         // selected rows, then the rows chosen by the search
  SearchStats stats;
  const BudgetMeter* meter = nullptr;     // set_budget(): stops a search once spent
  bool complete = true;                   // the last search was not stopped by the meter

  int columns() const { return primary + secondary; }
  int rows() const { return static_cast<int>(row_first.size()) - 1; }

  void clear(int primary_columns, int secondary_columns) {
    if (primary_columns < 0 || secondary_columns < 0) throw std::invalid_argument("ExactCover: negative column count");
    primary = primary_columns;
    secondary = secondary_columns;
    const std::size_t slots = static_cast<std::size_t>(columns()) + 1;
    for (auto* v : {&left, &right, &up, &down, &column_of, &row_of, &size}) v->assign(slots, 0);
    covered.assign(slots, 0);
    for (std::int32_t h = 0; h < static_cast<std::int32_t>(slots); ++h) {
      up[h] = down[h] = h;
      column_of[h] = h;
      row_of[h] = -1;
      left[h] = right[h] = h;
    }
    // Only the primary headers join the root's ring.
    for (std::int32_t h = 1; h <= primary; ++h) {
      left[h] = h - 1;
      right[h] = h + 1 <= primary ? h + 1 : kRoot;
    }
    left[kRoot] = primary;
    right[kRoot] = primary > 0 ? 1 : kRoot;
    row_first.assign(1, static_cast<std::int32_t>(slots));
    selected.clear();
    choice_column.assign(static_cast<std::size_t>(primary) + 1, 0);
    choice_node.assign(static_cast<std::size_t>(primary) + 1, 0);
    solution_rows.clear();
  }

  int add_row(std::span<const int> cols) {
    if (!selected.empty()) throw std::logic_error("ExactCover::add_row while rows are selected");
    if (cols.empty()) throw std::invalid_argument("ExactCover::add_row: empty row");
    const auto first = static_cast<std::int32_t>(left.size());
    const auto count = static_cast<std::int32_t>(cols.size());
    const int row = rows();
    for (std::int32_t k = 0; k < count; ++k) {
      const int c = cols[static_cast<std::size_t>(k)];
      if (c < 0 || c >= columns()) throw std::invalid_argument("ExactCover::add_row: column out of range");
      for (std::int32_t e = 0; e < k; ++e)
        if (cols[static_cast<std::size_t>(e)] == c) throw std::invalid_argument("ExactCover::add_row: repeated column");
    }
    for (std::int32_t k = 0; k < count; ++k) {
      const std::int32_t node = first + k;
      const std::int32_t header = cols[static_cast<std::size_t>(k)] + 1;
      left.push_back(k == 0 ? first + count - 1 : node - 1);
      right.push_back(k == count - 1 ? first : node + 1);
      up.push_back(up[header]);
      down.push_back(header);
      column_of.push_back(header);
      row_of.push_back(row);
      down[up[header]] = node;
      up[header] = node;
      ++size[header];
    }
    row_first.push_back(first + count);
    return row;
  }

  void cover(std::int32_t c) {
    covered[c] = 1;
    right[left[c]] = right[c];
    left[right[c]] = left[c];
    std::uint64_t removed = 1;
    for (std::int32_t i = down[c]; i != c; i = down[i]) {
      for (std::int32_t j = right[i]; j != i; j = right[j]) {
        down[up[j]] = down[j];
        up[down[j]] = up[j];
        --size[column_of[j]];
        ++removed;
      }
    }
    stats.updates += removed;
  }

  void uncover(std::int32_t c) {
    for (std::int32_t i = up[c]; i != c; i = up[i]) {
      for (std::int32_t j = left[i]; j != i; j = left[j]) {
        ++size[column_of[j]];
        down[up[j]] = j;
        up[down[j]] = j;
      }
    }
    right[left[c]] = c;
    left[right[c]] = c;
    covered[c] = 0;
  }

  // The other columns of the row through `node` (its own column is already covered).
  void cover_row_from(std::int32_t node) {
    for (std::int32_t j = right[node]; j != node; j = right[j]) cover(column_of[j]);
  }
  void uncover_row_from(std::int32_t node) {
    for (std::int32_t j = left[node]; j != node; j = left[j]) uncover(column_of[j]);
  }

  bool select(int row) {
    if (row < 0 || row >= rows()) throw std::out_of_range("ExactCover::select: no such row");
    const std::int32_t first = row_first[static_cast<std::size_t>(row)];
    const std::int32_t end = row_first[static_cast<std::size_t>(row) + 1];
    for (std::int32_t j = first; j < end; ++j)
      if (covered[column_of[j]]) return false;
    cover(column_of[first]);
    cover_row_from(first);
    selected.push_back(row);
    return true;
  }

  void unselect_all() {
    while (!selected.empty()) {
      const std::int32_t first = row_first[static_cast<std::size_t>(selected.back())];
      uncover_row_from(first);
      uncover(column_of[first]);
      selected.pop_back();
    }
  }

  // Algorithm X. `visit` receives the rows of each cover and returns false to stop.
  template <class Visit>
  std::uint64_t run(std::uint64_t limit, Visit&& visit) {
    complete = true;
    if (limit == 0) return 0;
    std::uint64_t tried = 0;  // rows tried by this search, for the budget
    // A spent budget unwinds the stack like a reached limit, so the matrix stays whole.
    auto out_of_budget = [&]() {
      ++tried;
      if (meter == nullptr || !meter->spent(tried)) return false;
      complete = false;
      return true;
    };
    solution_rows.assign(selected.begin(), selected.end());
    const std::size_t base = solution_rows.size();
    solution_rows.resize(base + static_cast<std::size_t>(primary));
    std::uint64_t found = 0;
    std::size_t depth = 0;
    bool stop = false;
    while (true) {
      // Descend: pick the open primary column with the fewest rows.
      bool dead = false;
      if (right[kRoot] == kRoot) {
        ++found;
        if (!visit(std::span<const int>(solution_rows.data(), base + depth)) || found >= limit) stop = true;
        dead = true;
      } else {
        std::int32_t best = right[kRoot];
        std::int32_t best_size = size[best];
        for (std::int32_t c = right[best]; c != kRoot && best_size > 1; c = right[c]) {
          if (size[c] < best_size) {
            best = c;
            best_size = size[c];
          }
        }
        if (best_size == 0) {
          dead = true;
        } else {
          if (best_size > 1) ++stats.guesses;
          cover(best);
          const std::int32_t node = down[best];
          choice_column[depth] = best;
          choice_node[depth] = node;
          solution_rows[base + depth] = row_of[node];
          ++stats.nodes;
          cover_row_from(node);
          ++depth;
          if (out_of_budget()) {
            stop = true;
            dead = true;
          }
        }
      }
      if (!dead) continue;
      // Backtrack: move the deepest choice to its next row, or pop it when exhausted.
      while (true) {
        if (depth == 0) return found;
        --depth;
        const std::int32_t c = choice_column[depth];
        std::int32_t node = choice_node[depth];
        uncover_row_from(node);
        node = down[node];
        if (stop || node == c) {
          uncover(c);
          continue;
        }
        choice_node[depth] = node;
        solution_rows[base + depth] = row_of[node];
        ++stats.nodes;
        cover_row_from(node);
        ++depth;
        if (out_of_budget()) {
          stop = true;
          continue;
        }
        break;
      }
    }
  }

  bool check(std::string* why) const {
    auto fail = [&](const std::string& what) {
      if (why) *why = what;
      return false;
    };
    const auto slots = static_cast<std::int32_t>(left.size());
    // Header ring: exactly the open primary columns, in both directions.
    std::vector<std::uint8_t> in_ring(static_cast<std::size_t>(columns()) + 1, 0);
    std::int32_t steps = 0;
    for (std::int32_t h = right[kRoot]; h != kRoot; h = right[h]) {
      if (h <= 0 || h > primary) return fail("header ring holds a non-primary slot " + std::to_string(h));
      if (left[right[h]] != h || right[left[h]] != h) return fail("header ring broken at column " + std::to_string(h - 1));
      if (covered[h]) return fail("covered column " + std::to_string(h - 1) + " still in the header ring");
      if (in_ring[h]) return fail("header ring loops");
      in_ring[h] = 1;
      if (++steps > primary) return fail("header ring longer than the primary columns");
    }
    for (std::int32_t h = 1; h <= columns(); ++h) {
      if (h <= primary && !covered[h] && !in_ring[h]) return fail("open column " + std::to_string(h - 1) + " missing from the header ring");
      if (h > primary && !covered[h] && (left[h] != h || right[h] != h))
        return fail("secondary column " + std::to_string(h - 1) + " linked into the header ring");
      // Vertical list: neighbours point back, every node belongs here, the size matches.
      std::int32_t count = 0;
      for (std::int32_t i = down[h]; i != h; i = down[i]) {
        if (i <= columns() || i >= slots) return fail("column " + std::to_string(h - 1) + " links to a bad slot");
        if (up[down[i]] != i || down[up[i]] != i) return fail("column " + std::to_string(h - 1) + " list broken");
        if (column_of[i] != h) return fail("node in the wrong column list " + std::to_string(h - 1));
        if (++count > slots) return fail("column list loops");
      }
      if (count != size[h]) return fail("column " + std::to_string(h - 1) + " size " + std::to_string(size[h]) + " but " +
                                        std::to_string(count) + " nodes");
    }
    // Rows: the horizontal rings are never changed.
    for (int r = 0; r < rows(); ++r) {
      const std::int32_t first = row_first[static_cast<std::size_t>(r)];
      const std::int32_t end = row_first[static_cast<std::size_t>(r) + 1];
      for (std::int32_t j = first; j < end; ++j) {
        if (row_of[j] != r) return fail("node row id wrong in row " + std::to_string(r));
        if (left[right[j]] != j || right[left[j]] != j) return fail("row " + std::to_string(r) + " ring broken");
        if (right[j] < first || right[j] >= end) return fail("row " + std::to_string(r) + " ring leaves the row");
      }
    }
    // With nothing selected the matrix must be whole: every node back in its column.
    if (selected.empty()) {
      std::int64_t total = 0;
      for (std::int32_t h = 1; h <= columns(); ++h) {
        if (covered[h]) return fail("column " + std::to_string(h - 1) + " covered with nothing selected");
        total += size[h];
      }
      if (total != slots - columns() - 1) return fail("matrix not whole: " + std::to_string(total) + " of " +
                                                      std::to_string(slots - columns() - 1) + " nodes linked");
    }
    return true;
  }
};

ExactCover::ExactCover() : impl_(std::make_unique<Impl>()) { impl_->clear(0, 0); }
ExactCover::~ExactCover() = default;
ExactCover::ExactCover(ExactCover&&) noexcept = default;
ExactCover& ExactCover::operator=(ExactCover&&) noexcept = default;

void ExactCover::reset(int primary_columns, int secondary_columns) { impl_->clear(primary_columns, secondary_columns); }
int ExactCover::add_row(std::span<const int> columns) { return impl_->add_row(columns); }
int ExactCover::rows() const { return impl_->rows(); }
int ExactCover::primary_columns() const { return impl_->primary; }
int ExactCover::secondary_columns() const { return impl_->secondary; }
bool ExactCover::select(int row) { return impl_->select(row); }
void ExactCover::unselect_all() { impl_->unselect_all(); }

std::uint64_t ExactCover::count(std::uint64_t limit) {
  return impl_->run(limit, [](std::span<const int>) { return true; });
}

std::uint64_t ExactCover::search(std::uint64_t limit,
                                 const std::function<bool(std::span<const int> rows)>& on_solution) {
  return impl_->run(limit, [&](std::span<const int> rows) { return on_solution(rows); });
}

void ExactCover::set_budget(const BudgetMeter* meter) { impl_->meter = meter; }
bool ExactCover::complete() const { return impl_->complete; }

const SearchStats& ExactCover::stats() const { return impl_->stats; }
void ExactCover::reset_stats() { impl_->stats = {}; }
bool ExactCover::check_invariants(std::string* why) const { return impl_->check(why); }

}  // namespace sudokit

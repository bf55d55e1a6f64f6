// search.hpp (internal): the generator's own small search engine.
//
// The generator asks two questions thousands of times per puzzle: "give me a random complete
// grid" and "does this puzzle have a solution with digit d forbidden at cell X?". The
// public Solver answers neither directly (it has no randomised order and no way to forbid a
// candidate), so the generator carries this engine: candidates as 64-bit masks (any N up to
// 64), naked and hidden singles propagated to a fixpoint, then a branch on the cell with
// the fewest candidates. Its answers are re-checked against the DLX Solver in the tests.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include <boost/random/mersenne_twister.hpp>

#include "sudokit/grid.hpp"

namespace sudokit::gen {

using Rng = boost::random::mt19937_64;

/// A uniform integer in [0, bound), through Boost's fixed algorithm.
std::uint64_t uniform_below(Rng& rng, std::uint64_t bound);

/// Fisher-Yates with uniform_below: the same permutation for the same stream everywhere.
template <class T>
void shuffle(std::vector<T>& items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(uniform_below(rng, i));
    std::swap(items[i - 1], items[j]);
  }
}

/// Grid sizes from which counting also propagates pointing/claiming (locked candidates).
inline constexpr int kLockedCandidatesFrom = 16;

class Search {
 public:
  explicit Search(const Shape& shape);
  const Shape& shape() const { return shape_; }

  /// Solutions of `givens` (N² cells, 0 = empty) counted up to `limit`; with forbid_cell >= 0,
  /// only those without `forbid_digit` at that cell. The first one found goes to
  /// `first_solution` (N² bytes) when not null. With node_budget > 0 the search stops after
  /// that many nodes; gave_up() then says the count is only a lower bound.
  int count(const std::uint8_t* givens, int limit, int forbid_cell = -1, int forbid_digit = 0,
            std::uint8_t* first_solution = nullptr, std::uint64_t node_budget = 0);
  /// A grid whose digits later count()s try first at every branch (nullptr: ascending
  /// order). Changes how fast a solution is found, never a count. The generator passes the
  /// puzzle's solution: a second solution of a dug puzzle differs from it in few cells.
  void set_preferred(const std::uint8_t* grid) {
    if (grid) preferred_store_.assign(grid, grid + cells_);
    preferred_ = grid ? preferred_store_.data() : nullptr;
  }
  /// A wall-clock deadline for every later count() (nullopt: none); a count that passes it
  /// stops as on its node budget (gave_up()). The clock is read every 4096 nodes.
  void set_deadline(std::optional<std::chrono::steady_clock::time_point> deadline) { deadline_ = deadline; }
  /// A flag another thread sets to stop every later count() as the deadline would (null: none).
  void set_cancel(const std::atomic<bool>* cancel) { cancel_ = cancel; }

  /// The last count() or random_fill() stopped on its node budget (or the deadline).
  bool gave_up() const { return gave_up_; }
  /// Nodes the last search used.
  std::uint64_t nodes() const { return nodes_; }

  /// A random complete grid into `out`; false when `node_budget` search nodes were spent
  /// without finishing (the caller restarts, drawing fresh randomness).
  bool random_fill(Rng& rng, std::uint8_t* out, std::uint64_t node_budget);

 private:
  using Mask = std::uint64_t;
  struct Level {
    std::vector<Mask> candidates;
    std::vector<std::uint8_t> placed;
    // Per house (rows, columns, boxes as in dirty_), the digits of its placed cells: lets
    // hidden singles skip placed digits without reading `placed`.
    std::vector<Mask> house_placed;
    int unplaced = 0;
  };

  Level& level(int depth);
  bool load(const std::uint8_t* givens, int forbid_cell, int forbid_digit);
  bool propagate(Level& state);
  bool hidden_singles(Level& state, bool& progressed);
  bool locked_candidates(Level& state, bool& progressed);
  bool eliminate(Level& state, int cell, Mask digits);
  void search(int depth);
  bool out_of_budget() {
    if (node_budget_ && nodes_ >= node_budget_) gave_up_ = true;
    if (!rng_ && (nodes_ & 4095) == 0 &&
        ((deadline_ && std::chrono::steady_clock::now() >= *deadline_) ||
         (cancel_ && cancel_->load(std::memory_order_relaxed))))
      gave_up_ = true;
    return gave_up_;
  }

  Shape shape_;
  int n_ = 0;
  int cells_ = 0;
  Mask full_ = 0;
  std::vector<int> peers_;   // cells_ × peer_count_
  int peer_count_ = 0;
  std::vector<int> houses_;  // 3n houses × n cells
  // Box-line intersections: for box b and its k-th row (column) segment, the cells of the
  // segment and the cells of the line outside the box (segments_ is (2 × n × box lines) × ...).
  struct Segment {
    int box;
    int line_house;                // the row's or column's house number (see dirty_)
    std::vector<int> inside;       // the segment's cells
    std::vector<int> line_rest;    // the rest of the row/column
    std::vector<int> box_rest;     // the rest of the box
  };
  std::vector<Segment> segments_;
  // Locked candidates work on segment unions: each segment's candidates are OR-ed once per
  // sweep into its slot of segment_union_ (every cell lies in one row and one column
  // segment), and a segment's box rest and line rest are then the unions of its sibling
  // segments: for segment s, siblings_[sibling_at_[s].box .. .line) are the slots of the
  // box's other segments along the same direction, siblings_[.line .. .end) those of the
  // line's segments in the other boxes.
  struct SiblingRange {
    int slot, box, line, end;
  };
  std::vector<SiblingRange> sibling_at_;
  std::vector<int> siblings_;
  std::vector<Mask> segment_union_;
  bool use_locked_ = false;  // counting on large grids: pointing/claiming too
  std::vector<Level> levels_;
  std::vector<int> queue_;
  // Hidden singles look only at the houses whose candidates changed since they last looked
  // (a house's hidden singles and missing digits depend on its cells alone): one bit per
  // house (rows 0..n-1, columns n..2n-1, boxes 2n..3n-1; 3n <= 192 bits), set wherever a
  // candidate mask changes.
  std::vector<int> cell_houses_;  // cells_ × 3: the cell's row, column and box house
  std::uint64_t dirty_[3] = {0, 0, 0};
  void mark_dirty(int cell) {
    const int* h = &cell_houses_[static_cast<std::size_t>(cell * 3)];
    for (int k = 0; k < 3; ++k) dirty_[h[k] >> 6] |= std::uint64_t{1} << (h[k] & 63);
  }
  void clean() { dirty_[0] = dirty_[1] = dirty_[2] = 0; }
  void all_dirty();

  // The current search's parameters and results.
  int limit_ = 0;
  int found_ = 0;
  std::uint8_t* first_solution_ = nullptr;
  Rng* rng_ = nullptr;  // non-null: random digit order (filling)
  const std::uint8_t* preferred_ = nullptr;  // counting: digits tried first (set_preferred)
  std::vector<std::uint8_t> preferred_store_;
  std::uint64_t nodes_ = 0;
  std::uint64_t node_budget_ = 0;
  bool gave_up_ = false;
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  const std::atomic<bool>* cancel_ = nullptr;
};

}  // namespace sudokit::gen

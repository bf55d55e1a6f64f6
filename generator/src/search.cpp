// The generator's search engine (see search.hpp). Each search level owns a copy of the
// candidate masks, so backtracking is dropping a level; levels are kept between searches,
// so a warm Search allocates nothing.
#include "search.hpp"

#include <algorithm>
#include <bit>

#include <boost/random/uniform_int_distribution.hpp>

namespace sudokit::gen {


namespace {
// std::has_single_bit without the popcount it becomes on a baseline x86-64 build (a library
// call there); the callers' masks are never 0 except where 0 must answer false, as here.
constexpr bool one_bit(std::uint64_t m) { return m != 0 && (m & (m - 1)) == 0; }

// std::popcount without the library call: the branch choice counts every open cell of a
// grid with no bivalue cell (the random fill's whole first half), 3.6% of 9×9 generation.
constexpr int bit_count(std::uint64_t m) {
  m -= (m >> 1) & 0x5555555555555555ULL;
  m = (m & 0x3333333333333333ULL) + ((m >> 2) & 0x3333333333333333ULL);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((m * 0x0101010101010101ULL) >> 56);
}
static_assert(bit_count(0) == 0 && bit_count(0x1FF) == 9 && bit_count(~0ULL) == 64 && bit_count(0x8000000000000001ULL) == 2);
}  // namespace

std::uint64_t uniform_below(Rng& rng, std::uint64_t bound) {
  boost::random::uniform_int_distribution<std::uint64_t> pick(0, bound - 1);
  return pick(rng);
}

Search::Search(const Shape& shape) : shape_(shape), n_(shape.n), cells_(shape.cells()) {
  full_ = n_ == 64 ? ~Mask{0} : (Mask{1} << n_) - 1;
  // Houses: rows, columns, boxes.
  houses_.reserve(static_cast<std::size_t>(3 * n_ * n_));
  for (int r = 0; r < n_; ++r)
    for (int c = 0; c < n_; ++c) houses_.push_back(r * n_ + c);
  for (int c = 0; c < n_; ++c)
    for (int r = 0; r < n_; ++r) houses_.push_back(r * n_ + c);
  for (int b = 0; b < n_; ++b)
    for (int k = 0; k < n_; ++k) houses_.push_back(shape.cell_in_box(b, k));
  // Peers: every other cell sharing a house, each once.
  peer_count_ = 2 * (n_ - 1) + (n_ - shape.box_rows - shape.box_cols + 1);
  peers_.reserve(static_cast<std::size_t>(cells_ * peer_count_));
  for (int cell = 0; cell < cells_; ++cell) {
    const int r = shape.row_of(cell), c = shape.col_of(cell), b = shape.box_of(cell);
    for (int other = 0; other < cells_; ++other) {
      if (other == cell) continue;
      if (shape.row_of(other) == r || shape.col_of(other) == c || shape.box_of(other) == b) peers_.push_back(other);
    }
  }
  // Row and column segments of every box (used only for large grids, see propagate()).
  for (int b = 0; b < n_; ++b) {
    for (int line = 0; line < 2; ++line) {
      const int parts = line == 0 ? shape.box_rows : shape.box_cols;
      for (int part = 0; part < parts; ++part) {
        Segment seg{b, 0, {}, {}, {}};
        const int first = shape.cell_in_box(b, 0);
        const int fixed = line == 0 ? shape.row_of(first) + part : shape.col_of(first) + part;
        for (int k = 0; k < n_; ++k) {
          const int cell = shape.cell_in_box(b, k);
          const bool on = (line == 0 ? shape.row_of(cell) : shape.col_of(cell)) == fixed;
          (on ? seg.inside : seg.box_rest).push_back(cell);
        }
        seg.line_house = line == 0 ? fixed : n_ + fixed;
        for (int k = 0; k < n_; ++k) {
          const int cell = line == 0 ? fixed * n_ + k : k * n_ + fixed;
          if (shape.box_of(cell) != b) seg.line_rest.push_back(cell);
        }
        segments_.push_back(std::move(seg));
      }
    }
  }
  const int segment_count = static_cast<int>(segments_.size());
  auto is_row = [&](int s) { return segments_[static_cast<std::size_t>(s)].line_house < n_; };
  // A segment's slot in segment_union_ (see locked_candidates): row r's k-th segment at
  // r × box_rows + k, then column c's segment in band b at n × box_rows + b × n + c.
  auto slot = [&](int s) {
    const Segment& seg = segments_[static_cast<std::size_t>(s)];
    const int first = shape.cell_in_box(seg.box, 0);
    if (is_row(s)) return seg.line_house * shape.box_rows + shape.col_of(first) / shape.box_cols;
    return n_ * shape.box_rows + shape.row_of(first) / shape.box_rows * n_ + (seg.line_house - n_);
  };
  for (int s = 0; s < segment_count; ++s) {
    const Segment& seg = segments_[static_cast<std::size_t>(s)];
    SiblingRange range{};
    range.slot = slot(s);
    range.box = static_cast<int>(siblings_.size());
    for (int t = 0; t < segment_count; ++t)
      if (t != s && is_row(t) == is_row(s) && segments_[static_cast<std::size_t>(t)].box == seg.box) siblings_.push_back(slot(t));
    range.line = static_cast<int>(siblings_.size());
    for (int t = 0; t < segment_count; ++t)
      if (t != s && segments_[static_cast<std::size_t>(t)].line_house == seg.line_house) siblings_.push_back(slot(t));
    range.end = static_cast<int>(siblings_.size());
    sibling_at_.push_back(range);
  }
  segment_union_.resize(segments_.size());
  cell_houses_.reserve(static_cast<std::size_t>(cells_ * 3));
  for (int cell = 0; cell < cells_; ++cell) {
    cell_houses_.push_back(shape.row_of(cell));
    cell_houses_.push_back(n_ + shape.col_of(cell));
    cell_houses_.push_back(2 * n_ + shape.box_of(cell));
  }
  queue_.reserve(static_cast<std::size_t>(cells_));
  // Never reallocated, so references to levels stay valid across recursion.
  levels_.reserve(static_cast<std::size_t>(cells_ + 2));
}

Search::Level& Search::level(int depth) {
  while (static_cast<int>(levels_.size()) <= depth) {
    Level fresh;
    fresh.candidates.resize(static_cast<std::size_t>(cells_));
    fresh.placed.resize(static_cast<std::size_t>(cells_));
    fresh.house_placed.resize(static_cast<std::size_t>(3 * n_));
    levels_.push_back(std::move(fresh));
  }
  return levels_[static_cast<std::size_t>(depth)];
}

void Search::all_dirty() {
  for (int h = 0; h < 3 * n_; ++h) dirty_[h >> 6] |= std::uint64_t{1} << (h & 63);
}

bool Search::load(const std::uint8_t* givens, int forbid_cell, int forbid_digit) {
  Level& state = level(0);
  all_dirty();
  queue_.clear();
  std::fill(state.candidates.begin(), state.candidates.end(), full_);
  std::fill(state.placed.begin(), state.placed.end(), std::uint8_t{0});
  std::fill(state.house_placed.begin(), state.house_placed.end(), Mask{0});
  state.unplaced = cells_;
  for (int cell = 0; cell < cells_; ++cell) {
    const int digit = givens[cell];
    if (digit == 0) continue;
    if (digit > n_) return false;
    state.candidates[static_cast<std::size_t>(cell)] = Mask{1} << (digit - 1);
    queue_.push_back(cell);
  }
  if (forbid_cell >= 0 && forbid_digit > 0) {
    Mask& m = state.candidates[static_cast<std::size_t>(forbid_cell)];
    m &= ~(Mask{1} << (forbid_digit - 1));
    if (m == 0) return false;
    if (one_bit(m)) queue_.push_back(forbid_cell);
  }
  return true;
}

bool Search::propagate(Level& state) {
  Mask* cand = state.candidates.data();
  std::uint8_t* placed = state.placed.data();
  for (;;) {
    while (!queue_.empty()) {
      const int cell = queue_.back();
      queue_.pop_back();
      if (placed[cell]) continue;
      placed[cell] = 1;
      --state.unplaced;
      const Mask bit = cand[cell];
      const int* houses = &cell_houses_[static_cast<std::size_t>(cell * 3)];
      for (int k = 0; k < 3; ++k) state.house_placed[static_cast<std::size_t>(houses[k])] |= bit;
      const int* peer = peers_.data() + static_cast<std::size_t>(cell * peer_count_);  // 1x1: no peers
      for (int k = 0; k < peer_count_; ++k) {
        const int p = peer[k];
        if (!(cand[p] & bit)) continue;
        // A placed peer with the same digit, or a peer left without candidates: dead end.
        if (placed[p]) return false;
        cand[p] &= ~bit;
        if (cand[p] == 0) return false;
        mark_dirty(p);
        if (one_bit(cand[p])) queue_.push_back(p);
      }
    }
    if (state.unplaced == 0) return true;
    bool progressed = false;
    if (!hidden_singles(state, progressed)) return false;
    if (progressed) continue;
    if (!use_locked_) return true;
    if (!locked_candidates(state, progressed)) return false;
    if (!progressed) return true;
  }
}

// Removes `digits` from an unplaced cell; false on a contradiction.
bool Search::eliminate(Level& state, int cell, Mask digits) {
  Mask& m = state.candidates[static_cast<std::size_t>(cell)];
  if (!(m & digits)) return true;
  if (state.placed[static_cast<std::size_t>(cell)]) return false;
  m &= ~digits;
  if (m == 0) return false;
  mark_dirty(cell);
  if (one_bit(m)) queue_.push_back(cell);
  return true;
}

// Pointing and claiming: a digit that, within a box, only a row (column) segment can hold is
// removed from the rest of that row (column); one that, within a row (column), only the
// segment of one box can hold is removed from the rest of that box. Worth its cost only on
// large grids, where it cuts the contradiction proofs of the removal tests by orders of
// magnitude (see generator.hpp on 25x25).
bool Search::locked_candidates(Level& state, bool& progressed) {
  const Mask* cand = state.candidates.data();
  Mask* unions = segment_union_.data();
  const std::size_t count = segments_.size();
  // Row segments are runs of box_cols cells; the column segments of a band of box_rows rows
  // are OR-ed row by row, a loop over contiguous cells the compiler vectorises.
  const int box_rows = shape_.box_rows, box_cols = shape_.box_cols;
  for (int r = 0; r < n_; ++r)
    for (int k = 0; k < box_rows; ++k) {
      const Mask* run = cand + r * n_ + k * box_cols;
      Mask u = 0;
      for (int j = 0; j < box_cols; ++j) u |= run[j];
      unions[r * box_rows + k] = u;
    }
  for (int band = 0; band < box_cols; ++band) {
    Mask* out = unions + n_ * box_rows + band * n_;
    const Mask* first = cand + band * box_rows * n_;
    for (int c = 0; c < n_; ++c) out[c] = first[c];
    for (int i = 1; i < box_rows; ++i)
      for (int c = 0; c < n_; ++c) out[c] |= first[i * n_ + c];
  }
  const int* sibling = siblings_.data();
  // Eliminations below leave some unions stale, i.e. supersets of the truth. That is safe:
  // a digit a stale union still shows inside a segment but no longer has there, with no
  // other place in the box (line), means the state is already dead, and a stale rest only
  // hides a deduction for this sweep, which then reports progress and runs again, so the
  // fixpoint is the one fresh unions reach.
  for (std::size_t s = 0; s < count; ++s) {
    const SiblingRange range = sibling_at_[s];
    const Mask inside = unions[range.slot];
    Mask box_rest = 0, line_rest = 0;
    for (int k = range.box; k < range.line; ++k) box_rest |= unions[sibling[k]];
    for (int k = range.line; k < range.end; ++k) line_rest |= unions[sibling[k]];
    const Mask pointing = inside & ~box_rest & line_rest;
    const Mask claiming = inside & ~line_rest & box_rest;
    if (!(pointing | claiming)) continue;
    const Segment& seg = segments_[s];
    if (pointing) {
      for (int cell : seg.line_rest)
        if (!eliminate(state, cell, pointing)) return false;
      progressed = true;
    }
    if (claiming) {
      for (int cell : seg.box_rest)
        if (!eliminate(state, cell, claiming)) return false;
      progressed = true;
    }
  }
  return true;
}

// In each house, a digit that only one cell can take must go there; a digit no cell can take
// is a dead end. Counted with two masks: digits seen at least once, and at least twice.
bool Search::hidden_singles(Level& state, bool& progressed) {
  Mask* cand = state.candidates.data();
  const std::uint64_t work[3] = {dirty_[0], dirty_[1], dirty_[2]};
  dirty_[0] = dirty_[1] = dirty_[2] = 0;
  for (int word = 0; word < 3; ++word)
    for (std::uint64_t bits = work[word]; bits; bits &= bits - 1) {
      const int h = word * 64 + std::countr_zero(bits);
      const int* house = &houses_[static_cast<std::size_t>(h * n_)];
      Mask once = 0, twice = 0;
      for (int k = 0; k < n_; ++k) {
        const Mask m = cand[house[k]];
        twice |= once & m;
        once |= m;
      }
      if (once != full_) return false;
      // A placed digit is alone in its house too (its peers lost it): nothing to do for it.
      // Nor does a placed cell meet `alone` below, its one digit being among the placed.
      const Mask alone = once & ~twice & ~state.house_placed[static_cast<std::size_t>(h)];
      if (alone == 0) continue;
      for (int k = 0; k < n_; ++k) {
        const int cell = house[k];
        const Mask hit = cand[cell] & alone;
        if (hit == 0) continue;
        if (!one_bit(hit)) return false;  // two digits that both need this cell
        if (cand[cell] == hit) continue;              // already a naked single, queued
        cand[cell] = hit;
        mark_dirty(cell);
        queue_.push_back(cell);
        progressed = true;
      }
    }
  return true;
}

void Search::search(int depth) {
  Level& state = level(depth);
  ++nodes_;
  if (!propagate(state)) {
    queue_.clear();
    return;
  }
  if (state.unplaced == 0) {
    if (found_ == 0 && first_solution_) {
      for (int cell = 0; cell < cells_; ++cell)
        first_solution_[cell] = static_cast<std::uint8_t>(std::countr_zero(state.candidates[static_cast<std::size_t>(cell)]) + 1);
    }
    ++found_;
    return;
  }
  // Branch on the unplaced cell with the fewest candidates (the first such, for determinism).
  // An unplaced cell of a fixpoint has two candidates or more, so the first cell with
  // exactly two is the answer when there is one; that test needs no popcount (a library call
  // on a baseline x86-64 build), and only a grid without such a cell pays for counting.
  int best = -1, best_count = n_ + 1;
  for (int cell = 0; cell < cells_; ++cell) {
    const Mask m = state.candidates[static_cast<std::size_t>(cell)];
    const Mask rest = m & (m - 1);
    if (rest != 0 && (rest & (rest - 1)) == 0) {
      best = cell;
      best_count = 2;
      break;
    }
  }
  const bool pair_found = best >= 0;
  for (int cell = 0; !pair_found && cell < cells_; ++cell) {
    if (state.placed[static_cast<std::size_t>(cell)]) continue;
    const int count = bit_count(state.candidates[static_cast<std::size_t>(cell)]);
    if (count < best_count) {
      best = cell;
      best_count = count;
    }
  }
  // When counting (no randomness to respect) and no cell is down to two candidates, a digit
  // with only two places left in some house is a better binary branch: on 16×16 and 25×25
  // grids this prunes far more than a cell with many candidates.
  if (!rng_ && best_count > 2) {
    for (int h = 0; h < 3 * n_; ++h) {
      const int* house = &houses_[static_cast<std::size_t>(h * n_)];
      Mask once = 0, twice = 0, thrice = 0, fixed = 0;
      for (int k = 0; k < n_; ++k) {
        const Mask m = state.candidates[static_cast<std::size_t>(house[k])];
        if (state.placed[static_cast<std::size_t>(house[k])]) {
          fixed |= m;
          continue;
        }
        thrice |= twice & m;
        twice |= once & m;
        once |= m;
      }
      const Mask pairs = twice & ~thrice & ~fixed;
      if (pairs == 0) continue;
      const Mask bit = pairs & (~pairs + 1);
      int places[2], found = 0;
      for (int k = 0; k < n_ && found < 2; ++k)
        if (!state.placed[static_cast<std::size_t>(house[k])] && (state.candidates[static_cast<std::size_t>(house[k])] & bit))
          places[found++] = house[k];
      if (preferred_ && preferred_[places[1]] == std::countr_zero(bit) + 1) std::swap(places[0], places[1]);
      for (int i = 0; i < 2; ++i) {
        if (found_ >= limit_ || out_of_budget()) return;
        Level& next = level(depth + 1);
        const Level& here = levels_[static_cast<std::size_t>(depth)];
        next.candidates = here.candidates;
        next.placed = here.placed;
        next.house_placed = here.house_placed;
        next.unplaced = here.unplaced;
        next.candidates[static_cast<std::size_t>(places[i])] = bit;
        clean();  // the parent is a fixpoint
        mark_dirty(places[i]);
        queue_.clear();
        queue_.push_back(places[i]);
        search(depth + 1);
      }
      return;
    }
  }
  int digits[64];
  int choices = 0;
  for (Mask m = state.candidates[static_cast<std::size_t>(best)]; m; m &= m - 1) digits[choices++] = std::countr_zero(m);
  if (rng_) {
    for (int i = choices; i > 1; --i) std::swap(digits[i - 1], digits[uniform_below(*rng_, static_cast<std::uint64_t>(i))]);
  } else if (preferred_) {
    for (int i = 1; i < choices; ++i)
      if (digits[i] + 1 == preferred_[best]) std::swap(digits[0], digits[i]);
  }
  for (int i = 0; i < choices; ++i) {
    if (found_ >= limit_ || out_of_budget()) return;
    Level& next = level(depth + 1);
    const Level& here = levels_[static_cast<std::size_t>(depth)];  // level() may have moved it
    next.candidates = here.candidates;
    next.placed = here.placed;
    next.house_placed = here.house_placed;
    next.unplaced = here.unplaced;
    next.candidates[static_cast<std::size_t>(best)] = Mask{1} << digits[i];
    clean();  // the parent is a fixpoint
    mark_dirty(best);
    queue_.clear();
    queue_.push_back(best);
    search(depth + 1);
  }
}

int Search::count(const std::uint8_t* givens, int limit, int forbid_cell, int forbid_digit,
                  std::uint8_t* first_solution, std::uint64_t node_budget) {
  limit_ = limit;
  found_ = 0;
  first_solution_ = first_solution;
  rng_ = nullptr;
  use_locked_ = n_ >= kLockedCandidatesFrom;
  nodes_ = 0;
  node_budget_ = node_budget;
  gave_up_ = false;
  if (!load(givens, forbid_cell, forbid_digit)) return 0;
  search(0);
  return found_;
}

bool Search::random_fill(Rng& rng, std::uint8_t* out, std::uint64_t node_budget) {
  limit_ = 1;
  found_ = 0;
  first_solution_ = out;
  rng_ = &rng;
  use_locked_ = false;  // keeps the fill's search tree, hence every seed's grid, unchanged
  nodes_ = 0;
  node_budget_ = node_budget;
  gave_up_ = false;
  std::vector<std::uint8_t> empty(static_cast<std::size_t>(cells_), 0);
  load(empty.data(), -1, 0);
  search(0);
  rng_ = nullptr;
  return found_ == 1;
}

}  // namespace sudokit::gen

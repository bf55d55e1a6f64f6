// board.cpp: house tables and the pencil-mark board (see board.hpp).
//
// Topologies are built once per shape and shared: a 9×9 grade would otherwise spend more
// time listing peers than solving. The cache is a small mutex-guarded list because programs
// meet only a handful of shapes.
#include "board.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <mutex>
#include <stdexcept>

namespace sudokit::grading {

Topology::Topology(const Shape& s) : shape(s), n(s.n), cells(s.cells()) {
  row.resize(static_cast<std::size_t>(cells));
  col.resize(static_cast<std::size_t>(cells));
  box.resize(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) {
    row[c] = s.row_of(c);
    col[c] = s.col_of(c);
    box[c] = s.box_of(c);
  }
  house_count_ = 3 * n;
  house_cells.resize(static_cast<std::size_t>(3 * n * n));
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k) {
      house_cells[static_cast<std::size_t>(i * n + k)] = i * n + k;
      house_cells[static_cast<std::size_t>((n + i) * n + k)] = k * n + i;
      house_cells[static_cast<std::size_t>((2 * n + i) * n + k)] = s.cell_in_box(i, k);
    }
  build_peers();
}

Topology::Topology(const Rules& rules) : Topology(rules.shape) {
  variant = rules.variant;
  if (rules.classic()) return;
  // Rows and columns are the shape's; boxes are replaced by a jigsaw's regions; every house of
  // the rules past the first 3n is an extra one (diagonals, windows).
  const auto nn = static_cast<std::size_t>(n);
  if (variant == Variant::jigsaw) {
    std::vector<int> filled(nn, 0);
    for (int c = 0; c < cells; ++c) {
      const int g = rules.region_of.at(static_cast<std::size_t>(c));
      box[static_cast<std::size_t>(c)] = g;
      house_cells[(2 * nn + static_cast<std::size_t>(g)) * nn + static_cast<std::size_t>(filled[static_cast<std::size_t>(g)]++)] = c;
    }
  }
  const int extras = static_cast<int>(rules.houses.size()) - 3 * n;
  if (extras > 64) throw std::invalid_argument("grader: more than 64 extra houses");
  if (extras > 0) {
    extra_mask.assign(static_cast<std::size_t>(cells), 0);
    for (int j = 0; j < extras; ++j) {
      const House& h = rules.houses[static_cast<std::size_t>(3 * n + j)];
      if (static_cast<int>(h.cells.size()) != n) throw std::invalid_argument("grader: a house without N cells");
      extra_kinds_.push_back(h.kind);
      std::vector<int> sorted = h.cells;
      std::sort(sorted.begin(), sorted.end());
      house_cells.insert(house_cells.end(), sorted.begin(), sorted.end());
      for (int c : sorted) extra_mask[static_cast<std::size_t>(c)] |= bit(j);
    }
  }
  house_count_ = 3 * n + std::max(extras, 0);
  if (variant == Variant::killer) {
    cages = rules.cages;
    cage_of = rules.cage_of;
    if (cage_of.empty()) {
      cage_of.assign(static_cast<std::size_t>(cells), -1);
      for (std::size_t k = 0; k < cages.size(); ++k)
        for (int c : cages[k].cells) cage_of[static_cast<std::size_t>(c)] = static_cast<int>(k);
    }
  }
  variant_links_ = !extra_mask.empty() || !cage_of.empty();
  build_peers();
}

void Topology::build_peers() {
  peer_cells.clear();
  peer_first.assign(1, 0);
  for (int c = 0; c < cells; ++c) {
    for (int other = 0; other < cells; ++other)
      if (sees(c, other)) peer_cells.push_back(other);
    peer_first.push_back(static_cast<int>(peer_cells.size()));
  }
  slot_first.assign(static_cast<std::size_t>(cells) + 1, 0);
  {
    std::vector<std::vector<std::pair<int, int>>> slots(static_cast<std::size_t>(cells));
    for (int h = 0; h < house_count_; ++h)
      for (int k = 0; k < n; ++k) slots[static_cast<std::size_t>(house(h)[static_cast<std::size_t>(k)])].emplace_back(h, k);
    slot_house.clear();
    slot_index.clear();
    for (int c = 0; c < cells; ++c) {
      for (const auto& [h, k] : slots[static_cast<std::size_t>(c)]) {
        slot_house.push_back(h);
        slot_index.push_back(k);
      }
      slot_first[static_cast<std::size_t>(c) + 1] = static_cast<int>(slot_house.size());
    }
  }
  shared_slots.assign(static_cast<std::size_t>(house_count_) * static_cast<std::size_t>(house_count_), 0);
  for (int a = 0; a < house_count_; ++a)
    for (int k = 0; k < n; ++k) {
      const int c = house(a)[static_cast<std::size_t>(k)];
      for (int i = slot_first[static_cast<std::size_t>(c)]; i < slot_first[static_cast<std::size_t>(c) + 1]; ++i)
        shared_slots[static_cast<std::size_t>(a * house_count_ + slot_house[static_cast<std::size_t>(i)])] |= bit(k);
    }
  peer_set.clear();
  if (cells <= 64 * CellBits::kWords) {
    peer_set.resize(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c)
      for (int p : this->peers(c)) peer_set[static_cast<std::size_t>(c)].set(p);
  }
}

std::shared_ptr<const Topology> topology_for(const Shape& shape) {
  static std::mutex mutex;
  static std::vector<std::shared_ptr<const Topology>> cache;
  std::lock_guard lock(mutex);
  for (const auto& t : cache)
    if (t->shape == shape) return t;
  cache.push_back(std::make_shared<const Topology>(shape));
  return cache.back();
}

std::shared_ptr<const Topology> topology_for(const Rules& rules) {
  if (rules.classic()) return topology_for(rules.shape);
  if (rules.variant == Variant::x || rules.variant == Variant::hyper) {
    static std::mutex mutex;
    static std::vector<std::shared_ptr<const Topology>> cache;
    std::lock_guard lock(mutex);
    for (const auto& t : cache)
      if (t->shape == rules.shape && t->variant == rules.variant) return t;
    cache.push_back(std::make_shared<const Topology>(rules));
    return cache.back();
  }
  // Jigsaw and killer rules belong to one puzzle: the last few are kept per thread (a grade
  // asks for its puzzle's topology once; tests and callers may ask again).
  thread_local std::vector<std::pair<Rules, std::shared_ptr<const Topology>>> recent;
  for (const auto& [r, t] : recent)
    if (r.variant == rules.variant && r.shape == rules.shape && r.region_of == rules.region_of && r.cages == rules.cages)
      return t;
  if (recent.size() >= 4) recent.erase(recent.begin());
  recent.emplace_back(rules, std::make_shared<const Topology>(rules));
  return recent.back().second;
}

Board::Board(std::shared_ptr<const Topology> topology)
    : topology_(std::move(topology)),
      values_(static_cast<std::size_t>(topology_->cells), 0),
      candidates_(static_cast<std::size_t>(topology_->cells), 0),
      unsolved_(topology_->cells) {}

Board Board::full(const Shape& shape) { return full(topology_for(shape)); }

Board Board::full(std::shared_ptr<const Topology> topology) {
  Board board(std::move(topology));
  std::fill(board.candidates_.begin(), board.candidates_.end(), board.all_digits());
  board.stamp_ = next_stamp();
  return board;
}

Board Board::from_grid(const Grid& grid) { return from_grid(grid, topology_for(grid.shape)); }

Board Board::from_grid(const Grid& grid, std::shared_ptr<const Topology> topology) {
  Board board = full(std::move(topology));
  for (int c = 0; c < board.cells(); ++c) {
    const int d = grid.cells[static_cast<std::size_t>(c)];
    if (d != 0) {
      board.place(c, d);
      if (c < CellBits::kWords * 64) board.given_.set(c);
    }
  }
  return board;
}

std::uint64_t Board::next_stamp() {
  // 2^40 stamps per thread before its range would run into the next thread's.
  static std::atomic<std::uint64_t> threads{0};
  thread_local std::uint64_t next = (threads.fetch_add(1, std::memory_order_relaxed) + 1) << 40;
  return ++next;
}

void Board::place(int cell, int digit) {
  stamp_ = next_stamp();
  if (index_fresh_) {  // keep positions() and placed_in() (see build_index)
    const Topology& t = *topology_;
    const int digits = n();
    if (values_[static_cast<std::size_t>(cell)]) {
      index_fresh_ = false;  // a written cell rewritten (tests): rebuild
    } else {
      for (int i = t.slot_first[static_cast<std::size_t>(cell)]; i < t.slot_first[static_cast<std::size_t>(cell) + 1]; ++i) {
        const std::size_t h = static_cast<std::size_t>(t.slot_house[static_cast<std::size_t>(i)]);
        const std::uint64_t off = ~bit(t.slot_index[static_cast<std::size_t>(i)]);
        for (std::uint64_t m = candidates_[static_cast<std::size_t>(cell)]; m; m &= m - 1) where_[h * static_cast<std::size_t>(digits) + static_cast<std::size_t>(lowest(m))] &= off;
        placed_[h] |= digit_bit(digit);
      }
      if (!cells_with_.empty())
        for (std::uint64_t m = candidates_[static_cast<std::size_t>(cell)]; m; m &= m - 1) cells_with_[static_cast<std::size_t>(lowest(m))].reset(cell);
      for (int peer : t.peers(cell))
        if (candidates_[static_cast<std::size_t>(peer)] & digit_bit(digit)) forget(peer, digit);
    }
  }
  if (values_[static_cast<std::size_t>(cell)] == 0) --unsolved_;
  values_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
  candidates_[static_cast<std::size_t>(cell)] = 0;
  const std::uint64_t keep = ~digit_bit(digit);
  for (int peer : topology_->peers(cell)) candidates_[static_cast<std::size_t>(peer)] &= keep;
}

void Board::forget(int cell, int digit) const {
  const Topology& t = *topology_;
  for (int i = t.slot_first[static_cast<std::size_t>(cell)]; i < t.slot_first[static_cast<std::size_t>(cell) + 1]; ++i)
    where_[static_cast<std::size_t>(t.slot_house[static_cast<std::size_t>(i)] * n() + digit - 1)] &= ~bit(t.slot_index[static_cast<std::size_t>(i)]);
  if (!cells_with_.empty()) cells_with_[static_cast<std::size_t>(digit - 1)].reset(cell);
}

bool Board::eliminate(int cell, int digit) {
  std::uint64_t& mask = candidates_[static_cast<std::size_t>(cell)];
  if ((mask & digit_bit(digit)) == 0) return false;
  mask &= ~digit_bit(digit);
  stamp_ = next_stamp();
  if (index_fresh_) forget(cell, digit);
  return true;
}

void Board::build_index() const {
  const int houses = topology_->houses(), digits = n();
  where_.assign(static_cast<std::size_t>(houses * digits), 0);
  placed_.assign(static_cast<std::size_t>(houses), 0);
  for (int h = 0; h < houses; ++h) {
    const auto cells_of = topology_->house(h);
    std::uint64_t* where = where_.data() + static_cast<std::size_t>(h * digits);
    std::uint64_t placed = 0;
    for (int k = 0; k < digits; ++k) {
      const std::size_t c = static_cast<std::size_t>(cells_of[static_cast<std::size_t>(k)]);
      if (values_[c]) placed |= digit_bit(values_[c]);
      for (std::uint64_t m = candidates_[c]; m; m &= m - 1) where[lowest(m)] |= bit(k);
    }
    placed_[static_cast<std::size_t>(h)] = placed;
  }
  cells_with_.clear();  // past 256 cells (no peer sets) it stays empty: see cells_with()
  if (!topology_->peer_set.empty()) {
    cells_with_.resize(static_cast<std::size_t>(digits));
    for (int c = 0; c < cells(); ++c)
      for (std::uint64_t m = candidates_[static_cast<std::size_t>(c)]; m; m &= m - 1) cells_with_[static_cast<std::size_t>(lowest(m))].set(c);
  }
  index_fresh_ = true;
}

Grid Board::to_grid() const {
  Grid grid(topology_->shape);
  for (int c = 0; c < cells(); ++c) grid.cells[static_cast<std::size_t>(c)] = values_[static_cast<std::size_t>(c)];
  return grid;
}

void Board::apply(const Step& step) {
  for (const CellDigit& p : step.placements) place(p.cell, p.digit);
  for (const CellDigit& e : step.eliminations) eliminate(e.cell, e.digit);
}

bool append_new_conclusion(std::vector<Step>& out, std::size_t recent, Step&& step) {
  const auto same = [&step](const Step& s) { return s.placements == step.placements && s.eliminations == step.eliminations; };
  if (std::any_of(out.end() - static_cast<std::ptrdiff_t>(recent), out.end(), same)) return false;
  out.push_back(std::move(step));
  return true;
}

bool keep_changes(const Board& board, Step& step) {
  std::erase_if(step.placements, [&board](const CellDigit& p) { return board.value(p.cell) != 0; });
  std::erase_if(step.eliminations, [&board](const CellDigit& e) { return board.value(e.cell) != 0 || !board.has(e.cell, e.digit); });
  return !step.placements.empty() || !step.eliminations.empty();
}

namespace {

/// The boards a thread's finders were last shown (NothingFound::look), each with what changed
/// since the one before it: the houses holding a changed cell (bits) and the digits whose
/// candidates or placements changed. Cells are compared once per board, whatever the number
/// of finders asking about it.
class RecentBoards {
 public:
  /// Adds `board` unless it is the latest (same stamp, same cells).
  void show(const Board& board) {
    const Topology& topo = board.topo();
    if (topo_.get() != &topo) {  // another shape: the list starts again
      topo_ = board.topology();
      words_ = (static_cast<std::size_t>(topo.houses()) + 63) / 64;
      values_.assign(static_cast<std::size_t>(board.cells()), 0);
      candidates_.assign(static_cast<std::size_t>(board.cells()), ~std::uint64_t{0});  // no real board
      for (Entry& e : ring_) e = Entry{};
      for (Entry& e : ring_) e.houses.assign(words_, 0);
      count_ = 0;
    } else if (count_ > 0 && latest().stamp == board.stamp()) {
      return;
    }
    Entry& entry = ring_[next_];
    entry.stamp = board.stamp();
    std::fill(entry.houses.begin(), entry.houses.end(), 0);
    entry.digits = 0;
    auto mark = [&](int house) { entry.houses[static_cast<std::size_t>(house) >> 6] |= std::uint64_t{1} << (house & 63); };
    for (int c = 0; c < board.cells(); ++c) {
      const auto i = static_cast<std::size_t>(c);
      if (values_[i] == board.value(c) && candidates_[i] == board.candidates(c)) continue;
      entry.digits |= candidates_[i] ^ board.candidates(c);
      if (values_[i] != board.value(c)) {  // whether a candidate's cell is open changed too
        entry.digits |= candidates_[i] | board.candidates(c);
        if (values_[i]) entry.digits |= digit_bit(values_[i]);
        if (board.value(c)) entry.digits |= digit_bit(board.value(c));
      }
      values_[i] = static_cast<std::uint8_t>(board.value(c));
      candidates_[i] = board.candidates(c);
      mark(topo.row_house(c));
      mark(topo.col_house(c));
      mark(topo.box_house(c));
      if (!topo.extra_mask.empty())
        for (std::uint64_t m = topo.extra_mask[i]; m; m &= m - 1) mark(3 * topo.n + lowest(m));
    }
    next_ = (next_ + 1) % kKept;
    count_ = std::min(count_ + 1, kKept);
  }

  /// The changes from the board with stamp `since` to the latest: false when that board is
  /// not among the kept ones (the caller then takes everything as changed).
  bool changes_since(std::uint64_t since, std::vector<std::uint64_t>& houses, std::uint64_t& digits) const {
    houses.assign(words_, 0);
    digits = 0;
    for (std::size_t k = 0; k < count_; ++k) {  // newest first
      const Entry& e = ring_[(next_ + kKept - 1 - k) % kKept];
      if (e.stamp == since) return true;
      for (std::size_t w = 0; w < words_; ++w) houses[w] |= e.houses[w];
      digits |= e.digits;
    }
    return false;
  }

 private:
  struct Entry {
    std::uint64_t stamp = 0;
    std::vector<std::uint64_t> houses;
    std::uint64_t digits = 0;
  };
  static constexpr std::size_t kKept = 16;
  const Entry& latest() const { return ring_[(next_ + kKept - 1) % kKept]; }
  std::shared_ptr<const Topology> topo_;
  std::size_t words_ = 0, next_ = 0, count_ = 0;
  std::array<Entry, kKept> ring_;
  std::vector<std::uint8_t> values_;  // the latest board's cells
  std::vector<std::uint64_t> candidates_;
};

RecentBoards& recent_boards() {
  thread_local RecentBoards boards;
  return boards;
}

}  // namespace

void NothingFound::look(const Board& board) {
  const Topology& topo = board.topo();
  const auto houses = static_cast<std::size_t>(topo.houses());
  RecentBoards& recent = recent_boards();
  recent.show(board);
  const std::size_t words = (houses + 63) / 64;
  if (topo_.get() != &topo) {  // first call, or another shape: nothing is known
    topo_ = board.topology();
    empty_.assign(words, 0);
    changed_.assign(words, ~std::uint64_t{0});
    empty_digits_ = 0;
    stamp_ = board.stamp();
    return;
  }
  if (stamp_ == board.stamp()) {  // the same cells (Board::stamp)
    std::fill(changed_.begin(), changed_.end(), 0);
    return;
  }
  std::uint64_t digits = 0;
  if (!recent.changes_since(stamp_, changed_, digits)) {  // that board is no longer kept: everything may have changed
    std::fill(changed_.begin(), changed_.end(), ~std::uint64_t{0});
    digits = ~std::uint64_t{0};
  }
  for (std::size_t w = 0; w < words; ++w) empty_[w] &= ~changed_[w];
  empty_digits_ &= ~digits;
  stamp_ = board.stamp();
}

namespace {

std::uint64_t& grades_started() {
  thread_local std::uint64_t count = 0;
  return count;
}

}  // namespace

void start_grade() { ++grades_started(); }

bool NothingBefore::applies(const Board& board) {
  if (!topo_ || topo_.get() != &board.topo() || grade_ != grades_started()) {
    topo_.reset();
    return false;
  }
  changed_ = CellBits{};
  if (board.stamp() == stamp_) return true;  // the same cells (Board::stamp)
  for (int c = 0; c < board.cells(); ++c) {
    const auto i = static_cast<std::size_t>(c);
    const int was = values_[i], is = board.value(c);
    const std::uint64_t before = candidates_[i], now = board.candidates(c);
    if (was == is && before == now) continue;
    // Not a candidate-subset: a written cell rewritten or cleared, or a candidate come back.
    if ((was != 0 && is != was) || (now & ~before) != 0) {
      topo_.reset();
      return false;
    }
    changed_.set(c);
  }
  return true;
}

void NothingBefore::remember(const Board& board) {
  if (board.cells() > CellBits::kWords * 64) {  // changed() could not hold its cells
    topo_.reset();
    return;
  }
  topo_ = board.topology();
  stamp_ = board.stamp();
  grade_ = grades_started();
  values_.resize(static_cast<std::size_t>(board.cells()));
  candidates_.resize(static_cast<std::size_t>(board.cells()));
  for (int c = 0; c < board.cells(); ++c) {
    values_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(board.value(c));
    candidates_[static_cast<std::size_t>(c)] = board.candidates(c);
  }
}

void normalise(Step& step) {
  std::sort(step.eliminations.begin(), step.eliminations.end());
  step.eliminations.erase(std::unique(step.eliminations.begin(), step.eliminations.end()), step.eliminations.end());
}

}  // namespace sudokit::grading

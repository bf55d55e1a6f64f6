// board.cpp: house tables and the pencil-mark board (see board.hpp).
//
// Topologies are built once per shape and shared: a 9×9 grade would otherwise spend more
// time listing peers than solving. The cache is a small mutex-guarded list because programs
// meet only a handful of shapes.
#include "board.hpp"

#include <algorithm>
#include <mutex>

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
  house_cells.resize(static_cast<std::size_t>(3 * n * n));
  for (int i = 0; i < n; ++i)
    for (int k = 0; k < n; ++k) {
      house_cells[static_cast<std::size_t>(i * n + k)] = i * n + k;
      house_cells[static_cast<std::size_t>((n + i) * n + k)] = k * n + i;
      house_cells[static_cast<std::size_t>((2 * n + i) * n + k)] = s.cell_in_box(i, k);
    }
  std::vector<int> peers;
  for (int c = 0; c < cells; ++c) {
    peers.clear();
    for (int other = 0; other < cells; ++other)
      if (sees(c, other)) peers.push_back(other);
    if (c == 0) peer_count = static_cast<int>(peers.size());
    peer_cells.insert(peer_cells.end(), peers.begin(), peers.end());
  }
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

Board::Board(std::shared_ptr<const Topology> topology)
    : topology_(std::move(topology)),
      values_(static_cast<std::size_t>(topology_->cells), 0),
      candidates_(static_cast<std::size_t>(topology_->cells), 0),
      unsolved_(topology_->cells) {}

Board Board::full(const Shape& shape) {
  Board board(topology_for(shape));
  std::fill(board.candidates_.begin(), board.candidates_.end(), board.all_digits());
  return board;
}

Board Board::from_grid(const Grid& grid) {
  Board board = full(grid.shape);
  for (int c = 0; c < board.cells(); ++c) {
    const int d = grid.cells[static_cast<std::size_t>(c)];
    if (d != 0) board.place(c, d);
  }
  return board;
}

void Board::place(int cell, int digit) {
  if (values_[static_cast<std::size_t>(cell)] == 0) --unsolved_;
  values_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
  candidates_[static_cast<std::size_t>(cell)] = 0;
  const std::uint64_t keep = ~digit_bit(digit);
  for (int peer : topology_->peers(cell)) candidates_[static_cast<std::size_t>(peer)] &= keep;
}

bool Board::eliminate(int cell, int digit) {
  std::uint64_t& mask = candidates_[static_cast<std::size_t>(cell)];
  if ((mask & digit_bit(digit)) == 0) return false;
  mask &= ~digit_bit(digit);
  return true;
}

std::uint64_t Board::positions(int house, int digit) const {
  std::uint64_t found = 0;
  const std::uint64_t want = digit_bit(digit);
  const auto cells_of = topology_->house(house);
  for (int k = 0; k < n(); ++k)
    if (candidates_[static_cast<std::size_t>(cells_of[static_cast<std::size_t>(k)])] & want) found |= bit(k);
  return found;
}

std::uint64_t Board::placed_in(int house) const {
  std::uint64_t placed = 0;
  for (int c : topology_->house(house))
    if (values_[static_cast<std::size_t>(c)]) placed |= digit_bit(values_[static_cast<std::size_t>(c)]);
  return placed;
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

void normalise(Step& step) {
  std::sort(step.eliminations.begin(), step.eliminations.end());
  step.eliminations.erase(std::unique(step.eliminations.begin(), step.eliminations.end()), step.eliminations.end());
}

}  // namespace sudokit::grading

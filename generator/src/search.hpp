// search.hpp (internal): the generator's own small search engine.
//
// The generator asks two questions thousands of times per puzzle: "give me a random complete
// grid" and "does this puzzle have a solution with digit d forbidden at cell X?". The
// public Solver answers neither directly (it has no randomised order and no way to forbid a
// candidate), so the generator carries this engine: candidates as 64-bit masks (any N up to
// 64), naked and hidden singles propagated to a fixpoint, then a branch on the cell with
// the fewest candidates. Its answers are re-checked against the DLX Solver in the tests.
#pragma once

#include <cstdint>
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

class Search {
 public:
  explicit Search(const Shape& shape);
  const Shape& shape() const { return shape_; }

  /// Solutions of `givens` (N² cells, 0 = empty) counted up to `limit`; with forbid_cell >= 0,
  /// only those without `forbid_digit` at that cell. The first one found goes to
  /// `first_solution` (N² bytes) when not null.
  int count(const std::uint8_t* givens, int limit, int forbid_cell = -1, int forbid_digit = 0,
            std::uint8_t* first_solution = nullptr);

  /// A random complete grid into `out`; false when `node_budget` search nodes were spent
  /// without finishing (the caller restarts, drawing fresh randomness).
  bool random_fill(Rng& rng, std::uint8_t* out, std::uint64_t node_budget);

 private:
  using Mask = std::uint64_t;
  struct Level {
    std::vector<Mask> candidates;
    std::vector<std::uint8_t> placed;
    int unplaced = 0;
  };

  Level& level(int depth);
  bool load(const std::uint8_t* givens, int forbid_cell, int forbid_digit);
  bool propagate(Level& state);
  bool hidden_singles(Level& state, bool& progressed);
  void search(int depth);

  Shape shape_;
  int n_ = 0;
  int cells_ = 0;
  Mask full_ = 0;
  std::vector<int> peers_;   // cells_ × peer_count_
  int peer_count_ = 0;
  std::vector<int> houses_;  // 3n houses × n cells
  std::vector<Level> levels_;
  std::vector<int> queue_;

  // The current search's parameters and results.
  int limit_ = 0;
  int found_ = 0;
  std::uint8_t* first_solution_ = nullptr;
  Rng* rng_ = nullptr;  // non-null: random digit order (filling)
  std::uint64_t nodes_ = 0;
  std::uint64_t node_budget_ = 0;
};

}  // namespace sudokit::gen

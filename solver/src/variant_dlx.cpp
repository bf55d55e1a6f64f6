// variant_dlx.cpp: the variant exact-cover encoding; see the essay in variant_dlx.hpp.
#include "variant_dlx.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

namespace sudokit::dlx {

std::vector<std::vector<int>> cage_combinations(int n, int m, int sum, std::size_t cap) {
  std::vector<std::vector<int>> out;
  std::vector<int> chosen;
  // Depth-first over ascending digits, pruned by the smallest and largest sums still reachable.
  auto walk = [&](auto&& self, int next, int left, int remaining) -> void {
    if (out.size() >= cap) return;
    if (left == 0) {
      if (remaining == 0) out.push_back(chosen);
      return;
    }
    for (int d = next; d <= n - left + 1; ++d) {
      const int low = left * d + left * (left - 1) / 2;  // d, d+1, ..., d+left-1
      const int high = left * (2 * n - left + 1) / 2;     // the `left` largest digits
      if (low > remaining) break;
      if (high < remaining) return;
      chosen.push_back(d);
      self(self, d + 1, left - 1, remaining - d);
      chosen.pop_back();
    }
  };
  if (m >= 1 && m <= n) walk(walk, 1, m, sum);
  return out;
}

bool VariantDlx::build(const Rules& rules, const std::uint8_t* givens) {
  const Shape& s = rules.shape;
  const int n = s.n, nn = n * n;
  n_ = n;
  const int house_base = nn;
  const int cage_base = house_base + static_cast<int>(rules.houses.size()) * n;
  const int columns = cage_base + static_cast<int>(rules.cages.size()) * (n + 1);
  // The houses of every cell.
  std::vector<std::vector<int>> houses_of(static_cast<std::size_t>(nn));
  for (std::size_t h = 0; h < rules.houses.size(); ++h)
    for (int cell : rules.houses[h].cells) houses_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(h));
  std::vector<std::vector<std::vector<int>>> combinations(rules.cages.size());
  std::size_t total = 0;
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    const Cage& cage = rules.cages[k];
    combinations[k] = cage_combinations(n, static_cast<int>(cage.cells.size()), cage.sum);
    total += combinations[k].size();
    if (total > kMaxCageCombinations)
      throw std::invalid_argument("the cages have more than " + std::to_string(kMaxCageCombinations) +
                                  " digit combinations: too large to solve");
  }

  cover_.reset(columns);
  placement_of_row_.clear();
  for (int cell = 0; cell < nn; ++cell) {
    const auto& hs = houses_of[static_cast<std::size_t>(cell)];
    const int cage = rules.cage_of.empty() ? -1 : rules.cage_of[static_cast<std::size_t>(cell)];
    for (int d = 0; d < n; ++d) {
      columns_.clear();
      columns_.push_back(cell);
      for (int h : hs) columns_.push_back(house_base + h * n + d);
      if (cage >= 0) columns_.push_back(cage_base + cage * (n + 1) + 1 + d);
      cover_.add_row(columns_);
      placement_of_row_.push_back(cell * n + d);
    }
  }
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    const int base = cage_base + static_cast<int>(k) * (n + 1);
    for (const auto& set : combinations[k]) {
      columns_.clear();
      columns_.push_back(base);
      std::size_t next = 0;
      for (int d = 1; d <= n; ++d) {
        if (next < set.size() && set[next] == d) {
          ++next;
          continue;
        }
        columns_.push_back(base + d);
      }
      cover_.add_row(columns_);
      placement_of_row_.push_back(-1);
    }
  }
  for (int cell = 0; cell < nn; ++cell) {
    const int d = givens[cell];
    if (d == 0) continue;
    if (d > n || !cover_.select(cell * n + d - 1)) return false;
  }
  return true;
}

void VariantDlx::write_solution(std::span<const int> rows, std::uint8_t* out) const {
  for (int row : rows) {
    const std::int32_t p = placement_of_row_[static_cast<std::size_t>(row)];
    if (p >= 0) out[p / n_] = static_cast<std::uint8_t>(p % n_ + 1);
  }
}

std::uint64_t VariantDlx::solve(const Rules& rules, const std::uint8_t* givens, std::uint64_t limit,
                                std::uint8_t* solutions, std::size_t keep, SearchStats* stats,
                                const BudgetMeter* meter) {
  const auto cells = static_cast<std::size_t>(rules.shape.cells());
  std::size_t kept = 0;
  return enumerate(
      rules, givens, limit,
      [&](const std::uint8_t* solution) {
        if (kept < keep) std::memcpy(solutions + cells * kept++, solution, cells);
        return true;
      },
      stats, meter);
}

std::uint64_t VariantDlx::enumerate(const Rules& rules, const std::uint8_t* givens, std::uint64_t limit,
                                    const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                                    const BudgetMeter* meter) {
  complete_ = true;
  if (limit == 0) return 0;
  const bool ok = build(rules, givens);
  std::uint64_t found = 0;
  if (ok) {
    scratch_.assign(static_cast<std::size_t>(rules.shape.cells()), 0);
    cover_.reset_stats();
    cover_.set_budget(meter);
    found = cover_.search(limit, [&](std::span<const int> rows) {
      write_solution(rows, scratch_.data());
      return visit(scratch_.data());
    });
    complete_ = cover_.complete();
    cover_.set_budget(nullptr);
    if (stats) *stats += cover_.stats();
  }
  cover_.unselect_all();
  return found;
}

}  // namespace sudokit::dlx

// killer.cpp: the cage-sum techniques of killer Sudoku.
//
// A killer's cages say two things: the cells of a cage hold distinct digits (the topology
// makes cage mates peers, so every other technique already knows that), and they add up to
// the cage's sum. The second is what these finders use. They find nothing on boards
// without cages, so classic grades never meet them.
//
//  - Cage combination: the cage's cells, with their candidates (a written cell holds just
//    its digit), can be filled with distinct digits adding up to the sum in some ways; a
//    candidate that no such filling uses is removed. ("A 2-cell 3 is 1 and 2", "a 3-cell 23
//    is 6, 8, 9", and the same with what the board already ruled out.) The fillings are
//    counted by a depth-first walk over the cells whose states (next cell, digits used) are
//    memoised: the digits used fix the sum still needed, so a state's fillings and the
//    candidates they support are the same however it was reached, and each state is
//    expanded once. The walk has a state budget; a cage that exceeds it (only huge cages
//    on big grids) yields no step, never a wrong one.
//  - Cage-locked digit: a digit that every filling of a cage uses (tried by asking for a
//    filling without it) must go in one of the cage's cells that can take it, so any cell
//    outside the cage that sees all of those cannot hold it: "a 2-cell 17 is 8 and 9, so no
//    other cell of its row or box holds 8". Its hidden form: a digit whose places in a house
//    all lie in one cage must be in that cage, so only the cage's fillings that use it count.
//  - Innies and outies (the rule of 45): a union of whole houses sums to k·N(N+1)/2. The
//    cages lying wholly inside it have known sums; the cells left over (the innies) add up to
//    the rest. Counted the other way, the cages touching the union cover it and stick out
//    of it; the cells sticking out (the outies) add up to the touching cages' sums minus the
//    union's. Written cells are known numbers on either side. When one cell is left over it
//    must hold that sum (a placement); when two are, each keeps only the candidates with a
//    partner in the other cell (different digits when the two are peers); when three to
//    five are, they are a "virtual cage": each keeps only the candidates some filling of
//    the leftover cells with that sum uses (digits distinct where the cells see each other,
//    repeats allowed where they do not, so the leftover need not lie in one house). Unions tried:
//    single houses, runs of adjacent rows, of adjacent columns, and of adjacent boxes in a
//    band or stack (every union of whole houses is sound; these are the ones people use).
//
// Ratings (SE rates no killers; these follow where solving guides teach them): cage
// combination 2.2 (just below a naked single: every killer needs it from the first step),
// cage-locked digit 2.6 like the locked candidates it is (2.8 in its hidden form, like claiming),
// innies/outies 2.8 for one cell left over from one house, +0.2 when two cells are left
// over (a sum to split rather than a digit to write), +0.1 for each leftover cell past two (a
// longer sum to split, as a cage of that size is harder than a pair) and +0.1 for each
// further house in the union (a larger area to add up). Every instance is rated and the easiest one is the step,
// so the rating does not depend on where the pattern lies; among equals the first in scan
// order (cages in the rules' order; unions by size, rows, columns, boxes) wins.
#include <unordered_map>

#include "board.hpp"

namespace sudokit::grading {
namespace {

constexpr int kStateBudget = 1 << 18;

/// The digits each cell can take in some filling of `allowed` (per cell, bit d-1) with
/// distinct digits adding up to `sum`. False when there is no filling or the budget ran out.
class CageFillings {
 public:
  /// `required`: only fillings that use every digit of this mask count.
  bool run(const std::vector<std::uint64_t>& allowed, int sum, std::vector<std::uint64_t>& support,
           std::uint64_t required = 0) {
    allowed_ = &allowed;
    required_ = required;
    support_ = &support;
    support.assign(allowed.size(), 0);
    memo_.assign(allowed.size() + 1, {});
    states_ = 0;
    const bool ok = walk(0, 0, sum);
    return ok && states_ <= kStateBudget;
  }

 private:
  bool walk(std::size_t i, std::uint64_t used, int left) {
    if (i == allowed_->size()) return left == 0 && (used & required_) == required_;
    auto& memo = memo_[i];
    if (auto it = memo.find(used); it != memo.end()) return it->second;
    if (++states_ > kStateBudget) return false;
    bool ok = false;
    for (std::uint64_t m = (*allowed_)[i] & ~used; m; m &= m - 1) {
      const int d = lowest(m) + 1;
      if (d > left) break;  // digits ascend: the rest are larger still
      if (walk(i + 1, used | bit(d - 1), left - d)) {
        ok = true;
        (*support_)[i] |= bit(d - 1);
      }
    }
    memo.emplace(used, ok);
    return ok;
  }

  const std::vector<std::uint64_t>* allowed_ = nullptr;
  std::uint64_t required_ = 0;
  std::vector<std::uint64_t>* support_ = nullptr;
  std::vector<std::unordered_map<std::uint64_t, bool>> memo_;
  int states_ = 0;
};

/// What a cell may hold for the sums: its written digit, or its candidates.
std::uint64_t may_hold(const Board& board, int cell) {
  return board.value(cell) ? digit_bit(board.value(cell)) : board.candidates(cell);
}

/// A union of whole houses: its houses and, per cell, whether it is inside.
struct Area {
  std::vector<int> houses;
  std::vector<std::uint8_t> inside;
};

std::vector<Area> areas(const Topology& topo) {
  const int n = topo.n;
  std::vector<std::vector<int>> lists;
  for (int len = 1; len < n; ++len)  // runs of rows, then of columns
    for (int kind = 0; kind < 2; ++kind)
      for (int first = 0; first + len <= n; ++first) {
        std::vector<int> houses;
        for (int k = 0; k < len; ++k) houses.push_back(kind * n + first + k);
        lists.push_back(std::move(houses));
      }
  const int across = n / topo.shape.box_cols, down = n / topo.shape.box_rows;  // boxes per band, per stack
  for (int b = 0; b < n; ++b) lists.push_back({2 * n + b});
  for (int len = 2; len < std::max(across, down); ++len) {
    for (int band = 0; band < down; ++band)
      for (int first = 0; len < across && first + len <= across; ++first) {
        std::vector<int> houses;
        for (int k = 0; k < len; ++k) houses.push_back(2 * n + band * across + first + k);
        lists.push_back(std::move(houses));
      }
    for (int stack = 0; stack < across; ++stack)
      for (int first = 0; len < down && first + len <= down; ++first) {
        std::vector<int> houses;
        for (int k = 0; k < len; ++k) houses.push_back(2 * n + (first + k) * across + stack);
        lists.push_back(std::move(houses));
      }
  }
  std::stable_sort(lists.begin(), lists.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
  std::vector<Area> out;
  for (auto& houses : lists) {
    Area area;
    area.inside.assign(static_cast<std::size_t>(topo.cells), 0);
    for (int h : houses)
      for (int c : topo.house(h)) area.inside[static_cast<std::size_t>(c)] = 1;
    area.houses = std::move(houses);
    out.push_back(std::move(area));
  }
  return out;
}

/// Most leftover cells innies/outies treat as a virtual cage. Past five the sums rarely
/// remove anything and the fillings to walk grow fast.
constexpr std::size_t kMaxLeftover = 5;
/// Fillings visited per virtual cage before giving up (no step, never a wrong one).
constexpr int kLeftoverBudget = 1 << 16;

/// Per cell of `cells`, the candidates some filling adding up to `sum` uses, where cells that
/// see each other hold different digits (unlike a cage, leftover cells may repeat a digit
/// when they share no house). False when there is none or the walk ran past its budget.
bool leftover_support(const Board& board, const std::vector<int>& cells, int sum, std::vector<std::uint64_t>& support) {
  const Topology& topo = board.topo();
  const int n = topo.n, k = static_cast<int>(cells.size());
  support.assign(cells.size(), 0);
  std::vector<int> digit(cells.size(), 0);
  int visits = 0;
  bool any = false;
  // Depth-first over the cells in order; `left` is the sum still to place. The remaining cells
  // can add 1 each at least and n each at most, which prunes most branches at once.
  auto walk = [&](auto&& self, int i, int left) -> void {
    if (++visits > kLeftoverBudget) return;
    if (i == k) {
      if (left != 0) return;
      any = true;
      for (int j = 0; j < k; ++j) support[static_cast<std::size_t>(j)] |= digit_bit(digit[static_cast<std::size_t>(j)]);
      return;
    }
    const int rest = k - i - 1;
    const int c = cells[static_cast<std::size_t>(i)];
    for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
      const int d = lowest(m) + 1;
      if (left - d < rest) break;  // digits ascend: the rest are larger still
      if (left - d > rest * n) continue;
      bool clash = false;
      for (int j = 0; j < i && !clash; ++j)
        clash = digit[static_cast<std::size_t>(j)] == d && topo.sees(cells[static_cast<std::size_t>(j)], c);
      if (clash) continue;
      digit[static_cast<std::size_t>(i)] = d;
      self(self, i + 1, left - d);
    }
  };
  walk(walk, 0, sum);
  return any && visits <= kLeftoverBudget;
}

/// The step that `cells` (1 to kMaxLeftover unwritten cells) adding up to `sum` makes, if any.
bool sum_step(const Board& board, const std::vector<int>& cells, int sum, Step& step) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  reset_step(step);
  if (cells.size() > 2) {
    thread_local std::vector<std::uint64_t> support;
    if (!leftover_support(board, cells, sum, support)) return false;  // a broken board, or too many fillings
    std::uint64_t digits = 0;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      digits |= support[i];
      for (std::uint64_t m = board.candidates(cells[i]) & ~support[i]; m; m &= m - 1)
        step.eliminations.push_back({cells[i], lowest(m) + 1});
    }
    if (step.eliminations.empty()) return false;
    step.digits = digits;
    normalise(step);
  } else if (cells.size() == 1) {
    const int c = cells[0];
    if (sum < 1 || sum > n || !board.has(c, sum)) return false;  // a broken board: no step
    step.placements = {{c, sum}};
    step.digits = digit_bit(sum);
  } else {
    const int a = cells[0], b = cells[1];
    const bool distinct = topo.sees(a, b);
    auto partners = [&](int x, int y) {  // x's candidates with a partner in y
      std::uint64_t keep = 0;
      for (std::uint64_t m = board.candidates(x); m; m &= m - 1) {
        const int d = lowest(m) + 1, e = sum - d;
        if (e >= 1 && e <= n && board.has(y, e) && !(distinct && e == d)) keep |= bit(d - 1);
      }
      return keep;
    };
    const std::uint64_t keep_a = partners(a, b), keep_b = partners(b, a);
    if (!keep_a || !keep_b) return false;  // a broken board
    for (std::uint64_t m = board.candidates(a) & ~keep_a; m; m &= m - 1) step.eliminations.push_back({a, lowest(m) + 1});
    for (std::uint64_t m = board.candidates(b) & ~keep_b; m; m &= m - 1) step.eliminations.push_back({b, lowest(m) + 1});
    if (step.eliminations.empty()) return false;
    step.digits = keep_a | keep_b;
    normalise(step);
  }
  step.technique = Technique::innies_outies;
  step.cells = cells;
  for (int c : cells) step.chain.push_back({c, sum});
  return true;
}

}  // namespace

bool find_cage_combination(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  thread_local CageFillings fillings;
  std::vector<std::uint64_t> allowed, support;
  for (const Cage& cage : topo.cages) {
    allowed.clear();
    bool open = false;
    for (int c : cage.cells) {
      allowed.push_back(may_hold(board, c));
      open = open || board.value(c) == 0;
    }
    if (!open || !fillings.run(allowed, cage.sum, support)) continue;
    Step found;
    std::uint64_t digits = 0;
    for (std::size_t i = 0; i < cage.cells.size(); ++i) {
      const int c = cage.cells[i];
      digits |= support[i];
      if (board.value(c)) continue;
      for (std::uint64_t m = board.candidates(c) & ~support[i]; m; m &= m - 1) found.eliminations.push_back({c, lowest(m) + 1});
    }
    if (found.eliminations.empty()) continue;
    found.technique = Technique::cage_combination;
    found.cells = cage.cells;
    found.digits = digits;
    normalise(found);
    step = std::move(found);
    return true;
  }
  return false;
}

bool find_innies_outies(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  if (topo.cages.empty()) return false;
  const int n = topo.n;
  const int house_sum = n * (n + 1) / 2;
  thread_local std::shared_ptr<const Topology> cached_for;
  thread_local std::vector<Area> cached;
  if (cached_for.get() != &topo) {
    cached = areas(topo);
    cached_for = board.topology();
  }
  bool found = false;
  Step candidate;
  std::vector<int> left;
  std::vector<std::uint8_t> touching(topo.cages.size());
  for (const Area& area : cached) {
    const double base = technique_rating(Technique::innies_outies) + 0.1 * static_cast<double>(area.houses.size() - 1);
    if (found && base >= step.rating - 1e-9) break;  // areas come by size: none can be easier
    const int total = house_sum * static_cast<int>(area.houses.size());
    // Innies: the area's cells outside the cages lying wholly inside it.
    std::fill(touching.begin(), touching.end(), 0);
    bool all_caged = true;
    int known = 0;  // innies: cages wholly inside plus written cells left over
    left.clear();
    for (int c = 0; c < topo.cells; ++c) {
      if (!area.inside[static_cast<std::size_t>(c)]) continue;
      const int k = topo.cage_of[static_cast<std::size_t>(c)];
      if (k >= 0) touching[static_cast<std::size_t>(k)] = 1;
      else if (!board.value(c)) all_caged = false;
    }
    std::vector<std::uint8_t> whole(topo.cages.size(), 0);
    for (std::size_t k = 0; k < topo.cages.size(); ++k) {
      if (!touching[k]) continue;
      bool in = true;
      for (int c : topo.cages[k].cells) in = in && area.inside[static_cast<std::size_t>(c)];
      whole[k] = in;
      if (in) known += topo.cages[k].sum;
    }
    for (int c = 0; c < topo.cells && left.size() <= kMaxLeftover; ++c) {
      if (!area.inside[static_cast<std::size_t>(c)]) continue;
      const int k = topo.cage_of[static_cast<std::size_t>(c)];
      if (k >= 0 && whole[static_cast<std::size_t>(k)]) continue;
      if (board.value(c)) known += board.value(c);
      else left.push_back(c);
    }
    auto consider = [&](const std::vector<int>& cells, int sum) {
      if (cells.empty() || cells.size() > kMaxLeftover || !sum_step(board, cells, sum, candidate)) return;
      candidate.houses = area.houses;
      const double split = cells.size() == 1 ? 0.0 : 0.2 + 0.1 * static_cast<double>(cells.size() - 2);
      candidate.rating = base + split;
      if (!found || candidate.rating < step.rating - 1e-9) {
        step = candidate;
        found = true;
      }
    };
    if (left.size() <= kMaxLeftover) consider(left, total - known);
    // Outies: the touching cages' cells outside the area (every area cell caged or written).
    if (!all_caged) continue;
    int outie_sum = -total;
    left.clear();
    bool few = true;
    for (std::size_t k = 0; k < topo.cages.size() && few; ++k) {
      if (!touching[k] || whole[k]) continue;
      outie_sum += topo.cages[k].sum;
      for (int c : topo.cages[k].cells) {
        if (area.inside[static_cast<std::size_t>(c)]) continue;
        if (board.value(c)) outie_sum -= board.value(c);
        else left.push_back(c);
      }
      few = left.size() <= kMaxLeftover;
    }
    if (!few || left.empty()) continue;
    // Whole cages inside cancel out (their sums count on both sides); written uncaged cells
    // inside are part of the area's total.
    for (std::size_t k = 0; k < topo.cages.size(); ++k)
      if (whole[k]) outie_sum += topo.cages[k].sum;
    for (int c = 0; c < topo.cells; ++c)
      if (area.inside[static_cast<std::size_t>(c)] && topo.cage_of[static_cast<std::size_t>(c)] < 0)
        outie_sum += board.value(c);
    std::sort(left.begin(), left.end());
    consider(left, outie_sum);
  }
  return found;
}

bool find_cage_locked_digit(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  if (topo.cages.empty()) return false;
  thread_local CageFillings fillings;
  std::vector<std::uint64_t> allowed, support, with;
  // Pointing: a digit every filling of a cage uses, which the cage has not written yet, is in
  // one of the cage's cells that can take it; a cell outside the cage that sees all of those
  // cannot hold it.
  for (std::size_t k = 0; k < topo.cages.size(); ++k) {
    const Cage& cage = topo.cages[k];
    allowed.clear();
    std::uint64_t written = 0;
    for (int c : cage.cells) {
      allowed.push_back(may_hold(board, c));
      if (board.value(c)) written |= digit_bit(board.value(c));
    }
    if (!fillings.run(allowed, cage.sum, support)) continue;
    std::uint64_t possible = 0;
    for (std::uint64_t m : support) possible |= m;
    for (std::uint64_t m = possible & ~written; m; m &= m - 1) {
      const int d = lowest(m) + 1;
      std::vector<std::uint64_t> without = allowed;
      for (auto& a : without) a &= ~digit_bit(d);
      if (fillings.run(without, cage.sum, with)) continue;  // some filling does without d
      std::vector<int> holders;
      for (std::size_t i = 0; i < cage.cells.size(); ++i)
        if (support[i] & digit_bit(d)) holders.push_back(cage.cells[i]);
      Step found;
      for (int c = 0; c < topo.cells; ++c) {
        if (board.value(c) || !board.has(c, d) || topo.cage_of[static_cast<std::size_t>(c)] == static_cast<int>(k)) continue;
        bool sees_all = true;
        for (int h : holders) sees_all = sees_all && topo.sees(c, h);
        if (sees_all) found.eliminations.push_back({c, d});
      }
      if (found.eliminations.empty()) continue;
      found.technique = Technique::cage_locked_digit;
      found.cells = holders;
      found.digits = digit_bit(d);
      found.rating = technique_rating(Technique::cage_locked_digit);
      normalise(found);
      step = std::move(found);
      return true;
    }
  }
  // Hidden: a digit whose places in a house all lie in one cage must be in that cage, so only
  // the cage's fillings that use it count.
  for (int h = 0; h < topo.houses(); ++h)
    for (std::uint64_t open = board.all_digits() & ~board.placed_in(h); open; open &= open - 1) {
      const int d = lowest(open) + 1;
      int cage = -1;
      bool one = true;
      for (int c : topo.house(h)) {
        if (board.value(c) || !board.has(c, d)) continue;
        const int k = topo.cage_of[static_cast<std::size_t>(c)];
        if (k < 0 || (cage >= 0 && k != cage)) {
          one = false;
          break;
        }
        cage = k;
      }
      if (!one || cage < 0) continue;
      const Cage& the = topo.cages[static_cast<std::size_t>(cage)];
      allowed.clear();
      for (int c : the.cells) allowed.push_back(may_hold(board, c));
      if (!fillings.run(allowed, the.sum, support, digit_bit(d))) continue;
      Step found;
      for (std::size_t i = 0; i < the.cells.size(); ++i) {
        const int c = the.cells[i];
        if (board.value(c)) continue;
        for (std::uint64_t m = board.candidates(c) & ~support[i]; m; m &= m - 1) found.eliminations.push_back({c, lowest(m) + 1});
      }
      if (found.eliminations.empty()) continue;
      found.technique = Technique::cage_locked_digit;
      found.cells = the.cells;
      found.digits = digit_bit(d);
      found.houses = {h};
      found.rating = technique_rating(Technique::cage_locked_digit) + 0.2;
      normalise(found);
      step = std::move(found);
      return true;
    }
  return false;
}

}  // namespace sudokit::grading

// variant_fast.cpp: the fast variant engine; see the essay in variant_fast.hpp.
#include "variant_fast.hpp"

#include "sudokit/variant_removal.hpp"

#include <algorithm>
#include <bit>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace sudokit::vfast {
namespace {

using Mask = std::uint64_t;

// Bits set in a mask. Written out because the portable x86-64 target has no popcnt
// instruction and std::popcount would become a library call in the MRV scan.
inline int bit_count(Mask m) {
  m = m - ((m >> 1) & 0x5555555555555555ull);
  m = (m & 0x3333333333333333ull) + ((m >> 2) & 0x3333333333333333ull);
  m = (m + (m >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((m * 0x0101010101010101ull) >> 56);
}

inline bool single(Mask m) { return (m & (m - 1)) == 0; }

// How many rule sets an engine remembers (a generator thread works on one at a time; a
// verifier may alternate between a few).
constexpr std::size_t kCachedRules = 8;

// How often (in nodes) a timed budget reads the clock: about every 10-100 µs on 9×9.
constexpr std::uint64_t kClockEvery = 64;

struct ComboTable;

// Everything the search reads about one rule set, built once per rule set.
struct Tables {
  // The key: what the tables were built from.
  Variant variant = Variant::classic;
  Shape shape;
  std::vector<std::vector<int>> house_key;
  std::vector<Cage> cages;

  int n = 0, cells = 0, houses = 0;
  Mask full = 0;
  std::vector<std::uint16_t> house_cells;  // houses × n
  std::vector<std::uint32_t> peer_begin;   // cells + 1 offsets into peers
  std::vector<std::uint16_t> peers;
  std::vector<std::uint32_t> cage_begin;   // cages + 1 offsets into cage_cells
  std::vector<std::uint16_t> cage_cells;
  // Pairs of houses sharing two cells or more, for locked candidates: per pair, offsets into
  // pair_cells of its three parts (the shared cells, the rest of the first house, the rest
  // of the second), i.e. 4 offsets per pair.
  std::vector<std::uint32_t> pair_parts;
  std::vector<std::uint16_t> pair_cells;
  std::vector<std::uint16_t> pair_houses;  // the two houses of each pair
  std::vector<std::uint32_t> cell_house_begin;  // cells + 1 offsets into cell_houses
  std::vector<std::uint16_t> cell_houses;
  std::vector<std::int32_t> cage_of;            // per cell, −1 when uncaged (real cages only)
  int words = 0;                                // 64-bit words of a set of cells
  // Sum groups: the real cages first (rules.cages, in order), then the house remainders
  // (a house's cells outside the cages lying wholly inside it, whose sum is then known; see
  // add_house_remainders). Every group's cells are distinct digits and add up to its sum.
  std::size_t real_cages = 0;
  std::vector<int> group_sum;
  std::vector<std::uint32_t> cell_group_begin;  // cells + 1 offsets into cell_groups
  std::vector<std::uint16_t> cell_groups;
  const ComboTable* combos = nullptr;
  std::vector<Mask> house_bits;                 // houses × words: each house's cells as a set    // for n <= kComboMaxN, else the walk

  bool matches(const Rules& rules) const {
    if (rules.variant != variant || !(rules.shape == shape) || rules.houses.size() != house_key.size() ||
        rules.cages.size() != cages.size())
      return false;
    for (std::size_t h = 0; h < house_key.size(); ++h)
      if (rules.houses[h].cells != house_key[h]) return false;
    for (std::size_t k = 0; k < cages.size(); ++k)
      if (!(rules.cages[k] == cages[k])) return false;
    return true;
  }
};

// The digit sets of every size and sum, for sizes of grid small enough to list them all
// (2^n sets): the cage rule then filters one short list (at most 12 sets on 9×9) instead of
// walking combinations. Larger grids walk (ComboWalk below).
constexpr int kComboMaxN = 12;

struct ComboTable {
  int n = 0, sums = 0;                 // sums: n(n+1)/2 + 1
  std::vector<std::uint32_t> begin;    // (size · sums + sum) → offsets into sets
  std::vector<std::uint16_t> sets;

  // The sets of `size` digits adding up to `sum` (sum within 0..n(n+1)/2).
  std::pair<const std::uint16_t*, const std::uint16_t*> of(int size, int sum) const {
    const std::size_t i = static_cast<std::size_t>(size) * static_cast<std::size_t>(sums) + static_cast<std::size_t>(sum);
    return {sets.data() + begin[i], sets.data() + begin[i + 1]};
  }
};

const ComboTable* combo_table(int n) {
  static const std::vector<ComboTable> tables = [] {
    std::vector<ComboTable> all(kComboMaxN + 1);
    for (int size = 1; size <= kComboMaxN; ++size) {
      ComboTable& t = all[static_cast<std::size_t>(size)];
      t.n = size;
      t.sums = size * (size + 1) / 2 + 1;
      const std::size_t keys = static_cast<std::size_t>(size + 1) * static_cast<std::size_t>(t.sums);
      std::vector<std::vector<std::uint16_t>> by_key(keys);
      for (unsigned set = 0; set < (1u << size); ++set) {
        int sum = 0;
        for (int d = 0; d < size; ++d)
          if (set >> d & 1) sum += d + 1;
        by_key[static_cast<std::size_t>(std::popcount(set)) * static_cast<std::size_t>(t.sums) +
               static_cast<std::size_t>(sum)]
            .push_back(static_cast<std::uint16_t>(set));
      }
      t.begin.push_back(0);
      for (const auto& list : by_key) {
        t.sets.insert(t.sets.end(), list.begin(), list.end());
        t.begin.push_back(static_cast<std::uint32_t>(t.sets.size()));
      }
    }
    return all;
  }();
  return n >= 1 && n <= kComboMaxN ? &tables[static_cast<std::size_t>(n)] : nullptr;
}

// House remainders (the "rule of 45"): in a house, the cages lying wholly inside it add up
// to a known total, so the house's other cells add up to n(n+1)/2 minus that. They are
// distinct (one house), so they obey the cage rule like a cage. Added for every house with
// 1 .. kMaxRemainder such cells (a remainder of one cell fixes its digit outright).
constexpr int kMaxRemainder = 6;

void add_house_remainders(const Rules& rules, Tables& t, std::vector<std::vector<int>>& groups) {
  const int n = t.n, nn = t.cells;
  std::vector<int> in_house(static_cast<std::size_t>(nn), -1);
  for (int h = 0; h < t.houses; ++h) {
    const auto& cells = rules.houses[static_cast<std::size_t>(h)].cells;
    for (int cell : cells) in_house[static_cast<std::size_t>(cell)] = h;
    std::vector<char> covered(cells.size(), 0);
    int total = n * (n + 1) / 2;
    for (const Cage& cage : rules.cages) {
      bool inside = !cage.cells.empty();
      for (int cell : cage.cells) inside = inside && in_house[static_cast<std::size_t>(cell)] == h;
      if (!inside) continue;
      total -= cage.sum;
      for (std::size_t i = 0; i < cells.size(); ++i)
        if (std::find(cage.cells.begin(), cage.cells.end(), cells[i]) != cage.cells.end()) covered[i] = 1;
    }
    std::vector<int> rest;
    for (std::size_t i = 0; i < cells.size(); ++i)
      if (!covered[i]) rest.push_back(cells[i]);
    if (rest.empty() || static_cast<int>(rest.size()) > kMaxRemainder || rest.size() == cells.size()) continue;
    std::sort(rest.begin(), rest.end());
    if (std::find(groups.begin(), groups.end(), rest) != groups.end()) continue;  // a cage already, or twice
    groups.push_back(std::move(rest));
    t.group_sum.push_back(total);
  }
}

std::unique_ptr<Tables> build_tables(const Rules& rules) {
  auto t = std::make_unique<Tables>();
  const int n = rules.shape.n, nn = n * n;
  if (n < 1 || n > kMaxSize) throw std::invalid_argument("variant engine: invalid size " + std::to_string(n));
  t->variant = rules.variant;
  t->shape = rules.shape;
  t->cages = rules.cages;
  t->n = n;
  t->cells = nn;
  t->full = n == 64 ? ~Mask{0} : (Mask{1} << n) - 1;
  t->houses = static_cast<int>(rules.houses.size());
  std::vector<std::vector<int>> houses_of(static_cast<std::size_t>(nn));
  std::vector<int> stamp(static_cast<std::size_t>(nn), -1);
  for (std::size_t h = 0; h < rules.houses.size(); ++h) {
    const auto& cells = rules.houses[h].cells;
    t->house_key.push_back(cells);
    if (static_cast<int>(cells.size()) != n)
      throw std::invalid_argument("variant engine: a house of " + std::to_string(cells.size()) + " cells, not " +
                                  std::to_string(n));
    for (int cell : cells) {
      if (cell < 0 || cell >= nn || stamp[static_cast<std::size_t>(cell)] == static_cast<int>(h))
        throw std::invalid_argument("variant engine: a house with a cell out of range or twice");
      stamp[static_cast<std::size_t>(cell)] = static_cast<int>(h);
      t->house_cells.push_back(static_cast<std::uint16_t>(cell));
      houses_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(h));
    }
  }
  std::vector<std::int32_t> cage_of(static_cast<std::size_t>(nn), -1);
  t->cage_begin.push_back(0);
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    for (int cell : rules.cages[k].cells) {
      if (cell < 0 || cell >= nn || cage_of[static_cast<std::size_t>(cell)] != -1)
        throw std::invalid_argument("variant engine: a cage cell out of range or in two cages");
      cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(k);
      t->cage_cells.push_back(static_cast<std::uint16_t>(cell));
    }
    t->cage_begin.push_back(static_cast<std::uint32_t>(t->cage_cells.size()));
  }
  // House pairs that share at least two cells (a single shared cell locks nothing that the
  // naked singles do not already see).
  std::vector<int> in_a(static_cast<std::size_t>(nn), -1), in_b(static_cast<std::size_t>(nn), -1);
  std::vector<int> shared, only_a, only_b;
  for (int a = 0; a < t->houses; ++a) {
    const auto& ha = rules.houses[static_cast<std::size_t>(a)].cells;
    for (int cell : ha) in_a[static_cast<std::size_t>(cell)] = a;
    for (int b = a + 1; b < t->houses; ++b) {
      const auto& hb = rules.houses[static_cast<std::size_t>(b)].cells;
      int common = 0;
      for (int cell : hb) {
        in_b[static_cast<std::size_t>(cell)] = b;
        common += in_a[static_cast<std::size_t>(cell)] == a;
      }
      if (common < 2) continue;
      shared.clear();
      only_a.clear();
      only_b.clear();
      for (int cell : ha) (in_b[static_cast<std::size_t>(cell)] == b ? shared : only_a).push_back(cell);
      for (int cell : hb)
        if (in_a[static_cast<std::size_t>(cell)] != a) only_b.push_back(cell);
      t->pair_houses.push_back(static_cast<std::uint16_t>(a));
      t->pair_houses.push_back(static_cast<std::uint16_t>(b));
      t->pair_parts.push_back(static_cast<std::uint32_t>(t->pair_cells.size()));
      for (const auto* part : {&shared, &only_a, &only_b}) {
        for (int cell : *part) t->pair_cells.push_back(static_cast<std::uint16_t>(cell));
        t->pair_parts.push_back(static_cast<std::uint32_t>(t->pair_cells.size()));
      }
    }
  }
  t->cell_house_begin.push_back(0);
  for (int cell = 0; cell < nn; ++cell) {
    for (int h : houses_of[static_cast<std::size_t>(cell)]) t->cell_houses.push_back(static_cast<std::uint16_t>(h));
    t->cell_house_begin.push_back(static_cast<std::uint32_t>(t->cell_houses.size()));
  }
  t->cage_of = cage_of;
  t->words = (nn + 63) / 64;
  // Sum groups: the cages, then the house remainders; cage_begin/cage_cells cover them all.
  t->real_cages = rules.cages.size();
  std::vector<std::vector<int>> groups;
  for (const Cage& cage : rules.cages) {
    groups.emplace_back(cage.cells.begin(), cage.cells.end());
    std::sort(groups.back().begin(), groups.back().end());
    t->group_sum.push_back(cage.sum);
  }
  if (!rules.cages.empty()) {
    add_house_remainders(rules, *t, groups);
    for (std::size_t g = t->real_cages; g < groups.size(); ++g) {
      for (int cell : groups[g]) t->cage_cells.push_back(static_cast<std::uint16_t>(cell));
      t->cage_begin.push_back(static_cast<std::uint32_t>(t->cage_cells.size()));
    }
  }
  std::vector<std::vector<int>> groups_of(static_cast<std::size_t>(nn));
  for (std::size_t g = 0; g < groups.size(); ++g)
    for (int cell : groups[g]) groups_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(g));
  t->cell_group_begin.push_back(0);
  for (int cell = 0; cell < nn; ++cell) {
    for (int g : groups_of[static_cast<std::size_t>(cell)]) t->cell_groups.push_back(static_cast<std::uint16_t>(g));
    t->cell_group_begin.push_back(static_cast<std::uint32_t>(t->cell_groups.size()));
  }
  t->combos = combo_table(n);
  t->house_bits.assign(static_cast<std::size_t>(t->houses) * static_cast<std::size_t>(t->words), 0);
  for (int h = 0; h < t->houses; ++h)
    for (int cell : rules.houses[static_cast<std::size_t>(h)].cells)
      t->house_bits[static_cast<std::size_t>(h) * static_cast<std::size_t>(t->words) + static_cast<std::size_t>(cell >> 6)] |=
          Mask{1} << (cell & 63);
  // Peers: every other cell of the cell's houses and of its cage, each once.
  std::fill(stamp.begin(), stamp.end(), -1);
  t->peer_begin.push_back(0);
  for (int cell = 0; cell < nn; ++cell) {
    stamp[static_cast<std::size_t>(cell)] = cell;
    auto add = [&](int other) {
      if (stamp[static_cast<std::size_t>(other)] == cell) return;
      stamp[static_cast<std::size_t>(other)] = cell;
      t->peers.push_back(static_cast<std::uint16_t>(other));
    };
    for (int h : houses_of[static_cast<std::size_t>(cell)])
      for (int other : rules.houses[static_cast<std::size_t>(h)].cells) add(other);
    const int k = cage_of[static_cast<std::size_t>(cell)];
    if (k >= 0)
      for (int other : rules.cages[static_cast<std::size_t>(k)].cells) add(other);
    t->peer_begin.push_back(static_cast<std::uint32_t>(t->peers.size()));
  }
  return t;
}

// The digit sets T a cage's open cells can still take (see the essay in the header): their
// union and intersection. The walk stops early once the union holds every allowed digit and
// the intersection is empty, since more sets could then change neither.
struct ComboWalk {
  Mask allowed = 0;          // candidates of the open cells, less the cage's placed digits
  const Mask* open = nullptr;  // the open cells' candidates
  int open_count = 0;
  Mask uni = 0, inter = 0;
  bool any = false;

  bool done() const { return any && uni == allowed && inter == 0; }

  // Takes the digit set `chosen` when it fits: no digit outside `allowed`, every open cell
  // holding one of its digits.
  void take(Mask chosen) {
    if (chosen & ~allowed) return;
    for (int i = 0; i < open_count; ++i)
      if ((open[i] & chosen) == 0) return;
    uni |= chosen;
    inter = any ? inter & chosen : chosen;
    any = true;
  }

  // Chooses `left` more digits out of `avail` (digits below the last chosen are gone) to add
  // up to `sum`.
  void walk(Mask avail, int left, int sum, Mask chosen) {
    if (left == 0) {
      if (sum == 0) take(chosen);
      return;
    }
    while (avail != 0 && !done()) {
      if (bit_count(avail) < left) return;
      const int d = std::countr_zero(avail) + 1;  // the least digit still available
      const int top = 64 - std::countl_zero(avail);  // the largest
      if (left * d + left * (left - 1) / 2 > sum) return;  // even the least digits overshoot
      if (left * top - left * (left - 1) / 2 < sum) return;  // even the largest fall short
      const Mask bit = avail & (~avail + 1);
      avail ^= bit;
      walk(avail, left - 1, sum - d, chosen | bit);
    }
  }
};

}  // namespace

struct Engine::State {
  std::vector<std::unique_ptr<Tables>> cache;  // most recently used first
  std::uint64_t built = 0;
  const Tables* t = nullptr;

  std::vector<Mask> arena;  // level L's masks at [L · cells, (L + 1) · cells)
  std::vector<std::uint16_t> queue;  // placed cells whose digit has not left their peers yet
  std::size_t queue_head = 0, queue_tail = 0;
  std::vector<Mask> open_masks;      // cage walk scratch
  std::vector<std::uint16_t> open_cells;
  std::vector<std::uint8_t> solution;
  // What changed since the passes last looked: cells whose masks changed (set by every
  // removal), folded before each round into per-house flags (kHidden, kLocked: the house
  // needs that pass again) and per-cage flags. A pass over an unchanged house or cage
  // would find what it found last time, i.e. nothing.
  std::vector<Mask> changed;
  std::vector<std::uint8_t> house_dirty, cage_dirty;
  std::vector<Mask> house_used;  // setup scratch: givens per house, per cage
  std::vector<Mask> cage_used;
  static constexpr std::uint8_t kHidden = 1, kLocked = 2;

  const std::function<bool(const std::uint8_t*)>* visit = nullptr;
  const BudgetMeter* meter = nullptr;
  std::uint64_t limit = 0, found = 0, nodes = 0, guesses = 0;
  bool stop = false, aborted = false;
  // find_other: the known solution S's digits, tried first at every branch point. Another
  // solution usually differs from S in a few cells only (the removal made a small pattern
  // ambiguous), so S's digits lead to it sooner: 18-27% fewer nodes on jigsaw digs, the
  // most in the tests that find one. Answers are the same (each case is searched to its
  // first solution or to the end), only the order of the search changes.
  const std::uint8_t* prefer = nullptr;
  bool use_locked = true;
  bool use_table = true;
  bool use_remainders = true;
  bool use_cage_locked = true;

  const Tables& tables_for(const Rules& rules) {
    for (std::size_t i = 0; i < cache.size(); ++i) {
      if (!cache[i]->matches(rules)) continue;
      if (i != 0) std::swap(cache[0], cache[i]);
      return *cache[0];
    }
    std::unique_ptr<Tables> fresh = build_tables(rules);
    ++built;
    if (cache.size() == kCachedRules) cache.pop_back();
    cache.insert(cache.begin(), std::move(fresh));
    return *cache[0];
  }

  void push(int cell) { queue[queue_tail++] = static_cast<std::uint16_t>(cell); }
  void mark(int cell) { changed[static_cast<std::size_t>(cell) >> 6] |= Mask{1} << (cell & 63); }

  // Turns the changed cells into dirty houses and cages.
  void fold() {
    const Tables& tb = *t;
    for (int w = 0; w < tb.words; ++w) {
      for (Mask bits = changed[static_cast<std::size_t>(w)]; bits != 0; bits &= bits - 1) {
        const int cell = w * 64 + std::countr_zero(bits);
        for (std::uint32_t i = tb.cell_house_begin[static_cast<std::size_t>(cell)];
             i < tb.cell_house_begin[static_cast<std::size_t>(cell) + 1]; ++i)
          house_dirty[tb.cell_houses[i]] = kHidden | kLocked;
        for (std::uint32_t i = tb.cell_group_begin[static_cast<std::size_t>(cell)];
             i < tb.cell_group_begin[static_cast<std::size_t>(cell) + 1]; ++i)
          cage_dirty[tb.cell_groups[i]] = 1;
      }
      changed[static_cast<std::size_t>(w)] = 0;
    }
  }

  // A new branch starts from a fixed point: nothing is pending but the branch cell.
  void clean() {
    std::fill(changed.begin(), changed.end(), 0);
    std::fill(house_dirty.begin(), house_dirty.end(), 0);
    std::fill(cage_dirty.begin(), cage_dirty.end(), 0);
  }

  // Naked singles: every queued cell's digit leaves its peers.
  bool drain(Mask* c) {
    const Tables& tb = *t;
    while (queue_head < queue_tail) {
      const int x = queue[queue_head++];
      const Mask b = c[x];
      const std::uint16_t* p = tb.peers.data() + tb.peer_begin[static_cast<std::size_t>(x)];
      const std::uint16_t* end = tb.peers.data() + tb.peer_begin[static_cast<std::size_t>(x) + 1];
      for (; p != end; ++p) {
        Mask v = c[*p];
        if ((v & b) == 0) continue;
        if (v == b) return false;  // a peer already holds this digit
        v ^= b;
        c[*p] = v;
        mark(*p);
        if (single(v)) push(*p);
      }
    }
    return true;
  }

  // Hidden singles over every house: -1 dead end, 1 something placed, 0 nothing.
  int hidden_singles(Mask* c) {
    const Tables& tb = *t;
    const int n = tb.n;
    int progress = 0;
    for (int h = 0; h < tb.houses; ++h) {
      if (!(house_dirty[static_cast<std::size_t>(h)] & kHidden)) continue;
      house_dirty[static_cast<std::size_t>(h)] &= static_cast<std::uint8_t>(~kHidden);
      const std::uint16_t* hc = tb.house_cells.data() + static_cast<std::size_t>(h) * static_cast<std::size_t>(n);
      Mask once = 0, twice = 0, placed = 0;
      for (int i = 0; i < n; ++i) {
        const Mask v = c[hc[i]];
        twice |= once & v;
        once |= v;
        if (single(v)) placed |= v;
      }
      if (once != tb.full) return -1;  // a digit with no place left in the house
      Mask hidden = once & ~twice & ~placed;
      if (hidden == 0) continue;
      for (int i = 0; i < n && hidden != 0; ++i) {
        const Mask v = c[hc[i]];
        const Mask s = v & hidden;
        if (s == 0) continue;
        if (single(v)) {  // placed earlier in this scan (through another house): nothing to queue
          hidden ^= s;
          continue;
        }
        if (!single(s)) return -1;  // two digits whose only place is this cell
        hidden ^= s;
        c[hc[i]] = s;
        mark(hc[i]);
        push(hc[i]);
        progress = 1;
      }
      if (hidden != 0) return -1;  // a digit's only place was taken by another hidden single
    }
    return progress;
  }

  // The cage rule (see the header): -1 dead end, 1 some candidate removed, 0 nothing.
  int cages(Mask* c) {
    const Tables& tb = *t;
    int progress = 0;
    const std::size_t groups = use_remainders ? tb.group_sum.size() : tb.real_cages;
    for (std::size_t k = 0; k < groups; ++k) {
      if (!cage_dirty[k]) continue;
      cage_dirty[k] = 0;
      const std::uint16_t* cc = tb.cage_cells.data() + tb.cage_begin[k];
      const int size = static_cast<int>(tb.cage_begin[k + 1] - tb.cage_begin[k]);
      Mask placed = 0, allowed = 0;
      int sum = tb.group_sum[k];
      open_masks.clear();
      open_cells.clear();
      for (int i = 0; i < size; ++i) {
        const Mask v = c[cc[i]];
        if (single(v)) {
          if (placed & v) return -1;
          placed |= v;
          sum -= std::countr_zero(v) + 1;
        } else {
          allowed |= v;
          open_masks.push_back(v);
          open_cells.push_back(cc[i]);
        }
      }
      const int open = static_cast<int>(open_cells.size());
      if (open == 0) {
        if (sum != 0) return -1;
        continue;
      }
      if (sum < min_cage_sum(open) || sum > max_cage_sum(tb.n, open)) return -1;
      allowed &= ~placed;
      ComboWalk w;
      w.allowed = allowed;
      w.open = open_masks.data();
      w.open_count = open;
      if (tb.combos && use_table) {
        const auto [first, last] = tb.combos->of(open, sum);
        for (const std::uint16_t* p = first; p != last; ++p) w.take(*p);
      } else {
        w.walk(allowed, open, sum, 0);
      }
      if (!w.any) return -1;
      for (int i = 0; i < open; ++i) {
        const Mask v = open_masks[static_cast<std::size_t>(i)] & w.uni;
        if (v == open_masks[static_cast<std::size_t>(i)]) continue;
        c[open_cells[static_cast<std::size_t>(i)]] = v;
        mark(open_cells[static_cast<std::size_t>(i)]);
        open_masks[static_cast<std::size_t>(i)] = v;
        progress = 1;
        if (single(v)) push(open_cells[static_cast<std::size_t>(i)]);
      }
      // A digit every combination needs, with one open cell left for it, goes there.
      for (Mask need = w.inter; need != 0; need &= need - 1) {
        const Mask b = need & (~need + 1);
        int where = -1, count = 0;
        for (int i = 0; i < open; ++i)
          if (c[open_cells[static_cast<std::size_t>(i)]] & b) {
            where = i;
            ++count;
          }
        if (count == 0) return -1;
        if (count > 1) {
          if (use_cage_locked) {
            const int r = cage_locked(c, b, open);
            if (r < 0) return -1;
            progress |= r;
          }
          continue;
        }
        const int cell = open_cells[static_cast<std::size_t>(where)];
        if (c[cell] == b) continue;
        c[cell] = b;
        mark(cell);
        push(cell);
        progress = 1;
      }
    }
    return progress;
  }

  // Cage-locked digit: the group needs digit `b`, and every open cell of it that can hold b
  // lies in one house (or several), so b leaves the other cells of those houses.
  // -1 dead end, 1 some candidate removed, 0 nothing.
  int cage_locked(Mask* c, Mask b, int open) {
    const Tables& tb = *t;
    const int n = tb.n;
    int first = -1;
    for (int i = 0; i < open; ++i)
      if (c[open_cells[static_cast<std::size_t>(i)]] & b) {
        first = open_cells[static_cast<std::size_t>(i)];
        break;
      }
    int progress = 0;
    for (std::uint32_t j = tb.cell_house_begin[static_cast<std::size_t>(first)];
         j < tb.cell_house_begin[static_cast<std::size_t>(first) + 1]; ++j) {
      const int h = tb.cell_houses[j];
      const Mask* bits = tb.house_bits.data() + static_cast<std::size_t>(h) * static_cast<std::size_t>(tb.words);
      bool all_in = true;
      for (int i = 0; i < open && all_in; ++i) {
        const int cell = open_cells[static_cast<std::size_t>(i)];
        if ((c[cell] & b) && !(bits[cell >> 6] >> (cell & 63) & 1)) all_in = false;
      }
      if (!all_in) continue;
      const std::uint16_t* hc = tb.house_cells.data() + static_cast<std::size_t>(h) * static_cast<std::size_t>(n);
      for (int i = 0; i < n; ++i) {
        const int y = hc[i];
        const Mask v = c[y];
        if (!(v & b)) continue;
        bool mine = false;  // one of the group's places for b
        for (int k = 0; k < open && !mine; ++k) mine = open_cells[static_cast<std::size_t>(k)] == y;
        if (mine) continue;
        const Mask left = v & ~b;
        if (left == 0) return -1;
        c[y] = left;
        mark(y);
        if (single(left)) push(y);
        progress = 1;
      }
    }
    return progress;
  }

  // Locked candidates over every pair of houses sharing cells: a digit whose places in one
  // house all lie in the shared cells leaves the rest of the other house (pointing and
  // claiming, for boxes and lines, and the same for regions, diagonals and windows).
  // -1 dead end, 1 some candidate removed, 0 nothing.
  int locked(Mask* c) {
    const Tables& tb = *t;
    const std::uint16_t* cells = tb.pair_cells.data();
    int progress = 0;
    for (std::size_t p = 0; p + 1 < tb.pair_parts.size(); p += 4) {
      if (!((house_dirty[tb.pair_houses[p / 2]] | house_dirty[tb.pair_houses[p / 2 + 1]]) & kLocked)) continue;
      const std::uint32_t* o = tb.pair_parts.data() + p;
      Mask out_a = 0, out_b = 0;
      for (std::uint32_t i = o[1]; i < o[2]; ++i) out_a |= c[cells[i]];
      for (std::uint32_t i = o[2]; i < o[3]; ++i) out_b |= c[cells[i]];
      // Digits of a (b) confined to the shared cells, still possible in the rest of b (a).
      const Mask from_b = ~out_a & out_b & tb.full;
      const Mask from_a = ~out_b & out_a & tb.full;
      if ((from_a | from_b) == 0) continue;
      auto strip = [&](std::uint32_t begin, std::uint32_t end, Mask digits) {
        for (std::uint32_t i = begin; i < end; ++i) {
          const Mask v = c[cells[i]];
          if ((v & digits) == 0) continue;
          const Mask left = v & ~digits;
          if (left == 0) return false;
          c[cells[i]] = left;
          mark(cells[i]);
          if (single(left)) push(cells[i]);
        }
        return true;
      };
      if (from_b && !strip(o[2], o[3], from_b)) return -1;
      if (from_a && !strip(o[1], o[2], from_a)) return -1;
      progress = 1;
    }
    for (auto& flags : house_dirty) flags &= static_cast<std::uint8_t>(~kLocked);
    return progress;
  }

  bool propagate(Mask* c) {
    while (true) {
      if (!drain(c)) return false;
      queue_head = queue_tail = 0;
      fold();
      int r = hidden_singles(c);
      if (r < 0) return false;
      if (r > 0) continue;
      if (!t->group_sum.empty()) {
        r = cages(c);
        if (r < 0) return false;
        if (r > 0) continue;
      }
      if (use_locked) {
        r = locked(c);
        if (r < 0) return false;
        if (r > 0) continue;
      }
      return true;
    }
  }

  Mask* level(int l) { return arena.data() + static_cast<std::size_t>(l) * static_cast<std::size_t>(t->cells); }

  void search(int l) {
    const int cells = t->cells;
    Mask* c = level(l);
    int best = -1, best_count = 65;
    for (int x = 0; x < cells; ++x) {
      const Mask v = c[x];
      if (single(v)) continue;
      const int k = bit_count(v);
      if (k < best_count) {
        best = x;
        best_count = k;
        if (k == 2) break;
      }
    }
    if (best < 0) {
      for (int x = 0; x < cells; ++x) solution[static_cast<std::size_t>(x)] = static_cast<std::uint8_t>(std::countr_zero(c[x]) + 1);
      ++found;
      if (!(*visit)(solution.data()) || found >= limit) stop = true;
      return;
    }
    ++guesses;
    const std::size_t needed = static_cast<std::size_t>(l + 2) * static_cast<std::size_t>(cells);
    if (arena.size() < needed) arena.resize(needed);
    Mask choices = level(l)[best];
    // find_other: the known solution's digit first (see `prefer`).
    Mask first = prefer ? choices & (Mask{1} << (prefer[best] - 1)) : 0;
    while (choices != 0) {
      const Mask b = first != 0 ? first : choices & (~choices + 1);
      first = 0;
      choices ^= b;
      // The budget counts the nodes already tried. Nodes of big grids cost far more than
      // DLX's rows, so the clock is read every kClockEvery nodes rather than the meter's stride.
      if (meter && (meter->spent(nodes) || (nodes % kClockEvery == 0 && meter->clock_passed()))) {
        aborted = stop = true;
        return;
      }
      ++nodes;
      int next = l;  // the last choice works on this level's masks, which are no longer needed
      if (choices != 0) {
        next = l + 1;
        std::memcpy(level(next), level(l), static_cast<std::size_t>(cells) * sizeof(Mask));
      }
      Mask* m = level(next);
      m[best] = b;
      queue_head = queue_tail = 0;
      clean();
      mark(best);
      push(best);
      if (propagate(m)) search(next);
      if (stop) return;
    }
  }

  // The givens, with their digits already gone from every house and cage that holds them
  // (one mask per house, instead of a peer walk per given); false when givens clash.
  bool setup(const std::uint8_t* givens) {
    const Tables& tb = *t;
    const int n = tb.n;
    Mask* c = level(0);
    house_used.assign(static_cast<std::size_t>(tb.houses), 0);
    cage_used.assign(tb.real_cages, 0);
    for (int h = 0; h < tb.houses; ++h) {
      const std::uint16_t* hc = tb.house_cells.data() + static_cast<std::size_t>(h) * static_cast<std::size_t>(n);
      Mask used = 0;
      for (int i = 0; i < n; ++i) {
        const int d = givens[hc[i]];
        if (d == 0) continue;
        if (d > n) return false;
        const Mask b = Mask{1} << (d - 1);
        if (used & b) return false;
        used |= b;
      }
      house_used[static_cast<std::size_t>(h)] = used;
    }
    for (std::size_t k = 0; k < tb.real_cages; ++k) {
      Mask used = 0;
      for (std::uint32_t i = tb.cage_begin[k]; i < tb.cage_begin[k + 1]; ++i) {
        const int d = givens[tb.cage_cells[i]];
        if (d == 0) continue;
        if (d > n) return false;
        const Mask b = Mask{1} << (d - 1);
        if (used & b) return false;
        used |= b;
      }
      cage_used[k] = used;
    }
    for (int x = 0; x < tb.cells; ++x) {
      const int d = givens[x];
      if (d > n) return false;
      if (d != 0) {
        c[x] = Mask{1} << (d - 1);
        continue;
      }
      Mask m = tb.full;
      for (std::uint32_t i = tb.cell_house_begin[static_cast<std::size_t>(x)];
           i < tb.cell_house_begin[static_cast<std::size_t>(x) + 1]; ++i)
        m &= ~house_used[tb.cell_houses[i]];
      const std::int32_t k = tb.cage_of[static_cast<std::size_t>(x)];
      if (k >= 0) m &= ~cage_used[static_cast<std::size_t>(k)];
      if (m == 0) return false;
      c[x] = m;
      if (single(m)) push(x);
    }
    return true;
  }

  // Is `digit` forced into empty `cell` by the givens alone: every other digit given in one of
  // its houses or its cage (a naked single), or no other empty cell of one of its houses left
  // for it (a hidden single)? Then a case wanting another digit there has no solution, as the
  // search would find at its root after setting up the whole grid; this answers the first
  // half of a dig's removal tests (where the givens are many) for a few hundred cell reads.
  // (The hidden single added ~3% to 9×9 jigsaw generation, session 5.)
  bool forced(const std::uint8_t* givens, int cell, int digit) const {
    const Tables& tb = *t;
    const int n = tb.n;
    Mask seen = Mask{1} << (digit - 1);
    for (std::uint32_t i = tb.peer_begin[static_cast<std::size_t>(cell)]; i < tb.peer_begin[static_cast<std::size_t>(cell) + 1]; ++i) {
      const int d = givens[tb.peers[i]];
      if (d != 0 && d <= n) seen |= Mask{1} << (d - 1);
    }
    if (seen == tb.full) return true;
    // A hidden single: in one of the cell's houses (n cells, every digit once) no other empty
    // cell can take the digit, a given among its peers holding it already.
    auto can_take = [&](int x) {
      if (givens[x] != 0) return false;
      for (std::uint32_t i = tb.peer_begin[static_cast<std::size_t>(x)]; i < tb.peer_begin[static_cast<std::size_t>(x) + 1]; ++i)
        if (givens[tb.peers[i]] == digit) return false;
      return true;
    };
    for (std::uint32_t k = tb.cell_house_begin[static_cast<std::size_t>(cell)]; k < tb.cell_house_begin[static_cast<std::size_t>(cell) + 1]; ++k) {
      const std::uint16_t* house = &tb.house_cells[static_cast<std::size_t>(tb.cell_houses[k]) * static_cast<std::size_t>(n)];
      bool elsewhere = false;
      for (int j = 0; j < n && !elsewhere; ++j) elsewhere = house[j] != cell && can_take(house[j]);
      if (!elsewhere) return true;
    }
    return false;
  }

  // Starts a search (one or several runs of it) under `rules`.
  void begin(const Rules& rules, std::uint64_t max, const std::function<bool(const std::uint8_t*)>& visitor,
             const BudgetMeter* budget) {
    t = &tables_for(rules);
    const int cells = t->cells;
    visit = &visitor;
    meter = budget;
    limit = max;
    found = guesses = 0;
    nodes = 1;
    stop = aborted = false;
    if (arena.size() < static_cast<std::size_t>(cells)) arena.resize(static_cast<std::size_t>(cells));
    if (queue.size() < static_cast<std::size_t>(cells) + 1) queue.resize(static_cast<std::size_t>(cells) + 1);
    solution.resize(static_cast<std::size_t>(cells));
    changed.assign(static_cast<std::size_t>(t->words), 0);
  }

  // One search from the givens; with `keep`, `keep_count` cells are first cut to the digit of
  // `digits` and, with `drop`, one more cell loses its digit of `digits` (find_other's cases).
  void run_case(const std::uint8_t* givens, const std::uint8_t* digits = nullptr, const int* keep = nullptr,
                std::size_t keep_count = 0, int drop = -1) {
    if (keep_count == 0 && drop >= 0 && forced(givens, drop, digits[drop])) return;
    house_dirty.assign(static_cast<std::size_t>(t->houses), kHidden | kLocked);
    cage_dirty.assign(t->group_sum.size(), 1);
    std::fill(changed.begin(), changed.end(), 0);
    queue_head = queue_tail = 0;
    if (!setup(givens)) return;
    Mask* c = level(0);
    auto cut = [&](int cell, Mask to) {
      const Mask v = c[cell] & to;
      if (v == 0) return false;
      if (v != c[cell]) {
        c[cell] = v;
        if (single(v)) push(cell);
      }
      return true;
    };
    for (std::size_t i = 0; i < keep_count; ++i)
      if (!cut(keep[i], Mask{1} << (digits[keep[i]] - 1))) return;
    if (drop >= 0 && !cut(drop, ~(Mask{1} << (digits[drop] - 1)))) return;
    if (propagate(c)) search(0);
  }

  void end(SearchStats* stats) const {
    if (stats) {
      stats->nodes += nodes;
      stats->guesses += guesses;
    }
  }

  std::uint64_t run(const Rules& rules, const std::uint8_t* givens, std::uint64_t max,
                    const std::function<bool(const std::uint8_t*)>& visitor, SearchStats* stats,
                    const BudgetMeter* budget) {
    begin(rules, max, visitor, budget);
    run_case(givens);
    end(stats);
    return found;
  }
};

Engine::Engine() : state_(std::make_unique<State>()) {}
Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

bool Engine::complete() const { return !state_->aborted; }
std::uint64_t Engine::tables_built() const { return state_->built; }
void Engine::set_locked_candidates(bool on) { state_->use_locked = on; }
void Engine::set_cage_table(bool on) { state_->use_table = on; }
void Engine::set_house_remainders(bool on) { state_->use_remainders = on; }
void Engine::set_cage_locked(bool on) { state_->use_cage_locked = on; }

std::uint64_t Engine::solve(const Rules& rules, const std::uint8_t* givens, std::uint64_t limit,
                            std::uint8_t* solutions, std::size_t keep, SearchStats* stats, const BudgetMeter* meter) {
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

bool Engine::find_other(const Rules& rules, const std::uint8_t* givens, const std::uint8_t* solution, const int* cells,
                        std::size_t count, std::uint8_t* other, SearchStats* stats, const BudgetMeter* meter) {
  const auto size = static_cast<std::size_t>(rules.shape.cells());
  for (std::size_t i = 0; i < count; ++i)
    if (cells[i] < 0 || static_cast<std::size_t>(cells[i]) >= size)
      throw std::invalid_argument("variant engine: find_other: a cell out of range");
  State& s = *state_;
  bool any = false;
  const std::function<bool(const std::uint8_t*)> visitor = [&](const std::uint8_t* found) {
    if (other) std::memcpy(other, found, size);
    any = true;
    return false;
  };
  s.begin(rules, 1, visitor, meter);
  s.prefer = solution;
  // Case i: the solution's digits on cells[0..i), another digit on cells[i]. Every other
  // solution falls in exactly one case (the first of `cells` where it differs).
  for (std::size_t i = 0; i < count && !any && !s.stop; ++i) s.run_case(givens, solution, cells, i, cells[i]);
  s.end(stats);
  s.prefer = nullptr;
  return any;
}

std::uint64_t Engine::enumerate(const Rules& rules, const std::uint8_t* givens, std::uint64_t limit,
                                const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats,
                                const BudgetMeter* meter) {
  state_->aborted = false;
  if (limit == 0) return 0;
  return state_->run(rules, givens, limit, visit, stats, meter);
}

}  // namespace sudokit::vfast

namespace sudokit {

struct VariantRemovalTester::Impl {
  vfast::Engine engine;
};

VariantRemovalTester::VariantRemovalTester() : impl_(std::make_unique<Impl>()) {}
VariantRemovalTester::~VariantRemovalTester() = default;
VariantRemovalTester::VariantRemovalTester(VariantRemovalTester&&) noexcept = default;
VariantRemovalTester& VariantRemovalTester::operator=(VariantRemovalTester&&) noexcept = default;

VariantRemovalTester::Answer VariantRemovalTester::test(const Grid& puzzle, const Rules& rules, const Grid& solution,
                                                        std::span<const int> touched, const Budget& budget, Grid* other,
                                                        SearchStats* stats) {
  if (!(puzzle.shape == rules.shape) || !(solution.shape == rules.shape) ||
      puzzle.cells.size() != static_cast<std::size_t>(rules.shape.cells()) ||
      solution.cells.size() != puzzle.cells.size())
    throw std::invalid_argument("VariantRemovalTester: the puzzle, its solution and the rules differ in shape");
  const BudgetMeter meter(budget);
  std::vector<std::uint8_t> found(other ? puzzle.cells.size() : 0);
  const bool any = impl_->engine.find_other(rules, puzzle.cells.data(), solution.cells.data(), touched.data(),
                                            touched.size(), other ? found.data() : nullptr, stats, &meter);
  if (any) {
    if (other) {
      *other = Grid(rules.shape);
      std::memcpy(other->cells.data(), found.data(), found.size());
    }
    return Answer::not_unique;
  }
  return impl_->engine.complete() ? Answer::unique : Answer::unknown;
}

}  // namespace sudokit

// als.cpp: Almost Locked Sets: ALS-XZ, ALS-XY-Wing, Death Blossom.
//
// An almost locked set (ALS) is N unsolved cells of one house holding N+1 digits between
// them: take one digit away and the rest is locked (each remaining digit must be in it). A
// two-candidate cell is the smallest ALS. Two ALSs A and B are linked by a restricted
// common digit X when both hold X and every X of A sees every X of B: X is in at most one
// of them, so one of them is locked.
//   - ALS-XZ: A and B linked by X. For any other digit Z of both, one of A, B holds Z (the
//     locked one), so cells seeing every Z of A and of B lose Z. Doubly linked (two
//     restricted digits X1, X2): neither can miss any other digit, so every non-restricted
//     digit is locked in its set (cells seeing all its places there lose it), and each X
//     is in A or B (cells seeing all its places in both lose it).
//   - ALS-XY-Wing: a pivot ALS C linked to A by X and to B by Y (X != Y). C cannot miss both
//     X and Y, so A misses X or B misses Y: one of A, B is locked, and cells seeing every Z
//     of A and of B lose Z.
//   - Death Blossom: a stem cell whose every digit d has a petal, an ALS holding d where
//     every d sees the stem. Whatever the stem holds, that petal is locked; a digit Z of
//     every petal (not in the stem) is then in one of the petals: cells seeing all their Zs
//     lose it.
//
// Sets are listed once per cell set (a row segment inside a box is also a box set) with up
// to kMaxAls cells. Finders scan every instance and return one with the fewest cells (then
// the most eliminations, then the first in scan order), so the pattern's size, not its
// place, decides. Cell sets are bit sets of two words on shapes up to 128 cells (9×9 and
// smaller) and of four up to 256 (AlsFinders' W): sizes up to 16×16. A house's sets depend
// on its own cells alone, so the list of a house whose cells are unchanged since the last
// board is kept (Context::HouseSets): along a grade most houses are (top1465 sample: the
// listing's instructions about halved).
//
// Past a miss (NothingBefore, board.hpp): whether two cells sets form ALSs, which digits are
// restricted commons between them, which stems their digits see, all read only the sets' own
// cells (and the stem): an ALS is listed when its cells hold one digit more than there are of
// them and its house has another open cell, and on a candidate-subset of a board the houses'
// open cells only go. So an instance none of whose sets (nor its stem) holds a changed cell
// was an instance on the board last found empty, with the same digits, and its eliminations,
// cells seeing all of some digit's places in the sets that still hold it, are a subset of
// its eliminations there: none. After a miss each finder offers only the instances with a set
// (or stem) holding a changed cell, in its usual order: the others offer nothing, so the
// one kept (fewest cells, most eliminations, first) is the same.
//
// Step data: cells = the sets' cells, set after set (the stem first for a death blossom);
// chain = per set its cells with digit = the restricted digit linking it ({-1, 0} between
// sets); digits = the digits eliminated; houses = each set's house.
#include <algorithm>
#include <array>
#include <memory>

#include <fmt/format.h>

#include "advanced.hpp"

namespace sudokit::grading {
namespace {

/// The most ALS sets a board's linked rows are kept for (Context::linked_row): 8192 sets are
/// 8192 × 128 words, 8 MB. Per thread; set_als_kept_rows_for_test() changes it.
constexpr std::size_t kKeptRowsLimit = 8192;
thread_local std::size_t kept_rows_limit = kKeptRowsLimit;

constexpr int kMaxAls = 6;         // cells in one set (ALS-XZ); 9×9 houses rarely allow more
constexpr int kMaxWingAls = 4;     // cells in one set of an ALS-XY-Wing or a petal
constexpr int kMaxStemDigits = 4;  // death blossom stems with at most this many digits

template <std::size_t W>
struct CellSetT {
  std::array<std::uint64_t, W> w{};
  void set(int c) { w[static_cast<std::size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63); }
  bool test(int c) const { return (w[static_cast<std::size_t>(c >> 6)] >> (c & 63)) & 1; }
  bool empty() const {
    std::uint64_t any = 0;
    for (std::size_t i = 0; i < W; ++i) any |= w[i];
    return any == 0;
  }
  CellSetT operator&(const CellSetT& o) const {
    CellSetT r;
    for (std::size_t i = 0; i < W; ++i) r.w[i] = w[i] & o.w[i];
    return r;
  }
  CellSetT operator|(const CellSetT& o) const {
    CellSetT r;
    for (std::size_t i = 0; i < W; ++i) r.w[i] = w[i] | o.w[i];
    return r;
  }
  CellSetT minus(const CellSetT& o) const {
    CellSetT r;
    for (std::size_t i = 0; i < W; ++i) r.w[i] = w[i] & ~o.w[i];
    return r;
  }
  bool subset_of(const CellSetT& o) const { return minus(o).empty(); }
  bool operator==(const CellSetT&) const = default;
  template <typename F>
  void each(F f) const {
    for (std::size_t i = 0; i < W; ++i)
      for (std::uint64_t m = w[i]; m; m &= m - 1) f(static_cast<int>(i * 64) + lowest(m));
  }
  static CellSetT all() {
    CellSetT r;
    r.w.fill(~0ULL);
    return r;
  }
};


/// A set's cells, in house order (at most kMaxAls: held inline, no allocation per set).
struct SetCells {
  std::array<int, kMaxAls> cell{};
  int count = 0;
  void push_back(int c) { cell[static_cast<std::size_t>(count++)] = c; }
  std::size_t size() const { return static_cast<std::size_t>(count); }
  int operator[](std::size_t i) const { return cell[i]; }
  int back() const { return cell[static_cast<std::size_t>(count - 1)]; }
  const int* begin() const { return cell.data(); }
  const int* end() const { return cell.data() + count; }
};


/// Keeps the best step: fewest pattern cells, then most eliminations.
struct Best {
  Step step;
  int size = 1 << 30;
  bool found = false;
  void offer(Step& candidate, int cells) {
    normalise(candidate);
    if (candidate.eliminations.empty()) return;
    if (found && (cells > size || (cells == size && candidate.eliminations.size() <= step.eliminations.size()))) return;
    step = candidate;
    size = cells;
    found = true;
  }
};

/// The sets, their context and the three finders over cell sets of W words: two for shapes
/// up to 128 cells (9×9 and smaller: half the masks to build and to read), four up to 256.
template <std::size_t W>
struct AlsFinders {
  using CellSet = CellSetT<W>;


  struct Als {
    SetCells cells;
    CellSet set;
    std::uint64_t digits = 0;
    int house = 0;
    /// Per digit index, in its house's `masks` (HouseSets: one block for the house's sets):
    const CellSet* holding = nullptr;  ///< the set's cells holding it
    const CellSet* seeing = nullptr;   ///< cells seeing all of those
    std::size_t masks_at = 0;          ///< where the two blocks of n start in its house's `masks`
    int size() const { return cells.count; }
  };

  struct Context {
    std::vector<CellSet> peers;  // per cell
    CellSet with_digit[64];      // per digit index: unsolved cells holding it
    std::vector<Als> sets;       // sorted by size (stably: house order, then subset order)
    /// One house's sets, in subset order, with their holding and seeing blocks (2n per set,
    /// which the sets' pointers read). A set depends only on its house's cells, so a house
    /// whose cells hold what they held at the last build keeps its sets (`cells`: per cell its
    /// candidates, or kWritten | value): most of a build, on boards a few steps apart.
    struct HouseSets {
      std::vector<std::uint64_t> cells;
      std::vector<Als> sets;
      std::vector<CellSet> masks;
      bool valid = false;
    };
    static constexpr std::uint64_t kWritten = std::uint64_t{1} << 63;
    /// What a house's sets read of cell c: its candidates, or that it is written (and what).
    static std::uint64_t cell_key(const Board& b, int c) {
      return b.value(c) ? kWritten | static_cast<std::uint64_t>(b.value(c)) : b.candidates(c);
    }
    std::vector<HouseSets> houses;
    int houses_max_size = -1;  // the size limit the houses' sets were listed with
    std::array<std::vector<const Als*>, kMaxAls + 1> by_size;  // build()'s scratch
    /// Per (digit index, cell) as slot d·cells + c, the sets (ascending) whose first cell
    /// holding the digit is that cell: by_first_sets[by_first_start[slot] ..
    /// by_first_start[slot + 1]), the index linked_after() reads (see there).
    std::vector<std::uint32_t> by_first_start, by_first_sets, by_first_fill;
    std::vector<std::uint8_t> first_holding;  // per set and digit index (16 a set): that cell
    int cell_count = 0;  // the board's cells (the by_first slots' stride)
    /// The board the context was built from (the cache's key).
    /// Held, not only compared: `peers` is reused while the topology is the same, and a freed
    /// topology's address could come back as another's (a variant's, with other peers).
    std::shared_ptr<const Topology> key_topo;
    std::uint64_t key_stamp = 0;  // the board built from (Board::stamp)

    /// Lists house h's sets of up to `max_size` cells into `out`, in subset order.
    void list_sets(const Board& b, int h, int max_size, HouseSets& out) {
      const Topology& topo = b.topo();
      out.cells.clear();
      out.sets.clear();
      out.masks.clear();
      out.valid = true;
      thread_local std::vector<int> open;
      thread_local std::vector<std::uint64_t> union_of;  // per subset of `open`: its cells' candidates
      open.clear();
      for (int c : topo.house(h)) {
        out.cells.push_back(cell_key(b, c));
        if (!b.value(c)) open.push_back(c);
      }
      const int k = static_cast<int>(open.size());
      union_of.assign(std::size_t{1} << k, 0);
      for (std::uint64_t pick = 1; pick < (std::uint64_t{1} << k); ++pick) {
        // Each subset's digits from the subset without its lowest cell (visited before it).
        const std::uint64_t digits = union_of[static_cast<std::size_t>(pick & (pick - 1))] |
                                     b.candidates(open[static_cast<std::size_t>(lowest(pick))]);
        union_of[static_cast<std::size_t>(pick)] = digits;
        const int size = popcount(pick);
        if (size > max_size || size >= k) continue;
        if (popcount(digits) != size + 1) continue;
        Als a;
        for (std::uint64_t m = pick; m; m &= m - 1) {
          a.cells.push_back(open[static_cast<std::size_t>(lowest(m))]);
          a.set.set(a.cells.back());
        }
        if (h >= 2 * topo.n) {  // a box set inside one row or column is listed with that line
          bool one_row = true, one_col = true;
          for (int c : a.cells) {
            one_row = one_row && topo.row[static_cast<std::size_t>(c)] == topo.row[static_cast<std::size_t>(a.cells[0])];
            one_col = one_col && topo.col[static_cast<std::size_t>(c)] == topo.col[static_cast<std::size_t>(a.cells[0])];
          }
          if (one_row || one_col) continue;
        } else if (h >= topo.n && size == 1) {
          continue;  // a single cell: listed with its row
        }
        a.digits = digits;
        a.house = h;
        a.masks_at = out.masks.size();
        out.masks.resize(out.masks.size() + 2 * static_cast<std::size_t>(topo.n));
        CellSet* holding = out.masks.data() + a.masks_at;
        CellSet* seeing = holding + topo.n;
        // Cell by cell, each of its digits (the same sets as digit by digit, cell by cell).
        for (std::uint64_t m = digits; m; m &= m - 1) seeing[static_cast<std::size_t>(lowest(m))] = CellSet::all();
        for (int c : a.cells) {
          const CellSet& near = peers[static_cast<std::size_t>(c)];
          for (std::uint64_t m = b.candidates(c); m; m &= m - 1) {
            const std::size_t d = static_cast<std::size_t>(lowest(m));
            holding[d].set(c);
            seeing[d] = seeing[d] & near;
          }
        }
        out.sets.push_back(a);
      }
      for (Als& a : out.sets) {  // the house's `masks` is complete: it moves no more
        a.holding = out.masks.data() + a.masks_at;
        a.seeing = a.holding + topo.n;
      }
    }

    /// (Re)builds the context for `b`, keeping the storage of the previous build (a grade
    /// builds one per stalled board past the basic techniques).
    void build(const Board& b, int max_size) {
      const Topology& topo = b.topo();
      if (key_topo.get() != &topo) {
        peers.assign(static_cast<std::size_t>(topo.cells), CellSet{});
        for (int c = 0; c < topo.cells; ++c)
          for (int p : topo.peers(c)) peers[static_cast<std::size_t>(c)].set(p);
        houses.clear();  // other houses (or other peers): nothing kept
      }
      key_topo = b.topology();
      key_stamp = b.stamp();
      if (houses_max_size != max_size) houses.clear();
      houses_max_size = max_size;
      houses.resize(static_cast<std::size_t>(topo.houses()));
      for (auto& cells : with_digit) cells = CellSet{};
      for (int c = 0; c < topo.cells; ++c)
        if (!b.value(c))
          for (std::uint64_t m = b.candidates(c); m; m &= m - 1) with_digit[lowest(m)].set(c);
      for (auto& list : by_size) list.clear();
      for (int h = 0; h < topo.houses(); ++h) {
        HouseSets& house = houses[static_cast<std::size_t>(h)];
        bool same = house.valid && house.cells.size() == topo.house(h).size();
        for (std::size_t k = 0; same && k < house.cells.size(); ++k) same = house.cells[k] == cell_key(b, topo.house(h)[k]);
        if (!same) list_sets(b, h, max_size, house);
        for (const Als& a : house.sets) by_size[static_cast<std::size_t>(a.size())].push_back(&a);
      }
      // Sorted by size, house order then subset order among equals (a stable sort's order).
      sets.clear();
      for (const auto& list : by_size)
        for (const Als* a : list) sets.push_back(*a);
      cell_count = topo.cells;
      first_holding.assign(sets.size() * 16, 0);
      // Counted, then listed in set order (one flat array, not a list per slot).
      const std::size_t slots = static_cast<std::size_t>(topo.n) * static_cast<std::size_t>(cell_count);
      by_first_start.assign(slots + 1, 0);
      for (std::size_t i = 0; i < sets.size(); ++i)
        for (std::uint64_t m = sets[i].digits; m; m &= m - 1) {
          const int d = lowest(m);
          for (int c : sets[i].cells)
            if (b.candidates(c) & bit(d)) {
              first_holding[i * 16 + static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(c);
              ++by_first_start[static_cast<std::size_t>(d * cell_count + c) + 1];
              break;
            }
        }
      for (std::size_t k = 1; k <= slots; ++k) by_first_start[k] += by_first_start[k - 1];
      by_first_sets.resize(by_first_start[slots]);
      by_first_fill.assign(by_first_start.begin(), by_first_start.end() - 1);
      for (std::size_t i = 0; i < sets.size(); ++i)
        for (std::uint64_t m = sets[i].digits; m; m &= m - 1) {
          const std::size_t d = static_cast<std::size_t>(lowest(m));
          const std::size_t slot = d * static_cast<std::size_t>(cell_count) + first_holding[i * 16 + d];
          by_first_sets[by_first_fill[slot]++] = static_cast<std::uint32_t>(i);
        }
      row_words = (sets.size() + 63) / 64;
      row_done.assign(sets.size(), 0);
    }

    /// linked_after(i, sets.size()) as a row of `row_words` words, made once per set and board:
    /// ALS-XZ and the ALS-XY-Wing ask the same rows of one board (the wing those of its
    /// smaller sets, which come first), and making them was 4% of top1465's grade time. The
    /// row is read before the next call. Past kept_rows_limit sets (a big, open grid) rows are
    /// not kept: each is made again, in scratch space (the memory stays a few megabytes).
    const std::uint64_t* linked_row(std::size_t i) const {
      if (sets.size() > kept_rows_limit) {
        linked_after(i, sets.size(), row_scratch);
        return row_scratch.data();
      }
      if (linked_rows.size() < sets.size() * row_words) linked_rows.resize(sets.size() * row_words);
      std::uint64_t* const row = linked_rows.data() + i * row_words;
      if (!row_done[i]) {
        linked_after(i, sets.size(), row_scratch);
        std::copy(row_scratch.begin(), row_scratch.end(), row);
        row_done[i] = 1;
      }
      return row;
    }
    std::size_t row_words = 0;
    mutable std::vector<std::uint64_t> linked_rows, row_scratch;  // linked_row()'s rows, its scratch
    mutable std::vector<std::uint8_t> row_done;                     // per set: its row is made

    /// Marks in `marked` (a bit per set) every set j with i < j < end that may share a
    /// restricted common digit X with set i: its first cell holding X sees all of set i's
    /// X cells (necessary, since all its X cells must). A superset of the sets restricted()
    /// links to i, found without looking at the others (most pairs of sets have no such digit).
    void linked_after(std::size_t i, std::size_t end, std::vector<std::uint64_t>& marked) const {
      marked.assign((end + 63) / 64, 0);
      const Als& a = sets[i];
      for (std::uint64_t m = a.digits; m; m &= m - 1) {
        const int d = lowest(m);
        (a.seeing[static_cast<std::size_t>(d)] & with_digit[d]).each([&](int c) {
          const std::size_t slot = static_cast<std::size_t>(d * cell_count + c);
          // A slot lists its sets ascending: read from the top down to i, the j > i only.
          for (std::uint32_t k = by_first_start[slot + 1]; k > by_first_start[slot]; --k) {
            const std::uint32_t j = by_first_sets[k - 1];
            if (j <= i) break;
            if (j < end) marked[j >> 6] |= std::uint64_t{1} << (j & 63);
          }
        });
      }
    }

    bool built_from(const Board& b) const {
      return key_topo.get() == &b.topo() && key_stamp == b.stamp();
    }

    /// How many sets (a prefix of `sets`, which is sorted by size) have at most `size` cells:
    /// exactly the sets, in the same order, a context built with that limit would list.
    std::size_t up_to(int size) const {
      return static_cast<std::size_t>(std::partition_point(sets.begin(), sets.end(), [size](const Als& a) { return a.size() <= size; }) -
                                      sets.begin());
    }

    /// Restricted common digits of two disjoint sets.
    std::uint64_t restricted(const Als& a, const Als& b) const {
      std::uint64_t out = 0;
      for (std::uint64_t m = a.digits & b.digits; m; m &= m - 1) {
        const std::size_t d = static_cast<std::size_t>(lowest(m));
        if (b.holding[d].subset_of(a.seeing[d])) out |= bit(static_cast<int>(d));
      }
      return out;
    }

    /// Candidates of digit index d in `cells` (outside `exclude`) as eliminations.
    void eliminate(Step& step, const CellSet& cells, int d, const CellSet& exclude) const {
      (cells & with_digit[d]).minus(exclude).each([&](int c) { step.eliminations.push_back({c, d + 1}); });
    }
  };

  /// The sets of `board` up to kMaxAls cells, built once per board (cached per thread: the
  /// three ALS finders run one after the other on the same stalled board).
  static const Context& context_for(const Board& board) {
    thread_local Context cache;
    if (!cache.built_from(board)) cache.build(board, kMaxAls);
    return cache;
  }


  /// Past a miss (see the essay): per set of `ctx` (a bit each), whether it holds a cell of
  /// `changed`.
  static void sets_holding(const Context& ctx, const CellBits& changed, std::vector<std::uint64_t>& out) {
    CellSet cells;
    for (std::size_t w = 0; w < W; ++w) cells.w[w] = changed.w[w];
    out.assign((ctx.sets.size() + 63) / 64, 0);
    for (std::size_t i = 0; i < ctx.sets.size(); ++i)
      if (!(ctx.sets[i].set & cells).empty()) out[i >> 6] |= std::uint64_t{1} << (i & 63);
  }
  static bool holds(const std::vector<std::uint64_t>& sets, std::size_t i) { return (sets[i >> 6] >> (i & 63)) & 1; }

  static void describe_sets(Step& step, std::initializer_list<const Als*> sets, std::initializer_list<int> links) {
    auto link = links.begin();
    for (const Als* a : sets) {
      if (!step.chain.empty()) step.chain.push_back({-1, 0});
      const int digit = link != links.end() ? *link++ : 0;
      for (int c : a->cells) {
        step.cells.push_back(c);
        step.chain.push_back({c, digit});
      }
      step.houses.push_back(a->house);
    }
    for (const CellDigit& e : step.eliminations) step.digits |= digit_bit(e.digit);
  }

  static bool als_xz(const Board& board, Step& step) {
    thread_local NothingBefore before;
    const bool restricted = before.applies(board);
    if (restricted && !before.changed().any()) return false;  // the board last found empty
    const Context& ctx = context_for(board);
    Best best;
    const auto& sets = ctx.sets;
    thread_local std::vector<std::uint64_t> touched;  // past a miss: the sets holding a changed cell
    if (restricted) sets_holding(ctx, before.changed(), touched);
    std::vector<std::uint64_t> marked;
    for (std::size_t i = 0; i < sets.size(); ++i) {
      const Als& a = sets[i];
      // The pairs (i, j), j ascending, that can have a restricted digit: the same ones, in the
      // same order, as a scan of every j would find, so the same step is kept.
      const std::uint64_t* const row = ctx.linked_row(i);
      marked.assign(row, row + ctx.row_words);
      // Past a miss, a pair of untouched sets has nothing (see the essay).
      if (restricted && !holds(touched, i))
        for (std::size_t w = 0; w < marked.size(); ++w) marked[w] &= touched[w];
      bool larger = false;  // sorted by size: once a partner is too large, so are the rest
      for (std::size_t w = 0; w < marked.size() && !larger; ++w)
      for (std::uint64_t bits = marked[w]; bits; bits &= bits - 1) {
        const std::size_t j = w * 64 + static_cast<std::size_t>(lowest(bits));
        const Als& b = sets[j];
        if (a.size() + b.size() > best.size) {
          larger = true;
          break;
        }
        const std::uint64_t shared = a.digits & b.digits;
        if ((shared & (shared - 1)) == 0 || !(a.set & b.set).empty()) continue;  // fewer than two digits shared, or overlapping
        const std::uint64_t rcc = ctx.restricted(a, b);
        if (!rcc) continue;
        Step s;
        s.technique = Technique::als_xz;
        const CellSet both = a.set | b.set;
        if (popcount(rcc) == 1) {
          for (std::uint64_t m = (a.digits & b.digits) & ~rcc; m; m &= m - 1) {
            const std::size_t z = static_cast<std::size_t>(lowest(m));
            ctx.eliminate(s, a.seeing[z] & b.seeing[z], lowest(m), both);
          }
        } else {
          for (std::uint64_t m = rcc; m; m &= m - 1) {
            const std::size_t x = static_cast<std::size_t>(lowest(m));
            ctx.eliminate(s, a.seeing[x] & b.seeing[x], lowest(m), both);
          }
          for (std::uint64_t m = a.digits & ~rcc; m; m &= m - 1) ctx.eliminate(s, a.seeing[static_cast<std::size_t>(lowest(m))], lowest(m), a.set);
          for (std::uint64_t m = b.digits & ~rcc; m; m &= m - 1) ctx.eliminate(s, b.seeing[static_cast<std::size_t>(lowest(m))], lowest(m), b.set);
        }
        normalise(s);
        if (s.eliminations.empty()) continue;
        describe_sets(s, {&a, &b}, {lowest(rcc) + 1, lowest(rcc) + 1});
        best.offer(s, a.size() + b.size());
      }
    }
    if (!best.found) {
      before.remember(board);
      return false;
    }
    step = best.step;
    return true;
  }

  static bool als_xy_wing(const Board& board, Step& step) {
    thread_local NothingBefore before;
    const bool restricted = before.applies(board);
    if (restricted && !before.changed().any()) return false;  // the board last found empty
    const Context& ctx = context_for(board);
    const auto& sets = ctx.sets;
    const std::size_t count = ctx.up_to(kMaxWingAls);
    thread_local std::vector<std::uint64_t> touched;  // past a miss: the sets holding a changed cell
    if (restricted) sets_holding(ctx, before.changed(), touched);
    // Links between disjoint sets: partner and restricted digits (per thread: hundreds of
    // lists a board, their storage kept from call to call).
    thread_local std::vector<std::vector<std::pair<int, std::uint64_t>>> links;
    if (links.size() < count) links.resize(count);
    for (std::size_t i = 0; i < count; ++i) links[i].clear();
    std::vector<std::uint64_t> marked;
    for (std::size_t i = 0; i < count; ++i) {
      // The j > i that restricted() can link (see there), below count.
      const std::uint64_t* const row = ctx.linked_row(i);
      marked.assign(row, row + (count + 63) / 64);
      if (count % 64) marked.back() &= (std::uint64_t{1} << (count % 64)) - 1;
      for (std::size_t w = 0; w < marked.size(); ++w)
      for (std::uint64_t bits = marked[w]; bits; bits &= bits - 1) {
        const std::size_t j = w * 64 + static_cast<std::size_t>(lowest(bits));
        if (!(sets[i].set & sets[j].set).empty() || !(sets[i].digits & sets[j].digits)) continue;
        const std::uint64_t rcc = ctx.restricted(sets[i], sets[j]);
        if (!rcc) continue;
        links[i].push_back({static_cast<int>(j), rcc});
        links[j].push_back({static_cast<int>(i), rcc});
      }
    }
    Best best;
    for (std::size_t p = 0; p < count; ++p) {
      const Als& pivot = sets[p];
      const auto& ls = links[p];
      // Past a miss, a wing of three untouched sets has nothing (see the essay).
      const bool pivot_touched = !restricted || holds(touched, p);
      for (std::size_t u = 0; u < ls.size(); ++u)
        for (std::size_t v = u + 1; v < ls.size(); ++v) {
          if (!pivot_touched && !holds(touched, static_cast<std::size_t>(ls[u].first)) &&
              !holds(touched, static_cast<std::size_t>(ls[v].first)))
            continue;
          const Als& a = sets[static_cast<std::size_t>(ls[u].first)];
          const Als& b = sets[static_cast<std::size_t>(ls[v].first)];
          const int size = pivot.size() + a.size() + b.size();
          if (size > best.size || !(a.set & b.set).empty()) continue;
          const std::uint64_t zs = a.digits & b.digits;
          if (!zs) continue;
          // Some X in rcc(pivot, a) and Y != X in rcc(pivot, b); then Z anything of both but X, Y.
          for (std::uint64_t mx = ls[u].second; mx; mx &= mx - 1)
            for (std::uint64_t my = ls[v].second & ~(mx & -mx); my; my &= my - 1) {
              const std::uint64_t x = mx & -mx, y = my & -my;
              Step s;
              s.technique = Technique::als_xy_wing;
              for (std::uint64_t mz = zs & ~x & ~y; mz; mz &= mz - 1) {
                const std::size_t z = static_cast<std::size_t>(lowest(mz));
                ctx.eliminate(s, a.seeing[z] & b.seeing[z], lowest(mz), a.set | b.set);
              }
              normalise(s);
              if (s.eliminations.empty()) continue;
              describe_sets(s, {&pivot, &a, &b}, {0, lowest(x) + 1, lowest(y) + 1});
              best.offer(s, size);
            }
        }
    }
    if (!best.found) {
      before.remember(board);
      return false;
    }
    step = best.step;
    return true;
  }

  static bool death_blossom(const Board& board, Step& step) {
    thread_local NothingBefore before;
    const bool restricted = before.applies(board);
    if (restricted && !before.changed().any()) return false;  // the board last found empty
    const Context& ctx = context_for(board);
    const auto& sets = ctx.sets;
    const std::size_t count = ctx.up_to(kMaxWingAls);
    thread_local std::vector<std::uint64_t> touched;  // past a miss: the sets holding a changed cell
    if (restricted) sets_holding(ctx, before.changed(), touched);
    Best best;
    // The possible stems: unsolved cells of 2..kMaxStemDigits candidates.
    CellSet stems;
    for (int c = 0; c < board.cells(); ++c) {
      const int size = board.value(c) ? 0 : popcount(board.candidates(c));
      if (size >= 2 && size <= kMaxStemDigits) stems.set(c);
    }
    // Petals by (stem, digit), in set order: a set is a petal of digit d for every stem that
    // sees all its cells holding d (its `seeing` block) and holds d. Listed from the sets'
    // side (a few cells each) instead of testing every set against every stem and digit.
    const std::size_t cells = static_cast<std::size_t>(board.cells());
    thread_local std::vector<std::uint32_t> first, petal_list;
    first.assign(cells * 16 + 1, 0);
    for (std::size_t i = 0; i < count; ++i)
      for (std::uint64_t m = sets[i].digits; m; m &= m - 1) {
        const int d = lowest(m);
        (sets[i].seeing[static_cast<std::size_t>(d)] & stems & ctx.with_digit[d]).each([&](int c) {
          ++first[static_cast<std::size_t>(c) * 16 + static_cast<std::size_t>(d) + 1];
        });
      }
    for (std::size_t k = 1; k < first.size(); ++k) first[k] += first[k - 1];
    petal_list.resize(first.back());
    thread_local std::vector<std::uint32_t> fill;
    fill.assign(first.begin(), first.end() - 1);
    for (std::size_t i = 0; i < count; ++i)
      for (std::uint64_t m = sets[i].digits; m; m &= m - 1) {
        const int d = lowest(m);
        (sets[i].seeing[static_cast<std::size_t>(d)] & stems & ctx.with_digit[d]).each([&](int c) {
          petal_list[fill[static_cast<std::size_t>(c) * 16 + static_cast<std::size_t>(d)]++] = static_cast<std::uint32_t>(i);
        });
      }
    std::vector<int> digits;
    std::vector<std::vector<int>> petals;
    std::vector<bool> touched_from;
    for (int stem = 0; stem < board.cells(); ++stem) {
      if (!stems.test(stem)) continue;
      const std::uint64_t stem_digits = board.candidates(stem);
      // Petal candidates per stem digit: not holding the stem, and holding a digit besides
      // the stem's (the digit the petals must share).
      digits.clear();
      std::size_t used_petals = 0;
      bool possible = true;
      for (std::uint64_t m = stem_digits; m && possible; m &= m - 1) {
        const std::size_t d = static_cast<std::size_t>(lowest(m));
        digits.push_back(lowest(m));
        if (petals.size() <= used_petals) petals.emplace_back();
        auto& list = petals[used_petals++];
        list.clear();
        const std::size_t at = static_cast<std::size_t>(stem) * 16 + d;
        for (std::uint32_t k = first[at]; k < first[at + 1]; ++k) {
          const Als& petal = sets[petal_list[k]];
          if (!petal.set.test(stem) && (petal.digits & ~stem_digits)) list.push_back(static_cast<int>(petal_list[k]));
        }
        possible = !list.empty();
      }
      if (!possible) continue;
      // Past a miss, a blossom whose stem and petals are all untouched has nothing (see the
      // essay): with an untouched stem, a choice with no touched petal yet stops where no
      // later digit has one (touched_from[k]: some petal of digit k or after is touched).
      const bool stem_touched = !restricted || before.changed().test(stem);
      touched_from.assign(digits.size() + 1, false);
      if (!stem_touched)
        for (std::size_t k = digits.size(); k-- > 0;) {
          bool any = touched_from[k + 1];
          for (int i : petals[k]) any = any || holds(touched, static_cast<std::size_t>(i));
          touched_from[k] = any;
        }
      // Depth-first choice of one petal per digit, disjoint, sharing a digit outside the stem.
      std::vector<int> chosen(digits.size());
      auto search = [&](auto&& self, std::size_t k, CellSet used, std::uint64_t common, int size, bool hit) -> void {
        if (!hit && !touched_from[k]) return;
        if (!common || size > best.size) return;
        if (k == digits.size()) {
          Step s;
          s.technique = Technique::death_blossom;
          for (std::uint64_t mz = common; mz; mz &= mz - 1) {
            const std::size_t z = static_cast<std::size_t>(lowest(mz));
            CellSet seen = CellSet::all();
            for (int i : chosen) {
              const Als& petal = sets[static_cast<std::size_t>(i)];
              if (petal.digits & bit(lowest(mz))) seen = seen & petal.seeing[z];
            }
            ctx.eliminate(s, seen, lowest(mz), used);
          }
          normalise(s);
          if (s.eliminations.empty()) return;
          s.cells.push_back(stem);
          s.chain.push_back({stem, 0});
          for (std::size_t i = 0; i < chosen.size(); ++i) {
            const Als& petal = sets[static_cast<std::size_t>(chosen[i])];
            s.chain.push_back({-1, 0});
            for (int c : petal.cells) {
              s.cells.push_back(c);
              s.chain.push_back({c, digits[i] + 1});
            }
            s.houses.push_back(petal.house);
          }
          for (const CellDigit& e : s.eliminations) s.digits |= digit_bit(e.digit);
          best.offer(s, size);
          return;
        }
        for (int i : petals[k]) {
          const Als& petal = sets[static_cast<std::size_t>(i)];
          if (!(petal.set & used).empty()) continue;
          chosen[k] = i;
          self(self, k + 1, used | petal.set, common & petal.digits, size + petal.size(),
               hit || holds(touched, static_cast<std::size_t>(i)));
        }
      };
      CellSet stem_set;
      stem_set.set(stem);
      search(search, 0, stem_set, board.all_digits() & ~stem_digits, 1, stem_touched);
    }
    if (!best.found) {
      before.remember(board);
      return false;
    }
    step = best.step;
    return true;
  }
};

}  // namespace

bool find_als_xz(const Board& board, Step& step) {
  if (board.n() > 16) return false;
  return board.cells() <= 128 ? AlsFinders<2>::als_xz(board, step) : AlsFinders<4>::als_xz(board, step);
}

bool find_als_xy_wing(const Board& board, Step& step) {
  if (board.n() > 16) return false;
  return board.cells() <= 128 ? AlsFinders<2>::als_xy_wing(board, step) : AlsFinders<4>::als_xy_wing(board, step);
}

void set_als_kept_rows_for_test(std::size_t limit) { kept_rows_limit = limit; }
void reset_als_kept_rows_for_test() { kept_rows_limit = kKeptRowsLimit; }

bool find_death_blossom(const Board& board, Step& step) {
  if (board.n() > 16) return false;
  return board.cells() <= 128 ? AlsFinders<2>::death_blossom(board, step) : AlsFinders<4>::death_blossom(board, step);
}

std::string describe_als(const Step& step, const Shape& shape) {
  // Sets in braces with their cells; "-X-" the restricted digit linking a set to the first.
  std::string out;
  bool open = false;
  for (std::size_t i = 0; i < step.chain.size(); ++i) {
    const CellDigit& node = step.chain[i];
    if (node.cell < 0) {
      out += "} ";
      open = false;
      continue;
    }
    if (!open) {
      if (node.digit) out += fmt::format("-{}- ", node.digit);
      out += "{";
      open = true;
    } else {
      out += ' ';
    }
    out += cell_name(shape, node.cell);
  }
  if (open) out += "}";
  return out;
}

}  // namespace sudokit::grading

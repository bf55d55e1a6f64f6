// aligned_exclusion.cpp: aligned pair and aligned triple exclusion.
//
// Take two (three) unsolved base cells and list every way to fill them at once: one
// candidate each, different digits where two base cells see each other. A combination is
// impossible when it would leave some other cell with no candidate: a cell all of whose
// candidates are among the combination's digits in base cells it sees (a two-candidate cell
// seeing both bases of a pair holding exactly its two digits is the classic case). A base
// candidate that appears in no possible combination is false.
//
// Pairs are any two cells that at least two two-candidate cells both see (Sudoku
// Explainer's choice; the bases need not see each other). Triples are a base cell and two of
// its peers, with some cell of at most three candidates seeing all three (as Sudoku Explainer
// asks of its triples): a triple anywhere would be as sound but costs cells³ base sets.
// Both finders scan every base set and return the one removing the most candidates (then
// the first in scan order): the pattern's size is fixed, so its value does not depend on
// where it lies.
//
// Up to 256 cells the work runs on cell bit sets (exclude_by_sets, and the triple finder's
// enumeration): a cell that sees only one base can never be emptied by it (it would need a
// single candidate), so the excluders are read off intersections of the bases' peer sets and
// become rules on pairs of base digits, checked with masks while the combinations are
// enumerated. The general scan (exclude_by_scan) serves larger shapes and is the test oracle
// (GraderAls.AlignedExclusionSetFormMatchesScan). On top1465's stalls this halved the triple
// finder's time with every answer the same. On boards up to 128 cells the triple finder keeps
// each pair of cells' rules for the whole board (TripleRules), since it meets every pair in
// many triples.
//
// Nearly every base set eliminates nothing (every 10th top1465 puzzle: 4 of 152,000 base
// sets examined; every 5th of hardest_1106: none of 136,000), so the enumeration stops as
// soon as every digit of the other bases has a possible combination: from there only the
// first base's digits are left to confirm, one combination each. With that stop,
// recomputing a base set cost less than the per-base-set memo of answers that earlier
// versions kept between calls (its bookkeeping and a megabyte of entries read at random):
// the memo was removed, with the same answers and fewer instructions (docs/PERFORMANCE.md,
// Grader speed, session 23).
//
// Across calls further apart (NothingBefore, board.hpp): once a finder has found nothing on a
// board B0, on a later board B1 that is a candidate-subset of it a base set can have
// eliminations only if a base changed or a changed cell acts on it on B1. The cells that act
// on a base set are the unsolved ones with at most k candidates, and only as exclude() reads
// them: one with a single candidate d when it sees a base holding d; one with two or three
// candidates when it sees two bases at least (a cell of j candidates can only be emptied by
// j bases it sees; and the pair finder's listing counts two-candidate cells seeing both
// bases, the triple finder's asks for a small cell seeing all three). For a base set with no
// changed base and no changed cell acting on it: its bases hold the same candidates on B0
// and B1, and every cell acting on it on B1 is unchanged, so it acted on B0 too, the same
// way. B0 may have had more (cells since changed), never fewer, so every combination possible
// on B0 is possible on B1: B1 eliminates no more than B0, nothing. And the listing conditions
// read the same cells, so a base set listed on B1 was listed on B0. The one exception is an
// unsolved cell without candidates (a broken board): it excludes every combination of every
// base set, wherever it is, so such a board is scanned in full and never remembered. So after
// a miss the finder scans only the base sets some change may act on (Touched), in the usual
// order: the others have nothing, and the best of the rest is the best of all.
//
// Step data: cells = the base cells; eliminations; digits = the digits eliminated.
#include <algorithm>
#include <array>
#include <bit>

#include "advanced.hpp"

namespace sudokit::grading {
namespace {

/// A cell that can empty out: its candidates, and which base cells (bit i) it sees.
struct Excluder {
  std::uint64_t candidates;
  unsigned sees;
};

/// The unsolved cells with at most k candidates: the only cells a combination of k base
/// digits can empty. As a list (any size) and, up to 256 cells, as a bit set.
struct Small {
  std::vector<int> list;
  CellBits set;
  CellBits empty;  ///< unsolved cells without candidates (a broken board: they exclude every combination)
  CellBits single;  ///< unsolved cells with one candidate
  CellBits pair;    ///< unsolved cells with one or two candidates
  bool bits = false;
};

Small small_cells(const Board& board, int k) {
  Small out;
  out.bits = !board.topo().peer_set.empty();
  for (int c = 0; c < board.cells(); ++c)
    if (!board.value(c) && popcount(board.candidates(c)) <= k) {
      out.list.push_back(c);
      if (!out.bits) continue;
      out.set.set(c);
      const int size = popcount(board.candidates(c));
      if (size == 0) out.empty.set(c);
      if (size == 1) out.single.set(c);
      if (size >= 1 && size <= 2) out.pair.set(c);
    }
  return out;
}

/// Eliminations for the k (2 or 3) base cells `base`: candidates in no possible combination.
/// The general form, for any shape (exclude_by_sets gives the same answer faster where the
/// peers are bit sets).
///
/// Only small cells seeing some base cell (and cells without candidates) can exclude a
/// combination, so the peer bit sets pick them. Combinations are filled base by base and an
/// excluder is checked as soon as every base cell it sees has its digit: a subtree whose
/// prefix already empties a cell holds no possible combination; the last base's possible
/// digits are then found together, as a mask. Scratch space is reused (thread-local): this
/// runs for every base set of every stalled board.
void exclude_by_scan(const Board& board, const int* base, int k, const Small& small, Step& step) {
  const Topology& topo = board.topo();
  thread_local std::vector<Excluder> excluders;
  // by_last[i]: excluders whose highest seen base is i (checked once base i has a digit).
  thread_local std::array<std::vector<int>, 4> by_last;
  excluders.clear();
  for (auto& list : by_last) list.clear();
  std::uint64_t reach_of[8] = {};  // candidates of the seen bases, per `sees` mask
  for (unsigned sees = 1; sees < (1U << k); ++sees)
    for (int i = 0; i < k; ++i)
      if (sees & (1U << i)) reach_of[sees] |= board.candidates(base[i]);
  auto consider = [&](int x) {
    if (x == base[0] || x == base[1] || (k == 3 && x == base[2])) return;
    const std::uint64_t m = board.candidates(x);
    if (m & ~reach_of[(1U << k) - 1]) return;  // a digit no base holds: never emptied
    unsigned sees = 0;
    if (small.bits) {
      for (int i = 0; i < k; ++i)
        if (topo.peer_set[static_cast<std::size_t>(base[i])].test(x)) sees |= 1U << i;
    } else {
      for (int i = 0; i < k; ++i)
        if (topo.sees(x, base[i])) sees |= 1U << i;
    }
    if (popcount(m) > popcount(sees) || (m & ~reach_of[sees]) != 0) return;
    const int last = sees == 0 ? 0 : 31 - std::countl_zero(sees);
    by_last[static_cast<std::size_t>(last)].push_back(static_cast<int>(excluders.size()));
    excluders.push_back({m, sees});
  };
  if (small.bits) {
    CellBits near = topo.peer_set[static_cast<std::size_t>(base[0])] | topo.peer_set[static_cast<std::size_t>(base[1])];
    if (k == 3) near = near | topo.peer_set[static_cast<std::size_t>(base[2])];
    ((near & small.set) | small.empty).for_each(consider);
  } else {
    for (int x : small.list) consider(x);
  }
  if (excluders.empty()) return;
  std::array<std::uint64_t, 4> possible{}, digit{};  // digit: the bit of base i's digit
  // Stop as soon as every base candidate is known possible (nothing to eliminate).
  int open = 0;
  for (int i = 0; i < k; ++i) open += popcount(board.candidates(base[i]));
  auto passes = [&](int i) {
    for (int e : by_last[static_cast<std::size_t>(i)]) {
      const Excluder& x = excluders[static_cast<std::size_t>(e)];
      std::uint64_t filled = 0;
      for (int j = 0; j <= i; ++j)
        if (x.sees & (1U << j)) filled |= digit[static_cast<std::size_t>(j)];
      if ((x.candidates & ~filled) == 0) return false;
    }
    return true;
  };
  // Base cells that see each other cannot share a digit.
  bool linked[3][3] = {};
  for (int i = 0; i < k; ++i)
    for (int j = 0; j < i; ++j) linked[j][i] = topo.sees(base[j], base[i]);
  // The last base (index k-1): its possible digits at once, as a mask. An excluder seeing
  // it is emptied when the digits it misses from the other bases' are none or exactly the
  // last base's digit.
  auto finish = [&](int i) {
    std::uint64_t valid = board.candidates(base[i]);
    for (int j = 0; j < i; ++j)
      if (linked[j][i]) valid &= ~digit[static_cast<std::size_t>(j)];
    for (int e : by_last[static_cast<std::size_t>(i)]) {
      if (!valid) break;
      const Excluder& x = excluders[static_cast<std::size_t>(e)];
      std::uint64_t filled = 0;
      for (int j = 0; j < i; ++j)
        if (x.sees & (1U << j)) filled |= digit[static_cast<std::size_t>(j)];
      const std::uint64_t missing = x.candidates & ~filled;
      if (missing == 0) valid = 0;
      else if ((missing & (missing - 1)) == 0) valid &= ~missing;
    }
    if (!valid) return;
    for (int j = 0; j < i; ++j)
      if (!(possible[static_cast<std::size_t>(j)] & digit[static_cast<std::size_t>(j)])) {
        possible[static_cast<std::size_t>(j)] |= digit[static_cast<std::size_t>(j)];
        --open;
      }
    open -= popcount(valid & ~possible[static_cast<std::size_t>(i)]);
    possible[static_cast<std::size_t>(i)] |= valid;
  };
  for (std::uint64_t m0 = board.candidates(base[0]); m0 && open > 0; m0 &= m0 - 1) {
    digit[0] = m0 & (~m0 + 1);
    if (!passes(0)) continue;
    if (k == 2) {
      finish(1);
      continue;
    }
    for (std::uint64_t m1 = board.candidates(base[1]); m1 && open > 0; m1 &= m1 - 1) {
      digit[1] = m1 & (~m1 + 1);
      if (linked[0][1] && digit[1] == digit[0]) continue;
      if (passes(1)) finish(2);
    }
  }
  for (int i = 0; i < k; ++i)
    for (std::uint64_t m = board.candidates(base[i]) & ~possible[static_cast<std::size_t>(i)]; m; m &= m - 1)
      step.eliminations.push_back({base[i], lowest(m) + 1});
}

/// The low W words of a CellBits: a 9×9 board's 81 cells need two of its four, and
/// exclude_by_sets' setup (a few dozen set operations a base set, for every base set of every
/// stall) runs on these (top1465 sample: fewer instructions, the same answers).
template <int W>
struct LowWords {
  std::array<std::uint64_t, W> w{};
  static LowWords of(const CellBits& cells) {
    LowWords out;
    for (int i = 0; i < W; ++i) out.w[static_cast<std::size_t>(i)] = cells.w[static_cast<std::size_t>(i)];
    return out;
  }
  void set(int c) { w[static_cast<std::size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63); }
  bool test(int c) const { return (w[static_cast<std::size_t>(c >> 6)] >> (c & 63)) & 1; }
  friend LowWords operator&(const LowWords& a, const LowWords& b) {
    LowWords out;
    for (std::size_t i = 0; i < W; ++i) out.w[i] = a.w[i] & b.w[i];
    return out;
  }
  friend LowWords operator|(const LowWords& a, const LowWords& b) {
    LowWords out;
    for (std::size_t i = 0; i < W; ++i) out.w[i] = a.w[i] | b.w[i];
    return out;
  }
  friend LowWords minus(const LowWords& a, const LowWords& b) {
    LowWords out;
    for (std::size_t i = 0; i < W; ++i) out.w[i] = a.w[i] & ~b.w[i];
    return out;
  }
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t i = 0; i < W; ++i)
      for (std::uint64_t m = w[i]; m; m &= m - 1) f(static_cast<int>(i * 64) + std::countr_zero(m));
  }
};

/// The digits each of three bases holds in some possible combination (`possible`), given the
/// digits each may not hold (`banned`), the pair rules (ban01[d]: what base 1 may not hold
/// when base 0 holds digit d (bit d), likewise ban02 and ban12), whether each pair sees each
/// other (linked: 01, 02, 12) and the three-candidate cells seeing all three (`triples`).
template <class Row>
void possible_triples(const std::uint64_t* cand, const std::uint64_t* banned, const Row* ban01, const Row* ban02,
                      const Row* ban12, const bool* linked, const std::uint64_t* triples, int triple_count,
                      std::uint64_t* possible) {
  // triples_with[d]: the triples holding digit d (bit t), so that a pair of base digits finds
  // the triples holding both at once instead of testing every triple.
  std::uint64_t triples_with[16];
  if (triple_count > 0) {
    std::fill(triples_with, triples_with + 16, 0);
    for (int t = 0; t < triple_count; ++t)
      for (std::uint64_t m = triples[t]; m; m &= m - 1) triples_with[lowest(m)] |= bit(t);
  }
  const std::uint64_t allowed0 = cand[0] & ~banned[0], allowed1 = cand[1] & ~banned[1], allowed2 = cand[2] & ~banned[2];
  for (std::uint64_t m0 = allowed0; m0; m0 &= m0 - 1) {
    const int d0 = lowest(m0);
    const std::uint64_t b0 = bit(d0);
    std::uint64_t second = allowed1 & ~std::uint64_t{ban01[d0]};
    if (linked[0]) second &= ~b0;
    std::uint64_t third0 = allowed2 & ~std::uint64_t{ban02[d0]};
    if (linked[1]) third0 &= ~b0;
    for (std::uint64_t m1 = second; m1 && third0; m1 &= m1 - 1) {
      const int d1 = lowest(m1);
      const std::uint64_t b1 = bit(d1);
      std::uint64_t third = third0 & ~std::uint64_t{ban12[d1]};
      if (linked[2]) third &= ~b1;
      if (b0 != b1 && triple_count > 0)  // the triples holding both digits: the third may not hold the one left
        for (std::uint64_t m = triples_with[d0] & triples_with[d1]; m; m &= m - 1) third &= ~(triples[lowest(m)] & ~(b0 | b1));
      if (!third) continue;
      possible[0] |= b0;
      possible[1] |= b1;
      possible[2] |= third;
      // Every digit of the second and third bases already has a combination: d0 has one too,
      // and no later d1 can add anything (nearly every base set ends so, with no elimination).
      if (possible[1] == cand[1] && possible[2] == cand[2]) break;
    }
  }
}

/// exclude_by_scan()'s answer from cell sets (shapes up to 256 cells). What can empty a
/// cell x that sees j of the bases is j digits at most, so x excludes something only when it
/// has at most j candidates, all among those bases' candidates; and what it excludes is then
/// a rule on the bases' digits taken one or two at a time, or all three:
///   - one candidate p (x sees any bases): no base x sees holds p;
///   - two candidates {p, q}, x sees two bases (or all three): no two of them hold p and q;
///   - three candidates {p, q, r}, x sees all three: they do not hold p, q and r.
/// The cells seeing exactly two bases, or all three, come out of intersections of the peer
/// sets, so a cell seeing one base costs nothing; the pair rules become, per pair of bases
/// and digit of the first, the digits the second may not hold, and the combinations are
/// then enumerated base by base with masks. As in exclude_by_scan, nothing is eliminated
/// when no cell can empty at all, and an unsolved cell without candidates (a broken board)
/// excludes everything.
template <int W>
void exclude_by_sets_in(const Board& board, const int* base, int k, const Small& small, Step& step) {
  using Cells = LowWords<W>;
  const Topology& topo = board.topo();
  std::uint64_t cand[3] = {board.candidates(base[0]), board.candidates(base[1]), k == 3 ? board.candidates(base[2]) : 0};
  if (small.empty.any()) {  // exclude_by_scan: every combination impossible
    for (int i = 0; i < k; ++i)
      for (std::uint64_t m = cand[i]; m; m &= m - 1) step.eliminations.push_back({base[i], lowest(m) + 1});
    return;
  }
  Cells bases;
  for (int i = 0; i < k; ++i) bases.set(base[i]);
  const Cells small_set = Cells::of(small.set);
  Cells sees[3];
  for (int i = 0; i < k; ++i) sees[i] = minus(Cells::of(topo.peer_set[static_cast<std::size_t>(base[i])]) & small_set, bases);
  bool any = false;            // some cell can empty (else nothing is eliminated)
  std::uint64_t banned[3] = {};  // digits a base may not hold (one-candidate cells)
  // pair_ban[p][d]: digits base q may not hold when base p holds d (p < q; p + q - 1 indexes 01, 02, 12).
  constexpr int kMaxDigits = 16;  // cell sets serve shapes up to 256 cells: 16×16
  std::uint64_t pair_ban[3][kMaxDigits] = {};
  std::uint64_t triples[64];   // three-candidate cells seeing all three bases
  int triple_count = 0;
  const std::uint64_t all = cand[0] | cand[1] | cand[2];
  // One-candidate cells: whichever bases they see.
  ((sees[0] | sees[1] | (k == 3 ? sees[2] : Cells{})) & Cells::of(small.single)).for_each([&](int x) {
    const std::uint64_t m = board.candidates(x);
    std::uint64_t reach = 0;
    for (int i = 0; i < k; ++i)
      if (sees[i].test(x)) reach |= cand[i];
    if (m & ~reach) return;
    any = true;
    for (int i = 0; i < k; ++i)
      if (sees[i].test(x)) banned[i] |= m;
  });
  auto ban_pair = [&](int p, int q, std::uint64_t m) {
    const int d1 = lowest(m), d2 = lowest(m & (m - 1));
    std::uint64_t* row = pair_ban[p + q - 1];
    row[d1] |= bit(d2);
    row[d2] |= bit(d1);
  };
  // Two-candidate cells seeing exactly bases p and q.
  auto two = [&](int p, int q, const Cells& only) {
    only.for_each([&](int x) {
      const std::uint64_t m = board.candidates(x);
      if (m & (m - 1) ? (m & ~(cand[p] | cand[q])) != 0 : true) return;  // singles done above
      any = true;
      ban_pair(p, q, m);
    });
  };
  const Cells pairs = minus(Cells::of(small.pair), Cells::of(small.single));
  if (k == 2) {
    two(0, 1, sees[0] & sees[1] & pairs);
  } else {
    const Cells ab = sees[0] & sees[1];
    two(0, 1, minus(ab, sees[2]) & pairs);
    two(0, 2, minus(sees[0] & sees[2], sees[1]) & pairs);
    two(1, 2, minus(sees[1] & sees[2], sees[0]) & pairs);
    // Cells seeing all three: two candidates ban the pair for every two bases, three the set.
    minus(ab & sees[2], Cells::of(small.single)).for_each([&](int x) {
      const std::uint64_t m = board.candidates(x);
      if (m & ~all) return;
      any = true;
      if (popcount(m) == 2) {
        ban_pair(0, 1, m);
        ban_pair(0, 2, m);
        ban_pair(1, 2, m);
      } else if (triple_count < 64) {
        triples[triple_count++] = m;
      } else {
        any = false;  // never on a real board (a base set has at most 60 common peers): fall back
        triple_count = -1;
      }
    });
    if (triple_count < 0) {
      exclude_by_scan(board, base, k, small, step);
      return;
    }
  }
  if (!any) return;
  // Bases that see each other cannot share a digit.
  const bool linked[3] = {topo.sees(base[0], base[1]), k == 3 && topo.sees(base[0], base[2]),
                          k == 3 && topo.sees(base[1], base[2])};
  std::uint64_t possible[3] = {};
  if (k == 2) {
    for (std::uint64_t m0 = cand[0] & ~banned[0]; m0; m0 &= m0 - 1) {
      const int d0 = lowest(m0);
      std::uint64_t second = cand[1] & ~banned[1] & ~pair_ban[0][d0];
      if (linked[0]) second &= ~bit(d0);
      if (second) {
        possible[0] |= bit(d0);
        possible[1] |= second;
      }
    }
  } else {
    possible_triples(cand, banned, pair_ban[0], pair_ban[1], pair_ban[2], linked, triples, triple_count, possible);
  }
  for (int i = 0; i < k; ++i)
    for (std::uint64_t m = cand[i] & ~possible[i]; m; m &= m - 1) step.eliminations.push_back({base[i], lowest(m) + 1});
}

void exclude_by_sets(const Board& board, const int* base, int k, const Small& small, Step& step) {
  if (board.cells() <= 128)
    exclude_by_sets_in<2>(board, base, k, small, step);
  else
    exclude_by_sets_in<CellBits::kWords>(board, base, k, small, step);
}

void exclude(const Board& board, const int* base, int k, const Small& small, Step& step) {
  if (small.bits)
    exclude_by_sets(board, base, k, small, step);
  else
    exclude_by_scan(board, base, k, small, step);
}

/// exclude_by_sets_in()'s answer for base triples on boards up to 128 cells (9×9 and smaller),
/// with the rules kept per pair of cells for the whole board: the triple finder meets each
/// pair of cells in many triples (a base and its peer with every third), and making a
/// triple's rules from its cells' peer sets was most of a base set's cost. A pair's rules
/// come from the two-candidate cells seeing both, whichever third base is taken; one of them
/// may be that third base itself (two candidates, seeing the other two), which exclude()
/// would not count as an excluder, but its rule is one the bases' own links already enforce:
/// holding its two digits in the other two bases leaves it nothing, as it sees both. So the
/// possible combinations are the same, and only "some cell can empty" (without which
/// nothing is eliminated) must leave the third base out, which each pair's one covering cell
/// (or "two or more") allows. One-candidate cells act per base (the digits among a base's
/// peers' singles); three-candidate cells seeing all three are read per triple. Differential
/// test: GraderAls.AlignedExclusionSetFormMatchesScan (through aligned_exclusion_for_test).
class TripleRules {
 public:
  /// Takes `board` (every pair forgotten). False when this form does not serve it (more than
  /// 128 cells, no peer sets, or a cell out of candidates, which exclude_by_sets_in answers).
  bool start(const Board& board, const Small& small) {
    if (board.cells() > 128 || !small.bits || small.empty.any()) return false;
    const int cells = board.cells();
    if (cells_ != cells) {
      cells_ = cells;
      pairs_.assign(static_cast<std::size_t>(cells) * static_cast<std::size_t>(cells), Pair{});
      stamp_ = 0;
    }
    if (++stamp_ == 0) {  // wrapped: no entry may look current
      for (Pair& p : pairs_) p.stamp = 0;
      stamp_ = 1;
    }
    singles_seen_.assign(static_cast<std::size_t>(cells), 0);
    two_ = Cells{};
    three_ = Cells{};
    const Topology& topo = board.topo();
    for (int c = 0; c < cells; ++c) {
      if (board.value(c)) continue;
      const std::uint64_t m = board.candidates(c);
      switch (popcount(m)) {
        case 1:
          for (int y : topo.peers(c)) singles_seen_[static_cast<std::size_t>(y)] |= static_cast<std::uint16_t>(m);
          break;
        case 2: two_.set(c); break;
        case 3: three_.set(c); break;
        default: break;
      }
    }
    return true;
  }

  /// exclude_by_sets_in(board, base, 3, ...) for the board given to start(); `base` ascending.
  void exclude(const Board& board, const int* base, Step& step) {
    const Topology& topo = board.topo();
    const std::uint64_t cand[3] = {board.candidates(base[0]), board.candidates(base[1]), board.candidates(base[2])};
    const Pair& p01 = pair(board, base[0], base[1]);
    const Pair& p02 = pair(board, base[0], base[2]);
    const Pair& p12 = pair(board, base[1], base[2]);
    const std::uint64_t banned[3] = {singles_seen_[static_cast<std::size_t>(base[0])],
                                     singles_seen_[static_cast<std::size_t>(base[1])],
                                     singles_seen_[static_cast<std::size_t>(base[2])]};
    // Some cell can empty: a single whose digit a base it sees holds, a two-candidate cell
    // other than a base with its digits among two bases it sees, or a three-candidate cell
    // seeing all three with its digits among theirs (below).
    bool any = ((banned[0] & cand[0]) | (banned[1] & cand[1]) | (banned[2] & cand[2])) != 0 ||
               p01.covers_besides(base[2]) || p02.covers_besides(base[1]) || p12.covers_besides(base[0]);
    const std::uint64_t all = cand[0] | cand[1] | cand[2];
    std::uint64_t triples[64];
    int triple_count = 0;
    const Cells near = three_ & Cells::of(topo.peer_set[static_cast<std::size_t>(base[0])]) &
                       Cells::of(topo.peer_set[static_cast<std::size_t>(base[1])]) &
                       Cells::of(topo.peer_set[static_cast<std::size_t>(base[2])]);
    near.for_each([&](int x) {  // at most 128 - 3 cells, fewer than 64 in practice (common peers)
      const std::uint64_t m = board.candidates(x);
      if ((m & ~all) || triple_count == 64) return;
      any = true;
      triples[triple_count++] = m;
    });
    if (triple_count == 64) {  // never on a real board (common peers of three cells): the general form
      exclude_by_sets_in<2>(board, base, 3, small_for_fallback(board), step);
      return;
    }
    if (!any) return;
    const bool linked[3] = {topo.sees(base[0], base[1]), topo.sees(base[0], base[2]), topo.sees(base[1], base[2])};
    std::uint64_t possible[3] = {};
    possible_triples(cand, banned, p01.ban.data(), p02.ban.data(), p12.ban.data(), linked, triples, triple_count, possible);
    for (int i = 0; i < 3; ++i)
      for (std::uint64_t m = cand[i] & ~possible[i]; m; m &= m - 1) step.eliminations.push_back({base[i], lowest(m) + 1});
  }

 private:
  using Cells = LowWords<2>;
  /// What the two-candidate cells seeing both cells of a pair forbid: when one holds digit
  /// d (bit d-1), the other may not hold ban[d-1]. `covers`: the one such cell whose two
  /// digits are among the pair's candidates, -2 for two or more, -1 for none.
  struct Pair {
    std::uint32_t stamp = 0;
    std::int16_t covers = -1;
    std::array<std::uint16_t, 16> ban{};
    bool covers_besides(int cell) const { return covers == -2 || (covers >= 0 && covers != cell); }
  };

  const Pair& pair(const Board& board, int p, int q) {
    Pair& e = pairs_[static_cast<std::size_t>(p) * static_cast<std::size_t>(cells_) + static_cast<std::size_t>(q)];
    if (e.stamp == stamp_) return e;
    e.stamp = stamp_;
    e.covers = -1;
    e.ban.fill(0);
    const Topology& topo = board.topo();
    const std::uint64_t reach = board.candidates(p) | board.candidates(q);
    (two_ & Cells::of(topo.peer_set[static_cast<std::size_t>(p)]) & Cells::of(topo.peer_set[static_cast<std::size_t>(q)]))
        .for_each([&](int x) {
          const std::uint64_t m = board.candidates(x);
          const int d1 = lowest(m), d2 = lowest(m & (m - 1));
          e.ban[static_cast<std::size_t>(d1)] |= static_cast<std::uint16_t>(bit(d2));
          e.ban[static_cast<std::size_t>(d2)] |= static_cast<std::uint16_t>(bit(d1));
          if ((m & ~reach) == 0) e.covers = e.covers == -1 ? static_cast<std::int16_t>(x) : std::int16_t{-2};
        });
    return e;
  }

  static const Small& small_for_fallback(const Board& board) {
    thread_local Small small;
    small = small_cells(board, 3);
    return small;
  }

  std::vector<Pair> pairs_;                  // p * cells + q for p < q, current when stamp == stamp_
  std::vector<std::uint16_t> singles_seen_;  // per cell: the digits of the one-candidate cells among its peers
  Cells two_, three_;                        // the cells of exactly two, exactly three candidates
  std::uint32_t stamp_ = 0;
  int cells_ = 0;
};

void offer(const Board& board, const int* base, int k, const Small& small, Technique technique, Step& best, bool& found,
           TripleRules* triples = nullptr) {
  thread_local Step s;
  s.eliminations.clear();
  if (triples)
    triples->exclude(board, base, s);
  else
    exclude(board, base, k, small, s);
  if (s.eliminations.empty()) return;
  if (found && s.eliminations.size() <= best.eliminations.size()) return;
  normalise(s);
  best = Step{};
  best.technique = technique;
  best.cells.assign(base, base + k);
  best.eliminations = s.eliminations;
  for (const CellDigit& e : best.eliminations) best.digits |= digit_bit(e.digit);
  found = true;
}

/// Past a miss (see the essay): which base sets a change since the board last found empty may
/// act on. A base set may find something only if one of its cells is in `one`, or two of them
/// are in `with[x]` for one cell x (the peers of a changed cell of two or three candidates
/// that sees x, gathered per cell).
struct Touched {
  CellBits one;                ///< changed open cells, and cells seeing a changed single holding its digit
  std::vector<CellBits> with;  ///< per cell
  /// Whether the base set {a, b} (and any third cell) may find something.
  bool pair(int a, int b) const { return one.test(a) || one.test(b) || with[static_cast<std::size_t>(a)].test(b); }
  /// The third cells c that make {a, b, c} a base set that may find something, given that
  /// pair(a, b) is false.
  CellBits third(int a, int b) const { return one | with[static_cast<std::size_t>(a)] | with[static_cast<std::size_t>(b)]; }
};

/// Fills `touched` when `memo` (the board this finder last found nothing on) applies. False:
/// scan every base set (no memo, or a board with a cell out of candidates). `nothing` is set
/// when the board is the remembered one.
bool touched_cells(const Board& board, int k, const Small& small, NothingBefore& memo, Touched& touched, bool& nothing) {
  nothing = false;
  if (!small.bits || small.empty.any() || !memo.applies(board)) return false;
  const Topology& topo = board.topo();
  nothing = !memo.changed().any();
  touched.one = CellBits{};
  touched.with.assign(static_cast<std::size_t>(board.cells()), CellBits{});
  memo.changed().for_each([&](int x) {
    if (board.value(x)) return;  // written: neither a base nor acting on one
    const std::uint64_t m = board.candidates(x);
    const int size = popcount(m);
    if (size >= 2) touched.one.set(x);  // a base that changed
    if (size == 1) {
      touched.one = touched.one | (topo.peer_set[static_cast<std::size_t>(x)] & board.cells_with(lowest(m) + 1));
    } else if (size <= k) {
      const CellBits& seen = topo.peer_set[static_cast<std::size_t>(x)];
      seen.for_each([&](int y) { touched.with[static_cast<std::size_t>(y)] = touched.with[static_cast<std::size_t>(y)] | seen; });
    }
  });
  return true;
}

/// The cells of `cells` above `cell` (the later members of a base set, in scan order).
CellBits keep_above(CellBits cells, int cell) {
  for (int w = 0; w < CellBits::kWords; ++w) {
    const int lo = w * 64;
    if (cell >= lo + 63) cells.w[static_cast<std::size_t>(w)] = 0;
    else if (cell >= lo) cells.w[static_cast<std::size_t>(w)] &= ~std::uint64_t{0} << (cell - lo + 1);
  }
  return cells;
}

/// Whether a board where the finder found nothing can be remembered: the memo is for the
/// cell-set form, and a board with a cell out of candidates is scanned in full every time.
bool can_remember(const Small& small) { return small.bits && !small.empty.any(); }

}  // namespace

std::vector<CellDigit> aligned_exclusion_for_test(const Board& board, const std::vector<int>& bases, bool by_sets) {
  const int k = static_cast<int>(bases.size());
  const Small small = small_cells(board, k);
  Step step;
  TripleRules triples;
  if (by_sets && k == 3 && triples.start(board, small))
    triples.exclude(board, bases.data(), step);
  else if (by_sets && small.bits)
    exclude_by_sets(board, bases.data(), k, small, step);
  else
    exclude_by_scan(board, bases.data(), k, small, step);
  return step.eliminations;
}

bool find_aligned_pair_exclusion(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  bool found = false;
  // Base pairs as Sudoku Explainer takes them: any two cells (seeing each other or not)
  // that at least two two-candidate cells both see.
  const Small small = small_cells(board, 2);
  thread_local NothingBefore before;
  thread_local Touched touched;
  bool nothing = false;
  const bool restricted = touched_cells(board, 2, small, before, touched, nothing);
  if (nothing) return false;
  auto consider = [&](int a, int b) {
    if (restricted && !touched.pair(a, b)) return;  // past a miss: nothing there (see the essay)
    const int base[3] = {a, b, -1};
    offer(board, base, 2, small, Technique::aligned_pair_exclusion, step, found);
  };
  if (small.bits) {
    // On cell sets: the cells that two or more of a's two-candidate peers see, as a running
    // "seen once" and "seen twice" over those peers' peer sets, then the open ones above a,
    // ascending (the same pairs in the same order as the count below; at every rise and
    // stall this listing cost more than the pairs' exclusions).
    CellBits bivalue, open;
    for (int c = 0; c < topo.cells; ++c) {
      if (board.value(c)) continue;
      const int size = popcount(board.candidates(c));
      if (size == 2) bivalue.set(c);
      if (size >= 2) open.set(c);
    }
    for (int a = 0; a < topo.cells; ++a) {
      if (!open.test(a)) continue;
      CellBits once, twice;
      (bivalue & topo.peer_set[static_cast<std::size_t>(a)]).for_each([&](int x) {
        const CellBits& seen = topo.peer_set[static_cast<std::size_t>(x)];
        twice = twice | (once & seen);
        once = once | seen;
      });
      keep_above(twice & open, a).for_each([&](int b) { consider(a, b); });
    }
  } else {
    std::vector<int> shared(static_cast<std::size_t>(topo.cells), 0);
    for (int a = 0; a < topo.cells; ++a) {
      if (board.value(a) || popcount(board.candidates(a)) < 2) continue;
      std::fill(shared.begin(), shared.end(), 0);
      for (int x : topo.peers(a)) {
        if (board.value(x) || popcount(board.candidates(x)) != 2) continue;
        for (int b : topo.peers(x))
          if (b > a) ++shared[static_cast<std::size_t>(b)];
      }
      for (int b = a + 1; b < topo.cells; ++b)
        if (shared[static_cast<std::size_t>(b)] >= 2 && !board.value(b) && popcount(board.candidates(b)) >= 2) consider(a, b);
    }
  }
  if (!found && can_remember(small)) before.remember(board);
  return found;
}

bool find_aligned_triple_exclusion(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  bool found = false;
  const Small small = small_cells(board, 3);
  thread_local NothingBefore before;
  thread_local Touched touched;
  bool nothing = false;
  const bool restricted = touched_cells(board, 3, small, before, touched, nothing);
  if (nothing) return false;
  thread_local TripleRules rules;
  TripleRules* const triples = rules.start(board, small) ? &rules : nullptr;
  if (small.bits) {
    // The same triples in the same order, from cell sets: for a base a and its peer b, the
    // third base c must be a later peer of a seen by some small cell that sees a and b, so
    // c is drawn from the union of those cells' peers instead of from all of a's peers.
    CellBits open;  // unsolved cells with two candidates or more
    for (int c = 0; c < topo.cells; ++c)
      if (!board.value(c) && popcount(board.candidates(c)) >= 2) open.set(c);
    for (int a = 0; a < topo.cells; ++a) {
      if (!open.test(a)) continue;
      const CellBits near_a = small.set & topo.peer_set[static_cast<std::size_t>(a)];
      if (!near_a.any()) continue;
      const auto peers = topo.peers(a);
      const CellBits open_peers = open & topo.peer_set[static_cast<std::size_t>(a)];
      for (std::size_t i = 0; i < peers.size(); ++i) {
        const int b = peers[i];
        if (!open.test(b)) continue;
        // Past a miss, only triples a change may act on (see the essay): when {a, b} is not
        // such a pair, c is drawn from the cells that make it one.
        const CellBits third = !restricted || touched.pair(a, b) ? open_peers : open_peers & touched.third(a, b);
        if (!third.any()) continue;
        const CellBits near_ab = near_a & topo.peer_set[static_cast<std::size_t>(b)];
        if (!near_ab.any()) continue;  // no small cell sees a and b
        CellBits seen_by_near;
        near_ab.for_each([&](int x) { seen_by_near = seen_by_near | topo.peer_set[static_cast<std::size_t>(x)]; });
        const CellBits later = keep_above(third & seen_by_near, b);  // c after b among a's peers (sorted)
        const std::uint64_t ab = board.candidates(a) | board.candidates(b);
        later.for_each([&](int c) {
          // Each triple once: when b and c also see each other, only from its lowest cell.
          if ((b < a || c < a) && topo.sees(b, c)) return;
          // Sudoku Explainer's condition: some cell of at most three candidates sees all
          // three and could be emptied by them (its candidates among theirs).
          const std::uint64_t reach = ab | board.candidates(c);
          bool common = false;
          (near_ab & topo.peer_set[static_cast<std::size_t>(c)]).for_each([&](int x) {
            common = common || (board.candidates(x) & ~reach) == 0;
          });
          if (!common) return;
          int base[3] = {a, b, c};
          std::sort(base, base + 3);
          offer(board, base, 3, small, Technique::aligned_triple_exclusion, step, found, triples);
        });
      }
    }
    if (!found && can_remember(small)) before.remember(board);
    return found;
  }
  // Excluders that could see a whole triple: unsolved cells with at most three candidates
  // (as lists only; the bit sets answered above).
  thread_local std::vector<std::vector<int>> small_peers;
  small_peers.resize(static_cast<std::size_t>(topo.cells));
  for (int c = 0; c < topo.cells; ++c) {
    auto& list = small_peers[static_cast<std::size_t>(c)];
    list.clear();
    if (small.bits) continue;
    for (int x : topo.peers(c))
      if (!board.value(x) && popcount(board.candidates(x)) <= 3) list.push_back(x);
  }
  for (int a = 0; a < topo.cells; ++a) {
    if (board.value(a) || popcount(board.candidates(a)) < 2) continue;
    if (small.bits ? !(small.set & topo.peer_set[static_cast<std::size_t>(a)]).any() : small_peers[static_cast<std::size_t>(a)].empty()) continue;
    const auto peers = topo.peers(a);
    for (std::size_t i = 0; i < peers.size(); ++i) {
      const int b = peers[i];
      if (board.value(b) || popcount(board.candidates(b)) < 2) continue;
      const CellBits near_ab = small.bits ? small.set & topo.peer_set[static_cast<std::size_t>(a)] & topo.peer_set[static_cast<std::size_t>(b)]
                                          : CellBits{};
      if (small.bits && !near_ab.any()) continue;  // no small cell sees a and b
      for (std::size_t j = i + 1; j < peers.size(); ++j) {
        const int c = peers[j];
        if (board.value(c) || popcount(board.candidates(c)) < 2) continue;
        // Each triple once: when b and c also see each other, only from its lowest cell.
        if (topo.sees(b, c) && (b < a || c < a)) continue;
        // Sudoku Explainer's condition: some cell of at most three candidates sees all three.
        // (and could be emptied by them: its candidates among theirs).
        const std::uint64_t reach = board.candidates(a) | board.candidates(b) | board.candidates(c);
        bool common = false;
        if (small.bits) {
          (near_ab & topo.peer_set[static_cast<std::size_t>(c)]).for_each([&](int x) {
            common = common || (board.candidates(x) & ~reach) == 0;
          });
        } else {
          for (int x : small_peers[static_cast<std::size_t>(a)])
            if (x != b && x != c && (board.candidates(x) & ~reach) == 0 && topo.sees(x, b) && topo.sees(x, c)) {
              common = true;
              break;
            }
        }
        if (!common) continue;
        int base[3] = {a, b, c};
        std::sort(base, base + 3);
        offer(board, base, 3, small, Technique::aligned_triple_exclusion, step, found);
      }
    }
  }
  return found;
}

}  // namespace sudokit::grading

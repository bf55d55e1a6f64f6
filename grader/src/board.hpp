// board.hpp: the pencil-mark board every technique reads, and the house tables it uses.
//
// A Board is what a person has on paper mid-solve: some cells written, and in every empty
// cell the digits still possible (bit d-1 of a 64-bit mask, so any size up to 64 fits).
// Techniques never change a board: each `find_*` looks for one instance of its pattern that
// makes progress and describes it in a Step; the driver (grader.cpp) applies the step. That
// split keeps every technique a pure function of the board, which is what the unit tests
// exercise: build a board by hand, ask for the next step, compare it with the expected one.
//
// Houses are numbered rows 0..n-1, columns n..2n-1, boxes 2n..3n-1; inside a house, cells are
// in index order k = 0..n-1 (a row's k is its column, a column's k its row, a box is
// row-major), and per-house masks use bit k.
//
// Variants (sudokit/variant.hpp) change the topology, not the techniques: a jigsaw's regions
// take the boxes' place (box[] is the region, houses 2n..3n-1 the regions, row-major); x's
// diagonals and hyper's windows are extra houses 3n.. (in the rules' order), so houses()
// grows past 3n and everything that loops over houses (singles, subsets, conjugate pairs,
// ALS) sees them; peers and sees() include them. A killer's cage mates are peers too (a
// cage's digits are distinct) but a cage is no house (it need not hold every digit); the
// cages themselves are kept for the cage-sum finders (killer.cpp). Every technique's
// argument rests only on "a house holds each digit once" and "peers differ", so each stays
// sound under these tables; the few that reason about rows, columns and boxes by geometry
// (fish, skyscraper, kite, empty rectangle, sue de coq) use rows, columns and box[] only,
// which are houses in every variant. Uniqueness techniques are not (their deadly patterns
// are classic ones): the grader turns them off for variants.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "sudokit/budget.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/variant.hpp"

namespace sudokit::grading {

inline std::uint64_t bit(int index) { return std::uint64_t{1} << index; }
/// Bits set in each 9-bit value: popcount()'s answer for the masks of a 9×9 board.
inline constexpr auto kBitsIn9 = [] {
  std::array<std::uint8_t, 512> bits{};
  for (std::size_t v = 1; v < bits.size(); ++v) bits[v] = static_cast<std::uint8_t>(bits[v >> 1] + (v & 1));
  return bits;
}();
/// Bits set in `mask`. Not std::popcount: the portable x86-64 baseline the project builds for
/// has no popcnt instruction, and std::popcount then calls a libgcc routine, which the finders
/// paid for millions of times per hard puzzle. Masks below 512 (every digit and house-position
/// mask of a 9×9 board, so the branch is always taken the same way) read a table, three
/// instructions instead of the twelve of the bit-parallel sum the others take.
inline int popcount(std::uint64_t mask) {
  if (mask < kBitsIn9.size()) return kBitsIn9[static_cast<std::size_t>(mask)];
  mask = mask - ((mask >> 1) & 0x5555555555555555ULL);
  mask = (mask & 0x3333333333333333ULL) + ((mask >> 2) & 0x3333333333333333ULL);
  mask = (mask + (mask >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((mask * 0x0101010101010101ULL) >> 56);
}
inline int lowest(std::uint64_t mask) { return std::countr_zero(mask); }
inline std::uint64_t digit_bit(int digit) { return bit(digit - 1); }

/// A set of cells as bits (cell c is bit c), for shapes up to 256 cells (16×16): the finders
/// that intersect peer sets (aligned exclusion) do it a word at a time.
struct CellBits {
  static constexpr int kWords = 4;
  std::array<std::uint64_t, kWords> w{};
  void set(int c) { w[static_cast<std::size_t>(c >> 6)] |= std::uint64_t{1} << (c & 63); }
  void reset(int c) { w[static_cast<std::size_t>(c >> 6)] &= ~(std::uint64_t{1} << (c & 63)); }
  bool test(int c) const { return (w[static_cast<std::size_t>(c >> 6)] >> (c & 63)) & 1; }
  bool any() const { return (w[0] | w[1] | w[2] | w[3]) != 0; }
  friend CellBits operator&(const CellBits& a, const CellBits& b) {
    return {{a.w[0] & b.w[0], a.w[1] & b.w[1], a.w[2] & b.w[2], a.w[3] & b.w[3]}};
  }
  friend CellBits operator|(const CellBits& a, const CellBits& b) {
    return {{a.w[0] | b.w[0], a.w[1] | b.w[1], a.w[2] | b.w[2], a.w[3] | b.w[3]}};
  }
  /// The cells of `a` not in `b`.
  friend CellBits minus(const CellBits& a, const CellBits& b) {
    return {{a.w[0] & ~b.w[0], a.w[1] & ~b.w[1], a.w[2] & ~b.w[2], a.w[3] & ~b.w[3]}};
  }
  /// Calls f(cell) for every cell in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (int k = 0; k < kWords; ++k)
      for (std::uint64_t m = w[static_cast<std::size_t>(k)]; m; m &= m - 1) f(k * 64 + std::countr_zero(m));
  }
};

/// The fixed geometry of a shape (or of a variant's rules): which cells each house holds and
/// which cells see which.
struct Topology {
  Shape shape;
  Variant variant = Variant::classic;
  int n = 0;
  int cells = 0;
  std::vector<int> row, col, box;  ///< per cell (box: the jigsaw region)
  std::vector<int> house_cells;    ///< houses() × n cells
  std::vector<int> peer_cells;     ///< per cell its peers, sorted, from peer_first[cell]
  std::vector<int> peer_first;     ///< cells + 1 offsets into peer_cells
  std::vector<CellBits> peer_set;  ///< per cell: its peers as a bit set (shapes up to 256 cells)
  /// Per cell, from slot_first[cell]: each house holding it (slot_house) and its index in
  /// that house (slot_index), so that a change to the cell finds its bit in house masks.
  std::vector<int> slot_first, slot_house, slot_index;
  /// houses() × houses(): bit k of entry a·houses() + b set when the k-th cell of house a
  /// lies in house b (what two houses share, in a's order; for positions() masks).
  std::vector<std::uint64_t> shared_slots;
  /// Variants only (empty for classic): per cell, bit j set when it lies in extra house 3n+j.
  std::vector<std::uint64_t> extra_mask;
  /// Killer only: the cage of every cell (-1 uncaged) and the cages; empty otherwise.
  std::vector<int> cage_of;
  std::vector<Cage> cages;

  explicit Topology(const Shape& s);
  /// The houses, peers and cages of `rules` (classic rules: the same as the shape's).
  explicit Topology(const Rules& rules);
  std::span<const int> house(int h) const {
    return {house_cells.data() + static_cast<std::ptrdiff_t>(h) * n, static_cast<std::size_t>(n)};
  }
  std::span<const int> peers(int cell) const {
    const int first = peer_first[static_cast<std::size_t>(cell)];
    return {peer_cells.data() + first, static_cast<std::size_t>(peer_first[static_cast<std::size_t>(cell) + 1] - first)};
  }
  int houses() const { return house_count_; }
  /// Distinct cells sharing a row, column, box (region), extra house or killer cage.
  bool sees(int a, int b) const {
    return a != b && (row[a] == row[b] || col[a] == col[b] || box[a] == box[b] || (variant_links_ && variant_sees(a, b)));
  }
  /// Whether cell `cell` lies in house `h` (any house, extras included).
  bool in_house(int cell, int h) const {
    if (h < n) return row[cell] == h;
    if (h < 2 * n) return n + col[cell] == h;
    if (h < 3 * n) return 2 * n + box[cell] == h;
    return !extra_mask.empty() && (extra_mask[static_cast<std::size_t>(cell)] >> (h - 3 * n) & 1);
  }
  int row_house(int cell) const { return row[cell]; }
  int col_house(int cell) const { return n + col[cell]; }
  int box_house(int cell) const { return 2 * n + box[cell]; }
  /// The kind of house h: HouseKind::box or region for 2n..3n-1, diagonal or window past it.
  HouseKind house_kind(int h) const {
    if (h < n) return HouseKind::row;
    if (h < 2 * n) return HouseKind::column;
    if (h < 3 * n) return variant == Variant::jigsaw ? HouseKind::region : HouseKind::box;
    return extra_kinds_[static_cast<std::size_t>(h - 3 * n)];
  }

 private:
  bool variant_sees(int a, int b) const {
    if (!extra_mask.empty() && (extra_mask[static_cast<std::size_t>(a)] & extra_mask[static_cast<std::size_t>(b)])) return true;
    return !cage_of.empty() && cage_of[static_cast<std::size_t>(a)] >= 0 &&
           cage_of[static_cast<std::size_t>(a)] == cage_of[static_cast<std::size_t>(b)];
  }
  void build_peers();
  int house_count_ = 0;
  bool variant_links_ = false;  ///< extra houses or cages: sees() looks past rows, columns, boxes
  std::vector<HouseKind> extra_kinds_;
};

/// Shared, immutable topology of a shape (cached; safe from any thread).
std::shared_ptr<const Topology> topology_for(const Shape& shape);
/// The topology of a variant's rules: classic ones are the shape's; x and hyper are cached per
/// shape; jigsaw and killer are built for the rules given (a small per-thread cache keeps the
/// last few, so one puzzle's finders share one).
std::shared_ptr<const Topology> topology_for(const Rules& rules);

class Board {
 public:
  explicit Board(std::shared_ptr<const Topology> topology);

  /// The givens of `grid` written, every other cell holding the digits its peers allow.
  static Board from_grid(const Grid& grid);
  /// The same on a variant's topology (topology_for(rules)).
  static Board from_grid(const Grid& grid, std::shared_ptr<const Topology> topology);
  /// An empty board of `shape` where every cell holds every digit (tests carve patterns in it).
  static Board full(const Shape& shape);
  static Board full(std::shared_ptr<const Topology> topology);

  const Topology& topo() const { return *topology_; }
  /// The shared topology (caches that outlive a call keep it alive with this).
  const std::shared_ptr<const Topology>& topology() const { return topology_; }
  int n() const { return topology_->n; }
  int cells() const { return topology_->cells; }
  int value(int cell) const { return values_[static_cast<std::size_t>(cell)]; }
  std::uint64_t candidates(int cell) const { return candidates_[static_cast<std::size_t>(cell)]; }
  bool has(int cell, int digit) const { return (candidates(cell) & digit_bit(digit)) != 0; }
  std::uint64_t all_digits() const { return n() == 64 ? ~std::uint64_t{0} : bit(n()) - 1; }
  int unsolved() const { return unsolved_; }
  /// Changes with every change to the board and is never reused (per thread a range of its
  /// own), so two boards with the same stamp hold the same cells: a copy keeps its
  /// original's. Caches of what was computed on a board (forcing-chain analyses, ALS sets)
  /// key on it instead of comparing every cell at every question.
  std::uint64_t stamp() const { return stamp_; }
  /// Whether the cell's digit was a given of from_grid() (avoidable rectangles need to know
  /// which written digits the puzzle fixed); false for digits placed later and past 256 cells.
  bool given(int cell) const { return cell < CellBits::kWords * 64 && given_.test(cell); }

  /// Writes `digit` and removes it from the peers' candidates.
  void place(int cell, int digit);
  /// Removes a candidate; false when it was not there.
  bool eliminate(int cell, int digit);
  /// Replaces a cell's candidates outright (test set-up only).
  void set_candidates(int cell, std::uint64_t mask) {
    candidates_[static_cast<std::size_t>(cell)] = mask;
    index_fresh_ = false;
    stamp_ = next_stamp();
  }

  /// Bit k set when the k-th cell of house h holds `digit` as a candidate.
  std::uint64_t positions(int house, int digit) const {
    if (!index_fresh_) build_index();
    return where_[static_cast<std::size_t>(house * n() + digit - 1)];
  }
  /// Digits written in house h.
  std::uint64_t placed_in(int house) const {
    if (!index_fresh_) build_index();
    return placed_[static_cast<std::size_t>(house)];
  }
  /// The cells holding `digit` as a candidate, on shapes up to 256 cells (those with
  /// Topology::peer_set; empty beyond): with a peer set, "the cells holding d that see
  /// this one" is one AND.
  const CellBits& cells_with(int digit) const {
    if (!index_fresh_) build_index();
    static const CellBits none;
    return cells_with_.empty() ? none : cells_with_[static_cast<std::size_t>(digit - 1)];
  }

  /// The cells' written digits (0 where empty).
  Grid to_grid() const;

  /// Applies a step's placements and eliminations.
  void apply(const Step& step);

 private:
  std::shared_ptr<const Topology> topology_;
  std::vector<std::uint8_t> values_;
  std::vector<std::uint64_t> candidates_;
  int unsolved_ = 0;
  CellBits given_;  ///< from_grid()'s givens (inline: board copies stay one allocation pair)
  // positions(), placed_in() and cells_with(): built on the first question, then kept up
  // to date by place() and eliminate() (set_candidates() drops them). A stall asks them
  // hundreds of times of one board (every finder); a scan of the house per question was 4%
  // of grading time.
  void build_index() const;
  static std::uint64_t next_stamp();
  std::uint64_t stamp_ = next_stamp();
  void forget(int cell, int digit) const;  ///< clears the cell's bit for `digit` in its houses' masks
  mutable std::vector<std::uint64_t> where_;   ///< houses × n: positions(h, d) at h·n + d-1
  mutable std::vector<std::uint64_t> placed_;  ///< per house: placed_in(h)
  mutable std::vector<CellBits> cells_with_;   ///< per digit: cells_with(d) at d-1 (empty past 256 cells)
  mutable bool index_fresh_ = false;
};

/// Where a finder found nothing, kept from one call to the next. A grade asks the same
/// finders of a board that differs from the last one in a few cells, and the answer of a
/// finder in one house (naked and hidden subsets: a house's instances depend on that house's
/// cells alone), or for one digit (fish, skyscraper, kite, turbot fish, empty rectangle,
/// simple colouring, X-chains: they read only where that digit can go), cannot change where
/// none of the cells it reads changed. So a finder keeps "nothing here" per house or per
/// digit for the board it last looked at; look() compares the board with that one cell by
/// cell and forgets the houses holding a changed cell and the digits whose candidates or
/// placements changed. The finder then scans, in its usual order, only what is not known
/// empty, so it finds what a full scan would. Per finder and thread. The comparing is done
/// once per board for all of a thread's finders: the thread keeps the last boards it was
/// shown, each with what changed since the one before (board.cpp), and a finder takes the
/// union of the changes since the board it last looked at (everything, when that board has
/// left the list or another topology came in).
class NothingFound {
 public:
  /// Takes `board` as the current one: houses with a changed cell and digits with a changed
  /// candidate or placement (all of them on another topology or at the first call) lose
  /// their marks.
  void look(const Board& board);
  bool known_empty(int house) const { return (empty_[static_cast<std::size_t>(house) >> 6] >> (house & 63)) & 1; }
  void mark_empty(int house) { empty_[static_cast<std::size_t>(house) >> 6] |= bit(house & 63); }
  /// Drops a mark (a finder whose unit spans other houses too, when one of those changed).
  void forget(int house) { empty_[static_cast<std::size_t>(house) >> 6] &= ~bit(house & 63); }
  /// Whether `house` held a changed cell at the last look(). A finder whose unit of search
  /// spans several houses keeps its mark under one of them and, right after look(), forgets
  /// the marks of units where any of the others changed (before any early return: a mark
  /// left standing past that look would outlive the change).
  bool changed(int house) const { return (changed_[static_cast<std::size_t>(house) >> 6] >> (house & 63)) & 1; }
  bool digit_known_empty(int digit) const { return (empty_digits_ & digit_bit(digit)) != 0; }
  void mark_digit_empty(int digit) { empty_digits_ |= digit_bit(digit); }

 private:
  std::shared_ptr<const Topology> topo_;
  std::uint64_t stamp_ = 0;  ///< the board the marks are for
  // Bit sets over the houses, a word per 64 (the finders ask at every step of a grade, and
  // look() then updates them a word at a time).
  std::vector<std::uint64_t> empty_, changed_;
  std::uint64_t empty_digits_ = 0;
};

/// The board a finder last answered "nothing" for, for the finders a grade asks many steps
/// apart (aligned pair and triple exclusion, ALS-XZ, ALS-XY-wing, death blossom): NothingFound
/// serves finders asked at every step, and RecentBoards' 16 boards are long gone by the time
/// these are asked again.
///
/// Why it is enough to look near the changed cells. Call the remembered board B0 and the board
/// asked about B1, and say B1 is a candidate-subset of B0: a cell written on B0 is written the
/// same on B1, and every cell's candidates on B1 are among its candidates on B0 (along one
/// grade the board only loses candidates and gains placements). Each of these finders is a
/// scan over instances (a base set, a pair or triple of ALSs, a stem and its petals) whose
/// existence and eliminations are decided by the candidates of a few cells, the instance's
/// "reads", plus targets whose candidates only shrink from B0 to B1. An instance none of whose
/// reads changed is then one B0 had too, with the same pattern, and with no more eliminations
/// on B1 than on B0, which were none. So on B1 only instances reading a changed cell can find
/// anything, and a scan that passes over the others, in the usual order, meets the same
/// instances with eliminations as a full scan, in the same order: it keeps the same one,
/// whether the finder takes the first or the best by some order (the others offer nothing).
/// What an instance reads is each finder's own argument (aligned_exclusion.cpp, als.cpp,
/// sue_de_coq.cpp, unique_loops.cpp).
///
/// applies() compares the board cell by cell with the remembered one, so nothing rests on the
/// order of the calls: a board that is not a candidate-subset (another puzzle, a test's board
/// going back) drops the memo, and the finder scans everything. A new grade drops it too
/// (start_grade(); not needed for soundness, which rests on the comparison alone, but a memo
/// then never outlives its puzzle). Per finder and thread. Shapes up to 256 cells
/// (CellBits); none beyond, where the finders scan everything.
///
/// The Nishio analysis (forcing_chains.cpp) keeps one too, for the board whose findings it
/// keeps: the changed cells tell it which digits' findings still hold.
class NothingBefore {
 public:
  /// True when a board is remembered, on the same topology, and `board` is a candidate-subset
  /// of it; changed() then holds the cells whose value or candidates differ (none: the same
  /// board, so nothing again). False otherwise, and the memo is dropped.
  bool applies(const Board& board);
  const CellBits& changed() const { return changed_; }
  /// The remembered board's candidates of `cell` (0 where it was written), for finders whose
  /// instances also read what a changed cell lost (unique_loops.cpp). Valid after applies().
  std::uint64_t candidates_then(int cell) const {
    const auto i = static_cast<std::size_t>(cell);
    return values_[i] ? 0 : candidates_[i];
  }
  /// Takes `board` as one the finder found nothing on (after a full scan, or a scan that
  /// applies() allowed to pass over the unchanged instances).
  void remember(const Board& board);
  void forget() { topo_.reset(); }

 private:
  std::shared_ptr<const Topology> topo_;  ///< held: a freed topology's address could come back as another's
  std::uint64_t stamp_ = 0;
  std::uint64_t grade_ = 0;  ///< the thread's grade count when remembered (start_grade)
  std::vector<std::uint8_t> values_;
  std::vector<std::uint64_t> candidates_;
  CellBits changed_;
};

/// A grade starts on this thread: the NothingBefore memos of earlier ones are dropped.
void start_grade();

/// Makes `step` a fresh Step (as `step = Step{}`) but keeps its vectors' storage: the ladder
/// reuses one Step for every finder it asks, and most finders start by clearing it.
// A field added to Step must be reset below too; this size check is there to say so.
static_assert(sizeof(Step) == 8 + 5 * sizeof(std::vector<int>) + 2 * 8, "Step changed: update reset_step");
inline void reset_step(Step& step) {
  step.technique = Step{}.technique;
  step.placements.clear();
  step.eliminations.clear();
  step.cells.clear();
  step.digits = 0;
  step.houses.clear();
  step.chain.clear();
  step.rating = 0.0;
}

/// Whether some cell other than `cells` that sees all of them holds `digit`: one AND of peer
/// sets each, where the topology has them (up to 256 cells); true where it has not (the
/// caller's full check decides). The chain and wing finders ask it before building a step
/// for a pattern, as most patterns they meet remove nothing.
inline bool may_eliminate(const Board& board, std::initializer_list<int> cells, int digit) {
  const Topology& topo = board.topo();
  if (topo.peer_set.empty()) return true;
  CellBits seeing = board.cells_with(digit);
  for (int c : cells) seeing = seeing & topo.peer_set[static_cast<std::size_t>(c)];  // a cell is not its own peer
  return seeing.any();
}

/// Adds an elimination to `step` when the candidate is present.
inline void eliminate_into(const Board& board, Step& step, int cell, int digit) {
  if (board.value(cell) == 0 && board.has(cell, digit)) step.eliminations.push_back({cell, digit});
}

/// Sorts and de-duplicates a step's eliminations (several pattern parts may name the same one).
void normalise(Step& step);

/// Finders that take one accept only instances it approves (the direct variants of locked
/// candidates and hidden subsets: only instances that leave a hidden single). Empty: all.
using StepFilter = std::function<bool(const Step&)>;

// Technique finders (one family per source file). Each returns true and fills `step` when it
// finds an instance that makes progress on `board`; it never changes the board.
bool find_full_house(const Board& board, Step& step);
bool find_naked_single(const Board& board, Step& step);
bool find_hidden_single(const Board& board, Step& step);
bool find_locked_pointing(const Board& board, Step& step, const StepFilter& accept = {});
bool find_locked_claiming(const Board& board, Step& step, const StepFilter& accept = {});
bool find_naked_subset(const Board& board, int size, Step& step);
bool find_hidden_subset(const Board& board, int size, Step& step, const StepFilter& accept = {});
bool find_fish(const Board& board, int size, Step& step);
bool find_skyscraper(const Board& board, Step& step);
bool find_two_string_kite(const Board& board, Step& step);
bool find_simple_colouring(const Board& board, Step& step);
bool find_xy_wing(const Board& board, Step& step);
bool find_xyz_wing(const Board& board, Step& step);
bool find_w_wing(const Board& board, Step& step);
bool find_x_chain(const Board& board, Step& step);
bool find_xy_chain(const Board& board, Step& step);
bool find_aic(const Board& board, Step& step);
/// Every start's shortest AIC, shortest first (the first start among equals; find_aic's
/// step is the first), each set of conclusions once, at most `limit`, appended to `out`;
/// returns how many. Each is sound on any later board of the same path (aic.cpp).
/// With `max_nodes`, chains longer than it are left out unless they are the shortest of all
/// (a start's search stops there): the same steps up to that length, and the same first.
std::size_t find_aic_steps(const Board& board, std::size_t limit, std::vector<Step>& out,
                           int max_nodes = std::numeric_limits<int>::max());
bool find_unique_rectangle_1(const Board& board, Step& step);
bool find_bug_plus_1(const Board& board, Step& step);
bool find_unique_rectangle_2(const Board& board, Step& step);
bool find_unique_rectangle_3(const Board& board, Step& step);
bool find_unique_rectangle_4(const Board& board, Step& step);
bool find_turbot_fish(const Board& board, Step& step);
bool find_empty_rectangle(const Board& board, Step& step);
bool find_wxyz_wing(const Board& board, Step& step);
// killer.cpp (killer rules only; nothing found elsewhere)
bool find_cage_combination(const Board& board, Step& step);
bool find_innies_outies(const Board& board, Step& step);
bool find_cage_locked_digit(const Board& board, Step& step);

/// Tries `technique` alone on the board (guess: never found).
bool find_technique(Technique technique, const Board& board, Step& step);

/// The next step of the solving path: the easiest step available, by SE rating (uniqueness
/// techniques only when `allow_uniqueness`), its `rating` set. Does not apply it.
std::optional<Step> next_step(const Board& board, bool allow_uniqueness);

// --- A grade's budget (GradeOptions::budget) and the techniques added for issue 12 -------

/// The budget of one grade as next_step() spends it: one node per technique tried on a
/// board (the driver adds the solver's nodes to `used`), the clock read after each.
struct LadderMeter {
  BudgetMeter meter;
  std::uint64_t used = 0;
  bool spent = false;
  /// Charges one technique about to be tried; true (and stays true) once the budget is gone.
  bool charge() {
    if (!spent && (used >= meter.node_cap() || meter.clock_passed())) spent = true;
    if (!spent) ++used;
    return spent;
  }
};
/// next_step() under a budget: nullopt with meter->spent set when it ran out before the
/// easiest step was known (a step found but not yet proved the easiest is not returned).
std::optional<Step> next_step(const Board& board, bool allow_uniqueness, LadderMeter* meter);
/// next_step() past a path's hardest step so far, rated `ceiling`: any step rated at most
/// `ceiling` leaves the path's rating as it is, so once the techniques below 6.0 have nothing
/// within it, the expensive ones are asked cheapest first and the first step within the
/// ceiling is taken. The easiest step, exactly as above, when there is none within it (and
/// always when `ceiling` is below 6.0).
/// When `more` is given, an AIC or forcing-chain search asked past the ceiling also appends its
/// other conclusions within the ceiling there, to be taken after the step while they still
/// change the board (keep_changes()); and when the easiest step found above the ceiling is a
/// forcing chain rated 6.0 or more, its analysis's other conclusions rated no higher than it
/// (the path's ceiling once it is taken) go there too. Null: the easiest path, nothing more.
/// Techniques whose base rating is above `cap` are not asked (GradeOptions::rating_cap): the
/// step returned is then the easiest of those within it, or nothing.
std::optional<Step> next_step(const Board& board, bool allow_uniqueness, LadderMeter* meter, double ceiling,
                              std::vector<Step>* more, double cap = std::numeric_limits<double>::infinity());
/// Appends `step` to `out` unless one of the last `recent` steps there draws the same
/// conclusions (placements and eliminations); true when appended. For finders that hand over
/// many steps (find_aic_steps, find_forcing_chain_steps).
bool append_new_conclusion(std::vector<Step>& out, std::size_t recent, Step&& step);
/// Drops from `step` what `board` already shows (placements in solved cells, eliminations of
/// candidates no longer there); true when something is left to apply.
bool keep_changes(const Board& board, Step& step);

// fish.cpp: finned and sashimi fish of size 2..4 (fins in one box).
bool find_finned_fish(const Board& board, int size, Step& step);
// unique_loops.cpp: unique loops of 6-10 cells (types 1, 2, 4) and BUG type 2 (BUG+n).
bool find_unique_loop_1(const Board& board, Step& step);
bool find_unique_loop_2(const Board& board, Step& step);
bool find_unique_loop_4(const Board& board, Step& step);
bool find_bug_type_2(const Board& board, Step& step);

}  // namespace sudokit::grading

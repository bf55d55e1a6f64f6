// forcing_chains.cpp: Nishio, cell and region forcing chains, dynamic forcing chains.
//
// All of these are "what if" reasoning. Take an assumption (a candidate true, or false),
// follow what it forces, and look at where it leads:
//   - contradiction: it forces a cell or a house to lose every place for a digit, or a
//     candidate to be both true and false; the assumption is wrong;
//   - verity: every way a choice can go (both states of a candidate, every candidate of a
//     cell, every place of a digit in a house) forces the same conclusion; it holds.
//
// What "forces" means picks the technique (Sudoku Explainer's hierarchy, whose base
// ratings the grader uses: Nishio 7.5, cell/region forcing chains 8.0, dynamic 8.5):
//   single_digit  (Nishio) one digit only: d true in a cell removes d from its peers; a house
//                 left with one place for d puts it there, with none is a contradiction.
//   static        (cell/region forcing chains) the board's fixed links, the AIC links of
//                 aic.cpp: true removes the cell's other digits and the digit from peers;
//                 false makes the other digit of a two-candidate cell true, and the other
//                 place of a digit with two places in a house true.
//   dynamic       (dynamic forcing chains) singles on the board as the assumption changes
//                 it: a cell left with one candidate, a house left with one place for a
//                 digit, whatever removed the others.
//   dynamic_plus  (dynamic forcing chains "+", SE 9.0) the same, and when singles run out,
//                 locked candidates (pointing, claiming) on the assumed board, whose reasons
//                 are the removals that confined the digit; then singles again.
//
// Propagation runs on candidate states (cell, digit, true/false) held in bit sets, with the
// first reason each state was reached (its parents). A conclusion's chain length is the
// number of distinct states its proof needs (the state and all its ancestors), SE's
// "complexity": for a contradiction the two clashing states' proofs are counted apart (a
// cell or house left empty: its last removal against the others) and listed as two
// branches; for a verity the branches' proofs are added. The finders compute every
// assumption's consequences once per board (cached per thread, so the cell, region,
// contradiction and verity finders called one after the other on the same stalled board
// share them), then measure the proofs of the candidate conclusions and return one with the
// shortest chain. Only what each assumption reaches is kept: a verity's branches are
// propagated again when one of its conclusions is measured (propagation is deterministic, so
// the parents are the same), which is a few percent of the assumptions. With static links
// the links are fixed by the board, so what every assumption reaches is one closure of one
// graph, computed at once (Propagator::static_closure) instead of a walk per assumption.
// And a "+" run is a dynamic run until the singles run out, so a "+" analysis takes each
// assumption's outcome from the dynamic analysis of the same board where that has it, and
// goes on from there (Propagator::continue_plus).
//
// The other modes keep the assumed board as it changes: each cell's candidates, each
// (house, digit)'s count of places (with a large constant added once the digit is placed
// there, so that one compare says whether a removal can leave a hidden single), and, on
// shapes with peer sets, each digit's cells as a bit set, from which a placement's removals
// and a house's last place are read without scanning cells; the "+" rules read each
// (house, digit)'s places as a mask over the house. All of it is copied from the loaded
// board at every run (a few hundred bytes), except that Nishio, whose runs touch one digit,
// restores only the digit the last run changed.
//
// Nishio's runs touch one digit each, so what an analysis finds for digit d (which of its
// assumptions contradict, and how long each contradiction is) depends only on where d can go
// and where it is written. Along a grade most digits keep both from one Nishio analysis to the
// next (every 10th top1465 puzzle: 60% of the runs were for such a digit), so each digit's
// findings are kept per thread with the board they were made on (NishioMemo, which compares
// boards as NothingBefore does) and taken over where none of the cells that changed since held
// the digit, instead of running that digit's assumptions again.
//
// Bounds: one propagation reaches at most 2·cells·n states and stops at the first
// contradiction; a board has at most cells·n assumptions per state. Sizes above 16×16 are
// not searched (the state bit sets would be 25×25×625 bits per assumption).
#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <span>
#include <limits>

#include <fmt/format.h>

#include "advanced.hpp"

namespace sudokit::grading {
namespace {

enum class Mode : std::uint8_t { single_digit, static_links, dynamic, dynamic_plus };

constexpr int kNone = -1;
constexpr int kMaxN = 16;

/// Candidate states: id = (cell·n + digit-1)·2 + (true ? 1 : 0).
struct States {
  int n = 0;
  int state(int cell, int digit, bool on) const { return ((cell * n + digit - 1) << 1) | (on ? 1 : 0); }
  int cell(int s) const { return (s >> 1) / n; }
  int digit(int s) const { return (s >> 1) % n + 1; }
  static bool on(int s) { return (s & 1) != 0; }
};

/// The lowest cell of a non-empty set.
int first_cell(const CellBits& a) {
  for (int k = 0; k < CellBits::kWords; ++k)
    if (a.w[static_cast<std::size_t>(k)]) return k * 64 + lowest(a.w[static_cast<std::size_t>(k)]);
  return kNone;
}

/// The states of one run in the order they were reached. A state is reached at most once a
/// run, so the room reserved at load() (every state of the board) is never outgrown, and
/// adding one is a store: std::vector::push_back stayed a call on this path (about 3% of a
/// hard puzzle's grade).
class StateList {
 public:
  void reserve(std::size_t count) {
    if (items_.size() < count) items_.resize(count);
  }
  void clear() { size_ = 0; }
  void push_back(int state) { items_[size_++] = state; }
  std::size_t size() const { return size_; }
  int operator[](std::size_t i) const { return items_[i]; }

 private:
  std::vector<int> items_;
  std::size_t size_ = 0;
};

class Bits {
 public:
  void reset(std::size_t bits) { words_.assign((bits + 63) / 64, 0); }
  void clear() { std::fill(words_.begin(), words_.end(), 0); }
  bool test(int i) const { return (words_[static_cast<std::size_t>(i) >> 6] >> (i & 63)) & 1; }
  void set(int i) { words_[static_cast<std::size_t>(i) >> 6] |= std::uint64_t{1} << (i & 63); }
  std::vector<std::uint64_t>& words() { return words_; }
  const std::vector<std::uint64_t>& words() const { return words_; }

 private:
  std::vector<std::uint64_t> words_;
};

/// Follows one assumption to its consequences (or to a contradiction) on a fixed board.
class Propagator {
 public:
  Propagator(const Topology& topo, Mode mode) : topo_(topo), mode_(mode), house_count_(topo.houses()) {
    // Each cell's houses (row, column, box, then a variant's extra ones), flat: read for
    // every state added and expanded.
    houses_first_.assign(static_cast<std::size_t>(topo_.cells) + 1, 0);
    houses_of_.clear();
    for (int c = 0; c < topo_.cells; ++c) {
      houses_first_[static_cast<std::size_t>(c)] = static_cast<int>(houses_of_.size());
      houses_of_.push_back(topo_.row_house(c));
      houses_of_.push_back(topo_.col_house(c));
      houses_of_.push_back(topo_.box_house(c));
      if (!topo_.extra_mask.empty())
        for (std::uint64_t m = topo_.extra_mask[static_cast<std::size_t>(c)]; m; m &= m - 1) houses_of_.push_back(3 * topo_.n + lowest(m));
    }
    houses_first_[static_cast<std::size_t>(topo_.cells)] = static_cast<int>(houses_of_.size());
    // Beside each, the cell's bit in that house's place masks (its index in the house).
    house_bit_of_.resize(houses_of_.size());
    for (int c = 0; c < topo_.cells; ++c)
      for (int i = houses_first_[static_cast<std::size_t>(c)]; i < houses_first_[static_cast<std::size_t>(c) + 1]; ++i) {
        const std::span<const int> cells = topo_.house(houses_of_[static_cast<std::size_t>(i)]);
        const auto k = std::find(cells.begin(), cells.end(), c) - cells.begin();
        house_bit_of_[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>(1U << k);
      }
    cell_digit_.resize(static_cast<std::size_t>(topo_.cells * topo_.n));
    for (int i = 0; i < topo_.cells * topo_.n; ++i)
      cell_digit_[static_cast<std::size_t>(i)] =
          static_cast<std::uint32_t>((place_index(0, i % topo_.n + 1) << 16) | static_cast<std::size_t>((i / topo_.n) << 8) | static_cast<std::size_t>(i % topo_.n + 1));
    // The modes that track the assumed board read it as cell bit sets where the topology has
    // them (up to 256 cells): a placement's removals, a house's last place, and for
    // dynamic_plus the confinement of locked candidates.
    use_bits_ = mode_ != Mode::static_links && !topo_.peer_set.empty();
    // locked_candidates()'s tables (see confine_ and pair_at_).
    if (mode_ == Mode::dynamic_plus && topo_.n <= 9 && topo_.houses() <= std::numeric_limits<std::int8_t>::max()) {
      confine_.assign(static_cast<std::size_t>(topo_.houses()) << topo_.n, static_cast<std::int8_t>(kNone));
      for (int h = 0; h < topo_.houses(); ++h) {
        const std::uint32_t places = static_cast<std::uint32_t>(topo_.house(h).size());
        for (std::uint32_t left = 1; left < (1U << places); ++left)
          confine_[(static_cast<std::size_t>(h) << topo_.n) | left] = static_cast<std::int8_t>(confined_in(h, left));
      }
    }
    if (mode_ == Mode::dynamic_plus) {
      pair_at_.resize(static_cast<std::size_t>(topo_.houses() * topo_.n));
      for (int h = 0; h < topo_.houses(); ++h)
        for (int d = 1; d <= topo_.n; ++d)
          pair_at_[static_cast<std::size_t>(h * topo_.n + d - 1)] = {static_cast<std::uint32_t>(place_index(h, d)), static_cast<std::uint16_t>(h),
                                                                     static_cast<std::uint16_t>(d)};
    }
    if (use_bits_) {
      house_set_.resize(static_cast<std::size_t>(topo_.houses()));
      for (int h = 0; h < topo_.houses(); ++h)
        for (int c : topo_.house(h)) house_set_[static_cast<std::size_t>(h)].set(c);
    }
  }

  /// Takes `board` (of this topology) as the fixed board assumptions are made on.
  void load(const Board& board) {
    states_.n = topo_.n;
    const int count = topo_.cells * topo_.n * 2;
    known_.reset(static_cast<std::size_t>(count));
    order_.reserve(static_cast<std::size_t>(count));
    // A state's record is written when it is reached, before anything reads it; the mark()
    // stamps run on from board to board (cleared only when they wrap): neither needs
    // clearing here, tens of kilobytes a board.
    node_.resize(static_cast<std::size_t>(count));
    stamp_.resize(static_cast<std::size_t>(count), 0);
    base_.resize(static_cast<std::size_t>(topo_.cells));
    for (int c = 0; c < topo_.cells; ++c) base_[static_cast<std::size_t>(c)] = board.value(c) ? 0 : board.candidates(c);
    // The cells holding each digit (shapes with peer sets).
    const bool peer_bits = !topo_.peer_set.empty();
    if (peer_bits) {
      base_digit_cells_.resize(static_cast<std::size_t>(topo_.n));
      for (int d = 1; d <= topo_.n; ++d) base_digit_cells_[static_cast<std::size_t>(d - 1)] = board.cells_with(d);
    }
    // What a true state removes is fixed by the board (its cell's other candidates, then
    // the digit in its peers, in peer order): listed once here instead of re-scanning the
    // peers at every expansion. A child already known is skipped by add() either way, so
    // this visits exactly what a scan of the shrinking candidates would. The dynamic modes
    // on bit sets read the same off the assumed board instead (expand()).
    on_first_.assign(static_cast<std::size_t>(count / 2 + 1), 0);
    on_children_.clear();
    // The peers holding a digit: from the bit sets where the topology has them (ascending,
    // which is peer order: peers are sorted), else by scanning the peers.
    for (int c = 0; c < topo_.cells && !use_bits_; ++c)
      for (int d = 1; d <= topo_.n; ++d) {
        const int index = c * topo_.n + d - 1;
        on_first_[static_cast<std::size_t>(index)] = static_cast<int>(on_children_.size());
        const std::uint64_t dbit = digit_bit(d);
        if (!(base_[static_cast<std::size_t>(c)] & dbit)) continue;
        if (mode_ != Mode::single_digit)
          for (std::uint64_t m = base_[static_cast<std::size_t>(c)] & ~dbit; m; m &= m - 1)
            on_children_.push_back(states_.state(c, lowest(m) + 1, false));
        if (peer_bits) {
          (topo_.peer_set[static_cast<std::size_t>(c)] & base_digit_cells_[static_cast<std::size_t>(d - 1)]).for_each([&](int p) {
            on_children_.push_back(states_.state(p, d, false));
          });
        } else {
          for (int p : topo_.peers(c))
            if (base_[static_cast<std::size_t>(p)] & dbit) on_children_.push_back(states_.state(p, d, false));
        }
      }
    on_first_[static_cast<std::size_t>(count / 2)] = static_cast<int>(on_children_.size());
    base_house_on_.resize(static_cast<std::size_t>(topo_.houses()));
    base_count_.assign(static_cast<std::size_t>(topo_.houses() * topo_.n), 0);
    pair_places_.assign(static_cast<std::size_t>(2 * topo_.houses() * topo_.n), kNone);
    for (int h = 0; h < topo_.houses(); ++h) {
      base_house_on_[static_cast<std::size_t>(h)] = board.placed_in(h);
      for (int c : topo_.house(h))
        for (std::uint64_t m = base_[static_cast<std::size_t>(c)]; m; m &= m - 1) {
          const std::size_t hd = static_cast<std::size_t>(h * topo_.n + lowest(m));
          const int seen = base_count_[hd]++;
          if (seen < 2) pair_places_[2 * hd + static_cast<std::size_t>(seen)] = c;  // the first two places, in house order
        }
    }
    base16_.resize(base_.size());
    for (std::size_t c = 0; c < base_.size(); ++c) base16_[c] = static_cast<std::uint16_t>(base_[c]);
    base_place_count_.resize(base_count_.size());
    for (int h = 0; h < topo_.houses(); ++h)
      for (int d = 1; d <= topo_.n; ++d) {
        const std::size_t hd = static_cast<std::size_t>(h * topo_.n + d - 1);
        const bool placed = (base_house_on_[static_cast<std::size_t>(h)] & digit_bit(d)) != 0;
        base_place_count_[place_index(h, d)] = static_cast<std::int16_t>(base_count_[hd] + (placed ? kPlaced : 0));
      }
    if (mode_ == Mode::dynamic_plus) {
      base_place_mask_.assign(base_count_.size(), 0);
      for (int h = 0; h < topo_.houses(); ++h)
        for (int k = 0; k < topo_.n; ++k)
          for (std::uint64_t m = base_[static_cast<std::size_t>(topo_.house(h)[static_cast<std::size_t>(k)])]; m; m &= m - 1)
            base_place_mask_[place_index(h, lowest(m) + 1)] |= static_cast<std::uint16_t>(1U << k);
      place_mask_ = base_place_mask_;
    }
    // The assumed board starts as the board; a run changes it (single_digit: one digit's part).
    cand_ = base16_;
    count_ = base_place_count_;
    if (use_bits_) digit_cells_ = base_digit_cells_;
    dirty_.assign((count_.size() + 63) / 64, 0);
    run_digit_ = kNone;
  }

  const States& states() const { return states_; }

  /// `to` = `from`, two vectors of one size (load() sized them): the run-start copies of the
  /// assumed board, where vector's assignment cost more around the copy than the copy.
  template <class T>
  static void copy_over(std::vector<T>& to, const std::vector<T>& from) {
    if (!from.empty()) std::memcpy(to.data(), from.data(), from.size() * sizeof(T));
  }

  /// dynamic_plus only: what a run from an assumption reaches, given what a dynamic run from
  /// it (singles only) reached without a contradiction, `reach` (known()'s words). A "+" run
  /// starts with exactly that run (the same rules in the same order: the "+" rules wait for
  /// the singles to run out), so at its first pause the assumed board is the board less
  /// `reach`'s removals and placements; from there locked candidates and singles go on. True
  /// when that ends without a contradiction: known() then holds the full run's reach (a
  /// fixpoint of monotone rules, whatever the order). False on a contradiction, whose length
  /// needs the parents of the states before the pause, which are not recorded here: the
  /// caller runs it in full.
  bool continue_plus(const std::uint64_t* reach) {
    known_.clear();
    order_.clear();
    pool_.clear();
    conflict_.clear();
    copy_over(count_, base_place_count_);
    copy_over(place_mask_, base_place_mask_);
    std::fill(dirty_.begin(), dirty_.end(), 0);
    contradiction_ = false;
    return three_houses_ ? go_on_plus<true>(reach) : go_on_plus<false>(reach);
  }

  /// Propagates from `assumption`; true when it leads to a contradiction.
  bool run(int assumption) {
    known_.clear();
    order_.clear();
    pool_.clear();
    conflict_.clear();
    if (mode_ == Mode::single_digit && use_bits_) {
      // One digit's states only: what the last run changed is that digit's places and cells
      // (candidates are not read on bit sets).
      if (run_digit_ != kNone) restore_digit(run_digit_);
      run_digit_ = states_.digit(assumption);
    } else if (tracks_board_) {
      copy_over(cand_, base16_);
      copy_over(count_, base_place_count_);
      if (mode_ == Mode::dynamic_plus) {
        copy_over(place_mask_, base_place_mask_);
        std::fill(dirty_.begin(), dirty_.end(), 0);
      }
      if (use_bits_) copy_over(digit_cells_, base_digit_cells_);
    }
    contradiction_ = false;
    // One loop per mode, so that the mode's tests are made once per run, not per state.
    switch (mode_) {
      case Mode::single_digit: three_houses_ ? propagate<Mode::single_digit, true>(assumption) : propagate<Mode::single_digit, false>(assumption); break;
      case Mode::static_links: three_houses_ ? propagate<Mode::static_links, true>(assumption) : propagate<Mode::static_links, false>(assumption); break;
      case Mode::dynamic: three_houses_ ? propagate<Mode::dynamic, true>(assumption) : propagate<Mode::dynamic, false>(assumption); break;
      case Mode::dynamic_plus: three_houses_ ? propagate<Mode::dynamic_plus, true>(assumption) : propagate<Mode::dynamic_plus, false>(assumption); break;
    }
    return contradiction_;
  }

  bool contradiction() const { return contradiction_; }
  const Bits& known() const { return known_; }

  /// The contradiction of the last run() as two groups of states whose proofs clash: a
  /// state and its opposite, or the removal that emptied a cell or house and the others.
  std::vector<int> clash_last() const { return {conflict_.back()}; }
  std::vector<int> clash_rest() const { return {conflict_.begin(), conflict_.end() - 1}; }
  /// SE's complexity of the contradiction: the two groups' proofs counted apart.
  int contradiction_length() { return ancestors(clash_last()) + ancestors(clash_rest()); }
  /// Distinct states in the proofs of `targets` (each state and its ancestors).
  int ancestors(const std::vector<int>& targets) {
    mark(targets);
    return static_cast<int>(marked_.size());
  }
  /// The same for one target (no vector built: verities ask this thousands of times a board).
  int ancestors(int target) {
    single_[0] = target;
    mark(single_);
    return static_cast<int>(marked_.size());
  }
  /// Static links only: what each state reaches, for every state at once. The links are
  /// fixed by the board, so a run() is a walk of one fixed graph and what it reaches is the
  /// state's closure in that graph (when it meets no contradiction, which stops a run early).
  /// The strongly connected parts of the graph (Tarjan's algorithm) come out sinks first,
  /// so each part's closure is its own states and its successors' closures, one OR each:
  /// tens of microseconds for a board, where a run per assumption took hundreds.
  /// Afterwards closure(s) points at `words()` words: state s's reach.
  void static_closure() {
    const int count = topo_.cells * topo_.n * 2;
    words_ = static_cast<std::size_t>(count + 63) / 64;
    // The graph, as lists: a true state's children are fixed at load(); a false state's
    // are the other candidate of a two-candidate cell and the other place of a digit with
    // two places in a house (expand()'s static rule).
    adj_first_.assign(static_cast<std::size_t>(count) + 1, 0);
    adj_.clear();
    // States in id order (cell, digit, false then true), cell and digit counted rather than
    // divided out of the id.
    int s = 0;
    for (int cell = 0; cell < topo_.cells; ++cell) {
      const std::uint64_t m = base_[static_cast<std::size_t>(cell)];
      for (int digit = 1; digit <= topo_.n; ++digit)
        for (int on = 0; on < 2; ++on, ++s) {
          adj_first_[static_cast<std::size_t>(s)] = static_cast<int>(adj_.size());
          const std::uint64_t dbit = digit_bit(digit);
          if (!(m & dbit)) continue;
          if (on) {
            const int index = s >> 1;
            adj_.insert(adj_.end(), on_children_.begin() + on_first_[static_cast<std::size_t>(index)],
                        on_children_.begin() + on_first_[static_cast<std::size_t>(index + 1)]);
            continue;
          }
          if (popcount(m) == 2) adj_.push_back(states_.state(cell, lowest(m & ~dbit) + 1, true));
          int houses[kMaxCellHouses];
          const int in_houses = cell_houses(cell, houses);
          for (int i = 0; i < in_houses; ++i) {
            const std::size_t hd = static_cast<std::size_t>(houses[i] * topo_.n + digit - 1);
            if (base_count_[hd] != 2) continue;
            const int other = pair_places_[2 * hd + 1] != cell ? pair_places_[2 * hd + 1] : pair_places_[2 * hd];
            adj_.push_back(states_.state(other, digit, true));
          }
        }
    }
    adj_first_[static_cast<std::size_t>(count)] = static_cast<int>(adj_.size());
    // Tarjan, iteratively: frames of (state, next child).
    index_.assign(static_cast<std::size_t>(count), -1);
    low_.assign(static_cast<std::size_t>(count), 0);
    part_.assign(static_cast<std::size_t>(count), -1);
    part_reach_.clear();
    part_sink_.clear();
    tarjan_stack_.clear();
    int next_index = 0, parts = 0;
    for (int c = 0; c < topo_.cells; ++c)
    for (std::uint64_t m = base_[static_cast<std::size_t>(c)]; m; m &= m - 1)
    for (int root = states_.state(c, lowest(m) + 1, false), last = root + 1; root <= last; ++root) {
      if (index_[static_cast<std::size_t>(root)] >= 0) continue;
      frames_.clear();
      frames_.push_back({root, adj_first_[static_cast<std::size_t>(root)]});
      index_[static_cast<std::size_t>(root)] = low_[static_cast<std::size_t>(root)] = next_index++;
      tarjan_stack_.push_back(root);
      while (!frames_.empty()) {
        Frame& f = frames_.back();
        const std::size_t v = static_cast<std::size_t>(f.state);
        if (f.next < adj_first_[v + 1]) {
          const int w = adj_[static_cast<std::size_t>(f.next++)];
          const std::size_t wi = static_cast<std::size_t>(w);
          if (index_[wi] < 0) {
            index_[wi] = low_[wi] = next_index++;
            tarjan_stack_.push_back(w);
            frames_.push_back({w, adj_first_[wi]});
          } else if (part_[wi] < 0) {  // on the stack
            low_[v] = std::min(low_[v], index_[wi]);
          }
          continue;
        }
        // Every child done: a part's root closes it.
        if (low_[v] == index_[v]) {
          const std::size_t base = part_reach_.size();
          part_reach_.resize(base + words_, 0);
          std::size_t top = tarjan_stack_.size();
          do {
            --top;
            part_[static_cast<std::size_t>(tarjan_stack_[top])] = parts;
          } while (tarjan_stack_[top] != f.state);
          // A part of one state that leads nowhere (most removals: no two-candidate cell
          // or two-place house to follow) reaches only itself: its bit, not its words.
          const bool alone = top + 1 == tarjan_stack_.size() && adj_first_[v] == adj_first_[v + 1];
          part_sink_.push_back(alone ? f.state : kNone);
          for (std::size_t k = top; k < tarjan_stack_.size(); ++k) {
            const int member = tarjan_stack_[k];
            part_reach_[base + static_cast<std::size_t>(member >> 6)] |= std::uint64_t{1} << (member & 63);
            std::uint64_t* to = part_reach_.data() + base;
            for (int e = adj_first_[static_cast<std::size_t>(member)]; e < adj_first_[static_cast<std::size_t>(member) + 1]; ++e) {
              const int into = part_[static_cast<std::size_t>(adj_[static_cast<std::size_t>(e)])];
              if (into == parts) continue;
              if (const int sink = part_sink_[static_cast<std::size_t>(into)]; sink != kNone) {
                to[static_cast<std::size_t>(sink >> 6)] |= std::uint64_t{1} << (sink & 63);
                continue;
              }
              const std::uint64_t* from = part_reach_.data() + static_cast<std::size_t>(into) * words_;
              for (std::size_t k2 = 0; k2 < words_; ++k2) to[k2] |= from[k2];
            }
          }
          tarjan_stack_.resize(top);
          ++parts;
        }
        const int done = f.state;
        frames_.pop_back();
        if (!frames_.empty()) {
          const std::size_t parent = static_cast<std::size_t>(frames_.back().state);
          low_[parent] = std::min(low_[parent], low_[static_cast<std::size_t>(done)]);
        }
      }
    }
  }
  /// After static_closure(): state s's reach (words() words).
  const std::uint64_t* closure(int s) const {
    return part_reach_.data() + static_cast<std::size_t>(part_[static_cast<std::size_t>(s)]) * words_;
  }
  std::size_t words() const { return words_; }

  /// The proof of `targets` in derivation order.
  std::vector<int> proof(const std::vector<int>& targets) {
    mark(targets);
    std::vector<int> out = marked_;
    std::sort(out.begin(), out.end(), [this](int a, int b) { return node_[static_cast<std::size_t>(a)].seq < node_[static_cast<std::size_t>(b)].seq; });
    return out;
  }

 private:
  // A state's cell and digit from a table: States' division by n costs more on this path.
  int cell_of(int s) const { return static_cast<int>((cell_digit_[static_cast<std::size_t>(s >> 1)] >> 8) & 0xFF); }
  int digit_of(int s) const { return static_cast<int>(cell_digit_[static_cast<std::size_t>(s >> 1)] & 0xFF); }
  /// place_index(0, digit_of(s)): where the state's digit's counts start.
  std::size_t digit_at(int s) const { return cell_digit_[static_cast<std::size_t>(s >> 1)] >> 16; }

  // The run's rules, compiled per mode and for K, "three houses": every cell in exactly its
  // row, column and box (no variant houses), so that the loops over a cell's houses have a
  // fixed count (house_range()): about 4% of a hard grade's instructions.
  template <Mode M, bool K>
  void propagate(int assumption) {
    add<M, K>(assumption, {});
    std::size_t qi = 0;
    for (;;) {
      for (; qi < order_.size() && !contradiction_; ++qi) {
        if constexpr (M == Mode::dynamic)
          expand_rules<M, K>(order_[qi]);
        else
          expand<M, K>(order_[qi]);
      }
      // Singles exhausted: the "plus" rules, then singles again on what they removed.
      if (contradiction_ || M != Mode::dynamic_plus || !locked_candidates<K>()) break;
    }
  }

  /// continue_plus() on the places it reset: `reach` marked as known and on the board, then
  /// locked candidates and singles until neither acts. The first pass of locked candidates
  /// reads only the places (counts and masks per house and digit), and on hardest_1106 about
  /// three "+" continuations in four end there with nothing added; so the cells' side of the
  /// assumed board (candidates, each digit's cells), which the singles read, is made only
  /// when that pass removed something: from the board, less `reach`'s removals and the pass's
  /// (writes to it commute: each only clears a bit, so the pass's earlier writes to the stale
  /// copy are simply made again).
  template <bool K>
  bool go_on_plus(const std::uint64_t* reach) {
    std::vector<std::uint64_t>& words = known_.words();
    for (std::size_t k = 0; k < words.size(); ++k) {
      words[k] = reach[k];
      for (std::uint64_t m = reach[k]; m; m &= m - 1) mark_places<K>(static_cast<int>(k * 64) + lowest(m));
    }
    if (!locked_candidates<K>()) return !contradiction_;
    if (contradiction_) return false;
    copy_over(cand_, base16_);
    if (use_bits_) copy_over(digit_cells_, base_digit_cells_);
    for (std::size_t k = 0; k < words.size(); ++k)
      for (std::uint64_t m = reach[k]; m; m &= m - 1) mark_cells(static_cast<int>(k * 64) + lowest(m));
    for (std::size_t i = 0; i < order_.size(); ++i) mark_cells(order_[i]);
    for (std::size_t qi = 0;;) {
      for (; qi < order_.size(); ++qi) {
        expand<Mode::dynamic_plus, K>(order_[qi]);
        if (contradiction_) return false;
      }
      if (!locked_candidates<K>()) break;
      if (contradiction_) return false;
    }
    return !contradiction_;
  }

  /// `cell`'s houses: where they start in houses_of_ (and house_bit_of_), and how many; with
  /// K a fixed three. The callers keep a pointer of their own into houses_of_, which the
  /// stores of a run would otherwise make the compiler reload at every house.
  template <bool K>
  std::pair<int, int> house_range(int cell) const {
    if constexpr (K) return {3 * cell, 3};
    const int first = houses_first_[static_cast<std::size_t>(cell)];
    return {first, houses_first_[static_cast<std::size_t>(cell) + 1] - first};
  }

  template <Mode M, bool K>
  void add(int s, std::initializer_list<int> parents) { add_span<M, K>(s, parents.begin(), parents.size()); }

  /// Adds state `s` (when new) with its parents, and changes the assumed board to match. Kept
  /// out of line (see expand()): the singles and locked candidates call it, a placement's
  /// removals take add_removal().
  template <Mode M, bool K>
  [[gnu::noinline]] void add_span(int s, const int* parents, std::size_t count) {
    if (known_.test(s)) return;
    known_.set(s);
    Node& node = node_[static_cast<std::size_t>(s)];
    // One parent (most states: the removals a placement makes) is held in the record itself.
    node.first_parent = count == 1 ? parents[0] : static_cast<int>(pool_.size());
    node.parent_count = static_cast<int>(count);
    node.seq = static_cast<int>(order_.size());
    // Mostly one or two parents: appended inline (insert's memmove call cost more than the copy).
    if (count > 1)
      for (std::size_t i = 0; i < count; ++i) pool_.push_back(parents[i]);
    order_.push_back(s);
    const int cell = cell_of(s), digit = digit_of(s);
    if (known_.test(s ^ 1)) {  // both true and false
      conflict_ = {s ^ 1, s};
      contradiction_ = true;
      return;
    }
    if constexpr (M == Mode::static_links) return;  // static links read the fixed board only
    if (States::on(s)) {
      // The digit's counts lie together: one offset for the cell's houses.
      const auto [first, many] = house_range<K>(cell);
      const int* const hs = houses_of_.data() + first;
      std::int16_t* const counts = count_.data() + digit_at(s);
      for (int i = 0; i < many; ++i) counts[hs[i]] += kPlaced;
    } else {
      take_off_board<M, K>(s, cell, digit);
    }
  }

  /// add_span() for the commonest state: a removal with one parent, which a placement makes
  /// of its cell's other candidates and of its digit in the peers (expand() on bit sets): the
  /// same writes, less the tests that case makes moot. Always compiled into the caller (see
  /// expand()).
  template <Mode M, bool K>
  [[gnu::always_inline]] inline void add_removal(int s, int parent) {
    static_assert(M != Mode::static_links, "static links keep no assumed board");
    if (known_.test(s)) return;
    known_.set(s);
    Node& node = node_[static_cast<std::size_t>(s)];
    node.first_parent = parent;
    node.parent_count = 1;
    node.seq = static_cast<int>(order_.size());
    order_.push_back(s);
    if (known_.test(s ^ 1)) {  // both true and false
      conflict_ = {s ^ 1, s};
      contradiction_ = true;
      return;
    }
    take_off_board<M, K>(s, cell_of(s), digit_of(s));
  }

  /// A removal's changes to the assumed board: the cell's candidates, the digit's cells, the
  /// counts of places (and for dynamic_plus the place masks and dirty pairs) of its houses.
  template <Mode M, bool K>
  [[gnu::always_inline]] inline void take_off_board(int s, int cell, int digit) {
    // The digit's counts (and masks) lie together: one offset for the cell's houses.
    const std::size_t at = digit_at(s);
    const auto [first, many] = house_range<K>(cell);
    const int* const hs = houses_of_.data() + first;
    std::int16_t* const counts = count_.data() + at;
    if (M != Mode::single_digit || !use_bits_) cand_[static_cast<std::size_t>(cell)] &= static_cast<std::uint16_t>(~digit_bit(digit));
    if (use_bits_) digit_cells_[static_cast<std::size_t>(digit - 1)].reset(cell);
    for (int i = 0; i < many; ++i) {
      const int h = hs[i];
      --counts[h];
      if constexpr (M == Mode::dynamic_plus) {  // locked candidates look here again
        place_mask_[at + static_cast<std::size_t>(h)] &= static_cast<std::uint16_t>(~house_bit_of_[static_cast<std::size_t>(first + i)]);
        const std::size_t hd = static_cast<std::size_t>(h * states_.n + digit - 1);
        dirty_[hd >> 6] |= std::uint64_t{1} << (hd & 63);
      }
    }
  }

  /// add_span<dynamic_plus>'s changes to the places (counts, masks, dirty pairs) for a state
  /// already known; mark_cells() makes the rest.
  template <bool K>
  void mark_places(int s) {
    const int cell = cell_of(s), digit = digit_of(s);
    const std::size_t at = digit_at(s);
    const auto [first, many] = house_range<K>(cell);
    const int* const hs = houses_of_.data() + first;
    if (States::on(s)) {
      for (int i = 0; i < many; ++i) count_[at + static_cast<std::size_t>(hs[i])] += kPlaced;
      return;
    }
    for (int i = 0; i < many; ++i) {
      const int h = hs[i];
      --count_[at + static_cast<std::size_t>(h)];
      place_mask_[at + static_cast<std::size_t>(h)] &= static_cast<std::uint16_t>(~house_bit_of_[static_cast<std::size_t>(first + i)]);
      const std::size_t hd = static_cast<std::size_t>(h * states_.n + digit - 1);
      dirty_[hd >> 6] |= std::uint64_t{1} << (hd & 63);
    }
  }

  /// add_span<dynamic_plus>'s changes to the cells' side (candidates, each digit's cells) for
  /// a state already known.
  void mark_cells(int s) {
    if (States::on(s)) return;
    const int cell = cell_of(s), digit = digit_of(s);
    cand_[static_cast<std::size_t>(cell)] &= static_cast<std::uint16_t>(~digit_bit(digit));
    if (use_bits_) digit_cells_[static_cast<std::size_t>(digit - 1)].reset(cell);
  }

  // Where the rules are compiled in: the dynamic ones inside the run's loop (propagate),
  // every other mode's in a function of its own (expand); a placement's removals inside the
  // rules (add_removal), every other state in add_span, out of line. Left to GCC, these
  // choices flipped with unrelated edits to this file, and with them the dynamic runs' cost
  // by 3% of a hard grade's instructions. Fixed here: 0.985× the instructions of the best
  // layout GCC had chosen (docs/PERFORMANCE.md, Grader speed, session 27).
  template <Mode M, bool K>
  [[gnu::noinline]] void expand(int s) {
    expand_rules<M, K>(s);
  }

  template <Mode M, bool K>
  [[gnu::always_inline]] inline void expand_rules(int s) {
    const int cell = cell_of(s), digit = digit_of(s);
    const std::uint64_t dbit = digit_bit(digit);
    if (States::on(s)) {
      if constexpr (M != Mode::static_links) {
        if (use_bits_) {
          // The same children as the list below, in its order (the cell's other candidates,
          // then its peers holding the digit, ascending), less those known already: read off
          // the assumed board, which lacks exactly the known removals. Adding one child makes
          // no other known, so the sets can be taken before the first is added.
          const CellBits fresh = topo_.peer_set[static_cast<std::size_t>(cell)] & digit_cells_[static_cast<std::size_t>(digit - 1)];
          if constexpr (M != Mode::single_digit)
            for (std::uint64_t m = cand_[static_cast<std::size_t>(cell)] & ~dbit; m; m &= m - 1) {
              add_removal<M, K>(states_.state(cell, lowest(m) + 1, false), s);
              if (contradiction_) return;
            }
          for (int k = 0; k < CellBits::kWords; ++k)
            for (std::uint64_t m = fresh.w[static_cast<std::size_t>(k)]; m; m &= m - 1) {
              add_removal<M, K>(states_.state(k * 64 + lowest(m), digit, false), s);
              if (contradiction_) return;
            }
          return;
        }
      }
      const int index = s >> 1;
      const int end = on_first_[static_cast<std::size_t>(index + 1)];
      for (int i = on_first_[static_cast<std::size_t>(index)]; i < end; ++i) {
        const int child = on_children_[static_cast<std::size_t>(i)];
        if (known_.test(child)) continue;
        add<M, K>(child, {s});
        if (contradiction_) return;
      }
      return;
    }
    // False: what it leaves single.
    if constexpr (M == Mode::static_links) {
      const std::uint64_t m = base_[static_cast<std::size_t>(cell)];
      if (popcount(m) == 2) add<M, K>(states_.state(cell, lowest(m & ~dbit) + 1, true), {s});
      const auto [first, many] = house_range<K>(cell);
      const int* const hs = houses_of_.data() + first;
      for (int i = 0; i < many; ++i) {
        const int h = hs[i];
        if (contradiction_) return;
        // The digit's other place when the house has exactly two (the later one in house
        // order unless `cell` is it).
        const std::size_t hd = static_cast<std::size_t>(h * states_.n + digit - 1);
        if (base_count_[hd] != 2) continue;
        const int other = pair_places_[2 * hd + 1] != cell ? pair_places_[2 * hd + 1] : pair_places_[2 * hd];
        add<M, K>(states_.state(other, digit, true), {s});
      }
      return;
    } else {  // singles on the assumed board
      if constexpr (M == Mode::dynamic || M == Mode::dynamic_plus) {
        const std::uint64_t left = cand_[static_cast<std::size_t>(cell)];
        if ((left & (left - 1)) == 0 && !known_.test(states_.state(cell, left ? lowest(left) + 1 : digit, true))) {
          scratch_.clear();
          for (std::uint64_t m = base_[static_cast<std::size_t>(cell)] & ~left; m; m &= m - 1)
            scratch_.push_back(states_.state(cell, lowest(m) + 1, false));
          if (left == 0) {
            // Every candidate false; unless one of them is also true (caught when it was added).
            conflict_ = scratch_;
            order_conflict_last(s);
            contradiction_ = true;
            return;
          }
          add_span<M, K>(states_.state(cell, lowest(left) + 1, true), scratch_.data(), scratch_.size());
          if (contradiction_) return;
        }
      }
      // Most removals leave every house two places or more: that test first, on a local pointer
      // (the stores of add_span would otherwise make the compiler reload the vector's data).
      const std::int16_t* const counts = count_.data() + digit_at(s);
      const auto [first, many] = house_range<K>(cell);
      const int* const hs = houses_of_.data() + first;
      for (int i = 0; i < many; ++i) {
        const int h = hs[i];
        if (counts[h] > 1) continue;  // two places or more, or placed (kPlaced)
        // The place left (if any), and the removals that emptied the rest: the parents (their
        // order does not matter: proofs are sorted by derivation order).
        int place = kNone, places = 0;
        scratch_.clear();
        if (use_bits_) {
          const CellBits& in_h = house_set_[static_cast<std::size_t>(h)];
          const CellBits left = digit_cells_[static_cast<std::size_t>(digit - 1)] & in_h;
          place = first_cell(left);
          places = place == kNone ? 0 : 1;
          minus(base_digit_cells_[static_cast<std::size_t>(digit - 1)] & in_h, left).for_each([&](int c) {
            scratch_.push_back(states_.state(c, digit, false));
          });
        } else {
          for (int c : topo_.house(h))
            if (cand_[static_cast<std::size_t>(c)] & dbit) {
              ++places;
              place = c;
            }
          for (int c : topo_.house(h))
            if (c != place && (base_[static_cast<std::size_t>(c)] & dbit)) scratch_.push_back(states_.state(c, digit, false));
        }
        if (places == 0) {
          conflict_ = scratch_;
          order_conflict_last(s);
          contradiction_ = true;
          return;
        }
        add_span<M, K>(states_.state(place, digit, true), scratch_.data(), scratch_.size());
        if (contradiction_) return;
      }
    }
  }

  /// Locked candidates on the assumed board: a digit confined to one line inside a box (or
  /// to one box inside a line) leaves the rest of the line (box); the removals that
  /// confined it are the reasons. True when it removed something.
  template <bool K>
  bool locked_candidates() {
    const int n = topo_.n, houses_count = topo_.houses();
    const std::size_t before = order_.size();
    // Only (house, digit) pairs that lost a place since the last look: the board itself had
    // nothing left for these rules where the assumption changed nothing.
    // As a bit set taken whole, read in increasing (house, digit) order; what this pass
    // removes marks pairs for the next pass.
    todo_words_.swap(dirty_);
    dirty_.assign(todo_words_.size(), 0);
    // What houses a and b share, as a mask of a's places (Topology::shared_slots).
    auto shared = [&](int a, int b) {
      return static_cast<std::uint32_t>(topo_.shared_slots[static_cast<std::size_t>(a * houses_count + b)]);
    };
    for (std::size_t w = 0; w < todo_words_.size() && !contradiction_; ++w)
      for (std::uint64_t bits = todo_words_[w]; bits && !contradiction_; bits &= bits - 1) {
        const Pair pair = pair_at_[w * 64 + static_cast<std::size_t>(lowest(bits))];
        // Placed in h (kPlaced added), or fewer than two places: nothing to confine.
        if (const int places = count_[pair.place]; places < 2 || places >= kPlaced) continue;
        const int h = pair.house, d = pair.digit;
        // The one other house holding every place of d in h (a line for a box, a box for a
        // line): the first place's row, column or box is the only one that can.
        const std::uint32_t left = place_mask_[pair.place];
        const int target = confine_.empty() ? confined_in(h, left) : confine_[(static_cast<std::size_t>(h) << n) | left];
        if (target == kNone) continue;
        // The reasons: the places of h the assumption emptied outside the target (none: the
        // board confined it itself, nothing assumed). The removals: d's places in the target
        // outside h. Both in house order.
        const std::uint32_t emptied = base_place_mask_[pair.place] & ~left & ~shared(h, target);
        if (!emptied) continue;
        const std::uint32_t removed = place_mask_[place_index(target, d)] & ~shared(target, h);
        if (!removed) continue;
        scratch_.clear();
        for (std::uint32_t m = emptied; m; m &= m - 1)
          scratch_.push_back(states_.state(topo_.house(h)[static_cast<std::size_t>(lowest(m))], d, false));
        for (std::uint32_t m = removed; m; m &= m - 1) {
          // add_span leaves scratch_ alone, and one removal makes no other known.
          add_span<Mode::dynamic_plus, K>(states_.state(topo_.house(target)[static_cast<std::size_t>(lowest(m))], d, false), scratch_.data(), scratch_.size());
          if (contradiction_) break;
        }
      }
    return order_.size() > before;
  }

  /// The one other house holding every place `left` (a mask over house h's cells, two or
  /// more) of a digit in h: a line for a box, a box for a line (the first place's row,
  /// column or box is the only one that can), or kNone.
  int confined_in(int h, std::uint32_t left) const {
    const int houses_count = topo_.houses();
    auto shared = [&](int a, int b) {
      return static_cast<std::uint32_t>(topo_.shared_slots[static_cast<std::size_t>(a * houses_count + b)]);
    };
    const int first = topo_.house(h)[static_cast<std::size_t>(lowest(left))];
    if (h >= 2 * topo_.n) {
      if (!(left & ~shared(h, topo_.row_house(first)))) return topo_.row_house(first);
      if (!(left & ~shared(h, topo_.col_house(first)))) return topo_.col_house(first);
      return kNone;
    }
    return !(left & ~shared(h, topo_.box_house(first))) ? topo_.box_house(first) : kNone;
  }

  /// Puts `last` (the removal that emptied a cell or house) at the end of conflict_.
  void order_conflict_last(int last) {
    auto it = std::find(conflict_.begin(), conflict_.end(), last);
    if (it != conflict_.end()) std::iter_swap(it, conflict_.end() - 1);
  }

  void mark(const std::vector<int>& targets) {
    if (++generation_ == 0) {  // wrapped: old stamps could match again
      std::fill(stamp_.begin(), stamp_.end(), 0);
      generation_ = 1;
    }
    marked_.clear();
    todo_ = targets;
    while (!todo_.empty()) {
      const int s = todo_.back();
      todo_.pop_back();
      if (stamp_[static_cast<std::size_t>(s)] == generation_) continue;
      stamp_[static_cast<std::size_t>(s)] = generation_;
      marked_.push_back(s);
      const Node& node = node_[static_cast<std::size_t>(s)];
      if (node.parent_count == 1)
        todo_.push_back(node.first_parent);
      else
        for (int i = 0; i < node.parent_count; ++i) todo_.push_back(pool_[static_cast<std::size_t>(node.first_parent + i)]);
    }
  }

  /// The houses of `cell`: its row, column and box, then a variant's extra houses (x's
  /// diagonals, hyper's windows) in house order. Returns how many.
  static constexpr int kMaxCellHouses = 3 + 64;
  int cell_houses(int cell, int* out) const {
    const std::span<const int> hs = houses(cell);
    std::copy(hs.begin(), hs.end(), out);
    return static_cast<int>(hs.size());
  }
  std::span<const int> houses(int cell) const {
    const int first = houses_first_[static_cast<std::size_t>(cell)];
    return {houses_of_.data() + first, static_cast<std::size_t>(houses_first_[static_cast<std::size_t>(cell) + 1] - first)};
  }

  const Topology& topo_;
  Mode mode_;
  // Whether propagation reads the assumed board (candidates, places per house): every mode
  // but the static links, which follow the board's fixed links only and so skip keeping it.
  bool tracks_board_ = mode_ != Mode::static_links;
  States states_;
  std::vector<std::uint64_t> base_, base_house_on_;
  // The assumed board's candidates, 16 bits a cell (n is at most kMaxN): copied from base16_
  // at every run, so kept small.
  std::vector<std::uint16_t> base16_, cand_;
  std::vector<int> base_count_;  // places of each digit in each house on the board
  // The same on the assumed board, plus kPlaced once the digit is placed in the house: one
  // compare then tells whether a removal can leave a hidden single there (16 bits: copied
  // at every run).
  // Digit-major (place_index): one digit's counts lie together, for single_digit's restore.
  static constexpr std::int16_t kPlaced = 64;
  std::vector<std::int16_t> base_place_count_, count_;
  // Every cell in exactly three houses (row, column, box), houses_of_ three per cell: the
  // K form of the run's rules.
  bool three_houses_ = topo_.extra_mask.empty();
  // The topology's house count, held here: place_index() runs for every state reached, and
  // read through topo_ it was a reload after every store of a run.
  int house_count_;
  std::size_t place_index(int house, int digit) const {
    return static_cast<std::size_t>((digit - 1) * house_count_ + house);
  }
  int run_digit_ = kNone;  // single_digit on bit sets: the digit the last run changed
  // dynamic_plus: per (house, digit) as place_index, the digit's places in the house as bits
  // of their index in it (board, assumed), for locked candidates.
  std::vector<std::uint16_t> base_place_mask_, place_mask_;
  void restore_digit(int digit) {
    const std::size_t first = place_index(0, digit);
    std::copy(base_place_count_.begin() + static_cast<std::ptrdiff_t>(first),
              base_place_count_.begin() + static_cast<std::ptrdiff_t>(first) + topo_.houses(), count_.begin() + static_cast<std::ptrdiff_t>(first));
    digit_cells_[static_cast<std::size_t>(digit - 1)] = base_digit_cells_[static_cast<std::size_t>(digit - 1)];
  }
  std::vector<std::uint64_t> dirty_;      // bit per (house, digit): changed since locked_candidates() looked
  std::vector<std::uint64_t> todo_words_;  // locked_candidates()'s snapshot of dirty_
  struct Pair {
    std::uint32_t place;  // place_index(house, digit)
    std::uint16_t house, digit;
  };
  // dynamic_plus: per (house, digit) in dirty_'s (house-major) order, its place_index, house
  // and digit, read by locked_candidates() for each pair it looks at (a division by n each).
  std::vector<Pair> pair_at_;
  // dynamic_plus, n up to 9: confined_in(h, left) for every house and mask of its places, at
  // (h << n) | left (14 KB on 9×9). Read for every (house, digit) a "+" pass looks at, where
  // working it out was a chain of four dependent loads.
  std::vector<std::int8_t> confine_;
  bool use_bits_ = false;                  // tracking modes on shapes with peer sets: the bit sets below
  std::vector<CellBits> house_set_;        // per house: its cells
  std::vector<CellBits> base_digit_cells_, digit_cells_;  // per digit: cells holding it (board, assumed)
  Bits known_;
  std::vector<int> houses_first_, houses_of_;  // per cell its houses (see houses())
  std::vector<std::uint16_t> house_bit_of_;    // beside houses_of_: the cell's bit in that house
  /// Per state reached: its parents (pool_[first_parent ..], parent_count of them; a single
  /// parent is first_parent itself) and its
  /// place in the derivation order (one record: they are written together).
  struct Node {
    int first_parent = 0, parent_count = 0, seq = 0;
  };
  std::vector<Node> node_;
  std::vector<int> pool_, conflict_, scratch_;
  StateList order_;
  std::vector<int> on_first_, on_children_;  // per candidate (cell·n + digit-1): what its true state removes
  // Per candidate (cell·n + digit-1): place_index(0, digit) << 16 | cell << 8 | digit (cells
  // and digits fit 8 bits: kMaxN).
  std::vector<std::uint32_t> cell_digit_;
  std::vector<int> pair_places_;  // per (house, digit): its first two places on the board
  std::vector<unsigned> stamp_;
  unsigned generation_ = 0;  // stamp_ marks states of the current mark() pass
  std::vector<int> marked_, todo_, single_ = std::vector<int>(1);
  bool contradiction_ = false;
  // static_closure(): the graph (adjacency lists), Tarjan's bookkeeping, each part's reach.
  struct Frame {
    int state, next;
  };
  std::vector<int> adj_first_, adj_, index_, low_, part_, tarjan_stack_;
  std::vector<Frame> frames_;
  std::vector<std::uint64_t> part_reach_;
  std::vector<int> part_sink_;  // per part: its one state when it has no successor, else kNone
  std::size_t words_ = 0;
};

/// The propagator for `board` in `mode`, loaded (cached per thread and mode: the analysis,
/// then the finder's re-runs for proofs, all ask for the same board's).
Propagator& propagator_for(const Board& board, Mode mode) {
  struct Slot {
    std::unique_ptr<Propagator> prop;
    std::shared_ptr<const Topology> topo;
    std::uint64_t stamp = 0;  // the board loaded (Board::stamp)
  };
  thread_local std::array<Slot, 4> slots;
  Slot& slot = slots[static_cast<std::size_t>(mode)];
  if (slot.prop && slot.topo.get() == &board.topo() && slot.stamp == board.stamp()) return *slot.prop;
  if (!slot.prop || slot.topo.get() != &board.topo()) {
    slot.topo = board.topology();  // the board's own: a variant's differs from its shape's
    slot.prop = std::make_unique<Propagator>(*slot.topo, mode);
  }
  slot.stamp = board.stamp();
  slot.prop->load(board);
  return *slot.prop;
}

/// Every assumption's consequences on one board, in one mode.
struct Analysis {
  Mode mode = Mode::dynamic;
  std::shared_ptr<const Topology> topo;
  std::uint64_t stamp = 0;  // the board analysed (Board::stamp)
  /// Per state id (assumption): whether it was analysed, led to a contradiction, and what it
  /// reached (held in `reached` when `kept`; see analyse() for the assumptions not run).
  std::vector<std::uint8_t> ran, contradicts, kept;
  /// The states some run reached without a contradiction (run-based modes): see analyse().
  std::vector<std::uint64_t> covered;
  /// What assumption s reached: `words` words from s·words (one flat block, not a vector
  /// per assumption: an analysis holds up to 2·cells·n of them and is rebuilt every step).
  std::vector<std::uint64_t> reached;
  std::size_t words = 0;
  std::vector<int> contradiction_length;
  const std::uint64_t* reached_by(int s) const { return reached.data() + static_cast<std::size_t>(s) * words; }

  bool skipping = true;  // made with the skip analyse() describes (off only in tests)
  bool nishio_memo = true;  // made with NishioMemo where it applies (off only in tests)

  bool matches(const Board& board, Mode m) const;
};

// Whether analyse() skips reached assumptions (set_reach_skip_for_test).
thread_local bool skip_reached = true;
// Whether Nishio analyses take over unchanged digits' findings (set_nishio_memo_for_test),
// and how many digits' findings they took over (nishio_digits_reused_for_test).
thread_local bool nishio_memo_on = true;
thread_local long nishio_reused = 0;

/// What the last Nishio analysis on this thread found per digit, and the board it was made
/// for. A Nishio run from "d in cell c" reads only d's places: the cells still holding d, and
/// those where d is written. So on a later board of the grade (NothingBefore, board.hpp: a
/// candidate-subset of the one remembered, with the cells that changed), a digit that none of
/// the changed cells held or was written with keeps its findings.
class NishioMemo {
 public:
  /// The digits (bit d-1) whose kept findings hold for `board`.
  std::uint64_t reusable(const Board& board) {
    if (!board_.applies(board)) return 0;
    std::uint64_t changed = 0;
    board_.changed().for_each([&](int c) {
      changed |= board_.candidates_then(c) ^ (board.value(c) ? 0 : board.candidates(c));
      if (board.value(c)) changed |= digit_bit(board.value(c));
    });
    return valid_ & ~changed;
  }
  /// The contradicting assumptions of digit d as (state, length), kept or to be kept.
  std::vector<std::pair<int, int>>& found(int digit) {
    if (found_.size() < static_cast<std::size_t>(digit)) found_.resize(static_cast<std::size_t>(digit));
    return found_[static_cast<std::size_t>(digit - 1)];
  }
  /// Takes `board` as the one every digit's found() is now for.
  void keep(const Board& board) {
    board_.remember(board);
    valid_ = (std::uint64_t{1} << board.n()) - 1;
  }

 private:
  NothingBefore board_;
  std::uint64_t valid_ = 0;  // digits whose found() goes with board_
  std::vector<std::vector<std::pair<int, int>>> found_;
};

bool Analysis::matches(const Board& board, Mode m) const {
  return m == mode && topo.get() == &board.topo() && stamp == board.stamp() && skipping == skip_reached &&
         nishio_memo == nishio_memo_on;
}

/// The analyses of this thread, one per mode (the last board each was made for).
std::vector<Analysis>& analyses() {
  thread_local std::vector<Analysis> cache(4);
  return cache;
}

/// For a "+" analysis of `board`: the dynamic analysis of the same board when there is one
/// (made with the same skipping), whose runs a "+" run begins with (Propagator::continue_plus).
const Analysis* dynamic_prefix(const Board& board, Mode mode, bool skipping) {
  if (mode != Mode::dynamic_plus || !skipping) return nullptr;
  const Analysis& d = analyses()[static_cast<std::size_t>(Mode::dynamic)];
  return d.matches(board, Mode::dynamic) ? &d : nullptr;
}

/// The analysis of `board` in `mode`: assumptions "true" for every candidate, and "false"
/// too when `with_false`. Cached per thread: finders for one stalled board share it.
///
/// An assumption that an earlier run reached without a contradiction is not run: every rule
/// of a propagation is monotone (more known states only ever make more known), so a run from
/// a state t that a run from s reached derives a subset of what s's derived, and s's held no
/// contradiction. Such an assumption is marked analysed and free of contradiction, and its
/// reach is computed only if a verity asks for it (reach_of). On top1465's stalls most
/// "true" assumptions are reached by another's run this way. A "+" analysis takes what the
/// dynamic analysis of the same board knows of an assumption (Propagator::continue_plus).
Analysis& analyse(const Board& board, Mode mode, bool with_false) {
  Analysis& a = analyses()[static_cast<std::size_t>(mode)];
  const bool same = a.matches(board, mode);
  if (!same) {  // reset, keeping the buffers
    a.mode = mode;
    a.topo = board.topology();
    a.stamp = board.stamp();
    const std::size_t count = static_cast<std::size_t>(board.cells() * board.n() * 2);
    a.ran.assign(count, 0);
    a.contradicts.assign(count, 0);
    a.kept.assign(count, 0);
    a.skipping = skip_reached;
    a.nishio_memo = nishio_memo_on;
    a.words = (count + 63) / 64;
    a.covered.assign(a.words, 0);
    a.reached.resize(count * a.words);
    a.contradiction_length.assign(count, 0);
  }
  Propagator& prop = propagator_for(board, mode);
  const States& st = prop.states();
  // Static links: every closure at once (static_closure()); a closure holding a state and its
  // opposite is a contradiction, which a full run measures (and confirms).
  const bool by_closure = mode == Mode::static_links && !same;
  if (by_closure) prop.static_closure();
  // A "+" analysis starts each run from the dynamic one's where that is known.
  const Analysis* const prefix = dynamic_prefix(board, mode, a.skipping);
  // Nishio: the digits whose findings the last analysis left valid for this board.
  thread_local NishioMemo nishio_memo;
  const bool memo = mode == Mode::single_digit && !same && !with_false && nishio_memo_on;
  const std::uint64_t reused = memo ? nishio_memo.reusable(board) : 0;
  // Every "true" assumption before any "false" one: a true state's run removes its digit
  // from the peers and its cell's other digits, so it reaches more of the later "false"
  // assumptions (which are then not run) than the other way round. The order changes only
  // which runs are made: every result is the same (see above).
  for (bool on : {true, false}) {
    if (!on && !with_false) continue;
    for (int c = 0; c < board.cells(); ++c) {
      if (board.value(c)) continue;
      for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
        const int s = st.state(c, lowest(m) + 1, on);
        if (a.ran[static_cast<std::size_t>(s)]) continue;
        a.ran[static_cast<std::size_t>(s)] = 1;
        if (reused & m & (~m + 1)) continue;  // its digit's findings are kept (below)
        if (a.skipping && mode != Mode::static_links && ((a.covered[static_cast<std::size_t>(s) >> 6] >> (s & 63)) & 1)) continue;
        a.kept[static_cast<std::size_t>(s)] = 1;
        if (by_closure) {
          const std::uint64_t* reach = prop.closure(s);
          bool clash = false;
          for (std::size_t k = 0; k < a.words && !clash; ++k) clash = (reach[k] & (reach[k] >> 1) & 0x5555555555555555ULL) != 0;
          if (!clash || !prop.run(s)) {
            std::copy(reach, reach + a.words, a.reached.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(s) * a.words));
            continue;
          }
          a.contradicts[static_cast<std::size_t>(s)] = 1;
          a.contradiction_length[static_cast<std::size_t>(s)] = prop.contradiction_length();
        } else if (prefix && prefix->ran[static_cast<std::size_t>(s)] && prefix->contradicts[static_cast<std::size_t>(s)]) {
          // The dynamic run met its contradiction before any "+" rule could act: the "+" run
          // meets the same one, with the same proof.
          a.contradicts[static_cast<std::size_t>(s)] = 1;
          a.contradiction_length[static_cast<std::size_t>(s)] = prefix->contradiction_length[static_cast<std::size_t>(s)];
        } else if (!(prefix && prefix->kept[static_cast<std::size_t>(s)] && prop.continue_plus(prefix->reached_by(s))) && prop.run(s)) {
          a.contradicts[static_cast<std::size_t>(s)] = 1;
          a.contradiction_length[static_cast<std::size_t>(s)] = prop.contradiction_length();
        } else {
          const std::vector<std::uint64_t>& known = prop.known().words();
          std::copy(known.begin(), known.end(), a.reached.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(s) * a.words));
          for (std::size_t k = 0; k < a.words; ++k) a.covered[k] |= known[k];
        }
      }
    }
  }
  if (memo) {
    // The kept digits' contradictions into the analysis; the others' into the memo.
    const std::uint64_t all = (std::uint64_t{1} << board.n()) - 1;
    nishio_reused += popcount(reused);
    for (std::uint64_t m = reused; m; m &= m - 1)
      for (const auto& [s, length] : nishio_memo.found(lowest(m) + 1)) {
        a.contradicts[static_cast<std::size_t>(s)] = 1;
        a.contradiction_length[static_cast<std::size_t>(s)] = length;
      }
    for (std::uint64_t m = all & ~reused; m; m &= m - 1) nishio_memo.found(lowest(m) + 1).clear();
    for (std::size_t s = 1; s < a.contradicts.size(); s += 2)
      if (a.contradicts[s] && !(reused & digit_bit(st.digit(static_cast<int>(s)))))
        nishio_memo.found(st.digit(static_cast<int>(s))).push_back({static_cast<int>(s), a.contradiction_length[s]});
    nishio_memo.keep(board);
  }
  return a;
}

/// What assumption s reached (a.words words): from the analysis, or run now when the
/// analysis passed over it (analyse()). `s` must be analysed and free of contradiction.
const std::uint64_t* reach_of(Analysis& a, Propagator& prop, int s, const Analysis* prefix = nullptr) {
  const std::size_t i = static_cast<std::size_t>(s);
  if (!a.kept[i]) {
    // A "+" reach from the dynamic one's where that is kept (Propagator::continue_plus).
    if (!(prefix && prefix->kept[i] && !prefix->contradicts[i] && prop.continue_plus(prefix->reached_by(s)))) prop.run(s);
    std::copy(prop.known().words().begin(), prop.known().words().end(), a.reached.begin() + static_cast<std::ptrdiff_t>(i * a.words));
    a.kept[i] = 1;
  }
  return a.reached_by(s);
}


void push_proof(Step& step, const States& st, const std::vector<int>& proof) {
  if (!step.chain.empty()) step.chain.push_back({-1, 0});
  for (int s : proof) step.chain.push_back({st.cell(s), States::on(s) ? st.digit(s) : -st.digit(s)});
}

void set_conclusion(Step& step, const States& st, int s) {
  if (States::on(s))
    step.placements = {{st.cell(s), st.digit(s)}};
  else
    step.eliminations = {{st.cell(s), st.digit(s)}};
}

/// Contradictions among `ran` assumptions (true assumption: elimination; false assumption:
/// placement), shortest first, the first in state order among equals; at most `limit` steps
/// appended to `out`. Returns how many.
std::size_t contradiction_steps(const Board& board, Mode mode, bool with_false, Technique technique, std::size_t limit,
                                std::vector<Step>& out, int max_length = std::numeric_limits<int>::max()) {
  const Analysis& a = analyse(board, mode, with_false);
  const States st{board.n()};
  thread_local std::vector<int> found;
  found.clear();
  for (std::size_t s = 0; s < a.ran.size(); ++s)
    if (a.contradicts[s] && (with_false || States::on(static_cast<int>(s)))) found.push_back(static_cast<int>(s));
  const std::size_t count = std::min(limit, found.size());
  std::partial_sort(found.begin(), found.begin() + static_cast<std::ptrdiff_t>(count), found.end(), [&a](int x, int y) {
    const int lx = a.contradiction_length[static_cast<std::size_t>(x)], ly = a.contradiction_length[static_cast<std::size_t>(y)];
    return lx != ly ? lx < ly : x < y;
  });
  Propagator& prop = propagator_for(board, mode);
  // Within max_length: a prefix of the sorted ones; none within it: the shortest alone.
  std::size_t built = 0;
  while (built < count && a.contradiction_length[static_cast<std::size_t>(found[built])] <= max_length) ++built;
  if (built == 0 && count > 0) built = 1;
  for (std::size_t i = 0; i < built; ++i) {
    const int s = found[i];
    prop.run(s);
    Step& step = out.emplace_back();
    step.technique = technique;
    step.cells = {st.cell(s)};
    step.digits = digit_bit(st.digit(s));
    push_proof(step, st, prop.proof(prop.clash_last()));
    if (const auto rest = prop.clash_rest(); !rest.empty()) push_proof(step, st, prop.proof(rest));
    set_conclusion(step, st, s ^ 1);
  }
  return built;
}

/// The shortest contradiction (contradiction_steps' first), in `step`.
bool best_contradiction(const Board& board, Mode mode, bool with_false, Technique technique, Step& step) {
  thread_local std::vector<Step> one;
  one.clear();
  if (!contradiction_steps(board, mode, with_false, technique, 1, one)) return false;
  step = std::move(one.front());
  return true;
}

/// A choice: assumptions of which one is true (a cell's candidates, a digit's places in a
/// house, a candidate's two states).
struct Choice {
  std::vector<int> branches;
  int house = kNone;
};

/// A list of choices whose vectors keep their storage from one call to the next: the verity
/// finders build one per call, hundreds of small vectors.
class ChoiceList {
 public:
  void clear() { used_ = 0; }
  Choice& add(int house) {
    if (used_ == items_.size()) items_.emplace_back();
    Choice& choice = items_[used_++];
    choice.branches.clear();
    choice.house = house;
    return choice;
  }
  std::span<const Choice> view() const { return {items_.data(), used_}; }

 private:
  std::vector<Choice> items_;
  std::size_t used_ = 0;
};

/// Verities: conclusions common to every branch of a choice, shortest first over all choices
/// (the first in choice order, then target order, among equals), each conclusion once; at
/// most `limit` steps appended to `out`. Returns how many.
std::size_t verity_steps(const Board& board, Mode mode, std::span<const Choice> choices, Technique technique,
                         std::size_t limit, std::vector<Step>& out, int max_length = std::numeric_limits<int>::max()) {
  const bool with_false = std::any_of(choices.begin(), choices.end(), [](const Choice& c) {
    return std::any_of(c.branches.begin(), c.branches.end(), [](int s) { return !States::on(s); });
  });
  Analysis& a = analyse(board, mode, with_false);
  const States st{board.n()};
  Propagator& prop = propagator_for(board, mode);
  const Analysis* const prefix = dynamic_prefix(board, mode, a.skipping);
  Bits common;
  std::vector<int> targets;
  // Choices with common conclusions, and the branches' proof lengths for each: collected
  // first, then measured branch by branch, so an assumption shared by several choices (a
  // candidate is a branch of its cell's choice and of three regions') is propagated once.
  struct Pending {
    const Choice* choice;
    std::vector<int> targets, lengths;
  };
  thread_local std::vector<Pending> pending_store;  // pending: its first `pending_count` (storage kept)
  std::size_t pending_count = 0;
  thread_local std::vector<std::vector<int>> by_branch;  // assumption -> pending entries using it
  thread_local std::vector<int> branches_used;          // the assumptions with a list, ascending once sorted
  by_branch.resize(a.ran.size());
  for (int b : branches_used) by_branch[static_cast<std::size_t>(b)].clear();  // the last call's lists
  branches_used.clear();
  // The states that would make progress (a conclusion about a candidate still on the board:
  // both its states): a choice's common conclusions are looked for among these only, and most choices
  // have none, which the running intersection shows after a branch or two.
  common.reset(a.words * 64);
  thread_local std::vector<std::uint64_t> progress_words;
  progress_words.assign(a.words, 0);
  for (int c = 0; c < board.cells(); ++c) {
    if (board.value(c)) continue;
    for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
      const int off = st.state(c, lowest(m) + 1, false);
      progress_words[static_cast<std::size_t>(off >> 6)] |= std::uint64_t{3} << (off & 63);  // off and on: bits 2i, 2i+1
    }
  }
  std::uint64_t* const both = common.words().data();
  // The words of the running intersection that are not empty, ascending: after the first
  // branch most words are, so the other branches are intersected on these alone (the full
  // scans were 6% of a hard puzzle's grade). `both` stays whole: a word left out is 0.
  thread_local std::vector<std::uint32_t> live;
  live.resize(a.words);
  for (const Choice& choice : choices) {
    bool usable = choice.branches.size() >= 2;
    for (int s : choice.branches) usable = usable && a.ran[static_cast<std::size_t>(s)] && !a.contradicts[static_cast<std::size_t>(s)];
    if (!usable) continue;
    const std::uint64_t* first = reach_of(a, prop, choice.branches[0], prefix);
    std::size_t live_count = 0;
    for (std::size_t k = 0; k < a.words; ++k) {
      both[k] = first[k] & progress_words[k];
      live[live_count] = static_cast<std::uint32_t>(k);
      live_count += both[k] != 0;
    }
    for (std::size_t i = 1; i < choice.branches.size() && live_count; ++i) {
      const std::uint64_t* w = reach_of(a, prop, choice.branches[i], prefix);
      std::size_t kept = 0;
      for (std::size_t j = 0; j < live_count; ++j) {
        const std::uint32_t k = live[j];
        both[k] &= w[k];
        live[kept] = k;
        kept += both[k] != 0;
      }
      live_count = kept;
    }
    if (!live_count) continue;
    targets.clear();
    for (std::size_t j = 0; j < live_count; ++j)
      for (std::uint64_t m = both[live[j]]; m; m &= m - 1) targets.push_back(static_cast<int>(live[j] * 64) + lowest(m));
    if (targets.empty()) continue;
    for (int b : choice.branches) {
      auto& list = by_branch[static_cast<std::size_t>(b)];
      if (list.empty()) branches_used.push_back(b);
      list.push_back(static_cast<int>(pending_count));
    }
    if (pending_count == pending_store.size()) pending_store.emplace_back();
    Pending& entry = pending_store[pending_count++];
    entry.choice = &choice;
    entry.targets.assign(targets.begin(), targets.end());
    entry.lengths.assign(targets.size(), 0);
  }
  const std::span<Pending> pending(pending_store.data(), pending_count);
  std::sort(branches_used.begin(), branches_used.end());  // in assumption order, as a scan of all would
  for (const int branch : branches_used) {
    const std::size_t b = static_cast<std::size_t>(branch);
    prop.run(branch);  // its derivation (the analysis keeps none)
    for (int p : by_branch[b]) {
      Pending& entry = pending[static_cast<std::size_t>(p)];
      for (std::size_t t = 0; t < entry.targets.size(); ++t) entry.lengths[t] += prop.ancestors(entry.targets[t]);
    }
  }
  // Shortest first; the first in choice order (then target order) among equals.
  struct Conclusion {
    int length;
    std::size_t entry, target;
  };
  thread_local std::vector<Conclusion> conclusions;
  conclusions.clear();
  for (std::size_t p = 0; p < pending.size(); ++p)
    for (std::size_t t = 0; t < pending[p].targets.size(); ++t) conclusions.push_back({pending[p].lengths[t], p, t});
  const auto shorter = [](const Conclusion& x, const Conclusion& y) { return x.length < y.length; };
  if (limit == 1 && !conclusions.empty())  // the ladder's question: only the first shortest
    std::iter_swap(conclusions.begin(), std::min_element(conclusions.begin(), conclusions.end(), shorter));
  else
    std::stable_sort(conclusions.begin(), conclusions.end(), shorter);
  // The conclusions that become steps, in order: each target once (a longer proof of the same
  // is passed over), at most `limit`, and past max_length only the shortest when none is
  // within it (sorted, or asked for one, the shortest first).
  struct Chosen {
    std::size_t entry;
    int target;
    std::size_t first_proof;  // its branches' proofs: proofs[first_proof ..]
  };
  thread_local std::vector<Chosen> chosen;
  chosen.clear();
  std::size_t proof_count = 0;
  for (const Conclusion& c : conclusions) {
    if (chosen.size() == limit) break;
    if (c.length > max_length && !chosen.empty()) break;
    const Pending& entry = pending[c.entry];
    const int target = entry.targets[c.target];
    if (std::any_of(chosen.begin(), chosen.end(), [target](const Chosen& k) { return k.target == target; })) continue;
    chosen.push_back({c.entry, target, proof_count});
    proof_count += entry.choice->branches.size();
  }
  // Every proof a step needs, with one run per distinct branch: several steps often come
  // from one choice (its branches agree on more than one target), and a run is what a proof
  // costs.
  struct Use {
    int branch, target;
    std::size_t proof;
  };
  thread_local std::vector<Use> uses;
  thread_local std::vector<std::vector<int>> proofs;
  uses.clear();
  if (proofs.size() < proof_count) proofs.resize(proof_count);
  for (const Chosen& k : chosen) {
    const auto& branches = pending[k.entry].choice->branches;
    for (std::size_t i = 0; i < branches.size(); ++i) uses.push_back({branches[i], k.target, k.first_proof + i});
  }
  std::stable_sort(uses.begin(), uses.end(), [](const Use& x, const Use& y) { return x.branch < y.branch; });
  for (std::size_t u = 0; u < uses.size(); ++u) {
    if (u == 0 || uses[u].branch != uses[u - 1].branch) prop.run(uses[u].branch);
    proofs[uses[u].proof] = prop.proof({uses[u].target});
  }
  for (const Chosen& k : chosen) {
    const Pending& entry = pending[k.entry];
    Step& step = out.emplace_back();
    step.technique = technique;
    for (std::size_t i = 0; i < entry.choice->branches.size(); ++i) {
      const int b = entry.choice->branches[i];
      push_proof(step, st, proofs[k.first_proof + i]);
      if (std::find(step.cells.begin(), step.cells.end(), st.cell(b)) == step.cells.end()) step.cells.push_back(st.cell(b));
      step.digits |= digit_bit(st.digit(b));
    }
    if (entry.choice->house != kNone) step.houses = {entry.choice->house};
    set_conclusion(step, st, k.target);
  }
  return chosen.size();
}

/// The shortest verity (verity_steps' first), in `step`.
bool best_verity(const Board& board, Mode mode, std::span<const Choice> choices, Technique technique, Step& step) {
  thread_local std::vector<Step> one;
  one.clear();
  if (!verity_steps(board, mode, choices, technique, 1, one)) return false;
  step = std::move(one.front());
  return true;
}

void add_cell_choices(const Board& board, ChoiceList& out) {
  const States st{board.n()};
  for (int c = 0; c < board.cells(); ++c) {
    if (board.value(c) || popcount(board.candidates(c)) < 2) continue;
    Choice& choice = out.add(kNone);
    for (std::uint64_t m = board.candidates(c); m; m &= m - 1) choice.branches.push_back(st.state(c, lowest(m) + 1, true));
  }
}

void add_region_choices(const Board& board, ChoiceList& out) {
  const Topology& topo = board.topo();
  const States st{board.n()};
  for (int d = 1; d <= board.n(); ++d)
    for (int h = 0; h < topo.houses(); ++h) {
      const std::uint64_t where = board.positions(h, d);
      if (popcount(where) < 2) continue;
      Choice& choice = out.add(h);
      for (std::uint64_t m = where; m; m &= m - 1) choice.branches.push_back(st.state(topo.house(h)[static_cast<std::size_t>(lowest(m))], d, true));
    }
}

/// Each cell's candidates (a choice per cell with two or more). Valid until the next call
/// in this thread (as for the other *_choices).
std::span<const Choice> cell_choices(const Board& board) {
  thread_local ChoiceList list;
  list.clear();
  add_cell_choices(board, list);
  return list.view();
}

/// Each digit's places in each house (a choice per house and digit with two or more).
std::span<const Choice> region_choices(const Board& board) {
  thread_local ChoiceList list;
  list.clear();
  add_region_choices(board, list);
  return list.view();
}

}  // namespace

void set_reach_skip_for_test(bool on) { skip_reached = on; }
void set_nishio_memo_for_test(bool on) { nishio_memo_on = on; }
long nishio_digits_reused_for_test() { return nishio_reused; }

bool find_nishio(const Board& board, Step& step) {
  if (board.n() > kMaxN) return false;
  return best_contradiction(board, Mode::single_digit, false, Technique::nishio, step);
}

bool find_cell_forcing_chain(const Board& board, Step& step) {
  if (board.n() > kMaxN) return false;
  return best_verity(board, Mode::static_links, cell_choices(board), Technique::cell_forcing_chain, step);
}

bool find_region_forcing_chain(const Board& board, Step& step) {
  if (board.n() > kMaxN) return false;
  return best_verity(board, Mode::static_links, region_choices(board), Technique::region_forcing_chain, step);
}

bool find_dynamic_contradiction(const Board& board, Step& step) {
  if (board.n() > kMaxN) return false;
  return best_contradiction(board, Mode::dynamic, true, Technique::dynamic_contradiction, step);
}

namespace {

/// Cell and region choices, and both states of every candidate of a cell with 3+ candidates.
std::span<const Choice> dynamic_choices(const Board& board) {
  const States st{board.n()};
  thread_local ChoiceList list;
  list.clear();
  add_cell_choices(board, list);
  add_region_choices(board, list);
  for (int c = 0; c < board.cells(); ++c) {
    if (board.value(c) || popcount(board.candidates(c)) < 3) continue;  // two candidates: a cell choice already
    for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
      Choice& choice = list.add(kNone);
      choice.branches.push_back(st.state(c, lowest(m) + 1, true));
      choice.branches.push_back(st.state(c, lowest(m) + 1, false));
    }
  }
  return list.view();
}

}  // namespace

bool find_dynamic_forcing_chain(const Board& board, Step& step) {
  if (board.n() > kMaxN) return false;
  return best_verity(board, Mode::dynamic, dynamic_choices(board), Technique::dynamic_forcing_chain, step);
}

std::size_t find_forcing_chain_steps(Technique technique, const Board& board, std::size_t limit, std::vector<Step>& out,
                                     int max_length) {
  if (board.n() > kMaxN || limit == 0) return 0;
  switch (technique) {
    case Technique::nishio: return contradiction_steps(board, Mode::single_digit, false, technique, limit, out, max_length);
    case Technique::cell_forcing_chain:
      return verity_steps(board, Mode::static_links, cell_choices(board), technique, limit, out, max_length);
    case Technique::region_forcing_chain:
      return verity_steps(board, Mode::static_links, region_choices(board), technique, limit, out, max_length);
    case Technique::dynamic_contradiction:
      return contradiction_steps(board, Mode::dynamic, true, technique, limit, out, max_length);
    case Technique::dynamic_forcing_chain:
      return verity_steps(board, Mode::dynamic, dynamic_choices(board), technique, limit, out, max_length);
    case Technique::dynamic_forcing_chain_plus: {
      // Both forms, merged by length (a contradiction first among equals, as
      // find_dynamic_forcing_chain_plus chooses), each conclusion once.
      thread_local std::vector<Step> contradictions, verities;
      contradictions.clear();
      verities.clear();
      contradiction_steps(board, Mode::dynamic_plus, true, technique, limit, contradictions, max_length);
      verity_steps(board, Mode::dynamic_plus, dynamic_choices(board), technique, limit, verities, max_length);
      std::size_t count = 0, c = 0, v = 0;
      while (count < limit && (c < contradictions.size() || v < verities.size())) {
        const bool take_c = v == verities.size() ||
                            (c < contradictions.size() &&
                             forcing_chain_length(contradictions[c]) <= forcing_chain_length(verities[v]));
        Step& next = take_c ? contradictions[c++] : verities[v++];
        // Past max_length (one list's shortest, standing in when it had none within): only
        // as the overall shortest.
        if (count > 0 && forcing_chain_length(next) > max_length) break;
        if (append_new_conclusion(out, count, std::move(next))) ++count;
      }
      return count;
    }
    default: return 0;
  }
}

std::span<const Technique> forcing_chains_within_plus() {
  static constexpr Technique kWithin[] = {Technique::nishio, Technique::cell_forcing_chain, Technique::region_forcing_chain,
                                          Technique::dynamic_contradiction, Technique::dynamic_forcing_chain};
  return kWithin;
}

bool find_dynamic_forcing_chain_plus(const Board& board, Step& step) {
  if (board.n() > kMaxN) return false;
  Step contradiction, verity;
  const bool c = best_contradiction(board, Mode::dynamic_plus, true, Technique::dynamic_forcing_chain_plus, contradiction);
  const bool v = best_verity(board, Mode::dynamic_plus, dynamic_choices(board), Technique::dynamic_forcing_chain_plus, verity);
  if (!c && !v) return false;
  step = c && (!v || forcing_chain_length(contradiction) <= forcing_chain_length(verity)) ? std::move(contradiction) : std::move(verity);
  return true;
}

int forcing_chain_length(const Step& step) {
  return static_cast<int>(std::count_if(step.chain.begin(), step.chain.end(), [](const CellDigit& n) { return n.cell >= 0; }));
}

double se_length_bonus(int length) {
  double added = 0.0;
  int ceiling = 4;
  bool grow_by_half = true;
  for (int l = length - 2; l > ceiling; grow_by_half = !grow_by_half) {
    added += 0.1;
    ceiling = grow_by_half ? ceiling * 3 / 2 : ceiling * 4 / 3;
  }
  return added;
}

std::string describe_advanced(const Step& step, const Shape& shape) {
  switch (step.technique) {
    case Technique::nishio:
    case Technique::cell_forcing_chain:
    case Technique::region_forcing_chain:
    case Technique::dynamic_contradiction:
    case Technique::dynamic_forcing_chain:
    case Technique::dynamic_forcing_chain_plus: break;
    default: return describe_als(step, shape);
  }
  // One line per branch: "r1c1=5 => r1c2<>5 => r3c2=5 ...", branches joined by " | ".
  std::string out;
  bool start = true;
  for (const CellDigit& node : step.chain) {
    if (node.cell < 0) {
      out += " | ";
      start = true;
      continue;
    }
    if (!start) out += " => ";
    out += fmt::format("{}{}{}", cell_name(shape, node.cell), node.digit > 0 ? "=" : "<>", node.digit > 0 ? node.digit : -node.digit);
    start = false;
  }
  // A contradiction's conclusion is its assumption's own candidate (the opposite state); a
  // verity's never is (its branches disagree there).
  const CellDigit concluded = step.placements.empty() ? step.eliminations.front() : step.placements.front();
  const bool contradiction = step.cells.size() == 1 && concluded.cell == step.cells.front() && digit_bit(concluded.digit) == step.digits;
  const char* form = contradiction ? "contradiction" : "every branch agrees";
  return fmt::format("{} ({}, length {})", out, form, forcing_chain_length(step));
}

}  // namespace sudokit::grading

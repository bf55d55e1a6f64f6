// fast9.cpp: the bit-parallel 9×9 engine behind EngineKind::fast.
//
// Representation. The board is split into three bands of three rows. For every digit d and
// band b one 27-bit word holds the cells of that band where d is still possible; bit i of the
// word is cell 27·b + i (row-major inside the band), so a band word maps straight back to cell
// numbers. 27 such words plus one "unsolved cells" word per band are the whole state (120
// bytes), cheap to copy at a branch point and small enough to live in L1. The words are stored
// band by band, so a band's nine digit words sit side by side and a placement clears a cell
// from all of them with two SSE2 operations and one scalar one (3% on the hard collections).
//
// Why digit×band words: inside one band a digit must take exactly one cell in each of the three
// rows and in each of the three boxes, i.e. its rows and boxes form a perfect matching. A
// 512-entry table, indexed by which (row, box) pairs still hold a candidate, gives every cell
// that lies on some matching; one AND with that mask does hidden singles in rows, hidden
// singles in boxes and locked candidates (pointing and claiming) inside the band at once. A
// row left with a single candidate is a placement: it clears that column of the digit from the
// other two bands and that cell from the other eight digits, which wakes those words up. All
// the singles a word yields are placed together, with whole-mask operations and no per-cell
// loop (about 12% off every collection compared with placing them one cell at a time).
// (This band-matching idea is the core of the JCZSolve family of solvers; the code here is
// written from the idea, not from theirs.)
//
// Words whose contents changed are kept in a 27-bit "dirty" set and re-filtered, in sweeps
// over the set as it stands, until the set is empty. Then a bit-sliced pass over the nine
// digits of each band finds empty cells (a dead end), naked singles (placed and the loop
// resumes) and bivalue cells. A pass per digit over the columns then applies the same matching
// rule to (band, column) pairs inside each stack (locked candidates along columns, and with the
// band filter hidden singles in columns, which the band words alone cannot see); it runs only
// for digits whose columns changed since the board's last such pass (Board::columns_seen). When
// nothing is left to deduce, the search branches on a bivalue cell (almost always one
// exists: on a wide-open board the one with the most open peers, crowded_bivalue_cell),
// otherwise on the cell with the fewest candidates; the last choice at a branch
// point reuses the current board instead of a copy. A search that has made 15 guesses is on a
// hard puzzle (so is one whose first propagation leaves a wide-open board with at most two
// bivalue cells) and turns to tdoku's rule instead: one digit's row→box matching in the band with
// the fewest open matchings, with minirow capacity checked at every fixpoint (three digits
// forced into a minirow fill it, a fourth is a dead end), which that rule needs to stay out of
// dead subtrees (search() and minirow_capacity() say why and what it was measured at). While
// it does, the board keeps each word's matching state (Board::matching: its forced minirows
// and how many matchings are left), which the band filter writes as it goes, so that neither
// the capacity check nor the choice of a band recomputes it from the words (tdoku keeps its
// band configurations as state for the same reason).
//
// Most of a node's time is the band filter's loop, and that loop is bound by latencies and
// mispredicted branches more than by its instructions; several choices below (sweeps, the
// branch-free scans for a naked single's digit and the givens) are made for that reason and
// measured by time, not only by instruction counts (docs/PERFORMANCE.md, session 17).
//
// Loading puts every given in at once (load()): each digit's words start as the band minus
// the other digits' givens and minus its own givens' rows, columns and boxes, so the first
// propagation starts from the givens' direct consequences instead of deriving them one
// placement at a time. The rules are the same shifts and masks for every digit, so load()
// works on four digits' words at once (the compiler turns its loops into SSE2).
//
// A removal pass (pass_start and after) keeps two fixpoints instead of loading each test's
// givens: the clues kept so far, grown a clue at a time, and, for every position of the
// planned order, the clues not yet tested, built from the back. A test ANDs the two (both
// are sound, so their intersection is), takes the clue's digit away and searches; the
// propagation then starts from boards that already hold most of the consequences, which is
// what a from-scratch load spent most of its time redoing (about 1.2× faster minimal 9×9
// generation, docs/PERFORMANCE.md).
//
// Limits, counting and keeping solutions follow the DLX engine's contract (fast9.hpp). Every
// board copy lives in a fixed stack inside the engine, so a warm engine allocates nothing.
#include "fast9.hpp"

#include <array>
#include <bit>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudokit::fast9 {
namespace {

constexpr std::uint32_t kBandCells = 0x7FFFFFFu;    // 27 bits
constexpr std::uint32_t kRowBits = 0x1FFu;          // one row of a band word
constexpr std::uint32_t kColumnBits = 0x40201u;     // column 0 of a band word (bits 0, 9, 18)
constexpr int kWords = 27;                          // band * 9 + digit
// Guesses after which an adaptive search turns to the matching branch (see search()):
// measured against 5, 10, 20, 30 and 50 (docs/PERFORMANCE.md).
constexpr std::uint64_t kAdaptiveSwitch = 15;
// ... and starts with it when the first propagation leaves at least kWideOpen open cells and at
// most kFewBivalue bivalue cells (measured with 0, 1, 2 and 4, docs/PERFORMANCE.md).
constexpr int kWideOpen = 40;
constexpr int kFewBivalue = 2;
// Open cells from which the cell branch counts each bivalue cell's open peers (branch_cell):
// measured with 0, 30, 40, 45 and 50 (docs/PERFORMANCE.md, session 20).
constexpr int kCrowdedFrom = 45;
// Board::matching: forced (row, box) pairs in bits 0-8, the number of matchings from this bit.
constexpr int kCountShift = 9;
constexpr std::uint32_t kPairBits = 0x1FFu;

struct Tables {
  // Which boxes a 9-bit row holds candidates in: bit k for box k of the band.
  std::array<std::uint8_t, 512> boxes_of_row{};
  // Bits set in a 9-bit row. A table, because the portable x86-64 target has no popcnt
  // instruction and std::popcount becomes a library call there.
  std::array<std::uint8_t, 512> bits_in_row{};
  // For a 9-bit (row, box) occupancy (bit 3·row + box), the cells of the band that lie on a
  // row→box perfect matching; 0 when there is none (the digit cannot fit in the band).
  std::array<std::uint32_t, 512> matching_cells{};
  // The same rule as 9-bit (row, box) pairs, for any 3×3 assignment (bands × columns of a stack).
  std::array<std::uint16_t, 512> matching_pairs{};
  // Row mask (within the band word) of each cell bit.
  std::array<std::uint32_t, 27> row_of_bit{};
  // For a 9-bit set of (row, box) minirows a digit must occupy, the band cells it therefore
  // cannot take: the rest of each such row and the rest of each such box.
  std::array<std::uint32_t, 512> minirow_excludes{};
  // For a 9-bit set of columns, the columns of the stacks they lie in.
  std::array<std::uint16_t, 512> stack_columns{};
  // For a 9-bit (row, box) occupancy, which of the six row→box matchings fit (bit k for
  // permutation k) and how many; and the band cells of each matching's three minirows.
  std::array<std::uint8_t, 512> matchings{};
  std::array<std::uint8_t, 512> matching_count{};
  std::array<std::uint32_t, 6> matching_minirows{};
  // For a 9-bit (row, box) occupancy, the (row, box) pairs every fitting matching uses (the
  // minirows the digit is forced into; 0 when none fits), same index and value layout, in the
  // low 9 bits; the number of fitting matchings above them (kCountShift). See Board::matching.
  std::array<std::uint16_t, 512> matching_state{};
  // For a 9-bit set of (row, box) pairs, the band cells of those minirows.
  std::array<std::uint32_t, 512> minirow_cells{};
  // For each cell bit of a band word, the band's cells in its row or its box (itself included).
  std::array<std::uint32_t, 27> band_peers{};
  // For each cell bit of a band word, its column (0-8).
  std::array<std::uint8_t, 27> column_of_bit{};
};

constexpr Tables make_tables() {
  Tables t;
  for (int row = 0; row < 512; ++row) {
    int boxes = 0;
    for (int box = 0; box < 3; ++box)
      if (row & (7 << (3 * box))) boxes |= 1 << box;
    t.boxes_of_row[static_cast<std::size_t>(row)] = static_cast<std::uint8_t>(boxes);
    int bits = 0;
    for (int k = 0; k < 9; ++k) bits += (row >> k) & 1;
    t.bits_in_row[static_cast<std::size_t>(row)] = static_cast<std::uint8_t>(bits);
  }
  constexpr int permutations[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int occupancy = 0; occupancy < 512; ++occupancy) {
    int allowed = 0, forced = 0x1FF;
    int fits = 0, count = 0;
    for (int k = 0; k < 6; ++k) {
      const auto& p = permutations[k];
      int pairs = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((occupancy & pairs) == pairs) allowed |= pairs, forced &= pairs, fits |= 1 << k, ++count;
    }
    t.matching_state[static_cast<std::size_t>(occupancy)] = static_cast<std::uint16_t>(count ? forced : 0);  // + count below
    t.matchings[static_cast<std::size_t>(occupancy)] = static_cast<std::uint8_t>(fits);
    t.matching_count[static_cast<std::size_t>(occupancy)] = static_cast<std::uint8_t>(count);
    t.matching_pairs[static_cast<std::size_t>(occupancy)] = static_cast<std::uint16_t>(allowed);
    std::uint32_t cells = 0;
    for (int pair = 0; pair < 9; ++pair)
      if (allowed & (1 << pair)) cells |= 7u << (9 * (pair / 3) + 3 * (pair % 3));
    t.matching_cells[static_cast<std::size_t>(occupancy)] = cells;
  }
  for (int k = 0; k < 6; ++k) {
    std::uint32_t cells = 0;
    for (int row = 0; row < 3; ++row) cells |= 7u << (9 * row + 3 * permutations[k][row]);
    t.matching_minirows[static_cast<std::size_t>(k)] = cells;
  }
  for (int bit = 0; bit < 27; ++bit) {
    t.row_of_bit[static_cast<std::size_t>(bit)] = kRowBits << (9 * (bit / 9));
    t.column_of_bit[static_cast<std::size_t>(bit)] = static_cast<std::uint8_t>(bit % 9);
    t.band_peers[static_cast<std::size_t>(bit)] =
        (kRowBits << (9 * (bit / 9))) | ((7u << (3 * (bit % 9 / 3))) * kColumnBits);
  }
  for (int pairs = 0; pairs < 512; ++pairs) {
    std::uint32_t excluded = 0, kept = 0;
    int stacks = 0;
    for (int pair = 0; pair < 9; ++pair) {
      if (!(pairs & (1 << pair))) continue;
      const int row = pair / 3, box = pair % 3;
      excluded |= kRowBits << (9 * row);
      excluded |= (7u << (3 * box)) * kColumnBits;
      kept |= 7u << (9 * row + 3 * box);
      stacks |= 7 << (3 * (pair / 3));
    }
    t.minirow_excludes[static_cast<std::size_t>(pairs)] = excluded & ~kept;
    t.stack_columns[static_cast<std::size_t>(pairs)] = static_cast<std::uint16_t>(stacks);
  }
  // The tables indexed by a band word's (row, box) occupancy are read with the index
  // occupancy_of() computes, bit 3·box + row (its transpose): remap them.
  auto transpose = [](int index) {
    int out = 0;
    for (int row = 0; row < 3; ++row)
      for (int box = 0; box < 3; ++box)
        if (index & (1 << (3 * row + box))) out |= 1 << (3 * box + row);
    return out;
  };
  const Tables row_major = t;
  for (int index = 0; index < 512; ++index) {
    const auto to = static_cast<std::size_t>(transpose(index)), from = static_cast<std::size_t>(index);
    t.matching_cells[to] = row_major.matching_cells[from];
    t.matching_count[to] = row_major.matching_count[from];
    t.matchings[to] = row_major.matchings[from];
    t.minirow_excludes[to] = row_major.minirow_excludes[from];
    t.matching_state[to] = static_cast<std::uint16_t>(transpose(row_major.matching_state[from]) |
                                                    row_major.matching_count[from] << kCountShift);
  }
  // Indexed by pairs in the same box-major layout (bit 3·box + row).
  for (int pairs = 0; pairs < 512; ++pairs) {
    std::uint32_t cells = 0;
    for (int box = 0; box < 3; ++box)
      for (int row = 0; row < 3; ++row)
        if (pairs & (1 << (3 * box + row))) cells |= 7u << (9 * row + 3 * box);
    t.minirow_cells[static_cast<std::size_t>(pairs)] = cells;
  }
  return t;
}

constexpr Tables kTables = make_tables();

// Which (row, box) minirows of a band word hold a candidate: bit 3·box + row (box-major, so
// that it takes shifts and masks rather than table reads; the tables indexed by it are
// remapped to match, see make_tables()).
inline std::uint32_t occupancy_of(std::uint32_t cells) {
  const std::uint32_t minirows = (cells | (cells >> 1) | (cells >> 2)) & 0x1249249u;  // bit 9·row + 3·box
  return (minirows & 0x49u) | ((minirows >> 8) & 0x92u) | ((minirows >> 16) & 0x124u);
}

// Cells in a band word (std::popcount is a library call on the portable x86-64 target).
inline int cells_in(std::uint32_t cells) {
  return kTables.bits_in_row[cells & kRowBits] + kTables.bits_in_row[(cells >> 9) & kRowBits] +
         kTables.bits_in_row[(cells >> 18) & kRowBits];
}

// Bit counts for the branch choice (branch_cell below). The portable x86-64 target
// has no popcnt instruction (std::popcount becomes a library call there), so the choice is
// compiled twice: with the instruction, taken when the processor has it (every x86-64 since
// about 2008; asked once per engine), and with a portable sum otherwise (bits_of). Both count
// the same (Fast9.PortableCountsChooseAsThePopcntInstruction).
#if defined(__x86_64__) && !defined(__POPCNT__)
#define SUDOKIT_FAST9_POPCNT __attribute__((target("popcnt")))
bool processor_has_popcnt() { return __builtin_cpu_supports("popcnt"); }
#else
#define SUDOKIT_FAST9_POPCNT
bool processor_has_popcnt() { return true; }  // std::popcount is an instruction on this target
#endif

struct Board {
  std::uint32_t candidates[kWords];  // [band * 9 + digit]: a band's nine digits side by side
  std::uint32_t unsolved[3];         // per band: cells not yet placed
  // Per digit, its columns (bit 9·band + column) as the last column pass left them, or
  // kNoColumns when no pass has seen this board's digit (a loaded board, or one ANDed from two
  // halves); see propagate_with().
  std::uint32_t columns_seen[9];
  // Per word, its band's matching state for its digit (Tables::matching_state of its occupancy):
  // the (row, box) minirows the digit is forced into and how many row→box matchings are left.
  // Kept by the band filter, which every change to a word passes through, so that minirow
  // capacity and the matching branch read it instead of recomputing it from the words.
  std::uint16_t matching[kWords];
  // Whether `matching` holds for every word not yet re-filtered: a propagation without capacity
  // checks does not keep it and clears this; one with them renews every word when it is clear.
  bool matching_valid;
};
constexpr std::uint32_t kNoColumns = ~0u;  // never a 27-bit set of columns

constexpr int word_of(int digit, int band) { return band * 9 + digit; }
// The three words of digit 0 in the dirty/touched sets; shift left by the digit for others.
constexpr std::uint32_t kDigitWords = (1u << 0) | (1u << 9) | (1u << 18);

// Result sink: either keeps solutions in a flat buffer (solve) or calls a visitor (enumerate).
struct Sink {
  std::uint64_t limit = 1;
  std::uint64_t count = 0;
  std::uint8_t* keep_buffer = nullptr;
  std::size_t keep = 0;
  const std::function<bool(const std::uint8_t*)>* visit = nullptr;
  bool stop = false;
};

}  // namespace

struct Engine::State {
  // Depth is bounded by the number of branch points on a path, which is at most 81.
  Board stack[82];
  std::uint32_t bivalue[3];  // set by propagate() when it returns true
  bool use_triads = false;   // see triads() and Engine::set_triads
  Branching branching = Branching::adaptive;  // see search() and Engine::set_branching
  // Whether this search branches on matchings now (and so checks minirow capacity). Set at
  // the start of a search, and by search() when an adaptive one switches.
  bool matching_now = false;
  void begin_search();
  // Whether the branch choice counts bits with the popcnt instruction (processor_has_popcnt;
  // Engine::set_portable_counts turns it off, to test the other way).
  bool popcnt = processor_has_popcnt();
  Sink sink;
  SearchStats stats;
  std::uint8_t scratch[81];

  bool propagate(Board& board, std::uint32_t dirty) {
    return use_triads || matching_now ? propagate_with<true>(board, dirty) : propagate_with<false>(board, dirty);
  }
  // kCapacity: check minirow capacity, and so keep Board::matching up to date (see there).
  template <bool kCapacity>
  bool propagate_with(Board& board, std::uint32_t dirty);
  // The removal pass (pass_start): pass_rest[j] is the fixpoint of the clues
  // pass_order[j..pass_count-1], pass_kept that of the clues kept so far.
  Board pass_rest[82];
  Board pass_kept;
  const std::uint8_t* pass_solution = nullptr;
  int pass_order[81];
  int pass_count = 0;
  void search(int depth, std::uint32_t dirty);
  void report(const Board& board);
  bool load(const std::uint8_t* givens, std::uint32_t& dirty);
  /// Runs one search into `sink` (solve and enumerate differ only in the sink they set up);
  /// `without_cell` >= 0: candidate (without_cell, without_digit) is gone before the search.
  std::uint64_t run(const std::uint8_t* givens, const Sink& new_sink, SearchStats* out_stats, int without_cell = -1,
                    int without_digit = 0);
};

namespace {

// Which of a band's nine digit words (bit d for digit d) hold any of `cells`: the digits of a
// cell (a naked single, a branch cell), and what a placement's band clear changes.
inline std::uint32_t digits_at_portable(const std::uint32_t* words, std::uint32_t cells) {
  std::uint32_t digits = 0;
  for (int d = 0; d < 9; ++d) digits |= static_cast<std::uint32_t>((words[d] & cells) != 0) << d;
  return digits;
}

// Clears `cells` from the nine digit words of one band (contiguous) and returns which of
// them (bit d for digit d) held any of those cells. The placement's hottest step; SSE2 (part of
// the x86-64 baseline, so no run-time check) does eight words in two registers. Both versions
// are compared on random inputs by the unit test through clear_band_cells_for_test.
// (The check covers digits_at too: each version's clear reports through it.)
inline std::uint32_t clear_band_cells_portable(std::uint32_t* words, std::uint32_t cells) {
  const std::uint32_t changed = digits_at_portable(words, cells);
  for (int d = 0; d < 9; ++d) words[d] &= ~cells;
  return changed;
}

#if defined(__SSE2__)
// Eight words in two registers, the ninth alone.
inline std::uint32_t digits_at_sse2(const std::uint32_t* words, std::uint32_t cells) {
  const __m128i mask = _mm_set1_epi32(static_cast<int>(cells));
  const __m128i zero = _mm_setzero_si128();
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(words));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(words + 4));
  const int none = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(a, mask), zero))) |
                   (_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(b, mask), zero))) << 4);
  return (~static_cast<std::uint32_t>(none) & 0xFFu) | static_cast<std::uint32_t>((words[8] & cells) != 0) << 8;
}
inline std::uint32_t clear_band_cells_sse2(std::uint32_t* words, std::uint32_t cells) {
  const std::uint32_t changed = digits_at_sse2(words, cells);
  const __m128i mask = _mm_set1_epi32(static_cast<int>(cells));
  auto* low = reinterpret_cast<__m128i*>(words);
  auto* high = reinterpret_cast<__m128i*>(words + 4);
  _mm_storeu_si128(low, _mm_andnot_si128(mask, _mm_loadu_si128(low)));
  _mm_storeu_si128(high, _mm_andnot_si128(mask, _mm_loadu_si128(high)));
  words[8] &= ~cells;
  return changed;
}
constexpr bool kVectorBandClear = true;
inline std::uint32_t clear_band_cells(std::uint32_t* words, std::uint32_t cells) {
  return clear_band_cells_sse2(words, cells);
}
inline std::uint32_t digits_at(const std::uint32_t* words, std::uint32_t cells) { return digits_at_sse2(words, cells); }
#else
constexpr bool kVectorBandClear = false;
inline std::uint32_t clear_band_cells(std::uint32_t* words, std::uint32_t cells) {
  return clear_band_cells_portable(words, cells);
}
inline std::uint32_t digits_at(const std::uint32_t* words, std::uint32_t cells) {
  return digits_at_portable(words, cells);
}
#endif

// Places `digit` in every cell of `cells` inside band `band` (at most one per row, and at most
// one per column, since the band filter has already run on the digit's word and left it in
// `settled`): clears those cells from the band's other digits and their columns from the
// digit's other two bands. Doing a word's singles together keeps this branch-free; every word
// that changes joins `dirty`. The digit's own word needs nothing: the filter has already cleared
// the other rows of each column (they share the box).
inline void place(Board& board, int digit, int band, std::uint32_t cells, std::uint32_t settled,
                  std::uint32_t& dirty) {
  board.unsolved[band] &= ~cells;
  std::uint32_t* band_words = &board.candidates[word_of(0, band)];
  std::uint32_t changed = clear_band_cells(band_words, cells) << word_of(0, band);
  band_words[digit] = settled;
  const std::uint32_t columns = ((cells | (cells >> 9) | (cells >> 18)) & kRowBits) * kColumnBits;
  for (int b = 0; b < 3; ++b) {
    if (b == band) continue;
    std::uint32_t& word = board.candidates[word_of(digit, b)];
    const std::uint32_t before = word;
    word = before & ~columns;
    changed |= static_cast<std::uint32_t>((before & columns) != 0) << word_of(digit, b);
  }
  dirty |= changed & ~(1u << word_of(digit, band));
}

// Restricts `digit` in the cell's row to that cell; the band filter then places it.
inline void force(Board& board, int digit, int band, int bit_index, std::uint32_t& dirty) {
  const std::uint32_t bit = 1u << bit_index;
  const int w = word_of(digit, band);
  board.candidates[w] &= ~(kTables.row_of_bit[static_cast<std::size_t>(bit_index)] & ~bit);
  dirty |= 1u << w;
}


// Minirow capacity. A minirow (three cells of one row inside one box) holds at most three
// digits. In a band word at the band filter's fixpoint, a digit must lie in minirow (r, k)
// exactly when row r has candidates in box k alone (every row→box matching left uses that
// pair, and the filter keeps only pairs some matching uses). So: three digits forced into one
// minirow fill it (the other digits leave it), and a fourth is a dead end. Cheap (bit-sliced
// over the nine digits of a band, from the forced minirows Board::matching keeps, which the
// band filter writes as it filters: recomputing them here from the words was most of this
// check's cost, 13% of hardest_1106's instructions), and what makes the matching branch safe:
// that branch forces digits into minirows wholesale, and without this rule a band could
// promise four digits to three cells and the search would only find out many levels down (on
// the empty grid counted to 20,000: 1.9 million guesses instead of 18,000).
// Checks the bands in `bands` (bit b for band b): those whose words changed since the board
// last passed this check (see propagate_with()).
inline bool minirow_capacity(Board& board, std::uint32_t& dirty, std::uint32_t bands) {
  while (bands) {
    const int band = std::countr_zero(bands);
    bands &= bands - 1;
    std::uint32_t* const words = &board.candidates[word_of(0, band)];
    const std::uint16_t* const matching = &board.matching[word_of(0, band)];
    std::uint32_t forced[9];
    std::uint32_t one = 0, two = 0, three = 0, four = 0;
    for (int digit = 0; digit < 9; ++digit) {
      const std::uint32_t f = forced[digit] = matching[digit] & kPairBits;
      four |= three & f;
      three |= two & f;
      two |= one & f;
      one |= f;
    }
    if (four) return false;
    if (!three) continue;
    for (int digit = 0; digit < 9; ++digit) {
      const std::uint32_t out = words[digit] & kTables.minirow_cells[three & ~forced[digit]];
      if (out) {
        words[digit] &= ~out;
        dirty |= 1u << word_of(digit, band);
      }
    }
  }
  return true;
}

// Triads. A minirow (three cells of one row inside one box) holds exactly three distinct
// digits, and so does a minicolumn. So when only three digits can still reach a minirow, each of
// them must be in it: it leaves the rest of its row and the rest of its box. This is what the
// per-digit matchings cannot see, since it counts across digits; tdoku's "triads" draw the same
// conclusion from its band configurations. A minirow that fewer than three digits can reach is
// a dead end. (The dual rule, three digits forced into a minirow fill it, is minirow_capacity
// above, which runs before this.) The counts are bit-sliced over the nine digits: one 9-bit
// minirow occupancy per (digit, band), one 27-bit minicolumn occupancy per digit (bit
// 9·band + column).
inline bool triads(Board& board, std::uint32_t& dirty) {
  // Minicolumns first: each digit's 27-bit occupancy, and the counts over the digits.
  std::uint32_t column_occupancy[9];
  std::uint32_t one = 0, two = 0, three = 0, four = 0;
  for (int digit = 0; digit < 9; ++digit) {
    std::uint32_t occupancy = 0;
    for (int band = 0; band < 3; ++band) {
      const std::uint32_t c = board.candidates[word_of(digit, band)];
      occupancy |= ((c | (c >> 9) | (c >> 18)) & kRowBits) << (9 * band);
    }
    column_occupancy[digit] = occupancy;
    four |= three & occupancy;
    three |= two & occupancy;
    two |= one & occupancy;
    one |= occupancy;
  }
  if (three != kBandCells) return false;
  const std::uint32_t exactly_three = three & ~four;
  // Minirows, band by band.
  std::uint32_t row_occupancy[27];
  std::uint32_t row_exact[3];
  for (int band = 0; band < 3; ++band) {
    std::uint32_t r1 = 0, r2 = 0, r3 = 0, r4 = 0;
    for (int digit = 0; digit < 9; ++digit) {
      const std::uint32_t occupancy = occupancy_of(board.candidates[word_of(digit, band)]);
      row_occupancy[word_of(digit, band)] = occupancy;
      r4 |= r3 & occupancy;
      r3 |= r2 & occupancy;
      r2 |= r1 & occupancy;
      r1 |= occupancy;
    }
    if (r3 != kRowBits) return false;
    row_exact[band] = r3 & ~r4;
  }
  for (int digit = 0; digit < 9; ++digit) {
    const std::uint32_t forced_columns = column_occupancy[digit] & exactly_three;
    const std::uint32_t all_columns = (forced_columns | (forced_columns >> 9) | (forced_columns >> 18)) & kRowBits;
    for (int band = 0; band < 3; ++band) {
      const int w = word_of(digit, band);
      const std::uint32_t here = (forced_columns >> (9 * band)) & kRowBits;
      const std::uint32_t column_excludes =
          ((kTables.stack_columns[here] & ~here) | (all_columns & ~here)) * kColumnBits;
      const std::uint32_t excludes = column_excludes | kTables.minirow_excludes[row_occupancy[w] & row_exact[band]];
      const std::uint32_t before = board.candidates[w];
      if (before & excludes) {
        board.candidates[w] = before & ~excludes;
        dirty |= 1u << w;
      }
    }
  }
  return true;
}

// Bits of `x` (branch_cell and crowded_bivalue_cell below). Without the instruction, the
// classic SWAR sum (no table: the words here are up to 59 bits wide).
template <bool kPopcnt>
SUDOKIT_FAST9_POPCNT inline int bits_of(std::uint64_t x) {
  if constexpr (kPopcnt) {
    return std::popcount(x);
  } else {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
  }
}

// The cell branch's choice on a wide-open board (branch_cell says when): the bivalue cell with
// the most open peers, bivalue peers counted twice, the first in cell order on a tie; -1 when
// no cell is bivalue. A cell that sees much of what is still open settles most when either of its
// two digits is placed, and bivalue peers are where the next singles come from. Against the
// rule used on emptier boards (the bivalue cell in the band, then the row, with the most
// bivalue cells), at every choice it saves nodes everywhere (a puzzle counted to 2: top1465
// 25.8 -> 21.0, 17_clue 2.48 -> 2.24, SE >= 8 sample 11.1 -> 10.7, serg_multi 8.86 -> 8.47),
// but on the easy sets mostly nodes that cost little, while its counting costs on every
// choice; from kCrowdedFrom open cells only: top1465 21.6 nodes and 9% less time, the others
// within 2% (docs/PERFORMANCE.md, session 20). Open peers alone, or the three houses' counts
// summed (overlaps twice), saved fewer nodes.
// Peers in the cell's band are its row and box (Tables::band_peers), counted in one word: the
// open ones in the low half, the bivalue ones in the high half. In the other two bands, its
// column: both bands' words side by side (bits 0-53), the column's six cells at c + 9k, the
// bivalue ones moved up a bit so that one count takes both.
template <bool kPopcnt>
SUDOKIT_FAST9_POPCNT int crowded_bivalue_cell(const std::uint32_t open[3], const std::uint32_t bivalue[3], int& band) {
  constexpr std::uint64_t kColumnOfTwoBands = kColumnBits | static_cast<std::uint64_t>(kColumnBits) << 27;
  int best = -1, best_score = -1;
  for (int b = 0; b < 3; ++b) {
    std::uint32_t cells = bivalue[b];
    if (!cells) continue;
    const int b1 = b == 0 ? 1 : 0, b2 = b == 2 ? 1 : 2;
    const std::uint64_t open_there = open[b1] | static_cast<std::uint64_t>(open[b2]) << 27;
    const std::uint64_t bivalue_there = bivalue[b1] | static_cast<std::uint64_t>(bivalue[b2]) << 27;
    while (cells) {
      const int i = std::countr_zero(cells);
      cells &= cells - 1;
      const std::uint32_t peers = kTables.band_peers[static_cast<std::size_t>(i)];
      const int column = kTables.column_of_bit[static_cast<std::size_t>(i)];
      const std::uint64_t here = (open[b] & peers) | static_cast<std::uint64_t>(bivalue[b] & peers) << 32;
      const std::uint64_t there = ((open_there >> column) & kColumnOfTwoBands) |
                                  ((bivalue_there >> column) & kColumnOfTwoBands) << 1;
      const int score = bits_of<kPopcnt>(here) + bits_of<kPopcnt>(there);
      if (score > best_score) best_score = score, best = i, band = b;
    }
  }
  return best;
}

// The cell branch's bivalue cell (search() says when it branches on a cell); -1 when none.
// On a wide-open board (kCrowdedFrom open cells or more), the one with the most open peers
// (crowded_bivalue_cell says why). That choice costs a count per bivalue cell, which boards
// with fewer open cells do not repay (their subtrees are small), so there a bivalue cell where
// bivalue cells crowd, i.e. in the band with the most of them and in that band's row with the
// most (about 30% fewer guesses than the first bivalue cell), the first such.
template <bool kPopcnt>
SUDOKIT_FAST9_POPCNT int branch_cell(const std::uint32_t open[3], const std::uint32_t bivalue[3], int& band) {
  if (bits_of<kPopcnt>(open[0] | static_cast<std::uint64_t>(open[1]) << 32) + bits_of<kPopcnt>(open[2]) >=
      kCrowdedFrom)
    return crowded_bivalue_cell<kPopcnt>(open, bivalue, band);
  // Counts and selects that compile to conditional moves: this runs at every cell branch
  // (a loop of table counts and compares cost serg_multi 1.7% more instructions than the rule
  // before the crowded choice; this, 0.6%; docs/PERFORMANCE.md session 20).
  const int n0 = bits_of<kPopcnt>(bivalue[0]), n1 = bits_of<kPopcnt>(bivalue[1]), n2 = bits_of<kPopcnt>(bivalue[2]);
  band = n1 > n0 ? 1 : 0;
  int most = n1 > n0 ? n1 : n0;
  band = n2 > most ? 2 : band;
  most = n2 > most ? n2 : most;
  if (!most) return -1;
  const std::uint32_t cells = bivalue[band];
  const int r0 = bits_of<kPopcnt>(cells & kRowBits), r1 = bits_of<kPopcnt>(cells & (kRowBits << 9));
  const int r2 = most - r0 - r1;
  int row = r1 > r0 ? 1 : 0;
  row = r2 > (r1 > r0 ? r1 : r0) ? 2 : row;
  return std::countr_zero(cells & (kRowBits << (9 * row)));
}

}  // namespace

template <bool kCapacity>
bool Engine::State::propagate_with(Board& board, std::uint32_t dirty) {
  // Words changed since the last column pass. A board handed to propagate() is at a fixed
  // point except for the words in `dirty` (the parent's propagate() finished, then one cell was
  // forced), so digits with no touched word can skip the column pass.
  std::uint32_t touched = 0;
  // Words changed since the last capacity check: the board came in having passed it (or with
  // every word dirty), and every change since passes through the loop below into `touched`.
  std::uint32_t unchecked = 0;
  if constexpr (kCapacity) {
    // A board last propagated without capacity checks (an adaptive search that switched, or a
    // board on its stack from before the switch) has a stale matching state and unchecked bands.
    if (!board.matching_valid) {
      for (int w = 0; w < kWords; ++w) board.matching[w] = kTables.matching_state[occupancy_of(board.candidates[w])];
      board.matching_valid = true;
      unchecked = (1u << kWords) - 1;
    }
  } else {
    board.matching_valid = false;
  }
  for (;;) {
    // The band filter, over the dirty words in sweeps: a sweep takes the dirty set as it
    // stands and filters those words in order, while the words its placements dirty wait for
    // the next sweep (unless the sweep is still to reach them). Picking the next word then does
    // not wait on the placement just made, which always taking the lowest dirty word did: the
    // loop is bound by that chain of latencies more than by its instructions (hardest_1106
    // and se8 8-9% faster, the other collections 2-4%, docs/PERFORMANCE.md session 17). Each
    // word filtered is in some sweep, so `touched` gathers sweeps.
    while (dirty) {
      std::uint32_t sweep = dirty;
      dirty = 0;
      touched |= sweep;
      while (sweep) {
        const int w = std::countr_zero(sweep);
        sweep &= sweep - 1;
        std::uint32_t cells = board.candidates[w];
        const std::uint32_t occupancy = occupancy_of(cells);
        cells &= kTables.matching_cells[occupancy];
        if (!cells) return false;
        board.candidates[w] = cells;
        if constexpr (kCapacity) board.matching[w] = kTables.matching_state[occupancy];
        const int band = w / 9;
        const int digit = w - 9 * band;
        // Rows of this digit reduced to one cell that is not placed yet, all three rows at
        // once: a filtered word has a candidate in every row (each matching uses every row), so
        // taking one per row (kColumnBits) borrows inside the row only, and `rest` is each row
        // without its lowest cell. A row whose rest is empty is a single: adding 0xFF to each
        // row's low eight bits carries into its ninth exactly when any is set (no carry leaves
        // the row).
        const std::uint32_t rest = cells & (cells - kColumnBits);
        constexpr std::uint32_t kLow8 = 0xFFu * kColumnBits;
        const std::uint32_t crowded = ((((rest & kLow8) + kLow8) | rest) >> 8) & kColumnBits;  // bit 9·row
        const std::uint32_t singles = cells & ~(crowded * kRowBits) & board.unsolved[band];
        if (singles) {
          place(board, digit, band, singles, cells, dirty);
          dirty &= ~sweep;  // a word still ahead in this sweep is filtered with the change
        }
      }
    }

    // Bit-sliced counts of candidates per cell: at_least_1/2/3 digits.
    bool all_solved = true;
    for (int band = 0; band < 3; ++band) {
      const std::uint32_t open = board.unsolved[band];
      if (!open) {
        bivalue[band] = 0;
        continue;
      }
      all_solved = false;
      std::uint32_t one = 0, two = 0, three = 0;
      for (int digit = 0; digit < 9; ++digit) {
        const std::uint32_t c = board.candidates[word_of(digit, band)];
        three |= two & c;
        two |= one & c;
        one |= c;
      }
      if (open & ~one) return false;
      bivalue[band] = open & two & ~three;
      std::uint32_t naked = open & one & ~two;
      while (naked) {
        const int i = std::countr_zero(naked);
        naked &= naked - 1;
        const std::uint32_t bit = 1u << i;
        // The cell's digit, gathered without a branch (a scan for it mispredicts its exit).
        // An earlier single of this pass may have taken the cell's last digit away.
        const std::uint32_t digits = digits_at(&board.candidates[word_of(0, band)], bit);
        if (!digits) return false;
        force(board, std::countr_zero(digits), band, i, dirty);
      }
    }
    if (dirty) continue;
    if (all_solved) return true;

    // The column view, per digit. Inside a stack (three columns) the digit takes one column
    // in each band and one band in each column: the same perfect-matching rule as rows and
    // boxes inside a band, applied to (band, column) pairs. It gives locked candidates along
    // columns, and hidden singles in columns (see below). A digit whose columns are as this
    // board's last pass left them (Board::columns_seen) has nothing new here: the rule reads
    // only which (band, column) pairs hold the digit. That skips about 40% of the digits the
    // old test (any touched word) let through: 2-10% of the instructions.
    const std::uint32_t touched_now = touched;
    touched = 0;
    unchecked |= touched_now;
    // The digits with a touched word, visited by their bits (a test per digit mispredicts).
    std::uint32_t digits = (touched_now | (touched_now >> 9) | (touched_now >> 18)) & kRowBits;
    while (digits) {
      const int digit = std::countr_zero(digits);
      digits &= digits - 1;
      std::uint32_t* const words[3] = {&board.candidates[word_of(digit, 0)], &board.candidates[word_of(digit, 1)],
                                       &board.candidates[word_of(digit, 2)]};
      std::uint32_t columns[3];
      for (int band = 0; band < 3; ++band) {
        const std::uint32_t c = *words[band];
        columns[band] = (c | (c >> 9) | (c >> 18)) & kRowBits;
      }
      if ((columns[0] | columns[1] << 9 | columns[2] << 18) == board.columns_seen[digit]) continue;
      std::uint32_t keep[3] = {0, 0, 0};
      for (int s = 0; s < 3; ++s) {
        const int shift = 3 * s;
        const unsigned occupancy = ((columns[0] >> shift) & 7) | (((columns[1] >> shift) & 7) << 3) |
                                   (((columns[2] >> shift) & 7) << 6);
        const unsigned allowed = kTables.matching_pairs[occupancy];
        if (!allowed) return false;
        keep[0] |= (allowed & 7) << shift;
        keep[1] |= ((allowed >> 3) & 7) << shift;
        keep[2] |= ((allowed >> 6) & 7) << shift;
      }
      board.columns_seen[digit] = (columns[0] & keep[0]) | (columns[1] & keep[1]) << 9 | (columns[2] & keep[2]) << 18;
      // No hidden-single count per column is needed: an open cell alone in its column leaves
      // the column in one band only, so the matching above confines its box to that column;
      // the box then holds that one cell, which the band filter places (if this pass took
      // anything away) or has placed already (the band words were at their fixpoint). The
      // count this replaces found nothing the band filter would not, and cost 4-7% of the
      // instructions (11% more on serg_multi while it also counted placed cells).
      for (int band = 0; band < 3; ++band) {
        const std::uint32_t c = *words[band] & (keep[band] * kColumnBits);
        if (c != *words[band]) {
          *words[band] = c;
          dirty |= 1u << word_of(digit, band);
        }
      }
    }
    if (dirty) continue;
    if constexpr (kCapacity) {
      const std::uint32_t bands = static_cast<std::uint32_t>((unchecked & kRowBits) != 0) |
                                  static_cast<std::uint32_t>((unchecked & (kRowBits << 9)) != 0) << 1 |
                                  static_cast<std::uint32_t>((unchecked >> 18) != 0) << 2;
      if (!minirow_capacity(board, dirty, bands)) return false;
      unchecked = 0;
    }
    if (dirty) continue;
    if (use_triads && !triads(board, dirty)) return false;
    if (!dirty) return true;
  }
}

void Engine::State::report(const Board& board) {
  ++sink.count;
  const bool keep_it = sink.count <= sink.keep && sink.keep_buffer != nullptr;
  if (keep_it || sink.visit) {
    // Written where it is kept (solve and enumerate never both keep and visit). On a solved
    // board every cell holds one digit and every word one cell in each of its band's rows, so
    // the r-th row's cell of a word is its lowest cell from bit 9·r up: three independent
    // scans, without the loop whose exits would mispredict. (Bit 31 is never a cell: it tells
    // the compiler that countr_zero's operand is not 0.)
    std::uint8_t* const out = keep_it ? sink.keep_buffer + 81 * (sink.count - 1) : scratch;
    constexpr std::uint32_t kNotZero = 1u << 31;
    for (int band = 0; band < 3; ++band)
      for (int digit = 0; digit < 9; ++digit) {
        const std::uint32_t cells = board.candidates[word_of(digit, band)];
        std::uint8_t* const cell = out + 27 * band;
        const auto value = static_cast<std::uint8_t>(digit + 1);
        cell[std::countr_zero(cells | kNotZero)] = value;
        cell[9 + std::countr_zero((cells >> 9) | kNotZero)] = value;
        cell[18 + std::countr_zero((cells >> 18) | kNotZero)] = value;
      }
    if (sink.visit && !(*sink.visit)(out)) sink.stop = true;
  }
  if (sink.count >= sink.limit) sink.stop = true;
}

void Engine::State::begin_search() {
  stats = SearchStats{};
  stats.nodes = 1;
  matching_now = branching == Branching::matchings;
}

void Engine::State::search(int depth, std::uint32_t dirty) {
  Board& board = stack[depth];
  for (;;) {
    if (!propagate(board, dirty)) return;
    if (!(board.unsolved[0] | board.unsolved[1] | board.unsolved[2])) {
      report(board);
      return;
    }
    // Matching branch: a digit whose row→box matchings in some band are down to a few, in the
    // band with the fewest open matchings over all its digits (tdoku's rule, in our terms).
    // Each branch keeps one matching, i.e. puts the digit in three minirows at once, which
    // sets off more than a cell's worth of singles, and with minirow capacity checked (see
    // minirow_capacity) it finds dead ends sooner: hardest_1106 124 guesses a puzzle against
    // 203 for the cell rule below, top1465 11.0 against 13.7. But a node costs more under it
    // (the capacity checks, the matching state, and a branch that settles more per node:
    // 18-26% more instructions a node), which easy puzzles do not repay (from the start:
    // serg_multi 10% and the SE >= 8 sample 3% slower, top1465 6% faster; docs/PERFORMANCE.md,
    // session 17). So the adaptive default starts with the cell rule
    // and switches once a search has made kAdaptiveSwitch guesses (a puzzle that needs that
    // many is a hard one), or starts with the matching rule when the first propagation leaves
    // a wide-open board with hardly a bivalue cell. (Deciding so at every choice rather than
    // only the first switched late in easy searches, when few cells are left, and cost
    // serg_multi and se8 2-3%.) Doing the same over stacks (band, column matchings) as well,
    // with minicolumn capacity, reached tdoku's guess counts but cost more per node than it
    // saved (docs/PERFORMANCE.md), so only bands are looked at.
    if (!matching_now && branching == Branching::adaptive) {
      if (depth == 0 && stats.guesses == 0) {
        // The first choice of a search: a wide-open board with hardly a bivalue cell gives the
        // cell rule nothing good to branch on, and is a hard puzzle; take the matching rule
        // from the start (hardest_1106: 124 guesses a puzzle instead of 135).
        const int open = cells_in(board.unsolved[0]) + cells_in(board.unsolved[1]) + cells_in(board.unsolved[2]);
        const int bivalue_cells = cells_in(bivalue[0]) + cells_in(bivalue[1]) + cells_in(bivalue[2]);
        matching_now = open >= kWideOpen && bivalue_cells <= kFewBivalue;
      }
      if (stats.guesses >= kAdaptiveSwitch) matching_now = true;
      if (matching_now) {
        // This board was propagated without capacity checks: propagating it again with them
        // renews its matching state and checks all of it once (see propagate_with()).
        board.matching_valid = false;
        dirty = 0;
        continue;
      }
    }
    if (matching_now) {
      // The matching counts are the board's (propagate_with<true> keeps them).
      int best_band = -1, best_total = 1000;
      for (int b = 0; b < 3; ++b) {
        if (!board.unsolved[b]) continue;
        int total = 0;
        for (int d = 0; d < 9; ++d) total += board.matching[word_of(d, b)] >> kCountShift;
        // total == 9: every digit's minirows are settled; cells may still be open (then a
        // cell is branched on below).
        if (total > 9 && total < best_total) best_total = total, best_band = b;
      }
      if (best_band >= 0) {
        int w = -1, fewest = 7;
        for (int d = 0; d < 9; ++d) {
          const int n = board.matching[word_of(d, best_band)] >> kCountShift;
          if (n > 1 && n < fewest) fewest = n, w = word_of(d, best_band);
        }
        unsigned fits = kTables.matchings[occupancy_of(board.candidates[w])];
        ++stats.guesses;
        while (fits & (fits - 1)) {
          const int k = std::countr_zero(fits);
          fits &= fits - 1;
          ++stats.nodes;
          Board& next = stack[depth + 1];
          next = board;
          next.candidates[w] &= kTables.matching_minirows[static_cast<std::size_t>(k)];
          search(depth + 1, 1u << w);
          if (sink.stop) return;
        }
        // The last matching needs no copy: continue on this board.
        ++stats.nodes;
        board.candidates[w] &= kTables.matching_minirows[static_cast<std::size_t>(std::countr_zero(fits))];
        dirty = 1u << w;
        continue;
      }
    }
    // Every band's minirows settled but cells open: a bivalue cell (branch_cell says which).
    // Without one, the open cell with the fewest candidates.
    int band = 0;
    int bit_index = popcnt ? branch_cell<true>(board.unsolved, bivalue, band)
                           : branch_cell<false>(board.unsolved, bivalue, band);
    if (bit_index < 0) {
      int best = 10;
      for (int b = 0; b < 3 && best > 2; ++b) {
        std::uint32_t open = board.unsolved[b];
        while (open) {
          const int i = std::countr_zero(open);
          open &= open - 1;
          int n = 0;
          for (int d = 0; d < 9; ++d) n += (board.candidates[word_of(d, b)] >> i) & 1;
          if (n < best) best = n, band = b, bit_index = i;
        }
      }
    }
    // The cell's digits, gathered without a branch per digit (as for a naked single).
    std::uint32_t choices = digits_at(&board.candidates[word_of(0, band)], 1u << bit_index);
    ++stats.guesses;
    while (choices & (choices - 1)) {
      const int digit = std::countr_zero(choices);
      choices &= choices - 1;
      ++stats.nodes;
      Board& next = stack[depth + 1];
      next = board;
      std::uint32_t next_dirty = 0;
      force(next, digit, band, bit_index, next_dirty);
      search(depth + 1, next_dirty);
      if (sink.stop) return;
    }
    // The last choice needs no copy: continue on this board.
    ++stats.nodes;
    dirty = 0;
    force(board, std::countr_zero(choices), band, bit_index, dirty);
  }
}

namespace {

// Lanes of load()'s per-band arrays: one per digit, padded to whole SSE2 registers (lanes 9-11
// hold no givens, which no rule below counts as a clash).
constexpr int kLanes = 12;

// Where the 81 givens put each digit, per band (digits[band][digit]; lanes past 8 left empty),
// and the empty cells of each band; false when a value is past 9. SSE2 compares sixteen cells
// with a value at once: 80 cells in five loads (the buffer holds 81 bytes), the last alone.
inline bool scan_givens(const std::uint8_t* givens, std::uint32_t empty[3], std::uint32_t digits[3][kLanes]) {
  for (int band = 0; band < 3; ++band)
    for (int lane = 9; lane < kLanes; ++lane) digits[band][lane] = 0;
#if defined(__SSE2__)
  __m128i chunks[5];
  __m128i over = _mm_setzero_si128();
  const __m128i nine = _mm_set1_epi8(9);
  for (int k = 0; k < 5; ++k) {
    chunks[k] = _mm_loadu_si128(reinterpret_cast<const __m128i*>(givens + 16 * k));
    over = _mm_or_si128(over, _mm_subs_epu8(chunks[k], nine));  // nonzero where a value is past 9
  }
  const unsigned last = givens[80];
  if (_mm_movemask_epi8(_mm_cmpeq_epi8(over, _mm_setzero_si128())) != 0xFFFF || last > 9) return false;
  for (int value = 0; value < 10; ++value) {
    const __m128i v = _mm_set1_epi8(static_cast<char>(value));
    std::uint64_t low = 0;  // cells 0..63
    for (int k = 0; k < 4; ++k)
      low |= static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunks[k], v)))) << (16 * k);
    const std::uint32_t high = static_cast<std::uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunks[4], v))) |
                               static_cast<std::uint32_t>(last == static_cast<unsigned>(value)) << 16;  // cells 64..80
    std::uint32_t* const out[3] = {value ? &digits[0][value - 1] : &empty[0], value ? &digits[1][value - 1] : &empty[1],
                                   value ? &digits[2][value - 1] : &empty[2]};
    *out[0] = static_cast<std::uint32_t>(low) & kBandCells;
    *out[1] = static_cast<std::uint32_t>(low >> 27) & kBandCells;
    *out[2] = (static_cast<std::uint32_t>(low >> 54) | (high << 10)) & kBandCells;
  }
  return true;
#else
  std::uint32_t slots[16][3] = {};
  unsigned too_large = 0;
  for (int band = 0; band < 3; ++band) {
    for (int i = 0; i < 27; ++i) {
      const unsigned value = givens[27 * band + i];
      too_large |= static_cast<unsigned>(value > 9);
      slots[value & 15u][band] |= 1u << i;
    }
  }
  for (int band = 0; band < 3; ++band) {
    empty[band] = slots[0][band];
    for (int digit = 0; digit < 9; ++digit) digits[band][digit] = slots[digit + 1][band];
  }
  return !too_large;
#endif
}

}  // namespace

bool Engine::State::load(const std::uint8_t* givens, std::uint32_t& dirty) {
  // All givens at once: each digit's given cells per band, then every word is the band minus
  // the other digits' givens and minus the rows, columns and boxes of its own digit's givens
  // (its givens themselves stay, placed). Placing them one by one through the band filter
  // cost about a microsecond a puzzle of re-filtering (serg_multi: a third of the whole solve).
  // Neither the scan nor the clash checks branch per cell or per given (where the givens are
  // is random, so such branches mispredict about once a given; load() was 12% of serg_multi's
  // time with them): a clash is noted and answered once every word is built. The rules are
  // the same for every digit and band, shifts, masks and adds on one word with no table, so
  // each loop over the digits' lanes below runs as a few SSE2 instructions on four digits at
  // once (the compiler vectorizes them): load() went from 12% of serg_multi's instructions,
  // one digit at a time, to 6%.
  alignas(16) std::uint32_t given[3][kLanes];  // [band][digit]
  std::uint32_t empty[3];
  if (!scan_givens(givens, empty, given)) return false;
  alignas(16) std::uint32_t columns[3][kLanes], all_columns[kLanes], clash[kLanes];
  for (int band = 0; band < 3; ++band)
    for (int d = 0; d < kLanes; ++d) {
      const std::uint32_t g = given[band][d];
      columns[band][d] = (g | (g >> 9) | (g >> 18)) & kRowBits;
    }
  // A column with givens of the digit in two bands is a clash; so is a row or box with two
  // (checked per band below; two in one column of a band share a box).
  for (int d = 0; d < kLanes; ++d) {
    const std::uint32_t c0 = columns[0][d], c1 = columns[1][d], c2 = columns[2][d];
    clash[d] = (c0 & c1) | (c0 & c2) | (c1 & c2);
    all_columns[d] = c0 | c1 | c2;
  }
  alignas(16) std::uint32_t words[3][kLanes];
  for (int band = 0; band < 3; ++band) {
    const std::uint32_t open = empty[band];
    for (int d = 0; d < kLanes; ++d) {
      const std::uint32_t g = given[band][d];
      // Rows holding a given, as bit 9·row: the row's low eight bits plus 0xFF carry into its
      // ninth when any is set (as in the band filter's singles).
      constexpr std::uint32_t kLow8 = 0xFFu * kColumnBits;
      const std::uint32_t rows = ((((g & kLow8) + kLow8) | g) >> 8) & kColumnBits;
      // Two givens in a row: with a bit put in each empty row, taking one per row borrows
      // inside the row only, and leaves a bit where the row had two.
      const std::uint32_t padded = g | (rows ^ kColumnBits);
      std::uint32_t c = padded & (padded - kColumnBits);
      // Two givens in a box (in different rows, or the row check has them): the boxes each
      // row's givens lie in, bit 3·box, shared by two rows.
      const std::uint32_t minirows = (g | (g >> 1) | (g >> 2)) & 0x1249249u;  // bit 9·row + 3·box
      const std::uint32_t r0 = minirows & 0x49u, r1 = (minirows >> 9) & 0x49u, r2 = minirows >> 18;
      c |= (r0 & r1) | (r0 & r2) | (r1 & r2);
      clash[d] |= c;
      const std::uint32_t boxes = r0 | r1 | r2;
      // Columns the digit leaves in every row of the band: its givens' columns in any band and
      // the columns of the boxes it has a given in; and whole rows where it has one.
      const std::uint32_t gone = all_columns[d] | boxes | (boxes << 1) | (boxes << 2);
      const std::uint32_t seen = gone | (gone << 9) | (gone << 18) | ((rows << 9) - rows);
      words[band][d] = (open & ~seen) | g;
    }
  }
  std::uint32_t any_clash = 0;
  for (int d = 0; d < kLanes; ++d) any_clash |= clash[d];
  if (any_clash) return false;
  Board& board = stack[0];
  for (int band = 0; band < 3; ++band) {
    for (int d = 0; d < 9; ++d) board.candidates[word_of(d, band)] = words[band][d];
    board.unsolved[band] = empty[band];
  }
  for (auto& c : board.columns_seen) c = kNoColumns;
  board.matching_valid = true;  // every word is dirty: the band filter computes them all
  dirty = (1u << kWords) - 1;
  return true;
}

Engine::Engine() : state_(std::make_unique<State>()) {}
Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;

std::uint64_t Engine::State::run(const std::uint8_t* givens, const Sink& new_sink, SearchStats* out_stats,
                                 int without_cell, int without_digit) {
  sink = new_sink;
  begin_search();
  std::uint32_t dirty = 0;
  const bool loaded = load(givens, dirty);
  // Taking the candidate away after load() is what a puzzle with it already gone would load
  // to; a given of that digit there leaves its row without the digit, a dead end the first
  // propagation reports. load() marks every word
  // dirty.
  if (loaded && without_cell >= 0)
    stack[0].candidates[word_of(without_digit - 1, without_cell / 27)] &= ~(1u << (without_cell % 27));
  if (loaded) search(0, dirty);
  if (out_stats) *out_stats += stats;
  return sink.count;
}

std::uint64_t Engine::solve(const std::uint8_t* givens, std::uint64_t limit, std::uint8_t* solutions,
                            std::size_t keep, SearchStats* stats) {
  if (limit == 0) return 0;  // as the DLX engine: nothing is asked for, nothing is found
  Sink sink;
  sink.limit = limit;
  sink.keep_buffer = solutions;
  sink.keep = solutions ? keep : 0;
  return state_->run(givens, sink, stats);
}

std::uint64_t Engine::solve_without(const std::uint8_t* givens, int cell, int digit, std::uint64_t limit,
                                    SearchStats* stats) {
  if (limit == 0) return 0;
  if (cell < 0 || cell >= 81 || digit < 1 || digit > 9) throw std::invalid_argument("fast9: no such candidate");
  Sink sink;
  sink.limit = limit;
  return state_->run(givens, sink, stats, cell, digit);
}

std::uint64_t Engine::enumerate(const std::uint8_t* givens, std::uint64_t limit,
                                const std::function<bool(const std::uint8_t*)>& visit, SearchStats* stats) {
  if (limit == 0) return 0;
  Sink sink;
  sink.limit = limit;
  sink.visit = &visit;
  return state_->run(givens, sink, stats);
}

void Engine::pass_start(const std::uint8_t* solution, const int* order, int count) {
  if (count < 0 || count > 81) throw std::invalid_argument("fast9: a pass has at most 81 cells");
  State& s = *state_;
  s.begin_search();  // the fixpoints below are propagated as a search's first node would be
  s.pass_solution = solution;
  s.pass_count = count;
  Board& empty = s.pass_rest[count];
  for (auto& c : empty.candidates) c = kBandCells;
  for (auto& u : empty.unsolved) u = kBandCells;
  for (auto& c : empty.columns_seen) c = kNoColumns;
  for (auto& m : empty.matching) m = kTables.matching_state[kPairBits];  // six matchings, none forced
  empty.matching_valid = true;
  s.pass_kept = empty;
  for (int j = count - 1; j >= 0; --j) {
    const int cell = order[j];
    if (cell < 0 || cell >= 81) throw std::invalid_argument("fast9: a pass cell is out of range");
    s.pass_order[j] = cell;
    s.pass_rest[j] = s.pass_rest[j + 1];
    std::uint32_t dirty = 0;
    force(s.pass_rest[j], solution[cell] - 1, cell / 27, cell % 27, dirty);
    s.propagate(s.pass_rest[j], dirty);  // clues of one solution: never a dead end
  }
}

bool Engine::pass_unique_without(int i, SearchStats* out_stats) {
  State& s = *state_;
  if (i < 0 || i >= s.pass_count) throw std::invalid_argument("fast9: no such pass position");
  Board& board = s.stack[0];
  const Board& kept = s.pass_kept;
  const Board& rest = s.pass_rest[i + 1];
  for (int w = 0; w < kWords; ++w) board.candidates[w] = kept.candidates[w] & rest.candidates[w];
  for (int b = 0; b < 3; ++b) board.unsolved[b] = kept.unsolved[b] & rest.unsolved[b];
  for (auto& c : board.columns_seen) c = kNoColumns;
  // Each word is at its band filter's fixpoint (it equals a half's word) or goes in dirty below.
  for (int w = 0; w < kWords; ++w) board.matching[w] = kTables.matching_state[occupancy_of(board.candidates[w])];
  board.matching_valid = true;
  const int cell = s.pass_order[i];
  const int digit = s.pass_solution[cell] - 1, band = cell / 27, index = cell % 27;
  const std::uint32_t bit = 1u << index;
  std::uint32_t& word = board.candidates[word_of(digit, band)];
  word &= ~bit;
  // The two halves may already force the digit into the cell (no other digit there, or no
  // other place for it in the row, box or column): then no search is needed.
  std::uint32_t others = 0;
  for (int d = 0; d < 9; ++d) others |= board.candidates[word_of(d, band)];
  const std::uint32_t column = kColumnBits << (index % 9);
  const bool forced = !(others & bit) || !(word & kTables.row_of_bit[static_cast<std::size_t>(index)]) ||
                      !(word & (7u << (3 * (index % 9 / 3))) * kColumnBits) ||
                      !((board.candidates[word_of(digit, 0)] | board.candidates[word_of(digit, 1)] |
                         board.candidates[word_of(digit, 2)]) & column);
  if (forced) return true;
  // Only what is new needs looking at: a word equal to either half's is at that half's
  // fixpoint for the band rule, and a digit whose three words all come from one half is at
  // its fixpoint for the column rule. Words of a digit that mixes the halves go in whole.
  std::uint32_t dirty = 1u << word_of(digit, band);
  for (int d = 0; d < 9; ++d) {
    bool all_kept = true, all_rest = true;
    for (int b = 0; b < 3; ++b) {
      const int w = word_of(d, b);
      all_kept = all_kept && board.candidates[w] == kept.candidates[w];
      all_rest = all_rest && board.candidates[w] == rest.candidates[w];
    }
    if (!all_kept && !all_rest) dirty |= kDigitWords << d;
  }
  s.sink = Sink{};
  s.sink.limit = 1;
  s.begin_search();
  s.search(0, dirty);
  if (out_stats) *out_stats += s.stats;
  return s.sink.count == 0;
}

void Engine::pass_keep(int i) {
  State& s = *state_;
  if (i < 0 || i >= s.pass_count) throw std::invalid_argument("fast9: no such pass position");
  const int cell = s.pass_order[i];
  s.begin_search();
  std::uint32_t dirty = 0;
  force(s.pass_kept, s.pass_solution[cell] - 1, cell / 27, cell % 27, dirty);
  s.propagate(s.pass_kept, dirty);
}

void Engine::set_triads(bool on) { state_->use_triads = on; }
void Engine::set_portable_counts(bool on) { state_->popcnt = !on && processor_has_popcnt(); }
void Engine::set_branching(Branching branching) { state_->branching = branching; }

std::uint32_t clear_band_cells_for_test(bool portable, std::uint32_t* words, std::uint32_t cells) {
  return portable ? clear_band_cells_portable(words, cells) : clear_band_cells(words, cells);
}

bool vector_band_clear() { return kVectorBandClear; }

std::uint32_t forced_minirows_for_test(std::uint32_t word) {
  word &= kBandCells;
  return kTables.minirow_cells[kTables.matching_state[occupancy_of(word)] & kPairBits];
}

}  // namespace sudokit::fast9

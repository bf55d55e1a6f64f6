// stall_search.cpp: the DLX engine's first-solution search of a 9×9 board, replayed on
// arrays. Why the replay is exact is told in stall_search.hpp; how it is kept fast is told
// here, next to the code.
#include "stall_search.hpp"

// SSE2 is in every x86-64 CPU, so it needs no dispatch; other targets take the plain loops
// below (SUDOKIT_NO_SSE2 forces them, to test them on x86-64), which choose the same columns.
#if defined(__SSE2__) && !defined(SUDOKIT_NO_SSE2)
#define SUDOKIT_STALL_SSE2 1
#include <emmintrin.h>
#endif

#include <algorithm>
#include <array>
#include <cstring>

namespace sudokit::grading {
namespace {

constexpr int kCells = 81;
constexpr int kColumns = 324;  // 81 cells, then 81 row-digit, 81 column-digit, 81 box-digit
constexpr int kLanes = 24;     // the sizes in 16-byte lanes, padded past the last column
// A covered column's size is set to kCovered. place() may still take up to 28 from it in the
// same call (see there), so "covered" is read as "kCoveredFloor or more", far above any open
// column's 9 at most: the minimum then answers everything, as DLX's size + 128 does.
constexpr std::uint8_t kCovered = 255;
constexpr std::uint8_t kCoveredFloor = 128;

/// One level of the search: rows left per column, and the candidates as one bitboard per
/// digit (cells 0-63 in word 0, 64-80 in word 1). A candidate is there exactly when it is a
/// row of the matrix, i.e. when none of its four columns is covered.
struct alignas(16) Level {
  std::uint8_t size[kLanes * 16];
  std::uint64_t board[9][2];
};
static_assert(sizeof(Level) % 16 == 0);

struct Tables {
  std::array<std::array<std::uint16_t, 3>, kCells> house_column{};  // row, column, box column of digit 0
  std::array<std::array<std::uint64_t, 2>, kCells> peers{};
  std::array<std::array<std::uint8_t, 9>, 27> house_cells{};  // ascending, as DLX lists a house's rows
  Tables() {
    auto box_of = [](int c) { return (c / 27) * 3 + (c % 9) / 3; };
    std::array<int, 27> filled{};
    for (int c = 0; c < kCells; ++c) {
      const int houses[3] = {c / 9, 9 + c % 9, 18 + box_of(c)};
      for (int k = 0; k < 3; ++k) {
        house_column[c][k] = static_cast<std::uint16_t>(kCells + houses[k] * 9);
        house_cells[houses[k]][filled[houses[k]]++] = static_cast<std::uint8_t>(c);
      }
      for (int p = 0; p < kCells; ++p)
        if (p != c && (p / 9 == c / 9 || p % 9 == c % 9 || box_of(p) == box_of(c)))
          peers[c][p >> 6] |= std::uint64_t{1} << (p & 63);
    }
  }
};
const Tables& tables() {
  static const Tables t;
  return t;
}

bool has(const Level& level, int cell, int d) { return (level.board[d][cell >> 6] >> (cell & 63)) & 1; }

unsigned digits_of(const Level& level, int cell) {
  unsigned m = 0;
  for (int d = 0; d < 9; ++d) m |= static_cast<unsigned>(has(level, cell, d)) << d;
  return m;
}

void copy(Level& to, const Level& from) {
#if defined(SUDOKIT_STALL_SSE2)
  // Sixteen bytes a move: the compiler's own copy of this size was a `rep movs`, slower here.
  const auto* f = reinterpret_cast<const __m128i*>(&from);
  auto* t = reinterpret_cast<__m128i*>(&to);
  for (std::size_t i = 0; i < sizeof(Level) / 16; ++i) _mm_store_si128(t + i, _mm_load_si128(f + i));
#else
  std::memcpy(&to, &from, sizeof(Level));
#endif
}

/// Writes digit d+1 in `cell`: its four columns are covered, and every candidate they held
/// goes, taking one row from each of its other columns (what DLX's cover does). The covered
/// columns are marked first, so a size reaching 0 during the removals is a dead end, which
/// is returned (false) without waiting for the next level's scan. The search does not
/// change: DLX would find that empty column at its next choice and count nothing for it.
/// (The removals may take from the four covered columns themselves, a peer in the same row
/// taking from the row's column, at most 8 + 20 times: they stay above kCoveredFloor.)
bool place(const Tables& t, Level& level, int cell, int d) {
  std::uint8_t* size = level.size;
  const std::uint16_t* own = t.house_column[cell].data();
  size[cell] = size[own[0] + d] = size[own[1] + d] = size[own[2] + d] = kCovered;
  unsigned empty = 0;
  const int word = cell >> 6;
  const std::uint64_t cell_bit = std::uint64_t{1} << (cell & 63);
  for (int e = 0; e < 9; ++e) {
    if (e == d || !(level.board[e][word] & cell_bit)) continue;
    level.board[e][word] &= ~cell_bit;
    empty |= static_cast<unsigned>(--size[own[0] + e] == 0) | static_cast<unsigned>(--size[own[1] + e] == 0) |
             static_cast<unsigned>(--size[own[2] + e] == 0);
  }
  for (int w = 0; w < 2; ++w) {
    std::uint64_t hits = level.board[d][w] & t.peers[cell][w];
    level.board[d][w] &= ~hits;
    for (; hits; hits &= hits - 1) {
      const int p = w * 64 + __builtin_ctzll(hits);
      const std::uint16_t* q = t.house_column[p].data();
      empty |= static_cast<unsigned>(--size[p] == 0) | static_cast<unsigned>(--size[q[0] + d] == 0) |
               static_cast<unsigned>(--size[q[1] + d] == 0) | static_cast<unsigned>(--size[q[2] + d] == 0);
    }
  }
  level.board[d][word] &= ~cell_bit;
  return empty == 0;
}

class Replay {
 public:
  explicit Replay(const Budget& budget) : meter_(budget) {
    if (meter_.limited()) next_check_ = next_check_after(0);
  }

  /// False when `cells` clash (or hold a digit past 9): DLX then searches nothing.
  bool start(const std::uint8_t* cells) {
    Level& level = levels_[0];
    std::memset(level.size, kCovered, sizeof level.size);
    std::fill(level.size, level.size + kColumns, std::uint8_t{9});
    for (auto& words : level.board) {
      words[0] = ~std::uint64_t{0};
      words[1] = (std::uint64_t{1} << (kCells - 64)) - 1;
    }
    for (int c = 0; c < kCells; ++c) {
      const int d = cells[c];
      if (d == 0) continue;
      if (d > 9 || !has(level, c, d - 1)) return false;
      place(t_, level, c, d - 1);  // a column left empty here is found by the first scan
    }
    return true;
  }

  StallSearch run() {
    if (meter_.limited() && (meter_.node_cap() == 0 || meter_.clock_passed())) {
      result_.complete = false;
      return result_;
    }
    descend(0);
    return result_;
  }

 private:
  std::uint64_t next_check_after(std::uint64_t now) const {
    const std::uint64_t clock = meter_.timed() ? now + BudgetMeter::kClockStride : UINT64_MAX;
    return std::min(clock, std::max(meter_.node_cap(), now + 1));
  }
  /// Counts a row tried; true when the budget stops the search there (DLX checks at the same
  /// point: after the row's columns are covered, before the next choice).
  bool tried() {
    if (++result_.nodes < next_check_) return false;
    if (result_.nodes >= meter_.node_cap() || meter_.clock_passed()) {
      result_.complete = false;
      return true;
    }
    next_check_ = next_check_after(result_.nodes);
    return false;
  }

  /// The column DLX chooses: the fewest rows, the lowest id among equals. Returns its size
  /// (0: dead end; kCoveredFloor or more: every column covered, a solution) and sets `column`.
  static std::uint8_t choose(const Level& level, int& column) {
#if !defined(SUDOKIT_STALL_SSE2)
    const std::uint8_t* size = level.size;
    const std::uint8_t best = *std::min_element(size, size + kColumns);
    if (best == 0 || best >= kCoveredFloor) return best;
    column = static_cast<int>(std::find(size, size + kColumns, best) - size);
    return best;
#else
    const auto* lanes = reinterpret_cast<const __m128i*>(level.size);
    __m128i low = _mm_load_si128(lanes);
    for (int v = 1; v < (kColumns + 15) / 16; ++v) low = _mm_min_epu8(low, _mm_load_si128(lanes + v));
    low = _mm_min_epu8(low, _mm_srli_si128(low, 8));
    low = _mm_min_epu8(low, _mm_srli_si128(low, 4));
    low = _mm_min_epu8(low, _mm_srli_si128(low, 2));
    low = _mm_min_epu8(low, _mm_srli_si128(low, 1));
    const auto best = static_cast<std::uint8_t>(_mm_cvtsi128_si32(low));
    if (best == 0 || best >= kCoveredFloor) return best;
    // The first column of that size, four lanes (64 columns) to a test.
    const __m128i wanted = _mm_set1_epi8(static_cast<char>(best));
    for (int v = 0;; v += 4) {
      std::uint64_t hit = 0;
      for (int k = 0; k < 4; ++k)
        hit |= std::uint64_t{static_cast<std::uint16_t>(
                   _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_load_si128(lanes + v + k), wanted)))}
               << (16 * k);
      if (hit) {
        column = v * 16 + __builtin_ctzll(hit);
        return best;
      }
    }
#endif
  }

  /// Searches from levels_[depth]; true to stop (a solution, or the budget).
  bool descend(int depth) {
    Level& level = levels_[depth];
    while (true) {
      int column = 0;
      const std::uint8_t rows = choose(level, column);
      if (rows == 0) return false;
      if (rows >= kCoveredFloor) {
        result_.found = true;
        return true;
      }
      const bool cell_column = column < kCells;
      const int d = cell_column ? 0 : (column - kCells) % 9;
      const std::uint8_t* house = cell_column ? nullptr : t_.house_cells[(column - kCells) / 9].data();
      if (rows == 1) {  // forced: written in this level, since backtracking never comes back
        int cell = column, digit = d;
        if (cell_column) {
          digit = __builtin_ctz(digits_of(level, cell));
        } else {
          int k = 0;
          while (!has(level, house[k], d)) ++k;
          cell = house[k];
        }
        const bool alive = place(t_, level, cell, digit);
        if (tried()) return true;
        if (!alive) return false;
        continue;
      }
      ++result_.guesses;
      Level& next = levels_[depth + 1];
      auto branch = [&](int cell, int digit) {
        copy(next, level);
        const bool alive = place(t_, next, cell, digit);
        return tried() || (alive && descend(depth + 1));
      };
      if (cell_column) {
        for (unsigned m = digits_of(level, column); m; m &= m - 1)
          if (branch(column, __builtin_ctz(m))) return true;
      } else {
        for (int k = 0; k < 9; ++k)
          if (has(level, house[k], d) && branch(house[k], d)) return true;
      }
      return false;
    }
  }

  const Tables& t_ = tables();
  BudgetMeter meter_;
  std::uint64_t next_check_ = UINT64_MAX;
  StallSearch result_;
  // Depth grows only at branch points, each of which writes at least one cell.
  std::array<Level, kCells + 1> levels_;
};

}  // namespace

StallSearch dlx_stall_search(const std::uint8_t* cells, const Budget& budget) {
  Replay replay(budget);
  if (!replay.start(cells)) return {};
  return replay.run();
}

}  // namespace sudokit::grading

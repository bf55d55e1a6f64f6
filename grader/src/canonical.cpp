// canonical.cpp: the class representative of a puzzle (see canonical.hpp for why and how).
#include "canonical.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <numeric>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudokit::grading {
namespace {

// Every shape within kCanonicalLimit arrangements is at most 10×10 (boxes of one column or
// row: n! of them; 2×k: 2·k!²; k×2: k!·2^k; 3×3: 2·6⁴), so a digit's label fits a small
// array, copied as one 16-byte word at each row tried (canonical_transform checks n).
constexpr int kCanonicalMaxSize = 15;
using Labels = std::array<std::uint8_t, kCanonicalMaxSize + 1>;
constexpr std::size_t kRow = kCanonicalMaxSize + 1;  // a row's scratch: copied whole

struct Arrangement {
  std::vector<std::uint8_t> cols;  ///< source column at each column position
  /// Per stack position: the source stack · perms + the index of its inner permutation,
  /// where a row's code of that stack lies in canonical_transform's code3 (FirstRowCodes::of).
  std::vector<std::uint16_t> code_at;
};

struct Arrangements {
  Shape shape{0, 0, 0};
  std::vector<std::vector<std::uint8_t>> inner_perms;
  std::vector<Arrangement> list;
};

std::uint64_t count_arrangements(const Shape& shape) {
  const int stacks = shape.n / shape.box_cols;
  std::uint64_t total = shape.box_rows == shape.box_cols ? 2 : 1;
  auto times_factorial = [&](int k) {
    for (int i = 2; i <= k && total <= kCanonicalLimit; ++i) total *= static_cast<std::uint64_t>(i);
  };
  times_factorial(stacks);
  for (int s = 0; s < stacks && total <= kCanonicalLimit; ++s) times_factorial(shape.box_cols);
  return total;
}

const Arrangements& arrangements_for(const Shape& shape) {
  static thread_local Arrangements cache;
  if (cache.shape == shape) return cache;
  cache = Arrangements{};
  cache.shape = shape;
  const int stacks = shape.n / shape.box_cols;
  const int width = shape.box_cols;
  std::vector<std::uint8_t> inner(static_cast<std::size_t>(width));
  std::iota(inner.begin(), inner.end(), 0);
  do cache.inner_perms.push_back(inner);
  while (std::next_permutation(inner.begin(), inner.end()));
  std::vector<std::uint8_t> order(static_cast<std::size_t>(stacks));
  std::iota(order.begin(), order.end(), 0);
  do {
    // Inner-order indices as wide as the count of inner orders: 6×6 with boxes of one row
    // has 720 (one byte wrapped around before reaching it, and this loop never ended).
    std::vector<std::size_t> choice(static_cast<std::size_t>(stacks), 0);
    for (;;) {
      Arrangement a;
      for (int s = 0; s < stacks; ++s) {
        for (std::uint8_t k : cache.inner_perms[choice[static_cast<std::size_t>(s)]])
          a.cols.push_back(static_cast<std::uint8_t>(order[static_cast<std::size_t>(s)] * width + k));
        a.code_at.push_back(static_cast<std::uint16_t>(order[static_cast<std::size_t>(s)] * cache.inner_perms.size() +
                                                        choice[static_cast<std::size_t>(s)]));
      }
      cache.list.push_back(std::move(a));
      std::size_t s = 0;
      while (s < choice.size() && ++choice[s] == cache.inner_perms.size()) choice[s++] = 0;
      if (s == choice.size()) break;
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return cache;
}

/// The given/empty pattern of each row under one column arrangement, read off per-stack
/// codes (code3 in canonical_transform): what a first row's form depends on.
struct FirstRowCodes {
  const std::uint64_t* code3 = nullptr;     // [(row · stacks + stack) · perms + inner permutation]
  const std::uint16_t* code_at = nullptr;   // the arrangement's Arrangement::code_at
  const std::uint64_t* least = nullptr;     // per row: the smallest pattern any arrangement gives it
  std::uint64_t rows = 0;                   // the rows whose `least` is within the best first row's (bit r)
  int stack_count = 0, width = 0;
  std::size_t per_row = 0;                  // code3 entries per row: stacks · perms
  std::uint64_t of(int row) const {
    const std::uint64_t* codes = code3 + static_cast<std::size_t>(row) * per_row;
    std::uint64_t code = 0;
    for (int s = 0; s < stack_count; ++s) code = (code << width) | codes[code_at[s]];
    return code;
  }
};

/// Greedy row search over one column-arranged grid (see the essay in canonical.hpp).
class RowSearch {
 public:
  RowSearch(int n, int band_rows)
      : n_(n), best_(static_cast<std::size_t>(n * n + kRow), 0xFF), current_(best_.size()) {
    for (int r = 0; r < n; ++r)
      band_of_[static_cast<std::size_t>(r)] = ((std::uint64_t{1} << band_rows) - 1) << (r / band_rows * band_rows);
    for (int depth = 0; depth <= n; ++depth) starts_band_[static_cast<std::size_t>(depth)] = depth % band_rows == 0;
  }

  /// True when `grid` (row-major) read through the column order `cols` gave a new best.
  /// `first`, when given (no row of the grid repeats a digit), holds the rows' patterns
  /// under that order: a first row's form is its pattern alone (its digits are relabelled
  /// 1, 2, 3 ... left to right), so at the first depth rows are compared by pattern, and
  /// only a row that beats the bound is encoded.
  bool run(const std::uint8_t* grid, const std::uint8_t* cols, const FirstRowCodes* first = nullptr) {
    grid_ = grid;
    cols_ = cols;
    first_ = first;
    used_ = 0;
    improved_ = false;
    Labels labels{};
    descend(0, 0, labels, 1, 0, best_version_);
    return improved_;
  }
  const std::array<std::uint8_t, kMaxSize>& best_rows() const { return best_rows_; }
  /// The first row of the best form, as a given/empty bit mask (leftmost column highest).
  std::uint64_t best_first_code() const { return best_code_; }

 private:
  /// Row `row` through the column order, from column `from` on, digits relabelled by first
  /// appearance (labels given so far in `labels`, the next one `next_label`).
  void encode(int row, Labels& labels, int& next_label, std::uint8_t* out, int from = 0) const {
    const std::uint8_t* source = grid_ + row * n_;
    for (int c = from; c < n_; ++c) out[c] = label_of(source[cols_[c]], labels, next_label);
  }
  static std::uint8_t label_of(std::uint8_t digit, Labels& labels, int& next_label) {
    if (digit == 0) return 0;
    if (labels[digit] == 0) labels[digit] = static_cast<std::uint8_t>(next_label++);
    return labels[digit];
  }

  /// The labels encoding row `row` gives, read off its encoded form `encoded` (a row slot):
  /// each given's label is there, and labels are handed out in increasing order, so the
  /// next one follows the largest. Cheaper than encoding the row again.
  void adopt_labels(int row, const std::uint8_t* encoded, Labels& labels, int& next_label) const {
    const std::uint8_t* source = grid_ + row * n_;
    // The row's givens: a mask of its nonzero entries (sixteen at once where SSE2 is there,
    // part of the x86-64 baseline; `encoded` is a whole row slot, past n_ unspecified).
#if defined(__SSE2__)
    const __m128i entries = _mm_loadu_si128(reinterpret_cast<const __m128i*>(encoded));
    const unsigned zero = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(entries, _mm_setzero_si128())));
    unsigned givens = ~zero & ((1U << n_) - 1);
#else
    unsigned givens = 0;
    for (int c = 0; c < n_; ++c) givens |= static_cast<unsigned>(encoded[c] != 0) << c;
#endif
    for (; givens; givens &= givens - 1) {
      const int c = std::countr_zero(givens);
      const std::uint8_t label = encoded[c];
      labels[source[cols_[c]]] = label;
      if (label >= next_label) next_label = label + 1;
    }
  }

  /// encode(), stopping as soon as the row is known to be larger than `ref` (1: `out` is then
  /// incomplete); 0 when equal, -1 when smaller (`out` complete). Most rows lose to the best
  /// one at their first cells, so this saves most of the encoding.
  int encode_against(int row, Labels& labels, int& next_label, const std::uint8_t* ref, std::uint8_t* out) const {
    const std::uint8_t* source = grid_ + row * n_;
    for (int c = 0; c < n_; ++c) {
      const std::uint8_t v = label_of(source[cols_[c]], labels, next_label);
      out[c] = v;
      if (v == ref[c]) continue;
      if (v > ref[c]) return 1;
      encode(row, labels, next_label, out, c + 1);
      return -1;
    }
    return 0;
  }

  /// `order`: how the rows chosen so far compare with the best form's first `depth` rows
  /// (negative: smaller, 0: equal), as the caller knew it when the best form was version
  /// `version`; compared afresh only if a better form has been found since.
  /// `band`: the rows of the band of the row chosen last (the next row must come from it
  /// unless a band starts here).
  void descend(int depth, std::uint64_t band, const Labels& labels, int next_label, int order, std::uint64_t version) {
    if (version != best_version_) {
      const std::size_t prefix = static_cast<std::size_t>(depth) * static_cast<std::size_t>(n_);
      order = std::memcmp(current_.data(), best_.data(), prefix);
      if (order > 0) return;
    }
    if (depth == n_) {
      if (order < 0) {
        best_ = current_;
        best_rows_ = rows_;
        best_code_ = code_of(best_.data());
        ++best_version_;
        improved_ = true;
      }
      return;
    }
    // The smallest next row and the rows that give it. While the prefix equals the best
    // form's, a row above the best form's row here is cut at once (it could only lose), so
    // the bound starts as that row; then it is the smallest row so far.
    // (Scratch left uninitialised: only the first n_ entries are ever read, after a write;
    // zeroing them was a tenth of the canonical form's time on easy puzzles.)
    std::array<std::uint8_t, kRow> smallest, trial;
    std::array<int, kRow> ties;
    int tie_count = 0;
    bool have = false;
    bool below = order < 0;  // whether `smallest` is below the best form's row here
    const std::uint8_t* bound = order == 0 ? best_.data() + depth * n_ : nullptr;
    // First rows by pattern (run()'s `first`): the bound's pattern, while there is a bound.
    const bool by_pattern = depth == 0 && first_ != nullptr && best_[0] != 0xFF;
    std::uint64_t bound_code = by_pattern ? best_code_ : 0;  // the bound's pattern: best_'s first row's
    // The rows that may come next: any unused one at a band's start, else its band's; for
    // a first row by pattern, only those some arrangement brings down to the bound.
    std::uint64_t open = ~used_ & ((n_ < 64 ? std::uint64_t{1} << n_ : 0) - 1);
    if (!starts_band_[static_cast<std::size_t>(depth)]) open &= band;
    if (by_pattern) open &= first_->rows;
    for (; open; open &= open - 1) {
      const int r = std::countr_zero(open);
      int c = -1;
      if (by_pattern) {
        // The same answers as encode_against(): a larger pattern loses at its first extra
        // given, an equal one is the bound itself, a smaller one is encoded.
        if (first_->least[r] > bound_code) continue;  // no arrangement brings it down to the bound
        const std::uint64_t code = first_->of(r);
        if (code > bound_code) continue;
        if (code == bound_code) {
          c = 0;
          std::memcpy(trial.data(), bound, kRow);  // a whole row slot: one fixed-size copy
        } else {
          Labels copy = labels;
          int next = next_label;
          encode(r, copy, next, trial.data());
          bound_code = code;
        }
      } else {
        Labels copy = labels;
        int next = next_label;
        if (bound) c = encode_against(r, copy, next, bound, trial.data());
        else encode(r, copy, next, trial.data());
      }
      if (c > 0) continue;
      if (!have || c < 0) {
        below = below || c < 0;
        smallest = trial;
        tie_count = 0;
        have = true;
        bound = smallest.data();
      }
      ties[static_cast<std::size_t>(tie_count++)] = r;
    }
    if (!have) return;  // every row above the best form's: this prefix cannot win
    const std::uint64_t known = best_version_;  // the best form `below` was measured against
    for (int k = 0; k < tie_count; ++k) {
      const int r = ties[static_cast<std::size_t>(k)];
      std::memcpy(current_.data() + depth * n_, smallest.data(), kRow);  // spills into the next row's slot (or the padding)
      Labels copy = labels;
      int next = next_label;
      adopt_labels(r, smallest.data(), copy, next);
      used_ |= std::uint64_t{1} << r;
      rows_[static_cast<std::size_t>(depth)] = static_cast<std::uint8_t>(r);
      descend(depth + 1, band_of_[static_cast<std::size_t>(r)], copy, next, below ? -1 : 0, known);
      used_ &= ~(std::uint64_t{1} << r);
    }
  }

  /// A row's given/empty pattern, leftmost cell highest.
  std::uint64_t code_of(const std::uint8_t* row) const {
    std::uint64_t code = 0;
    for (int c = 0; c < n_; ++c) code = (code << 1) | (row[c] != 0 ? 1 : 0);
    return code;
  }

  int n_;
  // Tables instead of divisions by the band height on the search's path: each row's band
  // (its rows as a mask) and whether a band starts at each depth.
  std::array<std::uint64_t, kRow> band_of_{};
  std::array<bool, kRow + 1> starts_band_{};
  // Row-major forms of n_ rows, plus one row slot of padding: rows are copied as whole
  // kRow-byte slots.
  std::vector<std::uint8_t> best_, current_;
  std::array<std::uint8_t, kMaxSize> rows_{}, best_rows_{};
  std::uint64_t used_ = 0;
  std::uint64_t best_code_ = ~std::uint64_t{0};  // best_'s first row's pattern (all ones: no best yet)
  std::uint64_t best_version_ = 0;                 // how many times best_ improved
  bool improved_ = false;
  const std::uint8_t* grid_ = nullptr;
  const std::uint8_t* cols_ = nullptr;
  const FirstRowCodes* first_ = nullptr;
};

}  // namespace

int Transform::source_cell(int cell) const {
  const int n = shape.n;
  const int r = rows[static_cast<std::size_t>(cell / n)];
  const int c = cols[static_cast<std::size_t>(cell % n)];
  return transposed ? c * n + r : r * n + c;
}

int Transform::source_house(int house) const {
  const int n = shape.n;
  if (house < 2 * n) {
    const bool is_row = house < n;
    const int index = is_row ? rows[static_cast<std::size_t>(house)] : cols[static_cast<std::size_t>(house - n)];
    // A canonical row is a source row unless transposed (then a source column), and so on.
    return (is_row != transposed) ? index : n + index;
  }
  const int box = house - 2 * n;
  return 2 * n + shape.box_of(source_cell(shape.cell_in_box(box, 0)));
}

Grid Transform::apply(const Grid& puzzle) const {
  Grid out(shape);
  for (int c = 0; c < shape.cells(); ++c)
    out.cells[static_cast<std::size_t>(c)] = label[puzzle.cells[static_cast<std::size_t>(source_cell(c))]];
  return out;
}

// Aligned to a cache line: the arrangement search inside is most of an easy puzzle's grade,
// and where its loops fell within their 64-byte lines moved 17-clue grading by up to 10%
// between builds whose code here was identical (docs/PERFORMANCE.md, sessions 12 and 13).
#if defined(__GNUC__)
__attribute__((aligned(64)))
#endif
std::optional<Transform> canonical_transform(const Grid& puzzle) {
  const Shape& shape = puzzle.shape;
  const int n = shape.n;
  if (n > kCanonicalMaxSize || count_arrangements(shape) > kCanonicalLimit) return std::nullopt;
  const Arrangements& all = arrangements_for(shape);
  const int width = shape.box_cols;
  const int stacks = n / width;
  const std::size_t perms = all.inner_perms.size();

  RowSearch search(n, shape.box_rows);
  Transform best;
  best.shape = shape;
  std::vector<std::uint8_t> oriented(static_cast<std::size_t>(n * n));
  // code3[(r * stacks + t) * perms + p]: the given/empty bits of row r's stack t under inner
  // permutation p (leftmost highest).
  std::vector<std::uint64_t> code3(static_cast<std::size_t>(n * stacks) * perms);
  const bool square = shape.box_rows == shape.box_cols;
  // Whether no row and no column repeats a digit (then a first row's form is its pattern:
  // RowSearch::run's `first`). The grader never asks for a clashing puzzle's form; other
  // callers get the plain search.
  bool distinct_lines = true;
  for (int line = 0; line < n && distinct_lines; ++line) {
    std::uint64_t in_row = 0, in_col = 0;
    for (int k = 0; k < n; ++k) {
      const int r = puzzle.cells[static_cast<std::size_t>(line * n + k)], c = puzzle.cells[static_cast<std::size_t>(k * n + line)];
      if (r && (in_row >> r & 1)) distinct_lines = false;
      if (c && (in_col >> c & 1)) distinct_lines = false;
      if (r) in_row |= std::uint64_t{1} << r;
      if (c) in_col |= std::uint64_t{1} << c;
    }
  }
  std::vector<std::uint8_t> visited;  // bytes, not std::vector<bool>: read for every arrangement
  std::vector<std::uint16_t> inner_orders;  // see `inner` below (up to 720 orders: two bytes)
  std::size_t block = 1;  // arrangements per stack order
  for (int t = 0; t < stacks; ++t) block *= perms;
  for (int transposed = 0; transposed < (square ? 2 : 1); ++transposed) {
    visited.assign(all.list.size(), 0);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c)
        oriented[static_cast<std::size_t>(r * n + c)] =
            puzzle.cells[static_cast<std::size_t>(transposed ? c * n + r : r * n + c)];
    for (int r = 0; r < n; ++r)
      for (int t = 0; t < stacks; ++t)
        for (std::size_t p = 0; p < perms; ++p) {
          std::uint64_t code = 0;
          for (std::uint8_t k : all.inner_perms[p])
            code = (code << 1) | (oriented[static_cast<std::size_t>(r * n + t * width + k)] != 0 ? 1 : 0);
          code3[(static_cast<std::size_t>(r * stacks + t)) * perms + p] = code;
        }
    // The first row of the form is a row whose givens are pushed right as far as an
    // arrangement allows: stacks in increasing order of givens, each with its empty cells
    // first. Only arrangements that do that for a row reaching the best such code are
    // searched (visited once each).
    // Per row, the smallest pattern an arrangement can give it (its givens pushed right: the
    // code below), for RowSearch to pass over rows that cannot come first.
    std::array<std::uint64_t, kMaxSize> least{};
    for (int r = 0; r < n; ++r) {
      std::array<int, kMaxSize> per_stack{};
      for (int t = 0; t < stacks; ++t) per_stack[static_cast<std::size_t>(t)] = std::popcount(code3[static_cast<std::size_t>(r * stacks + t) * perms]);
      std::sort(per_stack.begin(), per_stack.begin() + stacks);
      std::uint64_t code = 0;
      for (int t = 0; t < stacks; ++t) code = (code << width) | ((std::uint64_t{1} << per_stack[static_cast<std::size_t>(t)]) - 1);
      least[static_cast<std::size_t>(r)] = code;
    }
    auto rows_within = [&](std::uint64_t bound) {
      std::uint64_t rows = 0;
      for (int q = 0; q < n; ++q) rows |= static_cast<std::uint64_t>(least[static_cast<std::size_t>(q)] <= bound) << q;
      return rows;
    };
    // (Storage made once per call, not per row and stack order: those allocations were a
    // measurable part of an easy puzzle's form.) Stacks are at most n; `inner` holds, per
    // stack position, the inner orders allowed there (up to `perms`: 720 for 6×6 with boxes
    // of one row).
    std::array<int, kRow> counts{};
    std::array<std::uint8_t, kRow> order{};
    inner_orders.resize(static_cast<std::size_t>(stacks) * perms);
    std::uint16_t* const inner = inner_orders.data();
    std::array<std::size_t, kRow> inner_size{};
    std::array<std::size_t, kRow> pick{};
    for (int r = 0; r < n; ++r) {
      for (int t = 0; t < stacks; ++t) counts[static_cast<std::size_t>(t)] = std::popcount(code3[static_cast<std::size_t>(r * stacks + t) * perms]);
      std::array<int, kRow> sorted = counts;
      std::sort(sorted.begin(), sorted.begin() + stacks);
      std::uint64_t code = 0;
      for (int t = 0; t < stacks; ++t) code = (code << width) | ((std::uint64_t{1} << sorted[static_cast<std::size_t>(t)]) - 1);
      if (code > search.best_first_code()) continue;
      std::uint64_t first_rows = rows_within(search.best_first_code());
      // Stack orders with nondecreasing counts; inner orders with the empty cells first.
      std::iota(order.begin(), order.begin() + stacks, 0);
      do {
        bool sorted_order = true;
        for (int s = 1; s < stacks; ++s)
          sorted_order = sorted_order && counts[order[static_cast<std::size_t>(s - 1)]] <= counts[order[static_cast<std::size_t>(s)]];
        if (!sorted_order) continue;
        for (int s = 0; s < stacks; ++s) {
          const int t = order[static_cast<std::size_t>(s)];
          const std::uint64_t want = (std::uint64_t{1} << counts[static_cast<std::size_t>(t)]) - 1;
          std::size_t& size = inner_size[static_cast<std::size_t>(s)];
          size = 0;
          for (std::size_t p = 0; p < perms; ++p)
            if (code3[static_cast<std::size_t>(r * stacks + t) * perms + p] == want)
              inner[static_cast<std::size_t>(s) * perms + size++] = static_cast<std::uint16_t>(p);
        }
        std::size_t order_rank = 0;  // lexicographic rank of `order` among stack permutations
        for (int s = 0; s < stacks; ++s) {
          int smaller = 0;
          for (int u = s + 1; u < stacks; ++u) smaller += order[static_cast<std::size_t>(u)] < order[static_cast<std::size_t>(s)] ? 1 : 0;
          std::size_t f = 1;
          for (int k = 2; k < stacks - s; ++k) f *= static_cast<std::size_t>(k);
          order_rank += static_cast<std::size_t>(smaller) * f;
        }
        std::fill(pick.begin(), pick.begin() + stacks, 0);
        for (;;) {
          // Index in the arrangement list: order rank, then inner choices (stack 0 fastest).
          std::size_t index = 0;
          for (int s = stacks - 1; s >= 0; --s) index = index * perms + inner[static_cast<std::size_t>(s) * perms + pick[static_cast<std::size_t>(s)]];
          index += order_rank * block;
          if (!visited[index]) {
            visited[index] = 1;
            const Arrangement& a = all.list[index];
            const FirstRowCodes first{code3.data(), a.code_at.data(), least.data(), first_rows, stacks, width,
                                      static_cast<std::size_t>(stacks) * perms};
            if (search.run(oriented.data(), a.cols.data(), distinct_lines ? &first : nullptr)) {
              best.transposed = transposed != 0;
              std::copy(a.cols.begin(), a.cols.end(), best.cols.begin());
              best.rows = search.best_rows();
              first_rows = rows_within(search.best_first_code());
            }
          }
          std::size_t s = 0;
          while (s < static_cast<std::size_t>(stacks) && ++pick[s] == inner_size[s]) pick[s++] = 0;
          if (s == static_cast<std::size_t>(stacks)) break;
        }
      } while (std::next_permutation(order.begin(), order.begin() + stacks));
    }
  }
  // Labels by first appearance in the representative; absent digits take the remaining labels
  // in increasing order.
  best.label.fill(0);
  best.unlabel.fill(0);
  int next = 1;
  for (int c = 0; c < shape.cells(); ++c) {
    const int d = puzzle.cells[static_cast<std::size_t>(best.source_cell(c))];
    if (d != 0 && best.label[static_cast<std::size_t>(d)] == 0) best.label[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(next++);
  }
  for (int d = 1; d <= n; ++d)
    if (best.label[static_cast<std::size_t>(d)] == 0) best.label[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(next++);
  for (int d = 1; d <= n; ++d) best.unlabel[best.label[static_cast<std::size_t>(d)]] = static_cast<std::uint8_t>(d);
  return best;
}

}  // namespace sudokit::grading

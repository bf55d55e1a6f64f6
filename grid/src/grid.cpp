// The grid model: shapes, clash detection, an independent solution checker and the
// symbol alphabet. The checker here deliberately shares no code with the solvers: it is
// what tests use to decide whether a solver's answer is right.
#include "sudokit/grid.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstring>
#include <iterator>

#include <fmt/format.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudokit {

int Shape::cell_in_box(int box, int k) const {
  const int boxes_across = n / box_cols;
  const int top = (box / boxes_across) * box_rows;
  const int left = (box % boxes_across) * box_cols;
  return (top + k / box_cols) * n + left + k % box_cols;
}

std::optional<Shape> default_shape(int n) {
  if (n < 1 || n > kMaxSize) return std::nullopt;
  int rows = 1;
  for (int r = 1; r * r <= n; ++r)
    if (n % r == 0) rows = r;
  return Shape{n, rows, n / rows};
}

std::optional<Shape> make_shape(int n, int box_rows, int box_cols, std::string* why) {
  auto fail = [&](std::string message) -> std::optional<Shape> {
    if (why) *why = std::move(message);
    return std::nullopt;
  };
  if (n < 1 || n > kMaxSize)
    return fail(fmt::format("size {} is not supported (sizes 1 to {})", n, kMaxSize));
  if (box_rows < 1 || box_cols < 1 || box_rows * box_cols != n)
    return fail(fmt::format("a {}x{} box does not tile a {}x{} grid (box rows x box columns must equal {})",
                            box_rows, box_cols, n, n, n));
  return Shape{n, box_rows, box_cols};
}

std::optional<Shape> parse_box(std::string_view text, std::string* why) {
  const auto x = text.find_first_of("xX");
  int rows = 0, cols = 0;
  bool ok = x != std::string_view::npos;
  if (ok) {
    auto r1 = std::from_chars(text.data(), text.data() + x, rows);
    auto r2 = std::from_chars(text.data() + x + 1, text.data() + text.size(), cols);
    ok = r1.ec == std::errc{} && r1.ptr == text.data() + x && r2.ec == std::errc{} &&
         r2.ptr == text.data() + text.size();
  }
  if (!ok) {
    if (why) *why = fmt::format("'{}' is not a box shape; write it as RxC, e.g. 2x3", text);
    return std::nullopt;
  }
  if (rows < 1 || cols < 1 || rows > kMaxSize || cols > kMaxSize) {
    if (why) *why = fmt::format("box '{}' is out of range", text);
    return std::nullopt;
  }
  return make_shape(rows * cols, rows, cols, why);
}

std::string describe(const Shape& shape) {
  return fmt::format("{}x{} ({}x{} boxes)", shape.n, shape.n, shape.box_rows, shape.box_cols);
}

int Grid::givens() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](std::uint8_t v) { return v != 0; }));
}

bool Grid::complete() const {
  return std::none_of(cells.begin(), cells.end(), [](std::uint8_t v) { return v == 0; });
}

namespace {

// The common case, a puzzle with no clash, answered without allocating: one bit per digit
// in a 64-bit mask per house (N <= kMaxSize = 64). Bulk solving calls this on every record, so
// it walks rows and columns in order instead of dividing each cell index (three divisions by a
// run-time N per cell cost more than the check itself), and clears only the N masks in use.
bool has_clash(const Grid& puzzle) {
  const Shape& s = puzzle.shape;
  const int n = s.n;
  std::uint64_t rows[kMaxSize], cols[kMaxSize], boxes[kMaxSize];
  int box_in_band[kMaxSize];  // column -> its box's index within a band of boxes
  for (int i = 0; i < n; ++i) {
    rows[i] = cols[i] = boxes[i] = 0;
    box_in_band[i] = i / s.box_cols;
  }
  const int boxes_per_band = n / s.box_cols;
  const std::uint8_t* cell = puzzle.cells.data();
  for (int r = 0; r < n; ++r) {
    const int band_first_box = (r / s.box_rows) * boxes_per_band;
    for (int c = 0; c < n; ++c, ++cell) {
      const int d = *cell;
      if (d == 0) continue;
      if (d > n) return true;
      const std::uint64_t bit = std::uint64_t{1} << (d - 1);
      std::uint64_t& box = boxes[band_first_box + box_in_band[c]];
      if ((rows[r] | cols[c] | box) & bit) return true;
      rows[r] |= bit;
      cols[c] |= bit;
      box |= bit;
    }
  }
  return false;
}

}  // namespace

std::vector<Clash> find_clashes(const Grid& puzzle, std::size_t max) {
  const Shape& s = puzzle.shape;
  const int n = s.n;
  std::vector<Clash> clashes;
  if (max == 0 || n > kMaxSize || !has_clash(puzzle)) return clashes;
  // For each cell, the earlier cells of its row, column and box holding the same digit, each
  // house scanned in row-major order (a third copy of a digit clashes with both earlier
  // ones). Scanning the houses needs no table: an error record costs no allocation but the
  // answer's.
  static constexpr char kHouse[3] = {'r', 'c', 'b'};
  for (int cell = 0; cell < s.cells() && clashes.size() < max; ++cell) {
    const int d = puzzle.cells[static_cast<std::size_t>(cell)];
    if (d == 0) continue;
    if (d > n) {
      clashes.push_back({cell, cell, d, 'v'});
      continue;
    }
    const int row = s.row_of(cell), col = s.col_of(cell);
    const int box_row = row / s.box_rows * s.box_rows, box_col = col / s.box_cols * s.box_cols;
    // Two cells can share a row and a box; report the pair once, in the first house.
    auto earlier_in = [&](int kind, int other) {
      if (other >= cell || puzzle.cells[static_cast<std::size_t>(other)] != d) return;
      const int orow = s.row_of(other), ocol = s.col_of(other);
      const bool in_row = orow == row, in_col = ocol == col;
      if (kind == 1 && in_row) return;             // already paired in the row
      if (kind == 2 && (in_row || in_col)) return;  // already paired in the row or column
      clashes.push_back({other, cell, d, kHouse[kind]});
    };
    for (int c = 0; c < n; ++c) earlier_in(0, row * n + c);
    for (int r = 0; r < n; ++r) earlier_in(1, r * n + col);
    for (int r = box_row; r < box_row + s.box_rows; ++r)
      for (int c = box_col; c < box_col + s.box_cols; ++c) earlier_in(2, r * n + c);
  }
  if (clashes.size() > max) clashes.resize(max);
  // Row-major order of cell_b, then of cell_a.
  std::stable_sort(clashes.begin(), clashes.end(), [](const Clash& a, const Clash& b) {
    return a.cell_b != b.cell_b ? a.cell_b < b.cell_b : a.cell_a < b.cell_a;
  });
  return clashes;
}

bool is_solution_of(const Grid& puzzle, const Grid& solution, std::string* why) {
  auto fail = [&](std::string message) {
    if (why) *why = std::move(message);
    return false;
  };
  const Shape& s = solution.shape;
  if (!(puzzle.shape == s)) return fail("shapes differ");
  if (solution.cells.size() != static_cast<std::size_t>(s.cells())) return fail("wrong number of cells");
  const int n = s.n;
  for (int cell = 0; cell < s.cells(); ++cell) {
    const int d = solution.cells[static_cast<std::size_t>(cell)];
    if (d < 1 || d > n) return fail(fmt::format("{} holds {}, not a digit 1..{}", cell_name(s, cell), d, n));
    const int g = puzzle.cells[static_cast<std::size_t>(cell)];
    if (g != 0 && g != d) return fail(fmt::format("{} is given as {} but holds {}", cell_name(s, cell), g, d));
  }
  // Each row, column and box must hold every digit exactly once.
  for (int kind = 0; kind < 3; ++kind) {
    for (int house = 0; house < n; ++house) {
      std::vector<bool> seen(static_cast<std::size_t>(n + 1), false);
      for (int k = 0; k < n; ++k) {
        const int cell = kind == 0 ? house * n + k : kind == 1 ? k * n + house : s.cell_in_box(house, k);
        const int d = solution.cells[static_cast<std::size_t>(cell)];
        if (seen[static_cast<std::size_t>(d)])
          return fail(fmt::format("{} {} holds {} twice", kind == 0 ? "row" : kind == 1 ? "column" : "box",
                                  house + 1, d));
        seen[static_cast<std::size_t>(d)] = true;
      }
    }
  }
  return true;
}

std::vector<int> differing_cells(const Grid& a, const Grid& b) {
  std::vector<int> cells;
  const std::size_t count = std::min(a.cells.size(), b.cells.size());
  for (std::size_t i = 0; i < count; ++i)
    if (a.cells[i] != b.cells[i]) cells.push_back(static_cast<int>(i));
  return cells;
}

std::string cell_name(const Shape& shape, int cell) {
  return fmt::format("r{}c{}", shape.row_of(cell) + 1, shape.col_of(cell) + 1);
}

Alphabet::Alphabet(std::string symbols, bool zero_is_empty)
    : symbols_(std::move(symbols)), zero_is_empty_(zero_is_empty), fold_case_(true) {
  for (char c : symbols_)
    if (std::islower(static_cast<unsigned char>(c))) fold_case_ = false;
  std::fill(std::begin(digit_of_), std::end(digit_of_), std::int8_t{-1});
  digit_of_[static_cast<unsigned char>('.')] = 0;
  if (zero_is_empty_) digit_of_[static_cast<unsigned char>('0')] = 0;
  for (std::size_t i = 0; i < symbols_.size(); ++i) {
    const auto c = static_cast<unsigned char>(symbols_[i]);
    digit_of_[c] = static_cast<std::int8_t>(i + 1);
    if (fold_case_ && std::isupper(c)) digit_of_[std::tolower(c)] = static_cast<std::int8_t>(i + 1);
  }
}

Alphabet Alphabet::standard() { return Alphabet("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", true); }

std::optional<Alphabet> Alphabet::from_symbols(std::string_view symbols, std::string* why) {
  auto fail = [&](std::string message) -> std::optional<Alphabet> {
    if (why) *why = std::move(message);
    return std::nullopt;
  };
  if (symbols.empty()) return fail("the alphabet is empty");
  if (symbols.size() > 100) return fail("the alphabet has more than 100 symbols");
  bool seen[256] = {};
  for (char c : symbols) {
    const auto u = static_cast<unsigned char>(c);
    // '.', '#' and the rulings mean something to the reader; ':' ',' '"' to the line and
    // csv layouts (an answer line never holds ':'); '[' ']' to the reader's section headers
    // ("[Puzzle]": a line opening and closing with them is no record), '{' '}' to its format
    // detection (a first line opening with '{' makes the input jsonl), '=' to its ruling
    // lines ("=====" draws a grid).
    // A symbol is one byte: a UTF-8 letter is several, and a message quoting one of them
    // alone would not be valid text, so those are named by their byte.
    if (u >= 0x80)
      return fail(fmt::format("byte 0x{:02X} cannot be a symbol (symbols are single ASCII characters; a non-ASCII "
                              "letter is several bytes)",
                              static_cast<unsigned>(u)));
    if (!std::isgraph(u) || std::string_view(".#|-+:,\"[]{}=").find(c) != std::string_view::npos)
      return fail(u > 0x20 && u < 0x7f
                      ? fmt::format("'{}' cannot be a symbol (symbols are printable and not . # | - + : , \" [ ] {{ }} =)", c)
                      : fmt::format("byte 0x{:02X} cannot be a symbol (symbols are printable and not . # | - + : , \" [ ] {{ }} =)",
                                    static_cast<unsigned>(u)));
    if (seen[u]) return fail(fmt::format("symbol '{}' appears twice in the alphabet", c));
    seen[u] = true;
  }
  const bool zero_is_symbol = symbols.find('0') != std::string_view::npos;
  return Alphabet(std::string(symbols), !zero_is_symbol);
}

int Alphabet::digit_of(char symbol) const { return digit_of_[static_cast<unsigned char>(symbol)]; }

std::string to_line(const Grid& grid, const Alphabet& alphabet) {
  std::string out;
  append_line(out, grid, alphabet);
  return out;
}

void append_line(std::string& out, const Grid& grid, const Alphabet& alphabet) {
  if (grid.shape.n <= alphabet.size()) {
    // Sized once and written in place: bulk solving writes one of these per record.
    const std::size_t at = out.size();
    const std::size_t count = grid.cells.size();
    out.resize(at + count);
    char* symbol = out.data() + at;
    const std::uint8_t* cell = grid.cells.data();
    std::size_t i = 0;
    // Digits up to 9 written as '1'..'9' (the standard alphabet): '0' + d, '.' for 0, sixteen
    // cells at a time with SSE2 (the x86-64 baseline).
    const std::string& symbols = alphabet.symbols();
    if (grid.shape.n <= 9 && symbols.size() >= 9 && std::memcmp(symbols.data(), "123456789", 9) == 0) {
#if defined(__SSE2__)
      const __m128i zero_char = _mm_set1_epi8('0'), dot = _mm_set1_epi8('.'), zero = _mm_setzero_si128();
      for (; i + 16 <= count; i += 16) {
        const __m128i digits = _mm_loadu_si128(reinterpret_cast<const __m128i*>(cell + i));
        const __m128i empty = _mm_cmpeq_epi8(digits, zero);
        const __m128i text = _mm_or_si128(_mm_and_si128(empty, dot), _mm_andnot_si128(empty, _mm_add_epi8(digits, zero_char)));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(symbol + i), text);
      }
#endif
      for (; i < count; ++i) symbol[i] = cell[i] == 0 ? '.' : static_cast<char>('0' + cell[i]);
      return;
    }
    for (; i < count; ++i) symbol[i] = alphabet.symbol_of(cell[i]);
    return;
  }
  for (std::size_t i = 0; i < grid.cells.size(); ++i) {
    if (i) out.push_back(' ');
    fmt::format_to(std::back_inserter(out), "{}", static_cast<unsigned>(grid.cells[i]));
  }
}

std::string to_block(const Grid& grid, const Alphabet& alphabet) {
  const Shape& s = grid.shape;
  const bool symbols = s.n <= alphabet.size();
  const int width = symbols ? 1 : static_cast<int>(std::to_string(s.n).size());
  auto cell_text = [&](int d) {
    if (symbols) return std::string(1, alphabet.symbol_of(d));
    return fmt::format("{:>{}}", d == 0 ? std::string(".") : std::to_string(d), width);
  };
  // One box column is box_cols cells separated by single spaces.
  const int box_width = s.box_cols * width + (s.box_cols - 1);
  std::string ruling;
  for (int b = 0; b < s.n / s.box_cols; ++b) {
    if (b) ruling += "-+-";
    ruling += std::string(static_cast<std::size_t>(box_width), '-');
  }
  std::string out;
  for (int r = 0; r < s.n; ++r) {
    if (r && r % s.box_rows == 0) out += ruling + "\n";
    for (int c = 0; c < s.n; ++c) {
      if (c) out += (c % s.box_cols == 0) ? " | " : " ";
      out += cell_text(grid.at(r, c));
    }
    out += "\n";
  }
  return out;
}

}  // namespace sudokit

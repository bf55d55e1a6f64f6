// The record reader: turns lines of text into puzzles, one record at a time.
//
// Each content line is first scanned on its own into a list of cell values (see
// scan_line): either symbols of the alphabet, one character per cell, with spaces and the
// '|', '-', '+' rulings ignored; or whitespace-separated integers. Only then is the line
// given a meaning by how many cells it holds: N² cells (N >= 4) are a whole puzzle, N cells
// the first row of an N-row block (a forced shape decides instead when there is one).
// Classifying lines before records keeps the formats independent: a block may mix
// "5 3 . . 7 . . . ." rows with "534678912" rows, and a numbers row is just a row.
//
// Lines that are not cells: '#' comments, "[Section]" headers (.sdk), blank lines (which end
// a record), and rulings ("------+-------+------", "*-----------*").
//
// Errors are values, not exceptions: a bad record becomes one Record with an error
// sentence, and the reader then skips to where the next record must start (the end of a
// block, a blank line, or a line that is a whole puzzle by itself), so one bad row or one
// binary blob costs one record, never the rest of the stream.
//
// Speed: the hot path (81-character lines) is one table-driven pass per line into a reused
// buffer, with no allocation per record once the caller's Record has a grid of that size.
#include "sudokit/reader.hpp"

#include <algorithm>
#include <array>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "line_source.hpp"

namespace sudokit {

namespace {

constexpr std::size_t kRecordTextBytes = 200;

enum class LineKind { blank, comment, ruling, cells };

/// What scan_line found on one line. `values` holds one entry per cell: the digit of a
/// symbol (0 for empty, 0 also for an invalid symbol, which `problem` then reports), or an
/// integer saturated at 255 (every size is at most kMaxSize, so 255 is out of range too).
struct ScannedLine {
  LineKind kind = LineKind::blank;
  bool numbers = false;
  bool binary = false;  ///< holds a NUL byte: not text at all
  bool box_bars = false;  ///< holds a '|' between cells: a block row, never a whole puzzle
  std::vector<std::uint8_t> values;
  std::string problem;  ///< first unreadable byte (NUL, or a symbol not in the alphabet)
  int count() const { return static_cast<int>(values.size()); }
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\v' || c == '\f'; }
/// Box rulings of the .ss / .sdk / pretty-printed layouts; never cells.
bool is_ruling(char c) { return c == '|' || c == '-' || c == '+'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string describe_byte(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u > 0x20 && u < 0x7f) return fmt::format("invalid symbol '{}'", c);
  return fmt::format("invalid byte 0x{:02X}", static_cast<unsigned>(u));
}

/// A line made only of rulings and spaces, like "------+-------+------" or "*-----*": it
/// draws the grid and holds no cells. '*' and '=' count here only, for framed layouts.
bool is_ruling_line(std::string_view text) {
  bool has_dash = false;
  for (char c : text) {
    if (c == '-' || c == '=') {
      has_dash = true;
    } else if (!is_space(c) && c != '|' && c != '+' && c != '*') {
      return false;
    }
  }
  return has_dash;
}

/// Integers separated by whitespace, with at least one of more than one digit (with only
/// single digits the line reads the same as symbols, and as symbols it respects a custom
/// alphabet where '0' is a digit). Tokens made only of rulings are separators, and a lone
/// '.' is an empty cell, as to_block writes grids past the alphabet (" .  2 10 | 36").
bool is_numbers_line(std::string_view text) {
  bool multi_digit = false;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    bool digits = true, rulings = true;
    while (i < text.size() && !is_space(text[i])) {
      digits = digits && is_digit(text[i]);
      rulings = rulings && is_ruling(text[i]);
      ++i;
    }
    if (i == start || rulings) continue;
    if (i - start == 1 && text[start] == '.') continue;
    if (!digits) return false;
    if (i - start > 1) multi_digit = true;
  }
  return multi_digit;
}

void scan_numbers(std::string_view text, ScannedLine& out) {
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    if (i < text.size() && is_ruling(text[i])) {
      while (i < text.size() && !is_space(text[i])) ++i;
      continue;
    }
    if (i == text.size()) break;
    if (text[i] == '.') {  // is_numbers_line let it through only as a token of its own
      out.values.push_back(0);
      ++i;
      continue;
    }
    unsigned value = 0;
    while (i < text.size() && is_digit(text[i])) {
      value = std::min(255u, value * 10 + static_cast<unsigned>(text[i] - '0'));
      ++i;
    }
    out.values.push_back(static_cast<std::uint8_t>(value));
  }
}

/// What each byte means on a symbol line, looked up once per byte: a digit 0..size() of
/// the alphabet (0 = empty mark), or one of the negative classes below. Built once per reader
/// so the per-byte work is a single table load, not a call into the alphabet.
enum ByteClass : std::int8_t { kInvalid = -1, kSpace = -2, kRuling = -3, kNul = -4 };
using ByteClasses = std::array<std::int8_t, 256>;

ByteClasses classify_bytes(const Alphabet& alphabet) {
  ByteClasses classes{};
  for (int b = 0; b < 256; ++b) {
    const char c = static_cast<char>(b);
    if (is_space(c)) {
      classes[static_cast<std::size_t>(b)] = kSpace;
    } else if (is_ruling(c)) {
      classes[static_cast<std::size_t>(b)] = kRuling;
    } else if (b == 0) {
      classes[static_cast<std::size_t>(b)] = kNul;
    } else {
      // Alphabets hold at most 100 symbols, so every digit fits an int8.
      classes[static_cast<std::size_t>(b)] = static_cast<std::int8_t>(std::max(-1, alphabet.digit_of(c)));
    }
  }
  return classes;
}

void scan_line(std::string_view text, const ByteClasses& classes, ScannedLine& out) {
  out.values.clear();
  out.problem.clear();
  out.numbers = false;
  out.binary = false;
  out.box_bars = false;
  const auto first = std::find_if_not(text.begin(), text.end(), is_space);
  if (first == text.end()) {
    out.kind = LineKind::blank;
    return;
  }
  // A comment, or a section header like the "[Puzzle]" of SadMan .sdk files.
  if (*first == '#' || (*first == '[' && text[text.find_last_not_of(" \t\v\f")] == ']')) {
    out.kind = LineKind::comment;
    return;
  }
  out.kind = LineKind::cells;
  bool spaced = false, digits_only = true;  // digits_only: digits and '.', a numbers line maybe
  std::size_t nul_at = 0, bad_at = 0;  // 1-based columns; 0 = none
  out.values.resize(text.size());
  std::uint8_t* value = out.values.data();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const std::int8_t cls = classes[static_cast<unsigned char>(c)];
    if (cls >= 0) {
      *value++ = static_cast<std::uint8_t>(cls);
      digits_only = digits_only && (is_digit(c) || c == '.');
      continue;
    }
    if (cls == kSpace) {
      spaced = true;
    } else if (cls == kRuling) {
      out.box_bars = out.box_bars || c == '|';
    } else {  // kInvalid or kNul: still a cell, so counts stay honest
      if (cls == kNul && nul_at == 0) nul_at = i + 1;
      if (bad_at == 0) bad_at = i + 1;
      *value++ = 0;
      digits_only = false;
    }
  }
  out.values.resize(static_cast<std::size_t>(value - out.values.data()));
  if (nul_at != 0) {
    out.binary = true;
    out.problem = fmt::format("binary data (NUL byte) at column {}", nul_at);
  } else if (bad_at != 0) {
    out.problem = fmt::format("{} at column {}", describe_byte(text[bad_at - 1]), bad_at);
  } else if (out.values.empty()) {
    out.kind = LineKind::ruling;  // only rulings and spaces, e.g. "------+-------+------"
  } else if (spaced && digits_only && is_numbers_line(text)) {
    out.numbers = true;
    out.values.clear();
    scan_numbers(text, out);
  }
  // A lone frame line like "*-----------*" has invalid '*' cells; it is a ruling all the same.
  if (!out.problem.empty() && nul_at == 0 && is_ruling_line(text)) {
    out.kind = LineKind::ruling;
    out.problem.clear();
  }
}

/// 1-based column of the k-th cell (0-based) of a scanned line, for error messages.
std::size_t column_of_cell(std::string_view text, int k, bool numbers) {
  int seen = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    if (numbers) {
      const std::size_t start = i;
      bool rulings = true;
      for (; i < text.size() && !is_space(text[i]); ++i) rulings = rulings && is_ruling(text[i]);
      if (rulings) continue;
      if (seen++ == k) return start + 1;
    } else {
      if (!is_ruling(text[i]) && seen++ == k) return i + 1;
      ++i;
    }
  }
  return text.size();
}

/// The first cell whose digit does not fit an n×n grid, described; empty when all fit.
std::string digit_range_problem(std::string_view text, const ScannedLine& line, int n, const Alphabet& alphabet) {
  const auto bad = std::find_if(line.values.begin(), line.values.end(), [n](std::uint8_t v) { return v > n; });
  if (bad == line.values.end()) return {};
  const int k = static_cast<int>(bad - line.values.begin());
  const std::size_t column = column_of_cell(text, k, line.numbers);
  if (line.numbers)
    return fmt::format("number {}{} at column {} is out of range for a {}x{} grid (0 to {})", int{*bad},
                       *bad == 255 ? " or more" : "", column, n, n, n);
  return fmt::format("invalid symbol '{}' at column {} (a {}x{} grid uses {} to {})", text[column - 1], column, n,
                     n, alphabet.symbol_of(1), alphabet.symbol_of(std::min(n, alphabet.size())));
}

int integer_sqrt(int value) {
  int root = 0;
  while ((root + 1) * (root + 1) <= value) ++root;
  return root;
}

}  // namespace

struct RecordReader::Impl {
  Impl(std::istream& in, std::string source_name, ReaderOptions reader_options)
      : lines(in, reader_options.max_line_bytes),
        source(std::move(source_name)),
        options(std::move(reader_options)),
        classes(classify_bytes(options.alphabet)) {
    for (int n = 1; n <= kMaxSize; ++n) default_shapes[static_cast<std::size_t>(n)] = *default_shape(n);
  }

  bool next(Record& record);

  /// True when a line of `count` cells is a whole puzzle by itself (so it cannot be a row).
  bool is_whole_puzzle(int count) const {
    if (options.shape) return count == options.shape->cells();
    const int root = integer_sqrt(count);
    return root >= 4 && root * root == count;
  }

  std::string too_long_message() const {
    return fmt::format("line of {} bytes is longer than the {} accepted", current.length, options.max_line_bytes);
  }

  bool read_one_line(Record& record, const Shape& shape);
  bool read_block(Record& record, const Shape& shape);
  bool fail(Record& record, std::string message) {
    record.grid.reset();
    record.error = std::move(message);
    return true;
  }
  /// Begins the record whose first line is `current`.
  void start(Record& record) {
    record.number = ++returned;
    record.source = source;
    record.line = current.number;
    record.text.assign(current.text.substr(0, kRecordTextBytes));
    record.error.clear();
  }
  Grid& fresh_grid(Record& record, const Shape& shape) {
    if (record.grid) {
      record.grid->shape = shape;
      record.grid->cells.assign(static_cast<std::size_t>(shape.cells()), 0);
    } else {
      record.grid.emplace(shape);
    }
    return *record.grid;
  }

  detail::LineSource lines;
  std::string source;
  ReaderOptions options;
  ByteClasses classes;
  std::array<Shape, kMaxSize + 1> default_shapes;  ///< default_shape(n), computed once
  std::size_t returned = 0;
  detail::Line current;  ///< the line being read (valid until the next lines.next())
  ScannedLine scanned;
};

bool RecordReader::Impl::next(Record& record) {
  for (;;) {
    if (!lines.next(current)) return false;
    if (current.too_long) {
      start(record);
      return fail(record, too_long_message());
    }
    scan_line(current.text, classes, scanned);
    if (scanned.kind == LineKind::cells) break;
  }
  start(record);
  if (scanned.binary) return fail(record, scanned.problem);
  const int count = scanned.count();
  if (options.shape) {
    const Shape& shape = *options.shape;
    if (count == shape.cells()) return read_one_line(record, shape);
    if (count == shape.n) return read_block(record, shape);
    return fail(record, fmt::format("line has {} cells; a {}x{} puzzle needs {} on one line or {} per row", count,
                                    shape.n, shape.n, shape.cells(), shape.n));
  }
  // A row drawn with box bars ("1 2 3 4 | 5 6 7 8 | ...", as `--format grid` writes 16×16)
  // is a block row even when its cell count is a square: one-line puzzles never have bars.
  if (scanned.box_bars && count <= kMaxSize) return read_block(record, default_shapes[static_cast<std::size_t>(count)]);
  const int root = integer_sqrt(count);
  if (root >= 4 && root * root == count) {
    if (root > kMaxSize)
      return fail(record, fmt::format("size {} is larger than the supported maximum {}", root, kMaxSize));
    return read_one_line(record, default_shapes[static_cast<std::size_t>(root)]);
  }
  if (count <= kMaxSize) return read_block(record, default_shapes[static_cast<std::size_t>(count)]);
  // Too many cells for a row: a one-line puzzle with cells missing or extra.
  const int nearest = (count - root * root <= (root + 1) * (root + 1) - count) ? root : root + 1;
  if (nearest > kMaxSize)
    return fail(record, fmt::format("line has {} cells, more than the {} of the largest supported grid ({}x{})",
                                    count, kMaxSize * kMaxSize, kMaxSize, kMaxSize));
  return fail(record, fmt::format("{} cells expected, found {}", nearest * nearest, count));
}

bool RecordReader::Impl::read_one_line(Record& record, const Shape& shape) {
  if (!scanned.problem.empty()) return fail(record, scanned.problem);
  std::string out_of_range = digit_range_problem(current.text, scanned, shape.n, options.alphabet);
  if (!out_of_range.empty()) return fail(record, std::move(out_of_range));
  Grid& grid = fresh_grid(record, shape);
  std::copy(scanned.values.begin(), scanned.values.end(), grid.cells.begin());
  return true;
}

bool RecordReader::Impl::read_block(Record& record, const Shape& shape) {
  const int n = shape.n;
  Grid& grid = fresh_grid(record, shape);
  std::string problem;  // the first bad row; the block is still consumed to its end
  auto take_row = [&](int row) {
    if (!scanned.problem.empty()) {
      problem = fmt::format("row {}: {}", row + 1, scanned.problem);
    } else if (scanned.count() != n) {
      problem = fmt::format("row {} has {} cells, expected {}", row + 1, scanned.count(), n);
    } else if (std::string out_of_range = digit_range_problem(current.text, scanned, n, options.alphabet); !out_of_range.empty()) {
      problem = fmt::format("row {}: {}", row + 1, out_of_range);
    } else {
      std::copy(scanned.values.begin(), scanned.values.end(), grid.cells.begin() + std::ptrdiff_t{row} * n);
    }
  };
  take_row(0);
  int rows = 1;
  while (rows < n) {
    if (!lines.next(current)) break;
    if (current.too_long) {
      if (problem.empty()) problem = fmt::format("row {}: {}", rows + 1, too_long_message());
      ++rows;
      continue;
    }
    scan_line(current.text, classes, scanned);
    if (scanned.kind == LineKind::blank) break;
    if (scanned.kind != LineKind::cells) continue;
    if (scanned.count() != n && is_whole_puzzle(scanned.count())) {
      lines.unget();  // the next record began before this block was complete
      break;
    }
    if (problem.empty()) take_row(rows);
    ++rows;
  }
  if (!problem.empty()) return fail(record, std::move(problem));
  if (rows < n) return fail(record, fmt::format("record truncated: expected {} rows, found {}", n, rows));
  return true;
}

RecordReader::RecordReader(std::istream& in, std::string source, ReaderOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(source), std::move(options))) {}

RecordReader::~RecordReader() = default;

bool RecordReader::next(Record& record) { return impl_->next(record); }

std::size_t RecordReader::records() const { return impl_->returned; }

Record parse_record(const std::string& text, const ReaderOptions& options) {
  std::istringstream in(text);
  RecordReader reader(in, "<string>", options);
  Record record;
  if (!reader.next(record)) {
    record.number = 1;
    record.source = "<string>";
    record.line = 1;
    record.text = text.substr(0, kRecordTextBytes);
    record.error = "no puzzle found";
  }
  return record;
}

}  // namespace sudokit

// The record reader: turns lines of text into puzzles, one record at a time.
//
// Each content line is first scanned on its own into a list of cell values (see
// scan_line): either symbols of the alphabet, one character per cell, with spaces and the
// '|', '-', '+' rulings ignored; or whitespace-separated integers. Only then is the line
// given a meaning by how many cells it holds, by the framing rules in reader.hpp: N² cells
// are a whole puzzle, N cells the first row of an N-row block *if* they are a row of the
// grid's own symbols or a drawn one (may_start_block) and the next N-1 content lines are rows
// of N cells too (read ahead, see take_block), and anything else a record on its own. Classifying lines before records keeps the layouts independent (a block may mix
// "5 3 . . 7 . . . ." rows with "534678912" rows) and makes the framing total: a line is
// never swallowed by a record it does not fit, so each answer lands in place.
//
// The structured formats (jsonl, csv) are one record per line; their `puzzle` field is
// parsed with the text rules above, so every one-record text form works inside them.
//
// Errors are values, not exceptions: a bad record becomes one Record with an error sentence.
//
// Speed: the hot path (81-character lines) is one table-driven pass per line into a reused
// buffer, with no allocation per record once the caller's Record has a grid of that size;
// only lines read ahead for a block are copied.
#include "sudokit/reader.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
  bool spaced = false;    ///< cells separated by whitespace ("5 3 . . 7", "0 0 12 0"): a row first
  bool plain = false;     ///< read by scan_plain_digits: every value is 0..9
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
struct ByteClasses {
  std::array<std::int8_t, 256> of{};
  /// '.' and '0' are empty and '1'..'9' are digits 1..9 (the standard alphabet, and any that
  /// starts like it): a line of those bytes alone is read by scan_plain_digits.
  bool plain_digits = false;
};

ByteClasses classify_bytes(const Alphabet& alphabet) {
  ByteClasses result;
  auto& classes = result.of;
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
  result.plain_digits = classes[static_cast<unsigned char>('.')] == 0 && classes[static_cast<unsigned char>('0')] == 0;
  for (int d = 1; d <= 9; ++d)
    result.plain_digits = result.plain_digits && classes[static_cast<unsigned char>('0' + d)] == d;
  return result;
}

/// The common line of bulk input, "53..7....6..195...": only '.' and '0'..'9'. Writes each
/// byte's digit to `values` ('.' and '0' are 0) and returns true, or returns false at once
/// when any other byte is there (the caller then reads the line the general way). Reads the
/// same values as the byte table of a plain_digits alphabet; SSE2 (the x86-64 baseline) takes
/// sixteen bytes at a time, which matters when a run is millions of such lines.
bool scan_plain_digits(std::string_view text, std::uint8_t* values) {
  std::size_t i = 0;
#if defined(__SSE2__)
  const __m128i zero_char = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9), dot = _mm_set1_epi8('.');
  const __m128i zero = _mm_setzero_si128();
  for (; i + 16 <= text.size(); i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + i));
    const __m128i digit = _mm_sub_epi8(bytes, zero_char);                        // '0'..'9' -> 0..9
    const __m128i is_digit = _mm_cmpeq_epi8(_mm_subs_epu8(digit, nine), zero);  // unsigned digit <= 9
    const __m128i is_dot = _mm_cmpeq_epi8(bytes, dot);
    if (_mm_movemask_epi8(_mm_or_si128(is_digit, is_dot)) != 0xFFFF) return false;
    _mm_storeu_si128(reinterpret_cast<__m128i*>(values + i), _mm_andnot_si128(is_dot, digit));
  }
#endif
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '.') {
      values[i] = 0;
    } else if (c >= '0' && c <= '9') {
      values[i] = static_cast<std::uint8_t>(c - '0');
    } else {
      return false;
    }
  }
  return true;
}

void scan_line(std::string_view text, const ByteClasses& classes, ScannedLine& out) {
  out.problem.clear();
  out.numbers = false;
  out.binary = false;
  out.box_bars = false;
  out.spaced = false;
  out.plain = false;
  if (classes.plain_digits && !text.empty()) {
    // Resized, not cleared first: lines of one length in a row (bulk input) then fill the
    // values in place, with no zero fill per line.
    out.values.resize(text.size());
    if (scan_plain_digits(text, out.values.data())) {
      out.kind = LineKind::cells;
      out.plain = true;
      return;
    }
  }
  out.values.clear();
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
  std::size_t nul_at = 0, bad_at = 0, sign_at = 0;  // 1-based columns; 0 = none
  out.values.resize(text.size());
  std::uint8_t* value = out.values.data();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const std::int8_t cls = classes.of[static_cast<unsigned char>(c)];
    if (cls >= 0) {
      *value++ = static_cast<std::uint8_t>(cls);
      digits_only = digits_only && (is_digit(c) || c == '.');
      continue;
    }
    if (cls == kSpace) {
      spaced = true;
    } else if (cls == kRuling) {
      out.box_bars = out.box_bars || c == '|';
      // '-' or '+' opening a number ("-4", "+3") is its sign, not a ruling: read as a ruling,
      // "-4" was a given 4. Cells are 0 (empty) to N, never signed.
      if (c != '|' && sign_at == 0 && i + 1 < text.size() && is_digit(text[i + 1]) && (i == 0 || is_space(text[i - 1])))
        sign_at = i + 1;
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
  } else if (sign_at != 0) {
    out.problem = fmt::format("a signed number at column {} (cells are 0, empty, to the grid's size)", sign_at);
  } else if (out.values.empty()) {
    out.kind = LineKind::ruling;  // only rulings and spaces, e.g. "------+-------+------"
  }
  out.spaced = spaced && out.values.size() > 1;
  if (out.problem.empty() && !out.values.empty() && spaced && digits_only && is_numbers_line(text)) {
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

/// The cells between a block row's '|' bars, group by group ("1 2 | 3 4 | 5 6": 2 2 2; a frame
/// bar at either end makes no group); empty when the row has no bar. It says how wide the
/// boxes were drawn, which take_block reads as the grid's box (a 6x6 of 3x2 boxes).
std::vector<int> bar_groups(std::string_view text, bool numbers) {
  std::vector<int> groups;
  int since = 0;
  bool bars = false;
  auto bar = [&] {
    if (since > 0) groups.push_back(since);
    since = 0;
    bars = true;
  };
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    if (numbers) {  // whitespace-separated tokens; a token of rulings only is a separator
      bool rulings = true, has_bar = false;
      for (; i < text.size() && !is_space(text[i]); ++i) {
        rulings = rulings && is_ruling(text[i]);
        has_bar = has_bar || text[i] == '|';
      }
      if (!rulings) ++since;
      else if (has_bar) bar();
    } else {
      if (text[i] == '|') bar();
      else if (!is_ruling(text[i])) ++since;
      ++i;
    }
  }
  if (!bars) return {};
  if (since > 0) groups.push_back(since);
  return groups;
}

/// The box a block was drawn with: `box_cols` from its first row's bars (every group as wide),
/// `box_rows` from the rows before its first ruling line (0: not drawn). The size's default when
/// the drawing names no box, or one that does not tile the grid (bars every 3 cells and a
/// ruling every 3 rows cannot be a 6x6's box), or boxes one cell thin: then the drawing is only
/// decoration.
Shape drawn_shape(const Shape& usual, const std::vector<int>& groups, int rows_before_ruling) {
  int cols = 0;
  if (!groups.empty() && std::all_of(groups.begin(), groups.end(), [&](int g) { return g == groups[0]; }) &&
      groups[0] * static_cast<int>(groups.size()) == usual.n)
    cols = groups[0];
  int rows = rows_before_ruling > 0 && rows_before_ruling < usual.n && usual.n % rows_before_ruling == 0 ? rows_before_ruling : 0;
  if (cols == 0 && rows == 0) return usual;
  if (cols == 0) cols = usual.n / rows;
  if (rows == 0) rows = usual.n / cols;
  // A line under every row (or a bar between every cell) draws cells, not boxes: a box one
  // cell high or wide is never read from a drawing.
  if (rows < 2 || cols < 2) return usual;
  const std::optional<Shape> drawn = make_shape(usual.n, rows, cols);
  return drawn ? *drawn : usual;
}

/// The first cell whose digit does not fit an n×n grid, described; empty when all fit.
std::string digit_range_problem(std::string_view text, const ScannedLine& line, int n, const Alphabet& alphabet) {
  // The common case, nothing out of range, as one pass without an early exit (vectorised).
  std::uint8_t highest = 0;
  for (std::uint8_t v : line.values) highest = std::max(highest, v);
  if (highest <= n) return {};
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

/// The root of a whole-puzzle cell count (N² with 4 <= N), or 0.
int whole_puzzle_root(int count) {
  const int root = integer_sqrt(count);
  return root >= 4 && root * root == count ? root : 0;
}

std::string_view trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\v\f");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\v\f");
  return text.substr(first, last - first + 1);
}

/// Whitespace-separated words of a line.
std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

/// One CSV line split into fields (RFC 4180 quoting); false when a quote is left open.
bool split_csv(std::string_view line, std::vector<std::string>& fields) {
  fields.clear();
  std::string field;
  bool quoted = false, was_quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < line.size() && line[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c == '"' && field.empty() && !was_quoted) {
      quoted = was_quoted = true;
    } else if (c == ',') {
      fields.push_back(std::move(field));
      field.clear();
      was_quoted = false;
    } else {
      field += c;
    }
  }
  fields.push_back(std::move(field));
  return !quoted;
}

/// A CSV cell as a JSON value: numbers and booleans typed, everything else a string.
std::string csv_value_as_json(const std::string& cell) {
  if (!cell.empty() && (cell == "true" || cell == "false" || cell.find_first_not_of("0123456789+-.eE") == std::string::npos)) {
    const auto value = nlohmann::json::parse(cell, nullptr, false);
    if (!value.is_discarded() && (value.is_number() || value.is_boolean())) return value.dump();
  }
  return nlohmann::json(cell).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/// JSON records may nest arrays and objects this deep, no deeper. nlohmann parses any depth
/// without recursion, but a carried field is written back (dump) by recursion, and a line of
/// 100,000 brackets (200 KB, well within the line limit) ran off the stack there, taking
/// every answer of the run with it. Nothing a record needs comes near this.
constexpr int kMaxJsonDepth = 128;

/// Whether JSON text nests arrays and objects deeper than `limit` (brackets inside strings
/// do not count). A scan of the text, made before it is parsed.
bool nested_deeper_than(std::string_view text, int limit) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\')
        ++i;  // the escaped character, whatever it is
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

/// `text` as valid UTF-8 without control characters: every byte that does not belong to a
/// well-formed UTF-8 sequence, and every control byte but tab, becomes "\xHH". Error
/// sentences quote the input (a JSON parser's "last read: ...", a csv cell), and the input may
/// be any bytes; the line and csv layouts and stderr copy the sentence as it is.
std::string printable_text(std::string text) {
  auto sequence_length = [&](std::size_t i) -> std::size_t {  // 0: not a well-formed sequence at i
    const auto b = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    unsigned low = 0x80, high = 0xBF;  // the second byte's range (narrower after E0, ED, F0, F4)
    if (b >= 0xC2 && b <= 0xDF) length = 2;
    else if (b >= 0xE0 && b <= 0xEF) {
      length = 3;
      if (b == 0xE0) low = 0xA0;
      if (b == 0xED) high = 0x9F;
    } else if (b >= 0xF0 && b <= 0xF4) {
      length = 4;
      if (b == 0xF0) low = 0x90;
      if (b == 0xF4) high = 0x8F;
    } else {
      return 0;
    }
    if (i + length > text.size()) return 0;
    for (std::size_t k = 1; k < length; ++k) {
      const auto c = static_cast<unsigned char>(text[i + k]);
      if (c < (k == 1 ? low : 0x80) || c > (k == 1 ? high : 0xBF)) return 0;
    }
    return length;
  };
  std::size_t i = 0;
  for (; i < text.size(); ++i) {  // the common case: nothing to change, no copy
    const auto b = static_cast<unsigned char>(text[i]);
    if ((b < 0x20 && b != '\t') || b == 0x7F || b >= 0x80) break;
  }
  if (i == text.size()) return text;
  std::string out = text.substr(0, i);
  while (i < text.size()) {
    const auto b = static_cast<unsigned char>(text[i]);
    if (b >= 0x80) {
      if (const std::size_t length = sequence_length(i); length != 0) {
        out.append(text, i, length);
        i += length;
        continue;
      }
    } else if ((b >= 0x20 && b != 0x7F) || b == '\t') {
      out += static_cast<char>(b);
      ++i;
      continue;
    }
    out += fmt::format("\\x{:02X}", static_cast<unsigned>(b));
    ++i;
  }
  return out;
}

/// nlohmann's parse error without its "[json.exception.parse_error.101] " prefix.
std::string json_error_text(const std::exception& e) {
  std::string_view what = e.what();
  if (what.substr(0, 1) == "[") {
    const auto close = what.find("] ");
    if (close != std::string_view::npos) what.remove_prefix(close + 2);
  }
  return std::string(what);
}

/// A line read ahead of the record being framed, owned (the line source's views do not
/// survive the next read).
struct HeldLine {
  std::string text;
  std::size_t number = 0;
  std::size_t length = 0;
  bool too_long = false;
};

}  // namespace

std::optional<InputFormat> parse_input_format(std::string_view name) {
  if (name == "auto") return InputFormat::detect;
  if (name == "text") return InputFormat::text;
  if (name == "jsonl") return InputFormat::jsonl;
  if (name == "csv") return InputFormat::csv;
  return std::nullopt;
}

struct RecordReader::Impl {
  Impl(std::istream& in, std::string source_name, ReaderOptions reader_options)
      : lines(in, reader_options.max_line_bytes),
        source(std::move(source_name)),
        options(std::move(reader_options)),
        classes(classify_bytes(options.alphabet)),
        format(options.format) {
    for (int n = 1; n <= kMaxSize; ++n) default_shapes[static_cast<std::size_t>(n)] = *default_shape(n);
  }

  bool next(Record& record);

  // --- lines: the current one, and those read ahead of it -------------------------------
  /// The next line into `current`, from the read-ahead queue first.
  bool fetch() {
    if (!pending.empty()) {
      held = std::move(pending.front());
      pending.pop_front();
      current = detail::Line{held.text, held.number, held.length, held.too_long};
      return true;
    }
    return lines.next(current);
  }
  /// Makes `current` survive reading ahead (it may be a view into the source's chunk).
  void own_current() {
    if (!current.text.empty() && current.text.data() == held.text.data()) return;
    held = HeldLine{std::string(current.text), current.number, current.length, current.too_long};
    current.text = held.text;
  }
  /// The i-th line after the current one (0-based), read ahead as needed; null at the end.
  const HeldLine* peek(std::size_t i) {
    while (pending.size() <= i) {
      detail::Line line;
      if (!lines.next(line)) return nullptr;
      pending.push_back(HeldLine{std::string(line.text), line.number, line.length, line.too_long});
    }
    return &pending[i];
  }
  void drop_peeked(std::size_t count) { pending.erase(pending.begin(), pending.begin() + static_cast<std::ptrdiff_t>(count)); }

  // --- records --------------------------------------------------------------------------
  void detect_format();
  bool next_text(Record& record);
  bool next_jsonl(Record& record);
  bool next_csv(Record& record);

  bool read_one_line(Record& record, const Shape& shape);
  bool take_block(Record& record, const Shape& shape, std::string& why);
  bool may_start_block(int n, std::string& why) const;
  /// Reading a jsonl or csv `puzzle`/`solution` field (parse_field): the text is one record.
  bool whole_field = false;
  bool read_with_words(Record& record);
  bool read_integer_pair(Record& record, int count);
  /// The record of a line that is neither a whole puzzle nor a complete block's first row.
  bool alone(Record& record, int count, const std::string& why);

  std::string too_long_message(std::size_t length) const {
    return fmt::format("line of {} bytes is longer than the {} accepted", length, options.max_line_bytes);
  }
  bool fail(Record& record, std::string message) {
    record.grid.reset();
    record.solution.reset();
    record.rules.reset();
    record.error = printable_text(std::move(message));
    return true;
  }
  /// Begins the record whose first line is `current`.
  void start(Record& record) {
    record.number = ++returned;
    record.source = source;
    record.line = current.number;
    record.text.assign(current.text.substr(0, kRecordTextBytes));
    record.error.clear();
    record.solution.reset();
    record.rules.reset();
    record.fields.clear();
  }
  /// --variant: gives a readable record its rules (or makes it invalid), then checks a
  /// supplied solution under them.
  bool attach_rules(Record& record);
  std::vector<std::shared_ptr<const Rules>> shared_rules;  // x / hyper, one per shape met
  Grid& fresh_grid(Record& record, const Shape& shape) {
    if (record.grid) {
      record.grid->shape = shape;
      record.grid->cells.assign(static_cast<std::size_t>(shape.cells()), 0);
    } else {
      record.grid.emplace(shape);
    }
    return *record.grid;
  }
  /// Parses a structured record's puzzle (or solution) text with the text rules: exactly
  /// one record must come out of it.
  /// `shape`: the record's own box (its `box` field), else the options' or the detected one.
  std::optional<Grid> parse_field(const std::string& text, const char* field, std::string& why,
                                  const std::optional<Shape>& shape = std::nullopt) const;
  /// A jsonl or csv record's `box` field ("RxC") as the shape its grids are read with; false
  /// with `why` when it is malformed or contradicts --size/--box.
  bool box_of_record(std::string_view text, std::optional<Shape>& shape, std::string& why) const;
  /// Checks a supplied solution against the record's puzzle; an error when it does not fit.
  void check_solution(Record& record, Grid solution) {
    std::string why;
    if (!record.grid) return;
    if (!(solution.shape == record.grid->shape)) {
      fail(record, fmt::format("the solution is {}, the puzzle {}", describe(solution.shape), describe(record.grid->shape)));
      return;
    }
    // Under a variant the solution is checked by attach_rules, once the rules are known.
    if (options.variant == Variant::classic && !is_solution_of(*record.grid, solution, &why)) {
      fail(record, "the solution given does not solve the puzzle: " + why);
      return;
    }
    record.solution = std::move(solution);
  }

  detail::LineSource lines;
  std::string source;
  ReaderOptions options;
  ByteClasses classes;
  InputFormat format;
  std::array<Shape, kMaxSize + 1> default_shapes;  ///< default_shape(n), computed once
  std::size_t returned = 0;
  std::deque<HeldLine> pending;  ///< lines read ahead, oldest first
  HeldLine held;                 ///< storage of `current` when it came from `pending`
  detail::Line current;          ///< the line being read
  ScannedLine scanned;           ///< the current line, scanned
  ScannedLine row;               ///< a line read ahead, scanned
  // csv: the header's columns
  std::vector<std::string> columns;
  std::size_t puzzle_column = 0;
  std::optional<std::size_t> solution_column, box_column;
  std::vector<std::string> cells_of_row;
};

void RecordReader::Impl::detect_format() {
  // The first content line decides; blank and '#' lines before it belong to no record.
  for (std::size_t i = 0;; ++i) {
    const HeldLine* line = peek(i);
    if (line == nullptr) {
      format = InputFormat::text;
      return;
    }
    const std::string_view text = trim(line->text);
    if (text.empty() || text.front() == '#') continue;
    if (text.front() == '{') {
      format = InputFormat::jsonl;
      return;
    }
    std::vector<std::string> fields;
    // A header naming a `puzzle` column, its only one included ("puzzle" alone: a csv of
    // one column, as a spreadsheet exports it).
    if (options.format != InputFormat::text && split_csv(text, fields) &&
        std::find(fields.begin(), fields.end(), "puzzle") != fields.end()) {
      format = InputFormat::csv;
      return;
    }
    format = InputFormat::text;
    return;
  }
}

bool RecordReader::Impl::next(Record& record) {
  if (format == InputFormat::detect) detect_format();
  bool more = false;
  switch (format) {
    case InputFormat::jsonl: more = next_jsonl(record); break;
    case InputFormat::csv: more = next_csv(record); break;
    default: more = next_text(record); break;
  }
  if (more && record.grid && options.variant != Variant::classic) attach_rules(record);
  return more;
}

namespace {

// A carried field's value as JSON (csv carries JSON text as a string: parse that too).
std::optional<nlohmann::json> field_json(const Record& record, std::string_view key, std::string& why) {
  for (const auto& [name, text] : record.fields) {
    if (name != key) continue;
    try {
      nlohmann::json value = nlohmann::json::parse(text);
      if (key == "cages" && value.is_string()) {
        // A csv cell carries the cages' JSON text as a string, which next_jsonl's depth check
        // never saw (jsonl text was checked whole).
        const std::string inner = value.get<std::string>();
        if (nested_deeper_than(inner, kMaxJsonDepth)) {
          why = fmt::format("'{}' nests arrays and objects deeper than {} levels", key, kMaxJsonDepth);
          return std::nullopt;
        }
        value = nlohmann::json::parse(inner);
      }
      return value;
    } catch (const std::exception& e) {
      why = fmt::format("'{}' is not JSON: {}", key, json_error_text(e));
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<std::vector<Cage>> cages_from_json(const nlohmann::json& value, std::string& why) {
  if (!value.is_array()) {
    why = "cages: must be an array of {\"sum\": S, \"cells\": [...]}";
    return std::nullopt;
  }
  std::vector<Cage> cages;
  for (std::size_t k = 0; k < value.size(); ++k) {
    const nlohmann::json& item = value[k];
    const auto sum = item.is_object() ? item.find("sum") : item.end();
    const auto cells = item.is_object() ? item.find("cells") : item.end();
    if (!item.is_object() || sum == item.end() || cells == item.end() || !sum->is_number_integer() ||
        !cells->is_array()) {
      why = fmt::format("cages: cage {} must be an object with an integer \"sum\" and a \"cells\" array", k + 1);
      return std::nullopt;
    }
    // Numbers past what an int holds are refused here, quoted as written: narrowed first,
    // they were reported as some other number ("cell -1" for 99999999999999999).
    auto fits = [](const nlohmann::json& number, long long low, long long high) {
      if (number.is_number_unsigned()) return number.get<unsigned long long>() <= static_cast<unsigned long long>(high);
      const auto v = number.get<long long>();
      return v >= low && v <= high;
    };
    if (!fits(*sum, -1000000, 1000000)) {
      why = fmt::format("cages: cage {} has sum {}, no sum a cage can have", k + 1, sum->dump());
      return std::nullopt;
    }
    Cage cage;
    cage.sum = static_cast<int>(sum->get<long long>());
    for (const auto& cell : *cells) {
      if (!cell.is_number_integer()) {
        why = fmt::format("cages: cage {} has a cell that is not an integer", k + 1);
        return std::nullopt;
      }
      if (!fits(cell, 0, kMaxSize * kMaxSize - 1)) {
        why = fmt::format("cages: cage {} (sum {}) names cell {}, outside every grid (cells are 0 .. N*N-1)", k + 1,
                          cage.sum, cell.dump());
        return std::nullopt;
      }
      cage.cells.push_back(static_cast<int>(cell.get<long long>()));
    }
    cages.push_back(std::move(cage));
  }
  return cages;
}

}  // namespace

bool RecordReader::Impl::attach_rules(Record& record) {
  const Shape& shape = record.grid->shape;
  std::string why;
  const Variant variant = options.variant;
  if (variant == Variant::x || variant == Variant::hyper) {
    for (const auto& rules : shared_rules)
      if (rules->variant == variant && rules->shape == shape) record.rules = rules;
    if (!record.rules) {
      auto rules = make_rules(variant, shape, &why);
      if (!rules) return fail(record, fmt::format("not a {} puzzle: {}", variant_name(variant), why));
      shared_rules.push_back(std::make_shared<const Rules>(std::move(*rules)));
      record.rules = shared_rules.back();
    }
  } else if (variant == Variant::jigsaw) {
    const auto value = field_json(record, "regions", why);
    if (!why.empty()) return fail(record, why);
    if (!value) return fail(record, "a jigsaw record needs its region map: PUZZLE REGIONS, or a 'regions' field");
    if (!value->is_string()) return fail(record, "'regions' must be a string of N² symbols");
    auto rules = make_jigsaw_rules(shape, value->get<std::string>(), &why);
    if (!rules) return fail(record, why);
    record.rules = std::make_shared<const Rules>(std::move(*rules));
  } else if (variant == Variant::killer) {
    const auto value = field_json(record, "cages", why);
    if (!why.empty()) return fail(record, why);
    if (!value) return fail(record, "a killer record needs its cages: a 'cages' field");
    auto cages = cages_from_json(*value, why);
    if (!cages) return fail(record, why);
    auto rules = make_killer_rules(shape, std::move(*cages), &why);
    if (!rules) return fail(record, why);
    record.rules = std::make_shared<const Rules>(std::move(*rules));
  }
  if (record.solution && !is_solution_of(*record.rules, *record.grid, *record.solution, &why))
    return fail(record, "the solution given does not solve the puzzle: " + why);
  return true;
}

bool RecordReader::Impl::next_text(Record& record) {
  for (;;) {
    if (!fetch()) return false;
    if (current.too_long) {
      start(record);
      return fail(record, too_long_message(current.length));
    }
    scan_line(current.text, classes, scanned);
    if (scanned.kind == LineKind::cells) break;
  }
  start(record);
  if (scanned.binary) return fail(record, scanned.problem);
  const int count = scanned.count();
  std::string why;
  if (options.shape) {
    const Shape& shape = *options.shape;
    if (count == shape.cells()) return read_one_line(record, shape);
    if (count == shape.n) {
      if (!may_start_block(shape.n, why)) return fail(record, why);
      if (take_block(record, shape, why)) return true;
      return fail(record, !scanned.problem.empty() ? scanned.problem
                                                   : fmt::format("a row of {} cells, but the {}x{} block it would start "
                                                                 "is cut short: {}",
                                                                 count, shape.n, shape.n, why));
    }
    if (read_with_words(record) || read_integer_pair(record, count)) return true;
    return fail(record, fmt::format("line has {} cells; a {}x{} puzzle needs {} on one line or {} per row", count,
                                    shape.n, shape.n, shape.cells(), shape.n));
  }
  int root = whole_puzzle_root(count);
  // A jsonl or csv field is one record: there a line of N² cells is a puzzle for the sizes
  // below 4 too (in text, 4 or 9 cells are more often a row of a 4x4 or 9x9 block), so that
  // `generate --size 2` or `--size 3` reads back in those layouts.
  if (whole_field && root == 0 && count >= 1 && count < 16 && integer_sqrt(count) * integer_sqrt(count) == count)
    root = integer_sqrt(count);
  // A row drawn with box bars ("1 2 3 4 | 5 6 7 8 | ...", as `--format grid` writes 16×16)
  // is a block row even when its cell count is a square: one-line puzzles never have bars.
  // Rows of integers or of spaced symbols try the block first too: integers are how sizes
  // above 35 are written, and 64 integers are a 64×64 row far more often than an 8×8 puzzle.
  const bool block_first = (scanned.box_bars || scanned.numbers || scanned.spaced || root == 0) && count <= kMaxSize;
  if (block_first) {
    if (may_start_block(count, why) && take_block(record, default_shapes[static_cast<std::size_t>(count)], why))
      return true;
    if (root == 0 || scanned.box_bars) return alone(record, count, why);
  }
  if (root != 0) {
    if (root > kMaxSize)
      return fail(record, fmt::format("size {} is larger than the supported maximum {}", root, kMaxSize));
    return read_one_line(record, default_shapes[static_cast<std::size_t>(root)]);
  }
  return alone(record, count, why);
}

bool RecordReader::Impl::alone(Record& record, int count, const std::string& why) {
  if (read_with_words(record) || read_integer_pair(record, count)) return true;
  if (!scanned.problem.empty()) return fail(record, scanned.problem);
  if (count <= kMaxSize)
    return fail(record, fmt::format("line has {} cells: too few for a puzzle on one line, and not the first row of a "
                                    "{}x{} block ({})",
                                    count, count, count, why));
  const int root = integer_sqrt(count);
  const int nearest = (count - root * root <= (root + 1) * (root + 1) - count) ? root : root + 1;
  if (nearest > kMaxSize)
    return fail(record, fmt::format("line has {} cells, more than the {} of the largest supported grid ({}x{})", count,
                                    kMaxSize * kMaxSize, kMaxSize, kMaxSize));
  return fail(record, fmt::format("{} cells expected, found {}", nearest * nearest, count));
}

// "PUZZLE SOLUTION" (generate --with-solution) and "PUZZLE words..." (a rating, a name):
// the first word is a whole puzzle by itself. Tried only when the line as a whole is not a
// puzzle, so the hot path never splits words.
bool RecordReader::Impl::read_with_words(Record& record) {
  if (scanned.numbers) return false;
  const std::vector<std::string_view> words = split_words(current.text);
  if (words.size() < 2) return false;
  ScannedLine first;
  scan_line(words[0], classes, first);
  const int count = first.count();
  const bool whole = options.shape ? count == options.shape->cells() : whole_puzzle_root(count) != 0;
  if (first.kind != LineKind::cells || first.numbers || !whole || first.box_bars) return false;
  const int root = options.shape ? options.shape->n : whole_puzzle_root(count);
  if (root > kMaxSize) return false;
  const Shape shape = options.shape ? *options.shape : default_shapes[static_cast<std::size_t>(root)];
  std::swap(scanned, first);
  const std::string_view rest = trim(current.text.substr(static_cast<std::size_t>(words[1].data() - current.text.data())));
  const std::string_view line_text = current.text;
  current.text = words[0];
  read_one_line(record, shape);
  current.text = line_text;
  if (!record.grid) return true;
  if (options.variant == Variant::jigsaw) {  // PUZZLE REGIONS [note...]
    record.fields.emplace_back("regions", nlohmann::json(std::string(words[1])).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (words.size() > 2) {
      const std::string_view note = trim(current.text.substr(static_cast<std::size_t>(words[2].data() - current.text.data())));
      record.fields.emplace_back("note", nlohmann::json(std::string(note)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    }
    return true;
  }
  if (words.size() == 2) {
    ScannedLine second;
    scan_line(words[1], classes, second);
    if (second.kind == LineKind::cells && !second.numbers && second.count() == count) {
      if (!second.problem.empty()) return fail(record, "solution: " + second.problem);
      if (std::string out_of_range = digit_range_problem(words[1], second, shape.n, options.alphabet); !out_of_range.empty())
        return fail(record, "solution: " + out_of_range);
      Grid solution(shape);
      std::copy(second.values.begin(), second.values.end(), solution.cells.begin());
      check_solution(record, std::move(solution));
      return true;
    }
  }
  record.fields.emplace_back("note", nlohmann::json(std::string(rest)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  return true;
}

// "PUZZLE SOLUTION" where cells are integers (generate --with-solution above 35x35): 2·N²
// integers on one line, the puzzle then its solution. Twice a square is never a square, so
// such a line is never a one-line puzzle; and from N = 36 on, 2·N² (2,592 or more) is far
// above the widest block row (64 cells), so it is never a row either. Smaller sizes write
// their solution as a second word of symbols, and a line of 32 or 50 integers stays what it
// is more likely to be, a row of a 32x32 or 50x50 block.
bool RecordReader::Impl::read_integer_pair(Record& record, int count) {
  constexpr int kFirstIntegerSize = 36;  // sizes written as integers (above the 35 symbols)
  if (!scanned.numbers || count % 2 != 0) return false;
  const int half = count / 2;
  const int root = options.shape ? (options.shape->cells() == half ? options.shape->n : 0) : whole_puzzle_root(half);
  if (root < kFirstIntegerSize || root > kMaxSize) return false;
  const Shape shape = options.shape ? *options.shape : default_shapes[static_cast<std::size_t>(root)];
  if (!scanned.problem.empty()) return fail(record, scanned.problem);
  if (std::string out_of_range = digit_range_problem(current.text, scanned, shape.n, options.alphabet); !out_of_range.empty())
    return fail(record, std::move(out_of_range));
  const auto middle = scanned.values.begin() + half;
  Grid& grid = record.grid.emplace(shape);
  std::copy(scanned.values.begin(), middle, grid.cells.begin());
  Grid solution(shape);
  std::copy(middle, scanned.values.end(), solution.cells.begin());
  check_solution(record, std::move(solution));
  return true;
}

bool RecordReader::Impl::read_one_line(Record& record, const Shape& shape) {
  if (!scanned.problem.empty()) return fail(record, scanned.problem);
  if (!(scanned.plain && shape.n >= 9)) {  // a plain line holds 0..9 only
    std::string out_of_range = digit_range_problem(current.text, scanned, shape.n, options.alphabet);
    if (!out_of_range.empty()) return fail(record, std::move(out_of_range));
  }
  // The scanned values (one per cell) become the cells at once, with no zero fill first.
  if (record.grid) {
    record.grid->shape = shape;
    record.grid->cells.assign(scanned.values.begin(), scanned.values.end());
  } else {
    Grid& grid = record.grid.emplace(shape);
    std::copy(scanned.values.begin(), scanned.values.end(), grid.cells.begin());
  }
  return true;
}

// Whether the current line (n cells) may be the first row of an n×n block: a row of the
// grid's own symbols, or one drawn as a grid row (box bars, integers). Lines of other text
// that happen to have n characters ("unique", "none: no solution", a score) would otherwise
// join up with the lines after them of the same width: read back, n answer lines of a
// command became one record. A drawn row with a bad cell still starts its block, whose
// record then names the row (`why`: the reason, when it may not).
bool RecordReader::Impl::may_start_block(int n, std::string& why) const {
  if (scanned.box_bars || scanned.numbers) return true;
  why = !scanned.problem.empty() ? scanned.problem : digit_range_problem(current.text, scanned, n, options.alphabet);
  return why.empty();
}

// Reads ahead for the n-1 rows that complete the block the current line (n cells) begins.
// Rulings and comments between rows are skipped; a blank line, a line of another width, an
// over-long line or the end of input breaks the block, and then nothing after the current
// line is consumed (`why` names what broke it), so those lines start records of their own.
bool RecordReader::Impl::take_block(Record& record, const Shape& shape, std::string& why) {
  const int n = shape.n;
  own_current();
  std::string problem;  // the first bad row; the block is still a block (its width fits)
  std::vector<std::uint8_t> cells(static_cast<std::size_t>(shape.cells()), 0);
  auto take_row = [&](const ScannedLine& line, std::string_view text, int r) {
    if (!problem.empty()) return;
    if (!line.problem.empty()) {
      problem = fmt::format("row {}: {}", r + 1, line.problem);
    } else if (std::string out_of_range = digit_range_problem(text, line, n, options.alphabet); !out_of_range.empty()) {
      problem = fmt::format("row {}: {}", r + 1, out_of_range);
    } else {
      std::copy(line.values.begin(), line.values.end(), cells.begin() + std::ptrdiff_t{r} * n);
    }
  };
  take_row(scanned, current.text, 0);
  // Without --size/--box the drawing gives the box: the first row's bars and the first ruling.
  const bool read_drawing = !options.shape;
  const std::vector<int> groups = read_drawing ? bar_groups(current.text, scanned.numbers) : std::vector<int>();
  int rows_before_ruling = 0;
  int rows = 1;
  std::size_t i = 0;
  for (; rows < n; ++i) {
    const HeldLine* line = peek(i);
    if (line == nullptr) {
      why = fmt::format("the input ends after {} row{}", rows, rows == 1 ? "" : "s");
      return false;
    }
    if (line->too_long) {
      why = fmt::format("line {} is too long for a row", line->number);
      return false;
    }
    scan_line(line->text, classes, row);
    if (row.kind == LineKind::blank) {
      why = fmt::format("line {} is blank after {} row{}", line->number, rows, rows == 1 ? "" : "s");
      return false;
    }
    if (row.kind == LineKind::ruling && rows_before_ruling == 0) rows_before_ruling = rows;
    if (row.kind != LineKind::cells) continue;
    if (row.binary || row.count() != n) {
      why = row.binary ? fmt::format("line {} holds binary data", line->number)
                       : fmt::format("line {} has {} cells", line->number, row.count());
      return false;
    }
    take_row(row, line->text, rows);
    ++rows;
  }
  drop_peeked(i);
  if (!problem.empty()) return fail(record, std::move(problem));
  Grid& grid = fresh_grid(record, read_drawing ? drawn_shape(shape, groups, rows_before_ruling) : shape);
  grid.cells = std::move(cells);
  return true;
}

bool RecordReader::Impl::box_of_record(std::string_view text, std::optional<Shape>& shape, std::string& why) const {
  const std::optional<Shape> box = parse_box(text, &why);
  if (!box) {
    why = fmt::format("'box' {}: {}", text, why);
    return false;
  }
  if (options.shape && !(*options.shape == *box)) {
    why = fmt::format("'box' says {}, the options say {}", describe(*box), describe(*options.shape));
    return false;
  }
  shape = box;
  return true;
}

std::optional<Grid> RecordReader::Impl::parse_field(const std::string& text, const char* field, std::string& why,
                                                    const std::optional<Shape>& shape) const {
  ReaderOptions nested = options;
  if (shape) nested.shape = shape;
  nested.format = InputFormat::text;
  nested.variant = Variant::classic;  // the field is only the grid; the record gets the rules
  std::istringstream in(text);
  RecordReader reader(in, source, nested);
  reader.impl_->whole_field = true;
  Record inner;
  if (!reader.next(inner)) {
    why = fmt::format("'{}' holds no puzzle", field);
    return std::nullopt;
  }
  if (!inner.grid) {
    why = fmt::format("{}: {}", field, inner.error);
    return std::nullopt;
  }
  Record extra;
  if (reader.next(extra)) {
    why = fmt::format("'{}' holds more than one puzzle", field);
    return std::nullopt;
  }
  return std::move(inner.grid);
}

bool RecordReader::Impl::next_jsonl(Record& record) {
  for (;;) {
    if (!fetch()) return false;
    const std::string_view text = trim(current.text);
    if (!current.too_long && (text.empty() || text.front() == '#')) continue;
    break;
  }
  start(record);
  if (current.too_long) return fail(record, too_long_message(current.length));
  nlohmann::ordered_json object;  // ordered: carried fields keep the input's order
  if (nested_deeper_than(current.text, kMaxJsonDepth))
    return fail(record, fmt::format("not a JSON record: arrays and objects nested deeper than {} levels", kMaxJsonDepth));
  try {
    object = nlohmann::ordered_json::parse(current.text);
  } catch (const std::exception& e) {
    return fail(record, "not a JSON record: " + json_error_text(e));
  }
  if (!object.is_object()) return fail(record, "not a JSON record: a jsonl line must be an object {...}");
  for (const auto& [key, value] : object.items())
    if (key != "puzzle" && key != "solution")
      record.fields.emplace_back(key, value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  const auto puzzle = object.find("puzzle");
  if (puzzle == object.end()) return fail(record, "the record has no 'puzzle' field");
  if (puzzle->is_null()) return fail(record, "'puzzle' is null (the record that wrote it had no puzzle)");
  if (!puzzle->is_string()) return fail(record, "'puzzle' must be a string");
  std::string why;
  // A box other than its size's default is written as a `box` field ("2x3": rows x columns);
  // without it a 6x6 puzzle of 3x2 boxes would be read with 2x3 ones.
  std::optional<Shape> shape;
  if (const auto box = object.find("box"); box != object.end() && !box->is_null()) {
    if (!box->is_string()) return fail(record, "'box' must be a string such as \"2x3\" (rows x columns)");
    if (!box_of_record(box->get<std::string>(), shape, why)) return fail(record, why);
  }
  record.grid = parse_field(puzzle->get<std::string>(), "puzzle", why, shape);
  if (!record.grid) return fail(record, why);
  const auto solution = object.find("solution");
  if (solution != object.end() && !solution->is_null()) {
    if (!solution->is_string()) return fail(record, "'solution' must be a string");
    auto grid = parse_field(solution->get<std::string>(), "solution", why, shape);
    if (!grid) return fail(record, why);
    check_solution(record, std::move(*grid));
  }
  return true;
}

bool RecordReader::Impl::next_csv(Record& record) {
  if (columns.empty()) {  // the header (detect_format saw it; a forced csv takes the first line)
    for (;;) {
      if (!fetch()) return false;
      const std::string_view text = trim(current.text);
      if (!current.too_long && (text.empty() || text.front() == '#')) continue;
      break;
    }
    split_csv(trim(current.text), columns);
    const auto found = std::find(columns.begin(), columns.end(), "puzzle");
    if (found == columns.end()) {
      start(record);
      columns.clear();
      format = InputFormat::text;  // no header after all: the line is a record of its own
      return fail(record, "a csv input needs a header line naming a 'puzzle' column");
    }
    puzzle_column = static_cast<std::size_t>(found - columns.begin());
    const auto solution = std::find(columns.begin(), columns.end(), "solution");
    if (solution != columns.end()) solution_column = static_cast<std::size_t>(solution - columns.begin());
    const auto box = std::find(columns.begin(), columns.end(), "box");
    if (box != columns.end()) box_column = static_cast<std::size_t>(box - columns.begin());
  }
  for (;;) {  // blank and '#' lines are no records, in csv as in every format
    if (!fetch()) return false;
    if (!current.too_long && (trim(current.text).empty() || trim(current.text).front() == '#')) continue;
    break;
  }
  start(record);
  if (current.too_long) return fail(record, too_long_message(current.length));
  if (!split_csv(current.text, cells_of_row)) return fail(record, "a quoted csv field is not closed on its line");
  if (cells_of_row.size() != columns.size())
    return fail(record, fmt::format("{} csv fields, the header has {}", cells_of_row.size(), columns.size()));
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (c != puzzle_column && c != solution_column)
      record.fields.emplace_back(columns[c], columns[c] == "regions"  // a map of digits is text, not a number
                                                 ? nlohmann::json(cells_of_row[c]).dump()
                                                 : csv_value_as_json(cells_of_row[c]));
  if (cells_of_row[puzzle_column].empty()) return fail(record, "the 'puzzle' column is empty");
  std::string why;
  std::optional<Shape> shape;  // the record's own box (see next_jsonl)
  if (box_column && !cells_of_row[*box_column].empty() && !box_of_record(cells_of_row[*box_column], shape, why))
    return fail(record, why);
  record.grid = parse_field(cells_of_row[puzzle_column], "puzzle", why, shape);
  if (!record.grid) return fail(record, why);
  if (solution_column && !cells_of_row[*solution_column].empty()) {
    auto grid = parse_field(cells_of_row[*solution_column], "solution", why, shape);
    if (!grid) return fail(record, why);
    check_solution(record, std::move(*grid));
  }
  return true;
}

RecordReader::RecordReader(std::istream& in, std::string source, ReaderOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(source), std::move(options))) {}

RecordReader::~RecordReader() = default;

bool RecordReader::next(Record& record) { return impl_->next(record); }

std::size_t RecordReader::records() const { return impl_->returned; }

bool RecordReader::ready() const { return !impl_->pending.empty() || impl_->lines.ready(); }

InputFormat RecordReader::format() const { return impl_->format; }

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
    return record;
  }
  // One record, not the first of several: a whole file's text passed where one puzzle is
  // asked for would otherwise be answered, plausibly and wrongly, from its first record.
  Record extra;
  if (reader.next(extra)) {
    record.grid.reset();
    record.solution.reset();
    record.rules.reset();
    record.error = fmt::format("the text holds more than one record (another starts at line {}): pass one puzzle",
                               extra.line);
  }
  return record;
}

// --- RecordStream ----------------------------------------------------------------------

RecordStream::RecordStream(std::vector<std::string> files, ReaderOptions options,
                           std::function<void(const std::string&)> on_io_error)
    : files_(std::move(files)), options_(std::move(options)), on_io_error_(std::move(on_io_error)) {
  if (files_.empty()) files_.push_back("-");
  if (!on_io_error_) on_io_error_ = [](const std::string& message) { std::cerr << message << '\n' << std::flush; };
}

RecordStream::~RecordStream() = default;

void RecordStream::io_error(const std::string& message) {
  io_failed_ = true;
  on_io_error_(message);
}

bool RecordStream::open_next() {
  reader_.reset();
  owned_.reset();
  while (next_file_ < files_.size()) {
    const std::string& name = files_[next_file_++];
    if (name == "-") {
      reader_ = std::make_unique<RecordReader>(std::cin, "<stdin>", options_);
      return true;
    }
    std::error_code ec;
    if (std::filesystem::is_directory(name, ec)) {
      io_error(fmt::format("{}: cannot read: it is a directory", name));
      continue;
    }
    auto file = std::make_unique<std::ifstream>(name, std::ios::binary);
    if (!*file) {
      io_error(fmt::format("{}: cannot open: {}", name, std::strerror(errno)));
      continue;
    }
    owned_ = std::move(file);
    reader_ = std::make_unique<RecordReader>(*owned_, name, options_);
    return true;
  }
  return false;
}

bool RecordStream::next(Record& record) {
  for (;;) {
    if (!reader_ && !open_next()) return false;
    // A failing stream (an I/O error mid-file) must not end the run: the records already
    // read are written, the error is reported with the file's name, and the next file is read.
    bool got = false;
    try {
      got = reader_->next(record);
    } catch (const std::exception& e) {
      io_error(fmt::format("{}: read error: {}", files_[next_file_ - 1], e.what()));
      reader_.reset();
      continue;
    }
    if (got) {
      record.number = ++records_;
      return true;
    }
    if (owned_ && owned_->bad()) io_error(fmt::format("{}: read error", files_[next_file_ - 1]));
    reader_.reset();
  }
}

bool RecordStream::ready() const { return !reader_ || reader_->ready(); }

}  // namespace sudokit

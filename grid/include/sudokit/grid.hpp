// sudokit/grid.hpp: the grid model every other part of sudokit speaks.
//
// An N×N Sudoku has N rows, N columns and N boxes of box_rows × box_cols cells
// (box_rows · box_cols = N). A Grid stores its N² cells row-major as small
// integers: 0 is an empty cell, 1..N a digit. Symbols ('1'-'9', 'A'-'Z', or a
// user alphabet) exist only at the edges, in input and output; nothing inside
// the solvers knows about characters.
//
// Sizes: any N from 1 to kMaxSize. The default box of a size is the tallest
// box whose height does not exceed √N (6 → 2×3, 12 → 3×4, a prime N → 1×N,
// which makes the boxes rows, i.e. a Latin square).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit {

/// Largest N handled anywhere in sudokit (a 64×64 grid, 4,096 cells).
inline constexpr int kMaxSize = 64;

/// Geometry of an N×N Sudoku with box_rows × box_cols boxes.
struct Shape {
  int n = 9;
  int box_rows = 3;
  int box_cols = 3;

  int cells() const { return n * n; }
  int row_of(int cell) const { return cell / n; }
  int col_of(int cell) const { return cell % n; }
  /// Boxes are numbered row-major: box 0 is top left, box (n / box_cols) - 1 top right.
  int box_of(int row, int col) const { return (row / box_rows) * (n / box_cols) + col / box_cols; }
  int box_of(int cell) const { return box_of(row_of(cell), col_of(cell)); }
  /// The cell of index k (0..n-1) inside box b, row-major within the box.
  int cell_in_box(int box, int k) const;

  friend bool operator==(const Shape&, const Shape&) = default;
};

/// The default shape of size n (see the top of this file), or nothing when n is out of range.
std::optional<Shape> default_shape(int n);

/// A shape with an explicit box; `why` receives the reason when it is not a valid shape.
std::optional<Shape> make_shape(int n, int box_rows, int box_cols, std::string* why = nullptr);

/// Parses "RxC" (e.g. "2x3") into a box of R rows by C columns; n = R·C.
std::optional<Shape> parse_box(std::string_view text, std::string* why = nullptr);

/// "9x9 (3x3 boxes)"
std::string describe(const Shape& shape);

/// A puzzle or a solution: N² cells, row-major, 0 = empty, 1..N = digit.
struct Grid {
  Shape shape;
  std::vector<std::uint8_t> cells;

  Grid() : cells(81, 0) {}
  explicit Grid(const Shape& s) : shape(s), cells(static_cast<std::size_t>(s.cells()), 0) {}

  std::uint8_t at(int row, int col) const { return cells[static_cast<std::size_t>(row * shape.n + col)]; }
  std::uint8_t& at(int row, int col) { return cells[static_cast<std::size_t>(row * shape.n + col)]; }
  /// Number of filled cells.
  int givens() const;
  /// True when no cell is empty.
  bool complete() const;

  friend bool operator==(const Grid&, const Grid&) = default;
};

/// Two givens that break the rules: the same digit twice in one row, column or box.
struct Clash {
  int cell_a;      ///< the earlier cell (row-major index)
  int cell_b;      ///< the later cell
  int digit;       ///< the repeated digit
  char house;      ///< 'r', 'c' or 'b': where they meet (the first such house); 'v': digit > n
};

/// Pairs of givens that clash, each pair once, in row-major order of cell_b; at most `max`
/// of them (the first found), since a hostile grid of one repeated digit has millions.
/// Also reports digits out of range as a clash of a cell with itself (digit > n, house 'v').
std::vector<Clash> find_clashes(const Grid& puzzle, std::size_t max = SIZE_MAX);

/// How many clashes the command-line tools report per record before "and more".
inline constexpr std::size_t kReportedClashes = 8;

/// Independent check, sharing no code with any solver: `solution` is complete, obeys every
/// row, column and box, and agrees with every given of `puzzle`.
bool is_solution_of(const Grid& puzzle, const Grid& solution, std::string* why = nullptr);

/// Cells where two grids of the same shape differ (row-major indices).
std::vector<int> differing_cells(const Grid& a, const Grid& b);

/// "r3c5": 1-based row and column of a cell, the convention players use.
std::string cell_name(const Shape& shape, int cell);

/// How digits are written. The default writes 1-9 then A-Z (so 16×16 uses 1-9A-G) and
/// reads '.' and '0' as empty; a custom alphabet (e.g. "0123456789ABCDEF") lists the
/// symbols of digits 1..k in order, and then only '.' is empty.
class Alphabet {
 public:
  /// "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
  static Alphabet standard();
  /// A custom alphabet; symbols must be distinct printable characters, none of . # | - + : , " [ ] { } =
  static std::optional<Alphabet> from_symbols(std::string_view symbols, std::string* why = nullptr);

  /// Digit of a symbol: 1..size() for a symbol, 0 for an empty mark, -1 when not in the alphabet.
  /// Lower-case letters are read as upper case when the alphabet has no lower-case symbols.
  int digit_of(char symbol) const;
  /// Symbol of digit d (1..size()); '.' for 0.
  char symbol_of(int digit) const { return digit == 0 ? '.' : symbols_[static_cast<std::size_t>(digit - 1)]; }
  /// How many digits it can write: the largest N written with one character per cell.
  int size() const { return static_cast<int>(symbols_.size()); }
  const std::string& symbols() const { return symbols_; }

 private:
  explicit Alphabet(std::string symbols, bool zero_is_empty);
  std::string symbols_;
  bool zero_is_empty_;
  bool fold_case_;
  std::int8_t digit_of_[256];
};

/// One-line form: N² symbols, '.' for empty. When N exceeds the alphabet, the cells are
/// written as space-separated integers (0 = empty) instead, which every reader accepts.
std::string to_line(const Grid& grid, const Alphabet& alphabet = Alphabet::standard());
/// to_line() appended to `out` (no string of its own: the bulk writers' path).
void append_line(std::string& out, const Grid& grid, const Alphabet& alphabet = Alphabet::standard());

/// Block form: N lines, box columns separated by " | ", box bands by a ruling line
/// ("------+-------+------"). Ends with a newline.
std::string to_block(const Grid& grid, const Alphabet& alphabet = Alphabet::standard());

}  // namespace sudokit

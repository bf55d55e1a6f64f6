// Tests of the grid model: shapes and their boxes, clash finding, the independent solution
// checker, alphabets, and the one-line / block writers, against hand-made known answers.
#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

using testing::grid_from_line;

/// Row r is the base row shifted by box_cols·(r mod box_rows) + r / box_rows: a valid
/// complete grid for any box shape.
Grid pattern_solution(const Shape& shape) {
  Grid g(shape);
  for (int r = 0; r < shape.n; ++r)
    for (int c = 0; c < shape.n; ++c)
      g.at(r, c) = static_cast<std::uint8_t>(
          (shape.box_cols * (r % shape.box_rows) + r / shape.box_rows + c) % shape.n + 1);
  return g;
}

// A published puzzle and its unique solution (contest sample 17 of target/cases.tsv has one
// solution; this pair is the well-known "Wikipedia" puzzle).
const std::string kPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const std::string kSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// ---------------------------------------------------------------------------------------
// Shapes

TEST(GridShape, DefaultShapes) {
  const std::vector<std::pair<int, std::pair<int, int>>> expected = {
      {4, {2, 2}}, {6, {2, 3}},  {8, {2, 4}},  {9, {3, 3}}, {10, {2, 5}},
      {12, {3, 4}}, {16, {4, 4}}, {25, {5, 5}}, {36, {6, 6}}, {7, {1, 7}}};
  for (const auto& [n, box] : expected) {
    const auto shape = default_shape(n);
    ASSERT_TRUE(shape) << n;
    EXPECT_EQ(shape->n, n);
    EXPECT_EQ(shape->box_rows, box.first) << n;
    EXPECT_EQ(shape->box_cols, box.second) << n;
    EXPECT_EQ(shape->cells(), n * n);
  }
  EXPECT_EQ(default_shape(1), (Shape{1, 1, 1}));
  EXPECT_EQ(default_shape(kMaxSize), (Shape{64, 8, 8}));
  EXPECT_FALSE(default_shape(0));
  EXPECT_FALSE(default_shape(-3));
  EXPECT_FALSE(default_shape(kMaxSize + 1));
}

TEST(GridShape, MakeShapeErrors) {
  std::string why;
  EXPECT_EQ(make_shape(6, 3, 2, &why), (Shape{6, 3, 2}));
  EXPECT_FALSE(make_shape(6, 4, 2, &why));
  EXPECT_NE(why.find("does not tile"), std::string::npos) << why;
  why.clear();
  EXPECT_FALSE(make_shape(0, 1, 0, &why));
  EXPECT_NE(why.find("not supported"), std::string::npos) << why;
  why.clear();
  EXPECT_FALSE(make_shape(65, 5, 13, &why));
  EXPECT_FALSE(why.empty());
  EXPECT_FALSE(make_shape(9, 0, 9));
  EXPECT_FALSE(make_shape(9, -3, -3));
}

TEST(GridShape, ParseBox) {
  EXPECT_EQ(parse_box("2x3"), (Shape{6, 2, 3}));
  EXPECT_EQ(parse_box("3X2"), (Shape{6, 3, 2}));
  EXPECT_EQ(parse_box("4x4"), (Shape{16, 4, 4}));
  EXPECT_EQ(parse_box("1x7"), (Shape{7, 1, 7}));
  for (const char* bad : {"", "x", "2x", "x3", "2*3", "2x3x", " 2x3", "2x3 ", "axb", "0x3", "-2x-3", "9x9"}) {
    std::string why;
    EXPECT_FALSE(parse_box(bad, &why)) << '"' << bad << '"';
    EXPECT_FALSE(why.empty()) << '"' << bad << '"';
  }
}

TEST(GridShape, DescribeAndCellName) {
  EXPECT_EQ(describe(Shape{9, 3, 3}), "9x9 (3x3 boxes)");
  EXPECT_EQ(describe(Shape{6, 2, 3}), "6x6 (2x3 boxes)");
  EXPECT_EQ(cell_name(Shape{9, 3, 3}, 0), "r1c1");
  EXPECT_EQ(cell_name(Shape{9, 3, 3}, 22), "r3c5");
  EXPECT_EQ(cell_name(Shape{16, 4, 4}, 255), "r16c16");
}

TEST(GridShape, BoxOfKnownCells) {
  const Shape nine{9, 3, 3};
  EXPECT_EQ(nine.box_of(0, 0), 0);
  EXPECT_EQ(nine.box_of(0, 8), 2);
  EXPECT_EQ(nine.box_of(4, 4), 4);
  EXPECT_EQ(nine.box_of(8, 0), 6);
  EXPECT_EQ(nine.box_of(80), 8);
  const Shape six{6, 2, 3};  // 2 boxes across, 3 down
  EXPECT_EQ(six.box_of(0, 3), 1);
  EXPECT_EQ(six.box_of(2, 0), 2);
  EXPECT_EQ(six.box_of(5, 5), 5);
  EXPECT_EQ(six.cell_in_box(1, 0), 3);
  EXPECT_EQ(six.cell_in_box(1, 5), 6 + 5);
  EXPECT_EQ(six.cell_in_box(2, 3), 3 * 6 + 0);
}

TEST(GridShape, BoxOfAndCellInBoxAgree) {
  for (int n = 1; n <= kMaxSize; ++n) {
    for (int rows = 1; rows <= n; ++rows) {
      if (n % rows != 0) continue;
      const Shape s{n, rows, n / rows};
      std::vector<int> seen(static_cast<std::size_t>(s.cells()), 0);
      for (int box = 0; box < n; ++box) {
        for (int k = 0; k < n; ++k) {
          const int cell = s.cell_in_box(box, k);
          ASSERT_GE(cell, 0);
          ASSERT_LT(cell, s.cells());
          ASSERT_EQ(s.box_of(cell), box) << describe(s) << " box " << box << " k " << k;
          ++seen[static_cast<std::size_t>(cell)];
        }
      }
      // Every cell is in exactly one box.
      ASSERT_TRUE(std::all_of(seen.begin(), seen.end(), [](int v) { return v == 1; })) << describe(s);
    }
  }
}

// ---------------------------------------------------------------------------------------
// Grids

TEST(GridCells, GivensAndComplete) {
  const Grid puzzle = grid_from_line(kPuzzle);
  EXPECT_EQ(puzzle.givens(), 30);
  EXPECT_FALSE(puzzle.complete());
  EXPECT_TRUE(grid_from_line(kSolution).complete());
  EXPECT_EQ(Grid().cells.size(), 81u);
  EXPECT_EQ(Grid().givens(), 0);
  EXPECT_EQ(puzzle.at(0, 0), 5);
  EXPECT_EQ(puzzle.at(8, 8), 9);
  EXPECT_EQ(differing_cells(puzzle, puzzle), std::vector<int>{});
  Grid changed = puzzle;
  changed.at(2, 5) = 4;
  changed.at(7, 0) = 1;
  EXPECT_EQ(differing_cells(puzzle, changed), (std::vector<int>{23, 63}));
}

// ---------------------------------------------------------------------------------------
// Clashes

TEST(GridClashes, NoneInAValidPuzzleOrSolution) {
  EXPECT_TRUE(find_clashes(grid_from_line(kPuzzle)).empty());
  EXPECT_TRUE(find_clashes(grid_from_line(kSolution)).empty());
  for (int n : {4, 6, 8, 9, 12, 16, 25, 36, 64})
    EXPECT_TRUE(find_clashes(pattern_solution(*default_shape(n))).empty()) << n;
}

TEST(GridClashes, RowColumnAndBox) {
  Grid g(Shape{9, 3, 3});
  g.at(0, 0) = 5;
  g.at(0, 7) = 5;  // row only
  const auto row = find_clashes(g);
  ASSERT_EQ(row.size(), 1u);
  EXPECT_EQ(row[0].cell_a, 0);
  EXPECT_EQ(row[0].cell_b, 7);
  EXPECT_EQ(row[0].digit, 5);
  EXPECT_EQ(row[0].house, 'r');

  Grid c(Shape{9, 3, 3});
  c.at(1, 4) = 3;
  c.at(8, 4) = 3;  // column only
  const auto column = find_clashes(c);
  ASSERT_EQ(column.size(), 1u);
  EXPECT_EQ(column[0].cell_a, 13);
  EXPECT_EQ(column[0].cell_b, 76);
  EXPECT_EQ(column[0].house, 'c');

  Grid b(Shape{9, 3, 3});
  b.at(3, 3) = 9;
  b.at(5, 5) = 9;  // box only
  const auto box = find_clashes(b);
  ASSERT_EQ(box.size(), 1u);
  EXPECT_EQ(box[0].cell_a, 30);
  EXPECT_EQ(box[0].cell_b, 50);
  EXPECT_EQ(box[0].house, 'b');
}

TEST(GridClashes, EachPairOnceInItsFirstHouse) {
  // Same row and same box: reported once, as a row clash.
  Grid g(Shape{9, 3, 3});
  g.at(0, 0) = 4;
  g.at(0, 1) = 4;
  auto clashes = find_clashes(g);
  ASSERT_EQ(clashes.size(), 1u);
  EXPECT_EQ(clashes[0].house, 'r');
  // Same column and same box: once, as a column clash.
  Grid c(Shape{9, 3, 3});
  c.at(0, 0) = 4;
  c.at(2, 0) = 4;
  clashes = find_clashes(c);
  ASSERT_EQ(clashes.size(), 1u);
  EXPECT_EQ(clashes[0].house, 'c');
  // Three equal digits in one row: three pairs, ordered by the later cell.
  Grid t(Shape{9, 3, 3});
  t.at(4, 0) = 7;
  t.at(4, 4) = 7;
  t.at(4, 8) = 7;
  clashes = find_clashes(t);
  std::set<std::pair<int, int>> pairs;
  for (const Clash& clash : clashes) pairs.insert({clash.cell_a, clash.cell_b});
  EXPECT_EQ(pairs, (std::set<std::pair<int, int>>{{36, 40}, {36, 44}, {40, 44}}));
  EXPECT_EQ(clashes.size(), 3u);
  EXPECT_TRUE(std::is_sorted(clashes.begin(), clashes.end(),
                             [](const Clash& a, const Clash& b) { return a.cell_b < b.cell_b; }));
}

TEST(GridClashes, BruteForceAgreesOnRandomishGrids) {
  // Differential: every pair of equal givens sharing a house appears exactly once. Shapes
  // with boxes wider than tall and taller than wide, and fills from sparse (mostly clash-free,
  // the allocation-free early answer) to dense.
  const Shape shapes[] = {{6, 2, 3}, {6, 3, 2}, {9, 3, 3}, {12, 3, 4}, {12, 4, 3}};
  int clash_free = 0;
  for (const Shape& s : shapes)
  for (int seed = 0; seed < 200; ++seed) {
    Grid g(s);
    unsigned state = static_cast<unsigned>(seed) * 2654435761u + 1;
    const unsigned one_in = 2 + static_cast<unsigned>(seed % 4) * 4;  // 1/2 .. 1/14 of the cells
    for (auto& v : g.cells) {
      state = state * 1103515245u + 12345u;
      v = static_cast<std::uint8_t>((state >> 16) % one_in == 0 ? (state >> 20) % static_cast<unsigned>(s.n) + 1 : 0);
    }
    std::set<std::pair<int, int>> expected;
    for (int a = 0; a < s.cells(); ++a)
      for (int b = a + 1; b < s.cells(); ++b) {
        const auto da = g.cells[static_cast<std::size_t>(a)], db = g.cells[static_cast<std::size_t>(b)];
        if (da == 0 || da != db) continue;
        if (s.row_of(a) == s.row_of(b) || s.col_of(a) == s.col_of(b) || s.box_of(a) == s.box_of(b))
          expected.insert({a, b});
      }
    std::set<std::pair<int, int>> found;
    const auto clashes = find_clashes(g);
    for (const Clash& clash : clashes) found.insert({clash.cell_a, clash.cell_b});
    ASSERT_EQ(found, expected) << "seed " << seed;
    ASSERT_EQ(clashes.size(), expected.size()) << "seed " << seed << ": a pair reported twice";
    if (expected.empty()) ++clash_free;
  }
  EXPECT_GT(clash_free, 50);  // the early answer was exercised, not only the full search
}

TEST(GridClashes, DigitOutOfRange) {
  Grid g(Shape{4, 2, 2});
  g.at(1, 1) = 5;
  const auto clashes = find_clashes(g);
  ASSERT_EQ(clashes.size(), 1u);
  EXPECT_EQ(clashes[0].cell_a, 5);
  EXPECT_EQ(clashes[0].cell_b, 5);
  EXPECT_EQ(clashes[0].digit, 5);
}

// ---------------------------------------------------------------------------------------
// Solution checker

TEST(GridSolution, AcceptsTheKnownSolution) {
  std::string why;
  EXPECT_TRUE(is_solution_of(grid_from_line(kPuzzle), grid_from_line(kSolution), &why)) << why;
  for (int n : {1, 4, 6, 8, 10, 12, 16, 25, 36, 64}) {
    const Grid solution = pattern_solution(*default_shape(n));
    EXPECT_TRUE(is_solution_of(Grid(solution.shape), solution, &why)) << n << ": " << why;
    EXPECT_TRUE(is_solution_of(solution, solution, &why)) << n << ": " << why;
  }
}

TEST(GridSolution, RejectsEachKindOfWrongGrid) {
  const Grid puzzle = grid_from_line(kPuzzle);
  const Grid solution = grid_from_line(kSolution);
  std::string why;

  Grid incomplete = solution;
  incomplete.at(4, 4) = 0;
  EXPECT_FALSE(is_solution_of(puzzle, incomplete, &why));
  EXPECT_NE(why.find("r5c5"), std::string::npos) << why;

  Grid out_of_range = solution;
  out_of_range.at(0, 2) = 10;
  EXPECT_FALSE(is_solution_of(puzzle, out_of_range, &why));

  // Disagrees with a given (r1c1 is given as 5), though still a valid grid: digits relabelled.
  Grid relabelled = solution;
  for (auto& v : relabelled.cells) v = static_cast<std::uint8_t>(v % 9 + 1);
  EXPECT_FALSE(is_solution_of(puzzle, relabelled, &why));
  EXPECT_NE(why.find("given"), std::string::npos) << why;
  EXPECT_TRUE(is_solution_of(Grid(puzzle.shape), relabelled, &why)) << why;

  // Row broken: swap two cells of different columns within a row -> columns break.
  Grid column_broken = solution;
  std::swap(column_broken.at(0, 0), column_broken.at(0, 1));
  EXPECT_FALSE(is_solution_of(Grid(puzzle.shape), column_broken, &why));
  EXPECT_NE(why.find("column"), std::string::npos) << why;

  // A digit repeated in a row (and column and box).
  Grid row_broken = solution;
  row_broken.at(0, 0) = row_broken.at(0, 1);
  EXPECT_FALSE(is_solution_of(Grid(puzzle.shape), row_broken, &why));
  EXPECT_NE(why.find("row 1"), std::string::npos) << why;

  // Rows and columns fine, boxes broken: a cyclic Latin square (r + c) is not a Sudoku.
  Grid latin(Shape{9, 3, 3});
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) latin.at(r, c) = static_cast<std::uint8_t>((r + c) % 9 + 1);
  EXPECT_FALSE(is_solution_of(Grid(latin.shape), latin, &why));
  EXPECT_NE(why.find("box"), std::string::npos) << why;

  // Shapes differ.
  const Grid six = pattern_solution(Shape{6, 2, 3});
  EXPECT_FALSE(is_solution_of(Grid(Shape{6, 3, 2}), six, &why));
  EXPECT_FALSE(is_solution_of(puzzle, six, &why));

  // Wrong number of cells for the shape.
  Grid short_cells = solution;
  short_cells.cells.pop_back();
  EXPECT_FALSE(is_solution_of(puzzle, short_cells, &why));
}

// ---------------------------------------------------------------------------------------
// Alphabets

TEST(GridAlphabet, Standard) {
  const Alphabet a = Alphabet::standard();
  EXPECT_EQ(a.size(), 35);
  EXPECT_EQ(a.digit_of('1'), 1);
  EXPECT_EQ(a.digit_of('9'), 9);
  EXPECT_EQ(a.digit_of('A'), 10);
  EXPECT_EQ(a.digit_of('G'), 16);
  EXPECT_EQ(a.digit_of('g'), 16);
  EXPECT_EQ(a.digit_of('Z'), 35);
  EXPECT_EQ(a.digit_of('.'), 0);
  EXPECT_EQ(a.digit_of('0'), 0);
  EXPECT_EQ(a.digit_of('w'), 32);
  EXPECT_EQ(a.digit_of('*'), -1);
  EXPECT_EQ(a.digit_of(' '), -1);
  EXPECT_EQ(a.digit_of('\0'), -1);
  EXPECT_EQ(a.digit_of('\xE9'), -1);
  EXPECT_EQ(a.symbol_of(0), '.');
  EXPECT_EQ(a.symbol_of(1), '1');
  EXPECT_EQ(a.symbol_of(16), 'G');
  for (int d = 1; d <= a.size(); ++d) EXPECT_EQ(a.digit_of(a.symbol_of(d)), d);
}

TEST(GridAlphabet, CustomAndHexWithZeroAsSymbol) {
  const auto hex = Alphabet::from_symbols("0123456789ABCDEF");
  ASSERT_TRUE(hex);
  EXPECT_EQ(hex->size(), 16);
  EXPECT_EQ(hex->digit_of('0'), 1);  // '0' is a symbol now, not an empty mark
  EXPECT_EQ(hex->digit_of('F'), 16);
  EXPECT_EQ(hex->digit_of('f'), 16);
  EXPECT_EQ(hex->digit_of('.'), 0);
  EXPECT_EQ(hex->digit_of('G'), -1);
  EXPECT_EQ(hex->symbol_of(1), '0');

  const auto letters = Alphabet::from_symbols("abcdefghi");
  ASSERT_TRUE(letters);
  EXPECT_EQ(letters->digit_of('a'), 1);
  EXPECT_EQ(letters->digit_of('A'), -1);  // an alphabet with lower case does not fold
  EXPECT_EQ(letters->digit_of('0'), 0);   // without '0' among the symbols it stays empty
  EXPECT_EQ(letters->digit_of('1'), -1);

  std::string why;
  // "[", "]", "{", "}" and "=" frame records for the reader (a "[...]" line is a section header,
  // a first line opening with "{" makes the input jsonl, "====" is a ruling): a puzzle written
  // with them would not read back as itself.
  for (const char* bad : {"", "1123", "12.4", "12#4", "12 4", "12|4", "12-4", "12+4", "12[4", "12]4", "12{4", "12}4", "12=4"}) {
    why.clear();
    EXPECT_FALSE(Alphabet::from_symbols(bad, &why)) << '"' << bad << '"';
    EXPECT_FALSE(why.empty()) << '"' << bad << '"';
  }
  // A non-ASCII letter is several bytes: refused, and the reason is valid text (it quoted one
  // byte of the letter alone, which no terminal or JSON reader can show).
  for (const char* bad : {"\xC3\xA9" "12345678", "12\t4"}) {
    why.clear();
    EXPECT_FALSE(Alphabet::from_symbols(bad, &why));
    for (char c : why) EXPECT_TRUE(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) < 0x7f) << why;
    EXPECT_NE(why.find("byte 0x"), std::string::npos) << why;
  }
}

// ---------------------------------------------------------------------------------------
// Writers

TEST(GridWriters, NineByNine) {
  const Grid puzzle = grid_from_line(kPuzzle);
  EXPECT_EQ(to_line(puzzle), kPuzzle);
  EXPECT_EQ(to_block(puzzle),
            "5 3 . | . 7 . | . . .\n"
            "6 . . | 1 9 5 | . . .\n"
            ". 9 8 | . . . | . 6 .\n"
            "------+-------+------\n"
            "8 . . | . 6 . | . . 3\n"
            "4 . . | 8 . 3 | . . 1\n"
            "7 . . | . 2 . | . . 6\n"
            "------+-------+------\n"
            ". 6 . | . . . | 2 8 .\n"
            ". . . | 4 1 9 | . . 5\n"
            ". . . | . 8 . | . 7 9\n");
  const auto hex = Alphabet::from_symbols("0123456789ABCDEF");
  EXPECT_EQ(to_line(puzzle, *hex).substr(0, 5), "42..6");
}

TEST(GridWriters, SixteenBySixteen) {
  const Grid solution = pattern_solution(Shape{16, 4, 4});
  const std::string line = to_line(solution);
  ASSERT_EQ(line.size(), 256u);
  EXPECT_EQ(line.substr(0, 16), "123456789ABCDEFG");
  EXPECT_EQ(line.substr(16, 16), "56789ABCDEFG1234");
  const std::string block = to_block(solution);
  EXPECT_EQ(block.substr(0, block.find('\n')), "1 2 3 4 | 5 6 7 8 | 9 A B C | D E F G");
  EXPECT_EQ(std::count(block.begin(), block.end(), '\n'), 19);  // 16 rows + 3 rulings
  EXPECT_NE(block.find("--------+---------+---------+--------\n"), std::string::npos) << block;
}

TEST(GridWriters, IntegersPastTheAlphabet) {
  const Grid solution = pattern_solution(*default_shape(36));
  const std::string line = to_line(solution);
  // 1,296 space-separated integers, the first row 1..36.
  EXPECT_EQ(std::count(line.begin(), line.end(), ' '), 36 * 36 - 1);
  EXPECT_EQ(line.substr(0, 22), "1 2 3 4 5 6 7 8 9 10 1");
  Grid puzzle = solution;
  puzzle.cells[0] = 0;
  EXPECT_EQ(to_line(puzzle).substr(0, 4), "0 2 ");
  const std::string block = to_block(puzzle);
  const std::string first_row = block.substr(0, block.find('\n'));
  // Cells right-aligned to two characters, '.' for empty, " | " between 6-wide boxes.
  EXPECT_EQ(first_row.substr(0, 22), " .  2  3  4  5  6 |  7");
  EXPECT_EQ(std::count(block.begin(), block.end(), '\n'), 36 + 5);
}

}  // namespace
}  // namespace sudokit

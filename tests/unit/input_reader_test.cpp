// Tests of the record reader: every layout against known grids, forced shapes, the contest
// files and the 17-clue collection, and streams of bad input that must come out as one
// error record each while the good records around them are read exactly.
#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"
#include "reader_support.hpp"
#include "sudokit/reader.hpp"
#include "test_support.hpp"

namespace sudokit {
namespace {

using testing::grid_from_line;
using testing::read_all;
using testing::shared_data;

/// A complete valid grid of any shape: row r is the base row shifted by
/// box_cols·(r mod box_rows) + r / box_rows, which keeps rows, columns and boxes distinct.
Grid pattern_solution(const Shape& shape) {
  Grid g(shape);
  for (int r = 0; r < shape.n; ++r)
    for (int c = 0; c < shape.n; ++c)
      g.at(r, c) = static_cast<std::uint8_t>(
          (shape.box_cols * (r % shape.box_rows) + r / shape.box_rows + c) % shape.n + 1);
  return g;
}

/// The pattern solution with about a third of its cells emptied, scattered by a hash.
Grid pattern_puzzle(const Shape& shape) {
  Grid g = pattern_solution(shape);
  for (int cell = 0; cell < shape.cells(); ++cell)
    if ((static_cast<unsigned>(cell) * 2654435761u >> 13) % 3 == 0) g.cells[static_cast<std::size_t>(cell)] = 0;
  // Every digit must survive, or a test of the largest symbols would test nothing.
  std::vector<bool> present(static_cast<std::size_t>(shape.n + 1), false);
  for (std::uint8_t v : g.cells) present[v] = true;
  EXPECT_EQ(std::count(present.begin() + 1, present.end(), true), shape.n) << describe(shape);
  return g;
}

std::string numbers_block(const Grid& g) {
  std::string out;
  for (int r = 0; r < g.shape.n; ++r) {
    for (int c = 0; c < g.shape.n; ++c) {
      if (c) out += ' ';
      out += std::to_string(g.at(r, c));
    }
    out += "\n";
  }
  return out;
}

std::string numbers_line(const Grid& g) {
  std::string out;
  for (std::size_t i = 0; i < g.cells.size(); ++i) {
    if (i) out += ' ';
    out += std::to_string(g.cells[i]);
  }
  return out + "\n";
}

void expect_grid(const Record& record, const Grid& expected) {
  ASSERT_TRUE(record.grid.has_value()) << "record " << record.number << " at line " << record.line << ": "
                                       << record.error;
  EXPECT_TRUE(record.error.empty());
  EXPECT_EQ(record.grid->shape, expected.shape);
  EXPECT_EQ(record.grid->cells, expected.cells);
}

void expect_error(const Record& record, const std::string& fragment) {
  EXPECT_FALSE(record.grid.has_value()) << "record " << record.number << " at line " << record.line;
  EXPECT_NE(record.error.find(fragment), std::string::npos)
      << "record " << record.number << " error is \"" << record.error << "\", expected it to contain \""
      << fragment << "\"";
}

const std::string kPuzzle = "7..9....11....59.....2...8...5.2...3......648413........7..2.9.2.1.6.8.4.8.5.4.12";
const std::string kOther = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

// ---------------------------------------------------------------------------------------
// Layouts

TEST(ReaderFormats, OneLineWithDotsAndZeros) {
  std::string zeros = kPuzzle;
  std::replace(zeros.begin(), zeros.end(), '.', '0');
  const auto records = read_all(kPuzzle + "\n" + zeros + "\n" + kOther);  // last line has no '\n'
  ASSERT_EQ(records.size(), 3u);
  expect_grid(records[0], grid_from_line(kPuzzle));
  expect_grid(records[1], grid_from_line(kPuzzle));
  expect_grid(records[2], grid_from_line(kOther));
  EXPECT_EQ(records[0].grid->cells[0], 7);
  EXPECT_EQ(records[0].grid->cells[1], 0);
  EXPECT_EQ(records[2].line, 3u);
  EXPECT_EQ(records[2].number, 3u);
  EXPECT_EQ(records[1].text, zeros);
  EXPECT_EQ(records[0].source, "test");
}

TEST(ReaderFormats, SdkBlock) {
  const std::string sdk =
      "#Aauthor\n#Ddescription\n"
      "7..9....1\n1....59..\n...2...8.\n..5.2...3\n......648\n413......\n..7..2.9.\n2.1.6.8.4\n.8.5.4.12\n";
  const auto records = read_all(sdk);
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], grid_from_line(kPuzzle));
  EXPECT_EQ(records[0].line, 3u);
  EXPECT_EQ(records[0].text, "7..9....1");
}

TEST(ReaderFormats, SdkSectionHeadersAreSkipped) {
  const auto records = read_all(
      "#Aauthor\n[Puzzle]\n7..9....1\n1....59..\n...2...8.\n..5.2...3\n......648\n413......\n..7..2.9.\n2.1.6.8.4\n"
      ".8.5.4.12\n");
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], grid_from_line(kPuzzle));
  EXPECT_EQ(records[0].line, 3u);
}

TEST(ReaderFormats, SsBlockWithRulings) {
  const std::string ss =
      "7..|9..|..1\n1..|..5|9..\n...|2..|.8.\n-----------\n..5|.2.|..3\n...|...|648\n413|...|...\n"
      "-----------\n..7|..2|.9.\n2.1|.6.|8.4\n.8.|5.4|.12\n";
  const auto records = read_all(ss);
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], grid_from_line(kPuzzle));
}

TEST(ReaderFormats, FramedBlock) {
  const std::string framed =
      "*-----------*\n|7..|9..|..1|\n|1..|..5|9..|\n|...|2..|.8.|\n|---+---+---|\n|..5|.2.|..3|\n"
      "|...|...|648|\n|413|...|...|\n|---+---+---|\n|..7|..2|.9.|\n|2.1|.6.|8.4|\n|.8.|5.4|.12|\n*-----------*\n";
  const auto records = read_all(framed);
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], grid_from_line(kPuzzle));
  EXPECT_EQ(records[0].line, 2u);
}

TEST(ReaderFormats, PrettyBlockFromToBlock) {
  const Grid puzzle = grid_from_line(kPuzzle);
  const std::string text = to_block(puzzle) + "\n" + to_block(grid_from_line(kOther));
  const auto records = read_all(text);
  ASSERT_EQ(records.size(), 2u);
  expect_grid(records[0], puzzle);
  expect_grid(records[1], grid_from_line(kOther));
  EXPECT_EQ(records[1].line, 13u);  // 11 lines of block (2 rulings) + blank
}

TEST(ReaderFormats, SpacedSymbolRows) {
  const std::string text =
      "7 . . 9 . . . . 1\n1 . . . . 5 9 . .\n. . . 2 . . . 8 .\n. . 5 . 2 . . . 3\n. . . . . . 6 4 8\n"
      "4 1 3 . . . . . .\n. . 7 . . 2 . 9 .\n2 . 1 . 6 . 8 . 4\n. 8 . 5 . 4 . 1 2\n";
  const auto records = read_all(text);
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], grid_from_line(kPuzzle));
}

TEST(ReaderFormats, BlocksNeedNoBlankLineBetweenThem) {
  const Grid a = grid_from_line(kPuzzle), b = grid_from_line(kOther);
  std::string text;
  for (int r = 0; r < 9; ++r) text += kPuzzle.substr(static_cast<std::size_t>(r * 9), 9) + "\n";
  for (int r = 0; r < 9; ++r) text += kOther.substr(static_cast<std::size_t>(r * 9), 9) + "\n";
  text += kPuzzle + "\n";
  const auto records = read_all(text);
  ASSERT_EQ(records.size(), 3u);
  expect_grid(records[0], a);
  expect_grid(records[1], b);
  expect_grid(records[2], a);
  EXPECT_EQ(records[1].line, 10u);
  EXPECT_EQ(records[2].line, 19u);
}

TEST(ReaderFormats, NumbersBlockAndLine) {
  const Grid puzzle = grid_from_line(kPuzzle);
  const auto records = read_all(numbers_block(puzzle) + "\n" + numbers_line(puzzle) + numbers_block(puzzle));
  ASSERT_EQ(records.size(), 3u);
  for (const Record& r : records) expect_grid(r, puzzle);
  EXPECT_EQ(records[1].line, 11u);
  EXPECT_EQ(records[2].line, 12u);
}

TEST(ReaderFormats, NumbersWithExtraWhitespaceAndTabs) {
  const auto records = read_all(
      "  7\t0 0  9 0 0 0 0 1  \n1 0 0 0 0 5 9 0 0\n0 0 0 2 0 0 0 8 0\n0 0 5 0 2 0 0 0 3\n0 0 0 0 0 0 6 4 8\n"
      "4 1 3 0 0 0 0 0 0\n0 0 7 0 0 2 0 9 0\n2 0 1 0 6 0 8 0 4\n0 8 0 5 0 4 0 1 2\n");
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], grid_from_line(kPuzzle));
}

TEST(ReaderFormats, CommentsBlankLinesCrlfAndBom) {
  const std::string text = "\xEF\xBB\xBF" + kPuzzle + "\r\n# a comment\r\n\r\n   \r\n  # indented comment\n" +
                           kOther + "\r\n" + "7..9....1\r\n1....59..\r\n...2...8.\r\n..5.2...3\r\n......648\r\n"
                           "413......\r\n..7..2.9.\r\n2.1.6.8.4\r\n.8.5.4.12\r\n";
  const auto records = read_all(text);
  ASSERT_EQ(records.size(), 3u);
  expect_grid(records[0], grid_from_line(kPuzzle));
  expect_grid(records[1], grid_from_line(kOther));
  expect_grid(records[2], grid_from_line(kPuzzle));
  EXPECT_EQ(records[0].line, 1u);
  EXPECT_EQ(records[1].line, 6u);
  EXPECT_EQ(records[2].line, 7u);
  EXPECT_EQ(records[0].text, kPuzzle);  // no BOM, no '\r'
}

TEST(ReaderFormats, LowerCaseLettersFoldToUpper) {
  const Grid solution = pattern_solution(*default_shape(16));
  std::string line = to_line(solution);
  std::transform(line.begin(), line.end(), line.begin(), [](char c) { return static_cast<char>(std::tolower(c)); });
  const auto records = read_all(line);
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], solution);
}

// ---------------------------------------------------------------------------------------
// Sizes and shapes

TEST(ReaderShapes, SixteenBySixteenOneLiner) {
  const Grid puzzle = pattern_puzzle(*default_shape(16));
  const std::string line = to_line(puzzle);
  ASSERT_EQ(line.size(), 256u);
  EXPECT_NE(line.find('G'), std::string::npos);
  const auto records = read_all(line + "\n");
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], puzzle);
  EXPECT_EQ(records[0].grid->shape.box_rows, 4);
  EXPECT_EQ(records[0].grid->shape.box_cols, 4);
}

TEST(ReaderShapes, TwentyFiveInNumbersAndLetters) {
  const Grid puzzle = pattern_puzzle(*default_shape(25));
  // Letters: 1-9 then A-P on one line of 625.
  const std::string letters = to_line(puzzle);
  ASSERT_EQ(letters.size(), 625u);
  EXPECT_NE(letters.find('P'), std::string::npos);
  // Numbers: all 625 on one line (detected), and 25 rows of 25 (needs --size 25, since a
  // line of 25 cells alone is a 5x5 one-liner).
  const auto detected = read_all(letters + "\n" + numbers_line(puzzle));
  ASSERT_EQ(detected.size(), 2u);
  expect_grid(detected[0], puzzle);
  expect_grid(detected[1], puzzle);
  ReaderOptions forced;
  forced.shape = default_shape(25);
  const auto rows = read_all(numbers_block(puzzle) + "\n" + numbers_line(puzzle) + letters, forced);
  ASSERT_EQ(rows.size(), 3u);
  for (const Record& r : rows) expect_grid(r, puzzle);
}

TEST(ReaderShapes, SixBySixHasTwoByThreeBoxes) {
  const Grid puzzle = pattern_puzzle(*default_shape(6));
  std::string block;
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) block += puzzle.at(r, c) ? static_cast<char>('0' + puzzle.at(r, c)) : '.';
    block += "\n";
  }
  const auto records = read_all(block + "\n" + to_line(puzzle) + "\n" + to_block(puzzle));
  ASSERT_EQ(records.size(), 3u);
  for (const Record& r : records) {
    expect_grid(r, puzzle);
    EXPECT_EQ(r.grid->shape.box_rows, 2);
    EXPECT_EQ(r.grid->shape.box_cols, 3);
  }
}

// A block's bars and rulings give its box when no shape is forced: `--format grid` output of
// a grid whose box is not its size's default reads back as drawn (symbols, and integers past
// the alphabet), while a drawing that tiles nothing, or a forced shape, leaves the box alone.
TEST(ReaderShapes, BlocksTakeTheBoxTheirDrawingShows) {
  constexpr const char* kNine[9] = {"5 3 . . 7 . . . .", "6 . . 1 9 5 . . .", ". 9 8 . . . . 6 .",
                                    "8 . . . 6 . . . 3", "4 . . 8 . 3 . . 1", "7 . . . 2 . . . 6",
                                    ". 6 . . . . 2 8 .", ". . . 4 1 9 . . 5", ". . . . 8 . . 7 9"};
  for (const Shape& shape : {Shape{6, 3, 2}, Shape{6, 2, 3}, Shape{8, 4, 2}, Shape{12, 4, 3}, Shape{12, 2, 6},
                             Shape{36, 4, 9}, Shape{36, 6, 6}}) {
    const Grid puzzle = pattern_puzzle(shape);
    const auto records = read_all(to_block(puzzle) + "\n" + to_block(puzzle));
    ASSERT_EQ(records.size(), 2u) << describe(shape);
    for (const Record& r : records) {
      expect_grid(r, puzzle);
      EXPECT_EQ(r.grid->shape, shape) << describe(shape);
    }
  }
  // Bars alone (no ruling lines) and rulings alone each give one side; the other follows.
  // (Unspaced "12 | 34" would be integers: spaced symbols here.)
  const auto one_side = read_all("1 2 | 3 4 | 5 6\n3 4 | 5 6 | 1 2\n5 6 | 1 2 | 3 4\n2 1 | 4 3 | 6 5\n4 3 | 6 5 | 2 1\n6 5 | 2 1 | 4 3\n\n"
                                 "123456\n456123\n------\n231564\n564231\n------\n312645\n645312\n");
  ASSERT_EQ(one_side.size(), 2u);
  ASSERT_TRUE(one_side[0].grid) << one_side[0].error;
  EXPECT_EQ(one_side[0].grid->shape, (Shape{6, 3, 2}));
  ASSERT_TRUE(one_side[1].grid) << one_side[1].error;
  EXPECT_EQ(one_side[1].grid->shape, (Shape{6, 2, 3}));
  // Bars every 3 cells with a ruling every 3 rows cannot tile a 6x6: the default box.
  const auto no_tiling = read_all("1 2 3 | 4 5 6\n4 5 6 | 1 2 3\n2 3 1 | 5 6 4\n------+------\n5 6 4 | 2 3 1\n3 1 2 | 6 4 5\n6 4 5 | 3 1 2\n");
  ASSERT_EQ(no_tiling.size(), 1u);
  ASSERT_TRUE(no_tiling[0].grid) << no_tiling[0].error;
  EXPECT_EQ(no_tiling[0].grid->shape, (Shape{6, 2, 3}));
  // A line under every row draws cells, not 1x9 boxes: the default box.
  std::string ruled;
  for (int r = 0; r < 9; ++r) ruled += std::string(kNine[r]) + "\n-----------------\n";
  const auto every_row = read_all(ruled);
  ASSERT_EQ(every_row.size(), 1u);
  ASSERT_TRUE(every_row[0].grid) << every_row[0].error;
  EXPECT_EQ(every_row[0].grid->shape, (Shape{9, 3, 3}));
  // A forced shape wins over the drawing.
  ReaderOptions forced;
  forced.shape = default_shape(6);
  const auto kept = read_all(to_block(pattern_puzzle(Shape{6, 3, 2})), forced);
  ASSERT_EQ(kept.size(), 1u);
  ASSERT_TRUE(kept[0].grid) << kept[0].error;
  EXPECT_EQ(kept[0].grid->shape, (Shape{6, 2, 3}));
}

TEST(ReaderShapes, FourByFourAndPrimeSizes) {
  const auto records = read_all("1234341221434321\n12\n21\n\n1..\n...\n..3\n");
  ASSERT_EQ(records.size(), 3u);
  ASSERT_TRUE(records[0].grid);
  EXPECT_EQ(records[0].grid->shape, (Shape{4, 2, 2}));
  ASSERT_TRUE(records[1].grid);
  EXPECT_EQ(records[1].grid->shape, (Shape{2, 1, 2}));
  ASSERT_TRUE(records[2].grid);
  EXPECT_EQ(records[2].grid->shape, (Shape{3, 1, 3}));
  EXPECT_EQ(records[2].grid->cells, (std::vector<std::uint8_t>{1, 0, 0, 0, 0, 0, 0, 0, 3}));
}

TEST(ReaderShapes, ForcedSize16Block) {
  const Grid puzzle = pattern_puzzle(*default_shape(16));
  ReaderOptions options;
  options.shape = default_shape(16);
  std::string plain;
  for (int r = 0; r < 16; ++r) plain += to_line(puzzle).substr(static_cast<std::size_t>(r * 16), 16) + "\n";
  const auto records = read_all(plain + "\n" + to_block(puzzle) + "\n" + plain, options);
  ASSERT_EQ(records.size(), 3u);
  for (const Record& r : records) expect_grid(r, puzzle);
  EXPECT_EQ(records[1].line, 18u);
  // The same text without the forced shape is 4x4 one-liners.
  const auto detected = read_all(plain);
  ASSERT_EQ(detected.size(), 16u);
  expect_error(detected[0], "(a 4x4 grid uses 1 to 4)");
}

TEST(ReaderShapes, ForcedBoxShape) {
  ReaderOptions options;
  options.shape = make_shape(6, 3, 2);
  const Grid solution = pattern_solution(*options.shape);
  const auto records = read_all(to_line(solution), options);
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], solution);
}

TEST(ReaderShapes, ForcedShapeRejectsOtherLengths) {
  ReaderOptions options;
  options.shape = default_shape(16);
  const auto records = read_all(kPuzzle + "\n", options);
  ASSERT_EQ(records.size(), 1u);
  expect_error(records[0], "line has 81 cells; a 16x16 puzzle needs 256 on one line or 16 per row");
}

TEST(ReaderShapes, ThirtySixAndBeyondInNumbers) {
  // Past 35 the standard alphabet runs out: to_line writes integers, which the reader takes.
  for (int n : {36, 49, 64}) {
    const Grid puzzle = pattern_puzzle(*default_shape(n));
    const auto records = read_all(to_line(puzzle) + "\n");
    ASSERT_EQ(records.size(), 1u) << n;
    expect_grid(records[0], puzzle);
  }
}

TEST(ReaderShapes, BlocksPastTheAlphabetRoundTrip) {
  // to_block writes N > 35 as right-aligned integers with '.' for empty; 36 cells alone
  // would be a 6x6 one-liner, so the size is forced, as the CLI's --size does.
  for (int n : {36, 64}) {
    ReaderOptions options;
    options.shape = default_shape(n);
    const Grid puzzle = pattern_puzzle(*options.shape);
    const auto records = read_all(to_block(puzzle) + "\n" + to_block(puzzle), options);
    ASSERT_EQ(records.size(), 2u) << n;
    expect_grid(records[0], puzzle);
    expect_grid(records[1], puzzle);
  }
  const auto bad = read_all("1 2 3 10 .. 5\n", {});
  ASSERT_EQ(bad.size(), 1u);
  EXPECT_FALSE(bad[0].grid);  // ".." is no number: symbols, where "10" is two cells
}

TEST(ReaderShapes, CustomAlphabetWithZeroAsSymbol) {
  ReaderOptions options;
  options.alphabet = *Alphabet::from_symbols("0123456789ABCDEF");
  const Grid puzzle = pattern_puzzle(*default_shape(16));
  const std::string line = to_line(puzzle, options.alphabet);
  ASSERT_NE(line.find('0'), std::string::npos);
  auto records = read_all(line, options);
  ASSERT_EQ(records.size(), 1u);
  expect_grid(records[0], puzzle);
  // Spaced single digits are symbols of this alphabet, not numbers: '0' is digit 1.
  options.shape = make_shape(4, 2, 2);
  records = read_all("0 1 . .\n. . . .\n. . . .\n. . 3 .\n", options);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].grid) << records[0].error;
  EXPECT_EQ(records[0].grid->cells[0], 1);
  EXPECT_EQ(records[0].grid->cells[1], 2);
  EXPECT_EQ(records[0].grid->cells[14], 4);
}

// ---------------------------------------------------------------------------------------
// Shared data

TEST(ReaderData, ContestFilesReadAsNineByNine) {
  std::map<std::string, std::string> expected;  // case -> puzzle81
  std::ifstream cases(shared_data("target/cases.tsv"));
  ASSERT_TRUE(cases.good()) << "cannot read " << shared_data("target/cases.tsv");
  std::string id, puzzle, rest;
  std::getline(cases, rest);  // header
  while (cases >> id >> puzzle && std::getline(cases, rest)) expected[id] = puzzle;
  ASSERT_GE(expected.size(), 8u);
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(shared_data("target"))) {
    if (entry.path().extension() != ".in") continue;
    ++files;
    const std::string name = entry.path().stem().string();
    ASSERT_TRUE(expected.count(name)) << name;
    std::ifstream in(entry.path(), std::ios::binary);
    RecordReader reader(in, entry.path().string());
    Record record;
    ASSERT_TRUE(reader.next(record)) << name;
    expect_grid(record, grid_from_line(expected[name]));
    EXPECT_EQ(record.line, 1u);
    EXPECT_FALSE(reader.next(record)) << name << " has more than one record";
  }
  EXPECT_EQ(files, static_cast<int>(expected.size()));
}

TEST(ReaderData, SeventeenClueCollection) {
  const auto lines = testing::load_lines("puzzles/17_clue.txt");
  ASSERT_EQ(lines.size(), 49158u);
  std::ifstream in(shared_data("puzzles/17_clue.txt"), std::ios::binary);
  RecordReader reader(in, "17_clue.txt");
  Record record;
  std::size_t count = 0, invalid = 0, mismatched = 0;
  while (reader.next(record)) {
    if (!record.grid) {
      ++invalid;
      continue;
    }
    if (count < lines.size() && record.grid->cells != grid_from_line(lines[count]).cells) ++mismatched;
    if (record.grid->givens() != 17) ++mismatched;
    ++count;
  }
  EXPECT_EQ(count, 49158u);
  EXPECT_EQ(invalid, 0u);
  EXPECT_EQ(mismatched, 0u);
  EXPECT_EQ(reader.records(), 49158u);
}

// ---------------------------------------------------------------------------------------
// Bad input

TEST(ReaderErrors, EachKindOfBadRecord) {
  std::string bad_symbol = kPuzzle;
  bad_symbol[16] = 'x';
  std::string high_byte = kPuzzle;
  high_byte[4] = '\x93';
  std::string too_big_digit(16, '.');
  too_big_digit[5] = '5';
  std::string nul = kPuzzle;
  nul[4] = '\0';
  const auto records = read_all(bad_symbol + "\n" + kPuzzle.substr(0, 80) + "\n" + kPuzzle + "1\n" + high_byte +
                                "\n" + too_big_digit + "\n" + nul + "\n" + std::string(65 * 65, '.') + "\n" +
                                std::string(101, '1') + "\n" + "1 2 3 99\n. . . .\n. . . .\n. . . .\n");
  ASSERT_EQ(records.size(), 9u);
  expect_error(records[0], "invalid symbol 'x' at column 17");
  expect_error(records[1], "81 cells expected, found 80");
  expect_error(records[2], "81 cells expected, found 82");
  expect_error(records[3], "invalid byte 0x93 at column 5");
  expect_error(records[4], "invalid symbol '5' at column 6 (a 4x4 grid uses 1 to 4)");
  expect_error(records[5], "binary data (NUL byte) at column 5");
  expect_error(records[6], "size 65 is larger than the supported maximum 64");
  expect_error(records[7], "100 cells expected, found 101");
  expect_error(records[8], "row 1: number 99 at column 7 is out of range for a 4x4 grid (0 to 4)");
  for (std::size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].number, i + 1);
    EXPECT_EQ(records[i].line, i + 1);
  }
}

// Framing rule: only a row of the grid's own symbols (or one drawn as a row: box bars,
// integers) starts a block. The line answers of the commands are text of one width line
// after line ("unique", "none: no solution", a score): read back, N of them in a row were
// one N×N record.
TEST(ReaderErrors, AnswerLinesOfOneWidthAreARecordEach) {
  auto repeat = [](const std::string& line, int times) {
    std::string out;
    for (int i = 0; i < times; ++i) out += line + "\n";
    return out;
  };
  const struct {
    std::string line;
    int times;
  } cases[] = {{"unique", 6}, {"multiple", 8}, {"none: no solution", 15}, {"unique minimal", 13}, {"2852", 4},
               {"hard 4.2 1264 turbot-fish", 4}};
  for (const auto& c : cases) {
    const auto records = read_all(repeat(c.line, c.times));
    ASSERT_EQ(records.size(), static_cast<std::size_t>(c.times)) << c.line;
    for (std::size_t i = 0; i < records.size(); ++i) {
      EXPECT_FALSE(records[i].grid) << c.line;
      EXPECT_EQ(records[i].line, i + 1) << c.line;
    }
  }
  // Rows of the grid's own digits still make blocks, a bad cell in a later row included, and
  // so do drawn rows with a bad first row.
  const auto block = read_all("1234\n3412\n2143\n4321\n\n1234\n3412\n2153\n4321\n\n1 2 3 5 | \n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
  ASSERT_EQ(block.size(), 3u);
  EXPECT_TRUE(block[0].grid) << block[0].error;
  expect_error(block[1], "row 3:");
  EXPECT_FALSE(block[2].grid);
  EXPECT_EQ(block[2].line, 11u);
}

// Framing rule: a line that cannot start a complete block is a record on its own, so a
// block broken by a row of another width never swallows the lines after the break.
TEST(ReaderErrors, ARowOfAnotherWidthBreaksTheBlockIntoLineRecords) {
  const std::string text =
      "7..9....1\n1....59..\n...2...8\n..5.2...3\n......648\n413......\n..7..2.9.\n2.1.6.8.4\n.8.5.4.12\n" + kOther +
      "\n";
  const auto records = read_all(text);
  ASSERT_EQ(records.size(), 10u);
  for (std::size_t i = 0; i < 9; ++i) {
    EXPECT_EQ(records[i].line, i + 1);
    EXPECT_FALSE(records[i].grid.has_value());
  }
  expect_error(records[0], "not the first row of a 9x9 block (line 3 has 8 cells)");
  expect_error(records[1], "not the first row of a 9x9 block (line 3 has 8 cells)");
  expect_error(records[2], "line has 8 cells");
  expect_error(records[3], "not the first row of a 9x9 block (line 10 has 81 cells)");
  expect_grid(records[9], grid_from_line(kOther));
  EXPECT_EQ(records[9].line, 10u);
}

TEST(ReaderErrors, BadSymbolInBlockRowNamesRowAndColumn) {
  const auto records =
      read_all("7..9....1\n1....59..\n...2.?.8.\n..5.2...3\n......648\n413......\n..7..2.9.\n2.1.6.8.4\n.8.5.4.12\n");
  ASSERT_EQ(records.size(), 1u);
  expect_error(records[0], "row 3: invalid symbol '?' at column 6");
}

TEST(ReaderErrors, EachLineOfACutShortBlockIsARecord) {
  // Ended by a blank line, by a one-line puzzle, and by the end of the input.
  const std::string text = "7..9....1\n1....59..\n...2...8.\n..5.2...3\n......648\n\n" + kOther + "\n" +
                           "7..9....1\n1....59..\n" + kOther + "\n" + "7..9....1\n1....59..\n...2...8.\n";
  const auto records = read_all(text);
  ASSERT_EQ(records.size(), 12u);
  expect_error(records[0], "(line 6 is blank after 5 rows)");
  expect_error(records[4], "(line 6 is blank after 1 row)");
  expect_grid(records[5], grid_from_line(kOther));
  expect_error(records[6], "(line 10 has 81 cells)");
  expect_error(records[7], "(line 10 has 81 cells)");
  expect_grid(records[8], grid_from_line(kOther));
  expect_error(records[9], "(the input ends after 3 rows)");
  expect_error(records[11], "(the input ends after 1 row)");
  const std::vector<std::size_t> lines = {1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13};
  for (std::size_t i = 0; i < records.size(); ++i) EXPECT_EQ(records[i].line, lines[i]);
}

TEST(ReaderErrors, OverLongLineIsSkippedWithoutStoringIt) {
  const std::string huge(10 * 1024 * 1024, '1');
  const auto records = read_all(kPuzzle + "\n" + huge + "\n" + kOther + "\n");
  ASSERT_EQ(records.size(), 3u);
  expect_grid(records[0], grid_from_line(kPuzzle));
  expect_error(records[1], "line of 10485760 bytes is longer than the 1048576 accepted");
  EXPECT_EQ(records[1].text.size(), 200u);
  expect_grid(records[2], grid_from_line(kOther));
  EXPECT_EQ(records[2].line, 3u);
}

TEST(ReaderErrors, LineLimitIsAnOption) {
  ReaderOptions options;
  options.max_line_bytes = 81;
  const auto records = read_all(kPuzzle + "\r\n" + kPuzzle + ".\n" + kPuzzle + "\n", options);
  ASSERT_EQ(records.size(), 3u);
  expect_grid(records[0], grid_from_line(kPuzzle));  // the '\r' does not count
  expect_error(records[1], "line of 82 bytes is longer than the 81 accepted");
  expect_grid(records[2], grid_from_line(kPuzzle));
}

TEST(ReaderErrors, MixedStreamKeepsCountOrderAndLines) {
  std::mt19937 random(20240601);
  std::string garbage(4096, '\0');
  for (char& c : garbage) c = static_cast<char>(random() & 0xFF);

  struct Expected {
    std::size_t line;
    std::string grid_line;  // empty: an error containing `error`
    std::string error;
  };
  std::vector<Expected> expected;
  std::string text;
  std::size_t line = 1;
  auto add = [&](const std::string& chunk, std::string grid_line, std::string error) {
    expected.push_back({line, std::move(grid_line), std::move(error)});
    text += chunk;
    line += static_cast<std::size_t>(std::count(chunk.begin(), chunk.end(), '\n'));
  };
  auto skip = [&](const std::string& chunk) {
    text += chunk;
    line += static_cast<std::size_t>(std::count(chunk.begin(), chunk.end(), '\n'));
  };
  std::string bad_symbol = kPuzzle;
  bad_symbol[16] = 'x';

  skip("# header\n");
  add(kPuzzle + "\n", kPuzzle, "");
  add(bad_symbol + "\n", "", "invalid symbol 'x' at column 17");
  add(kPuzzle.substr(1) + "\n", "", "81 cells expected, found 80");
  // A block broken by a short row: every line is a record of its own.
  add("7..9....1\n", "", "(line 7 has 8 cells)");
  add("1....59..\n", "", "(line 7 has 8 cells)");
  add("...2...8\n", "", "line has 8 cells");
  for (const char* row : {"..5.2...3\n", "......648\n", "413......\n", "..7..2.9.\n", "2.1.6.8.4\n", ".8.5.4.12\n"})
    add(row, "", "not the first row of a 9x9 block");
  skip("\n");  // without it, the broken block's last rows and the next block's first rows would make 9
  add(to_block(grid_from_line(kOther)), kOther, "");
  skip("\n");
  for (const char* row : {"7..9....1\n", "1....59..\n", "...2...8.\n", "..5.2...3\n", "......648\n"})
    add(row, "", "is blank after");
  skip("\n");
  add(std::string(10 * 1024 * 1024, '7') + "\n", "", "line of 10485760 bytes is longer than the 1048576 accepted");
  add(std::string(65 * 65, '.') + "\n", "", "size 65 is larger than the supported maximum 64");
  add(numbers_block(grid_from_line(kPuzzle)), kPuzzle, "");
  add(std::string("12\0" "45", 5) + std::string(76, '.') + "\n", "", "binary data (NUL byte) at column 3");
  add(kOther + "\n", kOther, "");
  skip("\n");
  const std::size_t garbage_line = line;
  skip(garbage + "\n\n");
  const std::size_t after_garbage = expected.size();
  add(kPuzzle + "\n", kPuzzle, "");
  add("7..9....1\n", "", "(the input ends after 2 rows)");
  add("1....59..\n", "", "(the input ends after 1 row)");

  const auto records = read_all(text);
  // Everything before the garbage comes out one for one.
  ASSERT_GE(records.size(), expected.size());
  for (std::size_t i = 0; i < after_garbage; ++i) {
    SCOPED_TRACE("record " + std::to_string(i + 1));
    EXPECT_EQ(records[i].number, i + 1);
    EXPECT_EQ(records[i].line, expected[i].line);
    if (expected[i].grid_line.empty())
      expect_error(records[i], expected[i].error);
    else
      expect_grid(records[i], grid_from_line(expected[i].grid_line));
  }
  // The garbage makes some records (how many depends on where its bytes fall), all of them
  // starting inside it; the records after it are read exactly.
  const std::size_t garbage_records = records.size() - expected.size();
  EXPECT_GE(garbage_records, 1u);
  for (std::size_t i = after_garbage; i < after_garbage + garbage_records; ++i) {
    EXPECT_GE(records[i].line, garbage_line);
    EXPECT_EQ(records[i].number, i + 1);
    EXPECT_NE(records[i].grid.has_value(), !records[i].error.empty());
  }
  for (std::size_t i = after_garbage; i < expected.size(); ++i) {
    const Record& record = records[i + garbage_records];
    SCOPED_TRACE("record after garbage " + std::to_string(i + 1));
    EXPECT_EQ(record.line, expected[i].line);
    EXPECT_EQ(record.number, i + garbage_records + 1);
    if (expected[i].grid_line.empty())
      expect_error(record, expected[i].error);
    else
      expect_grid(record, grid_from_line(expected[i].grid_line));
  }
}

TEST(ReaderErrors, RandomBytesNeverCrashOrHang) {
  // Property: any byte soup yields records that are each either a grid or an error, with
  // consecutive numbers and non-decreasing lines, and the reader reaches the end.
  std::mt19937 random(7);
  const std::string alphabet_soup = "123456789.0 \n\n\r|-+#xA\t";
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t size = random() % 2000;
    std::string text(size, '\0');
    for (char& c : text)
      c = trial % 2 ? static_cast<char>(random() & 0xFF) : alphabet_soup[random() % alphabet_soup.size()];
    const auto records = read_all(text);
    std::size_t last_line = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
      ASSERT_EQ(records[i].number, i + 1);
      ASSERT_NE(records[i].grid.has_value(), !records[i].error.empty()) << records[i].error;
      ASSERT_GT(records[i].line, last_line);
      last_line = records[i].line;
      if (records[i].grid) {
        ASSERT_EQ(records[i].grid->cells.size(), static_cast<std::size_t>(records[i].grid->shape.cells()));
      }
    }
  }
}

TEST(ReaderErrors, RecordTextIsCutTo200Bytes) {
  const auto records = read_all(std::string(300, 'z') + "\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].text, std::string(200, 'z'));
  expect_error(records[0], "289 cells expected, found 300");
}

// ---------------------------------------------------------------------------------------
// Streaming mechanics

/// A stream buffer that hands out its text a few bytes at a time, like a slow pipe, so
/// lines straddle every possible refill boundary.
class TrickleBuffer : public std::streambuf {
 public:
  TrickleBuffer(std::string text, std::size_t piece) : text_(std::move(text)), piece_(piece) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (offset_ >= text_.size()) return traits_type::eof();
    const std::size_t n = std::min(piece_, text_.size() - offset_);
    char* start = text_.data() + offset_;
    setg(start, start, start + n);
    offset_ += n;
    return traits_type::to_int_type(*start);
  }

 private:
  std::string text_;
  std::size_t piece_;
  std::size_t offset_ = 0;
};

TEST(ReaderStreaming, SameRecordsWhateverTheReadSizes) {
  std::string text = "\xEF\xBB\xBF# c\r\n" + kPuzzle + "\r\n" + to_block(grid_from_line(kOther)) + "\n" +
                     numbers_block(grid_from_line(kPuzzle)) + std::string(1100000, '1') + "\n" + kOther;
  const auto reference = read_all(text);
  ASSERT_EQ(reference.size(), 5u);
  expect_error(reference[3], "line of 1100000 bytes");
  for (std::size_t piece : {1u, 2u, 3u, 7u, 64u, 81u, 82u, 4096u}) {
    TrickleBuffer buffer(text, piece);
    std::istream in(&buffer);
    RecordReader reader(in, "trickle");
    std::vector<Record> records;
    Record record;
    while (reader.next(record)) records.push_back(record);
    ASSERT_EQ(records.size(), reference.size()) << piece;
    for (std::size_t i = 0; i < records.size(); ++i) {
      EXPECT_EQ(records[i].grid, reference[i].grid) << piece << " " << i;
      EXPECT_EQ(records[i].error, reference[i].error) << piece << " " << i;
      EXPECT_EQ(records[i].line, reference[i].line) << piece << " " << i;
      EXPECT_EQ(records[i].text, reference[i].text) << piece << " " << i;
    }
  }
}

TEST(ReaderStreaming, RecordUntouchedAtEnd) {
  std::istringstream in("# only a comment\n\n");
  RecordReader reader(in, "-");
  Record record;
  record.error = "sentinel";
  EXPECT_FALSE(reader.next(record));
  EXPECT_EQ(record.error, "sentinel");
  EXPECT_EQ(reader.records(), 0u);
}

TEST(ReaderStreaming, ReusedRecordSwitchesBetweenGridAndError) {
  std::istringstream in(kPuzzle + "\nbad\n" + to_line(pattern_puzzle(*default_shape(16))) + "\n");
  RecordReader reader(in, "-");
  Record record;
  ASSERT_TRUE(reader.next(record));
  expect_grid(record, grid_from_line(kPuzzle));
  ASSERT_TRUE(reader.next(record));
  EXPECT_FALSE(record.grid);
  EXPECT_FALSE(record.error.empty());
  ASSERT_TRUE(reader.next(record));
  expect_grid(record, pattern_puzzle(*default_shape(16)));
}

// A jsonl record whose carried field nests 100,000 arrays deep (a 200 KB line, within the
// line limit) crashed every command when the field was written back (recursion), taking the
// whole run's answers with it. Now it is that record's error; its neighbours and a record
// nested within the limit (carried as written) are read as usual, and brackets inside strings
// do not count.
TEST(ReaderJsonl, DeeplyNestedRecordsAreErrorsAndTheRunGoesOn) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  const std::string fine = std::string(100, '[') + std::string(100, ']');
  const std::string quoted = "\"" + std::string(1000, '[') + "\"";
  const std::string text = "{\"puzzle\": \"" + kPuzzle + "\"}\n" +                       //
                           "{\"puzzle\": \"" + kPuzzle + "\", \"x\": " + deep + "}\n" +    //
                           "{\"puzzle\": \"" + kOther + "\", \"x\": " + fine + "}\n" +     //
                           "{\"puzzle\": \"" + kOther + "\", \"note\": " + quoted + "}\n" +  //
                           "{\"x\": " + deep + ", \"puzzle\": \"" + kOther + "\"}\n" +     //
                           "{\"puzzle\": \"" + kOther + "\"}\n";
  const auto records = read_all(text);
  ASSERT_EQ(records.size(), 6u);
  expect_grid(records[0], grid_from_line(kPuzzle));
  expect_error(records[1], "nested deeper than 128 levels");
  expect_grid(records[2], grid_from_line(kOther));
  ASSERT_EQ(records[2].fields.size(), 1u);
  EXPECT_EQ(records[2].fields[0].second, fine);
  expect_grid(records[3], grid_from_line(kOther));
  expect_error(records[4], "nested deeper than 128 levels");
  expect_grid(records[5], grid_from_line(kOther));
}

// A grid whose box is not its size's default carries it in a `box` field (jsonl) or column
// (csv), "RxC": read with it, a 6x6 of 3x2 boxes is not taken for the default 2x3. A
// malformed box, or one that contradicts the options' shape, is that record's error.
TEST(ReaderJsonl, BoxFieldsGiveTheRecordsShape) {
  const std::string six = "3.6...5...2....3....4.6.....1.1.....";
  const std::string text = "{\"puzzle\": \"" + six + "\", \"box\": \"3x2\"}\n" +  //
                           "{\"puzzle\": \"" + six + "\"}\n" +                        //
                           "{\"puzzle\": \"" + six + "\", \"box\": \"4x2\"}\n" +  //
                           "{\"puzzle\": \"" + six + "\", \"box\": 32}\n" +         //
                           "{\"puzzle\": \"" + kPuzzle + "\", \"box\": \"3x3\"}\n";
  const auto records = read_all(text);
  ASSERT_EQ(records.size(), 5u);
  ASSERT_TRUE(records[0].grid) << records[0].error;
  EXPECT_EQ(records[0].grid->shape, (Shape{6, 3, 2}));
  ASSERT_TRUE(records[1].grid) << records[1].error;
  EXPECT_EQ(records[1].grid->shape, (Shape{6, 2, 3}));
  expect_error(records[2], "a 8x8 puzzle needs 64");  // 4x2 boxes make 8x8 grids, not 36 cells
  expect_error(records[3], "'box' must be a string");
  expect_grid(records[4], grid_from_line(kPuzzle));
  ReaderOptions options;
  options.shape = Shape{6, 2, 3};
  const auto forced = read_all("{\"puzzle\": \"" + six + "\", \"box\": \"3x2\"}\n", options);
  ASSERT_EQ(forced.size(), 1u);
  expect_error(forced[0], "the options say");
  const auto csv = read_all("puzzle,box,note\n" + six + ",3x2,a\n" + six + ",,b\n");
  ASSERT_EQ(csv.size(), 2u);
  ASSERT_TRUE(csv[0].grid) << csv[0].error;
  EXPECT_EQ(csv[0].grid->shape, (Shape{6, 3, 2}));
  ASSERT_TRUE(csv[1].grid) << csv[1].error;
  EXPECT_EQ(csv[1].grid->shape, (Shape{6, 2, 3}));
}

// An error sentence quotes the input (a JSON parser's "last read", a csv cell), which may be
// any bytes; the line and csv layouts and stderr copy it as it is, so it is made valid UTF-8
// without control bytes: those bytes become "\xHH", well-formed UTF-8 stays.
TEST(ReaderErrors, ErrorSentencesAreValidText) {
  const auto records = read_all(std::string("{\"id\": 1, \"puzzle\": \"\xff\xfe...\"}\n") +
                                "{\"puzzle\": \"caf\xc3\xa9 \x01\"}\n" + "{\"puzzle\": \"" + kPuzzle +
                                "\", \"box\": \"3x\xc3\xa9\"}\n");
  ASSERT_EQ(records.size(), 3u);
  expect_error(records[0], "\\xFF");
  expect_error(records[1], "caf\xc3\xa9");  // é is text
  expect_error(records[2], "3x\xc3\xa9");
  const auto csv = read_all("puzzle,box\n" + kPuzzle + ",\xff\x02\n");
  ASSERT_EQ(csv.size(), 1u);
  expect_error(csv[0], "'box' \\xFF\\x02");
  for (const auto* list : {&records, &csv})
    for (const Record& r : *list)
      for (std::size_t i = 0; i < r.error.size(); ++i) {
        const auto b = static_cast<unsigned char>(r.error[i]);
        EXPECT_TRUE(b >= 0x20 && b != 0x7F && (b < 0x80 || r.error.find("\xc3\xa9") != std::string::npos))
            << "byte " << int{b} << " in " << r.error;
      }
}

// A sign opening a number is no ruling: "-4" was read as a given 4 (and "+3" as 3). Cells are
// 0 to N; the record is invalid, and drawn grids with '-' and '+' rulings read as before.
TEST(ReaderErrors, SignedNumbersAreInvalid) {
  std::string spaced;
  for (char c : kPuzzle) spaced += std::string(spaced.empty() ? "" : " ") + (c == '.' ? '0' : c);
  const std::string negative = "-" + spaced;  // "-4 0 0 0 3 ..."
  std::string plus = spaced;
  plus.replace(plus.rfind(' ') + 1, 1, "+3");
  const auto records = read_all(negative + "\n" + plus + "\n" + "-1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n" +
                                "+-------+-------+-------+\n" + kPuzzle + "\n");
  ASSERT_EQ(records.size(), 4u);
  expect_error(records[0], "a signed number at column 1");
  expect_error(records[1], "a signed number at column");
  expect_error(records[2], "a signed number at column 1");
  expect_grid(records[3], grid_from_line(kPuzzle));
}

// csv as RECORDS.md has it: "#" lines are no records (as in text and jsonl), and a header of
// the one column "puzzle" (a spreadsheet's export of a list) makes the input csv.
TEST(ReaderCsv, CommentLinesAndAOneColumnHeader) {
  const auto commented = read_all("id,puzzle\n# a comment\n1," + kPuzzle + "\n  # indented\n2," + kOther + "\n");
  ASSERT_EQ(commented.size(), 2u);
  expect_grid(commented[0], grid_from_line(kPuzzle));
  expect_grid(commented[1], grid_from_line(kOther));
  EXPECT_EQ(commented[0].line, 3u);
  EXPECT_EQ(commented[1].line, 5u);
  for (const std::string header : {"puzzle", "\"puzzle\""}) {
    const auto one_column = read_all(header + "\n" + kPuzzle + "\n" + kOther + "\n");
    ASSERT_EQ(one_column.size(), 2u) << header;
    expect_grid(one_column[0], grid_from_line(kPuzzle));
    expect_grid(one_column[1], grid_from_line(kOther));
  }
}

// ---------------------------------------------------------------------------------------
// parse_record

TEST(ParseRecord, Strings) {
  expect_grid(parse_record(kPuzzle), grid_from_line(kPuzzle));
  expect_grid(parse_record(numbers_block(grid_from_line(kOther))), grid_from_line(kOther));
  expect_grid(parse_record("  " + kPuzzle + "  \r\n"), grid_from_line(kPuzzle));
  const Record bad = parse_record(kPuzzle.substr(0, 80));
  expect_error(bad, "81 cells expected, found 80");
  EXPECT_EQ(bad.number, 1u);
  EXPECT_EQ(bad.line, 1u);
  expect_error(parse_record(""), "no puzzle found");
  expect_error(parse_record("# nothing\n"), "no puzzle found");
  ReaderOptions options;
  options.shape = make_shape(4, 2, 2);
  expect_grid(parse_record("12..\n..12\n....\n....", options), [] {
    Grid g(Shape{4, 2, 2});
    g.cells[0] = 1;
    g.cells[1] = 2;
    g.cells[6] = 1;
    g.cells[7] = 2;
    return g;
  }());
}

}  // namespace
}  // namespace sudokit

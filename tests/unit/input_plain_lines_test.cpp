// input_plain_lines_test.cpp: the bulk path's fast forms against plain oracles.
//
// Lines of '.' and '0'..'9' alone are read sixteen bytes at a time (reader.cpp,
// scan_plain_digits) and grids of digits up to 9 are written the same way (grid.cpp,
// append_line). Both must give exactly what the byte-by-byte forms give: here random lines
// and grids of every length the vector loop treats differently (16: one block, no tail; 36:
// two blocks and a tail; 81: five blocks and a tail) are checked against oracles written
// from the documented behaviour, including the lines that must leave the fast path (a
// foreign byte anywhere, a digit past N) and the alphabets that must not take it.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "reader_support.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/reader.hpp"

namespace sudokit {
namespace {

using testing::read_all;

/// A random line of `cells` bytes from '.', '0' and the digits 1..`top`.
std::string random_line(std::mt19937& rng, int cells, int top) {
  std::uniform_int_distribution<int> pick(-1, top);
  std::string line;
  for (int i = 0; i < cells; ++i) {
    const int v = pick(rng);
    line.push_back(v < 0 ? '.' : static_cast<char>('0' + v));
  }
  return line;
}

TEST(InputPlainLines, DigitLinesOfEverySizeReadAsTheirDigits) {
  std::mt19937 rng(20261126);
  for (const int n : {4, 6, 9}) {
    std::string text;
    std::vector<std::string> lines;
    for (int i = 0; i < 300; ++i) {
      lines.push_back(random_line(rng, n * n, n));
      text += lines.back() + "\n";
    }
    const std::vector<Record> records = read_all(text);
    ASSERT_EQ(records.size(), lines.size()) << n;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      ASSERT_TRUE(records[i].grid) << lines[i] << ": " << records[i].error;
      ASSERT_EQ(records[i].grid->shape.n, n);
      for (int c = 0; c < n * n; ++c) {
        const char ch = lines[i][static_cast<std::size_t>(c)];
        const int expected = ch == '.' ? 0 : ch - '0';
        ASSERT_EQ(records[i].grid->cells[static_cast<std::size_t>(c)], expected) << lines[i] << " cell " << c;
      }
    }
  }
}

TEST(InputPlainLines, ADigitPastTheSizeIsNamedWithItsColumn) {
  std::mt19937 rng(7);
  for (const int n : {4, 6}) {
    for (int trial = 0; trial < 200; ++trial) {
      std::string line = random_line(rng, n * n, n);
      const int column = std::uniform_int_distribution<int>(0, n * n - 1)(rng);
      const char bad = static_cast<char>('0' + std::uniform_int_distribution<int>(n + 1, 9)(rng));
      line[static_cast<std::size_t>(column)] = bad;
      // The first digit past N names the record's error.
      std::size_t first = 0;
      while (line[first] == '.' || line[first] - '0' <= n) ++first;
      const std::vector<Record> records = read_all(line + "\n");
      ASSERT_EQ(records.size(), 1u);
      EXPECT_FALSE(records[0].grid) << line;
      EXPECT_NE(records[0].error.find(fmt::format("invalid symbol '{}' at column {}", line[first], first + 1)),
                std::string::npos)
          << line << ": " << records[0].error;
    }
  }
}

TEST(InputPlainLines, AForeignByteAnywhereLeavesTheFastPathAndIsNamed) {
  std::mt19937 rng(11);
  const std::string foreign = "xZ*/?\x01\x7f";
  for (int trial = 0; trial < 400; ++trial) {
    std::string line = random_line(rng, 81, 9);
    const int column = std::uniform_int_distribution<int>(0, 80)(rng);
    const char bad = foreign[static_cast<std::size_t>(std::uniform_int_distribution<int>(0, 6)(rng))];
    line[static_cast<std::size_t>(column)] = bad;
    const std::vector<Record> records = read_all(line + "\n");
    ASSERT_EQ(records.size(), 1u) << line;
    EXPECT_FALSE(records[0].grid) << line;
    const auto u = static_cast<unsigned char>(bad);
    const std::string what = u > 0x20 && u < 0x7f ? fmt::format("invalid symbol '{}'", bad)
                                                   : fmt::format("invalid byte 0x{:02X}", static_cast<unsigned>(u));
    EXPECT_NE(records[0].error.find(fmt::format("{} at column {}", what, column + 1)), std::string::npos)
        << line << ": " << records[0].error;
  }
}

TEST(InputPlainLines, AnAlphabetWhereZeroIsADigitDoesNotReadZeroAsEmpty) {
  // "0123456789ABCDEF": '0' is digit 1, so a 16×16 line of it must not take the '0' = empty path.
  ReaderOptions options;
  options.alphabet = *Alphabet::from_symbols("0123456789ABCDEF");
  std::string line(256, '.');
  line[0] = '0';
  line[17] = '9';
  line[255] = 'F';
  const std::vector<Record> records = read_all(line + "\n", options);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_TRUE(records[0].grid) << records[0].error;
  EXPECT_EQ(records[0].grid->cells[0], 1);
  EXPECT_EQ(records[0].grid->cells[17], 10);
  EXPECT_EQ(records[0].grid->cells[255], 16);
  EXPECT_EQ(records[0].grid->cells[1], 0);
}

TEST(InputPlainLines, LinesAreWrittenAsTheAlphabetSpellsEveryCell) {
  std::mt19937 rng(3);
  const Alphabet standard = Alphabet::standard();
  const Alphabet letters = *Alphabet::from_symbols("ABCDEFGHI");
  for (const int n : {4, 6, 9, 16}) {
    const Shape shape = *default_shape(n);
    for (int trial = 0; trial < 100; ++trial) {
      Grid grid(shape);
      std::uniform_int_distribution<int> pick(0, shape.n);
      for (auto& cell : grid.cells) cell = static_cast<std::uint8_t>(pick(rng));
      for (const Alphabet* alphabet : {&standard, &letters}) {
        if (shape.n > alphabet->size()) continue;
        std::string expected;
        for (std::uint8_t d : grid.cells) expected.push_back(alphabet->symbol_of(d));
        EXPECT_EQ(to_line(grid, *alphabet), expected);
        std::string appended = "prefix ";
        append_line(appended, grid, *alphabet);
        EXPECT_EQ(appended, "prefix " + expected);
      }
    }
  }
}

}  // namespace
}  // namespace sudokit

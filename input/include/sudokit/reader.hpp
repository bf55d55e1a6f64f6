// sudokit/reader.hpp: streams puzzle records out of text, whatever layout they come in.
//
// A record is one puzzle. Its layout is detected per record:
//  - line:    one line of N² symbols (N >= 4), e.g. 81 characters for 9×9;
//  - block:   N lines of N symbols; spaces and the '|', '-', '+' rulings of the common
//             .ss/.sdk layouts are ignored, and lines made only of rulings are skipped;
//  - numbers: whitespace-separated integers, 0 = empty, N per line over N lines or all N²
//             on one line (the contest format, and the way to write N > 35).
// '#' lines are comments. Blank lines separate records (they are never needed between
// one-line records). A forced shape (--size / --box) settles what a line means; without it
// a line with '|' box bars is a block row (so `--format grid` output reads back at any size),
// a line of N² cells is one puzzle, and anything else starts a block of as many rows as the
// line has cells (so 16 lines of 16 symbols need --size 16 to be read as one 16×16 block,
// because 16 symbols alone read as a 4×4 one-liner).
//
// Bad input never stops the stream: a record that cannot be read comes out with `grid`
// empty and `error` saying why, and reading resumes at the next record. Lines longer than
// ReaderOptions::max_line_bytes are skipped over without being stored (bounded memory).
#pragma once

#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>

#include "sudokit/grid.hpp"

namespace sudokit {

struct ReaderOptions {
  /// Force every record to this shape (from --size / --box); nothing = detect per record.
  std::optional<Shape> shape;
  Alphabet alphabet = Alphabet::standard();
  /// Longest line accepted; longer ones make an `invalid` record (their bytes are skipped).
  std::size_t max_line_bytes = std::size_t{1} << 16;
};

struct Record {
  std::size_t number = 0;       ///< 1-based position of the record in its stream
  std::string source;           ///< file name, or "-" / "<stdin>" for standard input
  std::size_t line = 0;         ///< 1-based number of the record's first line
  std::optional<Grid> grid;     ///< the puzzle, when it could be read
  std::string error;            ///< why not, when it could not (a sentence a person understands)
  std::string text;             ///< the record's first line, cut to 200 bytes (for messages)
};

class RecordReader {
 public:
  /// Reads from `in` (not owned; must outlive the reader). `source` names it in records.
  RecordReader(std::istream& in, std::string source, ReaderOptions options = {});
  ~RecordReader();

  /// Fills `record` with the next record; false at end of input (record untouched).
  bool next(Record& record);

  /// Records returned so far.
  std::size_t records() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Parses one record from a string (tests, and `--puzzle` style arguments).
Record parse_record(const std::string& text, const ReaderOptions& options = {});

}  // namespace sudokit

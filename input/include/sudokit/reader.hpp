// sudokit/reader.hpp: streams puzzle records out of text, whatever layout they come in.
//
// Three input formats, detected per input (file or stream) from its first content line and
// overridable with ReaderOptions::format:
//  - jsonl: the first content line starts with '{'. One JSON object per line; its `puzzle`
//           field holds the puzzle in any one-record text form, an optional `solution` field
//           is checked against it, and every other field is carried (Record::fields).
//  - csv:   the first content line is a header naming a `puzzle` column (RFC 4180 quoting;
//           one row per line: a quoted field may not hold a line break).
//           Each row is a record; a `solution` column is checked; other columns are carried.
//  - text:  everything else, framed line by line by these rules (README "Framing"):
//     * blank lines, '#' comments, "[Section]" headers and rulings ("---+---") belong to no
//       record;
//     * a line of N² cells (N >= 4) is one puzzle (symbols; or integers, 0 = empty); a line
//       "PUZZLE SOLUTION" is a puzzle with a solution to check; a puzzle token followed by
//       other words keeps them as the record's `note` field;
//     * a line of N cells (N <= 64), or a line with '|' box bars, is the first row of an N×N
//       block when the next N-1 content lines (rulings and comments between them skipped)
//       hold N cells each: the N lines are one record. Lines of integers try the block first
//       (so 64 lines of 64 integers are one 64×64 puzzle, not 64 8×8 ones); lines of symbols
//       whose count is a square N² (16 symbols: a 4×4 puzzle) are one-line puzzles unless a
//       forced shape or box bars say otherwise. Without a forced shape the block's drawing
//       gives its box: the cells between its first row's bars are a box's width, the rows
//       before its first ruling a box's height (so `--format grid` output of a 6x6 of 3x2
//       boxes reads back as drawn); a drawing that does not tile the grid is ignored;
//     * any other line is a record on its own: an invalid one, with the reason.
//     * with ReaderOptions::variant jigsaw, "PUZZLE REGIONS" is a puzzle and its region map
//       (N² symbols, equal symbols one region); further words are the `note`.
//    So every content line belongs to exactly one record, a bad line never swallows the
//    lines after it, and each record gets exactly one answer in place.
//
// Bad input never stops the stream: a record that cannot be read comes out with `grid`
// empty and `error` saying why. Lines longer than ReaderOptions::max_line_bytes are skipped
// over without being stored (bounded memory); NUL bytes make the line's record invalid.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

/// How the records of an input are written (see the top of this file).
enum class InputFormat { detect, text, jsonl, csv };
/// "auto" | "text" | "jsonl" | "csv"
std::optional<InputFormat> parse_input_format(std::string_view name);

struct ReaderOptions {
  /// Force every record to this shape (from --size / --box); nothing = detect per record.
  std::optional<Shape> shape;
  Alphabet alphabet = Alphabet::standard();
  /// Longest line accepted; longer ones make an `invalid` record (their bytes are skipped).
  /// Large enough for a jsonl record carrying a 64×64 puzzle, its solution and a path.
  std::size_t max_line_bytes = std::size_t{1} << 20;
  InputFormat format = InputFormat::detect;
  /// The variant of every record (--variant). Not classic: each readable record gets its
  /// Rules (Record::rules): x and hyper from its shape; jigsaw from its region map (text
  /// "PUZZLE REGIONS", jsonl/csv field `regions`), killer from its cages (jsonl field
  /// `cages`, an array of {"sum": S, "cells": [row-major indices]}; in csv the same JSON as
  /// text). Missing or malformed regions/cages make that record invalid with the reason.
  /// A supplied solution is checked under the variant's rules. `regions` and `cages` stay
  /// carried fields, so structured answers write them back and read back the same.
  Variant variant = Variant::classic;
};

struct Record {
  std::size_t number = 0;       ///< 1-based position of the record in its stream
  std::string source;           ///< file name, or "-" / "<stdin>" for standard input
  std::size_t line = 0;         ///< 1-based number of the record's first line
  std::optional<Grid> grid;     ///< the puzzle, when it could be read
  std::string error;            ///< why not, when it could not (a sentence a person understands)
  std::string text;             ///< the record's first line, cut to 200 bytes (for messages)
  /// A solution the input supplied with the puzzle (jsonl/csv `solution`, "PUZZLE SOLUTION"
  /// lines). Only kept when it solves the puzzle; when it does not, the record is an error.
  std::optional<Grid> solution;
  /// The input record's other fields, to be carried to structured output unchanged: the key
  /// and the value as JSON text (jsonl: as written; csv: numbers and booleans typed, the rest
  /// strings; text: a trailing `note`). Empty for plain text records.
  std::vector<std::pair<std::string, std::string>> fields;
  /// The record's rules when ReaderOptions::variant is not classic (shared between records
  /// of one shape for x and hyper); null for classic records and unreadable ones.
  std::shared_ptr<const Rules> rules;
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

  /// True when a next() call would not wait for input: a line is already buffered or the
  /// stream reports bytes available. The record pipeline ends a batch when this is false,
  /// so a record that arrives alone on a pipe is answered at once instead of waiting for
  /// a batch to fill.
  bool ready() const;

  /// The format in use (after detection; `detect` until the first record was looked for).
  InputFormat format() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Every record of several inputs in order ("-" = standard input), numbered 1, 2, ... across
/// all of them; each input's format is detected on its own. An input that cannot be opened
/// or read is reported through `on_io_error` ("NAME: cannot open: why"; default: a line on
/// stderr) and remembered (io_failed()); the records already read stay, the others are read.
class RecordStream {
 public:
  RecordStream(std::vector<std::string> files, ReaderOptions options,
               std::function<void(const std::string&)> on_io_error = {});
  ~RecordStream();
  RecordStream(const RecordStream&) = delete;
  RecordStream& operator=(const RecordStream&) = delete;

  bool next(Record& record);
  /// See RecordReader::ready(); true between inputs (opening a file does not wait).
  bool ready() const;
  bool io_failed() const { return io_failed_; }

 private:
  bool open_next();
  void io_error(const std::string& message);
  std::vector<std::string> files_;
  ReaderOptions options_;
  std::function<void(const std::string&)> on_io_error_;
  std::size_t next_file_ = 0;
  std::size_t records_ = 0;
  std::unique_ptr<std::istream> owned_;
  std::unique_ptr<RecordReader> reader_;
  bool io_failed_ = false;
};

/// Parses one record from a string (the C API, the Python module, the server's render, tests):
/// a text holding more than one record is an invalid record saying so.
Record parse_record(const std::string& text, const ReaderOptions& options = {});

}  // namespace sudokit

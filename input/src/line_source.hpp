// line_source.hpp: the reader's line splitter (internal to sudokit_input).
//
// Why not std::getline: a 10 MB line (a binary file piped in by mistake) would be stored
// whole, and a stream of millions of puzzles pays the istream sentry per line. LineSource
// pulls chunks straight from the stream buffer, finds line ends with memchr, and hands out
// views into the chunk; only a line that straddles two chunks is copied, and never more
// than `max_bytes` of it: the rest is counted and dropped, so memory stays bounded.
//
// It takes from the stream buffer only what is already there (one read() worth for a
// pipe), so a record is produced as soon as its line arrives instead of after a full chunk.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit::detail {

struct Line {
  /// The line without its '\n' (or "\r\n"), and without a leading UTF-8 BOM on line 1.
  /// When too_long, only the first max_bytes of it. Valid until the next call to next().
  std::string_view text;
  std::size_t number = 0;   ///< 1-based line number in the stream
  std::size_t length = 0;   ///< full length in bytes, even when too long
  bool too_long = false;
};

class LineSource {
 public:
  LineSource(std::istream& in, std::size_t max_bytes);

  /// The next line; false at end of input.
  bool next(Line& line);
  /// True when next() would return without waiting for input: a whole line is buffered,
  /// or the stream buffer reports bytes ready (for a pipe, what a read() would return now).
  bool ready() const;

 private:
  bool refill();

  std::istream& in_;
  std::size_t max_bytes_;
  std::vector<char> chunk_;
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  bool eof_ = false;
  std::string straddling_;  ///< the stored part of a line that crosses chunk boundaries
  std::size_t line_number_ = 0;
};

}  // namespace sudokit::detail

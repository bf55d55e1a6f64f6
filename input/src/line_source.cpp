// Chunked line splitting with a cap on stored bytes; see line_source.hpp for why.
#include "line_source.hpp"

#include <algorithm>
#include <cstring>

namespace sudokit::detail {

namespace {
constexpr std::size_t kChunkBytes = std::size_t{1} << 16;
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
}  // namespace

LineSource::LineSource(std::istream& in, std::size_t max_bytes)
    : in_(in), max_bytes_(std::max<std::size_t>(max_bytes, 1)), chunk_(kChunkBytes) {}

bool LineSource::refill() {
  if (eof_) return false;
  std::streambuf* buffer = in_.rdbuf();
  if (buffer == nullptr) {
    eof_ = true;
    return false;
  }
  using traits = std::char_traits<char>;
  // Take what the buffer already holds; only when it holds nothing ask it for more (one
  // underflow, i.e. one read() on a pipe), so a slow producer is not made to fill a chunk.
  std::streamsize want = buffer->in_avail();
  if (want <= 0) {
    if (traits::eq_int_type(buffer->sgetc(), traits::eof())) {
      eof_ = true;
      in_.setstate(std::ios::eofbit);
      return false;
    }
    want = buffer->in_avail();
  }
  const auto capacity = static_cast<std::streamsize>(chunk_.size());
  if (want <= 0 || want > capacity) want = capacity;  // an unbuffered streambuf reports 0
  const std::streamsize got = buffer->sgetn(chunk_.data(), want);
  if (got <= 0) {
    eof_ = true;
    in_.setstate(std::ios::eofbit);
    return false;
  }
  pos_ = 0;
  end_ = static_cast<std::size_t>(got);
  return true;
}

bool LineSource::ready() const {
  if (eof_) return true;  // next() answers "no more" at once
  if (pos_ < end_ && std::memchr(chunk_.data() + pos_, '\n', end_ - pos_) != nullptr) return true;
  std::streambuf* buffer = in_.rdbuf();
  // in_avail() asks the file buffer, which for a pipe or terminal asks the kernel how many
  // bytes a read would return now (FIONREAD/poll), without waiting.
  return buffer == nullptr || buffer->in_avail() != 0;
}

bool LineSource::next(Line& line) {
  std::string_view text;
  std::size_t length = 0;
  bool straddles = false;  // part of the line came from an earlier chunk
  char last_char = '\0';
  straddling_.clear();
  for (;;) {
    if (pos_ == end_ && !refill()) {
      if (!straddles) return false;  // nothing after the last '\n'
      text = straddling_;            // a last line without '\n'
      break;
    }
    const char* start = chunk_.data() + pos_;
    const std::size_t available = end_ - pos_;
    const auto* newline = static_cast<const char*>(std::memchr(start, '\n', available));
    const std::size_t piece = newline ? static_cast<std::size_t>(newline - start) : available;
    if (piece > 0) last_char = start[piece - 1];
    length += piece;
    pos_ += piece + (newline ? 1 : 0);
    if (newline && !straddles) {  // the common case: the whole line sits in this chunk
      text = std::string_view(start, std::min(piece, max_bytes_ + 1));
      break;
    }
    // Keep one byte past the cap so a trailing '\r' can be told from an over-long line.
    if (straddling_.size() <= max_bytes_)
      straddling_.append(start, std::min(piece, max_bytes_ + 1 - straddling_.size()));
    straddles = true;
    if (newline) {
      text = straddling_;
      break;
    }
  }
  if (length > 0 && last_char == '\r') {
    --length;
    if (text.size() > length) text.remove_suffix(1);
  }
  ++line_number_;
  if (line_number_ == 1 && text.substr(0, kByteOrderMark.size()) == kByteOrderMark) {
    text.remove_prefix(kByteOrderMark.size());
    length -= kByteOrderMark.size();
  }
  line.number = line_number_;
  line.length = length;
  line.too_long = length > max_bytes_;
  line.text = text.substr(0, max_bytes_);
  return true;
}

}  // namespace sudokit::detail

// test_support.hpp: shared helpers for the test suites (header-only).
// Data comes from ../shared/data beside the project; a missing file is a test failure, never a
// skip, so a run without the collections cannot pass by testing nothing.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/grid.hpp"

namespace sudokit::testing {

inline std::string shared_data(const std::string& relative) { return std::string(SUDOKIT_SHARED_DATA) + "/" + relative; }

/// The 81-character puzzle lines of a collection (comments and blank lines skipped).
/// Fails the current test when the file cannot be read.
inline std::vector<std::string> load_lines(const std::string& relative, std::size_t max = SIZE_MAX) {
  std::vector<std::string> lines;
  std::ifstream in(shared_data(relative));
  EXPECT_TRUE(in.good()) << "cannot read " << shared_data(relative);
  std::string line;
  while (lines.size() < max && std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    lines.push_back(line);
  }
  return lines;
}

/// A 9×9 (or n×n, default box) grid from a one-line string of '1'-'9', 'A'-'Z', '.' or '0'.
inline Grid grid_from_line(const std::string& line) {
  int n = 1;
  while (n * n < static_cast<int>(line.size())) ++n;
  Grid g(*default_shape(n));
  const Alphabet a = Alphabet::standard();
  for (std::size_t i = 0; i < line.size() && i < g.cells.size(); ++i) {
    const int d = a.digit_of(line[i]);
    g.cells[i] = static_cast<std::uint8_t>(d < 0 ? 0 : d);
  }
  return g;
}

/// 1 in a normal build; in an AddressSanitizer build (GCC and Clang define
/// __SANITIZE_ADDRESS__) the whole-collection tests check every 10th puzzle instead, so the
/// instrumented suite, 5-10 times slower, still fits CI's time. The Release run of the same
/// suite covers every puzzle.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr std::size_t kSanitizerStride = 10;
#else
inline constexpr std::size_t kSanitizerStride = 1;
#endif

/// Every `step`-th element, for a sample of a collection in the fast suite.
template <class T>
std::vector<T> every_nth(const std::vector<T>& all, std::size_t step) {
  std::vector<T> out;
  for (std::size_t i = 0; i < all.size(); i += step) out.push_back(all[i]);
  return out;
}

}  // namespace sudokit::testing

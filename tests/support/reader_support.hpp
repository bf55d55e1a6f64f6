// reader_support.hpp: reading a whole text through RecordReader, for the input tests.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/reader.hpp"

namespace sudokit::testing {

/// Every record of `text` (named "test" in messages), in order; checks the reader's own count.
inline std::vector<Record> read_all(const std::string& text, const ReaderOptions& options = {}) {
  std::istringstream in(text);
  RecordReader reader(in, "test", options);
  std::vector<Record> records;
  Record record;
  while (reader.next(record)) records.push_back(record);
  EXPECT_EQ(reader.records(), records.size());
  return records;
}

}  // namespace sudokit::testing

// pipeline_records_test.cpp: the record loop's contract (record_pipeline.hpp): one outcome
// per record, in order, whatever a record's work throws; batches close when input waits.
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/record_pipeline.hpp"

namespace sudokit {
namespace {

const std::string kPuzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

struct Outcome {
  std::string status;
  std::string error;
  std::size_t cells = 0;
};

struct TempInput {
  explicit TempInput(const std::string& text) {
    char name[] = "/tmp/sudokit_pipeline_XXXXXX";
    const int fd = ::mkstemp(name);
    EXPECT_GE(fd, 0);
    ::close(fd);
    path = name;
    std::ofstream(path) << text;
  }
  ~TempInput() { std::remove(path.c_str()); }
  std::string path;
};

TEST(RecordPipeline, AThrowingRecordIsThatRecordsAnswerAndTheRunGoesOn) {
  std::string text;
  for (int i = 0; i < 500; ++i) text += (i % 11 == 5 ? std::string("bad line") : kPuzzle) + "\n";
  TempInput input(text);
  for (int threads : {1, 2}) {
    RecordStream stream({input.path}, ReaderOptions{});
    PipelineOptions options;
    options.threads = threads;
    options.batch_size = 8;
    std::vector<std::size_t> numbers;
    std::vector<Outcome> outcomes;
    for_each_record<Outcome>(
        stream, options, [] { return 0; },
        [](const Record& record, Outcome& outcome, int&) {
          if (record.number % 7 == 0) throw std::runtime_error("boom " + std::to_string(record.number));
          if (record.number % 13 == 0) throw 42;  // not even an exception
          outcome.status = record.grid ? "ok" : "invalid";
          outcome.cells = record.grid ? record.grid->cells.size() : 0;
        },
        [&](const Record& record, const Outcome& outcome) {
          numbers.push_back(record.number);
          outcomes.push_back(outcome);
        });
    ASSERT_EQ(outcomes.size(), 500u);
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      const std::size_t number = i + 1;
      SCOPED_TRACE(number);
      EXPECT_EQ(numbers[i], number);
      if (number % 7 == 0) {
        EXPECT_EQ(outcomes[i].status, "error");
        EXPECT_EQ(outcomes[i].error, "boom " + std::to_string(number));
      } else if (number % 13 == 0) {
        EXPECT_EQ(outcomes[i].status, "error");
        EXPECT_EQ(outcomes[i].error, "unexpected failure");
      } else {
        EXPECT_EQ(outcomes[i].status, i % 11 == 5 ? "invalid" : "ok");
        EXPECT_TRUE(outcomes[i].error.empty());
      }
    }
  }
}

TEST(Pipeline, ABatchClosesWhenInputIsNotReady) {
  // ready() says "would wait" after every third item: batches hold at most three items, and
  // after_batch runs once per batch, after that batch's writes.
  int produced = 0, written = 0, batches = 0;
  std::vector<int> written_at_batch_end;
  PipelineOptions options;
  options.threads = 2;
  options.batch_size = 64;
  run_ordered_pipeline<int>(
      options, [] { return 0; },
      [&](int& item) {
        if (produced == 100) return false;
        item = produced++;
        return true;
      },
      [](int&, int&) {},
      [&](int& item) { EXPECT_EQ(item, written++); }, [&] { return produced % 3 != 0; },
      [&](bool input_waited) {
        ++batches;
        EXPECT_TRUE(input_waited);  // every batch here ends because input is not ready (or ended)
        written_at_batch_end.push_back(written);
      });
  EXPECT_EQ(written, 100);
  EXPECT_EQ(batches, 34);  // 33 batches of three and one of one
  for (std::size_t i = 0; i + 1 < written_at_batch_end.size(); ++i) EXPECT_EQ(written_at_batch_end[i], 3 * static_cast<int>(i + 1));
}

}  // namespace
}  // namespace sudokit

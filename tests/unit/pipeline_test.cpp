// pipeline_test.cpp: run_ordered_pipeline (pipeline/include/sudokit/pipeline.hpp).
//
// The pipeline's promises, each checked by instrumenting the three callbacks rather than by
// timing anything:
//  - order: write sees items in the order read produced them, although work takes random
//    time per item and runs on several threads;
//  - completeness: every item read is worked on once and written once;
//  - bounded memory: Items are only made for the batches in flight, so the number of Items
//    ever constructed (counted in Item's constructors) is at most tokens × batch_size;
//  - per-thread workers: a Worker is never used by two threads at once (an atomic flag in
//    the worker, set for the length of each work call), and never by more than one thread;
//  - serial ends: read and write are never called concurrently with themselves;
//  - read is not called again after it returned false (a terminal would block on it).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "sudokit/pipeline.hpp"

namespace sudokit {
namespace {

std::atomic<std::size_t> g_items_constructed{0};

struct Item {
  Item() { ++g_items_constructed; }
  Item(const Item& other) : index(other.index), value(other.value) { ++g_items_constructed; }
  Item(Item&& other) noexcept : index(other.index), value(other.value) { ++g_items_constructed; }
  Item& operator=(const Item&) = default;
  Item& operator=(Item&&) = default;

  std::size_t index = SIZE_MAX;
  std::uint64_t value = 0;
};

// Worker state shared through pointers, so the Worker itself stays copyable for
// enumerable_thread_specific while the flags keep one identity per worker.
struct Worker {
  std::shared_ptr<std::atomic<bool>> busy = std::make_shared<std::atomic<bool>>(false);
  std::shared_ptr<std::thread::id> owner = std::make_shared<std::thread::id>();
  std::size_t items_done = 0;
};

std::uint64_t expected_value(std::size_t index) { return index * 2654435761u + 17; }

// A deterministic pseudo-random delay of 0..max_us microseconds for an item.
std::chrono::microseconds delay_of(std::size_t index, int max_us) {
  std::uint64_t x = index * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
  x ^= x >> 29;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 32;
  return std::chrono::microseconds(static_cast<long>(x % static_cast<std::uint64_t>(max_us + 1)));
}

struct RunReport {
  std::vector<std::size_t> written;  // indices in write order
  std::size_t reads_after_end = 0;
  std::size_t concurrent_reads = 0;
  std::size_t concurrent_writes = 0;
  std::size_t worker_clashes = 0;        // a worker entered while busy
  std::size_t worker_thread_changes = 0; // a worker used by a second thread
  std::size_t wrong_values = 0;
  std::size_t workers_made = 0;
  std::size_t max_parallel_work = 0;
  std::size_t work_calls = 0;
  std::size_t items_constructed = 0;
};

RunReport run(std::size_t count, const PipelineOptions& options, int max_delay_us) {
  RunReport report;
  g_items_constructed = 0;
  std::size_t next = 0;
  bool ended = false;
  std::atomic<bool> in_read{false}, in_write{false};
  std::atomic<std::size_t> workers_made{0}, parallel{0}, max_parallel{0}, work_calls{0};
  std::atomic<std::size_t> worker_clashes{0}, thread_changes{0};
  run_ordered_pipeline<Item>(
      options,
      [&] {
        ++workers_made;
        return Worker{};
      },
      [&](Item& item) {
        if (in_read.exchange(true)) ++report.concurrent_reads;
        bool more = false;
        if (ended) {
          ++report.reads_after_end;
        } else if (next < count) {
          item.index = next++;
          item.value = 0;  // items are reused: clear the previous result
          more = true;
        } else {
          ended = true;
        }
        in_read = false;
        return more;
      },
      [&](Item& item, Worker& worker) {
        ++work_calls;
        const std::size_t now = ++parallel;
        std::size_t seen = max_parallel.load();
        while (now > seen && !max_parallel.compare_exchange_weak(seen, now)) {
        }
        if (worker.busy->exchange(true)) ++worker_clashes;
        if (*worker.owner == std::thread::id()) *worker.owner = std::this_thread::get_id();
        else if (*worker.owner != std::this_thread::get_id()) ++thread_changes;
        const auto delay = delay_of(item.index, max_delay_us);
        if (delay.count() > 0) std::this_thread::sleep_for(delay);
        item.value = expected_value(item.index);
        ++worker.items_done;
        worker.busy->store(false);
        --parallel;
      },
      [&](Item& item) {
        if (in_write.exchange(true)) ++report.concurrent_writes;
        report.written.push_back(item.index);
        if (item.value != expected_value(item.index)) ++report.wrong_values;
        in_write = false;
      });
  report.worker_clashes = worker_clashes;
  report.worker_thread_changes = thread_changes;
  report.workers_made = workers_made;
  report.max_parallel_work = max_parallel;
  report.work_calls = work_calls;
  report.items_constructed = g_items_constructed;
  return report;
}

void expect_in_order(const RunReport& report, std::size_t count) {
  ASSERT_EQ(report.written.size(), count);
  for (std::size_t i = 0; i < count; ++i) {
    if (report.written[i] != i) {
      ADD_FAILURE() << "position " << i << " holds item " << report.written[i];
      return;
    }
  }
  EXPECT_EQ(report.wrong_values, 0u);
  EXPECT_EQ(report.work_calls, count);
  EXPECT_EQ(report.reads_after_end, 0u);
  EXPECT_EQ(report.concurrent_reads, 0u);
  EXPECT_EQ(report.concurrent_writes, 0u);
  EXPECT_EQ(report.worker_clashes, 0u);
  EXPECT_EQ(report.worker_thread_changes, 0u);
}

class PipelineThreads : public ::testing::TestWithParam<int> {};

TEST_P(PipelineThreads, KeepsOrderWithRandomWorkDelays) {
  const int threads = GetParam();
  for (const std::size_t batch : {std::size_t{1}, std::size_t{3}, std::size_t{64}}) {
    SCOPED_TRACE("batch " + std::to_string(batch));
    PipelineOptions options;
    options.threads = threads;
    options.batch_size = batch;
    const std::size_t count = 800;
    const RunReport report = run(count, options, 120);
    expect_in_order(report, count);
    EXPECT_LE(report.max_parallel_work, static_cast<std::size_t>(threads));
    EXPECT_GE(report.workers_made, 1u);
    // Default tokens: 4 per thread.
    EXPECT_LE(report.items_constructed, static_cast<std::size_t>(4 * threads) * batch);
  }
}

TEST_P(PipelineThreads, ItemsConstructedAreBoundedByTokensTimesBatch) {
  const int threads = GetParam();
  for (const std::size_t tokens : {std::size_t{1}, std::size_t{2}, std::size_t{5}}) {
    SCOPED_TRACE("tokens " + std::to_string(tokens));
    PipelineOptions options;
    options.threads = threads;
    options.batch_size = 7;
    options.tokens = tokens;
    const std::size_t count = 1200;  // far more items than tokens × batch
    const RunReport report = run(count, options, 10);
    expect_in_order(report, count);
    EXPECT_LE(report.items_constructed, tokens * options.batch_size);
    EXPECT_GE(report.items_constructed, options.batch_size);
  }
}

TEST_P(PipelineThreads, EmptyAndSingleItemInputs) {
  PipelineOptions options;
  options.threads = GetParam();
  const RunReport empty = run(0, options, 0);
  EXPECT_TRUE(empty.written.empty());
  EXPECT_EQ(empty.work_calls, 0u);
  EXPECT_EQ(empty.reads_after_end, 0u);
  const RunReport one = run(1, options, 50);
  expect_in_order(one, 1);
  // Exactly one batch: the boundary where read fills a batch and the next one is empty.
  options.batch_size = 4;
  expect_in_order(run(4, options, 10), 4);
  expect_in_order(run(5, options, 10), 5);
  expect_in_order(run(8, options, 10), 8);
}

INSTANTIATE_TEST_SUITE_P(Threads, PipelineThreads, ::testing::Values(1, 2, 4),
                         [](const ::testing::TestParamInfo<int>& param_info) { return std::to_string(param_info.param) + "threads"; });

TEST(Pipeline, OneThreadUsesOneWorker) {
  PipelineOptions options;
  options.threads = 1;
  options.batch_size = 2;
  const RunReport report = run(200, options, 5);
  expect_in_order(report, 200);
  EXPECT_EQ(report.max_parallel_work, 1u);
  EXPECT_EQ(report.workers_made, 1u);
}

TEST(Pipeline, ZeroBatchSizeIsTreatedAsOne) {
  PipelineOptions options;
  options.threads = 2;
  options.batch_size = 0;
  options.tokens = 3;
  const RunReport report = run(100, options, 5);
  expect_in_order(report, 100);
  EXPECT_LE(report.items_constructed, 3u);
}

TEST(Pipeline, AvailableCoresIsPositive) { EXPECT_GE(available_cores(), 1); }

}  // namespace
}  // namespace sudokit

// sudokit/pipeline.hpp: read → work in parallel → write in input order, in bounded memory.
//
// Every bulk command (solve, verify, score, generate) has the same shape: a serial source
// of records, an expensive pure function per record, and a serial sink that must see the
// results in input order. This header runs that shape on oneTBB's parallel_pipeline:
//
//   source (serial, in order) → work (parallel) → sink (serial, in order)
//
// Items travel in batches (`batch_size` records per token) because a pipeline token costs
// about a microsecond of scheduling, as much as solving an easy 9×9 puzzle; batches make it
// negligible. At most `tokens` batches are alive at once, so memory is bounded by
// tokens × batch_size records whatever the input's length: a 10-million-line input streams.
//
// Per-thread state (a Solver, scratch buffers) lives in `Worker` objects made on demand by
// `make_worker`, one per thread that runs work; workers are never shared between threads
// at the same time.
//
// Streaming: a batch is closed early when `ready()` says the next read would wait (a pipe
// with nothing more in it yet), so an interactive client that sends one record and waits
// gets its answer at once; `after_batch(input_waited)` runs in the sink after each batch's
// writes, told whether that batch was closed because the input had nothing more ready (or
// ended): that is when a writer flushes what someone may be waiting for. On a file or a
// busy pipe batches stay full and nothing is flushed early.
#pragma once

#include <cstddef>
#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_pipeline.h>
#include <tbb/task_arena.h>

namespace sudokit {

struct PipelineOptions {
  int threads = 0;              ///< worker threads; 0 = every core
  std::size_t batch_size = 64;  ///< records per pipeline token
  std::size_t tokens = 0;       ///< batches in flight; 0 = 4 per thread
};

/// Number of cores the process may use (at least 1).
inline int available_cores() { return std::max(1, tbb::this_task_arena::max_concurrency()); }

/// The default hooks: input is always ready, nothing to do after a batch.
struct AlwaysReady {
  bool operator()() const { return true; }
};
struct NoAfterBatch {
  void operator()(bool /*input_waited*/) const {}
};

/// Runs the pipeline to completion.
///  - `read(Item&) -> bool`: fills the next item, false at the end (called serially, in order);
///  - `work(Item&, Worker&)`: processes one item (called in parallel);
///  - `write(Item&)`: consumes a processed item (called serially, in input order);
///  - `ready() -> bool`: whether a read now would not wait (else the batch is sent on as it is);
///  - `after_batch(bool input_waited)`: called serially after the writes of each batch; true
///    when the batch was closed because input was not ready or had ended.
/// Items are default-constructed and reused between batches, so an Item may keep buffers.
template <class Item, class MakeWorker, class Read, class Work, class Write, class Ready = AlwaysReady,
          class AfterBatch = NoAfterBatch>
void run_ordered_pipeline(const PipelineOptions& options, MakeWorker make_worker, Read read, Work work,
                          Write write, Ready ready = {}, AfterBatch after_batch = {}) {
  using Worker = decltype(make_worker());
  // More threads than cores only adds contention (and TBB warns on stderr about it).
  const int threads = options.threads > 0 ? std::min(options.threads, available_cores()) : available_cores();
  const std::size_t batch_size = std::max<std::size_t>(1, options.batch_size);
  const std::size_t tokens = options.tokens > 0 ? options.tokens : static_cast<std::size_t>(4 * threads);

  struct Batch {
    std::vector<Item> items;
    std::size_t used = 0;
    bool input_waited = false;  ///< closed early: the input had nothing more ready, or ended
  };
  // Every batch is owned by `batches` for the whole run, so an exception thrown by a stage
  // (TBB cancels the pipeline and rethrows it here) leaks nothing. Free batches are recycled
  // through `free_batches` after their write, so at most `tokens` batches ever exist and
  // nothing is allocated per record once warm. The source and the sink are serial filters
  // but may run at the same time on two threads, hence the mutex.
  std::vector<std::unique_ptr<Batch>> batches;
  std::vector<Batch*> free_batches;
  std::mutex free_mutex;
  bool exhausted = false;  // touched by the source filter only
  tbb::enumerable_thread_specific<Worker> workers([&] { return make_worker(); });

  auto source = [&](tbb::flow_control& control) -> Batch* {
    if (exhausted) {
      control.stop();
      return nullptr;
    }
    Batch* batch = nullptr;
    {
      std::lock_guard<std::mutex> lock(free_mutex);
      if (!free_batches.empty()) {
        batch = free_batches.back();
        free_batches.pop_back();
      } else {
        batches.push_back(std::make_unique<Batch>());
        batch = batches.back().get();
        batch->items.resize(batch_size);
      }
    }
    batch->used = 0;
    batch->input_waited = false;
    bool ended = false;
    while (batch->used < batch_size) {
      // Wait for input only for a batch's first record; after that, send on what is here.
      if (batch->used > 0 && !ready()) {
        batch->input_waited = true;
        break;
      }
      if (!read(batch->items[batch->used])) {
        ended = batch->input_waited = true;
        break;
      }
      ++batch->used;
    }
    // A full batch may still be the last of a burst: then someone waits for its answers too.
    if (!ended && !batch->input_waited) batch->input_waited = !ready();
    if (ended) exhausted = true;
    if (batch->used == 0) {
      std::lock_guard<std::mutex> lock(free_mutex);
      free_batches.push_back(batch);
      control.stop();
      return nullptr;
    }
    return batch;
  };
  auto process = [&](Batch* batch) -> Batch* {
    Worker& worker = workers.local();
    for (std::size_t i = 0; i < batch->used; ++i) work(batch->items[i], worker);
    return batch;
  };
  auto sink = [&](Batch* batch) {
    for (std::size_t i = 0; i < batch->used; ++i) write(batch->items[i]);
    after_batch(batch->input_waited);
    std::lock_guard<std::mutex> lock(free_mutex);
    free_batches.push_back(batch);
  };

  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_pipeline(
        tokens,
        tbb::make_filter<void, Batch*>(tbb::filter_mode::serial_in_order, source) &
            tbb::make_filter<Batch*, Batch*>(tbb::filter_mode::parallel, process) &
            tbb::make_filter<Batch*, void>(tbb::filter_mode::serial_in_order, sink));
  });
}

}  // namespace sudokit

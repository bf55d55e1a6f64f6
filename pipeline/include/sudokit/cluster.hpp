// sudokit/cluster.hpp: the ordered pipeline run by K processes (MPI ranks) instead of one.
//
// Under `mpirun -n K sudokit CMD ...` every rank runs the same command with the same
// options, so every rank builds the same `work` function; only rank 0 reads input and writes
// output. This header is the second executor of the read → work → write shape of
// pipeline.hpp, for when a ClusterTransport is installed (cli/main.cpp installs the MPI one,
// sudokit/mpi_cluster.hpp, when the program runs under mpirun with more than one rank):
//
//   rank 0 (the coordinator)                        rank r > 0 (a worker)
//   read records, cut chunks (ChunkPolicy)          "ready" ─────────────────────► rank 0
//   give each chunk to a free slot: its own     ◄── chunk (items as bytes)
//     worker thread (local, no copy) or a rank      work on its TBB threads
//     that said "ready" (at most 2 chunks each) ──► outcomes as bytes
//   write the outcomes in input order, as soon      ... until "stop"
//     as a chunk and those before it are back
//
// So the work function and the writer are exactly the ones one process runs, the writer
// runs on rank 0 in input order, and the output (records, diagnostics, summary, exit code)
// is the same bytes for any K. Chunks are handed out dynamically, so ranks that get slow
// records simply take fewer chunks. At most `window` chunks are alive on rank 0, so memory
// stays bounded whatever the input's length, and answers stream: a chunk is closed early when
// the input has nothing ready, and rank 0 never blocks on input while answers are pending.
//
// Items and outcomes travel as bytes (wire.hpp): Item and Output must be `Wired`.
//
// Joining and leaving: a worker says "ready" when it reaches the loop; a worker that ended
// its command without reaching it (an option that fails only there, e.g. a file missing on
// that node) says "left" when it finishes (mpi_cluster.cpp), and rank 0 carries on without it.
// A rank that dies ends the whole job: MPI's default error handler (MPI_ERRORS_ARE_FATAL) and
// mpirun stop every rank and mpirun exits non-zero naming the rank; an answer is never lost
// silently. A worker that finds a protocol error aborts the job with a message.
//
// One loop per command: a worker serves one loop and then goes on with its copy of the
// command, whose own output goes nowhere (mpi_cluster.cpp discards a worker's stdout and
// stderr), and whose exit status is ignored.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "sudokit/pipeline.hpp"
#include "sudokit/wire.hpp"

namespace sudokit {

/// What the executor needs from a message-passing layer (MPI; a fake in the unit tests).
/// Only the thread that runs the loop calls it.
class ClusterTransport {
 public:
  virtual ~ClusterTransport() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// Sends `bytes` to rank `to`; returns at once (the transport keeps the bytes until sent).
  virtual void send(int to, int tag, std::string bytes) = 0;
  /// A message that has arrived for this rank: true and its sender, tag and bytes; else false.
  virtual bool try_receive(int& from, int& tag, std::string& bytes) = 0;
  /// Ends the whole job with `message` on the error stream (protocol failures only).
  [[noreturn]] virtual void abort(const std::string& message) = 0;

  /// Loops this rank took part in (set by the executor; the MPI session reads it at the end).
  int loops = 0;
  /// Rank 0: its last loop ended cleanly, every worker was told to stop.
  bool released = false;
};

/// Message tags of the protocol (see the top of this file).
enum ClusterTag : int { kTagReady = 1, kTagChunk = 2, kTagResult = 3, kTagStop = 4, kTagLeft = 5 };

/// The installed transport of this process, or null (one process: the plain pipeline).
inline ClusterTransport*& cluster_transport_slot() {
  static ClusterTransport* transport = nullptr;
  return transport;
}
inline ClusterTransport* cluster() {
  ClusterTransport* t = cluster_transport_slot();
  return t && t->size() > 1 ? t : nullptr;
}
inline void set_cluster(ClusterTransport* transport) { cluster_transport_slot() = transport; }

/// How many items go in a chunk. Adaptive by default: the coordinator measures the work time
/// per item on every rank and sizes each new chunk to about `target` of work, between 1 and
/// `most` items, so a chunk's message and round trip stay small next to its work whether an
/// item takes microseconds (solve) or a tenth of a second (grade), and the last chunks leave
/// little imbalance. SUDOKIT_CLUSTER_CHUNK=N fixes N items per chunk (for measurements).
struct ChunkPolicy {
  std::size_t most = 1024;  ///< items per chunk at most (also the first chunks' size when fixed)
  bool adaptive = true;
  std::chrono::microseconds target{25000};
};
inline ChunkPolicy cluster_chunk_policy(std::size_t most) {
  ChunkPolicy policy;
  policy.most = std::max<std::size_t>(1, most);
  if (const char* text = std::getenv("SUDOKIT_CLUSTER_CHUNK")) {
    const long long value = std::atoll(text);
    if (value > 0) {
      policy.most = static_cast<std::size_t>(value);
      policy.adaptive = false;
    }
  }
  return policy;
}

namespace cluster_detail {

/// Sleeps a little longer each time nothing happened (up to 1 ms), so waiting costs no core.
class Backoff {
 public:
  void reset() { wait_ = std::chrono::microseconds(20); }
  void pause() {
    std::this_thread::sleep_for(wait_);
    wait_ = std::min(wait_ * 2, std::chrono::microseconds(1000));
  }

 private:
  std::chrono::microseconds wait_{20};
};

/// Runs a chunk's items on `threads` threads, one Worker per thread (as pipeline.hpp does).
template <class Worker>
class ChunkRunner {
 public:
  template <class MakeWorker>
  ChunkRunner(int threads, MakeWorker make_worker) : arena_(threads), workers_([make_worker] { return make_worker(); }) {}

  template <class Item, class Output, class Work>
  void run(std::vector<Item>& items, std::vector<Output>& outputs, std::size_t used, Work& work) {
    arena_.execute([&] {
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, used, 1), [&](const tbb::blocked_range<std::size_t>& range) {
        Worker& worker = workers_.local();
        for (std::size_t i = range.begin(); i != range.end(); ++i) work(items[i], outputs[i], worker);
      });
    });
  }

 private:
  tbb::task_arena arena_;
  tbb::enumerable_thread_specific<Worker> workers_;
};

inline int thread_count(const PipelineOptions& options) {
  return options.threads > 0 ? std::min(options.threads, available_cores()) : available_cores();
}

}  // namespace cluster_detail

/// The loop on a rank other than 0: say ready, work on the chunks rank 0 sends, answer each,
/// until "stop".
template <class Item, class Output, class MakeWorker, class Work>
void serve_cluster_loop(ClusterTransport& net, const PipelineOptions& options, MakeWorker make_worker, Work work) {
  using Worker = decltype(make_worker());
  ++net.loops;
  cluster_detail::ChunkRunner<Worker> runner(cluster_detail::thread_count(options), make_worker);
  std::vector<Item> items;
  std::vector<Output> outputs;
  std::string bytes, answer;
  int from = 0, tag = 0;
  cluster_detail::Backoff backoff;
  net.send(0, kTagReady, {});
  for (;;) {
    if (!net.try_receive(from, tag, bytes)) {
      backoff.pause();
      continue;
    }
    backoff.reset();
    if (tag == kTagStop) return;
    if (tag != kTagChunk || from != 0)
      net.abort("sudokit: rank " + std::to_string(net.rank()) + ": unexpected message (tag " + std::to_string(tag) +
                ") from rank " + std::to_string(from));
    std::uint64_t id = 0, count = 0;
    try {
      WireReader reader(bytes);
      reader(id, count);
      if (items.size() < count) items.resize(static_cast<std::size_t>(count));
      for (std::size_t i = 0; i < count; ++i) reader(items[i]);
      if (outputs.size() < count) outputs.resize(static_cast<std::size_t>(count));
      for (std::size_t i = 0; i < count; ++i) outputs[i] = Output{};
      const auto start = std::chrono::steady_clock::now();
      runner.run(items, outputs, static_cast<std::size_t>(count), work);
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      answer.clear();
      WireWriter writer(answer);
      writer(id, count, seconds);
      for (std::size_t i = 0; i < count; ++i) writer(outputs[i]);
    } catch (const std::exception& e) {
      net.abort("sudokit: rank " + std::to_string(net.rank()) + ": " + e.what());
    }
    net.send(0, kTagResult, std::move(answer));
  }
}

/// The loop on rank 0: `read(Item&) -> bool` (false at the end), `work(Item&, Output&,
/// Worker&)` (also on the other ranks), `write(Item&, Output&) -> bool` (in input order;
/// false stops the run: nothing more is read or written), `ready() -> bool` (a read would not
/// wait), `after_chunk(bool input_waited)` after each chunk's writes (as pipeline.hpp's
/// after_batch). `policy`: how many items per chunk.
template <class Item, class Output, class MakeWorker, class Read, class Work, class Write, class Ready,
          class AfterChunk>
void coordinate_cluster_loop(ClusterTransport& net, const PipelineOptions& options, ChunkPolicy policy,
                             MakeWorker make_worker, Read read, Work work, Write write, Ready ready,
                             AfterChunk after_chunk) {
  using Worker = decltype(make_worker());
  ++net.loops;
  net.released = false;
  constexpr int kDepth = 2;  // chunks a slot holds at once: one being worked on, one waiting
  const int ranks = net.size();
  const std::size_t window = static_cast<std::size_t>(2 * kDepth * ranks);

  struct Chunk {
    std::uint64_t id = 0;
    std::vector<Item> items;
    std::vector<Output> outputs;
    std::size_t used = 0;
    bool input_waited = false;
    std::atomic<bool> done{false};  // set by whoever worked on it (the local thread, or the receiver)
    double seconds = 0;             // how long its work took where it was done
    int slot = -1;  // 0: this rank's worker thread; r > 0: rank r
  };
  std::vector<std::unique_ptr<Chunk>> owned;
  std::vector<Chunk*> spare;
  std::deque<Chunk*> alive;    // read, not yet written, in input order
  std::deque<Chunk*> pending;  // read, not yet given to a slot, in input order
  std::uint64_t next_id = 0;
  bool exhausted = false, stopped = false;

  enum class Peer { unknown, serving, left };
  std::vector<Peer> peers(static_cast<std::size_t>(ranks), Peer::unknown);
  std::vector<int> outstanding(static_cast<std::size_t>(ranks), 0);
  std::vector<std::deque<Chunk*>> sent(static_cast<std::size_t>(ranks));  // answered in order per rank

  // This rank's own worker thread takes chunks like any other slot, without copies.
  std::mutex mutex;
  std::condition_variable wake_local, wake_coordinator;
  std::deque<Chunk*> local_queue;
  std::atomic<int> local_finished{0};  // chunks finished by the local thread, not yet collected
  bool closing = false;
  std::exception_ptr local_failure;
  std::thread local([&] {
    try {
      cluster_detail::ChunkRunner<Worker> runner(cluster_detail::thread_count(options), make_worker);
      for (;;) {
        Chunk* c = nullptr;
        {
          std::unique_lock<std::mutex> lock(mutex);
          wake_local.wait(lock, [&] { return closing || !local_queue.empty(); });
          if (local_queue.empty()) return;
          c = local_queue.front();
        }
        const auto start = std::chrono::steady_clock::now();
        runner.run(c->items, c->outputs, c->used, work);
        c->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        {
          std::lock_guard<std::mutex> lock(mutex);
          local_queue.pop_front();
          c->done.store(true, std::memory_order_release);
          local_finished.fetch_add(1);
        }
        wake_coordinator.notify_one();
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      local_failure = std::current_exception();
      local_finished.fetch_add(1);
      wake_coordinator.notify_one();
    }
  });
  auto close_local = [&] {
    if (!local.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex);
      closing = true;
    }
    wake_local.notify_one();
    local.join();
  };
  // Whatever leaves this function (a writer's exception included) first ends the thread.
  struct Closer {
    decltype(close_local)& close;
    ~Closer() { close(); }
  } closer{close_local};

  // Seconds of work per item (a moving average over the chunks done so far; < 0: none yet).
  double item_seconds = -1;
  std::size_t largest = 0;  // the largest chunk made, for the stats line
  auto next_chunk_size = [&]() -> std::size_t {
    if (!policy.adaptive) return policy.most;
    if (item_seconds < 0) return 1;  // nothing measured yet: small chunks, soon measured
    const double items = std::chrono::duration<double>(policy.target).count() / std::max(item_seconds, 1e-9);
    return static_cast<std::size_t>(std::clamp(items, 1.0, static_cast<double>(policy.most)));
  };
  auto measured = [&](const Chunk& c) {
    if (c.used == 0) return;
    const double sample = c.seconds / static_cast<double>(c.used);
    item_seconds = item_seconds < 0 ? sample : 0.7 * item_seconds + 0.3 * sample;
  };

  std::string bytes;
  auto read_chunk = [&]() -> bool {  // false: nothing read (input ended)
    Chunk* c = nullptr;
    if (!spare.empty()) {
      c = spare.back();
      spare.pop_back();
    } else {
      owned.push_back(std::make_unique<Chunk>());
      c = owned.back().get();
    }
    const std::size_t chunk = next_chunk_size();
    largest = std::max(largest, chunk);
    if (c->items.size() < chunk) {
      c->items.resize(chunk);
      c->outputs.resize(chunk);
    }
    c->used = 0;
    c->seconds = 0;
    c->input_waited = false;
    c->done.store(false);
    bool ended = false;
    while (c->used < chunk) {
      if (c->used > 0 && !ready()) {
        c->input_waited = true;
        break;
      }
      if (!read(c->items[c->used])) {
        ended = c->input_waited = true;
        break;
      }
      ++c->used;
    }
    if (!ended && !c->input_waited) c->input_waited = !ready();
    if (ended) exhausted = true;
    if (c->used == 0) {
      spare.push_back(c);
      return false;
    }
    for (std::size_t i = 0; i < c->used; ++i) c->outputs[i] = Output{};
    c->id = next_id++;
    alive.push_back(c);
    pending.push_back(c);
    return true;
  };
  // chunks and items per slot, for the stats line
  std::vector<std::uint64_t> given(static_cast<std::size_t>(ranks), 0), given_items(given);
  std::vector<double> busy(static_cast<std::size_t>(ranks), 0.0);  // seconds of work written, per slot
  auto give = [&](Chunk* c, int slot) {
    c->slot = slot;
    ++given[static_cast<std::size_t>(slot)];
    given_items[static_cast<std::size_t>(slot)] += c->used;
    ++outstanding[static_cast<std::size_t>(slot)];
    if (slot == 0) {
      {
        std::lock_guard<std::mutex> lock(mutex);
        local_queue.push_back(c);
      }
      wake_local.notify_one();
      return;
    }
    bytes.clear();
    WireWriter writer(bytes);
    const std::uint64_t count = c->used;
    writer(c->id, count);
    for (std::size_t i = 0; i < c->used; ++i) writer(c->items[i]);
    sent[static_cast<std::size_t>(slot)].push_back(c);
    net.send(slot, kTagChunk, std::move(bytes));
    bytes = std::string();
  };
  auto fail = [&](const std::string& message) {
    close_local();
    net.abort("sudokit: rank 0: " + message);
  };
  auto receive_all = [&]() -> bool {  // true when something arrived
    bool any = false;
    int from = 0, tag = 0;
    std::string message;
    while (net.try_receive(from, tag, message)) {
      any = true;
      if (from <= 0 || from >= ranks) fail("message from an unknown rank " + std::to_string(from));
      const auto r = static_cast<std::size_t>(from);
      if (tag == kTagReady) {
        peers[r] = Peer::serving;
      } else if (tag == kTagLeft) {
        if (outstanding[r] != 0) fail("rank " + std::to_string(from) + " left with work in hand");
        peers[r] = Peer::left;
      } else if (tag == kTagResult) {
        if (sent[r].empty()) fail("an answer nobody asked rank " + std::to_string(from) + " for");
        Chunk* c = sent[r].front();
        sent[r].pop_front();
        try {
          WireReader reader(message);
          std::uint64_t id = 0, count = 0;
          reader(id, count, c->seconds);
          if (id != c->id || count != c->used) throw std::runtime_error("answer for another chunk");
          for (std::size_t i = 0; i < c->used; ++i) reader(c->outputs[i]);
        } catch (const std::exception& e) {
          fail("rank " + std::to_string(from) + "'s answer: " + e.what());
        }
        c->done.store(true, std::memory_order_release);
        --outstanding[r];
      } else {
        fail("unexpected message (tag " + std::to_string(tag) + ") from rank " + std::to_string(from));
      }
    }
    return any;
  };
  auto collect_local = [&]() -> bool {
    const int finished = local_finished.exchange(0);
    if (finished == 0) return false;
    outstanding[0] -= finished;
    std::exception_ptr failure;
    {
      std::lock_guard<std::mutex> lock(mutex);
      failure = local_failure;
    }
    if (failure) {
      close_local();
      std::rethrow_exception(failure);
    }
    return true;
  };
  auto in_flight = [&] {
    for (int n : outstanding)
      if (n != 0) return true;
    return false;
  };

  cluster_detail::Backoff backoff;
  // Every rank is heard from (ready, or left) before the first chunk is handed out, so work
  // spreads from the start instead of going to whichever rank started first (a rank's
  // start-up is the same for all; a short run would otherwise never reach the late ones).
  while (std::any_of(peers.begin() + 1, peers.end(), [](Peer p) { return p == Peer::unknown; })) {
    if (!receive_all()) backoff.pause();
  }
  for (;;) {
    bool progress = false;
    // Read while the window has room; block on input only when no answer is pending.
    while (!exhausted && !stopped && alive.size() < window && (alive.empty() || ready())) {
      if (!read_chunk()) break;
      progress = true;
    }
    progress |= receive_all();
    progress |= collect_local();
    // Hand pending chunks to free slots: this rank's thread first, then the serving ranks.
    while (!pending.empty() && !stopped) {
      int slot = -1;
      if (outstanding[0] < kDepth) {
        slot = 0;
      } else {
        for (int r = 1; r < ranks; ++r)
          if (peers[static_cast<std::size_t>(r)] == Peer::serving && outstanding[static_cast<std::size_t>(r)] < kDepth &&
              (slot < 0 || outstanding[static_cast<std::size_t>(r)] < outstanding[static_cast<std::size_t>(slot)]))
            slot = r;
      }
      if (slot < 0) break;
      give(pending.front(), slot);
      pending.pop_front();
      progress = true;
    }
    // Write every chunk at the front that is done, in order.
    while (!alive.empty() && alive.front()->done.load(std::memory_order_acquire) && !stopped) {
      Chunk* c = alive.front();
      measured(*c);
      busy[static_cast<std::size_t>(c->slot)] += c->seconds;
      bool more = true;
      for (std::size_t i = 0; i < c->used && more; ++i) more = write(c->items[i], c->outputs[i]);
      if (more) after_chunk(c->input_waited);
      alive.pop_front();
      spare.push_back(c);
      progress = true;
      if (!more) stopped = true;
    }
    if (stopped) {
      // Answers already asked for are awaited (and dropped), so no message is left behind.
      pending.clear();
      alive.clear();
    }
    if ((exhausted || stopped) && alive.empty() && !in_flight()) break;
    if (progress) {
      backoff.reset();
      continue;
    }
    if (outstanding[0] > 0 && local_finished.load() == 0) {
      std::unique_lock<std::mutex> lock(mutex);
      wake_coordinator.wait_for(lock, std::chrono::microseconds(200),
                                [&] { return local_finished.load() != 0; });
    } else {
      backoff.pause();
    }
  }
  close_local();
  // SUDOKIT_CLUSTER_STATS=1: how the chunks were shared, for tests and measurements.
  if (std::getenv("SUDOKIT_CLUSTER_STATS")) {
    std::string line = "sudokit cluster: " + std::string(policy.adaptive ? "adaptive" : "fixed") +
                       " chunks of at most " + std::to_string(largest) + " items; chunks per rank:";
    for (std::uint64_t n : given) line += " " + std::to_string(n);
    line += "; items per rank:";
    for (std::uint64_t n : given_items) line += " " + std::to_string(n);
    line += "; seconds of work per rank:";
    for (double seconds : busy) line += " " + std::to_string(seconds).substr(0, std::to_string(seconds).find('.') + 3);
    std::fprintf(stderr, "%s\n", line.c_str());
  }

  // Every worker that joined gets "stop"; one not heard from yet is waited for (it may still
  // be starting), so none is left waiting for work that never comes.
  for (;;) {
    for (int r = 1; r < ranks; ++r) {
      auto& peer = peers[static_cast<std::size_t>(r)];
      if (peer == Peer::serving) {
        net.send(r, kTagStop, {});
        peer = Peer::left;
      }
    }
    if (std::all_of(peers.begin() + 1, peers.end(), [](Peer p) { return p == Peer::left; })) break;
    if (!receive_all()) backoff.pause();
  }
  net.released = true;
}

}  // namespace sudokit

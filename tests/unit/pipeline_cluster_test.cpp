// The cluster executor (sudokit/cluster.hpp) without MPI: K "ranks" are threads of this
// test, joined by an in-memory transport, each running the coordinator or the worker loop as
// a rank of `mpirun -n K` would. Checked: every item is written once, in input order, with
// the outcome `work` made for it, whichever rank made it; every rank takes part; a writer
// that stops the run stops it; a rank that never joins (says "left") is done without; input
// that is not ready closes chunks early; outcomes survive the trip as bytes. The mpi tests
// (tests/mpi) run the real program under mpirun.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "sudokit/cluster.hpp"
#include "sudokit/wire.hpp"

namespace sudokit {
namespace {

// Mailboxes of K in-process ranks.
struct FakeNetwork {
  struct Message {
    int from, tag;
    std::string bytes;
  };
  explicit FakeNetwork(int size) : boxes(static_cast<std::size_t>(size)) {}
  std::mutex mutex;
  std::vector<std::deque<Message>> boxes;
  std::atomic<int> messages{0};
};

class FakeTransport final : public ClusterTransport {
 public:
  FakeTransport(FakeNetwork& net, int rank) : net_(net), rank_(rank) {}
  int rank() const override { return rank_; }
  int size() const override { return static_cast<int>(net_.boxes.size()); }
  void send(int to, int tag, std::string bytes) override {
    std::lock_guard<std::mutex> lock(net_.mutex);
    net_.boxes[static_cast<std::size_t>(to)].push_back({rank_, tag, std::move(bytes)});
    ++net_.messages;
  }
  bool try_receive(int& from, int& tag, std::string& bytes) override {
    std::lock_guard<std::mutex> lock(net_.mutex);
    auto& box = net_.boxes[static_cast<std::size_t>(rank_)];
    if (box.empty()) return false;
    from = box.front().from;
    tag = box.front().tag;
    bytes = std::move(box.front().bytes);
    box.pop_front();
    return true;
  }
  [[noreturn]] void abort(const std::string& message) override {
    ADD_FAILURE() << "abort: " << message;
    std::abort();
  }

 private:
  FakeNetwork& net_;
  int rank_;
};

struct Outcome {
  std::uint64_t square = 0;
  std::string text;
  int rank = -1;  // who made it
};
template <class Wire>
void wire_fields(Wire& wire, Outcome& o) {
  wire(o.square, o.text, o.rank);
}

struct ClusterRun {
  std::vector<std::uint64_t> written;  // items in the order written
  std::vector<Outcome> outcomes;
  std::vector<int> after_chunk_calls;
  std::vector<int> items_per_rank;
  bool every_outcome_right = true;
};

// Runs items 0..count-1 on `ranks` ranks; `stop_after` writes end the run (0: never);
// ranks listed in `absent` never join (they say "left" at once).
ClusterRun run_cluster(int ranks, std::uint64_t count, std::size_t chunk, std::uint64_t stop_after = 0,
                std::vector<int> absent = {}, bool input_trickles = false, bool adaptive = false) {
  FakeNetwork network(ranks);
  ClusterRun run;
  run.items_per_rank.assign(static_cast<std::size_t>(ranks), 0);
  std::mutex per_rank_mutex;
  PipelineOptions options;
  options.threads = 2;
  std::vector<std::thread> threads;
  for (int r = 0; r < ranks; ++r) {
    threads.emplace_back([&, r] {
      FakeTransport net(network, r);
      auto work = [&, r](const std::uint64_t& item, Outcome& out, std::mt19937& random) {
        // Uneven, random work so chunks finish out of order.
        std::this_thread::sleep_for(std::chrono::microseconds(random() % 300));
        out.square = item * item;
        out.text = "item " + std::to_string(item);
        out.rank = r;
        std::lock_guard<std::mutex> lock(per_rank_mutex);
        ++run.items_per_rank[static_cast<std::size_t>(r)];
      };
      auto make_worker = [r] { return std::mt19937(static_cast<unsigned>(r) + 1); };
      if (std::find(absent.begin(), absent.end(), r) != absent.end()) {
        net.send(0, kTagLeft, {});
        return;
      }
      if (r != 0) {
        serve_cluster_loop<std::uint64_t, Outcome>(net, options, make_worker, work);
        return;
      }
      std::uint64_t next = 0;
      ChunkPolicy policy;
      policy.most = chunk;
      policy.adaptive = adaptive;
      coordinate_cluster_loop<std::uint64_t, Outcome>(
          net, options, policy, make_worker,
          [&](std::uint64_t& item) {
            if (next >= count) return false;
            item = next++;
            return true;
          },
          work,
          [&](const std::uint64_t& item, const Outcome& out) {
            run.written.push_back(item);
            run.outcomes.push_back(out);
            if (out.square != item * item || out.text != "item " + std::to_string(item))
              run.every_outcome_right = false;
            return stop_after == 0 || run.written.size() < stop_after;
          },
          // Trickling input: "not ready" after every third item closes chunks early.
          [&] { return !input_trickles || next % 3 != 0; },
          [&](bool input_waited) { run.after_chunk_calls.push_back(input_waited ? 1 : 0); });
      EXPECT_TRUE(net.released);
    });
  }
  for (auto& t : threads) t.join();
  // Nothing left behind: every message was received.
  for (auto& box : network.boxes) EXPECT_TRUE(box.empty()) << "a message was left unread";
  return run;
}

TEST(ClusterExecutor, WritesEveryItemOnceInInputOrderWhicheverRankMadeIt) {
  for (int ranks : {1, 2, 3, 5}) {
    const ClusterRun run = run_cluster(ranks, 1000, 7);
    ASSERT_EQ(run.written.size(), 1000u) << ranks << " ranks";
    for (std::uint64_t i = 0; i < run.written.size(); ++i) ASSERT_EQ(run.written[i], i);
    EXPECT_TRUE(run.every_outcome_right);
    for (int r = 0; r < ranks; ++r) EXPECT_GT(run.items_per_rank[static_cast<std::size_t>(r)], 0) << "rank " << r;
    // Outcomes made on other ranks crossed the transport as bytes and came back whole.
    for (const Outcome& o : run.outcomes) EXPECT_GE(o.rank, 0);
    EXPECT_EQ(run.after_chunk_calls.size(), (1000u + 6) / 7);  // once per chunk, all full but the last
  }
}

TEST(ClusterExecutor, AdaptiveChunksKeepTheOrderToo) {
  // Chunk sizes follow the measured time per item (1 item first, then up to `most`).
  const ClusterRun run = run_cluster(3, 2000, 64, 0, {}, false, true);
  ASSERT_EQ(run.written.size(), 2000u);
  for (std::uint64_t i = 0; i < run.written.size(); ++i) ASSERT_EQ(run.written[i], i);
  EXPECT_TRUE(run.every_outcome_right);
  EXPECT_GT(run.after_chunk_calls.size(), 2000u / 64);  // small chunks first
  EXPECT_LT(run.after_chunk_calls.size(), 2000u);       // then larger ones
}

TEST(ClusterExecutor, EmptyInputEndsAtOnce) {
  const ClusterRun run = run_cluster(3, 0, 4);
  EXPECT_TRUE(run.written.empty());
  EXPECT_TRUE(run.after_chunk_calls.empty());
}

TEST(ClusterExecutor, AWriterThatSaysStopEndsTheRunThere) {
  const ClusterRun run = run_cluster(3, 100000, 5, 42);
  ASSERT_EQ(run.written.size(), 42u);
  for (std::uint64_t i = 0; i < 42; ++i) EXPECT_EQ(run.written[i], i);
  // Work did not run far ahead: the window bounds it (2 chunks per slot, 2 x 2 x ranks alive).
  int made = 0;
  for (int n : run.items_per_rank) made += n;
  EXPECT_LE(made, 42 + 2 * 2 * 3 * 5 + 5);
}

TEST(ClusterExecutor, ARankThatNeverJoinsIsDoneWithout) {
  const ClusterRun run = run_cluster(4, 300, 3, 0, {2});
  ASSERT_EQ(run.written.size(), 300u);
  for (std::uint64_t i = 0; i < 300; ++i) EXPECT_EQ(run.written[i], i);
  EXPECT_EQ(run.items_per_rank[2], 0);
  EXPECT_GT(run.items_per_rank[1], 0);
  EXPECT_GT(run.items_per_rank[3], 0);
}

TEST(ClusterExecutor, InputThatIsNotReadyClosesChunksEarly) {
  // As the pipeline does: an interactive client's records are answered without waiting for a
  // full chunk, and after_chunk is told the input waited.
  const ClusterRun run = run_cluster(2, 30, 100, 0, {}, true);
  ASSERT_EQ(run.written.size(), 30u);
  EXPECT_EQ(run.after_chunk_calls.size(), 10u);
  for (int waited : run.after_chunk_calls) EXPECT_EQ(waited, 1);
}

TEST(Wire, RoundTripsBuiltInTypesAndRecords) {
  Record record;
  record.number = 7;
  record.source = "in.txt";
  record.line = 12;
  record.grid = Grid(Shape{4, 2, 2});
  record.grid->cells = {1, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 4};
  record.error = "";
  record.text = "1..2........3....4";
  record.solution.reset();
  record.fields = {{"id", "\"a,b\""}, {"n", "3"}};
  std::string bytes;
  wire_append(bytes, record);
  std::optional<std::vector<std::pair<int, double>>> extra = std::vector<std::pair<int, double>>{{1, 2.5}, {-3, 0.0}};
  wire_append(bytes, extra);
  std::array<int, 3> triple{4, 5, 6};
  wire_append(bytes, triple);

  Record back;
  back.solution = Grid();  // to be reset by the trip
  std::optional<std::vector<std::pair<int, double>>> extra_back;
  std::array<int, 3> triple_back{};
  WireReader reader(bytes);
  reader(back, extra_back, triple_back);
  EXPECT_TRUE(reader.done());
  EXPECT_EQ(back.number, record.number);
  EXPECT_EQ(back.source, record.source);
  EXPECT_EQ(back.line, record.line);
  ASSERT_TRUE(back.grid);
  EXPECT_EQ(*back.grid, *record.grid);
  EXPECT_EQ(back.text, record.text);
  EXPECT_FALSE(back.solution);
  EXPECT_EQ(back.fields, record.fields);
  EXPECT_EQ(extra_back, extra);
  EXPECT_EQ(triple_back, triple);
}

// A variant record's rules travel with it (a worker rank solves under them): jigsaw regions
// and killer cages come back equal, and a classic record's absent rules stay absent.
TEST(Wire, RecordsCarryTheirVariantRules) {
  const Shape shape{4, 2, 2};
  const auto jigsaw = make_jigsaw_rules(shape, "1122112233443344");
  const auto killer = make_killer_rules(shape, {{3, {0, 1}}, {7, {2, 3}}, {10, {4, 5, 6, 7}}, {10, {8, 9, 10, 11}},
                                                {10, {12, 13, 14, 15}}});
  ASSERT_TRUE(jigsaw && killer);
  for (const Rules& rules : {*jigsaw, *killer}) {
    Record record;
    record.grid = Grid(shape);
    record.rules = std::make_shared<const Rules>(rules);
    std::string bytes;
    wire_append(bytes, record);
    Record back;
    WireReader reader(bytes);
    reader(back);
    EXPECT_TRUE(reader.done());
    ASSERT_TRUE(back.rules);
    EXPECT_EQ(back.rules->variant, rules.variant);
    EXPECT_EQ(back.rules->shape, rules.shape);
    ASSERT_EQ(back.rules->houses.size(), rules.houses.size());
    for (std::size_t h = 0; h < rules.houses.size(); ++h) {
      EXPECT_EQ(back.rules->houses[h].kind, rules.houses[h].kind);
      EXPECT_EQ(back.rules->houses[h].number, rules.houses[h].number);
      EXPECT_EQ(back.rules->houses[h].cells, rules.houses[h].cells);
    }
    EXPECT_EQ(back.rules->region_of, rules.region_of);
    EXPECT_EQ(back.rules->cages, rules.cages);
    EXPECT_EQ(back.rules->cage_of, rules.cage_of);
  }
  Record classic;
  std::string bytes;
  wire_append(bytes, classic);
  Record back;
  back.rules = std::make_shared<const Rules>(*jigsaw);  // to be reset by the trip
  WireReader reader(bytes);
  reader(back);
  EXPECT_FALSE(back.rules);
}

TEST(Wire, ATruncatedMessageIsAnErrorNotGarbage) {
  std::string bytes;
  wire_append(bytes, std::string("hello, cluster"));
  for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
    WireReader reader(std::string_view(bytes).substr(0, cut));
    std::string value;
    EXPECT_THROW(reader(value), std::runtime_error) << "cut at " << cut;
  }
}

}  // namespace
}  // namespace sudokit

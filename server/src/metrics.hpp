// metrics.hpp: the counters behind GET /metrics, in Prometheus' text exposition format.
//
// Everything is a relaxed atomic except the per-(endpoint, code) request counts, which sit
// in a small map under a mutex (one lock per finished request, far below a request's cost).
// Names follow Prometheus' conventions: *_total counters, a _seconds histogram with
// cumulative buckets, gauges for what is open now.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

namespace sudokit::server_detail {

class Metrics {
 public:
  /// Upper bounds of the latency buckets, in seconds (+Inf is implied).
  static constexpr std::array<double, 14> kBuckets = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                                       0.1,    0.25,  0.5,    1,     2.5,  5,     10};

  void connection_opened() { connections_.fetch_add(1, std::memory_order_relaxed); }
  void connection_closed() { connections_.fetch_sub(1, std::memory_order_relaxed); }
  void request_started() { in_flight_.fetch_add(1, std::memory_order_relaxed); }
  void request_ended() { in_flight_.fetch_sub(1, std::memory_order_relaxed); }
  /// A request answered (or abandoned: code 0 when the client went away mid-answer).
  void request_done(std::string_view endpoint, unsigned code, double seconds);
  /// Records answered by one request, and how many of them were not good answers
  /// (invalid, error, unknown, none...: what makes the program exit 1).
  void records_done(std::string_view endpoint, std::uint64_t records, std::uint64_t failed);
  /// The exposition text.
  std::string render() const;

 private:
  std::atomic<std::int64_t> connections_{0};
  std::atomic<std::int64_t> in_flight_{0};
  std::array<std::atomic<std::uint64_t>, kBuckets.size() + 1> buckets_{};  // not cumulative; last: +Inf
  std::atomic<std::uint64_t> latency_count_{0};
  std::atomic<std::uint64_t> latency_sum_us_{0};
  mutable std::mutex mutex_;
  std::map<std::pair<std::string, unsigned>, std::uint64_t> requests_;
  std::map<std::string, std::pair<std::uint64_t, std::uint64_t>> records_;  // endpoint -> (records, failed)
};

}  // namespace sudokit::server_detail

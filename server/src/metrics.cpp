#include "metrics.hpp"

#include <fmt/format.h>

namespace sudokit::server_detail {

void Metrics::request_done(std::string_view endpoint, unsigned code, double seconds) {
  std::size_t bucket = kBuckets.size();
  for (std::size_t i = 0; i < kBuckets.size(); ++i)
    if (seconds <= kBuckets[i]) {
      bucket = i;
      break;
    }
  buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
  latency_count_.fetch_add(1, std::memory_order_relaxed);
  latency_sum_us_.fetch_add(static_cast<std::uint64_t>(seconds * 1e6), std::memory_order_relaxed);
  std::lock_guard<std::mutex> lock(mutex_);
  ++requests_[{std::string(endpoint), code}];
}

void Metrics::records_done(std::string_view endpoint, std::uint64_t records, std::uint64_t failed) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto& entry = records_[std::string(endpoint)];
  entry.first += records;
  entry.second += failed;
}

std::string Metrics::render() const {
  std::string out;
  out += "# HELP sudokit_http_requests_total HTTP requests answered, by endpoint and status code (0: client gone).\n"
         "# TYPE sudokit_http_requests_total counter\n";
  std::uint64_t errors = 0;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [key, count] : requests_) {
      out += fmt::format("sudokit_http_requests_total{{endpoint=\"{}\",code=\"{}\"}} {}\n", key.first, key.second, count);
      if (key.second >= 400 || key.second == 0) errors += count;
    }
    out += "# HELP sudokit_records_total Records answered, by endpoint.\n# TYPE sudokit_records_total counter\n";
    for (const auto& [endpoint, counts] : records_)
      out += fmt::format("sudokit_records_total{{endpoint=\"{}\"}} {}\n", endpoint, counts.first);
    out += "# HELP sudokit_records_failed_total Records answered invalid, error, unknown, none or not unique.\n"
           "# TYPE sudokit_records_failed_total counter\n";
    for (const auto& [endpoint, counts] : records_)
      out += fmt::format("sudokit_records_failed_total{{endpoint=\"{}\"}} {}\n", endpoint, counts.second);
  }
  out += fmt::format(
      "# HELP sudokit_http_errors_total Requests answered 4xx or 5xx, or abandoned.\n"
      "# TYPE sudokit_http_errors_total counter\nsudokit_http_errors_total {}\n",
      errors);
  out += "# HELP sudokit_http_request_duration_seconds Time from a request's headers to its last byte.\n"
         "# TYPE sudokit_http_request_duration_seconds histogram\n";
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    cumulative += buckets_[i].load(std::memory_order_relaxed);
    out += fmt::format("sudokit_http_request_duration_seconds_bucket{{le=\"{}\"}} {}\n", kBuckets[i], cumulative);
  }
  cumulative += buckets_[kBuckets.size()].load(std::memory_order_relaxed);
  out += fmt::format("sudokit_http_request_duration_seconds_bucket{{le=\"+Inf\"}} {}\n", cumulative);
  out += fmt::format("sudokit_http_request_duration_seconds_sum {:.6f}\n",
                     static_cast<double>(latency_sum_us_.load(std::memory_order_relaxed)) / 1e6);
  out += fmt::format("sudokit_http_request_duration_seconds_count {}\n", latency_count_.load(std::memory_order_relaxed));
  out += fmt::format(
      "# HELP sudokit_http_requests_in_flight Requests being worked on now.\n"
      "# TYPE sudokit_http_requests_in_flight gauge\nsudokit_http_requests_in_flight {}\n"
      "# HELP sudokit_http_connections_open Connections open now.\n"
      "# TYPE sudokit_http_connections_open gauge\nsudokit_http_connections_open {}\n",
      in_flight_.load(std::memory_order_relaxed), connections_.load(std::memory_order_relaxed));
  return out;
}

}  // namespace sudokit::server_detail

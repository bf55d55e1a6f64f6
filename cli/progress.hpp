// progress.hpp: a one-line progress display on standard error for long runs.
//
// Shown only when stderr is a terminal, so logs and pipes never receive carriage returns;
// redrawn at most ten times a second, so the cost is nothing next to the work it reports.
// The line shows the count done (of the total when known), the rate since the start and,
// with a total, the estimated time left; or, for one long search (score), whatever
// show_line() is given. finish() (or the destructor) erases it. Every command's progress
// goes through this one class; its calls may come from any thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>

namespace sudokit::cli {

class ProgressBar {
 public:
  /// `total` 0: unknown. `enabled` false: every call does nothing (e.g. stderr not a terminal).
  ProgressBar(std::string label, std::uint64_t total, bool enabled);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  /// Records `done` more items; redraws when the last redraw is old enough.
  void advance(std::uint64_t done = 1);
  /// Shows `text` as the line (a long search's own progress), until the next call.
  void show_line(const std::string& text);
  /// Erases the line (idempotent).
  void finish();
  bool enabled() const { return enabled_; }

 private:
  void draw();
  void put(const std::string& line);

  std::mutex mutex_;
  std::string label_;
  std::uint64_t total_;
  bool enabled_;
  std::uint64_t done_ = 0;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_draw_;
  bool drawn_ = false;
};

/// "1:05", "12:00:03": a duration for humans.
std::string format_duration(double seconds);

}  // namespace sudokit::cli

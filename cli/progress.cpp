#include "progress.hpp"

#include <cmath>
#include <cstdio>

#include <fmt/format.h>

namespace sudokit::cli {

std::string format_duration(double seconds) {
  if (!std::isfinite(seconds) || seconds < 0) return "?";
  const auto total = static_cast<long long>(seconds + 0.5);
  const long long h = total / 3600, m = total / 60 % 60, s = total % 60;
  return h > 0 ? fmt::format("{}:{:02}:{:02}", h, m, s) : fmt::format("{}:{:02}", m, s);
}

ProgressBar::ProgressBar(std::string label, std::uint64_t total, bool enabled)
    : label_(std::move(label)), total_(total), enabled_(enabled), start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

ProgressBar::~ProgressBar() { finish(); }

void ProgressBar::advance(std::uint64_t done) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  done_ += done;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_draw_ < std::chrono::milliseconds(100) && done_ != total_) return;
  last_draw_ = now;
  draw();
}

void ProgressBar::draw() {
  const double elapsed = std::chrono::duration<double>(last_draw_ - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done_) / elapsed : 0.0;
  std::string line = fmt::format("{} {}", label_, done_);
  if (total_ > 0) {
    line += fmt::format("/{} ({:.1f}%)", total_, 100.0 * static_cast<double>(done_) / static_cast<double>(total_));
  }
  line += fmt::format("  {:.1f}/s  elapsed {}", rate, format_duration(elapsed));
  if (total_ > 0 && rate > 0) line += "  ETA " + format_duration(static_cast<double>(total_ - std::min(done_, total_)) / rate);
  put(line);
}

void ProgressBar::put(const std::string& line) {
  // \r and "erase to end of line" redraw in place on any ANSI terminal.
  fmt::print(stderr, "\r{}\x1b[K", line);
  std::fflush(stderr);
  drawn_ = true;
}

void ProgressBar::show_line(const std::string& text) {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  put(label_ + ": " + text);
}

void ProgressBar::finish() {
  if (!enabled_) return;
  std::lock_guard lock(mutex_);
  if (!drawn_) return;
  fmt::print(stderr, "\r\x1b[K");
  std::fflush(stderr);
  drawn_ = false;
}

}  // namespace sudokit::cli

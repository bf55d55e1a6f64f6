// sudokit/budget.hpp: how much work one answer may cost, for every library that searches.
//
// A Budget bounds one call (one record): a number of search nodes, a wall-clock time from the
// start of the call, an absolute deadline, or any mix; whichever runs out first stops the
// search. Zero / unset means no limit, so a default Budget is unlimited. A cancel flag, set
// by another thread, ends the call as a passed deadline would (a server shutting down stops
// the records it is working on with it); it is read wherever the clock is.
//
// Nodes are deterministic: the same puzzle, engine and budget stop at the same place on every
// machine, which is what tests and reproducible runs want. What a node is depends on the
// engine (DLX: a row tried; SAT: a conflict; the scorer: a branch; the generator's own search:
// a branch), so node budgets compare within an engine, not across engines.
//
// Time is checked cheaply: BudgetMeter reads the clock only every kClockStride nodes, so a
// search overshoots its deadline by at most a few thousand nodes (microseconds to a few
// milliseconds), and an unlimited budget costs one compare per node.
//
// A search that runs out returns what it knows and says so (SolveResult::complete false,
// Verdict::unknown, ScoreResult::proven false, a removal test that keeps its clue).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <optional>

namespace sudokit {

struct Budget {
  using Clock = std::chrono::steady_clock;

  std::uint64_t nodes = 0;                 ///< search nodes for the whole call; 0: no limit
  std::chrono::nanoseconds time{0};        ///< wall time from the start of the call; 0: no limit
  std::optional<Clock::time_point> deadline;  ///< absolute end (e.g. one record's), if any
  /// Set (true) by another thread to end the call now; null: none. Must outlive the call.
  const std::atomic<bool>* cancel = nullptr;

  bool unlimited() const { return nodes == 0 && time.count() == 0 && !deadline && !cancel; }

  static Budget of_nodes(std::uint64_t n) { return Budget{n, std::chrono::nanoseconds{0}, std::nullopt, nullptr}; }
  static Budget of_time(std::chrono::nanoseconds t) { return Budget{0, t, std::nullopt, nullptr}; }
  /// A time given in seconds (an option's `--timeout 2.5`), as the budget's nanoseconds.
  static std::chrono::nanoseconds seconds(double s) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(s));
  }
};

/// A started Budget: the one absolute deadline (time and deadline folded together), the node
/// cap and the cancel flag. Searches call spent(nodes) with their running node count; it
/// reads the clock (and the flag) only every kClockStride nodes.
class BudgetMeter {
 public:
  static constexpr std::uint64_t kClockStride = 4096;

  BudgetMeter() = default;
  explicit BudgetMeter(const Budget& budget) {
    node_cap_ = budget.nodes != 0 ? budget.nodes : UINT64_MAX;
    if (budget.time.count() != 0) deadline_ = Budget::Clock::now() + budget.time;
    if (budget.deadline && (!deadline_ || *budget.deadline < *deadline_)) deadline_ = budget.deadline;
    cancel_ = budget.cancel;
  }

  bool limited() const { return node_cap_ != UINT64_MAX || timed(); }
  /// Whether clock_passed() can ever be true (a deadline or a cancel flag).
  bool timed() const { return deadline_.has_value() || cancel_ != nullptr; }
  std::uint64_t node_cap() const { return node_cap_; }
  const std::optional<Budget::Clock::time_point>& deadline() const { return deadline_; }

  /// True once `nodes` reaches the cap or the deadline has passed (clock read when asked
  /// through clock_passed(), or every kClockStride nodes here).
  bool spent(std::uint64_t nodes) const {
    if (nodes >= node_cap_) return true;
    return timed() && (nodes % kClockStride) == 0 && clock_passed();
  }
  /// Reads the clock (and the cancel flag) now.
  bool clock_passed() const {
    return cancelled() || (deadline_ && Budget::Clock::now() >= *deadline_);
  }

  /// What is left of this budget after `used` nodes, as a Budget for a nested call.
  Budget remaining(std::uint64_t used) const {
    Budget b;
    if (node_cap_ != UINT64_MAX) b.nodes = used >= node_cap_ ? 1 : node_cap_ - used;
    b.deadline = deadline_;
    b.cancel = cancel_;
    return b;
  }
  const std::atomic<bool>* cancel() const { return cancel_; }
  /// Whether the cancel flag is set (false without one).
  bool cancelled() const { return cancel_ && cancel_->load(std::memory_order_relaxed); }

 private:
  std::uint64_t node_cap_ = UINT64_MAX;
  std::optional<Budget::Clock::time_point> deadline_;
  const std::atomic<bool>* cancel_ = nullptr;
};

}  // namespace sudokit

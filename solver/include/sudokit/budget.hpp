// sudokit/budget.hpp: how much work one answer may cost, for every library that searches.
//
// A Budget bounds one call (one record): a number of search nodes, a wall-clock time from the
// start of the call, an absolute deadline, or any mix; whichever runs out first stops the
// search. Zero / unset means no limit, so a default Budget is unlimited.
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

#include <chrono>
#include <cstdint>
#include <optional>

namespace sudokit {

struct Budget {
  using Clock = std::chrono::steady_clock;

  std::uint64_t nodes = 0;                 ///< search nodes for the whole call; 0: no limit
  std::chrono::nanoseconds time{0};        ///< wall time from the start of the call; 0: no limit
  std::optional<Clock::time_point> deadline;  ///< absolute end (e.g. one record's), if any

  bool unlimited() const { return nodes == 0 && time.count() == 0 && !deadline; }

  static Budget of_nodes(std::uint64_t n) { return Budget{n, std::chrono::nanoseconds{0}, std::nullopt}; }
  static Budget of_time(std::chrono::nanoseconds t) { return Budget{0, t, std::nullopt}; }
  /// A time given in seconds (an option's `--timeout 2.5`), as the budget's nanoseconds.
  static std::chrono::nanoseconds seconds(double s) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(s));
  }
};

/// A started Budget: the one absolute deadline (time and deadline folded together) and the
/// node cap. Searches call spent(nodes) with their running node count; it reads the clock
/// only every kClockStride nodes.
class BudgetMeter {
 public:
  static constexpr std::uint64_t kClockStride = 4096;

  BudgetMeter() = default;
  explicit BudgetMeter(const Budget& budget) {
    node_cap_ = budget.nodes != 0 ? budget.nodes : UINT64_MAX;
    if (budget.time.count() != 0) deadline_ = Budget::Clock::now() + budget.time;
    if (budget.deadline && (!deadline_ || *budget.deadline < *deadline_)) deadline_ = budget.deadline;
  }

  bool limited() const { return node_cap_ != UINT64_MAX || deadline_.has_value(); }
  bool timed() const { return deadline_.has_value(); }
  std::uint64_t node_cap() const { return node_cap_; }
  const std::optional<Budget::Clock::time_point>& deadline() const { return deadline_; }

  /// True once `nodes` reaches the cap or the deadline has passed (clock read when asked
  /// through clock_passed(), or every kClockStride nodes here).
  bool spent(std::uint64_t nodes) const {
    if (nodes >= node_cap_) return true;
    return deadline_ && (nodes % kClockStride) == 0 && Budget::Clock::now() >= *deadline_;
  }
  /// Reads the clock now.
  bool clock_passed() const { return deadline_ && Budget::Clock::now() >= *deadline_; }

  /// What is left of this budget after `used` nodes, as a Budget for a nested call.
  Budget remaining(std::uint64_t used) const {
    Budget b;
    if (node_cap_ != UINT64_MAX) b.nodes = used >= node_cap_ ? 1 : node_cap_ - used;
    b.deadline = deadline_;
    return b;
  }

 private:
  std::uint64_t node_cap_ = UINT64_MAX;
  std::optional<Budget::Clock::time_point> deadline_;
};

}  // namespace sudokit

// scorer.cpp: weights, option parsing, and the Scorer front door.
//
// Scorer settles the cases that need no search (sizes that do not match, clashing givens,
// digits out of range) and hands the rest to one of the two methods: the branch and bound of
// branch_and_bound.cpp, or the enumeration oracle, which runs the DLX engine over every
// solution and keeps the best. The oracle is deliberately naive: it shares no search code
// with the branch and bound, so agreement between them means something.
#include "sudokit/scorer.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <stdexcept>

#include "branch_and_bound.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {

Weights Weights::target(int n) {
  std::vector<std::int64_t> values(static_cast<std::size_t>(n * n));
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) values[static_cast<std::size_t>(r * n + c)] = 6 + std::min({r, c, n - 1 - r, n - 1 - c});
  return Weights(n, std::move(values));
}

std::optional<Weights> Weights::from_values(int n, std::vector<std::int64_t> values, std::string* why) {
  if (n < 1 || n > kMaxSize || values.size() != static_cast<std::size_t>(n * n)) {
    if (why) *why = "a weight table needs N² values for N from 1 to " + std::to_string(kMaxSize);
    return std::nullopt;
  }
  // Keep Σ |weight| × N far from overflow, whatever the search adds up.
  for (std::int64_t v : values)
    if (v > (std::int64_t{1} << 40) || v < -(std::int64_t{1} << 40)) {
      if (why) *why = "weight " + std::to_string(v) + " is out of range (|w| <= 2^40)";
      return std::nullopt;
    }
  return Weights(n, std::move(values));
}

std::optional<Weights> Weights::parse(std::string_view text, std::string* why) {
  std::vector<std::int64_t> values;
  std::size_t i = 0;
  int line = 1;
  while (i < text.size()) {
    const char ch = text[i];
    if (ch == '\n') ++line;
    if (ch == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(ch)) || ch == ',') {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end])) && text[end] != ',' &&
           text[end] != '#')
      ++end;
    std::int64_t value = 0;
    const char* first = text.data() + i;
    const char* last = text.data() + end;
    if (*first == '+') ++first;
    const auto [ptr, ec] = std::from_chars(first, last, value);
    if (ec != std::errc() || ptr != last) {
      if (why) *why = "line " + std::to_string(line) + ": '" + std::string(text.substr(i, end - i)) + "' is not an integer";
      return std::nullopt;
    }
    values.push_back(value);
    i = end;
  }
  int n = 1;
  while (static_cast<std::size_t>(n * n) < values.size()) ++n;
  if (values.empty() || static_cast<std::size_t>(n * n) != values.size()) {
    if (why) *why = std::to_string(values.size()) + " weights is not N² for any N (81 for 9×9)";
    return std::nullopt;
  }
  return from_values(n, std::move(values), why);
}

std::int64_t weighted_sum(const Grid& grid, const Weights& weights) {
  if (weights.n() != grid.shape.n) throw std::invalid_argument("weights do not fit the grid");
  std::int64_t total = 0;
  for (std::size_t i = 0; i < grid.cells.size(); ++i) total += weights.values()[i] * grid.cells[i];
  return total;
}

std::optional<ScoreMethod> parse_score_method(std::string_view name) {
  if (name == "bnb" || name == "branch-and-bound") return ScoreMethod::branch_and_bound;
  if (name == "enumerate") return ScoreMethod::enumerate;
  return std::nullopt;
}

std::string_view score_method_name(ScoreMethod method) {
  return method == ScoreMethod::enumerate ? "enumerate" : "bnb";
}

std::optional<ScoreBudget> parse_score_budget(std::string_view text, std::string* why) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  std::uint64_t number = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + digits, number);
  const std::string_view unit = text.substr(digits);
  ScoreBudget budget;
  if (digits == 0 || ec != std::errc() || ptr != text.data() + digits || number == 0) {
    if (why) {
      why->assign(1, '\'');
      why->append(text).append("' is not a budget (a positive node count, or a time like 5s, 250ms, 2m)");
    }
    return std::nullopt;
  }
  // A time budget beyond a week is no budget a person means, and larger numbers would
  // overflow the conversion to nanoseconds.
  constexpr std::uint64_t kWeekInMs = 7ull * 24 * 3600 * 1000;
  const std::uint64_t ms_per_unit = unit == "ms" ? 1 : unit == "s" ? 1000 : (unit == "m" || unit == "min") ? 60000
                                    : unit == "h" ? 3600000 : 0;
  if (ms_per_unit != 0 && number > kWeekInMs / ms_per_unit) {
    if (why) why->assign("budget '").append(text).append("' is longer than a week");
    return std::nullopt;
  }
  if (unit.empty()) {
    budget.nodes = number;
  } else if (unit == "ms") {
    budget.time = std::chrono::milliseconds(number);
  } else if (unit == "s") {
    budget.time = std::chrono::seconds(number);
  } else if (unit == "m" || unit == "min") {
    budget.time = std::chrono::minutes(number);
  } else if (unit == "h") {
    budget.time = std::chrono::hours(number);
  } else {
    if (why) why->assign("unknown unit '").append(unit).append("' in budget '").append(text).append("' (use ms, s, m or h)");
    return std::nullopt;
  }
  return budget;
}

struct Scorer::Impl {
  explicit Impl(EngineKind engine) : solver(engine) {}
  scoring::BranchAndBound search;
  Solver solver;

  /// `rules`: null for classic Sudoku (a variant's solutions come from the rules overload).
  ScoreResult enumerate(const Grid& puzzle, const Weights& weights, const ScoreOptions& options,
                        const Rules* rules = nullptr) {
    ScoreResult result;
    const auto start = std::chrono::steady_clock::now();
    auto last_progress = start;
    const BudgetMeter meter(options.budget);
    bool stopped = false;
    const auto visit = [&](const Grid& solution) {
      ++result.nodes;
      const std::int64_t value = weighted_sum(solution, weights);
      // Ties go to the smallest grid so that the answer does not depend on the engine's order.
      if (!result.solution || value > result.score || (value == result.score && solution.cells < result.solution->cells)) {
        result.score = value;
        result.solution = solution;
      }
      if (result.nodes >= meter.node_cap()) {
        stopped = true;
        return false;
      }
      if ((result.nodes & 1023) == 0) {
        const auto now = std::chrono::steady_clock::now();
        if ((meter.deadline() && now >= *meter.deadline()) || meter.cancelled()) {
          stopped = true;
          return false;
        }
        if (options.on_progress && now - last_progress >= options.progress_interval) {
          last_progress = now;
          options.on_progress({result.nodes, result.score, true, std::chrono::duration<double>(now - start).count()});
        }
      }
      return true;
    };
    if (rules) solver.enumerate(puzzle, *rules, visit);
    else solver.enumerate(puzzle, visit);
    result.proven = !stopped;
    if (result.proven && result.solution) result.upper_bound = result.score;
    return result;
  }
};

Scorer::Scorer(EngineKind enumerate_engine) : impl_(std::make_unique<Impl>(enumerate_engine)) {}
Scorer::~Scorer() = default;
Scorer::Scorer(Scorer&&) noexcept = default;
Scorer& Scorer::operator=(Scorer&&) noexcept = default;

ScoreResult Scorer::score(const Grid& puzzle, const Rules& rules, const Weights& weights, const ScoreOptions& options) {
  if (rules.classic()) return score(puzzle, weights, options);
  if (weights.n() != puzzle.shape.n || !(rules.shape == puzzle.shape))
    throw std::invalid_argument("the weights and the rules must fit the " + std::to_string(puzzle.shape.n) + "x" +
                                std::to_string(puzzle.shape.n) + " grid");
  if (!find_clashes(rules, puzzle, 1).empty()) {
    ScoreResult none;
    none.proven = true;
    return none;
  }
  // Branch and bound knows classic houses only: a variant is scored by enumeration.
  return impl_->enumerate(puzzle, weights, options, &rules);
}

ScoreResult Scorer::score(const Grid& puzzle, const Weights& weights, const ScoreOptions& options) {
  if (weights.n() != puzzle.shape.n)
    throw std::invalid_argument("a " + std::to_string(weights.n()) + "x" + std::to_string(weights.n()) +
                                " weight table does not fit a " + std::to_string(puzzle.shape.n) + "x" +
                                std::to_string(puzzle.shape.n) + " grid");
  if (!find_clashes(puzzle, 1).empty()) {
    ScoreResult none;
    none.proven = true;  // clashing givens: certainly no solution
    return none;
  }
  if (options.method == ScoreMethod::enumerate) return impl_->enumerate(puzzle, weights, options);

  const scoring::SearchOutcome outcome = impl_->search.run(puzzle, weights.values(), options);
  ScoreResult result;
  result.proven = outcome.proven;
  result.nodes = outcome.nodes;
  if (outcome.found) {
    result.score = outcome.best;
    Grid solution(puzzle.shape);
    solution.cells = outcome.best_digits;
    result.solution = std::move(solution);
  }
  if (outcome.proven) {
    if (outcome.found) result.upper_bound = outcome.best;
  } else if (outcome.has_upper_bound) {
    result.upper_bound = outcome.found ? std::max(outcome.best, outcome.upper_bound) : outcome.upper_bound;
  }
  return result;
}

}  // namespace sudokit

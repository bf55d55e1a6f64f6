#include "sudokit/verifier.hpp"

#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "sudokit/removal_test.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::invalid: return "invalid";
    case Verdict::none: return "none";
    case Verdict::unique: return "unique";
    case Verdict::multiple: return "multiple";
    case Verdict::unknown: return "unknown";
  }
  return "invalid";
}

Verifier::Verifier(EngineKind engine) : solver_(engine) {}

Verification Verifier::verify(const Grid& puzzle, bool check_minimal, const Budget& budget) {
  return verify_under(puzzle, nullptr, check_minimal, budget);
}

Verification Verifier::verify(const Grid& puzzle, const Rules& rules, bool check_minimal, const Budget& budget) {
  return verify_under(puzzle, rules.classic() ? nullptr : &rules, check_minimal, budget);
}

// `rules` null: classic (the fast paths); else the variant's rules throughout.
Verification Verifier::verify_under(const Grid& puzzle, const Rules* rules, bool check_minimal, const Budget& budget) {
  Verification v;
  // One more than is shown, so the description can say that more exist.
  v.clashes = rules ? find_clashes(*rules, puzzle, kReportedClashes + 1) : find_clashes(puzzle, kReportedClashes + 1);
  if (!v.clashes.empty()) {
    v.verdict = Verdict::invalid;
    return v;
  }
  const BudgetMeter meter(budget);
  SolveResult result;
  try {
    result = rules ? solver_.solve(puzzle, *rules, 2, 2, meter.remaining(0)) : solver_.solve(puzzle, 2, 2, meter.remaining(0));
  } catch (const std::invalid_argument& e) {  // the chosen engine cannot take this shape
    v.verdict = Verdict::invalid;
    v.error = e.what();
    return v;
  }
  v.stats = result.stats;
  v.solutions_found = result.count;
  if (result.count >= 2) {
    v.verdict = Verdict::multiple;
    v.solution = std::move(result.solutions[0]);
    v.second = std::move(result.solutions[1]);
    v.differing = differing_cells(*v.solution, *v.second);
    return v;
  }
  if (!result.complete) {
    v.verdict = Verdict::unknown;
    if (result.count == 1) v.solution = std::move(result.solutions[0]);
    return v;
  }
  if (result.count == 0) {
    v.verdict = Verdict::none;
    return v;
  }
  v.solution = std::move(result.solutions[0]);
  v.verdict = Verdict::unique;
  if (check_minimal) {
    bool complete = true;
    v.redundant = redundant_clues_of(puzzle, rules, *v.solution, &v.stats, meter, v.stats.nodes, complete);
    v.minimality_checked = complete;
    v.minimality_unknown = !complete;
    v.minimal = complete && v.redundant.empty();
  }
  return v;
}

std::vector<int> Verifier::redundant_clues(const Grid& puzzle, SearchStats* stats, const Budget& budget,
                                           bool* complete) {
  const BudgetMeter meter(budget);
  bool done = true;
  std::vector<int> redundant;
  SearchStats own;
  const SolveResult solved = solver_.solve(puzzle, 2, 1, meter.remaining(0));
  own += solved.stats;
  if (!solved.complete) {
    done = false;
  } else if (solved.count == 1) {
    redundant = redundant_clues_of(puzzle, nullptr, solved.solutions[0], &own, meter, own.nodes, done);
  }
  if (stats) *stats += own;
  if (complete) *complete = done;
  return redundant;
}

// Clue X is redundant when the puzzle without it still has exactly one solution. The reduced
// puzzle always keeps the original solution, so one count to 2 decides; on the SAT engine's
// sizes one RemovalTester (learning across the clues) asks the same question per clue.
std::vector<int> Verifier::redundant_clues_of(const Grid& puzzle, const Rules* rules, const Grid& solution,
                                              SearchStats* stats, const BudgetMeter& meter, std::uint64_t used,
                                              bool& complete) {
  std::vector<int> redundant;
  complete = true;
  const bool incremental = !rules && solver_.engine_for(puzzle.shape) == EngineKind::sat;
  std::optional<RemovalTester> tester;
  if (incremental) {
    tester.emplace();
    tester->start(solution);
  }
  Grid reduced = puzzle;
  for (int cell = 0; cell < puzzle.shape.cells(); ++cell) {
    const auto index = static_cast<std::size_t>(cell);
    const std::uint8_t clue = puzzle.cells[index];
    if (clue == 0) continue;
    if (used >= meter.node_cap() || meter.clock_passed()) {
      complete = false;
      break;
    }
    reduced.cells[index] = 0;
    bool unique = false;
    if (tester) {
      const std::uint64_t before = tester->stats().nodes;
      const auto answer = tester->test(reduced.cells, {&cell, 1}, meter.remaining(used));
      const std::uint64_t spent = tester->stats().nodes - before;
      used += spent;
      if (stats) {
        stats->nodes += spent;
        stats->guesses += spent;
      }
      if (answer == RemovalTester::Answer::unknown) complete = false;
      unique = answer == RemovalTester::Answer::unique;
    } else {
      SolveResult r = rules ? solver_.solve(reduced, *rules, 2, 0, meter.remaining(used))
                            : solver_.solve(reduced, 2, 0, meter.remaining(used));
      used += r.stats.nodes;
      if (stats) *stats += r.stats;
      if (!r.complete) complete = false;
      unique = r.complete && r.count == 1;
    }
    reduced.cells[index] = clue;
    if (!complete) break;
    if (unique) redundant.push_back(cell);
  }
  return redundant;
}

std::string describe_clashes(const Shape& shape, const std::vector<Clash>& clashes) {
  // The classic houses are the classic variant's rules: one wording for every variant. They
  // are kept per thread for the last shape: a bulk run's clashing records all have one
  // shape, and building the houses was most of what such a record cost.
  thread_local std::optional<Rules> classic;
  if (!classic || !(classic->shape == shape)) classic = make_rules(Variant::classic, shape);
  return describe_clashes(*classic, clashes);
}

}  // namespace sudokit

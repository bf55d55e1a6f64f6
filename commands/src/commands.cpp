// The per-record work of the record commands (see sudokit/commands.hpp). Moved here from the
// program's cmd_*.cpp files unchanged, so the server answers exactly as the program does.
#include "sudokit/commands.hpp"

#include <stdexcept>
#include <string>

#include <fmt/format.h>

namespace sudokit {

ReaderOptions make_reader_options(int size, std::string_view box, std::string_view alphabet,
                                  std::string_view input_format) {
  ReaderOptions options;
  std::string why;
  if (!alphabet.empty()) {
    auto a = Alphabet::from_symbols(std::string(alphabet), &why);
    if (!a) throw std::invalid_argument("--alphabet: " + why);
    options.alphabet = *a;
  }
  if (!box.empty()) {
    auto shape = parse_box(std::string(box), &why);
    if (!shape) throw std::invalid_argument("--box: " + why);
    if (size != 0 && size != shape->n)
      throw std::invalid_argument(
          fmt::format("--box {} makes {}x{} grids, not --size {}", box, shape->n, shape->n, size));
    options.shape = shape;
  } else if (size != 0) {
    auto shape = default_shape(size);
    if (!shape) throw std::invalid_argument(fmt::format("--size {} is not supported (sizes 1 to {})", size, kMaxSize));
    options.shape = shape;
  }
  const auto format = parse_input_format(input_format);
  if (!format)
    throw std::invalid_argument(
        fmt::format("unknown --input-format '{}' (use auto, text, jsonl or csv)", input_format));
  options.format = *format;
  return options;
}

void solve_record(const Record& record, SolveOutcome& outcome, Solver& solver, const SolveSettings& settings) {
  outcome.limit = settings.limit;
  if (!record.grid) {
    outcome.status = "invalid";
    outcome.error = record.error;
    return;
  }
  const Grid& puzzle = *record.grid;
  const Rules* rules = record.rules.get();  // null: classic
  // Clashing givens are the record's error, not a "none". Every engine answers a clash with
  // count 0 (see Solver::solve), so a classic record is only checked for clashes when the
  // engine found no solution or stopped: bulk solving of clash-free puzzles skips the check.
  auto clashed = [&] {
    auto clashes = rules ? find_clashes(*rules, puzzle, kReportedClashes + 1) : find_clashes(puzzle, kReportedClashes + 1);
    if (clashes.empty()) return false;
    outcome.status = "invalid";
    outcome.error = "givens clash: " + (rules ? describe_clashes(*rules, clashes) : describe_clashes(puzzle.shape, clashes));
    return true;
  };
  if (rules && clashed()) return;  // a variant's clashes include its cages' sums: checked first
  std::uint64_t count = 0;
  bool complete = true;
  bool found = false;
  try {
    if (rules) {
      SolveResult result = solver.solve(puzzle, *rules, outcome.limit, 1, settings.budget);
      count = result.count;
      complete = result.complete;
      outcome.stats = result.stats;
      if (!result.solutions.empty()) {
        outcome.spare = std::move(result.solutions.front());
        found = true;
      }
    } else {
      // Classic records, the bulk case: the solution goes straight into the outcome's kept
      // storage (SolveOutcome::reset), so a warm pipeline allocates nothing here.
      count = solver.solve_first(puzzle, outcome.limit, outcome.spare, outcome.stats, complete, settings.budget);
      found = count > 0;
    }
  } catch (const std::invalid_argument& e) {  // e.g. --engine fast on a 16x16 record
    if (!rules && clashed()) return;
    outcome.status = "invalid";
    outcome.error = e.what();
    return;
  }
  if (!rules && (count == 0 || !complete) && clashed()) return;
  outcome.count = count;
  if (found) outcome.solution = std::move(outcome.spare);
  outcome.status = complete ? solve_status(count, outcome.limit) : "unknown";
}

void verify_record(const Record& record, VerifyOutcome& outcome, Verifier& verifier, const VerifySettings& settings) {
  // An unreadable record keeps the default verdict, invalid; the record carries the error.
  if (record.grid)
    outcome.verification = record.rules
                               ? verifier.verify(*record.grid, *record.rules, settings.minimal, settings.budget)
                               : verifier.verify(*record.grid, settings.minimal, settings.budget);
}

std::optional<GradeOptions::Uniqueness> parse_uniqueness(std::string_view name) {
  if (name == "check") return GradeOptions::Uniqueness::check;
  if (name == "assume") return GradeOptions::Uniqueness::assume;
  if (name == "off") return GradeOptions::Uniqueness::off;
  return std::nullopt;
}

void grade_record(const Record& record, GradeOutcome& outcome, Grader& grader, const GradeSettings& settings) {
  outcome.explain = settings.options.record_path;
  if (!record.grid) {
    outcome.status = "invalid";
    outcome.error = record.error;
    return;
  }
  // A puzzle with several solutions is answered "multiple" and nothing more: not graded.
  GradeOptions options = settings.options;
  options.only_unique = true;
  outcome.grade = record.rules ? grader.grade(*record.grid, *record.rules, options) : grader.grade(*record.grid, options);
  outcome.status = grade_status(outcome.grade);
  outcome.error = outcome.status == "multiple"
                      ? "the puzzle has 2 or more solutions: only a uniquely solvable puzzle can be graded"
                      : outcome.grade.error;
}

namespace {
std::string score_status_of(const ScoreResult& result) {
  if (!result.proven) return "unknown";
  return result.solution ? "optimal" : "none";
}

void count_solutions(Solver& counter, const Grid& puzzle, const Rules* rules, const Budget& budget,
                     ScoreOutcome& outcome) {
  bool complete = true;
  const auto any = [](const Grid&) { return true; };
  const std::uint64_t seen = rules ? counter.enumerate(puzzle, *rules, any, UINT64_MAX, nullptr, budget, &complete)
                                   : counter.enumerate(puzzle, any, UINT64_MAX, nullptr, budget, &complete);
  if (complete) outcome.solutions = seen;
  // A count cut short still knows the score's solution, when the score found one (the two
  // share the record's budget, and the score may have left the count almost nothing).
  else outcome.solutions_at_least = std::max<std::uint64_t>(seen, outcome.result.solution ? 1 : 0);
}
}  // namespace

void score_record(const Record& record, ScoreOutcome& outcome, ScoreWorker& worker, const ScoreSettings& settings,
                  const std::function<void(const ScoreProgress&)>& on_progress) {
  if (!record.grid) {
    outcome.status = "invalid";
    outcome.error = record.error;
    return;
  }
  const Grid& puzzle = *record.grid;
  const auto& fixed = settings.weights;
  if (fixed && fixed->n() != puzzle.shape.n) {
    outcome.status = "invalid";
    outcome.error = fmt::format("the {}x{} weight table does not fit a {}x{} grid", fixed->n(), fixed->n(),
                                puzzle.shape.n, puzzle.shape.n);
    return;
  }
  // Whether or not this record would reach the engine (bnb without count does not), as
  // solve does: the fast engine means 9x9 input.
  if (settings.engine == EngineKind::fast && !(puzzle.shape == Shape{9, 3, 3})) {
    outcome.status = "invalid";
    outcome.error = fmt::format("the fast engine takes only 9x9 (3x3 boxes), not {}", describe(puzzle.shape));
    return;
  }
  const Weights weights = fixed ? *fixed : Weights::target(puzzle.shape.n);
  const Rules* rules = record.rules.get();  // null: classic
  // One budget for the record, started now: the score and the --count enumeration after it
  // share its deadline and node cap (each had a budget of its own, so a record with --count
  // could run twice --budget).
  const BudgetMeter record_budget(settings.options.budget);
  ScoreOptions local = settings.options;
  local.budget = record_budget.remaining(0);
  if (on_progress) local.on_progress = on_progress;
  outcome.result = rules ? worker.scorer.score(puzzle, *rules, weights, local) : worker.scorer.score(puzzle, weights, local);
  outcome.status = score_status_of(outcome.result);
  if (const auto clashes = rules ? find_clashes(*rules, puzzle, kReportedClashes + 1)
                                 : find_clashes(puzzle, kReportedClashes + 1);
      !clashes.empty())
    outcome.error = "givens clash: " + (rules ? describe_clashes(*rules, clashes) : describe_clashes(puzzle.shape, clashes));
  if (settings.count) count_solutions(worker.counter, puzzle, rules, record_budget.remaining(outcome.result.nodes), outcome);
}

}  // namespace sudokit

// sudokit/commands.hpp: what each record command (solve, verify, grade, score) does to one
// record, as library calls that every front end shares.
//
// The program (cli/) and the HTTP server (server/) both run records through
// sudokit::for_each_record (pipeline/record_pipeline.hpp) and write them with output/'s
// writers. What happens to one record in between, which outcome a record that cannot be read
// gets, when clashing givens make it invalid, what an engine that refuses a shape means,
// lives here, once, so that the two front ends give the same answers byte for byte: they
// only differ in how they turn their options (command-line words, query parameters) into
// the settings below.
//
// Each `*_record` function fills a default-constructed outcome and may throw; the record
// pipeline turns an exception into that record's `error` answer.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "sudokit/budget.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/output.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/scorer.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/verifier.hpp"

namespace sudokit {

// --- options every record command shares ---------------------------------------------------

/// The reader options of --size, --box, --alphabet and --input-format (0 and "" mean not
/// given). Throws std::invalid_argument with a message naming the option.
ReaderOptions make_reader_options(int size, std::string_view box, std::string_view alphabet,
                                  std::string_view input_format);

// --- solve -------------------------------------------------------------------------------

struct SolveSettings {
  std::uint64_t limit = 2;  ///< count solutions up to this (1: any solution)
  Budget budget;            ///< per record
};
/// Solves one record with `solver` (one per thread): invalid when unreadable, when the givens
/// clash or when the solver's engine does not take the shape; unknown when the budget ran out.
void solve_record(const Record& record, SolveOutcome& outcome, Solver& solver, const SolveSettings& settings);

// --- verify ------------------------------------------------------------------------------

struct VerifySettings {
  bool minimal = false;  ///< also check that every clue is needed
  Budget budget;
};
/// An unreadable record keeps the default verdict (invalid); output.hpp's verify_status and
/// verify_error read the reason from the record.
void verify_record(const Record& record, VerifyOutcome& outcome, Verifier& verifier, const VerifySettings& settings);

// --- grade -------------------------------------------------------------------------------

struct GradeSettings {
  GradeOptions options;  ///< options.record_path: the path too (--explain)
};
/// "check" | "assume" | "off" (GradeOptions::Uniqueness).
std::optional<GradeOptions::Uniqueness> parse_uniqueness(std::string_view name);
void grade_record(const Record& record, GradeOutcome& outcome, Grader& grader, const GradeSettings& settings);

// --- score -------------------------------------------------------------------------------

struct ScoreSettings {
  ScoreOptions options;           ///< method and per-record budget (on_progress: see below)
  std::optional<Weights> weights;  ///< a fixed table; nothing: the contest's rings per size
  bool count = false;             ///< also count the solutions (under the same budget)
  EngineKind engine = EngineKind::automatic;
};
/// Per-thread state of a score run: the scorer and the solver that counts.
struct ScoreWorker {
  explicit ScoreWorker(EngineKind engine) : scorer(engine), counter(engine) {}
  Scorer scorer;
  Solver counter;
};
/// Scores one record. `on_progress`, when given, replaces settings.options.on_progress for
/// this record (a progress display names the record).
void score_record(const Record& record, ScoreOutcome& outcome, ScoreWorker& worker, const ScoreSettings& settings,
                  const std::function<void(const ScoreProgress&)>& on_progress = {});

}  // namespace sudokit

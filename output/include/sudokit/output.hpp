// sudokit/output.hpp: the one record schema every command writes, in each of four layouts.
//
// Commands hand typed results (a SolveOutcome, a Verification, a ScoreOutcome, a
// GradeOutcome, a GeneratedPuzzle) to the writers here; no command assembles a record
// itself, so field names, types and order are the same everywhere (docs/RECORDS.md, with
// the JSON Schema docs/records.schema.json that the tests validate every command against):
//
//   line   one line per record: the answer alone when there is one, else "STATUS: detail"
//          (answers never contain ':', so a script tells the two apart by that character)
//   grid   a block per record (N lines with box rulings) and a blank line; a record with no
//          block to show is its "STATUS: detail" line and a blank line, so reading the output
//          back gives one record per record written
//   jsonl  one JSON object per line: record, source, line, puzzle, status, then the command's
//          fields, then the input record's own fields (jsonl/csv input) that the command did
//          not write, unchanged, so pipelines can join results back
//   csv    a header line, then one row per record (RFC 4180 quoting, one line a row): record,
//          source, line, puzzle, status, box (empty for a size's default box), then the
//          command's columns
//
// Status words (every command): the command's answers (unique, multiple, none, solved,
// optimal, graded ...), `invalid` (the input record is not a readable, rule-abiding puzzle:
// the reason is in `error`), `error` (something went wrong while working on this record:
// the message is in `error`; the run went on). The writers append to a string (the caller
// owns buffering) and never throw for a record.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/generator.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/grid.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/scorer.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/verifier.hpp"

namespace sudokit {

enum class Format { line, grid, jsonl, csv };
std::optional<Format> parse_format_name(std::string_view name);

/// How records are written: the layout and the symbols of digits 1..N.
struct OutputOptions {
  Format format = Format::line;
  Alphabet alphabet = Alphabet::standard();
};

/// One CSV field, quoted when it holds a comma, quote, or line break.
std::string csv_field(std::string_view text);

/// The status word for a record whose work threw: the run goes on, the record says why.
inline constexpr std::string_view kErrorStatus = "error";

// --- solve -------------------------------------------------------------------------------

/// What `sudokit solve` found for one record.
struct SolveOutcome {
  /// "unique", "multiple", "none", "solved" (a solution found with limit 1, so uniqueness
  /// was not checked), "unknown" (the budget ran out: count is a lower bound), "invalid" or
  /// "error".
  std::string status;
  std::uint64_t count = 0;   ///< solutions found, up to the limit
  std::uint64_t limit = 2;
  std::optional<Grid> solution;
  std::string error;         ///< invalid / error: why
  SearchStats stats;

  /// Back to a default outcome, keeping the solution's storage (in `spare`) and the strings'
  /// capacity: the record pipeline reuses one outcome per item, so bulk solving allocates
  /// nothing per record once warm (for_each_record calls this instead of assigning {}).
  void reset() {
    status.clear();
    count = 0;
    limit = 2;
    if (solution) spare = std::move(*solution);
    solution.reset();
    error.clear();
    stats = {};
  }
  /// Storage for the next record's solution (see reset()); never written out.
  Grid spare;
};
/// Status of a solve from its count and limit (see SolveOutcome::status).
std::string solve_status(std::uint64_t count, std::uint64_t limit);
/// The CSV header line of solve output (with a trailing newline).
std::string solve_csv_header();
/// jsonl fields after the common ones: solutions, solution (when found), error (invalid,
/// error), nodes, guesses.
void write_solve(std::string& out, const OutputOptions& options, const Record& record, const SolveOutcome& outcome);

// --- verify ------------------------------------------------------------------------------

/// What `sudokit verify` found: the verifier's verdict, or an error while verifying.
struct VerifyOutcome {
  Verification verification;
  std::string error;  ///< non-empty: the work failed (status "error"), the verdict is void
};
/// "unique", "multiple", "none", "unknown", "invalid" or "error" (an unreadable record is
/// invalid).
std::string verify_status(const Record& record, const VerifyOutcome& outcome);
/// Why the record failed (invalid / error), or "".
std::string verify_error(const Record& record, const VerifyOutcome& outcome);
std::string verify_csv_header();
/// jsonl fields after the common ones: error and clashes (invalid), solution (unique),
/// solutions [two] and differing [cell names] (multiple), minimal and redundant (with
/// --minimal), nodes.
void write_verify(std::string& out, const OutputOptions& options, const Record& record, const VerifyOutcome& outcome);

// --- score -------------------------------------------------------------------------------

struct ScoreOutcome {
  std::string status;  ///< optimal, unknown (budget spent: best so far), none, invalid, error
  std::string error;
  ScoreResult result;
  std::optional<std::uint64_t> solutions;           ///< exact count (--count)
  std::optional<std::uint64_t> solutions_at_least;  ///< a budget stopped the count here
};
std::string score_csv_header();
/// line: the score alone (-1 when there is none or the record failed: the contest's
/// output); jsonl fields after the common ones: score, proven, nodes, solution,
/// upper_bound (unknown: no solution scores more), solutions or solutions_at_least
/// (--count), error.
void write_score(std::string& out, const OutputOptions& options, const Record& record, const ScoreOutcome& outcome);

// --- grade -------------------------------------------------------------------------------

struct GradeOutcome {
  /// graded; invalid (unreadable, clashing givens); none (no solution); multiple (a grade
  /// needs exactly one solution); unknown (GradeOptions::budget ran out); error.
  std::string status;
  std::string error;
  Grade grade;
  bool explain = false;  ///< write the solving path too
};
/// The status of a finished Grade (see GradeOutcome::status).
std::string grade_status(const Grade& grade);
std::string grade_csv_header(bool explain);
/// line: "LEVEL RATING SCORE HARDEST" (then the path, one indented step a line, with
/// explain); jsonl fields after the common ones: level, rating, score, hardest, steps {technique: count},
/// givens, guesses, unique, path (with explain), error. unknown: rating (a lower bound), score,
/// hardest, steps (the steps taken), givens, guesses, unique, path, and error saying so.
void write_grade(std::string& out, const OutputOptions& options, const Record& record, const GradeOutcome& outcome);

// --- generate ----------------------------------------------------------------------------

/// What a generate record shows besides the puzzle.
struct GenerateLayout {
  bool with_solution = false;  ///< line: "PUZZLE SOLUTION"; grid: the solution as '#' lines
  bool graded = false;         ///< level, score, hardest columns in csv
  /// Not classic (issue 18): every layout names the variant's data. line: jigsaw as
  /// "PUZZLE REGIONS [SOLUTION]" (killer cages have no line form: the caller refuses it);
  /// grid: "variant V" in the comment (x and hyper only: the block holds no regions or
  /// cages); jsonl: `variant`, then `regions` (jigsaw) or `cages` (killer) after `minimal`;
  /// csv: `variant` and `regions`/`cages` columns after `minimal` (cages as JSON text).
  Variant variant = Variant::classic;
  /// The run's box when it is not its size's default (--box 3x2 on 6x6): csv then has a `box`
  /// column ("RxC") after `status`, so that the output reads back with its boxes (jsonl
  /// writes a `box` field after `status` for such grids whatever the layout).
  std::optional<Shape> box;
};
/// "RxC" for a shape whose box is not its size's default (what `box` fields and columns
/// hold, and what the reader takes back); nothing for a default shape.
std::optional<std::string> box_text(const Shape& shape);
std::string generate_csv_header(const GenerateLayout& layout);
/// One generated puzzle. Its `record` field is index + 1 (generate reads no input, so there
/// is no source or line): the same in a shard's output as in the full run, so that shards
/// merge into the full run byte for byte. status "unique", or "error"
/// with the reason for an index that could not be made. jsonl fields after the common ones:
/// index, seed, solution, clues, symmetry, minimal, then level, score, hardest when graded.
void write_generated(std::string& out, const OutputOptions& options, const GenerateLayout& layout,
                     const GeneratedPuzzle& puzzle);

// --- where records go ----------------------------------------------------------------------

/// Buffered output to a stdio stream (standard output by default). Records are appended
/// whole. end_batch(input_waited) is called when the records before it are all written:
/// when the stream is a pipe, a terminal or a socket (someone may be waiting for the
/// answer) it flushes if the input had nothing more ready (a client waits for these
/// answers) or 50 ms have passed since the last flush (slow records still trickle out);
/// otherwise, and to a regular file, it writes in 64 KiB blocks, so bulk throughput pays
/// no system call per batch.
class OutputSink {
 public:
  explicit OutputSink(std::FILE* stream = stdout);
  ~OutputSink();
  OutputSink(const OutputSink&) = delete;
  OutputSink& operator=(const OutputSink&) = delete;

  void write(std::string_view text);
  void end_batch(bool input_waited);
  void flush();
  /// False once a write failed (a closed pipe, a full disk).
  bool ok() const { return ok_; }
  bool interactive() const { return interactive_; }

 private:
  std::FILE* stream_;
  std::string buffer_;
  std::chrono::steady_clock::time_point last_flush_;
  bool interactive_ = false;
  bool ok_ = true;
};

}  // namespace sudokit

// The outcomes as bytes, so the record loop can spread them over a cluster (cluster.hpp).
#include "sudokit/output_wire.hpp"

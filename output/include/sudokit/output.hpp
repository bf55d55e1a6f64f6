// sudokit/output.hpp: how records are written, in each of the four layouts.
//
//   line   one line per record: the answer alone when there is one, else "STATUS: detail"
//          (answers never contain ':', so a script tells the two apart by that character)
//   grid   a block per record (N lines with box rulings) and a blank line; other statuses as
//          a "# STATUS: detail" comment line and a blank line
//   jsonl  one JSON object per line (the fields are listed with each writer below)
//   csv    a header line, then one row per record (RFC 4180 quoting)
//
// The writers append to a string (the caller owns buffering) and never fail. Every input
// record gets exactly one output record, whatever happened to it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/verifier.hpp"

namespace sudokit {

enum class Format { line, grid, jsonl, csv };
std::optional<Format> parse_format_name(std::string_view name);

/// One CSV field, quoted when it holds a comma, quote, or line break.
std::string csv_field(std::string_view text);

/// What `sudokit solve` found for one record.
struct SolveOutcome {
  /// "unique", "multiple", "none", "invalid", or "solved" (a solution found with --limit 1,
  /// so uniqueness was not checked).
  std::string status;
  std::uint64_t count = 0;   ///< solutions found, up to the limit
  std::uint64_t limit = 2;
  std::optional<Grid> solution;
  std::string error;         ///< invalid: why
  SearchStats stats;
};

/// Status of a solve from its count and limit (see SolveOutcome::status).
std::string solve_status(std::uint64_t count, std::uint64_t limit);

/// The CSV header line of solve output (with a trailing newline).
std::string solve_csv_header();
/// Appends one solve record. jsonl fields: record, source, line, puzzle, status, solutions,
/// solution (when found), error (when invalid), nodes, guesses.
void write_solve(std::string& out, Format format, const Record& record, const SolveOutcome& outcome,
                 const Alphabet& alphabet);

/// The CSV header line of verify output.
std::string verify_csv_header();
/// Appends one verify record. jsonl fields: record, source, line, puzzle, status, and with it
/// solution (unique), solutions [two] and differing [cell names] (multiple), clashes and error
/// (invalid), minimal and redundant [cell names] (with --minimal).
/// An unreadable record (no grid) is written as invalid with the reader's message.
void write_verify(std::string& out, Format format, const Record& record, const Verification& verification,
                  const Alphabet& alphabet);

}  // namespace sudokit

// requests.hpp: what a request asks for, from its query string or JSON body.
//
// The record endpoints take the program's option names as query parameters (limit=1,
// engine=dlx, minimal, explain=true, input-format=csv ...), validated by the same library
// functions and with the same messages as the command line, so a client can move between
// `sudokit solve --limit 1` and `POST /v1/solve?limit=1` without a table. Differences, all
// for the server's safety: timeouts are capped by the server's per-record timeout (0 or
// none means that cap, never unlimited), `weights` takes only `target` (no file access),
// `format` takes only jsonl (the answer is ndjson), and threads are the server's.
// /v1/generate takes a JSON object whose keys are generate's option names (with '-' or
// '_'): {"count": 10, "seed": 7, "symmetry": "rot180", "clues": "24-28", "grade": true}.
// Anything not understood is a BadRequest (400 with its message), never ignored.
#pragma once

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudokit/batch.hpp"
#include "sudokit/commands.hpp"
#include "sudokit/output.hpp"
#include "sudokit/reader.hpp"

namespace sudokit::server_detail {

/// A request the server will not run: answered 400 with this message.
struct BadRequest : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using Query = std::vector<std::pair<std::string, std::string>>;
/// Splits "a=1&b=x%20y" into decoded pairs ('+' is a space); throws BadRequest for bad escapes.
Query parse_query(std::string_view query);

enum class RecordCommand { solve, verify, grade, score };
std::string_view command_name(RecordCommand command);

/// Everything one record request runs with.
struct RecordJob {
  RecordCommand command = RecordCommand::solve;
  ReaderOptions reader;
  OutputOptions output;  ///< jsonl, with the alphabet of `alphabet`
  std::string source = "<stdin>";
  EngineKind engine = EngineKind::automatic;
  SolveSettings solve;
  VerifySettings verify;
  GradeSettings grade;
  ScoreSettings score;
};

/// The per-record budget caps (ServerOptions::record_timeout) and the request's deadline.
struct JobLimits {
  std::chrono::milliseconds record_timeout{10000};
  std::chrono::steady_clock::time_point deadline;
  const std::atomic<bool>* cancel = nullptr;  ///< the server's "stop every record now" (drain timeout)
};

RecordJob parse_record_job(RecordCommand command, const Query& query, const JobLimits& limits);

/// A /v1/generate body as a BatchRequest (validated by impossible_request), the layout and
/// the alphabet its records are written in. `max_count` bounds count.
struct GenerateJob {
  BatchRequest request;
  GenerateLayout layout;
  OutputOptions output;
};
GenerateJob parse_generate_job(std::string_view body, std::uint64_t max_count, const JobLimits& limits);

}  // namespace sudokit::server_detail

// common.hpp: what every `sudokit` subcommand shares.
//
// Boost.Program_options has no subcommands, so main.cpp takes the first word as the
// command name and hands the remaining arguments to that command's `run_*` function. Each
// command builds its own options_description from the pieces here (input options, threads,
// format), parses with parse_command_line(), and for record-processing commands hands its
// work to sudokit::for_each_record (pipeline/record_pipeline.hpp) and its typed results to
// output/'s writers: the front end translates options and calls the libraries, nothing more.
//
// Exit codes (documented in README.md): 0 all good, 1 some record failed, 2 usage or I/O.
// Errors: a UsageError thrown anywhere in a command becomes "sudokit CMD: message" and exit 2.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options.hpp>

#include "sudokit/grid.hpp"
#include "sudokit/output.hpp"
#include "sudokit/pipeline.hpp"
#include "sudokit/record_pipeline.hpp"
#include "sudokit/reader.hpp"
#include "sudokit/solver.hpp"

namespace sudokit::cli {

namespace po = boost::program_options;

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailures = 1;  ///< some record was invalid, unsolvable, not unique...
inline constexpr int kExitUsage = 2;     ///< bad options, or a file that could not be read/written

/// A bad command line; main prints it with the command name and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Output layouts (line, grid, jsonl, csv) are sudokit::Format from output.hpp.
using sudokit::Format;
/// Parses --format; throws UsageError naming the accepted values.
Format parse_format(const std::string& text);

/// --size, --box, --alphabet, --input-format and the positional input files.
struct InputOptions {
  std::vector<std::string> files;  ///< none, or "-", means standard input
  int size = 0;
  std::string box;
  std::string alphabet;
  std::string input_format = "auto";
  std::string variant = "classic";  ///< --variant (commands that declare add_variant_option)
  /// Validates the values above and builds the reader options; throws UsageError.
  ReaderOptions reader_options() const;
  /// The parsed --variant; throws UsageError.
  Variant variant_kind() const;
};
void add_input_options(po::options_description& options, InputOptions& values);
/// --variant classic|x|hyper|jigsaw|killer (records' rules, see reader.hpp).
void add_variant_option(po::options_description& options, InputOptions& values);
/// Throws UsageError when --engine names an engine that cannot take the variant (fast and
/// sat solve classic Sudoku only; auto and dlx solve every variant).
void check_engine_takes_variant(EngineKind engine, Variant variant);

/// --threads N (0 = every core); --engine auto|dlx|fast.
void add_threads_option(po::options_description& options, int& threads);
void add_engine_option(po::options_description& options, std::string& engine);
/// Parses --engine; throws UsageError.
EngineKind parse_engine_option(const std::string& text);
/// Checks --threads; throws UsageError for negative values.
int checked_threads(int threads);

/// What every record-processing command (solve, verify, score, grade) takes besides its own
/// options: --format, --engine, --threads and the input options. Declare with
/// add_record_options(), then read the parsed values through the accessors, which throw
/// UsageError for a bad value.
struct RecordOptions {
  InputOptions input;
  int threads = 0;
  std::string format_text = "line";
  std::string engine_text;
  bool grid_layout = true;  ///< whether --format grid is offered (one-line verdicts have none)
  bool budgets = true;           ///< whether --timeout and --nodes are offered
  double timeout_seconds = 0;    ///< --timeout: wall time per record (0: none)
  std::uint64_t node_limit = 0;  ///< --nodes: search nodes per record (0: none; deterministic)

  Format format() const;
  EngineKind engine() const { return parse_engine_option(engine_text); }
  int thread_count() const { return checked_threads(threads); }
  /// The layout and the alphabet of --alphabet (checked like reader_options()).
  OutputOptions output_options() const;
  /// --threads, and records per batch (1 for commands whose records can take seconds).
  PipelineOptions pipeline_options(std::size_t batch_size = 64) const;
  /// The per-record budget of --timeout and --nodes (unlimited when neither is given). A
  /// record that runs out is answered `unknown` with what was found; the run goes on.
  Budget budget() const;
};
/// Declares --format, --engine, --threads, --timeout, --nodes and the input options;
/// `default_timeout` is --timeout's default in seconds (0: none).
void add_record_options(po::options_description& options, RecordOptions& values, double default_timeout = 0);

/// Parses `args` (the words after the command name) against `options`; positional words go
/// to `positional` when given (else they are an error). Prints help and returns false for
/// --help. Throws UsageError on any parse error. The parsed variables go to `variables` when
/// given (for vm.count("option"): was it on the command line).
bool parse_command_line(const std::vector<std::string>& args, const po::options_description& options,
                        const std::string& usage, std::vector<std::string>* positional,
                        po::variables_map* variables = nullptr);

/// "FILE:LINE: message" on stderr (the convention editors and CI logs understand).
void diagnose(const Record& record, std::string_view message);

/// The documented exit code of a record-processing command, once its records are written:
/// flushes `output`; 2 (with a message naming the command) when the output could not be
/// written or an input could not be read, else 1 when some record failed, else 0.
int finish_command(std::string_view command, OutputSink& output, const RecordStream& input, bool every_record_good);

/// True when stderr is a terminal (progress displays only then).
bool stderr_is_terminal();

}  // namespace sudokit::cli

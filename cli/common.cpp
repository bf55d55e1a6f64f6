#include "common.hpp"

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <iostream>

#include <fmt/format.h>

#include "sudokit/commands.hpp"

namespace sudokit::cli {

Format parse_format(const std::string& text) {
  if (auto format = parse_format_name(text)) return *format;
  throw UsageError(fmt::format("unknown --format '{}' (use line, grid, jsonl or csv)", text));
}

Variant InputOptions::variant_kind() const {
  const auto kind = parse_variant(variant);
  if (!kind) throw UsageError(fmt::format("--variant {}: expected classic, x, hyper, jigsaw or killer", variant));
  return *kind;
}

void add_variant_option(po::options_description& options, InputOptions& values) {
  options.add_options()("variant", po::value(&values.variant)->default_value("classic")->value_name("V"),
                        "classic, x (both diagonals), hyper (windows), jigsaw (PUZZLE REGIONS or a 'regions' "
                        "field) or killer (a jsonl 'cages' field); see docs/RECORDS.md");
}

void check_engine_takes_variant(EngineKind engine, Variant variant) {
  if (variant != Variant::classic && (engine == EngineKind::fast || engine == EngineKind::sat))
    throw UsageError(fmt::format("--engine {} solves classic Sudoku only; --variant {} needs --engine dlx or auto",
                                 engine_name(engine), variant_name(variant)));
}

ReaderOptions InputOptions::reader_options() const {
  ReaderOptions options;
  try {
    options = make_reader_options(size, box, alphabet, input_format);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  options.variant = variant_kind();
  return options;
}

void add_input_options(po::options_description& options, InputOptions& values) {
  options.add_options()
      ("size", po::value(&values.size)->value_name("N"),
       "grid size N (NxN); default: detected per record")
      ("box", po::value(&values.box)->value_name("RxC"),
       "box of R rows by C columns (e.g. 2x3 for 6x6); default: the tallest box not above sqrt(N)")
      ("alphabet", po::value(&values.alphabet)->value_name("SYMBOLS"),
       "symbols of digits 1..N in order (e.g. 0123456789ABCDEF); default 1-9 then A-Z, '.' or '0' empty")
      ("input-format", po::value(&values.input_format)->default_value("auto")->value_name("FMT"),
       "auto (per input: a first '{' is jsonl, a header naming 'puzzle' is csv, else text), text, jsonl or csv");
}

void add_threads_option(po::options_description& options, int& threads) {
  options.add_options()("threads,j", po::value(&threads)->default_value(0)->value_name("N"),
                        "worker threads (0 = every core)");
}

void add_engine_option(po::options_description& options, std::string& engine) {
  options.add_options()("engine", po::value(&engine)->default_value("auto")->value_name("NAME"),
                        "auto (fast for 9x9, dlx up to 19x19, sat above), dlx (Dancing Links, any size), fast (9x9 only) or sat (CaDiCaL, any size)");
}

EngineKind parse_engine_option(const std::string& text) {
  auto kind = parse_engine(text);
  if (!kind) throw UsageError(fmt::format("unknown --engine '{}' (use auto, dlx, fast or sat)", text));
  return *kind;
}

int checked_threads(int threads) {
  if (threads < 0) throw UsageError(fmt::format("--threads {} is negative (0 means every core)", threads));
  return threads;
}

Format RecordOptions::format() const {
  // verify and grade write one line per record: their usage names the layouts they have.
  const auto parsed = parse_format_name(format_text);
  if (!parsed)
    throw UsageError(fmt::format("unknown --format '{}' (use {})", format_text,
                                 grid_layout ? "line, grid, jsonl or csv" : "line, jsonl or csv"));
  if (*parsed == Format::grid && !grid_layout)
    throw UsageError("this command writes one line per record: use --format line, jsonl or csv");
  return *parsed;
}

OutputOptions RecordOptions::output_options() const {
  OutputOptions options;
  options.format = format();
  options.alphabet = input.reader_options().alphabet;
  return options;
}

PipelineOptions RecordOptions::pipeline_options(std::size_t batch_size) const {
  PipelineOptions options;
  options.threads = thread_count();
  options.batch_size = batch_size;
  return options;
}

void add_budget_options(po::options_description& options, RecordOptions& values, double default_timeout);

Budget RecordOptions::budget() const {
  Budget budget;
  budget.nodes = node_limit;
  budget.time = Budget::seconds(timeout_seconds);
  return budget;
}

void add_record_options(po::options_description& options, RecordOptions& values, double default_timeout) {
  values.timeout_seconds = default_timeout;
  options.add_options()("format,f", po::value(&values.format_text)->default_value("line")->value_name("FMT"),
                        values.grid_layout ? "line, grid, jsonl or csv" : "line, jsonl or csv");
  if (values.budgets) add_budget_options(options, values, default_timeout);
  add_engine_option(options, values.engine_text);
  add_threads_option(options, values.threads);
  add_input_options(options, values.input);
}


void add_budget_options(po::options_description& options, RecordOptions& values, double default_timeout) {
  options.add_options()
      ("timeout", po::value(&values.timeout_seconds)->default_value(default_timeout)->value_name("SECONDS")
           ->notifier([](double seconds) {
             if (!(seconds >= 0) || seconds > 1e9)
               throw UsageError(fmt::format("--timeout {} must be between 0 (none) and 1000000000 seconds", seconds));
           }),
       "wall time per record; a record that runs out is answered 'unknown' with what was found (0: none)")
      // As text: Boost reads "-1" into an unsigned value as its largest (no limit at all).
      ("nodes", po::value<std::string>()->default_value("0")->value_name("N")->notifier([&values](const std::string& text) {
         const bool digits = !text.empty() && text.size() <= 19 && text.find_first_not_of("0123456789") == std::string::npos;
         if (!digits) throw UsageError(fmt::format("--nodes {} must be a whole number of nodes, 0 (none) or more", text));
         values.node_limit = std::stoull(text);
       }),
       "search nodes per record, deterministic (0: none); a record that runs out is 'unknown'");
}

bool parse_command_line(const std::vector<std::string>& args, const po::options_description& options,
                        const std::string& usage, std::vector<std::string>* positional,
                        po::variables_map* variables) {
  po::options_description all;
  all.add(options);
  bool help = false;
  po::options_description help_option;
  help_option.add_options()("help,h", po::bool_switch(&help), "show this help");
  all.add(help_option);
  std::vector<std::string> rest;
  po::options_description hidden;
  hidden.add_options()("input-file", po::value(&rest));
  po::options_description parse_set;
  parse_set.add(all).add(hidden);
  po::positional_options_description pos;
  pos.add("input-file", -1);
  po::variables_map local;
  po::variables_map& vm = variables ? *variables : local;
  try {
    po::store(po::command_line_parser(args).options(parse_set).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  if (help) {
    std::cout << usage << "\n\n" << all << std::flush;
    return false;
  }
  if (positional) {
    *positional = rest;
  } else if (!rest.empty()) {
    throw UsageError(fmt::format("unexpected argument '{}'", rest.front()));
  }
  return true;
}

void diagnose(const Record& record, std::string_view message) {
  fmt::print(stderr, "{}:{}: {}\n", record.source, record.line, message);
}

int finish_command(std::string_view command, OutputSink& output, const RecordStream& input, bool every_record_good) {
  output.flush();
  if (!output.ok()) {
    fmt::print(stderr, "sudokit {}: cannot write the output\n", command);
    return kExitUsage;
  }
  if (input.io_failed()) return kExitUsage;
  return every_record_good ? kExitOk : kExitFailures;
}

bool stderr_is_terminal() { return ::isatty(STDERR_FILENO) == 1; }

}  // namespace sudokit::cli

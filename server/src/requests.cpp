#include "requests.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <random>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "sudokit/grader.hpp"

namespace sudokit::server_detail {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string url_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c == '%') {
      if (i + 2 >= text.size()) throw BadRequest("a '%' escape in the query is cut short");
      const int h = hex_value(text[i + 1]), l = hex_value(text[i + 2]);
      if (h < 0 || l < 0) throw BadRequest("a '%' escape in the query is not two hex digits");
      out += static_cast<char>(h * 16 + l);
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

template <class Number>
bool whole(std::string_view text, Number& value) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && result.ec == std::errc{} && result.ptr == text.data() + text.size();
}

bool parse_flag(const std::string& name, const std::string& value) {
  if (value.empty() || value == "1" || value == "true" || value == "yes") return true;
  if (value == "0" || value == "false" || value == "no") return false;
  throw BadRequest(fmt::format("{}={}: use true or false", name, value));
}

double parse_seconds(const std::string& name, const std::string& value) {
  double seconds = 0;
  std::size_t used = 0;
  try {
    seconds = std::stod(value, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != value.size() || value.empty() || !(seconds >= 0) || seconds > 1e9)
    throw BadRequest(fmt::format("{}={} must be 0 (the server's limit) or more seconds", name, value));
  return seconds;
}

/// A per-record time: what the client asked for, never more than the server's cap (0: the cap).
std::chrono::nanoseconds capped(double seconds, std::chrono::milliseconds cap) {
  const auto asked = Budget::seconds(seconds);
  const auto limit = std::chrono::duration_cast<std::chrono::nanoseconds>(cap);
  if (asked.count() <= 0) return limit;
  return std::min(asked, limit);
}

}  // namespace

Query parse_query(std::string_view query) {
  Query out;
  while (!query.empty()) {
    const auto amp = query.find('&');
    const std::string_view part = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (part.empty()) continue;
    const auto eq = part.find('=');
    std::string name = url_decode(part.substr(0, eq));
    std::string value = eq == std::string_view::npos ? std::string() : url_decode(part.substr(eq + 1));
    // A NUL would cut every message that quotes the parameter (C strings), and no option
    // takes one; a parameter given twice would leave the client guessing which one counted.
    const std::string_view raw = part.substr(0, std::min(eq, part.size()));
    if (name.find('\0') != std::string::npos || value.find('\0') != std::string::npos)
      throw BadRequest(fmt::format("query parameter '{}' holds a NUL byte (%00)", raw));
    for (const auto& [earlier, ignored] : out)
      if (earlier == name) throw BadRequest(fmt::format("query parameter '{}' is given twice", name));
    out.emplace_back(std::move(name), std::move(value));
  }
  return out;
}

std::string_view command_name(RecordCommand command) {
  switch (command) {
    case RecordCommand::solve: return "solve";
    case RecordCommand::verify: return "verify";
    case RecordCommand::grade: return "grade";
    case RecordCommand::score: return "score";
  }
  return "?";
}

RecordJob parse_record_job(RecordCommand command, const Query& query, const JobLimits& limits) {
  RecordJob job;
  job.command = command;
  int size = 0;
  std::string box, alphabet, input_format = "auto", engine_text = "auto", uniqueness = "check", method = "bnb",
                           variant_text = "classic";
  std::optional<std::string> budget_text;  // given at all: "budget=" is an error, not "none"
  double timeout = 0;
  std::uint64_t nodes = 0;
  long long limit = 2;
  bool minimal = false, explain = false, easiest_path = false, count = false;
  for (const auto& [name, value] : query) {
    if (name == "size") {
      if (!whole(value, size) || size < 0) throw BadRequest(fmt::format("size={} is not a grid size", value));
    } else if (name == "box") {
      box = value;
    } else if (name == "alphabet") {
      alphabet = value;
    } else if (name == "input-format") {
      input_format = value;
    } else if (name == "engine") {
      engine_text = value;
    } else if (name == "variant") {
      variant_text = value;
    } else if (name == "format") {
      if (value != "jsonl") throw BadRequest("format: the server answers jsonl (application/x-ndjson) only");
    } else if (name == "source") {
      if (value.empty() || value.size() > 200) throw BadRequest("source= names the input in 1 to 200 bytes");
      job.source = value;
    } else if (name == "timeout") {
      timeout = parse_seconds(name, value);
    } else if (name == "nodes") {
      if (!whole(value, nodes)) throw BadRequest(fmt::format("nodes={} is not a whole number", value));
    } else if (command == RecordCommand::solve && name == "limit") {
      if (!whole(value, limit)) throw BadRequest(fmt::format("limit={} is not a whole number", value));
      if (limit < 1) throw BadRequest(fmt::format("--limit {} must be at least 1", limit));
    } else if (command == RecordCommand::verify && name == "minimal") {
      minimal = parse_flag(name, value);
    } else if (command == RecordCommand::grade && name == "explain") {
      explain = parse_flag(name, value);
    } else if (command == RecordCommand::grade && name == "easiest-path") {
      easiest_path = parse_flag(name, value);
    } else if (command == RecordCommand::grade && name == "uniqueness") {
      uniqueness = value;
    } else if (command == RecordCommand::score && name == "method") {
      method = value;
    } else if (command == RecordCommand::score && name == "budget") {
      budget_text = value;
    } else if (command == RecordCommand::score && name == "count") {
      count = parse_flag(name, value);
    } else if (command == RecordCommand::score && name == "weights") {
      if (value != "target")
        throw BadRequest("weights: only 'target' (the contest's rings); the server reads no files");
    } else {
      throw BadRequest(fmt::format("unknown option '{}' for {}", name, command_name(command)));
    }
  }
  try {
    job.reader = make_reader_options(size, box, alphabet, input_format);
  } catch (const std::invalid_argument& e) {
    throw BadRequest(e.what());
  }
  job.output.format = Format::jsonl;
  job.output.alphabet = job.reader.alphabet;
  const auto engine = parse_engine(engine_text);
  if (!engine) throw BadRequest(fmt::format("unknown --engine '{}' (use auto, dlx, fast or sat)", engine_text));
  job.engine = *engine;
  const auto variant = parse_variant(variant_text);
  if (!variant) throw BadRequest(fmt::format("--variant {}: expected classic, x, hyper, jigsaw or killer", variant_text));
  if (*variant != Variant::classic && (job.engine == EngineKind::fast || job.engine == EngineKind::sat))
    throw BadRequest(fmt::format("--engine {} solves classic Sudoku only; --variant {} needs --engine dlx or auto",
                                 engine_text, variant_text));
  job.reader.variant = *variant;

  Budget budget;
  budget.nodes = nodes;
  budget.time = capped(timeout, limits.record_timeout);
  budget.deadline = limits.deadline;
  budget.cancel = limits.cancel;
  switch (command) {
    case RecordCommand::solve:
      job.solve.limit = static_cast<std::uint64_t>(limit);
      job.solve.budget = budget;
      break;
    case RecordCommand::verify:
      job.verify.minimal = minimal;
      job.verify.budget = budget;
      break;
    case RecordCommand::grade: {
      job.grade.options.record_path = explain;
      job.grade.options.easiest_path = easiest_path;
      const auto mode = parse_uniqueness(uniqueness);
      if (!mode) throw BadRequest(fmt::format("unknown --uniqueness '{}' (use check, assume or off)", uniqueness));
      job.grade.options.uniqueness = *mode;
      job.grade.options.budget = budget;  // the per-record timeout and the request's deadline
      break;
    }
    case RecordCommand::score: {
      const auto parsed = parse_score_method(method);
      if (!parsed) throw BadRequest(fmt::format("unknown --method '{}' (use bnb or enumerate)", method));
      job.score.options.method = *parsed;
      job.score.options.budget = budget;
      if (budget_text) {
        std::string why;
        const auto extra = parse_score_budget(*budget_text, &why);
        if (!extra) throw BadRequest("--budget: " + why);
        if (extra->nodes != 0) job.score.options.budget.nodes = extra->nodes;
        if (extra->time.count() != 0)
          job.score.options.budget.time = std::min(extra->time, std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                                    limits.record_timeout));
      }
      job.score.count = count;
      job.score.engine = job.engine;
      break;
    }
  }
  return job;
}

namespace {

// JSON helpers for generate's body: each refuses a value of the wrong type by name.
std::uint64_t json_unsigned(const std::string& key, const nlohmann::json& value) {
  std::uint64_t out = 0;
  if (value.is_number_unsigned()) return value.get<std::uint64_t>();
  if (value.is_string() && whole(value.get<std::string>(), out)) return out;
  throw BadRequest(fmt::format("{}: write a whole number from 0 to 18446744073709551615", key));
}

bool json_bool(const std::string& key, const nlohmann::json& value) {
  if (!value.is_boolean()) throw BadRequest(fmt::format("{}: write true or false", key));
  return value.get<bool>();
}

std::string json_string(const std::string& key, const nlohmann::json& value) {
  if (!value.is_string()) throw BadRequest(fmt::format("{}: write a string", key));
  return value.get<std::string>();
}

// "A-B" with whole numbers (B may be missing for a single value when `single` is allowed).
template <class Number>
bool whole_pair(std::string_view text, Number& first, Number& second) {
  const auto at = text.find('-', 1);
  return at != std::string_view::npos && whole(text.substr(0, at), first) && whole(text.substr(at + 1), second);
}

}  // namespace

GenerateJob parse_generate_job(std::string_view body, std::uint64_t max_count, const JobLimits& limits) {
  nlohmann::json options;
  if (body.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    options = nlohmann::json::object();
  } else {
    options = nlohmann::json::parse(body.begin(), body.end(), nullptr, false);
    if (options.is_discarded()) throw BadRequest("the body is not JSON: send an object of generate's options");
  }
  if (!options.is_object()) throw BadRequest("the body must be a JSON object of generate's options");

  GenerateJob job;
  BatchRequest& request = job.request;
  GeneratorConfig& config = request.config;
  int size = 9;
  bool sized = false;
  std::string box, alphabet;
  std::optional<std::uint64_t> seed, puzzle_seed;
  bool with_solution = false;
  std::optional<double> timeout;
  for (const auto& [raw_key, value] : options.items()) {
    std::string key = raw_key;
    std::replace(key.begin(), key.end(), '_', '-');
    if (key == "count") {
      request.count = json_unsigned(key, value);
    } else if (key == "seed") {
      seed = json_unsigned(key, value);
    } else if (key == "puzzle-seed") {
      puzzle_seed = json_unsigned(key, value);
    } else if (key == "size") {
      const std::uint64_t n = json_unsigned(key, value);
      if (n > 1000) throw BadRequest("size: too large");
      size = static_cast<int>(n);
      sized = true;
    } else if (key == "box") {
      box = json_string(key, value);
    } else if (key == "alphabet") {
      alphabet = json_string(key, value);
    } else if (key == "symmetry") {
      const auto symmetry = parse_symmetry(json_string(key, value));
      if (!symmetry)
        throw BadRequest("unknown symmetry (use none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral "
                         "or random)");
      config.symmetry = *symmetry;
    } else if (key == "clues") {
      int low = 0, high = 0;
      if (value.is_number_integer()) {
        low = high = value.get<int>();
      } else if (value.is_string()) {
        const std::string text = value.get<std::string>();
        const bool single = text.find('-', 1) == std::string::npos;
        if (single ? !whole(text, low) : !whole_pair(text, low, high))
          throw BadRequest("clues: write N or \"MIN-MAX\" with whole numbers");
        if (single) high = low;
      } else {
        throw BadRequest("clues: write N or \"MIN-MAX\"");
      }
      if (low <= 0 && low == high) throw BadRequest("clues: a puzzle needs clues");
      if (high <= 0) throw BadRequest("clues: the maximum must be at least 1");
      config.min_clues = low;
      config.max_clues = high;
    } else if (key == "attempts") {
      const std::uint64_t attempts = json_unsigned(key, value);
      if (attempts < 1 || attempts > 1000000) throw BadRequest("attempts: 1 to 1000000");
      config.max_attempts = static_cast<int>(attempts);
    } else if (key == "removal") {
      const auto removal = parse_removal(json_string(key, value));
      if (!removal) throw BadRequest("unknown removal (use full or quick)");
      config.removal = *removal;
    } else if (key == "test-budget") {
      config.removal_node_budget = json_unsigned(key, value);
    } else if (key == "timeout") {
      if (!value.is_number() || !(value.get<double>() >= 0) || value.get<double>() > 1e9)
        throw BadRequest("timeout: 0 (the server's limit) or more seconds");
      timeout = value.get<double>();
    } else if (key == "minimal") {
      config.minimal = json_bool(key, value);
    } else if (key == "difficulty") {
      config.level = parse_level(json_string(key, value));
      if (!config.level) throw BadRequest("unknown difficulty (use easy, medium, hard, expert or extreme)");
    } else if (key == "score") {
      ScoreRange range;
      if (!whole_pair(json_string(key, value), range.low, range.high)) throw BadRequest("score: write \"MIN-MAX\"");
      config.score = range;
    } else if (key == "rating") {
      const std::string text = json_string(key, value);
      const auto dash = text.find('-', 1);
      RatingRange range;
      std::size_t used_low = 0, used_high = 0;
      try {
        if (dash == std::string::npos) throw std::invalid_argument("no dash");
        range.low = std::stod(text.substr(0, dash), &used_low);
        range.high = std::stod(text.substr(dash + 1), &used_high);
      } catch (const std::exception&) {
        throw BadRequest("rating: write \"MIN-MAX\" on Sukaku Explainer's scale (e.g. \"6.0-7.4\")");
      }
      if (used_low != dash || used_high != text.size() - dash - 1) throw BadRequest("rating: write \"MIN-MAX\"");
      config.rating = range;
    } else if (key == "grade") {
      config.grade = json_bool(key, value);
    } else if (key == "distinct") {
      request.distinct = json_bool(key, value);
    } else if (key == "shard") {
      const std::string text = json_string(key, value);
      const auto slash = text.find('/');
      BatchShard shard;
      if (slash == std::string::npos || !whole(std::string_view(text).substr(0, slash), shard.index) ||
          !whole(std::string_view(text).substr(slash + 1), shard.count) || shard.count < 1 || shard.index >= shard.count)
        throw BadRequest("shard: write \"K/N\" with 0 <= K < N");
      request.shard = shard;
    } else if (key == "format") {
      if (json_string(key, value) != "jsonl") throw BadRequest("format: the server answers jsonl only");
    } else if (key == "with-solution") {
      with_solution = json_bool(key, value);
    } else if (key == "engine") {
      const auto engine = parse_engine(json_string(key, value));
      if (!engine) throw BadRequest("unknown engine (use auto, dlx, fast or sat)");
      config.engine = *engine;
    } else {
      throw BadRequest(fmt::format("unknown generate option '{}'", raw_key));
    }
  }
  if (request.count > max_count)
    throw BadRequest(fmt::format("count {} is above this server's limit of {} records per request", request.count,
                                 max_count));
  std::string why;
  if (!box.empty()) {
    const auto shape = parse_box(box, &why);
    if (!shape) throw BadRequest("box: " + why);
    if (sized && shape->n != size)
      throw BadRequest(fmt::format("box {} makes {}x{} grids, not size {}", box, shape->n, shape->n, size));
    config.shape = *shape;
  } else {
    const auto shape = default_shape(size);
    if (!shape) throw BadRequest(fmt::format("size {} is not supported (sizes 1 to {})", size, kMaxSize));
    config.shape = *shape;
  }
  job.output.format = Format::jsonl;
  if (!alphabet.empty()) {
    const auto symbols = Alphabet::from_symbols(alphabet, &why);
    if (!symbols) throw BadRequest("alphabet: " + why);
    if (symbols->size() < config.shape.n)
      throw BadRequest(fmt::format("alphabet has {} symbols; a {}x{} grid needs {}", symbols->size(), config.shape.n,
                                   config.shape.n, config.shape.n));
    job.output.alphabet = *symbols;
  }
  if (puzzle_seed) {
    if (seed || request.shard.count != 1)
      throw BadRequest("puzzle-seed makes one puzzle: it does not go with seed or shard");
    request.puzzle_seed = puzzle_seed;
  }
  if (seed) {
    config.seed = *seed;
  } else {
    std::random_device device;
    config.seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
  }
  // The removal tests of one puzzle get at most the per-record time (a bounded request).
  config.removal_time_budget = capped(timeout.value_or(0), limits.record_timeout);
  // And each puzzle as a whole (every attempt and candidate) the per-record time too, within
  // the request's deadline: a target that is hard to meet ends as that puzzle's failure.
  config.puzzle_budget.time = config.removal_time_budget;
  config.puzzle_budget.deadline = limits.deadline;
  config.puzzle_budget.cancel = limits.cancel;
  if (auto impossible = impossible_request(config)) throw BadRequest(*impossible);
  // jsonl only here: a non-default box is each record's `box` field, the csv column is not needed.
  job.layout = GenerateLayout{};
  job.layout.with_solution = with_solution;
  job.layout.graded = wants_grade(config);
  return job;
}

}  // namespace sudokit::server_detail

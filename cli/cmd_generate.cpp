// `sudokit generate`: uniquely solvable puzzles, in parallel, reproducible from a seed.
//
// The work is sudokit::Generator (generator.hpp); this file is options, streaming and
// layouts. Puzzle i depends only on (seed, i), so the indices flow through the ordered
// parallel pipeline like records through `solve`: the output is the same bytes whatever
// --threads, streams in index order, and memory stays bounded however large --count is
// (`--count 10000000 | head` stops as soon as head closes the pipe).
//
// Layouts (one record per puzzle):
//   line   the puzzle; with --with-solution "PUZZLE SOLUTION" (one space between)
//   grid   "# puzzle I seed S clues C symmetry Y[ minimal]", the puzzle block, with
//          --with-solution "# solution" and its block, then a blank line
//   jsonl  {"index", "seed", "puzzle", "solution", "clues", "symmetry", "minimal"} (the
//          solution is always there: a structured record has room for it)
//   csv    header index,seed,puzzle,clues,symmetry,minimal[,solution]
// "seed" is the puzzle seed: `--puzzle-seed S` with the same shape/symmetry/clue options
// makes exactly that puzzle again, alone.
//
// Exit: 0; 1 when some puzzle missed its --clues target in --attempts tries, or --distinct
// ran out of candidates; 2 for a bad or impossible request.
#include <atomic>
#include <charconv>
#include <random>
#include <unordered_set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "progress.hpp"
#include "sudokit/generator.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit generate [OPTIONS]\n"
    "Writes uniquely solvable puzzles. Clues are removed in a random order while the puzzle\n"
    "stays unique: by default up to the first clue that must stay (quick, generous puzzles);\n"
    "with --minimal every clue is tried, so none can go; with --clues until the count is in\n"
    "range. Puzzle I of a run depends only on --seed and I (its own seed, in jsonl/csv/grid\n"
    "output, remakes it alone with --puzzle-seed), so output is identical for any --threads\n"
    "and --shard K/N runs merge into the full run.\n"
    "--symmetry keeps the clue pattern invariant (default none; rot180 is the classic look);\n"
    "with a symmetry, --minimal means no symmetric group of clues can be removed (a single\n"
    "clue may still be).\n"
    "--distinct drops puzzles equivalent to an earlier one of the run (digit relabelling,\n"
    "row/column swaps in bands/stacks, band/stack swaps, transposition) for 4x4, 6x6, 8x8\n"
    "and 9x9; other sizes drop only puzzles equal up to digit relabelling. It keeps going\n"
    "past --count indices until --count puzzles are written (within one shard).";

std::uint64_t parse_u64(const std::string& text, const char* option) {
  std::uint64_t value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || result.ec != std::errc{} || result.ptr != text.data() + text.size())
    throw UsageError(fmt::format("{} '{}' is not a number from 0 to 18446744073709551615", option, text));
  return value;
}

int parse_int(std::string_view text, const std::string& whole, const char* option) {
  int value = 0;
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || result.ec != std::errc{} || result.ptr != text.data() + text.size())
    throw UsageError(fmt::format("{} '{}': write N or MIN-MAX with whole numbers", option, whole));
  return value;
}

// "N" or "MIN-MAX" (a leading '-' is a negative N, refused by the config check).
void parse_clues(const std::string& text, GeneratorConfig& config) {
  const auto dash = text.find('-', 1);
  if (dash == std::string::npos) {
    config.min_clues = config.max_clues = parse_int(text, text, "--clues");
    if (config.min_clues == 0) throw UsageError("--clues 0: a puzzle needs clues");
  } else {
    config.min_clues = parse_int(std::string_view(text).substr(0, dash), text, "--clues");
    config.max_clues = parse_int(std::string_view(text).substr(dash + 1), text, "--clues");
    if (config.max_clues == 0) throw UsageError("--clues: the maximum must be at least 1");
  }
}

struct Shard {
  std::uint64_t index = 0;
  std::uint64_t count = 1;
};
Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard shard;
  bool ok = slash != std::string::npos;
  if (ok) {
    auto a = std::from_chars(text.data(), text.data() + slash, shard.index);
    auto b = std::from_chars(text.data() + slash + 1, text.data() + text.size(), shard.count);
    ok = a.ec == std::errc{} && a.ptr == text.data() + slash && b.ec == std::errc{} &&
         b.ptr == text.data() + text.size() && shard.count >= 1 && shard.index < shard.count;
  }
  if (!ok) throw UsageError(fmt::format("--shard '{}': write K/N with 0 <= K < N (e.g. 0/4)", text));
  return shard;
}

constexpr int kSizeUnset = -1;

Shape parse_shape(int size, const std::string& box) {
  std::string why;
  if (!box.empty()) {
    auto shape = parse_box(box, &why);
    if (!shape) throw UsageError("--box: " + why);
    if (size != kSizeUnset && size != shape->n)
      throw UsageError(fmt::format("--box {} makes {}x{} grids, not --size {}", box, shape->n, shape->n, size));
    return *shape;
  }
  if (size == kSizeUnset) size = 9;
  auto shape = default_shape(size);
  if (!shape) throw UsageError(fmt::format("--size {} is not supported (sizes 1 to {})", size, kMaxSize));
  return *shape;
}

// A 128-bit fingerprint of a canonical form: --distinct remembers 16 bytes per puzzle, not
// the whole form; two different forms collide with probability about 2^-128 per pair.
struct Fingerprint {
  std::uint64_t a = 0, b = 0;
  friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
};
struct FingerprintHash {
  std::size_t operator()(const Fingerprint& f) const { return static_cast<std::size_t>(f.a ^ (f.b * 31)); }
};
Fingerprint fingerprint(const std::vector<std::uint8_t>& form) {
  Fingerprint f{0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL};
  for (std::uint8_t byte : form) {
    f.a = splitmix64(f.a ^ byte);
    f.b = splitmix64(f.b + byte + 0x9e3779b97f4a7c15ULL);
  }
  return f;
}

std::string csv_header(bool with_solution) {
  return with_solution ? "index,seed,puzzle,clues,symmetry,minimal,solution\n" : "index,seed,puzzle,clues,symmetry,minimal\n";
}

void write_record(std::string& out, Format format, const GeneratedPuzzle& p, bool with_solution) {
  const std::string puzzle = to_line(p.puzzle);
  switch (format) {
    case Format::line:
      out += puzzle;
      if (with_solution) out += ' ' + to_line(p.solution);
      out += '\n';
      break;
    case Format::grid:
      out += fmt::format("# puzzle {} seed {} clues {} symmetry {}{}\n", p.index, p.seed, p.clues,
                         symmetry_name(p.symmetry), p.minimal ? " minimal" : "");
      out += to_block(p.puzzle);
      if (with_solution) out += "# solution\n" + to_block(p.solution);
      out += '\n';
      break;
    case Format::jsonl: {
      nlohmann::ordered_json record;
      record["index"] = p.index;
      record["seed"] = p.seed;
      record["puzzle"] = puzzle;
      record["solution"] = to_line(p.solution);
      record["clues"] = p.clues;
      record["symmetry"] = std::string(symmetry_name(p.symmetry));
      record["minimal"] = p.minimal;
      out += record.dump();
      out += '\n';
      break;
    }
    case Format::csv:
      out += fmt::format("{},{},{},{},{},{}", p.index, p.seed, puzzle, p.clues, symmetry_name(p.symmetry),
                         p.minimal ? "true" : "false");
      if (with_solution) out += ',' + to_line(p.solution);
      out += '\n';
      break;
  }
}

int run_generate(const std::vector<std::string>& args) {
  long long count = 1;
  std::string seed_text, puzzle_seed_text, symmetry_text = "none", clues_text, format_text = "line", shard_text, box;
  int size = kSizeUnset, threads = 0, attempts = 1000;
  bool minimal = false, with_solution = false, distinct = false;
  po::options_description options("generate options");
  options.add_options()
      ("count,n", po::value(&count)->default_value(1)->value_name("N"), "puzzles to generate")
      ("seed", po::value(&seed_text)->value_name("S"),
       "run seed, 0 to 2^64-1 (default: random, printed on stderr as 'seed: S')")
      ("puzzle-seed", po::value(&puzzle_seed_text)->value_name("S"),
       "make the one puzzle of this puzzle seed (the 'seed' field of jsonl/csv/grid output)")
      ("size", po::value(&size)->value_name("N"), "grid size N (NxN), default 9")
      ("box", po::value(&box)->value_name("RxC"), "box of R rows by C columns (e.g. 2x3 for 6x6)")
      ("symmetry", po::value(&symmetry_text)->default_value("none")->value_name("S"),
       "clue pattern symmetry: none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral, random")
      ("clues", po::value(&clues_text)->value_name("N|MIN-MAX"), "clue count to reach, exactly or in a range")
      ("attempts", po::value(&attempts)->default_value(1000)->value_name("K"),
       "fills tried per puzzle before a --clues target is given up")
      ("minimal", po::bool_switch(&minimal), "every clue necessary (with --symmetry: every symmetric group)")
      ("distinct", po::bool_switch(&distinct), "drop puzzles equivalent to an earlier one (see above)")
      ("shard", po::value(&shard_text)->value_name("K/N"), "only indices I with I mod N = K (numbered globally)")
      ("format,f", po::value(&format_text)->default_value("line")->value_name("FMT"), "line, grid, jsonl or csv")
      ("with-solution", po::bool_switch(&with_solution), "write each puzzle's solution too");
  add_threads_option(options, threads);
  if (!parse_command_line(args, options, kUsage, nullptr)) return kExitOk;

  if (count < 0) throw UsageError(fmt::format("--count {} is negative", count));
  const Format format = parse_format(format_text);
  GeneratorConfig config;
  config.shape = parse_shape(size, box);
  const auto symmetry = parse_symmetry(symmetry_text);
  if (!symmetry)
    throw UsageError(fmt::format("unknown --symmetry '{}' (use none, rot180, rot90, mirror, flip, diagonal, "
                                 "antidiagonal, dihedral or random)",
                                 symmetry_text));
  config.symmetry = *symmetry;
  config.minimal = minimal;
  config.max_attempts = attempts;
  if (!clues_text.empty()) parse_clues(clues_text, config);
  if (auto why = impossible_request(config)) throw UsageError(*why);
  const Shard shard = shard_text.empty() ? Shard{} : parse_shard(shard_text);
  threads = checked_threads(threads);
  const bool single = !puzzle_seed_text.empty();
  const std::uint64_t single_seed = single ? parse_u64(puzzle_seed_text, "--puzzle-seed") : 0;
  if (single && (!seed_text.empty() || !shard_text.empty()))
    throw UsageError("--puzzle-seed makes one puzzle: it does not go with --seed or --shard");

  if (seed_text.empty()) {
    std::random_device device;
    config.seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
    if (!single) fmt::print(stderr, "seed: {}\n", config.seed);
  } else {
    config.seed = parse_u64(seed_text, "--seed");
  }

  Output output;
  if (format == Format::csv) output.write(csv_header(with_solution));
  if (single) {
    std::string text;
    GeneratedPuzzle puzzle = generate_from_seed(config, single_seed);
    if (!puzzle.ok) {
      fmt::print(stderr, "sudokit generate: {}\n", puzzle.failure);
      return kExitFailures;
    }
    write_record(text, format, puzzle, with_solution);
    output.write(text);
    output.flush();
    return output.ok() ? kExitOk : kExitUsage;
  }

  const auto wanted = static_cast<std::uint64_t>(count);
  // Candidates considered: the shard's share of [0, count), or with --distinct as many as
  // it takes, until kGiveUpAfter candidates in a row were all duplicates (small sizes have
  // few essentially different puzzles; 4x4 minimal ones run out after a few hundred).
  constexpr std::uint64_t kGiveUpAfter = 10000;
  const std::uint64_t shard_share = wanted / shard.count + (shard.index < wanted % shard.count ? 1 : 0);
  const std::uint64_t candidate_cap = distinct ? UINT64_MAX : shard_share;
  const bool full_canonical = distinct && canonical_form(Grid(config.shape)).has_value();

  struct Item {
    std::uint64_t index = 0;
    GeneratedPuzzle puzzle;
    Fingerprint key;
  };
  std::uint64_t next_candidate = 0;     // source only
  std::atomic<bool> stop{false};        // set by the sink, read by the source
  std::uint64_t written = 0, failed = 0, duplicates = 0, duplicate_run = 0;
  std::unordered_set<Fingerprint, FingerprintHash> seen;
  std::string text;
  ProgressBar progress("generate", distinct ? wanted : shard_share, stderr_is_terminal());

  PipelineOptions pipeline;
  pipeline.threads = threads;
  // A 9x9 puzzle takes a fraction of a millisecond, far above a token's cost: one per token
  // spreads uneven work best. Tiny grids are batched so scheduling stays negligible.
  pipeline.batch_size = config.shape.cells() <= 36 ? 16 : 1;
  run_ordered_pipeline<Item>(
      pipeline, [] { return Generator(); },
      [&](Item& item) {
        if (stop.load(std::memory_order_relaxed) || next_candidate >= candidate_cap) return false;
        item.index = shard.index + next_candidate++ * shard.count;
        return true;
      },
      [&](Item& item, Generator& generator) {
        item.puzzle = generator.generate(config, item.index);
        if (distinct && item.puzzle.ok) {
          auto form = full_canonical ? canonical_form(item.puzzle.puzzle) : std::nullopt;
          item.key = fingerprint(form ? *form : relabelled_form(item.puzzle.puzzle));
        }
      },
      [&](Item& item) {
        if (stop.load(std::memory_order_relaxed)) return;
        if (!item.puzzle.ok) {
          fmt::print(stderr, "sudokit generate: puzzle {}: {}\n", item.index, item.puzzle.failure);
          ++failed;
        } else if (distinct && !seen.insert(item.key).second) {
          ++duplicates;
          if (++duplicate_run >= kGiveUpAfter) stop.store(true, std::memory_order_relaxed);
          return;
        } else {
          duplicate_run = 0;
          text.clear();
          write_record(text, format, item.puzzle, with_solution);
          output.write(text);
          ++written;
        }
        progress.advance();
        if (!output.ok() || (distinct && written >= wanted)) stop.store(true, std::memory_order_relaxed);
      });
  progress.finish();
  output.flush();
  if (!output.ok()) return kExitUsage;
  if (distinct && written < wanted) {
    fmt::print(stderr,
               "sudokit generate: only {} distinct puzzles, then {} duplicates in a row ({} in all); this size may "
               "not have {} essentially different puzzles of this kind\n",
               written, duplicate_run, duplicates, wanted);
    return kExitFailures;
  }
  return failed > 0 ? kExitFailures : kExitOk;
}

const CommandRegistration registration{
    Command{"generate", "make uniquely solvable puzzles (seeded, parallel, symmetric, minimal)", 40, run_generate}};

}  // namespace
}  // namespace sudokit::cli

// `sudokit generate`: uniquely solvable puzzles, in parallel, reproducible from a seed.
//
// The work is sudokit::Generator (generator.hpp); this file is options, streaming and
// layouts. Puzzle i depends only on (seed, i), so the indices flow through the ordered
// parallel pipeline like records through `solve`: the output is the same bytes whatever
// --threads, streams in index order, and memory stays bounded however large --count is
// (`--count 10000000 | head` stops as soon as head closes the pipe).
//
// Difficulty (--difficulty LEVEL, --score MIN-MAX): each puzzle index tries candidates
// derived from (seed, index, attempt) only, graded by sudokit::Grader inside the worker, so
// the filtering runs in parallel and the output is still the same bytes for any --threads
// and shard split. The sink adds up the candidates and prints the acceptance rate on stderr.
//
// Books (--book FILE.pdf|.svg|.png): the records still go to standard output; the puzzles
// (with solutions and, when graded, levels) are also kept and laid out in one go at the end
// by sudokit::render_book. The book options are checked before anything is generated.
//
// Layouts (one record per puzzle):
//   line   the puzzle; with --with-solution "PUZZLE SOLUTION" (one space between)
//   grid   "# puzzle I seed S clues C symmetry Y[ minimal][ level L score X]", the puzzle
//          block, with --with-solution "# solution" and its block, then a blank line
//   jsonl  {"index", "seed", "puzzle", "solution", "clues", "symmetry", "minimal"[, "level",
//          "score", "hardest"]} (the solution is always there: a structured record has room)
//   csv    header index,seed,puzzle,clues,symmetry,minimal[,level,score,hardest][,solution]
// "seed" is the seed of the candidate written: `--puzzle-seed S` with the same options makes
// exactly that puzzle again, alone. "minimal" is checked: no single clue can go.
//
// Exit: 0; 1 when some puzzle missed its --clues or difficulty target in --attempts tries,
// or --distinct ran out of candidates; 2 for a bad or impossible request.
#include <atomic>
#include <charconv>
#include <random>
#include <unordered_set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "common.hpp"
#include "progress.hpp"
#include "sudokit/book.hpp"
#include "sudokit/generator.hpp"
#include "sudokit/grader.hpp"

#if !SUDOKIT_HAVE_BOOK
// Built without the book library (no cairo): --book is refused before anything is generated.
namespace sudokit {
std::optional<BookFormat> book_format_from_path(std::string_view) { return std::nullopt; }
void check_book_options(const BookOptions&, const std::string&) {
  throw BookError("--book: this sudokit was built without books (cairo was not found)");
}
BookResult render_book(const std::vector<BookPuzzle>&, const BookOptions&, const std::string&) {
  throw BookError("this sudokit was built without books (cairo was not found)");
}
}  // namespace sudokit
#endif

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit generate [OPTIONS]\n"
    "Writes uniquely solvable puzzles. Clues are removed in a random order while the puzzle\n"
    "stays unique: by default every clue is tried once, so none can go (a minimal puzzle);\n"
    "--removal quick stops at the first clue that must stay (fast, generous puzzles); --clues\n"
    "stops when the count is in range. Above 16x16 each removal test gets a node budget\n"
    "(--test-budget) and a clue whose test runs out stays: the puzzle is unique but not proved\n"
    "minimal; --minimal makes the tests exact, which takes hours on 25x25.\n"
    "Puzzle I of a run depends only on --seed and I (the seed in jsonl/csv/grid output\n"
    "remakes it alone with --puzzle-seed), so output is identical for any --threads and\n"
    "--shard K/N runs merge into the full run.\n"
    "--symmetry keeps the clue pattern invariant (default none; rot180 is the classic look);\n"
    "then no symmetric group of clues can go, but a single clue may: the 'minimal' field says\n"
    "whether one can (checked clue by clue, in every mode). --minimal forces the full pass.\n"
    "--difficulty and --score keep only puzzles the grader rates so (candidates are tried until\n"
    "one fits, at most --attempts per puzzle; the acceptance rate goes to stderr). --book writes\n"
    "the puzzles and their answers as a print-ready PDF/SVG/PNG book too.\n"
    "--distinct drops puzzles equivalent to an earlier one of the run (digit relabelling,\n"
    "row/column swaps in bands/stacks, band/stack swaps, transposition) for 4x4, 6x6, 8x8\n"
    "and 9x9; other sizes drop only puzzles equal up to digit relabelling. It keeps going\n"
    "past --count indices until --count puzzles are written (within one shard).\n"
    "--engine picks what decides the exact removal tests: auto (default) the fast engine on\n"
    "9x9 and the generator's own search on other sizes, dlx Dancing Links, fast the fast\n"
    "engine (9x9 only). Budgeted tests (--test-budget) always use the own search. Uniqueness\n"
    "is a fact, so the output is the same with every engine; only the speed differs.";

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

// --test-budget -1 would otherwise pass for "not given".
bool vm_has_budget(const std::vector<std::string>& args) {
  for (const std::string& arg : args)
    if (arg.rfind("--test-budget", 0) == 0) return true;
  return false;
}

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

// "MIN-MAX" (whole numbers, MIN <= MAX checked by impossible_request).
ScoreRange parse_score(const std::string& text) {
  const auto dash = text.find('-', 1);
  if (dash == std::string::npos) throw UsageError(fmt::format("--score '{}': write MIN-MAX (e.g. 300-900)", text));
  return {parse_int(std::string_view(text).substr(0, dash), text, "--score"),
          parse_int(std::string_view(text).substr(dash + 1), text, "--score")};
}

std::string csv_header(bool with_solution, bool graded) {
  std::string header = "index,seed,puzzle,clues,symmetry,minimal";
  if (graded) header += ",level,score,hardest";
  if (with_solution) header += ",solution";
  return header + "\n";
}

std::string_view hardest_name(const GeneratedPuzzle& p) { return p.hardest ? technique_name(*p.hardest) : "none"; }

void write_record(std::string& out, Format format, const GeneratedPuzzle& p, bool with_solution) {
  const std::string puzzle = to_line(p.puzzle);
  switch (format) {
    case Format::line:
      out += puzzle;
      if (with_solution) out += ' ' + to_line(p.solution);
      out += '\n';
      break;
    case Format::grid:
      out += fmt::format("# puzzle {} seed {} clues {} symmetry {}{}", p.index, p.seed, p.clues,
                         symmetry_name(p.symmetry), p.minimal ? " minimal" : "");
      if (p.graded) out += fmt::format(" level {} score {} hardest {}", level_name(p.level), p.score, hardest_name(p));
      out += '\n';
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
      if (p.graded) {
        record["level"] = std::string(level_name(p.level));
        record["score"] = p.score;
        record["hardest"] = std::string(hardest_name(p));
      }
      out += record.dump();
      out += '\n';
      break;
    }
    case Format::csv:
      out += fmt::format("{},{},{},{},{},{}", p.index, p.seed, puzzle, p.clues, symmetry_name(p.symmetry),
                         p.minimal ? "true" : "false");
      if (p.graded) out += fmt::format(",{},{},{}", level_name(p.level), p.score, hardest_name(p));
      if (with_solution) out += ',' + to_line(p.solution);
      out += '\n';
      break;
  }
}

int run_generate(const std::vector<std::string>& args) {
  long long count = 1;
  std::string seed_text, puzzle_seed_text, symmetry_text = "none", clues_text, format_text = "line", shard_text, box;
  std::string removal_text = "full", difficulty_text, score_text, book_path, engine_text = "auto";
  int size = kSizeUnset, threads = 0, attempts = 1000;
  bool minimal = false, with_solution = false, distinct = false, grade = false;
  BookOptions book;
  long long test_budget_value = -1;
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
       "fills tried per puzzle before a --clues target is given up; "
       "candidates tried per puzzle for --difficulty/--score")
      ("removal", po::value(&removal_text)->default_value("full")->value_name("MODE"),
       "full: try every clue (orbit) once, none can go; quick: stop at the first clue that must stay")
      ("test-budget", po::value(&test_budget_value)->value_name("NODES"),
       "search nodes per removal test before the clue is kept (0: exact; default 0 up to 16x16, 256 above)")
      ("minimal", po::bool_switch(&minimal), "full removal even with --clues: no clue (with --symmetry: no symmetric group) can go")
      ("difficulty", po::value(&difficulty_text)->value_name("LEVEL"),
       "keep only puzzles graded easy, medium, hard, expert or extreme")
      ("score", po::value(&score_text)->value_name("MIN-MAX"), "keep only puzzles with a grader score in range")
      ("grade", po::bool_switch(&grade), "grade every puzzle (level, score, hardest in jsonl/csv/grid)")
      ("book", po::value(&book_path)->value_name("FILE"),
       "also write the puzzles and answers as a book (.pdf, .svg or .png: one file per page)")
      ("page-size", po::value(&book.page_size)->default_value("a4")->value_name("SIZE"),
       "book page size: a4, letter, 6x9 (in) or 8.5x11 (in)")
      ("per-page", po::value(&book.per_page)->default_value(4)->value_name("N"), "book puzzles per page: 1, 2, 4 or 6")
      ("title", po::value(&book.title)->value_name("TEXT"), "book title page")
      ("distinct", po::bool_switch(&distinct), "drop puzzles equivalent to an earlier one (see above)")
      ("shard", po::value(&shard_text)->value_name("K/N"), "only indices I with I mod N = K (numbered globally)")
      ("format,f", po::value(&format_text)->default_value("line")->value_name("FMT"), "line, grid, jsonl or csv")
      ("with-solution", po::bool_switch(&with_solution), "write each puzzle's solution too")
      // Not add_engine_option: here auto means the own search, not DLX, off 9x9.
      ("engine", po::value(&engine_text)->default_value("auto")->value_name("NAME"),
       "exact removal tests by: auto (fast on 9x9, the own search otherwise), dlx, or fast (9x9 only)");
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
  const auto removal = parse_removal(removal_text);
  if (!removal) throw UsageError(fmt::format("unknown --removal '{}' (use full or quick)", removal_text));
  config.removal = *removal;
  if (!clues_text.empty()) parse_clues(clues_text, config);
  if (!difficulty_text.empty()) {
    config.level = parse_level(difficulty_text);
    if (!config.level)
      throw UsageError(fmt::format("unknown --difficulty '{}' (use easy, medium, hard, expert or extreme)", difficulty_text));
  }
  if (!score_text.empty()) config.score = parse_score(score_text);
  config.grade = grade;
  config.engine = parse_engine_option(engine_text);
  if (test_budget_value < -1 || (test_budget_value < 0 && vm_has_budget(args)))
    throw UsageError(fmt::format("--test-budget {} is negative", test_budget_value));
  if (test_budget_value >= 0) config.removal_node_budget = static_cast<std::uint64_t>(test_budget_value);
  if (config.shape.n > 16 && removal_test_budget(config) == 0)
    fmt::print(stderr, "sudokit generate: warning: exact removal tests on {}x{} (--minimal or --test-budget 0) can "
                       "take minutes to hours per puzzle on 25x25\n",
               config.shape.n, config.shape.n);
  if (auto why = impossible_request(config)) throw UsageError(*why);
  const bool graded = wants_grade(config);
  const bool make_book = !book_path.empty();
  if (make_book) {
    book.format = book_format_from_path(book_path).value_or(BookFormat::pdf);
    try {
      check_book_options(book, book_path);
    } catch (const BookError& e) {
      throw UsageError(e.what());
    }
  }
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
  if (format == Format::csv) output.write(csv_header(with_solution, graded));
  std::vector<BookPuzzle> book_puzzles;
  // Lays out the kept puzzles; a layout the puzzles make impossible is exit 2, like `book`.
  auto write_book = [&]() -> bool {
    if (!make_book) return true;
    if (book_puzzles.empty()) {
      fmt::print(stderr, "sudokit generate: no puzzles, so no book written\n");
      return true;
    }
    try {
      const BookResult written = render_book(book_puzzles, book, book_path);
      fmt::print(stderr, "book: {} puzzles, {} pages: {}\n", written.puzzles, written.pages,
                 written.files.size() == 1 ? written.files.front() : fmt::format("{} files", written.files.size()));
    } catch (const BookError& e) {
      fmt::print(stderr, "sudokit generate: book: {}\n", e.what());
      return false;
    }
    return true;
  };
  auto keep_for_book = [&](const GeneratedPuzzle& p) {
    if (make_book) book_puzzles.push_back(BookPuzzle{p.puzzle, p.solution, p.graded ? std::string(level_name(p.level)) : ""});
  };
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
    keep_for_book(puzzle);
    if (!write_book()) return kExitUsage;
    return output.ok() ? kExitOk : kExitUsage;
  }

  const auto wanted = static_cast<std::uint64_t>(count);
  // Candidates considered: the shard's share of [0, count), or with --distinct as many as
  // it takes, until kGiveUpAfter candidates in a row were all duplicates (small sizes have
  // few essentially different puzzles; 4x4 minimal ones run out after a few hundred).
  constexpr std::uint64_t kGiveUpAfter = 10000;
  const std::uint64_t shard_share = wanted / shard.count + (shard.index < wanted % shard.count ? 1 : 0);
  const std::uint64_t candidate_cap = distinct ? (wanted == 0 ? 0 : UINT64_MAX) : shard_share;
  const bool full_canonical = distinct && canonical_form(Grid(config.shape)).has_value();

  struct Item {
    std::uint64_t index = 0;
    GeneratedPuzzle puzzle;
    Fingerprint key;
  };
  std::uint64_t next_candidate = 0;     // source only
  std::atomic<bool> stop{false};        // set by the sink, read by the source
  std::uint64_t written = 0, failed = 0, duplicates = 0, duplicate_run = 0;
  std::uint64_t candidates = 0, accepted = 0;  // difficulty target: candidates made, puzzles kept
  std::unordered_set<Fingerprint, FingerprintHash> seen;
  std::string text;
  ProgressBar progress("generate", distinct ? wanted : shard_share, stderr_is_terminal());

  PipelineOptions pipeline;
  pipeline.threads = threads;
  // A 9x9 puzzle takes a fraction of a millisecond, far above a token's cost: one per token
  // spreads uneven work best. Tiny grids are batched so scheduling stays negligible.
  pipeline.batch_size = config.shape.cells() <= 36 ? 16 : 1;
  // Puzzle times are uneven (a difficulty target tries a geometric number of candidates, and
  // 16x16 puzzles vary tenfold): with the pipeline's default 4 tokens per thread, one slow
  // puzzle at the head of the ordered sink soon leaves the other threads without work. An
  // Item is two small grids, so 16 per thread cost nothing.
  pipeline.tokens = static_cast<std::size_t>(16 * (threads > 0 ? std::min(threads, available_cores()) : available_cores()));
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
        candidates += static_cast<std::uint64_t>(item.puzzle.candidates);
        if (item.puzzle.ok) ++accepted;
        if (!item.puzzle.ok) {
          fmt::print(stderr, "sudokit generate: puzzle {}: {}\n", item.index, item.puzzle.failure);
          ++failed;
          // With --distinct the run goes on past --count candidates, so candidates that fail
          // (an unreachable --clues target, say) must count towards giving up too, or it never ends.
          if (distinct && ++duplicate_run >= kGiveUpAfter) stop.store(true, std::memory_order_relaxed);
        } else if (distinct && !seen.insert(item.key).second) {
          ++duplicates;
          if (++duplicate_run >= kGiveUpAfter) stop.store(true, std::memory_order_relaxed);
          return;
        } else {
          duplicate_run = 0;
          text.clear();
          write_record(text, format, item.puzzle, with_solution);
          output.write(text);
          keep_for_book(item.puzzle);
          ++written;
        }
        progress.advance();
        if (!output.ok() || (distinct && written >= wanted)) stop.store(true, std::memory_order_relaxed);
      });
  progress.finish();
  output.flush();
  if (!output.ok()) return kExitUsage;
  if (has_difficulty_target(config)) {
    std::string target;
    if (config.level) target = fmt::format("difficulty {}", level_name(*config.level));
    if (config.score) target += fmt::format("{}score {}-{}", target.empty() ? "" : ", ", config.score->low, config.score->high);
    fmt::print(stderr, "{}: {} puzzles from {} candidates ({:.1f}% accepted)\n", target, accepted, candidates,
               candidates ? 100.0 * static_cast<double>(accepted) / static_cast<double>(candidates) : 0.0);
  }
  if (!write_book()) return kExitUsage;
  if (distinct && written < wanted) {
    fmt::print(stderr,
               "sudokit generate: only {} distinct puzzles, then {} duplicates or failures in a row ({} duplicates, "
               "{} failures in all); this request may not have {} essentially different puzzles\n",
               written, duplicate_run, duplicates, failed, wanted);
    return kExitFailures;
  }
  return failed > 0 ? kExitFailures : kExitOk;
}

const CommandRegistration registration{
    Command{"generate", "make uniquely solvable puzzles (seeded, parallel, symmetric, minimal)", 40, run_generate}};

}  // namespace
}  // namespace sudokit::cli

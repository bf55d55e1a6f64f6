// `sudokit generate`: uniquely solvable puzzles, in parallel, reproducible from a seed.
//
// The work is sudokit::generate_batch (batch.hpp): the index walk, shards, --distinct, the
// difficulty filter's statistics, the ordered parallel execution and failure isolation live
// in the generator library; this file declares and validates the options, builds the
// BatchRequest, and writes each puzzle the library hands back, in index order. Puzzle i
// depends only on (seed, i), so the output is the same bytes whatever --threads, streams in
// index order, and memory stays bounded however large --count is (`--count 10000000 | head`
// stops as soon as head closes the pipe: the sink says stop when a write fails).
//
// Options are validated by Boost.Program_options: typed values with their own validators
// (seeds and node budgets, which lexical_cast would wrap from "-1"; clue and score ranges;
// shards), notifiers that parse names into the request, and vm.count() for "was it given".
//
// Books (--book FILE.pdf|.svg|.png): the records still go to standard output; the puzzles
// (with solutions and, when graded, levels) are also kept and laid out in one go at the end
// by sudokit::render_book. The book options are checked before anything is generated.
//
// Records (output/'s write_generated, docs/RECORDS.md): one per puzzle index, in the
// layout of --format and the symbols of --alphabet; an index that failed (its --clues or
// difficulty target missed in --attempts tries, or an error while making it) is written in
// place as an `error` record, and its reason also goes to stderr.
// "seed" is the seed of the candidate written: `--puzzle-seed S` with the same options makes
// exactly that puzzle again, alone. "minimal" is checked: no single clue can go.
//
// Variants (--variant x|hyper|jigsaw|killer, issue 18): the same batch with
// GeneratorConfig::variant set; options that only mean something for classic puzzles, and
// layouts that cannot carry a jigsaw's regions or a killer's cages, are usage errors
// (refuse_for_variant), so whatever is written reads back with `--variant`.
//
// Exit: 0; 1 when some puzzle missed its --clues or difficulty target in --attempts tries,
// or --distinct ran out of candidates; 2 for a bad or impossible request.
#include <algorithm>
#include <chrono>
#include <charconv>
#include <random>

#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "progress.hpp"
#include "sudokit/batch.hpp"
#include "sudokit/book.hpp"
#include "sudokit/generator.hpp"
#include "sudokit/grader.hpp"
#include "sudokit/variant.hpp"

#if !SUDOKIT_HAVE_BOOK
// Built without the book library (no cairo): --book is refused before anything is generated.
namespace sudokit {
std::optional<BookFormat> book_format_from_path(std::string_view) { return std::nullopt; }
void check_book_options(const BookOptions&, const std::string&) {
  throw BookError("--book: this sudokit was built without books (cairo was not found)");
}
void check_book_layout(const std::vector<BookPuzzle>&, const BookOptions&) {
  throw BookError("this sudokit was built without books (cairo was not found)");
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
    "--removal quick stops at the first clue that must stay (fast, generous puzzles); --clues N\n"
    "stops at N clues; --clues MIN-MAX stops at a count drawn for each puzzle, uniformly in the\n"
    "range, from its seed (with a symmetry, the first count at or below it that whole orbits\n"
    "allow; a puzzle whose clues cannot all go that far keeps a count above it, still in range).\n"
    "Above 16x16 each removal test gets a node budget (--test-budget) and a clue whose test runs\n"
    "out stays: the puzzle is unique but not proved minimal; --minimal makes the tests exact,\n"
    "which takes about a minute per puzzle on 25x25 (20 s to 2 min, measured).\n"
    "Puzzle I of a run depends only on --seed and I (the seed in jsonl/csv/grid output\n"
    "remakes it alone with --puzzle-seed), so output is identical for any --threads and\n"
    "--shard K/N runs merge into the full run.\n"
    "--symmetry keeps the clue pattern invariant (default none; rot180 is the classic look);\n"
    "then no symmetric group of clues can go, but a single clue may: the 'minimal' field says\n"
    "whether one can (checked clue by clue, in every mode). --minimal forces the full pass.\n"
    "--difficulty, --rating and --score keep only puzzles the grader rates so (candidates are\n"
    "tried until one fits, at most --attempts per puzzle; the acceptance rate goes to stderr).\n"
    "A candidate harder than the target gets its last removed clues back until it fits, so\n"
    "12x12 to 25x25, whose minimal puzzles are nearly all extreme, make every level; such a\n"
    "puzzle is not minimal. --minimal or --clues keep candidates as made (drop the hard ones).\n"
    "--book writes the puzzles and their answers as a print-ready PDF/SVG/PNG book too.\n"
    "--distinct drops puzzles equivalent to an earlier one of the run (digit relabelling,\n"
    "row/column swaps in bands/stacks, band/stack swaps, transposition) for 4x4, 6x6, 8x8\n"
    "and 9x9; other sizes drop only puzzles equal up to digit relabelling. It keeps going\n"
    "past --count indices until --count puzzles are written (within one shard).\n"
    "A puzzle that misses its target in --attempts tries is written in place as an error\n"
    "record (exit 1), and the run goes on.\n"
    "--engine picks what decides the exact removal tests: auto (default) the fast engine on\n"
    "9x9 and the generator's own search on other sizes, dlx Dancing Links, fast the fast\n"
    "engine (9x9 only). Budgeted tests (--test-budget) use the own search (sat: its own,\n"
    "a node is a conflict). Uniqueness is a fact, so where the tests are exact (up to 16x16,\n"
    "--minimal, --test-budget 0) the output is the same with every engine; only the speed\n"
    "differs.\n"
    "--variant x|hyper|jigsaw|killer makes variant puzzles (same seeds, shards and threads\n"
    "contract), unique under the variant's rules and minimal: jigsaw with a random region map\n"
    "(line: 'PUZZLE REGIONS'; jsonl/csv: a 'regions' field), killer with random cages of 2-5\n"
    "cells and, whenever found, no givens (jsonl/csv only: a 'cages' field). Read them back with\n"
    "the same --variant (e.g. sudokit verify --variant jigsaw). With a variant, --symmetry,\n"
    "--clues, --removal, --test-budget, --timeout, --attempts, grading, --distinct and --book\n"
    "are refused, as are --engine fast/sat.";

// Option values with their own validators (found by Boost through argument-dependent lookup).
// An error_with_option_name's %canonical_option% becomes the option as the user wrote it.
struct Unsigned64 {  // a seed or a node budget: 0 to 2^64-1, no sign
  std::uint64_t value = 0;
};
struct ClueTarget {  // "N" or "MIN-MAX"
  int low = 0;
  int high = 0;
};
struct ScoreOption {  // "MIN-MAX"
  ScoreRange range;
};
struct RatingOption {  // "MIN-MAX", decimals
  RatingRange range;
};
struct ShardOption {  // "K/N"
  BatchShard shard;
};

[[noreturn]] void refuse(const std::string& token, std::string_view advice) {
  throw po::error_with_option_name(fmt::format("%canonical_option% '{}': {}", token, advice));
}

const std::string& single_token(const boost::any& store, const std::vector<std::string>& tokens) {
  po::validators::check_first_occurrence(store);
  return po::validators::get_single_string(tokens);
}

// A whole number filling all of `text` (from_chars: no sign for unsigned, no spaces).
template <class Number>
bool whole(std::string_view text, Number& value) {
  const auto result = std::from_chars(text.data(), text.data() + text.size(), value);
  return !text.empty() && result.ec == std::errc{} && result.ptr == text.data() + text.size();
}

// "A<separator>B", two whole numbers. The separator is looked for from the second character,
// so "-5-9" is (-5, 9) and a lone "-5" has none.
template <class Number>
bool whole_pair(std::string_view text, char separator, Number& first, Number& second) {
  const auto at = text.find(separator, 1);
  return at != std::string_view::npos && whole(text.substr(0, at), first) && whole(text.substr(at + 1), second);
}

void validate(boost::any& store, const std::vector<std::string>& tokens, Unsigned64*, int) {
  const std::string& text = single_token(store, tokens);
  Unsigned64 parsed;
  if (!whole(text, parsed.value)) refuse(text, "write a whole number from 0 to 18446744073709551615");
  store = parsed;
}

// "N" or "MIN-MAX" (a negative count is refused by impossible_request).
void validate(boost::any& store, const std::vector<std::string>& tokens, ClueTarget*, int) {
  const std::string& text = single_token(store, tokens);
  ClueTarget target;
  const bool single = text.find('-', 1) == std::string::npos;
  if (single ? !whole(text, target.low) : !whole_pair(text, '-', target.low, target.high))
    refuse(text, "write N or MIN-MAX with whole numbers");
  if (single) target.high = target.low;
  if (single && target.low == 0) refuse(text, "a puzzle needs clues");
  if (target.high == 0) refuse(text, "the maximum must be at least 1");
  store = target;
}

// "MIN-MAX" (MIN <= MAX is impossible_request's to check).
void validate(boost::any& store, const std::vector<std::string>& tokens, ScoreOption*, int) {
  const std::string& text = single_token(store, tokens);
  ScoreOption score;
  if (!whole_pair(text, '-', score.range.low, score.range.high)) refuse(text, "write MIN-MAX (e.g. 300-900)");
  store = score;
}

// "MIN-MAX" with decimal numbers (e.g. 6.0-7.4).
void validate(boost::any& store, const std::vector<std::string>& tokens, RatingOption*, int) {
  const std::string& text = single_token(store, tokens);
  RatingOption rating;
  const auto dash = text.find('-', 1);
  std::size_t used_low = 0, used_high = 0;
  try {
    if (dash == std::string::npos) throw std::invalid_argument("no dash");
    rating.range.low = std::stod(text.substr(0, dash), &used_low);
    rating.range.high = std::stod(text.substr(dash + 1), &used_high);
  } catch (const std::exception&) {
    refuse(text, "write MIN-MAX on Sukaku Explainer's scale (e.g. 6.0-7.4)");
  }
  if (used_low != dash || used_high != text.size() - dash - 1) refuse(text, "write MIN-MAX (e.g. 6.0-7.4)");
  // stod also reads hexadecimal, "inf" and "nan": only plain decimals are ratings.
  if (text.find_first_not_of("0123456789.-") != std::string::npos) refuse(text, "write MIN-MAX in decimals (e.g. 6.0-7.4)");
  const auto& [low, high] = rating.range;
  if (low <= high && (high < 1.0 || low > 11.9))
    refuse(text, "no puzzle is rated there: Sukaku Explainer's scale runs from 1.0 to 11.9");
  store = rating;
}

// "K/N" with K < N.
void validate(boost::any& store, const std::vector<std::string>& tokens, ShardOption*, int) {
  const std::string& text = single_token(store, tokens);
  ShardOption option;
  BatchShard& shard = option.shard;
  if (!whole_pair(text, '/', shard.index, shard.count) || shard.count < 1 || shard.index >= shard.count)
    refuse(text, "write K/N with 0 <= K < N (e.g. 0/4)");
  store = option;
}

// --size and --box (either, both when they agree, or neither: 9x9).
Shape shape_option(const po::variables_map& vm) {
  std::string why;
  const bool sized = vm.count("size") > 0;
  const int n = sized ? vm["size"].as<int>() : 9;
  if (vm.count("box")) {
    const auto& box = vm["box"].as<std::string>();
    auto shape = parse_box(box, &why);
    if (!shape) throw UsageError("--box: " + why);
    if (sized && n != shape->n)
      throw UsageError(fmt::format("--box {} makes {}x{} grids, not --size {}", box, shape->n, shape->n, n));
    return *shape;
  }
  auto shape = default_shape(n);
  if (!shape) throw UsageError(fmt::format("--size {} is not supported (sizes 1 to {})", n, kMaxSize));
  return *shape;
}

// --alphabet: symbols for digits 1..N of every layout (and the book); at least N of them.
Alphabet alphabet_option(const po::variables_map& vm, const Shape& shape) {
  if (!vm.count("alphabet")) return Alphabet::standard();
  const auto& symbols = vm["alphabet"].as<std::string>();
  std::string why;
  auto alphabet = Alphabet::from_symbols(symbols, &why);
  if (!alphabet) throw UsageError("--alphabet: " + why);
  if (alphabet->size() < shape.n)
    throw UsageError(fmt::format("--alphabet '{}' has {} symbols; a {}x{} grid needs {}", symbols, alphabet->size(),
                                 shape.n, shape.n, shape.n));
  return *alphabet;
}

// Options that mean nothing for a variant puzzle, and layouts that cannot carry its data,
// are usage errors naming the option (never silently ignored).
constexpr const char* kNoVariantTarget =
    "the generator makes variant puzzles without grading them (grade them with 'sudokit grade --variant', "
    "or 'sudokit book --variant --grade')";
void refuse_for_variant(const po::variables_map& vm, Variant variant, Format format) {
  const std::string_view name = variant_name(variant);
  auto given = [&](const char* option) { return vm.count(option) > 0 && !vm[option].defaulted(); };
  struct Classic {
    const char* option;
    const char* why;
  };
  static constexpr Classic kClassicOnly[] = {
      {"symmetry", "variant puzzles are dug cell by cell, with no clue pattern symmetry"},
      {"clues", "variant puzzles are always dug to minimal"},
      {"removal", "variant puzzles are always dug to minimal"},
      {"test-budget", "variant removal tests are always exact"},
      {"timeout", "variant removal tests are always exact"},
      {"attempts", "a variant puzzle is made in one candidate"},
      {"difficulty", kNoVariantTarget},
      {"score", kNoVariantTarget},
      {"rating", kNoVariantTarget},
      {"book", "books of variant puzzles are made by 'sudokit book --variant', not here"},
      {"distinct", "equivalence of variant puzzles is not defined"},
  };
  for (const Classic& c : kClassicOnly) {
    if (!given(c.option)) continue;
    // --symmetry none asks for what a variant puzzle is anyway.
    if (std::string_view(c.option) == "symmetry" && vm[c.option].as<std::string>() == "none") continue;
    throw UsageError(fmt::format("--{} does not apply to --variant {}: {}", c.option, name, c.why));
  }
  if (vm["grade"].as<bool>())
    throw UsageError(fmt::format("--grade does not apply to --variant {}: {}", name, kNoVariantTarget));
  if (variant == Variant::killer && format == Format::line)
    throw UsageError("--variant killer cannot be written as lines (a line has no room for cages): use --format jsonl or csv");
  if ((variant == Variant::killer || variant == Variant::jigsaw) && format == Format::grid)
    throw UsageError(fmt::format("--variant {} cannot be written as grids (a block has no room for {}): use --format {}", name,
                                 variant == Variant::killer ? "cages" : "the region map",
                                 variant == Variant::killer ? "jsonl or csv" : "line, jsonl or csv"));
}

int run_generate(const std::vector<std::string>& args) {
  BatchRequest request;
  GeneratorConfig& config = request.config;
  Format format = Format::line;
  bool with_solution = false;
  BookOptions book;
  std::string book_path;
  po::options_description options("generate options");
  options.add_options()
      ("count,n", po::value<long long>()->default_value(1)->value_name("N")->notifier([&](long long count) {
         if (count < 0) throw UsageError(fmt::format("--count {} is negative", count));
         request.count = static_cast<std::uint64_t>(count);
       }), "puzzles to generate")
      ("seed", po::value<Unsigned64>()->value_name("S"),
       "run seed, 0 to 2^64-1 (default: random, printed on stderr as 'seed: S')")
      ("puzzle-seed", po::value<Unsigned64>()->value_name("S"),
       "make the one puzzle of this puzzle seed (the 'seed' field of jsonl/csv/grid output)")
      ("size", po::value<int>()->value_name("N"), "grid size N (NxN), default 9")
      ("box", po::value<std::string>()->value_name("RxC"), "box of R rows by C columns (e.g. 2x3 for 6x6)")
      ("alphabet", po::value<std::string>()->value_name("SYMBOLS"),
       "symbols of digits 1..N in every layout (e.g. 0123456789ABCDEF); default 1-9 then A-Z")
      ("symmetry", po::value<std::string>()->default_value("none")->value_name("S")->notifier([&](const std::string& s) {
         const auto symmetry = parse_symmetry(s);
         if (!symmetry)
           throw UsageError(fmt::format("unknown --symmetry '{}' (use none, rot180, rot90, mirror, flip, diagonal, "
                                        "antidiagonal, dihedral or random)", s));
         config.symmetry = *symmetry;
       }), "clue pattern symmetry: none, rot180, rot90, mirror, flip, diagonal, antidiagonal, dihedral, random")
      ("clues", po::value<ClueTarget>()->value_name("N|MIN-MAX")->notifier([&](const ClueTarget& target) {
         config.min_clues = target.low;
         config.max_clues = target.high;
       }), "clue count to reach, exactly or drawn per puzzle in a range")
      ("attempts", po::value(&config.max_attempts)->default_value(1000)->value_name("K"),
       "fills tried per puzzle before a --clues target is given up; "
       "candidates tried per puzzle for --difficulty/--score")
      ("removal", po::value<std::string>()->default_value("full")->value_name("MODE")->notifier([&](const std::string& s) {
         const auto removal = parse_removal(s);
         if (!removal) throw UsageError(fmt::format("unknown --removal '{}' (use full or quick)", s));
         config.removal = *removal;
       }), "full: try every clue (orbit) once, none can go; quick: stop at the first clue that must stay")
      ("test-budget", po::value<Unsigned64>()->value_name("NODES")->notifier([&](const Unsigned64& budget) {
         config.removal_node_budget = budget.value;
       }), "search nodes per removal test before the clue is kept (0: exact; default 0 up to 16x16, 256 above)")
      ("timeout", po::value<double>()->value_name("SECONDS")->notifier([&](double seconds) {
         if (!(seconds >= 0) || seconds > 1e9) throw UsageError(fmt::format("--timeout {} must be 0 (none) or more seconds", seconds));
         config.removal_time_budget = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(seconds));
       }), "wall time for all removal tests of one puzzle; tests after it keep their clue (unique, not proved "
           "minimal; not reproducible across machines)")
      ("minimal", po::bool_switch(&config.minimal),
       "full removal even with --clues: no clue (with --symmetry: no symmetric group) can go; "
       "with a difficulty target, no clues given back")
      ("difficulty", po::value<std::string>()->value_name("LEVEL")->notifier([&](const std::string& s) {
         config.level = parse_level(s);
         if (!config.level)
           throw UsageError(fmt::format("unknown --difficulty '{}' (use easy, medium, hard, expert or extreme)", s));
       }), "keep only puzzles graded easy, medium, hard, expert or extreme")
      ("score", po::value<ScoreOption>()->value_name("MIN-MAX")->notifier([&](const ScoreOption& s) {
         config.score = s.range;
       }), "keep only puzzles with a grader score in range")
      ("rating", po::value<RatingOption>()->value_name("MIN-MAX")->notifier([&](const RatingOption& r) {
         config.rating = r.range;
       }), "keep only puzzles the grader rates in this range (Sukaku Explainer's scale, e.g. 6.0-7.4)")
      ("grade", po::bool_switch(&config.grade), "grade every puzzle (level, score, hardest in jsonl/csv/grid)")
      ("book", po::value(&book_path)->value_name("FILE"),
       "also write the puzzles and answers as a book (.pdf, .svg or .png: one file per page)")
      ("page-size", po::value(&book.page_size)->default_value("a4")->value_name("SIZE"),
       "book trim size: a KDP trim (5x8 ... 8.5x11, inches), a4, a5, letter, or WxH[in|mm]")
      ("per-page", po::value(&book.per_page)->default_value(4)->value_name("N"), "book puzzles per page: 1 to 6")
      ("title", po::value(&book.title)->value_name("TEXT"), "book title page")
      ("distinct", po::bool_switch(&request.distinct), "drop puzzles equivalent to an earlier one (see above)")
      ("shard", po::value<ShardOption>()->value_name("K/N")->notifier([&](const ShardOption& s) {
         request.shard = s.shard;
       }), "only indices I with I mod N = K (numbered globally)")
      ("format,f", po::value<std::string>()->default_value("line")->value_name("FMT")->notifier([&](const std::string& s) {
         format = parse_format(s);
       }), "line, grid, jsonl or csv")
      ("with-solution", po::bool_switch(&with_solution), "write each puzzle's solution too")
      ("variant", po::value<std::string>()->default_value("classic")->value_name("V")->notifier([&](const std::string& s) {
         const auto variant = parse_variant(s);
         if (!variant) throw UsageError(fmt::format("unknown --variant '{}' (use classic, x, hyper, jigsaw or killer)", s));
         config.variant = *variant;
       }), "classic, x, hyper, jigsaw or killer (see above)")
      // Not add_engine_option: here auto means the own search, not DLX, off 9x9.
      ("engine", po::value<std::string>()->default_value("auto")->value_name("NAME")->notifier([&](const std::string& s) {
         config.engine = parse_engine_option(s);
       }), "exact removal tests by: auto (fast on 9x9, the own search otherwise), dlx, or fast (9x9 only)");
  add_threads_option(options, request.threads);
  po::variables_map vm;
  if (!parse_command_line(args, options, kUsage, nullptr, &vm)) return kExitOk;

  config.shape = shape_option(vm);
  const Alphabet alphabet = alphabet_option(vm, config.shape);
  if (config.variant != Variant::classic) refuse_for_variant(vm, config.variant, format);
  if (config.shape.n > 16 && removal_test_budget(config) == 0)
    fmt::print(stderr, "sudokit generate: warning: exact removal tests on {}x{} (--minimal or --test-budget 0) can "
                       "take a minute or more per puzzle on 25x25\n",
               config.shape.n, config.shape.n);
  if (auto why = impossible_request(config)) throw UsageError(*why);
  // A line of 1, 4 or 9 cells reads as a row of a block more often than as a puzzle
  // (docs/RECORDS.md), so these lines read back as puzzles only with the size given.
  if (config.shape.n < 4 && format == Format::line)
    fmt::print(stderr, "sudokit generate: note: read {}x{} puzzles in lines back with --size {} (jsonl and csv need "
                       "no option)\n", config.shape.n, config.shape.n, config.shape.n);
  const bool graded = wants_grade(config);
  const bool make_book = !book_path.empty();
  // The book's options without --book would be dropped without a word.
  for (const char* option : {"page-size", "per-page", "title"})
    if (!make_book && vm.count(option) && !vm[option].defaulted())
      throw UsageError(fmt::format("--{} is an option of the book: give --book FILE too", option));
  if (make_book) {
    book.format = book_format_from_path(book_path).value_or(BookFormat::pdf);
    book.alphabet = alphabet;
    try {
      check_book_options(book, book_path);
      // Whether puzzles of this size are legible at this page size and count per page
      // depends on nothing generate makes, so it is asked now, of one empty puzzle of the
      // size laid out (nothing drawn or written), not after every puzzle is made.
      check_book_layout({BookPuzzle(Grid(config.shape), Grid(config.shape))}, book);
    } catch (const BookError& e) {
      throw UsageError(e.what());
    }
  }
  request.threads = checked_threads(request.threads);
  const bool single = vm.count("puzzle-seed") > 0;
  if (single) {
    if (vm.count("seed") || vm.count("shard"))
      throw UsageError("--puzzle-seed makes one puzzle: it does not go with --seed or --shard");
    request.puzzle_seed = vm["puzzle-seed"].as<Unsigned64>().value;
  }
  if (vm.count("seed")) {
    config.seed = vm["seed"].as<Unsigned64>().value;
  } else {
    std::random_device device;
    config.seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
    if (!single) fmt::print(stderr, "seed: {}\n", config.seed);
  }

  OutputSink output;
  const OutputOptions out_options{format, alphabet};
  GenerateLayout layout{with_solution, graded, config.variant, std::nullopt};
  if (box_text(config.shape)) layout.box = config.shape;
  if (format == Format::csv) output.write(generate_csv_header(layout));
  std::vector<BookPuzzle> book_puzzles;
  std::string text;
  ProgressBar progress("generate", batch_expected(request), stderr_is_terminal());
  std::uint64_t shown = 0;
  const BatchSummary summary = generate_batch(
      request,
      [&](const GeneratedPuzzle& p) {
        if (!p.ok) {
          if (single) fmt::print(stderr, "sudokit generate: {}\n", p.failure);
          else fmt::print(stderr, "sudokit generate: puzzle {}: {}\n", p.index, p.failure);
        } else if (make_book) {
          book_puzzles.push_back(BookPuzzle{p.puzzle, p.solution, p.graded ? std::string(level_name(p.level)) : ""});
        }
        text.clear();
        write_generated(text, out_options, layout, p);
        output.write(text);
        output.end_batch(false);  // a reader of a pipe gets puzzles at least every 50 ms
        return output.ok();
      },
      [&](const BatchSummary& so_far) {
        progress.advance(so_far.written + so_far.failed - shown);
        shown = so_far.written + so_far.failed;
      });
  progress.finish();
  output.flush();
  if (!output.ok()) {
    fmt::print(stderr, "sudokit generate: cannot write the output\n");
    return kExitUsage;
  }
  if (has_difficulty_target(config) && !single) {
    std::string target;
    if (config.level) target = fmt::format("difficulty {}", level_name(*config.level));
    if (config.score) target += fmt::format("{}score {}-{}", target.empty() ? "" : ", ", config.score->low, config.score->high);
    if (config.rating)
      target += fmt::format("{}rating {:.1f}-{:.1f}", target.empty() ? "" : ", ", config.rating->low, config.rating->high);
    fmt::print(stderr, "{}: {} puzzles from {} candidates ({:.1f}% accepted){}\n", target, summary.accepted,
               summary.candidates,
               summary.candidates ? 100.0 * static_cast<double>(summary.accepted) / static_cast<double>(summary.candidates)
                                  : 0.0,
               summary.clues_given_back ? fmt::format(", {} with clues given back", summary.clues_given_back) : "");
  }
  // Lays out the kept puzzles; a layout the puzzles make impossible is exit 2, like `book`.
  if (make_book && book_puzzles.empty()) {
    fmt::print(stderr, "sudokit generate: no puzzles, so no book written\n");
  } else if (make_book) {
    try {
      const BookResult written = render_book(book_puzzles, book, book_path);
      fmt::print(stderr, "book: {} puzzles, {} pages: {}\n", written.puzzles, written.pages,
                 written.files.size() == 1 ? written.files.front() : fmt::format("{} files", written.files.size()));
    } catch (const BookError& e) {
      fmt::print(stderr, "sudokit generate: book: {}\n", e.what());
      return kExitUsage;
    }
  }
  if (summary.gave_up) {
    fmt::print(stderr,
               "sudokit generate: only {} distinct puzzles, then {} duplicates or failures in a row ({} duplicates, "
               "{} failures in all); this request may not have {} essentially different puzzles\n",
               summary.written, summary.failure_run, summary.duplicates, summary.failed, request.count);
    return kExitFailures;
  }
  return summary.failed > 0 ? kExitFailures : kExitOk;
}

const CommandRegistration registration{
    Command{"generate", "make uniquely solvable puzzles (seeded, parallel, symmetric, minimal)", 40, run_generate}};

}  // namespace
}  // namespace sudokit::cli

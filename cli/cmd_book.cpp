// `sudokit book [FILE...] -o book.pdf`: a print-ready book of the puzzles given.
//
// Records come through RecordStream, so any input layout works: plain text, or the jsonl and
// csv records `generate` and `grade` write, whose `level`, `rating`, `id`, `seed` and `index`
// fields are used when present (level and rating for headings, sections and order; id or
// seed for a small reference beside each heading). `--grade` grades the puzzles that lack a
// level; `--sections level` and `--sort rating` grade the ones lacking what they need.
//
// A book must not print a puzzle that cannot be solved, or has two answers: every record is
// solved (counting to 2) and an invalid, unsolvable or non-unique one is reported as
// FILE:LINE: reason. Any such record stops the book (exit 1, nothing written) unless
// --skip-bad, which prints the others and still exits 1.
//
// With --variant (x, hyper, jigsaw, killer) each record carries its Rules from the reader
// (jigsaw regions, killer cages), is checked under them (clashes and uniqueness alike, the
// Solver's rules overload) and is printed with its variant's look (book.hpp). The grader
// knows classic Sudoku only, so a variant record that would need grading (--grade,
// --sections level, --sort rating) must carry its level or rating, else it is refused.
//
// Everything about the request that does not need the puzzles (page size, counts, font,
// output folder) is checked before any input is read, so a typo fails at once with exit 2;
// whether the grids fit legibly is known once the puzzles are read, and is also exit 2.
// The files written are listed on standard output, one per line; the page count and the
// matching `sudokit cover` command go to standard error.
#include <nlohmann/json.hpp>
#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "sudokit/book.hpp"
#include "sudokit/grader.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit book [OPTIONS] [FILE...] -o OUTPUT\n"
    "Lays out the puzzles (standard input when no FILE or '-'; text, jsonl or csv records) as a\n"
    "print-ready book: an optional title page, the puzzles 1 to 6 to a page (optionally in sections\n"
    "by level), then their answers. Each puzzle is headed with its number and level (\"12 · Hard\").\n"
    "PDF is one file; SVG and PNG are one file per page (OUTPUT book.svg gives book-001.svg, ...).\n"
    "Invalid, unsolvable and non-unique puzzles are reported as FILE:LINE: reason and no book is\n"
    "written (exit 1); --skip-bad prints the rest (still exit 1). Same input and options, same bytes.\n"
    "--variant x|hyper|jigsaw|killer checks each puzzle under its variant's rules and draws its look\n"
    "(shaded diagonals or windows, thick region borders, dashed cages with their sums).";

/// One record's part of the book, or why it has none.
struct BookEntry {
  std::optional<BookPuzzle> puzzle;
  std::string error;  ///< why the record cannot be printed
};

/// What each worker thread keeps: a solver for uniqueness, a grader when grading.
struct BookWorker {
  Solver solver;
  std::optional<Grader> grader;
};

/// A carried field's JSON text as a string ("\"hard\"" → hard, 42 → 42); empty when absent or null.
std::string field_text(const Record& record, std::string_view key) {
  for (const auto& [name, value] : record.fields) {
    if (name != key) continue;
    const nlohmann::json parsed = nlohmann::json::parse(value, nullptr, false);
    if (parsed.is_discarded() || parsed.is_null()) return "";
    if (parsed.is_string()) return parsed.get<std::string>();
    return parsed.dump();
  }
  return "";
}

std::optional<double> field_number(const Record& record, std::string_view key) {
  for (const auto& [name, value] : record.fields) {
    if (name != key) continue;
    const nlohmann::json parsed = nlohmann::json::parse(value, nullptr, false);
    if (parsed.is_number()) return parsed.get<double>();
    if (parsed.is_string()) {
      char* end = nullptr;
      const std::string text = parsed.get<std::string>();
      const double number = std::strtod(text.c_str(), &end);
      if (!text.empty() && end && *end == '\0') return number;
    }
  }
  return std::nullopt;
}

/// "id 42", or "seed 7259628554680249319" (generate's records), or empty.
std::string reference_of(const Record& record) {
  if (std::string id = field_text(record, "id"); !id.empty()) return "id " + id;
  const std::string seed = field_text(record, "seed");
  if (seed.empty()) return "";
  return "seed " + seed;  // generate's puzzle seed: --puzzle-seed remakes the puzzle alone
}

void set_level(BookPuzzle& puzzle, const std::string& level) {
  puzzle.level = level;
  const std::optional<Level> known = parse_level(level);
  puzzle.level_rank = known ? static_cast<int>(*known) : -1;
}

int run_book(const std::vector<std::string>& args) {
  InputOptions input;
  int threads = 0;
  std::string output_path;
  std::string format_text;
  std::string sections_text = "none";
  std::string sort_text = "input";
  BookOptions book;
  bool no_answers = false;
  bool grade_missing = false;
  bool skip_bad = false;
  po::options_description options("book options");
  options.add_options()
      ("output,o", po::value(&output_path)->value_name("PATH"), "where to write the book (required; '-': a PDF to standard output)")
      ("format,f", po::value(&format_text)->value_name("FMT"), "pdf, svg or png (default: from OUTPUT's extension, else pdf)")
      ("page-size", po::value(&book.page_size)->default_value("a4")->value_name("SIZE"),
       "trim size: a KDP trim (5x8 ... 6x9 ... 8.5x11, inches), a4, a5, letter, or WxH[in|mm]")
      ("bleed", po::bool_switch(&book.bleed), "add KDP's 0.125 in bleed (outside edge, top, bottom)")
      ("per-page", po::value(&book.per_page)->default_value(4)->value_name("N"), "puzzles per page: 1 to 6")
      ("answers-per-page", po::value(&book.answers_per_page)->default_value(0)->value_name("N"),
       "answers per page: 1, 2, 4, 6, 9 or 12 (0: as many as stay legible, up to 12)")
      ("no-answers", po::bool_switch(&no_answers), "leave out the answers section")
      ("title", po::value(&book.title)->value_name("TEXT"), "add a title page")
      ("subtitle", po::value(&book.subtitle)->value_name("TEXT"), "subtitle on the title page")
      ("author", po::value(&book.author)->value_name("TEXT"), "author on the title page")
      ("sections", po::value(&sections_text)->default_value("none")->value_name("BY"),
       "none, or level: a section per level, easiest first, each opening with a heading page")
      ("sort", po::value(&sort_text)->default_value("input")->value_name("BY"),
       "input, or rating: easiest first (within each section)")
      ("grade", po::bool_switch(&grade_missing), "grade the puzzles whose records carry no level")
      ("skip-bad", po::bool_switch(&skip_bad), "print the book without the puzzles that cannot be printed (exit 1)")
      ("dpi", po::value(&book.dpi)->default_value(150)->value_name("DPI"), "PNG resolution")
      ("one-per-file", po::bool_switch(&book.one_per_file),
       "one puzzle (and one answer) per file, sized to the grid, for web use")
      ("font", po::value(&book.font)->default_value("DejaVu Sans")->value_name("FAMILY"),
       "font family (must be installed; missing characters come from other fonts)")
      ("first-number", po::value(&book.first_number)->default_value(1)->value_name("N"),
       "number of the first puzzle in headings");
  add_threads_option(options, threads);
  add_input_options(options, input);
  add_variant_option(options, input);
  if (!parse_command_line(args, options, kUsage, &input.files)) return kExitOk;

  if (output_path.empty()) throw UsageError("-o/--output PATH is required");
  if (!format_text.empty()) {
    const auto format = parse_book_format(format_text);
    if (!format) throw UsageError(fmt::format("unknown format '{}'; use pdf, svg or png", format_text));
    book.format = *format;
  } else {
    book.format = book_format_from_path(output_path).value_or(BookFormat::pdf);
  }
  if (sections_text == "level") book.sections = BookSections::level;
  else if (sections_text != "none") throw UsageError(fmt::format("--sections '{}': use none or level", sections_text));
  if (sort_text == "rating") book.sort = BookSort::rating;
  else if (sort_text != "input") throw UsageError(fmt::format("--sort '{}': use input or rating", sort_text));
  book.answers = !no_answers;
  const ReaderOptions reader = input.reader_options();
  book.alphabet = reader.alphabet;
  try {
    check_book_options(book, output_path);
  } catch (const BookError& e) {
    throw UsageError(e.what());
  }
  const bool need_level = grade_missing || book.sections == BookSections::level;
  const bool need_rating = book.sort == BookSort::rating;

  RecordStream stream(input.files, reader);
  std::vector<BookPuzzle> puzzles;
  std::size_t failed = 0;
  PipelineOptions pipeline;
  pipeline.threads = checked_threads(threads);
  for_each_record<BookEntry>(
      stream, pipeline, [] { return BookWorker{Solver(), std::nullopt}; },
      [&](const Record& record, BookEntry& entry, BookWorker& worker) {
        if (!record.grid) {
          entry.error = record.error.empty() ? "invalid" : record.error;
          return;
        }
        const Grid& grid = *record.grid;
        const Rules* rules = record.rules.get();  // null: classic
        if (auto clashes = rules ? find_clashes(*rules, grid, kReportedClashes + 1) : find_clashes(grid, kReportedClashes + 1);
            !clashes.empty()) {
          entry.error = "givens clash: " + (rules ? describe_clashes(*rules, clashes) : describe_clashes(grid.shape, clashes));
          return;
        }
        const SolveResult result = rules ? worker.solver.solve(grid, *rules, 2, 1) : worker.solver.solve(grid, 2, 1);
        if (!result.complete) {
          entry.error = "uniqueness could not be decided";
          return;
        }
        if (result.count == 0) {
          entry.error = "no solution";
          return;
        }
        if (result.count > 1) {
          entry.error = "not unique (2 or more solutions)";
          return;
        }
        BookPuzzle puzzle(grid, result.solutions.front());
        set_level(puzzle, field_text(record, "level"));
        puzzle.rating = field_number(record, "rating");
        puzzle.reference = reference_of(record);
        puzzle.rules = record.rules;
        if ((need_level && puzzle.level.empty()) || (need_rating && !puzzle.rating)) {
          if (!worker.grader) worker.grader.emplace();
          GradeOptions grading;
          grading.record_path = false;
          grading.uniqueness = GradeOptions::Uniqueness::assume;  // just proven
          const Grade grade = rules ? worker.grader->grade(grid, *rules, grading) : worker.grader->grade(grid, grading);
          if (grade.status != GradeStatus::graded) {
            entry.error = grade.error.empty() ? "could not be graded" : grade.error;
            return;
          }
          if (puzzle.level.empty()) set_level(puzzle, std::string(level_name(grade.level)));
          if (!puzzle.rating) puzzle.rating = grade.rating;
        }
        entry.puzzle = std::move(puzzle);
      },
      [&](const Record& record, BookEntry& entry) {
        if (!entry.puzzle) {
          diagnose(record, entry.error);
          ++failed;
          return;
        }
        puzzles.push_back(std::move(*entry.puzzle));
      });
  if (stream.io_failed()) return kExitUsage;
  if (failed && !skip_bad) {
    fmt::print(stderr, "sudokit book: {} puzzle{} cannot be printed; no book written (--skip-bad prints the rest)\n",
               failed, failed == 1 ? "" : "s");
    return kExitFailures;
  }
  if (puzzles.empty()) {
    fmt::print(stderr, "sudokit book: no puzzles to print; nothing written\n");
    return failed ? kExitFailures : kExitUsage;
  }

  BookResult written;
  try {
    written = render_book(puzzles, book, output_path);
  } catch (const BookError& e) {
    throw UsageError(e.what());
  }
  if (output_path != kStandardOutput) {  // the book itself went to standard output otherwise
    OutputSink output;
    for (const std::string& file : written.files) output.write(file + "\n");
    output.flush();
  }
  if (!book.one_per_file) {
    // The cover command takes KDP's page counts only: a thinner or thicker book has no cover
    // to suggest.
    const std::string cover =
        written.pages >= kMinCoverPages && written.pages <= kMaxCoverPages
            ? fmt::format("its cover: sudokit cover --pages {} --page-size {}", written.pages, book.page_size)
            : fmt::format("too {} for a KDP paperback's cover ({} to {} pages)",
                          written.pages < kMinCoverPages ? "few pages" : "many pages", kMinCoverPages, kMaxCoverPages);
    fmt::print(stderr, "sudokit book: {} puzzles, {} pages, inside margin {:.3g} in{}; {}\n", written.puzzles,
               written.pages, written.inside_margin / kPointsPerInch,
               failed ? fmt::format(" ({} left out)", failed) : std::string(), cover);
  }
  return failed ? kExitFailures : kExitOk;
}

const CommandRegistration registration{
    {"book", "lay out puzzles and their answers as a print-ready PDF, SVG or PNG book", 60, run_book}};

}  // namespace
}  // namespace sudokit::cli

// `sudokit book [FILE...] -o book.pdf`: a print-ready book of the puzzles given.
//
// Every record is a puzzle, in any input layout. Each is solved (counting to 2) so that the
// book can carry its answer: a unique puzzle goes in as it is; a puzzle with several
// solutions is still printed, with its first solution as the answer, and a warning naming
// FILE:LINE, since a book is often a draft and refusing it would be unhelpful; an invalid
// record or one with no solution is reported and left out, and the exit code becomes 1.
//
// Everything about the request that does not need the puzzles (page size, counts, font,
// output folder) is checked before any input is read, so a typo fails at once with exit 2;
// whether the grids fit legibly is known once the puzzles are read, and is also exit 2.
// The files written are listed on standard output, one per line.
#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "sudokit/book.hpp"
#include "sudokit/verifier.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit book [OPTIONS] [FILE...] -o OUTPUT\n"
    "Lays out the puzzles (standard input when no FILE or '-') as a print-ready book: an optional\n"
    "title page, the puzzles 1, 2, 4 or 6 to a page, then their answers. PDF is one file; SVG and\n"
    "PNG are one file per page (OUTPUT book.svg gives book-001.svg, book-002.svg, ...). The format\n"
    "comes from --format or OUTPUT's extension. The same input and options give the same bytes.\n"
    "Puzzles with several solutions are printed with a warning; invalid or unsolvable ones are\n"
    "left out (exit 1).";

/// One record's part of the book, or why it has none.
struct BookEntry {
  std::optional<BookPuzzle> puzzle;
  std::string error;    ///< why the record is left out
  std::string warning;  ///< printed, but something to tell the user
};

int run_book(const std::vector<std::string>& args) {
  InputOptions input;
  int threads = 0;
  std::string output_path;
  std::string format_text;
  BookOptions book;
  bool no_answers = false;
  po::options_description options("book options");
  options.add_options()
      ("output,o", po::value(&output_path)->value_name("PATH"), "where to write the book (required; '-': a PDF to standard output)")
      ("format,f", po::value(&format_text)->value_name("FMT"), "pdf, svg or png (default: from OUTPUT's extension, else pdf)")
      ("page-size", po::value(&book.page_size)->default_value("a4")->value_name("SIZE"),
       "a4, letter, 6x9 (in) or 8.5x11 (in)")
      ("per-page", po::value(&book.per_page)->default_value(4)->value_name("N"), "puzzles per page: 1, 2, 4 or 6")
      ("answers-per-page", po::value(&book.answers_per_page)->default_value(0)->value_name("N"),
       "answers per page: 1, 2, 4, 6, 9 or 12 (0: as many as stay legible, up to 12)")
      ("no-answers", po::bool_switch(&no_answers), "leave out the answers section")
      ("title", po::value(&book.title)->value_name("TEXT"), "add a title page")
      ("dpi", po::value(&book.dpi)->default_value(150)->value_name("DPI"), "PNG resolution")
      ("one-per-file", po::bool_switch(&book.one_per_file),
       "one puzzle (and one answer) per file, sized to the grid, for web use")
      ("font", po::value(&book.font)->default_value("DejaVu Sans")->value_name("FAMILY"),
       "font family (must be installed)")
      ("first-number", po::value(&book.first_number)->default_value(1)->value_name("N"),
       "number of the first puzzle in headings");
  add_threads_option(options, threads);
  add_input_options(options, input);
  if (!parse_command_line(args, options, kUsage, &input.files)) return kExitOk;

  if (output_path.empty()) throw UsageError("-o/--output PATH is required");
  if (!format_text.empty()) {
    const auto format = parse_book_format(format_text);
    if (!format) throw UsageError(fmt::format("unknown format '{}'; use pdf, svg or png", format_text));
    book.format = *format;
  } else {
    book.format = book_format_from_path(output_path).value_or(BookFormat::pdf);
  }
  book.answers = !no_answers;
  const ReaderOptions reader = input.reader_options();
  book.alphabet = reader.alphabet;
  try {
    check_book_options(book, output_path);
  } catch (const BookError& e) {
    throw UsageError(e.what());
  }

  RecordStream stream(input.files, reader);
  std::vector<BookPuzzle> puzzles;
  std::size_t failed = 0;
  PipelineOptions pipeline;
  pipeline.threads = checked_threads(threads);
  for_each_record<BookEntry>(
      stream, pipeline, [] { return Solver(); },
      [](const Record& record, BookEntry& entry, Solver& solver) {
        if (!record.grid) {
          entry.error = record.error;
          return;
        }
        const Grid& puzzle = *record.grid;
        if (auto clashes = find_clashes(puzzle, kReportedClashes + 1); !clashes.empty()) {
          entry.error = "givens clash: " + describe_clashes(puzzle.shape, clashes);
          return;
        }
        const SolveResult result = solver.solve(puzzle, 2, 1);
        if (result.count == 0) {
          entry.error = "no solution; left out of the book";
          return;
        }
        if (result.count > 1) entry.warning = "not unique (2 or more solutions); printed with its first solution";
        entry.puzzle = BookPuzzle{puzzle, result.solutions.front(), ""};
      },
      [&](const Record& record, BookEntry& entry) {
        if (!entry.puzzle) {
          diagnose(record, entry.error.empty() ? "invalid" : entry.error);
          ++failed;
          return;
        }
        if (!entry.warning.empty()) diagnose(record, "warning: " + entry.warning);
        puzzles.push_back(std::move(*entry.puzzle));
      });
  if (stream.io_failed()) return kExitUsage;
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
  return failed ? kExitFailures : kExitOk;
}

const CommandRegistration registration{
    {"book", "lay out puzzles and their answers as a print-ready PDF, SVG or PNG book", 60, run_book}};

}  // namespace
}  // namespace sudokit::cli

// sudokit/book.hpp: print-ready puzzle books (PDF, SVG, PNG), drawn with cairo.
//
// A book is an optional title page, the puzzles laid out 1, 2, 4 or 6 to a page, and an
// answers section of smaller grids (up to 12 to a page). Pages have margins and an inner
// gutter that alternates sides (odd pages are right-hand pages, so their gutter is on the
// left), a heading per puzzle ("Puzzle 12", and the level when known) and page numbers.
//
// Formats: PDF is one multi-page file; SVG and PNG are one file per page, named after the
// output path with a page number (book.svg → book-001.svg, book-002.svg, ...). With
// one_per_file every puzzle (and every answer) becomes its own small page-less image,
// book-001.svg and book-001-answer.svg, for the web.
//
// The same puzzles and options always give the same bytes (no creation date is written).
//
// One call renders and writes a whole book:
//   std::vector<sudokit::BookPuzzle> puzzles = ...;   // puzzle, solution, level
//   sudokit::BookOptions options;                    // A4, 4 per page, answers, PDF
//   options.title = "Fifty Hard Ones";
//   sudokit::BookResult written = sudokit::render_book(puzzles, options, "book.pdf");
// Anything wrong with the request (unknown page size, grids that would not be legible at
// that many per page, a font that is not installed, an unwritable path) throws BookError
// with a sentence meant for the user; check_book_options() finds the problems that do not
// depend on the puzzles before any work is done.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.hpp"

namespace sudokit {

enum class BookFormat { pdf, svg, png };

/// "pdf" | "svg" | "png"
std::optional<BookFormat> parse_book_format(std::string_view name);
std::string_view book_format_name(BookFormat format);
/// The format a path's extension names (".pdf", ".svg", ".png", any case), if any.
std::optional<BookFormat> book_format_from_path(std::string_view path);

/// A page size in PostScript points (1/72 in).
struct PageSize {
  std::string name;
  double width = 0;
  double height = 0;
};

/// "a4", "letter", "6x9" (inches), "8.5x11" (inches); case-insensitive.
std::optional<PageSize> parse_page_size(std::string_view name);
/// "a4, letter, 6x9, 8.5x11" (for messages and --help).
std::string page_size_names();

/// One puzzle of the book.
struct BookPuzzle {
  Grid puzzle;
  /// Printed in the answers section when present.
  std::optional<Grid> solution;
  /// Difficulty shown in the heading ("hard"); empty when unknown.
  std::string level;
};

struct BookOptions {
  BookFormat format = BookFormat::pdf;
  std::string page_size = "a4";
  /// Puzzles per page: 1, 2, 4 or 6.
  int per_page = 4;
  /// Answers per page: 1, 2, 4, 6, 9 or 12; 0 picks the most that stay legible (at most 12).
  int answers_per_page = 0;
  /// Print the answers section (for the puzzles that have a solution).
  bool answers = true;
  /// Non-empty: a title page first, with this title.
  std::string title;
  /// PNG resolution, dots per inch.
  double dpi = 150;
  /// Every puzzle and every answer its own small file (SVG/PNG for the web; PDF works too).
  bool one_per_file = false;
  /// Font family for digits and text; must be installed (checked through fontconfig).
  std::string font = "DejaVu Sans";
  /// Symbols of digits 1..k; larger digits are printed as numbers.
  Alphabet alphabet = Alphabet::standard();
  /// Number of the first puzzle in headings.
  int first_number = 1;
};

/// A request that cannot be carried out; what() is a sentence for the user.
struct BookError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct BookResult {
  std::vector<std::string> files;  ///< the files written, in page order
  int pages = 0;                   ///< pages (or cards) drawn
  int puzzles = 0;
  int answers = 0;
};

/// The output path that means standard output (a PDF book only).
inline constexpr std::string_view kStandardOutput = "-";

/// Checks what does not depend on the puzzles: format, page size, per-page counts, dpi, the
/// font, and that the output's folder exists and is writable. Throws BookError.
void check_book_options(const BookOptions& options, const std::string& path);

/// Lays out, draws and writes the book. `path` is the PDF itself, or the pattern for
/// per-page files (its extension, if any, is replaced: book.svg → book-001.svg).
/// Throws BookError (the request cannot be met; nothing is written in that case unless the
/// failure is writing itself).
BookResult render_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options, const std::string& path);

}  // namespace sudokit

// sudokit/book.hpp: print-ready puzzle books (PDF, SVG, PNG) and their covers, drawn with cairo.
//
// A book is an optional title page (title, subtitle, author; its back left blank), the
// puzzles laid out 1 to 6 to a page, optionally in sections (one per level, easiest first,
// each opening with a heading page), and an answers section of smaller grids (up to 12 to a
// page). Puzzles start on a right-hand page; odd pages are right-hand pages, so their inside
// (gutter) margin is on the left. The inside margin follows KDP's table of page counts
// (kdp_inside_margin()); with `bleed` each page grows by KDP's bleed on its outside edge, top
// and bottom, and everything stays inside the trim less the margins. A heading per puzzle
// ("12 · Hard"; "Puzzle 12" when the level is unknown) and page numbers. The page count is
// made even (a blank last page when needed), as printers bind sheets.
//
// Variants (sudokit/variant.hpp): a puzzle carrying Rules is drawn with its variant's look,
// in the puzzles, the answers and the cards alike, and its heading names the variant
// ("12 · Killer · Hard"): X shades both diagonals and hyper its windows (light grey cells,
// any extra house of kind diagonal or window); jigsaw draws thick rules along its region
// boundaries and none along boxes; killer draws each cage as a dashed outline set inside
// its cells, with the cage's sum small in the top-left corner of its first cell (row-major;
// answers keep the outlines, lighter, without sums). The book draws what the rules say and
// checks nothing about them beyond their shape: callers check validity and uniqueness under
// the puzzle's own rules (the Solver's rules overload) before printing.
//
// Formats: PDF is one multi-page file; SVG and PNG are one file per page, named after the
// output path with a page number (book.svg → book-001.svg, book-002.svg, ...). With
// one_per_file every puzzle (and every answer) becomes its own small page-less image,
// book-001.svg and book-001-answer.svg, for the web.
//
// Text (titles, headings, page numbers) is set with Pango, so characters the chosen font
// lacks (CJK titles with DejaVu Sans) come from another installed font through fontconfig;
// the digits of the grids use the chosen font itself.
//
// The same puzzles and options always give the same bytes (no creation date is written).
//
// One call renders and writes a whole book:
//   std::vector<sudokit::BookPuzzle> puzzles = ...;   // puzzle, solution, level, rating
//   sudokit::BookOptions options;                    // A4, 4 per page, answers, PDF
//   options.title = "Fifty Hard Ones";
//   sudokit::BookResult written = sudokit::render_book(puzzles, options, "book.pdf");
// and one its cover (KDP's full wrap: back, spine, front, with bleed):
//   sudokit::CoverOptions cover;  cover.page_size = "6x9";  cover.pages = written.pages;
//   sudokit::render_cover(cover, "cover.pdf");
// Anything wrong with the request (unknown page size, grids that would not be legible at
// that many per page, a font that is not installed, an unwritable path) throws BookError
// with a sentence meant for the user; check_book_options() finds the problems that do not
// depend on the puzzles before any work is done.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {

enum class BookFormat { pdf, svg, png };

/// "pdf" | "svg" | "png"
std::optional<BookFormat> parse_book_format(std::string_view name);
std::string_view book_format_name(BookFormat format);
/// The format a path's extension names (".pdf", ".svg", ".png", any case), if any.
std::optional<BookFormat> book_format_from_path(std::string_view path);

/// A page (trim) size in PostScript points (1/72 in).
struct PageSize {
  std::string name;
  double width = 0;
  double height = 0;
};

inline constexpr double kPointsPerInch = 72;
inline constexpr double kPointsPerMm = 72 / 25.4;
/// KDP's bleed: 0.125 in past the trim on every edge that is cut.
inline constexpr double kBleed = 0.125 * kPointsPerInch;

/// A named size (KDP's trims "5x8" ... "8.5x11" in inches, "a4", "a5", "letter") or a custom
/// "WxH" with an optional unit: "6x9", "6x9in", "152x229mm" (no unit: inches). Case-insensitive.
/// Custom sizes must lie between 2 and 48 inches a side.
std::optional<PageSize> parse_page_size(std::string_view name);
/// The named sizes, in the order page_size_names() lists them.
const std::vector<PageSize>& named_page_sizes();
/// "5x8, 5.06x7.81, ..., a4, a5, letter, or WxH[in|mm]" (for messages and --help).
std::string page_size_names();

/// KDP's minimum inside (gutter) margin for a paperback of `pages` pages, in points: 0.375 in
/// up to 150 pages, 0.5 in to 300, 0.625 in to 500, 0.75 in to 700, 0.875 in beyond.
double kdp_minimum_inside_margin(int pages);
/// KDP's minimum outside, top and bottom margin: 0.25 in, or 0.375 in with bleed.
double kdp_minimum_outside_margin(bool bleed);

/// One puzzle of the book.
struct BookPuzzle {
  BookPuzzle() = default;
  BookPuzzle(Grid puzzle_grid, std::optional<Grid> solution_grid = std::nullopt, std::string level_name = {})
      : puzzle(std::move(puzzle_grid)), solution(std::move(solution_grid)), level(std::move(level_name)) {}

  Grid puzzle;
  /// Printed in the answers section when present.
  std::optional<Grid> solution;
  /// Difficulty shown in the heading ("hard" prints "12 · Hard"); empty when unknown.
  std::string level;
  /// Where `level` stands among the levels, easiest 0 (sections are ordered by it); -1 when
  /// unknown (such sections follow the ranked ones, in order of first appearance).
  int level_rank = -1;
  /// SE-scale rating, when known (BookSort::rating orders by it; unknown ones go last).
  std::optional<double> rating;
  /// A short reference printed small beside the heading ("id 42", "seed 7 #3"); may be empty.
  std::string reference;
  /// The puzzle's rules when it is a variant (the reader's Record::rules); null or classic
  /// rules: a classic grid. Their shape must be the puzzle's (render_book throws BookError).
  std::shared_ptr<const Rules> rules;
};

enum class BookSections { none, level };
enum class BookSort { input, rating };

struct BookOptions {
  BookFormat format = BookFormat::pdf;
  /// A name or WxH accepted by parse_page_size(): the trim size.
  std::string page_size = "a4";
  /// Add KDP's bleed to every page (0.125 in on the outside edge, top and bottom).
  bool bleed = false;
  /// Puzzles per page: 1 to 6.
  int per_page = 4;
  /// Answers per page: 1, 2, 4, 6, 9 or 12; 0 picks the most that stay legible (at most 12).
  int answers_per_page = 0;
  /// Print the answers section (for the puzzles that have a solution).
  bool answers = true;
  /// Non-empty: a title page first, with this title (wrapped, and shrunk to fit).
  std::string title;
  std::string subtitle;
  std::string author;
  /// Group the puzzles by level (easiest first), each group opening with a heading page.
  BookSections sections = BookSections::none;
  /// Order within the book (or within each section).
  BookSort sort = BookSort::input;
  /// PNG resolution, dots per inch.
  double dpi = 150;
  /// Every puzzle and every answer its own small file (SVG/PNG for the web; PDF works too).
  bool one_per_file = false;
  /// Font family for digits and text; must be installed (checked through fontconfig).
  /// Characters it lacks in titles and headings come from other installed fonts.
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
  double inside_margin = 0;        ///< the inside margin used, in points (0 for cards)
  int puzzles = 0;
  int answers = 0;
};

/// The output path that means standard output (a PDF book only).
inline constexpr std::string_view kStandardOutput = "-";

/// Checks what does not depend on the puzzles: format, page size, per-page counts, dpi, the
/// font, and that the output's folder exists and is writable. Throws BookError.
void check_book_options(const BookOptions& options, const std::string& path);

/// The order puzzles are printed in (indices into `puzzles`) and where each section starts:
/// sections by level_rank (unknown ranks last, by first appearance), then by rating when
/// asked (stable: equal ratings keep their input order).
struct BookOrder {
  std::vector<std::size_t> order;
  /// Positions in `order` where a section starts, with its title ("Easy"); empty without sections.
  std::vector<std::pair<std::size_t, std::string>> sections;
};
BookOrder arrange_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options);

/// Lays the book out as render_book would, without drawing or writing anything: throws the
/// BookError render_book would throw about these puzzles (a grid too small to read at this
/// page size and count per page, no puzzles). `generate --book` asks it of one puzzle of the
/// size it will make before making any. check_book_options is not repeated here.
void check_book_layout(const std::vector<BookPuzzle>& puzzles, const BookOptions& options);

/// Lays out, draws and writes the book. `path` is the PDF itself, or the pattern for
/// per-page files (its extension, if any, is replaced: book.svg → book-001.svg).
/// Throws BookError (the request cannot be met; nothing is written in that case unless the
/// failure is writing itself).
BookResult render_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options, const std::string& path);

/// One puzzle drawn alone, the card of a `one_per_file` book, returned as the bytes of an
/// SVG, PNG or PDF file (options.format) instead of written: for web pages (the server's
/// GET /v1/render). With `answer`, its solution's card (the puzzle must have one). The
/// puzzle's rules, if any, give the card its variant's look. Throws BookError like
/// render_book; writes no file.
std::string render_card(const BookPuzzle& puzzle, bool answer, const BookOptions& options);

/// Paper of a KDP paperback, which sets how thick each page is.
enum class PaperKind { white, cream, colour };
/// "white" | "cream" | "colour" (or "color")
std::optional<PaperKind> parse_paper(std::string_view name);
/// KDP's thickness per page, inches: white 0.002252, cream 0.0025, colour 0.002347.
double paper_thickness_inches(PaperKind paper);

/// KDP paperbacks have 24 to 828 pages; spine text needs more than 79 pages.
inline constexpr int kMinCoverPages = 24;
inline constexpr int kMaxCoverPages = 828;
inline constexpr int kMinSpineTextPages = 80;

struct CoverOptions {
  std::string page_size = "6x9";  ///< the interior's trim size
  int pages = 0;                  ///< the interior's page count
  PaperKind paper = PaperKind::white;
  std::string title;
  std::string subtitle;
  std::string author;
  /// Text for the back cover (wrapped); may be empty.
  std::string blurb;
  std::string font = "DejaVu Sans";
  /// pdf (for upload) or png (to look at it).
  BookFormat format = BookFormat::pdf;
  double dpi = 150;
};

/// Where everything goes on a full-wrap cover, in points from its top-left corner.
struct CoverGeometry {
  double width = 0;   ///< bleed + back + spine + front + bleed
  double height = 0;  ///< bleed + trim height + bleed
  double spine_width = 0;
  double back_x = 0, spine_x = 0, front_x = 0;  ///< left edges of the three panels (trim)
  double trim_y = 0;                            ///< top of the trim
  double trim_width = 0, trim_height = 0;       ///< one panel
  bool spine_text = false;                      ///< whether the spine is wide enough for text
};

/// The geometry of a cover; throws BookError for an unknown page size or a page count KDP
/// does not print.
CoverGeometry cover_geometry(const CoverOptions& options);

/// Draws and writes the cover; throws BookError. Returns the files written (one).
BookResult render_cover(const CoverOptions& options, const std::string& path);

}  // namespace sudokit

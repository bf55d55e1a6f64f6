// layout.hpp (internal): where everything goes on the pages of a book, in points.
//
// Planning is separate from drawing so that it can be tested without cairo, and so that the
// tests that read rendered pages back know where the cells are (a page rendered at 72 dpi
// has one pixel per point, so a Rect here is a pixel box there).
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "sudokit/book.hpp"

namespace sudokit::book_internal {

struct Rect {
  double x = 0;
  double y = 0;
  double width = 0;
  double height = 0;
  double right() const { return x + width; }
  double bottom() const { return y + height; }
};

/// title: the title page; blank: the back of the title page, a page kept so that the next
/// section opens on a right-hand page, or the last page of an odd count; section: a level's
/// heading page; puzzles, answers; card: one grid as a file of its own.
enum class PageKind { title, blank, section, puzzles, answers, card };

/// One grid on a page, with its heading above it.
struct PlacedGrid {
  std::size_t puzzle = 0;  ///< index into the book's puzzles
  long long number = 0;    ///< the number printed in its heading
  bool answer = false;     ///< draw the solution (answers section, answer cards)
  Rect heading;            ///< band holding the heading text, as wide as the grid
  double heading_font = 0; ///< heading text size
  Rect grid;               ///< the grid's outer square
};

struct PagePlan {
  PageKind kind = PageKind::puzzles;
  double width = 0;         ///< the page as drawn: the trim plus the bleed, if any
  double height = 0;
  Rect trim;                ///< where the page is cut (the whole page without bleed)
  int folio = 0;            ///< page number printed at the foot; 0 = none
  Rect text_block;          ///< inside the margins
  std::string section;      ///< a heading: "Answers" at the top, or a section page's title
  std::string section_note; ///< a section page's second line ("Puzzles 1–20")
  Rect section_band;
  std::vector<PlacedGrid> grids;
};

struct BookPlan {
  std::vector<PagePlan> pages;
  int answers_per_page = 0;  ///< as chosen (0 when there is no answers section)
  double inside_margin = 0;  ///< the inside margin of every page, from the final page count
};

// Page furniture, in points. The bottom margin is deeper than the top one because the page
// number sits in it. All of them exceed KDP's minimum (0.375 in with bleed).
inline constexpr double kTopMargin = 36;
inline constexpr double kBottomMargin = 48;
inline constexpr double kOuterMargin = 36;
/// Added to KDP's minimum inside margin: the minimum keeps text out of the binding, this
/// keeps a grid's edge from looking swallowed by it.
inline constexpr double kInsideComfort = 9;
inline constexpr double kFolioFromBottom = 30;  ///< baseline of the page number above the trim
inline constexpr double kFolioFont = 9;
/// The "Answers" heading at the top of each answers page.
inline constexpr double kSectionFont = 16;
inline constexpr double kSectionBand = 32;

/// Smallest cells that stay legible: a puzzle is written in, an answer only read.
inline constexpr double kMinPuzzleCell = 12;
inline constexpr double kMinAnswerCell = 7.5;
/// Largest cells, so that small grids on roomy pages do not turn into posters.
inline constexpr double kMaxPuzzleCell = 48;
inline constexpr double kMaxAnswerCell = 18;
/// Cell size of one-per-file cards.
inline constexpr double kCardCell = 32;
inline constexpr double kCardPadding = 12;

/// The inside margin of a book of `pages` pages: KDP's minimum plus kInsideComfort, and never
/// less than the outside margin.
double inside_margin(int pages);

/// Where physical page `page_number` (1-based) is cut: odd pages are right-hand pages, whose
/// bleed (if any) is on the right; even pages have it on the left; both have it top and bottom.
Rect trim_box(const PageSize& trim, int page_number, bool bleed);

/// The text block of physical page `page_number`: the trim less the margins, the inside one
/// (left on odd pages, right on even ones) `inside` points wide.
Rect text_block(const PageSize& trim, int page_number, double inside, bool bleed);

/// Columns × rows of slots for n grids to a page (1 to 6, 9, 12); {0, 0} otherwise.
/// Five to a page is 2 × 3 with the last row's single grid centred.
std::pair<int, int> slot_arrangement(int per_page);

/// The whole book's layout. Throws BookError when the request cannot be met.
BookPlan plan_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options);

/// "12 · Hard" (the level's first letter capitalised), or "Puzzle 12" when the level is unknown;
/// a variant is named between them: "12 · Killer · Hard", or "12 · Killer" without a level.
std::string puzzle_label(long long number, const std::string& level, Variant variant = Variant::classic);

/// A variant as a heading names it: "Sudoku X", "Hyper", "Jigsaw", "Killer" ("" for classic).
std::string variant_title(Variant variant);

/// "Easy" for "easy": a level as a heading.
std::string level_title(const std::string& level);

/// The name of output file `index` (0-based page, or card) when a book is written as many
/// files; see book.hpp.
std::string numbered_path(const std::string& path, BookFormat format, int number, int width,
                          const std::string& suffix = "");

}  // namespace sudokit::book_internal

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

enum class PageKind { title, puzzles, answers, card };

/// One grid on a page, with its heading above it.
struct PlacedGrid {
  std::size_t puzzle = 0;  ///< index into the book's puzzles
  bool answer = false;     ///< draw the solution (answers section, answer cards)
  Rect heading;            ///< band holding the heading text, as wide as the grid
  double heading_font = 0; ///< heading text size
  Rect grid;               ///< the grid's outer square
};

struct PagePlan {
  PageKind kind = PageKind::puzzles;
  double width = 0;
  double height = 0;
  int folio = 0;            ///< page number printed at the foot; 0 = none
  Rect text_block;          ///< inside the margins and the gutter
  std::string section;      ///< a section heading at the top ("Answers"), or empty
  Rect section_band;
  std::vector<PlacedGrid> grids;
};

struct BookPlan {
  std::vector<PagePlan> pages;
  int answers_per_page = 0;  ///< as chosen (0 when there is no answers section)
};

// Page furniture, in points. The bottom margin is deeper than the top one because the page
// number sits in it; the inner margin adds the gutter that binding swallows.
inline constexpr double kTopMargin = 36;
inline constexpr double kBottomMargin = 48;
inline constexpr double kOuterMargin = 36;
inline constexpr double kGutter = 18;
inline constexpr double kFolioFromBottom = 24;  ///< baseline of the page number above the trim
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

/// The text block of physical page `page_number` (1-based): odd pages are right-hand pages
/// with the gutter on the left, even pages left-hand with the gutter on the right.
Rect text_block(const PageSize& page, int page_number);

/// Columns × rows of slots for n grids to a page (1, 2, 4, 6, 9, 12); {0, 0} otherwise.
std::pair<int, int> slot_arrangement(int per_page);

/// The whole book's layout. Throws BookError when the request cannot be met.
BookPlan plan_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options);

/// "Puzzle 7" (the heading's left part) for puzzle index i.
std::string puzzle_label(const BookOptions& options, std::size_t index);

/// The name of output file `index` (0-based page, or card) when a book is written as many
/// files; see book.hpp.
std::string numbered_path(const std::string& path, BookFormat format, int number, int width,
                          const std::string& suffix = "");

}  // namespace sudokit::book_internal

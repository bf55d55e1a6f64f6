// layout.cpp: the page plan of a book, before a single line is drawn.
//
// A page's text block is the page less its margins, with the gutter (the strip that
// binding swallows) added on the inner side, which is the left of odd pages and the right
// of even ones, so facing pages mirror each other. The block is cut into equal slots (one
// column of 1 or 2, two columns of 2 or 3 rows, up to 3 × 4 for answers); each slot holds a
// heading band and the largest square grid that fits under it, centred, with cells capped
// so that a 4×4 on a full page stays a grid rather than a poster. Puzzles sit in the middle
// of their slots; answers, where sizes mix more often, start at the top so rows line up.
//
// Legibility is the one hard constraint. Cells below 12 pt (4.2 mm) are too small to write
// a digit in, so a request that would need them (16×16 six to a page on a 6×9 in page) is
// refused with the largest count that would work, rather than printed unusable. Answers are
// only read, so they may go down to 7.5 pt; their count per page, when not given, is the
// largest of 12, 9, 6, 4, 2, 1 that keeps the largest answer grid above that floor.
//
// Cards (one puzzle per file) have no page: the "page" is the grid, its heading and a
// small padding, with a fixed cell size, which is what a web page embedding them wants.
#include "layout.hpp"

#include <algorithm>
#include <array>

#include <fmt/format.h>

namespace sudokit::book_internal {
namespace {

/// How the grids of one kind of page are spaced and sized.
struct SlotStyle {
  double heading_font;
  double band;  ///< height of the heading band above a grid
  double gap_x;
  double gap_y;
  double min_cell;
  double max_cell;
  bool centre_vertically;  ///< false: grids start at the top of their slots, so a row lines up
};

SlotStyle puzzle_style(int per_page) {
  const double font = per_page == 1 ? 14 : 11;
  return {font, font * 1.8, 24, 18, kMinPuzzleCell, kMaxPuzzleCell, true};
}

SlotStyle answer_style() { return {8, 8 * 1.8, 14, 10, kMinAnswerCell, kMaxAnswerCell, false}; }

Rect slot_at(const Rect& area, int cols, int rows, const SlotStyle& style, int index) {
  const double width = (area.width - style.gap_x * (cols - 1)) / cols;
  const double height = (area.height - style.gap_y * (rows - 1)) / rows;
  const int col = index % cols;
  const int row = index / cols;
  return {area.x + col * (width + style.gap_x), area.y + row * (height + style.gap_y), width, height};
}

/// The side of the largest grid a slot can hold (before the cell cap).
double room_for_grid(const Rect& slot, const SlotStyle& style) {
  return std::min(slot.width, slot.height - style.band);
}

PlacedGrid place(const Rect& slot, int n, const SlotStyle& style, std::size_t puzzle, bool answer) {
  const double side = std::min(room_for_grid(slot, style), n * style.max_cell);
  const double top = style.centre_vertically ? slot.y + (slot.height - style.band - side) / 2 : slot.y;
  const double left = slot.x + (slot.width - side) / 2;
  PlacedGrid placed;
  placed.puzzle = puzzle;
  placed.answer = answer;
  placed.heading_font = style.heading_font;
  placed.heading = {left, top, side, style.band};
  placed.grid = {left, top + style.band, side, side};
  return placed;
}

/// Cell size of an n×n grid in the slots of `per_page` on this page (area = where slots go).
double cell_size(const Rect& area, int per_page, int n, const SlotStyle& style) {
  const auto [cols, rows] = slot_arrangement(per_page);
  return room_for_grid(slot_at(area, cols, rows, style, 0), style) / n;
}

Rect below_section(const Rect& block) {
  return {block.x, block.y + kSectionBand, block.width, block.height - kSectionBand};
}

int largest_n(const std::vector<BookPuzzle>& puzzles, const std::vector<std::size_t>& which) {
  int n = 0;
  for (std::size_t i : which) n = std::max(n, puzzles[i].puzzle.shape.n);
  return n;
}

PagePlan card(double cell, const BookPuzzle& puzzle, std::size_t index, bool answer) {
  const SlotStyle style = puzzle_style(1);
  const double side = cell * puzzle.puzzle.shape.n;
  PagePlan page;
  page.kind = PageKind::card;
  page.width = side + 2 * kCardPadding;
  page.height = style.band + side + 2 * kCardPadding;
  page.text_block = {kCardPadding, kCardPadding, side, style.band + side};
  page.grids.push_back(place(page.text_block, puzzle.puzzle.shape.n, style, index, answer));
  return page;
}

}  // namespace

Rect text_block(const PageSize& page, int page_number) {
  const bool right_hand = page_number % 2 == 1;
  const double inner = kOuterMargin + kGutter;
  const double left = right_hand ? inner : kOuterMargin;
  return {left, kTopMargin, page.width - inner - kOuterMargin, page.height - kTopMargin - kBottomMargin};
}

std::pair<int, int> slot_arrangement(int per_page) {
  switch (per_page) {
    case 1: return {1, 1};
    case 2: return {1, 2};
    case 4: return {2, 2};
    case 6: return {2, 3};
    case 9: return {3, 3};
    case 12: return {3, 4};
    default: return {0, 0};
  }
}

std::string puzzle_label(const BookOptions& options, std::size_t index) {
  return fmt::format("Puzzle {}", static_cast<long long>(options.first_number) + static_cast<long long>(index));
}

std::string numbered_path(const std::string& path, BookFormat format, int number, int width,
                          const std::string& suffix) {
  std::string stem = path;
  if (book_format_from_path(path)) stem = path.substr(0, path.size() - 4);
  return fmt::format("{}-{:0{}}{}.{}", stem, number, width, suffix, book_format_name(format));
}

BookPlan plan_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  if (slot_arrangement(options.per_page).first == 0 || options.per_page > 6)
    throw BookError(fmt::format("{} puzzles to a page is not a layout; use 1, 2, 4 or 6", options.per_page));
  if (options.answers_per_page != 0 && slot_arrangement(options.answers_per_page).first == 0)
    throw BookError(fmt::format("{} answers to a page is not a layout; use 1, 2, 4, 6, 9 or 12",
                                options.answers_per_page));
  const std::optional<PageSize> page_size = parse_page_size(options.page_size);
  if (!page_size)
    throw BookError(fmt::format("unknown page size '{}'; use one of {}", options.page_size, page_size_names()));
  for (const BookPuzzle& p : puzzles) {
    if (p.puzzle.shape.n < 1 || static_cast<int>(p.puzzle.cells.size()) != p.puzzle.shape.cells())
      throw BookError("a puzzle's cells do not match its shape");
    if (p.solution && p.solution->shape != p.puzzle.shape)
      throw BookError("a puzzle's solution has another shape than the puzzle");
  }

  BookPlan plan;
  std::vector<std::size_t> answered;
  if (options.answers)
    for (std::size_t i = 0; i < puzzles.size(); ++i)
      if (puzzles[i].solution) answered.push_back(i);

  if (options.one_per_file) {
    for (std::size_t i = 0; i < puzzles.size(); ++i) plan.pages.push_back(card(kCardCell, puzzles[i], i, false));
    for (std::size_t i : answered) plan.pages.push_back(card(kCardCell, puzzles[i], i, true));
    plan.answers_per_page = answered.empty() ? 0 : 1;
    return plan;
  }

  auto new_page = [&](PageKind kind) -> PagePlan& {
    PagePlan page;
    page.kind = kind;
    page.width = page_size->width;
    page.height = page_size->height;
    const int number = static_cast<int>(plan.pages.size()) + 1;
    page.text_block = text_block(*page_size, number);
    page.folio = kind == PageKind::title ? 0 : number;
    plan.pages.push_back(std::move(page));
    return plan.pages.back();
  };

  if (!options.title.empty()) new_page(PageKind::title);

  // Puzzles: refuse the whole request up front if the largest grid would be illegible.
  const SlotStyle puzzle_slots = puzzle_style(options.per_page);
  const Rect sample_block = text_block(*page_size, 1);
  std::vector<std::size_t> all(puzzles.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  if (!puzzles.empty()) {
    const int n = largest_n(puzzles, all);
    const double cell = cell_size(sample_block, options.per_page, n, puzzle_slots);
    if (cell < kMinPuzzleCell) {
      int fits = 0;
      for (int k : {4, 2, 1})
        if (k < options.per_page && cell_size(sample_block, k, n, puzzle_style(k)) >= kMinPuzzleCell) {
          fits = k;
          break;
        }
      throw BookError(fmt::format(
          "{}x{} puzzles {} to a {} page would have {:.1f} pt cells, below the {} pt that stay legible; {}", n, n,
          options.per_page, page_size->name, cell, kMinPuzzleCell,
          fits ? fmt::format("print at most {} to a page, or use a larger page", fits)
               : std::string("they do not fit even one to a page; use a larger page")));
    }
  }
  const auto [cols, rows] = slot_arrangement(options.per_page);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    const int slot = static_cast<int>(i % static_cast<std::size_t>(options.per_page));
    PagePlan& page = slot == 0 ? new_page(PageKind::puzzles) : plan.pages.back();
    page.grids.push_back(
        place(slot_at(page.text_block, cols, rows, puzzle_slots, slot), puzzles[i].puzzle.shape.n, puzzle_slots, i,
              false));
  }

  if (answered.empty()) return plan;
  const SlotStyle answer_slots = answer_style();
  const Rect answer_area = below_section(sample_block);
  const int answer_n = largest_n(puzzles, answered);
  int per_page = options.answers_per_page;
  if (per_page == 0) {
    for (int k : {12, 9, 6, 4, 2, 1})
      if (cell_size(answer_area, k, answer_n, answer_slots) >= kMinAnswerCell) {
        per_page = k;
        break;
      }
    if (per_page == 0)
      throw BookError(fmt::format("{}x{} answers do not fit legibly even one to a {} page; use a larger page",
                                  answer_n, answer_n, page_size->name));
  } else if (const double cell = cell_size(answer_area, per_page, answer_n, answer_slots); cell < kMinAnswerCell) {
    throw BookError(fmt::format("{}x{} answers {} to a {} page would have {:.1f} pt cells, below the {} pt that stay "
                                "legible; print fewer to a page",
                                answer_n, answer_n, per_page, page_size->name, cell, kMinAnswerCell));
  }
  plan.answers_per_page = per_page;
  const auto [answer_cols, answer_rows] = slot_arrangement(per_page);
  for (std::size_t k = 0; k < answered.size(); ++k) {
    const int slot = static_cast<int>(k % static_cast<std::size_t>(per_page));
    PagePlan* page = &plan.pages.back();
    if (slot == 0) {
      page = &new_page(PageKind::answers);
      page->section = "Answers";
      page->section_band = {page->text_block.x, page->text_block.y, page->text_block.width, kSectionBand};
    }
    const Rect area = below_section(page->text_block);
    page->grids.push_back(place(slot_at(area, answer_cols, answer_rows, answer_slots, slot),
                                puzzles[answered[k]].puzzle.shape.n, answer_slots, answered[k], true));
  }
  return plan;
}

}  // namespace sudokit::book_internal

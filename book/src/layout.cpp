// layout.cpp: the page plan of a book, before a single line is drawn.
//
// Pages. A book is a sequence of physical pages, odd ones on the right. The title page is
// page 1 and its back is left blank, so the puzzles start on page 3, a right-hand page; each
// section (a level, with --sections level) opens with a heading page on a right-hand page
// (a blank page is put before it when needed) and its puzzles start on the back of that
// heading; the answers start on a right-hand page; a blank page makes the count even. Title,
// blank and heading pages carry no page number.
//
// Margins. A page's text block is its trim less the margins. The inside one (the binding
// side: the left of right-hand pages, the right of left-hand ones) grows with the page
// count, as KDP's table demands (kdp_minimum_inside_margin), so the plan is made twice:
// once to count the pages, once with the inside margin of that count (and again, should the
// narrower block change the count: answers per page are chosen from the room there is).
// With bleed, each page is larger than its trim by kBleed on the outside edge, top and
// bottom; the trim box is where the page will be cut, and nothing but white sits outside it.
//
// Slots. The text block holds cols × rows items (a heading band over a square grid). Every
// item on a page has the same size: the largest square that fits the arrangement with the
// minimum gaps, capped so that a 4×4 on a full page stays a grid rather than a poster. The
// space left over is shared out evenly (as much above the first row, between rows and below
// the last; likewise across), so 1 to 6 puzzles sit evenly on any page, and a page with
// fewer puzzles than slots (the last of a section) keeps the same positions as a full page.
// A row with fewer items than columns (five to a page) is centred. Answers start at the top
// with the minimum gaps, so their rows line up page after page.
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
#include <cctype>

#include <fmt/format.h>

namespace sudokit::book_internal {
namespace {

/// How the grids of one kind of page are spaced and sized.
struct SlotStyle {
  double heading_font;
  double band;  ///< height of the heading band above a grid
  double gap_x; ///< the least room between two items
  double gap_y;
  double min_cell;
  double max_cell;
  bool even;  ///< share the leftover space evenly; false: top-aligned at the least gaps
};

SlotStyle puzzle_style(int per_page) {
  const double font = per_page <= 2 ? 14 : 11;
  return {font, font * 1.8, 24, 20, kMinPuzzleCell, kMaxPuzzleCell, true};
}

SlotStyle answer_style() { return {8, 8 * 1.8, 14, 10, kMinAnswerCell, kMaxAnswerCell, false}; }

/// The side of the largest grid the arrangement lets every slot of `area` hold. Evenly
/// spaced pages keep a gap above the first row and below the last as well, so that rows
/// are never closer together than gap_y, whatever shares out the rest.
double room_for_grid(const Rect& area, int cols, int rows, const SlotStyle& style) {
  const int vertical_gaps = style.even ? rows + 1 : rows - 1;
  const double width = (area.width - style.gap_x * (cols - 1)) / cols;
  const double height = (area.height - style.gap_y * vertical_gaps) / rows - style.band;
  return std::min(width, height);
}

/// Cell size of an n×n grid `per_page` to a page in `area`.
double cell_size(const Rect& area, int per_page, int n, const SlotStyle& style) {
  const auto [cols, rows] = slot_arrangement(per_page);
  return room_for_grid(area, cols, rows, style) / n;
}

/// The item box (heading band + grid square of side `side`) of slot `index`.
Rect item_at(const Rect& area, int per_page, const SlotStyle& style, double side, int index) {
  const auto [cols, rows] = slot_arrangement(per_page);
  const double item_height = style.band + side;
  const int row = index / cols;
  const int in_row = std::min(cols, per_page - row * cols);  // the last row may be short
  const int col = index % cols;
  double gap_x = style.gap_x, gap_y = style.gap_y, top = area.y;
  if (style.even) {
    // Never closer than gap_x side by side: a page whose grids are as wide as the width
    // allows would otherwise share out only the few points left over (two 9x9s on 6x9 stood
    // 7 pt apart, their headings running into each other).
    gap_x = std::max(style.gap_x, (area.width - cols * side) / (cols + 1));
    gap_y = (area.height - rows * item_height) / (rows + 1);
    top = area.y + gap_y;
  } else {
    gap_x = std::max(style.gap_x, (area.width - cols * side) / (cols + 1));
  }
  const double row_width = in_row * side + (in_row - 1) * gap_x;
  const double left = area.x + (area.width - row_width) / 2;
  return {left + col * (side + gap_x), top + row * (item_height + gap_y), side, item_height};
}

PlacedGrid place(const Rect& item, int n, const SlotStyle& style, std::size_t puzzle, long long number, bool answer) {
  const double side = std::min(item.width, n * style.max_cell);
  const double left = item.x + (item.width - side) / 2;
  // A smaller grid in a larger slot sits in the middle of the grid area, its heading on it.
  const double top = style.even ? item.y + (item.width - side) / 2 : item.y;
  PlacedGrid placed;
  placed.puzzle = puzzle;
  placed.number = number;
  placed.answer = answer;
  placed.heading_font = style.heading_font;
  placed.heading = {left, top, side, style.band};
  placed.grid = {left, top + style.band, side, side};
  return placed;
}

/// Whether drawing `rules` on a grid of `shape` stays inside the grid: every cell index the
/// drawing reads (houses, regions, cages) is one of its cells.
bool rules_fit(const Rules& rules, const Shape& shape) {
  const int cells = shape.cells();
  const auto in_grid = [cells](int cell) { return cell >= 0 && cell < cells; };
  if (rules.shape != shape) return false;
  if (!rules.region_of.empty() && static_cast<int>(rules.region_of.size()) != cells) return false;
  if (!rules.cage_of.empty() && static_cast<int>(rules.cage_of.size()) != cells) return false;
  for (const House& house : rules.houses)
    if (!std::all_of(house.cells.begin(), house.cells.end(), in_grid)) return false;
  for (const Cage& cage : rules.cages)
    if (cage.cells.empty() || !std::all_of(cage.cells.begin(), cage.cells.end(), in_grid)) return false;
  return true;
}

Rect below_section(const Rect& block) {
  return {block.x, block.y + kSectionBand, block.width, block.height - kSectionBand};
}

int largest_n(const std::vector<BookPuzzle>& puzzles, const std::vector<std::size_t>& which) {
  int n = 0;
  for (std::size_t i : which) n = std::max(n, puzzles[i].puzzle.shape.n);
  return n;
}

PagePlan card(double cell, const BookPuzzle& puzzle, std::size_t index, long long number, bool answer) {
  SlotStyle style = puzzle_style(1);
  const double side = cell * puzzle.puzzle.shape.n;
  PagePlan page;
  page.kind = PageKind::card;
  page.width = side + 2 * kCardPadding;
  page.height = style.band + side + 2 * kCardPadding;
  page.trim = {0, 0, page.width, page.height};
  page.text_block = {kCardPadding, kCardPadding, side, style.band + side};
  style.even = false;
  page.grids.push_back(place(page.text_block, puzzle.puzzle.shape.n, style, index, number, answer));
  return page;
}

/// The largest per-page count below `per_page` whose n×n cells stay legible, or 0.
int fitting_count(const Rect& block, int per_page, int n) {
  for (int k = per_page - 1; k >= 1; --k)
    if (cell_size(block, k, n, puzzle_style(k)) >= kMinPuzzleCell) return k;
  return 0;
}

/// One full plan with a given inside margin.
BookPlan plan_with(const std::vector<BookPuzzle>& puzzles, const BookOptions& options, const PageSize& trim,
                   const BookOrder& order, double inside) {
  BookPlan plan;
  plan.inside_margin = inside;
  auto new_page = [&](PageKind kind) -> PagePlan& {
    PagePlan page;
    page.kind = kind;
    const int number = static_cast<int>(plan.pages.size()) + 1;
    page.width = trim.width + (options.bleed ? kBleed : 0);
    page.height = trim.height + (options.bleed ? 2 * kBleed : 0);
    page.trim = trim_box(trim, number, options.bleed);
    page.text_block = text_block(trim, number, inside, options.bleed);
    page.folio = kind == PageKind::puzzles || kind == PageKind::answers ? number : 0;
    plan.pages.push_back(std::move(page));
    return plan.pages.back();
  };
  // The next page a right-hand one (odd), with a blank page first when it would not be.
  auto to_right_hand = [&] {
    if (plan.pages.size() % 2 == 1) new_page(PageKind::blank);
  };

  if (!options.title.empty()) {
    new_page(PageKind::title);
    new_page(PageKind::blank);
  }

  // Puzzles: refuse the whole request up front if the largest grid would be illegible.
  const SlotStyle puzzle_slots = puzzle_style(options.per_page);
  const Rect sample_block = text_block(trim, 1, inside, false);
  const int largest = largest_n(puzzles, order.order);
  if (!order.order.empty()) {
    const double cell = cell_size(sample_block, options.per_page, largest, puzzle_slots);
    if (cell < kMinPuzzleCell) {
      const int fits = fitting_count(sample_block, options.per_page, largest);
      throw BookError(fmt::format(
          "{}x{} puzzles {} to a {} page would have {:.1f} pt cells, below the {} pt that stay legible; {}", largest,
          largest, options.per_page, trim.name, cell, kMinPuzzleCell,
          fits ? fmt::format("print at most {} to a page, or use a larger page", fits)
               : std::string("they do not fit even one to a page; use a larger page")));
    }
  }
  const auto [cols, rows] = slot_arrangement(options.per_page);
  std::size_t next_section = 0;
  int slot = 0;
  for (std::size_t position = 0; position < order.order.size(); ++position) {
    const std::size_t index = order.order[position];
    const long long number = options.first_number + static_cast<long long>(position);
    if (next_section < order.sections.size() && order.sections[next_section].first == position) {
      // A section: its heading page on the right, its puzzles from the next page on.
      std::size_t end = next_section + 1 < order.sections.size() ? order.sections[next_section + 1].first
                                                                  : order.order.size();
      to_right_hand();
      PagePlan& heading = new_page(PageKind::section);
      heading.section = order.sections[next_section].second;
      heading.section_note =
          end - position == 1 ? fmt::format("Puzzle {}", number)
                              : fmt::format("Puzzles {}\u2013{}", number,
                                            options.first_number + static_cast<long long>(end) - 1);
      heading.section_band = heading.text_block;
      ++next_section;
      slot = 0;
    } else if (position == 0) {
      to_right_hand();
    }
    if (slot == 0) new_page(PageKind::puzzles);
    PagePlan& page = plan.pages.back();
    // Grids on a page share one item size: the largest that fits this page's largest grid.
    const double room = room_for_grid(page.text_block, cols, rows, puzzle_slots);
    int page_n = 0;
    const std::size_t first_on_page = position - static_cast<std::size_t>(slot);
    for (std::size_t k = first_on_page;
         k < order.order.size() && k < first_on_page + static_cast<std::size_t>(options.per_page); ++k) {
      if (next_section < order.sections.size() && k >= order.sections[next_section].first) break;
      page_n = std::max(page_n, puzzles[order.order[k]].puzzle.shape.n);
    }
    const double side = std::min(room, page_n * puzzle_slots.max_cell);
    page.grids.push_back(place(item_at(page.text_block, options.per_page, puzzle_slots, side, slot),
                               puzzles[index].puzzle.shape.n, puzzle_slots, index, number, false));
    slot = (slot + 1) % options.per_page;
  }

  std::vector<std::size_t> answered;   // positions in the order
  if (options.answers)
    for (std::size_t position = 0; position < order.order.size(); ++position)
      if (puzzles[order.order[position]].solution) answered.push_back(position);
  if (!answered.empty()) {
    const SlotStyle answer_slots = answer_style();
    const Rect answer_area = below_section(sample_block);
    std::vector<std::size_t> answered_indices;
    for (std::size_t position : answered) answered_indices.push_back(order.order[position]);
    const int answer_n = largest_n(puzzles, answered_indices);
    int per_page = options.answers_per_page;
    if (per_page == 0) {
      for (int k : {12, 9, 6, 4, 2, 1})
        if (cell_size(answer_area, k, answer_n, answer_slots) >= kMinAnswerCell) {
          per_page = k;
          break;
        }
      if (per_page == 0)
        throw BookError(fmt::format("{}x{} answers do not fit legibly even one to a {} page; use a larger page",
                                    answer_n, answer_n, trim.name));
    } else if (const double cell = cell_size(answer_area, per_page, answer_n, answer_slots); cell < kMinAnswerCell) {
      throw BookError(fmt::format("{}x{} answers {} to a {} page would have {:.1f} pt cells, below the {} pt that "
                                  "stay legible; print fewer to a page",
                                  answer_n, answer_n, per_page, trim.name, cell, kMinAnswerCell));
    }
    plan.answers_per_page = per_page;
    const auto [answer_cols, answer_rows] = slot_arrangement(per_page);
    to_right_hand();
    for (std::size_t k = 0; k < answered.size(); ++k) {
      const int answer_slot = static_cast<int>(k % static_cast<std::size_t>(per_page));
      PagePlan* page = &plan.pages.back();
      if (answer_slot == 0) {
        page = &new_page(PageKind::answers);
        page->section = "Answers";
        page->section_band = {page->text_block.x, page->text_block.y, page->text_block.width, kSectionBand};
      }
      const Rect area = below_section(page->text_block);
      const double room = room_for_grid(area, answer_cols, answer_rows, answer_slots);
      const std::size_t index = order.order[answered[k]];
      const double side = std::min(room, answer_n * answer_slots.max_cell);
      page->grids.push_back(place(item_at(area, per_page, answer_slots, side, answer_slot),
                                  puzzles[index].puzzle.shape.n, answer_slots, index,
                                  options.first_number + static_cast<long long>(answered[k]), true));
    }
  }
  if (plan.pages.size() % 2 == 1) new_page(PageKind::blank);
  return plan;
}

}  // namespace

double inside_margin(int pages) { return std::max(kOuterMargin, kdp_minimum_inside_margin(pages) + kInsideComfort); }

Rect trim_box(const PageSize& trim, int page_number, bool bleed) {
  const bool right_hand = page_number % 2 == 1;
  const double x = bleed && !right_hand ? kBleed : 0;
  return {x, bleed ? kBleed : 0, trim.width, trim.height};
}

Rect text_block(const PageSize& trim, int page_number, double inside, bool bleed) {
  const Rect box = trim_box(trim, page_number, bleed);
  const bool right_hand = page_number % 2 == 1;
  const double left = right_hand ? inside : kOuterMargin;
  return {box.x + left, box.y + kTopMargin, trim.width - inside - kOuterMargin,
          trim.height - kTopMargin - kBottomMargin};
}

std::pair<int, int> slot_arrangement(int per_page) {
  switch (per_page) {
    case 1: return {1, 1};
    case 2: return {1, 2};
    case 3: return {1, 3};
    case 4: return {2, 2};
    case 5: return {2, 3};
    case 6: return {2, 3};
    case 9: return {3, 3};
    case 12: return {3, 4};
    default: return {0, 0};
  }
}

std::string level_title(const std::string& level) {
  std::string title = level;
  if (!title.empty()) title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
  return title;
}

std::string variant_title(Variant variant) {
  switch (variant) {
    case Variant::classic: return "";
    case Variant::x: return "Sudoku X";  // "12 · X · Hard" reads like a typo
    case Variant::hyper: return "Hyper";
    case Variant::jigsaw: return "Jigsaw";
    case Variant::killer: return "Killer";
  }
  return "";
}

std::string puzzle_label(long long number, const std::string& level, Variant variant) {
  const std::string kind = variant_title(variant);
  if (kind.empty()) {
    if (level.empty()) return fmt::format("Puzzle {}", number);
    return fmt::format("{} \u00b7 {}", number, level_title(level));
  }
  if (level.empty()) return fmt::format("{} \u00b7 {}", number, kind);
  return fmt::format("{} \u00b7 {} \u00b7 {}", number, kind, level_title(level));
}

std::string numbered_path(const std::string& path, BookFormat format, int number, int width,
                          const std::string& suffix) {
  std::string stem = path;
  if (book_format_from_path(path)) stem = path.substr(0, path.size() - 4);
  return fmt::format("{}-{:0{}}{}.{}", stem, number, width, suffix, book_format_name(format));
}

BookPlan plan_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  if (slot_arrangement(options.per_page).first == 0 || options.per_page > 6)
    throw BookError(fmt::format("{} puzzles to a page is not a layout; use 1 to 6", options.per_page));
  if (options.answers_per_page != 0 &&
      (slot_arrangement(options.answers_per_page).first == 0 || options.answers_per_page == 3 ||
       options.answers_per_page == 5))
    throw BookError(fmt::format("{} answers to a page is not a layout; use 1, 2, 4, 6, 9 or 12",
                                options.answers_per_page));
  const std::optional<PageSize> trim = parse_page_size(options.page_size);
  if (!trim)
    throw BookError(fmt::format("unknown page size '{}'; use one of {}", options.page_size, page_size_names()));
  for (const BookPuzzle& p : puzzles) {
    if (p.puzzle.shape.n < 1 || static_cast<int>(p.puzzle.cells.size()) != p.puzzle.shape.cells())
      throw BookError("a puzzle's cells do not match its shape");
    if (p.solution && p.solution->shape != p.puzzle.shape)
      throw BookError("a puzzle's solution has another shape than the puzzle");
    if (p.rules && !rules_fit(*p.rules, p.puzzle.shape))
      throw BookError("a puzzle's rules are for another shape than the puzzle");
  }
  const BookOrder order = arrange_book(puzzles, options);

  if (options.one_per_file) {
    BookPlan plan;
    for (std::size_t position = 0; position < order.order.size(); ++position) {
      const std::size_t i = order.order[position];
      plan.pages.push_back(card(kCardCell, puzzles[i], i, options.first_number + static_cast<long long>(position), false));
    }
    for (std::size_t position = 0; position < order.order.size(); ++position) {
      const std::size_t i = order.order[position];
      if (options.answers && puzzles[i].solution) {
        plan.pages.push_back(card(kCardCell, puzzles[i], i, options.first_number + static_cast<long long>(position), true));
        plan.answers_per_page = 1;
      }
    }
    return plan;
  }

  // The inside margin depends on the page count, which (through the answers per page) may
  // depend on the inside margin: plan until the count is stable (it only grows, so this ends).
  BookPlan plan = plan_with(puzzles, options, *trim, order, inside_margin(0));
  for (int round = 0; round < 8; ++round) {
    const double wanted = std::max(plan.inside_margin, inside_margin(static_cast<int>(plan.pages.size())));
    if (wanted == plan.inside_margin) break;
    plan = plan_with(puzzles, options, *trim, order, wanted);
  }
  return plan;
}

}  // namespace sudokit::book_internal

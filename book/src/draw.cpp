// draw.cpp: puts a planned page on paper (or on a PDF, SVG or image surface; cairo does not
// care which).
//
// Grids are drawn in three passes: a white square, the thin cell rules in dark grey, then
// the box rules and the outer border in black at about three times the width, so boxes are
// obvious at a glance and the eye is not distracted by the cell lines. Where the boxes are
// comes from the Shape (box_rows, box_cols), so 6×6 with 2×3 boxes and 12×12 with 3×4 boxes
// get their own rules. Rule widths scale with the cell but are clamped so that answers stay
// crisp and large grids do not look heavy.
//
// Digits are centred optically: every symbol is centred on its own ink box horizontally,
// and all share the baseline that centres the ink of "8" vertically (digits and capitals
// have the same height in DejaVu Sans, so 1-9 and A-Z line up across a row). Digits beyond
// the alphabet (N > 35) are written as decimal numbers at a smaller size. A symbol wider
// than 72% of its cell (W, M, two-digit numbers) is narrowed to fit, so 16×16 and 25×25 grids
// keep every glyph inside its cell at the largest size that cell allows.
//
// Words (title page, section pages, headings "12 · Hard", page numbers) are set with Pango
// (text.hpp), which falls back to other installed fonts for characters the chosen one lacks.
//
// The text layer is part of the product: text extractors (pdftotext, screen readers, search)
// read a PDF's text in the order it was drawn when positions do not decide it. So each
// grid's text is drawn as one run in reading order: its heading first, then the givens
// row by row, left to right, each glyph shown individually at its cell, and the page number
// last. `pdftotext -raw` therefore yields, for every grid, its heading followed by its
// symbols in row-major order, which is what the tests check. (In -layout mode, two grids
// side by side interleave row by row because that mode follows positions.)
//
// Answers show the givens in bold black and the filled-in digits in grey regular weight,
// so a reader checking a half-solved grid can tell which digits were given.
//
// Variants are drawn from their Rules, never from their name, so any rules the model can
// express get a look: the cells of the extra houses (diagonals, windows) are shaded light
// grey under the rules and digits, light enough (86% white) that digits and pencil marks
// read on them and a photocopier keeps them; a grid with a region map (jigsaw) gets its
// thick rules along region boundaries instead of box boundaries, drawn as one segment per
// cell edge with square caps so that corners close; killer cages are dashed outlines set a
// tenth of a cell inside their cells, so two cages side by side show two lines with a gap
// and the cell rules stay visible between them. An outline is traced per cell side: a side
// facing another cage (or the edge) gets a segment, which runs into the neighbouring cell of
// the same cage where the outline turns an inner corner, so outlines join up without
// knowing the cage's shape. A cage's sum sits in the top-left corner of its first cell in
// row-major order, which is always an outer corner of the cage, on a white patch that
// interrupts the dashes. Sums are drawn after the heading and before the digits, so the text
// layer reads heading, sums (in row-major order of their cells), givens. Answers keep the
// outlines in a lighter grey and leave out the sums, which are the puzzle's business.
#include "draw.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "text.hpp"

namespace sudokit::book_internal {
namespace {

std::string symbol_text(const Alphabet& alphabet, int digit) {
  if (digit <= alphabet.size()) return std::string(1, alphabet.symbol_of(digit));
  return std::to_string(digit);
}

/// Grey of the shaded cells of X and hyper (1 is white).
constexpr double kShadeGrey = 0.86;
/// How far inside its cells a killer cage's outline runs, in cells.
constexpr double kCageInset = 0.1;

void line(cairo_t* cr, double x0, double y0, double x1, double y1) {
  cairo_move_to(cr, x0, y0);
  cairo_line_to(cr, x1, y1);
}

/// The cells a variant shades: those of its extra houses (X's diagonals, hyper's windows).
std::vector<bool> shaded_cells(const Rules& rules) {
  std::vector<bool> shaded(static_cast<std::size_t>(rules.shape.cells()), false);
  for (const House& house : rules.houses)
    if (house.kind == HouseKind::diagonal || house.kind == HouseKind::window)
      for (int cell : house.cells) shaded[static_cast<std::size_t>(cell)] = true;
  return shaded;
}

void draw_shading(cairo_t* cr, const Rect& box, const Rules& rules) {
  const int n = rules.shape.n;
  const double cell = box.width / n;
  const std::vector<bool> shaded = shaded_cells(rules);
  cairo_set_source_rgb(cr, kShadeGrey, kShadeGrey, kShadeGrey);
  for (int i = 0; i < rules.shape.cells(); ++i)
    if (shaded[static_cast<std::size_t>(i)]) cairo_rectangle(cr, box.x + (i % n) * cell, box.y + (i / n) * cell, cell, cell);
  cairo_fill(cr);
}

/// Jigsaw: thin rules between cells of one region, thick ones where regions meet, and the border.
void draw_region_rules(cairo_t* cr, const Rect& box, const Shape& shape, const std::vector<int>& region_of) {
  const int n = shape.n;
  const double cell = box.width / n;
  const RuleWidths widths = rule_widths(cell);
  const auto region = [&](int row, int col) { return region_of[static_cast<std::size_t>(row * n + col)]; };
  for (const bool boundary : {false, true}) {
    cairo_set_source_rgb(cr, boundary ? 0 : 0.35, boundary ? 0 : 0.35, boundary ? 0 : 0.35);
    cairo_set_line_width(cr, boundary ? widths.thick : widths.thin);
    cairo_set_line_cap(cr, boundary ? CAIRO_LINE_CAP_SQUARE : CAIRO_LINE_CAP_BUTT);
    for (int row = 0; row < n; ++row) {
      for (int col = 0; col < n; ++col) {
        const double x = box.x + col * cell, y = box.y + row * cell;
        if (col > 0 && (region(row, col - 1) != region(row, col)) == boundary) line(cr, x, y, x, y + cell);
        if (row > 0 && (region(row - 1, col) != region(row, col)) == boundary) line(cr, x, y, x + cell, y);
      }
    }
    cairo_stroke(cr);
  }
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, box.x, box.y, box.width, box.height);
  cairo_stroke(cr);
}

/// The cage of every cell (-1: none), from cage_of when the rules have it, else from the cages.
std::vector<int> cage_map(const Rules& rules) {
  if (static_cast<int>(rules.cage_of.size()) == rules.shape.cells()) return rules.cage_of;
  std::vector<int> cage_of(static_cast<std::size_t>(rules.shape.cells()), -1);
  for (std::size_t k = 0; k < rules.cages.size(); ++k)
    for (int cell : rules.cages[k].cells) cage_of[static_cast<std::size_t>(cell)] = static_cast<int>(k);
  return cage_of;
}

/// Killer cages: dashed outlines inset in their cells; with `sums`, each cage's sum in the
/// top-left corner of its first cell, on a white patch.
void draw_cages(cairo_t* cr, const Rect& box, const Rules& rules, bool sums, const Fonts& fonts) {
  const int n = rules.shape.n;
  const double cell = box.width / n;
  const double inset = cell * kCageInset;
  const std::vector<int> cage_of = cage_map(rules);
  // Same cage as (row, col), for a cell that may lie outside the grid.
  const auto same = [&](int row, int col, int other_row, int other_col) {
    if (other_row < 0 || other_col < 0 || other_row >= n || other_col >= n) return false;
    const int cage = cage_of[static_cast<std::size_t>(row * n + col)];
    return cage >= 0 && cage == cage_of[static_cast<std::size_t>(other_row * n + other_col)];
  };
  const double grey = sums ? 0.15 : 0.6;
  cairo_set_source_rgb(cr, grey, grey, grey);
  cairo_set_line_width(cr, std::clamp(cell * 0.03, 0.4, 1.1));
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  const double dashes[] = {cell * 0.09, cell * 0.06};
  cairo_set_dash(cr, dashes, 2, 0);
  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      if (cage_of[static_cast<std::size_t>(row * n + col)] < 0) continue;
      const double left = box.x + col * cell, top = box.y + row * cell;
      const double right = left + cell, bottom = top + cell;
      // Where a segment along one side ends, towards the neighbour `(dr, dc)` along it: at the
      // inset when the outline turns there (outer corner), into the neighbour when it turns
      // the other way (inner corner: the diagonal cell `(dr, dc) + across` is in the cage too),
      // at the cell edge when it runs straight on.
      const auto end = [&](int along_row, int along_col, int across_row, int across_col, double edge, double sign) {
        if (!same(row, col, row + along_row, col + along_col)) return edge - sign * inset;
        if (same(row, col, row + along_row + across_row, col + along_col + across_col)) return edge + sign * inset;
        return edge;
      };
      if (!same(row, col, row - 1, col))  // top side: from the left end to the right end
        line(cr, end(0, -1, -1, 0, left, -1), top + inset, end(0, 1, -1, 0, right, 1), top + inset);
      if (!same(row, col, row + 1, col))
        line(cr, end(0, -1, 1, 0, left, -1), bottom - inset, end(0, 1, 1, 0, right, 1), bottom - inset);
      if (!same(row, col, row, col - 1))
        line(cr, left + inset, end(-1, 0, 0, -1, top, -1), left + inset, end(1, 0, 0, -1, bottom, 1));
      if (!same(row, col, row, col + 1))
        line(cr, right - inset, end(-1, 0, 0, 1, top, -1), right - inset, end(1, 0, 0, 1, bottom, 1));
    }
  }
  cairo_stroke(cr);
  cairo_set_dash(cr, nullptr, 0, 0);
  if (!sums) return;

  // Sums: digits at about a quarter of the cell (never below 5 pt), their ink's top-left a
  // little inside the cell's corner, on a white patch a bit larger than the ink.
  const double size = std::max(5.0, cell * 0.25);
  cairo_set_font_face(cr, fonts.regular());
  cairo_set_font_size(cr, size);
  std::vector<std::pair<int, int>> firsts;  // (first cell, sum), in row-major order
  for (const Cage& cage : rules.cages)
    firsts.emplace_back(*std::min_element(cage.cells.begin(), cage.cells.end()), cage.sum);
  std::sort(firsts.begin(), firsts.end());
  for (const auto& [first, sum] : firsts) {
    const std::string text = std::to_string(sum);
    cairo_text_extents_t ink;
    cairo_text_extents(cr, text.c_str(), &ink);
    const double x = box.x + (first % n) * cell + inset * 0.6, y = box.y + (first / n) * cell + inset * 0.6;
    const double pad = std::max(0.5, size * 0.12);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x - pad, y - pad, ink.width + 2 * pad, ink.height + 2 * pad);
    cairo_fill(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, x - ink.x_bearing, y - ink.y_bearing);
    cairo_show_text(cr, text.c_str());
  }
}

void draw_rules(cairo_t* cr, const Rect& box, const Shape& shape) {
  const int n = shape.n;
  const double cell = box.width / n;
  const RuleWidths widths = rule_widths(cell);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);

  cairo_set_source_rgb(cr, 0.35, 0.35, 0.35);
  cairo_set_line_width(cr, widths.thin);
  for (int i = 1; i < n; ++i) {
    if (i % shape.box_cols != 0) line(cr, box.x + i * cell, box.y, box.x + i * cell, box.bottom());
    if (i % shape.box_rows != 0) line(cr, box.x, box.y + i * cell, box.right(), box.y + i * cell);
  }
  cairo_stroke(cr);

  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, widths.thick);
  for (int i = shape.box_cols; i < n; i += shape.box_cols) line(cr, box.x + i * cell, box.y, box.x + i * cell, box.bottom());
  for (int i = shape.box_rows; i < n; i += shape.box_rows) line(cr, box.x, box.y + i * cell, box.right(), box.y + i * cell);
  cairo_stroke(cr);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, box.x, box.y, box.width, box.height);
  cairo_stroke(cr);
}

/// Digits of `shown` (the puzzle, or the solution for answers); `givens` decides the style.
void draw_digits(cairo_t* cr, const Rect& box, const Grid& givens, const Grid& shown, bool answer,
                 const Alphabet& alphabet, const Fonts& fonts) {
  const int n = shown.shape.n;
  const double cell = box.width / n;
  const bool numbers = n > alphabet.size();
  const double size = cell * (numbers ? 0.46 : 0.62);
  // The shared baseline: centre the ink of "8" (digits and capitals share its height).
  cairo_set_font_face(cr, fonts.regular());
  cairo_set_font_size(cr, size);
  cairo_text_extents_t eight;
  cairo_text_extents(cr, "8", &eight);
  const double baseline_offset = -(eight.y_bearing + eight.height / 2);

  for (int row = 0; row < n; ++row) {
    for (int col = 0; col < n; ++col) {
      const int digit = shown.at(row, col);
      if (digit == 0) continue;
      const bool given = givens.at(row, col) != 0;
      cairo_font_face_t* face = answer && given ? fonts.bold() : fonts.regular();
      const double grey = answer && !given ? 0.4 : 0.0;
      cairo_set_source_rgb(cr, grey, grey, grey);
      cairo_set_font_face(cr, face);
      cairo_set_font_size(cr, size);
      const std::string text = symbol_text(alphabet, digit);
      cairo_text_extents_t ink;
      cairo_text_extents(cr, text.c_str(), &ink);
      // Wide symbols (W, M, two-digit numbers) are narrowed to keep clear of the cell's rules.
      const double squeeze = std::min(1.0, cell * 0.72 / std::max(ink.width, 1e-9));
      const double cx = box.x + (col + 0.5) * cell;
      const double cy = box.y + (row + 0.5) * cell;
      cairo_save(cr);
      cairo_translate(cr, cx, cy + baseline_offset);
      cairo_scale(cr, squeeze, 1);
      cairo_move_to(cr, -(ink.x_bearing + ink.width / 2), 0);
      cairo_show_text(cr, text.c_str());
      cairo_restore(cr);
    }
  }
}

void draw_placed(cairo_t* cr, const PlacedGrid& placed, bool alone, const std::vector<BookPuzzle>& puzzles,
                 const BookOptions& options, const Fonts& fonts) {
  const BookPuzzle& puzzle = puzzles[placed.puzzle];
  const Grid& shown = placed.answer ? *puzzle.solution : puzzle.puzzle;
  const double baseline = placed.heading.bottom() - placed.heading_font * 0.55;
  const TextStyle heading{options.font, placed.heading_font, true, 0};
  // The variant is named when the heading has room for it (small answer grids may not).
  const Variant variant = puzzle.rules ? puzzle.rules->variant : Variant::classic;
  std::string label = puzzle_label(placed.number, puzzle.level, variant);
  if (line_width(cr, heading, label) > placed.heading.width) label = puzzle_label(placed.number, puzzle.level);
  show_line(cr, heading, placed.heading.x, baseline, label, Align::left);
  // An answer card has no "Answers" section heading to say what it is; a puzzle may carry a
  // reference (id, seed) for its publisher, set small and grey where it does not compete.
  std::string note = alone && placed.answer ? std::string("solution") : placed.answer ? std::string() : puzzle.reference;
  if (!note.empty()) {
    TextStyle small{options.font, std::max(6.0, placed.heading_font * 0.6), false, alone && placed.answer ? 0.0 : 0.45};
    const double room = placed.heading.width - line_width(cr, heading, label) - 6;
    if (line_width(cr, small, note) <= room)
      show_line(cr, small, placed.heading.right(), baseline, note, Align::right);
  }

  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_rectangle(cr, placed.grid.x, placed.grid.y, placed.grid.width, placed.grid.height);
  cairo_fill(cr);
  const Rules* rules = puzzle.rules && !puzzle.rules->classic() ? puzzle.rules.get() : nullptr;
  if (rules) draw_shading(cr, placed.grid, *rules);
  if (rules && !rules->region_of.empty()) draw_region_rules(cr, placed.grid, shown.shape, rules->region_of);
  else draw_rules(cr, placed.grid, shown.shape);
  if (rules && !rules->cages.empty()) draw_cages(cr, placed.grid, *rules, !placed.answer, fonts);
  draw_digits(cr, placed.grid, puzzle.puzzle, shown, placed.answer, options.alphabet, fonts);
}

/// Title, subtitle and author: each wrapped to the text block and shrunk until it fits its
/// share of the page (the title at most three lines in the upper part); without a subtitle,
/// a line with the puzzle count.
void draw_title(cairo_t* cr, const PagePlan& page, const std::vector<BookPuzzle>& puzzles,
                const BookOptions& options) {
  const Rect& block = page.text_block;
  TextStyle title{options.font, 36, true, 0};
  title.size = fitting_size(cr, title, block.width, block.height * 0.4, 3, options.title, 40, 12);
  double y = block.y + block.height * 0.18;
  y += text_block_at(cr, title, block.x, y, block.width, options.title, Align::centre, true).height;
  // A short rule under the title.
  y += title.size * 0.45;
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 1.2);
  const double centre = block.x + block.width / 2;
  cairo_move_to(cr, centre - std::min(72.0, block.width / 4), y);
  cairo_line_to(cr, centre + std::min(72.0, block.width / 4), y);
  cairo_stroke(cr);
  y += title.size * 0.55;
  if (!options.subtitle.empty()) {
    TextStyle subtitle{options.font, 16, false, 0.15};
    subtitle.size = fitting_size(cr, subtitle, block.width, block.height * 0.15, 3, options.subtitle, 18, 9);
    y += text_block_at(cr, subtitle, block.x, y, block.width, options.subtitle, Align::centre, true).height;
    y += 10;
  }
  // Without a subtitle, say what the book holds.
  if (options.subtitle.empty()) {
    std::size_t answered = 0;
    for (const BookPuzzle& p : puzzles) answered += p.solution ? 1 : 0;
    const std::string count = fmt::format("{} puzzle{}{}", puzzles.size(), puzzles.size() == 1 ? "" : "s",
                                          options.answers && answered == puzzles.size() ? ", with answers" : "");
    show_line(cr, TextStyle{options.font, 12, false, 0.3}, centre, y + 12, count, Align::centre);
  }
  if (!options.author.empty()) {
    TextStyle author{options.font, 15, false, 0};
    author.size = fitting_size(cr, author, block.width, block.height * 0.12, 2, options.author, 16, 8);
    const TextBlock measured = text_block_at(cr, author, 0, 0, block.width, options.author, Align::centre, false);
    text_block_at(cr, author, block.x, block.y + block.height * 0.78 - measured.height, block.width, options.author,
                  Align::centre, true);
  }
}

/// A section's heading page: its title large, a third of the way down, and the puzzles it holds.
void draw_section(cairo_t* cr, const PagePlan& page, const BookOptions& options) {
  const Rect& block = page.text_block;
  TextStyle heading{options.font, 40, true, 0};
  heading.size = fitting_size(cr, heading, block.width, block.height * 0.3, 2, page.section, 40, 12);
  double y = block.y + block.height * 0.33;
  y += text_block_at(cr, heading, block.x, y, block.width, page.section, Align::centre, true).height;
  y += 8;
  text_block_at(cr, TextStyle{options.font, 14, false, 0.3}, block.x, y, block.width, page.section_note,
                Align::centre, true);
}

}  // namespace

RuleWidths rule_widths(double cell) {
  return {std::clamp(cell * 0.035, 0.35, 1.0), std::clamp(cell * 0.09, 1.0, 3.0)};
}

void draw_page(cairo_t* cr, const PagePlan& page, const std::vector<BookPuzzle>& puzzles,
               const BookOptions& options, const Fonts& fonts) {
  cairo_save(cr);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);

  if (page.kind == PageKind::title) draw_title(cr, page, puzzles, options);
  if (page.kind == PageKind::section) draw_section(cr, page, options);
  if (page.kind == PageKind::answers && !page.section.empty())
    show_line(cr, TextStyle{options.font, kSectionFont, true, 0}, page.section_band.x,
              page.section_band.y + kSectionFont, page.section, Align::left);
  for (const PlacedGrid& placed : page.grids)
    draw_placed(cr, placed, page.kind == PageKind::card, puzzles, options, fonts);
  // The page number sits under the middle of the text block, in the bottom margin.
  if (page.folio > 0)
    show_line(cr, TextStyle{options.font, kFolioFont, false, 0}, page.text_block.x + page.text_block.width / 2,
              page.trim.bottom() - kFolioFromBottom, std::to_string(page.folio), Align::centre);
  cairo_restore(cr);
}

}  // namespace sudokit::book_internal

// draw.hpp (internal): draws one planned page onto a cairo context, in points.
#pragma once

#include <vector>

#include <cairo.h>

#include "fonts.hpp"
#include "layout.hpp"

namespace sudokit::book_internal {

/// Draws `page` (white background, headings, grids, page number) at the context's origin.
void draw_page(cairo_t* cr, const PagePlan& page, const std::vector<BookPuzzle>& puzzles,
               const BookOptions& options, const Fonts& fonts);

/// Line widths of a grid with cells of `cell` points (exposed for the pixel tests).
struct RuleWidths {
  double thin;
  double thick;
};
RuleWidths rule_widths(double cell);

}  // namespace sudokit::book_internal

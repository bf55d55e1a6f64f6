// text.hpp (internal): words on a page (titles, headings, page numbers), set with Pango.
//
// Pango asks fontconfig for every character the requested family lacks, so a Japanese title
// set in DejaVu Sans prints in Noto Sans CJK instead of as empty boxes, and it wraps long
// text at word boundaries (and between CJK characters, which have no spaces). Sizes are
// absolute, in the context's user units (points), whatever the surface's resolution.
#pragma once

#include <string>

#include <cairo.h>

namespace sudokit::book_internal {

enum class Align { left, centre, right };

struct TextStyle {
  std::string family;
  double size = 10;
  bool bold = false;
  double grey = 0;  ///< 0 black .. 1 white
};

/// The advance width of `text` on one line.
double line_width(cairo_t* cr, const TextStyle& style, const std::string& text);

/// One line with its baseline at `baseline`, aligned on `x`.
void show_line(cairo_t* cr, const TextStyle& style, double x, double baseline, const std::string& text, Align align);

struct TextBlock {
  double height = 0;  ///< from the top of the first line to the bottom of the last
  int lines = 0;
  double widest = 0;  ///< the widest line
};

/// `text` wrapped to `width`, measured (draw = false) or drawn with its top at (x, y).
TextBlock text_block_at(cairo_t* cr, const TextStyle& style, double x, double y, double width, const std::string& text,
                        Align align, bool draw);

/// The largest size from `largest` down to `smallest` (in steps of 1 pt) at which `text`
/// wraps into at most `max_lines` lines no taller than `max_height` in all, without breaking a
/// word written with spaces; `smallest` when none does.
double fitting_size(cairo_t* cr, TextStyle style, double width, double max_height, int max_lines,
                    const std::string& text, double largest, double smallest);

}  // namespace sudokit::book_internal

// text.cpp: Pango layouts for the words of a book and its cover (see text.hpp).
#include "text.hpp"

#include <memory>
#include <sstream>
#include <vector>

#include <pango/pangocairo.h>

namespace sudokit::book_internal {
namespace {

struct LayoutDeleter {
  void operator()(PangoLayout* layout) const { g_object_unref(layout); }
};
using LayoutPtr = std::unique_ptr<PangoLayout, LayoutDeleter>;

LayoutPtr make_layout(cairo_t* cr, const TextStyle& style, const std::string& text, double width, Align align) {
  LayoutPtr layout(pango_cairo_create_layout(cr));
  PangoFontDescription* font = pango_font_description_new();
  pango_font_description_set_family(font, style.family.c_str());
  pango_font_description_set_weight(font, style.bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_font_description_set_absolute_size(font, style.size * PANGO_SCALE);
  pango_layout_set_font_description(layout.get(), font);
  pango_font_description_free(font);
  if (width > 0) {
    pango_layout_set_width(layout.get(), static_cast<int>(width * PANGO_SCALE));
    pango_layout_set_wrap(layout.get(), PANGO_WRAP_WORD_CHAR);
  }
  pango_layout_set_alignment(layout.get(), align == Align::centre  ? PANGO_ALIGN_CENTER
                                           : align == Align::right ? PANGO_ALIGN_RIGHT
                                                                   : PANGO_ALIGN_LEFT);
  pango_layout_set_text(layout.get(), text.c_str(), -1);
  return layout;
}

double units(int pango_units) { return static_cast<double>(pango_units) / PANGO_SCALE; }

}  // namespace

double line_width(cairo_t* cr, const TextStyle& style, const std::string& text) {
  const LayoutPtr layout = make_layout(cr, style, text, 0, Align::left);
  int width = 0, height = 0;
  pango_layout_get_size(layout.get(), &width, &height);
  return units(width);
}

void show_line(cairo_t* cr, const TextStyle& style, double x, double baseline, const std::string& text, Align align) {
  const LayoutPtr layout = make_layout(cr, style, text, 0, Align::left);
  int width = 0, height = 0;
  pango_layout_get_size(layout.get(), &width, &height);
  double left = x;
  if (align == Align::centre) left -= units(width) / 2;
  if (align == Align::right) left -= units(width);
  cairo_set_source_rgb(cr, style.grey, style.grey, style.grey);
  cairo_move_to(cr, left, baseline - units(pango_layout_get_baseline(layout.get())));
  pango_cairo_show_layout(cr, layout.get());
}

TextBlock text_block_at(cairo_t* cr, const TextStyle& style, double x, double y, double width, const std::string& text,
                        Align align, bool draw) {
  const LayoutPtr layout = make_layout(cr, style, text, width, align);
  PangoRectangle logical;
  pango_layout_get_extents(layout.get(), nullptr, &logical);
  TextBlock block;
  block.height = units(logical.height);
  block.widest = units(logical.width);
  block.lines = pango_layout_get_line_count(layout.get());
  if (draw) {
    cairo_set_source_rgb(cr, style.grey, style.grey, style.grey);
    cairo_move_to(cr, x, y);
    pango_cairo_show_layout(cr, layout.get());
  }
  return block;
}

double fitting_size(cairo_t* cr, TextStyle style, double width, double max_height, int max_lines,
                    const std::string& text, double largest, double smallest) {
  // Words written with spaces must fit a line whole; text without spaces (CJK) may break
  // between any two characters, as it does in print.
  std::istringstream words_in(text);
  std::string word;
  std::vector<std::string> words;
  while (words_in >> word) words.push_back(word);
  for (double size = largest; size > smallest; size -= 1) {
    style.size = size;
    const TextBlock block = text_block_at(cr, style, 0, 0, width, text, Align::left, false);
    if (block.lines > max_lines || block.height > max_height) continue;
    bool whole = true;
    if (words.size() > 1)
      for (const std::string& w : words)
        if (line_width(cr, style, w) > width) whole = false;
    if (whole) return size;
  }
  return smallest;
}

}  // namespace sudokit::book_internal

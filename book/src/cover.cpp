// cover.cpp: KDP's full-wrap paperback cover (back, spine, front) as one PDF page.
//
// Geometry (KDP's cover calculator): the cover is the back and the front, each the trim size
// of the interior, with the spine between them, plus 0.125 in of bleed on every outer edge.
// The spine is the page count times the thickness of one page of the chosen paper (white
// 0.002252 in, cream 0.0025 in, colour 0.002347 in). KDP prints spine text only on books of
// more than 79 pages and wants 0.0625 in clear on each side of it, so the spine carries the
// title (and author) only when it is that thick and the text still reaches 5.5 pt.
//
// Design: one deep colour over the whole sheet, bleed included (so a trim that wanders a
// little shows no white edge), white type. The front has the title at the top (wrapped and
// shrunk like the title page), the subtitle, a drawn Sudoku grid as the picture, and the
// author at the foot; the spine reads top to bottom, as English spines do; the back has the
// blurb at the top and leaves the bottom right clear, where KDP prints its barcode (2 × 1.2
// in, 0.25 in from the trim). Every word stays 0.375 in inside the trim of its panel, away
// from the cut and the folds.
#include <cmath>
#include <string>

#include <cairo-pdf.h>
#include <cairo.h>
#include <fmt/format.h>

#include "files.hpp"
#include "fonts.hpp"
#include "layout.hpp"
#include "sudokit/book.hpp"
#include "text.hpp"

namespace sudokit {
namespace {

using book_internal::Align;
using book_internal::TextStyle;

constexpr double kSafe = 0.375 * kPointsPerInch;           ///< words keep this far inside the trim
constexpr double kSpineClearance = 0.0625 * kPointsPerInch;  ///< KDP: clear on each side of spine text
constexpr double kMinSpineFont = 5.5;
/// The cover's colour (a deep blue); the picture's box rules use it too.
constexpr double kInk[3] = {0.11, 0.20, 0.33};

/// The cover's picture: a 9×9 grid with some givens (decoration only; the book's puzzles are
/// inside).
constexpr const char* kPicture = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

double spine_font(const CoverGeometry& g) { return std::min(24.0, (g.spine_width - 2 * kSpineClearance) * 0.72); }

void draw_picture(cairo_t* cr, double x, double y, double side, const std::string& family) {
  const double cell = side / 9;
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_rectangle(cr, x, y, side, side);
  cairo_fill(cr);
  cairo_set_source_rgb(cr, 0.55, 0.6, 0.68);
  cairo_set_line_width(cr, std::max(0.5, cell * 0.03));
  for (int i = 1; i < 9; ++i) {
    if (i % 3 == 0) continue;
    cairo_move_to(cr, x + i * cell, y);
    cairo_line_to(cr, x + i * cell, y + side);
    cairo_move_to(cr, x, y + i * cell);
    cairo_line_to(cr, x + side, y + i * cell);
  }
  cairo_stroke(cr);
  cairo_set_source_rgb(cr, kInk[0], kInk[1], kInk[2]);
  cairo_set_line_width(cr, std::max(1.5, cell * 0.08));
  for (int i = 0; i <= 9; i += 3) {
    cairo_move_to(cr, x + i * cell, y);
    cairo_line_to(cr, x + i * cell, y + side);
    cairo_move_to(cr, x, y + i * cell);
    cairo_line_to(cr, x + side, y + i * cell);
  }
  cairo_stroke(cr);
  const TextStyle digits{family, cell * 0.6, true, 0};
  for (int i = 0; i < 81; ++i) {
    if (kPicture[i] == '.') continue;
    const double cx = x + (i % 9 + 0.5) * cell;
    const double baseline = y + (i / 9 + 0.5) * cell + cell * 0.22;
    book_internal::show_line(cr, digits, cx, baseline, std::string(1, kPicture[i]), Align::centre);
  }
}

void draw_cover(cairo_t* cr, const CoverGeometry& g, const CoverOptions& options) {
  cairo_set_source_rgb(cr, kInk[0], kInk[1], kInk[2]);
  cairo_paint(cr);

  // Front: title, rule, subtitle, picture, author.
  const double fx = g.front_x + kSafe, fw = g.trim_width - 2 * kSafe;
  const double top = g.trim_y + kSafe, bottom = g.trim_y + g.trim_height - kSafe;
  TextStyle title{options.font, 40, true, 1};
  title.size = book_internal::fitting_size(cr, title, fw, g.trim_height * 0.28, 3, options.title, 44, 12);
  double y = top + g.trim_height * 0.04;
  y += book_internal::text_block_at(cr, title, fx, y, fw, options.title, Align::centre, true).height;
  y += title.size * 0.4;
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_set_line_width(cr, 1.5);
  cairo_move_to(cr, g.front_x + g.trim_width / 2 - fw / 5, y);
  cairo_line_to(cr, g.front_x + g.trim_width / 2 + fw / 5, y);
  cairo_stroke(cr);
  y += title.size * 0.4;
  if (!options.subtitle.empty()) {
    TextStyle subtitle{options.font, 16, false, 1};
    subtitle.size = book_internal::fitting_size(cr, subtitle, fw, g.trim_height * 0.12, 3, options.subtitle, 18, 8);
    y += book_internal::text_block_at(cr, subtitle, fx, y, fw, options.subtitle, Align::centre, true).height;
  }
  double author_height = 0;
  TextStyle author{options.font, 16, false, 1};
  if (!options.author.empty()) {
    author.size = book_internal::fitting_size(cr, author, fw, g.trim_height * 0.1, 2, options.author, 18, 8);
    author_height = book_internal::text_block_at(cr, author, 0, 0, fw, options.author, Align::centre, false).height;
    book_internal::text_block_at(cr, author, fx, bottom - author_height, fw, options.author, Align::centre, true);
  }
  // The picture fills the room between the words, square, at most 70% of the panel's width.
  const double room_top = y + 18, room_bottom = bottom - author_height - 18;
  const double side = std::min(fw * 0.7, room_bottom - room_top);
  if (side > 36) draw_picture(cr, g.front_x + (g.trim_width - side) / 2, room_top + (room_bottom - room_top - side) / 2,
                              side, options.font);

  // Spine: title · author, top to bottom, centred across the spine.
  if (g.spine_text) {
    const std::string words = options.author.empty() ? options.title : options.title + "  \u00b7  " + options.author;
    TextStyle spine{options.font, spine_font(g), true, 1};
    const double length = g.trim_height - 2 * kSafe;
    while (spine.size > kMinSpineFont && book_internal::line_width(cr, spine, words) > length) spine.size -= 0.5;
    cairo_save(cr);
    cairo_translate(cr, g.spine_x + g.spine_width / 2, g.trim_y + g.trim_height / 2);
    cairo_rotate(cr, M_PI / 2);
    // After the turn, x runs down the spine and y across it (towards the back cover).
    book_internal::show_line(cr, spine, 0, spine.size * 0.36, words, Align::centre);
    cairo_restore(cr);
  }

  // Back: the blurb at the top; the barcode area at the bottom right stays clear.
  if (!options.blurb.empty()) {
    const double bx = g.back_x + kSafe, bw = g.trim_width - 2 * kSafe;
    TextStyle blurb{options.font, 12, false, 1};
    blurb.size = book_internal::fitting_size(cr, blurb, bw, g.trim_height * 0.55, 40, options.blurb, 14, 7);
    book_internal::text_block_at(cr, blurb, bx, top + g.trim_height * 0.05, bw, options.blurb, Align::left, true);
  }
}

}  // namespace

std::optional<PaperKind> parse_paper(std::string_view name) {
  if (name == "white") return PaperKind::white;
  if (name == "cream") return PaperKind::cream;
  if (name == "colour" || name == "color") return PaperKind::colour;
  return std::nullopt;
}

double paper_thickness_inches(PaperKind paper) {
  switch (paper) {
    case PaperKind::white: return 0.002252;
    case PaperKind::cream: return 0.0025;
    case PaperKind::colour: return 0.002347;
  }
  return 0.002252;
}

CoverGeometry cover_geometry(const CoverOptions& options) {
  const std::optional<PageSize> trim = parse_page_size(options.page_size);
  if (!trim)
    throw BookError(fmt::format("unknown page size '{}'; use one of {}", options.page_size, page_size_names()));
  if (options.pages < kMinCoverPages || options.pages > kMaxCoverPages)
    throw BookError(fmt::format("a KDP paperback has {} to {} pages, not {}", kMinCoverPages, kMaxCoverPages,
                                options.pages));
  CoverGeometry g;
  g.trim_width = trim->width;
  g.trim_height = trim->height;
  g.spine_width = options.pages * paper_thickness_inches(options.paper) * kPointsPerInch;
  g.width = 2 * kBleed + 2 * trim->width + g.spine_width;
  g.height = 2 * kBleed + trim->height;
  g.back_x = kBleed;
  g.spine_x = kBleed + trim->width;
  g.front_x = g.spine_x + g.spine_width;
  g.trim_y = kBleed;
  g.spine_text = options.pages >= kMinSpineTextPages && spine_font(g) >= kMinSpineFont && !options.title.empty();
  return g;
}

BookResult render_cover(const CoverOptions& options, const std::string& path) {
  if (options.format == BookFormat::svg) throw BookError("a cover is a PDF (for upload) or a PNG (to look at)");
  if (!(options.dpi >= 18 && options.dpi <= 1200))
    throw BookError(fmt::format("a resolution of {} dpi is out of range (18 to 1200)", options.dpi));
  const CoverGeometry g = cover_geometry(options);
  book_internal::check_font(options.font);
  book_internal::check_output_path(path, options.format == BookFormat::pdf,
                                   "'-' (standard output) takes a PDF cover; give a PNG a file name");
  std::string bytes;
  if (options.format == BookFormat::png) {
    const double scale = options.dpi / 72.0;
    cairo_surface_t* surface = cairo_image_surface_create(
        CAIRO_FORMAT_RGB24, static_cast<int>(std::ceil(g.width * scale)), static_cast<int>(std::ceil(g.height * scale)));
    cairo_t* cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    draw_cover(cr, g, options);
    const cairo_status_t drawn = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    const cairo_status_t written = drawn == CAIRO_STATUS_SUCCESS
                                       ? cairo_surface_write_to_png_stream(surface, book_internal::append_bytes, &bytes)
                                       : drawn;
    cairo_surface_destroy(surface);
    if (written != CAIRO_STATUS_SUCCESS) throw BookError(fmt::format("cairo failed: {}", cairo_status_to_string(written)));
  } else {
    cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(book_internal::append_bytes, &bytes, g.width, g.height);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "sudokit");
    if (!options.title.empty()) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, options.title.c_str());
    cairo_t* cr = cairo_create(surface);
    draw_cover(cr, g, options);
    cairo_show_page(cr);
    const cairo_status_t drawn = cairo_status(cr);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t status = drawn != CAIRO_STATUS_SUCCESS ? drawn : cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (status != CAIRO_STATUS_SUCCESS) throw BookError(fmt::format("cairo failed: {}", cairo_status_to_string(status)));
  }
  book_internal::write_file(path, bytes);
  BookResult result;
  result.files.push_back(path);
  result.pages = 1;
  return result;
}

}  // namespace sudokit

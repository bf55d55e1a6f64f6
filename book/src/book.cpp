// book.cpp: render_book, from a page plan to files on disk.
//
// Each page of the plan (layout.cpp) is drawn by draw.cpp onto a cairo surface of the
// requested kind. PDF collects every page in one surface, resizing it per page (cards have
// their own sizes); SVG and PNG make one surface, and one file, per page. Surfaces write
// into memory through cairo's stream callbacks and we write the files ourselves, so a
// failed write is reported with the path and the system's reason instead of a bare cairo
// status, and nothing half-written is left behind when a request is refused before drawing.
//
// Determinism: cairo 1.16 stamps a PDF with the time it was made unless the creation date
// is set, so we set it to the empty string, which cairo then leaves out. Nothing else in
// cairo's output depends on the clock or the environment (font subsets are named from
// hashes of their glyphs), so the same puzzles and options give the same bytes, and the
// tests check it. The one exception is SVG, whose group ids count the surfaces the process
// has made; they are renumbered from 1 (stable_surface_ids).
//
// Requests are validated in the order a user can act on them: options that need no puzzles
// (check_book_options: format, page size, counts, dpi, font, output folder) first, then the
// fit of these puzzles on these pages (plan_book), and only then is anything drawn.
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fmt/format.h>

#include "draw.hpp"
#include "files.hpp"
#include "fonts.hpp"
#include "layout.hpp"
#include "sudokit/book.hpp"

namespace sudokit {
namespace book_internal {

cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

void write_file(const std::string& path, const std::string& bytes) {
  if (path == kStandardOutput) {
    if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size() || std::fflush(stdout) != 0)
      throw BookError(fmt::format("cannot write the book to standard output: {}", std::strerror(errno)));
    return;
  }
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (file) file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (file) file.close();
  if (!file) throw BookError(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
}

void check_output_path(const std::string& path, bool stdout_allowed, std::string_view stdout_refusal) {
  if (path.empty()) throw BookError("no output path");
  if (path == kStandardOutput) {
    if (!stdout_allowed) throw BookError(std::string(stdout_refusal));
    return;
  }
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::path target(path);
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, error))
    throw BookError(fmt::format("cannot write '{}': the folder '{}' does not exist", path, folder.string()));
  if (::access(folder.c_str(), W_OK) != 0)
    throw BookError(fmt::format("cannot write '{}': the folder '{}' is not writable", path, folder.string()));
  if (fs::is_directory(target, error)) throw BookError(fmt::format("cannot write '{}': it is a folder", path));
}

}  // namespace book_internal

namespace {

using book_internal::BookPlan;
using book_internal::PageKind;
using book_internal::PagePlan;

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

void check_surface(cairo_surface_t* surface) {
  const cairo_status_t status = cairo_surface_status(surface);
  if (status != CAIRO_STATUS_SUCCESS)
    throw BookError(fmt::format("cairo failed: {}", cairo_status_to_string(status)));
}

/// A cairo object released at scope exit.
struct SurfaceOwner {
  cairo_surface_t* surface;
  ~SurfaceOwner() { cairo_surface_destroy(surface); }
};
struct ContextOwner {
  cairo_t* cr;
  ~ContextOwner() { cairo_destroy(cr); }
};

void draw_on(cairo_surface_t* surface, const PagePlan& page, const std::vector<BookPuzzle>& puzzles,
             const BookOptions& options, const book_internal::Fonts& fonts, double scale = 1) {
  ContextOwner context{cairo_create(surface)};
  cairo_scale(context.cr, scale, scale);
  book_internal::draw_page(context.cr, page, puzzles, options, fonts);
  cairo_show_page(context.cr);
  if (cairo_status(context.cr) != CAIRO_STATUS_SUCCESS)
    throw BookError(fmt::format("cairo failed: {}", cairo_status_to_string(cairo_status(context.cr))));
}

cairo_surface_t* new_pdf(std::string& bytes, double width, double height, const BookOptions& options) {
  cairo_surface_t* surface = cairo_pdf_surface_create_for_stream(book_internal::append_bytes, &bytes, width, height);
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
  if (!options.title.empty()) cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, options.title.c_str());
  cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "sudokit");
  return surface;
}

/// cairo names an SVG's groups after its surfaces' serial numbers ("surface171"), which count
/// every surface the process has made, so a second book in the same process would differ.
/// Renumbers them in order of first appearance, keeping references consistent.
std::string stable_surface_ids(const std::string& svg) {
  static constexpr std::string_view kWord = "surface";
  std::map<std::string, std::string, std::less<>> renamed;
  std::string out;
  out.reserve(svg.size());
  std::size_t at = 0;
  while (true) {
    const std::size_t found = svg.find(kWord, at);
    if (found == std::string::npos) break;
    std::size_t end = found + kWord.size();
    while (end < svg.size() && std::isdigit(static_cast<unsigned char>(svg[end]))) ++end;
    out.append(svg, at, found + kWord.size() - at);
    const std::string serial = svg.substr(found + kWord.size(), end - found - kWord.size());
    if (!serial.empty()) {
      auto [it, fresh] = renamed.try_emplace(serial, std::to_string(renamed.size() + 1));
      out += it->second;
    }
    at = end;
  }
  out.append(svg, at);
  return out;
}

/// One page (or card) as a file of its own, in any of the three formats.
std::string render_single(const PagePlan& page, const std::vector<BookPuzzle>& puzzles, const BookOptions& options,
                          const book_internal::Fonts& fonts) {
  std::string bytes;
  if (options.format == BookFormat::png) {
    const double scale = options.dpi / 72.0;
    SurfaceOwner owner{cairo_image_surface_create(CAIRO_FORMAT_RGB24, static_cast<int>(std::ceil(page.width * scale)),
                                                  static_cast<int>(std::ceil(page.height * scale)))};
    check_surface(owner.surface);
    draw_on(owner.surface, page, puzzles, options, fonts, scale);
    cairo_surface_flush(owner.surface);
    if (cairo_surface_write_to_png_stream(owner.surface, book_internal::append_bytes, &bytes) != CAIRO_STATUS_SUCCESS)
      throw BookError("cairo could not encode a PNG");
    return bytes;
  }
  SurfaceOwner owner{options.format == BookFormat::svg
                         ? cairo_svg_surface_create_for_stream(book_internal::append_bytes, &bytes, page.width, page.height)
                         : new_pdf(bytes, page.width, page.height, options)};
  check_surface(owner.surface);
  draw_on(owner.surface, page, puzzles, options, fonts);
  cairo_surface_finish(owner.surface);
  check_surface(owner.surface);
  return options.format == BookFormat::svg ? stable_surface_ids(bytes) : bytes;
}

int digits_of(long long value) { return static_cast<int>(std::to_string(value).size()); }

}  // namespace

std::optional<BookFormat> parse_book_format(std::string_view name) {
  const std::string key = lower(name);
  if (key == "pdf") return BookFormat::pdf;
  if (key == "svg") return BookFormat::svg;
  if (key == "png") return BookFormat::png;
  return std::nullopt;
}

std::string_view book_format_name(BookFormat format) {
  switch (format) {
    case BookFormat::pdf: return "pdf";
    case BookFormat::svg: return "svg";
    case BookFormat::png: return "png";
  }
  return "pdf";
}

std::optional<BookFormat> book_format_from_path(std::string_view path) {
  if (path.size() < 5 || path[path.size() - 4] != '.') return std::nullopt;
  const std::string_view base = path.substr(0, path.size() - 4);
  if (base.back() == '/') return std::nullopt;  // a hidden file named ".pdf", not an extension
  return parse_book_format(path.substr(path.size() - 3));
}

const std::vector<PageSize>& named_page_sizes() {
  static const std::vector<PageSize> sizes = [] {
    std::vector<PageSize> list;
    // KDP's paperback trims, in inches (width × height).
    static constexpr std::array<std::array<double, 2>, 15> kKdp{{{5, 8},
                                                                 {5.06, 7.81},
                                                                 {5.25, 8},
                                                                 {5.5, 8.5},
                                                                 {6, 9},
                                                                 {6.14, 9.21},
                                                                 {6.69, 9.61},
                                                                 {7, 10},
                                                                 {7.44, 9.69},
                                                                 {7.5, 9.25},
                                                                 {8, 10},
                                                                 {8.25, 6},
                                                                 {8.25, 8.25},
                                                                 {8.5, 8.5},
                                                                 {8.5, 11}}};
    for (const auto& [w, h] : kKdp) list.push_back({fmt::format("{}x{}", w, h), w * kPointsPerInch, h * kPointsPerInch});
    list.push_back({"a4", 210 * kPointsPerMm, 297 * kPointsPerMm});
    list.push_back({"a5", 148 * kPointsPerMm, 210 * kPointsPerMm});
    list.push_back({"letter", 8.5 * kPointsPerInch, 11 * kPointsPerInch});
    return list;
  }();
  return sizes;
}

namespace {
/// A decimal number at the start of `text` (digits with at most one '.'), consumed.
std::optional<double> take_number(std::string_view& text) {
  std::size_t length = 0;
  bool dot = false;
  while (length < text.size() &&
         (std::isdigit(static_cast<unsigned char>(text[length])) || (text[length] == '.' && !dot))) {
    dot = dot || text[length] == '.';
    ++length;
  }
  if (length == 0 || (length == 1 && dot)) return std::nullopt;
  const double value = std::strtod(std::string(text.substr(0, length)).c_str(), nullptr);
  text.remove_prefix(length);
  return value;
}
}  // namespace

std::optional<PageSize> parse_page_size(std::string_view name) {
  const std::string key = lower(name);
  for (const PageSize& size : named_page_sizes())
    if (size.name == key) return size;
  // Custom: WxH with an optional unit after the height (in or mm).
  std::string_view rest = key;
  const std::optional<double> width = take_number(rest);
  if (!width || rest.empty() || rest.front() != 'x') return std::nullopt;
  rest.remove_prefix(1);
  const std::optional<double> height = take_number(rest);
  if (!height) return std::nullopt;
  double unit = kPointsPerInch;
  if (rest == "mm") unit = kPointsPerMm;
  else if (!rest.empty() && rest != "in") return std::nullopt;
  const double w = *width * unit, h = *height * unit;
  if (w < 2 * kPointsPerInch || h < 2 * kPointsPerInch || w > 48 * kPointsPerInch || h > 48 * kPointsPerInch)
    return std::nullopt;
  return PageSize{key, w, h};
}

std::string page_size_names() {
  std::string names;
  for (const PageSize& size : named_page_sizes()) names += size.name + ", ";
  return names + "or WxH[in|mm] with each side from 2 to 48 in";
}

double kdp_minimum_inside_margin(int pages) {
  const double inches = pages <= 150 ? 0.375 : pages <= 300 ? 0.5 : pages <= 500 ? 0.625 : pages <= 700 ? 0.75 : 0.875;
  return inches * kPointsPerInch;
}

double kdp_minimum_outside_margin(bool bleed) { return (bleed ? 0.375 : 0.25) * kPointsPerInch; }

BookOrder arrange_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  BookOrder result;
  result.order.resize(puzzles.size());
  for (std::size_t i = 0; i < puzzles.size(); ++i) result.order[i] = i;
  // The section key of a puzzle: its rank, or (for unranked levels) a rank after every known
  // one, in order of first appearance.
  std::vector<std::pair<long long, std::string>> keys(puzzles.size());
  if (options.sections == BookSections::level) {
    std::map<std::string, long long> unranked;
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const BookPuzzle& p = puzzles[i];
      long long key = p.level_rank;
      if (key < 0) key = (1LL << 32) + unranked.try_emplace(p.level, static_cast<long long>(unranked.size())).first->second;
      keys[i] = {key, p.level};
    }
  }
  std::stable_sort(result.order.begin(), result.order.end(), [&](std::size_t a, std::size_t b) {
    if (keys[a].first != keys[b].first) return keys[a].first < keys[b].first;
    if (options.sort != BookSort::rating) return false;
    const auto& ra = puzzles[a].rating;
    const auto& rb = puzzles[b].rating;
    if (ra.has_value() != rb.has_value()) return ra.has_value();  // unknown ratings last
    return ra && *ra < *rb;
  });
  if (options.sections == BookSections::level) {
    for (std::size_t position = 0; position < result.order.size(); ++position) {
      const std::size_t i = result.order[position];
      if (position == 0 || keys[i].first != keys[result.order[position - 1]].first)
        result.sections.emplace_back(position, keys[i].second.empty() ? std::string("Unrated")
                                                                       : book_internal::level_title(keys[i].second));
    }
  }
  return result;
}

namespace {

/// What does not depend on where the result goes: page size, per-page counts, dpi, font.
void check_drawing_options(const BookOptions& options) {
  if (!parse_page_size(options.page_size))
    throw BookError(fmt::format("unknown page size '{}'; use one of {}", options.page_size, page_size_names()));
  if (const auto [cols, rows] = book_internal::slot_arrangement(options.per_page); cols == 0 || options.per_page > 6)
    throw BookError(fmt::format("{} puzzles to a page is not a layout; use 1 to 6", options.per_page));
  if (options.answers_per_page != 0 && (book_internal::slot_arrangement(options.answers_per_page).first == 0 ||
                                        options.answers_per_page == 3 || options.answers_per_page == 5))
    throw BookError(fmt::format("{} answers to a page is not a layout; use 1, 2, 4, 6, 9 or 12",
                                options.answers_per_page));
  if (!(options.dpi >= 18 && options.dpi <= 1200))
    throw BookError(fmt::format("a resolution of {} dpi is out of range (18 to 1200)", options.dpi));
  book_internal::check_font(options.font);
}

}  // namespace

void check_book_options(const BookOptions& options, const std::string& path) {
  check_drawing_options(options);
  book_internal::check_output_path(path, options.format == BookFormat::pdf && !options.one_per_file,
                    "'-' (standard output) takes one file, a PDF book: SVG and PNG books and --one-per-file "
                    "write a file per page, so give them a file name");
}

void check_book_layout(const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  check_drawing_options(options);
  if (puzzles.empty()) throw BookError("no puzzles to print");
  (void)book_internal::plan_book(puzzles, options);
}

BookResult render_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options, const std::string& path) {
  check_book_options(options, path);
  if (puzzles.empty()) throw BookError("no puzzles to print");
  const BookPlan plan = book_internal::plan_book(puzzles, options);
  const book_internal::Fonts fonts(options.font);

  BookResult result;
  result.pages = static_cast<int>(plan.pages.size());
  result.inside_margin = options.one_per_file ? 0 : plan.inside_margin;
  for (const PagePlan& page : plan.pages) {
    for (const auto& placed : page.grids) (placed.answer ? result.answers : result.puzzles) += 1;
  }

  if (options.format == BookFormat::pdf && !options.one_per_file) {
    std::string bytes;
    {
      SurfaceOwner owner{new_pdf(bytes, plan.pages.front().width, plan.pages.front().height, options)};
      check_surface(owner.surface);
      for (const PagePlan& page : plan.pages) {
        cairo_pdf_surface_set_size(owner.surface, page.width, page.height);
        draw_on(owner.surface, page, puzzles, options, fonts);
      }
      cairo_surface_finish(owner.surface);
      check_surface(owner.surface);
    }
    book_internal::write_file(path, bytes);
    result.files.push_back(path);
    return result;
  }

  // Many files: pages are numbered 001, 002, ...; cards by their puzzle's number.
  const long long last_number = options.first_number + static_cast<long long>(puzzles.size()) - 1;
  const int width = std::max(3, options.one_per_file ? digits_of(last_number) : digits_of(result.pages));
  for (std::size_t i = 0; i < plan.pages.size(); ++i) {
    const PagePlan& page = plan.pages[i];
    std::string name;
    if (page.kind == PageKind::card) {
      const auto& placed = page.grids.front();
      name = book_internal::numbered_path(path, options.format, static_cast<int>(placed.number), width,
                                          placed.answer ? "-answer" : "");
    } else {
      name = book_internal::numbered_path(path, options.format, static_cast<int>(i) + 1, width);
    }
    book_internal::write_file(name, render_single(page, puzzles, options, fonts));
    result.files.push_back(name);
  }
  return result;
}

std::string render_card(const BookPuzzle& puzzle, bool answer, const BookOptions& options) {
  BookOptions card_options = options;
  card_options.one_per_file = true;
  check_drawing_options(card_options);
  if (answer && !puzzle.solution) throw BookError("an answer card needs the puzzle's solution");
  const std::vector<BookPuzzle> one{puzzle};
  const BookPlan plan = book_internal::plan_book(one, card_options);
  const book_internal::Fonts fonts(card_options.font);
  for (const PagePlan& page : plan.pages) {
    if (page.kind == PageKind::card && page.grids.front().answer == answer)
      return render_single(page, one, card_options, fonts);
  }
  throw BookError("the book plan has no card for this puzzle");  // plan_book makes one per grid
}

}  // namespace sudokit

// book_readback.hpp: reading rendered books back as a printer or reader would, for the book tests.
//
// Pixels: a page rendered at 72 dpi has one pixel per point, so the page plan's rectangles
// (in points) are pixel boxes in the image. Pages come from cairo's PNG writer (the book's
// own PNG output, or pdftoppm's for PDFs) and are read back with cairo, reduced to grey
// levels (0 black .. 255 white). Words: `pdftotext -bbox` gives every word of a PDF with its
// box, page by page (poppler-utils).
#pragma once

#include <cairo.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace sudokit::testing {

struct GreyImage {
  int width = 0;
  int height = 0;
  std::vector<int> grey;
  /// Out-of-image pixels read as white, so a box that runs past an edge is harmless.
  int at(int x, int y) const {
    if (x < 0 || y < 0 || x >= width || y >= height) return 255;
    return grey[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)];
  }
};

inline GreyImage grey_of(cairo_surface_t* surface) {
  GreyImage image;
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    ADD_FAILURE() << "cannot read a PNG: " << cairo_status_to_string(cairo_surface_status(surface));
    cairo_surface_destroy(surface);
    return image;
  }
  cairo_surface_flush(surface);
  image.width = cairo_image_surface_get_width(surface);
  image.height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      std::uint32_t pixel = 0;
      std::memcpy(&pixel, data + static_cast<std::ptrdiff_t>(y) * stride + 4 * x, 4);
      const int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
      image.grey.push_back((r + g + b) / 3);
    }
  }
  cairo_surface_destroy(surface);
  return image;
}

inline GreyImage load_png_file(const std::string& path) { return grey_of(cairo_image_surface_create_from_png(path.c_str())); }

/// A PNG held in memory (render_card's bytes).
inline GreyImage load_png_bytes(const std::string& bytes) {
  struct Cursor {
    const std::string* bytes;
    std::size_t at;
  } cursor{&bytes, 0};
  const auto read = [](void* closure, unsigned char* data, unsigned int length) {
    auto* c = static_cast<Cursor*>(closure);
    if (c->at + length > c->bytes->size()) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, c->bytes->data() + c->at, length);
    c->at += length;
    return CAIRO_STATUS_SUCCESS;
  };
  return grey_of(cairo_image_surface_create_from_png_stream(read, &cursor));
}

/// Darkest grey in the box [x0, x1) × [y0, y1) (pixel units).
inline int darkest(const GreyImage& image, double x0, double y0, double x1, double y1) {
  int found = 255;
  for (int y = static_cast<int>(y0); y < static_cast<int>(y1); ++y)
    for (int x = static_cast<int>(x0); x < static_cast<int>(x1); ++x) found = std::min(found, image.at(x, y));
  return found;
}

/// Pixels darker than `limit` in the box.
inline int dark_pixels(const GreyImage& image, double x0, double y0, double x1, double y1, int limit) {
  int count = 0;
  for (int y = static_cast<int>(y0); y < static_cast<int>(y1); ++y)
    for (int x = static_cast<int>(x0); x < static_cast<int>(x1); ++x) count += image.at(x, y) < limit ? 1 : 0;
  return count;
}

/// The smallest box holding every pixel darker than `limit`, as {x0, y0, x1, y1}; all zero
/// for a blank image.
struct InkBox {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0; }
};
inline InkBox ink_box(const GreyImage& image, int limit = 250) {
  InkBox box{image.width, image.height, 0, 0};
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x)
      if (image.at(x, y) < limit) {
        box.x0 = std::min(box.x0, x);
        box.y0 = std::min(box.y0, y);
        box.x1 = std::max(box.x1, x + 1);
        box.y1 = std::max(box.y1, y + 1);
      }
  if (box.x1 == 0) return {};
  return box;
}

/// Runs a shell command; its standard output and error, or a test failure when it exits non-zero.
inline std::string run_command(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) {
    ADD_FAILURE() << "cannot run " << command;
    return out;
  }
  char buffer[4096];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, got);
  EXPECT_EQ(::pclose(pipe), 0) << command << "\n" << out;
  return out;
}

struct PdfWord {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::string text;
};
struct PdfPage {
  double width = 0, height = 0;
  std::vector<PdfWord> words;
};

/// Every page of a PDF with its words and their boxes, in points from the top-left corner.
inline std::vector<PdfPage> pdf_words(const std::string& path) {
  const auto attribute = [](const std::string& tag, const std::string& name) {
    const std::size_t at = tag.find(name + "=\"");
    return at == std::string::npos ? -1.0 : std::stod(tag.substr(at + name.size() + 2));
  };
  // Blank pages make pdftotext say "no word list" on stderr, which must not mix into the HTML.
  const std::string html = run_command("(pdftotext -bbox '" + path + "' - 2>/dev/null)");
  std::vector<PdfPage> pages;
  std::size_t at = 0;
  while ((at = html.find('<', at)) != std::string::npos) {
    const std::size_t close = html.find('>', at);
    const std::string tag = html.substr(at, close - at + 1);
    if (tag.rfind("<page ", 0) == 0) {
      pages.push_back({attribute(tag, "width"), attribute(tag, "height"), {}});
    } else if (tag.rfind("<word ", 0) == 0 && !pages.empty()) {
      const std::size_t end = html.find("</word>", close);
      pages.back().words.push_back({attribute(tag, "xMin"), attribute(tag, "yMin"), attribute(tag, "xMax"),
                                    attribute(tag, "yMax"), html.substr(close + 1, end - close - 1)});
    }
    at = close;
  }
  return pages;
}

}  // namespace sudokit::testing

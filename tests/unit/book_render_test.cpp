// Tests of rendered books and covers, read back with the tools a printer or a reader would use:
// pdfinfo (page counts), pdftotext -raw (the text layer: every puzzle's givens in order after its
// heading, then every answer), pdftotext -bbox (page sizes per trim and bleed; every word inside
// the trim less KDP's margins; titles wrapped; CJK text; section pages; glyphs within their
// cells; the cover's panels, spine text and barcode area), pdftoppm (at 72 dpi one pixel per point,
// so the page plan says where each cell is: a given's cell has ink, an empty cell none, and the
// black box rules are exactly where the Shape's boxes end; at 36 dpi, no ink outside the
// margins), byte-for-byte determinism of PDF, SVG and PNG, file naming, PNG resolution, and the
// refusals of bad requests.
//
// Puzzles and their solutions are written out here (solved once with `sudokit solve`) so
// that these tests need only the book library.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cairo.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fonts.hpp"
#include "layout.hpp"
#include "sudokit/book.hpp"

namespace sudokit {
namespace {

namespace fs = std::filesystem;

struct Sample {
  std::string puzzle;
  std::string solution;
};

const Sample kNine1{"4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                    "468931527751624839392578461134756298289413675675289314846192753513867942927345186"};
const Sample kNine2{"7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
                    "728946315934251678516738249147593826369482157852167493293615784481379562675824931"};
const Sample kFour{"24.3.342.231....", "2413134242313124"};
const Sample kSix{".26...4.5.2..64.3.1.2.6565..1.24.3..", "326541415623564132132465653214241356"};
const Sample kTwelve{"364.9..A.7B.C8...31.964..95.4B....C3.5..A26.3C9.2A3C.9...87...6B.87..25.7.96.15.A.8.A..8B.3..51943."
                     "..7A..B.252A..4B8.93CB.896C...1A.6...5....42B",
                     "364295CA17B8C8BA2317964519574B862AC38574A26B3C912A3C1945B876916B387C425A7B96C152A384AC28B6347519"
                     "431587A9CB6252A174B8693CB4896C2351A767C35A91842B"};
const Sample kSixteen{
    "C.94F.B..D.....151.6A.G....27.8437G....D.A1F.B968..263.174.9.5.E14.F97E.3GA6D...B38D....E..16.G.7..G..D...54"
    "E3B.E569.A...F..4C17AE2.D.1.98...6C...7..B...6.G1.5.D65B..7.1.23.A.8G94..86....B.E.D..B..6A......1E..F.A....."
    "E.8B7.C6.1..E.8G..A..49...7..FC416.....",
    "CA94F5B76D8E2G3151D6A9GEB3C27F8437GE248D5A1FCB968BF263C174G9A5DE14CF97EB3GA6D825B38D5C4FE27169GA72AG81D6C954"
    "E3BFE569GA238FBD4C17AE23DF159847G6CBF87C3B9AD6EG1452D65BEG741C239AF8G941C862A5FB3E7D2DB846A9F73C51EG4F3A1D5G2E"
    "98B76C6C157E38GBDAF2499GE7B2FC41658DA3"};

Grid grid_of(const std::string& line) {
  int n = 1;
  while (n * n < static_cast<int>(line.size())) ++n;
  Grid grid(*default_shape(n));
  const Alphabet alphabet = Alphabet::standard();
  for (std::size_t i = 0; i < line.size(); ++i)
    grid.cells[i] = static_cast<std::uint8_t>(std::max(0, alphabet.digit_of(line[i])));
  return grid;
}

BookPuzzle book_puzzle(const Sample& sample, const std::string& level = "") {
  return {grid_of(sample.puzzle), grid_of(sample.solution), level};
}

/// A scratch folder, removed at the end of the test.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "sudokit_book_XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// Runs a shell command; its standard output, or a test failure when it exits non-zero.
std::string run(const std::string& command) {
  std::string out;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) {
    ADD_FAILURE() << "cannot run " << command;
    return out;
  }
  char buffer[4096];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, got);
  const int status = ::pclose(pipe);
  EXPECT_EQ(status, 0) << command << "\n" << out;
  return out;
}

int pdf_pages(const std::string& path) {
  const std::string info = run("pdfinfo '" + path + "'");
  const std::size_t at = info.find("Pages:");
  if (at == std::string::npos) return -1;
  return std::stoi(info.substr(at + 6));
}

/// A rendered page as grey levels (0 black .. 255 white).
struct GreyImage {
  int width = 0;
  int height = 0;
  std::vector<int> grey;
  int at(int x, int y) const { return grey[static_cast<std::size_t>(y * width + x)]; }
};

GreyImage load_png(const std::string& path) {
  GreyImage image;
  cairo_surface_t* surface = cairo_image_surface_create_from_png(path.c_str());
  if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
    ADD_FAILURE() << "cannot load " << path;
    cairo_surface_destroy(surface);
    return image;
  }
  cairo_surface_flush(surface);
  image.width = cairo_image_surface_get_width(surface);
  image.height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);
  const cairo_format_t format = cairo_image_surface_get_format(surface);
  EXPECT_TRUE(format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32);
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < image.width; ++x) {
      std::uint32_t pixel = 0;
      std::memcpy(&pixel, data + y * stride + 4 * x, 4);
      const int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
      image.grey.push_back((r + g + b) / 3);
    }
  }
  cairo_surface_destroy(surface);
  return image;
}

/// Darkest grey in the box [x0, x1) × [y0, y1) of the image (pixel units = points at 72 dpi).
int darkest(const GreyImage& image, double x0, double y0, double x1, double y1) {
  int darkest_grey = 255;
  for (int y = static_cast<int>(y0); y < static_cast<int>(y1); ++y)
    for (int x = static_cast<int>(x0); x < static_cast<int>(x1); ++x) darkest_grey = std::min(darkest_grey, image.at(x, y));
  return darkest_grey;
}

/// Pixels darker than `limit` in the box.
int dark_pixels(const GreyImage& image, double x0, double y0, double x1, double y1, int limit) {
  int count = 0;
  for (int y = static_cast<int>(y0); y < static_cast<int>(y1); ++y)
    for (int x = static_cast<int>(x0); x < static_cast<int>(x1); ++x) count += image.at(x, y) < limit ? 1 : 0;
  return count;
}

std::string without_spaces(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\n' && c != '\f') out += c;
  return out;
}

std::string givens_of(const std::string& line) {
  std::string out;
  for (char c : line)
    if (c != '.') out += c;
  return out;
}

/// The text after the line holding the `occurrence`-th heading of puzzle `number` (0-based
/// occurrence: 0 the puzzle, 1 its answer), up to the next heading or page break. Headings
/// are "Puzzle N", or "N · Level" when the level is known (puzzle 6 of these tests: hard).
std::string text_after_heading(const std::string& text, int number, int occurrence) {
  const std::string heading = number == 6 ? "\n6 \u00b7 Hard" : "Puzzle " + std::to_string(number);
  std::size_t at = 0;
  for (int seen = -1;;) {
    at = text.find(heading, at);
    if (at == std::string::npos) return "(no heading '" + heading + "')";
    const std::size_t after = at + heading.size();
    at = after;
    if (after < text.size() && std::isdigit(static_cast<unsigned char>(text[after]))) continue;  // "Puzzle 12"
    if (++seen == occurrence) break;
  }
  const std::size_t start = text.find('\n', at);
  std::size_t end = std::min({text.find("Puzzle", start), text.find('\f', start), text.find("\u00b7", start)});
  if (end != std::string::npos && text[end] != '\f' && text.compare(end, 6, "Puzzle") != 0)
    end = text.rfind('\n', end);  // back to the start of the "N · Level" line
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

TEST(BookRender, PdfPageCountsForSeveralLayouts) {
  ScratchDir dir;
  std::vector<BookPuzzle> puzzles;
  for (int i = 0; i < 9; ++i) puzzles.push_back(book_puzzle(i % 2 ? kNine1 : kNine2));
  struct Case {
    int per_page;
    const char* page;
    bool title;
    bool answers;
    int pages;
  };
  // Puzzles and answers start on right-hand pages, a title page has a blank back, and the
  // count is made even.
  const Case cases[] = {{4, "a4", false, true, 3 + 1 + 1 + 1},       {1, "letter", true, true, 2 + 9 + 1 + 1 + 1},
                        {6, "6x9", false, false, 2},                 {2, "8.5x11", false, true, 5 + 1 + 1 + 1},
                        {4, "6x9", true, true, 2 + 3 + 1 + 1 + 1}};
  for (const Case& c : cases) {
    BookOptions options;
    options.per_page = c.per_page;
    options.page_size = c.page;
    options.answers = c.answers;
    if (c.title) options.title = "Nine of Them";
    const std::string path = dir / "book.pdf";
    const BookResult result = render_book(puzzles, options, path);
    EXPECT_EQ(result.files, std::vector<std::string>{path});
    EXPECT_EQ(result.pages, c.pages);
    EXPECT_EQ(result.puzzles, 9);
    EXPECT_EQ(result.answers, c.answers ? 9 : 0);
    EXPECT_EQ(pdf_pages(path), c.pages) << c.per_page << " per page on " << c.page;
  }
}

TEST(BookRender, TextLayerHasEachPuzzlesGivensInOrderAndEachAnswer) {
  ScratchDir dir;
  const std::vector<Sample> samples{kNine1, kFour, kSix, kTwelve, kSixteen, kNine2};
  std::vector<BookPuzzle> puzzles;
  for (const Sample& s : samples) puzzles.push_back(book_puzzle(s, s.puzzle == kNine2.puzzle ? "hard" : ""));
  puzzles[0].reference = "id 77";
  BookOptions options;
  options.per_page = 2;
  options.title = "Mixed Sizes";
  const std::string path = dir / "book.pdf";
  render_book(puzzles, options, path);
  const std::string text = run("pdftotext -raw '" + path + "' -");
  EXPECT_NE(text.find("Mixed Sizes"), std::string::npos);
  EXPECT_NE(text.find("Answers"), std::string::npos);
  EXPECT_NE(text.find("6 \u00b7 Hard"), std::string::npos) << text;
  EXPECT_NE(text.find("id 77"), std::string::npos) << text;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const int number = static_cast<int>(i) + 1;
    SCOPED_TRACE(testing::Message() << "puzzle " << number);
    // Givens first, in row-major order; what may follow is only the page number.
    const std::string shown = without_spaces(text_after_heading(text, number, 0));
    const std::string givens = givens_of(samples[i].puzzle);
    EXPECT_EQ(shown.substr(0, givens.size()), givens);
    EXPECT_LE(shown.size(), givens.size() + 2);
    const std::string answer = without_spaces(text_after_heading(text, number, 1));
    EXPECT_EQ(answer.substr(0, samples[i].solution.size()), samples[i].solution);
  }
}

TEST(BookRender, PixelsShowGivensBlanksAndBoxRules) {
  ScratchDir dir;
  const std::vector<Sample> samples{kSix, kNine1, kTwelve, kSixteen};
  std::vector<BookPuzzle> puzzles;
  for (const Sample& s : samples) puzzles.push_back(book_puzzle(s));
  BookOptions options;
  options.per_page = 1;
  options.answers = false;
  const std::string path = dir / "book.pdf";
  render_book(puzzles, options, path);
  const book_internal::BookPlan plan = book_internal::plan_book(puzzles, options);

  for (std::size_t page = 0; page < samples.size(); ++page) {
    const std::string png = dir / "page";
    run("pdftoppm -r 72 -png -singlefile -f " + std::to_string(page + 1) + " -l " + std::to_string(page + 1) +
        " '" + path + "' '" + png + "'");
    const GreyImage image = load_png(png + ".png");
    ASSERT_EQ(image.width, 596);  // A4 at one pixel per point
    const book_internal::Rect box = plan.pages[page].grids.at(0).grid;
    const Shape shape = puzzles[page].puzzle.shape;
    const double cell = box.width / shape.n;
    SCOPED_TRACE(testing::Message() << describe(shape) << ", cell " << cell << " pt");

    // A given's cell has ink in its middle; an empty cell is white inside its rules.
    for (int row = 0; row < shape.n; ++row) {
      for (int col = 0; col < shape.n; ++col) {
        const double x = box.x + col * cell, y = box.y + row * cell;
        const bool given = puzzles[page].puzzle.at(row, col) != 0;
        const int ink = darkest(image, x + 0.25 * cell, y + 0.2 * cell, x + 0.75 * cell, y + 0.8 * cell);
        const int inside = darkest(image, x + 0.15 * cell, y + 0.15 * cell, x + 0.85 * cell, y + 0.85 * cell);
        if (given) {
          EXPECT_LT(ink, 80) << cell_name(shape, row * shape.n + col) << " holds a given";
        } else {
          EXPECT_GT(inside, 245) << cell_name(shape, row * shape.n + col) << " is empty";
        }
      }
    }
    // Rules: black and at least two pixels wide where boxes meet, grey and thin elsewhere.
    // Each boundary is sampled across a strip of cell middles, clear of the digits.
    for (int i = 1; i < shape.n; ++i) {
      const double x = box.x + i * cell;
      const double y = box.y + i * cell;
      for (int k = 0; k < shape.n; ++k) {
        const double middle = 0.5 + k;
        const int vertical = dark_pixels(image, x - 4, box.y + (middle - 0.1) * cell, x + 4,
                                         box.y + (middle - 0.1) * cell + 1, 60);
        const int horizontal = dark_pixels(image, box.x + (middle - 0.1) * cell, y - 4,
                                           box.x + (middle - 0.1) * cell + 1, y + 4, 60);
        if (i % shape.box_cols == 0) {
          EXPECT_GE(vertical, 2) << "box rule after column " << i;
        } else {
          EXPECT_EQ(vertical, 0) << "cell rule after column " << i;
        }
        if (i % shape.box_rows == 0) {
          EXPECT_GE(horizontal, 2) << "box rule after row " << i;
        } else {
          EXPECT_EQ(horizontal, 0) << "cell rule after row " << i;
        }
      }
    }
    // The cell rules are there too, as grey.
    EXPECT_LT(darkest(image, box.x + cell - 3, box.y + 0.5 * cell, box.x + cell + 3, box.y + 0.5 * cell + 1), 200);
    // The outer border is black on all four sides.
    EXPECT_GE(dark_pixels(image, box.x - 3, box.y + cell / 2, box.x + 3, box.y + cell / 2 + 1, 60), 2);
    EXPECT_GE(dark_pixels(image, box.right() - 3, box.y + cell / 2, box.right() + 3, box.y + cell / 2 + 1, 60), 2);
    EXPECT_GE(dark_pixels(image, box.x + cell / 2, box.y - 3, box.x + cell / 2 + 1, box.y + 3, 60), 2);
    EXPECT_GE(dark_pixels(image, box.x + cell / 2, box.bottom() - 3, box.x + cell / 2 + 1, box.bottom() + 3, 60), 2);
  }
}

TEST(BookRender, SameInputSameBytes) {
  ScratchDir dir;
  const std::vector<BookPuzzle> puzzles{book_puzzle(kNine1, "easy"), book_puzzle(kSixteen), book_puzzle(kSix)};
  for (BookFormat format : {BookFormat::pdf, BookFormat::svg, BookFormat::png}) {
    BookOptions options;
    options.format = format;
    options.title = "Twice";
    options.dpi = 50;
    const BookResult first = render_book(puzzles, options, dir / "first.out");
    const BookResult second = render_book(puzzles, options, dir / "second.out");
    ASSERT_EQ(first.files.size(), second.files.size());
    for (std::size_t i = 0; i < first.files.size(); ++i) {
      const std::string a = read_file(first.files[i]);
      EXPECT_FALSE(a.empty());
      EXPECT_TRUE(a == read_file(second.files[i])) << first.files[i] << " and " << second.files[i] << " differ";
    }
    if (format == BookFormat::pdf) {
      EXPECT_EQ(read_file(first.files[0]).find("CreationDate"), std::string::npos);
    }
  }
}

TEST(BookRender, SvgIsOneFilePerPageOrPerPuzzle) {
  ScratchDir dir;
  std::vector<BookPuzzle> puzzles;
  for (int i = 0; i < 5; ++i) puzzles.push_back(book_puzzle(kNine1));
  BookOptions options;
  options.format = BookFormat::svg;
  const BookResult pages = render_book(puzzles, options, dir / "book.svg");
  // Two puzzle pages, the answers on page 3 (right-hand), a blank page 4 to make the count even.
  EXPECT_EQ(pages.files, (std::vector<std::string>{dir / "book-001.svg", dir / "book-002.svg", dir / "book-003.svg",
                                                   dir / "book-004.svg"}));
  for (const std::string& file : pages.files) {
    const std::string svg = read_file(file);
    EXPECT_EQ(svg.rfind("<?xml", 0), 0u) << file;
    EXPECT_NE(svg.find("<svg"), std::string::npos) << file;
  }
  options.one_per_file = true;
  puzzles[2].solution.reset();
  const BookResult cards = render_book(puzzles, options, dir / "web.svg");
  ASSERT_EQ(cards.files.size(), 9u);
  EXPECT_EQ(cards.files[0], dir / "web-001.svg");
  EXPECT_EQ(cards.files[4], dir / "web-005.svg");
  EXPECT_EQ(cards.files[5], dir / "web-001-answer.svg");
  EXPECT_EQ(cards.files[7], dir / "web-004-answer.svg");  // puzzle 3 has no answer
  for (const std::string& file : cards.files) EXPECT_TRUE(fs::exists(file)) << file;
}

TEST(BookRender, PngPagesHaveTheRequestedResolution) {
  ScratchDir dir;
  BookOptions options;
  options.format = BookFormat::png;
  options.answers = false;
  options.dpi = 72;
  const BookResult at72 = render_book({book_puzzle(kFour)}, options, dir / "small.png");
  ASSERT_EQ(at72.files, (std::vector<std::string>{dir / "small-001.png", dir / "small-002.png"}));
  GreyImage image = load_png(at72.files[0]);
  EXPECT_EQ(image.width, 596);
  EXPECT_EQ(image.height, 842);
  options.dpi = 144;
  options.page_size = "6x9";
  image = load_png(render_book({book_puzzle(kFour)}, options, dir / "large.png").files.at(0));
  EXPECT_EQ(image.width, 864);
  EXPECT_EQ(image.height, 1296);
  EXPECT_GT(image.at(0, 0), 250);  // an opaque white page, not a transparent one
}

TEST(BookRender, BadRequestsAreRefusedWithAReason) {
  ScratchDir dir;
  const std::vector<BookPuzzle> puzzles{book_puzzle(kNine1)};
  auto refusal = [&](const BookOptions& options, const std::string& path) -> std::string {
    try {
      render_book(puzzles, options, path);
    } catch (const BookError& e) {
      return e.what();
    }
    return "(accepted)";
  };
  BookOptions options;
  options.font = "No Such Font Family";
  EXPECT_NE(refusal(options, dir / "x.pdf").find("not installed"), std::string::npos);
  options = {};
  EXPECT_NE(refusal(options, "/nonexistent-folder/x.pdf").find("does not exist"), std::string::npos);
  EXPECT_NE(refusal(options, dir / "").find("folder"), std::string::npos);
  options.page_size = "b5";
  EXPECT_NE(refusal(options, dir / "x.pdf").find("unknown page size"), std::string::npos);
  options = {};
  options.dpi = 0;
  EXPECT_NE(refusal(options, dir / "x.pdf").find("dpi"), std::string::npos);
  EXPECT_THROW(render_book({}, BookOptions{}, dir / "x.pdf"), BookError);
  EXPECT_FALSE(fs::exists(dir / "x.pdf"));
  EXPECT_NO_THROW(book_internal::check_font("dejavu sans"));
}

/// One word of `pdftotext -bbox`, in points from the page's top-left corner.
struct Word {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::string text;
};
struct BboxPage {
  double width = 0, height = 0;
  std::vector<Word> words;
};

double attribute(const std::string& tag, const std::string& name) {
  const std::size_t at = tag.find(name + "=\"");
  return at == std::string::npos ? -1 : std::stod(tag.substr(at + name.size() + 2));
}

std::vector<BboxPage> bbox_pages(const std::string& path) {
  // Blank pages make pdftotext say "no word list" on stderr, which must not mix into the HTML.
  const std::string html = run("(pdftotext -bbox '" + path + "' - 2>/dev/null)");
  std::vector<BboxPage> pages;
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

GreyImage read_pgm(const std::string& path) {
  const std::string bytes = read_file(path);
  GreyImage image;
  std::size_t at = 0;
  std::vector<int> header;
  while (header.size() < 4 && at < bytes.size()) {
    while (std::isspace(static_cast<unsigned char>(bytes[at]))) ++at;
    std::size_t end = at;
    while (end < bytes.size() && !std::isspace(static_cast<unsigned char>(bytes[end]))) ++end;
    header.push_back(header.empty() ? 0 : std::stoi(bytes.substr(at, end - at)));
    at = end;
  }
  ++at;
  image.width = header.at(1);
  image.height = header.at(2);
  for (std::size_t i = 0; i < static_cast<std::size_t>(image.width) * image.height; ++i)
    image.grey.push_back(static_cast<unsigned char>(bytes.at(at + i)));
  return image;
}

/// Every page rendered in grey at `dpi` by one pdftoppm run (-gray: PGM files), in order.
std::vector<GreyImage> render_grey(const std::string& pdf, int dpi, const ScratchDir& dir) {
  const std::string prefix = dir / "grey";
  run("pdftoppm -gray -r " + std::to_string(dpi) + " '" + pdf + "' '" + prefix + "'");
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator(fs::path(prefix).parent_path()))
    if (entry.path().filename().string().rfind("grey-", 0) == 0) files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());  // grey-01.pgm, grey-02.pgm, ... (zero-padded)
  std::vector<GreyImage> pages;
  for (const std::string& file : files) {
    pages.push_back(read_pgm(file));
    fs::remove(file);
  }
  return pages;
}

/// The box of pixels darker than `limit`, in points; {0,0,0,0} when the page is blank.
book_internal::Rect ink_box(const GreyImage& image, int dpi, int limit = 200) {
  int x0 = image.width, y0 = image.height, x1 = -1, y1 = -1;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x)
      if (image.at(x, y) < limit) {
        x0 = std::min(x0, x);
        y0 = std::min(y0, y);
        x1 = std::max(x1, x);
        y1 = std::max(y1, y);
      }
  if (x1 < 0) return {};
  const double scale = 72.0 / dpi;
  return {x0 * scale, y0 * scale, (x1 + 1 - x0) * scale, (y1 + 1 - y0) * scale};
}

TEST(BookRender, PageSizesFollowTheTrimAndTheBleed) {
  ScratchDir dir;
  const std::vector<BookPuzzle> puzzles{book_puzzle(kNine1)};
  for (const PageSize& trim : named_page_sizes()) {
    for (bool bleed : {false, true}) {
      if (bleed && trim.name != "6x9" && trim.name != "8.25x6" && trim.name != "a5") continue;
      BookOptions options;
      options.page_size = trim.name;
      options.bleed = bleed;
      options.answers = false;
      const std::string path = dir / "size.pdf";
      const BookResult result = render_book(puzzles, options, path);
      const std::vector<BboxPage> pages = bbox_pages(path);
      ASSERT_EQ(static_cast<int>(pages.size()), result.pages);
      for (const BboxPage& page : pages) {
        // KDP: bleed adds 0.125 in to the width and 0.25 in to the height.
        EXPECT_NEAR(page.width, trim.width + (bleed ? 9 : 0), 0.01) << trim.name << (bleed ? " bleed" : "");
        EXPECT_NEAR(page.height, trim.height + (bleed ? 18 : 0), 0.01) << trim.name << (bleed ? " bleed" : "");
      }
    }
  }
  BookOptions custom;
  custom.page_size = "150x210mm";
  const std::string path = dir / "custom.pdf";
  render_book(puzzles, custom, path);
  EXPECT_NEAR(bbox_pages(path).at(0).width, 150 / 25.4 * 72, 0.01);
}

/// Every word and every dark pixel of every page of `path` inside the trim less KDP's
/// minimum margins (the inside one for the book's page count); the title page's words too.
void expect_inside_margins(const std::string& path, const BookOptions& options, const ScratchDir& dir) {
  const PageSize trim = *parse_page_size(options.page_size);
  const std::vector<BboxPage> pages = bbox_pages(path);
  const int count = static_cast<int>(pages.size());
  const double inside = kdp_minimum_inside_margin(count), outside = kdp_minimum_outside_margin(options.bleed);
  int words = 0;
  const std::vector<GreyImage> images = render_grey(path, 36, dir);
  EXPECT_EQ(static_cast<int>(images.size()), count);
  for (int i = 0; i < count && i < static_cast<int>(images.size()); ++i) {
    const bool right_hand = i % 2 == 0;
    const book_internal::Rect cut = book_internal::trim_box(trim, i + 1, options.bleed);
    const book_internal::Rect safe{cut.x + (right_hand ? inside : outside), cut.y + outside,
                                   trim.width - inside - outside, trim.height - 2 * outside};
    for (const Word& w : pages[i].words) {
      ++words;
      EXPECT_TRUE(w.x0 >= safe.x && w.x1 <= safe.right() && w.y0 >= safe.y && w.y1 <= safe.bottom())
          << "page " << i + 1 << ": '" << w.text << "' at " << w.x0 << "," << w.y0 << "-" << w.x1 << "," << w.y1;
    }
    const book_internal::Rect ink = ink_box(images[static_cast<std::size_t>(i)], 36);
    if (ink.width == 0) continue;
    const double pixel = 2;  // one pixel at 36 dpi, for rounding
    EXPECT_GE(ink.x, safe.x - pixel) << "page " << i + 1;
    EXPECT_LE(ink.right(), safe.right() + pixel) << "page " << i + 1;
    EXPECT_GE(ink.y, safe.y - pixel) << "page " << i + 1;
    EXPECT_LE(ink.bottom(), safe.bottom() + pixel) << "page " << i + 1;
  }
  EXPECT_GT(words, 0);
}

TEST(BookRender, NothingOutsideTheTrimLessTheMargins) {
  ScratchDir dir;
  std::vector<BookPuzzle> puzzles;
  const char* levels[] = {"hard", "easy", "medium"};
  for (int i = 0; i < 9; ++i) {
    puzzles.push_back(book_puzzle(i % 2 ? kNine1 : kNine2, levels[i % 3]));
    puzzles.back().level_rank = i % 3 == 0 ? 2 : i % 3 == 1 ? 0 : 1;
    puzzles.back().reference = "seed 7259628554680249319";
  }
  puzzles.push_back(book_puzzle(kSixteen, "hard"));
  puzzles.back().level_rank = 2;
  for (const char* size : {"6x9", "5x8"}) {
    for (bool bleed : {false, true}) {
      BookOptions options;
      options.page_size = size;
      options.bleed = bleed;
      options.per_page = std::string(size) == "5x8" ? 1 : 2;
      options.title = "A Title Long Enough That It Has To Wrap Over Several Lines Of The Title Page";
      options.subtitle = "and a subtitle that is not short either, to be wrapped as well";
      options.author = "Someone With A Name";
      options.sections = BookSections::level;
      SCOPED_TRACE(testing::Message() << size << (bleed ? " with bleed" : ""));
      const std::string path = dir / "margins.pdf";
      render_book(puzzles, options, path);
      expect_inside_margins(path, options, dir);
    }
  }
}

TEST(BookRender, TitlesWrapShrinkAndFallBackToCjkFonts) {
  ScratchDir dir;
  BookOptions options;
  options.page_size = "5x8";
  options.title = "An Extraordinarily Long Title For A Small Book Of Sudoku Puzzles That Must Wrap";
  options.author = "\u5c71\u7530\u592a\u90ce";  // 山田太郎
  options.subtitle = "\u6570\u72ec\u30d1\u30ba\u30eb";  // 数独パズル
  const std::string path = dir / "title.pdf";
  render_book({book_puzzle(kNine1)}, options, path);
  const BboxPage title = bbox_pages(path).at(0);
  std::vector<double> line_tops;
  std::string words;
  for (const Word& w : title.words) {
    words += w.text + " ";
    if (std::none_of(line_tops.begin(), line_tops.end(), [&](double y) { return std::abs(y - w.y0) < 1; }))
      line_tops.push_back(w.y0);
  }
  EXPECT_NE(words.find("Extraordinarily"), std::string::npos) << words;
  EXPECT_NE(words.find("\u6570\u72ec"), std::string::npos) << words;  // the CJK text is real text
  EXPECT_NE(words.find("\u5c71\u7530"), std::string::npos) << words;
  EXPECT_GE(line_tops.size(), 4u);  // the title took several lines
  expect_inside_margins(path, options, dir);
  // The CJK characters come from a font that has them (DejaVu Sans has none).
  const std::string fonts = run("pdffonts '" + path + "'");
  EXPECT_NE(fonts.find("CJK"), std::string::npos) << fonts;
}

TEST(BookRender, SectionsOpenWithAHeadingPage) {
  ScratchDir dir;
  std::vector<BookPuzzle> puzzles;
  const std::vector<std::pair<std::string, int>> levels{{"hard", 2}, {"easy", 0}, {"hard", 2}, {"easy", 0}};
  for (const auto& [level, rank] : levels) {
    puzzles.push_back(book_puzzle(kNine1, level));
    puzzles.back().level_rank = rank;
  }
  BookOptions options;
  options.page_size = "6x9";
  options.per_page = 4;
  options.sections = BookSections::level;
  options.answers = false;
  const std::string path = dir / "sections.pdf";
  const BookResult result = render_book(puzzles, options, path);
  // Easy heading (page 1), its puzzles on its back (2), Hard heading (3, right-hand), its puzzles (4).
  ASSERT_EQ(result.pages, 4);
  const std::vector<BboxPage> pages = bbox_pages(path);
  auto text_of = [](const BboxPage& page) {
    std::string text;
    for (const Word& w : page.words) text += w.text + " ";
    return text;
  };
  EXPECT_EQ(text_of(pages[0]).rfind("Easy Puzzles 1\u20132", 0), 0u) << text_of(pages[0]);
  EXPECT_NE(text_of(pages[1]).find("1 \u00b7 Easy"), std::string::npos) << text_of(pages[1]);
  EXPECT_NE(text_of(pages[1]).find("2 \u00b7 Easy"), std::string::npos) << text_of(pages[1]);
  EXPECT_EQ(text_of(pages[2]).rfind("Hard Puzzles 3\u20134", 0), 0u) << text_of(pages[2]);
  EXPECT_NE(text_of(pages[3]).find("4 \u00b7 Hard"), std::string::npos) << text_of(pages[3]);
}

TEST(BookRender, LargeGridsHaveGlyphsSizedToTheirCells) {
  // 25×25 (letters A-P after 1-9) one to a page: every glyph inside its own cell.
  Grid big(*default_shape(25));
  Grid solution(*default_shape(25));
  for (int r = 0; r < 25; ++r)
    for (int c = 0; c < 25; ++c) {
      // A valid 25×25 pattern: (5·(r mod 5) + r div 5 + c) mod 25 + 1.
      const int digit = (5 * (r % 5) + r / 5 + c) % 25 + 1;
      solution.cells[static_cast<std::size_t>(r * 25 + c)] = static_cast<std::uint8_t>(digit);
      if ((r * 7 + c * 3) % 4 == 0) big.cells[static_cast<std::size_t>(r * 25 + c)] = static_cast<std::uint8_t>(digit);
    }
  ScratchDir dir;
  BookOptions options;
  options.page_size = "8.5x11";
  options.per_page = 1;
  const std::string path = dir / "big.pdf";
  const std::vector<BookPuzzle> puzzles{BookPuzzle(big, solution, "extreme")};
  render_book(puzzles, options, path);
  const book_internal::BookPlan plan = book_internal::plan_book(puzzles, options);
  const std::vector<BboxPage> pages = bbox_pages(path);
  for (std::size_t p = 0; p < plan.pages.size(); ++p) {
    for (const auto& placed : plan.pages[p].grids) {
      const double cell = placed.grid.width / 25;
      int glyphs = 0;
      for (const Word& w : pages[p].words) {
        if (w.y0 < placed.grid.y - 1 || w.x0 < placed.grid.x - 1 || w.x1 > placed.grid.right() + 1) continue;
        // Each glyph (pdftotext may join neighbours into a word; count its characters).
        const double width = (w.x1 - w.x0) / static_cast<double>(w.text.size());
        EXPECT_LE(width, cell + 0.5) << w.text;
        EXPECT_GE(w.y1 - w.y0, cell * 0.4) << w.text;  // not shrunk into illegibility
        glyphs += static_cast<int>(w.text.size());
      }
      EXPECT_GT(glyphs, 100);
    }
  }
}

TEST(BookCover, GeometryFollowsKdp) {
  CoverOptions cover;
  cover.page_size = "6x9";
  cover.pages = 200;
  cover.title = "T";
  CoverGeometry g = cover_geometry(cover);
  EXPECT_NEAR(g.spine_width, 200 * 0.002252 * 72, 1e-9);
  EXPECT_NEAR(g.width, (0.125 + 6 + 200 * 0.002252 + 6 + 0.125) * 72, 1e-9);
  EXPECT_NEAR(g.height, (9 + 0.25) * 72, 1e-9);
  EXPECT_DOUBLE_EQ(g.back_x, 9);
  EXPECT_DOUBLE_EQ(g.spine_x, 9 + 432);
  EXPECT_DOUBLE_EQ(g.front_x, g.spine_x + g.spine_width);
  EXPECT_TRUE(g.spine_text);
  cover.paper = PaperKind::cream;
  EXPECT_NEAR(cover_geometry(cover).spine_width, 200 * 0.0025 * 72, 1e-9);
  cover.paper = PaperKind::colour;
  EXPECT_NEAR(cover_geometry(cover).spine_width, 200 * 0.002347 * 72, 1e-9);
  cover.paper = PaperKind::white;
  cover.pages = 79;
  EXPECT_FALSE(cover_geometry(cover).spine_text);  // KDP: spine text from 80 pages
  cover.pages = 23;
  EXPECT_THROW(cover_geometry(cover), BookError);
  cover.pages = 829;
  EXPECT_THROW(cover_geometry(cover), BookError);
  cover.pages = 100;
  cover.page_size = "b5";
  EXPECT_THROW(cover_geometry(cover), BookError);
  EXPECT_EQ(parse_paper("color"), PaperKind::colour);
  EXPECT_FALSE(parse_paper("glossy"));
}

TEST(BookCover, PdfHasTheWrapSizeAndTitleOnTheSpineOnlyWhenThick) {
  ScratchDir dir;
  for (int pages : {60, 300}) {
    CoverOptions cover;
    cover.page_size = "6x9";
    cover.pages = pages;
    cover.title = "Sudoku Nights";
    cover.author = "Ann Author";
    cover.subtitle = "300 puzzles";
    cover.blurb = "Puzzles from easy to extreme, each with one solution.";
    const std::string path = dir / "cover.pdf";
    render_cover(cover, path);
    const CoverGeometry g = cover_geometry(cover);
    const std::vector<BboxPage> pages_read = bbox_pages(path);
    ASSERT_EQ(pages_read.size(), 1u);
    EXPECT_NEAR(pages_read[0].width, g.width, 0.01);
    EXPECT_NEAR(pages_read[0].height, g.height, 0.01);
    int on_front = 0, on_spine = 0, on_back = 0;
    for (const Word& w : pages_read[0].words) {
      // Every word 0.125 in or more inside the trim of its panel, none across a fold.
      const double x_mid = (w.x0 + w.x1) / 2;
      EXPECT_GE(w.y0, g.trim_y + 9) << w.text;
      EXPECT_LE(w.y1, g.trim_y + g.trim_height - 9) << w.text;
      if (x_mid >= g.front_x) {
        EXPECT_GE(w.x0, g.front_x + 9) << w.text;
        EXPECT_LE(w.x1, g.front_x + g.trim_width - 9) << w.text;
        on_front += w.text == "Nights" ? 1 : 0;
      } else if (x_mid >= g.spine_x) {
        EXPECT_GE(w.x0, g.spine_x + 0.0625 * 72 - 0.5) << w.text;
        EXPECT_LE(w.x1, g.front_x - 0.0625 * 72 + 0.5) << w.text;
        on_spine += w.text == "Nights" ? 1 : 0;
      } else {
        EXPECT_GE(w.x0, g.back_x + 9) << w.text;
        EXPECT_LE(w.x1, g.spine_x - 9) << w.text;
        on_back += 1;
        // KDP's barcode area (2 × 1.2 in, 0.25 in from the back's bottom right) stays clear.
        EXPECT_FALSE(w.x1 > g.spine_x - 0.25 * 72 - 2 * 72 && w.y1 > g.trim_y + g.trim_height - 0.25 * 72 - 1.2 * 72)
            << w.text;
      }
    }
    EXPECT_EQ(on_front, 1);
    EXPECT_EQ(on_spine, pages >= 80 ? 1 : 0) << pages << " pages";
    EXPECT_GT(on_back, 3);
  }
  // PNG for a look, at the requested resolution.
  CoverOptions cover;
  cover.pages = 120;
  cover.title = "Look";
  cover.format = BookFormat::png;
  cover.dpi = 36;
  render_cover(cover, dir / "cover.png");
  const GreyImage image = load_png(dir / "cover.png");
  EXPECT_EQ(image.width, static_cast<int>(std::ceil(cover_geometry(cover).width / 2)));
}

}  // namespace
}  // namespace sudokit

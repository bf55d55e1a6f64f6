// `sudokit cover --pages N -o cover.pdf`: the KDP full-wrap cover of a book.
//
// The cover's size comes from the interior: its trim (--page-size, as given to `book`) and
// its page count (which `book` prints), with the paper it is printed on. Everything else,
// geometry and design, is book/'s render_cover. Writes the file name on standard output and
// the cover's dimensions on standard error.
#include <fmt/format.h>

#include "commands.hpp"
#include "common.hpp"
#include "sudokit/book.hpp"

namespace sudokit::cli {
namespace {

constexpr const char* kUsage =
    "usage: sudokit cover --pages N [OPTIONS] -o OUTPUT\n"
    "Writes the full-wrap paperback cover (back, spine, front, with 0.125 in bleed) for a book of\n"
    "N pages (`sudokit book` prints the count) on KDP's paper: spine width = N x the paper's\n"
    "thickness per page. The spine carries the title when the book has more than 79 pages\n"
    "(KDP's rule) and the spine holds 5.5 pt type inside KDP's margins: from 103 pages on white\n"
    "paper, 93 on cream, 99 on colour.\n"
    "OUTPUT is a PDF to upload, or a PNG to look at (--format or the extension).";

int run_cover(const std::vector<std::string>& args) {
  CoverOptions cover;
  std::string output_path;
  std::string format_text;
  std::string paper_text = "white";
  po::options_description options("cover options");
  options.add_options()
      ("output,o", po::value(&output_path)->value_name("PATH"), "where to write the cover (required; '-': PDF to standard output)")
      ("format,f", po::value(&format_text)->value_name("FMT"), "pdf or png (default: from OUTPUT's extension, else pdf)")
      ("pages", po::value(&cover.pages)->value_name("N"), "the book's page count (required; 24 to 828)")
      ("page-size", po::value(&cover.page_size)->default_value("6x9")->value_name("SIZE"), "the book's trim size, as for `book`")
      ("paper", po::value(&paper_text)->default_value("white")->value_name("PAPER"), "white, cream or colour")
      ("title", po::value(&cover.title)->value_name("TEXT"), "title (front and spine)")
      ("subtitle", po::value(&cover.subtitle)->value_name("TEXT"), "subtitle (front)")
      ("author", po::value(&cover.author)->value_name("TEXT"), "author (front and spine)")
      ("blurb", po::value(&cover.blurb)->value_name("TEXT"), "text for the back cover")
      ("font", po::value(&cover.font)->default_value("DejaVu Sans")->value_name("FAMILY"), "font family (must be installed)")
      ("dpi", po::value(&cover.dpi)->default_value(150)->value_name("DPI"), "PNG resolution");
  if (!parse_command_line(args, options, kUsage, nullptr)) return kExitOk;
  if (output_path.empty()) throw UsageError("-o/--output PATH is required");
  if (cover.pages == 0) throw UsageError("--pages N is required: the book's page count, 24 to 828");
  const auto paper = parse_paper(paper_text);
  if (!paper) throw UsageError(fmt::format("unknown paper '{}'; use white, cream or colour", paper_text));
  cover.paper = *paper;
  const std::string format_name = format_text.empty() ? std::string() : format_text;
  if (!format_name.empty()) {
    const auto format = parse_book_format(format_name);
    if (!format || *format == BookFormat::svg) throw UsageError(fmt::format("unknown format '{}'; use pdf or png", format_name));
    cover.format = *format;
  } else {
    cover.format = book_format_from_path(output_path).value_or(BookFormat::pdf);
  }
  CoverGeometry geometry;
  try {
    geometry = cover_geometry(cover);
    render_cover(cover, output_path);
  } catch (const BookError& e) {
    throw UsageError(e.what());
  }
  if (output_path != kStandardOutput) fmt::print("{}\n", output_path);
  fmt::print(stderr, "sudokit cover: {:.4f} x {:.4f} in, spine {:.4f} in ({} pages, {} paper){}\n",
             geometry.width / kPointsPerInch, geometry.height / kPointsPerInch, geometry.spine_width / kPointsPerInch,
             cover.pages, paper_text, geometry.spine_text ? "" : "; spine too thin for text");
  return kExitOk;
}

const CommandRegistration registration{
    {"cover", "the KDP full-wrap cover (back, spine, front) of a book of N pages", 61, run_cover}};

}  // namespace
}  // namespace sudokit::cli

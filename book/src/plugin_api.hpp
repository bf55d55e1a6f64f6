// plugin_api.hpp (internal): what the book part (libsudokit-book.so) hands the program.
//
// The program links book/src/loader.cpp, which implements every function of sudokit/book.hpp
// by calling through this table; the part (plugin.cpp) fills the table with the real
// functions of the book library (everything else in this folder). One table, one extern "C"
// entry, and a check that both sides were built from the same sources: the version and the
// sizes of the structures that cross (a part from another build is refused, never called).
#pragma once

#include <cstddef>

#include "sudokit/book.hpp"

namespace sudokit::book_internal {

struct BookPluginApi {
  const char* version;      ///< SUDOKIT_VERSION_STRING of the part
  std::size_t layout_check;  ///< book_layout_check() of the part
  std::optional<BookFormat> (*parse_book_format)(std::string_view);
  std::string_view (*book_format_name)(BookFormat);
  std::optional<BookFormat> (*book_format_from_path)(std::string_view);
  std::optional<PageSize> (*parse_page_size)(std::string_view);
  const std::vector<PageSize>& (*named_page_sizes)();
  std::string (*page_size_names)();
  double (*kdp_minimum_inside_margin)(int);
  double (*kdp_minimum_outside_margin)(bool);
  void (*check_book_options)(const BookOptions&, const std::string&);
  BookOrder (*arrange_book)(const std::vector<BookPuzzle>&, const BookOptions&);
  void (*check_book_layout)(const std::vector<BookPuzzle>&, const BookOptions&);
  BookResult (*render_book)(const std::vector<BookPuzzle>&, const BookOptions&, const std::string&);
  std::string (*render_card)(const BookPuzzle&, bool, const BookOptions&);
  std::optional<PaperKind> (*parse_paper)(std::string_view);
  double (*paper_thickness_inches)(PaperKind);
  CoverGeometry (*cover_geometry)(const CoverOptions&);
  BookResult (*render_cover)(const CoverOptions&, const std::string&);
};

/// A number that changes when a structure crossing the boundary changes size.
constexpr std::size_t book_layout_check() {
  return sizeof(BookPluginApi) + 3 * sizeof(BookOptions) + 5 * sizeof(BookPuzzle) + 7 * sizeof(BookResult) +
         11 * sizeof(CoverOptions) + 13 * sizeof(CoverGeometry) + 17 * sizeof(BookOrder) + 19 * sizeof(PageSize);
}

inline constexpr const char* kBookPluginFile = "libsudokit-book.so";
inline constexpr const char* kBookPluginEntry = "sudokit_book_plugin_api";

}  // namespace sudokit::book_internal

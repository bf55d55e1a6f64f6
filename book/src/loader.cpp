// loader.cpp: sudokit/book.hpp for the program, drawing through the book part.
//
// The program does not link cairo and pango (see sudokit/plugin.hpp for why): every function
// of book.hpp here calls the same function of libsudokit-book.so, loaded on the first call.
// When the part cannot be loaded, or comes from another build, the call throws BookError with
// the reason, which the commands report like any other book error; nothing else is affected.
#include <mutex>
#include <string>

#include "plugin_api.hpp"
#include "sudokit/plugin.hpp"
#include "sudokit/version.hpp"

namespace sudokit {
namespace {

using book_internal::BookPluginApi;

const BookPluginApi& api() {
  // Loaded once per process; a failure is reported to every caller (it will not go away).
  static std::once_flag once;
  static const BookPluginApi* table = nullptr;
  static std::string failure;
  std::call_once(once, [] {
    std::string error;
    void* entry = load_plugin_entry(book_internal::kBookPluginFile, book_internal::kBookPluginEntry, RTLD_LOCAL, error);
    if (!entry) {
      failure = "books need the book renderer, which is not available: " + error;
      return;
    }
    const auto* loaded = reinterpret_cast<const BookPluginApi* (*)()>(entry)();
    if (std::string(loaded->version) != SUDOKIT_VERSION_STRING ||
        loaded->layout_check != book_internal::book_layout_check()) {
      failure = std::string("the book renderer ") + book_internal::kBookPluginFile + " is from sudokit " +
                loaded->version + ", built apart from this sudokit " + SUDOKIT_VERSION_STRING + ": reinstall sudokit";
      return;
    }
    table = loaded;
  });
  if (!table) throw BookError(failure);
  return *table;
}

}  // namespace

std::optional<BookFormat> parse_book_format(std::string_view name) { return api().parse_book_format(name); }
std::string_view book_format_name(BookFormat format) { return api().book_format_name(format); }
std::optional<BookFormat> book_format_from_path(std::string_view path) { return api().book_format_from_path(path); }
std::optional<PageSize> parse_page_size(std::string_view name) { return api().parse_page_size(name); }
const std::vector<PageSize>& named_page_sizes() { return api().named_page_sizes(); }
std::string page_size_names() { return api().page_size_names(); }
double kdp_minimum_inside_margin(int pages) { return api().kdp_minimum_inside_margin(pages); }
double kdp_minimum_outside_margin(bool bleed) { return api().kdp_minimum_outside_margin(bleed); }
void check_book_options(const BookOptions& options, const std::string& path) { api().check_book_options(options, path); }
void check_book_layout(const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  api().check_book_layout(puzzles, options);
}
BookOrder arrange_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options) {
  return api().arrange_book(puzzles, options);
}
BookResult render_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options, const std::string& path) {
  return api().render_book(puzzles, options, path);
}
std::string render_card(const BookPuzzle& puzzle, bool answer, const BookOptions& options) {
  return api().render_card(puzzle, answer, options);
}
std::optional<PaperKind> parse_paper(std::string_view name) { return api().parse_paper(name); }
double paper_thickness_inches(PaperKind paper) { return api().paper_thickness_inches(paper); }
CoverGeometry cover_geometry(const CoverOptions& options) { return api().cover_geometry(options); }
BookResult render_cover(const CoverOptions& options, const std::string& path) { return api().render_cover(options, path); }

}  // namespace sudokit

// plugin.cpp: the entry of the book part, libsudokit-book.so (see plugin_api.hpp): the table
// of the book library's functions, the only symbol the part exports.
#include "plugin_api.hpp"
#include "sudokit/version.hpp"

namespace {

const sudokit::book_internal::BookPluginApi kApi = {
    SUDOKIT_VERSION_STRING,
    sudokit::book_internal::book_layout_check(),
    &sudokit::parse_book_format,
    &sudokit::book_format_name,
    &sudokit::book_format_from_path,
    &sudokit::parse_page_size,
    &sudokit::named_page_sizes,
    &sudokit::page_size_names,
    &sudokit::kdp_minimum_inside_margin,
    &sudokit::kdp_minimum_outside_margin,
    &sudokit::check_book_options,
    &sudokit::arrange_book,
    &sudokit::check_book_layout,
    &sudokit::render_book,
    &sudokit::render_card,
    &sudokit::parse_paper,
    &sudokit::paper_thickness_inches,
    &sudokit::cover_geometry,
    &sudokit::render_cover,
};

}  // namespace

extern "C" __attribute__((visibility("default"))) const sudokit::book_internal::BookPluginApi* sudokit_book_plugin_api() {
  return &kApi;
}

// fonts.cpp: finding the font family a book is set in, and refusing to guess.
//
// cairo's "toy" font API takes a family name and asks fontconfig for the best match, and
// fontconfig always has one: ask for a font that is not installed and you silently get
// whatever the system's default sans is, possibly one without the glyphs you need. A book
// printed in the wrong font is worse than an error, so we do the match ourselves: build a
// pattern for the family (and weight), let fontconfig apply its substitutions and pick a
// file, then accept the result only when one of the matched font's family names is the one
// asked for (case-insensitively; "DejaVu Sans" matches a face whose families are "DejaVu
// Sans" and "DejaVu Sans Condensed"). The cairo face is then created from that matched
// pattern, which names the file, so what was checked is exactly what is drawn.
#include "fonts.hpp"

#include <algorithm>
#include <cctype>
#include <memory>
#include <string_view>

#include <cairo-ft.h>
#include <fmt/format.h>
#include <fontconfig/fontconfig.h>

#include "sudokit/book.hpp"

namespace sudokit::book_internal {
namespace {

struct PatternDeleter {
  void operator()(FcPattern* pattern) const { FcPatternDestroy(pattern); }
};
using PatternPtr = std::unique_ptr<FcPattern, PatternDeleter>;

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
         });
}

/// The matched pattern for `family` at `weight`, or a BookError naming what fontconfig offered.
PatternPtr match_family(const std::string& family, int weight) {
  if (!FcInit()) throw BookError("fontconfig could not be initialised, so no font can be found");
  PatternPtr wanted(FcPatternCreate());
  FcPatternAddString(wanted.get(), FC_FAMILY, reinterpret_cast<const FcChar8*>(family.c_str()));
  FcPatternAddInteger(wanted.get(), FC_WEIGHT, weight);
  FcPatternAddInteger(wanted.get(), FC_SLANT, FC_SLANT_ROMAN);
  FcConfigSubstitute(nullptr, wanted.get(), FcMatchPattern);
  FcDefaultSubstitute(wanted.get());
  FcResult result = FcResultNoMatch;
  PatternPtr found(FcFontMatch(nullptr, wanted.get(), &result));
  std::string offered;
  if (found) {
    FcChar8* name = nullptr;
    for (int i = 0; FcPatternGetString(found.get(), FC_FAMILY, i, &name) == FcResultMatch; ++i) {
      const std::string_view matched(reinterpret_cast<const char*>(name));
      if (same_name(matched, family)) return found;
      if (offered.empty()) offered = matched;
    }
  }
  throw BookError(fmt::format("font '{}' is not installed{}; install it (DejaVu Sans: Debian package "
                              "fonts-dejavu-core) or choose an installed family with --font",
                              family, offered.empty() ? "" : fmt::format(" (the closest is '{}')", offered)));
}

cairo_font_face_t* face_of(const FcPattern& matched) {
  cairo_font_face_t* face = cairo_ft_font_face_create_for_pattern(const_cast<FcPattern*>(&matched));
  if (cairo_font_face_status(face) != CAIRO_STATUS_SUCCESS) {
    cairo_font_face_destroy(face);
    throw BookError("cairo could not load the font");
  }
  return face;
}

}  // namespace

Fonts::Fonts(const std::string& family) {
  const PatternPtr regular = match_family(family, FC_WEIGHT_REGULAR);
  const PatternPtr bold = match_family(family, FC_WEIGHT_BOLD);
  FcChar8* file = nullptr;
  if (FcPatternGetString(regular.get(), FC_FILE, 0, &file) == FcResultMatch) file_ = reinterpret_cast<char*>(file);
  regular_ = face_of(*regular);
  try {
    bold_ = face_of(*bold);
  } catch (...) {
    cairo_font_face_destroy(regular_);
    throw;
  }
}

Fonts::~Fonts() {
  cairo_font_face_destroy(regular_);
  cairo_font_face_destroy(bold_);
}

void check_font(const std::string& family) { match_family(family, FC_WEIGHT_REGULAR); }

}  // namespace sudokit::book_internal

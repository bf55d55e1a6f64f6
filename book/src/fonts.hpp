// fonts.hpp (internal): the regular and bold faces of one installed font family.
#pragma once

#include <string>

#include <cairo.h>

namespace sudokit::book_internal {

/// Both faces of `family`, pinned to the files fontconfig resolves them to. Throws
/// BookError when the family is not installed (fontconfig would substitute another).
class Fonts {
 public:
  explicit Fonts(const std::string& family);
  ~Fonts();
  Fonts(const Fonts&) = delete;
  Fonts& operator=(const Fonts&) = delete;

  cairo_font_face_t* regular() const { return regular_; }
  cairo_font_face_t* bold() const { return bold_; }
  /// The file the regular face comes from (for messages and tests).
  const std::string& file() const { return file_; }

 private:
  cairo_font_face_t* regular_ = nullptr;
  cairo_font_face_t* bold_ = nullptr;
  std::string file_;
};

/// Throws BookError unless `family` resolves to an installed font of that family.
void check_font(const std::string& family);

}  // namespace sudokit::book_internal

// files.hpp (internal): writing what cairo made, for books and covers alike.
#pragma once

#include <string>
#include <string_view>

#include <cairo.h>

namespace sudokit::book_internal {

/// cairo's write callback: appends to the std::string `closure`.
cairo_status_t append_bytes(void* closure, const unsigned char* data, unsigned int length);

/// Writes `bytes` to `path` ("-": standard output); BookError with the system's reason.
void write_file(const std::string& path, const std::string& bytes);

/// Throws BookError unless `path` can be written: its folder exists and is writable and it is
/// not a folder; "-" only when `stdout_allowed` (else `stdout_refusal` is the message).
void check_output_path(const std::string& path, bool stdout_allowed, std::string_view stdout_refusal);

}  // namespace sudokit::book_internal

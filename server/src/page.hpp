// page.hpp: the page served at GET / (server/web/index.html, built into the binary by CMake).
#pragma once

#include <string_view>

namespace sudokit::server_detail {
std::string_view page_html();
}

// SCAFFOLD (replaced by the real engine in the fast-engine work): lets the solver library
// link before the fast engine lands. Any use throws.
#include "fast9.hpp"

#include <stdexcept>

namespace sudokit::fast9 {
struct Engine::State {};
Engine::Engine() = default;
Engine::~Engine() = default;
Engine::Engine(Engine&&) noexcept = default;
Engine& Engine::operator=(Engine&&) noexcept = default;
std::uint64_t Engine::solve(const std::uint8_t*, std::uint64_t, std::uint8_t*, std::size_t, SearchStats*) {
  throw std::logic_error("fast9 engine not built yet");
}
std::uint64_t Engine::enumerate(const std::uint8_t*, std::uint64_t, const std::function<bool(const std::uint8_t*)>&,
                                SearchStats*) {
  throw std::logic_error("fast9 engine not built yet");
}
}  // namespace sudokit::fast9

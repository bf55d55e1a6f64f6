// Clue-pattern symmetries: the orbits of cells under a group of square symmetries. The
// generator removes whole orbits at once, so the pattern of clues stays invariant.
#include <algorithm>
#include <array>
#include <utility>

#include "sudokit/generator.hpp"

namespace sudokit {

namespace {

struct Named {
  Symmetry symmetry;
  std::string_view name;
};
constexpr std::array<Named, 9> kNames{{{Symmetry::none, "none"},
                                       {Symmetry::rot180, "rot180"},
                                       {Symmetry::rot90, "rot90"},
                                       {Symmetry::mirror, "mirror"},
                                       {Symmetry::flip, "flip"},
                                       {Symmetry::diagonal, "diagonal"},
                                       {Symmetry::antidiagonal, "antidiagonal"},
                                       {Symmetry::dihedral, "dihedral"},
                                       {Symmetry::random, "random"}}};

using Map = std::pair<int, int> (*)(int n, int r, int c);

std::pair<int, int> rotate180(int n, int r, int c) { return {n - 1 - r, n - 1 - c}; }
std::pair<int, int> rotate90(int n, int r, int c) { return {c, n - 1 - r}; }
std::pair<int, int> mirror_lr(int n, int r, int c) { return {r, n - 1 - c}; }
std::pair<int, int> flip_tb(int n, int r, int c) { return {n - 1 - r, c}; }
std::pair<int, int> transpose(int, int r, int c) { return {c, r}; }
std::pair<int, int> antitranspose(int n, int r, int c) { return {n - 1 - c, n - 1 - r}; }

// Generators of each group; the orbit of a cell is its closure under them.
std::vector<Map> generators_of(Symmetry symmetry) {
  switch (symmetry) {
    case Symmetry::none: return {};
    case Symmetry::rot180: return {rotate180};
    case Symmetry::rot90: return {rotate90};
    case Symmetry::mirror: return {mirror_lr};
    case Symmetry::flip: return {flip_tb};
    case Symmetry::diagonal: return {transpose};
    case Symmetry::antidiagonal: return {antitranspose};
    case Symmetry::dihedral: return {rotate90, transpose};
    case Symmetry::random: break;
  }
  return {};
}

}  // namespace

std::optional<Symmetry> parse_symmetry(std::string_view name) {
  for (const Named& entry : kNames)
    if (entry.name == name) return entry.symmetry;
  return std::nullopt;
}

std::string_view symmetry_name(Symmetry symmetry) {
  for (const Named& entry : kNames)
    if (entry.symmetry == symmetry) return entry.name;
  return "?";
}

const std::vector<Symmetry>& concrete_symmetries() {
  static const std::vector<Symmetry> list{Symmetry::rot180,   Symmetry::rot90,        Symmetry::mirror,  Symmetry::flip,
                                          Symmetry::diagonal, Symmetry::antidiagonal, Symmetry::dihedral};
  return list;
}

std::vector<std::vector<int>> symmetry_orbits(const Shape& shape, Symmetry symmetry) {
  const int n = shape.n;
  const auto generators = generators_of(symmetry);
  std::vector<int> orbit_of(static_cast<std::size_t>(shape.cells()), -1);
  std::vector<std::vector<int>> orbits;
  for (int start = 0; start < shape.cells(); ++start) {
    if (orbit_of[static_cast<std::size_t>(start)] >= 0) continue;
    const int id = static_cast<int>(orbits.size());
    std::vector<int> orbit{start};
    orbit_of[static_cast<std::size_t>(start)] = id;
    for (std::size_t k = 0; k < orbit.size(); ++k) {
      for (Map map : generators) {
        auto [r, c] = map(n, orbit[k] / n, orbit[k] % n);
        const int image = r * n + c;
        if (orbit_of[static_cast<std::size_t>(image)] < 0) {
          orbit_of[static_cast<std::size_t>(image)] = id;
          orbit.push_back(image);
        }
      }
    }
    std::sort(orbit.begin(), orbit.end());
    orbits.push_back(std::move(orbit));
  }
  return orbits;
}

bool pattern_has_symmetry(const Grid& puzzle, Symmetry symmetry) {
  for (const auto& orbit : symmetry_orbits(puzzle.shape, symmetry)) {
    const bool filled = puzzle.cells[static_cast<std::size_t>(orbit.front())] != 0;
    for (int cell : orbit)
      if ((puzzle.cells[static_cast<std::size_t>(cell)] != 0) != filled) return false;
  }
  return true;
}

}  // namespace sudokit

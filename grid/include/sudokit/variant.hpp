// sudokit/variant.hpp: the rules of one puzzle when it is not (only) classic Sudoku.
//
// Every variant sudokit knows is classic Sudoku with its constraints changed, never with
// new kinds of cell: a set of *houses* (N cells that hold every digit exactly once) and,
// for killer, *cages* (cells whose digits are distinct and add up to a sum).
//
//   classic  rows, columns, boxes                      any N
//   x        + the two long diagonals                  any N
//   hyper    + the windows: the k×k squares one cell   N = k² (square boxes, k ≥ 2): 9×9 has
//            in from each box corner (windoku)         four windows, 4×4 one, 16×16 nine
//   jigsaw   rows, columns, N irregular regions        any N; regions given per puzzle
//            (connected, N cells each) instead of boxes
//   killer   rows, columns, boxes + cages              any N; cages given per puzzle
//
// Rules are data: `houses` lists every house as N row-major cell indices, and `cages` the
// cages. Solvers turn the houses into exact-cover columns without knowing which variant
// made them; the checks here (is_solution_of, find_clashes, validation) read the same data
// but share no code with any solver, so a solver bug cannot hide behind them.
//
// Killer cages may leave cells uncaged (partial killers); a cage holds 1..N distinct
// digits, so its sum lies between 1+2+…+m and N+(N−1)+…+(N−m+1) for m cells. When every
// cell is caged, the sums must add up to N · N(N+1)/2.
//
// Example:
//   std::string why;
//   auto rules = sudokit::make_jigsaw_rules(shape, "111222333...", &why);
//   if (!rules) report(why);
//   if (sudokit::is_solution_of(*rules, puzzle, answer, &why)) ...
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.hpp"

namespace sudokit {

enum class Variant { classic, x, hyper, jigsaw, killer };

/// "classic" | "x" | "hyper" | "jigsaw" | "killer"
std::optional<Variant> parse_variant(std::string_view name);
std::string_view variant_name(Variant variant);

/// A killer cage: its cells' digits are distinct and add up to `sum`.
struct Cage {
  int sum = 0;
  std::vector<int> cells;  ///< row-major indices, in the order given

  friend bool operator==(const Cage&, const Cage&) = default;
};

/// What kind of house a house is; the letter also marks clashes (Clash::house).
enum class HouseKind : char { row = 'r', column = 'c', box = 'b', region = 'g', diagonal = 'd', window = 'w' };

struct House {
  HouseKind kind = HouseKind::row;
  int number = 0;          ///< 0-based, within its kind (diagonal 0 runs r1c1 → rNcN, 1 r1cN → rNc1)
  std::vector<int> cells;  ///< N cells, row-major order
};

/// The rules of one puzzle. Build them with the make_* functions, which validate.
struct Rules {
  Variant variant = Variant::classic;
  Shape shape;
  std::vector<House> houses;  ///< every house, rows first, then columns, boxes/regions, extras
  /// jigsaw: the region (0..N-1) of every cell, numbered in order of first appearance
  /// (row-major); empty for the other variants.
  std::vector<int> region_of;
  std::vector<Cage> cages;    ///< killer only
  /// killer: the cage (index into cages) of every cell, -1 when uncaged; empty otherwise.
  std::vector<int> cage_of;

  bool classic() const { return variant == Variant::classic; }
};

/// Rules of the variants that need no per-puzzle data: classic, x, hyper. `why` says why
/// not (hyper on a shape without square boxes; jigsaw/killer, which need regions/cages).
std::optional<Rules> make_rules(Variant variant, const Shape& shape, std::string* why = nullptr);

/// Jigsaw rules from a region map: N² symbols, equal symbols one region (any printable,
/// non-space characters). Rejected with the reason: wrong length, not exactly N regions,
/// a region without N cells, a region whose cells are not connected (edge to edge).
std::optional<Rules> make_jigsaw_rules(const Shape& shape, std::string_view regions, std::string* why = nullptr);

/// The region map of jigsaw rules as N² symbols (region k written as symbol k+1 of the
/// standard alphabet, 1-9A-Z then a-z; N ≤ 61), which make_jigsaw_rules reads back.
std::string regions_string(const Rules& rules);

/// Killer rules: classic houses plus `cages`. Rejected with the reason: an empty cage, a
/// cell out of range, a cell twice in a cage, a cell in two cages, a cage larger than N, a
/// sum below or above what distinct digits can make, sums that cannot add up to a full grid.
std::optional<Rules> make_killer_rules(const Shape& shape, std::vector<Cage> cages, std::string* why = nullptr);

/// Smallest and largest sum of m distinct digits from 1..n.
inline int min_cage_sum(int m) { return m * (m + 1) / 2; }
inline int max_cage_sum(int n, int m) { return m * (2 * n - m + 1) / 2; }

/// Pairs of givens that break the rules: the same digit twice in a house or a cage
/// (Clash::house is the HouseKind letter, or 'k' for a cage), a digit larger than N ('v'),
/// and, for killer, a cage whose givens already exceed its sum or, when full, miss it
/// (reported as a clash of the cage's first and last given cells, house 's').
/// Same order and `max` contract as the classic find_clashes.
std::vector<Clash> find_clashes(const Rules& rules, const Grid& puzzle, std::size_t max = SIZE_MAX);

/// "r1c1 and r2c2 both hold 5 (diagonal 1)" ...: one phrase per clash, "; "-joined, with
/// "and more" after kReportedClashes.
std::string describe_clashes(const Rules& rules, const std::vector<Clash>& clashes);

/// Independent check under the rules, sharing no code with any solver: `solution` is
/// complete, has the puzzle's shape, agrees with every given, holds every digit once in
/// every house, and every cage has distinct digits adding up to its sum.
bool is_solution_of(const Rules& rules, const Grid& puzzle, const Grid& solution, std::string* why = nullptr);

}  // namespace sudokit

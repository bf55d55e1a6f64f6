// killer_generator.cpp: uniquely solvable killer puzzles from a seed (issue 18).
//
// A killer puzzle is a set of cages (cells whose digits are distinct and add up to a printed
// sum) over classic rows, columns and boxes, and classically no givens at all. Made here,
// for one seed, from one boost::random::mt19937_64 drawn through uniform_int_distribution
// (variant_internal.hpp), so a seed gives the same puzzle on every machine and thread count:
//
//  1. A full grid: a few random legal givens completed by the solver, digits relabelled at
//     random (variant_gen::random_full_grid, under classic rules).
//  2. A cage layout grown over it. Cages start, one at a time, at an uncaged cell with the
//     fewest uncaged neighbours (ties drawn at random: corners and pockets are taken before
//     they can be cut off), draw a target size (2 or 3, mostly 2), and grow by random uncaged
//     edge-neighbours whose digit is not in the cage yet, so every cage is connected and its
//     digits distinct by construction. A cell left alone (a cage of 1) joins a neighbouring
//     cage that has room and lacks its digit, or else takes a cell from a neighbouring cage
//     of 3 or more that stays connected without it (two edge-neighbours share a row or a
//     column, so their digits differ); if neither works the layout is drawn again.
//  3. Until unique, counting to 2 under the killer rules through the Solver door (keeping
//     both solutions). When a second solution exists, the cells where it differs from ours
//     are where the puzzle is loose. First choice, a merge: two neighbouring cages whose
//     union fits in 5 cells, has distinct digits in our grid and repeats a digit in the
//     other solution; merging them rules that solution out (whatever else it allows, the
//     next count says). Second choice, a move: a differing cell u of a cage of 3 or more
//     cells that stays connected without it joins a neighbouring cage with room (fewer
//     than 5 cells) that lacks u's digit in our grid. The other solution obeyed both old
//     sums and has another digit at u, so it breaks both new ones: ruled out too. When u's
//     cage is a pair, a split instead: u joins one neighbouring cage and its partner v
//     another one (each lacking the digit it gets), which rules the other solution out by
//     u's new cage alone (the same cage for both would keep the pair's sum: a merge).
//     Moves and splits
//     (added in session 5) are what make every layout reach uniqueness without givens
//     (before them, 20-27% of 9×9 killers got givens after 12 layouts had run out of
//     merges). Without a merge or a move the layout either is given up (the first
//     `killer_layouts` layouts may use merges and moves only, so a puzzle without givens is
//     found whenever one of them gets there) or, for the last layout, gets a given at a
//     random differing cell, which rules that solution out too; this always ends (at worst
//     every cell is given). A count that runs out of its node budget counts as "not unique"
//     (no second solution to learn from: a random empty cell is given, or the layout
//     dropped). Moves can undo each other, so a layout has at most 3·N² rounds.
//  4. Minimised: every given, in random order, is removed when the puzzle stays unique
//     (one pass is enough: a given that had to stay stays needed as others go). Then, with
//     `killer_merge`, every pair of neighbouring cages (each cell edge between two cages,
//     in random order, once) is merged when the union fits in 5 cells, its digits are
//     distinct and the puzzle stays unique: fewer, larger cages, so less is printed and
//     the solver must reason more. Each merge test has its own, small node budget
//     (`killer_merge_budget`): a test that runs out keeps the cages apart, which is safe, and
//     the hard-to-prove merged layouts it skips are where a merge pass spent nearly all its
//     time (measured: see docs/PERFORMANCE.md). Merging removes a sum but adds distinctness across the
//     two parts, so it is not monotone like removing a given; the given pass is therefore
//     run again after any merge, and `minimal` is its checked answer.
//
// Step 3's counts are Solver::solve(puzzle, rules, 2, ...) with the caller's Solver. Step 4's
// tests start from a unique puzzle, so under EngineKind::automatic they are removal tests
// (sudokit/variant_removal.hpp): a solution differing from ours at the given taken away,
// or in the cells of the merged cage (a solution equal to ours there would obey both old
// sums, so it would be ours); under dlx, counts to 2. The result is proved unique: only a
// complete count of exactly 1, or a complete removal test finding nothing, is accepted.
#include <algorithm>
#include <array>
#include <iterator>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "sudokit/variant_removal.hpp"
#include "variant_internal.hpp"

namespace sudokit::variant_gen {

namespace {

constexpr int kMaxCageCells = 5;
constexpr int kLayoutDraws = 100;  // layouts drawn again (step 2) before giving up on a seed
// Target sizes drawn for a new cage: small cages pin the grid down (and make each count
// cheap), the merge pass then makes larger ones where uniqueness allows. Mostly pairs: a
// layout of pairs and triples is nearly always unique at once or after a few moves, where
// the former draw {2,2,2,3,3,3,4,4,5} left loose layouts whose counts to 2 cost about half
// of killer generation; the merge pass brings the cages back to the same size (3.6 cells on
// average, docs/PERFORMANCE.md), and killer generation is about twice as fast.
constexpr int kTargetSize[] = {2, 2, 2, 2, 3};

struct Layout {
  std::vector<int> cage_of;             // per cell
  std::vector<std::vector<int>> cages;  // cells per cage id; empty once merged away
};

// Are `cells` connected edge to edge? (small sets: a flood over the list itself)
bool connected(int n, const std::vector<int>& cells) {
  if (cells.empty()) return true;
  std::vector<char> reached(cells.size(), 0);
  std::vector<std::size_t> stack{0};
  reached[0] = 1;
  std::size_t count = 1;
  while (!stack.empty()) {
    const int cell = cells[stack.back()];
    stack.pop_back();
    int next[4];
    const int m = edge_neighbours(n, cell, next);
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (reached[i]) continue;
      for (int k = 0; k < m; ++k)
        if (cells[i] == next[k]) {
          reached[i] = 1;
          ++count;
          stack.push_back(i);
          break;
        }
    }
  }
  return count == cells.size();
}

std::uint64_t digit_mask(const Grid& grid, const std::vector<int>& cells) {
  std::uint64_t mask = 0;
  for (int cell : cells) mask |= std::uint64_t{1} << grid.cells[static_cast<std::size_t>(cell)];
  return mask;
}

// True when `grid` repeats a digit within `cells`.
bool repeats(const Grid& grid, const std::vector<int>& a, const std::vector<int>& b) {
  std::uint64_t mask = 0;
  for (const auto* part : {&a, &b})
    for (int cell : *part) {
      const std::uint64_t bit = std::uint64_t{1} << grid.cells[static_cast<std::size_t>(cell)];
      if (mask & bit) return true;
      mask |= bit;
    }
  return false;
}

// Step 2 at the top of this file; false when a lone cell could not be placed.
bool grow_layout(const Grid& solution, int max_size, Rng& rng, Layout& layout) {
  const int n = solution.shape.n, nn = n * n;
  layout.cage_of.assign(static_cast<std::size_t>(nn), -1);
  layout.cages.clear();
  auto cage_of = [&](int cell) -> int& { return layout.cage_of[static_cast<std::size_t>(cell)]; };
  auto digit = [&](int cell) { return solution.cells[static_cast<std::size_t>(cell)]; };
  auto free_neighbours = [&](int cell) {
    int next[4], free = 0;
    const int m = edge_neighbours(n, cell, next);
    for (int k = 0; k < m; ++k) free += cage_of(next[k]) < 0;
    return free;
  };
  int left = nn;
  std::vector<int> ties, frontier;
  while (left > 0) {
    ties.clear();
    int fewest = 5;
    for (int cell = 0; cell < nn; ++cell) {
      if (cage_of(cell) >= 0) continue;
      const int free = free_neighbours(cell);
      if (free < fewest) {
        fewest = free;
        ties.clear();
      }
      if (free == fewest) ties.push_back(cell);
    }
    const int start = ties[static_cast<std::size_t>(below(rng, static_cast<int>(ties.size())))];
    const int id = static_cast<int>(layout.cages.size());
    const int target = std::min(max_size, kTargetSize[below(rng, static_cast<int>(std::size(kTargetSize)))]);
    std::vector<int> cage{start};
    cage_of(start) = id;
    std::uint64_t digits = std::uint64_t{1} << digit(start);
    while (static_cast<int>(cage.size()) < target) {
      frontier.clear();
      for (int cell : cage) {
        int next[4];
        const int m = edge_neighbours(n, cell, next);
        for (int k = 0; k < m; ++k) {
          const int x = next[k];
          if (cage_of(x) < 0 && !((digits >> digit(x)) & 1) &&
              std::find(frontier.begin(), frontier.end(), x) == frontier.end())
            frontier.push_back(x);
        }
      }
      if (frontier.empty()) break;
      const int x = frontier[static_cast<std::size_t>(below(rng, static_cast<int>(frontier.size())))];
      cage.push_back(x);
      cage_of(x) = id;
      digits |= std::uint64_t{1} << digit(x);
    }
    left -= static_cast<int>(cage.size());
    layout.cages.push_back(std::move(cage));
  }
  // Lone cells: join a neighbouring cage with room, or take a cell from a large one.
  for (std::size_t id = 0; id < layout.cages.size(); ++id) {
    if (layout.cages[id].size() != 1) continue;
    const int cell = layout.cages[id][0];
    int next[4];
    const int m = edge_neighbours(n, cell, next);
    std::vector<int> hosts, donors;
    for (int k = 0; k < m; ++k) {
      const int other = cage_of(next[k]);
      const auto& cells = layout.cages[static_cast<std::size_t>(other)];
      if (static_cast<int>(cells.size()) < max_size &&
          !((digit_mask(solution, cells) >> digit(cell)) & 1) &&
          std::find(hosts.begin(), hosts.end(), other) == hosts.end())
        hosts.push_back(other);
      if (cells.size() >= 3) {
        std::vector<int> rest;
        for (int c : cells)
          if (c != next[k]) rest.push_back(c);
        if (connected(n, rest)) donors.push_back(next[k]);
      }
    }
    if (!hosts.empty()) {
      const int host = hosts[static_cast<std::size_t>(below(rng, static_cast<int>(hosts.size())))];
      layout.cages[static_cast<std::size_t>(host)].push_back(cell);
      cage_of(cell) = host;
      layout.cages[id].clear();
    } else if (!donors.empty()) {
      const int taken = donors[static_cast<std::size_t>(below(rng, static_cast<int>(donors.size())))];
      auto& from = layout.cages[static_cast<std::size_t>(cage_of(taken))];
      from.erase(std::find(from.begin(), from.end(), taken));
      layout.cages[id].push_back(taken);
      cage_of(taken) = static_cast<int>(id);
    } else {
      return false;
    }
  }
  return true;
}

// The cages of a layout with their sums: each cage's cells ascending, cages by first cell.
std::vector<Cage> cages_of(const Layout& layout, const Grid& solution) {
  std::vector<Cage> cages;
  for (const auto& cells : layout.cages) {
    if (cells.empty()) continue;
    Cage cage;
    cage.cells = cells;
    std::sort(cage.cells.begin(), cage.cells.end());
    for (int cell : cage.cells) cage.sum += solution.cells[static_cast<std::size_t>(cell)];
    cages.push_back(std::move(cage));
  }
  std::sort(cages.begin(), cages.end(), [](const Cage& a, const Cage& b) { return a.cells.front() < b.cells.front(); });
  return cages;
}

void merge(Layout& layout, int into, int from) {
  auto& a = layout.cages[static_cast<std::size_t>(into)];
  auto& b = layout.cages[static_cast<std::size_t>(from)];
  for (int cell : b) {
    a.push_back(cell);
    layout.cage_of[static_cast<std::size_t>(cell)] = into;
  }
  b.clear();
}

// The counts of one seed's puzzle: the rules rebuilt from the layout for each.
class Killer {
 public:
  Killer(Solver& solver, const Grid& solution, std::uint64_t budget, bool removal_test)
      : solver_(solver), solution_(solution), budget_(budget), removal_test_(removal_test) {}

  enum class Answer { unique, other, unknown };

  // Counts `puzzle` under `layout` to 2; `other` holds a second solution when there is one.
  Answer count(const Grid& puzzle, const Layout& layout, Grid* other = nullptr) { return count(puzzle, layout, budget_, other); }
  Answer count(const Grid& puzzle, const Layout& layout, std::uint64_t budget, Grid* other = nullptr) {
    std::string why;
    auto rules = make_killer_rules(solution_.shape, cages_of(layout, solution_), &why);
    if (!rules) throw std::logic_error("killer generator: a layout broke the rules: " + why);
    const SolveResult r = solver_.solve(puzzle, *rules, 2, 2, Budget::of_nodes(budget));
    if (r.complete && r.count == 1) return Answer::unique;
    if (r.complete && r.count == 0)
      throw std::logic_error("killer generator: the puzzle lost its own solution: " + to_line(puzzle));
    for (const Grid& s : r.solutions)
      if (s != solution_) {
        if (other) *other = s;
        return Answer::other;
      }
    return Answer::unknown;
  }

  // The same answer when `puzzle` under `layout` can only have solutions other than ours
  // that differ from it in `touched` (a given just taken away, two cages just merged): under
  // `automatic` the removal test (sudokit/variant_removal.hpp), else a count to 2.
  Answer count_touched(const Grid& puzzle, const Layout& layout, std::span<const int> touched, std::uint64_t budget) {
    if (!removal_test_) return count(puzzle, layout, budget);
    std::string why;
    auto rules = make_killer_rules(solution_.shape, cages_of(layout, solution_), &why);
    if (!rules) throw std::logic_error("killer generator: a layout broke the rules: " + why);
    switch (tester_.test(puzzle, *rules, solution_, touched, Budget::of_nodes(budget))) {
      case VariantRemovalTester::Answer::unique: return Answer::unique;
      case VariantRemovalTester::Answer::not_unique: return Answer::other;
      case VariantRemovalTester::Answer::unknown: break;
    }
    return Answer::unknown;
  }
  std::uint64_t budget() const { return budget_; }

 private:
  Solver& solver_;
  const Grid& solution_;
  std::uint64_t budget_;
  bool removal_test_;
  VariantRemovalTester tester_;
};

// The cages next to `cell` (of cage `own`) that can take it: fewer than max_size cells,
// none holding its digit in our grid, and not `besides` (a split pair's halves go to two
// different cages: one cage taking both would be the merge, which keeps the pair's sum).
std::vector<int> hosts(const Layout& layout, const Grid& solution, int max_size, int cell, int own, int besides) {
  std::vector<int> out;
  int next[4];
  const int m = edge_neighbours(solution.shape.n, cell, next);
  for (int k = 0; k < m; ++k) {
    const int b = layout.cage_of[static_cast<std::size_t>(next[k])];
    if (b == own || b == besides || std::find(out.begin(), out.end(), b) != out.end()) continue;
    const auto& cb = layout.cages[static_cast<std::size_t>(b)];
    if (static_cast<int>(cb.size()) >= max_size) continue;
    if ((digit_mask(solution, cb) >> solution.cells[static_cast<std::size_t>(cell)]) & 1) continue;
    out.push_back(b);
  }
  return out;
}

// Step 3: true once `puzzle` (givens) under `layout` is unique.
bool make_unique(Killer& killer, const Grid& solution, int max_size, bool givens_allowed, Rng& rng, Layout& layout,
                 Grid& puzzle) {
  const int n = solution.shape.n, nn = n * n;
  Grid other;
  std::vector<int> differ;
  std::vector<std::pair<int, int>> merges, moves;  // moves: (cell, the cage it joins)
  std::vector<std::array<int, 4>> splits;          // a pair's two cells and where each goes
  std::vector<int> rest;
  for (int round = 0; round <= 3 * nn; ++round) {  // merges (< nn), moves and givens (<= nn)
    const Killer::Answer answer = killer.count(puzzle, layout, &other);
    if (answer == Killer::Answer::unique) return true;
    differ.clear();
    merges.clear();
    if (answer == Killer::Answer::other) {
      for (int cell = 0; cell < nn; ++cell)
        if (other.cells[static_cast<std::size_t>(cell)] != solution.cells[static_cast<std::size_t>(cell)])
          differ.push_back(cell);
      for (int u : differ) {  // a merge that rules `other` out holds a differing cell
        int next[4];
        const int m = edge_neighbours(n, u, next);
        const int a = layout.cage_of[static_cast<std::size_t>(u)];
        for (int k = 0; k < m; ++k) {
          const int b = layout.cage_of[static_cast<std::size_t>(next[k])];
          if (a == b) continue;
          const auto& ca = layout.cages[static_cast<std::size_t>(a)];
          const auto& cb = layout.cages[static_cast<std::size_t>(b)];
          if (static_cast<int>(ca.size() + cb.size()) > max_size) continue;
          if (digit_mask(solution, ca) & digit_mask(solution, cb)) continue;
          if (!repeats(other, ca, cb)) continue;
          const std::pair<int, int> pair{std::min(a, b), std::max(a, b)};
          if (std::find(merges.begin(), merges.end(), pair) == merges.end()) merges.push_back(pair);
        }
      }
    }
    if (!merges.empty()) {
      const auto [a, b] = merges[static_cast<std::size_t>(below(rng, static_cast<int>(merges.size())))];
      merge(layout, a, b);
      continue;
    }
    // No merge: move a differing cell into a neighbouring cage, or split up its pair (see
    // step 3 above). Only in the first N² rounds: moves can undo each other, and the
    // givens of a last layout must still fit in the rounds left.
    moves.clear();
    splits.clear();
    for (int u : differ) {
      if (round >= nn) break;
      const int a = layout.cage_of[static_cast<std::size_t>(u)];
      const auto& ca = layout.cages[static_cast<std::size_t>(a)];
      if (ca.size() == 2) {
        const int v = ca[0] == u ? ca[1] : ca[0];
        for (int b : hosts(layout, solution, max_size, u, a, -1))
          for (int c : hosts(layout, solution, max_size, v, a, b)) splits.push_back({u, b, v, c});
        continue;
      }
      rest.clear();
      for (int cell : ca)
        if (cell != u) rest.push_back(cell);
      if (!connected(n, rest)) continue;
      for (int b : hosts(layout, solution, max_size, u, a, -1)) moves.push_back({u, b});
    }
    auto move = [&](int u, int to) {
      auto& from = layout.cages[static_cast<std::size_t>(layout.cage_of[static_cast<std::size_t>(u)])];
      from.erase(std::find(from.begin(), from.end(), u));
      layout.cages[static_cast<std::size_t>(to)].push_back(u);
      layout.cage_of[static_cast<std::size_t>(u)] = to;
    };
    if (!moves.empty()) {
      const auto [u, b] = moves[static_cast<std::size_t>(below(rng, static_cast<int>(moves.size())))];
      move(u, b);
      continue;
    }
    if (!splits.empty()) {
      const auto [u, b, v, c] = splits[static_cast<std::size_t>(below(rng, static_cast<int>(splits.size())))];
      move(u, b);
      move(v, c);
      continue;
    }
    if (!givens_allowed) return false;
    if (differ.empty())  // the count ran out: give any empty cell
      for (int cell = 0; cell < nn; ++cell)
        if (puzzle.cells[static_cast<std::size_t>(cell)] == 0) differ.push_back(cell);
    if (differ.empty()) return false;  // every cell given and still no proof: cannot happen
    const int cell = differ[static_cast<std::size_t>(below(rng, static_cast<int>(differ.size())))];
    puzzle.cells[static_cast<std::size_t>(cell)] = solution.cells[static_cast<std::size_t>(cell)];
  }
  return false;
}

// Step 4's given pass: true when every given left was proved needed.
bool remove_givens(Killer& killer, const Grid& solution, const Layout& layout, Rng& rng, Grid& puzzle) {
  std::vector<int> givens;
  for (int cell = 0; cell < solution.shape.cells(); ++cell)
    if (puzzle.cells[static_cast<std::size_t>(cell)] != 0) givens.push_back(cell);
  shuffle(givens, rng);
  bool proved = true;
  for (int cell : givens) {
    const std::uint8_t digit = puzzle.cells[static_cast<std::size_t>(cell)];
    puzzle.cells[static_cast<std::size_t>(cell)] = 0;
    const Killer::Answer answer = killer.count_touched(puzzle, layout, {&cell, 1}, killer.budget());
    if (answer != Killer::Answer::unique) {
      puzzle.cells[static_cast<std::size_t>(cell)] = digit;
      if (answer == Killer::Answer::unknown) proved = false;
    }
  }
  return proved;
}

// Step 4's merge pass: true when some merge was kept.
bool merge_pass(Killer& killer, const Grid& solution, int max_size, std::uint64_t budget, Rng& rng, Layout& layout,
                const Grid& puzzle) {
  const int n = solution.shape.n, nn = n * n;
  std::vector<std::pair<int, int>> edges;
  for (int cell = 0; cell < nn; ++cell) {
    if (cell % n + 1 < n) edges.emplace_back(cell, cell + 1);
    if (cell + n < nn) edges.emplace_back(cell, cell + n);
  }
  shuffle(edges, rng);
  bool merged = false;
  for (const auto& [u, v] : edges) {
    const int a = layout.cage_of[static_cast<std::size_t>(u)], b = layout.cage_of[static_cast<std::size_t>(v)];
    if (a == b) continue;
    const auto& ca = layout.cages[static_cast<std::size_t>(a)];
    const auto& cb = layout.cages[static_cast<std::size_t>(b)];
    if (static_cast<int>(ca.size() + cb.size()) > max_size || (digit_mask(solution, ca) & digit_mask(solution, cb)))
      continue;
    Layout trial = layout;
    merge(trial, a, b);
    if (killer.count_touched(puzzle, trial, trial.cages[static_cast<std::size_t>(a)], budget) == Killer::Answer::unique) {
      layout = std::move(trial);
      merged = true;
    }
  }
  return merged;
}

}  // namespace

VariantPuzzle generate_killer(Solver& solver, const Shape& shape, std::uint64_t seed, const VariantOptions& options) {
  if (shape.n < 4)
    throw std::invalid_argument(fmt::format("generate: killer puzzles need a grid of 4x4 or more, not {}x{}", shape.n,
                                            shape.n));
  Rng rng(seed);
  std::string why;
  const auto classic = make_rules(Variant::classic, shape, &why);
  if (!classic) throw std::invalid_argument("generate: " + why);
  VariantPuzzle out;
  out.seed = seed;
  for (int attempt = 0;; ++attempt) {
    if (attempt == 1000) throw std::runtime_error("generate: no full grid found for this seed");
    if (auto full = random_full_grid(*classic, rng, solver)) {
      out.solution = std::move(*full);
      break;
    }
  }
  const int max_size = std::min(kMaxCageCells, shape.n);
  Killer killer(solver, out.solution, options.killer_count_budget, options.engine == EngineKind::automatic);
  Layout layout;
  Grid puzzle(shape);
  const int layouts = std::max(0, options.killer_layouts);
  bool unique = false;
  for (int k = 0; k <= layouts && !unique; ++k) {
    int draws = 0;
    while (!grow_layout(out.solution, max_size, rng, layout))
      if (++draws == kLayoutDraws) throw std::runtime_error("generate: no killer cage layout found for this seed");
    puzzle = Grid(shape);
    unique = make_unique(killer, out.solution, max_size, /*givens_allowed=*/k == layouts, rng, layout, puzzle);
  }
  if (!unique) throw std::runtime_error("generate: no unique killer layout found for this seed");
  bool minimal = remove_givens(killer, out.solution, layout, rng, puzzle);
  if (options.killer_merge && merge_pass(killer, out.solution, max_size, options.killer_merge_budget, rng, layout, puzzle))
    minimal = remove_givens(killer, out.solution, layout, rng, puzzle);
  auto rules = make_killer_rules(shape, cages_of(layout, out.solution), &why);
  if (!rules) throw std::logic_error("killer generator: " + why);
  out.rules = std::move(*rules);
  out.puzzle = std::move(puzzle);
  out.minimal = minimal;
  return out;
}

}  // namespace sudokit::variant_gen

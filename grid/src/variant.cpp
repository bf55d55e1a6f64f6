// variant.cpp: building, validating and checking variant rules (sudokit/variant.hpp).
// Everything here works on plain cell lists; no solver code is shared, so is_solution_of
// stays an independent witness for the solvers' answers.
#include "sudokit/variant.hpp"

#include <algorithm>
#include <cctype>
#include <numeric>

#include <fmt/format.h>

namespace sudokit {

namespace {

bool fail(std::string* why, std::string message) {
  if (why) *why = std::move(message);
  return false;
}

bool valid_shape(const Shape& s) {
  return s.n >= 1 && s.n <= kMaxSize && s.box_rows >= 1 && s.box_cols >= 1 && s.box_rows * s.box_cols == s.n;
}

void add_lines(Rules& rules) {
  const int n = rules.shape.n;
  for (int r = 0; r < n; ++r) {
    House h{HouseKind::row, r, {}};
    for (int c = 0; c < n; ++c) h.cells.push_back(r * n + c);
    rules.houses.push_back(std::move(h));
  }
  for (int c = 0; c < n; ++c) {
    House h{HouseKind::column, c, {}};
    for (int r = 0; r < n; ++r) h.cells.push_back(r * n + c);
    rules.houses.push_back(std::move(h));
  }
}

void add_boxes(Rules& rules) {
  const Shape& s = rules.shape;
  for (int b = 0; b < s.n; ++b) {
    House h{HouseKind::box, b, {}};
    for (int k = 0; k < s.n; ++k) h.cells.push_back(s.cell_in_box(b, k));
    std::sort(h.cells.begin(), h.cells.end());
    rules.houses.push_back(std::move(h));
  }
}

const char kRegionSymbols[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

}  // namespace

std::optional<Variant> parse_variant(std::string_view name) {
  if (name == "classic") return Variant::classic;
  if (name == "x") return Variant::x;
  if (name == "hyper") return Variant::hyper;
  if (name == "jigsaw") return Variant::jigsaw;
  if (name == "killer") return Variant::killer;
  return std::nullopt;
}

std::string_view variant_name(Variant variant) {
  switch (variant) {
    case Variant::classic: return "classic";
    case Variant::x: return "x";
    case Variant::hyper: return "hyper";
    case Variant::jigsaw: return "jigsaw";
    case Variant::killer: return "killer";
  }
  return "classic";
}

std::optional<Rules> make_rules(Variant variant, const Shape& shape, std::string* why) {
  if (!valid_shape(shape)) {
    fail(why, "not a valid shape");
    return std::nullopt;
  }
  if (variant == Variant::jigsaw) {
    fail(why, "jigsaw puzzles need a region map (PUZZLE REGIONS, or a jsonl \"regions\" field)");
    return std::nullopt;
  }
  if (variant == Variant::killer) {
    fail(why, "killer puzzles need cages (a jsonl \"cages\" field)");
    return std::nullopt;
  }
  Rules rules;
  rules.variant = variant;
  rules.shape = shape;
  add_lines(rules);
  add_boxes(rules);
  const int n = shape.n;
  if (variant == Variant::x) {
    House main{HouseKind::diagonal, 0, {}}, anti{HouseKind::diagonal, 1, {}};
    for (int i = 0; i < n; ++i) {
      main.cells.push_back(i * n + i);
      anti.cells.push_back(i * n + (n - 1 - i));
    }
    rules.houses.push_back(std::move(main));
    rules.houses.push_back(std::move(anti));
  } else if (variant == Variant::hyper) {
    const int k = shape.box_rows;
    if (shape.box_rows != shape.box_cols || k < 2) {
      fail(why, fmt::format("hyper needs square boxes of side 2 or more (4x4, 9x9, 16x16, ...), not {}", describe(shape)));
      return std::nullopt;
    }
    // Window (i, j) starts one cell in from box (i, j)'s corner: rows 1 + i(k+1) ... k + i(k+1).
    int number = 0;
    for (int i = 0; i + 1 < k; ++i)
      for (int j = 0; j + 1 < k; ++j) {
        House w{HouseKind::window, number++, {}};
        for (int r = 0; r < k; ++r)
          for (int c = 0; c < k; ++c) w.cells.push_back((1 + i * (k + 1) + r) * n + (1 + j * (k + 1) + c));
        rules.houses.push_back(std::move(w));
      }
  }
  return rules;
}

std::optional<Rules> make_jigsaw_rules(const Shape& shape, std::string_view regions, std::string* why) {
  if (!valid_shape(shape)) {
    fail(why, "not a valid shape");
    return std::nullopt;
  }
  const int n = shape.n, nn = n * n;
  // A region symbol is one byte. Counted in bytes, a map of 81 two-byte letters read as
  // "162 symbols": name the real problem instead.
  const auto wide = std::find_if(regions.begin(), regions.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  if (wide != regions.end()) {
    fail(why, fmt::format("regions: byte 0x{:02X} at position {} is not an ASCII symbol (a region map is N*N single "
                          "ASCII characters)",
                          static_cast<unsigned>(static_cast<unsigned char>(*wide)), wide - regions.begin() + 1));
    return std::nullopt;
  }
  if (static_cast<int>(regions.size()) != nn) {
    fail(why, fmt::format("regions: {} symbols, a {}x{} grid needs {}", regions.size(), n, n, nn));
    return std::nullopt;
  }
  int index_of[256];
  std::fill(std::begin(index_of), std::end(index_of), -1);
  Rules rules;
  rules.variant = Variant::jigsaw;
  rules.shape = shape;
  rules.region_of.assign(static_cast<std::size_t>(nn), -1);
  std::vector<std::vector<int>> members;
  std::string symbols;
  for (int cell = 0; cell < nn; ++cell) {
    const auto u = static_cast<unsigned char>(regions[static_cast<std::size_t>(cell)]);
    if (!std::isgraph(u)) {
      fail(why, fmt::format("regions: {} is marked by a byte 0x{:02x}, not a printable symbol", cell_name(shape, cell), u));
      return std::nullopt;
    }
    if (index_of[u] < 0) {
      index_of[u] = static_cast<int>(members.size());
      members.emplace_back();
      symbols.push_back(static_cast<char>(u));
    }
    rules.region_of[static_cast<std::size_t>(cell)] = index_of[u];
    members[static_cast<std::size_t>(index_of[u])].push_back(cell);
  }
  if (static_cast<int>(members.size()) != n) {
    fail(why, fmt::format("regions: {} regions, a {}x{} grid needs {}", members.size(), n, n, n));
    return std::nullopt;
  }
  for (std::size_t g = 0; g < members.size(); ++g) {
    if (static_cast<int>(members[g].size()) != n) {
      fail(why, fmt::format("regions: region '{}' has {} cells, not {}", symbols[g], members[g].size(), n));
      return std::nullopt;
    }
  }
  // Connectivity: a flood fill from each region's first cell must reach all N of its cells.
  std::vector<char> reached(static_cast<std::size_t>(nn), 0);
  std::vector<int> stack;
  for (std::size_t g = 0; g < members.size(); ++g) {
    int count = 0;
    stack.assign(1, members[g][0]);
    reached[static_cast<std::size_t>(members[g][0])] = 1;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      ++count;
      const int r = cell / n, c = cell % n;
      const int next[4][2] = {{r - 1, c}, {r + 1, c}, {r, c - 1}, {r, c + 1}};
      for (const auto& rc : next) {
        if (rc[0] < 0 || rc[0] >= n || rc[1] < 0 || rc[1] >= n) continue;
        const int other = rc[0] * n + rc[1];
        if (reached[static_cast<std::size_t>(other)] || rules.region_of[static_cast<std::size_t>(other)] != static_cast<int>(g))
          continue;
        reached[static_cast<std::size_t>(other)] = 1;
        stack.push_back(other);
      }
    }
    if (count != n) {
      fail(why, fmt::format("regions: region '{}' is not connected ({} of its {} cells reachable from {})", symbols[g],
                            count, n, cell_name(shape, members[g][0])));
      return std::nullopt;
    }
  }
  add_lines(rules);
  for (std::size_t g = 0; g < members.size(); ++g)
    rules.houses.push_back(House{HouseKind::region, static_cast<int>(g), std::move(members[g])});
  return rules;
}

std::string regions_string(const Rules& rules) {
  std::string out;
  out.reserve(rules.region_of.size());
  for (int g : rules.region_of) out.push_back(kRegionSymbols[g]);
  return out;
}

std::optional<Rules> make_killer_rules(const Shape& shape, std::vector<Cage> cages, std::string* why) {
  if (!valid_shape(shape)) {
    fail(why, "not a valid shape");
    return std::nullopt;
  }
  const int n = shape.n, nn = n * n;
  Rules rules;
  rules.variant = Variant::killer;
  rules.shape = shape;
  rules.cage_of.assign(static_cast<std::size_t>(nn), -1);
  if (cages.empty()) {
    fail(why, "cages: none given");
    return std::nullopt;
  }
  long long total = 0;
  int caged = 0;
  for (std::size_t k = 0; k < cages.size(); ++k) {
    const Cage& cage = cages[k];
    const auto name = fmt::format("cage {} (sum {})", k + 1, cage.sum);
    const int m = static_cast<int>(cage.cells.size());
    if (m == 0) {
      fail(why, fmt::format("cages: {} has no cells", name));
      return std::nullopt;
    }
    if (m > n) {
      fail(why, fmt::format("cages: {} has {} cells, more than {} distinct digits", name, m, n));
      return std::nullopt;
    }
    for (int cell : cage.cells) {
      if (cell < 0 || cell >= nn) {
        fail(why, fmt::format("cages: {} names cell {}, outside 0..{}", name, cell, nn - 1));
        return std::nullopt;
      }
      int& owner = rules.cage_of[static_cast<std::size_t>(cell)];
      if (owner == static_cast<int>(k)) {
        fail(why, fmt::format("cages: {} names {} twice", name, cell_name(shape, cell)));
        return std::nullopt;
      }
      if (owner >= 0) {
        fail(why, fmt::format("cages: {} overlaps cage {}: both hold {}", name, owner + 1, cell_name(shape, cell)));
        return std::nullopt;
      }
      owner = static_cast<int>(k);
    }
    if (cage.sum < min_cage_sum(m) || cage.sum > max_cage_sum(n, m)) {
      fail(why, fmt::format("cages: {} cannot be made: {} distinct digits of 1..{} add up to {}..{}", name, m, n,
                            min_cage_sum(m), max_cage_sum(n, m)));
      return std::nullopt;
    }
    total += cage.sum;
    caged += m;
  }
  const long long full = static_cast<long long>(n) * n * (n + 1) / 2;
  if (caged == nn && total != full) {
    fail(why, fmt::format("cages: they cover the grid but their sums add up to {}, not {}", total, full));
    return std::nullopt;
  }
  add_lines(rules);
  add_boxes(rules);
  rules.cages = std::move(cages);
  return rules;
}

std::vector<Clash> find_clashes(const Rules& rules, const Grid& puzzle, std::size_t max) {
  const Shape& s = rules.shape;
  const int n = s.n;
  struct Pair {
    int b, a, digit;
    char house;
  };
  std::vector<Pair> pairs;
  // Collect every clashing pair (the first house that holds both names it), then order.
  auto report = [&](int a, int b, int digit, char house) { pairs.push_back({b, a, digit, house}); };
  for (int cell = 0; cell < s.cells(); ++cell) {
    const int d = puzzle.cells[static_cast<std::size_t>(cell)];
    if (d > n) report(cell, cell, d, 'v');
  }
  auto scan = [&](const std::vector<int>& cells, char house) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
      const int a = cells[i];
      const int d = puzzle.cells[static_cast<std::size_t>(a)];
      if (d == 0 || d > n) continue;
      for (std::size_t j = i + 1; j < cells.size(); ++j) {
        const int b = cells[j];
        if (puzzle.cells[static_cast<std::size_t>(b)] == d) report(std::min(a, b), std::max(a, b), d, house);
      }
    }
  };
  for (const House& h : rules.houses) scan(h.cells, static_cast<char>(h.kind));
  for (const Cage& cage : rules.cages) {
    scan(cage.cells, 'k');
    int sum = 0, filled = 0, first = -1, last = -1;
    for (int cell : cage.cells) {
      const int d = puzzle.cells[static_cast<std::size_t>(cell)];
      if (d == 0 || d > n) continue;
      sum += d;
      ++filled;
      if (first < 0 || cell < first) first = cell;
      if (cell > last) last = cell;
    }
    if (filled > 0 && (sum > cage.sum || (filled == static_cast<int>(cage.cells.size()) && sum != cage.sum)))
      report(first, last, sum, 's');
  }
  // One entry per pair of cells (the first house found), ordered by the later cell, then the earlier.
  std::vector<std::size_t> order(pairs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return pairs[x].b != pairs[y].b ? pairs[x].b < pairs[y].b : pairs[x].a < pairs[y].a;
  });
  std::vector<Clash> out;
  for (std::size_t i = 0; i < order.size() && out.size() < max; ++i) {
    const Pair& p = pairs[order[i]];
    if (i > 0) {
      const Pair& q = pairs[order[i - 1]];
      if (q.a == p.a && q.b == p.b && q.house != 's' && p.house != 's') continue;
    }
    out.push_back(Clash{p.a, p.b, p.digit, p.house});
  }
  return out;
}

std::string describe_clashes(const Rules& rules, const std::vector<Clash>& clashes) {
  const Shape& s = rules.shape;
  std::string out;
  for (std::size_t i = 0; i < clashes.size(); ++i) {
    const Clash& c = clashes[i];
    if (i == kReportedClashes) {
      out += "; and more";
      break;
    }
    if (!out.empty()) out += "; ";
    if (c.house == 'v') {
      out += fmt::format("{} holds {}, larger than {}", cell_name(s, c.cell_a), c.digit, s.n);
      continue;
    }
    if (c.house == 'k' || c.house == 's') {
      const int k = rules.cage_of.empty() ? -1 : rules.cage_of[static_cast<std::size_t>(c.cell_a)];
      const int sum = k >= 0 ? rules.cages[static_cast<std::size_t>(k)].sum : 0;
      if (c.house == 'k')
        out += fmt::format("{} and {} both hold {} (cage {}, sum {})", cell_name(s, c.cell_a), cell_name(s, c.cell_b),
                           c.digit, k + 1, sum);
      else
        out += fmt::format("the givens of cage {} add up to {}, its sum is {}", k + 1, c.digit, sum);
      continue;
    }
    // The first house of that kind holding both cells names the clash.
    const char* word = "house";
    int number = 0;
    for (const House& h : rules.houses) {
      if (static_cast<char>(h.kind) != c.house) continue;
      if (std::find(h.cells.begin(), h.cells.end(), c.cell_a) == h.cells.end() ||
          std::find(h.cells.begin(), h.cells.end(), c.cell_b) == h.cells.end())
        continue;
      number = h.number;
      switch (h.kind) {
        case HouseKind::row: word = "row"; break;
        case HouseKind::column: word = "column"; break;
        case HouseKind::box: word = "box"; break;
        case HouseKind::region: word = "region"; break;
        case HouseKind::diagonal: word = "diagonal"; break;
        case HouseKind::window: word = "window"; break;
      }
      break;
    }
    out += fmt::format("{} and {} both hold {} ({} {})", cell_name(s, c.cell_a), cell_name(s, c.cell_b), c.digit, word,
                       number + 1);
  }
  return out;
}

bool is_solution_of(const Rules& rules, const Grid& puzzle, const Grid& solution, std::string* why) {
  const Shape& s = rules.shape;
  const int n = s.n;
  if (solution.shape.n != n || puzzle.shape.n != n ||
      solution.cells.size() != static_cast<std::size_t>(s.cells()) ||
      puzzle.cells.size() != static_cast<std::size_t>(s.cells()))
    return fail(why, fmt::format("the grids are not {}x{}", n, n));
  for (int cell = 0; cell < s.cells(); ++cell) {
    const int d = solution.cells[static_cast<std::size_t>(cell)];
    if (d < 1 || d > n) return fail(why, fmt::format("{} holds {}, not a digit 1..{}", cell_name(s, cell), d, n));
    const int g = puzzle.cells[static_cast<std::size_t>(cell)];
    if (g != 0 && g != d) return fail(why, fmt::format("{} is given as {} but holds {}", cell_name(s, cell), g, d));
  }
  const char* words[] = {"row", "column", "box", "region", "diagonal", "window"};
  for (const House& h : rules.houses) {
    std::vector<bool> seen(static_cast<std::size_t>(n + 1), false);
    for (int cell : h.cells) {
      const int d = solution.cells[static_cast<std::size_t>(cell)];
      if (seen[static_cast<std::size_t>(d)]) {
        const char* word = h.kind == HouseKind::row        ? words[0]
                           : h.kind == HouseKind::column   ? words[1]
                           : h.kind == HouseKind::box      ? words[2]
                           : h.kind == HouseKind::region   ? words[3]
                           : h.kind == HouseKind::diagonal ? words[4]
                                                           : words[5];
        return fail(why, fmt::format("{} {} holds {} twice", word, h.number + 1, d));
      }
      seen[static_cast<std::size_t>(d)] = true;
    }
  }
  for (std::size_t k = 0; k < rules.cages.size(); ++k) {
    const Cage& cage = rules.cages[k];
    std::vector<bool> seen(static_cast<std::size_t>(n + 1), false);
    int sum = 0;
    for (int cell : cage.cells) {
      const int d = solution.cells[static_cast<std::size_t>(cell)];
      if (seen[static_cast<std::size_t>(d)]) return fail(why, fmt::format("cage {} holds {} twice", k + 1, d));
      seen[static_cast<std::size_t>(d)] = true;
      sum += d;
    }
    if (sum != cage.sum) return fail(why, fmt::format("cage {} adds up to {}, not {}", k + 1, sum, cage.sum));
  }
  return true;
}

}  // namespace sudokit

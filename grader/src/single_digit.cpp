// single_digit.cpp: patterns in the candidates of one digit: Skyscraper, 2-String Kite and
// simple colouring.
//
// They all rest on conjugate pairs (strong links): a house where the digit fits exactly two
// cells, so exactly one of them holds it.
//
//  - Skyscraper: two rows, each a conjugate pair, with one end of each in the same column.
//    Those two ends cannot both hold the digit (they share a column), so one of the other
//    ends (the "tops") does: cells seeing both tops lose it. Also with rows and columns
//    swapped.
//  - 2-String Kite: a row pair and a column pair (four distinct cells) with one end of each
//    in the same box. The two ends in the box cannot both hold the digit, so one of the
//    other two ends does: cells seeing both lose it.
//  - Simple colouring: chain conjugate pairs into clusters and colour them alternately;
//    exactly one colour of a cluster is the true one. If two cells of one colour see each
//    other, that colour is false everywhere (colour wrap). Any other cell seeing both
//    colours loses the digit (colour trap).
//
// Skyscraper and kite are the shortest X-Chains; they are looked for first because people
// spot them as shapes and HoDoKu rates them lower.
#include <array>

#include "board.hpp"

namespace sudokit::grading {
namespace {

struct Pair {
  int house;
  int a, b;  // the two cells, a < b
};

/// Conjugate pairs of `digit` in houses [first, last), into `pairs` (cleared first; the
/// callers keep it per thread, as these finders run at most steps of a grade).
void conjugate_pairs(const Board& board, int digit, int first, int last, std::vector<Pair>& pairs) {
  pairs.clear();
  for (int h = first; h < last; ++h) {
    const std::uint64_t where = board.positions(h, digit);
    if (popcount(where) != 2) continue;
    const auto cells = board.topo().house(h);
    const int a = cells[static_cast<std::size_t>(lowest(where))];
    const int b = cells[static_cast<std::size_t>(lowest(where & (where - 1)))];
    pairs.push_back({h, std::min(a, b), std::max(a, b)});
  }
}

/// Eliminates `digit` from every cell seeing both `x` and `y` (and being neither).
void eliminate_seeing_both(const Board& board, Step& step, int x, int y, int digit) {
  for (int c : board.topo().peers(x))
    if (c != y && board.topo().sees(c, y)) eliminate_into(board, step, c, digit);
}

}  // namespace

bool find_skyscraper(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  // Digits known to hold no instance on this board (NothingFound, board.hpp): this finder
  // reads only where each digit can go.
  thread_local NothingFound watch;
  watch.look(board);
  for (int d = 1; d <= topo.n; ++d) {
    if (watch.digit_known_empty(d)) continue;
    for (int orientation = 0; orientation < 2; ++orientation) {
      const int first = orientation == 0 ? 0 : topo.n;
      thread_local std::vector<Pair> pairs;
      conjugate_pairs(board, d, first, first + topo.n, pairs);
      // The cross index of a cell: its column for row pairs, its row for column pairs.
      auto cross = [&](int cell) { return orientation == 0 ? topo.col[cell] : topo.row[cell]; };
      for (std::size_t i = 0; i < pairs.size(); ++i)
        for (std::size_t j = i + 1; j < pairs.size(); ++j) {
          const Pair& p = pairs[i];
          const Pair& q = pairs[j];
          for (int end = 0; end < 4; ++end) {
            const int base_p = end & 1 ? p.b : p.a;
            const int base_q = end & 2 ? q.b : q.a;
            const int top_p = end & 1 ? p.a : p.b;
            const int top_q = end & 2 ? q.a : q.b;
            // Both pairs in the same two lines would be an X-Wing, not a skyscraper.
            if (cross(base_p) != cross(base_q) || cross(top_p) == cross(top_q)) continue;
            reset_step(step);
            eliminate_seeing_both(board, step, top_p, top_q, d);
            if (step.eliminations.empty()) continue;
            step.technique = Technique::skyscraper;
            step.cells = {base_p, top_p, base_q, top_q};
            step.digits = digit_bit(d);
            step.houses = {p.house, q.house};
            normalise(step);
            return true;
          }
        }
    }
    watch.mark_digit_empty(d);
  }
  return false;
}

bool find_two_string_kite(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  // Digits known to hold no instance on this board (NothingFound, board.hpp): this finder
  // reads only where each digit can go.
  thread_local NothingFound watch;
  watch.look(board);
  for (int d = 1; d <= topo.n; ++d) {
    if (watch.digit_known_empty(d)) continue;
    thread_local std::vector<Pair> rows, cols;
    conjugate_pairs(board, d, 0, topo.n, rows);
    conjugate_pairs(board, d, topo.n, 2 * topo.n, cols);
    for (const Pair& r : rows)
      for (const Pair& c : cols) {
        if (r.a == c.a || r.a == c.b || r.b == c.a || r.b == c.b) continue;
        for (int end = 0; end < 4; ++end) {
          const int in_box_r = end & 1 ? r.b : r.a;
          const int in_box_c = end & 2 ? c.b : c.a;
          const int far_r = end & 1 ? r.a : r.b;
          const int far_c = end & 2 ? c.a : c.b;
          if (topo.box[in_box_r] != topo.box[in_box_c]) continue;
          reset_step(step);
          eliminate_seeing_both(board, step, far_r, far_c, d);
          if (step.eliminations.empty()) continue;
          step.technique = Technique::two_string_kite;
          step.cells = {far_r, in_box_r, in_box_c, far_c};
          step.digits = digit_bit(d);
          step.houses = {r.house, c.house, topo.box_house(in_box_r)};
          normalise(step);
          return true;
        }
      }
    watch.mark_digit_empty(d);
  }
  return false;
}

bool find_simple_colouring(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  const int cells = topo.cells;
  // Per thread, storage kept from call to call (the ladder asks at every stall).
  thread_local std::vector<std::vector<int>> links;
  links.resize(static_cast<std::size_t>(cells));
  thread_local std::vector<int> colour, cluster;
  colour.resize(static_cast<std::size_t>(cells));
  // Digits known to hold no instance on this board (NothingFound, board.hpp): this finder
  // reads only where each digit can go.
  thread_local NothingFound watch;
  watch.look(board);
  for (int d = 1; d <= topo.n; ++d) {
    if (watch.digit_known_empty(d)) continue;
    for (auto& l : links) l.clear();
    thread_local std::vector<Pair> pairs;
    conjugate_pairs(board, d, 0, topo.houses(), pairs);
    for (const Pair& p : pairs) {
      links[static_cast<std::size_t>(p.a)].push_back(p.b);
      links[static_cast<std::size_t>(p.b)].push_back(p.a);
    }
    std::fill(colour.begin(), colour.end(), 0);
    for (int start = 0; start < cells; ++start) {
      if (links[static_cast<std::size_t>(start)].empty() || colour[static_cast<std::size_t>(start)] != 0) continue;
      // Breadth-first colouring of the cluster; conjugate links alternate colours 1 and 2.
      cluster.assign(1, start);
      colour[static_cast<std::size_t>(start)] = 1;
      for (std::size_t i = 0; i < cluster.size(); ++i) {
        const int c = cluster[i];
        for (int next : links[static_cast<std::size_t>(c)])
          if (colour[static_cast<std::size_t>(next)] == 0) {
            colour[static_cast<std::size_t>(next)] = 3 - colour[static_cast<std::size_t>(c)];
            cluster.push_back(next);
          }
      }
      if (cluster.size() < 3) continue;  // a lone pair: its traps are locked candidates
      reset_step(step);
      // Colour wrap: a colour with two cells that see each other is false.
      int false_colour = 0;
      for (std::size_t i = 0; i < cluster.size() && !false_colour; ++i)
        for (std::size_t j = i + 1; j < cluster.size(); ++j)
          if (colour[static_cast<std::size_t>(cluster[i])] == colour[static_cast<std::size_t>(cluster[j])] &&
              topo.sees(cluster[i], cluster[j])) {
            false_colour = colour[static_cast<std::size_t>(cluster[i])];
            break;
          }
      if (false_colour) {
        for (int c : cluster)
          if (colour[static_cast<std::size_t>(c)] == false_colour) eliminate_into(board, step, c, d);
      } else {
        // Colour trap: an uncoloured candidate seeing both colours.
        for (int c = 0; c < cells; ++c) {
          if (!board.has(c, d) || board.value(c) != 0) continue;
          bool in_cluster = false;
          std::array<bool, 3> sees{};
          for (int k : cluster) {
            if (k == c) in_cluster = true;
            else if (topo.sees(c, k)) sees[static_cast<std::size_t>(colour[static_cast<std::size_t>(k)])] = true;
          }
          if (!in_cluster && sees[1] && sees[2]) eliminate_into(board, step, c, d);
        }
      }
      if (step.eliminations.empty()) continue;
      step.technique = Technique::simple_colouring;
      step.digits = digit_bit(d);
      for (int c : cluster) step.chain.push_back({c, colour[static_cast<std::size_t>(c)]});
      for (int c : cluster) step.cells.push_back(c);
      normalise(step);
      return true;
    }
    watch.mark_digit_empty(d);
  }
  return false;
}

}  // namespace sudokit::grading

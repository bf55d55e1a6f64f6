// aic.cpp: alternating inference chains (AIC), the general form of X- and XY-Chains.
//
// Nodes are candidates (a digit in a cell). Two kinds of link join them:
//   strong: at least one of the two is true: the two digits of a two-candidate cell, or the
//           two places of a digit in a house where it fits exactly twice;
//   weak:   at most one is true: two digits of one cell, or one digit in two cells that see
//           each other.
// Starting from "candidate s is false" and following strong then weak links alternately,
// every candidate e reached through a strong link is implied true: "not s => e", so s or e
// holds. Any candidate that conflicts with both s and e (shares a cell with one and a digit
// and house with the other, or a digit and a house with both...) is then false. This one
// rule covers the classic AIC types (same digit at both ends; different digits at ends that
// see each other; both ends in one cell). And when the chain comes back to s itself as
// true ("not s => s"), s is true and is placed (a discontinuous nice loop).
//
// The search is a level-by-level breadth-first search from each start candidate (cells
// row-major, digits ascending) over bit sets of candidates: the candidates switched off at
// one level are the union of the weak neighbourhoods of those switched on at the level
// before, and those switched on the union of the strong partners of those switched off, a
// few word operations each. The first level that yields a conclusion gives a
// shortest chain from that start. Bit sets need cells·n bits per candidate, so the search
// runs for sizes up to 16×16.
//
// find_aic_steps keeps every start's shortest chain and hands them over shortest first (the
// grader takes several at once past a puzzle's hardest step; grader.cpp); find_aic is its
// first. An AIC's conclusions are facts about the solution, so a chain found on one board
// still proves them on any later board of the same path.
//
// X-Chains and XY-Chains (chains.cpp) are AICs too; they are tried first because people
// find those shapes sooner and HoDoKu rates them lower.
#include <algorithm>
#include <limits>

#include "board.hpp"

namespace sudokit::grading {
namespace {

class NodeSet {
 public:
  explicit NodeSet(std::size_t words = 0) : words_(words, 0) {}
  void reset(std::size_t words) { words_.assign(words, 0); }
  void set(int node) { words_[static_cast<std::size_t>(node) / 64] |= std::uint64_t{1} << (node % 64); }
  bool test(int node) const { return (words_[static_cast<std::size_t>(node) / 64] >> (node % 64)) & 1; }
  std::vector<std::uint64_t>& words() { return words_; }
  const std::vector<std::uint64_t>& words() const { return words_; }

 private:
  std::vector<std::uint64_t> words_;
};

}  // namespace

std::size_t find_aic_steps(const Board& board, std::size_t limit, std::vector<Step>& out, int max_nodes) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  if (n > 16 || limit == 0) return 0;
  auto node_of = [n](int cell, int digit) { return cell * n + digit - 1; };

  // The search runs on compact ids: the present candidates numbered in node order (cell, then
  // digit), so bit sets are as long as the board has candidates (a stalled 9x9 board has
  // about 200 of its 729, four words instead of twelve) and every order below (starts, levels,
  // conclusions) is the node order. Buffers are kept per thread (this runs at every stall past
  // the basic techniques): only what each call reads is written.
  thread_local std::vector<int> node_of_id, id_of_node;
  node_of_id.clear();
  id_of_node.resize(static_cast<std::size_t>(topo.cells * n));
  for (int c = 0; c < topo.cells; ++c)
    for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
      const int node = node_of(c, lowest(m) + 1);
      id_of_node[static_cast<std::size_t>(node)] = static_cast<int>(node_of_id.size());
      node_of_id.push_back(node);
    }
  const int nodes = static_cast<int>(node_of_id.size());
  const std::size_t words = static_cast<std::size_t>((nodes + 63) / 64);
  auto id_of = [&](int cell, int digit) { return id_of_node[static_cast<std::size_t>(node_of(cell, digit))]; };

  // Weak neighbourhoods (conflicts) of every candidate, in one flat array: `words` words per
  // candidate.
  thread_local std::vector<std::uint64_t> weak_words;
  weak_words.resize(static_cast<std::size_t>(nodes) * words);
  auto weak_of = [&](int id) { return weak_words.data() + static_cast<std::size_t>(id) * words; };
  auto weak_test = [&](int id, int other) { return (weak_of(id)[other / 64] >> (other % 64)) & 1; };
  // Strong links the same way, as bit sets: a level's partners are then the union of its
  // nodes' sets, read out in node order (a list per candidate was a pointer to follow and a
  // branch per partner, then a sort; on top1465 that loop was the AIC search's slowest by time).
  thread_local std::vector<std::uint64_t> strong_words;
  strong_words.assign(static_cast<std::size_t>(nodes) * words, 0);
  auto strong_of = [&](int id) { return strong_words.data() + static_cast<std::size_t>(id) * words; };
  auto add_strong = [&](int from, int to) { strong_of(from)[to / 64] |= std::uint64_t{1} << (to % 64); };
  // The peers holding a digit come from cell bit sets where the topology has them
  // (ascending, as the peer lists are), else from the peer lists.
  const bool peer_bits = !topo.peer_set.empty();
  for (int c = 0; c < topo.cells; ++c) {
    const std::uint64_t cm = board.candidates(c);
    for (std::uint64_t m = cm; m; m &= m - 1) {
      const int d = lowest(m) + 1;
      const int id = id_of(c, d);
      std::uint64_t* w = weak_of(id);
      std::fill(w, w + words, 0);
      auto set = [w](int other) { w[other / 64] |= std::uint64_t{1} << (other % 64); };
      for (std::uint64_t o = cm & ~digit_bit(d); o; o &= o - 1) set(id_of(c, lowest(o) + 1));
      if (peer_bits)
        (topo.peer_set[static_cast<std::size_t>(c)] & board.cells_with(d)).for_each([&](int p) { set(id_of(p, d)); });
      else
        for (int p : topo.peers(c))
          if (board.has(p, d)) set(id_of(p, d));
      if (popcount(cm) == 2) add_strong(id, id_of(c, lowest(cm & ~digit_bit(d)) + 1));
    }
  }
  for (int h = 0; h < topo.houses(); ++h)
    for (int d = 1; d <= n; ++d) {
      const std::uint64_t where = board.positions(h, d);
      if (popcount(where) != 2) continue;
      const auto house = topo.house(h);
      const int a = id_of(house[static_cast<std::size_t>(lowest(where))], d);
      const int b = id_of(house[static_cast<std::size_t>(lowest(where & (where - 1)))], d);
      add_strong(a, b);
      add_strong(b, a);
    }

  thread_local std::vector<std::vector<int>> levels;
  thread_local NodeSet off, seen_off, seen_on, conclusion;
  thread_local std::vector<int> on, next_off, chain;
  off.reset(words);
  // Each start's shortest chain, in start order; the steps are the shortest of them.
  struct Found {
    std::vector<int> chain;
    NodeSet conclusion;
  };
  std::vector<Found> found;
  std::size_t depth = 0;  // levels in use: levels[0..depth) (their vectors keep their storage)
  std::size_t shortest = std::numeric_limits<std::size_t>::max();  // the shortest chain found so far
  auto push_level = [&](const std::vector<int>& nodes_at) {
    if (levels.size() <= depth) levels.emplace_back();
    levels[depth++].assign(nodes_at.begin(), nodes_at.end());
  };
  for (int start = 0; start < nodes; ++start) {
    if (const std::uint64_t* ss = strong_of(start); std::all_of(ss, ss + words, [](std::uint64_t w) { return w == 0; })) continue;
    seen_off.reset(words);
    seen_on.reset(words);
    seen_off.set(start);
    depth = 0;
    next_off.assign(1, start);
    push_level(next_off);
    int end = -1;
    conclusion.reset(words);
    while (end < 0) {
      // With one step asked for, a chain found from here on would have depth + 1 nodes or
      // more, and is kept only when shorter than the best so far (below): stop here.
      if (limit == 1 && !found.empty() && depth + 1 >= found.front().chain.size()) break;
      // With a length asked for, a chain longer than it and than the shortest so far is
      // neither a step within it nor the first: stop.
      if (!found.empty() && static_cast<int>(depth) + 1 > max_nodes && depth + 1 > shortest) break;
      // Strong links: every candidate switched off forces its partners on (those not on
      // already, in node order).
      std::fill(off.words().begin(), off.words().end(), 0);
      for (int u : levels[depth - 1]) {
        const std::uint64_t* su = strong_of(u);
        for (std::size_t i = 0; i < words; ++i) off.words()[i] |= su[i];
      }
      on.clear();
      for (std::size_t i = 0; i < words; ++i) {
        std::uint64_t fresh = off.words()[i] & ~seen_on.words()[i];
        seen_on.words()[i] |= fresh;
        for (; fresh; fresh &= fresh - 1) on.push_back(static_cast<int>(i * 64) + lowest(fresh));
      }
      if (on.empty()) break;
      // Weak links: every candidate switched on forces its conflicts off (the next level's
      // work, done first: most levels conclude nothing, and their union tells so at once).
      std::fill(off.words().begin(), off.words().end(), 0);
      for (int e : on) {
        const std::uint64_t* we = weak_of(e);
        for (std::size_t i = 0; i < words; ++i) off.words()[i] |= we[i];
      }
      const std::uint64_t* ws = weak_of(start);
      bool some = seen_on.test(start);
      for (std::size_t i = 0; i < words && !some; ++i) some = (ws[i] & off.words()[i]) != 0;
      // Then the first candidate switched on, in order, that concludes.
      for (std::size_t k = 0; some && k < on.size(); ++k) {
        const int e = on[k];
        if (e == start) {  // "not s => s": s is true
          end = e;
          break;
        }
        bool any = false;
        const std::uint64_t* we = weak_of(e);
        for (std::size_t i = 0; i < words; ++i) {
          conclusion.words()[i] = ws[i] & we[i];
          any = any || conclusion.words()[i] != 0;
        }
        if (any) {
          end = e;
          break;
        }
      }
      push_level(on);
      if (end >= 0) break;
      next_off.clear();
      for (std::size_t i = 0; i < words; ++i) {
        std::uint64_t fresh = off.words()[i] & ~seen_off.words()[i];
        seen_off.words()[i] |= fresh;
        for (; fresh; fresh &= fresh - 1) next_off.push_back(static_cast<int>(i * 64) + lowest(fresh));
      }
      if (next_off.empty()) break;
      push_level(next_off);
    }
    if (end < 0) continue;

    // Walk back through the levels for one chain start -> end.
    chain.assign(1, end);
    for (int k = static_cast<int>(depth) - 2; k >= 0; --k) {
      const int next = chain.back();
      for (int u : levels[static_cast<std::size_t>(k)]) {
        const bool linked = k % 2 == 0 ? ((strong_of(u)[next / 64] >> (next % 64)) & 1) != 0 : weak_test(u, next);
        if (linked) {
          chain.push_back(u);
          break;
        }
      }
    }
    std::reverse(chain.begin(), chain.end());
    // With one step asked for, only a chain shorter than the best so far can be it.
    if (limit == 1 && !found.empty() && chain.size() >= found.front().chain.size()) continue;
    if (limit == 1) found.clear();
    shortest = std::min(shortest, chain.size());
    found.push_back({chain, end == start ? NodeSet(words) : conclusion});
  }
  // The shortest chains over all starts (SE rates chains by length), the first start among
  // equals; each set of conclusions once.
  std::stable_sort(found.begin(), found.end(), [](const Found& a, const Found& b) { return a.chain.size() < b.chain.size(); });
  std::size_t count = 0;
  for (const Found& f : found) {
    if (count == limit) break;
    Step step;
    step.technique = Technique::aic;
    for (int id : f.chain) {
      const int node = node_of_id[static_cast<std::size_t>(id)];
      step.chain.push_back({node / n, node % n + 1});
      step.cells.push_back(node / n);
      step.digits |= digit_bit(node % n + 1);
    }
    if (f.chain.front() == f.chain.back()) {  // "not s => s"
      const int node = node_of_id[static_cast<std::size_t>(f.chain.front())];
      step.placements = {{node / n, node % n + 1}};
    } else {
      for (std::size_t i = 0; i < words; ++i)
        for (std::uint64_t m = f.conclusion.words()[i]; m; m &= m - 1) {
          const int node = node_of_id[static_cast<std::size_t>(i * 64) + static_cast<std::size_t>(lowest(m))];
          step.eliminations.push_back({node / n, node % n + 1});
        }
      normalise(step);
    }
    if (append_new_conclusion(out, count, std::move(step))) ++count;
  }
  return count;
}

bool find_aic(const Board& board, Step& step) {
  thread_local std::vector<Step> one;
  one.clear();
  if (!find_aic_steps(board, 1, one)) return false;
  step = std::move(one.front());
  return true;
}

}  // namespace sudokit::grading

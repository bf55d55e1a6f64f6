// medusa.cpp: 3D Medusa, simple colouring over every digit at once.
//
// A strong link joins two candidates of which exactly one is true: the two digits of a
// bivalue cell, or the two places of a digit in a house where it has only two. Following
// strong links from a candidate and giving the candidates reached alternate colours (A, B)
// builds a cluster in which one colour is entirely true and the other entirely false. Then:
//   colour wrap (a colour is false, its candidates all leave):
//     - two candidates of one colour in one cell,
//     - one digit twice with one colour in a house,
//     - a cell (outside the cluster) whose every candidate sees that digit in that colour;
//   colour trap (candidates outside the cluster leave):
//     - a cell holding both colours keeps only those two candidates,
//     - a candidate seeing its digit in both colours,
//     - a candidate whose cell holds the other colour on another digit and that sees its digit
//       in the other colour.
// Simple colouring (single_digit.cpp) is the one-digit case.
//
// Rating: SE has no colouring rules; it finds the same deductions as forcing chains. A Medusa
// deduction is the alternating inference chain along the strong links between the two
// candidates that prove it (the two ends of a wrap or a trap), so it is rated as our AIC is
// (7.0) plus SE's length adjustment for that chain's nodes: the shortest path between the two
// witnesses in the cluster, plus its ends. A cell-emptying wrap counts the union of the paths
// to all its witnesses. Among all deductions the one with the fewest nodes is taken (first in
// scan order among equals: clusters from the lowest candidate, rules in the order above).
//
// Step: `chain` is the proof, each node a candidate {cell, digit} along strong links (for a
// cell-emptying wrap, the witnesses' paths one after another); `cells` and `digits` the
// cluster's cells and digits.
#include <algorithm>
#include <array>
#include <deque>
#include <optional>
#include <vector>

#include "more_techniques.hpp"

namespace sudokit::grading {
namespace {

struct Cluster {
  std::vector<int> nodes;                      ///< candidate ids (cell * n + digit - 1)
  std::vector<std::vector<int>> adjacent;      ///< per node index, neighbour node indices
  std::vector<int> colour;                     ///< per node index, 0 or 1
};

struct Deduction {
  std::vector<CellDigit> eliminations;
  std::vector<CellDigit> proof;
};

}  // namespace

bool find_medusa_3d(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  const int n = topo.n;
  const int ids = topo.cells * n;
  auto cell_of = [n](int id) { return id / n; };
  auto digit_of = [n](int id) { return id % n + 1; };
  auto present = [&](int id) { return board.value(cell_of(id)) == 0 && board.has(cell_of(id), digit_of(id)); };

  // Strong links per candidate.
  std::vector<std::vector<int>> links(static_cast<std::size_t>(ids));
  auto link = [&](int x, int y) {
    auto& lx = links[static_cast<std::size_t>(x)];
    if (std::find(lx.begin(), lx.end(), y) != lx.end()) return;
    lx.push_back(y);
    links[static_cast<std::size_t>(y)].push_back(x);
  };
  for (int c = 0; c < topo.cells; ++c)
    if (board.value(c) == 0 && popcount(board.candidates(c)) == 2) {
      const std::uint64_t m = board.candidates(c);
      link(c * n + lowest(m), c * n + lowest(m & (m - 1)));
    }
  for (int h = 0; h < topo.houses(); ++h)
    for (int d = 1; d <= n; ++d) {
      const std::uint64_t p = board.positions(h, d);
      if (popcount(p) != 2) continue;
      const auto cells = topo.house(h);
      link(cells[static_cast<std::size_t>(lowest(p))] * n + d - 1, cells[static_cast<std::size_t>(lowest(p & (p - 1)))] * n + d - 1);
    }

  std::vector<int> index_of(static_cast<std::size_t>(ids), -1);  // node index within its cluster
  std::vector<char> done(static_cast<std::size_t>(ids), 0);
  std::optional<Deduction> best;
  std::vector<int> best_cells;
  std::uint64_t best_digits = 0;

  for (int start = 0; start < ids; ++start) {
    if (done[static_cast<std::size_t>(start)] || links[static_cast<std::size_t>(start)].empty() || !present(start)) continue;
    // Colour the cluster breadth-first.
    Cluster cl;
    cl.nodes.push_back(start);
    cl.colour.push_back(0);
    index_of[static_cast<std::size_t>(start)] = 0;
    done[static_cast<std::size_t>(start)] = 1;
    bool consistent = true;
    for (std::size_t i = 0; i < cl.nodes.size(); ++i)
      for (int y : links[static_cast<std::size_t>(cl.nodes[i])]) {
        if (!done[static_cast<std::size_t>(y)]) {
          done[static_cast<std::size_t>(y)] = 1;
          index_of[static_cast<std::size_t>(y)] = static_cast<int>(cl.nodes.size());
          cl.nodes.push_back(y);
          cl.colour.push_back(1 - cl.colour[i]);
        } else if (cl.colour[static_cast<std::size_t>(index_of[static_cast<std::size_t>(y)])] == cl.colour[i]) {
          consistent = false;  // an odd loop of strong links: the board is broken; leave it
        }
      }
    const int size = static_cast<int>(cl.nodes.size());
    if (!consistent || size < 3) {
      for (int id : cl.nodes) index_of[static_cast<std::size_t>(id)] = -1;
      continue;
    }
    cl.adjacent.assign(static_cast<std::size_t>(size), {});
    for (int i = 0; i < size; ++i)
      for (int y : links[static_cast<std::size_t>(cl.nodes[static_cast<std::size_t>(i)])])
        cl.adjacent[static_cast<std::size_t>(i)].push_back(index_of[static_cast<std::size_t>(y)]);

    // Shortest paths on demand (BFS from one node, cached per source).
    std::vector<std::vector<int>> parent(static_cast<std::size_t>(size)), distance(static_cast<std::size_t>(size));
    auto bfs = [&](int from) {
      auto& par = parent[static_cast<std::size_t>(from)];
      if (!par.empty()) return;
      auto& dist = distance[static_cast<std::size_t>(from)];
      par.assign(static_cast<std::size_t>(size), -1);
      dist.assign(static_cast<std::size_t>(size), 0);
      par[static_cast<std::size_t>(from)] = from;
      std::deque<int> queue{from};
      while (!queue.empty()) {
        const int x = queue.front();
        queue.pop_front();
        for (int y : cl.adjacent[static_cast<std::size_t>(x)])
          if (par[static_cast<std::size_t>(y)] < 0) {
            par[static_cast<std::size_t>(y)] = x;
            dist[static_cast<std::size_t>(y)] = dist[static_cast<std::size_t>(x)] + 1;
            queue.push_back(y);
          }
      }
    };
    /// Nodes on the shortest path from `from` to `to`, both included.
    auto nodes_between = [&](int from, int to) {
      bfs(from);
      return distance[static_cast<std::size_t>(from)][static_cast<std::size_t>(to)] + 1;
    };
    auto path = [&](int from, int to) {
      bfs(from);
      const auto& par = parent[static_cast<std::size_t>(from)];
      std::vector<CellDigit> out;
      for (int x = to;; x = par[static_cast<std::size_t>(x)]) {
        out.push_back({cell_of(cl.nodes[static_cast<std::size_t>(x)]), digit_of(cl.nodes[static_cast<std::size_t>(x)])});
        if (x == from) break;
      }
      std::reverse(out.begin(), out.end());
      return out;
    };
    auto offer = [&](std::vector<CellDigit> elims, std::vector<CellDigit> proof) {
      std::sort(elims.begin(), elims.end());
      elims.erase(std::unique(elims.begin(), elims.end()), elims.end());
      if (elims.empty()) return;
      if (best && best->proof.size() <= proof.size()) return;
      best = Deduction{std::move(elims), std::move(proof)};
      best_cells.clear();
      best_digits = 0;
      for (int id : cl.nodes) {
        best_cells.push_back(cell_of(id));
        best_digits |= digit_bit(digit_of(id));
      }
      std::sort(best_cells.begin(), best_cells.end());
      best_cells.erase(std::unique(best_cells.begin(), best_cells.end()), best_cells.end());
    };
    auto better = [&](int nodes) { return !best || static_cast<int>(best->proof.size()) > nodes; };
    auto colour_false = [&](int colour) {
      std::vector<CellDigit> elims;
      for (int i = 0; i < size; ++i)
        if (cl.colour[static_cast<std::size_t>(i)] == colour)
          elims.push_back({cell_of(cl.nodes[static_cast<std::size_t>(i)]), digit_of(cl.nodes[static_cast<std::size_t>(i)])});
      return elims;
    };
    auto sees_node = [&](int cell, int digit, int i) {
      const int id = cl.nodes[static_cast<std::size_t>(i)];
      return digit_of(id) == digit && topo.sees(cell, cell_of(id));
    };

    // Colour wrap: two nodes of one colour in one cell, or one digit twice in a house.
    for (int i = 0; i < size; ++i)
      for (int j = i + 1; j < size; ++j) {
        if (cl.colour[static_cast<std::size_t>(i)] != cl.colour[static_cast<std::size_t>(j)]) continue;
        const int x = cl.nodes[static_cast<std::size_t>(i)], y = cl.nodes[static_cast<std::size_t>(j)];
        const bool clash = cell_of(x) == cell_of(y) || (digit_of(x) == digit_of(y) && topo.sees(cell_of(x), cell_of(y)));
        if (clash && better(nodes_between(i, j))) offer(colour_false(cl.colour[static_cast<std::size_t>(i)]), path(i, j));
      }
    // Colour trap: candidates outside the cluster.
    for (int c = 0; c < topo.cells; ++c) {
      if (board.value(c) != 0) continue;
      // The cluster's nodes in this cell.
      std::array<int, 2> own = {-1, -1};  // a node of colour 0 / 1 in the cell
      for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
        const int i = index_of[static_cast<std::size_t>(c * n + lowest(m))];
        if (i >= 0 && done[static_cast<std::size_t>(c * n + lowest(m))] && i < size &&
            cl.nodes[static_cast<std::size_t>(i)] == c * n + lowest(m))
          own[static_cast<std::size_t>(cl.colour[static_cast<std::size_t>(i)])] = i;
      }
      if (own[0] >= 0 && own[1] >= 0) {  // both colours in the cell: the rest leaves
        std::vector<CellDigit> elims;
        for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
          const int d = lowest(m) + 1;
          if (d != digit_of(cl.nodes[static_cast<std::size_t>(own[0])]) && d != digit_of(cl.nodes[static_cast<std::size_t>(own[1])]))
            elims.push_back({c, d});
        }
        if (!elims.empty() && better(nodes_between(own[0], own[1]))) offer(std::move(elims), path(own[0], own[1]));
      }
      // Cell emptied by a colour: no node here, every candidate sees its digit in that colour.
      if (own[0] < 0 && own[1] < 0) {
        for (int colour = 0; colour < 2; ++colour) {
          std::vector<int> witness;
          for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
            int w = -1;
            for (int i = 0; i < size && w < 0; ++i)
              if (cl.colour[static_cast<std::size_t>(i)] == colour && sees_node(c, lowest(m) + 1, i)) w = i;
            if (w < 0) {
              witness.clear();
              break;
            }
            witness.push_back(w);
          }
          if (witness.empty()) continue;
          std::vector<CellDigit> proof;
          for (int w : witness) {
            const auto p = path(witness[0], w);
            for (const CellDigit& node : p)
              if (std::find(proof.begin(), proof.end(), node) == proof.end()) proof.push_back(node);
          }
          offer(colour_false(colour), std::move(proof));
        }
      }
      for (std::uint64_t m = board.candidates(c); m; m &= m - 1) {
        const int d = lowest(m) + 1;
        const int id = c * n + d - 1;
        const int self = index_of[static_cast<std::size_t>(id)];
        if (self >= 0 && self < size && cl.nodes[static_cast<std::size_t>(self)] == id) continue;  // in the cluster
        // Sees d in both colours: the closest pair of witnesses.
        std::array<std::vector<int>, 2> seen;
        for (int i = 0; i < size; ++i)
          if (sees_node(c, d, i)) seen[static_cast<std::size_t>(cl.colour[static_cast<std::size_t>(i)])].push_back(i);
        // The closest pair of witnesses (i of colour 0 or the cell's own node, j of colour 1).
        auto closest = [&](const std::vector<int>& from, const std::vector<int>& to) {
          std::array<int, 3> pick = {0, -1, -1};  // nodes, i, j
          for (int i : from)
            for (int j : to) {
              const int nodes = nodes_between(i, j);
              if (pick[1] < 0 || nodes < pick[0]) pick = {nodes, i, j};
            }
          if (pick[1] >= 0 && better(pick[0])) offer({{c, d}}, path(pick[1], pick[2]));
        };
        closest(seen[0], seen[1]);
        // The cell holds colour X on another digit and d sees the other colour.
        for (int colour = 0; colour < 2; ++colour)
          if (own[static_cast<std::size_t>(colour)] >= 0)
            closest({own[static_cast<std::size_t>(colour)]}, seen[static_cast<std::size_t>(1 - colour)]);
      }
    }
    for (int id : cl.nodes) index_of[static_cast<std::size_t>(id)] = -1;
  }
  if (!best) return false;
  reset_step(step);
  step.technique = Technique::medusa_3d;
  step.eliminations = std::move(best->eliminations);
  step.chain = std::move(best->proof);
  step.cells = std::move(best_cells);
  step.digits = best_digits;
  step.rating = 7.0 + chain_length_adjustment(static_cast<int>(step.chain.size()));
  return true;
}

}  // namespace sudokit::grading

// chains.cpp: X-Chains (one digit) and XY-Chains (two-candidate cells).
//
// A chain is a sequence of implications that starts from "this candidate is false" and
// ends at "that candidate is true". Whichever way the start goes, one of the two ends holds
// the digit, so any cell that sees both ends loses it.
//
//  - X-Chain, for one digit: strong links (a conjugate pair: if one end is false the other
//    is true) alternate with weak links (two cells that see each other: if one is true the
//    other is false), starting and ending with a strong link.
//  - XY-Chain: every node is a two-candidate cell. Inside a cell, "not a" means "b" (strong);
//    between cells that see each other and share a digit, "b here" means "not b there"
//    (weak). Starting "not z" in the first cell and reaching "z" in the last, z is in one
//    of the two ends.
//
// The search is breadth-first from each start (cells row-major, digits ascending) over
// states (cell, true/false) or (cell, digit true), so the chain found from a start is a
// shortest one that eliminates something. Every link in a BFS path is a valid implication,
// so a path that revisits a cell is still a sound argument; it is only less pretty.
#include <algorithm>

#include "board.hpp"

namespace sudokit::grading {
namespace {

/// Cells seeing both ends (and being neither) lose `digit`.
void eliminate_seeing_both(const Board& board, Step& step, int x, int y, int digit) {
  for (int c : board.topo().peers(x))
    if (c != y && board.topo().sees(c, y)) eliminate_into(board, step, c, digit);
}


/// Reached-state marks cleared in O(1) per search: a state is reached when its stamp is the
/// current one (the chain searches run a BFS per start, hundreds a call).
class Visits {
 public:
  void start(std::size_t states) {
    if (stamp_.size() < states) stamp_.resize(states, 0);
    if (++current_ == 0) {  // wrapped: clear once
      std::fill(stamp_.begin(), stamp_.end(), 0);
      current_ = 1;
    }
  }
  bool seen(int s) const { return stamp_[static_cast<std::size_t>(s)] == current_; }
  void mark(int s) { stamp_[static_cast<std::size_t>(s)] = current_; }

 private:
  std::vector<std::uint32_t> stamp_;
  std::uint32_t current_ = 0;
};

/// Sukaku Explainer's rating of a one-digit chain: with three strong links ("3 Skyscrapers",
/// "3-String Kite", "3 Strong Links") 5.4, +0.1 when its links are not all parallel lines,
/// +0.2 with a box link and lines of both directions; longer ones are SE's forcing X-chain,
/// 6.6 plus the length adjustment. (Newer Sukaku versions also rate 4 to 8 strong links
/// 5.8-7.4; the SE-rated development set shows its rater did not: it is fitted here.)
double x_chain_rating(const Topology& topo, const Step& chain) {
  static constexpr double kStrongLinks[] = {0.0, 0.0, 4.0, 5.4};
  const double forcing = technique_rating(Technique::aic) - 0.4 + chain_length_adjustment(static_cast<int>(chain.chain.size()));
  const std::size_t links = chain.houses.size();
  if (links < 2 || links > 3 || links * 2 != chain.chain.size()) return forcing;
  bool box = false, row = false, col = false;
  for (int h : chain.houses) (h >= 2 * topo.n ? box : h >= topo.n ? col : row) = true;
  const double shape = (box && row && col) ? 0.2 : (box || (row && col)) ? 0.1 : 0.0;
  return std::min(forcing, kStrongLinks[links] + shape);
}

}  // namespace

bool find_x_chain(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  bool found = false;
  const int cells = topo.cells;
  // Per thread, storage kept from call to call (the ladder asks at every stall).
  thread_local std::vector<std::vector<int>> strong;
  strong.resize(static_cast<std::size_t>(cells));
  // State s = cell * 2 + on; parent of each reached state (valid where `visits` says reached).
  thread_local std::vector<int> parent, queue;
  thread_local Visits visits;
  parent.resize(static_cast<std::size_t>(cells * 2));
  // Digits known to hold no chain that removes something (NothingFound, board.hpp): an
  // X-chain reads only where its digit can go.
  thread_local NothingFound watch;
  watch.look(board);
  for (int d = 1; d <= topo.n; ++d) {
    if (watch.digit_known_empty(d)) continue;
    bool chain = false;  // some chain of this digit removes something
    for (auto& s : strong) s.clear();
    bool any = false;
    for (int h = 0; h < topo.houses(); ++h) {
      const std::uint64_t where = board.positions(h, d);
      if (popcount(where) != 2) continue;
      const auto house = topo.house(h);
      const int a = house[static_cast<std::size_t>(lowest(where))];
      const int b = house[static_cast<std::size_t>(lowest(where & (where - 1)))];
      strong[static_cast<std::size_t>(a)].push_back(b);
      strong[static_cast<std::size_t>(b)].push_back(a);
      any = true;
    }
    if (!any) {
      watch.mark_digit_empty(d);
      continue;
    }
    for (int start = 0; start < cells; ++start) {
      if (strong[static_cast<std::size_t>(start)].empty()) continue;
      visits.start(parent.size());
      queue.assign(1, start * 2);
      visits.mark(start * 2);
      parent[static_cast<std::size_t>(start * 2)] = start * 2;
      for (std::size_t qi = 0; qi < queue.size(); ++qi) {
        const int state = queue[qi];
        const int cell = state / 2;
        const bool on = state & 1;
        auto visit = [&](int next_state) {
          if (visits.seen(next_state)) return;
          visits.mark(next_state);
          parent[static_cast<std::size_t>(next_state)] = state;
          queue.push_back(next_state);
        };
        if (!on) {
          for (int next : strong[static_cast<std::size_t>(cell)]) visit(next * 2 + 1);
        } else {
          for (int next : topo.peers(cell))
            if (board.has(next, d)) visit(next * 2);
        }
      }
      // Ends reached "on", in BFS order: the first with an elimination is this start's
      // shortest chain; the easiest over all starts and digits is the step.
      for (int state : queue) {
        if (!(state & 1)) continue;
        const int end = state / 2;
        if (end == start || !may_eliminate(board, {start, end}, d)) continue;
        Step candidate;
        eliminate_seeing_both(board, candidate, start, end, d);
        if (candidate.eliminations.empty()) continue;
        chain = true;
        for (int s = state;; s = parent[static_cast<std::size_t>(s)]) {
          candidate.chain.push_back({s / 2, (s & 1) ? d : 0});
          if (s == start * 2) break;
        }
        std::reverse(candidate.chain.begin(), candidate.chain.end());
        for (const CellDigit& node : candidate.chain) candidate.cells.push_back(node.cell);
        // The house of each strong link (off -> on): a line where the pair is conjugate if
        // there is one, else the box.
        for (std::size_t k = 0; k + 1 < candidate.chain.size(); k += 2) {
          const int a = candidate.chain[k].cell, b = candidate.chain[k + 1].cell;
          const int houses[3] = {topo.row_house(a), topo.col_house(a), topo.box_house(a)};
          for (int h : houses) {
            const auto hc = topo.house(h);
            if (std::find(hc.begin(), hc.end(), b) != hc.end() && popcount(board.positions(h, d)) == 2) {
              candidate.houses.push_back(h);
              break;
            }
          }
        }
        candidate.technique = Technique::x_chain;
        candidate.digits = digit_bit(d);
        candidate.rating = x_chain_rating(topo, candidate);
        normalise(candidate);
        if (!found || candidate.rating < step.rating - 1e-9) {
          step = std::move(candidate);
          found = true;
        }
        break;
      }
    }
    if (!chain) watch.mark_digit_empty(d);
  }
  return found;
}

bool find_xy_chain(const Board& board, Step& step) {
  const Topology& topo = board.topo();
  const int cells = topo.cells;
  const int n = topo.n;
  // State = cell * n + (digit - 1): that digit is true in that bivalue cell; its parent is
  // valid where `visits` says reached.
  thread_local std::vector<int> parent, queue;
  thread_local Visits visits;
  parent.resize(static_cast<std::size_t>(cells * n));
  // The two-candidate peers of each two-candidate cell, in peer order: the only cells a
  // search steps to (found once, not at every state of every search).
  thread_local std::vector<int> next_first, next_cells;
  next_first.assign(static_cast<std::size_t>(cells) + 1, 0);
  next_cells.clear();
  for (int c = 0; c < cells; ++c) {
    next_first[static_cast<std::size_t>(c)] = static_cast<int>(next_cells.size());
    if (popcount(board.candidates(c)) != 2) continue;
    for (int p : topo.peers(c))
      if (popcount(board.candidates(p)) == 2) next_cells.push_back(p);
  }
  next_first[static_cast<std::size_t>(cells)] = static_cast<int>(next_cells.size());
  bool found = false;
  for (int start = 0; start < cells; ++start) {
    const std::uint64_t m = board.candidates(start);
    if (popcount(m) != 2) continue;
    for (std::uint64_t zs = m; zs; zs &= zs - 1) {
      const int z = lowest(zs) + 1;
      const int first_on = lowest(m & ~digit_bit(z)) + 1;
      visits.start(parent.size());
      const int root = start * n + first_on - 1;
      queue.assign(1, root);
      visits.mark(root);
      parent[static_cast<std::size_t>(root)] = root;
      for (std::size_t qi = 0; qi < queue.size(); ++qi) {
        const int state = queue[qi];
        const int cell = state / n;
        const int on = state % n + 1;
        for (int i = next_first[static_cast<std::size_t>(cell)]; i < next_first[static_cast<std::size_t>(cell) + 1]; ++i) {
          const int next = next_cells[static_cast<std::size_t>(i)];
          const std::uint64_t nm = board.candidates(next);
          if (!(nm & digit_bit(on))) continue;
          const int next_on = lowest(nm & ~digit_bit(on)) + 1;
          const int next_state = next * n + next_on - 1;
          if (visits.seen(next_state)) continue;
          visits.mark(next_state);
          parent[static_cast<std::size_t>(next_state)] = state;
          queue.push_back(next_state);
        }
      }
      // This start's shortest chain with an elimination; the shortest over all starts wins.
      for (int state : queue) {
        const int end = state / n;
        if (state % n + 1 != z || end == start || !may_eliminate(board, {start, end}, z)) continue;
        Step candidate;
        eliminate_seeing_both(board, candidate, start, end, z);
        if (candidate.eliminations.empty()) continue;
        for (int s = state;; s = parent[static_cast<std::size_t>(s)]) {
          candidate.chain.push_back({s / n, s % n + 1});
          if (s == root) break;
        }
        if (!found || candidate.chain.size() < step.chain.size()) {
          std::reverse(candidate.chain.begin(), candidate.chain.end());
          for (const CellDigit& node : candidate.chain) candidate.cells.push_back(node.cell);
          candidate.technique = Technique::xy_chain;
          candidate.digits = digit_bit(z);
          normalise(candidate);
          step = std::move(candidate);
          found = true;
        }
        break;
      }
    }
  }
  return found;
}

}  // namespace sudokit::grading

#include "sudokit/verifier.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace sudokit {

std::string_view verdict_name(Verdict verdict) {
  switch (verdict) {
    case Verdict::invalid: return "invalid";
    case Verdict::none: return "none";
    case Verdict::unique: return "unique";
    case Verdict::multiple: return "multiple";
  }
  return "invalid";
}

Verifier::Verifier(EngineKind engine) : solver_(engine) {}

Verification Verifier::verify(const Grid& puzzle, bool check_minimal) {
  Verification v;
  // One more than is shown, so the description can say that more exist.
  v.clashes = find_clashes(puzzle, kReportedClashes + 1);
  if (!v.clashes.empty()) {
    v.verdict = Verdict::invalid;
    return v;
  }
  SolveResult result;
  try {
    result = solver_.solve(puzzle, 2, 2);
  } catch (const std::invalid_argument& e) {  // the chosen engine cannot take this shape
    v.verdict = Verdict::invalid;
    v.error = e.what();
    return v;
  }
  v.stats = result.stats;
  if (result.count == 0) {
    v.verdict = Verdict::none;
    return v;
  }
  v.solution = std::move(result.solutions[0]);
  if (result.count >= 2) {
    v.verdict = Verdict::multiple;
    v.second = std::move(result.solutions[1]);
    v.differing = differing_cells(*v.solution, *v.second);
    return v;
  }
  v.verdict = Verdict::unique;
  if (check_minimal) {
    v.minimality_checked = true;
    v.redundant = redundant_clues(puzzle, &v.stats);
    v.minimal = v.redundant.empty();
  }
  return v;
}

std::vector<int> Verifier::redundant_clues(const Grid& puzzle, SearchStats* stats) {
  // Clue X is redundant when the puzzle without it still has exactly one solution. The
  // reduced puzzle always has at least the original solution, so one count to 2 decides.
  std::vector<int> redundant;
  Grid reduced = puzzle;
  for (int cell = 0; cell < puzzle.shape.cells(); ++cell) {
    const auto index = static_cast<std::size_t>(cell);
    const std::uint8_t clue = puzzle.cells[index];
    if (clue == 0) continue;
    reduced.cells[index] = 0;
    SolveResult r = solver_.solve(reduced, 2, 0);
    if (stats) *stats += r.stats;
    reduced.cells[index] = clue;
    if (r.count == 1) redundant.push_back(cell);
  }
  return redundant;
}

std::string describe_clashes(const Shape& shape, const std::vector<Clash>& clashes) {
  std::string out;
  for (std::size_t i = 0; i < clashes.size(); ++i) {
    const Clash& c = clashes[i];
    if (i == kReportedClashes) {
      out += "; and more";
      break;
    }
    if (!out.empty()) out += "; ";
    if (c.house == 'v') {
      out += fmt::format("{} holds {}, larger than {}", cell_name(shape, c.cell_a), c.digit, shape.n);
      continue;
    }
    const char* house = c.house == 'r' ? "row" : c.house == 'c' ? "column" : "box";
    const int number = c.house == 'r' ? shape.row_of(c.cell_a) : c.house == 'c' ? shape.col_of(c.cell_a)
                                                                                 : shape.box_of(c.cell_a);
    out += fmt::format("{} and {} both hold {} ({} {})", cell_name(shape, c.cell_a), cell_name(shape, c.cell_b),
                       c.digit, house, number + 1);
  }
  return out;
}

}  // namespace sudokit

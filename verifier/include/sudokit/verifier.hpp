// sudokit/verifier.hpp: one verdict per puzzle, with the evidence a person can check.
//
//   invalid   the givens break the rules (the clashing cells are named)
//   none      no solution
//   unique    exactly one solution (given)
//   multiple  two or more; two different solutions and the cells where they differ are
//             given as evidence, so the claim can be checked by hand
//
// With minimality asked for, a unique puzzle is also checked clue by clue: a clue is
// redundant when the puzzle without it is still unique (one count to 2 per clue).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {

enum class Verdict { invalid, none, unique, multiple };
std::string_view verdict_name(Verdict verdict);

struct Verification {
  Verdict verdict = Verdict::invalid;
  std::vector<Clash> clashes;       ///< invalid: the clashing pairs (at most kReportedClashes + 1)
  std::string error;                ///< invalid for another reason (e.g. the engine cannot take this size)
  std::optional<Grid> solution;     ///< unique: the solution; multiple: the first found
  std::optional<Grid> second;       ///< multiple: a second, different solution
  std::vector<int> differing;       ///< multiple: cells where solution and second differ
  bool minimality_checked = false;
  bool minimal = false;             ///< when checked: every clue is necessary
  std::vector<int> redundant;       ///< when checked: clues whose removal keeps it unique
  SearchStats stats;
};

/// Reusable (one per thread); holds a Solver.
class Verifier {
 public:
  explicit Verifier(EngineKind engine = EngineKind::automatic);
  /// Never throws for a puzzle: what cannot be checked comes back `invalid` with `error`.
  Verification verify(const Grid& puzzle, bool check_minimal = false);

  /// Clues of a unique puzzle that can be removed while it stays unique (row-major order).
  std::vector<int> redundant_clues(const Grid& puzzle, SearchStats* stats = nullptr);

 private:
  Solver solver_;
};

/// "r1c1 and r1c4 both hold 7 (row 1)" for each clash, joined by "; "; past
/// kReportedClashes of them, "; and more".
std::string describe_clashes(const Shape& shape, const std::vector<Clash>& clashes);

}  // namespace sudokit

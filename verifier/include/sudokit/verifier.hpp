// sudokit/verifier.hpp: one verdict per puzzle, with the evidence a person can check.
//
//   invalid   the givens break the rules (the clashing cells are named)
//   none      no solution
//   unique    exactly one solution (given)
//   multiple  two or more; two different solutions and the cells where they differ are
//             given as evidence, so the claim can be checked by hand
//   unknown   the Budget ran out before the search could tell; `solution` holds the one
//             solution found, if any (solutions_found is a lower bound: 0 or 1)
//
// With minimality asked for, a unique puzzle is also checked clue by clue: a clue is
// redundant when the puzzle without it is still unique (one count to 2 per clue; on the
// SAT engine's sizes one incremental RemovalTester test per clue). A budget covers the whole
// verify() call, minimality included: when it runs out there, the verdict (a fact already
// proved) stays unique and minimality_unknown says the check did not finish.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grid.hpp"
#include "sudokit/solver.hpp"

namespace sudokit {

enum class Verdict { invalid, none, unique, multiple, unknown };
std::string_view verdict_name(Verdict verdict);

struct Verification {
  Verdict verdict = Verdict::invalid;
  std::vector<Clash> clashes;       ///< invalid: the clashing pairs (at most kReportedClashes + 1)
  std::string error;                ///< invalid for another reason (e.g. the engine cannot take this size)
  std::optional<Grid> solution;     ///< unique: the solution; multiple: the first found
  std::optional<Grid> second;       ///< multiple: a second, different solution
  std::vector<int> differing;       ///< multiple: cells where solution and second differ
  std::uint64_t solutions_found = 0;  ///< 0, 1 or 2 (counted to 2); a lower bound when unknown
  bool minimality_checked = false;  ///< the check ran to the end (minimal / redundant are facts)
  bool minimality_unknown = false;  ///< the check was asked for but the budget ran out
  bool minimal = false;             ///< when checked: every clue is necessary
  std::vector<int> redundant;       ///< when checked: clues whose removal keeps it unique
  SearchStats stats;
};

/// Reusable (one per thread); holds a Solver.
class Verifier {
 public:
  explicit Verifier(EngineKind engine = EngineKind::automatic);
  /// Never throws for a puzzle: what cannot be checked comes back `invalid` with `error`.
  /// A limited `budget` (for the whole call) may give Verdict::unknown.
  Verification verify(const Grid& puzzle, bool check_minimal = false, const Budget& budget = {});
  /// The same under a variant's rules (sudokit/variant.hpp): clashes in the variant's houses
  /// and cages, solutions counted to 2 by the DLX engine over the rules (the fast and SAT
  /// engines take classic rules only: anything else comes back invalid with the reason).
  Verification verify(const Grid& puzzle, const Rules& rules, bool check_minimal = false, const Budget& budget = {});

  /// Clues of a unique puzzle that can be removed while it stays unique (row-major order).
  /// With a limited budget, `complete` (when given) says whether every clue was decided;
  /// when not, the list holds the redundant clues found before the budget ran out.
  std::vector<int> redundant_clues(const Grid& puzzle, SearchStats* stats = nullptr, const Budget& budget = {},
                                   bool* complete = nullptr);

 private:
  Verification verify_under(const Grid& puzzle, const Rules* rules, bool check_minimal, const Budget& budget);
  std::vector<int> redundant_clues_of(const Grid& puzzle, const Rules* rules, const Grid& solution, SearchStats* stats,
                                      const BudgetMeter& meter, std::uint64_t used, bool& complete);

  Solver solver_;
};

/// "r1c1 and r1c4 both hold 7 (row 1)" for each clash, joined by "; "; past
/// kReportedClashes of them, "; and more".
std::string describe_clashes(const Shape& shape, const std::vector<Clash>& clashes);

}  // namespace sudokit

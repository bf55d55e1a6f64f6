// variant_known.hpp: known 9×9 puzzles of every variant with their answers, shared by the cli
// tests of the variant commands (variant_test.cpp: solve and verify; variant_grade_test.cpp:
// grade and score). Each was made by digging a random full grid of its variant while it
// stayed unique, and each answer is confirmed by the independent oracle of
// tests/support/variant_oracle.hpp (variant_test.cpp checks them against the program too).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace sudokit::testing::variants {

struct Known {
  const char* variant;
  const char* puzzle;
  const char* solution;
};

inline const Known kX = {"x", "5..3......945..........1...6.........2..7..........8.2.8....2...5....9.3....39..6",
                  "561392748894567321273481659645823197128976435937154862389615274756248913412739586"};
inline const Known kHyper = {"hyper", ".......1...5..1...9....2.8.........6...4......6......3.9.12.6.........78....4..3.",
                      "623784519875931462941652387482315796319476825567298143798123654134569278256847931"};
inline const Known kJigsaw = {"jigsaw", "1....6.8.......................9.4........3.273.9............6....3...5...4.2....",
                       "123456789576814923249135876687293415415678392732961548398542167961387254854729631"};
inline const char* kRegions = "111222222111323322411333555416355555446337775466666778499967778499967888449998888";
inline const Known kKiller = {"killer", "..................................2............................5......6..........",
                       "136298475927453186845167932793681524651724893482539617268315749579842361314976258"};
inline const char* kCages =
    R"([{"sum":8,"cells":[49,48]},{"sum":7,"cells":[68,59]},{"sum":2,"cells":[3]},{"sum":13,"cells":[51,60]},)"
    R"({"sum":18,"cells":[11,2,12,21]},{"sum":23,"cells":[40,41,50,42]},{"sum":16,"cells":[23,32,31]},)"
    R"({"sum":25,"cells":[71,62,80,53]},{"sum":10,"cells":[34,33,25]},{"sum":21,"cells":[5,4,6]},)"
    R"({"sum":8,"cells":[39,38]},{"sum":21,"cells":[17,26,16,8]},{"sum":11,"cells":[57,56]},{"sum":3,"cells":[14]},)"
    R"({"sum":28,"cells":[19,18,9,27]},{"sum":26,"cells":[55,46,37,64]},{"sum":11,"cells":[45,54,63]},)"
    R"({"sum":11,"cells":[67,76]},{"sum":17,"cells":[73,72,74,75]},{"sum":16,"cells":[77,78,69,79]},)"
    R"({"sum":1,"cells":[0]},{"sum":5,"cells":[20]},{"sum":6,"cells":[36]},{"sum":4,"cells":[35]},)"
    R"({"sum":20,"cells":[61,52,70,43]},{"sum":9,"cells":[24]},{"sum":1,"cells":[15]},{"sum":1,"cells":[58]},)"
    R"({"sum":2,"cells":[47]},{"sum":11,"cells":[22,13]},{"sum":3,"cells":[44]},{"sum":9,"cells":[29,30]},)"
    R"({"sum":7,"cells":[7]},{"sum":9,"cells":[28]},{"sum":5,"cells":[1,10]},{"sum":17,"cells":[66,65]}])";

inline std::vector<nlohmann::json> parse_jsonl(const std::string& out) {
  std::vector<nlohmann::json> records;
  for (const std::string& line : sudokit::testing::split_lines(out))
    if (!line.empty()) records.push_back(nlohmann::json::parse(line));
  return records;
}

inline std::string jsonl_of(const Known& k) {
  nlohmann::json j;
  j["puzzle"] = k.puzzle;
  if (std::string(k.variant) == "jigsaw") j["regions"] = kRegions;
  if (std::string(k.variant) == "killer") j["cages"] = nlohmann::json::parse(kCages);
  j["id"] = k.variant;
  return j.dump() + "\n";
}

}  // namespace sudokit::testing::variants

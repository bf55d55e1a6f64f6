// Replays the fuzz property of fast9_fuzz_check.hpp on inputs a fuzzer would reach: lines of the
// shared collections, mutated the way libFuzzer mutates (bytes changed, inserted, erased,
// lines cut, joined, wrapped in jsonl or csv, some of it binary), so the check runs in every CI
// build, with or without clang's fuzzer. The mutations are drawn from a fixed seed: a failure
// prints the input, which can then be added to the corpus of the real fuzz target.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "fast9_fuzz_check.hpp"
#include "test_support.hpp"

namespace {

using sudokit::testing::check_fast9_input;
using sudokit::testing::FuzzTally;
using sudokit::testing::kSanitizerStride;
using sudokit::testing::load_lines;

class Mutator {
 public:
  explicit Mutator(std::uint64_t seed) : rng_(seed) {}

  std::size_t below(std::size_t n) { return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_); }
  char digit_or_blank() { return "123456789.0"[below(11)]; }

  /// One puzzle line changed by 0-3 byte-level edits biased towards the sudoku alphabet, so
  /// most mutants still read as grids (unique, multiple, unsolvable or clashing).
  std::string mutate_line(std::string line) {
    const std::size_t edits = below(4);
    for (std::size_t e = 0; e < edits && !line.empty(); ++e) {
      const std::size_t at = below(line.size());
      switch (below(8)) {
        case 0: case 1: case 2: case 3: line[at] = digit_or_blank(); break;  // a cell rewritten
        case 4: line[at] = static_cast<char>(below(256)); break;           // any byte
        case 5: line.insert(at, 1, digit_or_blank()); break;               // too long
        case 6: line.erase(at, 1); break;                                  // too short
        default: line.resize(at); break;                                   // cut
      }
    }
    return line;
  }

  /// A whole input: 1-4 records in one of the framings the reader detects.
  std::string input(const std::vector<std::string>& pool) {
    const std::size_t records = 1 + below(4);
    std::string out;
    const std::size_t framing = below(10);
    if (framing == 7) out += "puzzle,id\n";
    for (std::size_t r = 0; r < records; ++r) {
      const std::string line = mutate_line(pool[below(pool.size())]);
      switch (framing) {
        case 5: case 6: out += "{\"puzzle\": \"" + line + "\", \"id\": " + std::to_string(r) + "}\n"; break;
        case 7: out += line + "," + std::to_string(r) + "\n"; break;
        case 8: out += line; break;  // records run together on one line
        case 9: {                    // a 9-line grid block
          for (std::size_t row = 0; row < 9 && row * 9 < line.size(); ++row) out += line.substr(row * 9, 9) + "\n";
          out += "\n";
          break;
        }
        default: out += line + (below(2) ? "\n" : "\r\n"); break;
      }
    }
    return out;
  }

 private:
  std::mt19937_64 rng_;
};

TEST(EngineFuzzReplay, MutatedCollectionLinesAgreeAcrossEngines) {
  std::vector<std::string> pool = load_lines("puzzles/top1465.txt");
  for (auto& l : load_lines("puzzles/serg_multi.txt", 500)) pool.push_back(l);
  for (auto& l : load_lines("puzzles/17_clue.txt", 500)) pool.push_back(l);
  ASSERT_GT(pool.size(), 2000u);

  sudokit::Solver fast(sudokit::EngineKind::fast), dlx(sudokit::EngineKind::dlx);
  Mutator mutate(20261123);
  FuzzTally tally;
  const std::size_t inputs = 20000 / kSanitizerStride;
  for (std::size_t i = 0; i < inputs; ++i) {
    const std::string input = mutate.input(pool);
    const std::string broken = check_fast9_input(input, fast, dlx, &tally);
    ASSERT_EQ(broken, "") << "input " << i << ":\n" << input;
  }
  // The replay must have reached the engines on every kind of answer, not only the reader.
  EXPECT_GT(tally.compared, inputs);
  EXPECT_GT(tally.by_count[0], inputs / 20) << "unsolvable or clashing grids";
  EXPECT_GT(tally.by_count[1], inputs / 20) << "unique grids";
  EXPECT_GT(tally.by_count[2], inputs / 20) << "grids with several solutions";
  EXPECT_GT(tally.records, tally.compared) << "unreadable records too";
}

TEST(EngineFuzzReplay, ArbitraryBytesNeverLoseARecord) {
  sudokit::Solver fast(sudokit::EngineKind::fast), dlx(sudokit::EngineKind::dlx);
  std::mt19937_64 rng(7);
  FuzzTally tally;
  for (int i = 0; i < 3000; ++i) {
    std::string bytes(std::uniform_int_distribution<std::size_t>(0, 300)(rng), '\0');
    for (char& c : bytes) c = static_cast<char>(std::uniform_int_distribution<int>(0, 255)(rng));
    ASSERT_EQ(check_fast9_input(bytes, fast, dlx, &tally), "") << "input " << i;
  }
  EXPECT_GT(tally.records, 1000u);
}

}  // namespace

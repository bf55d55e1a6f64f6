// book_variant_test.cpp: `sudokit book --variant x|hyper|jigsaw|killer` driven as a program.
//
// The book is read back with poppler's tools only (pdfinfo, pdftotext -raw). What is proved:
//  - each variant prints: X and hyper from plain lines, jigsaw from "PUZZLE REGIONS" lines and
//    jsonl `regions`, killer from jsonl `cages` on standard input (no givens); headings name
//    the variant ("1 · Killer · Hard"), killer sums follow the heading in row-major order of
//    the cages' first cells, and the answers are the known solutions;
//  - puzzles are checked under their own rules: an X puzzle read as classic is not unique (so
//    the variant's rules are what was checked), a classic puzzle whose solution breaks the
//    diagonals has no X solution, non-unique X, jigsaw and killer puzzles and malformed region
//    maps and cages are each refused as FILE:LINE: reason, no book is written (exit 1), and
//    --skip-bad prints the rest;
//  - variant records that would need the (classic) grader are refused with the reason; a
//    level field serves instead;
//  - --one-per-file SVG cards of a killer book.
// The puzzles are the ones tests/unit/book_variant_test.cpp proves unique through the solver;
// the killer's cage sums are computed here from its solution and cage map.
#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli_support.hpp"

namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using sudokit::testing::CliResult;
using sudokit::testing::run_program;
using sudokit::testing::run_sudokit;
using sudokit::testing::TempFile;

const std::string kXPuzzle = "1.3.5.........3...4......2....2...4..........5..69.8...6...............2.95.6.3..";
const std::string kXSolution = "123456789789123456456789123637218945918534267542697831364972518871345692295861374";
const std::string kHyperPuzzle = ".....6......193...54.....6....7..............8...4...........4.........1.8..3.9..";
const std::string kHyperSolution = "123456789768193254549287163235718496497625318816349572372961845954872631681534927";
const std::string kJigsawRegions = "111222333111222333112252333414455666444555666444556696777858899777888999777888999";
const std::string kJigsawPuzzle = "1.3.5...................2.33.4...9....2.......9.....7.........4.4.731..82..6.....";
const std::string kJigsawSolution = "123456789879123465458967213364812957712589346596348172631275894945731628287694531";
const std::string kKillerSolution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
const std::string kKillerCageMap = "AABCCDEEFGABHDDIFFGJJHKLIMMNNOOKLPPQRSSTTUUVQRWXXYYZVabWcddeZfabgchiejfkbgghiijkk";
// A classic puzzle (unique, top1465 #2) whose givens keep clear of each other on the diagonals
// but which has no solution with both diagonals distinct.
const std::string kClassic = "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";

/// The killer's cages as jsonl `cages`, sums from the solution, in row-major order of first cells.
json killer_cages(const std::string& map = kKillerCageMap) {
  std::map<char, std::size_t> index;
  json cages = json::array();
  for (int cell = 0; cell < 81; ++cell) {
    const auto [it, fresh] = index.try_emplace(map[static_cast<std::size_t>(cell)], cages.size());
    if (fresh) cages.push_back({{"sum", 0}, {"cells", json::array()}});
    json& cage = cages[it->second];
    cage["cells"].push_back(cell);
    cage["sum"] = cage["sum"].get<int>() + (kKillerSolution[static_cast<std::size_t>(cell)] - '0');
  }
  return cages;
}

std::string killer_record(const json& cages, const std::string& puzzle = std::string(81, '.'), const std::string& level = "") {
  json record{{"puzzle", puzzle}, {"cages", cages}};
  if (!level.empty()) record["level"] = level;
  return record.dump() + "\n";
}

class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "sudokit_vbook_cli_XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }
  std::size_t file_count() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(path_), fs::directory_iterator()));
  }

 private:
  fs::path path_;
};

std::string pdf_text(const std::string& path) {
  const CliResult text = run_program("/usr/bin/pdftotext", {"-raw", path, "-"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  return text.out;
}

/// The words (split at spaces and line ends) after the line that starts with `heading`
/// (its `occurrence`-th, 0-based), up to the end of that page.
std::vector<std::string> words_after(const std::string& text, const std::string& heading, int occurrence = 0) {
  std::size_t at = 0;
  for (int seen = 0; seen <= occurrence; ++seen) {
    at = text.find(heading, at);
    if (at == std::string::npos) return {"(no heading '" + heading + "')"};
    at += heading.size();
  }
  std::vector<std::string> words;
  std::string word;
  for (std::size_t i = text.find('\n', at) + 1; i < text.size() && text[i] != '\f'; ++i) {
    if (text[i] == ' ' || text[i] == '\n') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += text[i];
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

/// The first 81 single digits of `words`, joined: a grid's givens or an answer.
std::string digits_of(const std::vector<std::string>& words, std::size_t skip = 0) {
  std::string digits;
  for (std::size_t i = skip; i < words.size() && digits.size() < 81; ++i)
    if (words[i].size() == 1 && words[i][0] >= '1' && words[i][0] <= '9') digits += words[i];
  return digits;
}

std::string givens_of(const std::string& line) {
  std::string out;
  for (char c : line)
    if (c != '.') out += c;
  return out;
}

TEST(CliBookVariant, EachVariantPrintsWithItsLookHeadingsAndAnswers) {
  ScratchDir dir;
  struct Case {
    std::string variant, input, heading, puzzle, solution;
  };
  const std::vector<Case> cases{
      {"x", kXPuzzle + "\n", "1 \u00b7 Sudoku X", kXPuzzle, kXSolution},
      {"hyper", kHyperPuzzle + "\n", "1 \u00b7 Hyper", kHyperPuzzle, kHyperSolution},
      {"jigsaw", kJigsawPuzzle + " " + kJigsawRegions + "\n", "1 \u00b7 Jigsaw", kJigsawPuzzle, kJigsawSolution},
      {"jigsaw", json{{"puzzle", kJigsawPuzzle}, {"regions", kJigsawRegions}, {"level", "easy"}}.dump() + "\n",
       "1 \u00b7 Jigsaw \u00b7 Easy", kJigsawPuzzle, kJigsawSolution},
      {"killer", killer_record(killer_cages(), std::string(81, '.'), "hard"), "1 \u00b7 Killer \u00b7 Hard",
       std::string(81, '.'), kKillerSolution},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.variant + ": " + c.input);
    const std::string out = dir / "book.pdf";
    const CliResult r = run_sudokit({"book", "--variant", c.variant, "--per-page", "1", "-o", out}, c.input);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, out + "\n");
    const std::string text = pdf_text(out);
    const std::vector<std::string> puzzle = words_after(text, c.heading, 0);
    std::size_t skip = 0;
    if (c.variant == "killer") {
      // The sums first, in row-major order of the cages' first cells, then no givens.
      const json cages = killer_cages();
      ASSERT_GE(puzzle.size(), cages.size()) << text;
      for (std::size_t i = 0; i < cages.size(); ++i)
        EXPECT_EQ(puzzle[i], std::to_string(cages[i]["sum"].get<int>())) << "cage " << i + 1;
      skip = cages.size();
    }
    // The givens in row-major order; what may follow is only the page number.
    const std::string digits = digits_of(puzzle, skip), givens = givens_of(c.puzzle);
    EXPECT_EQ(digits.substr(0, givens.size()), givens) << text;
    EXPECT_LE(digits.size(), givens.size() + 1) << text;
    // The answer: the heading again on the answers page (maybe without the variant when the
    // small answer heading has no room for it), then the solution.
    const std::size_t answers = text.find("Answers");
    ASSERT_NE(answers, std::string::npos) << text;
    EXPECT_EQ(digits_of(words_after(text.substr(answers), "1 \u00b7")), c.solution) << text;
  }
}

TEST(CliBookVariant, PuzzlesAreCheckedUnderTheirOwnRules) {
  ScratchDir dir;
  // Read as classic, the X puzzle has several solutions: the diagonals make it unique.
  TempFile x(kXPuzzle + "\n");
  CliResult r = run_sudokit({"book", x.path(), "-o", dir / "classic.pdf"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(x.path() + ":1: not unique"), std::string::npos) << r.err;
  EXPECT_EQ(dir.file_count(), 0u);

  // An X file: good, non-unique (givens removed), a classic puzzle that breaks the
  // diagonals, givens that clash on a diagonal.
  std::string sparse = kXPuzzle;
  for (std::size_t i = 40; i < sparse.size(); ++i) sparse[i] = '.';
  std::string clash(81, '.');
  clash[0] = '5';
  clash[80] = '5';  // r1c1 and r9c9: diagonal 1
  TempFile file(kXPuzzle + "\n" + sparse + "\n" + kClassic + "\n" + clash + "\n");
  r = run_sudokit({"book", "--variant", "x", file.path(), "-o", dir / "x.pdf"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(file.path() + ":2: not unique"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file.path() + ":3: no solution"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file.path() + ":4: givens clash: r1c1 and r9c9"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("diagonal"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(file.path() + ":1:"), std::string::npos) << r.err;
  EXPECT_EQ(dir.file_count(), 0u);
  // --skip-bad prints the good one and still exits 1.
  r = run_sudokit({"book", "--variant", "x", "--skip-bad", file.path(), "-o", dir / "x.pdf"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(fs::exists(dir / "x.pdf"));
  EXPECT_NE(pdf_text(dir / "x.pdf").find("1 \u00b7 Sudoku X"), std::string::npos);
  fs::remove(dir / "x.pdf");

  // Jigsaw: an empty grid is not unique; a region map of the wrong length is the record's reason.
  TempFile jigsaw(std::string(81, '.') + " " + kJigsawRegions + "\n" + kJigsawPuzzle + " " + kJigsawRegions.substr(1) +
                  "\n");
  r = run_sudokit({"book", "--variant", "jigsaw", jigsaw.path(), "-o", dir / "j.pdf"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(jigsaw.path() + ":1: not unique"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(jigsaw.path() + ":2: "), std::string::npos) << r.err;
  EXPECT_EQ(dir.file_count(), 0u);

  // Killer: one cage per row (every sum 45) is not unique; a cage sum no two digits make is
  // malformed; the good one with a given that breaks its cage's sum clashes.
  json rows = json::array();
  for (int row = 0; row < 9; ++row) {
    json cells = json::array();
    for (int col = 0; col < 9; ++col) cells.push_back(row * 9 + col);
    rows.push_back({{"sum", 45}, {"cells", cells}});
  }
  json impossible = killer_cages();
  impossible[1]["sum"] = 18;  // cage B: two cells
  std::string broken(81, '.');
  broken[6] = '9';  // cage E (r1c7, r1c8) sums to 7
  TempFile killer(killer_record(rows) + killer_record(impossible) + killer_record(killer_cages(), broken) +
                      killer_record(killer_cages()),
                  ".jsonl");
  r = run_sudokit({"book", "--variant", "killer", killer.path(), "-o", dir / "k.pdf"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(killer.path() + ":1: not unique"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(killer.path() + ":2: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(killer.path() + ":3: givens clash"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(killer.path() + ":4:"), std::string::npos) << r.err;
  EXPECT_EQ(dir.file_count(), 0u);
}

TEST(CliBookVariant, VariantRecordsAreGradedUnderTheirRulesWhereGradingIsAsked) {
  ScratchDir dir;
  TempFile file(kXPuzzle + "\n");
  CliResult r = run_sudokit({"book", "--variant", "x", "--grade", file.path(), "-o", dir / "g.pdf"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // The heading carries the level the variant grader gives, the one `grade --variant x` gives.
  const auto graded = run_sudokit({"grade", "--variant", "x", "--format", "jsonl"}, kXPuzzle + "\n");
  const json record = json::parse(graded.out);
  ASSERT_EQ(record["status"], "graded") << graded.out;
  std::string level = record["level"].get<std::string>();
  level[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(level[0])));
  const std::string graded_text = pdf_text(dir / "g.pdf");
  EXPECT_NE(graded_text.find("1 \u00b7 Sudoku X \u00b7 " + level), std::string::npos) << graded_text;
  // With levels in the records, sections use them.
  TempFile levelled(json{{"puzzle", kXPuzzle}, {"level", "hard"}}.dump() + "\n" +
                        json{{"puzzle", kXPuzzle}, {"level", "easy"}}.dump() + "\n",
                    ".jsonl");
  r = run_sudokit({"book", "--variant", "x", "--sections", "level", levelled.path(), "-o", dir / "s.pdf"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = pdf_text(dir / "s.pdf");
  const std::size_t easy = text.find("1 \u00b7 Sudoku X \u00b7 Easy"), hard = text.find("2 \u00b7 Sudoku X \u00b7 Hard");
  EXPECT_NE(easy, std::string::npos) << text;
  EXPECT_NE(hard, std::string::npos) << text;
  EXPECT_LT(easy, hard);
}

TEST(CliBookVariant, KillerCardsOnePerFile) {
  ScratchDir dir;
  const CliResult r = run_sudokit({"book", "--variant", "killer", "--one-per-file", "-o", dir / "card.svg"},
                                  killer_record(killer_cages()) + killer_record(killer_cages()));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* name : {"card-001.svg", "card-002.svg", "card-001-answer.svg", "card-002-answer.svg"}) {
    EXPECT_TRUE(fs::exists(dir / name)) << name;
    EXPECT_NE(r.out.find(dir / name), std::string::npos) << r.out;
  }
  // Dashed cage lines are in the SVG (cairo writes them as stroke-dasharray).
  std::ifstream card(dir / "card-001.svg");
  const std::string svg{std::istreambuf_iterator<char>(card), std::istreambuf_iterator<char>()};
  EXPECT_NE(svg.find("stroke-dasharray"), std::string::npos);
}

}  // namespace

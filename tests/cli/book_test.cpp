// book_test.cpp: `sudokit book` driven as a program (cli/cmd_book.cpp over book/).
//
// The book is read back with poppler's tools, never with sudokit's own code: pdfinfo for
// page counts, pdftotext -raw for the text layer (each puzzle's heading, then its givens in
// row-major order; later each answer, checked with solution_problem(), which knows only
// the rules). What is proved here:
//  - page counts for several page sizes, per-page counts, title page, no answers;
//  - refusals: invalid, unsolvable and non-unique records are each named FILE:LINE: reason
//    and no book is written (exit 1); --skip-bad writes the rest (exit 1);
//  - records in: generate's jsonl arranged by --sections level (easiest first, a heading
//    page each) and --sort rating; csv; --grade fills levels plain text lacks;
//  - trims, bleed and custom sizes (pdfinfo page sizes); `sudokit cover`: the wrap's size
//    for pages and paper, the spine title, and its refusals;
//  - the same input and options give the same bytes (PDF and SVG);
//  - SVG and PNG write one file per page (or per puzzle with --one-per-file), listed on
//    standard output;
//  - bad requests (page size, per-page, illegible fit, font, format, dpi, output path,
//    missing -o) exit 2 with a message and write nothing.
#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_support.hpp"

namespace {

namespace fs = std::filesystem;
using sudokit::testing::CliResult;
using sudokit::testing::data_lines;
using sudokit::testing::GridSpec;
using sudokit::testing::join_lines;
using sudokit::testing::run_program;
using sudokit::testing::run_sudokit;
using sudokit::testing::solution_problem;
using sudokit::testing::split_lines;
using sudokit::testing::TempFile;

const std::string kSixteen =
    "C.94F.B..D.....151.6A.G....27.8437G....D.A1F.B968..263.174.9.5.E14.F97E.3GA6D...B38D....E..16.G.7..G..D...54"
    "E3B.E569.A...F..4C17AE2.D.1.98...6C...7..B...6.G1.5.D65B..7.1.23.A.8G94..86....B.E.D..B..6A......1E..F.A....."
    "E.8B7.C6.1..E.8G..A..49...7..FC416.....";

class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "sudokit_book_cli_XXXXXX").string();
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

std::string tool(const std::string& name) {
  for (const char* dir : {"/usr/bin/", "/usr/local/bin/", "/bin/"})
    if (fs::exists(std::string(dir) + name)) return std::string(dir) + name;
  ADD_FAILURE() << name << " is not installed (poppler-utils; see scripts/install-deps)";
  return name;
}

int pdf_pages(const std::string& path) {
  const CliResult info = run_program(tool("pdfinfo"), {path});
  EXPECT_EQ(info.exit_code, 0) << info.err;
  const std::size_t at = info.out.find("Pages:");
  return at == std::string::npos ? -1 : std::stoi(info.out.substr(at + 6));
}

std::string pdf_text(const std::string& path) {
  const CliResult text = run_program(tool("pdftotext"), {"-raw", path, "-"});
  EXPECT_EQ(text.exit_code, 0) << text.err;
  return text.out;
}

std::string without_spaces(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != ' ' && c != '\n' && c != '\f') out += c;
  return out;
}

/// The symbols after the `occurrence`-th "Puzzle N" heading line, to the next heading or page.
std::string symbols_after(const std::string& text, int number, int occurrence) {
  const std::string heading = "Puzzle " + std::to_string(number) + "\n";
  std::size_t at = 0;
  for (int seen = 0; seen <= occurrence; ++seen) {
    at = text.find(heading, at);
    if (at == std::string::npos) return "(no heading)";
    at += heading.size();
  }
  const std::size_t end = std::min(text.find("Puzzle", at), text.find('\f', at));
  return without_spaces(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
}

std::string givens_of(const std::string& line) {
  std::string out;
  for (char c : line)
    if (c != '.' && c != '0') out += c;
  return out;
}

TEST(CliBook, PageCountsFollowTheLayout) {
  ScratchDir dir;
  TempFile input(join_lines(data_lines("puzzles/top1465.txt", 10)));
  struct Case {
    std::vector<std::string> options;
    int pages;
  };
  const std::vector<Case> cases{
      // Puzzles and answers start on right-hand pages; the count is even (blank pages).
      {{}, 3 + 1 + 1 + 1},  // A4, 4 to a page, 12 answers to a page
      {{"--per-page", "6", "--page-size", "6x9", "--title", "Ten"}, 2 + 2 + 1 + 1},
      {{"--per-page", "1", "--no-answers", "--page-size", "letter"}, 10},
      {{"--per-page", "2", "--page-size", "8.5x11", "--answers-per-page", "4"}, 5 + 1 + 3 + 1},
      {{"--per-page", "3", "--page-size", "5x8", "--no-answers"}, 4},
  };
  for (const Case& c : cases) {
    const std::string out = dir / "book.pdf";
    std::vector<std::string> args{"book", input.path(), "-o", out};
    args.insert(args.end(), c.options.begin(), c.options.end());
    const CliResult r = run_sudokit(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, out + "\n");
    EXPECT_EQ(pdf_pages(out), c.pages) << testing::PrintToString(c.options);
  }
}

TEST(CliBook, TextLayerHasGivensInOrderAndValidAnswers) {
  ScratchDir dir;
  const std::vector<std::string> puzzles = data_lines("puzzles/hardest_1106.txt", 5);
  ASSERT_EQ(puzzles.size(), 5u);
  const std::string out = dir / "book.pdf";
  const CliResult r = run_sudokit({"book", "-o", out, "--per-page", "4"}, join_lines(puzzles));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string text = pdf_text(out);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    SCOPED_TRACE(testing::Message() << "puzzle " << i + 1);
    const std::string givens = givens_of(puzzles[i]);
    const std::string shown = symbols_after(text, static_cast<int>(i) + 1, 0);
    EXPECT_EQ(shown.substr(0, givens.size()), givens);
    const std::string answer = symbols_after(text, static_cast<int>(i) + 1, 1).substr(0, 81);
    EXPECT_EQ(solution_problem(puzzles[i], answer), "");
  }
}

TEST(CliBook, SixteenBySixteenSymbolsComeThrough) {
  ScratchDir dir;
  const std::string out = dir / "big.pdf";
  const CliResult r = run_sudokit({"book", "-o", out, "--per-page", "1"}, kSixteen + "\n");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(pdf_pages(out), 4);  // the puzzle, a blank back, the answer (right-hand), a blank
  const std::string text = pdf_text(out);
  EXPECT_EQ(symbols_after(text, 1, 0).substr(0, givens_of(kSixteen).size()), givens_of(kSixteen));
  GridSpec spec;
  spec.n = 16;
  spec.box_rows = spec.box_cols = 4;
  EXPECT_EQ(solution_problem(kSixteen, symbols_after(text, 1, 1).substr(0, 256), spec), "");
}

TEST(CliBook, UnprintablePuzzlesStopTheBookUnlessSkipped) {
  ScratchDir dir;
  const std::string good = data_lines("puzzles/top1465.txt", 1).at(0);
  const std::string multi = data_lines("puzzles/serg_multi.txt", 1).at(0);
  const std::string clash = "11" + good.substr(2);
  const std::string unsolvable = "12345678.........9" + std::string(63, '.');
  const std::string bad_symbol = "12?" + good.substr(3);
  const std::string empty(81, '.');
  TempFile input(join_lines({good, clash, unsolvable, multi, good, bad_symbol, empty}));
  const std::string& file = input.path();
  const std::string out = dir / "book.pdf";
  auto expect_named = [&](const CliResult& r) {
    EXPECT_NE(r.err.find(file + ":2: givens clash"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(file + ":3: no solution"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(file + ":4: not unique"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(file + ":6: "), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(file + ":7: not unique"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find(file + ":1:"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find(file + ":5:"), std::string::npos) << r.err;
  };
  // Refused: every bad record named, exit 1, nothing written.
  CliResult r = run_sudokit({"book", input.path(), "-o", out});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  expect_named(r);
  EXPECT_NE(r.err.find("5 puzzles cannot be printed; no book written"), std::string::npos) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(dir.file_count(), 0u);

  // --skip-bad: the two good puzzles printed, still exit 1.
  r = run_sudokit({"book", input.path(), "-o", out, "--skip-bad"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  expect_named(r);
  EXPECT_EQ(r.out, out + "\n");
  const std::string text = pdf_text(out);
  EXPECT_EQ(symbols_after(text, 2, 0).substr(0, givens_of(good).size()), givens_of(good));
  EXPECT_EQ(solution_problem(good, symbols_after(text, 2, 1).substr(0, 81)), "");
  EXPECT_EQ(text.find("Puzzle 3\n"), std::string::npos);
}

TEST(CliBook, NothingPrintableWritesNothing) {
  ScratchDir dir;
  const std::string out = dir / "book.pdf";
  CliResult r = run_sudokit({"book", "-o", out, "--skip-bad"}, "11" + std::string(79, '.') + "\n");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find("no puzzles"), std::string::npos) << r.err;
  r = run_sudokit({"book", "-o", out}, "");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(dir.file_count(), 0u);
}

/// The puzzle headings of a book's text layer in order ("3 · Hard"), puzzles only (answers
/// come after the "Answers" heading).
std::vector<std::string> headings_of(const std::string& text) {
  std::vector<std::string> headings;
  for (std::string line : split_lines(text.substr(0, text.find("Answers")))) {
    while (!line.empty() && line.front() == '\f') line.erase(0, 1);  // a page's first line
    const std::size_t dot = line.find(" \u00b7 ");
    if (dot != std::string::npos && dot > 0 && std::isdigit(static_cast<unsigned char>(line[0])))
      headings.push_back(line.substr(0, line.find(" seed") == std::string::npos ? line.size() : line.find(" seed")));
  }
  return headings;
}

int level_rank(const std::string& heading) {
  const std::vector<std::string> levels{"Easy", "Medium", "Hard", "Expert", "Extreme"};
  for (std::size_t i = 0; i < levels.size(); ++i)
    if (heading.size() >= levels[i].size() && heading.compare(heading.size() - levels[i].size(), levels[i].size(), levels[i]) == 0)
      return static_cast<int>(i);
  return -1;
}

/// `generate` records' field values by puzzle, from jsonl ("level":"hard", "rating":4.2).
std::string json_field(const std::string& line, const std::string& key) {
  const std::size_t at = line.find("\"" + key + "\":");
  if (at == std::string::npos) return "";
  std::size_t start = at + key.size() + 3;
  if (line[start] == '"') ++start;
  const std::size_t end = line.find_first_of("\",}", start);
  return line.substr(start, end - start);
}

// The book's summary suggests the cover command for its page count, and that command, run as
// suggested, makes the cover (a book thinner than KDP's 24 pages gets no suggestion: above).
TEST(CliBook, TheSuggestedCoverCommandWorks) {
  ScratchDir dir;
  const CliResult generated = run_sudokit({"generate", "-n", "30", "--seed", "7"});
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  TempFile puzzles(generated.out);
  const CliResult r = run_sudokit({"book", puzzles.path(), "-o", dir / "book.pdf", "--page-size", "6x9", "--per-page", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t at = r.err.find("sudokit cover --pages ");
  ASSERT_NE(at, std::string::npos) << r.err;
  std::vector<std::string> args;
  std::istringstream words(r.err.substr(at + std::string("sudokit ").size()));
  for (std::string word; words >> word;) args.push_back(word);
  args.insert(args.end(), {"-o", dir / "cover.pdf"});
  const CliResult cover = run_sudokit(args);
  EXPECT_EQ(cover.exit_code, 0) << cover.err;
}

TEST(CliBook, JsonlRecordsArrangedInLevelSectionsByRating) {
  ScratchDir dir;
  const CliResult generated = run_sudokit({"generate", "-n", "14", "--seed", "7", "--format", "jsonl", "--grade"});
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  TempFile records(generated.out);
  const std::string out = dir / "book.pdf";
  const CliResult r = run_sudokit({"book", records.path(), "-o", out, "--page-size", "6x9", "--per-page", "2",
                                   "--sections", "level", "--sort", "rating", "--title", "Levels"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // 16 pages: fewer than a KDP paperback has, so no `sudokit cover` to suggest (it would refuse).
  EXPECT_NE(r.err.find("16 pages"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("too few pages for a KDP paperback's cover (24 to 828 pages)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("sudokit cover --pages"), std::string::npos) << r.err;
  const std::string text = pdf_text(out);
  const std::vector<std::string> headings = headings_of(text);
  ASSERT_EQ(headings.size(), 14u) << text;
  // Numbered 1..14 in print order, levels never decreasing, ratings never decreasing within a level.
  std::map<std::string, std::pair<std::string, double>> by_puzzle;  // puzzle → level, rating
  std::vector<std::string> lines = split_lines(generated.out);
  for (const std::string& line : lines)
    by_puzzle[json_field(line, "puzzle")] = {json_field(line, "level"), std::stod(json_field(line, "rating"))};
  int previous_rank = -1;
  std::set<std::string> levels_seen;
  for (std::size_t i = 0; i < headings.size(); ++i) {
    EXPECT_EQ(headings[i].substr(0, headings[i].find(' ')), std::to_string(i + 1));
    const int rank = level_rank(headings[i]);
    ASSERT_GE(rank, 0) << headings[i];
    EXPECT_GE(rank, previous_rank) << headings[i];
    previous_rank = rank;
    levels_seen.insert(headings[i].substr(headings[i].rfind(' ') + 1));
  }
  // Each level's section opens with its heading page ("Hard\nPuzzles 5–9") in the text layer.
  for (const std::string& level : levels_seen) {
    EXPECT_NE(text.find(level + "\nPuzzle"), std::string::npos) << level << "\n" << text;
  }
  // Ratings within a section: find each record's givens in the printed puzzles (before the
  // answers) and check that, level by level, they come in order of rating.
  std::vector<std::pair<std::size_t, std::pair<std::string, double>>> positions;
  const std::string flat = without_spaces(text.substr(0, text.find("Answers")));
  for (const auto& [puzzle, level_rating] : by_puzzle) {
    const std::size_t at = flat.find(givens_of(puzzle));
    ASSERT_NE(at, std::string::npos) << puzzle;
    positions.push_back({at, level_rating});
  }
  std::sort(positions.begin(), positions.end());
  for (std::size_t i = 1; i < positions.size(); ++i)
    if (positions[i].second.first == positions[i - 1].second.first) {
      EXPECT_GE(positions[i].second.second, positions[i - 1].second.second);
    }
  EXPECT_GE(levels_seen.size(), 2u);
}

TEST(CliBook, CsvRecordsAndGradingFillLevels) {
  ScratchDir dir;
  const CliResult generated = run_sudokit({"generate", "-n", "3", "--seed", "11", "--format", "csv", "--grade"});
  ASSERT_EQ(generated.exit_code, 0) << generated.err;
  const std::string out = dir / "book.pdf";
  CliResult r = run_sudokit({"book", "-o", out, "--no-answers"}, generated.out);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(headings_of(pdf_text(out)).size(), 3u) << pdf_text(out);
  EXPECT_NE(pdf_text(out).find("seed "), std::string::npos);  // generate's seed as a reference

  // Plain text has no levels: "Puzzle N", unless --grade fills them in.
  const std::string plain = join_lines(data_lines("puzzles/top1465.txt", 2));
  r = run_sudokit({"book", "-o", out, "--no-answers"}, plain);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(pdf_text(out).find("Puzzle 2\n"), std::string::npos);
  EXPECT_TRUE(headings_of(pdf_text(out)).empty());
  r = run_sudokit({"book", "-o", out, "--no-answers", "--grade"}, plain);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> headings = headings_of(pdf_text(out));
  ASSERT_EQ(headings.size(), 2u) << pdf_text(out);
  for (const std::string& heading : headings) EXPECT_GE(level_rank(heading), 0) << heading;
}

TEST(CliBook, TrimBleedAndCustomSizes) {
  ScratchDir dir;
  TempFile input(join_lines(data_lines("puzzles/top1465.txt", 2)));
  const std::string out = dir / "book.pdf";
  struct Case {
    std::vector<std::string> options;
    std::string size;
  };
  const std::vector<Case> cases{{{"--page-size", "6x9", "--bleed"}, "441 x 666 pts"},
                                {{"--page-size", "8.25x6"}, "594 x 432 pts"},
                                {{"--page-size", "5.06x7.81"}, "364.32 x 562.32 pts"},
                                {{"--page-size", "127x203.2mm"}, "360 x 576 pts"}};
  for (const Case& c : cases) {
    std::vector<std::string> args{"book", input.path(), "-o", out};
    args.insert(args.end(), c.options.begin(), c.options.end());
    const CliResult r = run_sudokit(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const CliResult info = run_program(tool("pdfinfo"), {out});
    EXPECT_NE(info.out.find("Page size:       " + c.size), std::string::npos) << c.size << "\n" << info.out;
  }
}

TEST(CliCover, WritesTheWrapForPagesAndPaper) {
  ScratchDir dir;
  const std::string out = dir / "cover.pdf";
  CliResult r = run_sudokit({"cover", "--pages", "120", "--page-size", "6x9", "--paper", "cream", "--title",
                             "Sudoku Nights", "--author", "Ann Author", "-o", out});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, out + "\n");
  EXPECT_NE(r.err.find("spine 0.3000 in"), std::string::npos) << r.err;  // 120 × 0.0025
  CliResult info = run_program(tool("pdfinfo"), {out});
  // (6 + 0.3 + 6 + 0.25) in × (9 + 0.25) in
  EXPECT_NE(info.out.find("Page size:       903.6 x 666 pts"), std::string::npos) << info.out;
  EXPECT_EQ(pdf_pages(out), 1);
  // The spine carries the title at 120 pages: "Nights" twice (front and spine).
  const std::string text = pdf_text(out);
  EXPECT_NE(text.find("Nights"), text.rfind("Nights")) << text;

  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases{
      {{"cover", "--page-size", "6x9", "-o", out}, "--pages"},
      {{"cover", "--pages", "10", "-o", out}, "24 to 828"},
      {{"cover", "--pages", "100", "--paper", "glossy", "-o", out}, "unknown paper"},
      {{"cover", "--pages", "100", "--page-size", "b5", "-o", out}, "unknown page size"},
      {{"cover", "--pages", "100"}, "-o/--output"},
      {{"cover", "--pages", "100", "-o", "/nonexistent-folder/c.pdf"}, "does not exist"},
  };
  for (const Case& c : cases) {
    r = run_sudokit(c.args);
    EXPECT_EQ(r.exit_code, 2) << testing::PrintToString(c.args);
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
}

TEST(CliBook, SameInputSameBytes) {
  ScratchDir dir;
  TempFile input(join_lines(data_lines("puzzles/17_clue.txt", 7)) + kSixteen + "\n");
  for (const std::string& ext : {std::string("pdf"), std::string("svg")}) {
    const CliResult a = run_sudokit({"book", input.path(), "--title", "Again", "-o", dir / ("a." + ext)});
    const CliResult b = run_sudokit({"book", input.path(), "--title", "Again", "-o", dir / ("b." + ext)});
    ASSERT_EQ(a.exit_code, 0) << a.err;
    ASSERT_EQ(b.exit_code, 0) << b.err;
    const std::vector<std::string> first = split_lines(a.out), second = split_lines(b.out);
    ASSERT_EQ(first.size(), second.size());
    ASSERT_FALSE(first.empty());
    for (std::size_t i = 0; i < first.size(); ++i) {
      const CliResult compare = run_program(tool("cmp"), {first[i], second[i]});
      EXPECT_EQ(compare.exit_code, 0) << first[i] << " and " << second[i] << " differ";
    }
  }
}

TEST(CliBook, SvgAndPngAreOneFilePerPageOrPerPuzzle) {
  ScratchDir dir;
  TempFile input(join_lines(data_lines("puzzles/top1465.txt", 5)));
  CliResult r = run_sudokit({"book", input.path(), "-o", dir / "pages.svg"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(split_lines(r.out), (std::vector<std::string>{dir / "pages-001.svg", dir / "pages-002.svg",
                                                          dir / "pages-003.svg", dir / "pages-004.svg"}));
  for (const std::string& file : split_lines(r.out)) EXPECT_TRUE(fs::exists(file)) << file;

  r = run_sudokit({"book", input.path(), "--format", "png", "--dpi", "30", "-o", dir / "preview"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(split_lines(r.out).size(), 4u);
  EXPECT_EQ(split_lines(r.out).at(0), dir / "preview-001.png");
  for (const std::string& file : split_lines(r.out)) {
    std::ifstream png(file, std::ios::binary);
    std::string signature(8, '\0');
    png.read(signature.data(), 8);
    EXPECT_EQ(signature, "\x89PNG\r\n\x1a\n") << file;
  }

  r = run_sudokit({"book", input.path(), "--one-per-file", "-o", dir / "web.svg"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<std::string> cards = split_lines(r.out);
  ASSERT_EQ(cards.size(), 10u);
  EXPECT_EQ(cards[0], dir / "web-001.svg");
  EXPECT_EQ(cards[9], dir / "web-005-answer.svg");
}

TEST(CliBook, BadRequestsExitTwoAndWriteNothing) {
  ScratchDir dir;
  TempFile nine(join_lines(data_lines("puzzles/top1465.txt", 2)));
  TempFile sixteen(kSixteen + "\n");
  const std::string out = dir / "book.pdf";
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases{
      {{"book", nine.path(), "-o", out, "--page-size", "b5"}, "unknown page size 'b5'"},
      {{"book", nine.path(), "-o", out, "--per-page", "7"}, "7 puzzles to a page"},
      {{"book", nine.path(), "-o", out, "--sections", "rating"}, "--sections"},
      {{"book", nine.path(), "-o", out, "--sort", "level"}, "--sort"},
      {{"book", nine.path(), "-o", out, "--answers-per-page", "5"}, "5 answers to a page"},
      {{"book", sixteen.path(), "-o", out, "--per-page", "6", "--page-size", "6x9"}, "legible"},
      {{"book", nine.path(), "-o", out, "--font", "No Such Font Family"}, "not installed"},
      {{"book", nine.path(), "-o", out, "--format", "tiff"}, "unknown format"},
      {{"book", nine.path(), "-o", out, "--dpi", "0"}, "dpi"},
      {{"book", nine.path(), "-o", "/nonexistent-folder/book.pdf"}, "does not exist"},
      {{"book", nine.path(), "-o", dir / ""}, "folder"},
      {{"book", nine.path()}, "-o/--output"},
  };
  for (const Case& c : cases) {
    const CliResult r = run_sudokit(c.args);
    EXPECT_EQ(r.exit_code, 2) << testing::PrintToString(c.args) << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  EXPECT_EQ(dir.file_count(), 0u);
}

}  // namespace

// Tests of the variants' look in books and cards (book.hpp "Variants"), read back as pixels
// (the book's PNG pages at 72 dpi: one pixel per point, so the page plan says where every
// cell, rule and cage line is) and as text (pdftotext):
//  - X shades exactly the cells of both diagonals, hyper exactly its four windows, light
//    enough that the givens stay black on them; classic grids of the same digits shade nothing;
//  - jigsaw rules are thick exactly where two regions meet (box boundaries inside a region
//    are thin);
//  - killer cages are dashed lines a tenth of a cell inside every side that faces another
//    cage, none across a cage's inside; each cage's sum is printed, in row-major order of
//    the cages' first cells, after the heading and before the givens;
//  - answers keep the look (shading; killer outlines without sums), cards (render_card, the
//    server's /v1/render) too; headings name the variant;
//  - nothing lies outside the trim less KDP's margins on 6x9 pages with bleed;
//  - rules of another shape than the puzzle are refused.
//
// The test puzzles are checked here first: valid and unique under their own rules through
// the solver. X, hyper and jigsaw were dug from a solution of the rules (every given whose
// removal kept the puzzle unique removed); the killer is built by hand from a known solution
// grid and a cage map (37 cages of 2 or 3 cells), its sums read off the solution, with no
// givens, and is unique.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "book_readback.hpp"
#include "layout.hpp"
#include "sudokit/book.hpp"
#include "sudokit/solver.hpp"
#include "sudokit/variant.hpp"

namespace sudokit {
namespace {

namespace fs = std::filesystem;
using testing::darkest;
using testing::dark_pixels;
using testing::GreyImage;
using testing::load_png_bytes;
using testing::load_png_file;
using testing::run_command;

const std::string kXPuzzle = "1.3.5.........3...4......2....2...4..........5..69.8...6...............2.95.6.3..";
const std::string kXSolution = "123456789789123456456789123637218945918534267542697831364972518871345692295861374";
const std::string kHyperPuzzle = ".....6......193...54.....6....7..............8...4...........4.........1.8..3.9..";
const std::string kHyperSolution = "123456789768193254549287163235718496497625318816349572372961845954872631681534927";
// Boxes with two cycles of cells traded between neighbouring boxes (top left and bottom right).
const std::string kJigsawRegions = "111222333111222333112252333414455666444555666444556696777858899777888999777888999";
const std::string kJigsawPuzzle = "1.3.5...................2.33.4...9....2.......9.....7.........4.4.731..82..6.....";
const std::string kJigsawSolution = "123456789879123465458967213364812957712589346596348172631275894945731628287694531";
const std::string kKillerSolution = "468931527751624839392578461134756298289413675675289314846192753513867942927345186";
// One letter per cage (row-major): 37 cages, dominoes and a few L-shaped triples.
const std::string kKillerCageMap = "AABCCDEEFGABHDDIFFGJJHKLIMMNNOOKLPPQRSSTTUUVQRWXXYYZVabWcddeZfabgchiejfkbgghiijkk";

const Shape kNine = *default_shape(9);

Grid grid_of(const std::string& line) {
  Grid grid(kNine);
  for (std::size_t i = 0; i < line.size(); ++i) grid.cells[i] = static_cast<std::uint8_t>(line[i] == '.' ? 0 : line[i] - '0');
  return grid;
}

std::vector<Cage> killer_cages() {
  std::vector<Cage> cages;
  std::map<char, std::size_t> index;
  for (int cell = 0; cell < 81; ++cell) {
    const auto [it, fresh] = index.try_emplace(kKillerCageMap[static_cast<std::size_t>(cell)], cages.size());
    if (fresh) cages.emplace_back();
    Cage& cage = cages[it->second];
    cage.cells.push_back(cell);
    cage.sum += kKillerSolution[static_cast<std::size_t>(cell)] - '0';
  }
  return cages;
}

std::shared_ptr<const Rules> rules_of(Variant variant) {
  std::string why;
  std::optional<Rules> rules;
  if (variant == Variant::jigsaw) rules = make_jigsaw_rules(kNine, kJigsawRegions, &why);
  else if (variant == Variant::killer) rules = make_killer_rules(kNine, killer_cages(), &why);
  else rules = make_rules(variant, kNine, &why);
  EXPECT_TRUE(rules) << why;
  return rules ? std::make_shared<const Rules>(*rules) : nullptr;
}

BookPuzzle variant_puzzle(Variant variant, const std::string& level = "") {
  BookPuzzle puzzle;
  switch (variant) {
    case Variant::x: puzzle = BookPuzzle(grid_of(kXPuzzle), grid_of(kXSolution), level); break;
    case Variant::hyper: puzzle = BookPuzzle(grid_of(kHyperPuzzle), grid_of(kHyperSolution), level); break;
    case Variant::jigsaw: puzzle = BookPuzzle(grid_of(kJigsawPuzzle), grid_of(kJigsawSolution), level); break;
    case Variant::killer: puzzle = BookPuzzle(Grid(kNine), grid_of(kKillerSolution), level); break;
    case Variant::classic: break;
  }
  puzzle.rules = rules_of(variant);
  return puzzle;
}

constexpr Variant kVariants[] = {Variant::x, Variant::hyper, Variant::jigsaw, Variant::killer};

/// A scratch folder, removed at the end of the test.
class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "sudokit_vbook_XXXXXX").string();
    if (!::mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  fs::path path_;
};

/// One puzzle to a page, as PNG pages at 72 dpi; returns the plan and the page images.
struct Rendered {
  book_internal::BookPlan plan;
  std::vector<GreyImage> pages;
};
Rendered render_png(const std::vector<BookPuzzle>& puzzles, const ScratchDir& dir, bool answers = false) {
  BookOptions options;
  options.per_page = 1;
  options.answers = answers;
  options.format = BookFormat::png;
  options.dpi = 72;
  Rendered rendered;
  rendered.plan = book_internal::plan_book(puzzles, options);
  for (const std::string& file : render_book(puzzles, options, dir / "page.png").files)
    rendered.pages.push_back(load_png_file(file));
  return rendered;
}

/// The first placed grid (puzzle or answer) on the rendered pages, with its page image.
std::pair<const GreyImage*, book_internal::Rect> find_grid(const Rendered& rendered, bool answer) {
  for (std::size_t i = 0; i < rendered.plan.pages.size(); ++i)
    for (const auto& placed : rendered.plan.pages[i].grids)
      if (placed.answer == answer) return {&rendered.pages.at(i), placed.grid};
  ADD_FAILURE() << "no " << (answer ? "answer" : "puzzle") << " grid";
  return {nullptr, {}};
}

/// The lightest-looking patch of a cell clear of its digit and rules: its top-left corner region.
int corner_grey(const GreyImage& image, const book_internal::Rect& box, int cell) {
  const double side = box.width / 9;
  const double x = box.x + (cell % 9) * side, y = box.y + (cell / 9) * side;
  return darkest(image, x + 0.12 * side, y + 0.12 * side, x + 0.25 * side, y + 0.25 * side);
}

/// Expect the cells `shaded` says to be light grey and every other one white, in the grid `box`.
void expect_shading(const GreyImage& image, const book_internal::Rect& box, const std::vector<bool>& shaded,
                    const std::string& what) {
  for (int cell = 0; cell < 81; ++cell) {
    const int grey = corner_grey(image, box, cell);
    if (shaded[static_cast<std::size_t>(cell)]) {
      EXPECT_GE(grey, 200) << what << ": " << cell_name(kNine, cell) << " is light";
      EXPECT_LE(grey, 235) << what << ": " << cell_name(kNine, cell) << " is shaded";
    } else {
      EXPECT_GT(grey, 245) << what << ": " << cell_name(kNine, cell) << " is white";
    }
  }
}

std::vector<bool> diagonal_cells() {
  std::vector<bool> cells(81, false);
  for (int i = 0; i < 9; ++i) cells[static_cast<std::size_t>(i * 9 + i)] = cells[static_cast<std::size_t>(i * 9 + 8 - i)] = true;
  return cells;
}

std::vector<bool> window_cells() {  // rows and columns 2-4 and 6-8 (1-based)
  std::vector<bool> cells(81, false);
  for (int cell = 0; cell < 81; ++cell) cells[static_cast<std::size_t>(cell)] = (cell / 9) % 4 != 0 && (cell % 9) % 4 != 0;
  return cells;
}

TEST(BookVariant, TestPuzzlesAreValidAndUniqueUnderTheirOwnRules) {
  Solver solver;
  for (Variant variant : kVariants) {
    SCOPED_TRACE(std::string(variant_name(variant)));
    const BookPuzzle puzzle = variant_puzzle(variant);
    ASSERT_TRUE(puzzle.rules);
    EXPECT_TRUE(find_clashes(*puzzle.rules, puzzle.puzzle).empty());
    const SolveResult solved = solver.solve(puzzle.puzzle, *puzzle.rules, 2, 2);
    ASSERT_TRUE(solved.complete);
    ASSERT_EQ(solved.count, 1u);
    EXPECT_EQ(solved.solutions.front(), *puzzle.solution);
    std::string why;
    EXPECT_TRUE(is_solution_of(*puzzle.rules, puzzle.puzzle, *puzzle.solution, &why)) << why;
  }
  // The variant puzzles are not classic-unique: the rules are what makes them print-worthy.
  EXPECT_EQ(solver.solve(grid_of(kXPuzzle), 2, 1).count, 2u);
  EXPECT_EQ(rules_of(Variant::killer)->cages.size(), 37u);
}

TEST(BookVariant, HeadingsNameTheVariant) {
  EXPECT_EQ(book_internal::puzzle_label(12, "hard", Variant::killer), "12 \u00b7 Killer \u00b7 Hard");
  EXPECT_EQ(book_internal::puzzle_label(3, "", Variant::x), "3 \u00b7 Sudoku X");
  EXPECT_EQ(book_internal::puzzle_label(4, "easy", Variant::jigsaw), "4 \u00b7 Jigsaw \u00b7 Easy");
  EXPECT_EQ(book_internal::puzzle_label(5, "", Variant::hyper), "5 \u00b7 Hyper");
  EXPECT_EQ(book_internal::puzzle_label(12, "hard", Variant::classic), "12 \u00b7 Hard");
  EXPECT_EQ(book_internal::puzzle_label(3, ""), "Puzzle 3");

  ScratchDir dir;
  std::vector<BookPuzzle> puzzles;
  for (Variant variant : kVariants) puzzles.push_back(variant_puzzle(variant, variant == Variant::killer ? "hard" : ""));
  BookOptions options;
  options.per_page = 2;
  const std::string path = dir / "headings.pdf";
  render_book(puzzles, options, path);
  const std::string text = run_command("pdftotext -raw '" + path + "' -");
  for (const char* heading : {"1 \u00b7 Sudoku X", "2 \u00b7 Hyper", "3 \u00b7 Jigsaw", "4 \u00b7 Killer \u00b7 Hard"})
    EXPECT_NE(text.find(heading), std::string::npos) << heading << "\n" << text;
}

TEST(BookVariant, XShadesBothDiagonalsAndHyperItsWindows) {
  ScratchDir dir;
  BookPuzzle classic_x = variant_puzzle(Variant::x);
  classic_x.rules = nullptr;  // the same digits drawn as a classic grid
  const Rendered rendered =
      render_png({variant_puzzle(Variant::x), variant_puzzle(Variant::hyper), classic_x}, dir);
  ASSERT_EQ(rendered.pages.size(), 4u);  // three puzzles and the blank that makes the count even
  ASSERT_EQ(rendered.pages[0].width, 596);
  const auto grid = [&](std::size_t page) { return rendered.plan.pages.at(page).grids.at(0).grid; };
  expect_shading(rendered.pages[0], grid(0), diagonal_cells(), "x");
  expect_shading(rendered.pages[1], grid(1), window_cells(), "hyper");
  expect_shading(rendered.pages[2], grid(2), std::vector<bool>(81, false), "classic");
  // Givens stay black on the shading: r1c1 of the X puzzle holds 1, on the diagonal.
  const book_internal::Rect box = grid(0);
  const double cell = box.width / 9;
  EXPECT_LT(darkest(rendered.pages[0], box.x + 0.25 * cell, box.y + 0.2 * cell, box.x + 0.75 * cell, box.y + 0.8 * cell), 80);
}

TEST(BookVariant, JigsawRulesAreThickExactlyOnRegionBoundaries) {
  ScratchDir dir;
  const Rendered rendered = render_png({variant_puzzle(Variant::jigsaw)}, dir);
  const GreyImage& image = rendered.pages.at(0);
  const book_internal::Rect box = rendered.plan.pages.at(0).grids.at(0).grid;
  const double cell = box.width / 9;
  const auto region = [&](int row, int col) { return kJigsawRegions[static_cast<std::size_t>(row * 9 + col)]; };
  int thick = 0, thin_on_box_boundary = 0;
  for (int row = 0; row < 9; ++row) {
    for (int col = 0; col < 9; ++col) {
      // Across the edge left of the cell, and across the edge above it, at a line a little
      // off the edge's middle (clear of digits): black and two pixels or more where regions
      // meet, never black elsewhere.
      const double x = box.x + col * cell, y = box.y + row * cell;
      if (col > 0) {
        const int black = dark_pixels(image, x - 4, y + 0.4 * cell, x + 4, y + 0.4 * cell + 1, 60);
        const bool boundary = region(row, col - 1) != region(row, col);
        if (boundary) EXPECT_GE(black, 2) << "between r" << row + 1 << "c" << col << " and c" << col + 1;
        else EXPECT_EQ(black, 0) << "between r" << row + 1 << "c" << col << " and c" << col + 1;
        thick += boundary ? 1 : 0;
        thin_on_box_boundary += !boundary && col % 3 == 0 ? 1 : 0;
      }
      if (row > 0) {
        const int black = dark_pixels(image, x + 0.4 * cell, y - 4, x + 0.4 * cell + 1, y + 4, 60);
        const bool boundary = region(row - 1, col) != region(row, col);
        if (boundary) EXPECT_GE(black, 2) << "between r" << row << " and r" << row + 1 << " in c" << col + 1;
        else EXPECT_EQ(black, 0) << "between r" << row << " and r" << row + 1 << " in c" << col + 1;
        thick += boundary ? 1 : 0;
        thin_on_box_boundary += !boundary && row % 3 == 0 ? 1 : 0;
      }
    }
  }
  EXPECT_GT(thick, 30);
  EXPECT_GT(thin_on_box_boundary, 0);  // the map differs from the boxes, so this tested something
  // Every edge still has a rule: thin grey between cells of one region.
  EXPECT_LT(darkest(image, box.x + cell - 3, box.y + 0.4 * cell, box.x + cell + 3, box.y + 0.4 * cell + 1), 200);
}

/// How much of a killer cage line is inked along a side of a cell: the fraction of the
/// middle stretch (0.42-0.82 of the side, clear of the sum in the corner and of the lines
/// along the neighbouring sides) where a 2-pixel band around the inset line (clear of the
/// rules on the cell's edge) holds a pixel darker than `limit`.
double inked_fraction(const GreyImage& image, const book_internal::Rect& box, int cell, char side, int limit) {
  const double size = box.width / 9, inset = 0.1 * size;
  const double left = box.x + (cell % 9) * size, top = box.y + (cell / 9) * size;
  int inked = 0, total = 0;
  for (double t = 0.42 * size; t < 0.82 * size; t += 1, ++total) {
    double x = left + t, y = top + inset;                     // 't': the top side
    if (side == 'b') y = top + size - inset;
    if (side == 'l' || side == 'r') x = side == 'l' ? left + inset : left + size - inset, y = top + t;
    const bool across_x = side == 'l' || side == 'r';
    const int grey = across_x ? darkest(image, x - 1, y, x + 1, y + 1) : darkest(image, x, y - 1, x + 1, y + 1);
    inked += grey < limit ? 1 : 0;
  }
  return static_cast<double>(inked) / total;
}

void expect_cage_outlines(const GreyImage& image, const book_internal::Rect& box, int dark_limit, const std::string& what) {
  int dashed = 0;
  for (int cell = 0; cell < 81; ++cell) {
    const int row = cell / 9, col = cell % 9;
    const char cage = kKillerCageMap[static_cast<std::size_t>(cell)];
    const auto other = [&](int r, int c) {
      return r < 0 || c < 0 || r > 8 || c > 8 || kKillerCageMap[static_cast<std::size_t>(r * 9 + c)] != cage;
    };
    const std::pair<char, bool> sides[] = {
        {'t', other(row - 1, col)}, {'b', other(row + 1, col)}, {'l', other(row, col - 1)}, {'r', other(row, col + 1)}};
    for (const auto& [side, boundary] : sides) {
      const double inked = inked_fraction(image, box, cell, side, dark_limit);
      if (boundary) {
        // A dashed line: inked in places, with gaps.
        EXPECT_GT(inked, 0.3) << what << ": " << cell_name(kNine, cell) << " side " << side << " has its cage line";
        EXPECT_LT(inked, 0.9) << what << ": " << cell_name(kNine, cell) << " side " << side << " is dashed";
        ++dashed;
      } else {
        EXPECT_EQ(inked, 0) << what << ": " << cell_name(kNine, cell) << " side " << side << " is inside its cage";
      }
    }
  }
  EXPECT_GT(dashed, 100);
}

TEST(BookVariant, KillerCagesAreDashedInsetOutlinesWithTheirSums) {
  ScratchDir dir;
  const Rendered rendered = render_png({variant_puzzle(Variant::killer)}, dir, true);
  const auto [puzzle_page, puzzle_box] = find_grid(rendered, false);
  ASSERT_NE(puzzle_page, nullptr);
  expect_cage_outlines(*puzzle_page, puzzle_box, 160, "puzzle");
  // Each cage's first cell has its sum's ink in its top-left corner; no other empty cell has
  // ink in the middle of that corner band away from the lines.
  const std::vector<Cage> cages = killer_cages();
  std::vector<bool> first(81, false);
  for (const Cage& cage : cages) first[static_cast<std::size_t>(*std::min_element(cage.cells.begin(), cage.cells.end()))] = true;
  const double cell = puzzle_box.width / 9;
  for (int c = 0; c < 81; ++c) {
    const double x = puzzle_box.x + (c % 9) * cell, y = puzzle_box.y + (c / 9) * cell;
    const int ink = dark_pixels(*puzzle_page, x + 0.15 * cell, y + 0.15 * cell, x + 0.35 * cell, y + 0.3 * cell, 100);
    if (first[static_cast<std::size_t>(c)]) EXPECT_GT(ink, 3) << cell_name(kNine, c) << " shows its cage's sum";
    else EXPECT_EQ(ink, 0) << cell_name(kNine, c) << " is no cage's first cell";
  }
  // The answer keeps the outlines, lighter (more grey ink than the same answer drawn
  // classic, none of it dark), and has no sums.
  BookPuzzle plain = variant_puzzle(Variant::killer);
  plain.rules = nullptr;
  ScratchDir plain_dir;
  const Rendered classic = render_png({plain}, plain_dir, true);
  const auto [answer_page, answer_box] = find_grid(rendered, true);
  const auto [classic_page, classic_box] = find_grid(classic, true);
  ASSERT_NE(answer_page, nullptr);
  ASSERT_NE(classic_page, nullptr);
  ASSERT_EQ(answer_box.x, classic_box.x);
  ASSERT_EQ(answer_box.y, classic_box.y);
  const double answer_cell = answer_box.width / 9;
  ASSERT_GE(answer_cell, 7.5);
  const auto grey_ink = [&](const GreyImage& image) {
    return dark_pixels(image, answer_box.x, answer_box.y, answer_box.right(), answer_box.bottom(), 250);
  };
  EXPECT_GT(grey_ink(*answer_page), grey_ink(*classic_page) + 200);
  for (int c = 0; c < 81; ++c) {
    const double x = answer_box.x + (c % 9) * answer_cell, y = answer_box.y + (c / 9) * answer_cell;
    EXPECT_EQ(dark_pixels(*answer_page, x + 0.15 * answer_cell, y + 0.15 * answer_cell, x + 0.3 * answer_cell,
                          y + 0.3 * answer_cell, 100),
              0)
        << "no sum in the answer's " << cell_name(kNine, c);
  }
}

TEST(BookVariant, KillerTextLayerHasTheSumsInOrderThenTheGivens) {
  ScratchDir dir;
  BookPuzzle with_givens = variant_puzzle(Variant::killer, "hard");
  with_givens.puzzle.cells[40] = static_cast<std::uint8_t>(kKillerSolution[40] - '0');  // r5c5 = 1
  BookOptions options;
  options.per_page = 1;
  const std::string path = dir / "killer.pdf";
  render_book({with_givens}, options, path);
  const std::string text = run_command("pdftotext -raw '" + path + "' -");
  // Sums in row-major order of the cages' first cells (the cage map numbers cages that way),
  // then the one given.
  const std::size_t at = text.find("1 \u00b7 Killer \u00b7 Hard");
  ASSERT_NE(at, std::string::npos) << text;
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
  std::vector<std::string> expected;
  for (const Cage& cage : killer_cages()) expected.push_back(std::to_string(cage.sum));
  expected.push_back("1");
  ASSERT_GE(words.size(), expected.size()) << text;
  EXPECT_EQ(std::vector<std::string>(words.begin(), words.begin() + static_cast<std::ptrdiff_t>(expected.size())), expected)
      << text;
  // The answer's text is the solution alone.
  std::string digits;
  const std::size_t answer = text.find("Answers");
  ASSERT_NE(answer, std::string::npos);
  for (std::size_t i = text.find('\n', text.find("1 \u00b7", answer)) + 1; i < text.size() && digits.size() < 81; ++i)
    if (text[i] >= '1' && text[i] <= '9') digits += text[i];
    else if (text[i] != ' ' && text[i] != '\n') break;
  EXPECT_EQ(digits, kKillerSolution);
}

TEST(BookVariant, AnswersAndCardsKeepTheLook) {
  ScratchDir dir;
  // The X answer is shaded on its diagonals.
  const Rendered rendered = render_png({variant_puzzle(Variant::x)}, dir, true);
  const auto [answer_page, answer_box] = find_grid(rendered, true);
  ASSERT_NE(answer_page, nullptr);
  const double cell = answer_box.width / 9;
  for (int c : {0, 10, 40, 8, 16, 72, 80}) {  // on a diagonal: between the digit and the rules
    const double x = answer_box.x + (c % 9) * cell, y = answer_box.y + (c / 9) * cell;
    const int grey = darkest(*answer_page, x + 0.1 * cell, y + 0.1 * cell, x + 0.2 * cell, y + 0.2 * cell);
    EXPECT_GE(grey, 200) << cell_name(kNine, c);
    EXPECT_LE(grey, 235) << cell_name(kNine, c);
  }
  EXPECT_GT(darkest(*answer_page, answer_box.x + cell * 1.1, answer_box.y + cell * 0.1, answer_box.x + cell * 1.2,
                    answer_box.y + cell * 0.2),
            245);  // r1c2 is not

  // Cards: the same looks at the card's cell size.
  BookOptions options;
  options.format = BookFormat::png;
  options.dpi = 72;
  const std::vector<BookPuzzle> one{variant_puzzle(Variant::x)};
  const book_internal::BookPlan plan = book_internal::plan_book(one, [&] {
    BookOptions cards = options;
    cards.one_per_file = true;
    return cards;
  }());
  const book_internal::Rect card_box = plan.pages.at(0).grids.at(0).grid;
  expect_shading(load_png_bytes(render_card(one[0], false, options)), card_box, diagonal_cells(), "x card");
  expect_shading(load_png_bytes(render_card(one[0], true, options)), card_box, diagonal_cells(), "x answer card");
  const GreyImage hyper = load_png_bytes(render_card(variant_puzzle(Variant::hyper), false, options));
  expect_shading(hyper, card_box, window_cells(), "hyper card");
  const GreyImage killer = load_png_bytes(render_card(variant_puzzle(Variant::killer), false, options));
  expect_cage_outlines(killer, card_box, 160, "killer card");
  // A classic card of the same digits is plain, and the SVG cards differ from it.
  BookPuzzle plain = one[0];
  plain.rules = nullptr;
  expect_shading(load_png_bytes(render_card(plain, false, options)), card_box, std::vector<bool>(81, false), "classic card");
  options.format = BookFormat::svg;
  EXPECT_NE(render_card(plain, false, options), render_card(one[0], false, options));
}

TEST(BookVariant, NothingOutsideTheTrimLessTheMargins) {
  ScratchDir dir;
  std::vector<BookPuzzle> puzzles;
  for (int i = 0; i < 3; ++i)
    for (Variant variant : kVariants) puzzles.push_back(variant_puzzle(variant, i == 0 ? "medium" : ""));
  for (int per_page : {1, 4}) {
    SCOPED_TRACE(::testing::Message() << per_page << " per page");
    BookOptions options;
    options.page_size = "6x9";
    options.bleed = true;
    options.per_page = per_page;
    options.title = "Variants";
    const std::string path = dir / "margins.pdf";
    const BookResult result = render_book(puzzles, options, path);
    const PageSize trim = *parse_page_size(options.page_size);
    const double inside = kdp_minimum_inside_margin(result.pages), outside = kdp_minimum_outside_margin(true);
    const std::vector<testing::PdfPage> pages = testing::pdf_words(path);
    ASSERT_EQ(static_cast<int>(pages.size()), result.pages);
    run_command("pdftoppm -r 72 -png '" + path + "' '" + dir / "m" + "'");
    int words = 0;
    for (int i = 0; i < result.pages; ++i) {
      const bool right_hand = i % 2 == 0;
      const book_internal::Rect cut = book_internal::trim_box(trim, i + 1, true);
      const book_internal::Rect safe{cut.x + (right_hand ? inside : outside), cut.y + outside,
                                     trim.width - inside - outside, trim.height - 2 * outside};
      for (const testing::PdfWord& w : pages[static_cast<std::size_t>(i)].words) {
        ++words;
        EXPECT_TRUE(w.x0 >= safe.x && w.x1 <= safe.right() && w.y0 >= safe.y && w.y1 <= safe.bottom())
            << "page " << i + 1 << ": '" << w.text << "'";
      }
      // pdftoppm numbers pages with as many digits as the count needs.
      const std::string number = std::to_string(i + 1);
      const std::string width_digits = std::to_string(result.pages);
      const std::string png =
          dir / ("m-" + std::string(width_digits.size() - number.size(), '0') + number + ".png");
      const testing::InkBox ink = testing::ink_box(load_png_file(png));
      if (ink.empty()) continue;
      EXPECT_GE(ink.x0, safe.x - 1) << "page " << i + 1;
      EXPECT_LE(ink.x1, safe.right() + 1) << "page " << i + 1;
      EXPECT_GE(ink.y0, safe.y - 1) << "page " << i + 1;
      EXPECT_LE(ink.y1, safe.bottom() + 1) << "page " << i + 1;
    }
    EXPECT_GT(words, 12 * 3);  // headings, sums, givens
  }
}

TEST(BookVariant, RulesOfAnotherShapeAreRefused) {
  ScratchDir dir;
  BookPuzzle puzzle(Grid(*default_shape(4)), std::nullopt, "");
  puzzle.puzzle.cells[0] = 1;
  puzzle.rules = rules_of(Variant::x);  // 9×9 rules on a 4×4 grid
  EXPECT_THROW(render_book({puzzle}, BookOptions{}, dir / "bad.pdf"), BookError);
  EXPECT_THROW(render_card(puzzle, false, BookOptions{}), BookError);
  EXPECT_FALSE(fs::exists(dir / "bad.pdf"));
  // Classic rules on a classic grid draw as classic.
  BookPuzzle classic = variant_puzzle(Variant::x);
  classic.rules = rules_of(Variant::classic);
  BookPuzzle none = classic;
  none.rules = nullptr;
  BookOptions svg;
  svg.format = BookFormat::svg;
  EXPECT_EQ(render_card(classic, false, svg), render_card(none, false, svg));
}

}  // namespace
}  // namespace sudokit

// Tests of the book's page plan (layout.cpp) and the small public parsers: page sizes (every
// KDP trim, a4/a5/letter, custom in/mm), KDP's inside-margin table, formats, file names, the
// alternating gutter and bleed, page counts (right-hand starts, even totals), every grid inside
// the trim less KDP's margins on every trim, even spacing 1-6 to a page, sections and order,
// and the legibility refusals.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "layout.hpp"
#include "sudokit/book.hpp"

namespace sudokit {
namespace {

using book_internal::BookPlan;
using book_internal::PageKind;
using book_internal::Rect;

std::vector<BookPuzzle> blank_puzzles(int count, int n, bool with_solutions = true) {
  std::vector<BookPuzzle> puzzles;
  for (int i = 0; i < count; ++i) {
    BookPuzzle p{Grid(*default_shape(n)), std::nullopt, ""};
    if (with_solutions) p.solution = Grid(*default_shape(n));
    puzzles.push_back(p);
  }
  return puzzles;
}

int pages_of_kind(const BookPlan& plan, PageKind kind) {
  return static_cast<int>(std::count_if(plan.pages.begin(), plan.pages.end(),
                                        [kind](const auto& page) { return page.kind == kind; }));
}

bool inside_rect(const Rect& inner, const Rect& outer) {
  const double slack = 1e-6;
  return inner.x >= outer.x - slack && inner.y >= outer.y - slack && inner.right() <= outer.right() + slack &&
         inner.bottom() <= outer.bottom() + slack;
}

bool overlap(const Rect& a, const Rect& b) {
  return a.x < b.right() && b.x < a.right() && a.y < b.bottom() && b.y < a.bottom();
}

TEST(BookParse, PageSizes) {
  EXPECT_NEAR(parse_page_size("a4")->width, 595.28, 0.01);
  EXPECT_NEAR(parse_page_size("A4")->height, 841.89, 0.01);
  EXPECT_NEAR(parse_page_size("a5")->width, 419.53, 0.01);
  EXPECT_EQ(parse_page_size("letter")->width, 612);
  EXPECT_EQ(parse_page_size("6x9")->width, 6 * 72);
  EXPECT_EQ(parse_page_size("6x9")->height, 9 * 72);
  EXPECT_EQ(parse_page_size("8.5x11")->height, 11 * 72);
  // Every KDP trim of the issue, by name, in inches.
  const std::vector<std::pair<double, double>> kdp{{5, 8},       {5.06, 7.81}, {5.25, 8},    {5.5, 8.5},
                                                   {6, 9},       {6.14, 9.21}, {6.69, 9.61}, {7, 10},
                                                   {7.44, 9.69}, {7.5, 9.25},  {8, 10},      {8.25, 6},
                                                   {8.25, 8.25}, {8.5, 8.5},   {8.5, 11}};
  for (const auto& [w, h] : kdp) {
    const std::string name = testing::PrintToString(w) + "x" + testing::PrintToString(h);
    const auto size = parse_page_size(name);
    ASSERT_TRUE(size) << name;
    EXPECT_NEAR(size->width, w * 72, 1e-9) << name;
    EXPECT_NEAR(size->height, h * 72, 1e-9) << name;
    EXPECT_NE(page_size_names().find(name + ","), std::string::npos) << name;
  }
  // Custom sizes, inches by default, or in/mm.
  EXPECT_NEAR(parse_page_size("5.5X8.5")->height, 8.5 * 72, 1e-9);
  EXPECT_NEAR(parse_page_size("4x6in")->width, 4 * 72, 1e-9);
  EXPECT_NEAR(parse_page_size("152x229mm")->width, 152 / 25.4 * 72, 1e-9);
  EXPECT_NEAR(parse_page_size("152x229mm")->height, 229 / 25.4 * 72, 1e-9);
  for (const char* bad : {"b5", "", "6x", "x9", "6x9cm", "1x1", "100x9", "6x9in2", "6..5x9", "-6x9"})
    EXPECT_FALSE(parse_page_size(bad)) << bad;
}

TEST(BookParse, KdpInsideMarginFollowsThePageCountTable) {
  const std::vector<std::pair<int, double>> table{{24, 0.375}, {150, 0.375}, {151, 0.5},   {300, 0.5},
                                                  {301, 0.625}, {500, 0.625}, {501, 0.75}, {700, 0.75},
                                                  {701, 0.875}, {828, 0.875}};
  for (const auto& [pages, inches] : table) EXPECT_DOUBLE_EQ(kdp_minimum_inside_margin(pages), inches * 72) << pages;
  EXPECT_DOUBLE_EQ(kdp_minimum_outside_margin(false), 0.25 * 72);
  EXPECT_DOUBLE_EQ(kdp_minimum_outside_margin(true), 0.375 * 72);
  // Ours: the minimum plus a little, never below the outside margin.
  for (int pages : {2, 150, 151, 400, 828}) {
    EXPECT_GE(book_internal::inside_margin(pages), kdp_minimum_inside_margin(pages)) << pages;
    EXPECT_GE(book_internal::inside_margin(pages), book_internal::kOuterMargin) << pages;
  }
  EXPECT_LT(book_internal::inside_margin(150), book_internal::inside_margin(151));
}

TEST(BookParse, Formats) {
  EXPECT_EQ(parse_book_format("PDF"), BookFormat::pdf);
  EXPECT_EQ(parse_book_format("svg"), BookFormat::svg);
  EXPECT_EQ(parse_book_format("png"), BookFormat::png);
  EXPECT_FALSE(parse_book_format("ps"));
  EXPECT_EQ(book_format_from_path("out/book.PNG"), BookFormat::png);
  EXPECT_EQ(book_format_from_path("book.svg"), BookFormat::svg);
  EXPECT_FALSE(book_format_from_path("book"));
  EXPECT_FALSE(book_format_from_path("dir/.pdf"));
  EXPECT_FALSE(book_format_from_path("book.txt"));
}

TEST(BookLayout, NumberedPaths) {
  using book_internal::numbered_path;
  EXPECT_EQ(numbered_path("out/book.svg", BookFormat::svg, 1, 3), "out/book-001.svg");
  EXPECT_EQ(numbered_path("book", BookFormat::png, 12, 3), "book-012.png");
  EXPECT_EQ(numbered_path("x.pdf", BookFormat::png, 7, 4, "-answer"), "x-0007-answer.png");
}

TEST(BookLayout, GutterAlternatesBetweenOddAndEvenPages) {
  using book_internal::kOuterMargin;
  const PageSize a4 = *parse_page_size("a4");
  const double inside = 45;
  const Rect odd = book_internal::text_block(a4, 1, inside, false);
  const Rect even = book_internal::text_block(a4, 2, inside, false);
  EXPECT_DOUBLE_EQ(odd.width, even.width);
  EXPECT_DOUBLE_EQ(odd.x, inside);  // gutter on the left
  EXPECT_DOUBLE_EQ(a4.width - odd.right(), kOuterMargin);
  EXPECT_DOUBLE_EQ(even.x, kOuterMargin);
  EXPECT_DOUBLE_EQ(a4.width - even.right(), inside);
  EXPECT_DOUBLE_EQ(book_internal::text_block(a4, 3, inside, false).x, odd.x);
  // With bleed the page grows on its outside edge (right of odd pages, left of even ones),
  // top and bottom; the text block keeps its place on the trim.
  const Rect odd_trim = book_internal::trim_box(a4, 1, true);
  const Rect even_trim = book_internal::trim_box(a4, 2, true);
  EXPECT_DOUBLE_EQ(odd_trim.x, 0);
  EXPECT_DOUBLE_EQ(even_trim.x, kBleed);
  EXPECT_DOUBLE_EQ(odd_trim.y, kBleed);
  EXPECT_DOUBLE_EQ(book_internal::text_block(a4, 1, inside, true).x, inside);
  EXPECT_DOUBLE_EQ(book_internal::text_block(a4, 2, inside, true).x, kBleed + kOuterMargin);
  EXPECT_DOUBLE_EQ(book_internal::text_block(a4, 2, inside, true).y, kBleed + book_internal::kTopMargin);
}

TEST(BookLayout, PageCountsForEachLayout) {
  struct Case {
    int puzzles;
    int per_page;
    bool title;
    bool answers;
    int puzzle_pages;
    int answer_pages;
    int total;  ///< even; blank pages make up the difference
  };
  // Nine-by-nine on A4: answers go 12 to a page, on a right-hand page; title page + its back.
  const Case cases[] = {
      {10, 4, false, true, 3, 1, 6},  // 3 puzzle pages, blank, answers, blank
      {10, 4, true, true, 3, 1, 8},   // title, blank, 3 puzzle pages, blank, answers, blank
      {13, 6, false, true, 3, 2, 6},  {13, 6, false, false, 3, 0, 4}, {3, 1, false, true, 3, 1, 6},
      {5, 2, true, false, 3, 0, 6},   {24, 4, false, true, 6, 2, 8}, {1, 4, false, true, 1, 1, 4},
      {9, 3, false, false, 3, 0, 4},  {10, 5, false, false, 2, 0, 2},
  };
  for (const Case& c : cases) {
    BookOptions options;
    options.per_page = c.per_page;
    options.answers = c.answers;
    if (c.title) options.title = "T";
    const BookPlan plan = book_internal::plan_book(blank_puzzles(c.puzzles, 9), options);
    SCOPED_TRACE(testing::Message() << c.puzzles << " puzzles, " << c.per_page << " per page");
    EXPECT_EQ(pages_of_kind(plan, PageKind::title), c.title ? 1 : 0);
    EXPECT_EQ(pages_of_kind(plan, PageKind::puzzles), c.puzzle_pages);
    EXPECT_EQ(pages_of_kind(plan, PageKind::answers), c.answer_pages);
    EXPECT_EQ(plan.pages.size(), static_cast<std::size_t>(c.total));
    if (c.answers) {
      EXPECT_EQ(plan.answers_per_page, 12);
    }
    // The puzzles and the answers start on right-hand (odd) pages.
    std::size_t first_puzzles = 0, first_answers = 0;
    for (std::size_t i = plan.pages.size(); i-- > 0;) {
      if (plan.pages[i].kind == PageKind::puzzles) first_puzzles = i + 1;
      if (plan.pages[i].kind == PageKind::answers) first_answers = i + 1;
    }
    EXPECT_EQ(first_puzzles % 2, 1u);
    if (c.answers) {
      EXPECT_EQ(first_answers % 2, 1u);
    }
  }
}

TEST(BookLayout, GridsStayInsideTheMarginsAndApartOnEveryTrim) {
  std::vector<std::string> sizes;
  for (const PageSize& size : named_page_sizes()) sizes.push_back(size.name);
  sizes.push_back("150x200mm");
  for (const std::string& size : sizes) {
    for (int per_page = 1; per_page <= 6; ++per_page) {
      for (bool bleed : {false, true}) {
        BookOptions options;
        options.page_size = size;
        options.per_page = per_page;
        options.bleed = bleed;
        options.title = "Title";
        const PageSize trim = *parse_page_size(size);
        BookPlan plan;
        try {
          plan = book_internal::plan_book(blank_puzzles(15, 9), options);
        } catch (const BookError& e) {
          // Only a legibility refusal is acceptable, on the smallest trims at 5 or 6 a page.
          EXPECT_GE(per_page, 3) << size << ": " << e.what();
          continue;
        }
        SCOPED_TRACE(testing::Message() << size << ", " << per_page << " per page" << (bleed ? ", bleed" : ""));
        const int pages = static_cast<int>(plan.pages.size());
        EXPECT_EQ(pages % 2, 0);
        EXPECT_DOUBLE_EQ(plan.inside_margin, book_internal::inside_margin(pages));
        int number = 0;
        std::vector<int> seen_puzzle(15, 0), seen_answer(15, 0);
        for (const auto& page : plan.pages) {
          ++number;
          const bool numbered = page.kind == PageKind::puzzles || page.kind == PageKind::answers;
          EXPECT_EQ(page.folio, numbered ? number : 0);
          EXPECT_DOUBLE_EQ(page.width, trim.width + (bleed ? kBleed : 0));
          EXPECT_DOUBLE_EQ(page.height, trim.height + (bleed ? 2 * kBleed : 0));
          // The trim less KDP's minimum margins (inside by page count) holds the text block.
          const bool right_hand = number % 2 == 1;
          const double inside = kdp_minimum_inside_margin(pages), outside = kdp_minimum_outside_margin(bleed);
          const Rect safe{page.trim.x + (right_hand ? inside : outside), page.trim.y + outside,
                          trim.width - inside - outside, trim.height - 2 * outside};
          EXPECT_TRUE(inside_rect(page.text_block, safe));
          // The page number's baseline (digits have no descent) stays above the bottom margin.
          EXPECT_GE(book_internal::kFolioFromBottom, outside);
          for (std::size_t i = 0; i < page.grids.size(); ++i) {
            const auto& g = page.grids[i];
            EXPECT_TRUE(inside_rect(g.grid, page.text_block));
            EXPECT_TRUE(inside_rect(g.heading, page.text_block));
            EXPECT_DOUBLE_EQ(g.grid.width, g.grid.height);
            EXPECT_DOUBLE_EQ(g.heading.bottom(), g.grid.y);
            EXPECT_GE(g.grid.width / 9, g.answer ? book_internal::kMinAnswerCell : book_internal::kMinPuzzleCell);
            for (std::size_t j = 0; j < i; ++j) {
              EXPECT_FALSE(overlap(g.grid, page.grids[j].grid));
              EXPECT_FALSE(overlap(g.heading, page.grids[j].grid));
            }
            (g.answer ? seen_answer : seen_puzzle)[g.puzzle] += 1;
            EXPECT_EQ(g.answer, page.kind == PageKind::answers);
            EXPECT_EQ(g.number, static_cast<long long>(g.puzzle) + 1);
          }
        }
        // Every puzzle and every answer exactly once.
        EXPECT_EQ(seen_puzzle, std::vector<int>(15, 1));
        EXPECT_EQ(seen_answer, std::vector<int>(15, 1));
      }
    }
  }
}

TEST(BookLayout, PuzzlesAreEvenlySpacedOneToSixToAPage) {
  for (int per_page = 1; per_page <= 6; ++per_page) {
    BookOptions options;
    options.page_size = "8.5x11";
    options.per_page = per_page;
    options.answers = false;
    const BookPlan plan = book_internal::plan_book(blank_puzzles(per_page, 9), options);
    SCOPED_TRACE(testing::Message() << per_page << " per page");
    ASSERT_EQ(pages_of_kind(plan, PageKind::puzzles), 1);
    const auto& page = plan.pages[0];
    ASSERT_EQ(page.grids.size(), static_cast<std::size_t>(per_page));
    // Rows: the same room above the first, between rows and below the last.
    std::vector<double> tops, bottoms;
    for (const auto& g : page.grids) {
      if (tops.empty() || g.heading.y > tops.back() + 1e-6) {
        tops.push_back(g.heading.y);
        bottoms.push_back(g.grid.bottom());
      }
      EXPECT_DOUBLE_EQ(g.grid.width, page.grids[0].grid.width);
    }
    std::vector<double> gaps{tops.front() - page.text_block.y};
    for (std::size_t r = 1; r < tops.size(); ++r) gaps.push_back(tops[r] - bottoms[r - 1]);
    gaps.push_back(page.text_block.bottom() - bottoms.back());
    for (double gap : gaps) EXPECT_NEAR(gap, gaps[0], 1e-6);
    // Across: each row centred in the text block.
    for (double top : tops) {
      double left = 1e9, right = -1e9;
      for (const auto& g : page.grids)
        if (std::abs(g.heading.y - top) < 1e-6) {
          left = std::min(left, g.grid.x);
          right = std::max(right, g.grid.right());
        }
      EXPECT_NEAR(left - page.text_block.x, page.text_block.right() - right, 1e-6);
    }
  }
}

TEST(BookLayout, InsideMarginGrowsWithThePageCount) {
  BookOptions options;
  options.per_page = 1;
  options.answers = false;
  options.page_size = "6x9";
  const BookPlan thin = book_internal::plan_book(blank_puzzles(40, 9), options);
  const BookPlan thick = book_internal::plan_book(blank_puzzles(320, 9), options);
  ASSERT_EQ(thin.pages.size(), 40u);
  ASSERT_EQ(thick.pages.size(), 320u);
  EXPECT_DOUBLE_EQ(thin.inside_margin, book_internal::inside_margin(40));
  EXPECT_DOUBLE_EQ(thick.inside_margin, book_internal::inside_margin(320));
  EXPECT_GE(thick.inside_margin, 0.625 * 72);
  EXPECT_DOUBLE_EQ(thick.pages[0].text_block.x, thick.inside_margin);                         // right-hand
  EXPECT_DOUBLE_EQ(6 * 72 - thick.pages[1].text_block.right(), thick.inside_margin);          // left-hand
  EXPECT_LT(thick.pages[0].text_block.width, thin.pages[0].text_block.width);
}

TEST(BookLayout, SectionsByLevelEasiestFirstSortedByRating) {
  std::vector<BookPuzzle> puzzles = blank_puzzles(7, 9);
  const std::vector<std::pair<std::string, int>> levels{{"hard", 2}, {"easy", 0}, {"odd", -1}, {"easy", 0},
                                                        {"hard", 2}, {"easy", 0}, {"", -1}};
  const std::vector<double> ratings{6.0, 2.0, 1.0, 1.5, 4.5, 2.0, 3.0};
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    puzzles[i].level = levels[i].first;
    puzzles[i].level_rank = levels[i].second;
    puzzles[i].rating = ratings[i];
  }
  BookOptions options;
  options.sections = BookSections::level;
  BookOrder order = arrange_book(puzzles, options);
  EXPECT_EQ(order.order, (std::vector<std::size_t>{1, 3, 5, 0, 4, 2, 6}));  // stable within a level
  ASSERT_EQ(order.sections.size(), 4u);
  EXPECT_EQ(order.sections[0], (std::pair<std::size_t, std::string>{0, "Easy"}));
  EXPECT_EQ(order.sections[1], (std::pair<std::size_t, std::string>{3, "Hard"}));
  EXPECT_EQ(order.sections[2], (std::pair<std::size_t, std::string>{5, "Odd"}));
  EXPECT_EQ(order.sections[3], (std::pair<std::size_t, std::string>{6, "Unrated"}));

  options.sort = BookSort::rating;
  order = arrange_book(puzzles, options);
  EXPECT_EQ(order.order, (std::vector<std::size_t>{3, 1, 5, 4, 0, 2, 6}));
  options.sections = BookSections::none;
  order = arrange_book(puzzles, options);
  EXPECT_EQ(order.order, (std::vector<std::size_t>{2, 3, 1, 5, 6, 4, 0}));
  EXPECT_TRUE(order.sections.empty());

  // The plan: each section's heading page on a right-hand page, its puzzles right after,
  // numbered through the book in the new order.
  options.sections = BookSections::level;
  options.sort = BookSort::input;
  options.per_page = 2;
  options.title = "T";
  const BookPlan plan = book_internal::plan_book(puzzles, options);
  std::vector<std::string> headings;
  for (std::size_t i = 0; i < plan.pages.size(); ++i) {
    const auto& page = plan.pages[i];
    if (page.kind != PageKind::section) continue;
    headings.push_back(page.section + ": " + page.section_note);
    EXPECT_EQ(i % 2, 0u) << page.section;  // 0-based even = right-hand
    ASSERT_LT(i + 1, plan.pages.size());
    EXPECT_EQ(plan.pages[i + 1].kind, PageKind::puzzles);
    EXPECT_EQ(page.folio, 0);
  }
  EXPECT_EQ(headings, (std::vector<std::string>{"Easy: Puzzles 1\u20133", "Hard: Puzzles 4\u20135", "Odd: Puzzle 6",
                                                "Unrated: Puzzle 7"}));
  std::vector<std::size_t> printed;
  for (const auto& page : plan.pages)
    for (const auto& g : page.grids)
      if (!g.answer) {
        printed.push_back(g.puzzle);
        EXPECT_EQ(g.number, static_cast<long long>(printed.size()));
      }
  EXPECT_EQ(printed, (std::vector<std::size_t>{1, 3, 5, 0, 4, 2, 6}));
}

TEST(BookLayout, Labels) {
  EXPECT_EQ(book_internal::puzzle_label(12, "hard"), "12 \u00b7 Hard");
  EXPECT_EQ(book_internal::puzzle_label(3, ""), "Puzzle 3");
  EXPECT_EQ(book_internal::level_title("extreme"), "Extreme");
}

TEST(BookLayout, AnswersOnlyForPuzzlesWithASolution) {
  std::vector<BookPuzzle> puzzles = blank_puzzles(5, 9);
  puzzles[1].solution.reset();
  puzzles[3].solution.reset();
  const BookPlan plan = book_internal::plan_book(puzzles, BookOptions{});
  std::vector<std::size_t> answered;
  for (const auto& page : plan.pages)
    for (const auto& g : page.grids)
      if (g.answer) answered.push_back(g.puzzle);
  EXPECT_EQ(answered, (std::vector<std::size_t>{0, 2, 4}));
}

TEST(BookLayout, LargeGridsGetFewerAnswersToAPage) {
  BookOptions options;
  options.page_size = "6x9";
  options.per_page = 1;
  const BookPlan plan = book_internal::plan_book(blank_puzzles(3, 16), options);
  EXPECT_LT(plan.answers_per_page, 12);
  EXPECT_GT(plan.answers_per_page, 1);
  for (const auto& page : plan.pages)
    for (const auto& g : page.grids)
      if (g.answer) {
        EXPECT_GE(g.grid.width / 16, book_internal::kMinAnswerCell);
      }
}

TEST(BookLayout, MixedSizesShareAPage) {
  std::vector<BookPuzzle> puzzles = blank_puzzles(1, 4);
  for (int n : {6, 9, 16}) puzzles.push_back(blank_puzzles(1, n)[0]);
  const BookPlan plan = book_internal::plan_book(puzzles, BookOptions{});
  ASSERT_EQ(pages_of_kind(plan, PageKind::puzzles), 1);
  const auto& grids = plan.pages[0].grids;
  ASSERT_EQ(grids.size(), 4u);
  // Small grids are capped at the largest cell size instead of filling the slot.
  EXPECT_DOUBLE_EQ(grids[0].grid.width, 4 * book_internal::kMaxPuzzleCell);
  EXPECT_DOUBLE_EQ(grids[2].grid.width, grids[3].grid.width);
}

TEST(BookLayout, RefusesIllegibleRequests) {
  BookOptions options;
  options.page_size = "6x9";
  options.per_page = 6;
  try {
    book_internal::plan_book(blank_puzzles(2, 16), options);
    FAIL() << "16x16 six to a 6x9 page was accepted";
  } catch (const BookError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("16x16"), std::string::npos) << message;
    EXPECT_NE(message.find("at most 2"), std::string::npos) << message;
  }
  options.per_page = 2;
  EXPECT_NO_THROW(book_internal::plan_book(blank_puzzles(2, 16), options));
  options.per_page = 1;
  EXPECT_THROW(book_internal::plan_book(blank_puzzles(1, 64), options), BookError);
  options.per_page = 7;
  EXPECT_THROW(book_internal::plan_book(blank_puzzles(1, 9), options), BookError);
  options.per_page = 4;
  options.answers_per_page = 3;
  EXPECT_THROW(book_internal::plan_book(blank_puzzles(1, 9), options), BookError);
  options.per_page = 4;
  options.answers_per_page = 5;
  EXPECT_THROW(book_internal::plan_book(blank_puzzles(1, 9), options), BookError);
  options.answers_per_page = 12;
  EXPECT_THROW(book_internal::plan_book(blank_puzzles(1, 25), options), BookError);
  options.answers_per_page = 0;
  options.page_size = "b5";
  EXPECT_THROW(book_internal::plan_book(blank_puzzles(1, 9), options), BookError);
}

TEST(BookLayout, CardsAreSizedToTheirGrid) {
  BookOptions options;
  options.one_per_file = true;
  std::vector<BookPuzzle> puzzles = blank_puzzles(2, 9);
  puzzles.push_back(blank_puzzles(1, 16, false)[0]);
  const BookPlan plan = book_internal::plan_book(puzzles, options);
  ASSERT_EQ(plan.pages.size(), 5u);  // three puzzles, two answers
  for (const auto& page : plan.pages) {
    EXPECT_EQ(page.kind, PageKind::card);
    EXPECT_EQ(page.folio, 0);
    ASSERT_EQ(page.grids.size(), 1u);
    const auto& g = page.grids[0];
    const int n = puzzles[g.puzzle].puzzle.shape.n;
    EXPECT_DOUBLE_EQ(g.grid.width, n * book_internal::kCardCell);
    EXPECT_TRUE(inside_rect(g.grid, {0, 0, page.width, page.height}));
  }
  EXPECT_TRUE(plan.pages[3].grids[0].answer);
  EXPECT_EQ(plan.pages[4].grids[0].puzzle, 1u);
}

}  // namespace
}  // namespace sudokit

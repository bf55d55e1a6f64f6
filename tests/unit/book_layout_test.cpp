// Tests of the book's page plan (layout.cpp) and the small public parsers: page sizes,
// formats, file names, the alternating gutter, page counts for each layout, every grid
// inside its page's text block and clear of its neighbours, and the legibility refusals.
#include <gtest/gtest.h>

#include <algorithm>
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

bool inside(const Rect& inner, const Rect& outer) {
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
  EXPECT_EQ(parse_page_size("letter")->width, 612);
  EXPECT_EQ(parse_page_size("6x9")->width, 6 * 72);
  EXPECT_EQ(parse_page_size("6x9")->height, 9 * 72);
  EXPECT_EQ(parse_page_size("8.5x11")->height, 11 * 72);
  EXPECT_FALSE(parse_page_size("b5"));
  EXPECT_FALSE(parse_page_size(""));
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
  const PageSize a4 = *parse_page_size("a4");
  const Rect odd = book_internal::text_block(a4, 1);
  const Rect even = book_internal::text_block(a4, 2);
  EXPECT_DOUBLE_EQ(odd.width, even.width);
  EXPECT_DOUBLE_EQ(odd.x, book_internal::kOuterMargin + book_internal::kGutter);  // gutter on the left
  EXPECT_DOUBLE_EQ(even.x, book_internal::kOuterMargin);
  EXPECT_DOUBLE_EQ(a4.width - even.right(), book_internal::kOuterMargin + book_internal::kGutter);
  EXPECT_DOUBLE_EQ(book_internal::text_block(a4, 3).x, odd.x);
}

TEST(BookLayout, PageCountsForEachLayout) {
  struct Case {
    int puzzles;
    int per_page;
    bool title;
    bool answers;
    int puzzle_pages;
    int answer_pages;
  };
  // Nine-by-nine on A4: answers go 12 to a page.
  const Case cases[] = {
      {10, 4, false, true, 3, 1}, {10, 4, true, true, 3, 1}, {13, 6, false, true, 3, 2}, {13, 6, false, false, 3, 0},
      {3, 1, false, true, 3, 1},  {5, 2, true, false, 3, 0}, {24, 4, false, true, 6, 2}, {1, 4, false, true, 1, 1},
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
    EXPECT_EQ(plan.pages.size(), static_cast<std::size_t>((c.title ? 1 : 0) + c.puzzle_pages + c.answer_pages));
    if (c.answers) {
      EXPECT_EQ(plan.answers_per_page, 12);
    }
  }
}

TEST(BookLayout, GridsStayInsideTheTextBlockAndApart) {
  for (const char* size : {"a4", "letter", "6x9", "8.5x11"}) {
    for (int per_page : {1, 2, 4, 6}) {
      BookOptions options;
      options.page_size = size;
      options.per_page = per_page;
      options.title = "Title";
      const BookPlan plan = book_internal::plan_book(blank_puzzles(15, 9), options);
      SCOPED_TRACE(testing::Message() << size << ", " << per_page << " per page");
      int number = 0;
      std::vector<int> seen_puzzle(15, 0), seen_answer(15, 0);
      for (const auto& page : plan.pages) {
        ++number;
        EXPECT_EQ(page.folio, page.kind == PageKind::title ? 0 : number);
        EXPECT_TRUE(inside(page.text_block, {0, 0, page.width, page.height}));
        for (std::size_t i = 0; i < page.grids.size(); ++i) {
          const auto& g = page.grids[i];
          EXPECT_TRUE(inside(g.grid, page.text_block));
          EXPECT_TRUE(inside(g.heading, page.text_block));
          EXPECT_DOUBLE_EQ(g.grid.width, g.grid.height);
          EXPECT_DOUBLE_EQ(g.heading.bottom(), g.grid.y);
          EXPECT_GE(g.grid.width / 9, g.answer ? book_internal::kMinAnswerCell : book_internal::kMinPuzzleCell);
          for (std::size_t j = 0; j < i; ++j) {
            EXPECT_FALSE(overlap(g.grid, page.grids[j].grid));
            EXPECT_FALSE(overlap(g.heading, page.grids[j].grid));
          }
          (g.answer ? seen_answer : seen_puzzle)[g.puzzle] += 1;
          EXPECT_EQ(g.answer, page.kind == PageKind::answers);
        }
      }
      // Every puzzle and every answer exactly once, in order.
      EXPECT_EQ(seen_puzzle, std::vector<int>(15, 1));
      EXPECT_EQ(seen_answer, std::vector<int>(15, 1));
    }
  }
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
  options.per_page = 3;
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
    EXPECT_TRUE(inside(g.grid, {0, 0, page.width, page.height}));
  }
  EXPECT_TRUE(plan.pages[3].grids[0].answer);
  EXPECT_EQ(plan.pages[4].grids[0].puzzle, 1u);
}

}  // namespace
}  // namespace sudokit

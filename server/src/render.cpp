// render.cpp: see render.hpp.
#include "render.hpp"

#include <fmt/format.h>

#include "sudokit/reader.hpp"
#include "sudokit/solver.hpp"
#if SUDOKIT_HAVE_BOOK
#include "sudokit/book.hpp"
#endif

namespace sudokit::server_detail {

bool can_render() { return SUDOKIT_HAVE_BOOK != 0; }

std::string render_svg(const Query& query, const Budget& budget) {
#if SUDOKIT_HAVE_BOOK
  std::string line;
  bool answer = false;
  ReaderOptions reader;
  for (const auto& [name, value] : query) {
    if (name == "puzzle") {
      line = value;
    } else if (name == "answer") {
      if (value.empty() || value == "1" || value == "true" || value == "yes") answer = true;
      else if (value == "0" || value == "false" || value == "no") answer = false;
      else throw BadRequest(fmt::format("answer={}: use true or false", value));
    } else if (name == "alphabet") {
      std::string why;
      const auto alphabet = Alphabet::from_symbols(value, &why);
      if (!alphabet) throw BadRequest(fmt::format("alphabet={}: {}", value, why));
      reader.alphabet = *alphabet;
    } else if (name == "variant") {
      const auto variant = parse_variant(value);
      if (!variant) throw BadRequest(fmt::format("variant={}: expected classic, x, hyper, jigsaw or killer", value));
      reader.variant = *variant;
    } else {
      throw BadRequest(fmt::format("render takes puzzle, answer, alphabet and variant, not '{}'", name));
    }
  }
  if (line.empty()) throw BadRequest("render needs puzzle=LINE");
  const Record record = parse_record(line, reader);
  if (!record.grid) throw BadRequest(fmt::format("puzzle: {}", record.error));
  BookPuzzle puzzle(*record.grid);
  puzzle.rules = record.rules;  // the variant's look (null: classic)
  if (answer) {
    // Count to 2: an answer card of a puzzle with two solutions would print a guess.
    const SolveResult solved = record.rules ? Solver().solve(*record.grid, *record.rules, 2, 1, budget)
                                            : Solver().solve(*record.grid, 2, 1, budget);
    if (!solved.complete) throw BadRequest("the puzzle was not solved within the server's per-record timeout");
    if (solved.count != 1)
      throw BadRequest(solved.count == 0 ? "the puzzle has no solution" : "the puzzle has more than one solution");
    puzzle.solution = solved.solutions.front();
  }
  BookOptions options;
  options.format = BookFormat::svg;
  options.alphabet = reader.alphabet;
  try {
    return render_card(puzzle, answer, options);
  } catch (const BookError& e) {
    throw BadRequest(e.what());
  }
#else
  (void)query;
  (void)budget;
  throw BadRequest("this server was built without the book renderer");
#endif
}

}  // namespace sudokit::server_detail

// render.hpp: GET /v1/render, one puzzle drawn by the book renderer, for the page to print.
//
// The page shows puzzles as HTML tables, which print poorly; the book renderer already draws
// a puzzle alone (the card of a one-per-file book), so the server returns that card as SVG.
// Only the query's values are read (no file is touched). A server built without the book
// (no cairo/pango found) answers 404 for this endpoint, which the page tolerates.
#pragma once

#include <chrono>
#include <string>

#include "requests.hpp"
#include "sudokit/budget.hpp"

namespace sudokit::server_detail {

/// True when this build has the book renderer.
bool can_render();

/// The SVG of `puzzle=LINE` (any one-record text form of the puzzle), or with `answer=true`
/// of its solution (the puzzle must have exactly one); `alphabet=SYMBOLS` as everywhere;
/// `variant=x|hyper|jigsaw|killer` reads the puzzle as that variant (jigsaw "PUZZLE REGIONS",
/// killer a jsonl record with `cages`), solves the answer under its rules and draws its look.
/// The answer's solve gets `budget` (the server's per-record timeout, the request's deadline
/// and its drain flag). Throws BadRequest for anything it cannot draw, with the reason.
std::string render_svg(const Query& query, const Budget& budget);

}  // namespace sudokit::server_detail

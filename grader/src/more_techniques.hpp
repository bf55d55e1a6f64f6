// more_techniques.hpp: the finders added on branch gtech2 (issue 12, item 1): 3D Medusa
// (medusa.cpp) and the remaining uniqueness techniques (uniqueness_more.cpp: unique
// rectangles of types 5 and 6, hidden and avoidable rectangles, BUG types 3 and 4).
//
// Same convention as board.hpp's finders: each returns true with a step that makes progress
// and never changes the board. The uniqueness ones are only sound on a puzzle with exactly one
// solution (needs_uniqueness() is true for them; the driver calls them only then).
#pragma once

#include "board.hpp"

namespace sudokit::grading {

// medusa.cpp
bool find_medusa_3d(const Board& board, Step& step);

// uniqueness_more.cpp
bool find_unique_rectangle_5(const Board& board, Step& step);
bool find_unique_rectangle_6(const Board& board, Step& step);
bool find_hidden_rectangle(const Board& board, Step& step);
bool find_avoidable_rectangle_1(const Board& board, Step& step);
bool find_avoidable_rectangle_2(const Board& board, Step& step);
bool find_bug_type_3(const Board& board, Step& step);
bool find_bug_type_4(const Board& board, Step& step);

}  // namespace sudokit::grading

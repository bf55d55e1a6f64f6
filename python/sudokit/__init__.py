"""sudokit: make, check, solve, grade and score Sudoku puzzles of any size.

Puzzles are strings in any single-record form the ``sudokit`` program reads: one line of N*N
symbols ('.' or '0' for an empty cell), a block of N lines, or whitespace-separated integers.
Grids come back as one line.

>>> import sudokit
>>> p = sudokit.generate(count=1, seed=7)[0]
>>> sudokit.solve(p.puzzle).status
'unique'

The ``*_many`` functions and ``generate`` run on every core (oneTBB) without holding the GIL.
See docs/API.md in the sudokit sources, and ``help(sudokit.generate)``.
"""

from ._core import (  # noqa: F401
    Grade,
    Puzzle,
    Score,
    SolveResult,
    __version__,
    generate,
    grade,
    grade_many,
    score,
    score_many,
    solve,
    solve_many,
)

__all__ = [
    "Grade",
    "Puzzle",
    "Score",
    "SolveResult",
    "__version__",
    "generate",
    "grade",
    "grade_many",
    "score",
    "score_many",
    "solve",
    "solve_many",
]

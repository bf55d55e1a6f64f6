/* sudokit/sudokit.h: the C API of libsudokit (link with -lsudokit, or sudokit::sudokit).
 *
 * A thin, stable door to sudokit's C++ libraries for C programs and for other languages'
 * foreign-function interfaces. The rules, for every function:
 *  - Puzzles go in as text, in any single-record form the `sudokit` program reads: one line of
 *    N*N symbols ('.' or '0' empty), a block of N lines, or whitespace-separated integers.
 *  - Grids come out as one line (NUL-terminated) written into a caller's buffer of `cap` bytes.
 *    81 + 1 bytes hold a 9x9 line; n*n + 1 any size up to 35x35 (larger sizes are written as
 *    space-separated integers). A buffer too small is an error (-1), and nothing is written.
 *  - Failures return -1; sudokit_last_error() then says why, in a sentence, for the calling
 *    thread. Each call clears it first, so after a success it is "".
 *  - No C++ exception ever crosses this API, and every function may be called from many
 *    threads at once (each thread keeps its own solver, generator, grader and scorer, made on
 *    first use and reused, so calls do not allocate per puzzle once warm).
 * docs/API.md describes the API with examples; it matches the `sudokit` program's answers. */
#ifndef SUDOKIT_SUDOKIT_H
#define SUDOKIT_SUDOKIT_H

#include <stddef.h>

#if defined(__GNUC__)
#define SUDOKIT_API __attribute__((visibility("default")))
#else
#define SUDOKIT_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of the linked library, "MAJOR.MINOR.PATCH". */
SUDOKIT_API const char *sudokit_version(void);

/* Why the calling thread's last call failed ("" when it succeeded). Valid until the thread's
 * next sudokit call. */
SUDOKIT_API const char *sudokit_last_error(void);

/* Counts the solutions of one puzzle up to `limit` (>= 1): limit 2 decides uniqueness (1 means
 * unique), 1 just finds a solution. When `solution` is not NULL and there is a solution, writes
 * the first one found as a line. Returns the count (0: no solution), or -1 when the puzzle is
 * invalid (unreadable, or givens that clash: the error names them) or the buffer is too small. */
SUDOKIT_API long sudokit_count(const char *puzzle, long limit, char *solution, size_t cap);

/* Puzzle `index` of the run `seed` for an n x n grid with the default box (n = 9: 3x3 boxes;
 * 6: 2x3), written as a line: exactly record `index` (counted from 0) of
 * `sudokit generate --seed SEED --size N`, i.e. a minimal uniquely solvable puzzle, the same
 * on every machine. Returns 0, or -1 (size out of range, buffer too small). */
SUDOKIT_API int sudokit_generate(unsigned long long seed, unsigned long long index, int n, char *puzzle,
                                 size_t cap);

/* Difficulty levels (sudokit_grade_info.level). */
enum {
  SUDOKIT_LEVEL_EASY = 0,    /* rating < 2.5: singles, direct techniques */
  SUDOKIT_LEVEL_MEDIUM = 1,  /* rating < 4.0: locked candidates, pairs, triples, X-Wing, Swordfish */
  SUDOKIT_LEVEL_HARD = 2,    /* rating < 6.0: single-digit patterns, wings, uniqueness, quads */
  SUDOKIT_LEVEL_EXPERT = 3,  /* rating < 7.5: aligned pairs, chains */
  SUDOKIT_LEVEL_EXTREME = 4  /* Nishio, ALS, forcing chains, guessing */
};

/* How a person would solve the puzzle (the grader, as `sudokit grade`). */
typedef struct sudokit_grade_info {
  int level;                   /* SUDOKIT_LEVEL_* */
  int score;                   /* sum of the technique weights over the solving path */
  int hardest;                 /* hardest technique used (sudokit_technique_name), -1: none needed */
  int steps;                   /* steps on the solving path */
  unsigned long long guesses;  /* branch points a search needs after logic stalls (0: none) */
  double rating;               /* the rating on Sukaku Explainer's scale (one decimal); level follows it */
} sudokit_grade_info;

/* Grades a uniquely solvable puzzle, as `sudokit grade` does. Returns 0 and fills *out, or
 * -1 (invalid puzzle, no solution, two or more solutions, `out` NULL). */
SUDOKIT_API int sudokit_grade(const char *puzzle, sudokit_grade_info *out);

/* "easy" ... "extreme"; NULL outside 0..4. */
SUDOKIT_API const char *sudokit_level_name(int level);

/* "hidden-single", "x-wing", ... (as `sudokit grade` prints them); NULL when out of range. */
SUDOKIT_API const char *sudokit_technique_name(int technique);

/* The target-Sudoku score (`sudokit score`): the best sum of weight x digit over ALL solutions,
 * with the contest's ring weights (6 on the border up to 10 in the centre of a 9x9). Returns 1
 * and sets *score (and writes one best solution when `solution` is not NULL), 0 when the puzzle
 * has no solution, or -1 (invalid puzzle, `score` NULL, buffer too small). The search has the
 * program's budget, 60 seconds: when it runs out, 2 and the best score found so far (and its
 * solution), not proven the best, or -1 when it found no solution at all. */
SUDOKIT_API int sudokit_score(const char *puzzle, long long *score, char *solution, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_SUDOKIT_H */

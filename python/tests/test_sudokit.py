"""Tests of the Python module against the sudokit program and an independent checker.

Run by ctest (test `python_pytest`) with PYTHONPATH at the build tree's package, or by hand:
  PYTHONPATH=build/release/python SUDOKIT_BINARY=build/release/cli/sudokit \
    SUDOKIT_SHARED_DATA=../shared/data python3 -m pytest python/tests
SUDOKIT_BINARY defaults to `sudokit` on PATH and SUDOKIT_SHARED_DATA to ../shared/data from
the source tree; a missing program or collection fails the tests (never skips them).
"""

import csv
import io
import os
import pathlib
import shutil
import subprocess

import pytest

import sudokit

HERE = pathlib.Path(__file__).resolve().parent
DATA = pathlib.Path(os.environ.get("SUDOKIT_SHARED_DATA", HERE.parents[2] / "shared" / "data"))

UNIQUE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
MULTIPLE = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
NO_SOLUTION = "12345678.........9" + "." * (81 - 18)


def program():
    path = os.environ.get("SUDOKIT_BINARY") or shutil.which("sudokit")
    assert path, "set SUDOKIT_BINARY to the built sudokit program"
    return path


def run(args, stdin=""):
    done = subprocess.run([program()] + args, input=stdin, capture_output=True, text=True, check=False)
    return done


def collection(name, limit):
    lines = []
    with open(DATA / name, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                lines.append(line)
            if len(lines) == limit:
                break
    assert len(lines) == limit
    return lines


def is_solution(puzzle, solution, n=9, box=(3, 3)):
    """Independent checker: complete, every house a permutation, agrees with the givens."""
    digits = "123456789ABCDEFG"[:n]
    if len(solution) != n * n or any(c not in digits for c in solution):
        return False
    for p, s in zip(puzzle, solution):
        if p not in ".0" and p != s:
            return False
    rows = [solution[r * n:(r + 1) * n] for r in range(n)]
    cols = ["".join(rows[r][c] for r in range(n)) for c in range(n)]
    br, bc = box
    boxes = [
        "".join(rows[r][c] for r in range(R, R + br) for c in range(C, C + bc))
        for R in range(0, n, br)
        for C in range(0, n, bc)
    ]
    return all(sorted(h) == sorted(digits) for h in rows + cols + boxes)


def test_version_is_the_programs():
    assert sudokit.__version__ == run(["--version"]).stdout.split()[1]


def test_solve_statuses():
    r = sudokit.solve(UNIQUE)
    assert (r.status, r.count, r.error) == ("unique", 1, None)
    assert is_solution(UNIQUE, r.solution) and r.solutions == [r.solution]

    r = sudokit.solve(MULTIPLE, limit=5)
    assert r.status == "multiple" and 2 <= r.count <= 5 and len(r.solutions) == r.count
    assert len(set(r.solutions)) == r.count
    assert all(is_solution(MULTIPLE, s) for s in r.solutions)

    r = sudokit.solve(UNIQUE, limit=1)
    assert r.status == "solved" and is_solution(UNIQUE, r.solution)

    r = sudokit.solve(NO_SOLUTION)
    assert (r.status, r.count, r.solution) == ("none", 0, None)

    clash = "44" + UNIQUE[2:]
    r = sudokit.solve(clash)
    assert r.status == "invalid" and "clash" in r.error and r.solution is None
    assert sudokit.solve("hello").status == "invalid"
    with pytest.raises(ValueError):
        sudokit.solve(UNIQUE, limit=0)


def test_solve_many_is_solve_in_order_and_matches_the_program():
    puzzles = collection("puzzles/hardest_1106.txt", 200) + ["bad", NO_SOLUTION, MULTIPLE]
    many = sudokit.solve_many(puzzles)
    assert [m.status for m in many] == [sudokit.solve(p).status for p in puzzles]
    assert [m.solution for m in many] == [sudokit.solve(p).solution for p in puzzles]
    assert [m.status for m in sudokit.solve_many(puzzles, threads=1)] == [m.status for m in many]
    out = run(["solve"], "\n".join(puzzles) + "\n").stdout.splitlines()
    assert len(out) == len(puzzles)
    for line, m in zip(out, many):
        if m.status == "unique":
            assert line == m.solution
        else:
            assert line.startswith(m.status + ":")
    assert sudokit.solve_many([]) == []


def test_generate_is_the_programs_run():
    for size, count, seed in [(9, 12, 2026), (4, 10, 7), (6, 6, 11)]:
        made = sudokit.generate(count=count, seed=seed, size=size)
        out = run(["generate", "--seed", str(seed), "--size", str(size), "--count", str(count), "--with-solution"])
        assert out.returncode == 0, out.stderr
        assert [f"{p.puzzle} {p.solution}" for p in made] == out.stdout.splitlines()
        assert [p.index for p in made] == list(range(count))
        assert all(p.run_seed == seed and p.minimal for p in made)
    # A window of the run, any thread count: the same puzzles.
    whole = sudokit.generate(count=8, seed=5)
    assert [p.puzzle for p in sudokit.generate(count=3, seed=5, start=5, threads=1)] == [p.puzzle for p in whole[5:]]
    # The puzzle seed remakes the puzzle alone.
    p = whole[6]
    assert run(["generate", "--puzzle-seed", str(p.seed)]).stdout.strip() == p.puzzle


def test_generate_options_match_the_program():
    made = sudokit.generate(count=4, seed=3, symmetry="rot180", difficulty="medium")
    out = run(["generate", "--count", "4", "--seed", "3", "--symmetry", "rot180", "--difficulty", "medium",
               "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert [(p.puzzle, p.level, str(p.score), p.hardest) for p in made] == [
        (r["puzzle"], r["level"], r["score"], r["hardest"]) for r in rows]
    assert all(p.symmetry == "rot180" and p.level == "medium" for p in made)
    clued = sudokit.generate(count=3, seed=1, clues=(30, 34))
    assert all(30 <= p.clues <= 34 and p.clues == 81 - p.puzzle.count(".") for p in clued)
    random = sudokit.generate(count=2)
    assert random[0].run_seed == random[1].run_seed
    for bad in [dict(symmetry="spiral"), dict(difficulty="fiendish"), dict(size=0), dict(count=-1),
                dict(clues=5), dict(threads=-2)]:
        with pytest.raises(ValueError):
            sudokit.generate(**bad)


def test_grade_matches_the_program():
    puzzles = collection("puzzles/top1465.txt", 60)
    out = run(["grade"], "\n".join(puzzles) + "\n").stdout.splitlines()
    grades = sudokit.grade_many(puzzles)
    assert [f"{g.level} {g.rating:.1f} {g.score} {g.hardest or 'none'}" for g in grades] == out
    assert all(g.status == "graded" and g.steps > 0 and g.error is None for g in grades)
    single = sudokit.grade(puzzles[0])
    assert (single.level, single.score, single.steps) == (grades[0].level, grades[0].score, grades[0].steps)
    easy = sudokit.grade(sudokit.solve(UNIQUE).solution[:-1] + ".")
    assert (easy.level, easy.hardest, easy.steps) == ("easy", "full-house", 1)
    assert sudokit.grade("44" + UNIQUE[2:]).status == "invalid"
    assert sudokit.grade(NO_SOLUTION).status == "none"


def test_score_matches_the_program():
    puzzles = collection("puzzles/hardest_1106.txt", 40) + [NO_SOLUTION]
    out = run(["score"], "\n".join(puzzles) + "\n").stdout.splitlines()
    scores = sudokit.score_many(puzzles)
    assert [str(s.score if s.score is not None else -1) for s in scores] == out
    assert all(is_solution(p, s.solution) for p, s in zip(puzzles[:-1], scores))
    assert scores[-1].status == "none" and scores[-1].solution is None
    assert sudokit.score(puzzles[0]).score == scores[0].score


def test_batches_give_the_same_answers_on_any_thread_count():
    puzzles = collection("puzzles/17_clue.txt", 300)
    one = sudokit.grade_many(puzzles, threads=1)
    every = sudokit.grade_many(puzzles)
    assert [(g.level, g.score) for g in one] == [(g.level, g.score) for g in every]


def test_docstrings_and_stub_cover_the_api():
    for name in sudokit.__all__:
        if name != "__version__":
            assert getattr(sudokit, name).__doc__, name
    stub = (pathlib.Path(sudokit.__file__).parent / "__init__.pyi").read_text()
    for name in sudokit.__all__:
        assert name in stub, name


def test_grade_of_several_solutions_is_multiple_without_grading():
    # As `sudokit grade`: the uniqueness check first, so a wide-open board is answered at once
    # (it was graded technique by technique first: minutes for a 25x25 of 3 givens).
    assert sudokit.grade("." * 81).status == "multiple"
    big = sudokit.grade("1" + "." * (25 * 25 - 1))
    assert big.status == "multiple" and "2 or more solutions" in big.error
    assert run(["grade"], "1" + "." * 624 + "\n").stdout.startswith("multiple")


def test_score_has_the_programs_budget():
    # An empty grid has no proof of its best score within a second: 'unknown', with the best
    # found and its solution, as `sudokit score --timeout 1` answers.
    unknown = sudokit.score("." * 81, timeout=0.5)
    assert unknown.status == "unknown" and "budget" in unknown.error
    assert unknown.score is not None and is_solution("." * 81, unknown.solution)
    assert [s.status for s in sudokit.score_many(["." * 81, NO_SOLUTION], timeout=0.5)] == ["unknown", "none"]
    for bad in (0, -1, float("nan"), 1e9):
        with pytest.raises(ValueError):
            sudokit.score(UNIQUE, timeout=bad)


def test_bad_arguments_are_value_errors_and_bad_puzzles_data():
    # A puzzle that is not text (a byte kept by surrogateescape) is an invalid puzzle, in a
    # batch too, never an exception.
    assert sudokit.solve(UNIQUE[:-1] + "\udcff").status == "invalid"
    assert [r.status for r in sudokit.solve_many([UNIQUE, "\udcff", "\ud800"])] == ["unique", "invalid", "invalid"]
    assert sudokit.grade("\udcff" * 81).status == "invalid"
    # Two records where one puzzle is asked for: invalid, not the first one's answer.
    two = sudokit.solve(UNIQUE + "\ngarbage")
    assert two.status == "invalid" and "more than one record" in two.error
    # Numbers out of range are ValueError, as the other bad values are.
    for call in (lambda: sudokit.solve(UNIQUE, limit=2**63), lambda: sudokit.solve_many([UNIQUE], threads=2**31),
                 lambda: sudokit.generate(seed=-1), lambda: sudokit.generate(start=-1),
                 lambda: sudokit.generate(seed=2**64), lambda: sudokit.generate(count=2, seed=1, start=2**64 - 1),
                 lambda: sudokit.generate(size=2**40), lambda: sudokit.generate(count=-1)):
        with pytest.raises(ValueError):
            call()
    last = sudokit.generate(count=1, seed=1, start=2**64 - 1)
    assert [p.index for p in last] == [2**64 - 1]
    with pytest.raises(TypeError):
        sudokit.solve_many(UNIQUE)  # one str, not a list of them

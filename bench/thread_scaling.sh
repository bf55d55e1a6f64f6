#!/usr/bin/env bash
# thread_scaling.sh: how the one-process parallel pipeline scales with --threads.
#
# Why whole commands: the pipeline's cost is not only the engine. Reading, the ordered
# hand-back of answers and writing run on every record, and a speed-up of the engine alone
# would hide a serial tail there. So each figure is a real `sudokit` run, its output sent to
# /dev/null, timed on the wall clock (parallel speed-up is a wall-clock claim; CPU time would
# count the work, not the waiting).
#
# What it times, for each thread count T in THREADS (default 1 2 4 8 16):
#   solve    sudokit solve --threads T --limit 2   17_clue x4       (bulk solving)
#   verify   sudokit verify --threads T            top1465 x20      (uniqueness checks)
#   grade    sudokit grade --threads T             top1465, first 400 (the grader, costly records)
#   generate sudokit generate -n 4000 --seed 1 --threads T          (minimal 9x9 puzzles)
# REPS runs each (default 3), median wall seconds, records/s and the speed-up over T = 1.
# Also checks that every thread count wrote the same bytes as T = 1 (the ordering contract),
# and exits 1 when one did not.
#
# Usage: bench/thread_scaling.sh [--sudokit PATH] [--data DIR] [--reps N] [--threads "1 2 4"]
#   PATH defaults to build/release/cli/sudokit, DIR to ../shared/data/puzzles.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
sudokit=$root/build/release/cli/sudokit
data=$root/../shared/data/puzzles
reps=3
threads="1 2 4 8 16"
while [ $# -gt 0 ]; do
  case $1 in
    --sudokit) sudokit=$2; shift 2 ;;
    --data) data=$2; shift 2 ;;
    --reps) reps=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    *) echo "usage: $0 [--sudokit PATH] [--data DIR] [--reps N] [--threads \"1 2 4\"]" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/scaling.XXXXXX")
trap 'rm -rf "$work"' EXIT
for _ in 1 2 3 4; do cat "$data/17_clue.txt"; done > "$work/solve.txt"
for _ in $(seq 20); do cat "$data/top1465.txt"; done > "$work/verify.txt"
head -n 400 "$data/top1465.txt" > "$work/grade.txt"

# median of a list of numbers
median() { sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

run_one() {  # job threads -> command line (writes to stdout)
  case $1 in
    solve) "$sudokit" solve --threads "$2" --limit 2 "$work/solve.txt" ;;
    verify) "$sudokit" verify --threads "$2" "$work/verify.txt" ;;
    grade) "$sudokit" grade --threads "$2" "$work/grade.txt" ;;
    generate) "$sudokit" generate -n 4000 --seed 1 --threads "$2" ;;
  esac
}
records() {
  case $1 in
    solve) wc -l < "$work/solve.txt" ;;
    verify) wc -l < "$work/verify.txt" ;;
    grade) wc -l < "$work/grade.txt" ;;
    generate) echo 4000 ;;
  esac
}

echo "machine: $(nproc) hardware threads; $(uname -sr)"
echo "sudokit: $sudokit"
status=0
for job in solve verify grade generate; do
  n=$(records "$job")
  echo
  echo "== $job ($n records, median of $reps)"
  printf '%8s %10s %12s %9s\n' threads "wall s" "records/s" speed-up
  base=
  run_one "$job" 1 2>/dev/null | md5sum > "$work/$job.reference" || true
  for t in $threads; do
    times=()
    for _ in $(seq "$reps"); do
      start=$(date +%s.%N)
      run_one "$job" "$t" > "$work/out" 2>/dev/null || true
      end=$(date +%s.%N)
      times+=("$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')")
    done
    md5sum < "$work/out" | cmp -s - "$work/$job.reference" || { echo "  threads $t wrote other bytes than threads 1" >&2; status=1; }
    med=$(printf '%s\n' "${times[@]}" | median)
    [ -z "$base" ] && base=$med
    awk -v t="$t" -v m="$med" -v n="$n" -v b="$base" 'BEGIN {printf "%8s %10.3f %12.0f %8.2fx\n", t, m, n / m, b / m}'
  done
done
exit $status

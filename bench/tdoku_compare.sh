#!/usr/bin/env bash
# tdoku_compare.sh: sudokit's fast engine against tdoku, as whole processes on the same input.
#
# Why whole processes: that is how a user meets either program, and it is the only comparison
# that needs nothing from tdoku but its own driver (../shared/bench/tdoku/main.cc, which counts
# each line to 2 and prints the tallies and its guesses). Why replicated files: a file of a few
# hundred puzzles runs for milliseconds, where start-up and scheduler noise decide the result;
# repeating it until each run takes a good fraction of a second makes those vanish.
#
# What it does: builds tdoku's driver from ../shared/bench/tdoku (into the build folder, with
# -O3 -march=native as tdoku's own README asks; its code is never copied into this project),
# writes the replicated inputs (17_clue x2, top1465 x5, hardest_1106 x20, serg_multi x10, and a
# stand-in for the forum's "11+" hard list: the se_dev puzzles rated SE >= 8, x9, since no 11+
# list is in ../shared), then times
#     sudokit solve --engine fast --threads 1 --limit 2 FILE > /dev/null
#     tdoku FILE > /dev/null
# alternately, REPS times each (both with standard output to /dev/null, as above: tdoku's driver
# prints one line of tallies while sudokit writes an answer per puzzle, 12 MB for serg_multi, and
# writing those into a file costs the kernel about a tenth of a serg_multi run, work tdoku is
# never asked for; until session 19 this script wrote sudokit's answers into a file, and
# --answers-to-file does so again), and prints per set the median CPU seconds (user + system) of
# each, their ratio (sudokit / tdoku: below 1 is faster), tdoku's guesses per puzzle and the
# counts both programs found (they must agree; the script exits 1 when they do not).
# CPU time rather than wall time, because the machine is shared: time other processes hold the
# core is not counted (cache contention still is, which the alternation spreads evenly).
#
# Usage: bench/tdoku_compare.sh [--reps N] [--build DIR] [--baseline DIR] [--sets a,b,...] [--answers-to-file]
#   DIR defaults to build/release (it must hold cli/sudokit); N defaults to 5.
#   --baseline DIR: also times DIR/cli/sudokit (another build, e.g. of the previous commit in a
#   git worktree) in the same alternation, and adds its ratio to tdoku and the new build's
#   time over its time: a before/after in one window, where noise hits both alike.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/release
reps=5
baseline=
sets=17_clue,top1465,hardest_1106,serg_multi,se8
answers_to_file=
while [ $# -gt 0 ]; do
  case $1 in
    --reps) reps=$2; shift 2 ;;
    --build) build=$(cd "$2" && pwd); shift 2 ;;
    --baseline) baseline=$(cd "$2" && pwd)/cli/sudokit; shift 2 ;;
    --sets) sets=$2; shift 2 ;;
    --answers-to-file) answers_to_file=1; shift ;;
    *) echo "usage: $0 [--reps N] [--build DIR] [--baseline DIR] [--sets a,b,...] [--answers-to-file]" >&2; exit 2 ;;
  esac
done
shared=$root/../shared
sudokit=$build/cli/sudokit
[ -x "$sudokit" ] || { echo "no $sudokit: build the sudokit target first" >&2; exit 2; }
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "no $baseline: build the baseline's sudokit target first" >&2; exit 2; }
work=$build/tdoku_compare
mkdir -p "$work"

tdoku=$work/tdoku
src=$shared/bench/tdoku
if [ ! -x "$tdoku" ] || [ "$src/solver_dpll_triad_simd.cc" -nt "$tdoku" ]; then
  echo "building tdoku's driver from $src" >&2
  g++ -O3 -march=native -std=c++17 -o "$tdoku" "$src/main.cc" "$src/solver_dpll_triad_simd.cc" "$src/util.cc"
fi

# Puzzle lines only (tdoku reads the first 81 characters of a line and wants '.' for empties).
replicate() {  # replicate SOURCE TIMES OUT [awk filter]
  local tmp=$work/.one
  grep -v '^#' "$1" | awk '{ p = $1; gsub("0", ".", p); if (length(p) == 81) print p }' > "$tmp"
  : > "$3"
  for _ in $(seq "$2"); do cat "$tmp" >> "$3"; done
}
input_of() {
  local f
  case $1 in
    17_clue) f=$work/17_clue_x2.txt; [ -s "$f" ] || replicate "$shared/data/puzzles/17_clue.txt" 2 "$f" ;;
    top1465) f=$work/top1465_x5.txt; [ -s "$f" ] || replicate "$shared/data/puzzles/top1465.txt" 5 "$f" ;;
    hardest_1106) f=$work/hardest_1106_x20.txt; [ -s "$f" ] || replicate "$shared/data/puzzles/hardest_1106.txt" 20 "$f" ;;
    serg_multi) f=$work/serg_multi_x10.txt; [ -s "$f" ] || replicate "$shared/data/puzzles/serg_multi.txt" 10 "$f" ;;
    se8) f=$work/se8_x9.txt
      if [ ! -s "$f" ]; then
        awk '$2 >= 8 { print $1 }' "$shared/data/rated/se_dev.txt" > "$work/.se8"
        replicate "$work/.se8" 9 "$f"
      fi ;;
    *) echo "unknown set $1" >&2; exit 2 ;;
  esac
  echo "$f"
}

cpu_of() {  # cpu_of OUT COMMAND...: prints user+system seconds of the command (bash's own timer, 1 ms), its stdout to OUT
  local TIMEFORMAT='%3U %3S' out=$1
  shift
  { time "$@" > "$out"; } 2> "$work/.time"
  awk '{ printf "%.3f\n", $1 + $2 }' "$work/.time"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
minimum() { sort -g | head -1; }

answers=/dev/null
[ -z "$answers_to_file" ] || answers=$work/.answers
status=0
echo "| set | puzzles | sudokit s | tdoku s | sudokit / tdoku | of the fastest runs | sudokit guesses/puzzle | tdoku guesses/puzzle | counts (none/unique/multiple) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---|"
baseline_rows=()
IFS=, read -r -a set_list <<< "$sets"
for set in "${set_list[@]}"; do
  input=$(input_of "$set")
  n=$(wc -l < "$input")
  : > "$work/.s"; : > "$work/.t"; : > "$work/.b"
  for _ in $(seq "$reps"); do
    cpu_of "$answers" "$sudokit" solve --engine fast --threads 1 --limit 2 "$input" >> "$work/.s"
    cpu_of "$work/.out" "$tdoku" "$input" >> "$work/.t"
    tdoku_line=$(cat "$work/.out")
    [ -z "$baseline" ] || cpu_of "$answers" "$baseline" solve --engine fast --threads 1 --limit 2 "$input" >> "$work/.b"
  done
  s=$(median < "$work/.s"); t=$(median < "$work/.t")
  # The fastest run of each, too: on a shared machine slow runs are other processes' doing,
  # and the minimum is the steadier estimate of a program's own cost.
  smin=$(minimum < "$work/.s"); tmin=$(minimum < "$work/.t")
  if [ -n "$baseline" ]; then
    b=$(median < "$work/.b")
    baseline_rows+=("$(awk -v set="$set" -v s="$s" -v t="$t" -v b="$b" \
      'BEGIN { printf "| %s | %.3f | %.3f | %.3f | %.2f× | %.2f× | %.3f |", set, b, s, t, b / t, s / t, s / b }')")
  fi
  read -r _ none _ unique _ multiple _ guesses <<< "$tdoku_line"
  # sudokit's jsonl records carry the verdict and the guesses; tally them like tdoku's line.
  read -r on ou om og < <("$sudokit" solve --engine fast --threads 1 --limit 2 --format jsonl "$input" 2>/dev/null |
    awk '{ if ($0 ~ /"status":"none"/) n++; else if ($0 ~ /"status":"unique"/) u++; else if ($0 ~ /"status":"multiple"/) m++;
           if (match($0, /"guesses":[0-9]+/)) g += substr($0, RSTART + 10, RLENGTH - 10) }
         END { print n + 0, u + 0, m + 0, g + 0 }')
  agree=yes
  if [ "$on/$ou/$om" != "$none/$unique/$multiple" ]; then agree="NO: sudokit $on/$ou/$om"; status=1; fi
  awk -v set="$set" -v n="$n" -v s="$s" -v t="$t" -v smin="$smin" -v tmin="$tmin" -v g="$guesses" -v og="$og" \
      -v c="$none/$unique/$multiple" -v a="$agree" \
    'BEGIN { printf "| %s | %d | %.3f | %.3f | **%.2f×** | %.2f× | %.2f | %.2f | %s (agree: %s) |\n", set, n, s, t, s / t, smin / tmin, og / n, g / n, c, a }'
done
if [ -n "$baseline" ]; then
  echo
  echo "Against the baseline $baseline:"
  echo "| set | baseline s | sudokit s | tdoku s | baseline / tdoku | sudokit / tdoku | sudokit / baseline |"
  echo "|---|---:|---:|---:|---:|---:|---:|"
  printf '%s\n' "${baseline_rows[@]}"
fi
echo
echo "Median of $reps runs each, alternating; CPU seconds (user + system) of the whole process; \"of the fastest runs\": the ratio of each program's fastest run; sudokit's answers to $([ -n "$answers_to_file" ] && echo 'a file' || echo '/dev/null')."
echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores;" \
     "load average $(cut -d' ' -f1-3 /proc/loadavg); sudokit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')."
exit $status

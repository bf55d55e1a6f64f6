#!/usr/bin/env bash
# tdoku_kernel.sh: builds bench/tdoku_kernel.cpp with the project's solver library and tdoku's
# solver (from ../shared/bench/tdoku, compiled into the build folder with -O3 -march=native as
# tdoku's README asks; never copied into the project) and runs it on the shared collections.
#
# Usage: bench/tdoku_kernel.sh [--build DIR] [driver options: --reps N, --branching MODE, --triads]
#   DIR defaults to build/release (it must hold the built solver and grid libraries).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/release
if [ "${1:-}" = "--build" ]; then build=$(cd "$2" && pwd); shift 2; fi
shared=$root/../shared
src=$shared/bench/tdoku
work=$build/tdoku_kernel
mkdir -p "$work"
for f in solver_dpll_triad_simd util; do
  if [ ! -f "$work/$f.o" ] || [ "$src/$f.cc" -nt "$work/$f.o" ]; then
    g++ -O3 -march=native -std=c++17 -c -o "$work/$f.o" "$src/$f.cc"
  fi
done
libs=("$build/solver/libsudokit_solver.a" "$build/grid/libsudokit_grid.a")
for l in "${libs[@]}"; do [ -f "$l" ] || { echo "no $l: build the project first" >&2; exit 2; }; done
# The engine's header is internal to solver/ (solver/src); the driver is a bench, not a client.
g++ -O3 -DNDEBUG -std=c++20 -I"$root/solver/include" -I"$root/solver/src" -I"$root/grid/include" \
  -o "$work/tdoku_kernel" "$root/bench/tdoku_kernel.cpp" "${libs[@]}" "$work/solver_dpll_triad_simd.o" "$work/util.o"
if [ ! -s "$work/se8.txt" ]; then awk '$2 >= 8 { print $1 }' "$shared/data/rated/se_dev.txt" > "$work/se8.txt"; fi
data=$shared/data/puzzles
"$work/tdoku_kernel" "$@" "$data/17_clue.txt" "$data/top1465.txt" "$data/hardest_1106.txt" "$data/serg_multi.txt" "$work/se8.txt"

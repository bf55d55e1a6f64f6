#!/usr/bin/env bash
# mpi_scaling.sh: records per second of `sudokit` under `mpirun -n K`, and the speed-up over
# one process, for the cluster executor (pipeline/include/sudokit/cluster.hpp).
#
# For each workload and each K it runs the same command `--repeat` times (interleaved, so a
# noisy neighbour hurts every K alike) and reports the median wall time, records/s and the
# speed-up over K = 1. K = 1 is the plain program (no mpirun: what a user without a cluster
# runs); K > 1 includes mpirun's start-up and shut-down, so short workloads understate the
# speed-up: the `net` columns take off the median time of an empty run of K ranks (`generate
# -n 0`: start, every rank joins the loop, stop), what a long job pays once. Each rank runs --threads worker threads (default 1: ranks x 1 thread is the
# cluster shape the issue's targets are about). Every run's output is compared with K = 1's:
# a difference stops the benchmark.
#
# Usage: bench/mpi_scaling.sh [--ranks "1 2"] [--threads 1] [--repeat 3]
#                             [--workloads "generate grade verify solve"] [--chunks "C1 C2 ..."]
#                             [--scale S] [--binary PATH] [--mpirun "mpirun ARGS"]
#   --chunks   also time K = max(ranks) with SUDOKIT_CLUSTER_CHUNK set to each of these (items
#              per chunk; default: the built-in choice only)
#   --scale    multiplies every workload's size (default 1; use 4+ on a 16-core machine)
# On a 16-core machine (the lead's scaling check):
#   bench/mpi_scaling.sh --ranks "1 2 4 8 16" --threads 1 --repeat 3 --scale 8
set -euo pipefail
cd "$(dirname "$0")/.."

ranks="1 2" threads=1 repeat=3 workloads="generate grade verify solve" chunks="" scale=1
binary=build/release/cli/sudokit
mpirun_cmd="mpirun -q --oversubscribe"
while [ $# -gt 0 ]; do
  case "$1" in
    --ranks) ranks=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --workloads) workloads=$2; shift 2 ;;
    --chunks) chunks=$2; shift 2 ;;
    --scale) scale=$2; shift 2 ;;
    --binary) binary=$2; shift 2 ;;
    --mpirun) mpirun_cmd=$2; shift 2 ;;
    *) sed -n '2,24p' "$0" >&2; exit 2 ;;
  esac
done
[ -x "$binary" ] || { echo "no $binary: cmake --preset release && cmake --build build/release --target sudokit" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] && export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
data=../shared/data/puzzles
work=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-mpi-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The inputs: sizes picked for ~10-20 s per K = 1 run on one core of the 2-core CI machine.
first() { awk -v max="$2" '!/^#/ && n < max { print; n++ }' "$1"; }  # the first N puzzles of a file
first "$data/top1465.txt" $((300 * scale)) > "$work/grade.txt"
first "$data/17_clue.txt" $((30000 * scale)) > "$work/verify.txt"
for _ in $(seq $((5 * scale))); do grep -v '^#' "$data/17_clue.txt"; done > "$work/solve.txt"

# workload name -> records and the command's arguments
records_of() {
  case "$1" in
    generate) echo $((30000 * scale)) ;;
    empty) echo 0 ;;
    grade) wc -l < "$work/grade.txt" ;;
    verify) wc -l < "$work/verify.txt" ;;
    solve) wc -l < "$work/solve.txt" ;;
  esac
}
args_of() {
  case "$1" in
    generate) echo "generate --seed 1 -n $((30000 * scale))" ;;
    empty) echo "generate --seed 1 -n 0" ;;
    grade) echo "grade $work/grade.txt" ;;
    verify) echo "verify --minimal $work/verify.txt" ;;
    solve) echo "solve $work/solve.txt" ;;
  esac
}

# run K CHUNK WORKLOAD: prints the wall time in seconds; checks the output against K = 1's
run() {
  local k=$1 chunk=$2 name=$3 start end
  local -a args
  read -r -a args <<<"$(args_of "$name")"
  local -a env=()
  [ "$chunk" != default ] && env=(env "SUDOKIT_CLUSTER_CHUNK=$chunk")
  start=$(date +%s.%N)
  if [ "$k" = 1 ]; then
    "${env[@]}" "$binary" "${args[@]}" -j "$threads" > "$work/out" 2> "$work/err" || true
  else
    # shellcheck disable=SC2086
    "${env[@]}" $mpirun_cmd -n "$k" "$binary" "${args[@]}" -j "$threads" > "$work/out" 2> "$work/err" || true
  fi
  end=$(date +%s.%N)
  if [ -f "$work/$name.expected" ]; then
    cmp -s "$work/out" "$work/$name.expected" || { echo "K=$k chunk=$chunk $name: output differs from K=1" >&2; exit 1; }
  else
    cp "$work/out" "$work/$name.expected"
  fi
  echo "$end - $start" | bc -l
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

max_k=$(tr ' ' '\n' <<<"$ranks" | sort -n | tail -1)
echo "# sudokit mpi_scaling: $(nproc) cores, ranks: $ranks, $threads thread(s) per rank, median of $repeat, $(date -u +%F)"
# The fixed cost of K ranks (start, join, stop), taken off in the net columns.
declare -A fixed=()
for k in $ranks; do
  ts=""
  for _ in $(seq "$repeat"); do rm -f "$work/empty.expected"; ts+="$(run "$k" default empty) "; done
  fixed[$k]=$(tr ' ' '\n' <<<"$ts" | grep . | median)
done
echo "# fixed cost per run (s): $(for k in $ranks; do printf 'K=%s %.2f  ' "$k" "${fixed[$k]}"; done)"
printf '%-9s %4s %8s %9s %12s %8s %9s %8s\n' workload K chunk seconds records/s speed-up net-s net-x
for name in $workloads; do
  rm -f "$work/$name.expected"
  n=$(records_of "$name")
  configs=()
  for k in $ranks; do configs+=("$k:default"); done
  for c in $chunks; do configs+=("$max_k:$c"); done
  declare -A times=()
  for _ in $(seq "$repeat"); do
    for config in "${configs[@]}"; do
      times[$config]+="$(run "${config%%:*}" "${config##*:}" "$name") "
    done
  done
  base="" net_base=""
  for config in "${configs[@]}"; do
    t=$(tr ' ' '\n' <<<"${times[$config]}" | grep . | median)
    net=$(echo "$t - ${fixed[${config%%:*}]}" | bc -l)
    [ -z "$base" ] && base=$t net_base=$net
    printf '%-9s %4s %8s %9.2f %12.0f %8.2f %9.2f %8.2f\n' "$name" "${config%%:*}" "${config##*:}" "$t" \
      "$(echo "$n / $t" | bc -l)" "$(echo "$base / $t" | bc -l)" "$net" "$(echo "$net_base / $net" | bc -l)"
  done
  unset times
done

#!/usr/bin/env bash
# Benchmark of reading and writing: the runtime launcher (krm-function/target/runtime/bin/racer-krm) in
# function mode on the mix of bench/resource-list.sh (a third each Services, Deployments and ConfigMaps,
# about 277 bytes an item; the function reads racer-settings, renders the dataplane and gives every other
# item back), stdin a file. Per size: CPU (user + sys), wall time and peak RSS, medians of RUNS runs after
# one warm-up; with --previous, the previous build's launcher in turn with this one (A B A B ...), with
# --other, any other KRM function reading a ResourceList on stdin (for instance one built on kyaml's
# fn/framework), and the median of the pairs' CPU ratios. At the largest size, one more run of this build
# with -Xlog:gc gives the share of the CPU spent in collections (the sum of the pauses over the CPU).
#
# GNU time counts CPU in steps of 10 ms: at 20 items, compare with bench/startup.sh's pairs instead.
# A measurement, not a test: it asserts nothing. Needs GNU time (/usr/bin/time) and a build:
#   mvn -B -q package -DskipTests
# Usage: bench/reader.sh [-n RUNS] [--sizes "20 1000 5000 100000"] [--previous LAUNCHER] [--other COMMAND]
# The bytes allocated per input byte, which hold no clock, are held by AllocationPerByteTest instead.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=5
sizes="20 1000 5000 100000"
previous=
other=
while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=$2; shift 2 ;;
    --sizes) sizes=$2; shift 2 ;;
    --previous) previous=$2; shift 2 ;;
    --other) other=$2; shift 2 ;;
    *) echo "reader.sh: usage: bench/reader.sh [-n RUNS] [--sizes LIST] [--previous LAUNCHER] [--other COMMAND]" >&2; exit 2 ;;
  esac
done
launcher=$root/krm-function/target/runtime/bin/racer-krm
[ -x "$launcher" ] || { echo "reader.sh: $launcher missing; build first: mvn -B -q package -DskipTests" >&2; exit 1; }
[ -z "$previous" ] || [ -x "$previous" ] || { echo "reader.sh: --previous $previous is not an executable" >&2; exit 1; }
/usr/bin/time -f '%M' true >/dev/null 2>&1 || { echo "reader.sh: needs GNU time: apt-get install time" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-reader.XXXXXX")
trap 'rm -rf "$work"' EXIT
# shellcheck source=bench/resource-list.sh
. "$here/resource-list.sh"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# measure NAME INPUT COMMAND: one run, its figures appended to $work/NAME (cpu ms, wall ms, RSS KiB).
measure() {
  local name=$1 input=$2 command=$3 start end status=0
  start=$(date +%s%N)
  /usr/bin/time -o "$work/time" -f '%U %S %M' sh -c "$command" <"$input" >/dev/null 2>"$work/err" || status=$?
  end=$(date +%s%N)
  if [ "$status" -gt 1 ]; then
    echo "reader.sh: exit $status from: $command" >&2
    cat "$work/err" >&2
    exit 1
  fi
  tail -n 1 "$work/time" | awk -v wall=$(((end - start) / 1000000)) '{ printf "%d %d %d\n", ($1 + $2) * 1000, wall, $3 }' >>"$work/$name"
}

# figures NAME: "CPU ms | wall ms | RSS MiB", medians.
figures() {
  printf '%s ms | %s ms | %.1f MiB' "$(cut -d' ' -f1 "$work/$1" | median)" "$(cut -d' ' -f2 "$work/$1" | median)" \
    "$(cut -d' ' -f3 "$work/$1" | median | awk '{ print $1 / 1024 }')"
}

# ratio A B: the median of the runs' CPU ratios, pair by pair.
ratio() {
  local ratios
  ratios=$(paste -d' ' "$work/$1" "$work/$2" | awk '$4 > 0 { printf "%.3f\n", $1 / $4 }')
  if [ -z "$ratios" ]; then
    printf 'n/a'
  else
    echo "$ratios" | median | awk '{ printf "%.2fx", $1 }'
  fi
}

echo "racer-krm reading and writing, the mix of bench/resource-list.sh, stdin a file ($runs runs per row, medians, after one warm-up)"
echo "host: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "A: $launcher"
[ -z "$previous" ] || echo "B: $previous (the previous build)"
[ -z "$other" ] || echo "C: $other"
echo
printf '| items | bytes | A: CPU | wall | RSS |%s%s\n' "${previous:+ B: CPU | wall | RSS | A/B CPU |}" "${other:+ C: CPU | wall | RSS | A/C CPU |}"
printf '|---|---|---|---|---|%s%s\n' "${previous:+---|---|---|---|}" "${other:+---|---|---|---|}"
largest=
for items in $sizes; do
  generate_mix "$items" "$work"
  input=$work/mix-$items.yaml
  : >"$work/a" && : >"$work/b" && : >"$work/c"
  measure warm "$input" "'$launcher'"
  [ -z "$previous" ] || measure warm "$input" "'$previous'"
  [ -z "$other" ] || measure warm "$input" "$other"
  for ((i = 0; i < runs; i++)); do
    measure a "$input" "'$launcher'"
    [ -z "$previous" ] || measure b "$input" "'$previous'"
    [ -z "$other" ] || measure c "$input" "$other"
  done
  row="| $items | $(wc -c <"$input") | $(figures a) |"
  [ -z "$previous" ] || row="$row $(figures b) | $(ratio a b) |"
  [ -z "$other" ] || row="$row $(figures c) | $(ratio a c) |"
  echo "$row"
  largest=$items
done

# The collector's share at the largest size: its pauses (Serial: the application stands still) over the
# run's CPU.
input=$work/mix-$largest.yaml
[ -f "$input" ] || generate_mix "$largest" "$work"
/usr/bin/time -o "$work/time" -f '%U %S' env RACER_KRM_JAVA_OPTS=-Xlog:gc:stderr "$launcher" <"$input" >/dev/null 2>"$work/gc" || true
gc_ms=$(grep -o 'Pause.* [0-9.]*ms$' "$work/gc" | awk '{ sub("ms", "", $NF); s += $NF } END { printf "%d", s }')
collections=$(grep -c 'Pause' "$work/gc" || true)
cpu_ms=$(tail -n 1 "$work/time" | awk '{ printf "%d", ($1 + $2) * 1000 }')
echo
echo "A at $largest items: $collections collections, $gc_ms ms of pauses, $(awk -v g="$gc_ms" -v c="$cpu_ms" 'BEGIN { printf "%.1f", (c > 0) ? (100 * g / c) : 0 }')% of $cpu_ms ms of CPU"

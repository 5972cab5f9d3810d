#!/usr/bin/env bash
# Memory of the assembled runtime (krm-function/target/runtime/bin/racer-krm, as in the image) per input size:
# for 20, 5,000 and 50,000 items (the inputs of bench/runtime.sh), the peak RSS without a limit, and the
# smallest memory limit of a cgroup (as a container's limit) under which the function still renders the
# input, byte for byte as without a limit, with the heap the launcher gives it there. The memory
# table of docs/performance.md comes from this script.
#
# A measurement, not a test: it asserts nothing. The limits need root and a memory cgroup
# (bench/memory-cgroup.sh); without them only the RSS column is printed. Needs GNU time (/usr/bin/time) and
# a build: mvn -B -q -o -pl krm-function -am package -DskipTests
# Usage: bench/memory.sh [-n RUNS] [--step MIB] [SIZE...]
#   -n RUNS      runs per size for the RSS column (default 3; the median is reported)
#   --step MIB   precision of the smallest limit (default 4 MiB)
#   SIZE...      item counts (default: 20 5000 50000)
# Near its smallest limit a run spends most of its time collecting garbage: the wall time printed there
# shows it; give a container some room above the smallest limit (docs/performance.md says how much).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3
step=4
sizes=()
while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=$2; shift 2 ;;
    --step) step=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    [0-9]*) sizes+=("$1"); shift ;;
    *) echo "memory.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ ${#sizes[@]} -gt 0 ] || sizes=(20 5000 50000)
launcher=$root/krm-function/target/runtime/bin/racer-krm
[ -x "$launcher" ] || { echo "memory.sh: $launcher missing; build first: mvn -B -q -o -pl krm-function -am package -DskipTests" >&2; exit 1; }
/usr/bin/time -f '%M' true >/dev/null 2>&1 || { echo "memory.sh: needs GNU time: apt-get install time" >&2; exit 1; }
cgroups=1
why=$("$here/memory-cgroup.sh" check) || cgroups=0

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-memory.XXXXXX")
trap 'rm -rf "$work"' EXIT

# shellcheck source=bench/resource-list.sh
. "$here/resource-list.sh"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# renders N MIB: whether the N-item input renders under a limit of MIB MiB, as without a limit; sets $wall_ms
# and $peak (the cgroup's peak charge, bytes)
renders() {
  local n=$1 mib=$2 start end status=0
  start=$(date +%s%N)
  RACER_KRM_REQUIRE_ARCHIVE=1 "$here/memory-cgroup.sh" run "$mib" "$work/report" "$launcher" \
    <"$work/items-$n.yaml" >"$work/limited.out" 2>"$work/limited.err" || status=$?
  end=$(date +%s%N)
  wall_ms=$(((end - start) / 1000000))
  peak=$(cut -d' ' -f1 "$work/report")
  if [ "$status" = 137 ]; then
    echo "  (${mib} MiB: killed by the kernel's OOM killer, not a heap error)" >&2
  fi
  [ "$status" = 0 ] && cmp -s "$work/limited.out" "$work/reference-$n.out"
}

# the heap the launcher's JVM takes under a limit of MIB MiB
heap_under() {
  RACER_KRM_REQUIRE_ARCHIVE=1 RACER_KRM_JAVA_OPTS=-XX:+PrintFlagsFinal \
    "$here/memory-cgroup.sh" run "$1" "$work/report" "$launcher" --version 2>&1 >/dev/null \
    | awk '$2 == "MaxHeapSize" { printf "%d MiB", $4 / 1048576 }'
}

echo "racer-krm: memory of the assembled runtime per input size (function mode, bench/resource-list.sh inputs)"
echo "host: $(nproc) cores, $(awk '/MemTotal/ { printf "%d MiB", $2 / 1024 }' /proc/meminfo), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "runtime: $("$root/krm-function/target/runtime/jre/bin/java" -version 2>&1 | head -1)"
[ "$cgroups" = 1 ] || echo "limits: not measured: $why"
echo
printf '| %8s | %9s | %12s | %13s | %13s | %10s | %-18s |\n' items input "peak RSS" "smallest" "peak charged" "heap" "wall there"
printf '| %8s | %9s | %12s | %13s | %13s | %10s | %-18s |\n' "" MiB "no limit, MiB" "limit, MiB" "there, MiB" "there" "(no limit)"
printf '|%s|%s|%s|%s|%s|%s|%s|\n' ---------- ----------- -------------- --------------- --------------- ------------ --------------------
for n in "${sizes[@]}"; do
  generate "$n" "$work"
  input_mib=$(awk -v b="$(wc -c <"$work/items-$n.yaml")" 'BEGIN { printf "%.1f", b / 1048576 }')
  : >"$work/rss"
  : >"$work/wall"
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s%N)
    /usr/bin/time -o "$work/time" -f '%M' "$launcher" <"$work/items-$n.yaml" >"$work/reference-$n.out" 2>"$work/err" \
      || { echo "memory.sh: $n items fail without a limit:" >&2; cat "$work/err" >&2; exit 1; }
    end=$(date +%s%N)
    tail -n 1 "$work/time" >>"$work/rss"
    echo $(((end - start) / 1000000)) >>"$work/wall"
  done
  rss=$(median <"$work/rss" | awk '{ printf "%.0f", $1 / 1024 }')
  free_wall=$(median <"$work/wall")
  if [ "$cgroups" = 0 ]; then
    printf '| %8s | %9s | %12s | %13s | %13s | %10s | %-18s |\n' "$n" "$input_mib" "$rss" - - - "($free_wall ms)"
    continue
  fi
  # the smallest limit, by bisection: from twice the RSS down (what renders) to 16 MiB (what does not)
  high=$((((rss * 2 + step - 1) / step) * step))
  until renders "$n" "$high"; do high=$((high * 2)); done
  high_wall=$wall_ms
  high_peak=$peak
  low=16
  while [ $((high - low)) -gt "$step" ]; do
    mid=$((((low + high) / 2 + step - 1) / step * step))
    [ "$mid" -lt "$high" ] || break
    if renders "$n" "$mid"; then
      high=$mid
      high_wall=$wall_ms
      high_peak=$peak
    else
      low=$mid
    fi
  done
  printf '| %8s | %9s | %12s | %13s | %13s | %10s | %-18s |\n' "$n" "$input_mib" "$rss" "$high" \
    "$(awk -v b="$high_peak" 'BEGIN { printf "%.0f", b / 1048576 }')" "$(heap_under "$high")" "$high_wall ms ($free_wall ms)"
done

#!/usr/bin/env bash
# Benchmark of the assembled runtime (krm-function/target/runtime/bin/racer-krm: jlink runtime + class-data
# archive, as in the image) beside the plain launcher (krm-function/target/racer-krm on the system's java):
# median wall time, CPU time and peak RSS in function mode on a 20-item and a 5,000-item ResourceList,
# with `java -version` of the same JVM as the floor. The runtime is also measured without its archive
# (RACER_KRM_ARCHIVE=off), which shows what the archive buys.
#
# A measurement, not a test: it asserts nothing. Needs GNU time (/usr/bin/time) and a build:
#   mvn -B -q -o -pl krm-function -am install -DskipTests
# Usage: bench/runtime.sh [-n RUNS]      (default 10 runs per row; the median is reported)
# Inputs have the shape bench/startup.sh uses (racer-settings, a cache origin, ConfigMaps), so figures
# compare across the two. CPU time (user + sys) moves less than wall time on a busy machine.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=10
case "${1:-}" in
  -n) runs=$2 ;;
  '') ;;
  *) echo "runtime.sh: usage: bench/runtime.sh [-n RUNS]" >&2; exit 2 ;;
esac
runtime=$root/krm-function/target/runtime
plain=$root/krm-function/target/racer-krm
for f in "$runtime/bin/racer-krm" "$plain"; do
  [ -x "$f" ] || { echo "runtime.sh: $f missing; build first: mvn -B -q -o -pl krm-function -am install -DskipTests" >&2; exit 1; }
done
/usr/bin/time -f '%M' true >/dev/null 2>&1 || { echo "runtime.sh: needs GNU time: apt-get install time" >&2; exit 1; }
system_java=$(if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then echo "$JAVA_HOME/bin/java"; else command -v java; fi)

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# shellcheck source=bench/resource-list.sh
. "$here/resource-list.sh"
generate 20 "$work"
generate 5000 "$work"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# row LABEL INPUT COMMAND...: runs it $runs times (after one unmeasured run), prints a table row and
# remembers the median wall time in $last_ms.
row() {
  local label=$1 input=$2
  shift 2
  "$@" <"$input" >/dev/null 2>&1 || true
  : >"$work/wall" && : >"$work/cpu" && : >"$work/rss"
  local i start end status
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s%N)
    status=0
    /usr/bin/time -o "$work/time" -f '%U %S %M' "$@" <"$input" >"$work/out" 2>"$work/err" || status=$?
    end=$(date +%s%N)
    if [ "$status" -gt 1 ]; then
      echo "runtime.sh: exit $status from: $*" >&2
      cat "$work/err" >&2
      exit 1
    fi
    echo $(((end - start) / 1000000)) >>"$work/wall"
    tail -n 1 "$work/time" | awk '{ printf "%d\n", ($1 + $2) * 1000 }' >>"$work/cpu"
    tail -n 1 "$work/time" | awk '{ print $3 }' >>"$work/rss"
  done
  last_ms=$(median <"$work/wall")
  local ratio=""
  if [ -n "${floor_ms:-}" ] && [ "$floor_ms" -gt 0 ]; then
    ratio=$(awk -v a="$last_ms" -v b="$floor_ms" 'BEGIN { printf "%.1fx", a / b }')
  fi
  printf '| %-40s | %6d | %6s | %-11s | %6d | %7.1f | %7.1f |\n' "$label" "$last_ms" "$ratio" \
    "$(sort -n "$work/wall" | head -1)..$(sort -n "$work/wall" | tail -1)" "$(median <"$work/cpu")" \
    "$(median <"$work/rss" | awk '{ print $1 / 1024 }')" "$(sort -n "$work/rss" | tail -1 | awk '{ print $1 / 1024 }')"
}

echo "racer-krm: assembled runtime vs plain launcher ($runs runs per row, medians; after one warm-up run)"
echo "host: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
archive=none
for f in "$runtime"/app/racer-krm.aot "$runtime"/app/racer-krm.jsa; do [ ! -f "$f" ] || archive=${f##*/}; done
echo "runtime: $("$runtime/jre/bin/java" -version 2>&1 | head -1), archive $archive"
echo "plain:   $("$system_java" -version 2>&1 | head -1)"
echo
printf '| %-40s | %6s | %6s | %-11s | %6s | %7s | %7s |\n' case "wall" "/floor" "min..max" "cpu" "RSS" "max RSS"
printf '| %-40s | %6s | %6s | %-11s | %6s | %7s | %7s |\n' "" "ms" "" "ms" "ms" "MiB" "MiB"
printf '|%s|%s|%s|%s|%s|%s|%s|\n' ------------------------------------------ -------- -------- ------------- -------- --------- ---------
floor_ms=
row "runtime: java -version (floor)" /dev/null "$runtime/jre/bin/java" -version
floor_ms=$last_ms
row "runtime, 20 items" "$work/items-20.yaml" "$runtime/bin/racer-krm"
row "runtime, 5,000 items" "$work/items-5000.yaml" "$runtime/bin/racer-krm"
row "runtime without archive, 20 items" "$work/items-20.yaml" env RACER_KRM_ARCHIVE=off "$runtime/bin/racer-krm"
row "runtime without archive, 5,000 items" "$work/items-5000.yaml" env RACER_KRM_ARCHIVE=off "$runtime/bin/racer-krm"
floor_ms=
row "plain: java -version (floor)" /dev/null "$system_java" -version
floor_ms=$last_ms
row "plain launcher, 20 items" "$work/items-20.yaml" "$plain"
row "plain launcher, 5,000 items" "$work/items-5000.yaml" "$plain"

#!/usr/bin/env bash
# Startup benchmark of the racer-krm launcher: median wall time and peak RSS of
#   - `java -version` with the same JVM the launcher runs (the floor),
#   - the launcher in function mode on a 20-item ResourceList (kustomize-sized),
#   - the launcher on a 5,000-item ResourceList,
# each run N times (default 10), with the launcher's default JVM and, when installed, Temurin 25.
#
# A measurement, not a test: it asserts nothing about time. It installs nothing. Needs GNU time
# (/usr/bin/time, for peak RSS): `apt-get install time`. hyperfine is not needed.
#
# Usage: bench/startup.sh [-n RUNS] [--launcher PATH] [--java-home DIR]... [--no-java25] [--breakdown]
#   -n RUNS          runs per case (default 10; the median is reported)
#   --launcher PATH  the packaged launcher (default: krm-function/target/racer-krm; build it with
#                    mvn -B -q -o -pl krm-function -am install -DskipTests). A launcher with a runtime
#                    beside it (../jre, as krm-function/target/runtime/bin/racer-krm) is measured
#                    with that runtime only.
#   --java-home DIR  also measure with JAVA_HOME=DIR (repeatable)
#   --no-java25      do not add /usr/lib/jvm/temurin-25-jdk-amd64 when it is installed
#   --breakdown      also count the classes the 20-item run loads, by where they come from
# Wall time is taken with date +%s%N around each run (1 ms resolution; GNU time's %e has 10 ms), peak RSS
# from GNU time's %M. Figures on a busy machine vary: compare rows of one run of this script.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=10
launcher=$root/krm-function/target/racer-krm
java_homes=()
java25=/usr/lib/jvm/temurin-25-jdk-amd64
add_java25=1
breakdown=0

while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=$2; shift 2 ;;
    --launcher) launcher=$2; shift 2 ;;
    --java-home) java_homes+=("$2"); shift 2 ;;
    --no-java25) add_java25=0; shift ;;
    --breakdown) breakdown=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "startup.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

case "$runs" in
  ''|*[!0-9]*|0) echo "startup.sh: -n needs a positive number of runs, got '$runs'" >&2; exit 2 ;;
esac
if [ ! -x /usr/bin/time ] || ! /usr/bin/time -f '%M' true >/dev/null 2>&1; then
  echo "startup.sh: GNU time (/usr/bin/time) is needed for peak RSS; install it with: apt-get install time" >&2
  exit 1
fi
if [ ! -x "$launcher" ]; then
  echo "startup.sh: no launcher at $launcher; build it with:" >&2
  echo "  cd $root && mvn -B -q -o -pl krm-function -am install -DskipTests" >&2
  exit 1
fi
# A launcher with its own runtime beside it (krm-function/target/runtime/bin/racer-krm) ignores JAVA_HOME:
# its floor is that runtime's java, and other JVMs do not apply.
bundled=$(cd "$(dirname "$launcher")/.." && pwd)/jre/bin/java
if [ -x "$bundled" ]; then
  java_homes=()
elif [ "$add_java25" = 1 ] && [ -x "$java25/bin/java" ]; then
  java_homes+=("$java25")
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# shellcheck source=bench/resource-list.sh
. "$here/resource-list.sh"
generate 20 "$work"
generate 5000 "$work"

# The JVM the launcher would run with this environment (same rule as the launcher script).
java_of() {
  local home=$1
  if [ -n "$home" ]; then echo "$home/bin/java"
  elif [ -x "$bundled" ]; then echo "$bundled"
  elif [ -n "${RACER_KRM_JAVA:-}" ]; then echo "$RACER_KRM_JAVA"
  elif [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then echo "$JAVA_HOME/bin/java"
  else command -v java
  fi
}

# Runs "$@" $runs times with stdin from $input; prints "median_ms min_ms max_ms median_rss_kb".
measure() {
  local input=$1; shift
  local walls=() rsss=() i start end status
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s%N)
    status=0
    /usr/bin/time -o "$work/time" -f '%M' "$@" <"$input" >"$work/out" 2>"$work/err" || status=$?
    end=$(date +%s%N)
    if [ "$status" != 0 ]; then
      echo "startup.sh: exit $status from: $*" >&2
      cat "$work/err" >&2
      exit 1
    fi
    walls+=($(((end - start) / 1000000)))
    rsss+=("$(tail -n 1 "$work/time")")
  done
  local sorted_walls sorted_rss
  sorted_walls=$(printf '%s\n' "${walls[@]}" | sort -n)
  sorted_rss=$(printf '%s\n' "${rsss[@]}" | sort -n)
  echo "$(median "$sorted_walls") $(echo "$sorted_walls" | head -n 1) $(echo "$sorted_walls" | tail -n 1)" \
    "$(median "$sorted_rss")"
}

# The median of sorted numbers, one a line (the mean of the middle two for an even count).
median() {
  echo "$1" | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'
}

row() {
  local label=$1 jvm=$2 input=$3; shift 3
  local median_ms min_ms max_ms rss_kb
  read -r median_ms min_ms max_ms rss_kb < <(measure "$input" "$@")
  printf '| %-34s | %-10s | %4d | %9d | %11s | %8.1f |\n' "$label" "$jvm" "$runs" "$median_ms" \
    "$min_ms..$max_ms" "$(echo "$rss_kb" | awk '{ print $1 / 1024 }')"
}

echo "racer-krm startup: $launcher"
echo "host: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $runs runs per case"
echo
printf '| %-34s | %-10s | %4s | %9s | %-11s | %8s |\n' "case" "JVM" "runs" "median ms" "min..max ms" "RSS MB"
printf '|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..36})" "------------" "------" "-----------" \
  "-------------" "----------"
for home in "" "${java_homes[@]}"; do
  java=$(java_of "$home")
  version=$("$java" -version 2>&1 | awk -F'"' '/version/ { print $2; exit }')
  if [ -n "$home" ]; then env_home=(env "JAVA_HOME=$home" RACER_KRM_JAVA=); else env_home=(env); fi
  row "java -version (floor)" "$version" /dev/null "$java" -version
  row "launcher, 20 items" "$version" "$work/items-20.yaml" "${env_home[@]}" "$launcher"
  row "launcher, 5,000 items" "$version" "$work/items-5000.yaml" "${env_home[@]}" "$launcher"
done

if [ "$breakdown" = 1 ]; then
  echo
  echo "Classes loaded by the 20-item run (default JVM), by where they come from:"
  RACER_KRM_JAVA_OPTS="-Xlog:class+load=info:file=$work/classes.log:uptime" "$launcher" \
    <"$work/items-20.yaml" >/dev/null
  awk '
    / source: shared objects file/ { cds++ }
    { n = $2
      if (n ~ /^org\.yaml\.snakeyaml\./) g = "snakeyaml"
      else if (n ~ /^io\.fabric8\./) g = "fabric8 model"
      else if (n ~ /^com\.fasterxml\.jackson\./) g = "Jackson"
      else if (n ~ /^io\.unboundedcloud\./) g = "racer-krm and workload"
      else if (n ~ /^(java|javax|jdk|sun|com\.sun)\./) g = "JDK"
      else g = "other (lambdas, proxies)"
      count[g]++; total++ }
    END {
      for (g in count) printf "%5d  %s\n", count[g], g | "sort -n -r"
      close("sort -n -r")
      printf "%5d  total (%d of them from the JDK CDS archive)\n", total, cds
    }' "$work/classes.log" | sed 's/^/  /'
fi

#!/usr/bin/env bash
# Start-up benchmark of racer-krm, in pairs: each case runs racer-krm (A) and a yardstick (B) in turn,
# A B A B ..., and takes the ratio A/B pair by pair, so that a machine whose speed drifts (a shared one)
# still gives a fair ratio. The yardstick is a stock JDK's `java -Xshare:auto -version` (a bare JVM with
# its default CDS archive) and, when given one, the launcher of a previous build on the same input.
#
#   case                                   A                               B
#   runtime's java -version                jre/bin/java beside the launcher  stock java -version
#   --version, 20 items, 5,000 items       the launcher                    stock java -version
#   the same three, with --previous        the launcher                    the previous launcher
#
# Printed per case: the medians of A's and B's wall time, CPU time (user + sys) and peak RSS, and the
# median of the pairs' ratios (wall and CPU). The goals of docs/performance.md are printed beside the
# figures they concern; nothing is asserted. Wall and CPU time from bash's time, peak RSS from GNU time
# (/usr/bin/time: `apt-get install time`). Each command runs once unmeasured first.
#
# Usage: bench/startup.sh [-n PAIRS] [--launcher PATH] [--previous PATH] [--java PATH] [--breakdown]
#   -n PAIRS         pairs per case (default 21; the medians are reported)
#   --launcher PATH  racer-krm to measure (default: krm-function/target/runtime/bin/racer-krm, the
#                    image's runtime; krm-function/target/racer-krm is the plain launcher)
#   --previous PATH  a previous build's launcher, for example a worktree of an earlier commit beside
#                    this checkout, built:
#                      git worktree add ../before COMMIT && (cd ../before && mvn -B -q package -DskipTests)
#                      bench/startup.sh --previous ../before/krm-function/target/runtime/bin/racer-krm
#                    (peak RSS depends on where the runtime's files lie: copy both runtimes to one
#                    folder to compare RSS)
#   --java PATH      the stock JDK's java (default: Debian's OpenJDK 17 where installed, else java on PATH)
#   --breakdown      also count the classes the 20-item run loads, by where they come from
# Figures on a busy machine vary: compare the ratios of one run of this script, and say the load
# (printed on the first lines) with them.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
pairs=21
launcher=$root/krm-function/target/runtime/bin/racer-krm
previous=
stock=
breakdown=0

while [ $# -gt 0 ]; do
  case "$1" in
    -n) pairs=${2:-}; shift 2 ;;
    --launcher) launcher=${2:-}; shift 2 ;;
    --previous) previous=${2:-}; shift 2 ;;
    --java) stock=${2:-}; shift 2 ;;
    --breakdown) breakdown=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) echo "startup.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

case "$pairs" in
  ''|*[!0-9]*|0) echo "startup.sh: -n needs a positive number of pairs, got '$pairs'" >&2; exit 2 ;;
esac
if [ ! -x /usr/bin/time ] || ! /usr/bin/time -f '%M' true >/dev/null 2>&1; then
  echo "startup.sh: GNU time (/usr/bin/time) is needed for CPU time and peak RSS; install it with: apt-get install time" >&2
  exit 1
fi
for l in "$launcher" ${previous:+"$previous"}; do
  if [ ! -x "$l" ]; then
    echo "startup.sh: no launcher at $l; build it with: cd $root && mvn -B -q package -DskipTests" >&2
    exit 1
  fi
done
if [ -z "$stock" ]; then
  if [ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/java ]; then stock=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
  elif [ -x /usr/lib/jvm/java-17-openjdk-arm64/bin/java ]; then stock=/usr/lib/jvm/java-17-openjdk-arm64/bin/java
  else stock=$(command -v java || true)
  fi
fi
[ -n "$stock" ] && [ -x "$stock" ] || { echo "startup.sh: no stock java found; name one with --java PATH" >&2; exit 1; }
# The runtime beside the launcher (krm-function/target/runtime/bin/racer-krm has ../jre), if any
runtime_java=$(cd "$(dirname "$launcher")/.." && pwd)/jre/bin/java
[ -x "$runtime_java" ] || runtime_java=

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# shellcheck source=bench/resource-list.sh
. "$here/resource-list.sh"
generate 20 "$work"
generate 5000 "$work"

# once SIDE INPUT COMMAND...: one run; appends "wall_ms cpu_ms rss_kb" to $work/SIDE. Wall and CPU time
# from bash's time (milliseconds; GNU time's %U and %S have 10 ms), peak RSS from GNU time's %M; GNU time's
# own few hundred microseconds are in both sides of a pair.
once() {
  local side=$1 input=$2 status=0
  shift 2
  local TIMEFORMAT='%3R %3U %3S'
  { time /usr/bin/time -o "$work/rss" -f '%M' "$@" <"$input" >/dev/null 2>"$work/err" || status=$?; } 2>"$work/time"
  if [ "$status" -gt 1 ]; then
    echo "startup.sh: exit $status from: $*" >&2
    cat "$work/err" >&2
    exit 1
  fi
  awk -v rss="$(tail -n 1 "$work/rss")" '{ printf "%d %d %d\n", $1 * 1000, ($2 + $3) * 1000, rss }' "$work/time" \
    >>"$work/$side"
}

# The median of numbers, one a line (the mean of the middle two for an even count).
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# pair LABEL INPUT_A COMMAND_A -- INPUT_B COMMAND_B: $pairs pairs, A first in odd pairs and B first in
# even ones; prints a table row and leaves the median wall ratio in $ratio and A's median wall in $a_ms.
pair() {
  local label=$1 input_a=$2 input_b i
  shift 2
  local a=() b=()
  while [ "$1" != -- ]; do a+=("$1"); shift; done
  shift
  input_b=$1
  shift
  b=("$@")
  : >"$work/A" && : >"$work/B"
  once warm "$input_a" "${a[@]}" && once warm "$input_b" "${b[@]}"
  for ((i = 0; i < pairs; i++)); do
    if ((i % 2 == 0)); then once A "$input_a" "${a[@]}"; once B "$input_b" "${b[@]}"
    else once B "$input_b" "${b[@]}"; once A "$input_a" "${a[@]}"; fi
  done
  paste -d' ' "$work/A" "$work/B" | awk '{ printf "%.4f %.4f\n", $1 / ($4 > 0 ? $4 : 1), $2 / ($5 > 0 ? $5 : 1) }' >"$work/ratios"
  a_ms=$(cut -d' ' -f1 "$work/A" | median)
  ratio=$(cut -d' ' -f1 "$work/ratios" | median)
  printf '| %-44s | %6s | %6s | %5.2fx | %6s | %6s | %5.2fx | %6.1f | %6.1f |\n' "$label" \
    "$a_ms" "$(cut -d' ' -f1 "$work/B" | median)" "$ratio" \
    "$(cut -d' ' -f2 "$work/A" | median)" "$(cut -d' ' -f2 "$work/B" | median)" "$(cut -d' ' -f2 "$work/ratios" | median)" \
    "$(cut -d' ' -f3 "$work/A" | median | awk '{ print $1 / 1024 }')" "$(cut -d' ' -f3 "$work/B" | median | awk '{ print $1 / 1024 }')"
}

header() {
  echo
  echo "$1"
  printf '| %-44s | %6s | %6s | %6s | %6s | %6s | %6s | %6s | %6s |\n' "A (B: $2)" "wall A" "wall B" "A/B" "cpu A" "cpu B" "A/B" "RSS A" "RSS B"
  printf '| %-44s | %6s | %6s | %6s | %6s | %6s | %6s | %6s | %6s |\n' "" ms ms "" ms ms "" MiB MiB
  printf '|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..46})" -------- -------- -------- -------- -------- -------- -------- --------
}

version_of() { "$1" -version 2>&1 | head -1; }
echo "racer-krm start-up, in pairs: $launcher"
echo "host: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); $pairs pairs per case, medians"
echo "stock java: $stock ($(version_of "$stock"))"
[ -z "$runtime_java" ] || echo "runtime's java: $runtime_java ($(version_of "$runtime_java"))"
[ -z "$previous" ] || echo "previous: $previous"

header "Against a bare JVM" "$(basename "$(dirname "$(dirname "$stock")")") java -Xshare:auto -version"
if [ -n "$runtime_java" ]; then
  pair "runtime's own java -Xshare:auto -version" /dev/null "$runtime_java" -Xshare:auto -version \
    -- /dev/null "$stock" -Xshare:auto -version
  java_ratio=$ratio
fi
pair "racer-krm --version" /dev/null "$launcher" --version -- /dev/null "$stock" -Xshare:auto -version
pair "racer-krm, 20 items" "$work/items-20.yaml" "$launcher" -- /dev/null "$stock" -Xshare:auto -version
items20_ratio=$ratio
pair "racer-krm, 5,000 items" "$work/items-5000.yaml" "$launcher" -- /dev/null "$stock" -Xshare:auto -version
items5000_ms=$a_ms

if [ -n "$previous" ]; then
  header "Against the previous build" "$previous"
  pair "racer-krm --version" /dev/null "$launcher" --version -- /dev/null "$previous" --version
  pair "racer-krm, 20 items" "$work/items-20.yaml" "$launcher" -- "$work/items-20.yaml" "$previous"
  pair "racer-krm, 5,000 items" "$work/items-5000.yaml" "$launcher" -- "$work/items-5000.yaml" "$previous"
fi

echo
echo "Goals (docs/performance.md), on a quiet machine:"
[ -z "${java_ratio:-}" ] || echo "  runtime's java -version at most 1.0x the stock one's wall: ${java_ratio}x"
echo "  20 items within 2x the stock java -version's wall: ${items20_ratio}x"
echo "  5,000 items under 1 s: ${items5000_ms} ms"

if [ "$breakdown" = 1 ]; then
  echo
  echo "Classes loaded by the 20-item run, by where they come from:"
  RACER_KRM_JAVA_OPTS="-Xlog:class+load=info:file=$work/classes.log" "$launcher" \
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
      printf "%5d  total (%d of them from a class-data archive)\n", total, cds
    }' "$work/classes.log" | sed 's/^/  /'
fi

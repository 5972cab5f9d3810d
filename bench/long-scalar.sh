#!/usr/bin/env bash
# Benchmark of one very long value: wall time and peak RSS of function mode on a ResourceList whose
# bystander ConfigMap holds a single-line value of 1, 4, 20 and 64 MiB (base64-like text, no spaces),
# the median of several runs each. Reading such a value used to cost time and memory in the square of its
# length (4 MiB: 5.6 s and 560 MiB RSS; 20 MiB: over a minute); krm-function/.../yaml/LinearStreamReader
# makes it linear. Kubernetes itself refuses any object over about 1.5 MiB, so these sizes only show
# that a mistaken or hostile input gets its answer quickly.
#
# A measurement, not a test: it asserts nothing. Needs GNU time (/usr/bin/time) and a build:
#   mvn -B -q -pl krm-function -am package -DskipTests
# Usage: bench/long-scalar.sh [-n RUNS] [LAUNCHER]   (default 3 runs; the plain launcher target/racer-krm)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runs=3
if [ "${1:-}" = -n ]; then
  runs=$2
  shift 2
fi
launcher=${1:-$root/krm-function/target/racer-krm}
[ -x "$launcher" ] || { echo "long-scalar.sh: $launcher missing; build first: mvn -B -q -pl krm-function -am package -DskipTests" >&2; exit 1; }
/usr/bin/time -f '%M' true >/dev/null 2>&1 || { echo "long-scalar.sh: needs GNU time: apt-get install time" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# input MIB: racer-settings, a function config, and ConfigMap blob whose one value is MIB MiB long
input() {
  {
    printf 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n'
    printf -- '- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: racer-settings, namespace: racer}\n  data: {}\n'
    printf -- '- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: blob, namespace: apps}\n  data:\n    blob: '
    head -c $(($1 * 786432)) /dev/zero | base64 -w 0
    printf '\nfunctionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: racer-function}\n'
    printf '  data: {imageRegistry: registry.example.com/racer}\n'
  } >"$work/input-$1.yaml"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

printf '%-10s %12s %14s\n' "value" "median ms" "median RSS MiB"
for mib in 1 4 20 64; do
  input "$mib"
  : >"$work/wall" && : >"$work/rss"
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s%N)
    /usr/bin/time -o "$work/time" -f '%M' "$launcher" <"$work/input-$mib.yaml" >"$work/out" 2>"$work/err" \
      || { echo "long-scalar.sh: $mib MiB failed:" >&2; cat "$work/err" >&2; exit 1; }
    end=$(date +%s%N)
    echo $(((end - start) / 1000000)) >>"$work/wall"
    tail -n 1 "$work/time" | awk '{ printf "%d\n", $1 / 1024 }' >>"$work/rss"
  done
  printf '%-10s %12s %14s\n' "$mib MiB" "$(median <"$work/wall")" "$(median <"$work/rss")"
done

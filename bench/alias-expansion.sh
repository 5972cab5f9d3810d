#!/usr/bin/env bash
# Benchmark of aliases of a large scalar, through render: wall time, CPU time, peak RSS, exit code,
# stderr size and its first line, one run each. The inputs, built here:
#   settings-1000   racer-settings with one anchored value of 1 MiB and 1,000 keys aliasing it
#                   (a 1 MB file that stands for 1,000 MiB once its aliases are expanded)
#   origin-300      a cache origin whose nodeSelector holds 300 aliases of the same 1 MiB value
#                   (the function copies the placement onto the dataplane and warns about it)
#   settings-100    racer-settings with 100 keys aliasing a 1 MiB value: 100 MiB expanded, within the
#                   128 MiB a run reads, but 100 times the file
#   origin-100      the cache origin with 100 aliases
#   settings-17     17 aliases: 17 MiB expanded, the most a 1 MiB file may stand for (1 MiB and 16
#                   times its text), the costliest aliases a 1 MB input can make racer-krm read
#   settings-18     one alias more: past that bound
#   origin-17       the cache origin with 17 aliases: admitted, rendered with a warning
# Any settings-N or origin-N may be named.
# Run it with the launcher of a build of main for the "before" figures, and of this checkout for the
# "after" ones (docs/security.md, "Aliases").
#
# A measurement, not a test: it asserts nothing. Needs GNU time (/usr/bin/time) and a build:
#   mvn -B -q -pl krm-function -am package -DskipTests
# Usage: bench/alias-expansion.sh [LAUNCHER [CASE...]]
#   (default: the runtime launcher krm-function/target/runtime/bin/racer-krm, all cases)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
launcher=${1:-$root/krm-function/target/runtime/bin/racer-krm}
shift || true
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(settings-1000 origin-300 settings-100 origin-100 settings-17 settings-18 origin-17)
[ -x "$launcher" ] || { echo "alias-expansion.sh: $launcher missing; build first" >&2; exit 1; }
/usr/bin/time -f '%M' true >/dev/null 2>&1 || { echo "alias-expansion.sh: needs GNU time" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-aliases.XXXXXX")
trap 'rm -rf "$work"' EXIT
big=$(head -c $((1024 * 1024)) /dev/zero | tr '\0' a)

function_config() {
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: racer-function\n  annotations:\n'
  printf '    config.kubernetes.io/local-config: "true"\n    config.kubernetes.io/function: |\n'
  printf '      container: {image: ghcr.io/unbounded-cloud/racer-krm:0.1.0}\n'
  printf 'data: {imageRegistry: registry.example.com/racer}\n'
}
settings_aliasing() { # settings_aliasing N: racer-settings with N keys aliasing one 1 MiB value
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\ndata:\n'
  printf '  BIG: &big %s\n' "$big"
  for i in $(seq 1 "$1"); do printf '  KEY_%04d: *big\n' "$i"; done
}
origin_aliasing() { # origin_aliasing N: a cache origin whose nodeSelector holds N aliases of it
  printf 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: models-origin\n  namespace: racer\n'
  printf '  labels: {racer.unbounded-cloud.io/cache-origin: models}\n'
  printf '  annotations: {big: &big %s}\n' "$big"
  printf 'spec:\n  selector: {matchLabels: {app: models-origin}}\n  template:\n'
  printf '    metadata: {labels: {app: models-origin}}\n    spec:\n      nodeSelector:\n'
  for i in $(seq 1 "$1"); do printf '        pool-%04d: *big\n' "$i"; done
  printf '      containers: [{name: origin, image: registry.example.com/models-origin:1.4.2}]\n'
}

build() {
  mkdir -p "$work/app"
  function_config >"$work/app/function-config.yaml"
  case $1 in
    settings-*) settings_aliasing "${1#settings-}" >"$work/app/racer-settings.yaml" ;;
    origin-*)
      printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\ndata: {}\n' \
        >"$work/app/racer-settings.yaml"
      origin_aliasing "${1#origin-}" >"$work/app/origin.yaml" ;;
  esac
}

printf '| input | exit | wall | CPU (user+sys) | peak RSS | stderr | first line of stderr |\n|---|---|---|---|---|---|---|\n'
for case in "${cases[@]}"; do
  build "$case"
  set +e
  /usr/bin/time -o "$work/time" -f '%e %U %S %M' "$launcher" render "$work/app" >"$work/out" 2>"$work/err"
  code=$?
  set -e
  read -r wall user sys rss < <(tail -1 "$work/time")
  first=$( (grep -v '^\s*$' "$work/err" || true) | head -1 | cut -c1-150 | sed "s|$work|WORK|g; s/|/\\\\|/g")
  printf '| %s | %s | %s s | %.1f s | %d MiB | %d bytes | `%s` |\n' "$case" "$code" "$wall" \
    "$(echo "$user + $sys" | bc)" $((rss / 1024)) "$(stat -c %s "$work/err")" "$first"
  rm -rf "${work:?}"/*
done

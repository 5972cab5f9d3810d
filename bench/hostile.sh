#!/usr/bin/env bash
# Benchmark of hostile inputs: wall time, CPU time and peak RSS of one run each, its exit code and the
# first line of its stderr. The inputs, built here:
#   long-key      function mode: racer-settings with one unknown key of 2 MiB (RACER_XXX...)
#   three-60mb    render of a folder with three files of 60 MB of ConfigMaps each (each under the
#                 128 MiB limit, 180 MB together)
#   alias-bomb    render of a folder with an object whose anchors nest 24 levels, 2 aliases each
#                 (48 aliases, 2^25 strings once expanded); and the same in function mode
#   dot-dot-key   function mode: racer-settings with the key ".." (the API server refuses it)
#   outside-link  render of a folder holding a link to a secret-bearing file outside it; the column
#                 "secret shown" says whether its text reached stdout or stderr
# Run it with the launcher of a build of main for the "before" figures, and of this checkout for the
# "after" ones (docs/performance.md, "Hostile inputs").
#
# bench/hostile.sh series ... runs the doubling series of bench/hostile-series.sh instead (each shape of
# input from 16 KB to 2 MiB through every mode; its header says which).
#
# A measurement, not a test: it asserts nothing. Needs GNU time (/usr/bin/time) and a build:
#   mvn -B -q -pl krm-function -am package -DskipTests
# Usage: bench/hostile.sh [LAUNCHER [CASE...]]   (default: the plain launcher target/racer-krm, all cases)
#        bench/hostile.sh series [LAUNCHER [SHAPE...]]   (default: target/runtime/bin/racer-krm, all)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
if [ "${1:-}" = series ]; then
  shift
  exec "$here/hostile-series.sh" "$@"
fi
launcher=${1:-$root/krm-function/target/racer-krm}
shift || true
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(long-key three-60mb alias-bomb-render alias-bomb-function dot-dot-key outside-link)
[ -x "$launcher" ] || { echo "hostile.sh: $launcher missing; build first: mvn -B -q -pl krm-function -am package -DskipTests" >&2; exit 1; }
/usr/bin/time -f '%M' true >/dev/null 2>&1 || { echo "hostile.sh: needs GNU time: apt-get install time" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT
secret=SECRET-b41d

settings() { # settings DATA-LINES: racer-settings as a file
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n'
  if [ -n "${1:-}" ]; then printf 'data:\n%s\n' "$1"; else printf 'data: {}\n'; fi
}
function_config() {
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: racer-function\n  annotations:\n'
  printf '    config.kubernetes.io/local-config: "true"\n    config.kubernetes.io/function: |\n'
  printf '      container: {image: ghcr.io/unbounded-cloud/racer-krm:0.1.0}\n'
  printf 'data: {imageRegistry: registry.example.com/racer}\n'
}
# resource_list FILE...: the files' objects as the items of a ResourceList, with the function config
resource_list() {
  printf 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n'
  for file in "$@"; do sed -e '1s/^/- /' -e '1!s/^/  /' "$file"; done
  printf 'functionConfig:\n  apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: racer-function}\n'
  printf '  data: {imageRegistry: registry.example.com/racer}\n'
}
laughs() { # 24 levels of 2 aliases
  printf 'apiVersion: example.com/v1\nkind: Laughs\nmetadata: {name: laughs, namespace: racer}\nspec:\n'
  printf '  l0: &l0 ["lol", "lol"]\n'
  for level in $(seq 1 24); do printf '  l%d: &l%d [*l%d, *l%d]\n' "$level" "$level" $((level - 1)) $((level - 1)); done
}

build() {
  case $1 in
    long-key)
      settings "$(printf '  ? RACER_'; head -c $((2 * 1024 * 1024 - 6)) /dev/zero | tr '\0' X; printf '\n  : "1"')" >"$work/s.yaml"
      resource_list "$work/s.yaml" >"$work/long-key.yaml" ;;
    three-60mb)
      mkdir -p "$work/three"
      settings >"$work/three/racer-settings.yaml"
      function_config >"$work/three/function-config.yaml"
      value=$(head -c 900 /dev/zero | tr '\0' v)
      for name in a b c; do
        awk -v value="$value" -v name="$name" 'BEGIN {
          for (i = 0; i < 60000; i++)
            printf "---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: %s-%06d, namespace: apps}\ndata: {value: %s}\n", name, i, value
        }' >"$work/three/$name.yaml"
      done ;;
    alias-bomb-render)
      mkdir -p "$work/bomb"
      settings >"$work/bomb/racer-settings.yaml"
      function_config >"$work/bomb/function-config.yaml"
      laughs >"$work/bomb/laughs.yaml" ;;
    alias-bomb-function)
      settings >"$work/s.yaml"
      laughs >"$work/l.yaml"
      resource_list "$work/s.yaml" "$work/l.yaml" >"$work/alias-bomb-function.yaml" ;;
    dot-dot-key)
      settings '  "..": "x"' >"$work/s.yaml"
      resource_list "$work/s.yaml" >"$work/dot-dot-key.yaml" ;;
    outside-link)
      mkdir -p "$work/app" "$work/outside"
      settings >"$work/app/racer-settings.yaml"
      function_config >"$work/app/function-config.yaml"
      printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: kubeconfig, namespace: racer}\ndata: {token: %s}\n' "$secret" >"$work/outside/kubeconfig.yaml"
      ln -s "$work/outside/kubeconfig.yaml" "$work/app/kc.yaml" ;;
  esac
}

run() {
  case $1 in
    long-key | dot-dot-key | alias-bomb-function) "$launcher" <"$work/$1.yaml" ;;
    three-60mb) "$launcher" render "$work/three" ;;
    alias-bomb-render) "$launcher" render "$work/bomb" ;;
    outside-link) "$launcher" render "$work/app" ;;
  esac
}

printf '| input | exit | wall | CPU (user+sys) | peak RSS | secret shown | first line of stderr |\n|---|---|---|---|---|---|---|\n'
for case in "${cases[@]}"; do
  build "$case"
  set +e
  /usr/bin/time -o "$work/time" -f '%e %U %S %M' bash -c "$(declare -f run); launcher='$launcher' work='$work' run $case" >"$work/out" 2>"$work/err"
  code=$?
  set -e
  read -r wall user sys rss < <(tail -1 "$work/time")
  shown=no
  grep -q "$secret" "$work/out" "$work/err" && shown=yes
  first=$( (grep -v '^\s*$' "$work/err" || true) | head -1 | cut -c1-110 | sed "s|$work|WORK|g; s/|/\\\\|/g")
  printf '| %s | %s | %s s | %.1f s | %d MiB | %s | `%s` |\n' "$case" "$code" "$wall" "$(echo "$user + $sys" | bc)" $((rss / 1024)) "$shown" "$first"
  rm -rf "${work:?}"/*
done

#!/usr/bin/env bash
# The doubling series of hostile inputs: each shape at 10, 20, 40 ... 1280 KB through each mode, one
# line per step with its CPU seconds (user + system), the ratio to the step before, peak RSS, exit code
# and the first line of stderr. Linear cost shows as a ratio of about 2 per doubling; a check that costs
# the square of its input shows as 4. The shapes, each an input of about the given size:
#   almost-number    a racer-settings value (unquoted, not a RACER_ key): 1, digits, x
#   digits           the same, all digits
#   dot-digits       the same, a dot and digits
#   image-folder     the function config's dataplaneImage: a. repeated
#   image-parameter  the Application parameter dataplaneImage (ARGOCD_APP_PARAMETERS): a. repeated;
#                    Linux passes no variable over 128 KiB, so its series stops at 80 KB
#   long-key         one racer-settings key: RACER_ and X repeated
#   long-name        a ConfigMap's metadata.name: a repeated
#   alias-scalar     one anchored racer-settings value of half the size, and 200 aliases of it
#   alias-bound      the same value with as many aliases as the bound on what aliases stand for
#                    admits (1 MiB and 16 times the text): the largest expansion of that size read
#   many-files       1 KB ConfigMaps, one file each (function mode: the items of one ResourceList)
# Modes (MODES, default all): function (a ResourceList of the folder's objects on stdin), render DIR,
# verify and adopt of what render prints of the folder (of the folder itself where render refuses it),
# diff DIR DIR, announce DIR, generate (bin/racer-krm-generate beside the launcher, run in the folder;
# it has no kustomization, so that is racer-krm render .).
#
# A step over HOSTILE_CPU_LIMIT seconds of CPU (default 60) is killed and its series stops there.
# SIZES (KB, default "10 20 40 80 160 320 640 1280") overrides the steps. Run it with the runtime of a
# build of main for "before" and of this checkout for "after" (docs/performance.md, "Hostile inputs").
#
# A measurement, not a test: it asserts nothing. Needs GNU time (/usr/bin/time) and the runtime:
#   mvn -B -q -pl krm-function -am package -DskipTests
# Usage: bench/hostile-series.sh [LAUNCHER [SHAPE...]]   (default: target/runtime/bin/racer-krm, all)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
launcher=${1:-$root/krm-function/target/runtime/bin/racer-krm}
shift || true
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(almost-number digits dot-digits image-folder image-parameter long-key long-name alias-scalar alias-bound many-files)
read -r -a modes <<<"${MODES:-function render verify diff adopt announce generate}"
read -r -a sizes <<<"${SIZES:-10 20 40 80 160 320 640 1280}"
limit=${HOSTILE_CPU_LIMIT:-60}
[ -x "$launcher" ] || { echo "hostile-series.sh: $launcher missing; build first: mvn -B -q -pl krm-function -am package -DskipTests" >&2; exit 1; }
/usr/bin/time -f '%M' true >/dev/null 2>&1 || { echo "hostile-series.sh: needs GNU time: apt-get install time" >&2; exit 1; }
bin=$(cd "$(dirname "$launcher")" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-series.XXXXXX")
trap 'rm -rf "$work"' EXIT

# fill BYTES PATTERN: PATTERN repeated to exactly BYTES bytes, no newline
fill() { yes "$2" | tr -d "\\n" | head -c "$1" || true; }

settings() { # settings DATA-LINES
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: racer-settings, namespace: racer}\n'
  if [ -n "${1:-}" ]; then printf 'data:\n%s\n' "$1"; else printf 'data: {}\n'; fi
}
function_config() { # function_config [DATAPLANE-IMAGE]
  printf 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: racer-function\n  annotations:\n'
  printf '    config.kubernetes.io/local-config: "true"\n    config.kubernetes.io/function: |\n'
  printf '      container: {image: ghcr.io/unbounded-cloud/racer-krm:0.1.0}\n'
  printf 'data:\n  imageRegistry: registry.example.com/racer\n'
  if [ -n "${1:-}" ]; then printf '  dataplaneImage: %s\n' "$1"; fi
}

# build SHAPE BYTES: the folder $work/app (and $work/parameters, the variable's value, or empty)
build() {
  local shape=$1 bytes=$2
  rm -rf "$work/app"
  mkdir -p "$work/app"
  : >"$work/parameters"
  function_config >"$work/app/function-config.yaml"
  case $shape in
    almost-number) settings "  note: 1$(fill $((bytes - 2)) 1234567890)x" ;;
    digits) settings "  note: 1$(fill $((bytes - 1)) 1234567890)" ;;
    dot-digits) settings "  note: .$(fill $((bytes - 1)) 1234567890)" ;;
    image-folder)
      settings
      function_config "$(fill "$bytes" a.)a" >"$work/app/function-config.yaml" ;;
    image-parameter)
      settings
      printf '[{"name":"dataplaneImage","string":"%sa"}]' "$(fill "$bytes" a.)" >"$work/parameters" ;;
    long-key) settings "  ? RACER_$(fill $((bytes - 6)) X)"$'\n'"  : \"1\"" ;;
    long-name)
      settings
      printf 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: %s, namespace: racer}\ndata: {}\n' \
        "$(fill "$bytes" a)" >"$work/app/named.yaml" ;;
    alias-scalar)
      settings "  big: &big $(fill $((bytes / 2)) v)$(for i in $(seq 1 200); do printf '\n  k%03d: *big' "$i"; done)" ;;
    alias-bound)
      local half=$((bytes / 2))
      settings "  big: &big $(fill "$half" v)$(for i in $(seq 1 $(((1048576 + 16 * half) / half))); do printf '\n  k%03d: *big' "$i"; done)" ;;
    many-files)
      settings
      local value
      value=$(fill 900 v)
      awk -v dir="$work/app" -v count=$((bytes / 1024)) -v value="$value" 'BEGIN {
        for (i = 0; i < count; i++) {
          file = sprintf("%s/cm-%05d.yaml", dir, i)
          printf "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm-%05d, namespace: apps}\ndata: {value: %s}\n", i, value > file
          close(file)
        }
      }' ;;
  esac >"$work/app/racer-settings.yaml"
  # function mode: the folder's objects as the items of a ResourceList, the function config as its own
  {
    printf 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n'
    for file in "$work"/app/*.yaml; do
      [ "$file" = "$work/app/function-config.yaml" ] || sed -e '1s/^/- /' -e '1!s/^/  /' "$file"
    done
    printf 'functionConfig:\n'
    sed -e 's/^/  /' "$work/app/function-config.yaml"
  } >"$work/resource-list.yaml"
}

# rendered: what verify and adopt read, the folder as render prints it (what a build or kubectl get
# gives them), or the folder itself when render refuses it; made before the run, outside its time
rendered() {
  mkdir -p "$work/rendered"
  if ARGOCD_APP_PARAMETERS=$(cat "$work/parameters") "$bin/racer-krm" render "$work/app" \
    >"$work/rendered/objects.yaml" 2>/dev/null; then
    printf '%s\n' "$work/rendered/objects.yaml"
  else
    printf '%s\n' "$work/app"
  fi
}

run() { # run MODE: one run, in a shell whose CPU time is capped
  local parameters
  parameters=$(cat "$work/parameters")
  (
    ulimit -t "$limit"
    if [ -n "$parameters" ]; then export ARGOCD_APP_PARAMETERS=$parameters; fi
    case $1 in
      function) "$bin/racer-krm" <"$work/resource-list.yaml" ;;
      render | announce) "$bin/racer-krm" "$1" "$work/app" ;;
      verify | adopt) "$bin/racer-krm" "$1" "$(cat "$work/input")" ;;
      diff) "$bin/racer-krm" diff "$work/app" "$work/app" ;;
      generate) cd "$work/app" && PATH="$bin:$PATH" racer-krm-generate ;;
    esac
  )
}

printf '| shape | mode | KB | exit | CPU | ratio | peak RSS | first line of stderr |\n|---|---|---|---|---|---|---|---|\n'
for shape in "${shapes[@]}"; do
  for mode in "${modes[@]}"; do
    previous=
    for kb in "${sizes[@]}"; do
      if [ "$shape" = image-parameter ] && [ "$kb" -gt 120 ]; then
        break # execve refuses a variable over 128 KiB (MAX_ARG_STRLEN)
      fi
      build "$shape" $((kb * 1024))
      case $mode in verify | adopt) rendered >"$work/input" ;; esac
      set +e
      /usr/bin/time -o "$work/time" -f '%U %S %M' bash -c "$(declare -f run); bin='$bin' work='$work' limit='$limit' run $mode" >/dev/null 2>"$work/err"
      code=$?
      set -e
      read -r user sys rss < <(tail -1 "$work/time")
      cpu=$(echo "$user + $sys" | bc)
      ratio=-
      [ -z "$previous" ] || ratio=$(echo "scale=1; $cpu / $previous" | bc)
      [ "$(echo "$cpu < 0.01" | bc)" = 0 ] && previous=$cpu
      first=$( (grep -v '^\s*$\|^Command exited\|^Command terminated' "$work/err" || true) | head -1 | cut -c1-100 | sed "s|$work|WORK|g; s/|/\\\\|/g")
      [ "$code" -le 128 ] || first="killed past $limit s of CPU"
      printf '| %s | %s | %d | %s | %.2f s | %s | %d MiB | `%s` |\n' "$shape" "$mode" "$kb" "$code" "$cpu" "$ratio" $((rss / 1024)) "$first"
      if [ "$code" -gt 128 ] || grep -q 'StackOverflowError\|OutOfMemoryError' "$work/err"; then
        break # the next step costs more still
      fi
    done
  done
done

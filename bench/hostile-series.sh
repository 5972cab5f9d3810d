#!/usr/bin/env bash
# The doubling series of hostile inputs: each shape at 16, 32, 64 ... 2048 KB through each mode, one
# line per step with its CPU seconds (user + system), the ratio to the step before, peak RSS, exit code
# and the first line of stderr. Linear cost shows as a ratio of about 2 per doubling at most (less while
# the start-up's fixed cost weighs); a check that costs the square of its input shows as 4. The shapes,
# each an input of about the given size:
#   almost-number    a racer-settings value (unquoted, not a RACER_ key): 1, digits, x
#   digits           the same, all digits
#   dot-digits       the same, a dot and digits
#   image-folder     the function config's dataplaneImage: a. repeated
#   image-parameter  the Application parameter dataplaneImage (ARGOCD_APP_PARAMETERS): a. repeated;
#                    Linux passes no variable over 128 KiB, so its series stops at 64 KB
#   long-key         one racer-settings key: RACER_ and X repeated
#   long-name        a ConfigMap's metadata.name: a repeated
#   alias-scalar     one anchored racer-settings value of half the size, and 200 aliases of it
#   alias-bound      the same value with as many aliases as the bound on what aliases stand for
#                    admits (1 MiB and 16 times the text): the largest expansion of that size read
#   many-files       1 KB ConfigMaps, one file each (function mode: the items of one ResourceList)
# and in spec.value of an object the function passes through (kind Blob), the shapes of nesting, flows
# and comment runs (issue 52):
#   flow-open        [ repeated, never closed (refused at level 257)
#   flow-nested      [ repeated, then as many ] (refused at level 257)
#   flow-mixed       [{a:  repeated, never closed (refused at level 257)
#   flow-mapping     one flow mapping of many entries, {k0000001: v, ...} (renders)
#   flow-sequence    one flow sequence of many scalars, [a, a, ...] (renders)
#   flow-pairs       a flow sequence of 240 nested pairs of brackets, repeated (renders)
#   block-sequences  a block sequence of sequences on one line, - - - ... x (refused at level 257)
#   comments-head    comment lines before the object's first key, at the head of its file
#   comments-mapping comment lines between two keys of a mapping
#   comments-sequence comment lines between two items of a block sequence
#   comments-flow    comment lines inside a flow sequence written over lines
#   comments-block-scalar comment lines right after a literal block scalar, at its key's column
#   blank-lines      blank lines between two keys of a mapping
# Modes (MODES, default all): function (a ResourceList of the folder's objects on stdin), render DIR,
# verify and adopt of what render prints of the folder (of the folder itself where render refuses it),
# diff BASE DIR (BASE the folder without the shape: what a pull request adding it shows; until issue
# 52 diff read the shape as both its sides, DIR DIR, twice the input), announce DIR, generate
# (bin/racer-krm-generate beside the launcher, run in the folder; it has no kustomization, so that is
# racer-krm render .).
#
# A step over HOSTILE_CPU_LIMIT seconds of CPU (default 60) is killed and its series stops there.
# SIZES (KB, default "16 32 64 128 256 512 1024 2048") overrides the steps. Run it with the runtime of
# a build of main for "before" and of this checkout for "after" (docs/performance.md, "Hostile inputs").
#
# --assert (or HOSTILE_ASSERT=1): also judge each step and exit 1 when one fails, with a last column
# saying why. The ceiling (docs/security.md, "What a run costs"): every step, at most 2 MiB, takes at
# most HOSTILE_MAX_CPU seconds of CPU (default 3) and, unless its shape holds aliases, at most
# HOSTILE_MAX_RSS MiB of peak RSS (default 300); an alias shape at most HOSTILE_MAX_ALIAS_RSS (default
# 512: what the bound on what aliases stand for lets 2 MiB expand to, docs/security.md). The slope:
# after a step of at least HOSTILE_SLOPE_FLOOR seconds of CPU (default 0.5; below it the start-up and
# the machine's noise are most of a step), the next takes at most HOSTILE_MAX_RATIO times as much
# (default 2.5: linear cost tends to 2 per doubling as the start-up weighs less, a cost of the square
# of the input shows as 4).
# Two shapes do not hold the CPU ceiling yet (docs/security.md: flows of about a million nodes, the
# reader's cost per node): the shapes of HOSTILE_KNOWN_OVER (default "flow-pairs flow-sequence") are held
# to HOSTILE_KNOWN_MAX_CPU seconds instead (default 5), their verdict says "known over N s", and the last
# line counts them; their memory and slope are judged as every other shape's. Empty the list to see
# them fail the ceiling.
# .ci/hostile runs it so on a change to the YAML reader.
#
# Needs GNU time (/usr/bin/time) and the runtime:
#   mvn -B -q -pl krm-function -am package -DskipTests
# Usage: bench/hostile-series.sh [--assert] [LAUNCHER [SHAPE...]]
#        (default: target/runtime/bin/racer-krm, all shapes)
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
judge=${HOSTILE_ASSERT:-}
if [ "${1:-}" = --assert ]; then
  judge=1
  shift
fi
launcher=${1:-$root/krm-function/target/runtime/bin/racer-krm}
shift || true
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(almost-number digits dot-digits image-folder image-parameter long-key long-name alias-scalar alias-bound many-files
  flow-open flow-nested flow-mixed flow-mapping flow-sequence flow-pairs block-sequences
  comments-head comments-mapping comments-sequence comments-flow comments-block-scalar blank-lines)
read -r -a modes <<<"${MODES:-function render verify diff adopt announce generate}"
read -r -a sizes <<<"${SIZES:-16 32 64 128 256 512 1024 2048}"
limit=${HOSTILE_CPU_LIMIT:-60}
max_cpu=${HOSTILE_MAX_CPU:-3}
max_rss=${HOSTILE_MAX_RSS:-300}
max_alias_rss=${HOSTILE_MAX_ALIAS_RSS:-512}
slope_floor=${HOSTILE_SLOPE_FLOOR:-0.5}
max_ratio=${HOSTILE_MAX_RATIO:-2.5}
known_over=" ${HOSTILE_KNOWN_OVER-flow-pairs flow-sequence} "
known_max_cpu=${HOSTILE_KNOWN_MAX_CPU:-5}
[ -x "$launcher" ] || { echo "hostile-series.sh: $launcher missing; build first: mvn -B -q -pl krm-function -am package -DskipTests" >&2; exit 1; }
/usr/bin/time -f '%M' true >/dev/null 2>&1 || { echo "hostile-series.sh: needs GNU time: apt-get install time" >&2; exit 1; }
bin=$(cd "$(dirname "$launcher")" && pwd)

work=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-series.XXXXXX")
trap 'rm -rf "$work"' EXIT

# fill BYTES PATTERN: PATTERN repeated to exactly BYTES bytes, no newline
fill() { yes -- "$2" | tr -d "\\n" | head -c "$1" || true; }
# lines BYTES LINE: LINE repeated on lines of its own, about BYTES bytes, each line ended
lines() { yes -- "$2" | head -n $(($1 / (${#2} + 1))) || true; }
# blob SPEC: an object the function passes through, SPEC its lines under spec
blob() { printf 'apiVersion: example.com/v1\nkind: Blob\nmetadata: {name: blob, namespace: apps}\nspec:\n%s\n' "$1"; }

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
  # diff's old side: the folder without the shape (default settings, the plain function config)
  if [ ! -d "$work/base" ]; then
    mkdir -p "$work/base"
    function_config >"$work/base/function-config.yaml"
    settings >"$work/base/racer-settings.yaml"
  fi
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
    *) settings ;;
  esac >"$work/app/racer-settings.yaml"
  case $shape in
    flow-open) blob "  value: $(fill "$bytes" '[')" ;;
    flow-nested) blob "  value: $(fill $((bytes / 2)) '[')$(fill $((bytes / 2)) ']')" ;;
    flow-mixed) blob "  value: $(fill "$bytes" '[{a: ')" ;;
    flow-mapping) blob "  value: {$(awk -v n=$((bytes / 13)) 'BEGIN { for (i = 1; i < n; i++) printf "k%07d: v, ", i; printf "k%07d: v", n }')}" ;;
    flow-sequence) blob "  value: [$(fill "$bytes" 'a, ')a]" ;;
    flow-pairs)
      local pair
      pair="$(fill 240 '[')a$(fill 240 ']'), "
      blob "  value: [$(fill $((bytes / ${#pair} * ${#pair})) "$pair")a]" ;;
    block-sequences) blob "  value:"$'\n'"  $(fill "$bytes" '- ')x" ;;
    comments-head) { lines "$bytes" '# a comment line before the first key'; blob "  a: 1"; } ;;
    comments-mapping) blob "  a: 1"$'\n'"$(lines "$bytes" '  # a comment line between two keys')"$'\n'"  b: 2" ;;
    comments-sequence) blob "  list:"$'\n'"  - a"$'\n'"$(lines "$bytes" '  # a comment line between two items')"$'\n'"  - b" ;;
    comments-flow) blob "  list: [a,"$'\n'"$(lines "$bytes" '    # a comment line inside a flow')"$'\n'"    b]" ;;
    comments-block-scalar) blob "  text: |"$'\n'"    one line"$'\n'"$(lines "$bytes" '  # a comment line after a block scalar')"$'\n'"  after: 1" ;;
    blank-lines) blob "  a: 1"$'\n'"$(yes '' | head -n "$bytes")"$'\n'"  b: 2" ;;
    *) false ;;
  esac >"$work/app/blob.yaml" || rm -f "$work/app/blob.yaml"
  # function mode: the folder's objects as the items of a ResourceList, the function config as its own
  {
    printf 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n'
    # each file an entry: "- " before its first line, two spaces before the others (one awk for all)
    find "$work/app" -maxdepth 1 -name '*.yaml' ! -name function-config.yaml -print0 | sort -z \
      | xargs -0 awk '{ print (FNR == 1 ? "- " : "  ") $0 }'
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
      diff) "$bin/racer-krm" diff "$work/base" "$work/app" ;;
      generate) cd "$work/app" && PATH="$bin:$PATH" racer-krm-generate ;;
    esac
  )
}

# verdict SHAPE KB CODE CPU PREVIOUS-CPU RSS-MIB: why the step fails the ceiling or the slope, or nothing
verdict() {
  local ceiling=$max_rss cpu_ceiling=$max_cpu why=
  case $1 in alias-*) ceiling=$max_alias_rss ;; esac
  case $known_over in *" $1 "*) cpu_ceiling=$known_max_cpu ;; esac
  [ "$3" -le 1 ] || why="exit $3: neither rendered nor refused; "
  ! grep -q 'StackOverflowError\|OutOfMemoryError' "$work/err" || why="${why}the JVM failed; "
  if [ "$2" -le 2048 ]; then
    [ "$(echo "$4 > $cpu_ceiling" | bc)" = 0 ] || why="${why}over $cpu_ceiling s of CPU; "
    [ "$6" -le "$ceiling" ] || why="${why}over $ceiling MiB; "
  fi
  if [ -n "$5" ] && [ "$(echo "$5 >= $slope_floor && $4 > $max_ratio * $5" | bc)" = 1 ]; then
    why="${why}over $max_ratio times the step before; "
  fi
  printf '%s' "${why%; }"
}

failed=0
known=0
if [ -n "$judge" ]; then
  printf '| shape | mode | KB | exit | CPU | ratio | peak RSS | first line of stderr | verdict |\n|---|---|---|---|---|---|---|---|---|\n'
else
  printf '| shape | mode | KB | exit | CPU | ratio | peak RSS | first line of stderr |\n|---|---|---|---|---|---|---|---|\n'
fi
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
      before=$previous
      [ "$(echo "$cpu < 0.01" | bc)" = 0 ] && previous=$cpu
      first=$( (grep -v '^\s*$\|^Command exited\|^Command terminated' "$work/err" || true) | head -1 | cut -c1-100 | sed "s|$work|WORK|g; s/|/\\\\|/g")
      [ "$code" -le 128 ] || first="killed past $limit s of CPU"
      line=$(printf '| %s | %s | %d | %s | %.2f s | %s | %d MiB | `%s` |' "$shape" "$mode" "$kb" "$code" "$cpu" "$ratio" $((rss / 1024)) "$first")
      if [ -n "$judge" ]; then
        why=$(verdict "$shape" "$kb" "$code" "$cpu" "$before" $((rss / 1024)))
        if [ -n "$why" ]; then
          failed=$((failed + 1))
          line="$line FAILS: $why |"
        elif [ "$kb" -le 2048 ] && [ "$(echo "$cpu > $max_cpu" | bc)" = 1 ]; then
          known=$((known + 1))
          line="$line known over $max_cpu s (held to $known_max_cpu s) |"
        else
          line="$line ok |"
        fi
      fi
      printf '%s\n' "$line"
      if [ "$code" -gt 128 ] || grep -q 'StackOverflowError\|OutOfMemoryError' "$work/err"; then
        break # the next step costs more still
      fi
    done
  done
done
if [ -n "$judge" ]; then
  if [ "$known" -gt 0 ]; then
    echo "hostile-series.sh: $known steps of the shapes known over the ceiling ($known_over) took more than $max_cpu s of CPU, within their $known_max_cpu s" >&2
  fi
  if [ "$failed" -gt 0 ]; then
    echo "hostile-series.sh: $failed steps fail the ceiling ($max_cpu s of CPU, $max_rss MiB, $max_alias_rss MiB with aliases) or the slope ($max_ratio per doubling past $slope_floor s)" >&2
    exit 1
  fi
  echo "hostile-series.sh: every step within the ceiling and the slope" >&2
fi

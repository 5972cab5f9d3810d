#!/usr/bin/env bash
# The warm renderer (bin/racer-krm-renderer) as the Argo CD sidecar runs it: what one Application
# costs, counting every process of the sidecar, the renderer's own CPU included, and what its memory
# does. Prints figures; asserts nothing (docs/performance.md, "The warm renderer", quotes them).
#
#   bench/warm-renderer.sh cpu [-n APPS] [--rounds R] [--vs 'COMMAND']
#       R rounds (default 5) of APPS (default 50) successive generates (racer-krm-generate, the
#       plugin's command) in a copy of examples/argocd/app, then in examples/argocd/overlay-app/
#       overlays/east when a kustomize is on the PATH; each round cold (no renderer) and warm.
#       A round's CPU is user + sys of every process generate started (GNU time over the loop)
#       plus the renderer JVM's own CPU over the round (/proc/PID/stat), divided by APPS. For the
#       overlay it also times kustomize's own build: the same kustomize build with a docker that
#       answers each function call with what the racer function answered it (recorded once; no
#       JVM, no stand-in, no verify). With --vs, COMMAND (split
#       into words, no shell) gets the flat app's items as a ResourceList on stdin, APPS times a
#       round, in turn with the warm rounds (A B A B): another KRM function to compare with.
#       Medians of the rounds.
#   bench/warm-renderer.sh memory [-n REQUESTS]
#       REQUESTS (default 10,000) warm generates of the flat app, the renderer's resident memory
#       printed every tenth of them; then, when a memory cgroup can be made (root), a fresh renderer
#       and 16 generates at once, 20 rounds, all in one cgroup limited to the sidecar's memory limit
#       (256 MiB, repo-server-patch.yaml): the cgroup's peak and whether anything was killed.
#
# Options: --runtime DIR (default krm-function/target/runtime, built by mvn -B package). Needs GNU
# time (/usr/bin/time). Say the machine's load (printed first) with the figures.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
runtime=$root/krm-function/target/runtime
mode=${1:-}
[ -n "$mode" ] && shift
apps=50
rounds=5
requests=10000
vs=
while [ $# -gt 0 ]; do
  case "$1" in
    -n) apps=$2; requests=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --vs) vs=$2; shift 2 ;;
    --runtime) runtime=$(cd "$2" && pwd); shift 2 ;;
    *) echo "usage: bench/warm-renderer.sh cpu|memory [-n N] [--rounds R] [--vs CMD] [--runtime DIR]" >&2; exit 2 ;;
  esac
done
case "$mode" in cpu|memory) ;; *) echo "usage: bench/warm-renderer.sh cpu|memory [options]" >&2; exit 2 ;; esac
[ -x "$runtime/bin/racer-krm-client" ] || { echo "no $runtime/bin/racer-krm-client: build with mvn -B package" >&2; exit 2; }

work=$(mktemp -d)
renderer=
cleanup() {
  [ -n "$renderer" ] && kill "$renderer" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
export PATH=$runtime/bin:$PATH
ticks=$(getconf CLK_TCK)
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; runtime $runtime"

cp -r "$root/examples/argocd/app" "$work/app"
cp -r "$root/examples/argocd/overlay-app" "$work/overlay-app"

# start_renderer SOCKET: a renderer in the background; sets $renderer (the JVM's pid) once it serves
start_renderer() {
  "$runtime/bin/racer-krm-renderer" "$1" 2>"$work/renderer.log" &
  renderer=$!
  for _ in $(seq 300); do [ -S "$1" ] && return 0; sleep 0.1; done
  echo "the renderer did not start: $(cat "$work/renderer.log")" >&2
  exit 1
}
# the JVM's own pid (the script execs the launcher, which execs java: the same process)
jvm_cpu_ms() { awk -v t="$ticks" '{ printf "%d", ($14 + $15) * 1000 / t }' "/proc/$renderer/stat"; }

# loop_cpu_ms DIR N COMMAND...: CPU (user + sys, ms) of N runs of COMMAND in DIR and their children
loop_cpu_ms() {
  local dir=$1 n=$2
  shift 2
  /usr/bin/time -f '%U %S' -o "$work/time" bash -c 'cd "$1"; n=$2; shift 2; for _ in $(seq "$n"); do "$@" <"${stdin:-/dev/null}" >/dev/null 2>&1 || true; done' _ "$dir" "$n" "$@"
  awk '{ printf "%d", ($1 + $2) * 1000 }' "$work/time"
}
median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
per_app() { awk -v total="$1" -v n="$2" 'BEGIN { printf "%.1f", total / n }'; }

socket=$work/run/socket
start_renderer "$socket"

if [ "$mode" = cpu ]; then
  # the flat app's items as a ResourceList, for --vs
  {
    printf 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n'
    for file in "$work"/app/*.yaml; do sed -e '/^---/d' -e '1s/^/- /' -e '2,$s/^/  /' "$file"; done
  } >"$work/items.yaml"
  # kustomize's own build of the overlay: a docker that records what the racer function answers to
  # each input, then one that answers it from the record (sha256sum and cat), so that kustomize
  # builds the very same objects without the function, the stand-in or verify
  mkdir -p "$work/record" "$work/replay" "$work/answers"
  cat >"$work/record/docker" <<EOF
#!/bin/bash
[ "\$1" = version ] && exec "$runtime/bin/docker" version
input=\$(mktemp -p "$work")
cat >"\$input"
key=\$(sha256sum <"\$input" | cut -c1-64)
"$runtime/bin/docker" "\$@" <"\$input" | tee "$work/answers/\$key"
EOF
  cat >"$work/replay/docker" <<EOF
#!/bin/sh
[ "\$1" = version ] && exec "$runtime/bin/docker" version
key=\$(sha256sum | cut -c1-64)
exec cat "$work/answers/\$key"
EOF
  chmod 755 "$work/record/docker" "$work/replay/docker"
  for _ in $(seq 100); do RACER_KRM_RENDERER=$socket bash -c "cd '$work/app' && racer-krm-generate" >/dev/null; done

  row() { printf '%-58s %10s %10s\n' "$@"; }
  row "per Application, median of $rounds rounds of $apps" "CPU ms" "of which renderer"
  measure_warm() {
    local dir=$1 before after clients
    before=$(jvm_cpu_ms)
    clients=$(RACER_KRM_RENDERER=$socket loop_cpu_ms "$dir" "$apps" racer-krm-generate)
    after=$(jvm_cpu_ms)
    echo "$(per_app $((clients + after - before)) "$apps") $(per_app $((after - before)) "$apps")"
  }
  : >"$work/flat-warm"
  : >"$work/flat-vs"
  : >"$work/flat-cold"
  for _ in $(seq "$rounds"); do
    measure_warm "$work/app" >>"$work/flat-warm"
    if [ -n "$vs" ]; then
      # shellcheck disable=SC2086 # COMMAND is a command and its arguments
      ms=$(stdin=$work/items.yaml loop_cpu_ms "$work" "$apps" $vs)
      per_app "$ms" "$apps" >>"$work/flat-vs"
      echo >>"$work/flat-vs"
    fi
  done
  for _ in $(seq "$rounds"); do
    ms=$(loop_cpu_ms "$work/app" 5 racer-krm-generate)
    per_app "$ms" 5 >>"$work/flat-cold"
    echo >>"$work/flat-cold"
  done
  row "flat app, cold (5 generates a round)" "$(median <"$work/flat-cold")" "-"
  row "flat app, warm" "$(cut -d' ' -f1 "$work/flat-warm" | median)" "$(cut -d' ' -f2 "$work/flat-warm" | median)"
  [ -n "$vs" ] && row "--vs on the same items as a ResourceList" "$(median <"$work/flat-vs")" "-"
  if ! command -v kustomize >/dev/null && command -v kubectl >/dev/null; then
    # kubectl's kustomize, standing in for Argo CD's (as the tests do)
    mkdir -p "$work/kustomize"
    printf '#!/bin/sh\n[ "$1" = build ] && shift\nexec %s kustomize "$@"\n' "$(command -v kubectl)" >"$work/kustomize/kustomize"
    chmod 755 "$work/kustomize/kustomize"
    PATH=$PATH:$work/kustomize
    echo "kustomize: kubectl $(kubectl version --client 2>/dev/null | sed -n 's/^Kustomize Version: //p')'s"
  fi
  if command -v kustomize >/dev/null; then
    east=$work/overlay-app/overlays/east
    : >"$work/east-warm"
    : >"$work/east-kustomize"
    for _ in $(seq 20); do RACER_KRM_RENDERER=$socket bash -c "cd '$east' && racer-krm-generate" >/dev/null; done
    (cd "$east" && PATH=$work/record:$PATH kustomize build --enable-alpha-plugins . >/dev/null)
    for _ in $(seq "$rounds"); do
      measure_warm "$east" >>"$work/east-warm"
      ms=$(PATH=$work/replay:$PATH loop_cpu_ms "$east" "$apps" kustomize build --enable-alpha-plugins .)
      per_app "$ms" "$apps" >>"$work/east-kustomize"
      echo >>"$work/east-kustomize"
    done
    row "overlay east, warm (kustomize, stand-ins, verify)" "$(cut -d' ' -f1 "$work/east-warm" | median)" "$(cut -d' ' -f2 "$work/east-warm" | median)"
    row "overlay east, kustomize's own build (no function)" "$(median <"$work/east-kustomize")" "-"
  else
    echo "SKIPPED: the overlay: no kustomize on the PATH"
  fi
  exit 0
fi

# memory
step=$((requests / 10))
printf '%-10s %s\n' requests "renderer RSS (MiB)"
printf '%-10s %s\n' 0 "$(awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$renderer/status")"
for done_so_far in $(seq "$step" "$step" "$requests"); do
  (cd "$work/app" && for _ in $(seq "$step"); do RACER_KRM_RENDERER=$socket racer-krm-generate >/dev/null; done)
  printf '%-10s %s\n' "$done_so_far" "$(awk '/VmRSS/ { printf "%.1f", $2 / 1024 }' "/proc/$renderer/status")"
done
kill "$renderer"
wait "$renderer" 2>/dev/null || true
renderer=
cgroup=$here/memory-cgroup.sh
if ! why=$("$cgroup" check); then
  echo "SKIPPED: 16 at once in the sidecar's limit: $why"
  exit 0
fi
cat >"$work/sixteen.sh" <<EOF
#!/bin/bash
set -u
"$runtime/bin/racer-krm-renderer" "$work/run16/socket" 2>/dev/null &
jvm=\$!
for _ in \$(seq 300); do [ -S "$work/run16/socket" ] && break; sleep 0.1; done
failed=0
for round in \$(seq 20); do
  pids=()
  for app in \$(seq 16); do
    (cd "$work/app" && RACER_KRM_RENDERER="$work/run16/socket" racer-krm-generate >"$work/out.\$app" 2>"$work/err.\$app") &
    pids+=(\$!)
  done
  for pid in "\${pids[@]}"; do wait "\$pid" || failed=1; done
  grep -l "running cold" "$work"/err.* >>"$work/cold-runs" 2>/dev/null || true
done
kill "\$jvm"
exit \$failed
EOF
chmod 755 "$work/sixteen.sh"
status=0
"$cgroup" run 256 "$work/report" "$work/sixteen.sh" || status=$?
read -r peak kills <"$work/report"
echo "16 generates at once, 20 rounds, renderer included, in a 256 MiB cgroup: exit $status, peak $(awk -v b="$peak" 'BEGIN { printf "%.1f", b / 1048576 }') MiB, OOM kills $kills, runs that went cold $(wc -l <"$work/cold-runs" 2>/dev/null || echo 0)"

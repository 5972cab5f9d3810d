#!/usr/bin/env bash
# A fuzzing campaign: each fuzz target of krm-function/src/test/java/.../krm/fuzz in turn, in Jazzer's
# fuzzing mode (JAZZER_FUZZ=1; Jazzer fuzzes one target per JVM), 10 minutes each (the targets'
# @FuzzTest(maxDuration)), or fewer executions when RUNS is given (libFuzzer's -runs: a budget that gives
# comparable campaigns on machines of different speeds). snakeyaml is instrumented as well as our code,
# so the fuzzer sees the parser's branches.
#
#   krm-function/src/test/fuzz/campaign.sh [--fresh] [RUNS] [TARGET...]
#   --fresh: start from the committed seeds alone, the kept corpus set aside for the run (what it
#            finds is added to the kept corpus afterwards); see README.md here for when
#   RUNS: at most this many executions per target (0 or absent: the 10-minute time box alone)
#   TARGET: Class#method, for example KrmInputFuzzTest#functionMode; default: every target
#
# What a campaign leaves:
#   krm-function/.cifuzz-corpus/<class>/<method>/   inputs that reached new code (not in git; the next
#                                                    campaign starts from them)
#   src/test/resources/io/unboundedcloud/racer/krm/fuzz/<Class>Inputs/<method>/crash-*
#                                                    each finding: fix it, give the file a name that says
#                                                    what it is, and commit it; mvn verify runs it from then on
# A finding stops that target's run. At the end, the last libFuzzer status line of each target
# (executions, coverage, corpus) and its outcome are printed.
#
# Limits per input, so that a slow or a bloated input is a finding of its own (libFuzzer writes it as
# timeout-* or oom-* beside the crash-* files), not a campaign that stalls or a machine that swaps:
#   PER_INPUT_SECONDS   libFuzzer's -timeout: one input running longer fails the target. An input is at
#                       most a few KiB (libFuzzer's -max_len) and takes milliseconds; the bound leaves
#                       room for a loaded machine and the JIT's first minutes, not for a quadratic path.
#   RSS_LIMIT_MB        libFuzzer's -rss_limit_mb: the fuzzing JVM's resident memory, checked every
#                       second (Jazzer turns the check off unless told). It holds the heap below, the
#                       JIT's code, the class metadata and Jazzer's coverage maps.
#   HEAP_MB             the fuzzing JVM's -Xmx: an input that exhausts it ends in racer-krm's
#                       out-of-memory message, which the targets count as a finding.
set -euo pipefail
cd "$(dirname "$0")/../../../.."

PER_INPUT_SECONDS=${PER_INPUT_SECONDS:-10}
RSS_LIMIT_MB=${RSS_LIMIT_MB:-2560}
HEAP_MB=${HEAP_MB:-1024}

fresh=0
if [ "${1:-}" = --fresh ]; then
  fresh=1
  shift
fi
runs=${1:-0}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(KrmInputFuzzTest#readResourceList KrmInputFuzzTest#functionMode KrmInputFuzzTest#readManifests
    SettingsFuzzTest#validate ApplicationParametersFuzzTest#parameters)
fi
logs=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-fuzz.XXXXXX")
status=0
for target in "${targets[@]}"; do
  echo "[fuzz] $target: 10 minutes$([ "$runs" -gt 0 ] && echo " or $runs executions"), at most" \
    "${PER_INPUT_SECONDS} s and ${RSS_LIMIT_MB} MB an input$(
    [ "$fresh" = 1 ] && echo ", fresh corpus")" >&2
  # Jazzer takes jazzer.internal.arg.0 as libFuzzer's argv[0] and drops it: the flags start at arg.1;
  # they come after Jazzer's own (its -rss_limit_mb=0 among them), and libFuzzer takes a flag's last
  # value
  flags=(-Djazzer.internal.arg.0=campaign -Djazzer.internal.arg.1=-timeout="$PER_INPUT_SECONDS"
    -Djazzer.internal.arg.2=-rss_limit_mb="$RSS_LIMIT_MB")
  [ "$runs" -gt 0 ] && flags+=(-Djazzer.internal.arg.3=-runs="$runs")
  corpus="krm-function/.cifuzz-corpus/io.unboundedcloud.racer.krm.fuzz.${target%%#*}/${target#*#}"
  if [ "$fresh" = 1 ] && [ -d "$corpus" ]; then
    mv "$corpus" "$logs/kept-corpus"
  fi
  JAZZER_FUZZ=1 mvn -B -pl krm-function -am test -Dracer.runtime.skip -Dsurefire.failIfNoSpecifiedTests=false \
    -Dtest="$target" "${flags[@]}" -DargLine="-Xmx${HEAP_MB}m" \
    '-Djazzer.instrumentation_includes=io.unboundedcloud.**:org.yaml.snakeyaml.**' \
    >"$logs/${target//#/.}.log" 2>&1 || { status=1; echo "[fuzz] $target: a finding or a failure, see $logs/${target//#/.}.log" >&2; }
  if [ -d "$logs/kept-corpus" ]; then
    # the fresh run's inputs join the kept corpus (file names are content hashes)
    for input in "$corpus"/*; do
      [ -e "$input" ] && [ ! -e "$logs/kept-corpus/${input##*/}" ] && mv "$input" "$logs/kept-corpus/"
    done
    rm -rf "$corpus"
    mv "$logs/kept-corpus" "$corpus"
  fi
done
for target in "${targets[@]}"; do
  log="$logs/${target//#/.}.log"
  echo "== $target"
  grep -E '^#[0-9]+' "$log" | tail -n 1 || true
  grep -E '^Done [0-9]+ runs|FuzzTestFindingException|libFuzzer: fuzz target exited|Process Exit Code|ALARM: working on the last Unit|libFuzzer: (timeout|out-of-memory)' "$log" |
    sort -u | head -n 3 || true
done
exit "$status"

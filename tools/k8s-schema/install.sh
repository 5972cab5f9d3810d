#!/bin/sh
# Installs the schema validators the tests run under node (the npm packages pinned by package-lock.json).
# The build (workload's generate-test-resources) runs it. Without npm it says so in one SKIPPED line and
# exits 0: the tests that need the validators then report themselves skipped (CI sets RACER_REQUIRE_NODE=1
# and installs Node.js first, so there they fail instead). With npm, a failing install fails the build.
# --help (or -h) prints the lines above; it comes first, before anything is checked or run.
case "${1-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -eu
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  if [ "${RACER_REQUIRE_NODE:-}" = 1 ]; then
    echo "k8s-schema: error: Node.js and npm are required here (RACER_REQUIRE_NODE=1) but not on the PATH" >&2
    exit 1
  fi
  echo "SKIPPED: npm ci --prefix tools/k8s-schema: Node.js or npm is not on the PATH; the Kubernetes schema tests will be skipped (install Node.js 22+ and npm to run them)"
  exit 0
fi
exec npm ci --prefix "$here" --no-audit --no-fund --loglevel=error

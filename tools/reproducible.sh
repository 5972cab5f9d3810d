#!/bin/sh
# Checks that a commit builds to the same bytes twice: two clones in two different folders, built one
# after the other (so at different times) with `mvn -B package -DskipTests`, SOURCE_DATE_EPOCH the
# commit's time. Compares byte for byte what a release ships: the jars, the SBOM, the runtime folder
# (file by file), the chart package and the exec bundle of this machine's platform, written as
# tools/release.sh writes them. Prints every file that differs, with the reason when it is a known one,
# then a summary; exit 1 when a file differs for an unknown reason.
#
#   tools/reproducible.sh [COMMIT]      COMMIT defaults to HEAD; takes two builds' time
#
# Known to differ (docs/release.md, "Reproducible build"):
#   runtime/app/racer-krm.aot  the Java 25 AOT cache of the training run: the JVM does not write it
#                              deterministically (it holds the training run's heap objects and
#                              addresses), so it differs on every build; the image and the bundle carry it
#   runtime/app/racer-krm.jsa  the Java 17 CDS archive, where the runtime is built on Java 17: it names the
#                              folder it was dumped in (the image dumps it again at /opt/racer-krm, the
#                              bundle leaves it out)
set -eu
export LC_ALL=C
repo=$(cd "$(dirname "$0")/.." && pwd -P)
commit=$(git -C "$repo" rev-parse "${1:-HEAD}")
SOURCE_DATE_EPOCH=$(git -C "$repo" log -1 --format=%ct "$commit")
export SOURCE_DATE_EPOCH
work=$(mktemp -d "${TMPDIR:-/var/tmp}/racer-krm-reproducible.XXXXXX")
trap 'rm -rf "$work"' EXIT

say() { echo "reproducible: $*" >&2; }

known() {
  case "$1" in
    runtime/app/racer-krm.aot) echo "Java 25 AOT cache: not written deterministically by the JVM" ;;
    runtime/app/racer-krm.jsa) echo "Java 17 CDS archive: names the folder it was dumped in" ;;
    bundle/*.tar.gz) echo "holds runtime/app/racer-krm.aot" ;;
    *) ;;
  esac
}

build() {
  n=$1
  checkout=$2
  collected=$work/out-$n
  git clone -q "$repo" "$checkout"
  git -C "$checkout" checkout -q "$commit"
  say "build $n in $checkout ($(date -u +%H:%M:%S))"
  start=$(date +%s)
  (cd "$checkout" && mvn -B -q package -DskipTests >"$work/build-$n.log" 2>&1) \
    || { tail -30 "$work/build-$n.log" >&2; say "error: build $n failed"; exit 1; }
  say "build $n took $(( $(date +%s) - start )) s"
  target=$checkout/krm-function/target
  mkdir -p "$collected/jars" "$collected/bundle" "$collected/chart"
  for module in workload krm-function chart-gen; do
    cp "$checkout/$module"/target/*.jar "$collected/jars/" 2>/dev/null || true
  done
  cp -a "$target/runtime" "$collected/runtime"
  version=$("$target/runtime/bin/racer-krm" --version | awk '{print $2}')
  name=racer-krm-$version-$(uname -s | tr 'A-Z' 'a-z')-$(dpkg --print-architecture)
  cp -a "$target/runtime" "$work/bundle-$n"
  rm -f "$work/bundle-$n/app/racer-krm.jsa"
  "$repo/tools/reproducible-tar.sh" "$work/bundle-$n" "$name" "$collected/bundle/$name.tar.gz"
  tmp=$work/chart-$n
  mkdir -p "$tmp/unpacked"
  packaged=$(HELM_CACHE_HOME=$tmp/cache HELM_DATA_HOME=$tmp/data HELM_CONFIG_HOME=$tmp/config \
    java -Djava.io.tmpdir="$tmp" -cp "$(cat "$target/release-classpath.txt"):$target/test-classes" \
    io.unboundedcloud.racer.krm.release.ChartRelease package "$checkout/charts/racer" "$tmp/package")
  tar -xzmf "$packaged" -C "$tmp/unpacked"
  "$repo/tools/reproducible-tar.sh" "$tmp/unpacked/racer" racer "$collected/chart/${packaged##*/}" --files-only
}

build 1 "$work/first/racer-krm"
build 2 "$work/second/elsewhere/racer-krm-again"

(cd "$work/out-1" && find . -type f | sed 's|^\./||' | sort) >"$work/files-1"
(cd "$work/out-2" && find . -type f | sed 's|^\./||' | sort) >"$work/files-2"
if ! cmp -s "$work/files-1" "$work/files-2"; then
  say "error: the two builds hold different files:"
  diff "$work/files-1" "$work/files-2" >&2 || true
  exit 1
fi
same=0
known_count=0
unknown=0
while read -r file; do
  if cmp -s "$work/out-1/$file" "$work/out-2/$file"; then
    same=$((same + 1))
  else
    reason=$(known "$file")
    if [ -n "$reason" ]; then
      known_count=$((known_count + 1))
      echo "differs (known): $file: $reason"
    else
      unknown=$((unknown + 1))
      echo "DIFFERS: $file"
    fi
  fi
done <"$work/files-1"
echo "reproducible: $same files identical, $known_count differ for a known reason, $unknown differ for an unknown one (commit $commit, SOURCE_DATE_EPOCH $SOURCE_DATE_EPOCH)"
[ "$unknown" -eq 0 ]

#!/bin/sh
# Assembles krm-function/target/runtime, the folder the Dockerfile copies to /opt/racer-krm:
#
#   bin/racer-krm           the launcher (the image's entrypoint)
#   bin/racer-krm-archive   re-validates the archive after a move (the Dockerfile runs it)
#   bin/racer-krm-generate  the Argo CD plugin's generate: kustomize build or racer-krm render
#   bin/racer-krm-announce  the Argo CD plugin's dynamic parameter announcements: racer-krm announce
#   bin/racer-krm-refuse-helm   kustomize's --helm-command in those two: refuses helmCharts:, runs no helm
#   bin/docker              the stand-in kustomize reaches in the Argo CD sidecar: runs racer-krm for a
#                           racer-krm image of this version (@VERSION@ filled in here)
#   jre/                    jlink runtime of the modules jdeps finds in the jars, with a default CDS
#                           archive of their classes (lib/server/classes.jsa)
#   app/                    the jars, and the class-data archive trained on the examples:
#                           racer-krm.aot (Java 25+ AOT cache, JEP 483/514) or racer-krm.jsa
#                           (Java 17 AppCDS, with racer-krm.classlist to dump it again elsewhere);
#                           racer-krm.jars.sha256, the jars the archive was trained with
#
# Usage: assemble.sh JDK TARGET EXAMPLES TIMESTAMP
#   JDK        the JDK whose jlink, jdeps and java build the runtime (25+: AOT cache, else AppCDS)
#   TARGET     krm-function/target, holding racer-krm.jar and lib/
#   EXAMPLES   the examples folder: the training inputs
#   TIMESTAMP  fixed mtime for every file (project.build.outputTimestamp), for reproducible layers
# Another platform's runtime (assemble-debian.sh): RACER_KRM_JMODS names that platform's jmods, of the
# JDK's own version, RACER_KRM_RUNTIME_OUT the folder in TARGET (default runtime); its training runs go
# through binfmt_misc.
#
# No network, nothing outside TARGET is written. Skipped when nothing it depends on changed.
set -eu
umask 022
export LC_ALL=C

jdk=$1
target=$2
examples=$3
timestamp=$4
here=$(cd "$(dirname "$0")" && pwd -P)
out=$target/${RACER_KRM_RUNTIME_OUT:-runtime}
work=$out-training
jmods=${RACER_KRM_JMODS:-}

say() { printf '[runtime] %s\n' "$*" >&2; }
fail() { say "error: $*"; exit 1; }

if [ ! -x "$jdk/bin/jlink" ] || [ ! -x "$jdk/bin/jdeps" ]; then
  fail "$jdk is not a JDK with jlink and jdeps"
fi
if [ ! -f "$target/racer-krm.jar" ] || [ ! -d "$target/lib" ]; then
  fail "$target has no racer-krm.jar and lib/"
fi
feature=$("$jdk/bin/java" -XshowSettings:properties -version 2>&1 \
  | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p')
if [ -z "$feature" ] || [ "$feature" -lt 17 ]; then
  fail "$jdk is older than Java 17"
fi
if [ "$feature" -ge 25 ]; then kind=aot; else kind=jsa; fi

# Up to date when the JDK, these scripts, the jars and the examples are what they were.
stamp=$(
  {
    echo "$jdk $timestamp $jmods"
    "$jdk/bin/java" -version 2>&1
    cat "$here/assemble.sh" "$here/racer-krm" "$here/racer-krm-archive" "$here/racer-krm-generate" "$here/racer-krm-announce" "$here/racer-krm-refuse-helm" "$here/docker" "$here/racer-krm-renderer" "$here/racer-krm-client.c"
    cat "$target/racer-krm.jar" "$target"/lib/*.jar
    find "$examples" -type f | sort | tr '\n' '\0' | xargs -0 cat
  } | sha256sum | cut -d' ' -f1
)
if [ -x "$out/bin/racer-krm" ] && [ "$(cat "$out.stamp" 2>/dev/null)" = "$stamp" ]; then
  say "up to date: $out"
  exit 0
fi
rm -rf "$out" "$work" "$out.stamp"
mkdir -p "$out/bin" "$out/app" "$work"

# The jars; the class path lists them in a fixed order (the archive checks it entry by entry).
cp "$target/racer-krm.jar" "$target"/lib/*.jar "$out/app/"
classpath="\"\$app/racer-krm.jar"
for jar in "$out"/app/*.jar; do
  name=${jar##*/}
  [ "$name" = racer-krm.jar ] || classpath="$classpath:\$app/$name"
done
classpath="$classpath\""

# The runtime: the modules the jars need, as jdeps reads them (Jackson, still on the class path for
# fabric8's annotations, and snakeyaml name java.desktop and java.sql for optional features; leaving
# them out changes no output here but is not what jdeps proves, and java.base alone measured no faster
# with an archive).
modules=$("$jdk/bin/jdeps" --multi-release 17 --ignore-missing-deps --print-module-deps "$out"/app/*.jar 2>/dev/null | tail -1)
case "$modules" in java.base*) ;; *) fail "jdeps found no modules: $modules" ;; esac
if [ "$feature" -ge 21 ]; then compress=zip-6; else compress=2; fi
# Another platform's jmods: this machine's objcopy cannot strip their native libraries (Debian's are
# stripped already), so only the class files lose their debug attributes.
if [ -n "$jmods" ]; then set -- --module-path "$jmods" --strip-java-debug-attributes; else set -- --strip-debug; fi
say "jlink ($("$jdk/bin/java" -version 2>&1 | head -1)): $modules, --compress=$compress${jmods:+, jmods $jmods}"
"$jdk/bin/jlink" "$@" --add-modules "$modules" --no-header-files --no-man-pages \
  --compress="$compress" --output "$out/jre"
# The runtime carries a default CDS archive of the JDK's classes, as a JDK does (lib/server/classes.jsa,
# what jlink --generate-cds-archive dumps; here by the runtime's own java, so that another platform's
# runtime gets one too, through binfmt_misc): its `java -version` took twice a JDK's without it.
# racer-krm's runs use their own archive (app/); this one serves a run without it (RACER_KRM_ARCHIVE=off,
# or an archive refused). Only the one for compressed oops, which the launcher always runs with
# (-XX:+UseCompressedOops): the other is 14 MB more. The same JDK dumps the same bytes each time.
"$out/jre/bin/java" -Xshare:dump -Xlog:disable -Xlog:all=warning:stderr >/dev/null \
  || fail "the runtime's java could not dump its default CDS archive"
chmod 644 "$out/jre/lib/server/classes.jsa"

sed -e "s|@ARCHIVE@|$kind|" -e "s|@CLASSPATH@|$classpath|" "$here/racer-krm" >"$out/bin/racer-krm"
cp "$here/racer-krm-archive" "$out/bin/racer-krm-archive"
cp "$here/racer-krm-generate" "$out/bin/racer-krm-generate"
cp "$here/racer-krm-announce" "$out/bin/racer-krm-announce"
cp "$here/racer-krm-refuse-helm" "$out/bin/racer-krm-refuse-helm"
cp "$here/racer-krm-renderer" "$out/bin/racer-krm-renderer"
chmod 755 "$out/bin/racer-krm" "$out/bin/racer-krm-archive" "$out/bin/racer-krm-generate" \
  "$out/bin/racer-krm-announce" "$out/bin/racer-krm-refuse-helm" "$out/bin/racer-krm-renderer"
# the warm renderer's JVM is the launcher under another name (it picks the renderer's main class)
ln -s racer-krm "$out/bin/racer-krm-renderer-jvm"
# The warm renderer's client, a small C program (racer-krm-client.c): a JVM client would cost the
# start-up the renderer saves. Built by this machine's C compiler for this machine's runtime; for
# another platform's (RACER_KRM_JMODS) or without a compiler there is none, and the launcher always
# runs cold. No build id and no paths in it, so that two builds give the same bytes.
if [ -z "$jmods" ] && command -v "${CC:-cc}" >/dev/null 2>&1; then
  "${CC:-cc}" -std=c11 -O2 -Wall -Wextra -Werror -s -Wl,--build-id=none \
    -o "$out/bin/racer-krm-client" "$here/racer-krm-client.c" \
    || fail "the warm renderer's client (racer-krm-client.c) did not compile"
  chmod 755 "$out/bin/racer-krm-client"
else
  say "no C compiler for this platform's runtime: no warm renderer client (every run is cold)"
fi
# the stand-in accepts this version's tag only: "racer-krm 0.1.0 (renders Racer 0.19.0)"
version=$(RACER_KRM_ARCHIVE=off "$out/bin/racer-krm" --version)
version=${version#racer-krm }
version=${version%% *}
case "$version" in ''|*[!0-9A-Za-z.+_-]*) fail "cannot read the version from racer-krm --version: $version" ;; esac
sed -e "s|@VERSION@|$version|" "$here/docker" >"$out/bin/docker"
chmod 755 "$out/bin/docker"
# Fixed mtimes before training: AppCDS checks the jars' mtimes, image layers hash them.
find "$out" -exec touch -h -d "$timestamp" {} +

# Training inputs: the quickstart as a function-mode ResourceList (the function config as
# functionConfig, the rest as items), then that run's output fed back in, which exercises reading
# the existing DaemonSet into fabric8 (Fabric8Trees) and merging it.
to_resource_list() {
  printf 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n'
  for file in "$@"; do
    [ "$file" = "$examples/quickstart/function-config.yaml" ] && continue
    awk 'BEGIN { start = 1 }
         /^---/ { start = 1; next }
         start && /^[[:space:]]*$/ { next }
         start { print "- " $0; start = 0; next }
         /^$/ { print; next }
         { print "  " $0 }' "$file"
  done
  printf 'functionConfig:\n'
  sed -e 's/^\(.\)/  \1/' "$examples/quickstart/function-config.yaml"
}
to_resource_list "$examples"/quickstart/*.yaml >"$work/quickstart.yaml"

# run NAME JAVA_OPTS [ARGS...] < input: the function without its archive (RACER_KRM_ARCHIVE, default
# off), from app/ (so that the options can name files relatively), stdout to $work/NAME.out; exit 1
# (error results) is fine.
run() {
  name=$1
  opts=$2
  shift 2
  status=0
  (cd "$out/app" && RACER_KRM_ARCHIVE=${archive_mode:-off} RACER_KRM_JAVA_OPTS=$opts "$out/bin/racer-krm" "$@") \
    >"$work/$name.out" 2>>"$work/training.log" || status=$?
  [ "$status" -le 1 ] || { cat "$work/training.log" >&2; fail "training run $name exited $status"; }
}
run first "" <"$work/quickstart.yaml"
cp "$work/first.out" "$work/rendered.yaml"

if [ "$kind" = aot ]; then
  # One training process (JEP 514) that runs the function twice (krm.ArchiveRecordingRun): the first pass,
  # which creates the DaemonSet (kustomize's usual input), and the second, which reads it back and
  # merges it (kpt's package after its first render). What the training does not run is linked again
  # at every start: trained on the second pass alone, a 20-item run that creates the DaemonSet spun
  # string concatenations and lambdas at run time; trained on the first alone, the second pass loaded
  # 100 classes from the jars (1.5x the CPU). Every class in the cache is loaded at every start,
  # whether the run needs it or not: training render of the example folders too put 63 more classes
  # into every start (docs/performance.md).
  # Without adapter caching: JDK 25 stores the adapters it generated for this machine's CPU in the
  # cache and runs them on any CPU, so a cache trained here (AVX-512) stopped with SIGILL on a CPU
  # without AVX; without them it runs on older CPUs too (RuntimeArchiveIT.olderCpu).
  archive_mode=training
  # Without method profiles (-XX:-AOTRecordTraining): they are for C2, which the launcher never runs
  # (-XX:TieredStopAtLevel=1); replaying them at start cost more than it gave (docs/performance.md).
  run train "-XX:AOTCacheOutput=racer-krm.aot -XX:+UnlockDiagnosticVMOptions -XX:-AOTAdapterCaching -XX:-AOTRecordTraining" \
    "$work/quickstart.yaml" "$work/rendered.yaml" </dev/null
  [ "$status" = 0 ] || { cat "$work/training.log" >&2; fail "the training run exited $status: every input must render"; }
  archive_mode=off
else
  # AppCDS: the class lists of several runs, merged, then one static dump.
  n=0
  classlist() {
    n=$((n + 1))
    run "train$n" "-XX:DumpLoadedClassList=../../${work##*/}/$n.classlist" "$@"
  }
  classlist <"$work/quickstart.yaml"
  classlist <"$work/rendered.yaml"
  for folder in quickstart kpt argocd/app; do
    [ ! -d "$examples/$folder" ] || classlist render "$examples/$folder" </dev/null
  done
  # dynamic proxies cannot be archived on 17: listing them only makes the dump warn. Sorted (the
  # classes, then the @lambda lines, which name classes listed before them): the runs load a few
  # classes in another order each time (threads), and the same list dumps to the same archive
  cat "$work"/*.classlist | grep -v '^#' | grep -v '^jdk/proxy' >"$work/classlist.merged" || true
  { grep -v '^@' "$work/classlist.merged" | sort -u; grep '^@' "$work/classlist.merged" | sort -u; } \
    >"$out/app/racer-krm.classlist"
  (cd "$out/app" && RACER_KRM_ARCHIVE=off \
    RACER_KRM_JAVA_OPTS="-Xshare:dump -XX:SharedClassListFile=racer-krm.classlist -XX:SharedArchiveFile=racer-krm.jsa" \
    "$out/bin/racer-krm") >>"$work/training.log" 2>&1 || { cat "$work/training.log" >&2; fail "CDS dump failed"; }
fi
[ -f "$out/app/racer-krm.$kind" ] || { cat "$work/training.log" >&2; fail "no archive was written"; }
chmod 644 "$out/app/racer-krm.$kind"

# The archive must be accepted, and change nothing: same bytes as without it.
RACER_KRM_REQUIRE_ARCHIVE=1 "$out/bin/racer-krm" <"$work/rendered.yaml" >"$work/check.out" 2>>"$work/training.log" \
  || { cat "$work/training.log" >&2; fail "the runtime does not start with its archive required"; }
RACER_KRM_ARCHIVE=off "$out/bin/racer-krm" <"$work/rendered.yaml" | cmp -s - "$work/check.out" \
  || fail "output with the archive differs from output without it"

(cd "$out/app" && sha256sum -- *.jar >racer-krm.jars.sha256)
find "$out" -exec touch -h -d "$timestamp" {} +
echo "$stamp" >"$out.stamp"
say "assembled $out: $(du -sh "$out" | cut -f1), archive app/racer-krm.$kind ($(du -h "$out/app/racer-krm.$kind" | cut -f1))"

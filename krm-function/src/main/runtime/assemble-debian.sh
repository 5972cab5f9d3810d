#!/bin/sh
# Assembles the runtime folder of another platform, krm-function/target/runtime-linux-ARCH, from Debian's
# OpenJDK 17 for ARCH: the packages are fetched with apt's multiarch support into a private apt state
# (the machine's dpkg architectures, sources and status are not changed) and unpacked, not installed.
# assemble.sh then links the runtime with the jlink of Debian's amd64 JDK of the very same version (jlink
# accepts only jmods of its own version) from ARCH's jmods, and trains the class-data archive on ARCH:
# the training runs go through qemu-user-static (binfmt_misc), with ARCH's libc, libstdc++, libgcc and
# zlib (unpacked the same way) as the loader's root (QEMU_LD_PREFIX). Its SBOM, sbom/racer-krm.cdx.json, names
# the Debian package the runtime was linked from.
#
#   assemble-debian.sh ARCH            after `mvn -B package`; prints the runtime folder as its last line
#
# Cached in $RACER_KRM_IMAGE_CACHE/debian-jdk (/var/tmp/racer-krm-image): the package lists are fetched
# again after a day, the packages when their version changes. Needs network to Debian's mirror (the
# machine's apt sources) and, for a foreign ARCH, a binfmt_misc entry for it (.ci/run registers arm64).
set -eu
umask 022
export LC_ALL=C

arch=${1:?usage: assemble-debian.sh ARCH}
here=$(cd "$(dirname "$0")" && pwd -P)
module=$(cd "$here/../../.." && pwd -P)
target=$module/target
repo=$(cd "$module/.." && pwd -P)
cache=${RACER_KRM_IMAGE_CACHE:-/var/tmp/racer-krm-image}/debian-jdk
host=$(dpkg --print-architecture)

say() { printf '[runtime-%s] %s\n' "$arch" "$*" >&2; }
fail() { say "error: $*"; exit 1; }

[ -f "$target/racer-krm.jar" ] || fail "$target/racer-krm.jar is missing: run 'mvn -B package' first"
timestamp=$(sed -n 's|.*<project.build.outputTimestamp>\(.*\)</project.build.outputTimestamp>.*|\1|p' "$repo/pom.xml")

mkdir -p "$cache/lists/partial" "$cache/archives/partial" "$cache/debs"
[ -f "$cache/status" ] || : >"$cache/status"
set -- -o "APT::Architectures::=$host" -o "APT::Architectures::=$arch" -o "Dir::State::Lists=$cache/lists" \
  -o "Dir::Cache=$cache" -o "Dir::State::Status=$cache/status" -o Debug::NoLocking=1 -o APT::Sandbox::User=root
if [ -z "$(find "$cache/lists" -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -1)" ]; then
  say "apt-get update (private state in $cache, architectures $host and $arch)"
  apt-get "$@" -qq update >&2 || fail "apt-get update failed (no network to Debian's mirror?)"
fi
version=$(apt-cache "$@" show "openjdk-17-jdk-headless:$arch" | sed -n 's/^Version: //p' | sort -V | tail -1)
[ -n "$version" ] || fail "no openjdk-17-jdk-headless for $arch in the apt sources"
root=$cache/$version
if [ ! -f "$root/.unpacked" ]; then
  say "fetching Debian's OpenJDK $version for $arch (and $host's jlink of that version)"
  rm -rf "$root"
  mkdir -p "$root/$arch" "$root/tool"
  (cd "$cache/debs" && rm -f ./*.deb && apt-get "$@" -qq download \
    "openjdk-17-jre-headless:$arch=$version" "openjdk-17-jdk-headless:$arch=$version" \
    "openjdk-17-jre-headless:$host=$version" "openjdk-17-jdk-headless:$host=$version" \
    "libc6:$arch" "libstdc++6:$arch" "libgcc-s1:$arch" "zlib1g:$arch" >&2) || fail "apt-get download failed"
  for deb in "$cache"/debs/*_"$arch".deb; do dpkg-deb -x "$deb" "$root/$arch"; done
  for deb in "$cache"/debs/openjdk-*_"$host".deb; do dpkg-deb -x "$deb" "$root/tool"; done
  # Debian's JDK links its configuration to /etc/java-17-openjdk: point those links into the unpacked tree
  find "$root" -type l | while read -r link; do
    to=$(readlink "$link")
    case "$to" in /etc/java-17-openjdk/*) ln -sfn "${link%%/usr/lib/jvm/*}$to" "$link" ;; esac
  done
  rm -f "$cache"/debs/*.deb
  touch "$root/.unpacked"
fi
tool=$root/tool/usr/lib/jvm/java-17-openjdk-$host
jmods=$root/$arch/usr/lib/jvm/java-17-openjdk-$arch/jmods
[ -x "$tool/bin/jlink" ] && [ -f "$jmods/java.base.jmod" ] || fail "the unpacked JDKs in $root are incomplete"

RACER_KRM_RUNTIME_OUT=runtime-linux-$arch RACER_KRM_JMODS=$jmods QEMU_LD_PREFIX=$root/$arch \
  sh "$here/assemble.sh" "$tool" "$target" "$repo/examples" "$timestamp"

# The SBOM, as `mvn package` writes this machine's (the release module's RuntimeSbom), naming the Debian package whose
# jmods were linked: apt's record of it, and the distribution the suite holding that version belongs to
# (its Release file's Version, as a purl's distro qualifier: debian-12).
[ -f "$target/bom.json" ] && [ -f "$repo/release/target/release-classpath.txt" ] \
  || fail "$target/bom.json or release/target/release-classpath.txt is missing: run 'mvn -B package' first"
package=$target/runtime-linux-$arch.package
apt-cache "$@" show "openjdk-17-jdk-headless:$arch=$version" | sed '/^$/,$d' >"$package"
suite=$(apt-cache "$@" policy "openjdk-17-jdk-headless:$arch" \
  | awk -v v="$version" '$1 == v || ($1 == "***" && $2 == v) { getline; split($3, s, "/"); print s[1]; exit }')
release=$(sed -n 's/^Version: \([0-9][0-9]*\).*/\1/p' "$cache"/lists/*_dists_"$suite"_*Release 2>/dev/null | head -1)
[ -n "$suite" ] && [ -n "$release" ] || fail "cannot tell which Debian release holds openjdk-17-jdk-headless $version (suite '$suite')"
"$tool/bin/java" -cp "$repo/release/target/release.jar:$(cat "$repo/release/target/release-classpath.txt")" \
  io.unboundedcloud.racer.release.sbom.RuntimeSbom "$target/bom.json" "$target/runtime-linux-$arch" \
  "$timestamp" --debian-package "$package" "debian-$release" \
  || fail "no SBOM for $target/runtime-linux-$arch"
echo "$target/runtime-linux-$arch"

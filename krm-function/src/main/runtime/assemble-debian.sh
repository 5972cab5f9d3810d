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
# Nothing is trusted because it was kept: the package lists are fetched on every run into a private
# folder of this run (apt checks their signatures against the machine's keyring); the .deb packages are
# kept in $RACER_KRM_IMAGE_CACHE/debian-jdk (/var/tmp/racer-krm-image), a folder refused when another
# user could write it (tools/cache-folder.sh), and each is compared on every use with the SHA-256 the
# signed lists give for it (fetched again when it differs); the JDKs are unpacked from them afresh on
# every run, into this module's target/. Needs network to Debian's mirror (the machine's apt sources)
# and, for a foreign ARCH, a binfmt_misc entry for it (.ci/run registers arm64).
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

. "$repo/tools/cache-folder.sh"
cache_folder "$cache" RACER_KRM_IMAGE_CACHE
[ -f "$target/racer-krm.jar" ] || fail "$target/racer-krm.jar is missing: run 'mvn -B package' first"
timestamp=$(sed -n 's|.*<project.build.outputTimestamp>\(.*\)</project.build.outputTimestamp>.*|\1|p' "$repo/pom.xml")

# apt's state for this run only: its lists are never reused, so a planted list cannot choose a package
state=$(mktemp -d "${TMPDIR:-/tmp}/racer-krm-apt.XXXXXX")
trap 'rm -rf "$state"' EXIT
mkdir -p "$state/lists/partial" "$state/archives/partial" "$cache/debs"
: >"$state/status"
set -- -o "APT::Architectures::=$host" -o "APT::Architectures::=$arch" -o "Dir::State::Lists=$state/lists" \
  -o "Dir::Cache=$state" -o "Dir::State::Status=$state/status" -o Debug::NoLocking=1 -o APT::Sandbox::User=root
say "apt-get update (private state in $state, architectures $host and $arch)"
apt-get "$@" -qq update >&2 || fail "apt-get update failed (no network to Debian's mirror?)"
version=$(apt-cache "$@" show "openjdk-17-jdk-headless:$arch" | sed -n 's/^Version: //p' | sort -V | tail -1)
[ -n "$version" ] || fail "no openjdk-17-jdk-headless for $arch in the apt sources"

# Each package as the signed lists name it, from the cache when its bytes have the SHA-256 they give.
packages="openjdk-17-jre-headless:$arch=$version openjdk-17-jdk-headless:$arch=$version
openjdk-17-jre-headless:$host=$version openjdk-17-jdk-headless:$host=$version
libc6:$arch libstdc++6:$arch libgcc-s1:$arch zlib1g:$arch"
debs=
for package in $packages; do
  # apt's candidate: 'URI' FILE SIZE SHA256:HASH
  uri=$(cd "$state/archives/partial" && apt-get "$@" -qq download --print-uris "$package") \
    || fail "the apt lists have no $package"
  file=$(printf '%s\n' "$uri" | awk 'NR == 1 { print $2 }')
  sha256=$(printf '%s\n' "$uri" | awk 'NR == 1 && $4 ~ /^SHA256:/ { print substr($4, 8) }')
  case "$file" in ''|*/*|.*) fail "the apt lists give no file name for $package: $uri" ;; esac
  [ ${#sha256} -eq 64 ] || fail "the apt lists give no SHA-256 for $package: $uri"
  deb=$cache/debs/$file
  if [ -f "$deb" ] && [ "$(sha256sum "$deb" | cut -d' ' -f1)" != "$sha256" ]; then
    say "$deb does not have the SHA-256 the signed lists give: fetching it again"
    rm -f "$deb"
  fi
  if [ ! -f "$deb" ]; then
    (cd "$state/archives/partial" && apt-get "$@" -qq download "$package" >&2) || fail "apt-get download $package failed"
    mv "$state/archives/partial/$file" "$deb.partial" || fail "apt-get download $package wrote no $file"
    [ "$(sha256sum "$deb.partial" | cut -d' ' -f1)" = "$sha256" ] || fail "$file as downloaded does not have the SHA-256 the signed lists give"
    mv "$deb.partial" "$deb"
  fi
  debs="$debs $deb"
done
root=$target/debian-jdk/$version
say "unpacking Debian's OpenJDK $version for $arch (and $host's jlink of that version) into $root"
rm -rf "$target/debian-jdk"
mkdir -p "$root/$arch" "$root/tool"
for deb in $debs; do
  case "$deb" in
    *_"$arch".deb) dpkg-deb -x "$deb" "$root/$arch" ;;
  esac
  case "$deb" in
    */openjdk-*_"$host".deb) dpkg-deb -x "$deb" "$root/tool" ;;
  esac
done
# Debian's JDK links its configuration to /etc/java-17-openjdk: point those links into the unpacked tree
find "$root" -type l | while read -r link; do
  to=$(readlink "$link")
  case "$to" in /etc/java-17-openjdk/*) ln -sfn "${link%%/usr/lib/jvm/*}$to" "$link" ;; esac
done
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
release=$(sed -n 's/^Version: \([0-9][0-9]*\).*/\1/p' "$state"/lists/*_dists_"$suite"_*Release 2>/dev/null | head -1)
[ -n "$suite" ] && [ -n "$release" ] || fail "cannot tell which Debian release holds openjdk-17-jdk-headless $version (suite '$suite')"
"$tool/bin/java" -cp "$repo/release/target/release.jar:$(cat "$repo/release/target/release-classpath.txt")" \
  io.unboundedcloud.racer.release.sbom.RuntimeSbom "$target/bom.json" "$target/runtime-linux-$arch" \
  "$timestamp" --debian-package "$package" "debian-$release" \
  || fail "no SBOM for $target/runtime-linux-$arch"
echo "$target/runtime-linux-$arch"

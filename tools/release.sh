#!/bin/sh
# Releases racer-krm to an OCI registry: the function image and the Helm chart, each printed with its
# digest. Run it after `mvn -B package` (the image copies krm-function/target/runtime; the chart push
# uses helm-java from krm-function's test classes, so no `helm` binary is needed).
#
#   tools/release.sh REGISTRY [--base-image REF] [--plain-http]
#
#   REGISTRY          host[:port][/path], e.g. ghcr.io/unbounded-cloud or 127.0.0.1:5000
#   --base-image REF  the Dockerfile's BASE_IMAGE (default: the Dockerfile's own)
#   --plain-http      talk HTTP without TLS; implied for a loopback registry (127.*, localhost, [::1])
#
# Pushes REGISTRY/racer-krm:VERSION (VERSION as `racer-krm --version` prints it) and the chart as
# oci://REGISTRY/charts (so REGISTRY/charts/racer:VERSION), and writes the chart package, the SBOM beside
# it and the digests to krm-function/target/release/. Builds with buildah (its environment is honoured:
# STORAGE_DRIVER, BUILDAH_ISOLATION, CONTAINERS_STORAGE_CONF, REGISTRY_AUTH_FILE), else with docker where
# an engine answers. Credentials: log in first (`buildah login` / `docker login`; Helm reads
# HELM_REGISTRY_CONFIG or its default registry config). Writes nothing in the checkout outside target/.
set -eu
umask 022

usage() { echo "usage: tools/release.sh REGISTRY [--base-image REF] [--plain-http]" >&2; exit 2; }
fail() { echo "release: error: $*" >&2; exit 1; }
say() { echo "release: $*" >&2; }

[ $# -ge 1 ] || usage
registry=${1%/}
shift
base_image=
plain_http=
while [ $# -gt 0 ]; do
  case "$1" in
    --base-image) [ $# -ge 2 ] || usage; base_image=$2; shift 2 ;;
    --base-image=*) base_image=${1#*=}; shift ;;
    --plain-http) plain_http=1; shift ;;
    *) usage ;;
  esac
done
case "$registry" in
  ''|-*|*://*) fail "REGISTRY is host[:port][/path] without a scheme, got '$registry'" ;;
esac
case "$registry" in
  127.*|localhost|localhost:*|localhost/*|'[::1]'*) plain_http=1 ;;
esac

repo=$(cd "$(dirname "$0")/.." && pwd -P)
module=$repo/krm-function
runtime=$module/target/runtime
[ -x "$runtime/bin/racer-krm" ] || fail "$runtime/bin/racer-krm is missing: run 'mvn -B package' first"
[ -f "$module/target/release-classpath.txt" ] && [ -d "$module/target/test-classes" ] \
  || fail "krm-function/target/release-classpath.txt or test-classes missing: run 'mvn -B package' first"
version=$("$runtime/bin/racer-krm" --version | awk '{print $2}')
[ -n "$version" ] || fail "racer-krm --version printed nothing"
out=$module/target/release
rm -rf "$out"
mkdir -p "$out/tmp"
image=$registry/racer-krm:$version

build_args="--build-arg VERSION=$version --build-arg REVISION=$(git -C "$repo" rev-parse HEAD 2>/dev/null || true)"
build_args="$build_args --build-arg CREATED=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
[ -z "$base_image" ] || build_args="$build_args --build-arg BASE_IMAGE=$base_image"

if command -v buildah >/dev/null 2>&1; then
  tls=
  [ -z "$plain_http" ] || tls=--tls-verify=false
  say "building $image with buildah (isolation ${BUILDAH_ISOLATION:-default}, storage ${STORAGE_DRIVER:-default})"
  # shellcheck disable=SC2086
  buildah bud --layers=false $build_args --tag "$image" --file "$repo/Dockerfile" "$repo" >&2
  # shellcheck disable=SC2086
  buildah push $tls --digestfile "$out/image.digest" "$image" "docker://$image" >&2
  buildah rmi "$image" >/dev/null 2>&1 || true
elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  say "building $image with docker"
  # shellcheck disable=SC2086
  docker build $build_args --tag "$image" --file "$repo/Dockerfile" "$repo" >&2
  docker push "$image" >&2
  docker image inspect --format '{{range .RepoDigests}}{{println .}}{{end}}' "$image" \
    | sed -n "s|^$registry/racer-krm@||p" | head -1 >"$out/image.digest"
else
  fail "neither buildah nor a docker engine found: install buildah (or docker) to build the image"
fi
image_digest=$(cat "$out/image.digest")
case "$image_digest" in sha256:*) ;; *) fail "no image digest from the push: '$image_digest'" ;; esac

say "packaging charts/racer and pushing it to oci://$registry/charts"
# helm-java runs Helm in this JVM; its native library, cache and registry config stay under target/
HELM_CACHE_HOME=$out/tmp/helm-cache HELM_DATA_HOME=$out/tmp/helm-data HELM_CONFIG_HOME=$out/tmp/helm-config \
java -Djava.io.tmpdir="$out/tmp" -cp "$(cat "$module/target/release-classpath.txt"):$module/target/test-classes" \
  io.unboundedcloud.racer.krm.release.ChartRelease "$repo/charts/racer" "oci://$registry/charts" "$out" \
  ${plain_http:+--plain-http} >"$out/chart.digest"
chart_digest=$(cat "$out/chart.digest")
case "$chart_digest" in sha256:*) ;; *) fail "no chart digest from the push: '$chart_digest'" ;; esac

sbom=$runtime/sbom/racer-krm.cdx.json
if [ -f "$sbom" ]; then cp "$sbom" "$out/"; else say "warning: no SBOM at $sbom"; fi
rm -rf "$out/tmp"

echo "image $image@$image_digest"
echo "chart oci://$registry/charts/racer:$version@$chart_digest"

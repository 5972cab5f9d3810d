#!/bin/sh
# Releases racer-krm to an OCI registry: the function image for linux/amd64 and linux/arm64 (one image
# index), the Helm chart, and the runtime bundles for exec functions, each printed with its digest. Run it
# after `mvn -B package` (docs/release.md tells the whole story).
#
#   tools/release.sh REGISTRY [--base-image REF] [--plain-http] [--platforms LIST]
#                    [--sign-key FINGERPRINT [--sign-passphrase-file FILE]]
#
#   REGISTRY          host[:port][/path], e.g. ghcr.io/unbounded-cloud or localhost:5000
#   --base-image REF  the Dockerfile's BASE_IMAGE, multi-platform (tools/base-image.sh makes one locally);
#                     default the Dockerfile's own, debian:bookworm-slim pinned by digest (docs/release.md,
#                     "The base image")
#   --plain-http      talk HTTP without TLS; a loopback registry (127.*, localhost, [::1]) that does not
#                     answer TLS is spoken to so anyway
#   --platforms LIST  linux/amd64,linux/arm64 (the default), or one of them
#   --sign-key FINGERPRINT  signs the release with this OpenPGP key of gpg's keyring (GNUPGHOME): the
#                     chart's provenance file (pushed with the chart), containers' simple signatures of the
#                     image index and each platform's image (a lookaside folder, signatures/), and
#                     SHA256SUMS over the files (SHA256SUMS.asc); the public key is written beside them
#   --sign-passphrase-file FILE  the key's passphrase, for a key gpg's agent cannot unlock by itself
#
# Pushes REGISTRY/racer-krm:VERSION (VERSION as `racer-krm --version` prints it), the chart as
# oci://REGISTRY/charts (REGISTRY/charts/racer:VERSION) and the bundles as REGISTRY/racer-krm-bundle:
# VERSION-linux-ARCH (OCI artifacts, type application/vnd.unbounded-cloud.racer-krm.bundle.v1); writes the chart package, the bundles with their SHA-256 files, each platform's SBOM
# (racer-krm-VERSION-linux-ARCH.cdx.json; racer-krm.cdx.json is this machine's), the schemas of schemas/
# (*.schema.json, krm-function-definition.yaml and metadata.yaml naming the image pushed) and the digests
# to krm-function/target/release/. Nothing is written in the checkout outside target/. A schemas/ that is
# not what the build generates stops it first.
#
# Credentials, the standard places: buildah's (REGISTRY_AUTH_FILE, else what `buildah login` wrote) for the
# image and the bundles; Helm's registry config for the chart (HELM_REGISTRY_CONFIG, else Helm's default
# file when it exists, else buildah's file); a helper a file names (credHelpers) is asked, by all of them.
# Basic or token (Bearer) auth, as the registry asks. Trust: the system's store, SSL_CERT_FILE, and
# /etc/containers/certs.d/HOST:PORT/ca.crt. Before anything is built or pushed, the registry is asked
# whether these credentials may push: when not, one line naming the registry, exit 1, nothing pushed.
# --help (or -h) prints the lines above; it comes first, before anything is checked or run.
case "${1-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -eu
umask 022

usage() {
  echo "usage: tools/release.sh REGISTRY [--base-image REF] [--plain-http] [--platforms LIST] [--sign-key FINGERPRINT [--sign-passphrase-file FILE]]" >&2
  exit 2
}
fail() { echo "release: error: $*" >&2; exit 1; }
say() { echo "release: $*" >&2; }

[ $# -ge 1 ] || usage
case $1 in -*) usage ;; esac # a flag where REGISTRY belongs
registry=${1%/}
shift
base_image=
plain_http=
platforms=linux/amd64,linux/arm64
sign_key=
passphrase_file=
while [ $# -gt 0 ]; do
  case "$1" in
    --base-image) [ $# -ge 2 ] || usage; base_image=$2; shift 2 ;;
    --base-image=*) base_image=${1#*=}; shift ;;
    --plain-http) plain_http=1; shift ;;
    --platforms) [ $# -ge 2 ] || usage; platforms=$2; shift 2 ;;
    --platforms=*) platforms=${1#*=}; shift ;;
    --sign-key) [ $# -ge 2 ] || usage; sign_key=$2; shift 2 ;;
    --sign-key=*) sign_key=${1#*=}; shift ;;
    --sign-passphrase-file) [ $# -ge 2 ] || usage; passphrase_file=$2; shift 2 ;;
    --sign-passphrase-file=*) passphrase_file=${1#*=}; shift ;;
    *) usage ;;
  esac
done
case "$registry" in
  ''|-*|*://*) fail "REGISTRY is host[:port][/path] without a scheme, got '$registry'" ;;
esac
host=${registry%%/*}
for platform in $(echo "$platforms" | tr ',' ' '); do
  case "$platform" in linux/amd64|linux/arm64) ;; *) fail "--platforms: linux/amd64 and linux/arm64 only, got '$platform'" ;; esac
done
command -v buildah >/dev/null 2>&1 || fail "buildah not found: install buildah to build the multi-platform image"
[ -z "$passphrase_file" ] || [ -n "$sign_key" ] || fail "--sign-passphrase-file without --sign-key: name the key to sign with"

# Signing: the key must be in the keyring and able to sign before anything is built or pushed
# (tools/release-signing.sh holds what signs; docs/release.md#signing says what users verify).
if [ -n "$sign_key" ]; then
  . "$(dirname "$0")/release-signing.sh"
  signing_check "$sign_key" "$passphrase_file"
fi

repo=$(cd "$(dirname "$0")/.." && pwd -P)
module=$repo/krm-function
runtime=$module/target/runtime
[ -x "$runtime/bin/racer-krm" ] || fail "$runtime/bin/racer-krm is missing: run 'mvn -B package' first"
[ -f "$repo/release/target/release.jar" ] && [ -f "$repo/release/target/release-classpath.txt" ] \
  || fail "release/target/release.jar or release-classpath.txt missing: run 'mvn -B package' first"
version=$("$runtime/bin/racer-krm" --version | awk '{print $2}')
[ -n "$version" ] || fail "racer-krm --version printed nothing"
out=$module/target/release
# A local base image must hold every platform asked for: else buildah looks for the missing one in a
# registry named like the image's first part ("localhost") and fails far from the cause.
if [ -n "$base_image" ]; then
  base_platforms=$(buildah manifest inspect "$base_image" 2>/dev/null \
    | awk -F'"' '/"os"/ {os = $4} /"architecture"/ {arch = $4} os != "" && arch != "" {print os "/" arch; os = ""; arch = ""}') \
    || base_platforms=
  [ -n "$base_platforms" ] || base_platforms=$(buildah inspect --type image \
    --format '{{.OCIv1.OS}}/{{.OCIv1.Architecture}}' "$base_image" 2>/dev/null) || base_platforms=
  if [ -n "$base_platforms" ]; then
    for platform in $(echo "$platforms" | tr ',' ' '); do
      echo "$base_platforms" | grep -qx "$platform" || fail "the base image $base_image has no $platform image (it holds $(echo $base_platforms | tr ' ' ',')): release $(echo $base_platforms | tr ' ' ',') only with --platforms $(echo $base_platforms | tr ' ' ','), or make a multi-platform base with tools/base-image.sh and pass it with --base-image"
    done
  else
    case "$base_image" in
      localhost/*) fail "the base image $base_image is not in buildah's local storage: make it with tools/base-image.sh, or name a registry's multi-platform image" ;;
    esac
  fi
fi
image=$registry/racer-krm:$version
# The release's commands: the release module's jar and its dependencies, as the build resolved them
classpath="$repo/release/target/release.jar:$(cat "$repo/release/target/release-classpath.txt")"
release_java() { java -Djava.io.tmpdir="$out/tmp" -cp "$classpath" "$@"; }
# schemas/ must be what this build generates: the release publishes both (docs/editors.md)
java -cp "$classpath" io.unboundedcloud.racer.release.SchemaRelease check "$repo/schemas" || exit 1

# Reproducible: the tars' times are the commit's (SOURCE_DATE_EPOCH when set, as reproducible-builds.org
# defines it). The image's files and created time are project.build.outputTimestamp (tools/image-build.sh).
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
  SOURCE_DATE_EPOCH=$(git -C "$repo" log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH

# The credentials files, where buildah and Helm look for them.
uid=$(id -u)
image_auth=${REGISTRY_AUTH_FILE:-}
if [ -z "$image_auth" ]; then
  for candidate in "${XDG_RUNTIME_DIR:-/run/user/$uid}/containers/auth.json" "/run/containers/$uid/auth.json" \
    "${XDG_CONFIG_HOME:-$HOME/.config}/containers/auth.json" "$HOME/.docker/config.json"; do
    if [ -f "$candidate" ]; then image_auth=$candidate; break; fi
  done
fi
chart_auth=${HELM_REGISTRY_CONFIG:-}
if [ -z "$chart_auth" ]; then
  helm_default=${HELM_CONFIG_HOME:-${XDG_CONFIG_HOME:-$HOME/.config}/helm}/registry/config.json
  if [ -f "$helm_default" ]; then chart_auth=$helm_default; else chart_auth=$image_auth; fi
fi
scheme=$(java -cp "$classpath" io.unboundedcloud.racer.release.RegistryCheck "$registry" ${plain_http:+--plain-http} \
  ${image_auth:+--auth "$image_auth"} ${chart_auth:+--auth "$chart_auth"}) || exit 1
tls=--tls-verify=true
[ "$scheme" = https ] || tls=--tls-verify=false
# Only now is the last release's output replaced: a refused release leaves it as it was.
rm -rf "$out"
mkdir -p "$out/tmp"
trap 'rm -rf "$out/tmp"' EXIT
say "registry $registry over $scheme; image credentials ${image_auth:-none}, chart credentials ${chart_auth:-none}"
# The base, named in the log: the Dockerfile's pinned default unless --base-image gave one
if [ -z "$base_image" ]; then
  base_image=$(sed -n 's/^ARG BASE_IMAGE=//p' "$repo/Dockerfile")
  case "$base_image" in *@sha256:*) ;; *) fail "the Dockerfile's BASE_IMAGE is not pinned by digest: '$base_image'" ;; esac
fi
say "base image $base_image"

# Each platform's runtime folder: this machine's from `mvn package`, the other from Debian's OpenJDK 17.
native=linux/$(dpkg --print-architecture 2>/dev/null || echo amd64)
runtime_of() {
  if [ "$1" = "$native" ]; then echo "$runtime"; else "$module/src/main/runtime/assemble-debian.sh" "${1#linux/}" | tail -1; fi
}

buildah manifest rm "$image" >/dev/null 2>&1 || true
buildah manifest create "$image" >/dev/null
for platform in $(echo "$platforms" | tr ',' ' '); do
  folder=$(runtime_of "$platform")
  [ -x "$folder/bin/racer-krm" ] || fail "no runtime for $platform"
  # Each platform's SBOM, as its image and bundle carry it at sbom/racer-krm.cdx.json
  name=racer-krm-$version-linux-${platform#linux/}
  [ -f "$folder/sbom/racer-krm.cdx.json" ] || fail "no SBOM for $platform at $folder/sbom/racer-krm.cdx.json: run 'mvn -B package' again"
  cp "$folder/sbom/racer-krm.cdx.json" "$out/$name.cdx.json"
  say "building $image for $platform from ${folder#"$repo"/} (isolation ${BUILDAH_ISOLATION:-default}, storage ${STORAGE_DRIVER:-default})"
  start=$(date +%s)
  "$repo/tools/image-build.sh" "$repo" "$platform" "$folder" "$version" "$image" ${base_image:+"$base_image"} >/dev/null
  say "$platform built in $(( $(date +%s) - start )) s"
  # The bundle for exec functions: the runtime folder, reproducibly, with its SHA-256 file
  "$repo/tools/bundle.sh" "$folder" "$name" "$out"
done
# shellcheck disable=SC2086
buildah manifest push $tls ${REGISTRY_AUTH_FILE:+--authfile "$REGISTRY_AUTH_FILE"} --all \
  --digestfile "$out/image.digest" "$image" "docker://$image" >&2 \
  || fail "pushing $image to $registry failed"
image_digest=$(cat "$out/image.digest")
case "$image_digest" in sha256:*) ;; *) fail "no image digest from the push: '$image_digest'" ;; esac
if [ -n "$sign_key" ]; then
  repository=${registry#"$host"}/racer-krm
  # shellcheck disable=SC2086
  sign_image "$image" "$image_digest" "${repository#/}" "$out/signatures" $tls \
    ${image_auth:+--authfile "$image_auth"}
fi

# The exec bundles, each with its SHA-256 file, as OCI artifacts beside the image (what `oras push` makes)
bundles=
for platform in $(echo "$platforms" | tr ',' ' '); do
  name=racer-krm-$version-linux-${platform#linux/}
  tag=$version-linux-${platform#linux/}
  digest=$(release_java io.unboundedcloud.racer.release.BundlePush "$registry" racer-krm-bundle "$tag" "$scheme" \
    "${image_auth:--}" "$out/$name.tar.gz" "$out/$name.tar.gz.sha256") \
    || fail "pushing the bundle $name to $registry failed (image $image@$image_digest is pushed)"
  bundles="${bundles}bundle $registry/racer-krm-bundle:$tag@$digest
"
done

say "packaging charts/racer and pushing it to oci://$registry/charts"
# helm-java runs Helm in this JVM; it reads credentials from HELM_CONFIG_HOME/registry/config.json only, so
# that file is linked to the credentials chosen above. Its cache and data stay under target/.
mkdir -p "$out/tmp/helm-config/registry"
[ -z "$chart_auth" ] || ln -s "$(cd "$(dirname "$chart_auth")" && pwd -P)/$(basename "$chart_auth")" \
  "$out/tmp/helm-config/registry/config.json"
ca_file=
for dir in /etc/containers/certs.d /etc/docker/certs.d; do
  if [ -z "$ca_file" ] && [ -f "$dir/$host/ca.crt" ]; then ca_file=$dir/$host/ca.crt; fi
done
export HELM_CACHE_HOME="$out/tmp/helm-cache" HELM_DATA_HOME="$out/tmp/helm-data" HELM_CONFIG_HOME="$out/tmp/helm-config"
helm_package=$(release_java io.unboundedcloud.racer.release.ChartRelease package "$repo/charts/racer" "$out/tmp/chart") \
  || fail "helm package charts/racer failed"
# Helm stamps the packaging time into the package: written again with the commit's time only
mkdir -p "$out/tmp/chart/unpacked"
tar -xzmf "$helm_package" -C "$out/tmp/chart/unpacked"
"$repo/tools/reproducible-tar.sh" "$out/tmp/chart/unpacked/racer" racer "$out/${helm_package##*/}" --files-only
# signed: its provenance file beside it, which helm push pushes with the chart
[ -z "$sign_key" ] || sign_chart "$out/${helm_package##*/}" racer
release_java io.unboundedcloud.racer.release.ChartRelease push "$out/${helm_package##*/}" "oci://$registry/charts" \
  ${ca_file:+--ca-file "$ca_file"} $([ "$scheme" = https ] || echo --plain-http) >"$out/chart.digest" \
  || fail "pushing the chart to oci://$registry/charts failed (image $image@$image_digest is pushed)"
chart_digest=$(cat "$out/chart.digest")
case "$chart_digest" in sha256:*) ;; *) fail "no chart digest from the push: '$chart_digest'" ;; esac

# racer-krm.cdx.json, the name of the one SBOM earlier releases wrote: this machine's runtime's
sbom=$runtime/sbom/racer-krm.cdx.json
if [ -f "$sbom" ]; then cp "$sbom" "$out/"; else say "warning: no SBOM at $sbom"; fi

# The schemas and catalog entries of schemas/ as release files, the catalog entries naming $image
schemas=$(release_java io.unboundedcloud.racer.release.SchemaRelease write "$out" "$image") \
  || fail "writing the schemas into $out failed"
say "schemas: $(echo $schemas)"

if [ -n "$sign_key" ]; then
  # shellcheck disable=SC2046
  sign_sums "$out" $(cd "$out" && LC_ALL=C ls -- *.tar.gz *.cdx.json *.tgz $schemas)
  export_public_key "$out"
  say "signed with $sign_fpr: the chart's provenance (pushed with it), SHA256SUMS.asc, the public key racer-krm-release-key.asc (.gpg: a keyring for helm --keyring)"
  say "image signatures (containers' simple signing) in the lookaside folder $out/signatures: publish that folder at a URL (any static web server), and tell podman, skopeo and CRI-O where in /etc/containers/registries.d/racer-krm.yaml:"
  printf '%s\n' "docker:" "  ${registry%/}/racer-krm:" "    lookaside: https://SIGNATURES-URL" | sed 's/^/release:   /' >&2
else
  say "unsigned: no --sign-key, so no chart provenance, image signatures or SHA256SUMS.asc (docs/release.md#signing)"
fi

echo "image $image@$image_digest"
echo "chart oci://$registry/charts/racer:$version@$chart_digest"
printf '%s' "$bundles"
[ -z "$sign_key" ] || echo "signed-by $sign_fpr signatures $out/signatures"

#!/bin/sh
# Checks that a commit builds to the same bytes twice: two clones in two different folders, built one
# after the other (so at different times) with `mvn -B package -DskipTests`, SOURCE_DATE_EPOCH the
# commit's time. Compares byte for byte what a release ships, made as tools/release.sh makes it: the jars,
# the SBOM, the chart package, and for each platform the runtime folder (file by file; linux/arm64's
# assembled by assemble-debian.sh under emulation), the exec bundle (tools/bundle.sh) and the image's
# layers and config (tools/image-build.sh; a differing layer is opened and the files that differ in it
# named). Prints every file that differs, with the reason when it is a known one, then a summary; exit 1
# when a file differs for an unknown reason.
#
#   tools/reproducible.sh [COMMIT] [--platforms LIST] [--base-image REF] [--no-images] [--sign] [--keep]
#
#   COMMIT            defaults to HEAD; takes two builds' time
#   --platforms LIST  linux/amd64,linux/arm64 (the default; without arm64 emulation, one line says so and
#                     linux/amd64 alone is compared), or one of them
#   --base-image REF  the images' base, multi-platform; default what tools/base-image.sh prints
#   --no-images       no images built (no buildah or root here)
#   --sign            sign the second build as tools/release.sh --sign-key signs a release, with a
#                     throwaway RSA key in a GNUPGHOME of the script's own (under its work folder): the
#                     chart's provenance, SHA256SUMS and SHA256SUMS.asc over the bundles, the SBOMs and
#                     the chart package, and each image's manifest (skopeo standalone-sign). Every file's
#                     SHA-256 must be the same after signing as before, and the signatures must verify
#                     (gpgv, sha256sum -c); they are then set aside, and the two builds are compared as
#                     without --sign: signing changes no artifact's bytes or digests
#   --keep            keep the work folder (both builds' outputs, under out-1 and out-2) and print it
#
# The images are built in a container storage of the script's own (vfs, under its work folder, removed
# at the end), with chroot isolation, each pushed to an OCI layout (layers gzip'd as a push does).
#
# Known to differ (docs/release.md, "Reproducible build"):
#   runtime/app/racer-krm.aot  the Java 25 AOT cache of the training run: the JVM does not write it
#                              deterministically (it holds the training run's heap objects and
#                              addresses), so it differs on every build; the image and the bundle carry it
#   runtime*/app/racer-krm.jsa the Java 17 CDS archive (linux/arm64's runtime, or a runtime built on Java
#                              17): it names the folder it was dumped in (the image dumps it again at
#                              /opt/racer-krm, the bundle leaves it out), and Java 17 does not write the
#                              same archive twice from the same class list and jars, so the image's
#                              opt/racer-krm/app/racer-krm.jsa differs too
# --help (or -h) prints the lines above; it comes first, before anything is checked or run.
case "${1-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -eu
export LC_ALL=C
usage() { echo "usage: tools/reproducible.sh [COMMIT] [--platforms LIST] [--base-image REF] [--no-images] [--sign] [--keep]" >&2; exit 2; }
say() { echo "reproducible: $*" >&2; }
fail() { say "error: $*"; exit 1; }

repo=$(cd "$(dirname "$0")/.." && pwd -P)
tools=$repo/tools
rev=HEAD
platforms=
base_image=
images=1
keep=
sign=
while [ $# -gt 0 ]; do
  case "$1" in
    --platforms) [ $# -ge 2 ] || usage; platforms=$2; shift 2 ;;
    --platforms=*) platforms=${1#*=}; shift ;;
    --base-image) [ $# -ge 2 ] || usage; base_image=$2; shift 2 ;;
    --base-image=*) base_image=${1#*=}; shift ;;
    --no-images) images=; shift ;;
    --keep) keep=1; shift ;;
    --sign) sign=1; shift ;;
    -*) usage ;;
    *) rev=$1; shift ;;
  esac
done
commit=$(git -C "$repo" rev-parse --verify "$rev^{commit}") || fail "no commit '$rev' in $repo"
SOURCE_DATE_EPOCH=$(git -C "$repo" log -1 --format=%ct "$commit")
export SOURCE_DATE_EPOCH
native=linux/$(dpkg --print-architecture)
emulation() { [ "$native" = linux/arm64 ] || grep -qs '^enabled' /proc/sys/fs/binfmt_misc/qemu-aarch64; }
if [ -z "$platforms" ]; then
  platforms="$native"
  if emulation; then
    platforms=linux/amd64,linux/arm64
  else
    say "no arm64 emulation here (no enabled qemu-aarch64 in binfmt_misc): linux/amd64 only"
  fi
fi
platforms=$(echo "$platforms" | tr ',' ' ')
for platform in $platforms; do
  case "$platform" in
    "$native") ;;
    linux/arm64) emulation || fail "--platforms linux/arm64: no enabled qemu-aarch64 in binfmt_misc (.ci/run registers it)" ;;
    *) fail "--platforms: $native and linux/arm64 only, got '$platform'" ;;
  esac
done
if [ -n "$images" ]; then
  command -v buildah >/dev/null 2>&1 || fail "buildah not found: install it, or pass --no-images"
  [ "$(id -u)" = 0 ] || fail "building images with vfs storage and chroot isolation needs root here, or pass --no-images"
fi

work=$(mktemp -d "${TMPDIR:-/var/tmp}/racer-krm-reproducible.XXXXXX")
stop_agent() { [ -z "$sign" ] || GNUPGHOME=$work/gnupg gpgconf --kill gpg-agent 2>/dev/null || true; }
if [ -n "$keep" ]; then
  trap 'stop_agent; say "kept $work"' EXIT
else
  trap 'stop_agent; rm -rf "$work"' EXIT
fi
began=$(date +%s)

# --sign: a throwaway key, and the release's own signing functions (tools/release-signing.sh)
if [ -n "$sign" ]; then
  command -v gpg >/dev/null 2>&1 || fail "--sign: gpg not found (install gnupg)"
  [ -z "$images" ] || command -v skopeo >/dev/null 2>&1 || fail "--sign: skopeo not found (install skopeo, or pass --no-images)"
  mkdir -m 700 "$work/gnupg"
  export GNUPGHOME="$work/gnupg"
  gpg --batch --no-tty --passphrase '' --quick-gen-key "racer-krm reproducible check <reproducible@racer-krm.invalid>" \
    rsa3072 sign never 2>"$work/gpg.log" || { cat "$work/gpg.log" >&2; fail "--sign: making a throwaway key failed"; }
  throwaway=$(gpg --batch --no-tty --with-colons --list-secret-keys 2>/dev/null | awk -F: '$1 == "fpr" {print $10; exit}')
  # shellcheck source=tools/release-signing.sh
  . "$tools/release-signing.sh"
  out=$work/signing
  mkdir -p "$out/tmp"
  signing_check "$throwaway" ""
  gpg --batch --no-tty --export "$sign_fpr" >"$work/signing-key.gpg"
  say "--sign: build 2 is signed with the throwaway key $sign_fpr"
fi

# The images' storage: the script's own, so that nothing is left in a shared one
if [ -n "$images" ]; then
  printf '[storage]\ndriver = "vfs"\ngraphroot = "%s"\nrunroot = "%s"\n' "$work/storage" "$work/runroot" >"$work/storage.conf"
  export CONTAINERS_STORAGE_CONF="$work/storage.conf" STORAGE_DRIVER=vfs BUILDAH_ISOLATION=chroot
  if [ -z "$base_image" ]; then
    base_image=$("$tools/base-image.sh") || fail "tools/base-image.sh failed (give --base-image REF, or --no-images)"
    base_image=$(echo "$base_image" | tail -1)
  fi
fi

# The runtime folder of PLATFORM in CHECKOUT: the machine's from `mvn package`, else assembled
runtime_of() {
  if [ "$2" = "$native" ]; then
    echo "$1/krm-function/target/runtime"
  else
    "$1/krm-function/src/main/runtime/assemble-debian.sh" "${2#linux/}" 2>>"$work/assemble.log" | tail -1
  fi
}

# Pushes image ID to an OCI layout and copies its config and layers to DIR as config.json, layer-N.tar.gz
# (the shell has no local variables: these are the image_ names)
collect_image() {
  image_layout=$work/oci-layout
  rm -rf "$image_layout"
  buildah push --quiet "$1" "oci:$image_layout:image" >/dev/null
  image_manifest=$image_layout/blobs/$(jq -r '.manifests[0].digest' "$image_layout/index.json" | tr : /)
  mkdir -p "$2"
  cp "$image_layout/blobs/$(jq -r '.config.digest' "$image_manifest" | tr : /)" "$2/config.json"
  image_layer=0
  for image_digest in $(jq -r '.layers[].digest' "$image_manifest"); do
    image_layer=$((image_layer + 1))
    cp "$image_layout/blobs/$(echo "$image_digest" | tr : /)" "$2/layer-$image_layer.tar.gz"
  done
  if [ -n "${3:-}" ]; then
    # the image's signature as the release makes it: containers' simple signing of its manifest
    cp "$image_manifest" "$2/manifest.json"
    skopeo standalone-sign "$2/manifest.json" "localhost/racer-krm:reproducible" "$sign_fpr" \
      --output "$2/manifest.json.signature-1" || fail "--sign: signing the image manifest failed"
  fi
  rm -rf "$image_layout"
}

# --sign: signs what build N collected in FOLDER as a release does, checks that no file's SHA-256
# changed and that the signatures verify, then moves them to $work/signatures-N
sign_build() {
  signed=$work/signatures-$1
  mkdir -p "$signed"
  (cd "$2" && find . -type f ! -name 'manifest.json.signature-1' | sort | xargs sha256sum) >"$signed/before.sha256"
  for package in "$2"/chart/*.tgz; do sign_chart "$package" racer; done
  (cd "$2" && sign_sums "$2" $(find bundle-* chart runtime*/sbom -type f \( -name '*.tar.gz' -o -name '*.tgz' -o -name '*.cdx.json' \) | sort))
  (cd "$2" && sha256sum -c --quiet SHA256SUMS) || fail "--sign: sha256sum -c SHA256SUMS failed right after signing"
  gpgv --keyring "$work/signing-key.gpg" "$2/SHA256SUMS.asc" "$2/SHA256SUMS" 2>"$work/gpgv.log" \
    || { cat "$work/gpgv.log" >&2; fail "--sign: gpgv does not verify SHA256SUMS.asc"; }
  for prov in "$2"/chart/*.tgz.prov; do
    gpgv --keyring "$work/signing-key.gpg" "$prov" 2>"$work/gpgv.log" \
      || { cat "$work/gpgv.log" >&2; fail "--sign: gpgv does not verify $prov"; }
    grep -q "sha256:$(sha256sum "${prov%.prov}" | cut -d' ' -f1)" "$prov" || fail "--sign: $prov names another SHA-256"
  done
  for signature in $(cd "$2" && find . -name 'manifest.json.signature-1' | sort); do
    skopeo standalone-verify "$2/${signature%.signature-1}" localhost/racer-krm:reproducible "$sign_fpr" \
      "$2/$signature" >/dev/null || fail "--sign: skopeo standalone-verify refuses $signature"
  done
  # set the signatures (and the manifests they sign) aside: build 1 has none to compare them with
  mv "$2/SHA256SUMS" "$2/SHA256SUMS.asc" "$signed/"
  for prov in "$2"/chart/*.tgz.prov; do mv "$prov" "$signed/"; done
  for signature in $(cd "$2" && find . -name 'manifest.json.signature-1'); do
    mkdir -p "$signed/${signature%/*}"
    mv "$2/$signature" "$2/${signature%.signature-1}" "$signed/${signature%/*}/"
  done
  (cd "$2" && find . -type f | sort | xargs sha256sum) >"$signed/after.sha256"
  if [ -n "$images" ]; then
    grep -v '/manifest.json$' "$signed/before.sha256" >"$signed/before-but-manifests.sha256"
  else
    cp "$signed/before.sha256" "$signed/before-but-manifests.sha256"
  fi
  cmp -s "$signed/before-but-manifests.sha256" "$signed/after.sha256" \
    || { diff "$signed/before-but-manifests.sha256" "$signed/after.sha256" >&2; fail "--sign: signing changed a file of build $1"; }
  say "--sign: build $1 signed ($(ls "$signed"/*.prov | wc -l) provenance, SHA256SUMS over $(wc -l <"$signed/SHA256SUMS") files, $(find "$signed" -name 'manifest.json.signature-1' | wc -l) image signatures), all verified; the SHA-256 of all $(wc -l <"$signed/after.sha256") files the same as before signing"
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
    || { tail -30 "$work/build-$n.log" >&2; fail "build $n failed"; }
  say "build $n: mvn package took $(( $(date +%s) - start )) s"
  target=$checkout/krm-function/target
  mkdir -p "$collected/jars" "$collected/chart"
  for module in workload krm-function release chart-gen; do
    cp "$checkout/$module"/target/*.jar "$collected/jars/" 2>/dev/null || true
  done
  version=$("$target/runtime/bin/racer-krm" --version | awk '{print $2}')
  [ -z "$images" ] || buildah manifest create "racer-krm-reproducible-$n" >/dev/null
  for platform in $platforms; do
    start=$(date +%s)
    folder=$(runtime_of "$checkout" "$platform") || { tail -30 "$work/assemble.log" >&2; fail "build $n: no runtime for $platform"; }
    [ -x "$folder/bin/racer-krm" ] || { tail -30 "$work/assemble.log" >&2; fail "build $n: no runtime for $platform"; }
    [ "$platform" = "$native" ] || say "build $n: $platform runtime assembled in $(( $(date +%s) - start )) s"
    cp -a "$folder" "$collected/${folder##*/}"
    mkdir -p "$collected/bundle-${platform#linux/}"
    "$tools/bundle.sh" "$folder" "racer-krm-$version-linux-${platform#linux/}" "$collected/bundle-${platform#linux/}"
    if [ -n "$images" ]; then
      start=$(date +%s)
      id=$("$tools/image-build.sh" "$checkout" "$platform" "$folder" "$version" "racer-krm-reproducible-$n" \
        "$base_image" 2>>"$work/image-$n.log") || { tail -30 "$work/image-$n.log" >&2; fail "build $n: the $platform image failed"; }
      collect_image "$id" "$collected/image-${platform#linux/}" "$([ -n "$sign" ] && [ "$n" = 2 ] && echo sign)"
      say "build $n: $platform image built and pushed to an OCI layout in $(( $(date +%s) - start )) s"
    fi
  done
  tmp=$work/chart-$n
  mkdir -p "$tmp/unpacked"
  packaged=$(HELM_CACHE_HOME=$tmp/cache HELM_DATA_HOME=$tmp/data HELM_CONFIG_HOME=$tmp/config \
    java -Djava.io.tmpdir="$tmp" -cp "$checkout/release/target/release.jar:$(cat "$checkout/release/target/release-classpath.txt")" \
    io.unboundedcloud.racer.release.ChartRelease package "$checkout/charts/racer" "$tmp/package")
  tar -xzmf "$packaged" -C "$tmp/unpacked"
  "$tools/reproducible-tar.sh" "$tmp/unpacked/racer" racer "$collected/chart/${packaged##*/}" --files-only
  if [ -n "$sign" ] && [ "$n" = 2 ]; then sign_build "$n" "$collected"; fi
}

# The runtime folder (out-N/FOLDER) of the platform an output of out-N/KIND-ARCH/... is made for
runtime_folder() {
  case "${1%%/*}" in
    "${native#linux/}") echo runtime ;;
    *) echo "runtime-linux-${1%%/*}" ;;
  esac
}

# Why a file that differs between the builds does, when known; empty when not
known() {
  case "$1" in
    runtime/app/racer-krm.aot|image-*/opt/racer-krm/app/racer-krm.aot)
      echo "Java 25 AOT cache: not written deterministically by the JVM" ;;
    runtime*/app/racer-krm.jsa)
      echo "Java 17 CDS archive: names the folder it was dumped in, and Java 17 does not dump deterministically" ;;
    image-*/opt/racer-krm/app/racer-krm.jsa)
      echo "Java 17 CDS archive, dumped again by the image build: Java 17 does not dump deterministically" ;;
    bundle-*/*.tar.gz | bundle-*/*.tar.gz.sha256)
      # a bundle differs for a known reason when its runtime folder differs for known reasons only, and
      # not only by the CDS archive the bundle leaves out
      folder=$(runtime_folder "${1#bundle-}")
      held=$(grep -v 'racer-krm.jsa$' "$work/differs-$folder" 2>/dev/null | sed 's/^known //' | tr '\n' ' ' | sed 's/ $//')
      if [ -n "$held" ] && ! grep -qv '^known ' "$work/differs-$folder"; then echo "holds $held"; fi ;;
    *) ;;
  esac
}

# A layer's entries, one a line: the name, then its type, mode, owner, size, time and link, or its SHA-256
entries() {
  gzip -dc "$1" | tar --numeric-owner --full-time -tvf - \
    | awk '{ name = $6; for (i = 7; i <= NF; i++) name = name " " $i; print name " | " $1 " " $2 " " $3 " " $4 " " $5 }'
  # shellcheck disable=SC2016
  gzip -dc "$1" | tar -xf - --to-command='printf "%s | sha256 %s\n" "$TAR_FILENAME" "$(sha256sum | cut -d" " -f1)"'
}

# An image config without what its layers' bytes decide: their diff IDs, the digest of a COPY's folder
config_but_layers() {
  jq -S 'del(.rootfs.diff_ids) | .history[].created_by |= sub("COPY dir:[0-9a-f]+"; "COPY dir:")' "$1"
}

# Compares a layer that differs entry by entry: prints each differing entry, known or not, and returns 1
# when one differs for an unknown reason
compare_layer() {
  layer=$1
  entries "$work/out-1/$layer" | sort >"$work/entries-1"
  entries "$work/out-2/$layer" | sort >"$work/entries-2"
  comm -3 "$work/entries-1" "$work/entries-2" | sed 's/^\t//; s/ | .*//; s|^\./||; s|^/||' | sort -u >"$work/entries-differ"
  result=0
  while read -r entry; do
    reason=$(known "${layer%%/*}/$entry")
    if [ -n "$reason" ]; then
      echo "  in it, differs (known): $entry: $reason"
    else
      echo "  in it, DIFFERS: $entry"
      result=1
    fi
  done <"$work/entries-differ"
  [ -s "$work/entries-differ" ] || { echo "  in it, no entry differs (the compression does)"; result=1; }
  return "$result"
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
report() {
  if [ "$2" = known ]; then
    known_count=$((known_count + 1))
    echo "differs (known): $1: $3"
  else
    unknown=$((unknown + 1))
    echo "DIFFERS: $1"
  fi
  echo "$2 $1" >>"$work/differs-${1%%/*}"
}
# runtime folders first (a bundle's reason is its folder's), the images last (a config's is its layers')
{ grep '^runtime' "$work/files-1"; grep -v '^runtime\|^image-' "$work/files-1"; grep '^image-' "$work/files-1" \
  | grep -v '/config\.json$'; grep '^image-.*/config\.json$' "$work/files-1"; } >"$work/files-ordered" || true
while read -r file; do
  if cmp -s "$work/out-1/$file" "$work/out-2/$file"; then
    same=$((same + 1))
    echo "${file%%/*}" >>"$work/identical"
    continue
  fi
  case "$file" in
    image-*/layer-*.tar.gz)
      compare_layer "$file" >"$work/layer-report" && kind=known || kind=unknown
      report "$file" "$kind" "its files that differ differ for a known reason"
      cat "$work/layer-report" ;;
    image-*/config.json)
      # the config names each layer's diff ID, and the history the digest of the runtime folder COPY
      # copied: the same config but those is known when its layers and that folder differ for known
      # reasons only (or not at all: the folder's CDS archive may differ while the image's, dumped
      # again, does not)
      config_but_layers "$work/out-1/$file" >"$work/config-1"
      config_but_layers "$work/out-2/$file" >"$work/config-2"
      copied=$work/differs-$(runtime_folder "${file#image-}")
      if cmp -s "$work/config-1" "$work/config-2" && ! grep -qsv '^known ' "$work/differs-${file%%/*}" \
        && ! grep -qsv '^known ' "$copied" && { [ -f "$work/differs-${file%%/*}" ] || [ -f "$copied" ]; }; then
        report "$file" known "differs only by the layers' diff IDs and the digest of the runtime folder its history names, which differ for known reasons"
      else
        report "$file" unknown
      fi ;;
    *)
      reason=$(known "$file")
      if [ -n "$reason" ]; then report "$file" known "$reason"; else report "$file" unknown; fi ;;
  esac
done <"$work/files-ordered"
echo "reproducible: identical, by folder: $(sort "$work/identical" 2>/dev/null | uniq -c | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 }')"
if [ -n "$sign" ]; then
  # the signed build's SHA256SUMS checked against the unsigned build's files: a file whose bytes are the
  # same in both builds has the same digest signed or not
  (cd "$work/out-1" && sha256sum -c "$work/signatures-2/SHA256SUMS" 2>/dev/null) \
    | sed 's/: FAILED$/: FAILED (its bytes differ between the two builds, as listed above: not from signing)/; s/^/reproducible: the signed SHA256SUMS, on the unsigned build: /' || true
fi
echo "reproducible: $same files identical, $known_count differ for a known reason, $unknown differ for an unknown one (commit $commit, SOURCE_DATE_EPOCH $SOURCE_DATE_EPOCH, platforms $(echo "$platforms" | tr ' ' ','), images $([ -n "$images" ] && echo compared || echo "not built"), $([ -n "$sign" ] && echo "build 2 signed" || echo unsigned), $(( $(date +%s) - began )) s)"
[ "$unknown" -eq 0 ]

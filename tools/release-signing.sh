# Signing for tools/release.sh (sourced by it, with its fail and say): every signature is an OpenPGP
# signature of one key of gpg's keyring (GNUPGHOME, else ~/.gnupg), made with gpg and skopeo, so that
# users verify with the tools they have: Helm (the chart's provenance file), containers/image's policy
# (podman, skopeo, CRI-O: simple signing in a lookaside folder) and gpg with sha256sum (SHA256SUMS).
# Signing writes only new files: no artifact's bytes, and so no digest, depends on whether it is signed.
#
# The key's passphrase: gpg's agent (cached, or asked through its pinentry), or a file
# (--sign-passphrase-file, given to gpg with --pinentry-mode loopback and to skopeo as it is).

# Checks that KEY names one secret key that can sign, with PASSPHRASE_FILE when given; sets sign_fpr
# (the primary key's fingerprint). Fails in one line otherwise.
#   signing_check KEY PASSPHRASE_FILE
signing_check() {
  command -v gpg >/dev/null 2>&1 || fail "--sign-key: gpg not found: install gnupg to sign the release"
  command -v skopeo >/dev/null 2>&1 || fail "--sign-key: skopeo not found: install skopeo to sign the image"
  sign_passphrase_file=$2
  if [ -n "$sign_passphrase_file" ]; then
    [ -f "$sign_passphrase_file" ] && [ -r "$sign_passphrase_file" ] \
      || fail "--sign-passphrase-file: cannot read $sign_passphrase_file"
  fi
  keyring=${GNUPGHOME:-$HOME/.gnupg}
  fingerprints=$(gpg --batch --no-tty --with-colons --list-secret-keys -- "$1" 2>/dev/null \
    | awk -F: '$1 == "sec" {primary = 1; next} $1 == "fpr" && primary {print $10; primary = 0}')
  case "$fingerprints" in
    '') fail "--sign-key: no secret key '$1' in the keyring $keyring (gpg --list-secret-keys shows those there; import the key or set GNUPGHOME)" ;;
    *"
"*) fail "--sign-key: '$1' names more than one secret key in $keyring: give the full fingerprint" ;;
  esac
  sign_fpr=$fingerprints
  # a signature of nothing, to know the key can sign (not expired, not revoked, unlocked) before a build.
  # Its output goes to stdout, never to --output: gpg removes its --output file when signing fails.
  if ! probe=$(printf 'racer-krm release: can this key sign?\n' | gpg_sign --detach-sign 2>&1 >/dev/null); then
    fail "--sign-key: the key $sign_fpr cannot sign: $(printf '%s\n' "$probe" | grep -v '^gpg: WARNING' | tail -1) ($(if [ -n "$sign_passphrase_file" ]; then echo "passphrase from $sign_passphrase_file"; else echo "a key with a passphrase needs --sign-passphrase-file FILE, or gpg's agent unlocked"; fi))"
  fi
}

# gpg with the release's key, in batch mode, the passphrase from the file when one is given.
gpg_sign() {
  if [ -n "$sign_passphrase_file" ]; then
    gpg --batch --no-tty --yes --local-user "$sign_fpr" --pinentry-mode loopback \
      --passphrase-file "$sign_passphrase_file" "$@"
  else
    gpg --batch --no-tty --yes --local-user "$sign_fpr" "$@"
  fi
}

# The chart's provenance file PACKAGE.prov, as `helm package --sign` writes it: the chart's Chart.yaml,
# then the package's SHA-256, clear-signed. `helm push` pushes it with the chart as a layer of its own,
# and `helm pull --verify` / `helm install --verify` check it.
#   sign_chart PACKAGE CHART_NAME
sign_chart() {
  chart_sha=$(sha256sum "$1" | cut -d' ' -f1)
  {
    tar -xzOf "$1" "$2/Chart.yaml"
    printf '...\nfiles:\n  %s: sha256:%s\n' "${1##*/}" "$chart_sha"
  } >"$out/tmp/provenance.txt" || fail "cannot read $2/Chart.yaml from $1"
  gpg_sign --digest-algo SHA512 --clearsign --output "$1.prov" "$out/tmp/provenance.txt" \
    || fail "signing the chart's provenance failed (key $sign_fpr)"
}

# Containers' simple signatures (containers-signature(5)) of the image index DIGEST of IMAGE
# (REGISTRY/racer-krm:VERSION) and of each platform's image it lists, each claiming IMAGE, into the
# lookaside folder FOLDER as containers-registries.d(5) lays it out: REPOSITORY@sha256=HEX/signature-1,
# REPOSITORY being IMAGE's path without the registry's host. The manifests are read back from the
# registry as pushed (skopeo inspect --raw) and their digests checked.
#   sign_image IMAGE DIGEST REPOSITORY FOLDER SKOPEO_FLAGS...
sign_image() {
  sign_ref=$1
  sign_index=$2
  sign_repository=$3
  sign_folder=$4
  shift 4
  mkdir -p "$out/tmp/manifests"
  skopeo inspect --raw "$@" "docker://${sign_ref%:*}@$sign_index" >"$out/tmp/manifests/index.json" \
    || fail "reading the index $sign_index back from the registry failed"
  sign_digests="$sign_index $(grep -o '"digest" *: *"sha256:[0-9a-f]*"' "$out/tmp/manifests/index.json" | grep -o 'sha256:[0-9a-f]*')"
  for sign_digest in $sign_digests; do
    manifest=$out/tmp/manifests/${sign_digest#sha256:}.json
    skopeo inspect --raw "$@" "docker://${sign_ref%:*}@$sign_digest" >"$manifest" \
      || fail "reading the manifest $sign_digest back from the registry failed"
    [ "sha256:$(sha256sum "$manifest" | cut -d' ' -f1)" = "$sign_digest" ] \
      || fail "the registry served other bytes for $sign_digest: not signing them"
    signature=$sign_folder/$sign_repository@sha256=${sign_digest#sha256:}/signature-1
    mkdir -p "${signature%/*}"
    skopeo standalone-sign ${sign_passphrase_file:+--passphrase-file "$sign_passphrase_file"} \
      "$manifest" "$sign_ref" "$sign_fpr" --output "$signature" \
      || fail "signing $sign_ref@$sign_digest failed (key $sign_fpr)"
  done
}

# SHA256SUMS over the files named (in FOLDER), and its detached, armored signature SHA256SUMS.asc.
#   sign_sums FOLDER FILE...
sign_sums() {
  sums_folder=$1
  shift
  (cd "$sums_folder" && LC_ALL=C sha256sum -- "$@") >"$sums_folder/SHA256SUMS" || fail "SHA256SUMS: cannot hash $*"
  gpg_sign --armor --detach-sign --output "$sums_folder/SHA256SUMS.asc" "$sums_folder/SHA256SUMS" \
    || fail "signing SHA256SUMS failed (key $sign_fpr)"
}

# The public key, for users: FOLDER/racer-krm-release-key.asc (armored) and .gpg (a binary keyring,
# what `helm --keyring` reads).
#   export_public_key FOLDER
export_public_key() {
  gpg --batch --no-tty --armor --export "$sign_fpr" >"$1/racer-krm-release-key.asc"
  gpg --batch --no-tty --export "$sign_fpr" >"$1/racer-krm-release-key.gpg"
  [ -s "$1/racer-krm-release-key.gpg" ] || fail "exporting the public key $sign_fpr failed"
}

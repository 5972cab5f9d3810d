#!/bin/sh
# Installs what ImageIT and ReleaseIT need to build and run the image without a Docker engine: buildah
# (build), podman with runc (run), debootstrap (a local base image, since no registry is reachable),
# uidmap, qemu-user-static with binfmt-support (linux/arm64 build steps and runs under emulation),
# openssl and apache2-utils (the release test's CA, server certificate and htpasswd), skopeo and gnupg
# (the release's signatures, made and verified). Then registers
# qemu's aarch64 interpreter with binfmt_misc (flag F, so that containers can use it), mounting
# binfmt_misc first where it is not. Debian/Ubuntu only; run as root. The tests never install anything
# themselves: without these tools they print one SKIPPED line and are reported as skipped.
set -eu
missing=
for tool in buildah podman runc debootstrap qemu-aarch64-static update-binfmts openssl htpasswd skopeo gpg gpgv; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || missing="$missing $tool"
done
if [ -n "$missing" ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "image tools missing:$missing; no apt-get here, install them by hand" >&2
    exit 1
  fi
  echo "installing image tools (missing:$missing)" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    buildah podman runc debootstrap uidmap containers-storage golang-github-containers-common \
    ca-certificates qemu-user-static binfmt-support openssl apache2-utils skopeo gnupg gpgv >/dev/null
else
  echo "image tools present: buildah podman runc debootstrap qemu-user-static openssl htpasswd skopeo gpg" >&2
fi

# arm64 under emulation: binfmt_misc must be mounted and qemu-aarch64 enabled (the kernel's table is
# global to the machine; enabling an entry that is there already changes nothing)
binfmt=/proc/sys/fs/binfmt_misc
if [ ! -f "$binfmt/register" ]; then
  mount -t binfmt_misc binfmt_misc "$binfmt" || { echo "cannot mount binfmt_misc: no arm64 emulation" >&2; exit 0; }
fi
if [ ! -f "$binfmt/qemu-aarch64" ] || ! grep -q '^enabled' "$binfmt/qemu-aarch64"; then
  update-binfmts --enable qemu-aarch64 || echo "cannot register qemu-aarch64: no arm64 emulation" >&2
fi

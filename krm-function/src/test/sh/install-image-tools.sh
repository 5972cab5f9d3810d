#!/bin/sh
# Installs what ImageIT needs to build and run the image without a Docker engine: buildah (build),
# podman with runc (run), debootstrap (a local base image, since no registry is reachable) and uidmap.
# Debian/Ubuntu only; run as root. The tests never install anything themselves: without these tools
# ImageIT prints one SKIPPED line and is reported as skipped.
set -eu
missing=
for tool in buildah podman runc debootstrap; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -z "$missing" ]; then
  echo "image tools present: buildah podman runc debootstrap" >&2
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "image tools missing:$missing; no apt-get here, install them by hand" >&2
  exit 1
fi
echo "installing image tools (missing:$missing)" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
  buildah podman runc debootstrap uidmap containers-storage golang-github-containers-common \
  ca-certificates >/dev/null

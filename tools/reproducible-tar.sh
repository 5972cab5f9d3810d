#!/bin/sh
# Writes FOLDER's contents as a gzip'd tar that depends only on the files' names, contents and modes:
# names sorted, owner and group 0, every time SOURCE_DATE_EPOCH (the commit's), no time or name in the
# gzip header. The release's exec bundles and its chart package are written so (Helm's own package
# stamps the packaging time into every entry).
#
#   tools/reproducible-tar.sh FOLDER PREFIX OUT.tar.gz [--files-only]
#
#   PREFIX         the folder name every entry starts with (racer-krm-0.1.0-linux-amd64, racer)
#   --files-only   no entries for folders (as Helm writes a chart package)
# --help (or -h) prints the lines above; it comes first, before anything is checked or run.
case "${1-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -eu
[ $# -ge 3 ] || { echo "usage: tools/reproducible-tar.sh FOLDER PREFIX OUT.tar.gz [--files-only]" >&2; exit 2; }
folder=$1
prefix=$2
out=$3
kind=${4:-}
: "${SOURCE_DATE_EPOCH:?SOURCE_DATE_EPOCH must be set (the commit time: git log -1 --format=%ct)}"
export LC_ALL=C
if [ "$kind" = --files-only ]; then
  list() { find . ! -type d; }
else
  list() { find . -mindepth 1; }
fi
(cd "$folder" && list | sed 's|^\./||' | sort) \
  | tar --no-recursion --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" --format=gnu \
    --transform "s|^|$prefix/|" -C "$folder" -T - -cf - \
  | gzip -n >"$out.partial"
mv "$out.partial" "$out"

#!/bin/sh
# Writes the exec bundle of one platform, as the release ships it: the runtime folder FOLDER as
# OUTDIR/NAME.tar.gz (tools/reproducible-tar.sh: the same commit gives the same bytes) and its SHA-256
# file OUTDIR/NAME.tar.gz.sha256. A Java 17 CDS archive (app/racer-krm.jsa) is left out: it names the
# folder it was dumped in; bin/racer-krm-archive dumps it again where the bundle lies.
#
#   tools/bundle.sh FOLDER NAME OUTDIR      NAME: racer-krm-VERSION-linux-ARCH; SOURCE_DATE_EPOCH set
# --help (or -h) prints the lines above; it comes first, before anything is checked or run.
case "${1-}" in -h | --help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;; esac
set -eu
[ $# -eq 3 ] || { echo "usage: tools/bundle.sh FOLDER NAME OUTDIR" >&2; exit 2; }
folder=$1
name=$2
out=$3
[ -x "$folder/bin/racer-krm" ] || { echo "bundle: error: $folder is no runtime folder (no bin/racer-krm)" >&2; exit 1; }
copy=$out/.$name.partial
rm -rf "$copy"
cp -a "$folder" "$copy"
rm -f "$copy/app/racer-krm.jsa"
"$(dirname "$0")/reproducible-tar.sh" "$copy" "$name" "$out/$name.tar.gz"
rm -rf "$copy"
(cd "$out" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")

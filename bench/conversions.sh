#!/usr/bin/env bash
# Counts the calls in racer-krm's main code that turn an object from one tree form into another:
# bytes to YAML nodes and back (YamlReader.read*, YamlWriter.manifests/write*), nodes to plain maps
# and back (Nodes.toPlain*, Nodes.fromPlain*), plain maps to fabric8 objects and back
# (Fabric8Trees.read/write, and ObjectCodec.read/plain, the renderer's door to them). Each call
# site counts once, wherever it sits; javadoc and comment lines and package-info.java do not count.
# The figure goes down when a path keeps one form; docs/performance.md records it.
#
# Usage: bench/conversions.sh [--files] [COMMIT]
#   --files  also print the count of each file that has any
#   COMMIT   count in that commit's tree (default: the working tree)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
files=0
commit=
while [ $# -gt 0 ]; do
  case "$1" in
    --files) files=1; shift ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    *) commit=$1; shift ;;
  esac
done

pattern='(Nodes\.(toPlain|toPlainMap|fromPlain|fromPlainMap)|Fabric8Trees\.(read|write)|ObjectCodec\.(read|plain|plainOf)|YamlReader\.read[A-Za-z]*|YamlWriter\.(manifests|trees|write[A-Za-z]*))\('
main=krm-function/src/main/java

list() {
  if [ -n "$commit" ]; then
    git -C "$root" ls-tree -r --name-only "$commit" -- "$main"
  else
    git -C "$root" ls-files -- "$main"
  fi
}
show() {
  if [ -n "$commit" ]; then git -C "$root" show "$commit:$1"; else cat "$root/$1"; fi
}

total=0
count_files=0
while IFS= read -r file; do
  case "$file" in *.java) ;; *) continue ;; esac
  case "$file" in */package-info.java) continue ;; esac
  n=$(show "$file" | grep -vE '^\s*(\*|/\*|//)' | grep -oE "$pattern" | wc -l || true)
  if [ "$n" -gt 0 ]; then
    total=$((total + n))
    count_files=$((count_files + 1))
    [ "$files" = 1 ] && printf '%4d  %s\n' "$n" "${file#"$main"/}"
  fi
done < <(list)
echo "$total conversion calls in $count_files files"

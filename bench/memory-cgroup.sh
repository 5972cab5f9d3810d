#!/bin/sh
# Runs a command in a memory cgroup of its own, as a container's memory limit would (cgroup v1 or v2, whichever
# the machine has). Used by bench/memory.sh and by the memory test (krm-function's MemoryLimitIT). Needs root.
#
#   memory-cgroup.sh check
#       exits 0, printing nothing, when a memory cgroup can be made here; else prints why on one line and
#       exits 3
#   memory-cgroup.sh run MIB REPORT COMMAND [ARG...]
#       runs COMMAND with this script's stdin, stdout and stderr in a new cgroup whose memory limit is MIB MiB
#       (no swap), then writes "PEAK_BYTES OOM_KILLS" to the file REPORT (PEAK_BYTES -1 when the kernel does
#       not tell: cgroup v2 before Linux 5.19) and exits with COMMAND's status (137 when the kernel's OOM
#       killer ended it)
#
# The cgroup is a child of this process's own memory cgroup (v1), or a sibling of it whose parent hands the
# memory controller down (v2, where a cgroup holding processes cannot have children with controllers), named
# racer-krm-memory-PID-N. It is removed afterwards; empty ones left by earlier, interrupted runs are removed
# before. Memory this script allocated before it moved into the cgroup stays charged where it was.
set -eu

say() { printf 'memory-cgroup.sh: %s\n' "$*" >&2; }

# Sets $version (1 or 2) and $parent, the folder to create the cgroup in; prints why not and returns 1.
locate() {
  if [ "$(id -u)" != 0 ]; then
    echo "needs root to create a memory cgroup (running as uid $(id -u))"
    return 1
  fi
  if [ ! -r /proc/self/mountinfo ] || [ ! -r /proc/self/cgroup ]; then
    echo "no /proc/self/mountinfo or /proc/self/cgroup: not Linux, or /proc is not mounted"
    return 1
  fi
  # mountinfo: ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS
  v1=$(awk '{ for (i = 7; $i != "-"; i++); if ($(i + 1) == "cgroup" && $(i + 3) ~ /(^|,)memory(,|$)/) { print $4, $5; exit } }' /proc/self/mountinfo)
  v2=$(awk '{ for (i = 7; $i != "-"; i++); if ($(i + 1) == "cgroup2") { print $4, $5; exit } }' /proc/self/mountinfo)
  if [ -n "$v1" ]; then
    version=1
    root=${v1%% *}
    mountpoint=${v1#* }
    own=$(awk -F: '$2 ~ /(^|,)memory(,|$)/ { print $3; exit }' /proc/self/cgroup)
    own=${own#"${root%/}"}
    parent=$mountpoint$own
    if [ ! -w "$parent" ]; then
      echo "cannot write to the memory cgroup $parent (mounted read-only?)"
      return 1
    fi
    return 0
  fi
  if [ -n "$v2" ]; then
    version=2
    root=${v2%% *}
    mountpoint=${v2#* }
    own=$(awk -F: '$1 == "0" { print $3; exit }' /proc/self/cgroup)
    own=${own#"${root%/}"}
    own_dir=$mountpoint$own
    if [ "$own_dir" = "$mountpoint" ] || [ "$own_dir" = "$mountpoint/" ]; then
      parent=$mountpoint
      grep -qw memory "$parent/cgroup.subtree_control" 2>/dev/null \
        || echo +memory >"$parent/cgroup.subtree_control" 2>/dev/null || true
      if ! grep -qw memory "$parent/cgroup.subtree_control" 2>/dev/null; then
        echo "cgroup v2 at $mountpoint has no memory controller to hand down"
        return 1
      fi
    else
      parent=${own_dir%/*}
      if ! grep -qw memory "$own_dir/cgroup.controllers" 2>/dev/null; then
        echo "cgroup v2: the memory controller is not delegated to $own_dir"
        return 1
      fi
    fi
    if [ ! -w "$parent" ]; then
      echo "cannot write to the cgroup $parent (mounted read-only?)"
      return 1
    fi
    return 0
  fi
  echo "no memory cgroup is mounted (neither cgroup v1 with the memory controller nor cgroup v2)"
  return 1
}

# Removes empty cgroups of earlier runs; one that still holds a process stays (rmdir refuses).
tidy() {
  for old in "$parent"/racer-krm-memory-*; do
    [ -d "$old" ] && rmdir "$old" 2>/dev/null || true
  done
}

# make MIB: creates the cgroup $cgroup with that limit.
make() {
  n=0
  while :; do
    cgroup=$parent/racer-krm-memory-$$-$n
    mkdir "$cgroup" 2>/dev/null && break
    n=$((n + 1))
    [ "$n" -lt 100 ] || { say "cannot create a cgroup in $parent"; return 1; }
  done
  bytes=$(($1 * 1024 * 1024))
  if [ "$version" = 1 ]; then
    echo "$bytes" >"$cgroup/memory.limit_in_bytes"
    # memory and swap together: without this the limit only pushes pages to swap
    [ ! -e "$cgroup/memory.memsw.limit_in_bytes" ] || echo "$bytes" >"$cgroup/memory.memsw.limit_in_bytes"
  else
    echo "$bytes" >"$cgroup/memory.max"
    [ ! -e "$cgroup/memory.swap.max" ] || echo 0 >"$cgroup/memory.swap.max"
  fi
}

remove() {
  [ -n "${cgroup:-}" ] && [ -d "$cgroup" ] || return 0
  # the kernel may need a moment after the last process exited
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    rmdir "$cgroup" 2>/dev/null && return 0
    sleep 0.2
  done
  say "could not remove $cgroup"
}

case "${1:-}" in
  check)
    reason=$(locate) || { echo "$reason"; exit 3; }
    locate >/dev/null
    tidy
    if ! why=$(make 64 2>&1); then
      remove
      echo "cannot create a memory cgroup in $parent: $why"
      exit 3
    fi
    remove
    ;;
  run)
    [ $# -ge 4 ] || { say "usage: memory-cgroup.sh run MIB REPORT COMMAND [ARG...]"; exit 2; }
    mib=$2
    report=$3
    shift 3
    reason=$(locate) || { say "$reason"; exit 3; }
    locate >/dev/null
    tidy
    make "$mib"
    # the child moves itself into the cgroup, then becomes the command: all the command allocates is
    # charged there. In the foreground, so that it keeps stdin; a cgroup left by a killed run goes at the
    # next run's tidy.
    status=0
    sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$cgroup" "$@" || status=$?
    if [ "$version" = 1 ]; then
      peak=$(cat "$cgroup/memory.max_usage_in_bytes")
      kills=$(awk '$1 == "oom_kill" { print $2 }' "$cgroup/memory.oom_control")
    else
      peak=$(cat "$cgroup/memory.peak" 2>/dev/null || echo -1)
      kills=$(awk '$1 == "oom_kill" { print $2 }' "$cgroup/memory.events")
    fi
    echo "$peak ${kills:-0}" >"$report"
    remove
    exit "$status"
    ;;
  *)
    say "usage: memory-cgroup.sh check | run MIB REPORT COMMAND [ARG...]"
    exit 2
    ;;
esac

# Sourced (not run) by the scripts that keep downloads between runs in a shared place such as /var/tmp:
# tools/toolchain.sh, tools/base-image.sh and krm-function/src/main/runtime/assemble-debian.sh. What they
# keep there runs (a JDK, helm, kubectl) or becomes an image (a root file system), often as root, so a
# cache that another user could have made or written is refused, not used:
#
#   cache_folder DIR WHAT    makes DIR (mode 0755) when missing, then exits 1 with one line naming DIR,
#                            WHAT (the variable that moves it) and the fix, when DIR or a folder above it
#                            belongs to another user than this one or root, when DIR or anything in it can
#                            be written by its group or others, or when anything in it belongs to another
#                            user (what lies in a folder of ours only we may enter, such as podman's
#                            storage, is not looked at: no other user can reach it). A folder above DIR may be writable by all only with the sticky bit (as
#                            /tmp and /var/tmp are): then no other user can replace DIR in it.
#
# What a folder passes still holds downloads that must be checked on each use: each script compares
# every file it reuses with a SHA-256 it trusts (pinned in the script, from a signed apt index, or
# written when the file was made) before it runs or copies it.

cache_folder() {
  _cache=$1
  _what=$2
  _me=$(id -u)
  mkdir -p "$_cache" || { echo "cache: cannot make $_cache ($_what)" >&2; exit 1; }
  _cache=$(cd "$_cache" && pwd -P)
  _above=$_cache
  while :; do
    _owner=$(stat -c %u "$_above")
    _mode=$(stat -c %a "$_above")
    if [ "$_owner" != "$_me" ] && [ "$_owner" != 0 ]; then
      echo "cache: refusing $_cache ($_what): $_above belongs to uid $_owner, not to this user (uid $_me) or root, so what is kept there could have been planted; use a folder of your own: $_what=DIR" >&2
      exit 1
    fi
    case "$_mode" in
      *[2367]? | *[2367])
        if [ "$_above" = "$_cache" ] || [ ${#_mode} -lt 4 ] || [ "${_mode%???}" -lt 1 ] \
          || [ $(( ${_mode%???} & 1 )) -eq 0 ]; then
          echo "cache: refusing $_cache ($_what): $_above can be written by other users (mode $_mode), so what is kept there could have been planted; run chmod go-w $_above, or use a folder only you can write: $_what=DIR" >&2
          exit 1
        fi ;;
    esac
    [ "$_above" != / ] || break
    _above=$(dirname "$_above")
  done
  # A folder of ours that no other user may enter (no x for group or others, as container storage
  # keeps its layers) cannot be planted in, whatever is inside: a root file system there holds
  # folders all may write (/tmp) and files of other owners (a rootless layer's ids) by design, so
  # the walk checks that folder and does not go into it. Device nodes are skipped: only root can
  # make one, and writing to /dev/full in a layer changes no file.
  _planted=$(find "$_cache" \( ! -user "$_me" -o -perm /022 \) ! -type l ! -type c ! -type b \
    -print -quit -o -type d ! -perm /011 -prune 2>/dev/null)
  if [ -n "$_planted" ]; then
    echo "cache: refusing $_cache ($_what): $_planted belongs to another user or can be written by others, so it could have been planted; remove it (rm -rf $_cache) and run again" >&2
    exit 1
  fi
}

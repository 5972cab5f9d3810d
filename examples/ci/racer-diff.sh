#!/bin/sh
# Renders the racer installation at PATH in two commits of a Git repository and prints what applying
# the second does in place of the first: racer-krm diff's Markdown, ready for a pull-request comment.
#
#   racer-diff.sh BASE HEAD PATH [racer-krm diff flags...]
#
# BASE, HEAD  commits (a branch, a tag, a SHA), e.g. origin/main and HEAD in a pull request
# PATH        the installation's folder in the repository, one of:
#               a chart (Chart.yaml): helm template, with values.yaml only; set RACER_HELM_ARGS for more
#                 ("--namespace racer --values values/production.yaml")
#               a kustomization (kustomization.yaml): kubectl kustomize --enable-alpha-plugins, which
#                 runs the function as its container, as your own build does
#               any other folder: racer-settings, the function config, patches; racer-krm diff renders it
#
# Environment: RACER_KRM (default racer-krm), HELM (helm), KUBECTL (kubectl), RACER_HELM_ARGS.
# Exit code: racer-krm diff's: 0, 1 on an error (or a rollout with --fail-on-rollout), 2 for a bad
# command line.
set -eu

if [ $# -lt 3 ]; then
  echo "usage: racer-diff.sh BASE HEAD PATH [racer-krm diff flags...]" >&2
  exit 2
fi
base=$1 head=$2 path=$3
shift 3
RACER_KRM=${RACER_KRM:-racer-krm}
HELM=${HELM:-helm}
KUBECTL=${KUBECTL:-kubectl}

work=$(mktemp -d)
trap 'git worktree remove --force "$work/base" >/dev/null 2>&1 || true
      git worktree remove --force "$work/head" >/dev/null 2>&1 || true
      rm -rf "$work"' EXIT

# side NAME COMMIT: prints what diff reads for that commit (a folder, or a rendered stream)
side() {
  git worktree add --quiet --detach "$work/$1" "$2" >&2
  dir="$work/$1/$path"
  if [ ! -d "$dir" ]; then
    echo "racer-diff.sh: $path does not exist at $2" >&2
    exit 1
  fi
  if [ -f "$dir/Chart.yaml" ]; then
    # shellcheck disable=SC2086 # RACER_HELM_ARGS is a list of arguments
    "$HELM" template racer "$dir" ${RACER_HELM_ARGS:-} > "$work/$1.yaml"
    echo "$work/$1.yaml"
  elif [ -f "$dir/kustomization.yaml" ] || [ -f "$dir/kustomization.yml" ] || [ -f "$dir/Kustomization" ]; then
    "$KUBECTL" kustomize --enable-alpha-plugins "$dir" > "$work/$1.yaml"
    echo "$work/$1.yaml"
  else
    echo "$dir"
  fi
}

old=$(side base "$base")
new=$(side head "$head")
"$RACER_KRM" diff "$old" "$new" --output markdown "$@"

#!/usr/bin/env bash
# Atomic releases of the site, with rollback (README, "Releases and rollback"). Layout:
#
#   $STUDIO_ROOT (/srv/studio)
#     repo.git/           a mirror of the repository, fetched at each release
#     releases/<id>/      one complete site each (sources, node_modules, build), never changed
#                         once `current` may point at it; <id> is its UTC time and short commit
#     current -> releases/<id>    what the units (WorkingDirectory) run
#     previous -> releases/<id>   what `rollback` goes back to
#     assets/             the hashed build files of the kept releases (hard links), which nginx
#                         serves under /assets/: during a rolling restart a page from a process
#                         still on the old release names old files, one from a restarted
#                         process new ones, and both must be found
#
#   deploy/release.sh release <git-ref>    build <git-ref> into releases/<id>, migrate, switch
#                                          `current`, restart the instances one by one, prune
#   deploy/release.sh rollback             `current` back to `previous`, restart one by one
#   deploy/release.sh list                 the releases, `current` and `previous` marked
#
# Run as root (systemctl); the git, npm and migration steps run as the owner of $STUDIO_ROOT
# (`studio`). Nothing running is touched until the new release is built and migrated: a failed
# build or migration exits non-zero with `current` and the processes as they were.
#
# Migrations only ever expand the schema (add tables and nullable or defaulted columns; a
# rename or a drop waits for a later release, once no kept release uses the old shape), so the
# previous release keeps working on the new schema, during the rolling restart and after a
# rollback: a rollback runs no migration back.
#
# Settings (the environment; the defaults are production's):
#   STUDIO_ROOT       /srv/studio
#   STUDIO_ENV        /etc/studio/studio.env, the units' settings file, read by the migration
#   STUDIO_INSTANCES  "i[:port] ..." to restart, in order (set and empty: none); default: the
#                     active studio@i units, instance i on port 300i (deploy/systemd/studio@.service)
#   STUDIO_RESTART    command run with the instance as its last argument; default
#                     `systemctl restart`, given studio@i; it must return once the instance has
#                     started, after which this script waits for its /readyz itself
#   STUDIO_KEEP       releases kept (3), besides `current` and `previous` should they be older
#   STUDIO_SETTLE_SECONDS  wait after an instance is ready before the next restart (3: above
#                     nginx's fail_timeout)
set -euo pipefail

root=${STUDIO_ROOT:-/srv/studio}
env_file=${STUDIO_ENV:-/etc/studio/studio.env}
keep=${STUDIO_KEEP:-3}
settle=${STUDIO_SETTLE_SECONDS:-3}
node=${NODE:-node}

die() {
  echo "release.sh: $*" >&2
  exit 1
}

usage() {
  sed -n '/^#   deploy\/release.sh release/,/^#   deploy\/release.sh list/p' "$0" | sed 's/^# //' >&2
  echo "       deploy/release.sh release --prepared <dir>   (a folder already built: tests)" >&2
  exit 2
}

# The steps that write in the site's folders run as their owner, so that root never leaves a
# file the instances' user cannot read, and git does not refuse a repository root does not own.
# With the owner's HOME (npm's cache), not root's, which sudo leaves in the environment.
owner=$(stat -c %U "$root" 2>/dev/null) || die "no folder $root"
as_owner() {
  if [[ $(id -un) == "$owner" ]]; then
    "$@"
  else
    runuser -u "$owner" -- env HOME="$(getent passwd "$owner" | cut -d: -f6)" "$@"
  fi
}

link_target() { # the release a link names, or nothing
  if [[ -L $root/$1 ]]; then basename "$(readlink "$root/$1")"; fi
}

# A link replaced in one rename(2): a reader (a unit starting, nginx) finds the old target or
# the new one, never no link.
switch_link() { # name release
  ln -sfn "releases/$2" "$root/$1.new"
  mv -T "$root/$1.new" "$root/$1"
}

instances() {
  if [[ -n ${STUDIO_INSTANCES+set} ]]; then
    echo "$STUDIO_INSTANCES"
    return
  fi
  # The running ones: an instance stopped on purpose stays stopped.
  systemctl list-units --type=service --state=active --plain --no-legend 'studio@*.service' |
    sed -E 's/^studio@([0-9]+)\.service.*/\1/' | tr '\n' ' '
}

# One instance at a time: each drains its requests on SIGTERM while the others serve, and the
# next one goes only once this one answers /readyz (deploy/README.md, "How traffic leaves a
# stopping process").
restart_all() {
  local list spec instance port
  list=$(instances)
  # The first release, before any unit is enabled (README, step 5).
  [[ -n ${list// /} ]] || echo "no instance running: nothing to restart"
  for spec in $list; do
    instance=${spec%%:*}
    port=${spec#*:}
    [[ $spec == *:* ]] || port=300$instance
    echo "restarting instance $instance (port $port)"
    if [[ -n ${STUDIO_RESTART:-} ]]; then
      # Without the lock's descriptor: a command that starts the process itself (no systemd)
      # would otherwise hand it to the site, which would hold the lock for as long as it runs
      # and refuse every later release or rollback.
      $STUDIO_RESTART "$instance" 9>&-
    else
      systemctl restart "studio@$instance"
    fi
    PORT=$port HOST=127.0.0.1 WAIT_READY_SECONDS=120 "$node" "$root/current/deploy/systemd/wait-ready.mjs" ||
      die "instance $instance is not ready on the new release; the others still run the one before (rollback?)"
    # nginx took this instance out when its listener closed and tries it again only
    # fail_timeout (2 s, deploy/nginx/studio.conf) after that failure: stopping the next one
    # sooner would leave nginx no instance it is willing to use, and it would answer 502.
    sleep "$settle"
  done
}

# Hard links of a release's hashed files into the shared folder nginx serves.
publish_assets() { # release
  local from=$root/releases/$1/build/client/assets
  [[ -d $from ]] || die "releases/$1 has no build/client/assets"
  as_owner mkdir -p "$root/assets"
  as_owner cp -Rlf "$from/." "$root/assets/"
}

# The newest $keep releases stay, and `current` and `previous` whatever their age; the shared
# assets keep the files of the releases kept, by name (a hashed name is one content).
prune() {
  local current previous name file
  current=$(link_target current)
  previous=$(link_target previous)
  local -a all
  mapfile -t all < <(find "$root/releases" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort)
  local -A kept=()
  local newest=$((${#all[@]} > keep ? ${#all[@]} - keep : 0))
  for name in "${all[@]:newest}"; do kept[$name]=1; done
  [[ -n $current ]] && kept[$current]=1
  [[ -n $previous ]] && kept[$previous]=1
  for name in "${all[@]}"; do
    if [[ -z ${kept[$name]:-} ]]; then
      echo "removing release $name"
      rm -rf -- "${root:?}/releases/$name"
    fi
  done
  local -A files=()
  for name in "${!kept[@]}"; do
    for file in "$root/releases/$name/build/client/assets"/*; do files[${file##*/}]=1; done
  done
  for file in "$root/assets"/*; do
    [[ -e $file && -z ${files[${file##*/}]:-} ]] && rm -f -- "$file"
  done
  return 0
}

# Build (or take the prepared folder) into releases/<id>, then migrate; any failure removes the
# new folder and exits before `current` changes.
release() {
  local ref=${1:-} prepared="" commit label id dir
  [[ -n $ref ]] || usage
  if [[ $ref == --prepared ]]; then
    prepared=${2:-}
    [[ -d $prepared ]] || die "--prepared needs a folder"
    label=$(basename "$prepared")
  else
    as_owner git --git-dir="$root/repo.git" fetch --quiet --prune origin
    commit=$(as_owner git --git-dir="$root/repo.git" rev-parse --verify --quiet "$ref^{commit}") ||
      die "no commit $ref in $root/repo.git"
    label=${commit:0:12}
  fi
  # Milliseconds: ids sort in release order even for two releases in one second.
  id=$(date -u +%Y%m%dT%H%M%S.%3NZ)-$label
  dir=$root/releases/$id
  as_owner mkdir -p "$root/releases"
  [[ ! -e $dir ]] || die "releases/$id exists already"
  # Whatever stops the script before the switch (a failed step, die) removes the new folder
  # (a global: the trap runs after the function's locals are gone).
  unfinished=$dir
  trap 'rm -rf -- "$unfinished"; echo "release.sh: release failed; current is still $(link_target current)" >&2' EXIT
  if [[ -n $prepared ]]; then
    # A folder that already holds what the steps below make (the tests' build): hard links,
    # so that no file of it is written twice.
    as_owner cp -Rl "$prepared" "$dir"
  else
    as_owner mkdir "$dir"
    as_owner git --git-dir="$root/repo.git" archive "$commit" | as_owner tar -x -C "$dir"
    # npm ci deletes node_modules first: harmless here, where nothing runs yet.
    (cd "$dir" && as_owner npm ci --no-audit --no-fund && as_owner npm run build)
  fi
  echo "migrating the database for $id"
  [[ -r $env_file ]] || die "cannot read $env_file"
  (cd "$dir" && as_owner env NODE_ENV=production "$node" --env-file="$env_file" deploy/migrate.mjs)
  publish_assets "$id"
  trap - EXIT

  local before
  before=$(link_target current)
  [[ -n $before ]] && switch_link previous "$before"
  switch_link current "$id"
  echo "current is $id (previous: ${before:-none})"
  restart_all
  prune
}

rollback() {
  local current previous
  current=$(link_target current)
  previous=$(link_target previous)
  [[ -n $previous && -d $root/releases/$previous ]] || die "no previous release to go back to"
  # The previous release's assets are still in assets/ (prune keeps them); no migration runs
  # back: the schema only ever expanded, and the previous release works on it.
  switch_link previous "$current"
  switch_link current "$previous"
  echo "current is $previous (previous: $current)"
  restart_all
}

list() {
  local current previous name mark
  current=$(link_target current)
  previous=$(link_target previous)
  for name in $(find "$root/releases" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' 2>/dev/null | sort); do
    mark=""
    [[ $name == "$current" ]] && mark=" (current)"
    [[ $name == "$previous" ]] && mark=" (previous)"
    echo "$name$mark"
  done
}

# One release or rollback at a time.
exec 9>>"$root/.release.lock"
flock -n 9 || die "another release or rollback is running"

case ${1:-} in
  release) shift && release "$@" ;;
  rollback) rollback ;;
  list) list ;;
  *) usage ;;
esac

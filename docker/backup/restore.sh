#!/bin/sh
# Prepares a PostgreSQL data directory from a base backup, to recover from BACKUP_DIR/wal up to a point in time
# (or to the last WAL archived when none is given). Run it as the postgres user, PostgreSQL stopped, then start
# PostgreSQL on the directory: it replays the archived WAL, stops at the target and opens for writes.
# docs/operations.md, "Restoring", has the whole procedure.
#   BACKUP_DIR=/backups restore.sh <base backup dir> <empty data dir> ['2026-11-27 02:30:00+00']
set -eu
: "${BACKUP_DIR:?set BACKUP_DIR}"
base=$1
data=$2
target=${3:-}
[ -f "$base/backup_label" ] || { echo "restore: $base is not a base backup (no backup_label)" >&2; exit 2; }
if [ -d "$data" ] && [ -n "$(ls -A "$data")" ]; then echo "restore: $data is not empty" >&2; exit 2; fi
mkdir -p "$data"
chmod 700 "$data"
cp -a "$base/." "$data/"
# The base backup's manifest describes the backup, not the cluster it becomes.
rm -f "$data/backup_manifest"
{
  echo "restore_command = 'cp \"$BACKUP_DIR/wal/%f\" \"%p\"'"
  if [ -n "$target" ]; then echo "recovery_target_time = '$target'"; fi
  echo "recovery_target_action = 'promote'"
} >> "$data/postgresql.auto.conf"
touch "$data/recovery.signal"
echo "restore: $data ready; start PostgreSQL on it to recover${target:+ up to $target}" >&2

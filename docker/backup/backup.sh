#!/bin/sh
# Runik's PostgreSQL backups, with PostgreSQL's own tools (docs/operations.md, "Backups"). Everything goes
# under BACKUP_DIR, the volume that stands for off-host storage:
#   wal/     every WAL segment, copied by PostgreSQL's archive_command (point-in-time recovery)
#   base/    base backups (pg_basebackup, plain format, checked by pg_verifybackup)
#   dump/    logical dumps (pg_dump custom format, checked readable by pg_restore --list)
# The database is reached through libpq's variables (PGHOST, PGPORT, PGUSER, PGDATABASE), the password
# from the file POSTGRES_PASSWORD_FILE (compose's secret) if set.
#
#   backup.sh archive <path> <file>   PostgreSQL's archive_command: backup.sh archive %p %f
#   backup.sh base | dump             one backup, verified, then recorded in the game's backup_runs table
#   backup.sh prune                   base backups and dumps older than BACKUP_KEEP_DAYS (7) go, the newest of
#                                     each stays; WAL older than the oldest base backup kept goes
#   backup.sh daily                   base, dump, prune
#   backup.sh loop                    daily every BACKUP_INTERVAL_HOURS (24), a failure retried in an hour
set -eu
: "${BACKUP_DIR:?set BACKUP_DIR}"
KEEP_DAYS=${BACKUP_KEEP_DAYS:-7}
if [ -n "${POSTGRES_PASSWORD_FILE:-}" ] && [ "${1:-}" != archive ]; then
  # A libpq password file (any host, port, database, user), so the password never enters the environment.
  PGPASSFILE=$(mktemp)
  printf '*:*:*:*:%s\n' "$(sed 's/[\\:]/\\&/g' "$POSTGRES_PASSWORD_FILE")" > "$PGPASSFILE"
  export PGPASSFILE
  trap 'rm -f "$PGPASSFILE"' EXIT
fi
stamp() { date -u +%Y%m%dT%H%M%SZ; }
log() { echo "$(date -u +%FT%TZ) backup: $*" >&2; }
record() { psql -X -q -v ON_ERROR_STOP=1 -c "INSERT INTO backup_runs (kind, location) VALUES ('$1', '$2')"; }

archive() {
  mkdir -p "$BACKUP_DIR/wal"
  target="$BACKUP_DIR/wal/$2"
  # Already there (archived before a crash that hid it from PostgreSQL): success only if it is the same.
  if [ -f "$target" ]; then cmp -s "$1" "$target"; return; fi
  # Copied under a temporary name, flushed, then renamed: a half-copied segment never looks archived.
  cp "$1" "$target.partial" && sync "$target.partial" && mv "$target.partial" "$target"
}

base() {
  name=$(stamp)
  dir="$BACKUP_DIR/base/$name"
  mkdir -p "$BACKUP_DIR/base"
  pg_basebackup --pgdata="$dir.partial" --format=plain --wal-method=stream --checkpoint=fast --no-password
  pg_verifybackup --quiet "$dir.partial"
  mv "$dir.partial" "$dir"
  record base "base/$name"
  log "base backup base/$name"
}

dump() {
  name=$(stamp).dump
  mkdir -p "$BACKUP_DIR/dump"
  pg_dump --format=custom --no-password --file="$BACKUP_DIR/dump/$name.partial"
  pg_restore --list "$BACKUP_DIR/dump/$name.partial" >/dev/null
  mv "$BACKUP_DIR/dump/$name.partial" "$BACKUP_DIR/dump/$name"
  record dump "dump/$name"
  log "dump dump/$name"
}

# Names older than the cutoff (names are UTC stamps, so they sort by time), never the newest.
expired() {
  cutoff=$(date -u -d "-$KEEP_DAYS days" +%Y%m%dT%H%M%SZ)
  ls "$1" 2>/dev/null | grep -v '\.partial$' | sort | sed '$d' | while read -r name; do
    [ "$name" \< "$cutoff" ] && echo "$name"
  done
}

prune() {
  for name in $(expired "$BACKUP_DIR/base"); do rm -rf "${BACKUP_DIR:?}/base/$name"; log "removed base/$name"; done
  for name in $(expired "$BACKUP_DIR/dump"); do rm -f "$BACKUP_DIR/dump/$name"; log "removed dump/$name"; done
  oldest=$(ls "$BACKUP_DIR/base" 2>/dev/null | grep -v '\.partial$' | sort | head -n 1)
  [ -n "$oldest" ] || return 0
  # The first WAL segment the oldest base backup needs: what is older restores nothing still kept.
  first=$(sed -n 's/^START WAL LOCATION: .*(file \([0-9A-F]*\))$/\1/p' "$BACKUP_DIR/base/$oldest/backup_label")
  pg_archivecleanup "$BACKUP_DIR/wal" "$first"
}

case "${1:-}" in
  archive) archive "$2" "$3" ;;
  base) base ;;
  dump) dump ;;
  prune) prune ;;
  daily) base && dump && prune ;;
  loop)
    while :; do
      if "$0" daily; then sleep $((${BACKUP_INTERVAL_HOURS:-24} * 3600)); else log "failed; trying again in an hour"; sleep 3600; fi
    done
    ;;
  *) echo "usage: backup.sh archive <path> <file> | base | dump | prune | daily | loop" >&2; exit 2 ;;
esac

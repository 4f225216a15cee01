# syntax=docker/dockerfile:1
# PostgreSQL with the game's backup scripts (docker/backup/): the postgres service archives its WAL through
# backup.sh, and the backup service (same image) takes the base backups and dumps. /backups is created here,
# owned by postgres, so the named volume mounted on it starts writable by both.
FROM postgres:15
COPY --chmod=0755 docker/backup/backup.sh docker/backup/restore.sh /usr/local/bin/
# On a new data volume only: pg_basebackup connects from the backup container with the game's role.
COPY --chmod=0755 docker/backup/replication-access.sh /docker-entrypoint-initdb.d/
RUN mkdir -p /backups && chown postgres:postgres /backups

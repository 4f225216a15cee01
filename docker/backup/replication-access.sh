#!/bin/sh
# Run once by the postgres image on a new data volume: the backup service's pg_basebackup connects over the
# network as the game's role, which the image's default pg_hba.conf allows for databases but not replication.
set -eu
echo "host replication $POSTGRES_USER all scram-sha-256" >> "$PGDATA/pg_hba.conf"

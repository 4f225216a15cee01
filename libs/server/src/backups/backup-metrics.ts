import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Counter, Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { MetricsService } from '../metrics/metrics.service';
import { readOrNull } from '../metrics/scrape-reads';

const BACKUP_KINDS = ['base', 'dump'] as const;

/**
 * The backups' gauges, read from PostgreSQL at scrape time (docker/backup/backup.sh, docs/operations.md):
 * - `runik_backup_last_success_timestamp_seconds{kind}`: the newest verified base backup and dump (backup_runs);
 * - `runik_wal_archived_total`, `runik_wal_archive_failures_total` and `runik_wal_last_archived_timestamp_seconds`:
 *   PostgreSQL's own count of WAL segments archive_command copied or failed to copy (pg_stat_archiver).
 * The alerts of docker/prometheus/rules.yml watch their age and the failures.
 */
@Injectable()
export class BackupMetrics {
  private readonly logger = new Logger(BackupMetrics.name);

  constructor(metrics: MetricsService, @InjectDataSource() dataSource: DataSource) {
    const registers = [metrics.registry];
    const safely = this.safely.bind(this);
    new Gauge({
      name: 'runik_backup_last_success_timestamp_seconds',
      help: 'When the newest verified backup of each kind (base backup, logical dump) finished, in Unix seconds.',
      labelNames: ['kind'],
      registers,
      async collect() {
        this.reset();
        await safely('backup runs', async () => {
          const rows: { kind: string; finished: string }[] = await dataSource.query(
            `SELECT kind, extract(epoch FROM max(finished_at))::text AS finished FROM backup_runs WHERE kind = ANY($1) GROUP BY kind`,
            [BACKUP_KINDS],
          );
          for (const row of rows) this.set({ kind: row.kind }, Number(row.finished));
        });
      },
    });
    let archiver: Promise<{ archived: string; failed: string; last: string | null } | null> | null = null;
    const readArchiver = () =>
      (archiver ??= safely('WAL archiving', async () => {
        const [row] = await dataSource.query(
          `SELECT archived_count::text AS archived, failed_count::text AS failed, extract(epoch FROM last_archived_time)::text AS last FROM pg_stat_archiver`,
        );
        return row;
      }).finally(() => (archiver = null)));
    for (const [name, help, column] of [
      ['runik_wal_archived_total', 'WAL segments archive_command copied to the backups since statistics were reset.', 'archived'],
      [
        'runik_wal_archive_failures_total',
        'Times archive_command failed since statistics were reset (PostgreSQL keeps the WAL and tries again).',
        'failed',
      ],
    ] as const) {
      new Counter({
        name,
        help,
        registers,
        async collect() {
          this.reset();
          const row = await readArchiver();
          if (row) this.inc(Number(row[column]));
        },
      });
    }
    new Gauge({
      name: 'runik_wal_last_archived_timestamp_seconds',
      help: 'When archive_command last copied a WAL segment, in Unix seconds.',
      registers,
      async collect() {
        const row = await readArchiver();
        if (row?.last) this.set(Number(row.last));
        else this.remove();
      },
    });
  }

  private safely<T>(what: string, read: () => Promise<T>): Promise<T | null> {
    return readOrNull(this.logger, what, read);
  }
}

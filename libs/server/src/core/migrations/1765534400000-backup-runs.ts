import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The backups that succeeded, written by docker/backup/backup.sh after each one is verified, so the api's
 * /metrics can report the newest of each kind and an alert can fire when none is recent.
 */
export class BackupRuns1765534400000 implements MigrationInterface {
  name = 'BackupRuns1765534400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE backup_runs (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        kind varchar(16) NOT NULL CHECK (kind IN ('base', 'dump')),
        location text NOT NULL,
        finished_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX backup_runs_kind_idx ON backup_runs (kind, finished_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE backup_runs`);
  }
}

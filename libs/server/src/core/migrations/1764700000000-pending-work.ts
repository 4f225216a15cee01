import { MigrationInterface, QueryRunner } from 'typeorm';

/** The rows the pending-work sweeper reads every few seconds, so it never scans the whole history. */
export class PendingWork1764700000000 implements MigrationInterface {
  name = 'PendingWork1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX registrations_pending_idx ON registrations (id) WHERE status = 'pending'`);
    await db.query(`CREATE INDEX deposits_pending_idx ON deposits (id) WHERE status = 'pending'`);
    await db.query(`CREATE INDEX withdrawals_in_flight_idx ON withdrawals (id) WHERE status IN ('pending', 'sent')`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX withdrawals_in_flight_idx`);
    await db.query(`DROP INDEX deposits_pending_idx`);
    await db.query(`DROP INDEX registrations_pending_idx`);
  }
}

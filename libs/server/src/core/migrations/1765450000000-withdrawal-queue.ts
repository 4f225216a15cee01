import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Withdrawal guard rails: a withdrawal the coverage floor holds back is `queued` (debited, waiting in
 * line in id order; PostgreSQL is the record of the line). The open withdrawals are indexed, since the
 * line and the coverage check read them; the daily caps sum a game day's withdrawals of every player,
 * hence the index on created_at.
 */
export class WithdrawalQueue1765450000000 implements MigrationInterface {
  name = 'WithdrawalQueue1765450000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`);
    await db.query(
      `ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN ('queued', 'pending', 'sent', 'completed', 'refunded'))`,
    );
    await db.query(`CREATE INDEX withdrawals_open_idx ON withdrawals (id) WHERE status IN ('queued', 'pending', 'sent')`);
    await db.query(`CREATE INDEX withdrawals_created_idx ON withdrawals (created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX withdrawals_created_idx`);
    await db.query(`DROP INDEX withdrawals_open_idx`);
    await db.query(`ALTER TABLE withdrawals DROP CONSTRAINT withdrawals_status_check`);
    await db.query(
      `ALTER TABLE withdrawals ADD CONSTRAINT withdrawals_status_check CHECK (status IN ('pending', 'sent', 'completed', 'refunded'))`,
    );
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds within limits (issue 33): dust under the refund minimum is kept (`dust`), and each
 * sender's refunds are counted per day from when each was first signed (`refund_started_at`).
 */
export class RefundLimits1765540000000 implements MigrationInterface {
  name = 'RefundLimits1765540000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chain_transfers DROP CONSTRAINT chain_transfers_status_check`);
    await db.query(
      `ALTER TABLE chain_transfers ADD CONSTRAINT chain_transfers_status_check
         CHECK (status IN ('outgoing', 'treasury', 'waiting', 'credited', 'unmatched', 'refunded', 'refund-failed', 'dust'))`,
    );
    await db.query(`ALTER TABLE chain_transfers ADD COLUMN refund_started_at timestamptz`);
    // Refunds signed before: counted from their last change, the closest time kept.
    await db.query(`UPDATE chain_transfers SET refund_started_at = updated_at WHERE refund_transaction_id IS NOT NULL`);
    await db.query(
      `CREATE INDEX chain_transfers_sender_refunds_idx ON chain_transfers (sender, refund_started_at) WHERE refund_started_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX chain_transfers_sender_refunds_idx`);
    await db.query(`ALTER TABLE chain_transfers DROP COLUMN refund_started_at`);
    await db.query(`UPDATE chain_transfers SET status = 'refund-failed' WHERE status = 'dust'`);
    await db.query(`ALTER TABLE chain_transfers DROP CONSTRAINT chain_transfers_status_check`);
    await db.query(
      `ALTER TABLE chain_transfers ADD CONSTRAINT chain_transfers_status_check
         CHECK (status IN ('outgoing', 'treasury', 'waiting', 'credited', 'unmatched', 'refunded', 'refund-failed'))`,
    );
  }
}

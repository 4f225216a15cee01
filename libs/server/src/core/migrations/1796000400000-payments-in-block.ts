import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments a player reported that the Hive node has in a block while Hive Engine has not processed them
 * yet (issue 47): the report's job notes each one, so the status answers can say the payment is in a
 * block and waiting for Hive Engine rather than not seen on chain.
 */
export class PaymentsInBlock1796000400000 implements MigrationInterface {
  name = 'PaymentsInBlock1796000400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE payments_in_block (
        transaction_id varchar(64) PRIMARY KEY,
        noticed_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE payments_in_block`);
  }
}

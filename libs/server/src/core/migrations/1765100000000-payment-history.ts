import { MigrationInterface, QueryRunner } from 'typeorm';

/** A player's payment history reads their transfers to the game account, newest first, without scanning every transfer. */
export class PaymentHistory1765100000000 implements MigrationInterface {
  name = 'PaymentHistory1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX chain_transfers_sender_idx ON chain_transfers (sender, block_number DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX chain_transfers_sender_idx`);
  }
}

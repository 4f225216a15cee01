import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * RUNIK withdrawals: debited when asked, then sent as RNK by the worker. A signed transfer's id
 * and expiry are stored before it is broadcast, so a retry can tell whether it went out.
 */
export class Withdrawals1764000000000 implements MigrationInterface {
  name = 'Withdrawals1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE withdrawals (
        id bigserial PRIMARY KEY,
        player_id bigint NOT NULL REFERENCES players (id),
        amount_thousandths bigint NOT NULL CHECK (amount_thousandths > 0),
        status varchar(9) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'completed', 'refunded')),
        transaction_id varchar(48) UNIQUE,
        expires_at timestamptz,
        error text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX withdrawals_player_idx ON withdrawals (player_id, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE withdrawals`);
  }
}

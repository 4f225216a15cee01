import { MigrationInterface, QueryRunner } from 'typeorm';

/** RUNIK deposits: one row per chain transaction and player, credited at most once. */
export class Deposits1763900000000 implements MigrationInterface {
  name = 'Deposits1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE deposits (
        id bigserial PRIMARY KEY,
        transaction_id varchar(48) NOT NULL,
        player_id bigint NOT NULL REFERENCES players (id),
        amount_thousandths bigint NOT NULL CHECK (amount_thousandths > 0),
        status varchar(9) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
        error text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        UNIQUE (transaction_id, player_id)
      )`);
    // A chain transfer is credited once: the guard is the database. A stranger naming someone
    // else's transaction gets a failed row of their own and cannot block the sender's.
    await db.query(`CREATE UNIQUE INDEX deposits_tx_completed_once ON deposits (transaction_id) WHERE status = 'completed'`);
    await db.query(`CREATE INDEX deposits_player_idx ON deposits (player_id, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE deposits`);
  }
}

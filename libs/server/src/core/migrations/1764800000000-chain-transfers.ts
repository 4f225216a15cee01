import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The chain as the record of money in and out: how far the follower has read Hive Engine's blocks,
 * and every token transfer to or from the game account it found there, once each.
 */
export class ChainTransfers1764800000000 implements MigrationInterface {
  name = 'ChainTransfers1764800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE chain_cursor (
        name varchar(32) PRIMARY KEY,
        block_number bigint NOT NULL CHECK (block_number >= 0),
        updated_at timestamptz NOT NULL
      )`);
    // One row per tokens transfer event; a sidechain transaction moving tokens more than once has
    // several, told apart by the event's position in its logs.
    await db.query(`
      CREATE TABLE chain_transfers (
        transaction_id varchar(64) NOT NULL,
        log_index integer NOT NULL CHECK (log_index >= 0),
        block_number bigint NOT NULL,
        block_time timestamptz NOT NULL,
        sender varchar(64) NOT NULL,
        recipient varchar(64) NOT NULL,
        symbol varchar(16) NOT NULL,
        quantity varchar(48) NOT NULL,
        memo text NOT NULL,
        status varchar(13) NOT NULL CHECK (status IN ('outgoing', 'treasury', 'waiting', 'credited', 'unmatched', 'refunded', 'refund-failed')),
        matched varchar(64),
        reason text,
        refund_transaction_id varchar(64),
        refund_expires_at timestamptz,
        recorded_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (transaction_id, log_index)
      )`);
    await db.query(
      `CREATE INDEX chain_transfers_open_idx ON chain_transfers (block_number, transaction_id, log_index) WHERE status IN ('waiting', 'unmatched')`,
    );
    await db.query(`CREATE INDEX chain_transfers_status_idx ON chain_transfers (status, block_number)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE chain_transfers`);
    await db.query(`DROP TABLE chain_cursor`);
  }
}

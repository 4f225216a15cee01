import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The follower checks the chain it resumes on (issue 47): the hash of the block at its cursor, to compare
 * with the node's block at that height, and why it stopped when they differ (or the node's head is below
 * the cursor), read by the health checks and the metrics of every api.
 */
export class ChainCursorCheck1796000000000 implements MigrationInterface {
  name = 'ChainCursorCheck1796000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE chain_cursor ADD COLUMN block_hash varchar(64), ADD COLUMN mismatch text, ADD COLUMN mismatch_since timestamptz`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chain_cursor DROP COLUMN block_hash, DROP COLUMN mismatch, DROP COLUMN mismatch_since`);
  }
}

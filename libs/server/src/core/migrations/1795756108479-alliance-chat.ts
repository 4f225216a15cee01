import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alliance chat (issue 37): each alliance's channel, kept ALLIANCE_CHAT_RETENTION_DAYS (a daily job
 * deletes older lines), paged newest first by id. A system line (a join, a leave, a rally, a boss)
 * has no author and names its cause in `source`, unique per alliance, so a job that runs twice writes
 * it once. A member's read mark is the last message id they read; the leader's mutes last until
 * `muted_until`, kept per alliance and player so leaving and coming back does not lift one.
 */
export class AllianceChat1795756108479 implements MigrationInterface {
  name = 'AllianceChat1795756108479';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE alliance_chat_messages (
        id bigserial PRIMARY KEY,
        alliance_id int NOT NULL REFERENCES alliances (id) ON DELETE CASCADE,
        author_id bigint REFERENCES players (id),
        text text NOT NULL,
        source text,
        created_at timestamptz NOT NULL,
        CHECK ((author_id IS NULL) = (source IS NOT NULL))
      )`);
    await db.query(`CREATE INDEX alliance_chat_messages_alliance_id ON alliance_chat_messages (alliance_id, id DESC)`);
    await db.query(`CREATE INDEX alliance_chat_messages_created_at ON alliance_chat_messages (created_at)`);
    await db.query(
      `CREATE UNIQUE INDEX alliance_chat_messages_source ON alliance_chat_messages (alliance_id, source) WHERE source IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE alliance_chat_mutes (
        alliance_id int NOT NULL REFERENCES alliances (id) ON DELETE CASCADE,
        player_id bigint NOT NULL REFERENCES players (id),
        muted_until timestamptz NOT NULL,
        muted_by bigint NOT NULL REFERENCES players (id),
        PRIMARY KEY (alliance_id, player_id)
      )`);
    await db.query(`ALTER TABLE alliance_members ADD COLUMN chat_read_id bigint NOT NULL DEFAULT 0`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE alliance_members DROP COLUMN chat_read_id`);
    await db.query(`DROP TABLE alliance_chat_mutes`);
    await db.query(`DROP TABLE alliance_chat_messages`);
  }
}

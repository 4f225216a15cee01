import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When each member last notified another with an `@name` in the alliance chat (issue 47): at most one
 * `alliance-mention` notification per sender and target per ALLIANCE_MENTION_INTERVAL_SECONDS. One row a
 * pair, taken in the sender's transaction, so a burst sent at once collapses into one notification.
 */
export class MentionMarks1796000200000 implements MigrationInterface {
  name = 'MentionMarks1796000200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE alliance_mention_marks (
        sender_id bigint NOT NULL REFERENCES players (id),
        target_id bigint NOT NULL REFERENCES players (id),
        notified_at timestamptz NOT NULL,
        PRIMARY KEY (sender_id, target_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE alliance_mention_marks`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quests (issue 36): a row per quest a player completed, under its period (the game day for a daily
 * quest, 'chain' for the chain), with when it was first seen complete and when its reward was
 * claimed. Progress itself is read from the game's records; the row makes the claim once-only (a
 * conditional UPDATE of `claimed_at`) and the completion's notification once-only (its insert).
 */
export class QuestCompletions1795756182828 implements MigrationInterface {
  name = 'QuestCompletions1795756182828';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE quest_completions (
        player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        quest_id varchar(32) NOT NULL,
        period varchar(10) NOT NULL,
        completed_at timestamptz NOT NULL,
        claimed_at timestamptz,
        PRIMARY KEY (player_id, period, quest_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE quest_completions`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Raids on the practice camp (issue 35): kept apart from `battles`, which are fought between two
 * players (a practice raid does not give up a newcomer shield, has no defender to notify and no
 * place on another player's report). Each row holds the battle's whole input and outcome, so it
 * replays, and the day's loot taken from the camp is summed from them.
 */
export class PracticeRaids1765541000000 implements MigrationInterface {
  name = 'PracticeRaids1765541000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE practice_raids (
        id bigserial PRIMARY KEY,
        player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        seed bigint NOT NULL,
        input jsonb NOT NULL,
        outcome jsonb NOT NULL,
        fought_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX practice_raids_player_fought ON practice_raids (player_id, fought_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE practice_raids`);
  }
}

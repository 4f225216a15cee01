import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first-steps guide: what the game records nowhere else (the player looked at the alliances,
 * skipped the guide, or was past it). Every other step is read from the city, the ledger and the
 * battles. Players who existed before the guide are past it: they are not shown it.
 */
export class FirstSteps1765480000000 implements MigrationInterface {
  name = 'FirstSteps1765480000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE first_steps (
        player_id bigint PRIMARY KEY REFERENCES players (id) ON DELETE CASCADE,
        alliances_seen_at timestamptz,
        skipped_at timestamptz,
        finished_at timestamptz
      )`);
    await db.query(`INSERT INTO first_steps (player_id, finished_at) SELECT player_id, now() FROM cities`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE first_steps`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The game clock (issue 44): one row holding how far the game's time is ahead of the machine's, moved
 * forward only by the development-only `POST /api/admin/clock` and read by every api and worker process
 * (production ignores it). `caught_up_offset_ms` is the offset the worker last ran the scheduled work
 * for (`catch_up_claimed_offset_ms` the one a worker took on), so work due in skipped time runs once.
 */
export class GameClock1795908009706 implements MigrationInterface {
  name = 'GameClock1795908009706';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE game_clock (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0),
        catch_up_claimed_offset_ms bigint NOT NULL DEFAULT 0,
        caught_up_offset_ms bigint NOT NULL DEFAULT 0,
        moved_at timestamptz
      )`);
    await db.query(`INSERT INTO game_clock (id) VALUES (true)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE game_clock`);
  }
}

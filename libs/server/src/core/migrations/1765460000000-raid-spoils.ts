import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Battles now record the raid's loot percent and the percent lost on the way home (input) and the loot
 * lost (outcome). Battles fought before took the full share and lost nothing: say so, so every stored
 * battle replays as it was fought.
 */
export class RaidSpoils1765460000000 implements MigrationInterface {
  name = 'RaidSpoils1765460000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      UPDATE battles SET input = input || '{"lootPercent": 100, "lootLostPercent": 0}'::jsonb,
        outcome = outcome || '{"lootLost": {"wheat": 0, "lumber": 0, "stone": 0, "ore": 0}}'::jsonb
      WHERE NOT input ? 'lootPercent'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`UPDATE battles SET input = input - 'lootPercent' - 'lootLostPercent', outcome = outcome - 'lootLost'`);
  }
}

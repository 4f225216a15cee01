import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A gear's material value, stored (issue 18): its rarity's value at the level it was made at, plus
 * the experience the blacksmith has fed into it. Existing gears get exactly that: the level they were
 * made at is the first upgrade's level before (or their level, never upgraded; gears are made with no
 * experience), and what they absorbed since is the experience they hold above it.
 */
export class GearExpValue1765440000000 implements MigrationInterface {
  name = 'GearExpValue1765440000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE gears ADD COLUMN exp_value int CHECK (exp_value >= 0)`);
    // GEAR_MATERIAL_EXP when this was written: experience per level of the material, by rarity.
    const perLevel = `WHEN 'common' THEN 20 WHEN 'rare' THEN 60 WHEN 'epic' THEN 180 WHEN 'legendary' THEN 540 WHEN 'mythical' THEN 1620`;
    await db.query(`
      WITH made AS (SELECT DISTINCT ON (gear_id) gear_id, level_before AS level FROM gear_upgrades ORDER BY gear_id, upgraded_at, id)
      UPDATE gears g SET exp_value = (CASE g.rarity ${perLevel} END) * f.level + (50 * g.level * (g.level - 1) + g.current_exp) - 50 * f.level * (f.level - 1)
      FROM (SELECT g2.id, coalesce(made.level, g2.level) AS level FROM gears g2 LEFT JOIN made ON made.gear_id = g2.id) f
      WHERE f.id = g.id`);
    await db.query(`ALTER TABLE gears ALTER COLUMN exp_value SET NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE gears DROP COLUMN exp_value`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/** The unit powers and rounding of 1764400000000, frozen: the army power a generated column computed. */
const GENERATED_ARMY_POWER = `(infantry * 10 * (10000 + infantry_boost) + archers * 21 * (10000 + archers_boost) + cavalries * 36 * (10000 + cavalries_boost)) / 10000`;

/**
 * cities.army_power (the army leaderboard's sort key) becomes a plain column set by a trigger, so
 * what it stores follows the rules instead of literals in a migration: the function created here
 * computes what the generated column did, and installArmyPowerSql (libs/server/src/city), run after
 * the migrations and when the api or the worker starts, replaces it with one generated from the
 * rules' unit powers. The index cities_army_power_idx stays.
 */
export class ArmyPowerTrigger1765470000000 implements MigrationInterface {
  name = 'ArmyPowerTrigger1765470000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE cities ALTER COLUMN army_power DROP EXPRESSION`);
    await db.query(`ALTER TABLE cities ALTER COLUMN army_power SET NOT NULL`);
    await db.query(`
      CREATE FUNCTION cities_army_power() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.army_power := (NEW.infantry * 10 * (10000 + NEW.infantry_boost) + NEW.archers * 21 * (10000 + NEW.archers_boost)
          + NEW.cavalries * 36 * (10000 + NEW.cavalries_boost)) / 10000;
        RETURN NEW;
      END $$`);
    await db.query(`CREATE TRIGGER cities_army_power BEFORE INSERT OR UPDATE ON cities FOR EACH ROW EXECUTE FUNCTION cities_army_power()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER cities_army_power ON cities`);
    await db.query(`DROP FUNCTION cities_army_power()`);
    await db.query(`DROP INDEX cities_army_power_idx`);
    await db.query(`ALTER TABLE cities DROP COLUMN army_power`);
    await db.query(`ALTER TABLE cities ADD COLUMN army_power bigint GENERATED ALWAYS AS (${GENERATED_ARMY_POWER}) STORED`);
    await db.query(`CREATE INDEX cities_army_power_idx ON cities (army_power DESC, player_id)`);
  }
}

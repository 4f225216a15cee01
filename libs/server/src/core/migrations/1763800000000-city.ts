import { MigrationInterface, QueryRunner } from 'typeorm';

/** City state for lazy production, harvests, the army, the sanctum and one training batch per building. */
export class City1763800000000 implements MigrationInterface {
  name = 'City1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE cities
        ADD COLUMN production_anchor_at timestamptz,
        ADD COLUMN stored_pending jsonb NOT NULL DEFAULT '{}',
        ADD COLUMN last_harvest_at timestamptz,
        ADD COLUMN infantry bigint NOT NULL DEFAULT 0 CHECK (infantry >= 0),
        ADD COLUMN archers bigint NOT NULL DEFAULT 0 CHECK (archers >= 0),
        ADD COLUMN cavalries bigint NOT NULL DEFAULT 0 CHECK (cavalries >= 0),
        ADD COLUMN injured_infantry bigint NOT NULL DEFAULT 0 CHECK (injured_infantry >= 0),
        ADD COLUMN injured_archers bigint NOT NULL DEFAULT 0 CHECK (injured_archers >= 0),
        ADD COLUMN injured_cavalries bigint NOT NULL DEFAULT 0 CHECK (injured_cavalries >= 0)`);
    await db.query(`UPDATE cities SET production_anchor_at = created_at`);
    await db.query(`ALTER TABLE cities ALTER COLUMN production_anchor_at SET NOT NULL`);
    await db.query(`
      CREATE TABLE training_queue (
        player_id bigint NOT NULL REFERENCES cities (player_id) ON DELETE CASCADE,
        building varchar(16) NOT NULL,
        count bigint NOT NULL CHECK (count > 0),
        completes_at timestamptz NOT NULL,
        PRIMARY KEY (player_id, building)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE training_queue`);
    await db.query(`
      ALTER TABLE cities
        DROP COLUMN production_anchor_at, DROP COLUMN stored_pending, DROP COLUMN last_harvest_at,
        DROP COLUMN infantry, DROP COLUMN archers, DROP COLUMN cavalries,
        DROP COLUMN injured_infantry, DROP COLUMN injured_archers, DROP COLUMN injured_cavalries`);
  }
}

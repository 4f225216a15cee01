import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gear, its upgrades and the packs it comes from. A gear sits in at most one slot (its type) and a
 * slot holds one gear (partial unique index); one SWAP.HIVE pack purchase may wait at a time.
 */
export class Gear1764200000000 implements MigrationInterface {
  name = 'Gear1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE pack_purchases (
        id bigserial PRIMARY KEY,
        player_id bigint NOT NULL REFERENCES players (id),
        currency varchar(5) NOT NULL CHECK (currency IN ('runik', 'hive')),
        pack_count int NOT NULL CHECK (pack_count IN (1, 10)),
        price_thousandths bigint NOT NULL CHECK (price_thousandths > 0),
        tier int NOT NULL CHECK (tier >= 1),
        seed bigint NOT NULL,
        status varchar(9) NOT NULL CHECK (status IN ('pending', 'confirmed', 'invalid')),
        transaction_id varchar(48),
        error text,
        opened_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX pack_purchases_one_pending ON pack_purchases (player_id) WHERE status = 'pending'`);
    // A player names a transaction once; a stranger naming it gets a row of their own (refused: wrong
    // sender) and cannot block the payer; a transaction confirms one purchase.
    await db.query(`CREATE UNIQUE INDEX pack_purchases_transaction_player ON pack_purchases (transaction_id, player_id)`);
    await db.query(
      `CREATE UNIQUE INDEX pack_purchases_transaction_confirmed ON pack_purchases (transaction_id) WHERE status = 'confirmed'`,
    );
    await db.query(`CREATE INDEX pack_purchases_player_idx ON pack_purchases (player_id, currency) WHERE status = 'confirmed'`);
    await db.query(
      `CREATE INDEX pack_purchases_unopened_idx ON pack_purchases (player_id) WHERE status = 'confirmed' AND opened_at IS NULL`,
    );
    await db.query(`
      CREATE TABLE gears (
        id bigserial PRIMARY KEY,
        owner_id bigint NOT NULL REFERENCES players (id),
        type varchar(8) NOT NULL,
        category varchar(9) NOT NULL CHECK (category IN ('commander', 'mayor')),
        rarity varchar(9) NOT NULL CHECK (rarity IN ('common', 'rare', 'epic', 'legendary', 'mythical')),
        level int NOT NULL CHECK (level BETWEEN 1 AND 20),
        current_exp int NOT NULL DEFAULT 0 CHECK (current_exp >= 0),
        equipped boolean NOT NULL DEFAULT false,
        listed boolean NOT NULL DEFAULT false CHECK (NOT (listed AND equipped)),
        pack_purchase_id bigint REFERENCES pack_purchases (id),
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX gears_owner_idx ON gears (owner_id, id)`);
    await db.query(`CREATE UNIQUE INDEX gears_one_per_slot ON gears (owner_id, type) WHERE equipped`);
    await db.query(`
      CREATE TABLE gear_upgrades (
        id bigserial PRIMARY KEY,
        player_id bigint NOT NULL REFERENCES players (id),
        gear_id bigint NOT NULL,
        gear_name varchar(40) NOT NULL,
        level_before int NOT NULL,
        level_after int NOT NULL,
        exp_gained int NOT NULL,
        materials_used int NOT NULL,
        upgraded_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX gear_upgrades_player_idx ON gear_upgrades (player_id, upgraded_at DESC, id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE gear_upgrades`);
    await db.query(`DROP TABLE gears`);
    await db.query(`DROP TABLE pack_purchases`);
  }
}

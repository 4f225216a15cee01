import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Gear listings and shop purchases. A gear has at most one active listing (partial unique index);
 * listings keep no foreign key to the gear, so their history survives a gear consumed later at the
 * blacksmith. Shop purchases follow the pack purchases' rules: one pending per player, a player
 * names a transaction once, a transaction confirms one purchase.
 */
export class TradingShop1764300000000 implements MigrationInterface {
  name = 'TradingShop1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE listings (
        id bigserial PRIMARY KEY,
        gear_id bigint NOT NULL,
        seller_id bigint NOT NULL REFERENCES players (id),
        price bigint NOT NULL CHECK (price >= 1),
        fee_thousandths bigint NOT NULL CHECK (fee_thousandths > 0),
        status varchar(7) NOT NULL CHECK (status IN ('active', 'sold', 'removed')),
        buyer_id bigint REFERENCES players (id),
        created_at timestamptz NOT NULL,
        closed_at timestamptz
      )`);
    await db.query(`CREATE UNIQUE INDEX listings_one_active_per_gear ON listings (gear_id) WHERE status = 'active'`);
    await db.query(`CREATE INDEX listings_active_idx ON listings (created_at DESC, id DESC) WHERE status = 'active'`);
    await db.query(`CREATE INDEX listings_seller_idx ON listings (seller_id, created_at DESC) WHERE status = 'active'`);
    await db.query(`
      CREATE TABLE shop_purchases (
        id bigserial PRIMARY KEY,
        player_id bigint NOT NULL REFERENCES players (id),
        item_name varchar(60) NOT NULL,
        price_thousandths bigint NOT NULL CHECK (price_thousandths > 0),
        purchase_count int NOT NULL CHECK (purchase_count >= 1),
        status varchar(9) NOT NULL CHECK (status IN ('pending', 'confirmed', 'invalid')),
        transaction_id varchar(48) NOT NULL,
        error text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX shop_purchases_one_pending ON shop_purchases (player_id) WHERE status = 'pending'`);
    await db.query(`CREATE UNIQUE INDEX shop_purchases_transaction_player ON shop_purchases (transaction_id, player_id)`);
    await db.query(
      `CREATE UNIQUE INDEX shop_purchases_transaction_confirmed ON shop_purchases (transaction_id) WHERE status = 'confirmed'`,
    );
    await db.query(`CREATE INDEX shop_purchases_player_idx ON shop_purchases (player_id, created_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE shop_purchases`);
    await db.query(`DROP TABLE listings`);
  }
}

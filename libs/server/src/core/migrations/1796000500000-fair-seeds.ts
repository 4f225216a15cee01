import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Provably fair rolls (issue 51, docs/fairness.md). `fair_seeds` holds each player's seed pairs: the next one (its
 * server seed committed before the player chooses its client seed), the current one and the revealed ones. A roll takes the current pair's next nonce in its own
 * transaction and records the pair and nonce on its row (pack purchase, battle, practice raid), so anyone recomputes
 * it once the server seed is revealed. `fairness_posts` is the daily custom_json carrying the Merkle root of the
 * commitments made that game day (`post_id`: the post a commitment went into; a commitment made before a post's day ended and
 * not yet in a post goes into the next one).
 */
export class FairSeeds1796000500000 implements MigrationInterface {
  name = 'FairSeeds1796000500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE fair_seeds (
        id bigserial PRIMARY KEY,
        player_id bigint NOT NULL REFERENCES players (id) ON DELETE CASCADE,
        server_seed char(64) NOT NULL,
        commitment char(64) NOT NULL UNIQUE,
        client_seed varchar(64),
        next_nonce integer NOT NULL DEFAULT 0 CHECK (next_nonce >= 0),
        created_at timestamptz NOT NULL,
        activated_at timestamptz,
        revealed_at timestamptz,
        post_id bigint
      )`);
    // A pair is committed as the player's next one (no client seed yet), activated with the client seed at a rotation,
    // then revealed at the next rotation: one next and one current pair per player.
    await db.query(`ALTER TABLE fair_seeds ADD CONSTRAINT fair_seeds_states CHECK (
      (activated_at IS NULL AND client_seed IS NULL AND revealed_at IS NULL AND next_nonce = 0) OR (activated_at IS NOT NULL AND client_seed IS NOT NULL))`);
    await db.query(`CREATE UNIQUE INDEX fair_seeds_one_next ON fair_seeds (player_id) WHERE activated_at IS NULL`);
    await db.query(
      `CREATE UNIQUE INDEX fair_seeds_one_current ON fair_seeds (player_id) WHERE activated_at IS NOT NULL AND revealed_at IS NULL`,
    );
    await db.query(`CREATE INDEX fair_seeds_player ON fair_seeds (player_id, id DESC)`);
    await db.query(`CREATE INDEX fair_seeds_unposted ON fair_seeds (created_at) WHERE post_id IS NULL`);
    await db.query(`CREATE INDEX fair_seeds_post ON fair_seeds (post_id, id)`);
    for (const table of ['pack_purchases', 'battles', 'practice_raids']) {
      await db.query(`ALTER TABLE ${table} ADD COLUMN fair_seed_id bigint REFERENCES fair_seeds (id), ADD COLUMN nonce integer`);
      await db.query(`CREATE UNIQUE INDEX ${table}_fair_roll ON ${table} (fair_seed_id, nonce) WHERE fair_seed_id IS NOT NULL`);
    }
    // The gears a purchase's opening rolled, as rolled (a gear's row changes later: upgraded, traded, sold).
    await db.query(`ALTER TABLE pack_purchases ADD COLUMN rolled jsonb`);
    await db.query(`
      CREATE TABLE fairness_posts (
        id bigserial PRIMARY KEY,
        day date NOT NULL,
        root char(64) NOT NULL,
        leaf_count integer NOT NULL CHECK (leaf_count > 0),
        transaction_id varchar(64),
        expires_at timestamptz,
        block_num bigint,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`ALTER TABLE fair_seeds ADD CONSTRAINT fair_seeds_post FOREIGN KEY (post_id) REFERENCES fairness_posts (id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE fair_seeds DROP CONSTRAINT fair_seeds_post`);
    await db.query(`DROP TABLE fairness_posts`);
    await db.query(`ALTER TABLE pack_purchases DROP COLUMN rolled`);
    for (const table of ['pack_purchases', 'battles', 'practice_raids'])
      await db.query(`ALTER TABLE ${table} DROP COLUMN fair_seed_id, DROP COLUMN nonce`);
    await db.query(`DROP TABLE fair_seeds`);
  }
}

import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alliances (one per player, enforced by the membership key), join requests, attack charges on
 * the city, and every battle with the seed and armies that replay it.
 */
export class AlliancesAttacks1764100000000 implements MigrationInterface {
  name = 'AlliancesAttacks1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE alliances (
        id serial PRIMARY KEY,
        name varchar(30) NOT NULL,
        tag char(3) NOT NULL UNIQUE,
        icon varchar(16) NOT NULL,
        description varchar(200) NOT NULL,
        leader_id bigint NOT NULL REFERENCES players (id),
        max_members int NOT NULL CHECK (max_members BETWEEN 2 AND 10),
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE UNIQUE INDEX alliances_name_key ON alliances (lower(name))`);
    await db.query(`
      CREATE TABLE alliance_members (
        player_id bigint PRIMARY KEY REFERENCES players (id),
        alliance_id int NOT NULL REFERENCES alliances (id) ON DELETE CASCADE,
        joined_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX alliance_members_alliance_idx ON alliance_members (alliance_id, joined_at)`);
    await db.query(`
      CREATE TABLE alliance_requests (
        alliance_id int NOT NULL REFERENCES alliances (id) ON DELETE CASCADE,
        player_id bigint NOT NULL REFERENCES players (id),
        requested_at timestamptz NOT NULL,
        PRIMARY KEY (alliance_id, player_id)
      )`);
    await db.query(`CREATE INDEX alliance_requests_player_idx ON alliance_requests (player_id)`);

    // Cities start with a full set of charges: 5, ATTACK_CHARGES_MAX when this was written.
    await db.query(`
      ALTER TABLE cities
        ADD COLUMN attack_charges int NOT NULL DEFAULT 5 CHECK (attack_charges >= 0),
        ADD COLUMN attack_charges_at timestamptz NOT NULL DEFAULT now()`);
    await db.query(`CREATE INDEX cities_ch_level_idx ON cities (ch_level DESC, player_id)`);
    await db.query(`
      CREATE TABLE battles (
        id bigserial PRIMARY KEY,
        attacker_id bigint NOT NULL REFERENCES players (id),
        defender_id bigint NOT NULL REFERENCES players (id),
        seed bigint NOT NULL,
        input jsonb NOT NULL,
        outcome jsonb NOT NULL,
        fought_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX battles_cooldown_idx ON battles (attacker_id, defender_id, fought_at DESC)`);
    await db.query(`CREATE INDEX battles_attacker_idx ON battles (attacker_id, fought_at DESC)`);
    await db.query(`CREATE INDEX battles_defender_idx ON battles (defender_id, fought_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE battles`);
    await db.query(`DROP INDEX cities_ch_level_idx`);
    await db.query(`ALTER TABLE cities DROP COLUMN attack_charges, DROP COLUMN attack_charges_at`);
    await db.query(`DROP TABLE alliance_requests`);
    await db.query(`DROP TABLE alliance_members`);
    await db.query(`DROP TABLE alliances`);
  }
}

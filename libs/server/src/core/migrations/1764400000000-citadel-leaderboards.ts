import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Abyssal Citadel (one shared current floor, bosses, damage per floor, per player and per
 * season, rewards) and what the leaderboards sort on: army power is a stored generated column of
 * the city (troops and commander boosts), so every board is read from an index.
 */
export class CitadelLeaderboards1764400000000 implements MigrationInterface {
  name = 'CitadelLeaderboards1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE cities
        ADD COLUMN infantry_boost int NOT NULL DEFAULT 0,
        ADD COLUMN archers_boost int NOT NULL DEFAULT 0,
        ADD COLUMN cavalries_boost int NOT NULL DEFAULT 0`);
    // The rules' armyPower: unit powers in thousandths, boosts in hundredths of a percent, rounded down.
    await db.query(`
      ALTER TABLE cities ADD COLUMN army_power bigint GENERATED ALWAYS AS (
        (infantry * 10 * (10000 + infantry_boost) + archers * 21 * (10000 + archers_boost) + cavalries * 36 * (10000 + cavalries_boost)) / 10000
      ) STORED`);
    await db.query(`CREATE INDEX cities_army_power_idx ON cities (army_power DESC, player_id)`);
    // Commander gear equipped before this migration: its boosts, as refreshCommanderBoosts copies them
    // (GEAR_STAT_TABLE when this was written: base + perLevel × (level - 1), hundredths of a percent).
    const boost = `(CASE g.rarity WHEN 'common' THEN 100 + 20 * (g.level - 1) WHEN 'rare' THEN 200 + 40 * (g.level - 1) WHEN 'epic' THEN 400 + 80 * (g.level - 1)
      WHEN 'legendary' THEN 700 + 140 * (g.level - 1) WHEN 'mythical' THEN 1200 + 240 * (g.level - 1) END)`;
    for (const [type, column] of [
      ['infantry', 'infantry_boost'],
      ['archer', 'archers_boost'],
      ['cavalry', 'cavalries_boost'],
    ]) {
      await db.query(
        `UPDATE cities c SET ${column} = ${boost} FROM gears g WHERE g.owner_id = c.player_id AND g.equipped AND g.type = '${type}'`,
      );
    }

    await db.query(`CREATE TABLE citadel_state (singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton), current_floor int NOT NULL)`);
    await db.query(`INSERT INTO citadel_state (current_floor) VALUES (1)`);
    await db.query(`
      CREATE TABLE citadel_floors (
        floor int PRIMARY KEY,
        max_hp bigint NOT NULL,
        current_hp bigint NOT NULL CHECK (current_hp >= 0),
        reward_thousandths bigint NOT NULL,
        defeated_at timestamptz
      )`);
    // Floor 1 as bossMaxHp(1) and bossReward(1) gave it when this was written.
    await db.query(`INSERT INTO citadel_floors (floor, max_hp, current_hp, reward_thousandths) VALUES (1, 100000, 100000, 1800)`);
    await db.query(`
      CREATE TABLE citadel_damage (
        floor int NOT NULL REFERENCES citadel_floors (floor),
        player_id bigint NOT NULL REFERENCES players (id),
        total_damage bigint NOT NULL,
        attack_count int NOT NULL,
        PRIMARY KEY (floor, player_id)
      )`);
    await db.query(`CREATE INDEX citadel_damage_ranking ON citadel_damage (floor, total_damage DESC, player_id)`);
    await db.query(`
      CREATE TABLE citadel_players (
        player_id bigint PRIMARY KEY REFERENCES players (id),
        day varchar(10) NOT NULL,
        today_attack_count int NOT NULL,
        total_damage bigint NOT NULL
      )`);
    await db.query(`
      CREATE TABLE citadel_rewards (
        floor int NOT NULL REFERENCES citadel_floors (floor),
        player_id bigint NOT NULL REFERENCES players (id),
        damage bigint NOT NULL,
        reward_thousandths bigint NOT NULL,
        distributed_at timestamptz NOT NULL,
        PRIMARY KEY (floor, player_id)
      )`);
    await db.query(`CREATE INDEX citadel_rewards_player_idx ON citadel_rewards (player_id, distributed_at DESC, floor DESC)`);
    await db.query(`
      CREATE TABLE seasons (
        season_id int PRIMARY KEY,
        label varchar(20) NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL
      )`);
    // The season running now, by the calendar of when this was written (seasonAt): 14 days each from
    // 2026-11-02 08:00 in Manila, which is 00:00 UTC (Manila keeps no daylight saving time).
    const firstSeasonStart = Date.UTC(2026, 10, 2);
    const seasonMs = 14 * 86_400_000;
    const seasonId = Math.max(1, Math.floor((Date.now() - firstSeasonStart) / seasonMs) + 1);
    const startsAt = firstSeasonStart + (seasonId - 1) * seasonMs;
    await db.query(`INSERT INTO seasons (season_id, label, starts_at, ends_at) VALUES ($1, $2, $3, $4)`, [
      seasonId,
      `Season ${seasonId}`,
      new Date(startsAt),
      new Date(startsAt + seasonMs),
    ]);
    await db.query(`
      CREATE TABLE season_damage (
        season_id int NOT NULL,
        player_id bigint NOT NULL REFERENCES players (id),
        total_damage bigint NOT NULL,
        PRIMARY KEY (season_id, player_id)
      )`);
    await db.query(`CREATE INDEX season_damage_ranking ON season_damage (season_id, total_damage DESC, player_id)`);
    // How many rows each board ranks (its total and page count), kept by statement triggers, so no
    // call counts a whole table: 'cities' for the City Hall and army boards, 'season:<id>' for a season.
    await db.query(`CREATE TABLE leaderboard_sizes (board varchar(24) PRIMARY KEY, players bigint NOT NULL CHECK (players >= 0))`);
    await db.query(`INSERT INTO leaderboard_sizes (board, players) SELECT 'cities', count(*) FROM cities`);
    await db.query(`
      CREATE FUNCTION leaderboard_sizes_cities() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE n bigint := (SELECT count(*) FROM changed);
      BEGIN
        IF n > 0 THEN
          UPDATE leaderboard_sizes SET players = players + CASE TG_OP WHEN 'INSERT' THEN n ELSE -n END WHERE board = 'cities';
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER cities_sized_insert AFTER INSERT ON cities REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_sizes_cities()`,
    );
    await db.query(
      `CREATE TRIGGER cities_sized_delete AFTER DELETE ON cities REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_sizes_cities()`,
    );
    await db.query(`
      CREATE FUNCTION leaderboard_sizes_seasons() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO leaderboard_sizes (board, players) SELECT 'season:' || season_id, count(*) FROM changed GROUP BY season_id
            ON CONFLICT (board) DO UPDATE SET players = leaderboard_sizes.players + EXCLUDED.players;
        ELSE
          UPDATE leaderboard_sizes sizes SET players = sizes.players - gone.n
            FROM (SELECT 'season:' || season_id AS board, count(*) AS n FROM changed GROUP BY season_id) gone WHERE sizes.board = gone.board;
        END IF;
        RETURN NULL;
      END $$`);
    await db.query(
      `CREATE TRIGGER season_damage_sized_insert AFTER INSERT ON season_damage REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_sizes_seasons()`,
    );
    await db.query(
      `CREATE TRIGGER season_damage_sized_delete AFTER DELETE ON season_damage REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_sizes_seasons()`,
    );
    // Citadel rewards: what rounding the shares leaves stays here.
    await db.query(`INSERT INTO ledger_accounts (code, allow_negative) VALUES ('system:rewards', false)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM ledger_accounts WHERE code = 'system:rewards'`);
    await db.query(`DROP TRIGGER cities_sized_insert ON cities`);
    await db.query(`DROP TRIGGER cities_sized_delete ON cities`);
    await db.query(
      `DROP TABLE season_damage, seasons, citadel_rewards, citadel_players, citadel_damage, citadel_floors, citadel_state, leaderboard_sizes`,
    );
    await db.query(`DROP FUNCTION leaderboard_sizes_cities(), leaderboard_sizes_seasons()`);
    await db.query(`DROP INDEX cities_army_power_idx`);
    await db.query(
      `ALTER TABLE cities DROP COLUMN army_power, DROP COLUMN infantry_boost, DROP COLUMN archers_boost, DROP COLUMN cavalries_boost`,
    );
  }
}

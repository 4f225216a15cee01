import { bossMaxHp, bossReward, season, seasonAt } from '@runik/rules';
import { Client } from 'pg';

export interface LeaderboardSeed {
  players: number;
  /** The citadel's current floor after seeding (the floors below it are defeated). */
  currentFloor: number;
  /** Participants of each floor. */
  participantsPerFloor: number;
  /** The current season and the one before it, each with damage rows. */
  seasons: { seasonId: number; players: number }[];
  /** Names are `${prefix}${n}`, n from 1. */
  prefix: string;
}

/**
 * A big game in a few statements (generate_series), for the leaderboard and citadel plans and the
 * benchmark: `players` players with cities (City Hall levels 1 to 30 and armies spread so there are
 * many ties), `currentFloor - 1` defeated floors plus the current one, each with
 * `participantsPerFloor` damage rows (and rewards for the defeated ones), per-player citadel totals,
 * and damage in the current and the previous season. Then VACUUM ANALYZE, as autovacuum would.
 * Needs an empty game (a fresh, migrated database); returns the seed's shape.
 */
export async function seedBigGame(
  url: string,
  options: { players?: number; prefix?: string; now?: number; vacuum?: boolean } = {},
): Promise<LeaderboardSeed> {
  const players = options.players ?? 10_000;
  const prefix = options.prefix ?? 'seed';
  const currentFloor = 21;
  const participantsPerFloor = Math.floor(players / 5);
  const current = seasonAt(options.now ?? Date.now());
  const previous = Math.max(1, current.seasonId - 1);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO players (hive_username, referrer, activation, created_at)
       SELECT $1 || i, 'runik.game', 'free', now() FROM generate_series(1, $2) AS i`,
      [prefix, players],
    );
    // Multiplicative hashes of the row number: levels and armies spread with plenty of ties.
    await client.query(
      `INSERT INTO cities (player_id, ch_level, building_levels, created_at, production_anchor_at, infantry, archers, cavalries)
       SELECT id, 1 + (id * 7919) % 30, '{}', now(), now(), (id * 104729) % 5000, (id * 1299709) % 2000, (id * 15485863) % 1000
         FROM players WHERE hive_username LIKE $1 || '%'`,
      [prefix],
    );
    await client.query(
      `INSERT INTO ledger_accounts (code, player_id) SELECT 'player:' || id, id FROM players WHERE hive_username LIKE $1 || '%'`,
      [prefix],
    );
    // Floors 1..current-1 defeated, the current one open and part-damaged.
    await client.query(`UPDATE citadel_floors SET current_hp = 0, defeated_at = now() - interval '1 day' WHERE floor = 1`);
    for (let floor = 2; floor <= currentFloor; floor++) {
      const defeated = floor < currentFloor;
      await client.query(
        `INSERT INTO citadel_floors (floor, max_hp, current_hp, reward_thousandths, defeated_at) VALUES ($1, $2, $3, $4, $5)`,
        [
          floor,
          bossMaxHp(floor),
          defeated ? 0 : Math.floor(bossMaxHp(floor) / 2),
          bossReward(floor),
          defeated ? new Date(Date.now() - (currentFloor - floor) * 3_600_000) : null,
        ],
      );
    }
    await client.query(`UPDATE citadel_state SET current_floor = $1`, [currentFloor]);
    // Every fifth player (a different fifth per floor) fought each floor.
    await client.query(
      `INSERT INTO citadel_damage (floor, player_id, total_damage, attack_count)
       SELECT f, p.id, 1 + (p.id * 7907 + f * 31) % 900000, 1 + (p.id + f) % 10
         FROM generate_series(1, $1) AS f JOIN players p ON (p.id + f) % 5 = 0 AND p.hive_username LIKE $2 || '%'`,
      [currentFloor, prefix],
    );
    await client.query(
      `INSERT INTO citadel_rewards (floor, player_id, damage, reward_thousandths, distributed_at)
       SELECT d.floor, d.player_id, d.total_damage, d.total_damage, f.defeated_at
         FROM citadel_damage d JOIN citadel_floors f ON f.floor = d.floor WHERE f.defeated_at IS NOT NULL`,
    );
    await client.query(
      `INSERT INTO citadel_players (player_id, day, today_attack_count, total_damage)
       SELECT player_id, '2026-01-01', 0, sum(total_damage) FROM citadel_damage GROUP BY player_id`,
    );
    // Seasons: most players fought in the previous one, fewer so far in the current one.
    const seasons = [
      { seasonId: previous, players: Math.floor(players * 0.8) },
      ...(previous === current.seasonId ? [] : [{ seasonId: current.seasonId, players: Math.floor(players * 0.6) }]),
    ];
    for (const { seasonId, players: count } of seasons) {
      const { label, startsAt, endsAt } = season(seasonId);
      await client.query(`INSERT INTO seasons (season_id, label, starts_at, ends_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
        seasonId,
        label,
        startsAt,
        endsAt,
      ]);
      await client.query(
        `INSERT INTO season_damage (season_id, player_id, total_damage)
         SELECT $1, id, 1 + (id * 6007 + $1 * 17) % 400000 FROM players WHERE hive_username LIKE $3 || '%' ORDER BY id LIMIT $2`,
        [seasonId, count, prefix],
      );
    }
    await client.query('COMMIT');
    await client.query(options.vacuum === false ? 'ANALYZE' : 'VACUUM ANALYZE');
    return { players, currentFloor, participantsPerFloor, seasons, prefix };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

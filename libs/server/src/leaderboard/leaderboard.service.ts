import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { fromThousandths, LEADERBOARD_PAGE_SIZE, season, seasonAt } from '@runik/rules';
import { LeaderboardMessages } from '@runik/contract';
import type { LeaderboardEntry, LeaderboardFilter, LeaderboardQuery, LeaderboardResponse, SeasonsResponse } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { ApiError } from '../core/errors/api-error';

interface EntryRow {
  rank: string;
  hive_username: string;
  ch_level: number;
  army_power: string;
  total_damage: string;
}

/**
 * Each board is one ordering served by an index: `table` ordered by `value` DESC, then player id
 * (cities_ch_level_idx, cities_army_power_idx, season_damage_ranking). A page is one walk of that
 * index up to the page, ranking as it goes (rank() over the walk: ties share a rank), then the 25
 * rows' names and stats by primary key. The row count comes from leaderboard_sizes, not a count.
 */
interface Board {
  table: string;
  value: string;
  /** Restricts `table` to the season, `$1`, where one applies. */
  where: string;
  /** The total damage shown: the season's, or all-time citadel damage. */
  totalDamage: string;
}

const BOARDS: Record<LeaderboardFilter, Board> = {
  chLevel: {
    table: 'cities',
    value: 'ch_level',
    where: '',
    totalDamage: '(SELECT cp.total_damage FROM citadel_players cp WHERE cp.player_id = r.player_id)',
  },
  armyPower: {
    table: 'cities',
    value: 'army_power',
    where: '',
    totalDamage: '(SELECT cp.total_damage FROM citadel_players cp WHERE cp.player_id = r.player_id)',
  },
  abyssSeason: { table: 'season_damage', value: 'total_damage', where: 'WHERE season_id = $1', totalDamage: 'r.value' },
};

@Injectable()
export class LeaderboardService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async leaderboard({ filter, seasonId, page, hiveUsername }: LeaderboardQuery): Promise<LeaderboardResponse> {
    const { table, value, where, totalDamage } = BOARDS[filter];
    const current = seasonAt(this.clock.now().getTime());
    const chosenSeason = seasonId ?? current.seasonId;
    if (chosenSeason > current.seasonId) throw ApiError.badRequest(LeaderboardMessages.invalidSeason);
    const seasonParam = filter === 'abyssSeason' ? [chosenSeason] : [];
    const next = seasonParam.length + 1;
    const rows: EntryRow[] = await this.dataSource.query(
      `SELECT r.rank, p.hive_username, c.ch_level, c.army_power, coalesce(${totalDamage}, 0) AS total_damage
         FROM (SELECT player_id, ${value} AS value, rank() OVER (ORDER BY ${value} DESC) AS rank
                 FROM ${table} ${where} ORDER BY ${value} DESC, player_id LIMIT $${next} OFFSET $${next + 1}) r
         JOIN players p ON p.id = r.player_id
         JOIN cities c ON c.player_id = r.player_id
        ORDER BY r.value DESC, r.player_id`,
      [...seasonParam, LEADERBOARD_PAGE_SIZE, (page - 1) * LEADERBOARD_PAGE_SIZE],
    );
    const [size]: { players: string }[] = await this.dataSource.query(`SELECT players FROM leaderboard_sizes WHERE board = $1`, [
      filter === 'abyssSeason' ? `season:${chosenSeason}` : 'cities',
    ]);
    const total = Number(size?.players ?? 0);
    // The player's own row: its rank is 1 + the rows ranked above it, a range of the same index.
    const [you]: EntryRow[] = hiveUsername
      ? await this.dataSource.query(
          `SELECT (SELECT count(*) FROM ${table} better WHERE ${where ? 'better.season_id = $1 AND ' : ''}better.${value} > r.value) + 1 AS rank,
                  p.hive_username, c.ch_level, c.army_power, coalesce(${totalDamage}, 0) AS total_damage
             FROM players p
             JOIN (SELECT player_id, ${value} AS value FROM ${table} ${where}) r ON r.player_id = p.id
             JOIN cities c ON c.player_id = p.id
            WHERE p.hive_username = $${next}`,
          [...seasonParam, hiveUsername],
        )
      : [];
    const chosen = season(chosenSeason);
    return {
      leaderboard: rows.map(entryDto),
      ...(filter === 'abyssSeason'
        ? { seasonInfo: { seasonId: chosen.seasonId, label: chosen.label, endDate: chosen.endsAt.toISOString() } }
        : {}),
      page,
      totalPages: Math.max(1, Math.ceil(total / LEADERBOARD_PAGE_SIZE)),
      totalPlayers: total,
      you: you ? entryDto(you) : null,
    };
  }

  /** Seasons recorded by the worker's rollover, newest first; the current one is active. */
  async seasons(): Promise<SeasonsResponse> {
    const now = this.clock.now();
    const rows: { season_id: number; label: string; starts_at: Date; ends_at: Date }[] = await this.dataSource.query(
      `SELECT * FROM seasons WHERE starts_at <= $1 ORDER BY season_id DESC`,
      [now],
    );
    return {
      seasons: rows.map((row) => ({
        seasonId: row.season_id,
        label: row.label,
        isActive: row.ends_at > now,
        endDate: row.ends_at.toISOString(),
      })),
    };
  }
}

function entryDto(row: EntryRow): LeaderboardEntry {
  return {
    rank: Number(row.rank),
    hiveUsername: row.hive_username,
    chLevel: row.ch_level,
    armyPower: fromThousandths(Number(row.army_power)),
    totalDamage: fromThousandths(Number(row.total_damage)),
  };
}

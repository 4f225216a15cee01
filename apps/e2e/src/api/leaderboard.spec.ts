import { ApiRoutes, LeaderboardMessages } from '@runik/contract';
import type { LeaderboardEntry, LeaderboardResponse, SeasonsResponse } from '@runik/contract';
import { armyPower, gearStatPercent, LEADERBOARD_PAGE_SIZE, season, seasonAt, Troops } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { armyStatsOf, setArmy } from '../support/attack';
import { CityPlayer, newCityPlayer, setCityHallLevel } from '../support/city';
import { queryDatabase } from '../support/database';
import { equip, giveGear, unequip } from '../support/gear';
import { startStack, Stack } from '../support/stack';

// A stack of its own: the boards rank every player of the game.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

type Query = Parameters<typeof ApiRoutes.leaderboard>[0];
interface Reply<T> {
  status: number;
  contentType: string;
  data: T & { error?: string };
}

/** Leaderboards are public: asked without a session, as a visitor would. */
async function get<T>(path: string, headers: Record<string, string> = {}): Promise<Reply<T>> {
  const { status, data, headers: responseHeaders } = await apiClient(stack.apiUrl).get(path, { headers });
  return { status, data, contentType: String(responseHeaders['content-type'] ?? '') };
}

async function board(query: Query): Promise<LeaderboardResponse> {
  const reply = await get<LeaderboardResponse>(ApiRoutes.leaderboard(query));
  if (reply.status !== 200) throw new Error(`${ApiRoutes.leaderboard(query)}: ${reply.status} ${JSON.stringify(reply.data)}`);
  expect(reply.contentType).toMatch(/^application\/json/);
  return reply.data;
}

interface Row {
  player: CityPlayer;
  chLevel: number;
  army: Troops;
  /** Thousandths: all-time citadel damage, or the season's. */
  damage: number;
}

/** What a board must show: by value, most first, ties by player id; a tie shares the rank of its first row (1, 1, 3). */
function expectedBoard(rows: Row[], value: (row: Row) => number): LeaderboardEntry[] {
  const sorted = [...rows].sort((a, b) => value(b) - value(a) || a.player.playerId - b.player.playerId);
  return sorted.map((row) => ({
    rank: 1 + rows.filter((other) => value(other) > value(row)).length,
    hiveUsername: row.player.username,
    chLevel: row.chLevel,
    armyPower: armyPower(row.army) / 1000,
    totalDamage: row.damage / 1000,
  }));
}

async function newPlayers(count: number, prefix: string): Promise<CityPlayer[]> {
  const players: CityPlayer[] = [];
  while (players.length < count) {
    players.push(...(await Promise.all(Array.from({ length: Math.min(10, count - players.length) }, () => newCityPlayer(stack, prefix)))));
  }
  return players.sort((a, b) => a.playerId - b.playerId);
}

describe('Leaderboards', () => {
  /** The first 30 players of the game, on every board of this file. */
  let rows: Row[];

  it('ranks the City Hall board: ties share a rank, 25 a page, the caller’s own row wherever it is', async () => {
    const players = await newPlayers(30, 'lb');
    expect(await queryDatabase(stack.database.url, 'SELECT count(*)::int AS n FROM cities')).toEqual([{ n: 30 }]);
    // Levels in threes (so a tie straddles the page boundary: places 25, 26 and 27), dealt out of id order.
    rows = players.map((player, i) => ({
      player,
      chLevel: 40 - Math.floor(((i * 7) % 30) / 3),
      army: { infantry: 100 * ((i * 7) % 10), archers: 10 * (i % 2), cavalries: 0 },
      damage: 0,
    }));
    for (const row of rows) {
      await setCityHallLevel(stack, row.player, row.chLevel);
      await setArmy(stack, row.player, row.army);
    }
    const expected = expectedBoard(rows, (row) => row.chLevel);
    expect(expected.map((entry) => entry.rank)).toEqual([
      1, 1, 1, 4, 4, 4, 7, 7, 7, 10, 10, 10, 13, 13, 13, 16, 16, 16, 19, 19, 19, 22, 22, 22, 25, 25, 25, 28, 28, 28,
    ]);

    const last = expected[28];
    const first = await board({ filter: 'chLevel', hiveUsername: last.hiveUsername, t: Date.now() });
    expect(first).toEqual({ leaderboard: expected.slice(0, 25), page: 1, totalPages: 2, totalPlayers: 30, you: last });
    expect(first.leaderboard).toHaveLength(LEADERBOARD_PAGE_SIZE);
    const second = await board({ filter: 'chLevel', page: 2, hiveUsername: expected[0].hiveUsername });
    expect(second).toEqual({ leaderboard: expected.slice(25), page: 2, totalPages: 2, totalPlayers: 30, you: expected[0] });
    // The tie across the boundary keeps its rank on the next page.
    expect(second.leaderboard[0].rank).toBe(first.leaderboard[24].rank);
    expect(await board({ filter: 'chLevel', page: 3 })).toEqual({ leaderboard: [], page: 3, totalPages: 2, totalPlayers: 30, you: null });
    // No name, or an unknown one: no own row.
    expect((await board({ filter: 'chLevel', hiveUsername: 'nobody.here' })).you).toBeNull();
  });

  it('ranks the army power board by troops and equipped commander gear, as the attack screen computes it', async () => {
    const expected = expectedBoard(rows, (row) => armyPower(row.army));
    // Armies tie in threes too (players i, i + 10 and i + 20).
    expect(new Set(expected.map((entry) => entry.rank)).size).toBe(10);
    const first = await board({ filter: 'armyPower' });
    expect(first).toEqual({ leaderboard: expected.slice(0, 25), page: 1, totalPages: 2, totalPlayers: 30, you: null });
    expect((await board({ filter: 'armyPower', page: 2 })).leaderboard).toEqual(expected.slice(25));

    // Commander gear raises the stored power the board sorts on, and unequipping lowers it again.
    const row = rows[5];
    await setArmy(stack, row.player, { infantry: 5000, cavalries: 10 });
    const gearId = await giveGear(stack, row.player, { type: 'infantry', rarity: 'legendary', level: 5 });
    expect((await equip(row.player, gearId, 'infantry')).status).toBe(200);
    const boosted = armyPower(
      { infantry: 5000, archers: 0, cavalries: 10 },
      { infantry: gearStatPercent('legendary', 5), archers: 0, cavalries: 0 },
    );
    // 5,000 × 0.010 × 1.126 (legendary level 5: +12.6%) + 10 × 0.036, in thousandths.
    expect(boosted).toBe(56_660);
    const mine = (await board({ filter: 'armyPower', hiveUsername: row.player.username })).you!;
    expect(mine.armyPower).toBe(boosted / 1000);
    expect(mine.armyPower).toBe((await armyStatsOf(row.player)).armyPower);
    // It now leads: every other army is smaller.
    expect(mine.rank).toBe(1);
    expect((await board({ filter: 'armyPower' })).leaderboard[0]).toEqual(mine);
    expect((await unequip(row.player, 'infantry')).status).toBe(200);
    expect((await board({ filter: 'armyPower', hiveUsername: row.player.username })).you!.armyPower).toBe(
      armyPower({ infantry: 5000, archers: 0, cavalries: 10 }) / 1000,
    );
    await setArmy(stack, row.player, row.army);
  });

  it('ranks the Abyss Season board by the season’s damage, lists the seasons and answers a past season', async () => {
    const current = seasonAt(Date.now());
    const previous = season(current.seasonId - 1);
    // Two real citadel attacks count in the current season (and in the all-time damage column).
    const [hitter, smaller] = [rows[0], rows[1]];
    await setArmy(stack, hitter.player, { infantry: 4000 });
    await setArmy(stack, smaller.player, { infantry: 1000 });
    for (const row of [hitter, smaller]) {
      const reply = await row.player.api.post(ApiRoutes.citadelAttack, { hiveUsername: row.player.username, floor: 1 });
      expect(reply.status).toBe(200);
    }
    // And some straight into the table: a tie with the smaller hitter, and a past season.
    const tied = rows[2];
    await queryDatabase(stack.database.url, `INSERT INTO season_damage (season_id, player_id, total_damage) VALUES ($1, $2, 10000)`, [
      current.seasonId,
      tied.player.playerId,
    ]);
    await queryDatabase(
      stack.database.url,
      `INSERT INTO seasons (season_id, label, starts_at, ends_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [previous.seasonId, previous.label, previous.startsAt, previous.endsAt],
    );
    const veterans = rows.slice(3, 30);
    for (const [i, row] of veterans.entries()) {
      await queryDatabase(stack.database.url, `INSERT INTO season_damage (season_id, player_id, total_damage) VALUES ($1, $2, $3)`, [
        previous.seasonId,
        row.player.playerId,
        1000 * (1 + (i % 9)),
      ]);
    }

    const attackers = [
      { ...hitter, army: { infantry: 3940, archers: 0, cavalries: 0 }, damage: 40_000 },
      { ...smaller, army: { infantry: 985, archers: 0, cavalries: 0 }, damage: 10_000 },
      { ...tied, damage: 10_000 },
    ];
    const now = await board({ filter: 'abyssSeason', hiveUsername: tied.player.username });
    expect(now).toEqual({
      leaderboard: expectedBoard(attackers, (row) => row.damage),
      seasonInfo: { seasonId: current.seasonId, label: current.label, endDate: current.endsAt.toISOString() },
      page: 1,
      totalPages: 1,
      totalPlayers: 3,
      you: { rank: 2, hiveUsername: tied.player.username, chLevel: tied.chLevel, armyPower: armyPower(tied.army) / 1000, totalDamage: 10 },
    });
    expect(now.leaderboard.map((entry) => entry.rank)).toEqual([1, 2, 2]);
    expect(await board({ filter: 'abyssSeason', seasonId: current.seasonId })).toEqual({ ...now, you: null });
    // The other boards show all-time citadel damage.
    expect((await board({ filter: 'chLevel', hiveUsername: hitter.player.username })).you).toMatchObject({ totalDamage: 40 });

    const past = await board({ filter: 'abyssSeason', seasonId: previous.seasonId, page: 2, hiveUsername: hitter.player.username });
    const pastRows = veterans.map((row, i) => ({ ...row, damage: 1000 * (1 + (i % 9)) }));
    expect(past).toEqual({
      leaderboard: expectedBoard(pastRows, (row) => row.damage).slice(25),
      seasonInfo: { seasonId: previous.seasonId, label: previous.label, endDate: previous.endsAt.toISOString() },
      page: 2,
      totalPages: 2,
      totalPlayers: 27,
      you: null,
    });

    const seasons = await get<SeasonsResponse>(ApiRoutes.seasons);
    expect(seasons.status).toBe(200);
    expect(seasons.contentType).toMatch(/^application\/json/);
    expect(seasons.data).toEqual({
      seasons: [
        { seasonId: current.seasonId, label: current.label, isActive: true, endDate: current.endsAt.toISOString() },
        { seasonId: previous.seasonId, label: previous.label, isActive: false, endDate: previous.endsAt.toISOString() },
      ],
    });
  });

  it('answers bad filters, pages and seasons with 400, and always in JSON, never HTML', async () => {
    const next = seasonAt(Date.now()).seasonId + 1;
    const cases: [string, string | null][] = [
      ['/api/leaderboard/leaderboard', LeaderboardMessages.unknownFilter],
      ['/api/leaderboard/leaderboard?filter=gold', LeaderboardMessages.unknownFilter],
      ['/api/leaderboard/leaderboard?filter=', LeaderboardMessages.unknownFilter],
      ['/api/leaderboard/leaderboard?filter=chLevel&filter=armyPower', LeaderboardMessages.unknownFilter],
      ['/api/leaderboard/leaderboard?filter=chLevel&page=0', LeaderboardMessages.invalidPage],
      ['/api/leaderboard/leaderboard?filter=chLevel&page=-1', LeaderboardMessages.invalidPage],
      ['/api/leaderboard/leaderboard?filter=chLevel&page=abc', LeaderboardMessages.invalidPage],
      ['/api/leaderboard/leaderboard?filter=chLevel&page=1.5', LeaderboardMessages.invalidPage],
      ['/api/leaderboard/leaderboard?filter=chLevel&page=99999999999', LeaderboardMessages.invalidPage],
      ['/api/leaderboard/leaderboard?filter=abyssSeason&seasonId=0', LeaderboardMessages.invalidSeason],
      ['/api/leaderboard/leaderboard?filter=abyssSeason&seasonId=abc', LeaderboardMessages.invalidSeason],
      [`/api/leaderboard/leaderboard?filter=abyssSeason&seasonId=${next}`, LeaderboardMessages.invalidSeason],
      ['/api/leaderboard/leaderboard?filter=chLevel&hiveUsername=NOT%20A%20NAME', null],
      ['/api/leaderboard/leaderboard?filter=chLevel&extra=1', null],
      ['/api/leaderboard/leaderboard?filter=chLevel&t=123456789012345678901234567890', null],
      ['/api/leaderboard/seasons?extra=1', null],
    ];
    for (const [path, message] of cases) {
      for (const headers of [{}, { accept: 'text/html' }] as Record<string, string>[]) {
        const reply = await get<Record<string, never>>(path, headers);
        expect([path, reply.status]).toEqual([path, 400]);
        expect([path, reply.contentType]).toEqual([path, expect.stringMatching(/^application\/json/)]);
        expect(typeof reply.data.error).toBe('string');
        if (message) expect([path, reply.data.error]).toEqual([path, message]);
      }
    }
    // A browser asking for HTML still gets JSON with the leaderboard list, and an unknown path is a JSON 404.
    const html = await get<LeaderboardResponse>(ApiRoutes.leaderboard({ filter: 'chLevel', t: Date.now() }), { accept: 'text/html' });
    expect(html.status).toBe(200);
    expect(html.contentType).toMatch(/^application\/json/);
    expect(Array.isArray(html.data.leaderboard)).toBe(true);
    const missing = await get<Record<string, never>>('/api/leaderboard/nothing-here', { accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(missing.contentType).toMatch(/^application\/json/);
    expect(typeof missing.data.error).toBe('string');
  });

  it('needs no session, and a stale token does not get in the way', async () => {
    const visitor = await get<LeaderboardResponse>(ApiRoutes.leaderboard({ filter: 'armyPower' }), {
      authorization: 'Bearer not-a-real-session-token',
    });
    expect(visitor.status).toBe(200);
    expect(visitor.data.totalPlayers).toBe(30);
    expect((await get<SeasonsResponse>(ApiRoutes.seasons, { authorization: 'Bearer not-a-real-session-token' })).status).toBe(200);
  });
});

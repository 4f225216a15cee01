import { DataSource } from 'typeorm';
import {
  CitadelService,
  CityTransactions,
  Clock,
  dataSourceOptions,
  LedgerService,
  LeaderboardService,
  QuestProgress,
} from '@runik/server';
import { createTestDatabase, recordStatements, TestDatabase, testChatLines, testEmission, testNotifier } from '@runik/server/testing';
import type { LeaderboardFilter, LeaderboardResponse } from '@runik/contract';
import { LEADERBOARD_PAGE_SIZE, seasonAt } from '@runik/rules';
import { LeaderboardSeed, seedBigGame } from '../support/leaderboard-seed';

/**
 * With 10,000 players, every leaderboard page and the citadel views are answered from indexes:
 * the services run for real against a seeded database, every statement they send is recorded (the
 * exact SQL and parameters, where they reach the pg connection), and each is EXPLAINed with its own
 * parameters. No plan may read the players, cities, season_damage or citadel_damage tables whole.
 *
 * The seed ends with VACUUM ANALYZE, the state autovacuum keeps a table in (it also runs after
 * inserts, since PostgreSQL 13): ANALYZE gives the planner statistics, VACUUM the visibility map
 * without which PostgreSQL prices every index-only scan as if it read the table too, and so, on
 * freshly bulk-inserted rows, prefers a sequential scan for the widest ranges (the very last page
 * and the own-row count of a player near the bottom, about 1 ms at this size).
 */
const PLAYERS = 10_000;
const FORBIDDEN = /Seq Scan on (players|cities|season_damage|citadel_damage)\b/;
const BOARD_INDEX: Record<LeaderboardFilter, string> = {
  chLevel: 'cities_ch_level_idx',
  armyPower: 'cities_army_power_idx',
  abyssSeason: 'season_damage_ranking',
};

let database: TestDatabase;
let dataSource: DataSource;
let seed: LeaderboardSeed;
let leaderboards: LeaderboardService;
let citadel: CitadelService;
type Statement = { query: string; parameters?: unknown[] };
let recording: Statement[] | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  seed = await seedBigGame(database.url, { players: PLAYERS });
  dataSource = await new DataSource(dataSourceOptions(database.url)).initialize();
  recordStatements(dataSource, (query, parameters) => void recording?.push({ query, parameters }));
  const clock = new Clock();
  const ledger = new LedgerService(clock);
  leaderboards = new LeaderboardService(dataSource, clock);
  citadel = new CitadelService(
    dataSource,
    new CityTransactions(dataSource, ledger, clock),
    ledger,
    clock,
    testNotifier(clock),
    testEmission(dataSource, clock).emission,
    new QuestProgress(testNotifier(clock)),
    testChatLines(clock),
  );
}, 120_000);
afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

interface Explained<T> {
  result: T;
  /** Each statement the call sent, with its plan. */
  plans: { sql: string; plan: string }[];
}

/** Runs the call, recording its statements, then EXPLAINs each with the parameters it was sent with. */
async function explained<T>(call: () => Promise<T>): Promise<Explained<T>> {
  recording = [];
  let result: T;
  let statements: Statement[];
  try {
    result = await call();
  } finally {
    statements = recording;
    recording = null;
  }
  const plans: { sql: string; plan: string }[] = [];
  for (const { query, parameters } of statements) {
    const rows: { 'QUERY PLAN': string }[] = await dataSource.query(`EXPLAIN ${query}`, parameters);
    plans.push({ sql: query.replace(/\s+/g, ' ').trim(), plan: rows.map((row) => row['QUERY PLAN']).join('\n') });
  }
  return { result, plans };
}

function expectIndexOnly(plans: { sql: string; plan: string }[]): void {
  expect(plans.length).toBeGreaterThan(0);
  for (const { sql, plan } of plans) {
    if (FORBIDDEN.test(plan)) throw new Error(`sequential scan in the plan of\n  ${sql}\n${plan}`);
  }
}

describe(`Leaderboard and citadel plans with ${PLAYERS.toLocaleString('en')} players`, () => {
  const boards: { name: string; filter: LeaderboardFilter; seasonId?: number; size: () => number }[] = [
    { name: 'City Hall level', filter: 'chLevel', size: () => PLAYERS },
    { name: 'army power', filter: 'armyPower', size: () => PLAYERS },
    {
      name: 'Abyss Season (current)',
      filter: 'abyssSeason',
      size: () => seed.seasons.find((s) => s.seasonId === seasonAt(Date.now()).seasonId)!.players,
    },
    {
      name: 'Abyss Season (previous)',
      filter: 'abyssSeason',
      seasonId: seasonAt(Date.now()).seasonId - 1,
      size: () => seed.seasons[0].players,
    },
  ];

  it.each(boards)('the $name board: first, middle and last pages and a low-ranked own row', async ({ filter, seasonId, size }) => {
    const total = size();
    const totalPages = Math.ceil(total / LEADERBOARD_PAGE_SIZE);
    // The player ranked last: the widest own-row count there is.
    const last = (await leaderboards.leaderboard({ filter, seasonId, page: totalPages })).leaderboard.at(-1)!;
    for (const page of [1, Math.ceil(totalPages / 2), totalPages]) {
      const { result, plans } = await explained<LeaderboardResponse>(() =>
        leaderboards.leaderboard({ filter, seasonId, page, hiveUsername: last.hiveUsername }),
      );
      expectIndexOnly(plans);
      // The page itself is one walk of the board's index.
      expect(plans[0].plan).toContain(BOARD_INDEX[filter]);
      expect(result).toMatchObject({ page, totalPages, totalPlayers: total });
      expect(result.you).toEqual(last);
      expect(result.leaderboard).toHaveLength(
        page === totalPages ? total - (totalPages - 1) * LEADERBOARD_PAGE_SIZE : LEADERBOARD_PAGE_SIZE,
      );
      const ranks = result.leaderboard.map((entry) => entry.rank);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      if (page === 1) expect(ranks[0]).toBe(1);
      // Competition ranks: never past the row's place, and the place itself whenever the value changes.
      result.leaderboard.forEach((entry, i) => {
        const place = (page - 1) * LEADERBOARD_PAGE_SIZE + i + 1;
        expect(entry.rank).toBeLessThanOrEqual(place);
      });
    }
  });

  it('the seasons list', async () => {
    const { result, plans } = await explained(() => leaderboards.seasons());
    expectIndexOnly(plans);
    expect(result.seasons.map((entry) => entry.seasonId)).toEqual(seed.seasons.map((entry) => entry.seasonId).reverse());
  });

  it('the citadel floor view: the current floor and a defeated one, each with its 2,000 participants', async () => {
    for (const floor of [seed.currentFloor, 3]) {
      const { result, plans } = await explained(() => citadel.floor(floor));
      expectIndexOnly(plans);
      expect(plans.map((plan) => plan.plan).join('\n')).toContain('citadel_damage_ranking');
      expect(result.totalParticipants).toBe(seed.participantsPerFloor);
      expect(result.allParticipants).toHaveLength(seed.participantsPerFloor);
      expect(result.isDefeated).toBe(floor !== seed.currentFloor);
    }
  });

  it("a participant's citadel view and reward history", async () => {
    // Player 4 fought floors 1, 6, 11 and 16 (rewarded) and the current one, 21 (player id + floor divisible by 5).
    const [{ id }] = await dataSource.query(`SELECT id FROM players WHERE hive_username = $1`, [`${seed.prefix}4`]);
    const user = await explained(() => citadel.user(Number(id)));
    expectIndexOnly(user.plans);
    expect(user.result.globalCurrentFloor).toBe(seed.currentFloor);
    const rewards = await explained(() => citadel.rewards(Number(id), 20));
    expectIndexOnly(rewards.plans);
    expect(rewards.result.rewards.map((record) => record.floor)).toEqual([16, 11, 6, 1]);
  });
});

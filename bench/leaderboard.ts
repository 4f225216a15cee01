/**
 * `npm run bench:leaderboard`: latency of every leaderboard page and of the citadel floor view with
 * 10,000 players, against the real api.
 *
 * A fresh database of its own (the real migrations), seeded in a few SQL statements
 * (apps/e2e/src/support/leaderboard-seed.ts, the same seed as the plans test: 10,000 players and
 * cities, 21 citadel floors of 2,000 participants each, two seasons of damage, then VACUUM ANALYZE),
 * one viewer seeded through the server's own registration code (the floor view needs a session),
 * the api started as its own process, then for each scenario autocannon for a few seconds:
 *   - GET /api/leaderboard/leaderboard for each board (City Hall level, army power, the current
 *     Abyss Season) at its first, middle and last page, each asking for the own row of the player
 *     ranked last (the widest rank count), as the page does with the viewer's name;
 *   - GET /api/citadel/floor/{n} of the current floor (all 2,000 participants in the answer).
 * Prints a table (requests, non-2xx, req/s, p50/p99). Everything it starts it stops, by PID; it
 * drops its database and its Redis keys, also on failure or Ctrl-C, and gives up after 2 minutes.
 */
import { loadavg } from 'node:os';
import { runMigrations } from '@runik/server';
import type { FloorResponse, LeaderboardFilter, LeaderboardResponse } from '@runik/contract';
import { LEADERBOARD_PAGE_SIZE } from '@runik/rules';
import { seedBigGame } from '../apps/e2e/src/support/leaderboard-seed';
import { LoadResult, printTable, RequestSpec, runBenchmark, runLoad } from './load';
import { seedPlayers } from './seed';
import { BenchmarkRun, databaseUrl, log, printMachine, serverEnvironment, sleep, startApi } from './support';

const PLAYERS = 10_000;
/** 16 by default; BENCH_CONNECTIONS (1 to 128) for experiments. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 128)
  throw new Error('BENCH_CONNECTIONS must be an integer from 1 to 128');
const SECONDS = 3;
const WARMUP_SECONDS = 2;
const DEADLINE_MS = 115_000;
const DRAIN_MS = 300;

const run = new BenchmarkRun();
const { database } = run;

interface Scenario {
  name: string;
  request: RequestSpec;
}

const get = (path: string, headers: Record<string, string> = {}): RequestSpec => ({ method: 'GET', path, headers });

async function fetchJson<T>(apiUrl: string, path: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${apiUrl}${path}`, { headers });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

async function main(): Promise<void> {
  await printMachine('expect higher, noisier latencies');

  // 1. A database of its own, built by the real migrations (not the tests' template).
  run.databaseCreated = true;
  await runMigrations(databaseUrl(database));
  log(`database ${database} migrated`);

  // 2. The big game, in bulk SQL (no ledger postings are involved in what is measured), then one
  //    viewer through the server's own registration and session code.
  const seed = await seedBigGame(databaseUrl(database), { players: PLAYERS, prefix: 'seed' });
  log(
    `${PLAYERS} players seeded: ${seed.currentFloor} floors of ${seed.participantsPerFloor} participants, seasons ${seed.seasons.map((s) => `${s.seasonId} (${s.players} players)`).join(', ')}`,
  );
  const serverEnv = await serverEnvironment(run);
  const [viewer] = await seedPlayers(['viewer'], serverEnv, { concurrency: 1 });

  // 3. The api as its own process.
  const { url: apiUrl } = await startApi(run, serverEnv);

  // 4. The scenarios, built from what the api answers: each board's size, and who is ranked last.
  const auth = { authorization: `Bearer ${viewer.token}` };
  const scenarios: Scenario[] = [];
  const boards: [string, LeaderboardFilter][] = [
    ['City Hall level', 'chLevel'],
    ['army power', 'armyPower'],
    ['Abyss Season', 'abyssSeason'],
  ];
  for (const [label, filter] of boards) {
    const first = await fetchJson<LeaderboardResponse>(apiUrl, `/api/leaderboard/leaderboard?filter=${filter}`);
    const lastPage = first.totalPages;
    const last = (
      await fetchJson<LeaderboardResponse>(apiUrl, `/api/leaderboard/leaderboard?filter=${filter}&page=${lastPage}`)
    ).leaderboard.at(-1)!;
    const expectedLast = first.totalPlayers - (lastPage - 1) * LEADERBOARD_PAGE_SIZE;
    for (const page of [1, Math.ceil(lastPage / 2), lastPage]) {
      const path = `/api/leaderboard/leaderboard?filter=${filter}&page=${page}&hiveUsername=${last.hiveUsername}&t=1`;
      const answer = await fetchJson<LeaderboardResponse>(apiUrl, path);
      if (
        answer.leaderboard.length !== (page === lastPage ? expectedLast : LEADERBOARD_PAGE_SIZE) ||
        answer.you?.hiveUsername !== last.hiveUsername
      ) {
        throw new Error(`${path}: unexpected answer ${JSON.stringify(answer).slice(0, 300)}`);
      }
      scenarios.push({ name: `${label}, page ${page} of ${lastPage} (${first.totalPlayers} players)`, request: get(path) });
    }
  }
  const floorPath = `/api/citadel/floor/${seed.currentFloor}`;
  const floor = await fetchJson<FloorResponse>(apiUrl, floorPath, auth);
  if (floor.totalParticipants !== seed.participantsPerFloor) throw new Error(`${floorPath}: ${floor.totalParticipants} participants`);
  scenarios.push({ name: `citadel floor ${seed.currentFloor} (${floor.totalParticipants} participants)`, request: get(floorPath, auth) });

  // 5. Warm-up (JIT, connection pools, the viewer's session in the cache), then each scenario alone.
  let turn = 0;
  await runLoad({
    url: apiUrl,
    connections: CONNECTIONS,
    seconds: WARMUP_SECONDS,
    next: () => scenarios[turn++ % scenarios.length].request,
  });
  await sleep(DRAIN_MS);
  log('warmed up');
  const results: [string, LoadResult][] = [];
  for (const scenario of scenarios) {
    results.push([scenario.name, await runLoad({ url: apiUrl, connections: CONNECTIONS, seconds: SECONDS, next: () => scenario.request })]);
    await sleep(DRAIN_MS);
  }

  // 6. The report.
  console.log(`\n${PLAYERS} players, ${CONNECTIONS} connections, ${SECONDS} s a scenario, api on 127.0.0.1 (LOG_LEVEL=warn)\n`);
  printTable(results);
  console.log(
    `Load average at the end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  const failed = results.filter(([, result]) => result.non2xx + result.errors + result.timeouts > 0 || result.requests === 0);
  if (failed.length > 0)
    throw new Error(
      `benchmark checks failed:\n  ${failed.map(([name, result]) => `${name}: ${JSON.stringify(result.statusCodes)}, ${result.errors} errors`).join('\n  ')}`,
    );
  console.log('Checks: every call 2xx.');
}

runBenchmark(main, () => run.cleanUp(), DEADLINE_MS);

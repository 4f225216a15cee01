/**
 * `npm run bench:city`: throughput and latency of the hottest city calls against the real stack.
 *
 * A fresh database of its own (the real migrations), 1,000 players seeded through the server's own
 * registration code, the api started as its own process (as `npm start` and the system tests do),
 * then autocannon at 64 connections:
 *   - GET  /api/city/resources/{username} for 10 s, spread over the 1,000 players (each request with
 *     the bearer token of the player in its path, so the ownership check passes);
 *   - POST /api/city/harvest/{username}, exactly once per player (harvest is allowed once per 4 h).
 * Prints machine info, a table (requests, non-2xx, req/s, p50/p99) and the database transactions one
 * call costs. Everything it starts it stops, by PID; it drops its database and its Redis keys, also
 * on failure or Ctrl-C, and gives up after 2 minutes. All traffic goes to 127.0.0.1.
 */
import { loadavg } from 'node:os';
import { runMigrations } from '@runik/server';
import { LoadResult, printTable, RequestSpec, runBenchmark, runLoad } from './load';
import { seedPlayers, SeededPlayer } from './seed';
import {
  BenchmarkRun,
  committedTransactions,
  CpuUse,
  databaseUrl,
  log,
  printMachine,
  queryDatabase,
  sampleSessions,
  serverEnvironment,
  SessionSample,
  sleep,
  startApi,
  startCpuMeter,
} from './support';

const PLAYERS = 1000;
/** 64 as the issue asks; BENCH_CONNECTIONS (1 to 128) only for experiments. */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1 || CONNECTIONS > 128)
  throw new Error('BENCH_CONNECTIONS must be an integer from 1 to 128');
const RESOURCES_SECONDS = 10;
const WARMUP_SECONDS = 3;
/** Extra players used only to warm the harvest path up (each may harvest once). */
const HARVEST_WARMUP_PLAYERS = 128;
/** Resources calls whose database transactions are counted. */
const ROUND_TRIP_SAMPLE = 512;
const DEADLINE_MS = 115_000;
/**
 * A timed autocannon run keeps sending until its next 1 s tick, then closes its sockets without
 * waiting: the api finishes those last requests on its own. Let them drain before the next step.
 */
const DRAIN_MS = 500;

const run = new BenchmarkRun();
const { database } = run;

const resourcesRequest = (player: SeededPlayer): RequestSpec => ({
  method: 'GET',
  path: `/api/city/resources/${player.username}`,
  headers: { authorization: `Bearer ${player.token}` },
});

const harvestRequest = (player: SeededPlayer): RequestSpec => ({
  method: 'POST',
  path: `/api/city/harvest/${player.username}`,
  headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
  body: '{}',
});

/** Cycles over the players: consecutive requests (from any connection) name different players. */
function roundRobin(
  players: SeededPlayer[],
  build: (player: SeededPlayer) => RequestSpec,
): { next: () => RequestSpec; calls: () => number } {
  let calls = 0;
  return { next: () => build(players[calls++ % players.length]), calls: () => calls };
}

async function main(): Promise<void> {
  await printMachine();

  // 1. A database of its own, built by the real migrations. Not the tests' shared template:
  //    rebuilding that (prepareTemplateDatabase) would break test runs going on at the same time.
  run.databaseCreated = true;
  await runMigrations(databaseUrl(database));
  log(`database ${database} migrated`);

  // The api needs no chain to start or to serve city calls (its chain clients connect lazily), so
  // hive-sim is not started (see serverEnvironment).
  const serverEnv = await serverEnvironment(run);

  // 2. Players, their cities and sessions, through the server's own code (see seed.ts).
  const usernames = Array.from({ length: PLAYERS }, (_, i) => `bench${String(i + 1).padStart(4, '0')}`);
  const warmUsernames = Array.from({ length: HARVEST_WARMUP_PLAYERS }, (_, i) => `warm${String(i + 1).padStart(4, '0')}`);
  const seeded = await seedPlayers([...usernames, ...warmUsernames], {
    ...serverEnv,
    // Durability is irrelevant for a throw-away database: do not wait for a WAL flush per player.
    DATABASE_URL: databaseUrl(database, { options: '-c synchronous_commit=off' }),
  });
  const players = seeded.slice(0, PLAYERS);
  const warmPlayers = seeded.slice(PLAYERS);
  // As if 4 hours had passed since the cities were founded (what the system tests' letTimePass
  // does): every harvest then collects a real 4 hours of production. Then fresh planner statistics.
  await queryBenchDatabase(`UPDATE cities SET production_anchor_at = production_anchor_at - interval '4 hours'`);
  await queryBenchDatabase('VACUUM ANALYZE');
  log(`${seeded.length} players seeded (${PLAYERS} measured + ${HARVEST_WARMUP_PLAYERS} only for the harvest warm-up)`);

  // 3. The api as its own process, like startStack (apps/e2e/src/support/stack.ts).
  const { url: apiUrl, api } = await startApi(run, serverEnv);
  await sanityChecks(apiUrl, players);

  // 4. Warm-up: JIT and connection pools; then one call per player, so every bearer session is in
  //    the api's session cache (Redis) before anything is counted.
  await runLoad({ url: apiUrl, connections: CONNECTIONS, seconds: WARMUP_SECONDS, next: roundRobin(seeded, resourcesRequest).next });
  assertAllOk(
    'session cache fill',
    await runLoad({ url: apiUrl, connections: CONNECTIONS, amount: seeded.length, next: roundRobin(seeded, resourcesRequest).next }),
    seeded.length,
  );

  // 5. Database transactions per resources call. Each statement outside a transaction commits on its
  //    own, so for this read transactions = round trips. Sessions on the database are ended before
  //    each reading so their statistics are published (see committedTransactions).
  const before = await committedTransactions(database);
  const sample = await runLoad({
    url: apiUrl,
    connections: CONNECTIONS,
    amount: ROUND_TRIP_SAMPLE,
    next: roundRobin(players, resourcesRequest).next,
  });
  const afterResources = await committedTransactions(database);
  assertAllOk('round-trip sample', sample, ROUND_TRIP_SAMPLE);
  const resourcesTransactions = (afterResources - before) / ROUND_TRIP_SAMPLE;
  // The harvest warm-up doubles as the count for harvest (one transaction of many statements).
  const warmHarvest = await runLoad({
    url: apiUrl,
    connections: CONNECTIONS,
    amount: HARVEST_WARMUP_PLAYERS,
    next: roundRobin(warmPlayers, harvestRequest).next,
  });
  const afterHarvest = await committedTransactions(database);
  assertAllOk('harvest warm-up', warmHarvest, HARVEST_WARMUP_PLAYERS);
  const harvestTransactions = (afterHarvest - afterResources) / HARVEST_WARMUP_PLAYERS;
  // Reopen the pool ended by the readings above before measuring.
  await runLoad({ url: apiUrl, connections: CONNECTIONS, seconds: 2, next: roundRobin(seeded, resourcesRequest).next });
  await sleep(DRAIN_MS);
  log('warmed up');

  // 6. The measured runs.
  //    Meanwhile pg_stat_activity is sampled: what the api's database sessions are doing.
  //    And the CPU time the api, PostgreSQL and autocannon use, per request.
  const apiPid = api.pid ?? 0;
  let stopCpuMeter = await startCpuMeter(apiPid, database);
  const resourcesRun = runLoad({
    url: apiUrl,
    connections: CONNECTIONS,
    seconds: RESOURCES_SECONDS,
    next: roundRobin(players, resourcesRequest).next,
  });
  const [resources, resourcesSessions] = await Promise.all([resourcesRun, sampleSessions(database, resourcesRun)]);
  const resourcesCpu = await stopCpuMeter();
  await sleep(DRAIN_MS);
  log('resources run done');
  const harvests = roundRobin(players, harvestRequest);
  stopCpuMeter = await startCpuMeter(apiPid, database);
  const harvestRun = runLoad({ url: apiUrl, connections: CONNECTIONS, amount: PLAYERS, next: harvests.next });
  const [harvest, harvestSessions] = await Promise.all([harvestRun, sampleSessions(database, harvestRun)]);
  const harvestCpu = await stopCpuMeter();
  log('harvest run done');

  // 7. Checks: every call succeeded, every player harvested exactly once, the ledger still balances.
  const problems: string[] = [];
  if (resources.non2xx + resources.errors + resources.timeouts > 0) problems.push(`resources: ${describe(resources)}`);
  if (
    harvest.requests !== PLAYERS ||
    harvest.non2xx + harvest.errors + harvest.timeouts > 0 ||
    (harvest.statusCodes['200'] ?? 0) !== PLAYERS
  ) {
    problems.push(`harvest: ${describe(harvest)}`);
  }
  if (harvests.calls() !== PLAYERS) problems.push(`harvest: ${harvests.calls()} requests built for ${PLAYERS} players`);
  const [{ harvested, postings, legs }] = await queryBenchDatabase<{ harvested: number; postings: number; legs: number }>(
    `SELECT (SELECT count(*)::int FROM cities c JOIN players p ON p.id = c.player_id
              WHERE p.hive_username LIKE 'bench%' AND c.last_harvest_at IS NOT NULL) AS harvested,
            count(DISTINCT posting_id)::int AS postings, count(*)::int AS legs
       FROM ledger_entries WHERE reason = 'harvest'`,
  );
  if (harvested !== PLAYERS) problems.push(`${harvested} of ${PLAYERS} cities harvested`);
  if (postings !== PLAYERS + HARVEST_WARMUP_PLAYERS)
    problems.push(`${postings} harvest postings, expected ${PLAYERS + HARVEST_WARMUP_PLAYERS}`);
  const unbalanced = await queryBenchDatabase<{ asset: string; total: string }>(
    `SELECT asset, sum(amount)::text AS total FROM balances GROUP BY asset HAVING sum(amount) <> 0`,
  );
  if (unbalanced.length > 0) problems.push(`ledger does not balance: ${JSON.stringify(unbalanced)}`);

  // 8. The report.
  console.log(`\n${PLAYERS} players, ${CONNECTIONS} connections, api on 127.0.0.1 (LOG_LEVEL=warn)\n`);
  printTable([
    [`GET  /api/city/resources/{username} (${RESOURCES_SECONDS} s)`, resources],
    [`POST /api/city/harvest/{username} (1 per player)`, harvest],
  ]);
  console.log(
    `\nDatabase transactions per call (pg_stat_database: xact_commit less session starts, over a fixed number of calls, bearer sessions already cached):\n` +
      `  resources: ${resourcesTransactions.toFixed(2)} over ${ROUND_TRIP_SAMPLE} calls; single statements, so these are the round trips to PostgreSQL\n` +
      `  harvest:   ${harvestTransactions.toFixed(2)} over ${HARVEST_WARMUP_PLAYERS} calls; one transaction of many statements (${(legs / Math.max(postings, 1)).toFixed(1)} ledger entries per harvest)`,
  );
  console.log(
    `\nThe api's PostgreSQL sessions during each run (mean of ${resourcesSessions.samples} / ${harvestSessions.samples} samples of pg_stat_activity):`,
  );
  console.log(`  resources: ${describeSessions(resourcesSessions)}`);
  console.log(`  harvest:   ${describeSessions(harvestSessions)}`);
  console.log(`\nCPU time per request (ms; /proc; the api process, this database's PostgreSQL backends, this process with autocannon):`);
  console.log(`  resources: ${describeCpu(resourcesCpu, resources)}`);
  console.log(`  harvest:   ${describeCpu(harvestCpu, harvest)}`);
  console.log(
    `Load average at the end: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')}`,
  );
  if (problems.length > 0) throw new Error(`benchmark checks failed:\n  ${problems.join('\n  ')}`);
  console.log('Checks: every call 2xx, each of the 1,000 cities harvested exactly once, ledger balanced.');
}

function queryBenchDatabase<T>(sql: string): Promise<T[]> {
  return queryDatabase<T>(database, sql);
}

/** One call by hand before the load: the player's own city answers 200, another player's 403. */
async function sanityChecks(apiUrl: string, players: SeededPlayer[]): Promise<void> {
  const [first, second] = players;
  const own = await fetch(`${apiUrl}/api/city/resources/${first.username}`, { headers: { authorization: `Bearer ${first.token}` } });
  const body = (await own.json()) as { chLevel?: number };
  if (own.status !== 200 || typeof body.chLevel !== 'number')
    throw new Error(`resources of ${first.username}: ${own.status} ${JSON.stringify(body)}`);
  const other = await fetch(`${apiUrl}/api/city/resources/${second.username}`, { headers: { authorization: `Bearer ${first.token}` } });
  if (other.status !== 403) throw new Error(`another player's city answered ${other.status}, expected 403`);
}

function assertAllOk(name: string, result: LoadResult, expected: number): void {
  if (result.requests !== expected || result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${name}: ${describe(result)}`);
}

function describeCpu(cpu: CpuUse | null, result: LoadResult): string {
  if (!cpu) return 'not available';
  const perRequest = (seconds: number) => ((seconds * 1000) / Math.max(result.requests, 1)).toFixed(2);
  const busy = (seconds: number) => `${Math.round((seconds / result.wallSeconds) * 100)}%`;
  return (
    `api ${perRequest(cpu.api)}, PostgreSQL ${perRequest(cpu.postgres)}, autocannon ${perRequest(cpu.bench)}` +
    ` (of one core over the run: ${busy(cpu.api)}, ${busy(cpu.postgres)}, ${busy(cpu.bench)})`
  );
}

function describeSessions(sample: SessionSample): string {
  return `${sample.running.toFixed(1)} running a statement, ${sample.lockWaiting.toFixed(1)} waiting for a lock, ${sample.idleInTransaction.toFixed(1)} idle in a transaction`;
}

function describe(result: LoadResult): string {
  return `${result.requests} responses, status ${JSON.stringify(result.statusCodes)}, ${result.errors} errors, ${result.timeouts} timeouts`;
}

runBenchmark(main, () => run.cleanUp(), DEADLINE_MS);

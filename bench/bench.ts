/**
 * `npm run bench`: the benchmarks of issue 10, each figure next to a baseline measured in the same
 * run, on the same database and Redis, with the same connection count. Prints one table and writes
 * it, with the machine and the date, to docs/benchmarks.md (between its markers).
 *
 *   - the authenticated city read against a bare node:http + pg server running the same SQL (city-read.ts);
 *   - a gear purchase and a resource conversion against pgbench running the same transactions (money.ts);
 *   - 50 buyers on one listing: one sale, the rest refused fast (one-listing.ts);
 *   - live notifications: 2,000 sockets on the api, 200 notifications/s, delivery latency and memory per socket (push.ts);
 *   - the chain follower: blocks caught up per second, and a transfer's time to credit (chain-follower.ts);
 *   - opt-in, only when BENCH_SCENARIOS names it: N players with sockets acting every 10 s, stepped
 *     up to the most whose call p99 and push p99 stay within goal (players.ts).
 *
 * One database of its own (the real migrations) and one Redis prefix; hive-sim, the api, the worker
 * and the baselines each run as their own process. Everything it starts it stops, by PID; it drops
 * its database and deletes its Redis keys, also on failure, on Ctrl-C and at its deadline. Exits 1
 * when a check fails (a call refused, a sale twice, the ledger unbalanced); a goal missed is reported,
 * not a failure. `npm run bench:city` and `npm run bench:leaderboard` stay separate, longer looks.
 *
 * `npm run bench -- --short` (a step of npm test, about a minute): every scenario, players included, at a small
 * size (sizes.ts): it fails when a scenario or a baseline cannot run or a check fails, never on a goal, and writes
 * nothing to docs/benchmarks.md.
 *
 * BENCH_SCENARIOS: a comma-separated subset of city, money, one-listing, push, chain, players (for
 * profiling, or for `players`, which the default run leaves out); docs/benchmarks.md is written only
 * when every default scenario ran at full size. For profiling only: BENCH_CPU_PROF=1 (the api and the worker
 * write V8 CPU profiles to tmp/bench-logs/<process>.cpuprofile.d/ when they stop; summarise one with
 * `node -r @swc-node/register bench/cpu-profile.ts <file>`).
 */
import { runMigrations } from '@runik/server';
import { TEST_REDIS_COMMAND_TIMEOUT_MS } from '../apps/e2e/src/support/stack';
import { cityRead } from './city-read';
import { chainFollower } from './chain-follower';
import { seedGame } from './game';
import { runBenchmark } from './load';
import { moneyActions } from './money';
import { oneListing } from './one-listing';
import { playersScenario } from './players';
import { pushDelivery } from './push';
import { markdownTable, reportText, Row, ScenarioReport, writeReport } from './report';
import { FULL, SHORT } from './sizes';
import {
  BenchmarkRun,
  databaseUrl,
  freePort,
  log,
  printMachine,
  queryDatabase,
  serverEnvironment,
  startApi,
  startNodeProcess,
  waitUntilHealthy,
} from './support';

const size = process.argv.includes('--short') ? SHORT : FULL;

/** Run by default. */
const SCENARIOS = ['city', 'money', 'one-listing', 'push', 'chain'] as const;
/** Run only when BENCH_SCENARIOS names them, or in the short run. */
const OPT_IN = ['players'] as const;
const chosen = (process.env.BENCH_SCENARIOS ?? [...SCENARIOS, ...(size.short ? OPT_IN : [])].join(','))
  .split(',')
  .map((name) => name.trim());
for (const name of chosen)
  if (![...SCENARIOS, ...OPT_IN].includes(name as never)) throw new Error(`BENCH_SCENARIOS: unknown scenario ${name}`);
const runs = (name: (typeof SCENARIOS)[number] | (typeof OPT_IN)[number]) => chosen.includes(name);
/** The players scenario's steps (seeding included) take up to about 7 minutes more; the short run about a minute, longer on a busy machine. */
const DEADLINE_MS = (size.short ? 5 : runs('players') ? 15 : 8) * 60_000;

const run = new BenchmarkRun();

async function main(): Promise<void> {
  const startedAt = new Date();
  const machine = await printMachine();

  run.databaseCreated = true;
  // hive-sim, for the chain follower (the worker reads its blocks), starts while the database is migrated.
  const simPort = await freePort();
  const simUrl = `http://127.0.0.1:${simPort}`;
  const sim = startNodeProcess(`${run.redisPrefix}-hive-sim`, 'apps/hive-sim/src/main.ts', {
    HIVE_SIM_PORT: String(simPort),
    HIVE_SIM_ENGINE_DELAY_MS: '0',
  });
  run.children.push(sim);
  await runMigrations(databaseUrl(run.database));
  log(`database ${run.database} migrated`);
  await waitUntilHealthy(`${simUrl}/health`, sim);
  const env = {
    ...(await serverEnvironment(run, simUrl)),
    // The short run is a test, beside npm test's other stacks: it gives Redis the tests' time to answer, not the
    // product's 0.5 s after which a call answers 503 (apps/e2e/src/support/stack.ts says why).
    ...(size.short ? { REDIS_COMMAND_TIMEOUT_MS: TEST_REDIS_COMMAND_TIMEOUT_MS } : {}),
  };

  // The api processes start while the game is seeded (an api needs no players to start; a start is seconds of CPU
  // that would otherwise be waited for), the push scenario's beside the first.
  const pushInspectorPort = await freePort();
  const apis = Promise.all([startApi(run, env), runs('push') ? startApi(run, env, 'push-api', pushInspectorPort) : undefined]);
  apis.catch(() => undefined); // a failed start fails the run where it is awaited, after the seeding
  const { players, sellers, listings } = size.game;
  const game = await seedGame(run.database, env, size.game);
  log(`${players} players and ${sellers} sellers seeded, ${Object.values(listings).reduce((a, b) => a + b)} listings`);
  const [{ url: apiUrl, api }, pushApi] = await apis;

  const reports: ScenarioReport[] = [];
  if (runs('city')) reports.push(await cityRead(run, apiUrl, api.pid ?? 0, game, size.city));
  if (runs('money')) reports.push(await moneyActions(run, apiUrl, api.pid ?? 0, game, size.money));
  if (runs('one-listing')) reports.push(await oneListing(run, apiUrl, api.pid ?? 0, game, size.oneListing));
  if (pushApi) {
    // An api process of its own: the first holds the earlier scenarios' garbage, which a
    // collection during the connects would take out of the memory per socket (it once read -50 KiB).
    const api = { url: pushApi.url, pid: pushApi.api.pid ?? 0, inspectorPort: pushInspectorPort };
    reports.push(await pushDelivery(api, game.players, env, run.database, size.push));
  }
  if (runs('chain')) reports.push(await chainFollower(run, simUrl, env, game.players, size.chain));
  if (runs('players')) reports.push(await playersScenario(run, { url: apiUrl, pid: api.pid ?? 0 }, game, env, size.players));
  await checkLedger(run.database);

  const rows: Row[] = reports.flatMap((report) => report.rows);
  const playersNote = size.players.strict
    ? " The players scenario's refusals by a rule are counted (above); an error or a push not arrived would have failed the run."
    : ' The players scenario counts its non-2xx answers (above) instead of failing on them.';
  const details = [
    ...reports.flatMap((report) => report.details),
    'Checks passed: every measured call answered 2xx (the refusals of the one-listing race 409), every transfer to the game account credited once, no balance negative, the ledger balanced for every asset.' +
      (runs('players') ? playersNote : ''),
  ];
  console.log(`\n${markdownTable(rows)}\n`);
  for (const line of details) console.log(`- ${line}`);
  if (size.short) console.log('\nShort run: every scenario ran and every check passed; its figures and goals mean nothing at this size.');
  else if (SCENARIOS.every((name) => runs(name)))
    console.log(`\nWritten to ${writeReport(reportText(machine, startedAt, rows, details))}.`);
}

/** Conservation: every asset sums to zero over all accounts, system accounts included; no account that may not go negative has. */
async function checkLedger(database: string): Promise<void> {
  const unbalanced = await queryDatabase(
    database,
    `SELECT asset, sum(amount)::text AS total FROM balances GROUP BY asset HAVING sum(amount) <> 0`,
  );
  const negative = await queryDatabase(
    database,
    `SELECT account_id, asset, amount::text FROM balances WHERE amount < 0 AND NOT allow_negative`,
  );
  if (unbalanced.length > 0 || negative.length > 0)
    throw new Error(`ledger: unbalanced ${JSON.stringify(unbalanced)}, negative ${JSON.stringify(negative)}`);
}

runBenchmark(main, () => run.cleanUp(), DEADLINE_MS);

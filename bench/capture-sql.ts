/**
 * Prints the SQL the api runs for the two money actions of `npm run bench`, as PostgreSQL logs it,
 * to check the pgbench scripts (bench/pgbench/*.sql) against:
 *   node -r @swc-node/register bench/capture-sql.ts
 *
 * A small game on a database of its own (bench/game.ts) with `log_statement = 'all'` set on that
 * database before the api connects; one purchase and one conversion each as a warm-up (the ledger
 * caches the system accounts' ids on first use), then one of each measured, between marker
 * statements. Reads the server's log (BENCH_POSTGRES_LOG, default Debian's
 * /var/log/postgresql/postgresql-<major>-main.log; needs read access) from where it stood at the
 * start, and prints every statement and its parameters on that database, in order. Cleans up as
 * the benchmarks do.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { ApiRoutes } from '@runik/contract';
import { runMigrations } from '@runik/server';
import { seedGame } from './game';
import { runBenchmark } from './load';
import { BenchmarkRun, databaseUrl, log, queryDatabase, serverEnvironment, startApi, withAdmin } from './support';

const run = new BenchmarkRun();

async function main(): Promise<void> {
  const major = await withAdmin((admin) =>
    admin.query('SHOW server_version_num').then(({ rows }) => Math.floor(Number(rows[0].server_version_num) / 10000)),
  );
  const logFile = process.env.BENCH_POSTGRES_LOG ?? `/var/log/postgresql/postgresql-${major}-main.log`;
  run.databaseCreated = true;
  await runMigrations(databaseUrl(run.database));
  const env = await serverEnvironment(run);
  const game = await seedGame(run.database, env, { players: 2, sellers: 1, listings: { apiWarmUp: 1, api: 1, pgbench: 0, oneListing: 0 } });
  await withAdmin((admin) => admin.query(`ALTER DATABASE "${run.database}" SET log_statement = 'all'`));
  const { url } = await startApi(run, env);
  const [buyer] = game.players;
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  const buy = (listingId: number) => call(ApiRoutes.buyGear, { buyerUsername: buyer.username, listingId });
  const convert = () => call(ApiRoutes.cityConvert(buyer.username), { selectedResources: ['wheat'], amount: 1 });
  await buy(game.listings.apiWarmUp.first);
  await convert();

  const start = statSync(logFile).size;
  const mark = (text: string) => queryDatabase(run.database, `SELECT '${text}' AS marker`);
  await mark('capture: gear purchase');
  await buy(game.listings.api.first);
  await mark('capture: resource conversion');
  await convert();
  await mark('capture: end');
  log(`read ${logFile} from byte ${start}`);

  const file = openSync(logFile, 'r');
  const buffer = Buffer.alloc(statSync(logFile).size - start);
  readSync(file, buffer, 0, buffer.length, start);
  closeSync(file);
  // Log lines start with `%m [%p] %q%u@%d `; a statement's later lines follow without the prefix.
  let ours = false;
  for (const line of buffer.toString('utf8').split('\n')) {
    const prefixed = /^\d{4}-\d\d-\d\d [\d:.]+ \S+ \[\d+\] (?:\S+@(\S+) )?(.*)$/.exec(line);
    if (prefixed) {
      ours = prefixed[1] === run.database;
      if (ours) console.log(prefixed[2].replace(/^LOG: {2}/, '').replace(/^DETAIL: {2}/, '    '));
    } else if (ours && line.trim() !== '') {
      console.log(`  ${line.trim()}`);
    }
  }
}

runBenchmark(main, () => run.cleanUp(), 120_000);

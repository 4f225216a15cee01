import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { PrivateKey } from '@hiveio/dhive';
import Redis from 'ioredis';
import { Client } from 'pg';
import { dataSourceOptions, loadAppConfig } from '@runik/server';
import {
  freePort,
  startNodeProcess as startProcess,
  stopProcess,
  waitUntilHealthy,
  WORKSPACE_ROOT,
} from '../apps/e2e/src/support/processes';

/**
 * Database and Redis helpers for the benchmarks; processes start as the system tests' do
 * (apps/e2e/src/support): real processes, a database and a Redis prefix of their own.
 */

export { freePort, stopProcess, waitForOutput, waitUntilHealthy, WORKSPACE_ROOT } from '../apps/e2e/src/support/processes';
export const LOG_DIR = join(__dirname, '..', 'tmp', 'bench-logs');

/**
 * The system tests' process runner, logging to tmp/bench-logs. With BENCH_CPU_PROF=1 the processes
 * named in `profiled` (api, worker) instead run with `--cpu-prof` (not allowed in NODE_OPTIONS) and
 * write a V8 CPU profile to tmp/bench-logs/<name>.cpuprofile.d when they stop (see cpu-profile.ts).
 */
export function startNodeProcess(name: string, entry: string, env: Record<string, string>, profiled = false): ChildProcess {
  if (!profiled || process.env.BENCH_CPU_PROF !== '1') return startProcess(name, entry, env, LOG_DIR);
  mkdirSync(LOG_DIR, { recursive: true });
  const logFile = createWriteStream(join(LOG_DIR, `${name}.log`));
  const child = spawn(
    process.execPath,
    ['--cpu-prof', `--cpu-prof-dir=${join(LOG_DIR, `${name}.cpuprofile.d`)}`, '-r', '@swc-node/register', join(WORKSPACE_ROOT, entry)],
    {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.pipe(logFile, { end: false });
  child.stderr?.pipe(logFile, { end: false });
  child.once('close', () => logFile.end());
  return child;
}

/** The PostgreSQL server (its maintenance database); the benchmark database lives next to the tests'. */
export const ADMIN_POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** The size of the api's (and worker's) pg pool, as dataSourceOptions sets it. */
export const API_POOL_MAX = (dataSourceOptions(ADMIN_POSTGRES_URL) as { extra?: { max?: number } }).extra?.max ?? 10;

export function databaseUrl(name: string, parameters: Record<string, string> = {}): string {
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  for (const [key, value] of Object.entries(parameters)) url.searchParams.set(key, value);
  return url.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}

export async function withAdmin<T>(work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: ADMIN_POSTGRES_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/** Deletes the keys the api wrote under its own prefix (`<prefix>:` and BullMQ's `<prefix>-bull:`). */
export async function deleteRedisKeys(prefix: string): Promise<number> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    redis.disconnect();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Transactions committed in one database so far, less the one each new session commits while it
 * starts (so a pool reconnecting does not count), read reliably. Since PostgreSQL 15 a backend may
 * hold its statistics for up to ~10 s before publishing them, but always publishes them when it
 * exits: so this first ends every session on that database (the api's pool reconnects on its next
 * query), waits until they are gone, then reads `pg_stat_database` from the maintenance database
 * (so the reading itself is not counted).
 */
export async function committedTransactions(database: string): Promise<number> {
  return withAdmin(async (admin) => {
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
    const deadline = Date.now() + 5000;
    for (;;) {
      const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [database]);
      if (rows[0].n === 0) break;
      if (Date.now() > deadline) throw new Error(`sessions on ${database} did not end within 5 s`);
      await sleep(20);
    }
    await admin.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await admin.query(`SELECT (xact_commit - sessions)::bigint AS n FROM pg_stat_database WHERE datname = $1`, [database]);
    return Number(rows[0].n);
  });
}

export interface SessionSample {
  /** Mean number of the database's sessions in each state over the samples. */
  lockWaiting: number;
  running: number;
  idleInTransaction: number;
  samples: number;
}

/**
 * Samples `pg_stat_activity` for one database every `intervalMs` until `until` settles: how many
 * sessions run a statement, wait for a lock, or sit inside a transaction waiting for the api.
 */
export async function sampleSessions(database: string, until: Promise<unknown>, intervalMs = 50): Promise<SessionSample> {
  return withAdmin(async (admin) => {
    let done = false;
    void until.finally(() => (done = true)).catch(() => undefined);
    const totals = { lockWaiting: 0, running: 0, idleInTransaction: 0, samples: 0 };
    while (!done) {
      const { rows } = await admin.query(
        `SELECT count(*) FILTER (WHERE state = 'active' AND wait_event_type = 'Lock')::int AS lock_waiting,
                count(*) FILTER (WHERE state = 'active' AND wait_event_type IS DISTINCT FROM 'Lock')::int AS running,
                count(*) FILTER (WHERE state = 'idle in transaction')::int AS idle_in_transaction
           FROM pg_stat_activity WHERE datname = $1`,
        [database],
      );
      totals.lockWaiting += rows[0].lock_waiting;
      totals.running += rows[0].running;
      totals.idleInTransaction += rows[0].idle_in_transaction;
      totals.samples += 1;
      await sleep(intervalMs);
    }
    const n = Math.max(totals.samples, 1);
    return {
      lockWaiting: totals.lockWaiting / n,
      running: totals.running / n,
      idleInTransaction: totals.idleInTransaction / n,
      samples: totals.samples,
    };
  });
}

/** CPU time (user + system) a process has used so far, from /proc (Linux); null if unreadable. */
export function processCpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in ticks of 1/100 s (USER_HZ)
  } catch {
    return null;
  }
}

/** The whole machine's CPU time so far, busy and idle (idle and I/O wait), from /proc/stat's first line, in seconds. */
function machineCpuSeconds(): { busy: number; idle: number } {
  const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/).slice(1).map(Number);
  const all = ticks.reduce((sum, tick) => sum + tick, 0);
  const idle = ticks[3] + ticks[4];
  return { busy: (all - idle) / 100, idle: idle / 100 };
}

/**
 * Starts measuring the whole machine's CPU: what every process together used (the load generator, the api or pgbench,
 * PostgreSQL, Redis, the rest) and how long the cores sat idle. Call the returned function at the end.
 */
export function startMachineMeter(): () => { busy: number; idle: number } {
  const start = machineCpuSeconds();
  return () => {
    const end = machineCpuSeconds();
    return { busy: end.busy - start.busy, idle: end.idle - start.idle };
  };
}

export interface CpuUse {
  /** CPU seconds used during the measurement. */
  api: number;
  postgres: number;
  bench: number;
}

/**
 * Starts measuring the CPU time of the api process (or processes, summed), of the PostgreSQL backends serving the
 * benchmark database (those present at the end; one that started meanwhile counts in full), and of
 * this process (autocannon). Call the returned function at the end.
 */
export async function startCpuMeter(apiPids: number | number[], database: string): Promise<() => Promise<CpuUse | null>> {
  const pids = typeof apiPids === 'number' ? [apiPids] : apiPids;
  const backends = () =>
    withAdmin((admin) => admin.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1`, [database])).then(({ rows }) =>
      rows.map((row) => Number(row.pid)),
    );
  const apiStart = pids.map(processCpuSeconds);
  const postgresStart = new Map((await backends()).map((pid) => [pid, processCpuSeconds(pid) ?? 0]));
  const benchStart = process.cpuUsage();
  return async () => {
    const bench = process.cpuUsage(benchStart);
    const apiEnd = pids.map(processCpuSeconds);
    let postgres = 0;
    for (const pid of await backends()) postgres += (processCpuSeconds(pid) ?? 0) - (postgresStart.get(pid) ?? 0);
    let api = 0;
    for (const [i, end] of apiEnd.entries()) {
      const start = apiStart[i];
      if (start === null || end === null) return null;
      api += end - start;
    }
    return { api, postgres, bench: (bench.user + bench.system) / 1e6 };
  };
}

/** What a benchmark run creates and must remove however it ends: its database, its Redis keys, its processes. */
export class BenchmarkRun {
  readonly database = uniqueName('runik_bench_');
  readonly redisPrefix = uniqueName('bench');
  readonly children: ChildProcess[] = [];
  databaseCreated = false;
  private cleanedUp: Promise<void> | null = null;

  cleanUp(): Promise<void> {
    this.cleanedUp ??= (async () => {
      await Promise.all(this.children.map((child) => stopProcess(child).catch(() => undefined)));
      if (this.databaseCreated)
        await dropDatabase(this.database).catch((error) => console.error(`could not drop ${this.database}: ${error.message}`));
      await deleteRedisKeys(this.redisPrefix).catch((error) =>
        console.error(`could not delete Redis keys ${this.redisPrefix}*: ${error.message}`),
      );
    })();
    return this.cleanedUp;
  }
}

/** A progress line stamped with the seconds since the benchmark started. */
export function log(message: string): void {
  console.log(`[${(performance.now() / 1000).toFixed(1).padStart(5)} s] ${message}`);
}

export interface Machine {
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  postgres: string;
  redis: string;
  /** 1, 5 and 15-minute load averages when the run started. */
  load: number[];
}

/** What the figures were measured on; PostgreSQL's and Redis's versions are asked of the servers used. */
export async function machine(): Promise<Machine> {
  const cpu = cpus();
  const postgres = await withAdmin((admin) => admin.query('SHOW server_version').then(({ rows }) => String(rows[0].server_version)));
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  let redisVersion = 'unknown';
  try {
    await redis.connect();
    redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? 'unknown';
  } finally {
    redis.disconnect();
  }
  return {
    cores: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown CPU',
    memoryGiB: totalmem() / 2 ** 30,
    node: process.version,
    postgres,
    redis: redisVersion,
    load: loadavg(),
  };
}

export function describeLoad(load = loadavg()): string {
  return load.map((value) => value.toFixed(2)).join(' ');
}

export function describeMachine(info: Machine): string {
  return (
    `${info.cores} cores (${info.cpuModel}), ${info.memoryGiB.toFixed(1)} GiB, Node ${info.node}, ` +
    `PostgreSQL ${info.postgres}, Redis ${info.redis}, load average ${describeLoad(info.load)}`
  );
}

/** The machine line every benchmark starts with, and a warning when other work already keeps the cores busy. */
export async function printMachine(consequence = 'expect lower, noisier figures'): Promise<Machine> {
  const info = await machine();
  console.log(`Machine: ${describeMachine(info)}`);
  console.log('The load generator, the servers, PostgreSQL and Redis all share these cores.');
  if (info.load[0] > info.cores / 2) {
    console.log(`Warning: the machine is already busy (1-minute load ${info.load[0].toFixed(2)} on ${info.cores} cores): ${consequence}.`);
  }
  console.log('');
  return info;
}

/**
 * The api's (and worker's) environment for a benchmark run: its own database and Redis prefix, no
 * per-request log lines, rate limits out of the way (they are still counted in Redis on every call).
 * Without `chainUrl` the chain URLs point at a closed local port: the api needs no chain to start or
 * to serve the calls measured without hive-sim, and a chain call would fail fast.
 */
export async function serverEnvironment(run: BenchmarkRun, chainUrl?: string): Promise<Record<string, string>> {
  const chain = chainUrl ?? `http://127.0.0.1:${await freePort()}`;
  const { GAME_ACCOUNT, HIVE_SIM_PASSWORD } = loadAppConfig({});
  return {
    // A production worker needs the game account's active key: hive-sim's dev key here.
    GAME_ACCOUNT_ACTIVE_KEY: PrivateKey.fromLogin(GAME_ACCOUNT, HIVE_SIM_PASSWORD, 'active').toString(),
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl(run.database),
    REDIS_URL,
    REDIS_PREFIX: run.redisPrefix,
    HIVE_NODE_URL: chain,
    HIVE_ENGINE_URL: chain,
    // Production refuses to start on development's defaults (loadAppConfig): named, though they are hive-sim's.
    GAME_ACCOUNT,
    BULL_BOARD_PASSWORD: 'bench-operator',
    // hive-sim's HiveSigner stand-in and the app its tokens name (issue 49): production requires both.
    HIVESIGNER_API_URL: chain,
    HIVESIGNER_APP: 'runik.app',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_MINUTE: '1000000',
    // Every benchmark client is 127.0.0.1 (push.ts holds 2,000 sockets of a few hundred sessions).
    SOCKET_CONNECTIONS_PER_ADDRESS: '1000000',
    SOCKETS_PER_SESSION: '1000000',
    SOCKET_HANDSHAKES_PER_MINUTE_PER_ADDRESS: '1000000',
    SOCKET_HANDSHAKES_PER_MINUTE_PER_SESSION: '1000000',
  };
}

/**
 * Starts an api as its own process (apps/api/src/main.ts, as `npm start` does) on 127.0.0.1 and waits until it is
 * healthy; `name` tells several apart in the logs. With `inspectorPort` it runs with `--inspect` there, for
 * `collectGarbage` only.
 */
export async function startApi(
  run: BenchmarkRun,
  env: Record<string, string>,
  name = 'api',
  inspectorPort?: number,
): Promise<{ url: string; api: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const inspect: Record<string, string> =
    inspectorPort === undefined ? {} : { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --inspect=127.0.0.1:${inspectorPort}`.trim() };
  const api = startNodeProcess(
    `${run.redisPrefix}-${name}`,
    'apps/api/src/main.ts',
    { ...env, ...inspect, PORT: String(port), HOST: '127.0.0.1' },
    true,
  );
  run.children.push(api);
  await waitUntilHealthy(`${url}/api/health`, api);
  log(`${name} pid ${api.pid} listening on ${url} (log: ${LOG_DIR}/${run.redisPrefix}-${name}.log)`);
  return { url, api };
}

/**
 * Has a process started with `--inspect` on `port` collect its garbage in full, through the DevTools protocol (twice:
 * what weak references and finalizers let go of in the first is taken by the second).
 */
export async function collectGarbage(port: number): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    for (const id of [1, 2]) {
      const answered = new Promise<void>((resolve) => {
        socket.onmessage = (event) => {
          if ((JSON.parse(String(event.data)) as { id?: number }).id === id) resolve();
        };
      });
      socket.send(JSON.stringify({ id, method: 'HeapProfiler.collectGarbage' }));
      await answered;
    }
  } finally {
    socket.close();
  }
}

/** Runs one SQL statement on the benchmark's database in a connection of its own. */
export async function queryDatabase<T>(database: string, sql: string, parameters: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl(database) });
  await client.connect();
  try {
    return (await client.query(sql, parameters)).rows as T[];
  } finally {
    await client.end();
  }
}

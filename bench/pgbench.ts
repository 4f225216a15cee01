import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from './load';
import type { LoadLength } from './sizes';
import { databaseUrl, LOG_DIR } from './support';

/** PostgreSQL's pgbench (Debian's postgresql-client has it at /usr/bin/pgbench); BENCH_PGBENCH to use another. */
const PGBENCH = process.env.BENCH_PGBENCH ?? 'pgbench';

export interface PgbenchOptions {
  database: string;
  /** A custom script (bench/pgbench/*.sql). */
  script: string;
  clients: number;
  length: LoadLength;
  /** `-D name=value` for the script. */
  variables: Record<string, string | number>;
  /** Names the per-transaction log files (tmp/bench-logs/<name>.*), removed once read. */
  name: string;
}

export interface PgbenchResult {
  transactions: number;
  failed: number;
  /** pgbench's tps, "without initial connection time". */
  transactionsPerSecond: number;
  /** Of every transaction, from pgbench's per-transaction log, in ms. */
  p50: number;
  p99: number;
  /** Every transaction's latency (ms), sorted. */
  latencies: number[];
}

/**
 * Runs pgbench with a custom script the way the api talks to PostgreSQL: the extended query protocol
 * with prepared statements (`-M prepared`, as `rows` sends the api's money statements), `-n` (no
 * vacuum of pgbench's own tables, which this database lacks), two threads (the machine's cores).
 */
export async function runPgbench(options: PgbenchOptions): Promise<PgbenchResult> {
  mkdirSync(LOG_DIR, { recursive: true });
  const logPrefix = join(LOG_DIR, options.name);
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(options.clients),
    '-j',
    String(Math.min(2, options.clients)),
    ...(options.length.amount === undefined
      ? ['-T', String(options.length.seconds)]
      : ['-t', String(Math.ceil(options.length.amount / options.clients))]),
    '-f',
    options.script,
    ...Object.entries(options.variables).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    '-l',
    `--log-prefix=${logPrefix}`,
    databaseUrl(options.database),
  ];
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(PGBENCH, args, { cwd: LOG_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('close', (exitCode) => resolve({ code: exitCode, stdout: out, stderr: err }));
  });
  const latencies = readLatencies(options.name);
  const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? NaN);
  const transactions = number(/number of transactions actually processed: (\d+)/);
  const failed = number(/number of failed transactions: (\d+)/) || 0;
  const transactionsPerSecond = number(/tps = ([\d.]+) \(without initial connection time\)/);
  if (code !== 0 || !Number.isFinite(transactions) || !Number.isFinite(transactionsPerSecond)) {
    throw new Error(`pgbench ${options.name} exited with code ${code}:\n${stdout}\n${stderr}`);
  }
  latencies.sort((a, b) => a - b);
  return { transactions, failed, transactionsPerSecond, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), latencies };
}

/** Several pgbench runs as one: transactions over the sum of their durations, percentiles over every transaction. */
export function mergePgbench(results: PgbenchResult[]): PgbenchResult {
  const transactions = results.reduce((total, result) => total + result.transactions, 0);
  const seconds = results.reduce((total, result) => total + result.transactions / result.transactionsPerSecond, 0);
  const latencies = results.flatMap((result) => result.latencies).sort((a, b) => a - b);
  return {
    transactions,
    failed: results.reduce((total, result) => total + result.failed, 0),
    transactionsPerSecond: transactions / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    latencies,
  };
}

/**
 * Per-transaction log lines (one file per thread: <prefix>.<pid>[.<thread>]):
 * `client_id transaction_no time script_no time_epoch time_us`, `time` being the latency in µs.
 */
function readLatencies(name: string): number[] {
  const latencies: number[] = [];
  for (const file of readdirSync(LOG_DIR).filter((entry) => entry.startsWith(`${name}.`))) {
    const path = join(LOG_DIR, file);
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      const fields = line.split(' ');
      if (fields.length >= 6) latencies.push(Number(fields[2]) / 1000);
    }
    rmSync(path, { force: true });
  }
  return latencies;
}

import { Job, Queue } from 'bullmq';
import { ApiRoutes } from '@runik/contract';
import { DEPOSIT_RETRY_MS } from '@runik/rules';
import { loadAppConfig, Queues } from '@runik/server';
import { sendToken } from '../apps/e2e/src/support/hive';
import { LedgerQueueProcessor } from '../apps/worker/src/ledger-queue.processor';
import { percentile } from './load';
import { formatNumber, ScenarioReport, throughputRow } from './report';
import type { SeededPlayer } from './seed';
import { BenchmarkRun, CpuUse, log, processCpuSeconds, queryDatabase, REDIS_URL, sleep, startCpuMeter, startNodeProcess, stopProcess, waitForOutput } from './support';

/** Each deposit: 1 RNK (hive-sim gives every new account 1,000). */
const DEPOSIT = '1.000';
const NOOP_JOBS = 5000;
const NOOP_WARMUP_JOBS = 500;
const NOOP_QUEUE = 'bench-noop';
const CALLS_AT_ONCE = 16;
const SETTLE_TIMEOUT_MS = 90_000;

/** The worker's ledger processor settings (concurrency, lock, stalled check, metrics), as its decorator declares them. */
export function ledgerWorkerOptions(): Record<string, unknown> & { concurrency: number } {
  const options = Reflect.getMetadata('bullmq:worker_metadata', LedgerQueueProcessor) as (Record<string, unknown> & { concurrency?: number }) | undefined;
  if (!options?.concurrency) throw new Error('LedgerQueueProcessor declares no worker concurrency');
  return { ...options, concurrency: options.concurrency };
}

/** What the api's QueuesModule gives every job (defaultJobOptions), and what DepositService.init adds. */
const JOB_OPTIONS = {
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 30 * 24 * 3600 },
  attempts: Math.ceil(loadAppConfig({}).DEPOSIT_CONFIRMATION_WINDOW_MS / DEPOSIT_RETRY_MS),
  backoff: { type: 'fixed', delay: DEPOSIT_RETRY_MS },
};

interface Throughput {
  jobs: number;
  perSecond: number;
  /** Of each job from taken to done, in ms. */
  p50: number;
  p99: number;
}

/**
 * Deposit confirmations per second in the worker against BullMQ no-op jobs per second on the same
 * Redis with the same worker settings. Goal: at least 0.2.
 *
 * Deposits are made as players make them: a real RNK transfer to the game account on hive-sim
 * (signed with the player's dev active key, as the wallet's requestSendToken does), then
 * POST /api/city/deposit/init, which records the deposit and enqueues its confirmation. The ledger
 * queue is paused meanwhile, so the worker (its own process, as `npm start` runs it) finds them all
 * waiting when it is resumed: it looks each transaction up on hive-sim, checks it, and credits it
 * once. The rate is the jobs over the span from the first job taken to the last one done, read from
 * BullMQ's own timestamps; the baseline is timed the same way.
 */
export async function deposits(
  run: BenchmarkRun,
  apiUrl: string,
  simUrl: string,
  simPid: number,
  serverEnv: Record<string, string>,
  warmUpPlayers: SeededPlayer[],
  players: SeededPlayer[],
): Promise<ScenarioReport> {
  const { concurrency, ...workerOptions } = ledgerWorkerOptions();
  const prefix = `${run.redisPrefix}-bull`;
  const connection = { url: REDIS_URL };
  const ledger = new Queue(Queues.ledger, { connection, prefix });
  const noop = new Queue(NOOP_QUEUE, { connection, prefix });
  try {
    const { GAME_ACCOUNT } = loadAppConfig(serverEnv);
    const transfers = await eachAtOnce([...warmUpPlayers, ...players], 8, (player) => sendToken(simUrl, player.username, GAME_ACCOUNT, 'RNK', DEPOSIT, ''));
    const txIds = new Map([...warmUpPlayers, ...players].map((player, i) => [player.username, transfers[i]]));
    log(`${transfers.length} RNK transfers sent on hive-sim`);

    const cpu: { deposits: CpuUse | null; sim: number; noop: CpuUse | null } = { deposits: null, sim: NaN, noop: null };
    await ledger.pause();
    const worker = startNodeProcess(`${run.redisPrefix}-worker`, 'apps/worker/src/main.ts', serverEnv, true);
    run.children.push(worker);
    let measured: Throughput;
    try {
      await waitForOutput(worker, 'Runik worker started');
      // Warm-up deposits (JIT, pools), then the measured ones, each batch enqueued while the queue is paused.
      await initDeposits(apiUrl, warmUpPlayers, txIds);
      await resumeUntil(ledger, completed(ledger, warmUpPlayers.length));
      await initDeposits(apiUrl, players, txIds);
      const waiting = await ledger.getWaitingCount();
      if (waiting !== players.length) throw new Error(`${waiting} deposit jobs waiting, expected ${players.length}`);
      const stopMeter = await startCpuMeter(worker.pid ?? 0, run.database);
      const simBefore = processCpuSeconds(simPid);
      measured = await resumeUntil(ledger, completed(ledger, warmUpPlayers.length + players.length));
      cpu.deposits = await stopMeter();
      cpu.sim = (processCpuSeconds(simPid) ?? NaN) - (simBefore ?? NaN);
    } finally {
      await stopProcess(worker);
    }
    await checkDeposits(run.database, warmUpPlayers.length + players.length);
    log(`deposits: ${formatNumber(measured.perSecond)} confirmations/s`);

    // The baseline: a bare BullMQ Worker with a no-op processor and the worker's settings, its own process.
    await noop.pause();
    const baselineWorker = startNodeProcess(`${run.redisPrefix}-noop-worker`, 'bench/noop-worker.ts', {
      REDIS_URL,
      BENCH_QUEUE: NOOP_QUEUE,
      BENCH_PREFIX: prefix,
      BENCH_WORKER_OPTIONS: JSON.stringify({ ...workerOptions, concurrency }),
    });
    run.children.push(baselineWorker);
    let baseline: Throughput;
    try {
      await waitForOutput(baselineWorker, 'noop worker started');
      await addNoopJobs(noop, 0, NOOP_WARMUP_JOBS);
      await resumeUntil(noop, completed(noop, NOOP_WARMUP_JOBS));
      await addNoopJobs(noop, NOOP_WARMUP_JOBS, NOOP_JOBS);
      const stopMeter = await startCpuMeter(baselineWorker.pid ?? 0, run.database);
      baseline = await resumeUntil(noop, completed(noop, NOOP_WARMUP_JOBS + NOOP_JOBS));
      cpu.noop = await stopMeter();
    } finally {
      await stopProcess(baselineWorker);
    }
    log(`no-op jobs: ${formatNumber(baseline.perSecond)}/s`);

    return {
      rows: [throughputRow('deposit confirmations in the worker', concurrency, 'jobs/s', measured.perSecond, baseline.perSecond, 0.2)],
      details: [
        `Deposits: ${formatNumber(measured.jobs)} confirmed (after ${warmUpPlayers.length} warm-up deposits), worker concurrency ${concurrency}, each a real RNK transfer on hive-sim looked up and credited once: ` +
          `${describe(measured)}. Baseline, a BullMQ Worker with a no-op processor and the same settings on the same Redis, ${formatNumber(baseline.jobs)} jobs (after ${NOOP_WARMUP_JOBS} warm-up): ${describe(baseline)}.`,
        `Deposits, CPU per job in ms (/proc): worker ${perJob(cpu.deposits?.api, measured)}, PostgreSQL ${perJob(cpu.deposits?.postgres, measured)}, ` +
          `hive-sim ${perJob(cpu.sim, measured)}; no-op worker ${perJob(cpu.noop?.api, baseline)} (Redis, shared with other work on the machine, not counted).`,
      ],
    };
  } finally {
    await Promise.all([ledger.close(), noop.close()]);
  }
}

function perJob(seconds: number | undefined, result: Throughput): string {
  return seconds === undefined ? 'n/a' : formatNumber((seconds * 1000) / result.jobs, 2);
}

function describe(result: Throughput): string {
  return `${formatNumber(result.perSecond)} jobs/s, each job from taken to done p50 ${formatNumber(result.p50, 1)} ms, p99 ${formatNumber(result.p99, 1)} ms`;
}

/** POST /api/city/deposit/init for each player's transfer, a few at once. */
async function initDeposits(apiUrl: string, players: SeededPlayer[], txIds: Map<string, string>): Promise<void> {
  await eachAtOnce(players, CALLS_AT_ONCE, async (player) => {
    const response = await fetch(`${apiUrl}${ApiRoutes.depositInit(player.username)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${player.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: DEPOSIT, txId: txIds.get(player.username) }),
    });
    if (response.status !== 200) throw new Error(`deposit init of ${player.username}: ${response.status} ${await response.text()}`);
  });
}

/** Whether the queue has completed `count` jobs in all (none of these jobs fails or is removed during a run). */
const completed = (queue: Queue, count: number) => async () => (await queue.getCompletedCount()) >= count;

/**
 * Resumes a paused queue, waits until `done`, pauses it again, and times the jobs taken since the
 * resume (the warm-up's were taken before).
 */
async function resumeUntil(queue: Queue, done: () => Promise<boolean>): Promise<Throughput> {
  const since = Date.now();
  await queue.resume();
  const deadline = since + SETTLE_TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${queue.name}: not done within ${SETTLE_TIMEOUT_MS / 1000} s`);
    await sleep(50);
  }
  await queue.pause();
  return timing((await queue.getJobs(['completed'], 0, -1)).filter((job) => (job.processedOn ?? 0) >= since));
}

async function addNoopJobs(queue: Queue, from: number, count: number): Promise<void> {
  for (let start = from; start < from + count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, from + count - start) }, (_, i) => ({
      name: 'noop',
      data: { depositId: start + i },
      opts: { ...JOB_OPTIONS, jobId: `noop-${start + i}` },
    }));
    await queue.addBulk(batch);
  }
}

/** Jobs over the span from the first taken to the last done (BullMQ's processedOn and finishedOn, ms). */
function timing(jobs: Job[]): Throughput {
  if (jobs.length === 0) throw new Error('no completed jobs to time');
  const first = Math.min(...jobs.map((job) => job.processedOn ?? Infinity));
  const last = Math.max(...jobs.map((job) => job.finishedOn ?? 0));
  const each = jobs.map((job) => (job.finishedOn ?? 0) - (job.processedOn ?? 0)).sort((a, b) => a - b);
  return { jobs: jobs.length, perSecond: (jobs.length * 1000) / Math.max(last - first, 1), p50: percentile(each, 0.5), p99: percentile(each, 0.99) };
}

/** Every deposit completed (none failed), each credited once. */
async function checkDeposits(database: string, expected: number): Promise<void> {
  const [row] = await queryDatabase<{ completed: number; other: number; credits: number; transactions: number }>(
    database,
    `SELECT (SELECT count(*)::int FROM deposits WHERE status = 'completed') AS completed,
            (SELECT count(*)::int FROM deposits WHERE status <> 'completed') AS other,
            (SELECT count(*)::int FROM ledger_entries WHERE reason = 'deposit' AND delta > 0) AS credits,
            (SELECT count(DISTINCT reference)::int FROM ledger_entries WHERE reason = 'deposit') AS transactions`,
  );
  if (row.completed !== expected || row.other !== 0 || row.credits !== expected || row.transactions !== expected) {
    throw new Error(`deposits: ${JSON.stringify(row)}, expected ${expected} completed and credited once each`);
  }
}

/** Runs `work` on every item, `atOnce` at a time; the results in the items' order. */
async function eachAtOnce<T, R>(items: T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: atOnce }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]);
      }
    }),
  );
  return results;
}

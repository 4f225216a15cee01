/**
 * `npm run soak -- --players 200 --seconds 60`: the whole game under random play, with the worker
 * killed (SIGKILL) and restarted at random moments, then the money invariants checked.
 *
 * It starts its own stack (hive-sim, api and worker as processes, on a database and a Redis prefix
 * of their own, as the system tests do), registers the players through the api (some paid on
 * hive-sim), lets them play every money-moving action for the given seconds, waits until the chain
 * work settles, then checks with SQL and against hive-sim's blocks: conservation of RUNIK and each
 * resource, no negative balance, every chain tx credited at most once, every withdrawal sent at most
 * once, no gear with two owners, no 5xx. Prints the checks and the calls per action and status;
 * exits 1 on any violation. Cleans up (processes, database, template, Redis keys) however it ends.
 */
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { seededRandom } from '@runik/rules';
import { dropTemplateDatabase, prepareTemplateDatabase } from '@runik/server/testing';
import { startStack, Stack } from '../../apps/e2e/src/support/stack';
import { printTextTable, runBenchmark } from '../load';
import { deleteRedisKeys, log, REDIS_URL, sleep } from '../support';
import { playUntil } from './bots';
import { CallLog } from './calls';
import { allTransfers, latestBlock, TREASURY_ACCOUNT } from './chain';
import { RedisFlushes, TreasuryOutage, WorkerChaos } from './chaos';
import {
  chainTxCreditedOnce,
  everyPaymentSettledOnce,
  Check,
  conservation,
  invalidRefused,
  noGearWithTwoOwners,
  noNegativeBalance,
  noServerErrors,
  pendingWork,
  settled,
  withdrawalsSentOnce,
} from './invariants';
import { kindsFor, registerBots } from './players';
import { printCalls, printChecks } from './report';
import type { World } from './world';

const USAGE = `Usage: npm run soak -- [--players N] [--seconds S] [--seed N] [--think-ms MS] [--drain-seconds S]
  --players        players playing at once (default 200)
  --seconds        seconds of play (default 60)
  --seed           seed of the bots' and the worker killer's choices (default: random, printed)
  --think-ms       mean pause of a bot between two actions (default 300)
  --drain-seconds  how long to wait for pending chain work to settle after play (default 60)
  --verbose        also print why calls were refused (a few messages per action and status)`;

/**
 * Shorter chain timings than production, so that what the worker was cut off from comes back within
 * the run: a dead worker's jobs are taken over after 3 s; a deposit or SWAP.HIVE payment the chain
 * never saw fails after 15 s; a signed withdrawal never seen is signed again 6 + 3 s after signing.
 */
const STACK_ENV = {
  WORKER_LOCK_DURATION_MS: '3000',
  DEPOSIT_CONFIRMATION_WINDOW_MS: '15000',
  SWAP_HIVE_CONFIRMATION_WINDOW_MS: '15000',
  HIVE_TRANSACTION_LIFETIME_MS: '6000',
  // The soak's treasury outage moves the game's RNK to its cold account and back: funding, not a payment to refund.
  TREASURY_ACCOUNTS: TREASURY_ACCOUNT,
};

function options() {
  const { values } = parseArgs({
    options: {
      players: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '60' },
      seed: { type: 'string' },
      'think-ms': { type: 'string', default: '300' },
      'drain-seconds': { type: 'string', default: '60' },
      verbose: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const integer = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) {
      console.error(`--${name} must be an integer from ${min} to ${max}\n${USAGE}`);
      process.exit(2);
    }
    return value;
  };
  return {
    players: integer('players', values.players, 2, 5_000),
    seconds: integer('seconds', values.seconds, 1, 24 * 3600),
    seed: values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : integer('seed', values.seed, 0, 2 ** 31 - 1),
    thinkMs: integer('think-ms', values['think-ms'], 0, 60_000),
    drainSeconds: integer('drain-seconds', values['drain-seconds'], 0, 3600),
    verbose: values.verbose,
  };
}

const settings = options();
let stack: Stack | undefined;
let cleaning: Promise<void> | null = null;

/** Stops what the run started (by PID), drops its database and template, deletes its Redis keys. */
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stack?.stop().catch((error: Error) => console.error(`stopping the stack: ${error.message}`));
    if (process.env.RUNIK_TEST_TEMPLATE)
      await dropTemplateDatabase().catch((error: Error) => console.error(`dropping the template: ${error.message}`));
    if (stack) await deleteRedisKeys(stack.redisPrefix).catch((error: Error) => console.error(`deleting Redis keys: ${error.message}`));
  })();
  return cleaning;
}

/** Waits until the chain follower has read every block made before the play ended, and nothing waits. */
async function waitForPendingWork(db: Client, simUrl: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  const lastBlock = await latestBlock(simUrl);
  let last = '';
  for (;;) {
    const [{ followed }] = (await db.query<{ followed: string | null }>(`SELECT max(block_number) AS followed FROM chain_cursor`)).rows;
    const behind = Math.max(0, lastBlock - Number(followed ?? 0));
    const pending = await pendingWork(db);
    const { total, text } = behind > 0 ? { total: pending.total + behind, text: `${behind} blocks to follow, ${pending.text}` } : pending;
    if (total === 0 || Date.now() - started > timeoutMs) return Date.now() - started;
    if (text !== last) log(`waiting for: ${text}`);
    last = text;
    await sleep(1000);
  }
}

/**
 * What the ledger queue went through: jobs a new worker took over from a killed one (BullMQ's stalled
 * jobs) and jobs that failed for good, by reason (a withdrawal the chain refuses fails on purpose).
 */
async function ledgerQueueReport(redisPrefix: string): Promise<string> {
  const queue = new Queue('ledger', { connection: { url: REDIS_URL }, prefix: `${redisPrefix}-bull` });
  try {
    const [completed, failed] = await Promise.all([queue.getCompleted(0, 100_000), queue.getFailed(0, 100_000)]);
    const takenOver = [...completed, ...failed].filter((job) => job.stalledCounter > 0).length;
    const reasons = new Map<string, number>();
    for (const job of failed) {
      const reason = `${job.name}: ${(job.failedReason ?? '').replace(/\d+/g, 'N').slice(0, 90)}`;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    const failures = [...reasons].map(([reason, times]) => `${times} × ${reason}`).join('; ') || 'none';
    return `${completed.length + failed.length} ledger jobs, ${takenOver} taken over from a killed worker; failed for good: ${failures}`;
  } finally {
    await queue.close();
  }
}

async function ledgerActivity(db: Client): Promise<string[][]> {
  const { rows } = await db.query<{ reason: string; postings: string; runik: string; resources: string }>(`
    SELECT regexp_replace(e.reason, ':\\d+$', '') AS reason, count(DISTINCT e.posting_id) AS postings,
           coalesce(sum(e.delta) FILTER (WHERE e.asset = 'runik' AND e.delta > 0), 0) AS runik,
           coalesce(sum(e.delta) FILTER (WHERE e.asset <> 'runik' AND e.delta > 0), 0) AS resources
      FROM ledger_entries e GROUP BY 1 ORDER BY 2 DESC`);
  const amount = (thousandths: string) => (Number(thousandths) / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 });
  return rows.map((row) => [row.reason, String(row.postings), amount(row.runik), amount(row.resources)]);
}

async function main(): Promise<boolean> {
  const kinds = kindsFor(settings.players);
  const tally = (kind: string) => kinds.filter((each) => each === kind).length;
  console.log(
    `Soak: ${settings.players} players (${tally('whale')} whales, ${tally('depositor')} depositors, ${tally('miner')} miners), ` +
      `${settings.seconds} s of play, seed ${settings.seed}, mean pause ${settings.thinkMs} ms; ` +
      `${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}, Node ${process.version}`,
  );

  log('migrating a template database and starting hive-sim, api and worker');
  await prepareTemplateDatabase();
  stack = await startStack({ engineDelayMs: 300, extraEnv: STACK_ENV });
  log(
    `stack up: api ${stack.apiUrl}, hive-sim ${stack.simUrl}, database ${stack.database.name}, logs tmp/test-logs/${stack.redisPrefix}-*.log`,
  );

  const bots = await registerBots(stack, settings.players, settings.seed);
  log(`${bots.length} players registered (${bots.filter((bot) => bot.paid).length} paid on hive-sim)`);

  const world: World = {
    stack,
    log: new CallLog(),
    bots,
    depositTxs: [],
    chainSends: 0,
    chainSendFailures: 0,
    allianceCounter: 0,
    botErrors: [],
  };
  const ledgerQueue = new Queue('ledger', { connection: { url: REDIS_URL }, prefix: `${stack.redisPrefix}-bull` });
  const chaos = new WorkerChaos(stack, seededRandom(settings.seed ^ 0x5eed), async () => (await ledgerQueue.getActiveCount()) > 0);
  const treasury = new TreasuryOutage(stack, seededRandom(settings.seed ^ 0x7ea5));
  const flushes = new RedisFlushes(stack, seededRandom(settings.seed ^ 0xf1a5));
  const started = Date.now();
  const deadline = started + settings.seconds * 1000;
  chaos.start();
  treasury.start(started, deadline);
  flushes.start(started, deadline);
  const progress = setInterval(
    () => log(`playing: ${world.log.total()} calls, ${world.log.total('5xx')} 5xx, worker killed ${chaos.kills} times`),
    10_000,
  );
  try {
    await playUntil(world, deadline, settings.thinkMs);
  } finally {
    clearInterval(progress);
  }
  const played = (Date.now() - started) / 1000;
  log(`play over after ${played.toFixed(1)} s: ${world.log.total()} calls; stopping the killer (worker killed ${chaos.kills} times)`);
  await chaos.stop();
  await ledgerQueue.close();
  await treasury.stop();
  await flushes.stop();

  const db = new Client({ connectionString: stack.database.url });
  await db.connect();
  try {
    const waited = await waitForPendingWork(db, stack.simUrl, settings.drainSeconds * 1000);
    log(`chain work settled in ${(waited / 1000).toFixed(1)} s; reading hive-sim's blocks and checking`);
    const transfers = await allTransfers(stack.simUrl);
    const checks: Check[] = [
      ...(await conservation(db)),
      await noNegativeBalance(db),
      await chainTxCreditedOnce(db, transfers),
      await everyPaymentSettledOnce(db, transfers),
      await withdrawalsSentOnce(db, transfers),
      await noGearWithTwoOwners(db),
      noServerErrors(world.log),
      invalidRefused(world.log),
      await settled(db, waited),
    ];

    console.log('\nCalls by action and status');
    printCalls(world.log, settings.seconds);
    if (settings.verbose) {
      for (const [key, messages] of [...world.log.refusals].sort(([a], [b]) => a.localeCompare(b)))
        console.log(`  ${key}: ${[...messages].join(' | ')}`);
    }
    console.log(
      `hive-sim transfers sent by the bots: ${world.chainSends} (${world.chainSendFailures} refused by the node); ` +
        `worker killed ${chaos.kills} times (${chaos.killsInJobs} while running ledger jobs), and ${chaos.killsWhileStarting} more times while starting` +
        `${chaos.startFailures.length ? `; ${chaos.startFailures.length} starts failed on their own: ${chaos.startFailures[0]}` : ''}`,
    );
    if (world.botErrors.length > 0)
      console.log(
        `bot errors (the bots' own code; not a violation): ${world.botErrors.length}, e.g. ${world.botErrors.slice(0, 3).join(' | ')}`,
      );
    console.log(
      treasury.moved
        ? `treasury outage: the game account's ${treasury.moved} RNK moved away for ${(treasury.durationMs / 1000).toFixed(1)} s (withdrawals sent meanwhile are refused and refunded)`
        : `treasury outage: none (${treasury.failure ?? 'the game account held no RNK, or Hive Engine refused the move 5 times'})`,
    );
    console.log(`Redis emptied ${flushes.flushed.length} times during the play (${flushes.flushed.join(' and ')} keys deleted)`);
    console.log(await ledgerQueueReport(stack.redisPrefix));
    console.log('\nLedger postings by reason (amounts credited, RUNIK and resources)');
    printTextTable(['reason', 'postings', 'RUNIK', 'resources'], await ledgerActivity(db));
    console.log('\nInvariants');
    printChecks(checks);
    const failed = checks.filter((check) => !check.ok);
    console.log(
      failed.length === 0
        ? `\nSoak passed: ${checks.length} checks, no violation.`
        : `\nSoak FAILED: ${failed.length} of ${checks.length} checks violated.`,
    );
    return failed.length === 0;
  } finally {
    await db.end();
  }
}

// Everything has a bound (registration, play, drain); the deadline only catches a hang.
runBenchmark(main, cleanUp, (settings.seconds + settings.drainSeconds + 600) * 1000, 'Soak could not run');

import { loadAppConfig } from '@runik/server';
import { sendToken } from '../apps/e2e/src/support/hive';
import { percentile } from './load';
import { formatNumber, Row, ScenarioReport } from './report';
import type { SeededPlayer } from './seed';
import type { BenchSizes } from './sizes';
import { BenchmarkRun, log, queryDatabase, sleep, startNodeProcess, stopProcess, waitForOutput } from './support';

const TRANSFER = '0.001';
/** The follower's own fetch parallelism, so the baseline reads the node the same way. */
const PARALLEL_FETCHES = 25;
const SETTLE_TIMEOUT_MS = 120_000;
const GOAL_BLOCKS_PER_SECOND = 200;
const GOAL_P99_MS = 2000;

/**
 * The chain follower (the worker), as `npm start` runs it, against hive-sim:
 *
 *   - catch-up: the worker down while `catchUpBlocks` sidechain blocks pass (2,000 at full size, sizes.ts), each with an RNK transfer
 *     to the game account; then started: blocks recorded (and their deposits credited) per second,
 *     from start to the cursor at the last block. Baseline: the same blocks read from the same node
 *     with the same parallelism and nothing written. Goal: >= 200 blocks/s (a day of mainnet blocks,
 *     28,800, in under 3 minutes).
 *   - live: `livePerSecond` transfers a second for `liveSeconds` (50 for 20 s); each transfer's time from its block (hive-sim
 *     makes it at the broadcast, the engine delay being 0) to its deposit credited (the deposit row's
 *     creation, in the same transaction as the credit). Baseline: a reader polling the node every 10 ms
 *     for the newest block (how soon the block can be seen at all). Goal: p99 <= 2 s.
 */
export async function chainFollower(
  run: BenchmarkRun,
  simUrl: string,
  serverEnv: Record<string, string>,
  players: SeededPlayer[],
  size: BenchSizes['chain'],
): Promise<ScenarioReport> {
  const { GAME_ACCOUNT } = loadAppConfig(serverEnv);
  const send = (player: SeededPlayer) => sendToken(simUrl, player.username, GAME_ACCOUNT, 'RNK', TRANSFER, '');

  const firstBlock = (await latestBlock(simUrl)) + 1;
  const catchUpTransfers = await eachAtOnce(
    Array.from({ length: size.catchUpBlocks }, (_, index) => players[index % players.length]),
    8,
    send,
  );
  const lastBlock = await latestBlock(simUrl);
  log(`${catchUpTransfers.length} RNK transfers sent on hive-sim, blocks ${firstBlock}-${lastBlock}`);

  const baselineStart = performance.now();
  await readBlocks(simUrl, firstBlock, lastBlock);
  const baselineBlocksPerSecond = ((lastBlock - firstBlock + 1) * 1000) / (performance.now() - baselineStart);

  const worker = startNodeProcess(
    `${run.redisPrefix}-worker`,
    'apps/worker/src/main.ts',
    {
      ...serverEnv,
      CHAIN_FOLLOW_START_BLOCK: String(firstBlock),
    },
    true,
  );
  run.children.push(worker);
  try {
    await waitForOutput(worker, 'Runik worker started');
    const started = performance.now();
    await until(async () => (await followedBlock(run.database)) >= lastBlock);
    await until(async () => (await creditedCount(run.database, catchUpTransfers)) === catchUpTransfers.length);
    const blocksPerSecond = ((lastBlock - firstBlock + 1) * 1000) / (performance.now() - started);
    log(`catch-up: ${formatNumber(blocksPerSecond)} blocks/s (reading alone ${formatNumber(baselineBlocksPerSecond)})`);

    const live = await liveTransfers(simUrl, players, send, size.livePerSecond * size.liveSeconds, size.livePerSecond);
    await until(async () => (await creditedCount(run.database, [...live.sentAt.keys()])) === live.sentAt.size);
    const creditedAt = await queryDatabase<{ transaction_id: string; created_at: Date }>(
      run.database,
      `SELECT transaction_id, created_at FROM deposits WHERE transaction_id = ANY($1)`,
      [[...live.sentAt.keys()]],
    );
    const toCredit = creditedAt.map((row) => row.created_at.getTime() - (live.sentAt.get(row.transaction_id) ?? NaN)).sort((a, b) => a - b);
    const toSee = [...live.seenAt.entries()].map(([txId, seen]) => seen - (live.sentAt.get(txId) ?? NaN)).sort((a, b) => a - b);
    const p99 = percentile(toCredit, 0.99);
    const baselineP99 = percentile(toSee, 0.99);
    log(`live: block to credit p50 ${formatNumber(percentile(toCredit, 0.5))} ms, p99 ${formatNumber(p99)} ms`);

    const rows: Row[] = [
      {
        scenario: 'chain follower catch-up (each block a transfer to the game)',
        connections: PARALLEL_FETCHES,
        measure: 'blocks/s',
        ours: formatNumber(blocksPerSecond),
        baseline: formatNumber(baselineBlocksPerSecond),
        ratio: formatNumber(blocksPerSecond / baselineBlocksPerSecond, 2),
        goal: `≥ ${GOAL_BLOCKS_PER_SECOND} blocks/s`,
        met: blocksPerSecond >= GOAL_BLOCKS_PER_SECOND,
      },
      {
        scenario: `transfer's block to credited balance at ${size.livePerSecond} transfers/s`,
        connections: 1,
        measure: 'p99 ms',
        ours: formatNumber(p99),
        baseline: formatNumber(baselineP99),
        ratio: formatNumber(p99 / Math.max(baselineP99, 1), 2),
        goal: `≤ ${GOAL_P99_MS} ms`,
        met: p99 <= GOAL_P99_MS,
      },
    ];
    return {
      rows,
      details: [
        `Chain follower catch-up: the worker started after ${formatNumber(lastBlock - firstBlock + 1)} sidechain blocks, each with a 0.001 RNK transfer to the game account from one of ${players.length} players, ` +
          `recorded them and credited ${formatNumber(catchUpTransfers.length)} deposits once each at ${formatNumber(blocksPerSecond)} blocks/s, counted from the worker's start-up message (its follower begins within 500 ms); ` +
          `reading the same blocks from hive-sim ${PARALLEL_FETCHES} at a time and writing nothing: ${formatNumber(baselineBlocksPerSecond)} blocks/s.`,
        `Time to credit: ${formatNumber(live.sentAt.size)} transfers at ${size.livePerSecond}/s for ${size.liveSeconds} s, from the broadcast (hive-sim makes the block then) to the deposit credited: ` +
          `p50 ${formatNumber(percentile(toCredit, 0.5))} ms, p99 ${formatNumber(p99)} ms, max ${formatNumber(toCredit[toCredit.length - 1])} ms (the follower looks every 500 ms); ` +
          `a reader polling hive-sim's newest block every 10 ms saw the blocks after p50 ${formatNumber(percentile(toSee, 0.5))} ms, p99 ${formatNumber(baselineP99)} ms.`,
      ],
    };
  } finally {
    await stopProcess(worker);
  }
}

/** `count` transfers, `perSecond` a second, each timed at its broadcast; a 10 ms poller notes when each block is first served. */
async function liveTransfers(
  simUrl: string,
  players: SeededPlayer[],
  send: (player: SeededPlayer) => Promise<string>,
  count: number,
  perSecond: number,
) {
  const sentAt = new Map<string, number>();
  const seenAt = new Map<string, number>();
  let watching = true;
  let lastSend = Date.now();
  const watcher = (async () => {
    let next = (await latestBlock(simUrl)) + 1;
    while (watching || seenAt.size < sentAt.size) {
      const block = await rpc<{ transactions: { transactionId: string }[] } | null>(simUrl, 'getBlockInfo', { blockNumber: next });
      if (!block) {
        if (!watching && Date.now() - lastSend > 10_000) break;
        await sleep(10);
        continue;
      }
      for (const transaction of block.transactions) seenAt.set(transaction.transactionId, Date.now());
      next += 1;
    }
  })();
  const started = Date.now();
  const sends: Promise<void>[] = [];
  for (let index = 0; index < count; index++) {
    const due = started + (index * 1000) / perSecond;
    if (due > Date.now()) await sleep(due - Date.now());
    const before = Date.now();
    sends.push(send(players[index % players.length]).then((txId) => void sentAt.set(txId, before)));
    lastSend = before;
  }
  await Promise.all(sends);
  watching = false;
  await watcher;
  return { sentAt, seenAt };
}

async function readBlocks(simUrl: string, from: number, to: number): Promise<void> {
  for (let first = from; first <= to; first += PARALLEL_FETCHES) {
    const numbers = Array.from({ length: Math.min(PARALLEL_FETCHES, to - first + 1) }, (_, index) => first + index);
    const blocks = await Promise.all(
      numbers.map((blockNumber) => rpc<{ transactions: unknown[] } | null>(simUrl, 'getBlockInfo', { blockNumber })),
    );
    if (blocks.some((block) => !block)) throw new Error(`hive-sim did not serve blocks ${first}-${numbers[numbers.length - 1]}`);
  }
}

async function latestBlock(simUrl: string): Promise<number> {
  return (await rpc<{ blockNumber: number }>(simUrl, 'getLatestBlockInfo', {})).blockNumber;
}

async function rpc<T>(simUrl: string, method: string, params: object): Promise<T> {
  const response = await fetch(`${simUrl}/blockchain`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

async function followedBlock(database: string): Promise<number> {
  const [row] = await queryDatabase<{ block_number: string }>(database, `SELECT block_number FROM chain_cursor WHERE name = 'hive-engine'`);
  return row ? Number(row.block_number) : -1;
}

async function creditedCount(database: string, transactionIds: string[]): Promise<number> {
  const [row] = await queryDatabase<{ n: number }>(
    database,
    `SELECT count(*)::int AS n FROM chain_transfers WHERE transaction_id = ANY($1) AND status = 'credited'`,
    [transactionIds],
  );
  return row.n;
}

async function until(done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`chain follower: not done within ${SETTLE_TIMEOUT_MS / 1000} s`);
    await sleep(20);
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

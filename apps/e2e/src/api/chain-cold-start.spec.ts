import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axios from 'axios';
import { cityOf, CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { healthOf, metricOf } from '../support/ops';
import { sendToken } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * A chain that starts over is noticed by a worker that starts cold (issue 47): the worker and hive-sim stop, hive-sim
 * comes back with another chain already as high as the follower's cursor, and a fresh worker starts. The head is not
 * below the cursor, so only the check of the block at the cursor can see that this is not the chain recorded: health
 * goes down naming both hashes, the metric says so, and nothing paid on the other chain is credited.
 */
// A stack of its own: it kills the worker and restarts hive-sim on another chain.
let stack: Stack;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'runik-chain-cold-'));
  stack = await startStack({ engineDelayMs: 100, simChainFile: join(dir, 'chain.jsonl') });
});
afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const runikOf = async (player: CityPlayer) => (await cityOf(player)).resources.runik;
const health = (path: '/api/health' | '/api/admin/health') => healthOf(stack, path);
const metric = (name: string) => metricOf(stack, name);
const cursorRow = async () =>
  (
    await queryDatabase<{ block_number: string; block_hash: string | null }>(
      stack.database.url,
      `SELECT block_number, block_hash FROM chain_cursor`,
    )
  )[0];
/** hive-sim's Hive Engine block (its number and hash): the head, or block `blockNumber`. */
const engineBlock = async (blockNumber?: number) => {
  const { data } = await axios.post<{ result: { blockNumber: number; hash: string } | null }>(`${stack.simUrl}/blockchain`, {
    jsonrpc: '2.0',
    id: 1,
    method: blockNumber === undefined ? 'getLatestBlockInfo' : 'getBlockInfo',
    params: blockNumber === undefined ? {} : { blockNumber },
  });
  return data.result;
};
const engineHead = async () => (await engineBlock())?.blockNumber ?? -1;
const recordedTransfers = (transactionIds: string[]) =>
  queryDatabase<{ transaction_id: string }>(
    stack.database.url,
    `SELECT transaction_id FROM chain_transfers WHERE transaction_id = ANY($1)`,
    [transactionIds],
  );

describe('a worker starting cold on another chain', () => {
  it('reports the follower down, naming the block at its cursor, when the other chain is as high as the cursor; credits nothing of it', async () => {
    // The recorded chain: two deposits, credited; the cursor stands on a block with a hash.
    const player = await newCityPlayer(stack, 'cold');
    await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '2.000', 'deposit');
    await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '3.000', 'deposit');
    expect(
      await eventually(
        () => runikOf(player),
        (runik) => runik === 5,
        20_000,
      ),
    ).toBe(5);
    const recordedHead = await engineHead();
    const cursor = await eventually(cursorRow, (row) => Number(row?.block_number) === recordedHead, 10_000);
    const followed = Number(cursor.block_number);
    expect(followed).toBe(recordedHead);
    expect(followed).toBeGreaterThan(0);
    expect(cursor.block_hash).toMatch(/^[0-9a-f]+$/);

    // The worker stops; hive-sim comes back on another chain (kept in a file of its own), grown to the cursor's height
    // with deposits from the same player while no worker runs.
    await stack.killWorker();
    await stack.restartSim({ chainFile: join(dir, 'other-chain.jsonl') });
    expect(await engineHead()).toBe(0);
    const otherDeposits: string[] = [];
    while ((await engineHead()) < followed) {
      otherDeposits.push(await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '1.000', 'deposit'));
      await eventually(engineHead, (head) => head >= otherDeposits.length, 10_000);
    }
    // The same height, so "the head is below the cursor" cannot see it; the block at the cursor is another.
    expect(await engineHead()).toBe(followed);
    const other = await engineBlock(followed);
    expect(other?.hash).toMatch(/^[0-9a-f]+$/);
    expect(other?.hash).not.toBe(cursor.block_hash);
    // Nothing has looked at the other chain yet: health is still up.
    expect((await health('/api/admin/health')).status).toBe(200);
    expect(await metric('runik_chain_follower_stopped')).toBe(0);

    // A fresh worker process: its first look is at the block it resumes from.
    await stack.startWorker();
    const startedAt = Date.now();
    const down = await eventually(
      () => health('/api/admin/health'),
      (response) => response.status === 503,
      15_000,
    );
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect(down.status).toBe(503);
    expect(down.data.error.chainFollower.status).toBe('down');
    const reason: string = down.data.error.chainFollower.message;
    expect(reason).toContain(
      `block ${followed} (head ${followed}) has hash ${other?.hash}, not the chain follower's cursor ${followed} of hash ${cursor.block_hash}`,
    );
    expect(reason).not.toContain('is below');
    expect((await health('/api/health')).status).toBe(503);
    expect(await metric('runik_chain_follower_stopped')).toBe(1);

    // The other chain grows past the cursor: still nothing of it is read or credited, and the reason stays.
    otherDeposits.push(await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '4.000', 'deposit'));
    expect(await eventually(engineHead, (head) => head > followed, 10_000)).toBeGreaterThan(followed);
    // A few of the worker's 0.5 s looks.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const still = await health('/api/admin/health');
    expect(still.status).toBe(503);
    // The same reason, now naming the new head; stopped since the same moment.
    expect(still.data.error.chainFollower.message).toBe(reason.replace(`(head ${followed})`, `(head ${followed + 1})`));
    expect(still.data.error.chainFollower.since).toBe(down.data.error.chainFollower.since);
    expect(await metric('runik_chain_follower_stopped')).toBe(1);
    expect(Number((await cursorRow()).block_number)).toBe(followed);
    expect(await recordedTransfers(otherDeposits)).toEqual([]);
    expect(await runikOf(player)).toBe(5);
  });
});

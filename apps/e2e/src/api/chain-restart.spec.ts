import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cityOf, CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { healthOf, metricOf } from '../support/ops';
import { sendToken } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * A chain that starts over is noticed (issue 47): hive-sim keeps its chain in a file across restarts, so the
 * follower goes on where it was; a fresh chain under a running worker stops the follower, and the health
 * checks and the metrics say so, naming the cursor and the head, instead of waiting in silence.
 */
// A stack of its own: it restarts hive-sim.
let stack: Stack;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'runik-chain-restart-'));
  stack = await startStack({ engineDelayMs: 100, simChainFile: join(dir, 'chain.jsonl') });
});
afterAll(async () => {
  await stack?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const runikOf = async (player: CityPlayer) => (await cityOf(player)).resources.runik;
const credited = (player: CityPlayer, runik: number) =>
  eventually(
    () => runikOf(player),
    (value) => value === runik,
    20_000,
  );
const health = (path: '/api/health' | '/api/admin/health') => healthOf(stack, path);
const metric = (name: string) => metricOf(stack, name);
const cursor = async () =>
  (await queryDatabase<{ block_number: string }>(stack.database.url, `SELECT block_number FROM chain_cursor`))[0]?.block_number;

describe('a chain that starts over', () => {
  it('goes on with the kept chain: a deposit before and one after a restart are both credited, once', async () => {
    const player = await newCityPlayer(stack, 'keep');
    const first = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '2.000', 'deposit');
    expect(await credited(player, 2)).toBe(2);

    await stack.restartSim();
    const second = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '3.000', 'deposit');
    expect(await credited(player, 5)).toBe(5);
    const rows = await queryDatabase<{ transaction_id: string; status: string }>(
      stack.database.url,
      `SELECT transaction_id, status FROM chain_transfers WHERE sender = $1 ORDER BY block_number`,
      [player.username],
    );
    expect(rows).toEqual([
      { transaction_id: first, status: 'credited' },
      { transaction_id: second, status: 'credited' },
    ]);
    expect((await health('/api/health')).status).toBe(200);
    expect(await metric('runik_chain_follower_stopped')).toBe(0);
  });

  it('a fresh chain under a running worker: health goes down within seconds naming the cursor and the head, the follower stops', async () => {
    const followed = Number(await cursor());
    expect(followed).toBeGreaterThan(0);
    await stack.restartSim({ chainFile: null });
    const restartedAt = Date.now();

    const down = await eventually(
      () => health('/api/admin/health'),
      (response) => response.status === 503,
      15_000,
    );
    expect(Date.now() - restartedAt).toBeLessThan(10_000);
    expect(down.status).toBe(503);
    const reason: string = down.data.error.chainFollower.message;
    expect(down.data.error.chainFollower.status).toBe('down');
    expect(reason).toContain(`head block 0 is below the chain follower's cursor ${followed}`);
    expect((await health('/api/health')).status).toBe(503);
    expect(await metric('runik_chain_follower_stopped')).toBe(1);

    // The new chain grows past the cursor: the follower still reads nothing of it, and says why.
    const player = await newCityPlayer(stack, 'fresh');
    const before = await runikOf(player);
    for (let n = 0; n <= followed; n++) await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '1.000', 'deposit');
    const passed = await eventually(
      () => health('/api/admin/health'),
      (response) => /has hash [0-9a-f]+, not the chain follower's cursor/.test(response.data?.error?.chainFollower?.message ?? ''),
      15_000,
    );
    expect(passed.data.error.chainFollower.message).toMatch(new RegExp(`block ${followed} \\(head \\d+\\) has hash`));
    expect(Number(await cursor())).toBe(followed);
    expect(await runikOf(player)).toBe(before);
  });
});

import axios from 'axios';
import { ApiRoutes } from '@runik/contract';
import { CityPlayer, grant, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { engineBalance } from '../support/hive';
import { startStack, Stack } from '../support/stack';

/**
 * The first Hive node (and Hive Engine node) hangs: it takes requests and never answers. Measured
 * before: the signed withdrawal went to that node alone, the game gave up after CHAIN_TIMEOUT_MS and
 * waited for the transaction to expire (60 s) before signing again, 42-66 s instead of 3 s; then, with
 * broadcasts to two nodes at once, the Hive Engine reads still waited out CHAIN_TIMEOUT_MS twice before
 * the node was skipped (15.1 s against 3.5 s). Reads are now hedged (the next node asked after half a
 * second) and a node silent or failing once is skipped. Production's CHAIN_TIMEOUT_MS (8 s) and
 * transaction lifetime (60 s) are kept, so waiting out either cannot pass the test.
 */
/** Production's default, set here so that the bound below follows it. */
const CHAIN_TIMEOUT_MS = 8_000;
/**
 * What the hanging node may add to a withdrawal: a few hedged reads, each at most half a second late, and never a
 * timeout waited out or the transaction's expiry. A bound in time, not a multiple of the healthy withdrawal: twice a
 * fast one left too little for the hedges on a loaded machine (676 ms healthy, 1,371 ms hung, CI of 2026-12-02).
 */
const HANGING_NODE_ALLOWANCE_MS = CHAIN_TIMEOUT_MS / 2;

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    engineDelayMs: 100,
    simNodes: 2,
    chainNodes: ([hanging, good]) => [hanging, good],
    extraEnv: { CHAIN_TIMEOUT_MS: String(CHAIN_TIMEOUT_MS) },
  });
});
afterAll(() => stack?.stop());

const setFault = (node: number, fault: 'none' | 'hang') => axios.post(`${stack.simUrl}/dev/node-fault`, { node, fault });

describe('the first chain node hanging', () => {
  it('pays a withdrawal within seconds of the time a healthy chain takes, once', async () => {
    // The test's own calls go to the second node, which keeps answering.
    const goodNode = stack.simUrls[1];
    const [healthy, hung] = await Promise.all([newPaidCityPlayer(stack, 'well'), newPaidCityPlayer(stack, 'hang')]);
    for (const player of [healthy, hung]) await grant(stack, player, 'runik', 2_000);

    /** Requests a withdrawal of 2 RUNIK and waits until it is paid; how long it took. */
    const withdrawal = async (player: CityPlayer) => {
      const rnkBefore = Number(await engineBalance(goodNode, player.username, 'RNK'));
      const requestedAt = Date.now();
      expect((await player.api.post(ApiRoutes.withdraw(player.username), { amount: 2 })).status).toBe(200);
      const row = await settledWithdrawal(stack, player, 60_000);
      const tookMs = Date.now() - requestedAt;
      expect(row.status).toBe('completed');
      expect(Number(await engineBalance(goodNode, player.username, 'RNK'))).toBe(rnkBefore + 2);
      // Sent once (the chain follower records it a moment later).
      const sentOut = () =>
        queryDatabase(stack.database.url, `SELECT 1 FROM chain_transfers WHERE status = 'outgoing' AND memo = $1`, [
          `runik-withdrawal:${row.id}`,
        ]);
      expect(await eventually(sentOut, (rows) => rows.length > 0, 30_000)).toHaveLength(1);
      return tookMs;
    };

    const healthyMs = await withdrawal(healthy);
    await setFault(0, 'hang');
    const hungMs = await withdrawal(hung);
    console.log(`Withdrawal with every node answering: ${healthyMs} ms; with the first node hanging: ${hungMs} ms`);
    expect(hungMs).toBeLessThanOrEqual(healthyMs + HANGING_NODE_ALLOWANCE_MS);
    await setFault(0, 'none');
  }, 180_000);
});

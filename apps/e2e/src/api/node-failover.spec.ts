import axios from 'axios';
import { ApiRoutes } from '@runik/contract';
import { cityOf, grant, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { eventually } from '../support/eventually';
import { engineBalance, sendToken } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * Node lists: the game is given a dead node first (nothing listens there), then a hive-sim node that
 * hangs, then a good one, for Hive and for Hive Engine alike. Login, registration, deposits and
 * withdrawals still work, and the health check shows each node's state.
 */
// Port 1 (privileged, below the ephemeral range): nothing listens there, and no process of the stack
// can be given it, as a port found free and released could be (hive-sim once started on it).
const deadUrl = 'http://127.0.0.1:1';
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({
    engineDelayMs: 100,
    simNodes: 2,
    chainNodes: ([good, hanging]) => [deadUrl, hanging, good],
    // A hanging node is given up on after 2 s; a transfer that went to it expires after 5 s.
    extraEnv: { CHAIN_TIMEOUT_MS: '2000', HIVE_TRANSACTION_LIFETIME_MS: '5000' },
  });
});
afterAll(() => stack?.stop());

const setFault = (node: number, fault: 'none' | 'hang') => axios.post(`${stack.simUrl}/dev/node-fault`, { node, fault });

interface NodeState {
  url: string;
  up: boolean;
}
async function nodeStates(): Promise<{ hive: NodeState[]; engine: NodeState[] }> {
  const { data } = await axios.get(`${stack.apiUrl}/api/health`);
  const states = (indicator: { nodes: NodeState[] }) => indicator.nodes.map(({ url, up }) => ({ url, up }));
  return { hive: states(data.details.hiveNodes), engine: states(data.details.hiveEngineNodes) };
}

describe('chain node lists', () => {
  it('log in, register, deposit and withdraw with the first node dead and the second hanging; health shows each', async () => {
    await setFault(1, 'hang');
    const [good, hanging] = stack.simUrls;
    const expected = [
      { url: deadUrl, up: false },
      { url: hanging, up: false },
      { url: good, up: true },
    ];
    // Each list's probe answer is kept a few seconds, so the two may see the hang a probe apart.
    const down = (states: { hive: NodeState[]; engine: NodeState[] }) => !states.hive[1].up && !states.engine[1].up;
    expect(await eventually(nodeStates, down, 20_000)).toEqual({ hive: expected, engine: expected });

    // Registration (a SWAP.HIVE payment looked up on Hive Engine) and login (the account's keys from the Hive node).
    const player = await newPaidCityPlayer(stack, 'fail');
    const runikBefore = (await cityOf(player)).resources.runik;

    const depositTx = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '3.000', 'deposit');
    expect((await player.api.post(ApiRoutes.depositInit(player.username), { amount: 3, txId: depositTx })).status).toBe(200);
    expect(
      await eventually(
        async () => (await cityOf(player)).resources.runik,
        (runik) => runik === runikBefore + 3,
        30_000,
      ),
    ).toBe(runikBefore + 3);

    await grant(stack, player, 'runik', 2_000);
    const rnkBefore = Number(await engineBalance(stack.simUrl, player.username, 'RNK'));
    expect((await player.api.post(ApiRoutes.withdraw(player.username), { amount: 2 })).status).toBe(200);
    expect((await settledWithdrawal(stack, player)).status).toBe('completed');
    expect(Number(await engineBalance(stack.simUrl, player.username, 'RNK'))).toBe(rnkBefore + 2);

    // The hanging node answers again: health sees it back.
    await setFault(1, 'none');
    const back = await eventually(nodeStates, (states) => states.hive[1].up && states.engine[1].up, 20_000);
    expect(back.hive.map((node) => node.up)).toEqual([false, true, true]);
    expect(back.engine.map((node) => node.up)).toEqual([false, true, true]);
  }, 180_000);
});

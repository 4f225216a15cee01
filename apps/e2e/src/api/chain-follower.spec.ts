import axios from 'axios';
import { ApiRoutes } from '@runik/contract';
import type { ChainTransfersResponse } from '@runik/contract';
import { cityOf, CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { engineBalance, sendToken, uniqueUsername } from '../support/hive';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * The chain is the record: the worker follows Hive Engine's blocks and credits every RNK transfer to
 * the game account to its sender, whether or not the client reported it; what pays for nothing goes
 * back, once.
 */
// A stack of its own: a test kills the worker and starts two.
let stack: Stack;
beforeAll(async () => (stack = await startStack({ engineDelayMs: 100 })));
afterAll(() => stack?.stop());

const runikOf = async (player: CityPlayer) => (await cityOf(player)).resources.runik;
const ops = () =>
  axios.create({ baseURL: stack.apiUrl, auth: { username: 'admin', password: BULL_BOARD_PASSWORD }, validateStatus: () => true });

async function recorded(transactionId: string) {
  return queryDatabase<{ status: string; matched: string | null; reason: string | null; refund_transaction_id: string | null }>(
    stack.database.url,
    `SELECT status, matched, reason, refund_transaction_id FROM chain_transfers WHERE transaction_id = $1`,
    [transactionId],
  );
}

describe('the chain follower', () => {
  it('credits a deposit the client never reported, once, and it shows completed', async () => {
    const player = await newCityPlayer(stack, 'unrep');
    const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '4.250', 'deposit');
    expect(
      await eventually(
        () => runikOf(player),
        (runik) => runik === 4.25,
        20_000,
      ),
    ).toBe(4.25);
    expect((await player.api.get(ApiRoutes.depositCheck(txId, player.username, '4.25'))).data).toEqual({
      status: 'completed',
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    // A late report changes nothing.
    expect((await player.api.post(ApiRoutes.depositInit(player.username), { amount: '4.25', txId })).data).toEqual({
      status: 'completed',
      transactionId: txId,
    });
    expect(await runikOf(player)).toBe(4.25);
    expect(await recorded(txId)).toEqual([
      { status: 'credited', matched: expect.stringMatching(/^deposit:\d+$/), reason: null, refund_transaction_id: null },
    ]);
  });

  it('credits a transfer whose report the cooldown refused', async () => {
    const player = await newCityPlayer(stack, 'cool');
    const first = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '1.000', '');
    expect((await player.api.post(ApiRoutes.depositInit(player.username), { amount: 1, txId: first })).status).toBe(200);
    expect(
      await eventually(
        () => runikOf(player),
        (runik) => runik === 1,
        20_000,
      ),
    ).toBe(1);

    // The worker frozen (SIGSTOP), its follower cannot credit the second transfer before its report (which would
    // then answer "completed"): the report meets the cooldown of the first (60 s, from its report), however fast the machine.
    const worker = stack.processes().worker;
    if (!worker?.pid) throw new Error('no worker');
    process.kill(worker.pid, 'SIGSTOP');
    let second: string;
    try {
      second = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '2.000', '');
      const refused = await player.api.post(ApiRoutes.depositInit(player.username), { amount: 2, txId: second });
      expect(refused.status).toBe(429);
      expect(refused.data).toEqual({ error: expect.stringMatching(/^Deposit on cooldown\. Please wait \d+ seconds\.$/) });
      expect(await recorded(second)).toEqual([]);
      expect(await runikOf(player)).toBe(1);
    } finally {
      process.kill(worker.pid, 'SIGCONT');
    }
    // The follower, going on, credits the refused report's transfer all the same.
    expect(
      await eventually(
        () => runikOf(player),
        (runik) => runik === 3,
        20_000,
      ),
    ).toBe(3);
    expect(await recorded(second)).toEqual([
      { status: 'credited', matched: expect.stringMatching(/^deposit:\d+$/), reason: null, refund_transaction_id: null },
    ]);
  });

  it('sends back RNK from an account with no game account, once, never credited, and lists it for operators', async () => {
    const stranger = uniqueUsername('strgr');
    const before = Number(await engineBalance(stack.simUrl, stranger, 'RNK'));
    const txId = await sendToken(stack.simUrl, stranger, GAME_ACCOUNT, 'RNK', '3.000', 'hello');
    expect(Number(await engineBalance(stack.simUrl, stranger, 'RNK'))).toBeLessThanOrEqual(before);

    const [row] = await eventually(
      () => recorded(txId),
      ([transfer]) => transfer?.status === 'refunded',
      30_000,
    );
    expect(row).toMatchObject({ status: 'refunded', reason: 'RNK from an account with no game account' });
    expect(Number(await engineBalance(stack.simUrl, stranger, 'RNK'))).toBe(before);
    // The refund itself is recorded as the game's outgoing transfer, with the reason in its memo, once.
    const refunds = await queryDatabase<{ memo: string; quantity: string; recipient: string }>(
      stack.database.url,
      `SELECT memo, quantity, recipient FROM chain_transfers WHERE status = 'outgoing' AND recipient = $1`,
      [stranger],
    );
    expect(refunds).toEqual([{ memo: 'Runik refund: RNK from an account with no game account', quantity: '3.000', recipient: stranger }]);
    expect(await queryDatabase(stack.database.url, `SELECT * FROM deposits WHERE transaction_id = $1`, [txId])).toEqual([]);

    const listed = await ops().get<ChainTransfersResponse>(ApiRoutes.adminChainTransfers, { params: { status: 'refunded' } });
    expect(listed.status).toBe(200);
    expect(listed.data.followedBlock).toBeGreaterThan(0);
    expect(listed.data.transfers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ transactionId: txId, sender: stranger, quantity: '3.000', symbol: 'RNK', status: 'refunded' }),
      ]),
    );
    expect((await axios.get(`${stack.apiUrl}${ApiRoutes.adminChainTransfers}`, { validateStatus: () => true })).status).toBe(401);
    expect((await ops().get(ApiRoutes.adminChainTransfers, { params: { status: 'lost' } })).status).toBe(400);
    const metrics = await ops().get<string>('/metrics');
    expect(metrics.data).toMatch(/^runik_chain_transfers\{status="refunded"\} [1-9]/m);
    expect(metrics.data).toMatch(/^runik_chain_followed_block [1-9]/m);
  });

  it('catches up after the worker was down while 500 blocks passed, crediting each transfer once with two workers', async () => {
    // Five transfers each at most: Hive takes 5 custom_json per account and block.
    // Registered ten at a time: a hundred at once can wait longer than the pool's 5 s for a connection on a loaded
    // machine (503, try again), and registering is not what this test is about.
    const players: CityPlayer[] = [];
    for (let batch = 0; batch < 10; batch++)
      players.push(...(await Promise.all(Array.from({ length: 10 }, () => newCityPlayer(stack, 'catch')))));
    await stack.killWorker();
    const sent: string[] = [];
    for (let round = 0; round < 5; round++) {
      sent.push(
        ...(await Promise.all(players.map((player) => sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '0.010', '')))),
      );
    }
    await Promise.all([stack.startWorker(), stack.startWorker()]);

    const credited = async () =>
      Number(
        (
          await queryDatabase<{ n: string }>(
            stack.database.url,
            `SELECT count(*) AS n FROM chain_transfers WHERE transaction_id = ANY($1) AND status = 'credited'`,
            [sent],
          )
        )[0].n,
      );
    expect(await eventually(credited, (n) => n === 500, 90_000)).toBe(500);
    for (const player of players) expect(await runikOf(player)).toBe(0.05);
    const postings = await queryDatabase<{ n: string }>(
      stack.database.url,
      `SELECT count(DISTINCT posting_id) AS n FROM ledger_entries WHERE reason = 'deposit' AND reference = ANY($1)`,
      [sent],
    );
    expect(Number(postings[0].n)).toBe(500);
    expect(
      await queryDatabase(
        stack.database.url,
        `SELECT transaction_id FROM deposits WHERE transaction_id = ANY($1) GROUP BY 1 HAVING count(*) > 1`,
        [sent],
      ),
    ).toEqual([]);
  }, 180_000);
});

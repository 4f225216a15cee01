import { ApiRoutes, DepositFailures, type DepositCheckResponse } from '@runik/contract';
import { cityOf, CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { sendToken } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

let stack: Stack;
// A short confirmation window so an unknown transaction fails within the test.
beforeAll(async () => (stack = await startStack({ extraEnv: { DEPOSIT_CONFIRMATION_WINDOW_MS: '6000' } })));
afterAll(() => stack?.stop());

const deposit = (player: CityPlayer, txId: string, amount: string | number) =>
  player.api.post(ApiRoutes.depositInit(player.username), { amount, txId });

async function settled(player: CityPlayer, txId: string, amount: string): Promise<DepositCheckResponse> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { data } = await player.api.get(ApiRoutes.depositCheck(txId, player.username, amount));
    if (data.status !== 'pending' || Date.now() > deadline) return data;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function runikTotals(): Promise<{ all: number; chain: number }> {
  const [row] = await queryDatabase<{ all: string; chain: string }>(
    stack.database.url,
    `SELECT coalesce(sum(b.amount), 0) AS all,
            coalesce(sum(b.amount) FILTER (WHERE a.code = 'external:hive-engine'), 0) AS chain
       FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE b.asset = 'runik'`,
  );
  return { all: Number(row.all), chain: Number(row.chain) };
}

describe('deposits', () => {
  it('credits a real RNK transfer once and starts the cooldown', async () => {
    const player = await newCityPlayer(stack, 'dep');
    const sentAt = Date.now();
    const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '12.345', 'deposit');
    const init = await deposit(player, txId, '12.345');
    expect(init.status).toBe(200);
    // Pending, or completed already when the chain follower was faster than the report.
    expect(init.data).toEqual({ status: expect.stringMatching(/^(pending|completed)$/), transactionId: txId });

    expect(await settled(player, txId, '12.345')).toEqual({
      status: 'completed',
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    expect((await cityOf(player)).resources.runik).toBe(12.345);
    // Repeating the init changes nothing.
    expect((await deposit(player, txId, '12.345')).data).toEqual({ status: 'completed', transactionId: txId });
    expect((await cityOf(player)).resources.runik).toBe(12.345);

    const status = await player.api.get(ApiRoutes.depositStatus(player.username));
    expect(status.data).toMatchObject({ canDeposit: false, processing: false });
    // The cooldown (60 s) runs from the deposit's record (by the report or the chain follower, after the transfer
    // was sent): what is left is at least 60 s less the time since then, measured rather than assumed small
    // (settling above may take long on a loaded machine), within a second.
    expect(status.data.remainingMs).toBeLessThanOrEqual(60_000);
    expect(status.data.remainingMs).toBeGreaterThanOrEqual(60_000 - (Date.now() - sentAt) - 1_000);
    expect(Date.parse(status.data.nextDepositTime) - Date.parse(status.data.lastDepositTime)).toBe(60_000);
    const again = await deposit(player, 'c'.repeat(40), '1');
    expect(again.status).toBe(429);
    expect(again.data.error).toMatch(/^Deposit on cooldown\. Please wait \d+ seconds\.$/);
  });

  it.each([
    [
      'another sender',
      (p: CityPlayer, other: CityPlayer) => sendToken(stack.simUrl, other.username, GAME_ACCOUNT, 'RNK', '5.000', ''),
      '5',
      DepositFailures.wrongSender,
    ],
    [
      'another recipient',
      (p: CityPlayer) => sendToken(stack.simUrl, p.username, 'someone.else', 'RNK', '5.000', ''),
      '5',
      DepositFailures.wrongRecipient,
    ],
    [
      'another symbol',
      (p: CityPlayer) => sendToken(stack.simUrl, p.username, GAME_ACCOUNT, 'SWAP.HIVE', '5', ''),
      '5',
      DepositFailures.wrongSymbol,
    ],
    [
      'a transfer with logs.errors',
      (p: CityPlayer) => sendToken(stack.simUrl, p.username, GAME_ACCOUNT, 'RNK', '5000.000', ''),
      '5000',
      DepositFailures.failed,
    ],
    ['an unknown transaction id', async () => 'd'.repeat(40), '5', DepositFailures.notFound],
  ])('does not credit %s', async (_case, send, amount, reason) => {
    const [player, other] = await Promise.all([newCityPlayer(stack, 'nodep'), newCityPlayer(stack, 'other')]);
    const txId = await send(player, other);
    expect((await deposit(player, txId, amount)).status).toBe(200);
    expect((await player.api.get(ApiRoutes.depositCheck(txId, player.username, amount))).data.status).toBe('pending');
    expect(await settled(player, txId, amount)).toMatchObject({ status: 'failed', error: reason });
    expect((await cityOf(player)).resources.runik).toBe(0);
  });

  it('refuses a report of another amount than the chain carried, and credits what was sent', async () => {
    const [early, late] = await Promise.all([newCityPlayer(stack, 'early'), newCityPlayer(stack, 'late')]);
    // Reported before the follower records the transfer: the report waits, the chain's amount is credited.
    const earlyTx = await sendToken(stack.simUrl, early.username, GAME_ACCOUNT, 'RNK', '5.000', '');
    const earlyReport = await deposit(early, earlyTx, '5.001');
    expect([200, 400]).toContain(earlyReport.status);
    expect(
      await eventually(
        async () => (await cityOf(early)).resources.runik,
        (runik) => runik === 5,
        30_000,
      ),
    ).toBe(5);

    // Reported once the transfer is recorded: refused with the amount sent, and nothing changes.
    const lateTx = await sendToken(stack.simUrl, late.username, GAME_ACCOUNT, 'RNK', '5.000', '');
    expect(
      await eventually(
        async () => (await cityOf(late)).resources.runik,
        (runik) => runik === 5,
        30_000,
      ),
    ).toBe(5);
    const lateReport = await deposit(late, lateTx, '5.001');
    expect(lateReport.status).toBe(400);
    expect(lateReport.data).toEqual({ error: 'Deposit amount does not match the transfer: 5.000 RNK was sent.' });
    expect((await cityOf(late)).resources.runik).toBe(5);
    const rows = await queryDatabase(
      stack.database.url,
      `SELECT amount_thousandths, status FROM deposits WHERE transaction_id IN ($1, $2)`,
      [earlyTx, lateTx],
    );
    expect(rows).toEqual([
      { amount_thousandths: '5000', status: 'completed' },
      { amount_thousandths: '5000', status: 'completed' },
    ]);
  });

  it('credits once when the same init is sent 20 times at once', async () => {
    const player = await newCityPlayer(stack, 'burst');
    const txId = await sendToken(stack.simUrl, player.username, GAME_ACCOUNT, 'RNK', '7.000', '');
    const responses = await Promise.all(Array.from({ length: 20 }, () => deposit(player, txId, '7')));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await settled(player, txId, '7')).toMatchObject({ status: 'completed' });
    expect((await cityOf(player)).resources.runik).toBe(7);
    const rows = await queryDatabase(stack.database.url, `SELECT status FROM deposits WHERE transaction_id = $1`, [txId]);
    expect(rows).toEqual([{ status: 'completed' }]);
  });

  it('credits only the sender when two players claim one transaction', async () => {
    const [sender, claimant] = await Promise.all([newCityPlayer(stack, 'sender'), newCityPlayer(stack, 'claim')]);
    const txId = await sendToken(stack.simUrl, sender.username, GAME_ACCOUNT, 'RNK', '3.000', '');
    // The claimant is faster, and must not block the sender either.
    expect((await deposit(claimant, txId, '3')).status).toBe(200);
    expect((await deposit(sender, txId, '3')).status).toBe(200);
    // Not the claimant's transfer: never seen as theirs.
    expect(await settled(claimant, txId, '3')).toEqual({
      status: 'failed',
      error: DepositFailures.wrongSender,
      seenOnChain: false,
      awaitingHiveEngine: false,
    });
    expect(await settled(sender, txId, '3')).toEqual({ status: 'completed', error: null, seenOnChain: true, awaitingHiveEngine: false });
    expect((await cityOf(sender)).resources.runik).toBe(3);
    expect((await cityOf(claimant)).resources.runik).toBe(0);
  });

  it("refuses another player's deposit paths and bad input, storing nothing", async () => {
    const [alice, bob] = await Promise.all([newCityPlayer(stack, 'alice'), newCityPlayer(stack, 'bob')]);
    expect((await alice.api.post(ApiRoutes.depositInit(bob.username), { amount: 1, txId: 'e'.repeat(40) })).status).toBe(403);
    expect((await alice.api.get(ApiRoutes.depositStatus(bob.username))).status).toBe(403);
    expect((await alice.api.get(ApiRoutes.depositCheck('e'.repeat(40), bob.username, '1'))).status).toBe(403);
    expect((await alice.api.get(ApiRoutes.depositCheck('e'.repeat(40), alice.username, '1'))).data).toEqual({ error: 'Deposit not found' });
    for (const body of [
      { amount: -1, txId: 'e'.repeat(40) },
      { amount: 0, txId: 'e'.repeat(40) },
      { amount: '1.0001', txId: 'e'.repeat(40) },
      { amount: 'NaN', txId: 'e'.repeat(40) },
      { amount: 1e300, txId: 'e'.repeat(40) },
      { amount: 1, txId: 'not-a-tx' },
      { amount: 1, txId: 'e'.repeat(40), bonus: 5 },
    ]) {
      const response = await alice.api.post(ApiRoutes.depositInit(alice.username), body);
      expect(response.status).toBe(400);
      expect(typeof response.data.error).toBe('string');
    }
    expect(await queryDatabase(stack.database.url, `SELECT * FROM deposits WHERE player_id = $1`, [alice.playerId])).toEqual([]);
    expect((await alice.api.get(ApiRoutes.depositStatus(alice.username))).data).toEqual({
      canDeposit: true,
      remainingMs: 0,
      nextDepositTime: null,
      lastDepositTime: null,
      processing: false,
    });
  });

  it('keeps RUNIK conserved: all accounts sum to zero, the chain side mirrors what was deposited', async () => {
    const { all, chain } = await runikTotals();
    expect(all).toBe(0);
    const [credited] = await queryDatabase<{ total: string }>(
      stack.database.url,
      `SELECT coalesce(sum(amount_thousandths), 0) AS total FROM deposits WHERE status = 'completed'`,
    );
    expect(-chain).toBe(Number(credited.total));
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT * FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);
  });
});

import { Queue } from 'bullmq';
import { ApiRoutes, WalletMessages } from '@runik/contract';
import { cityOf, CityPlayer, grant, newCityPlayer, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { engineBalance } from '../support/hive';
import { sharedStack } from '../support/shared-stack';
import { GAME_ACCOUNT, Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const withdraw = (player: CityPlayer, amount: unknown) => player.api.post(ApiRoutes.withdraw(player.username), { amount });

const rnkOf = (account: string) => engineBalance(stack.simUrl, account, 'RNK');

describe('withdrawals', () => {
  it('sends RNK from the game account to the player once, then holds the 8-hour cooldown', async () => {
    const player = await newPaidCityPlayer(stack);
    await grant(stack, player, 'runik', 25_000);
    const [playerBefore, gameBefore] = [await rnkOf(player.username), await rnkOf(GAME_ACCOUNT)];

    const response = await withdraw(player, '10.5');
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ status: 'pending', transactionId: null, amount: 10.5, resources: { runik: 14.5 } });
    expect(Date.parse(response.data.nextWithdrawalTime) - Date.now()).toBeGreaterThan(8 * 3_600_000 - 60_000);

    const sent = await settledWithdrawal(stack, player);
    expect(sent).toMatchObject({ status: 'completed', error: null });
    expect(Number(await rnkOf(player.username))).toBe(Number(playerBefore) + 10.5);
    expect(Number(await rnkOf(GAME_ACCOUNT))).toBe(Number(gameBefore) - 10.5);

    const again = await withdraw(player, '1');
    expect(again.status).toBe(429);
    expect(again.data.error).toMatch(/^Withdrawal on cooldown\. Try again in (8:00:00|7:59:[0-5]\d)$/);
    const status = await player.api.get(ApiRoutes.withdrawStatus(player.username));
    expect(status.data).toMatchObject({ canWithdraw: false });
    expect(status.data.remainingMs).toBeGreaterThan(8 * 3_600_000 - 60_000);
    expect((await cityOf(player)).resources.runik).toBe(14.5);
  });

  it("refuses a free account with the spec's message", async () => {
    const player = await newCityPlayer(stack, 'free');
    await grant(stack, player, 'runik', 5_000);
    const response = await withdraw(player, 1);
    expect(response.status).toBe(403);
    expect(response.data).toEqual({ error: WalletMessages.withdrawalsDisabled });
    expect((await player.api.get(ApiRoutes.withdrawStatus(player.username))).data).toMatchObject({ canWithdraw: false, remainingMs: 0 });
  });

  it('refuses more than held, negative and 4-decimal amounts, changing nothing', async () => {
    const player = await newPaidCityPlayer(stack);
    await grant(stack, player, 'runik', 2_000);
    const tooMuch = await withdraw(player, '2.001');
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.data).toEqual({ error: 'Not enough RUNIK. Required: 2.001, Available: 2.000' });
    for (const amount of [-1, 0, '1.0001', 'NaN', 1e300, null]) expect((await withdraw(player, amount)).status).toBe(400);
    expect(await queryDatabase(stack.database.url, `SELECT * FROM withdrawals WHERE player_id = $1`, [player.playerId])).toEqual([]);
    expect((await cityOf(player)).resources.runik).toBe(2);
  });

  it('lets exactly one of 50 simultaneous withdrawals of the whole balance through', async () => {
    const player = await newPaidCityPlayer(stack);
    await grant(stack, player, 'runik', 3_000);
    const responses = await Promise.all(Array.from({ length: 50 }, () => withdraw(player, 3)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(49);
    expect((await settledWithdrawal(stack, player)).status).toBe('completed');
    expect(
      await queryDatabase(stack.database.url, `SELECT count(*)::int AS n FROM withdrawals WHERE player_id = $1`, [player.playerId]),
    ).toEqual([{ n: 1 }]);
    expect((await cityOf(player)).resources.runik).toBe(0);
  });

  it('sends twelve withdrawals asked for at once, each once, though Hive takes 5 custom_json of the game account per block', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => newPaidCityPlayer(stack, 'burst')));
    await Promise.all(players.map((player) => grant(stack, player, 'runik', 1_000)));
    const before = await Promise.all(players.map((player) => rnkOf(player.username)));
    const responses = await Promise.all(players.map((player) => withdraw(player, 1)));
    expect(responses.map((response) => response.status)).toEqual(players.map(() => 200));
    // Three blocks at least (5 a block), each transfer then confirmed on Hive Engine: seconds alone (the whole file
    // took 23 s at load average 4-7). Up to 3 minutes allowed, as npm test runs this beside two other system files
    // and Vitest on 2 cores (60 s was not always enough there, load average 14).
    const settled = await Promise.all(players.map((player) => settledWithdrawal(stack, player, 180_000)));
    expect(settled.map((row) => row.status)).toEqual(players.map(() => 'completed'));
    const after = await Promise.all(players.map((player) => rnkOf(player.username)));
    expect(after.map(Number)).toEqual(before.map((balance) => Number(balance) + 1));
  }, 240_000);

  it('refunds a transfer the chain refuses for good, and lifts the cooldown', async () => {
    const player = await newPaidCityPlayer(stack);
    const gameHolds = Number(await rnkOf(GAME_ACCOUNT));
    const amount = Math.ceil(gameHolds) + 100;
    await grant(stack, player, 'runik', amount * 1000);
    expect((await withdraw(player, amount)).status).toBe(200);
    const refunded = await settledWithdrawal(stack, player);
    expect(refunded.status).toBe('refunded');
    expect(refunded.error).toMatch(/^Transfer failed on Hive Engine: overdrawn balance/);
    // Operators see it in Bull Board too: the job failed for good, with the reason.
    const [{ id }] = await queryDatabase<{ id: string }>(stack.database.url, `SELECT id FROM withdrawals WHERE player_id = $1`, [
      player.playerId,
    ]);
    const queue = new Queue('ledger', { connection: { url: 'redis://127.0.0.1:6379' }, prefix: `${stack.redisPrefix}-bull` });
    const job = await queue.getJob(`withdrawal-${id}`);
    expect(await job?.getState()).toBe('failed');
    expect(job?.failedReason).toMatch(/refunded: Transfer failed on Hive Engine/);
    await queue.close();
    expect((await cityOf(player)).resources.runik).toBe(amount);
    expect((await player.api.get(ApiRoutes.withdrawStatus(player.username))).data).toMatchObject({ canWithdraw: true, remainingMs: 0 });
  });

  it('keeps RUNIK conserved: all accounts sum to zero; the chain side is deposits less withdrawals sent', async () => {
    const [row] = await queryDatabase<{ all: string; chain: string }>(
      stack.database.url,
      `SELECT coalesce(sum(b.amount), 0) AS all,
              coalesce(sum(b.amount) FILTER (WHERE a.code = 'external:hive-engine'), 0) AS chain
         FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE b.asset = 'runik'`,
    );
    expect(Number(row.all)).toBe(0);
    const [moved] = await queryDatabase<{ deposited: string; withdrawn: string }>(
      stack.database.url,
      `SELECT (SELECT coalesce(sum(amount_thousandths), 0) FROM deposits WHERE status = 'completed') AS deposited,
              (SELECT coalesce(sum(amount_thousandths), 0) FROM withdrawals WHERE status <> 'refunded') AS withdrawn`,
    );
    expect(Number(row.chain)).toBe(Number(moved.withdrawn) - Number(moved.deposited));
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT * FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);
  });
});

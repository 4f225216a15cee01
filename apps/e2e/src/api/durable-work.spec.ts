import Redis from 'ioredis';
import { ApiRoutes } from '@runik/contract';
import { apiClient, settledStatus } from '../support/api-client';
import { cityOf, grant, newCityPlayer, newPaidCityPlayer, reportRegistration } from '../support/city';
import { queryDatabase } from '../support/database';
import { engineBalance, payRegistration, sendToken, uniqueUsername } from '../support/hive';
import { payForItem, pendingShopPurchase, settledShopPurchase } from '../support/shop';
import { eventually } from '../support/eventually';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';
import { sleep } from '../support/swap-hive';

/**
 * PostgreSQL is the record of the work, Redis only carries it: with the worker frozen (SIGSTOP) while
 * a deposit, a withdrawal, a registration and a SWAP.HIVE purchase wait, Redis loses every key of the
 * game (this stack's prefix: the queues, their jobs and schedulers, the session cache), then the worker
 * goes on. Each completes, once. Only this stack's keys are dropped, so test files running beside it on
 * the same Redis are not disturbed; for this game that is all of Redis.
 */
let stack: Stack;
let redis: Redis;
beforeAll(async () => {
  stack = await startStack({ engineDelayMs: 100 });
  redis = new Redis('redis://127.0.0.1:6379');
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});

/** Drops every Redis key of this stack, as a Redis restarted without persistence would have. */
async function loseRedisData(): Promise<number> {
  let dropped = 0;
  for await (const keys of redis.scanStream({ match: `${stack.redisPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
    if (keys.length > 0) dropped += await redis.del(...keys);
  }
  return dropped;
}

const statusOf = async (table: string, id: number) =>
  (await queryDatabase<{ status: string }>(stack.database.url, `SELECT status FROM ${table} WHERE id = $1`, [id]))[0].status;

describe('Redis losing all its data', () => {
  it('loses no payment and no withdrawal: each completes once when the worker goes on', async () => {
    const [depositor, withdrawer, shopper] = await Promise.all([
      newCityPlayer(stack, 'depo'),
      newPaidCityPlayer(stack, 'wdrw'),
      newCityPlayer(stack, 'shop'),
    ]);
    await grant(stack, withdrawer, 'runik', 2_000);
    const rnkBefore = Number(await engineBalance(stack.simUrl, withdrawer.username, 'RNK'));
    const worker = stack.processes().worker;
    if (!worker?.pid) throw new Error('no worker');

    process.kill(worker.pid, 'SIGSTOP');
    try {
      // A withdrawal, debited at once.
      expect((await withdrawer.api.post(ApiRoutes.withdraw(withdrawer.username), { amount: '2' })).status).toBe(200);
      // A deposit sent on chain and reported.
      const depositTx = await sendToken(stack.simUrl, depositor.username, GAME_ACCOUNT, 'RNK', '3', '');
      expect((await depositor.api.post(ApiRoutes.depositInit(depositor.username), { amount: '3', txId: depositTx })).status).toBe(200);
      // A paid registration.
      const newcomer = uniqueUsername('newc');
      const registrationTx = await payRegistration(stack.simUrl, newcomer, '40.000');
      expect((await reportRegistration(stack, newcomer, registrationTx)).status).toBe(200);
      // A SWAP.HIVE purchase.
      const purchaseId = await pendingShopPurchase(shopper, 'crate', await payForItem(stack, shopper, 'crate'));

      const [withdrawal] = await queryDatabase<{ id: number; status: string }>(
        stack.database.url,
        'SELECT id, status FROM withdrawals WHERE player_id = $1',
        [withdrawer.playerId],
      );
      const [deposit] = await queryDatabase<{ id: number }>(stack.database.url, 'SELECT id FROM deposits WHERE transaction_id = $1', [
        depositTx,
      ]);
      const [registration] = await queryDatabase<{ id: number }>(
        stack.database.url,
        'SELECT id FROM registrations WHERE transaction_id = $1',
        [registrationTx],
      );
      expect(withdrawal.status).toBe('pending');
      expect([
        await statusOf('deposits', deposit.id),
        await statusOf('registrations', registration.id),
        await statusOf('shop_purchases', purchaseId),
      ]).toEqual(['pending', 'pending', 'pending']);

      expect(await loseRedisData()).toBeGreaterThan(0);
      expect(await redis.keys(`${stack.redisPrefix}*`)).toEqual([]);

      process.kill(worker.pid, 'SIGCONT');
      // The registration, deposit and purchase are credited; the withdrawal's RNK leaves once.
      expect((await settledStatus(apiClient(stack.apiUrl), registrationTx, 60_000)).status).toBe('confirmed');
      expect(
        await eventually(
          () => statusOf('deposits', deposit.id),
          (status) => status !== 'pending',
        ),
      ).toBe('completed');
      expect((await settledShopPurchase(shopper, purchaseId, 60_000)).status).toBe('confirmed');
      expect(
        await eventually(
          () => statusOf('withdrawals', withdrawal.id),
          (status) => status === 'completed',
        ),
      ).toBe('completed');
    } finally {
      process.kill(worker.pid, 'SIGCONT');
    }

    expect((await cityOf(depositor)).resources.runik).toBe(3);
    // Exactly once: 2 RNK more on chain, however many sweeps ran meanwhile.
    await sleep(3_000);
    expect(Number(await engineBalance(stack.simUrl, withdrawer.username, 'RNK')) - rnkBefore).toBe(2);
    const transfers = await queryDatabase<{ count: string }>(
      stack.database.url,
      `SELECT count(*) FROM withdrawals WHERE player_id = $1 AND status = 'completed'`,
      [withdrawer.playerId],
    );
    expect(Number(transfers[0].count)).toBe(1);
  });
});

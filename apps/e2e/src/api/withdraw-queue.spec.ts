import Redis from 'ioredis';
import { ApiRoutes, WalletMessages } from '@runik/contract';
import { cityOf, CityPlayer, grant, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { engineBalance, sendToken, uniqueUsername } from '../support/hive';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * The coverage floor against real processes and hive-sim: with a floor of 0.5, a withdrawal leaves
 * only while the game account's RNK after it covers half of what paid players are still owed after
 * it (their RUNIK plus the queued withdrawals). The operators top the game account up from a
 * treasury account (TREASURY_ACCOUNTS: recorded by the chain follower, never refunded).
 */
const FUNDER = uniqueUsername('fund');
let stack: Stack;
let redis: Redis;
beforeAll(async () => {
  stack = await startStack({
    engineDelayMs: 100,
    extraEnv: {
      WITHDRAWAL_COVERAGE_FLOOR: '0.5',
      WITHDRAWAL_QUEUE_CHECK_MS: '1000',
      TREASURY_ACCOUNTS: FUNDER,
      // A killed worker's jobs are taken over after 2 s (as in worker-crash.spec.ts).
      WORKER_LOCK_DURATION_MS: '2000',
      HIVE_TRANSACTION_LIFETIME_MS: '3000',
    },
  });
  redis = new Redis('redis://127.0.0.1:6379');
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rnk = async (account: string) => Math.round(Number(await engineBalance(stack.simUrl, account, 'RNK')) * 1000);
const withdraw = (player: CityPlayer, amount: string) => player.api.post(ApiRoutes.withdraw(player.username), { amount });
const statusOf = async (player: CityPlayer) => (await player.api.get(ApiRoutes.withdrawStatus(player.username))).data;
const REASON = WalletMessages.queued('50');

/** Thousandths of RNK the game account holds above the floor: its RNK less what is on its way, less half of what is owed. */
async function slack(): Promise<number> {
  const [row] = await queryDatabase<{ owed: string; committed: string }>(
    stack.database.url,
    `SELECT (SELECT coalesce(sum(b.amount), 0) FROM balances b JOIN ledger_accounts a ON a.id = b.account_id JOIN players p ON p.id = a.player_id
              WHERE b.asset = 'runik' AND p.activation = 'paid')
          + (SELECT coalesce(sum(amount_thousandths), 0) FROM withdrawals WHERE status = 'queued') AS owed,
            (SELECT coalesce(sum(amount_thousandths), 0) FROM withdrawals WHERE status IN ('pending', 'sent')) AS committed`,
  );
  return (await rnk(GAME_ACCOUNT)) - Number(row.committed) - Number(row.owed) / 2;
}

/** An operator's top-up on chain, bringing the slack to `target` thousandths; resolves once hive-sim shows it. */
async function topUpTo(target: number): Promise<void> {
  const before = await rnk(GAME_ACCOUNT);
  const amount = Math.ceil(target - (await slack()));
  expect(amount).toBeGreaterThan(0);
  await sendToken(stack.simUrl, FUNDER, GAME_ACCOUNT, 'RNK', (amount / 1000).toFixed(3), 'treasury top-up');
  await eventually(
    () => rnk(GAME_ACCOUNT),
    (held) => held === before + amount,
    20_000,
  );
}

const withdrawalStatus = async (id: number) =>
  (await queryDatabase<{ status: string }>(stack.database.url, `SELECT status FROM withdrawals WHERE id = $1`, [id]))[0].status;

async function sentNotifications(player: CityPlayer): Promise<number> {
  const [{ n }] = await queryDatabase<{ n: number }>(
    stack.database.url,
    `SELECT count(*)::int AS n FROM notifications WHERE player_id = $1 AND kind = 'withdrawal-sent'`,
    [player.playerId],
  );
  return n;
}

describe('withdrawals under the coverage floor', () => {
  let first: CityPlayer;
  let second: CityPlayer;
  let firstId: number;
  let secondId: number;

  it('queue in order, debited, and the players see their place and why', async () => {
    [first, second] = await Promise.all([newPaidCityPlayer(stack, 'qfirst'), newPaidCityPlayer(stack, 'qsecond')]);
    await grant(stack, first, 'runik', 200_000);
    await grant(stack, second, 'runik', 20_000);
    // A rich paid player whose RUNIK the game account cannot cover: 300 RNK under the floor.
    const whale = await newPaidCityPlayer(stack, 'qwhale');
    await grant(stack, whale, 'runik', Math.ceil(2 * ((await slack()) + 300_000)));
    expect(Math.round(await slack())).toBe(-300_000);

    const asked = await withdraw(first, '200');
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({
      status: 'queued',
      amount: 200,
      resources: { runik: 0 },
      queued: { position: 1, amount: 200 },
      queueReason: REASON,
    });
    firstId = asked.data.queued.withdrawalId;
    const next = await withdraw(second, '20');
    expect(next.data).toMatchObject({ status: 'queued', queued: { position: 2 }, queueReason: REASON });
    secondId = next.data.queued.withdrawalId;

    expect(await statusOf(second)).toMatchObject({
      canWithdraw: false,
      queued: [{ withdrawalId: secondId, amount: 20, position: 2 }],
      queueReason: REASON,
    });
    expect((await cityOf(second)).resources.runik).toBe(0);
    // Nothing leaves while under the floor, tick after tick.
    await sleep(3_000);
    expect([await withdrawalStatus(firstId), await withdrawalStatus(secondId)]).toEqual(['queued', 'queued']);
  });

  it('are sent oldest first once RNK arrives, a younger one never ahead of an older one', async () => {
    // Enough for the second (half of 20) but not the first (half of 200): the line holds.
    await topUpTo(60_000);
    await sleep(3_000);
    expect([await withdrawalStatus(firstId), await withdrawalStatus(secondId)]).toEqual(['queued', 'queued']);

    // Enough for the first alone: it goes, the second moves up to first place.
    const firstBefore = await rnk(first.username);
    await topUpTo(105_000);
    expect((await settledWithdrawal(stack, first)).status).toBe('completed');
    expect(await rnk(first.username)).toBe(firstBefore + 200_000);
    expect(await sentNotifications(first)).toBe(1);
    await sleep(2_000);
    expect(await withdrawalStatus(secondId)).toBe('queued');
    expect((await statusOf(second)).queued).toEqual([expect.objectContaining({ withdrawalId: secondId, position: 1 })]);
  });

  it('loses none and sends none twice when the worker is killed while they wait and Redis loses its data', async () => {
    const third = await newPaidCityPlayer(stack, 'qthird');
    await grant(stack, third, 'runik', 30_000);
    await stack.killWorker();
    // Asked for while no worker runs: it joins the line behind the second.
    const asked = await withdraw(third, '30');
    expect(asked.data).toMatchObject({ status: 'queued', queued: { position: 2 } });
    const thirdId: number = asked.data.queued.withdrawalId;
    for await (const keys of redis.scanStream({ match: `${stack.redisPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.del(...keys);
    }

    // The top-up covers both; a new worker finds the line in PostgreSQL.
    await topUpTo(30_000);
    const [secondBefore, thirdBefore, gameBefore] = [await rnk(second.username), await rnk(third.username), await rnk(GAME_ACCOUNT)];
    await stack.startWorker();
    for (const player of [second, third]) expect((await settledWithdrawal(stack, player)).status).toBe('completed');
    // Give a duplicate, if any, time to land before counting.
    await sleep(3_000);
    expect(await rnk(second.username)).toBe(secondBefore + 20_000);
    expect(await rnk(third.username)).toBe(thirdBefore + 30_000);
    expect(await rnk(GAME_ACCOUNT)).toBe(gameBefore - 50_000);
    expect([await sentNotifications(second), await sentNotifications(third)]).toEqual([1, 1]);
    const rows = await queryDatabase<{ id: string; status: string }>(
      stack.database.url,
      `SELECT id, status FROM withdrawals WHERE id = ANY($1) ORDER BY id`,
      [[firstId, secondId, thirdId]],
    );
    expect(rows.map((row) => row.status)).toEqual(['completed', 'completed', 'completed']);
  });
});

import { HttpException } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { WalletMessages } from '@runik/contract';
import type { WithdrawResponse } from '@runik/contract';
import type { EngineBalance, HiveEngineClient } from '../chain/hive-engine.client';
import { loadAppConfig } from '../core/config/app-config';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { TreasuryService } from './treasury.service';
import { WithdrawService } from './withdraw.service';
import { WithdrawalGuardRails } from './withdrawal-guard-rails';

/**
 * The guard rails against a real database with the clock moved by hand: the caps over a game day
 * (the 8-hour cooldown passed between withdrawals), their races, and the order of the line. The
 * chain's side (hive-sim, the worker's sending) is apps/e2e withdraw-limits.spec.ts and
 * withdraw-queue.spec.ts.
 */
let t: ServiceTest;
const clock = new TestClock('2026-03-01T00:30:00Z');
/** The game account's RNK on "Hive Engine", in RNK. */
let gameAccountRnk = '0';
const engine = {
  tokenBalance: async (): Promise<EngineBalance> => ({ account: 'runik.game', symbol: 'RNK', balance: gameAccountRnk }),
} as unknown as HiveEngineClient;
/** Ids of the withdrawals whose send job was enqueued. */
let enqueued: number[] = [];
const ledgerQueue = {
  add: async (_name: string, data: { withdrawalId: number }) => void enqueued.push(data.withdrawalId),
} as unknown as Queue;

function services(env: Record<string, string>) {
  const config = loadAppConfig(env);
  const guardRails = new WithdrawalGuardRails(t.dataSource, ledgerQueue, config, new TreasuryService(t.dataSource, config, engine), clock);
  return { guardRails, withdrawals: new WithdrawService(t.dataSource, ledgerQueue, t.ledger, guardRails, clock, config) };
}

beforeAll(async () => (t = await createServiceTest({ clock, poolSize: 8 })));
afterAll(() => t?.close());
beforeEach(async () => {
  enqueued = [];
  // Each test starts on a day of its own and with no withdrawal waiting.
  await t.dataSource.query(`UPDATE withdrawals SET status = 'completed' WHERE status IN ('queued', 'pending', 'sent')`);
});

let playerCount = 0;
/** A paid player holding `runik` thousandths. */
async function paidPlayer(runik: number): Promise<number> {
  playerCount += 1;
  return t.newPlayer(`guard${playerCount}`, { activation: 'paid', runik });
}

async function refusal(attempt: Promise<unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const error = await attempt.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpException)) throw new Error(`expected a refusal, got ${String(error)}`);
  return { status: error.getStatus(), body: error.getResponse() as Record<string, unknown> };
}

/** The id of a withdrawal that went into the line. */
function queuedId(response: WithdrawResponse): number {
  if (!response.queued) throw new Error(`not queued: ${response.status}`);
  return response.queued.withdrawalId;
}

const statusOf = async (id: number) => (await t.dataSource.query(`SELECT status FROM withdrawals WHERE id = $1`, [id]))[0].status as string;

describe('daily caps', () => {
  it("refuses an account's withdrawal over its cap with 429, the cap and the time until 08:00 Manila, debiting nothing", async () => {
    const { withdrawals } = services({ WITHDRAWAL_DAILY_CAP_PER_ACCOUNT: '10' });
    const player = await paidPlayer(50_000);
    // 08:30 in Manila: the game day began half an hour ago.
    clock.set('2026-03-01T00:30:00Z');
    expect((await withdrawals.withdraw(player, 6_000)).status).toBe('pending');

    // Past the cooldown, the same game day: 5 more would make 11.
    clock.set('2026-03-01T08:31:00Z');
    const refused = await refusal(withdrawals.withdraw(player, 5_000));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: WalletMessages.accountCapReached('10.000', '4.000', '15:29:00'),
      resetsAt: '2026-03-02T00:00:00.000Z',
      resetsInMs: 15.5 * 3_600_000 - 60_000,
    });
    expect((await t.ledger.balancesOf(t.dataSource.manager, player)).runik).toBe(44_000);
    const status = await withdrawals.statusOf(player);
    expect(status).toMatchObject({
      canWithdraw: true,
      limits: { accountCap: 10, accountRemaining: 4, gameCap: null, gameRemaining: null, resetsAt: '2026-03-02T00:00:00.000Z' },
    });

    // What is left goes through; then the cap is used up (and the status says so before any click).
    expect((await withdrawals.withdraw(player, 4_000)).status).toBe('pending');
    clock.set('2026-03-01T16:32:00Z');
    expect(await withdrawals.statusOf(player)).toMatchObject({ canWithdraw: false, remainingMs: 0, limits: { accountRemaining: 0 } });
    expect((await refusal(withdrawals.withdraw(player, 1))).body.error).toBe(
      WalletMessages.accountCapReached('10.000', '0.000', '7:28:00'),
    );

    // The next game day starts at 08:00 Manila with the whole cap.
    clock.set('2026-03-02T00:00:00Z');
    expect((await withdrawals.withdraw(player, 10_000)).status).toBe('pending');
  });

  it("queues a withdrawal over the game's cap, tells why and when, and a refunded withdrawal counts for nothing", async () => {
    const { withdrawals, guardRails } = services({ WITHDRAWAL_DAILY_CAP_GAME: '15' });
    clock.set('2026-03-03T02:00:00Z');
    const [first, second, third] = [await paidPlayer(20_000), await paidPlayer(20_000), await paidPlayer(20_000)];
    await withdrawals.withdraw(first, 8_000);
    await withdrawals.withdraw(second, 7_000);
    const waiting = await withdrawals.withdraw(third, 1);
    expect(waiting).toMatchObject({
      status: 'queued',
      queued: { position: 1, amount: 0.001 },
      queueReason: WalletMessages.queuedForGameCap('15.000', '22:00:00'),
    });
    expect(await t.ledger.balancesOf(t.dataSource.manager, third)).toMatchObject({ runik: 19_999 });
    expect(await withdrawals.statusOf(third)).toMatchObject({
      canWithdraw: false,
      limits: { gameCap: 15, gameRemaining: 0, accountCap: null },
      queued: [{ position: 1 }],
    });

    // A refund frees its share of the day: the line moves at the next release tick.
    await t.dataSource.query(`UPDATE withdrawals SET status = 'refunded' WHERE player_id = $1`, [second]);
    expect(await guardRails.releaseQueued()).toBe(1);
    expect((await withdrawals.statusOf(third)).queued).toEqual([]);
  });

  it('lets exactly the cap out when 30 players withdraw at once, queues the rest in order, and lets them go a cap a day', async () => {
    const { withdrawals, guardRails } = services({ WITHDRAWAL_DAILY_CAP_GAME: '10' });
    clock.set('2026-03-04T02:00:00Z');
    const players = await Promise.all(Array.from({ length: 30 }, () => paidPlayer(5_000)));
    const outcomes = await Promise.all(players.map((player) => withdrawals.withdraw(player, 1_000)));
    expect(outcomes.filter((outcome) => outcome.status === 'pending')).toHaveLength(10);
    expect(outcomes.filter((outcome) => outcome.status === 'queued')).toHaveLength(20);
    const released = async () =>
      (
        await t.dataSource.query(
          `SELECT id::int FROM withdrawals WHERE created_at >= '2026-03-04T00:00:00Z' AND status <> 'queued' ORDER BY id`,
        )
      ).map((row: { id: number }) => row.id);
    expect(await released()).toHaveLength(10);
    // Nothing more today; the next game day (08:00 Manila is 00:00 UTC) lets the ten oldest go, then the last ten.
    expect(await guardRails.releaseQueued()).toBe(0);
    clock.set('2026-03-05T00:30:00Z');
    expect(await guardRails.releaseQueued()).toBe(10);
    const queuedIds = (await t.dataSource.query(`SELECT id::int FROM withdrawals WHERE status = 'queued' ORDER BY id`)).map(
      (row: { id: number }) => row.id,
    );
    expect(Math.min(...queuedIds)).toBeGreaterThan(Math.max(...(await released()).filter((id: number) => !queuedIds.includes(id))));
    clock.set('2026-03-06T00:30:00Z');
    expect(await guardRails.releaseQueued()).toBe(10);
    expect(await released()).toHaveLength(30);
  });
});

describe('the coverage floor', () => {
  // Floor 0.5: the game account must keep RNK worth half of what paid players may still withdraw.
  const env = { WITHDRAWAL_COVERAGE_FLOOR: '0.5' };

  /** RUNIK paid players hold plus the queued withdrawals, thousandths: what the floor is weighed against. */
  async function owed(): Promise<number> {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT coalesce(sum(b.amount), 0) FROM balances b JOIN ledger_accounts a ON a.id = b.account_id JOIN players p ON p.id = a.player_id
                WHERE b.asset = 'runik' AND p.activation = 'paid')
            + (SELECT coalesce(sum(amount_thousandths), 0) FROM withdrawals WHERE status = 'queued') AS owed`,
    );
    return Number(row.owed);
  }
  /** Puts the game account's RNK where `slack` thousandths of RNK are left above the floor (nothing on its way). */
  async function setSlack(slack: number): Promise<void> {
    gameAccountRnk = ((Math.ceil((await owed()) / 2) + slack) / 1000).toFixed(3);
  }

  it('queues withdrawals in order while under the floor, and lets them go oldest first, never a younger one ahead', async () => {
    const { withdrawals, guardRails } = services(env);
    clock.set('2026-03-05T02:00:00Z');
    const [big, small, later] = [await paidPlayer(200_000), await paidPlayer(20_000), await paidPlayer(50_000)];
    await setSlack(-50_000);

    const first = await withdrawals.withdraw(big, 200_000);
    expect(first).toMatchObject({ status: 'queued', queued: { position: 1, amount: 200 }, queueReason: WalletMessages.queued('50') });
    // Enough for this one alone, but it waits behind the first: the line keeps its order.
    await setSlack(60_000);
    const second = await withdrawals.withdraw(small, 20_000);
    expect(second).toMatchObject({ status: 'queued', queued: { position: 2 } });
    expect(enqueued).toEqual([]);
    expect(await guardRails.releaseQueued()).toBe(0);
    expect((await withdrawals.statusOf(small)).queued).toEqual([expect.objectContaining({ amount: 20, position: 2 })]);

    // Covers the first (0.5 x 200) but not both (0.5 x 220): the first goes, the second moves up.
    await setSlack(105_000);
    expect(await guardRails.releaseQueued()).toBe(1);
    expect(enqueued).toEqual([queuedId(first)]);
    expect(await statusOf(queuedId(first))).toBe('pending');
    expect((await withdrawals.statusOf(small)).queued).toEqual([expect.objectContaining({ position: 1 })]);
    expect((await withdrawals.statusOf(big)).queued).toEqual([]);

    // A newcomer joins the line while anyone waits, even when its own amount would fit.
    const third = await withdrawals.withdraw(later, 1_000);
    expect(third).toMatchObject({ status: 'queued', queued: { position: 2 } });

    // The first is confirmed sent (its RNK left the game account); a top-up covers the rest.
    await t.dataSource.query(`UPDATE withdrawals SET status = 'completed' WHERE id = $1`, [queuedId(first)]);
    await setSlack(30_000);
    expect(await guardRails.releaseQueued()).toBe(2);
    expect(enqueued).toEqual([queuedId(first), queuedId(second), queuedId(third)]);
    expect(await guardRails.releaseQueued()).toBe(0);
  });

  it('sends at once above the floor, and keeps the RUNIK debited while a withdrawal waits', async () => {
    const { withdrawals } = services(env);
    clock.set('2026-03-06T02:00:00Z');
    const player = await paidPlayer(10_000);
    await setSlack(5_000);
    const sent = await withdrawals.withdraw(player, 10_000);
    expect(sent).toMatchObject({ status: 'pending', queued: null, queueReason: null });
    expect(enqueued).toHaveLength(1);

    clock.set('2026-03-06T10:01:00Z');
    const other = await paidPlayer(10_000);
    await setSlack(0);
    const waiting = await withdrawals.withdraw(other, 10_000);
    expect(waiting.status).toBe('queued');
    expect(waiting.resources.runik).toBe(0);
    expect((await t.ledger.balancesOf(t.dataSource.manager, other)).runik).toBe(0);
  });

  it('lets queued withdrawals go once the floor is lifted', async () => {
    clock.set('2026-03-07T02:00:00Z');
    const player = await paidPlayer(5_000);
    await setSlack(-10_000);
    const waiting = await services(env).withdrawals.withdraw(player, 5_000);
    expect(waiting.status).toBe('queued');
    const lifted = services({});
    expect((await lifted.withdrawals.statusOf(player)).queueReason).toBe(WalletMessages.queueReleasing);
    expect(await lifted.guardRails.releaseQueued()).toBe(1);
    expect(enqueued).toEqual([queuedId(waiting)]);
  });

  it('answers 503 and debits nothing when Hive Engine cannot be reached', async () => {
    const player = await paidPlayer(5_000);
    const config = loadAppConfig(env);
    const down = { tokenBalance: async () => Promise.reject(new Error('down')) } as unknown as HiveEngineClient;
    const guardRails = new WithdrawalGuardRails(t.dataSource, ledgerQueue, config, new TreasuryService(t.dataSource, config, down), clock);
    const withdrawals = new WithdrawService(t.dataSource, ledgerQueue, t.ledger, guardRails, clock, config);
    expect((await refusal(withdrawals.withdraw(player, 1_000))).status).toBe(503);
    expect((await t.ledger.balancesOf(t.dataSource.manager, player)).runik).toBe(5_000);
  });
});

describe('configuration', () => {
  it('reads caps as RUNIK thousandths and the floor as ten-thousandths; unset or empty is off', () => {
    expect(
      loadAppConfig({ WITHDRAWAL_DAILY_CAP_PER_ACCOUNT: '12.5', WITHDRAWAL_DAILY_CAP_GAME: '1000', WITHDRAWAL_COVERAGE_FLOOR: '0.85' }),
    ).toMatchObject({
      WITHDRAWAL_DAILY_CAP_PER_ACCOUNT: 12_500,
      WITHDRAWAL_DAILY_CAP_GAME: 1_000_000,
      WITHDRAWAL_COVERAGE_FLOOR: 8_500,
    });
    const off = loadAppConfig({ WITHDRAWAL_DAILY_CAP_GAME: '' });
    expect([off.WITHDRAWAL_DAILY_CAP_PER_ACCOUNT, off.WITHDRAWAL_DAILY_CAP_GAME, off.WITHDRAWAL_COVERAGE_FLOOR]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it.each([
    ['WITHDRAWAL_DAILY_CAP_PER_ACCOUNT', '-5'],
    ['WITHDRAWAL_DAILY_CAP_PER_ACCOUNT', '0'],
    ['WITHDRAWAL_DAILY_CAP_GAME', '1.0001'],
    ['WITHDRAWAL_DAILY_CAP_GAME', 'lots'],
    ['WITHDRAWAL_COVERAGE_FLOOR', '80%'],
    ['WITHDRAWAL_COVERAGE_FLOOR', '0.00001'],
    ['WITHDRAWAL_QUEUE_CHECK_MS', '0'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadAppConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}: `));
  });
});

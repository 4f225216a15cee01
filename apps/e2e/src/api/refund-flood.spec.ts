import { ApiRoutes } from '@runik/contract';
import { REFUND_MINIMUM_QUANTITY, REFUNDS_PER_SENDER_PER_DAY } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { grant, newPaidCityPlayer, settledWithdrawal } from '../support/city';
import { queryDatabase } from '../support/database';
import { eventually } from '../support/eventually';
import { sendToken, uniqueUsername } from '../support/hive';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack } from '../support/stack';

/**
 * Six accounts flood the game account with transfers that pay for nothing (an unknown memo), 5 per
 * block each: dust far under the refund minimum, and above it more refunds than a sender is sent a
 * day. Measured before: refunds took all 5 of the game account's custom_json per block, a
 * withdrawal asked for in the middle took 42.7 s, and every dust transfer was sent back. The "day"
 * is shortened to 60 s (REFUND_COUNT_WINDOW_MS), as the lag tests shorten the confirmation windows.
 */
const DAY_MS = 60_000;
let stack: Stack;
beforeAll(async () => (stack = await startStack({ engineDelayMs: 100, extraEnv: { REFUND_COUNT_WINDOW_MS: String(DAY_MS) } })));
afterAll(() => stack?.stop());

const FLOODERS = 6;
/** Above the minimum, per flooder: two more than its day allows. */
const REFUNDABLE = REFUNDS_PER_SENDER_PER_DAY + 2;
const DUST = '0.00000001';
/** The chain may write a quantity with all its token's decimals. */
const isDust = (row: { quantity: string }) => Number(row.quantity) === Number(DUST);

interface FloodRow {
  sender: string;
  quantity: string;
  status: string;
  refund_transaction_id: string | null;
  refund_started_at: Date | null;
}
const floodRows = (senders: string[]) =>
  queryDatabase<FloodRow>(
    stack.database.url,
    `SELECT sender, quantity, status, refund_transaction_id, refund_started_at FROM chain_transfers WHERE sender = ANY($1) ORDER BY block_number, transaction_id`,
    [senders],
  );
const scrapeMetrics = async () =>
  (
    await apiClient(stack.apiUrl).get<string>('/metrics', {
      responseType: 'text',
      auth: { username: 'admin', password: BULL_BOARD_PASSWORD },
    })
  ).data;

/** One flooder: its refundable transfers first, then dust until `until` (sendToken waits out each full block). */
async function flood(sender: string, until: number): Promise<void> {
  for (let sent = 0; sent < REFUNDABLE; sent++)
    await sendToken(stack.simUrl, sender, GAME_ACCOUNT, 'SWAP.HIVE', REFUND_MINIMUM_QUANTITY, 'flood');
  while (Date.now() < until) await sendToken(stack.simUrl, sender, GAME_ACCOUNT, 'SWAP.HIVE', DUST, 'flood');
}

describe('a flood of transfers that pay for nothing', () => {
  it('pays a withdrawal within 10 s meanwhile, keeps the dust, and holds a sender past its daily count until its next day', async () => {
    const withdrawer = await newPaidCityPlayer(stack, 'fldw');
    await grant(stack, withdrawer, 'runik', 5_000);
    const flooders = Array.from({ length: FLOODERS }, () => uniqueUsername('fld'));
    const floodEnds = Date.now() + 30_000;
    const flooding = Promise.all(flooders.map((sender) => flood(sender, floodEnds)));

    // In the middle of the flood, with refunds due for every block's slots.
    await eventually(
      () => floodRows(flooders),
      (rows) => rows.filter((row) => row.refund_transaction_id !== null).length >= 10,
      30_000,
    );
    const requestedAt = Date.now();
    expect((await withdrawer.api.post(ApiRoutes.withdraw(withdrawer.username), { amount: 3 })).status).toBe(200);
    const withdrawal = await settledWithdrawal(stack, withdrawer, 60_000);
    const withdrawalMs = Date.now() - requestedAt;
    const dueThen = (await floodRows(flooders)).filter((row) => row.status === 'unmatched' && row.refund_transaction_id === null).length;
    console.log(`Withdrawal during the flood: ${withdrawal.status} after ${withdrawalMs} ms, ${dueThen} refunds still unsent`);
    expect(withdrawal.status).toBe('completed');
    expect(withdrawalMs).toBeLessThan(10_000);
    await flooding;

    // Held, not dropped: while a flooder's refunds past its daily count wait, they are unmatched and unsigned,
    // and the backlog metric counts them (how many at once depends on how fast the machine sends the others).
    await eventually(
      async () => ({ rows: await floodRows(flooders), metrics: await scrapeMetrics() }),
      ({ rows, metrics }) => {
        const held = rows.filter((row) => !isDust(row) && row.status === 'unmatched' && row.refund_transaction_id === null).length;
        return held > 0 && metrics.includes(`runik_payout_backlog{kind="refund-held"} ${held}`);
      },
      DAY_MS,
    );

    // Then every refund above the minimum goes, once each; the dust is kept.
    const settled = await eventually(
      () => floodRows(flooders),
      (rows) => rows.filter((row) => row.status === 'refunded').length === FLOODERS * REFUNDABLE,
      2 * DAY_MS + 60_000,
    );
    for (const sender of flooders) {
      const rows = settled.filter((row) => row.sender === sender);
      const above = rows.filter((row) => !isDust(row));
      expect(above).toHaveLength(REFUNDABLE);
      expect(above.every((row) => row.status === 'refunded')).toBe(true);
      // Never more than the daily count within one day: the refund after the count's last starts a day after
      // the count's first (the machine's speed only moves when, never how many).
      const started = above.map((row) => row.refund_started_at!.getTime()).sort((a, b) => a - b);
      for (let first = 0; first + REFUNDS_PER_SENDER_PER_DAY < started.length; first++) {
        expect(started[first + REFUNDS_PER_SENDER_PER_DAY] - started[first]).toBeGreaterThanOrEqual(DAY_MS);
      }
      const dust = rows.filter(isDust);
      expect(dust.length).toBeGreaterThan(0);
      expect(dust.every((row) => row.status === 'dust' && row.refund_transaction_id === null)).toBe(true);
    }
    const metrics = await scrapeMetrics();
    expect(metrics).toContain('runik_payout_backlog{kind="withdrawal"} 0');
    expect(metrics).toContain('runik_payout_backlog{kind="refund"} 0');
    expect(metrics).toContain('runik_payout_backlog{kind="refund-held"} 0');
    // Each sent back once, as it came: the game's outgoing transfers to the flooders.
    const refundsOut = await eventually(
      () =>
        queryDatabase<{ quantity: string }>(
          stack.database.url,
          `SELECT quantity FROM chain_transfers WHERE status = 'outgoing' AND recipient = ANY($1)`,
          [flooders],
        ),
      (rows) => rows.length >= FLOODERS * REFUNDABLE,
      30_000,
    );
    expect(refundsOut.map((row) => Number(row.quantity))).toEqual(Array(FLOODERS * REFUNDABLE).fill(Number(REFUND_MINIMUM_QUANTITY)));
  }, 300_000);
});

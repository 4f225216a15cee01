import type { HttpException } from '@nestjs/common';
import { TradingMessages } from '@runik/contract';
import { recordStatements } from '../testing/record-statements';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { testNotifier } from '../testing/test-notifier';
import { TradingService } from './trading.service';

/**
 * Buyers of one listing in one api process, on a real database: the purchase in flight is waited for, and once it
 * sold the listing a buyer this process has seen paid is refused without a statement of their own (docs/decisions.md,
 * "Buyers of one listing wait in the process"). The races' money over HTTP (one sale, nothing taken from the others)
 * is apps/e2e trading-races.spec.ts.
 */
const clock = new TestClock('2026-03-01T10:00:00Z');
const RUNIK = 1000;
const PRICE = 100;
let t: ServiceTest;
let trading: TradingService;
/** Every statement the test's DataSource sends, in order. */
const sent: string[] = [];

beforeAll(async () => {
  t = await createServiceTest({ clock, poolSize: 20 });
  trading = new TradingService(t.dataSource, t.cities, t.ledger, testNotifier(clock), clock);
  recordStatements(t.dataSource, (sql) => void sent.push(sql));
});
afterAll(() => t?.close());

/** A gear of the seller's listed at PRICE; its listing's id. */
async function listing(sellerId: number): Promise<number> {
  const [{ id: gearId }] = await t.dataSource.query(
    `INSERT INTO gears (owner_id, type, category, rarity, level, exp_value, equipped, created_at)
     VALUES ($1, 'wheat', 'mayor', 'rare', 1, 0, false, $2) RETURNING id`,
    [sellerId, clock.now()],
  );
  return (await trading.list(sellerId, gearId, PRICE)).listing._id;
}

/** How each call ended: 'sold', or the refusal's status and message. */
async function outcome(purchase: Promise<unknown>): Promise<string> {
  try {
    await purchase;
    return 'sold';
  } catch (error) {
    const refusal = error as HttpException;
    return `${refusal.getStatus()} ${(refusal.getResponse() as { error: string }).error}`;
  }
}

const EARLY_READ = /^select "p"\."activation", "l"\."status", "l"\."seller_id" from "players" as "p"/;
const closed = `409 ${TradingMessages.listingClosed}`;

describe('buyers of one listing in one process', () => {
  it('wait for the purchase in flight: once it sold, buyers seen paid are refused without a statement, the others after their early read', async () => {
    const seller = await t.newPlayer('seller', { activation: 'paid', runik: 100 * RUNIK });
    const seenPaid = await Promise.all(
      Array.from({ length: 18 }, (_, i) => t.newPlayer(`seen${i}`, { activation: 'paid', runik: 1000 * RUNIK })),
    );
    const unseenPaid = await t.newPlayer('unseen', { activation: 'paid', runik: 1000 * RUNIK });
    const free = await t.newPlayer('free', { activation: 'free', runik: 1000 * RUNIK });
    // Each of these buyers has been seen paid by this process: an early read of a listing that does not exist.
    for (const buyer of seenPaid) expect(await outcome(trading.buy(buyer, 2_000_000_000))).toBe(`404 ${TradingMessages.listingNotFound}`);
    const listingId = await listing(seller);

    const from = sent.length;
    const buyers = [...seenPaid, unseenPaid, free];
    const outcomes = await Promise.all(buyers.map((buyer) => outcome(trading.buy(buyer, listingId))));
    const statements = sent.slice(from);

    // The first buyer's purchase was in flight from its early read on; it sold, and every other buyer waited for it.
    expect(outcomes).toEqual(['sold', ...Array.from({ length: 17 }, () => closed), closed, `403 ${TradingMessages.tradingRestricted}`]);
    // Three early reads (the first buyer's, the unseen buyer's and the free player's) and one transaction in all.
    expect(statements.filter((statement) => EARLY_READ.test(statement))).toHaveLength(3);
    expect(statements.filter((statement) => statement === 'START TRANSACTION')).toHaveLength(1);
    const [{ status, buyer_id }] = await t.dataSource.query(`SELECT status, buyer_id FROM listings WHERE id = $1`, [listingId]);
    expect({ status, buyer: Number(buyer_id) }).toEqual({ status: 'sold', buyer: seenPaid[0] });
  });

  it('when the purchase in flight is refused, the buyers waiting go on to their own, and one of them buys', async () => {
    const seller = await t.newPlayer('seller2', { activation: 'paid', runik: 100 * RUNIK });
    const short = await t.newPlayer('short', { activation: 'paid', runik: 10 * RUNIK });
    const payers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => t.newPlayer(`payer${i}`, { activation: 'paid', runik: 1000 * RUNIK })),
    );
    for (const buyer of [short, ...payers]) await outcome(trading.buy(buyer, 2_000_000_000));
    const listingId = await listing(seller);

    const outcomes = await Promise.all([short, ...payers].map((buyer) => outcome(trading.buy(buyer, listingId))));
    expect(outcomes[0]).toBe(`400 ${TradingMessages.priceShort(PRICE)}`);
    expect(outcomes.slice(1).sort()).toEqual([closed, closed, closed, closed, 'sold']);
  });
});

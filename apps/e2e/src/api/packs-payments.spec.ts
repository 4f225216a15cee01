import type { Queue } from 'bullmq';
import { ApiRoutes, PackMessages, SwapHivePaymentFailures, packPaymentMemo } from '@runik/contract';
import type { PackPurchaseStatusResponse } from '@runik/contract';
import { LedgerJobs } from '@runik/server/queues';
import { assetTotals, runikOf } from '../support/alliance';
import { CityPlayer, grant, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { uniqueUsername } from '../support/hive';
import {
  boughtWithRunik,
  buyWithHive,
  gearCountOf,
  openAndVerify,
  openPacks,
  packInfo,
  payForPacks,
  pendingOf,
  purchaseRow,
  PurchaseRow,
  purchaseRows,
  purchaseStatus,
  settledPurchase,
} from '../support/packs';
import { eventually } from '../support/eventually';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';
import {
  ledgerQueue,
  PaymentOverrides,
  processed,
  runJobAgain,
  sleep,
  spendSwapHive,
  swapHiveOf as swapHiveOn,
  unknownTxId,
} from '../support/swap-hive';

const WINDOW_MS = 20_000;
let stack: Stack;
let queue: Queue;
beforeAll(async () => {
  // A short confirmation window, so a transaction never seen is given up on within the file's run.
  stack = await startStack({ extraEnv: { SWAP_HIVE_CONFIRMATION_WINDOW_MS: String(WINDOW_MS) } });
  queue = ledgerQueue(stack);
});
afterAll(async () => {
  await queue?.close();
  await stack?.stop();
});

const swapHiveOf = (account: string) => swapHiveOn(stack, account);

/** A purchase the worker refused: what the status call reports. */
const refused = (purchaseId: number, packCount: number, error: string): PackPurchaseStatusResponse => ({
  packPurchaseId: purchaseId,
  status: 'invalid',
  packCount,
  currency: 'hive',
  opened: false,
  error,
  // Refused by its report or by the chain follower: seen on chain in the latter case only.
  seenOnChain: expect.any(Boolean),
  awaitingHiveEngine: false,
});

/**
 * Records a SWAP.HIVE purchase that must be accepted; its id. A transaction no chain has seen is always
 * pending. A real payment races the worker's chain follower, which settles SWAP.HIVE payments whether
 * reported or not (docs/decisions.md, "The chain is the record"): when it read the transfer first, the
 * report answers the purchase it confirmed. The product allows both orders, so both are accepted for a
 * real payment; what the purchase ends as is checked by the callers (settledPurchase).
 */
async function pendingPurchase(player: CityPlayer, packCount: number, txId: string, onChain = true): Promise<number> {
  const response = await buyWithHive(player, packCount, txId);
  expect(response.status).toBe(200);
  expect(response.data).toEqual({ success: true, packPurchaseId: response.data.packPurchaseId, packCount, status: response.data.status });
  expect(onChain ? ['pending', 'confirmed'] : ['pending']).toContain(response.data.status);
  return response.data.packPurchaseId;
}

/** Runs a confirmation job for a purchase, as a repeated delivery would, and waits for it to finish. */
const runConfirmationAgain = (purchaseId: number, name: string) =>
  runJobAgain(queue, LedgerJobs.confirmPackPurchase, { packPurchaseId: purchaseId }, `${name}-${purchaseId}`);

/**
 * A purchase naming a transaction no chain has seen: the worker looks for it every 5 s for 2 minutes,
 * so it is made in the first test and its end is checked in the last one.
 */
let unseen: { player: CityPlayer; purchaseId: number } | undefined;

describe('a purchase whose transaction is not on Hive Engine', () => {
  it('stays pending: it blocks a second SWAP.HIVE purchase (not RUNIK ones) and cannot be opened', async () => {
    const player = await newCityPlayer(stack, 'unsn');
    const purchaseId = await pendingPurchase(player, 1, unknownTxId(), false);
    unseen = { player, purchaseId };
    expect(await purchaseStatus(player, purchaseId)).toEqual({
      packPurchaseId: purchaseId,
      status: 'pending',
      packCount: 1,
      currency: 'hive',
      opened: false,
      error: null,
      seenOnChain: false,
      awaitingHiveEngine: false,
    });
    expect(await pendingOf(player)).toEqual({ hasPending: true, packPurchaseId: purchaseId, unopenedPurchaseIds: [] });

    const opening = await openPacks(player, purchaseId);
    expect(opening.status).toBe(409);
    expect(opening.data).toEqual({ error: PackMessages.notConfirmed });

    // A second report must wait for the pending purchase to finish...
    const paid = await payForPacks(stack, player, 10);
    for (const [packCount, txId] of [
      [1, unknownTxId()],
      [10, paid],
    ] as const) {
      const second = await buyWithHive(player, packCount, txId);
      // (Unless the chain follower confirmed the real payment first: then the report answers that purchase.)
      if (txId === paid && second.status === 200) expect(second.data).toMatchObject({ status: 'confirmed' });
      else expect([second.status, second.data]).toEqual([409, { error: PackMessages.pendingPurchase }]);
    }
    // ...but the refused report confiscates nothing: the chain follower confirms the payment itself.
    const paidFor = (rows: PurchaseRow[]) => rows.find((row) => row.transaction_id === paid && row.status === 'confirmed');
    const paidPurchase = paidFor(
      await eventually(
        () => purchaseRows(stack, player),
        (rows) => paidFor(rows) !== undefined,
        20_000,
      ),
    )?.id;
    // RUNIK purchases do not wait for it.
    await grant(stack, player, 'runik', 10_000);
    const runikPurchase = await boughtWithRunik(player, 1);
    expect(await pendingOf(player)).toEqual({
      hasPending: true,
      packPurchaseId: purchaseId,
      unopenedPurchaseIds: [paidPurchase, runikPurchase],
    });
    expect((await purchaseRows(stack, player)).map((row) => [row.id, row.currency, row.status])).toEqual([
      [purchaseId, 'hive', 'pending'],
      [paidPurchase, 'hive', 'confirmed'],
      [runikPurchase, 'runik', 'confirmed'],
    ]);
    await sleep(6_000);
    expect(await purchaseStatus(player, purchaseId)).toMatchObject({ status: 'pending', error: null });
    expect(await gearCountOf(stack, player)).toBe(0);
  });
});

describe('paying with SWAP.HIVE', () => {
  it('confirms a single pack once the worker sees the transfer, then opens it once', async () => {
    const player = await newCityPlayer(stack, 'hv1');
    const [playerBefore, gameBefore] = [await swapHiveOf(player.username), await swapHiveOf(GAME_ACCOUNT)];
    expect(playerBefore).toBe(100);
    const txId = await payForPacks(stack, player, 1);
    // Reported at once, before Hive Engine has processed it: the worker looks again until it has.
    const purchaseId = await pendingPurchase(player, 1, txId);
    expect(await settledPurchase(player, purchaseId)).toEqual({
      packPurchaseId: purchaseId,
      status: 'confirmed',
      packCount: 1,
      currency: 'hive',
      opened: false,
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    expect(await purchaseRow(stack, purchaseId)).toMatchObject({
      currency: 'hive',
      pack_count: 1,
      price_thousandths: 1_000,
      tier: 1,
      transaction_id: txId,
      error: null,
    });
    expect(await swapHiveOf(player.username)).toBe(99);
    expect((await swapHiveOf(GAME_ACCOUNT)) - gameBefore).toBe(1);
    // SWAP.HIVE never enters the RUNIK ledger.
    expect(
      await queryDatabase(stack.database.url, `SELECT * FROM ledger_entries WHERE reference = $1`, [`pack-purchase:${purchaseId}`]),
    ).toEqual([]);
    expect(await packInfo(player)).toMatchObject({ userHivePackCount: 1, userRunikPackCount: 0, tier: 1, balance: { hive: 99, runik: 0 } });
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [purchaseId] });

    const opened = await openAndVerify(stack, player, purchaseId);
    expect(opened.gears).toHaveLength(1);
    expect(await purchaseStatus(player, purchaseId)).toMatchObject({ status: 'confirmed', opened: true });
    const again = await openPacks(player, purchaseId);
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ error: PackMessages.alreadyOpened });
    expect(await gearCountOf(stack, player)).toBe(1);

    // The transaction paid for this purchase: reported again it answers the same purchase, for another count it is refused.
    expect((await buyWithHive(player, 1, txId)).data).toEqual({
      success: true,
      packPurchaseId: purchaseId,
      packCount: 1,
      status: 'confirmed',
    });
    const reuse = await buyWithHive(player, 10, txId);
    expect([reuse.status, reuse.data]).toEqual([409, { error: PackMessages.transactionUsed }]);
    expect(await purchaseRows(stack, player)).toHaveLength(1);
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [] });
  });

  it('confirms ten packs for 10.000 SWAP.HIVE; packs of both currencies count toward the tier', async () => {
    const player = await newCityPlayer(stack, 'hv10');
    const txId = await payForPacks(stack, player, 10);
    const purchaseId = await pendingPurchase(player, 10, txId);
    expect(await settledPurchase(player, purchaseId)).toMatchObject({ status: 'confirmed', packCount: 10, currency: 'hive', error: null });
    expect(await swapHiveOf(player.username)).toBe(90);
    const opened = await openAndVerify(stack, player, purchaseId);
    expect(opened.gears.map((gear) => gear.level)).toEqual(Array(10).fill(1));
    expect(await packInfo(player)).toMatchObject({ userHivePackCount: 10, userRunikPackCount: 0, tier: 2, balance: { hive: 90 } });

    await grant(stack, player, 'runik', 10_000);
    const runikPurchase = await boughtWithRunik(player, 1);
    const withRunik = await openAndVerify(stack, player, runikPurchase);
    expect(withRunik.tier).toBe(2);
    expect(withRunik.gears[0].level).toBe(2);

    const next = await pendingPurchase(player, 1, await payForPacks(stack, player, 1));
    expect(await settledPurchase(player, next)).toMatchObject({ status: 'confirmed' });
    expect((await openAndVerify(stack, player, next)).gears.map((gear) => gear.level)).toEqual([2]);
    expect(await packInfo(player)).toMatchObject({ userHivePackCount: 11, userRunikPackCount: 1, tier: 2 });
    expect(await gearCountOf(stack, player)).toBe(12);
  });

  /**
   * The reasons a purchase may end invalid with. The report's job reads the payment against the reported
   * purchase; the chain follower reads the same transfer against the purchase its memo names, and when it
   * gets there first the report ends with its reason (libs/server chain-follower/transfer-settlement.ts,
   * answerReports). The product allows either order, so where the two readings differ both are accepted.
   */
  const cases: [string, number, (player: CityPlayer) => PaymentOverrides, string[]][] = [
    ['another recipient', 1, () => ({ to: uniqueUsername('else') }), [SwapHivePaymentFailures.wrongRecipient]],
    ['too little SWAP.HIVE', 1, () => ({ quantity: '0.999' }), [SwapHivePaymentFailures.wrongQuantity]],
    ['too much SWAP.HIVE', 1, () => ({ quantity: '1.001' }), [SwapHivePaymentFailures.wrongQuantity]],
    ['the price of one pack for ten', 10, () => ({ quantity: '1.000' }), [SwapHivePaymentFailures.wrongQuantity]],
    ['the price of ten packs for one', 1, () => ({ quantity: '10.000' }), [SwapHivePaymentFailures.wrongQuantity]],
    // The follower reads ten packs paid at the price of one.
    [
      'the memo of ten packs for one',
      1,
      (player) => ({ memo: packPaymentMemo(player.username, 10) }),
      [SwapHivePaymentFailures.wrongMemo, SwapHivePaymentFailures.wrongQuantity],
    ],
    [
      "another player's memo",
      1,
      () => ({ memo: packPaymentMemo(uniqueUsername('memo'), 1) }),
      [SwapHivePaymentFailures.wrongMemo, 'The memo names another account'],
    ],
    ['no memo', 1, () => ({ memo: '' }), [SwapHivePaymentFailures.wrongMemo]],
    ['RNK instead of SWAP.HIVE', 1, () => ({ symbol: 'RNK' }), [SwapHivePaymentFailures.notTransfer]],
  ];
  it.each(cases)('delivers nothing for a payment with %s: the purchase ends invalid', async (_case, packCount, overrides, failures) => {
    const player = await newCityPlayer(stack, 'bad');
    const txId = await payForPacks(stack, player, packCount, overrides(player));
    // The transfer itself went through on Hive Engine; it just does not pay for this purchase.
    const transaction = await processed(stack.simUrl, txId);
    expect(JSON.parse(transaction.logs).errors).toBeUndefined();
    const purchaseId = await pendingPurchase(player, packCount, txId);
    const settled = await settledPurchase(player, purchaseId);
    expect(failures).toContain(settled.error);
    expect(settled).toEqual(refused(purchaseId, packCount, settled.error ?? ''));

    const opening = await openPacks(player, purchaseId);
    expect(opening.status).toBe(409);
    expect(opening.data).toEqual({ error: PackMessages.purchaseInvalid });
    expect(await gearCountOf(stack, player)).toBe(0);
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [] });
    expect(await packInfo(player)).toMatchObject({ userHivePackCount: 0, userRunikPackCount: 0, tier: 1 });
    // The player named this transaction once already.
    const reuse = await buyWithHive(player, packCount, txId);
    expect(reuse.status).toBe(409);
    expect(reuse.data).toEqual({ error: PackMessages.transactionUsed });
    expect((await purchaseRows(stack, player)).map((row) => [row.id, row.status, row.error])).toEqual([
      [purchaseId, 'invalid', settled.error],
    ]);
  });

  it('delivers nothing for a transfer Hive Engine refused (logs.errors)', async () => {
    const player = await newCityPlayer(stack, 'fail');
    // The player's SWAP.HIVE is spent elsewhere first: an exact, well-addressed payment then overdraws.
    await spendSwapHive(stack, player.username, '99.500');
    const txId = await payForPacks(stack, player, 1);
    expect(JSON.parse((await processed(stack.simUrl, txId)).logs).errors).toEqual(['overdrawn balance']);
    expect(await swapHiveOf(player.username)).toBe(0.5);
    const purchaseId = await pendingPurchase(player, 1, txId);
    expect(await settledPurchase(player, purchaseId)).toEqual(refused(purchaseId, 1, SwapHivePaymentFailures.failed));
    expect((await openPacks(player, purchaseId)).data).toEqual({ error: PackMessages.purchaseInvalid });
    expect(await gearCountOf(stack, player)).toBe(0);
    expect(await packInfo(player)).toMatchObject({
      userHivePackCount: 0,
      canAfford: { hive: { single: false, bulk: false } },
      balance: { hive: 0.5 },
    });
  });

  it('lets a player buy again after a refused payment', async () => {
    const player = await newCityPlayer(stack, 'agn');
    const wrong = await pendingPurchase(player, 1, await payForPacks(stack, player, 1, { memo: 'runik-packs' }));
    expect(await settledPurchase(player, wrong)).toEqual(refused(wrong, 1, SwapHivePaymentFailures.wrongMemo));
    const right = await pendingPurchase(player, 1, await payForPacks(stack, player, 1));
    expect(await settledPurchase(player, right)).toMatchObject({ status: 'confirmed', error: null });
    expect((await openAndVerify(stack, player, right)).gears).toHaveLength(1);
    // The refused payment paid for nothing: it came back.
    const info = await eventually(
      () => packInfo(player),
      ({ balance }) => balance.hive === 99,
      30_000,
    );
    expect(info).toMatchObject({ userHivePackCount: 1, balance: { hive: 99 } });
  });

  it("refuses a stranger naming someone else's transaction (wrong sender), and the payer still uses it", async () => {
    const [payer, stranger] = await Promise.all([newCityPlayer(stack, 'payr'), newCityPlayer(stack, 'strg')]);
    const txId = await payForPacks(stack, payer, 1);
    // The stranger is faster, and must not block the payer.
    const theirs = await pendingPurchase(stranger, 1, txId);
    const mine = await pendingPurchase(payer, 1, txId);
    expect(await settledPurchase(stranger, theirs)).toEqual(refused(theirs, 1, SwapHivePaymentFailures.wrongSender));
    expect(await settledPurchase(payer, mine)).toEqual({
      packPurchaseId: mine,
      status: 'confirmed',
      packCount: 1,
      currency: 'hive',
      opened: false,
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });

    expect((await openPacks(stranger, theirs)).data).toEqual({ error: PackMessages.purchaseInvalid });
    const peek = await stranger.api.get(ApiRoutes.packPurchaseStatus(mine));
    expect([peek.status, peek.data]).toEqual([404, { error: PackMessages.purchaseNotFound }]);
    expect((await openPacks(stranger, mine)).status).toBe(404);
    expect((await openAndVerify(stack, payer, mine)).gears).toHaveLength(1);
    expect(await gearCountOf(stack, stranger)).toBe(0);
    expect(await packInfo(stranger)).toMatchObject({ userHivePackCount: 0 });
    expect(await packInfo(payer)).toMatchObject({ userHivePackCount: 1 });

    // Whatever a job did, the database lets one transaction confirm one purchase only.
    await expect(
      queryDatabase(stack.database.url, `UPDATE pack_purchases SET status = 'confirmed', error = NULL WHERE id = $1`, [theirs]),
    ).rejects.toMatchObject({
      code: '23505',
      constraint: 'pack_purchases_transaction_confirmed',
    });
    expect((await purchaseRow(stack, theirs)).status).toBe('invalid');
  });

  it('confirms a transaction once however many times its confirmation job runs', async () => {
    const player = await newCityPlayer(stack, 'twice');
    const txId = await payForPacks(stack, player, 1);
    await processed(stack.simUrl, txId);
    const purchaseId = await pendingPurchase(player, 1, txId);
    // Jobs are at-least-once: three more deliveries race the api's own job.
    await Promise.all([1, 2, 3].map((n) => runConfirmationAgain(purchaseId, `dup${n}`)));
    expect(await settledPurchase(player, purchaseId)).toMatchObject({ status: 'confirmed', error: null });
    const confirmed = await purchaseRow(stack, purchaseId);

    await runConfirmationAgain(purchaseId, 'late');
    expect(await purchaseRow(stack, purchaseId)).toEqual(confirmed);
    const opened = await openAndVerify(stack, player, purchaseId);
    const afterOpening = await purchaseRow(stack, purchaseId);
    expect(afterOpening).toMatchObject({ status: 'confirmed', error: null, transaction_id: txId });
    await runConfirmationAgain(purchaseId, 'after-open');
    expect(await purchaseRow(stack, purchaseId)).toEqual(afterOpening);
    expect(await gearCountOf(stack, player)).toBe(opened.gears.length);
    expect(await queryDatabase(stack.database.url, `SELECT id FROM pack_purchases WHERE transaction_id = $1`, [txId])).toHaveLength(1);
    expect(await swapHiveOf(player.username)).toBe(99);
  });

  it('keeps a purchase opened 20 times at once to one delivery', async () => {
    const player = await newCityPlayer(stack, 'ropn');
    const purchaseId = await pendingPurchase(player, 10, await payForPacks(stack, player, 10));
    expect(await settledPurchase(player, purchaseId)).toMatchObject({ status: 'confirmed' });
    const responses = await Promise.all(Array.from({ length: 20 }, () => openPacks(player, purchaseId)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status !== 200).map((r) => [r.status, r.data])).toEqual(
      Array(19).fill([409, { error: PackMessages.alreadyOpened }]),
    );
    const [row] = await queryDatabase<{ n: number }>(
      stack.database.url,
      `SELECT count(*)::int AS n FROM gears WHERE pack_purchase_id = $1`,
      [purchaseId],
    );
    expect(row.n).toBe(10);
  });
});

describe('after the confirmation window', () => {
  it('calls a transaction never seen invalid after the confirmation window; the player may buy again', async () => {
    if (!unseen) throw new Error('the first test made no purchase');
    const { player, purchaseId } = unseen;
    const waited = Date.now() - (await purchaseRow(stack, purchaseId)).created_at.getTime();
    const status = await settledPurchase(player, purchaseId, WINDOW_MS + 30_000 - waited);
    expect(status).toEqual(refused(purchaseId, 1, SwapHivePaymentFailures.notFound));
    const settled = await queryDatabase<{ looked: number }>(
      stack.database.url,
      `SELECT extract(epoch FROM updated_at - created_at)::float8 AS looked FROM pack_purchases WHERE id = $1`,
      [purchaseId],
    );
    // 4 looks, 5 s apart.
    expect(settled[0].looked).toBeGreaterThanOrEqual(WINDOW_MS / 1000 - 10);
    expect(settled[0].looked).toBeLessThan(WINDOW_MS / 1000 + 30);

    expect((await openPacks(player, purchaseId)).data).toEqual({ error: PackMessages.purchaseInvalid });
    expect(await pendingOf(player)).toMatchObject({ hasPending: false, packPurchaseId: null });
    const next = await pendingPurchase(player, 1, await payForPacks(stack, player, 1));
    expect(await settledPurchase(player, next)).toMatchObject({ status: 'confirmed', error: null });
    // 10 from the payment the chain confirmed in the first test, 1 now.
    expect(await packInfo(player)).toMatchObject({ userHivePackCount: 11, userRunikPackCount: 1 });
  }, 90_000);

  it('keeps every ledger asset summing to 0, no player negative; SWAP.HIVE purchases never touch the ledger', async () => {
    for (const { asset, total } of await assetTotals(stack)) expect([asset, total]).toEqual([asset, 0]);
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT * FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);
    const hiveOnLedger = await queryDatabase(
      stack.database.url,
      `SELECT e.id FROM ledger_entries e JOIN pack_purchases pp ON e.reference = 'pack-purchase:' || pp.id WHERE pp.currency = 'hive'`,
    );
    expect(hiveOnLedger).toEqual([]);
    // Every delivered gear belongs to a confirmed, opened purchase of its owner, as many as its packs.
    const mismatched = await queryDatabase(
      stack.database.url,
      `SELECT pp.id FROM pack_purchases pp
        WHERE (SELECT count(*) FROM gears g WHERE g.pack_purchase_id = pp.id AND g.owner_id = pp.player_id)
              <> CASE WHEN pp.status = 'confirmed' AND pp.opened_at IS NOT NULL THEN pp.pack_count ELSE 0 END
           OR EXISTS (SELECT 1 FROM gears g WHERE g.pack_purchase_id = pp.id AND g.owner_id <> pp.player_id)`,
    );
    expect(mismatched).toEqual([]);
    if (unseen) expect(await runikOf(stack, unseen.player)).toBe(0);
  });
});

import type { Queue } from 'bullmq';
import { ApiRoutes, packPaymentMemo, shopPaymentMemo, ShopMessages, SwapHiveMessages, SwapHivePaymentFailures } from '@runik/contract';
import { LedgerJobs } from '@runik/server/queues';
import { assetTotals } from '../support/alliance';
import { cityOf, CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { expectedGear, gearRowsOf, userGearsOf } from '../support/gear';
import { uniqueUsername } from '../support/hive';
import {
  armyOf,
  boughtItem,
  createPurchase,
  grantsSnapshot,
  ItemKey,
  ITEMS,
  payForItem,
  pendingShopPurchase,
  pendingShopPurchases,
  settledShopPurchase,
  shopItem,
  shopItems,
  shopPostings,
  shopPurchaseRow,
  ShopPurchaseRow,
  shopPurchaseRows,
  shopStatus,
  statusOf,
} from '../support/shop';
import { eventually } from '../support/eventually';
import { GAME_ACCOUNT, startStack, Stack } from '../support/stack';
import { ledgerQueue, PaymentOverrides, processed, runJobAgain, sleep, spendSwapHive, swapHiveOf, unknownTxId } from '../support/swap-hive';

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

const newPlayer = (prefix: string) => newCityPlayer(stack, prefix);

/** Runs a confirmation job for a purchase, as a repeated delivery would, and waits for it to finish. */
const runConfirmationAgain = (purchaseId: number, name: string) =>
  runJobAgain(queue, LedgerJobs.confirmShopPurchase, { shopPurchaseId: purchaseId }, `${name}-${purchaseId}`);

/** Amounts (as GET /api/city/resources shows them, whole units) plus some more. */
const plus = <T extends Record<string, number>>(amounts: T, added: Partial<T>) =>
  Object.fromEntries(Object.entries(amounts).map(([key, value]) => [key, value + (added[key] ?? 0)]));

/** The mint posting of a purchase: the player's legs and the mint's, by account code and asset, in thousandths. */
function mintPosting(player: CityPlayer, purchaseId: number, amounts: Record<string, number>) {
  const assets = Object.keys(amounts).sort();
  return [
    ...assets.map((asset) => ({
      code: `player:${player.playerId}`,
      asset,
      delta: amounts[asset],
      reference: `shop-purchase:${purchaseId}`,
    })),
    ...assets.map((asset) => ({ code: 'system:mint', asset, delta: -amounts[asset], reference: `shop-purchase:${purchaseId}` })),
  ].map((leg) => ({ ...leg, posting_id: expect.any(String) }));
}

/** Every entry of a posting shares one posting id. */
async function expectOnePosting(purchaseId: number): Promise<void> {
  const postings = await shopPostings(stack, purchaseId);
  expect(new Set(postings.map((entry) => entry.posting_id)).size).toBe(1);
}

/**
 * A purchase naming a transaction no chain has seen: the worker looks for it every 5 s during the
 * (shortened) window, so it is made in the first test and its end is checked after the others.
 */
let unseen: { player: CityPlayer; purchaseId: number } | undefined;

describe('a purchase whose transaction is not on Hive Engine', () => {
  it('stays pending, grants nothing and blocks another purchase', async () => {
    const player = await newPlayer('unsn');
    const before = await grantsSnapshot(stack, player);
    const purchaseId = await pendingShopPurchase(player, 'pouch', unknownTxId());
    unseen = { player, purchaseId };
    // The worker frozen (SIGSTOP), its chain follower cannot confirm the crate's payment before the report does
    // (it would then answer that purchase): the report meets the pending purchase, however fast the machine.
    const worker = stack.processes().worker;
    if (!worker?.pid) throw new Error('no worker');
    process.kill(worker.pid, 'SIGSTOP');
    let paid: string;
    try {
      paid = await payForItem(stack, player, 'crate');
      await processed(stack.simUrl, paid);
      const second = await createPurchase(player, ITEMS.crate.name, 2, paid);
      expect([second.status, second.data]).toEqual([409, { error: SwapHiveMessages.pendingPurchase }]);
      expect((await shopPurchaseRows(stack, player)).map((row) => row.transaction_id)).not.toContain(paid);
    } finally {
      process.kill(worker.pid, 'SIGCONT');
    }
    // The refused report confiscates nothing: the chain follower confirms the crate all the same.
    const crateBought = (rows: ShopPurchaseRow[]) => rows.some((row) => row.transaction_id === paid && row.status === 'confirmed');
    expect(crateBought(await eventually(() => shopPurchaseRows(stack, player), crateBought, 20_000))).toBe(true);
    const withCrate = await grantsSnapshot(stack, player);
    expect(withCrate).not.toEqual(before);
    await sleep(6_000);
    expect(await shopStatus(player, purchaseId)).toEqual(statusOf(purchaseId, 'pouch', 'pending'));
    expect(await pendingShopPurchases(player)).toMatchObject({ purchases: [{ purchaseId, itemName: 'RUNIK Pouch', status: 'pending' }] });
    expect(await grantsSnapshot(stack, player)).toEqual(withCrate);
  });
});

describe('a payment confirmed through hive-sim', () => {
  it('Starter Bundle: mints 10 RUNIK and 500 of each resource through the ledger, once', async () => {
    const player = await newPlayer('strt');
    const [cityBefore, gameBefore] = [await cityOf(player), await swapHiveOf(stack, GAME_ACCOUNT)];
    const txId = await payForItem(stack, player, 'starter');
    // Reported at once, before Hive Engine has processed it: the worker looks again until it has.
    const purchaseId = await pendingShopPurchase(player, 'starter', txId);
    expect(await settledShopPurchase(player, purchaseId)).toEqual({
      purchaseId,
      itemName: 'Starter Bundle',
      status: 'confirmed',
      rewards: ['10.000 RUNIK', '500.00 Wheat', '500.00 Lumber', '500.00 Stone', '500.00 Ore'],
      purchaseCount: 1,
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    expect(await shopPurchaseRow(stack, purchaseId)).toMatchObject({
      item_name: 'Starter Bundle',
      price_thousandths: 3_000,
      purchase_count: 1,
      status: 'confirmed',
      transaction_id: txId,
      error: null,
    });
    expect(await swapHiveOf(stack, player.username)).toBe(97);
    expect((await swapHiveOf(stack, GAME_ACCOUNT)) - gameBefore).toBe(3);

    expect(await shopPostings(stack, purchaseId)).toEqual(
      mintPosting(player, purchaseId, { runik: 10_000, wheat: 500_000, lumber: 500_000, stone: 500_000, ore: 500_000 }),
    );
    await expectOnePosting(purchaseId);
    const cityAfter = await cityOf(player);
    expect(cityAfter.resources).toEqual(plus(cityBefore.resources, { runik: 10, wheat: 500, lumber: 500, stone: 500, ore: 500 }));
    expect(cityAfter.army).toEqual(cityBefore.army);
    expect(await gearRowsOf(stack, player)).toEqual([]);

    expect(await pendingShopPurchases(player)).toEqual({ purchases: [] });
    expect(await shopItem(player, 'starter')).toEqual({
      name: 'Starter Bundle',
      price: 3,
      rewards: [...ITEMS.starter.rewards],
      nextPurchaseCount: 2,
      canAfford: false,
      limit: 1,
    });
    const again = await createPurchase(player, ITEMS.starter.name, 3, unknownTxId());
    expect([again.status, again.data]).toEqual([409, { error: ShopMessages.limitReached }]);
  });

  it('Resource Crate: mints 600 of each resource, no RUNIK; a second crate is purchase 2 and mints again', async () => {
    const player = await newPlayer('crt');
    const cityBefore = await cityOf(player);
    const first = await boughtItem(stack, player, 'crate', 1);
    expect(await shopPostings(stack, first)).toEqual(
      mintPosting(player, first, { wheat: 600_000, lumber: 600_000, stone: 600_000, ore: 600_000 }),
    );
    await expectOnePosting(first);
    expect((await cityOf(player)).resources).toEqual(plus(cityBefore.resources, { wheat: 600, lumber: 600, stone: 600, ore: 600 }));

    const second = await boughtItem(stack, player, 'crate', 2);
    expect(await shopPostings(stack, second)).toEqual(
      mintPosting(player, second, { wheat: 600_000, lumber: 600_000, stone: 600_000, ore: 600_000 }),
    );
    expect((await cityOf(player)).resources).toEqual(plus(cityBefore.resources, { wheat: 1_200, lumber: 1_200, stone: 1_200, ore: 1_200 }));
    expect(await shopItem(player, 'crate')).toMatchObject({ nextPurchaseCount: 3, canAfford: true });
    expect(await shopItems(player)).toMatchObject({ hiveBalance: 96 });
  });

  it('RUNIK Pouch: mints 50 RUNIK, no more than the 50 RNK its 5 SWAP.HIVE bring in at the reference rate', async () => {
    const player = await newPlayer('pch');
    const cityBefore = await cityOf(player);
    const purchaseId = await boughtItem(stack, player, 'pouch');
    expect(await shopPostings(stack, purchaseId)).toEqual(mintPosting(player, purchaseId, { runik: 50_000 }));
    expect((await cityOf(player)).resources).toEqual(plus(cityBefore.resources, { runik: 50 }));
    expect(await swapHiveOf(stack, player.username)).toBe(95);
  });

  it('War Chest: 1,000 Infantry, 500 Archers and 200 Cavalry join the army; the ledger is not touched', async () => {
    const player = await newPlayer('wch');
    const cityBefore = await cityOf(player);
    const balancesBefore = (await grantsSnapshot(stack, player))[2];
    const purchaseId = await boughtItem(stack, player, 'chest');
    const cityAfter = await cityOf(player);
    expect(cityAfter.army).toEqual({
      infantry: cityBefore.army.infantry + 1_000,
      archers: cityBefore.army.archers + 500,
      cavalries: cityBefore.army.cavalries + 200,
    });
    expect(await armyOf(stack, player)).toEqual(cityAfter.army);
    expect(cityAfter.resources).toEqual(cityBefore.resources);
    expect(await shopPostings(stack, purchaseId)).toEqual([]);
    expect((await grantsSnapshot(stack, player))[2]).toEqual(balancesBefore);
    expect(await swapHiveOf(stack, player.username)).toBe(90);
  });

  it("Commander's Blade: a new Epic Cavalry Gear Lv.1 in the player's inventory", async () => {
    const player = await newPlayer('bld');
    expect(await userGearsOf(player)).toEqual({ success: true, gears: [] });
    const cityBefore = await cityOf(player);
    const purchaseId = await boughtItem(stack, player, 'blade');
    const [gear] = await gearRowsOf(stack, player);
    expect(await gearRowsOf(stack, player)).toEqual([
      {
        id: gear.id,
        ownerId: player.playerId,
        type: 'cavalry',
        category: 'commander',
        rarity: 'epic',
        level: 1,
        currentExp: 0,
        equipped: false,
        listed: false,
      },
    ]);
    expect(await userGearsOf(player)).toEqual({
      success: true,
      gears: [expectedGear(gear.id, { type: 'cavalry', rarity: 'epic', level: 1 })],
    });
    expect(await shopPostings(stack, purchaseId)).toEqual([]);
    expect((await cityOf(player)).resources).toEqual(cityBefore.resources);
    expect(await swapHiveOf(stack, player.username)).toBe(75);
  });

  it.each<[ItemKey]>([['starter'], ['chest'], ['blade']])('grants a %s once however many times its confirmation job runs', async (item) => {
    const player = await newPlayer('twc');
    // Before paying: the chain follower may grant the item as soon as the payment is in a block.
    const cityBefore = await cityOf(player);
    const txId = await payForItem(stack, player, item);
    await processed(stack.simUrl, txId);
    const purchaseId = await pendingShopPurchase(player, item, txId);
    // Jobs are at-least-once: three more deliveries race the api's own job.
    await Promise.all([1, 2, 3].map((n) => runConfirmationAgain(purchaseId, `dup${n}`)));
    expect(await settledShopPurchase(player, purchaseId)).toEqual(statusOf(purchaseId, item, 'confirmed'));
    const granted = await grantsSnapshot(stack, player);
    const row = await shopPurchaseRow(stack, purchaseId);

    await runConfirmationAgain(purchaseId, 'late');
    expect(await grantsSnapshot(stack, player)).toEqual(granted);
    expect(await shopPurchaseRow(stack, purchaseId)).toEqual(row);

    const cityAfter = await cityOf(player);
    const postings = await shopPostings(stack, purchaseId);
    if (item === 'starter') {
      expect(postings).toEqual(
        mintPosting(player, purchaseId, { runik: 10_000, wheat: 500_000, lumber: 500_000, stone: 500_000, ore: 500_000 }),
      );
      await expectOnePosting(purchaseId);
      expect(cityAfter.resources).toEqual(plus(cityBefore.resources, { runik: 10, wheat: 500, lumber: 500, stone: 500, ore: 500 }));
    } else expect(postings).toEqual([]);
    const troops = item === 'chest' ? { infantry: 1_000, archers: 500, cavalries: 200 } : { infantry: 0, archers: 0, cavalries: 0 };
    expect(cityAfter.army).toEqual(plus(cityBefore.army, troops));
    expect((await gearRowsOf(stack, player)).map((gear) => [gear.type, gear.rarity, gear.level])).toEqual(
      item === 'blade' ? [['cavalry', 'epic', 1]] : [],
    );
    expect(await shopPurchaseRows(stack, player)).toHaveLength(1);
  });
});

describe('a payment that does not pay for the purchase', () => {
  /**
   * The reasons a purchase may end invalid with. The report's job reads the payment against the reported
   * purchase; the chain follower reads the same transfer against the purchase its memo names, and when it
   * gets there first the report ends with its reason (libs/server chain-follower/transfer-settlement.ts,
   * answerReports). The product allows either order, so where the two readings differ both are accepted.
   */
  const cases: [string, ItemKey, (player: CityPlayer) => PaymentOverrides, string[]][] = [
    ['another recipient', 'starter', () => ({ to: uniqueUsername('else') }), [SwapHivePaymentFailures.wrongRecipient]],
    ['too little SWAP.HIVE', 'starter', () => ({ quantity: '2.999' }), [SwapHivePaymentFailures.wrongQuantity]],
    ['too much SWAP.HIVE', 'starter', () => ({ quantity: '3.001' }), [SwapHivePaymentFailures.wrongQuantity]],
    ['a satoshi too much', 'starter', () => ({ quantity: '3.00000001' }), [SwapHivePaymentFailures.wrongQuantity]],
    ["another item's price", 'starter', () => ({ quantity: ITEMS.crate.price }), [SwapHivePaymentFailures.wrongQuantity]],
    // The follower reads a crate bought at the starter's price.
    [
      "another item's memo",
      'starter',
      (player) => ({ memo: shopPaymentMemo(player.username, ITEMS.crate.name) }),
      [SwapHivePaymentFailures.wrongMemo, SwapHivePaymentFailures.wrongQuantity],
    ],
    [
      "another player's memo",
      'starter',
      () => ({ memo: shopPaymentMemo(uniqueUsername('memo'), ITEMS.starter.name) }),
      [SwapHivePaymentFailures.wrongMemo, 'The memo names another account'],
    ],
    ['no memo', 'starter', () => ({ memo: '' }), [SwapHivePaymentFailures.wrongMemo]],
    [
      'the memo of a pack purchase of the same price',
      'chest',
      (player) => ({ memo: packPaymentMemo(player.username, 10) }),
      [SwapHivePaymentFailures.wrongMemo],
    ],
    ['RNK instead of SWAP.HIVE', 'starter', () => ({ symbol: 'RNK' }), [SwapHivePaymentFailures.notTransfer]],
  ];
  it.each(cases)('grants nothing for a payment with %s: the purchase ends invalid', async (_case, item, overrides, failures) => {
    const player = await newPlayer('bad');
    const before = await grantsSnapshot(stack, player);
    const txId = await payForItem(stack, player, item, overrides(player));
    // The transfer itself went through on Hive Engine; it just does not pay for this purchase.
    expect(JSON.parse((await processed(stack.simUrl, txId)).logs).errors).toBeUndefined();
    const purchaseId = await pendingShopPurchase(player, item, txId);
    const settled = await settledShopPurchase(player, purchaseId);
    expect(failures).toContain(settled.error);
    expect(settled).toEqual(statusOf(purchaseId, item, 'invalid', 1, settled.error));
    expect(await grantsSnapshot(stack, player)).toEqual(before);
    expect(await shopPostings(stack, purchaseId)).toEqual([]);
    expect(await pendingShopPurchases(player)).toEqual({ purchases: [] });
    if (overrides(player).symbol === 'RNK') {
      // Not a purchase, but RNK the player sent: credited to them as a deposit, never lost.
      const deposits = () =>
        queryDatabase(stack.database.url, `SELECT amount_thousandths, status FROM deposits WHERE transaction_id = $1`, [txId]);
      expect(await eventually(deposits, (rows) => rows.length > 0, 20_000)).toEqual([{ amount_thousandths: '3000', status: 'completed' }]);
    }
    // An invalid purchase does not count: the item is still the player's first, and affordable.
    expect(await shopItem(player, item)).toMatchObject({ nextPurchaseCount: 1, canAfford: true });
    // The player named this transaction once already.
    const reuse = await createPurchase(player, ITEMS[item].name, Number(ITEMS[item].price), txId);
    expect([reuse.status, reuse.data]).toEqual([409, { error: SwapHiveMessages.transactionUsed }]);
    expect((await shopPurchaseRows(stack, player)).map((row) => [row.id, row.status, row.error])).toEqual([
      [purchaseId, 'invalid', settled.error],
    ]);
  });

  it('grants nothing for a transfer Hive Engine refused (logs.errors)', async () => {
    const player = await newPlayer('fail');
    // The player's SWAP.HIVE is spent elsewhere first: an exact, well-addressed payment then overdraws.
    await spendSwapHive(stack, player.username, '99.500');
    const before = await grantsSnapshot(stack, player);
    const txId = await payForItem(stack, player, 'starter');
    expect(JSON.parse((await processed(stack.simUrl, txId)).logs).errors).toEqual(['overdrawn balance']);
    const purchaseId = await pendingShopPurchase(player, 'starter', txId);
    expect(await settledShopPurchase(player, purchaseId)).toEqual(
      statusOf(purchaseId, 'starter', 'invalid', 1, SwapHivePaymentFailures.failed),
    );
    expect(await grantsSnapshot(stack, player)).toEqual(before);
    const items = await shopItems(player);
    expect(items.hiveBalance).toBe(0.5);
    expect(items.items.map((entry) => [entry.name, entry.nextPurchaseCount, entry.canAfford])).toEqual(
      Object.values(ITEMS).map((entry) => [entry.name, 1, false]),
    );
  });

  it("refuses a stranger naming someone else's transaction (wrong sender), and the payer still uses it", async () => {
    const [payer, stranger] = await Promise.all([newPlayer('payr'), newPlayer('strg')]);
    const strangerBefore = await grantsSnapshot(stack, stranger);
    const payerCity = await cityOf(payer);
    const txId = await payForItem(stack, payer, 'starter');
    await processed(stack.simUrl, txId);
    // The stranger is faster, and must not block the payer.
    const theirs = await pendingShopPurchase(stranger, 'starter', txId);
    const mine = await pendingShopPurchase(payer, 'starter', txId);
    expect(await settledShopPurchase(stranger, theirs)).toEqual(
      statusOf(theirs, 'starter', 'invalid', 1, SwapHivePaymentFailures.wrongSender),
    );
    expect(await settledShopPurchase(payer, mine)).toEqual(statusOf(mine, 'starter', 'confirmed'));

    expect(await grantsSnapshot(stack, stranger)).toEqual(strangerBefore);
    expect((await cityOf(payer)).resources).toEqual(
      plus(payerCity.resources, { runik: 10, wheat: 500, lumber: 500, stone: 500, ore: 500 }),
    );
    const peek = await stranger.api.get(ApiRoutes.shopPurchaseStatus(mine));
    expect([peek.status, peek.data]).toEqual([404, { error: ShopMessages.purchaseNotFound }]);
    expect(await shopItem(stranger, 'starter')).toMatchObject({ nextPurchaseCount: 1, canAfford: true });
    expect(await shopItem(payer, 'starter')).toMatchObject({ nextPurchaseCount: 2, canAfford: false });

    // Whatever a job did, the database lets one transaction confirm one purchase only.
    await expect(
      queryDatabase(stack.database.url, `UPDATE shop_purchases SET status = 'confirmed', error = NULL WHERE id = $1`, [theirs]),
    ).rejects.toMatchObject({
      code: '23505',
      constraint: 'shop_purchases_transaction_confirmed',
    });
    expect((await shopPurchaseRow(stack, theirs)).status).toBe('invalid');
  });

  it('refuses a transaction the player already used for another item (409); the same report again, even 20 at once, answers the same purchase', async () => {
    const player = await newPlayer('reu');
    const txId = await payForItem(stack, player, 'crate');
    await processed(stack.simUrl, txId);
    const purchaseId = await pendingShopPurchase(player, 'crate', txId);
    expect(await settledShopPurchase(player, purchaseId)).toEqual(statusOf(purchaseId, 'crate', 'confirmed'));
    const granted = await grantsSnapshot(stack, player);

    for (const item of ['pouch', 'starter'] as ItemKey[]) {
      const reuse = await createPurchase(player, ITEMS[item].name, Number(ITEMS[item].price), txId);
      expect([item, reuse.status, reuse.data]).toEqual([item, 409, { error: SwapHiveMessages.transactionUsed }]);
    }
    const responses = await Promise.all(Array.from({ length: 20 }, () => createPurchase(player, ITEMS.crate.name, 2, txId)));
    expect(responses.map((response) => [response.status, response.data])).toEqual(Array(20).fill([200, { success: true, purchaseId }]));
    expect((await shopPurchaseRows(stack, player)).map((row) => [row.id, row.status])).toEqual([[purchaseId, 'confirmed']]);
    expect(await grantsSnapshot(stack, player)).toEqual(granted);
    expect(await shopItem(player, 'crate')).toMatchObject({ nextPurchaseCount: 2 });
  });
});

describe('after the confirmation window', () => {
  it('calls a transaction never seen invalid after the window, granting nothing; the player may buy again', async () => {
    if (!unseen) throw new Error('the first test made no purchase');
    const { player, purchaseId } = unseen;
    const waited = Date.now() - (await shopPurchaseRow(stack, purchaseId)).created_at.getTime();
    const status = await settledShopPurchase(player, purchaseId, WINDOW_MS + 30_000 - waited);
    expect(status).toEqual(statusOf(purchaseId, 'pouch', 'invalid', 1, SwapHivePaymentFailures.notFound));
    const [{ looked }] = await queryDatabase<{ looked: number }>(
      stack.database.url,
      `SELECT extract(epoch FROM updated_at - created_at)::float8 AS looked FROM shop_purchases WHERE id = $1`,
      [purchaseId],
    );
    // 4 looks, 5 s apart.
    expect(looked).toBeGreaterThanOrEqual(WINDOW_MS / 1000 - 10);
    expect(looked).toBeLessThan(WINDOW_MS / 1000 + 30);
    expect(await shopPostings(stack, purchaseId)).toEqual([]);
    expect(await pendingShopPurchases(player)).toEqual({ purchases: [] });

    const cityBefore = await cityOf(player);
    const next = await boughtItem(stack, player, 'pouch');
    expect(await shopPostings(stack, next)).toEqual(mintPosting(player, next, { runik: 50_000 }));
    expect((await cityOf(player)).resources).toEqual(plus(cityBefore.resources, { runik: 50 }));
    expect(await shopItem(player, 'pouch')).toMatchObject({ nextPurchaseCount: 2 });
  }, 90_000);

  it('keeps every ledger asset summing to 0, no player negative; rewards minted once for each confirmed purchase, to its buyer', async () => {
    for (const { asset, total } of await assetTotals(stack)) expect([asset, total]).toEqual([asset, 0]);
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT * FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);
    // One posting for each confirmed purchase of an item that grants RUNIK or resources, none otherwise,
    // and its player legs all on the buyer's account.
    const mismatched = await queryDatabase(
      stack.database.url,
      `SELECT sp.id FROM shop_purchases sp
        WHERE (SELECT count(DISTINCT e.posting_id) FROM ledger_entries e WHERE e.reason = 'shop-purchase' AND e.reference = 'shop-purchase:' || sp.id)
              <> CASE WHEN sp.status = 'confirmed' AND sp.item_name IN ('Starter Bundle', 'Resource Crate', 'RUNIK Pouch') THEN 1 ELSE 0 END
           OR EXISTS (SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
                       WHERE e.reason = 'shop-purchase' AND e.reference = 'shop-purchase:' || sp.id AND a.player_id IS NOT NULL AND a.player_id <> sp.player_id)`,
    );
    expect(mismatched).toEqual([]);
    const [counts] = await queryDatabase<{ confirmed: number; invalid: number; pending: number }>(
      stack.database.url,
      `SELECT count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed, count(*) FILTER (WHERE status = 'invalid')::int AS invalid,
              count(*) FILTER (WHERE status = 'pending')::int AS pending FROM shop_purchases`,
    );
    expect(counts.confirmed).toBeGreaterThan(0);
    expect(counts.invalid).toBeGreaterThan(0);
    expect(counts.pending).toBe(0);
  });
});

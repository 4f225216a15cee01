import { ApiRoutes, ErrorMessages, ShopMessages, SwapHiveMessages } from '@runik/contract';
import type { ShopItemsResponse, ShopPurchasesResponse } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { assetTotals } from '../support/alliance';
import { CityPlayer, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import {
  boughtItem,
  createPurchase,
  grantsSnapshot,
  ITEM_KEYS,
  ITEMS,
  ItemKey,
  pendingShopPurchase,
  pendingShopPurchases,
  payForItem,
  shopItem,
  shopItems,
  shopPurchaseRows,
  shopStatus,
  statusOf,
} from '../support/shop';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';
import { processed, spendSwapHive, unknownTxId } from '../support/swap-hive';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const newPlayer = (prefix: string) => newCityPlayer(stack, prefix);

/** The whole list for a player who bought nothing yet, given which items they can afford. */
function freshItems(hiveBalance: number, affordable: ItemKey[]): ShopItemsResponse {
  return {
    items: ITEM_KEYS.map((key) => ({
      name: ITEMS[key].name,
      price: Number(ITEMS[key].price),
      rewards: [...ITEMS[key].rewards],
      nextPurchaseCount: 1,
      canAfford: affordable.includes(key),
      limit: ITEMS[key].limit,
    })),
    hiveBalance,
  };
}

/** A refused call: its status and body, and nothing stored or granted. */
async function expectRefused(
  player: CityPlayer,
  call: () => Promise<{ status: number; data: unknown }>,
  status: number,
  error: string,
): Promise<void> {
  const [rowsBefore, grantsBefore] = await Promise.all([shopPurchaseRows(stack, player), grantsSnapshot(stack, player)]);
  const response = await call();
  expect([response.status, response.data]).toEqual([status, { error }]);
  expect(await shopPurchaseRows(stack, player)).toEqual(rowsBefore);
  expect(await grantsSnapshot(stack, player)).toEqual(grantsBefore);
}

describe('shop items', () => {
  it("lists every catalogue item with its price, rewards and limit; canAfford and hiveBalance follow hive-sim's SWAP.HIVE", async () => {
    const player = await newPlayer('itm');
    // hive-sim opens every account with 100 SWAP.HIVE.
    expect(await shopItems(player)).toEqual(freshItems(100, ['starter', 'crate', 'pouch', 'chest', 'blade']));

    // Each price is affordable down to exactly the price, and not a thousandth below.
    await spendSwapHive(stack, player.username, '75.001');
    expect(await shopItems(player)).toEqual(freshItems(24.999, ['starter', 'crate', 'pouch', 'chest']));
    await spendSwapHive(stack, player.username, '14.999');
    expect(await shopItems(player)).toEqual(freshItems(10, ['starter', 'crate', 'pouch', 'chest']));
    await spendSwapHive(stack, player.username, '0.001');
    expect(await shopItems(player)).toEqual(freshItems(9.999, ['starter', 'crate', 'pouch']));
    await spendSwapHive(stack, player.username, '4.999');
    expect(await shopItems(player)).toEqual(freshItems(5, ['starter', 'crate', 'pouch']));
    await spendSwapHive(stack, player.username, '2.000');
    expect(await shopItems(player)).toEqual(freshItems(3, ['starter', 'crate']));
    await spendSwapHive(stack, player.username, '1.000');
    expect(await shopItems(player)).toEqual(freshItems(2, ['crate']));
    // SWAP.HIVE has 8 decimals; the shop shows 3, rounded down: 1.99999999 does not afford 2.000.
    await spendSwapHive(stack, player.username, '0.00000001');
    expect(await shopItems(player)).toEqual(freshItems(1.999, []));
  });

  it('counts confirmed purchases only: nextPurchaseCount goes 1, 2, 3; the Starter Bundle is bought once', async () => {
    const player = await newPlayer('cnt');
    await boughtItem(stack, player, 'starter');
    const afterStarter = await shopItems(player);
    expect(afterStarter.hiveBalance).toBe(97);
    expect(afterStarter.items).toEqual([
      { name: 'Starter Bundle', price: 3, rewards: [...ITEMS.starter.rewards], nextPurchaseCount: 2, canAfford: false, limit: 1 },
      ...freshItems(97, ['crate', 'pouch', 'chest', 'blade']).items.slice(1),
    ]);

    const firstCrate = await boughtItem(stack, player, 'crate', 1);
    expect(await shopItem(player, 'crate')).toMatchObject({ nextPurchaseCount: 2, canAfford: true });
    const secondCrate = await boughtItem(stack, player, 'crate', 2);
    expect(await shopItems(player)).toMatchObject({
      hiveBalance: 93,
      items: [
        { name: 'Starter Bundle', nextPurchaseCount: 2, canAfford: false },
        { name: 'Resource Crate', nextPurchaseCount: 3, canAfford: true },
        { name: 'RUNIK Pouch', nextPurchaseCount: 1, canAfford: true },
        { name: 'War Chest', nextPurchaseCount: 1, canAfford: true },
        { name: "Commander's Blade", nextPurchaseCount: 1, canAfford: true },
      ],
    });
    expect(await shopStatus(player, firstCrate)).toEqual(statusOf(firstCrate, 'crate', 'confirmed', 1));
    expect(await shopStatus(player, secondCrate)).toEqual(statusOf(secondCrate, 'crate', 'confirmed', 2));

    // The limit is kept by the server too, whatever transaction is named.
    await expectRefused(player, () => createPurchase(player, ITEMS.starter.name, 3, unknownTxId()), 409, ShopMessages.limitReached);
    const paidAgain = await payForItem(stack, player, 'starter');
    await processed(stack.simUrl, paidAgain);
    await expectRefused(player, () => createPurchase(player, ITEMS.starter.name, 3, paidAgain), 409, ShopMessages.limitReached);

    // A purchase still pending counts for nothing yet.
    const pending = await pendingShopPurchase(player, 'pouch', unknownTxId());
    expect(await shopStatus(player, pending)).toEqual(statusOf(pending, 'pouch', 'pending', 1));
    expect(await shopItem(player, 'pouch')).toMatchObject({ nextPurchaseCount: 1, canAfford: true });
    expect((await shopPurchaseRows(stack, player)).map((row) => [row.item_name, row.purchase_count, row.status])).toEqual([
      ['Starter Bundle', 1, 'confirmed'],
      ['Resource Crate', 1, 'confirmed'],
      ['Resource Crate', 2, 'confirmed'],
      ['RUNIK Pouch', 1, 'pending'],
    ]);
  });
});

describe('creating a purchase', () => {
  it('refuses an item the catalogue does not have (400), storing nothing', async () => {
    const player = await newPlayer('unk');
    for (const itemName of [
      'Golden Dragon',
      'starter bundle',
      'Starter Bundle ',
      ' Starter Bundle',
      'STARTER BUNDLE',
      "Commander's Blade Lv.2",
    ]) {
      await expectRefused(player, () => createPurchase(player, itemName, 3, unknownTxId()), 400, ShopMessages.unknownItem);
    }
    expect(await shopPurchaseRows(stack, player)).toEqual([]);
  });

  it('refuses a price that is not the item price (400), storing nothing', async () => {
    const player = await newPlayer('prc');
    for (const price of [2.999, 3.001, 2, 25, 0, -3, 3.0001, '3.0001', '2.999', '03.000', '3e0', '-3.000', '', 'three', 1e21]) {
      await expectRefused(player, () => createPurchase(player, ITEMS.starter.name, price, unknownTxId()), 400, ShopMessages.priceMismatch);
    }
    // The Commander's Blade at the Starter Bundle's price, and the other way round.
    await expectRefused(player, () => createPurchase(player, ITEMS.blade.name, 3, unknownTxId()), 400, ShopMessages.priceMismatch);
    await expectRefused(player, () => createPurchase(player, ITEMS.starter.name, 25, unknownTxId()), 400, ShopMessages.priceMismatch);
    expect(await shopPurchaseRows(stack, player)).toEqual([]);

    // The price as the wallet writes it is the same price.
    const response = await createPurchase(player, ITEMS.starter.name, '3.000', unknownTxId());
    expect([response.status, response.data]).toEqual([200, { success: true, purchaseId: expect.any(Number) }]);
    expect((await shopPurchaseRows(stack, player)).map((row) => [row.item_name, row.price_thousandths, row.status])).toEqual([
      ['Starter Bundle', 3000, 'pending'],
    ]);
  });

  it('keeps one purchase pending at a time: a second gets 409, and the pending list shows the first', async () => {
    const player = await newPlayer('pnd');
    expect(await pendingShopPurchases(player)).toEqual({ purchases: [] });
    const txId = unknownTxId();
    const purchaseId = await pendingShopPurchase(player, 'chest', txId);
    expect(await shopStatus(player, purchaseId)).toEqual(statusOf(purchaseId, 'chest', 'pending', 1));
    const pending = await pendingShopPurchases(player);
    expect(pending).toEqual({ purchases: [{ purchaseId, itemName: 'War Chest', status: 'pending', createdAt: expect.any(String) }] });
    const [row] = await shopPurchaseRows(stack, player);
    expect(pending.purchases[0].createdAt).toBe(row.created_at.toISOString());
    expect(row).toMatchObject({
      id: purchaseId,
      item_name: 'War Chest',
      price_thousandths: 10_000,
      purchase_count: 1,
      status: 'pending',
      transaction_id: txId,
      error: null,
    });

    // Another item or the same item: both wait for the pending purchase (a real payment is confirmed from the chain all the same: shop-payments.spec).
    for (const [item, tx] of [
      ['chest', unknownTxId()],
      ['crate', unknownTxId()],
    ] as [ItemKey, string][]) {
      await expectRefused(
        player,
        () => createPurchase(player, ITEMS[item].name, Number(ITEMS[item].price), tx),
        409,
        SwapHiveMessages.pendingPurchase,
      );
    }
    // Naming the pending purchase's own transaction again answers that same purchase.
    expect((await createPurchase(player, ITEMS.chest.name, 10, txId)).data).toEqual({ success: true, purchaseId });
    expect(await pendingShopPurchases(player)).toEqual(pending);

    // The purchase list without a status carries every purchase of the player, newest first.
    const all = await player.api.get<ShopPurchasesResponse>(`/api/syncshop/purchases/${player.username}`);
    expect([all.status, all.data]).toEqual([200, pending]);
  });

  it("lists the latest 20 purchases without a status, and only the pending one with it; another player's are not there", async () => {
    const [player, other] = await Promise.all([newPlayer('lst'), newPlayer('oth')]);
    const bought = [await boughtItem(stack, player, 'crate', 1), await boughtItem(stack, player, 'pouch', 1)];
    const pendingId = await pendingShopPurchase(player, 'crate', unknownTxId());
    await pendingShopPurchase(other, 'crate', unknownTxId());
    const all = await player.api.get<ShopPurchasesResponse>(`/api/syncshop/purchases/${player.username}`);
    expect(all.status).toBe(200);
    expect(all.data.purchases.map(({ purchaseId, itemName, status }) => [purchaseId, itemName, status])).toEqual([
      [pendingId, 'Resource Crate', 'pending'],
      [bought[1], 'RUNIK Pouch', 'confirmed'],
      [bought[0], 'Resource Crate', 'confirmed'],
    ]);
    expect((await pendingShopPurchases(player)).purchases.map((purchase) => purchase.purchaseId)).toEqual([pendingId]);
    // Rows beyond the latest 20 are left out.
    await queryDatabase(
      stack.database.url,
      `INSERT INTO shop_purchases (player_id, item_name, price_thousandths, purchase_count, status, transaction_id, error, created_at, updated_at)
       SELECT $1::bigint, 'Resource Crate', 2000, 1, 'invalid', md5(g::text || '-' || $1::bigint::text) || 'abcdefgh', 'Transaction memo does not match the purchase', now() - interval '1 day' - g * interval '1 minute', now()
       FROM generate_series(1, 20) g`,
      [player.playerId],
    );
    const latest = await player.api.get<ShopPurchasesResponse>(`/api/syncshop/purchases/${player.username}`);
    expect(latest.data.purchases).toHaveLength(20);
    expect(latest.data.purchases.slice(0, 3).map((purchase) => purchase.purchaseId)).toEqual([pendingId, bought[1], bought[0]]);
    expect(latest.data.purchases.slice(3).every((purchase) => purchase.status === 'invalid')).toBe(true);
  });

  it("answers 404 for the status of another player's purchase or of one that does not exist", async () => {
    const [owner, stranger] = await Promise.all([newPlayer('own'), newPlayer('peek')]);
    const purchaseId = await pendingShopPurchase(owner, 'blade', unknownTxId());
    for (const id of [purchaseId, purchaseId + 1_000_000]) {
      const response = await stranger.api.get(ApiRoutes.shopPurchaseStatus(id));
      expect([response.status, response.data]).toEqual([404, { error: ShopMessages.purchaseNotFound }]);
    }
    expect(await shopStatus(owner, purchaseId)).toEqual(statusOf(purchaseId, 'blade', 'pending', 1));
    expect(await pendingShopPurchases(stranger)).toEqual({ purchases: [] });
  });
});

describe('ownership and bad input', () => {
  it("refuses another player's name in every path and body (403) and calls without a session (401)", async () => {
    const [alice, bob] = await Promise.all([newPlayer('ali'), newPlayer('bob')]);
    const bobsPurchase = await pendingShopPurchase(bob, 'pouch', unknownTxId());
    const before = await Promise.all([shopPurchaseRows(stack, alice), shopPurchaseRows(stack, bob), grantsSnapshot(stack, bob)]);
    const anonymous = apiClient(stack.apiUrl);
    const forbidden = { error: ErrorMessages.notYourAccount };
    const unauthenticated = { error: ErrorMessages.sessionRequired };
    const body = { hiveUsername: bob.username, itemName: ITEMS.crate.name, price: 2, hiveTxId: unknownTxId() };

    const checks: [number, unknown, { status: number; data: unknown }][] = [
      [403, forbidden, await alice.api.get(ApiRoutes.shopItems(bob.username))],
      [403, forbidden, await alice.api.get(ApiRoutes.shopPendingPurchases(bob.username))],
      [403, forbidden, await alice.api.get(`/api/syncshop/purchases/${bob.username}`)],
      [403, forbidden, await alice.api.post(ApiRoutes.shopPurchaseCreate, body)],
      [403, forbidden, await alice.api.post(ApiRoutes.shopPurchaseCreate, { ...body, hiveUsername: 'runik.game' })],
      [404, { error: ShopMessages.purchaseNotFound }, await alice.api.get(ApiRoutes.shopPurchaseStatus(bobsPurchase))],
      [401, unauthenticated, await anonymous.get(ApiRoutes.shopItems(bob.username))],
      [401, unauthenticated, await anonymous.get(ApiRoutes.shopPendingPurchases(bob.username))],
      [401, unauthenticated, await anonymous.post(ApiRoutes.shopPurchaseCreate, body)],
      [401, unauthenticated, await anonymous.get(ApiRoutes.shopPurchaseStatus(bobsPurchase))],
      [401, { error: ErrorMessages.sessionInvalid }, await apiClient(stack.apiUrl, 'x'.repeat(43)).get(ApiRoutes.shopItems(bob.username))],
      [
        401,
        { error: ErrorMessages.sessionInvalid },
        await apiClient(stack.apiUrl, 'x'.repeat(43)).post(ApiRoutes.shopPurchaseCreate, body),
      ],
    ];
    for (const [status, data, response] of checks) expect([response.status, response.data]).toEqual([status, data]);
    expect(await Promise.all([shopPurchaseRows(stack, alice), shopPurchaseRows(stack, bob), grantsSnapshot(stack, bob)])).toEqual(before);
  });

  it('refuses bad input on every call with 400 and stores nothing', async () => {
    const player = await newPlayer('bad');
    const before = await grantsSnapshot(stack, player);
    const tx = unknownTxId();
    const good = { hiveUsername: player.username, itemName: ITEMS.crate.name, price: 2, hiveTxId: tx };
    const post = (body?: unknown) => player.api.post(ApiRoutes.shopPurchaseCreate, body);
    const without = (field: keyof typeof good) => Object.fromEntries(Object.entries(good).filter(([key]) => key !== field));
    const calls: [string, () => Promise<{ status: number; data: { error?: string } }>, string?][] = [
      ['items query', () => player.api.get(`${ApiRoutes.shopItems(player.username)}?item=War%20Chest`)],
      ['purchases status all', () => player.api.get(`/api/syncshop/purchases/${player.username}?status=all`), ShopMessages.invalidStatus],
      [
        'purchases status confirmed',
        () => player.api.get(`/api/syncshop/purchases/${player.username}?status=confirmed`),
        ShopMessages.invalidStatus,
      ],
      ['purchases status empty', () => player.api.get(`/api/syncshop/purchases/${player.username}?status=`), ShopMessages.invalidStatus],
      ['purchases status twice', () => player.api.get(`/api/syncshop/purchases/${player.username}?status=pending&status=pending`)],
      ['purchases unknown query', () => player.api.get(`${ApiRoutes.shopPendingPurchases(player.username)}&limit=100`)],
      ['create without a body', () => post()],
      ['create with an array body', () => post([good])],
      ['create without itemName', () => post(without('itemName')), ShopMessages.unknownItem],
      ['create without price', () => post(without('price')), ShopMessages.invalidPrice],
      ['create without hiveTxId', () => post(without('hiveTxId'))],
      ['create without hiveUsername', () => post(without('hiveUsername'))],
      ['create unknown field', () => post({ ...good, quantity: '2.000' })],
      ['create purchaseCount field', () => post({ ...good, purchaseCount: 5 })],
      ['status query', () => player.api.get(`${ApiRoutes.shopPurchaseStatus(1)}?x=1`)],
    ];
    for (const itemName of [5, null, true, '', 'x'.repeat(61), ['Resource Crate'], { name: 'Resource Crate' }]) {
      calls.push([`itemName ${JSON.stringify(itemName)}`, () => post({ ...good, itemName }), ShopMessages.unknownItem]);
    }
    for (const price of [null, true, false, [2], { amount: 2 }]) {
      calls.push([`price ${JSON.stringify(price)}`, () => post({ ...good, price }), ShopMessages.invalidPrice]);
    }
    for (const hiveTxId of [
      'xyz',
      'A'.repeat(40),
      'a'.repeat(39),
      'a'.repeat(41),
      `${'a'.repeat(40)}-`,
      `${'a'.repeat(40)}-1234`,
      12345,
      '',
      null,
    ]) {
      calls.push([`hiveTxId ${JSON.stringify(hiveTxId)}`, () => post({ ...good, hiveTxId })]);
    }
    for (const id of ['abc', '0', '-1', '1.5', '01', '1e3', '9'.repeat(16), '%20']) {
      calls.push([`status id ${id}`, () => player.api.get(`/api/syncshop/purchase/status/${id}`), ShopMessages.invalidPurchaseId]);
    }

    for (const [name, call, message] of calls) {
      const response = await call();
      expect([name, response.status]).toEqual([name, 400]);
      expect([name, typeof response.data.error]).toEqual([name, 'string']);
      if (message) expect([name, response.data.error]).toEqual([name, message]);
    }
    expect(await shopPurchaseRows(stack, player)).toEqual([]);
    expect(await grantsSnapshot(stack, player)).toEqual(before);
  });
});

describe('races', () => {
  it('keeps one purchase pending when 20 are created at once with different transactions', async () => {
    const player = await newPlayer('race');
    const txIds = Array.from({ length: 20 }, unknownTxId);
    const responses = await Promise.all(txIds.map((txId) => createPurchase(player, ITEMS.crate.name, 2, txId)));
    const succeeded = responses.filter((response) => response.status === 200);
    expect(succeeded).toHaveLength(1);
    expect(responses.filter((response) => response.status !== 200).map((response) => [response.status, response.data])).toEqual(
      Array(19).fill([409, { error: SwapHiveMessages.pendingPurchase }]),
    );
    const { purchaseId } = succeeded[0].data;
    const rows = await shopPurchaseRows(stack, player);
    expect(rows.map((row) => [row.id, row.status, row.transaction_id])).toEqual([
      [purchaseId, 'pending', txIds[responses.indexOf(succeeded[0])]],
    ]);
    expect(await pendingShopPurchases(player)).toMatchObject({ purchases: [{ purchaseId, status: 'pending' }] });
  });

  it('refuses all of 20 Starter Bundle purchases made at once after it was bought', async () => {
    const player = await newPlayer('lim');
    await boughtItem(stack, player, 'starter');
    const responses = await Promise.all(Array.from({ length: 20 }, () => createPurchase(player, ITEMS.starter.name, 3, unknownTxId())));
    expect(responses.map((response) => [response.status, response.data])).toEqual(
      Array(20).fill([409, { error: ShopMessages.limitReached }]),
    );
    expect((await shopPurchaseRows(stack, player)).map((row) => [row.item_name, row.status])).toEqual([['Starter Bundle', 'confirmed']]);
  });
});

describe('conservation', () => {
  it('keeps every ledger asset summing to 0, no player negative, and shop rewards minted once for each confirmed purchase only', async () => {
    const totals = await assetTotals(stack);
    expect(totals.length).toBeGreaterThan(0);
    for (const { asset, total } of totals) expect([asset, total]).toEqual([asset, 0]);
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT * FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);
    // Starter Bundles, Crates and Pouches confirmed here: one posting each; nothing for the others.
    const mismatched = await queryDatabase(
      stack.database.url,
      `SELECT sp.id FROM shop_purchases sp
        WHERE (SELECT count(DISTINCT e.posting_id) FROM ledger_entries e WHERE e.reason = 'shop-purchase' AND e.reference = 'shop-purchase:' || sp.id)
              <> CASE WHEN sp.status = 'confirmed' AND sp.item_name IN ('Starter Bundle', 'Resource Crate', 'RUNIK Pouch') THEN 1 ELSE 0 END`,
    );
    expect(mismatched).toEqual([]);
    const [confirmed] = await queryDatabase<{ n: number }>(
      stack.database.url,
      `SELECT count(*)::int AS n FROM shop_purchases WHERE status = 'confirmed'`,
    );
    expect(confirmed.n).toBeGreaterThan(0);
  });
});

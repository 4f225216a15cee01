import { ApiRoutes, shopPaymentMemo } from '@runik/contract';
import type { CreateShopPurchaseResponse, ShopItemsResponse, ShopPurchasesResponse, ShopPurchaseStatusResponse } from '@runik/contract';
import type { CityPlayer } from './city';
import { queryDatabase } from './database';
import type { Stack } from './stack';
import { paySwapHive, PaymentOverrides, processed, sleep } from './swap-hive';

/**
 * docs/shop.md's catalogue, written out again so the tests check the rules rather than reuse them:
 * the price as the wallet sends it, and the rewards as the shop lists them.
 */
export const ITEMS = {
  starter: {
    name: 'Starter Bundle',
    price: '3.000',
    rewards: ['10.000 RUNIK', '500.00 Wheat', '500.00 Lumber', '500.00 Stone', '500.00 Ore'],
    limit: 1,
  },
  crate: { name: 'Resource Crate', price: '2.000', rewards: ['600.00 Wheat', '600.00 Lumber', '600.00 Stone', '600.00 Ore'], limit: null },
  pouch: { name: 'RUNIK Pouch', price: '5.000', rewards: ['50.000 RUNIK'], limit: null },
  chest: { name: 'War Chest', price: '10.000', rewards: ['1,000 Infantry', '500 Archers', '200 Cavalry'], limit: null },
  blade: { name: "Commander's Blade", price: '25.000', rewards: ['Epic Cavalry Gear Lv.1'], limit: null },
} as const;
export type ItemKey = keyof typeof ITEMS;
export const ITEM_KEYS = Object.keys(ITEMS) as ItemKey[];

export const createPurchase = (
  player: CityPlayer,
  itemName: unknown,
  price: unknown,
  hiveTxId: unknown,
  extra: Record<string, unknown> = {},
) => player.api.post(ApiRoutes.shopPurchaseCreate, { hiveUsername: player.username, itemName, price, hiveTxId, ...extra });

/** Reports a payment for an item at its price; the purchase must be accepted as pending. Its id. */
export async function pendingShopPurchase(player: CityPlayer, item: ItemKey, txId: string): Promise<number> {
  const response = await createPurchase(player, ITEMS[item].name, Number(ITEMS[item].price), txId);
  expect([response.status, response.data]).toEqual([200, { success: true, purchaseId: expect.any(Number) }]);
  return (response.data as CreateShopPurchaseResponse).purchaseId;
}

/** Sends an item's price in SWAP.HIVE to the game account with its memo, as the shop page does; each part may be overridden. */
export function payForItem(stack: Stack, player: CityPlayer, item: ItemKey, overrides: PaymentOverrides = {}): Promise<string> {
  return paySwapHive(stack, player.username, ITEMS[item].price, shopPaymentMemo(player.username, ITEMS[item].name), overrides);
}

export async function shopItems(player: CityPlayer): Promise<ShopItemsResponse> {
  const response = await player.api.get<ShopItemsResponse>(ApiRoutes.shopItems(player.username));
  if (response.status !== 200) throw new Error(`shop items of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/** The shop's view of one item for a player. */
export async function shopItem(player: CityPlayer, item: ItemKey) {
  return (await shopItems(player)).items.find((entry) => entry.name === ITEMS[item].name);
}

export async function pendingShopPurchases(player: CityPlayer): Promise<ShopPurchasesResponse> {
  const response = await player.api.get<ShopPurchasesResponse>(ApiRoutes.shopPendingPurchases(player.username));
  if (response.status !== 200)
    throw new Error(`pending shop purchases of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export async function shopStatus(player: CityPlayer, purchaseId: number): Promise<ShopPurchaseStatusResponse> {
  const response = await player.api.get<ShopPurchaseStatusResponse>(ApiRoutes.shopPurchaseStatus(purchaseId));
  if (response.status !== 200)
    throw new Error(`status of shop purchase ${purchaseId}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/** Polls a purchase's status, as the shop page does, until the worker settles it. */
export async function settledShopPurchase(player: CityPlayer, purchaseId: number, timeoutMs = 30_000): Promise<ShopPurchaseStatusResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await shopStatus(player, purchaseId);
    if (status.status !== 'pending' || Date.now() > deadline) return status;
    await sleep(250);
  }
}

/** What the status call reports for a purchase of an item. */
export const statusOf = (
  purchaseId: number,
  item: ItemKey,
  status: 'pending' | 'confirmed' | 'invalid',
  purchaseCount = 1,
  error: string | null = null,
): ShopPurchaseStatusResponse => ({
  purchaseId,
  itemName: ITEMS[item].name,
  status,
  rewards: [...ITEMS[item].rewards],
  purchaseCount,
  error,
  // A confirmed payment was seen; a pending or refused one may or may not have been yet.
  seenOnChain: status === 'confirmed' ? true : expect.any(Boolean),
  // A pending payment may be in a Hive block Hive Engine has not processed yet.
  awaitingHiveEngine: status === 'pending' ? expect.any(Boolean) : false,
});

/**
 * Pays for an item on hive-sim and waits until the worker confirmed the purchase; its id. The payment
 * is reported once Hive Engine processed it, so the worker's first look finds it.
 */
export async function boughtItem(stack: Stack, player: CityPlayer, item: ItemKey, purchaseCount = 1): Promise<number> {
  const txId = await payForItem(stack, player, item);
  await processed(stack.simUrl, txId);
  const purchaseId = await pendingShopPurchase(player, item, txId);
  expect(await settledShopPurchase(player, purchaseId)).toEqual(statusOf(purchaseId, item, 'confirmed', purchaseCount));
  return purchaseId;
}

export interface ShopPurchaseRow {
  id: number;
  item_name: string;
  price_thousandths: number;
  purchase_count: number;
  status: string;
  transaction_id: string;
  error: string | null;
  created_at: Date;
  updated_at: Date;
}

const rowOf = (row: Record<string, unknown>): ShopPurchaseRow =>
  ({ ...row, id: Number(row.id), price_thousandths: Number(row.price_thousandths) }) as unknown as ShopPurchaseRow;

export async function shopPurchaseRows(stack: Stack, player: CityPlayer): Promise<ShopPurchaseRow[]> {
  const rows = await queryDatabase(
    stack.database.url,
    `SELECT id, item_name, price_thousandths, purchase_count, status, transaction_id, error, created_at, updated_at FROM shop_purchases WHERE player_id = $1 ORDER BY id`,
    [player.playerId],
  );
  return rows.map(rowOf);
}

export async function shopPurchaseRow(stack: Stack, purchaseId: number): Promise<ShopPurchaseRow> {
  const [row] = await queryDatabase(
    stack.database.url,
    `SELECT id, item_name, price_thousandths, purchase_count, status, transaction_id, error, created_at, updated_at FROM shop_purchases WHERE id = $1`,
    [purchaseId],
  );
  return rowOf(row);
}

/** The ledger entries a purchase's rewards were minted with, by account code and asset: delta (thousandths), reference. */
export async function shopPostings(stack: Stack, purchaseId: number) {
  const rows = await queryDatabase<{ code: string; asset: string; delta: string; reference: string; posting_id: string }>(
    stack.database.url,
    `SELECT a.code, e.asset, e.delta, e.reference, e.posting_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.reason = 'shop-purchase' AND e.reference = $1 ORDER BY a.code, e.asset`,
    [`shop-purchase:${purchaseId}`],
  );
  return rows.map((row) => ({ ...row, delta: Number(row.delta) }));
}

/** A player's army as stored. */
export async function armyOf(stack: Stack, player: CityPlayer): Promise<{ infantry: number; archers: number; cavalries: number }> {
  const [row] = await queryDatabase<{ infantry: number; archers: number; cavalries: number }>(
    stack.database.url,
    `SELECT infantry::int, archers::int, cavalries::int FROM cities WHERE player_id = $1`,
    [player.playerId],
  );
  return row;
}

/** Everything a purchase could grant, and the player's purchases: a refused or unconfirmed purchase leaves it as it was. */
export async function grantsSnapshot(stack: Stack, player: CityPlayer): Promise<unknown[]> {
  const url = stack.database.url;
  return Promise.all([
    queryDatabase(url, 'SELECT infantry, archers, cavalries FROM cities WHERE player_id = $1', [player.playerId]),
    queryDatabase(url, 'SELECT * FROM gears WHERE owner_id = $1 ORDER BY id', [player.playerId]),
    // Deposits aside: RNK sent to the game account is credited as a deposit whatever it was meant for (the chain is the record).
    queryDatabase(
      url,
      `SELECT e.asset, sum(e.delta)::text AS amount FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.player_id = $1 AND e.reason <> 'deposit' GROUP BY e.asset ORDER BY e.asset`,
      [player.playerId],
    ),
    queryDatabase(
      url,
      `SELECT e.id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.player_id = $1 AND e.reason <> 'deposit' ORDER BY e.id`,
      [player.playerId],
    ),
  ]);
}

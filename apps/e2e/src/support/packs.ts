import { ApiRoutes, packPaymentMemo } from '@runik/contract';
import type { Gear, PackInfoResponse, PackOpenResponse, PackPurchaseStatusResponse, PendingPackPurchaseResponse } from '@runik/contract';
import { PACK_BULK_SIZE, rollPacks, RolledGear } from '@runik/rules';
import type { CityPlayer } from './city';
import { queryDatabase } from './database';
import type { Stack } from './stack';
import { paySwapHive, PaymentOverrides, sleep } from './swap-hive';

/** The SWAP.HIVE price of a purchase as the wallet sends it (three decimals). */
export const hivePrice = (packCount: number) => (packCount === PACK_BULK_SIZE ? '10.000' : '1.000');

export const buyWithRunik = (player: CityPlayer, packCount: unknown, extra: Record<string, unknown> = {}) =>
  player.api.post(ApiRoutes.packPurchaseRunik, { hiveUsername: player.username, packCount, ...extra });

export const buyWithHive = (player: CityPlayer, packCount: unknown, hiveTxId: unknown, extra: Record<string, unknown> = {}) =>
  player.api.post(ApiRoutes.packPurchaseHive, { hiveUsername: player.username, packCount, hiveTxId, ...extra });

export const openPacks = (player: CityPlayer, purchaseId: number) => player.api.post<PackOpenResponse>(ApiRoutes.packOpen(purchaseId));

export async function packInfo(player: CityPlayer): Promise<PackInfoResponse> {
  const response = await player.api.get<PackInfoResponse>(ApiRoutes.packInfo(player.username));
  if (response.status !== 200) throw new Error(`pack info of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export async function pendingOf(player: CityPlayer): Promise<PendingPackPurchaseResponse> {
  const response = await player.api.get<PendingPackPurchaseResponse>(ApiRoutes.packPendingStatus(player.username));
  if (response.status !== 200) throw new Error(`pending packs of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

export async function purchaseStatus(player: CityPlayer, purchaseId: number): Promise<PackPurchaseStatusResponse> {
  const response = await player.api.get<PackPurchaseStatusResponse>(ApiRoutes.packPurchaseStatus(purchaseId));
  if (response.status !== 200) throw new Error(`status of purchase ${purchaseId}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data;
}

/** Polls a purchase's status, as the client does, until the worker settles it. */
export async function settledPurchase(player: CityPlayer, purchaseId: number, timeoutMs = 30_000): Promise<PackPurchaseStatusResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await purchaseStatus(player, purchaseId);
    if (status.status !== 'pending' || Date.now() > deadline) return status;
    await sleep(250);
  }
}

/** A RUNIK purchase that must succeed; its id. */
export async function boughtWithRunik(player: CityPlayer, packCount: number): Promise<number> {
  const response = await buyWithRunik(player, packCount);
  if (response.status !== 200) throw new Error(`RUNIK purchase of ${player.username}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data.packPurchaseId;
}

/** A SWAP.HIVE pack payment as the wallet sends it (requestSendToken); each part may be overridden. */
export function payForPacks(stack: Stack, player: CityPlayer, packCount: number, overrides: PaymentOverrides = {}): Promise<string> {
  return paySwapHive(stack, player.username, hivePrice(packCount), packPaymentMemo(player.username, packCount), overrides);
}

export interface PurchaseRow {
  id: number;
  player_id: number;
  currency: string;
  pack_count: number;
  price_thousandths: number;
  tier: number;
  seed: number;
  status: string;
  transaction_id: string | null;
  error: string | null;
  opened_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** bigint columns come back as strings or numbers depending on the pg settings of the process: numbers here. */
const purchaseOf = (row: Record<string, unknown>): PurchaseRow =>
  ({
    ...row,
    id: Number(row.id),
    player_id: Number(row.player_id),
    price_thousandths: Number(row.price_thousandths),
    seed: Number(row.seed),
  }) as PurchaseRow;

export async function purchaseRows(stack: Stack, player: CityPlayer): Promise<PurchaseRow[]> {
  const rows = await queryDatabase(stack.database.url, `SELECT * FROM pack_purchases WHERE player_id = $1 ORDER BY id`, [player.playerId]);
  return rows.map(purchaseOf);
}

export async function purchaseRow(stack: Stack, purchaseId: number): Promise<PurchaseRow> {
  const [row] = await queryDatabase(stack.database.url, `SELECT * FROM pack_purchases WHERE id = $1`, [purchaseId]);
  return purchaseOf(row);
}

/** The gears stored for a purchase, oldest first. */
export async function gearsOfPurchase(
  stack: Stack,
  purchaseId: number,
): Promise<{ id: string | number; owner_id: string | number; type: string; category: string; rarity: string; level: number }[]> {
  return queryDatabase(
    stack.database.url,
    `SELECT id, owner_id, type, category, rarity, level FROM gears WHERE pack_purchase_id = $1 ORDER BY id`,
    [purchaseId],
  );
}

export async function gearCountOf(stack: Stack, player: CityPlayer): Promise<number> {
  const [row] = await queryDatabase<{ n: number }>(stack.database.url, `SELECT count(*)::int AS n FROM gears WHERE owner_id = $1`, [
    player.playerId,
  ]);
  return row.n;
}

export const rolledOf = (gears: Pick<Gear, 'category' | 'type' | 'rarity' | 'level'>[]): RolledGear[] =>
  gears.map(({ category, type, rarity, level }) => ({ category, type, rarity, level }));

/**
 * Opens a confirmed purchase and checks what it delivered: its count of gears, owned by the player,
 * rolled from the purchase's recorded seed and tier (replayed here with the shared rules), stored once.
 */
export async function openAndVerify(stack: Stack, player: CityPlayer, purchaseId: number): Promise<PackOpenResponse> {
  const row = await purchaseRow(stack, purchaseId);
  const response = await openPacks(player, purchaseId);
  expect(response.status).toBe(200);
  const opened = response.data;
  expect(opened).toMatchObject({ packPurchaseId: purchaseId, packCount: row.pack_count, seed: row.seed, tier: row.tier });
  expect(rolledOf(opened.gears)).toEqual(rollPacks(row.seed, row.pack_count, row.tier));
  for (const gear of opened.gears) expect(gear).toMatchObject({ currentExp: 0, isEquipped: false, isListed: false });
  const stored = await gearsOfPurchase(stack, purchaseId);
  expect(stored.map((gear) => Number(gear.id))).toEqual(opened.gears.map((gear) => gear.gearId));
  expect(new Set(stored.map((gear) => Number(gear.owner_id)))).toEqual(new Set([player.playerId]));
  expect(rolledOf(stored as RolledGear[])).toEqual(rolledOf(opened.gears));
  return opened;
}

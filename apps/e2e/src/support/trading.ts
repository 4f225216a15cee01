import { ApiRoutes } from '@runik/contract';
import type { GearsResponse, ListGearResponse, MarketplaceResponse, MyListingsResponse, UserTradeDataResponse } from '@runik/contract';
import type { AxiosResponse } from 'axios';
import { CityPlayer, newCityPlayer } from './city';
import { queryDatabase } from './database';
import type { Stack } from './stack';

/** Thousandths in one RUNIK. */
export const RUNIK = 1000;

/**
 * Gives a player the trading privilege (a paid activation) straight in the database. A real paid
 * registration goes through hive-sim and the worker and takes seconds; trading only reads
 * `players.activation`, and one test still trades with a player who really paid (newPaidCityPlayer).
 */
export async function setActivation(stack: Stack, player: CityPlayer, activation: 'paid' | 'free'): Promise<void> {
  await queryDatabase(stack.database.url, 'UPDATE players SET activation = $2 WHERE id = $1', [player.playerId, activation]);
}

/** A freely registered player given the trading privilege by setActivation (prefix of at most 4 letters). */
export async function newTrader(stack: Stack, prefix = 'trd'): Promise<CityPlayer> {
  const player = await newCityPlayer(stack, prefix);
  await setActivation(stack, player, 'paid');
  return player;
}

// The calls as the web client sends them, in the acting player's own name.
export const listGear = (player: CityPlayer, gearId: unknown, price: unknown, extra: Record<string, unknown> = {}) =>
  player.api.post(ApiRoutes.listGear, { hiveUsername: player.username, gearId, price, ...extra });
export const unlistGear = (player: CityPlayer, listingId: unknown, extra: Record<string, unknown> = {}) =>
  player.api.post(ApiRoutes.unlistGear, { hiveUsername: player.username, listingId, ...extra });
export const buyGear = (player: CityPlayer, listingId: unknown, extra: Record<string, unknown> = {}) =>
  player.api.post(ApiRoutes.buyGear, { buyerUsername: player.username, listingId, ...extra });

async function ok<T>(what: string, call: Promise<AxiosResponse>): Promise<T> {
  const response = await call;
  if (response.status !== 200) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.data)}`);
  return response.data as T;
}

/** Lists a gear through the API and returns the listing's id; throws unless it succeeds. */
export async function listed(player: CityPlayer, gearId: number, price: number): Promise<number> {
  return (await ok<ListGearResponse>(`listing gear ${gearId} of ${player.username}`, listGear(player, gearId, price))).listing._id;
}

export type MarketplaceFilters = Parameters<typeof ApiRoutes.marketplaceListings>[0];

export const marketplaceOf = (player: CityPlayer, filters: MarketplaceFilters = {}) =>
  ok<MarketplaceResponse>(`marketplace for ${player.username}`, player.api.get(ApiRoutes.marketplaceListings(filters)));
export const myListingsOf = (player: CityPlayer) =>
  ok<MyListingsResponse>(`listings of ${player.username}`, player.api.get(ApiRoutes.myListings(player.username)));
export const tradeDataOf = (player: CityPlayer) =>
  ok<UserTradeDataResponse>(`trade data of ${player.username}`, player.api.get(ApiRoutes.tradeUserData(player.username)));
export const tradeAvailableOf = (player: CityPlayer) =>
  ok<GearsResponse>(`tradable gears of ${player.username}`, player.api.get(ApiRoutes.tradeAvailableGears(player.username)));

export interface ListingRow {
  id: number;
  gearId: number;
  sellerId: number;
  price: number;
  feeThousandths: number;
  status: 'active' | 'sold' | 'removed';
  buyerId: number | null;
  createdAt: Date;
  closedAt: Date | null;
}

const toListingRow = (row: Record<string, unknown>): ListingRow => ({
  id: Number(row.id),
  gearId: Number(row.gear_id),
  sellerId: Number(row.seller_id),
  price: Number(row.price),
  feeThousandths: Number(row.fee_thousandths),
  status: row.status as ListingRow['status'],
  buyerId: row.buyer_id === null ? null : Number(row.buyer_id),
  createdAt: row.created_at as Date,
  closedAt: (row.closed_at as Date | null) ?? null,
});

export async function listingRow(stack: Stack, listingId: number): Promise<ListingRow | undefined> {
  const [row] = await queryDatabase(stack.database.url, 'SELECT * FROM listings WHERE id = $1', [listingId]);
  return row ? toListingRow(row) : undefined;
}

/** Every listing ever made of one gear, oldest first. */
export async function listingsOfGear(stack: Stack, gearId: number): Promise<ListingRow[]> {
  return (await queryDatabase(stack.database.url, 'SELECT * FROM listings WHERE gear_id = $1 ORDER BY id', [gearId])).map(toListingRow);
}

/** How many listings are active right now, in the whole (per test file) database. */
export async function activeListingCount(stack: Stack): Promise<number> {
  const [{ count }] = await queryDatabase<{ count: string }>(stack.database.url, `SELECT count(*) FROM listings WHERE status = 'active'`);
  return Number(count);
}

export interface EntryRow {
  postingId: string;
  account: string;
  delta: number;
  reason: string;
}

/** The ledger entries that carry a reference (a listing's fee and sale carry `listing:{id}`), in order. */
export async function entriesFor(stack: Stack, reference: string): Promise<EntryRow[]> {
  const rows = await queryDatabase<{ posting_id: string; code: string; delta: string; reason: string }>(
    stack.database.url,
    `SELECT e.posting_id, a.code, e.delta, e.reason FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
     WHERE e.reference = $1 ORDER BY e.id`,
    [reference],
  );
  return rows.map((row) => ({ postingId: row.posting_id, account: row.code, delta: Number(row.delta), reason: row.reason }));
}

/** Everything a refused trading call must leave untouched: every listing, every gear, every balance, the ledger. */
export async function tradingSnapshot(stack: Stack): Promise<unknown[]> {
  const url = stack.database.url;
  return Promise.all([
    queryDatabase(url, 'SELECT * FROM listings ORDER BY id'),
    queryDatabase(url, 'SELECT * FROM gears ORDER BY id'),
    queryDatabase(url, 'SELECT account_id, asset, amount FROM balances ORDER BY account_id, asset'),
    queryDatabase(url, 'SELECT count(*) FROM ledger_entries'),
  ]);
}

/** Balances below zero on accounts that may not go negative (the database's CHECK should make this always empty). */
export async function negativeBalances(stack: Stack): Promise<unknown[]> {
  return queryDatabase(
    stack.database.url,
    `SELECT a.code, b.asset, b.amount FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE b.amount < 0 AND NOT a.allow_negative`,
  );
}

/**
 * The spec's trading money (section 9), written out again so the tests check the rules rather than
 * reuse them, in whole RUNIK: fee = max(10, ⌈2% of price⌉), seller = ⌊96% of price⌋, tax = the rest.
 */
export function tradeMoney(price: number): { fee: number; seller: number; tax: number } {
  const fee = Math.max(10, Math.floor((price * 2 + 99) / 100));
  const seller = Math.floor((price * 96) / 100);
  return { fee, seller, tax: price - seller };
}

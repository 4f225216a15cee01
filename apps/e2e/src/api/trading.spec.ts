import { ApiRoutes, ErrorMessages, GearMessages, TradingMessages } from '@runik/contract';
import type { Gear, Listing } from '@runik/contract';
import { GEAR_TYPES, type GearRarity, type GearType } from '@runik/rules';
import type { AxiosInstance, AxiosResponse } from 'axios';
import { assetTotals, runikOf, systemBalance } from '../support/alliance';
import { apiClient } from '../support/api-client';
import { CityPlayer, grant, newCityPlayer, newPaidCityPlayer } from '../support/city';
import { eventually } from '../support/eventually';
import {
  equip,
  equippedIdsOf,
  expectedGear,
  gearRow,
  GearSpec,
  giveGear,
  idsOf,
  previewUpgrade,
  upgrade,
  userGearsOf,
} from '../support/gear';
import { startStack, Stack } from '../support/stack';
import {
  activeListingCount,
  buyGear,
  entriesFor,
  listed,
  listGear,
  listingRow,
  listingsOfGear,
  marketplaceOf,
  MarketplaceFilters,
  myListingsOf,
  negativeBalances,
  newTrader,
  RUNIK,
  setActivation,
  tradeAvailableOf,
  tradeDataOf,
  tradeMoney,
  tradingSnapshot,
  unlistGear,
} from '../support/trading';

// A stack of its own: the marketplace shows every player's listings, and its checks start from none.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

const NOT_YOUR_ACCOUNT = { error: ErrorMessages.notYourAccount };
const RESTRICTED = {
  error: 'Trading Restricted — Your account does not have trading privileges. Please contact support to enable trading on your account.',
};
const CLOSED = { error: 'This listing is no longer available.' };
const NO_SUCH_ID = 2 ** 31 - 1;

/** A refused call: its status and body exactly, and not a listing, gear, balance or ledger entry changed. */
async function expectRefused(call: () => Promise<AxiosResponse>, status: number, body: unknown): Promise<void> {
  const before = await tradingSnapshot(stack);
  const response = await call();
  expect({ status: response.status, data: response.data }).toEqual({ status, data: body });
  expect(await tradingSnapshot(stack)).toEqual(before);
}

/** What a listing of `gearId` (given with `spec`) looks like in the API; listedAt is only known once listed. */
const expectedListing = (listingId: number, gearId: number, spec: GearSpec, price: number, seller: CityPlayer): Listing => ({
  _id: listingId,
  gear: expectedGear(gearId, { ...spec, equipped: false, listed: true }),
  price,
  sellerUsername: seller.username,
  listedAt: expect.any(String),
});

/** Every asset sums to zero over all accounts (only the chain and minting move value in or out, and both are accounts). */
async function expectConserved(): Promise<void> {
  for (const { total } of await assetTotals(stack)) expect(total).toBe(0);
  expect(await negativeBalances(stack)).toEqual([]);
}

// The marketplace is shared by the whole file: this block runs first, while its listings are the only ones.
describe('marketplace', () => {
  const RARITIES: GearRarity[] = ['common', 'rare', 'epic', 'legendary', 'mythical'];
  const RARITY_RANK: Record<GearRarity, number> = { mythical: 0, legendary: 1, epic: 2, rare: 3, common: 4 };
  interface Entry {
    id: number;
    spec: GearSpec;
    price: number;
    dto: Listing;
  }
  let viewer: CityPlayer;
  let sellers: CityPlayer[];
  /** Everyone's active listings but the viewer's, in the order listed. */
  const others: Entry[] = [];
  const own: Entry[] = [];
  let sold: number;
  let removed: number;

  beforeAll(async () => {
    expect(await activeListingCount(stack)).toBe(0);
    [viewer, ...sellers] = await Promise.all([newTrader(stack, 'mkv'), newTrader(stack, 'mks'), newTrader(stack, 'mks')]);
    for (const player of [viewer, ...sellers]) await grant(stack, player, 'runik', 1_000 * RUNIK);
    // 25 listings by two sellers: every type, every rarity, four levels, prices repeating so ties show.
    for (let i = 0; i < 25; i++) {
      const seller = sellers[i % 2];
      const spec: GearSpec = { type: GEAR_TYPES[i % GEAR_TYPES.length], rarity: RARITIES[(i * 3) % 5], level: 1 + (i % 4), currentExp: i };
      const gearId = await giveGear(stack, seller, spec);
      const price = 10 + (i % 6) * 15;
      const response = await listGear(seller, gearId, price);
      expect(response.status).toBe(200);
      expect(response.data.listing).toEqual(expectedListing(response.data.listing._id, gearId, spec, price, seller));
      others.push({ id: response.data.listing._id, spec, price, dto: response.data.listing });
    }
    // The viewer's own listings, a listing removed and one sold: none of them on offer to the viewer.
    for (const rarity of ['mythical', 'common'] as const) {
      const spec: GearSpec = { type: 'wheat', rarity, level: 3 };
      const response = await listGear(viewer, await giveGear(stack, viewer, spec), 5);
      expect(response.status).toBe(200);
      own.push({ id: response.data.listing._id, spec, price: 5, dto: response.data.listing });
    }
    removed = await listed(sellers[0], await giveGear(stack, sellers[0], { type: 'ore', rarity: 'mythical', level: 20 }), 1);
    expect((await unlistGear(sellers[0], removed)).status).toBe(200);
    sold = await listed(sellers[0], await giveGear(stack, sellers[0], { type: 'ore', rarity: 'mythical', level: 19 }), 1);
    expect((await buyGear(sellers[1], sold)).status).toBe(200);
  });

  const newestFirst = (a: Entry, b: Entry) => b.id - a.id;
  const ORDERS: Record<string, (a: Entry, b: Entry) => number> = {
    newest: newestFirst,
    oldest: (a, b) => a.id - b.id,
    priceAsc: (a, b) => a.price - b.price || a.id - b.id,
    priceDesc: (a, b) => b.price - a.price || b.id - a.id,
    rarity: (a, b) => RARITY_RANK[a.spec.rarity] - RARITY_RANK[b.spec.rarity] || b.spec.level - a.spec.level || newestFirst(a, b),
  };
  /** What the viewer should see: the model filtered and sorted independently of the server. */
  function expected(filters: MarketplaceFilters, pool = others): Entry[] {
    const category = (type: GearType) => (['infantry', 'archer', 'cavalry'].includes(type) ? 'commander' : 'mayor');
    return pool
      .filter(
        ({ spec }) => (!filters.category || category(spec.type) === filters.category) && (!filters.type || spec.type === filters.type),
      )
      .filter(({ spec }) => !filters.rarity || spec.rarity === filters.rarity)
      .sort(ORDERS[filters.sortBy ?? 'newest']);
  }
  const dtos = (entries: Entry[]) => entries.map((entry) => entry.dto);

  it('pages the newest first, 20 a page, with the number of pages', async () => {
    const all = expected({});
    expect(all).toHaveLength(25);
    expect(await marketplaceOf(viewer)).toEqual({ listings: dtos(all.slice(0, 20)), page: 1, totalPages: 2 });
    expect(await marketplaceOf(viewer, { page: 1, sortBy: 'newest' })).toEqual({
      listings: dtos(all.slice(0, 20)),
      page: 1,
      totalPages: 2,
    });
    expect(await marketplaceOf(viewer, { page: 2 })).toEqual({ listings: dtos(all.slice(20)), page: 2, totalPages: 2 });
    expect(await marketplaceOf(viewer, { page: 3 })).toEqual({ listings: [], page: 3, totalPages: 2 });
  });

  it.each(['newest', 'oldest', 'priceAsc', 'priceDesc', 'rarity'])('sorts by %s across both pages', async (sortBy) => {
    const all = expected({ sortBy });
    const [first, second] = [await marketplaceOf(viewer, { sortBy }), await marketplaceOf(viewer, { sortBy, page: 2 })];
    expect(first).toEqual({ listings: dtos(all.slice(0, 20)), page: 1, totalPages: 2 });
    expect(second).toEqual({ listings: dtos(all.slice(20)), page: 2, totalPages: 2 });
  });

  it('really orders by the field named (spot checks of the model)', async () => {
    const prices = (await marketplaceOf(viewer, { sortBy: 'priceAsc' })).listings.map((listing) => listing.price);
    expect(prices.slice(0, 5)).toEqual([10, 10, 10, 10, 10]);
    expect((await marketplaceOf(viewer, { sortBy: 'priceDesc' })).listings[0].price).toBe(85);
    const byRarity = (await marketplaceOf(viewer, { sortBy: 'rarity' })).listings.map((listing) => listing.gear.rarity);
    expect(byRarity.slice(0, 5)).toEqual(['mythical', 'mythical', 'mythical', 'mythical', 'mythical']);
    expect((await marketplaceOf(viewer, { sortBy: 'rarity', page: 2 })).listings.map((listing) => listing.gear.rarity)).toEqual(
      Array(5).fill('common'),
    );
  });

  it.each<MarketplaceFilters>([
    { category: 'commander' },
    { category: 'mayor' },
    { category: 'mayor', sortBy: 'priceAsc' },
    { type: 'wheat' },
    { type: 'archer', sortBy: 'oldest' },
    { rarity: 'mythical' },
    { rarity: 'common', sortBy: 'priceDesc' },
    { category: 'commander', rarity: 'epic', sortBy: 'rarity' },
    { category: 'mayor', type: 'ore', rarity: 'legendary' },
    { category: 'commander', type: 'wheat' },
    { type: 'stone', rarity: 'rare', sortBy: 'priceAsc' },
  ])('filters by %o: one page of exactly the matching listings', async (filters) => {
    const matching = expected(filters);
    expect(matching.length).toBeLessThanOrEqual(20);
    expect(await marketplaceOf(viewer, filters)).toEqual({ listings: dtos(matching), page: 1, totalPages: 1 });
  });

  it("never shows the requester's own listings, whatever excludeUser names", async () => {
    const ownIds = own.map((entry) => entry.id);
    for (const excludeUser of [undefined, viewer.username, sellers[0].username, 'someone.else']) {
      for (const page of [1, 2]) {
        const { listings } = await marketplaceOf(viewer, { excludeUser, page });
        expect(listings.filter((listing) => ownIds.includes(listing._id))).toEqual([]);
      }
      // excludeUser hides nobody else either: the session alone decides.
      expect(await marketplaceOf(viewer, { excludeUser })).toEqual(await marketplaceOf(viewer));
    }
    // A seller sees the viewer's listings and the other seller's, never their own.
    const pool = [...others.filter((entry) => entry.dto.sellerUsername !== sellers[0].username), ...own];
    const seenBySeller = [...(await marketplaceOf(sellers[0])).listings, ...(await marketplaceOf(sellers[0], { page: 2 })).listings];
    expect(seenBySeller).toEqual(dtos(expected({}, pool)));
    expect(seenBySeller.filter((listing) => listing.sellerUsername === sellers[0].username)).toEqual([]);
  });

  it('leaves out sold and removed listings', async () => {
    for (const player of [viewer, sellers[1]]) {
      const shown = [...(await marketplaceOf(player)).listings, ...(await marketplaceOf(player, { page: 2 })).listings].map(
        (listing) => listing._id,
      );
      expect(shown).not.toContain(sold);
      expect(shown).not.toContain(removed);
    }
    expect(await listingRow(stack, sold)).toMatchObject({ status: 'sold', buyerId: sellers[1].playerId });
    expect(await listingRow(stack, removed)).toMatchObject({ status: 'removed', buyerId: null });
  });

  it("counts the pages within a second of a listing being added or removed, the requester's own never counted", async () => {
    const pagesOf = async (player: CityPlayer, filters: MarketplaceFilters, expected: number) =>
      (
        await eventually(
          () => marketplaceOf(player, filters),
          (result) => result.totalPages === expected,
          3000,
        )
      ).totalPages;
    const extra: number[] = [];
    for (let i = 0; i < 16; i++)
      extra.push(await listed(sellers[1], await giveGear(stack, sellers[1], { type: 'stone', rarity: 'common', level: 1 }), 3));
    expect(await pagesOf(viewer, {}, 3)).toBe(3);
    expect(await pagesOf(viewer, { type: 'stone', rarity: 'common' }, 1)).toBe(1);
    // 43 active listings: 41 for the viewer (not its own 2), 15 for their seller (not its own 12 + 16), 30 for the other seller.
    expect(await pagesOf(sellers[1], {}, 1)).toBe(1);
    expect(await pagesOf(sellers[0], {}, 2)).toBe(2);
    for (const id of extra) expect((await unlistGear(sellers[1], id)).status).toBe(200);
    expect(await pagesOf(viewer, {}, 2)).toBe(2);
  });

  it("shows a player's own active listings in my-listings, newest first, with the stored listing time", async () => {
    const mine = await myListingsOf(viewer);
    expect(mine).toEqual({ listings: dtos([...own].sort(newestFirst)) });
    const seller = await myListingsOf(sellers[0]);
    expect(seller.listings.map((listing) => listing._id)).toEqual(
      others
        .filter((entry) => entry.dto.sellerUsername === sellers[0].username)
        .map((entry) => entry.id)
        .reverse(),
    );
    for (const listing of mine.listings) expect(listing.listedAt).toBe((await listingRow(stack, listing._id))?.createdAt.toISOString());
  });

  it.each([
    ['sortBy=cheapest', 'Unknown sort.'],
    ['sortBy=PriceAsc', 'Unknown sort.'],
    ['sortBy=', 'Unknown sort.'],
    ['sortBy=newest&sortBy=oldest', 'Unknown sort.'],
    ['page=0', 'page must be a whole number of at least 1.'],
    ['page=-1', 'page must be a whole number of at least 1.'],
    ['page=1.5', 'page must be a whole number of at least 1.'],
    ['page=two', 'page must be a whole number of at least 1.'],
    ['page=01', 'page must be a whole number of at least 1.'],
    ['page=1e3', 'page must be a whole number of at least 1.'],
    ['page=', 'page must be a whole number of at least 1.'],
    ['page=1&page=2', 'page must be a whole number of at least 1.'],
    ['page=99999999999', 'page must be a whole number of at least 1.'],
    ['category=weapon', 'Unknown gear category.'],
    ['category=Mayor', 'Unknown gear category.'],
    ['type=sword', 'Unknown gear type.'],
    ['type=archers', 'Unknown gear type.'],
    ['rarity=shiny', 'Unknown rarity.'],
    ['rarity=Rare', 'Unknown rarity.'],
    ['rarity=common&rarity=rare', 'Unknown rarity.'],
    ['excludeUser=Bad_Name', undefined],
    ['minPrice=10', undefined],
    ['seller=x', undefined],
  ])('refuses the query %s with 400', async (query, message) => {
    await expectRefused(
      () => viewer.api.get(`/api/p2p/marketplace?${query}`),
      400,
      message ? { error: message } : { error: expect.any(String) },
    );
  });
});

describe('user data and tradable gears', () => {
  it('shows the trading privilege and the RUNIK balance to 3 decimals', async () => {
    const player = await newCityPlayer(stack, 'ud');
    expect(await tradeDataOf(player)).toEqual({ canWithdraw: false, runikBalance: 0 });
    await grant(stack, player, 'runik', 12_345);
    expect(await tradeDataOf(player)).toEqual({ canWithdraw: false, runikBalance: 12.345 });
    await setActivation(stack, player, 'paid');
    expect(await tradeDataOf(player)).toEqual({ canWithdraw: true, runikBalance: 12.345 });
  });

  it('a player who paid the activation on the chain may trade: lists and buys', async () => {
    const [paid, other] = await Promise.all([newPaidCityPlayer(stack, 'paid'), newTrader(stack, 'ud')]);
    expect(await tradeDataOf(paid)).toEqual({ canWithdraw: true, runikBalance: 0 });
    await grant(stack, paid, 'runik', 100 * RUNIK);
    await grant(stack, other, 'runik', 10 * RUNIK);
    const gear = await giveGear(stack, paid, { type: 'lumber', rarity: 'epic', level: 2 });
    const response = await listGear(paid, gear, 40);
    expect(response.status).toBe(200);
    expect(response.data.message).toBe('Gear listed successfully! Fee: 10.000 RUNIK');
    const theirs = await listed(other, await giveGear(stack, other, { type: 'ore', rarity: 'rare', level: 1 }), 50);
    expect((await buyGear(paid, theirs)).data).toEqual({ success: true, message: 'Gear purchased successfully!' });
    expect(await tradeDataOf(paid)).toEqual({ canWithdraw: true, runikBalance: 40 });
  });

  it('offers for listing the owned gears that are neither equipped nor listed', async () => {
    const [player, other] = await Promise.all([newTrader(stack, 'av'), newTrader(stack, 'av')]);
    await grant(stack, player, 'runik', 100 * RUNIK);
    const free: GearSpec = { type: 'archer', rarity: 'legendary', level: 4, currentExp: 7 };
    const freeId = await giveGear(stack, player, free);
    const toList: GearSpec = { type: 'stone', rarity: 'rare', level: 1 };
    const toListId = await giveGear(stack, player, toList);
    await giveGear(stack, player, { type: 'cavalry', rarity: 'common', level: 1, equipped: true });
    await giveGear(stack, other, { type: 'wheat', rarity: 'common', level: 1 });
    const sorted = (gears: Gear[]) => [...gears].sort((a, b) => a.gearId - b.gearId);

    expect(sorted((await tradeAvailableOf(player)).gears)).toEqual([expectedGear(freeId, free), expectedGear(toListId, toList)]);
    const listingId = await listed(player, toListId, 20);
    expect(await tradeAvailableOf(player)).toEqual({ gears: [expectedGear(freeId, free)] });
    expect((await unlistGear(player, listingId)).status).toBe(200);
    expect(sorted((await tradeAvailableOf(player)).gears)).toEqual([expectedGear(freeId, free), expectedGear(toListId, toList)]);
  });
});

describe('fees, seller share and tax', () => {
  // price → fee, seller's share and tax in whole RUNIK (spec, section 9), worked out by hand.
  it.each([
    [1, 10, 0, 1],
    [9, 10, 8, 1],
    [10, 10, 9, 1],
    [499, 10, 479, 20],
    [500, 10, 480, 20],
    [501, 11, 480, 21],
    [10_000, 200, 9_600, 400],
    [1_000_000_000, 20_000_000, 960_000_000, 40_000_000],
  ])('price %d: fee %d to system:fees, %d to the seller, %d to system:tax', async (price, fee, sellerShare, tax) => {
    expect(tradeMoney(price)).toEqual({ fee, seller: sellerShare, tax });
    const [seller, buyer] = await Promise.all([newTrader(stack, 'fs'), newTrader(stack, 'fb')]);
    // Exactly the fee and exactly the price: both end at 0 but for what the sale pays.
    await grant(stack, seller, 'runik', fee * RUNIK);
    await grant(stack, buyer, 'runik', price * RUNIK);
    const spec: GearSpec = { type: 'cavalry', rarity: 'legendary', level: 5 };
    const gear = await giveGear(stack, seller, spec);
    const [fees0, tax0] = [await systemBalance(stack, 'system:fees'), await systemBalance(stack, 'system:tax')];

    const listing = await listGear(seller, gear, price);
    expect(listing.status).toBe(200);
    const listingId = listing.data.listing._id;
    expect(listing.data).toEqual({
      success: true,
      message: TradingMessages.listed(fee),
      fee,
      listing: expectedListing(listingId, gear, spec, price, seller),
    });
    expect(await runikOf(stack, seller)).toBe(0);
    expect((await systemBalance(stack, 'system:fees')) - fees0).toBe(fee * RUNIK);
    expect(await listingRow(stack, listingId)).toMatchObject({
      gearId: gear,
      sellerId: seller.playerId,
      price,
      feeThousandths: fee * RUNIK,
      status: 'active',
    });
    await expectConserved();

    const sale = await buyGear(buyer, listingId);
    expect({ status: sale.status, data: sale.data }).toEqual({
      status: 200,
      data: { success: true, message: 'Gear purchased successfully!' },
    });
    expect(await runikOf(stack, buyer)).toBe(0);
    expect(await runikOf(stack, seller)).toBe(sellerShare * RUNIK);
    expect((await systemBalance(stack, 'system:fees')) - fees0).toBe(fee * RUNIK);
    expect((await systemBalance(stack, 'system:tax')) - tax0).toBe(tax * RUNIK);
    expect(await tradeDataOf(seller)).toEqual({ canWithdraw: true, runikBalance: sellerShare });
    expect(await tradeDataOf(buyer)).toEqual({ canWithdraw: true, runikBalance: 0 });

    // One fee posting, then one sale posting (a zero share for the seller is no entry at all).
    const entries = await entriesFor(stack, `listing:${listingId}`);
    const feeEntries = entries.filter((entry) => entry.reason === 'listing-fee');
    const saleEntries = entries.filter((entry) => entry.reason === 'gear-sale');
    expect(entries).toHaveLength(feeEntries.length + saleEntries.length);
    expect(feeEntries.map(({ account, delta }) => ({ account, delta }))).toEqual([
      { account: `player:${seller.playerId}`, delta: -fee * RUNIK },
      { account: 'system:fees', delta: fee * RUNIK },
    ]);
    expect(new Set(feeEntries.map((entry) => entry.postingId)).size).toBe(1);
    expect(saleEntries.map(({ account, delta }) => ({ account, delta })).sort((a, b) => a.account.localeCompare(b.account))).toEqual(
      [
        { account: `player:${buyer.playerId}`, delta: -price * RUNIK },
        ...(sellerShare > 0 ? [{ account: `player:${seller.playerId}`, delta: sellerShare * RUNIK }] : []),
        { account: 'system:tax', delta: tax * RUNIK },
      ].sort((a, b) => a.account.localeCompare(b.account)),
    );
    expect(new Set(saleEntries.map((entry) => entry.postingId)).size).toBe(1);
    expect(saleEntries[0].postingId).not.toBe(feeEntries[0].postingId);

    expect(await gearRow(stack, gear)).toMatchObject({ ownerId: buyer.playerId, listed: false, equipped: false, level: 5 });
    expect(await listingRow(stack, listingId)).toMatchObject({ status: 'sold', buyerId: buyer.playerId, closedAt: expect.any(Date) });
    await expectConserved();
  });

  it('keeps the fee when unlisting: nothing else moves, and every asset still sums to zero', async () => {
    const seller = await newTrader(stack, 'fu');
    await grant(stack, seller, 'runik', 100 * RUNIK);
    const gear = await giveGear(stack, seller, { type: 'wheat', rarity: 'common', level: 1 });
    const [fees0, tax0] = [await systemBalance(stack, 'system:fees'), await systemBalance(stack, 'system:tax')];
    const listingId = await listed(seller, gear, 600);
    expect(await runikOf(stack, seller)).toBe(88 * RUNIK);
    await expectConserved();
    const unlisted = await unlistGear(seller, listingId);
    expect(unlisted.data).toEqual({ success: true, message: 'Listing removed successfully!' });
    expect(await runikOf(stack, seller)).toBe(88 * RUNIK);
    expect((await systemBalance(stack, 'system:fees')) - fees0).toBe(12 * RUNIK);
    expect(await systemBalance(stack, 'system:tax')).toBe(tax0);
    expect((await entriesFor(stack, `listing:${listingId}`)).map((entry) => entry.reason)).toEqual(['listing-fee', 'listing-fee']);
    await expectConserved();

    // Listing the same gear again costs the fee again.
    await listed(seller, gear, 600);
    expect(await runikOf(stack, seller)).toBe(76 * RUNIK);
    await expectConserved();
  });
});

describe('listing', () => {
  it('lists a gear: shown as listed, in my-listings, and locked against equipping and the blacksmith (409)', async () => {
    const seller = await newTrader(stack, 'ls');
    await grant(stack, seller, 'runik', 50 * RUNIK);
    const spec: GearSpec = { type: 'infantry', rarity: 'epic', level: 3, currentExp: 150 };
    const gear = await giveGear(stack, seller, spec);
    const other = await giveGear(stack, seller, { type: 'infantry', rarity: 'common', level: 1 });

    const response = await listGear(seller, gear, 250);
    expect(response.status).toBe(200);
    const listingId = response.data.listing._id;
    expect(response.data).toEqual({
      success: true,
      message: 'Gear listed successfully! Fee: 10.000 RUNIK',
      fee: 10,
      listing: expectedListing(listingId, gear, spec, 250, seller),
    });
    expect(response.data.listing.gear.isListed).toBe(true);
    expect(await gearRow(stack, gear)).toMatchObject({ ownerId: seller.playerId, listed: true, equipped: false });
    expect(await myListingsOf(seller)).toEqual({ listings: [response.data.listing] });
    expect(await runikOf(stack, seller)).toBe(40 * RUNIK);
    expect((await userGearsOf(seller)).gears.find((g) => g.gearId === gear)).toEqual(expectedGear(gear, { ...spec, listed: true }));

    const LISTED = { error: GearMessages.gearListed };
    await expectRefused(() => equip(seller, gear, 'infantry'), 409, LISTED);
    await expectRefused(() => upgrade(seller, { gearId: gear, materialIds: [other] }), 409, LISTED);
    await expectRefused(() => upgrade(seller, { gearId: other, materialIds: [gear] }), 409, LISTED);
    await expectRefused(() => previewUpgrade(seller, { gearId: other, materialIds: [gear] }), 409, LISTED);
    expect(await equippedIdsOf(stack, seller, 'infantry')).toEqual([]);
  });

  it('refuses an equipped gear with 409 until it is unequipped', async () => {
    const seller = await newTrader(stack, 'ls');
    await grant(stack, seller, 'runik', 50 * RUNIK);
    const gear = await giveGear(stack, seller, { type: 'ore', rarity: 'rare', level: 2 });
    expect((await equip(seller, gear, 'ore')).status).toBe(200);
    await expectRefused(() => listGear(seller, gear, 100), 409, { error: 'Unequip this gear before listing it.' });
    expect((await seller.api.post(ApiRoutes.gearsUnequip, { hiveUsername: seller.username, slotType: 'ore' })).status).toBe(200);
    expect((await listGear(seller, gear, 100)).status).toBe(200);
  });

  it('refuses a gear already listed with 409, charging no second fee', async () => {
    const seller = await newTrader(stack, 'ls');
    await grant(stack, seller, 'runik', 50 * RUNIK);
    const gear = await giveGear(stack, seller, { type: 'archer', rarity: 'common', level: 1 });
    await listed(seller, gear, 30);
    await expectRefused(() => listGear(seller, gear, 30), 409, { error: 'This gear is already listed.' });
    await expectRefused(() => listGear(seller, gear, 999), 409, { error: TradingMessages.alreadyListed });
    expect(await listingsOfGear(stack, gear)).toHaveLength(1);
  });

  it("refuses someone else's gear with 403 (listed or not), and an unknown gear with 404", async () => {
    const [seller, owner] = await Promise.all([newTrader(stack, 'ls'), newTrader(stack, 'own')]);
    await grant(stack, seller, 'runik', 50 * RUNIK);
    await grant(stack, owner, 'runik', 50 * RUNIK);
    const theirs = await giveGear(stack, owner, { type: 'stone', rarity: 'legendary', level: 2 });
    await expectRefused(() => listGear(seller, theirs, 10), 403, { error: 'This gear is not yours.' });
    await listed(owner, theirs, 10);
    await expectRefused(() => listGear(seller, theirs, 10), 403, { error: GearMessages.notYourGear });
    await expectRefused(() => listGear(seller, NO_SUCH_ID, 10), 404, { error: 'Gear not found.' });
    await expectRefused(() => listGear(seller, Number.MAX_SAFE_INTEGER, 10), 404, { error: GearMessages.gearNotFound });
  });

  it('refuses with 400 when the RUNIK does not cover the fee, naming the fee; exactly the fee is enough', async () => {
    const seller = await newTrader(stack, 'lf');
    const gear = await giveGear(stack, seller, { type: 'lumber', rarity: 'rare', level: 1 });
    await expectRefused(() => listGear(seller, gear, 5), 400, { error: 'Insufficient RUNIK. You need 10.000 RUNIK to list this item.' });
    await grant(stack, seller, 'runik', 10 * RUNIK - 1);
    await expectRefused(() => listGear(seller, gear, 5), 400, { error: 'Insufficient RUNIK. You need 10.000 RUNIK to list this item.' });
    await grant(stack, seller, 'runik', 1);
    await expectRefused(() => listGear(seller, gear, 501), 400, { error: 'Insufficient RUNIK. You need 11.000 RUNIK to list this item.' });
    await expectRefused(() => listGear(seller, gear, 1_000_000_000), 400, { error: TradingMessages.listingFeeShort(20_000_000) });
    expect((await listGear(seller, gear, 500)).status).toBe(200);
    expect(await runikOf(stack, seller)).toBe(0);
  });

  it('refuses a player without the trading privilege with 403 and the restriction notice, however rich', async () => {
    const player = await newCityPlayer(stack, 'lr');
    await grant(stack, player, 'runik', 1_000 * RUNIK);
    const gear = await giveGear(stack, player, { type: 'wheat', rarity: 'mythical', level: 1 });
    await expectRefused(() => listGear(player, gear, 100), 403, RESTRICTED);
    expect(await tradeDataOf(player)).toEqual({ canWithdraw: false, runikBalance: 1_000 });
    await setActivation(stack, player, 'paid');
    expect((await listGear(player, gear, 100)).status).toBe(200);
  });

  it.each([
    ['0', 0],
    ['1.5', 1.5],
    ['the string "10"', '10'],
    ['1,000,000,001', 1_000_000_001],
    ['negative', -10],
    ['1e300', 1e300],
    ['2^53', 2 ** 53],
    ['null', null],
    ['a boolean', true],
    ['a list', [10]],
  ])('refuses a price of %s with 400', async (_name, price) => {
    const seller = await newTrader(stack, 'lp');
    await grant(stack, seller, 'runik', 100 * RUNIK);
    const gear = await giveGear(stack, seller, { type: 'stone', rarity: 'common', level: 1 });
    await expectRefused(() => listGear(seller, gear, price), 400, { error: 'Price must be a whole number of RUNIK of at least 1.' });
    await expectRefused(() => seller.api.post(ApiRoutes.listGear, { hiveUsername: seller.username, gearId: gear }), 400, {
      error: TradingMessages.invalidPrice,
    });
  });
});

describe('unlisting', () => {
  it('removes the listing, keeps the fee, and the gear is usable again', async () => {
    const [seller, viewer] = await Promise.all([newTrader(stack, 'ul'), newTrader(stack, 'ulv')]);
    await grant(stack, seller, 'runik', 30 * RUNIK);
    const gear = await giveGear(stack, seller, { type: 'wheat', rarity: 'rare', level: 2 });
    const material = await giveGear(stack, seller, { type: 'wheat', rarity: 'common', level: 1 });
    const listingId = await listed(seller, gear, 70);
    expect((await marketplaceOf(viewer, { type: 'wheat', rarity: 'rare' })).listings.map((l) => l._id)).toContain(listingId);
    const fees = await systemBalance(stack, 'system:fees');
    const ledgerBefore = await entriesFor(stack, `listing:${listingId}`);

    const response = await unlistGear(seller, listingId);
    expect({ status: response.status, data: response.data }).toEqual({
      status: 200,
      data: { success: true, message: 'Listing removed successfully!' },
    });
    expect(await listingRow(stack, listingId)).toMatchObject({ status: 'removed', buyerId: null, closedAt: expect.any(Date) });
    expect(await gearRow(stack, gear)).toMatchObject({ ownerId: seller.playerId, listed: false, equipped: false });
    expect(await runikOf(stack, seller)).toBe(20 * RUNIK);
    expect(await systemBalance(stack, 'system:fees')).toBe(fees);
    expect(await entriesFor(stack, `listing:${listingId}`)).toEqual(ledgerBefore);
    expect(await myListingsOf(seller)).toEqual({ listings: [] });
    expect((await marketplaceOf(viewer, { type: 'wheat', rarity: 'rare' })).listings.map((l) => l._id)).not.toContain(listingId);

    // Usable again: at the blacksmith and in a slot.
    expect((await previewUpgrade(seller, { gearId: gear, materialIds: [material] })).status).toBe(200);
    expect((await equip(seller, gear, 'wheat')).status).toBe(200);
    expect(await equippedIdsOf(stack, seller, 'wheat')).toEqual([gear]);
  });

  it('needs no trading privilege, so nobody is stuck with a listing', async () => {
    const seller = await newTrader(stack, 'ul');
    await grant(stack, seller, 'runik', 10 * RUNIK);
    const gear = await giveGear(stack, seller, { type: 'ore', rarity: 'epic', level: 1 });
    const listingId = await listed(seller, gear, 10);
    await setActivation(stack, seller, 'free');
    expect((await unlistGear(seller, listingId)).data).toEqual({ success: true, message: TradingMessages.removed });
    expect(await gearRow(stack, gear)).toMatchObject({ listed: false });
  });

  it("refuses someone else's listing (403), a removed or sold one (409) and an unknown one (404), changing nothing", async () => {
    const [seller, buyer, stranger] = await Promise.all([newTrader(stack, 'ul'), newTrader(stack, 'ulb'), newTrader(stack, 'uls')]);
    await grant(stack, seller, 'runik', 30 * RUNIK);
    await grant(stack, buyer, 'runik', 30 * RUNIK);
    const active = await listed(seller, await giveGear(stack, seller, { type: 'stone', rarity: 'rare', level: 1 }), 5);
    const removed = await listed(seller, await giveGear(stack, seller, { type: 'stone', rarity: 'rare', level: 1 }), 5);
    const sold = await listed(seller, await giveGear(stack, seller, { type: 'stone', rarity: 'rare', level: 1 }), 5);
    expect((await unlistGear(seller, removed)).status).toBe(200);
    expect((await buyGear(buyer, sold)).status).toBe(200);

    for (const player of [stranger, buyer]) {
      await expectRefused(() => unlistGear(player, active), 403, { error: 'This listing is not yours.' });
      await expectRefused(() => unlistGear(player, sold), 403, { error: TradingMessages.notYourListing });
    }
    await expectRefused(() => unlistGear(seller, removed), 409, CLOSED);
    await expectRefused(() => unlistGear(seller, sold), 409, CLOSED);
    await expectRefused(() => unlistGear(seller, NO_SUCH_ID), 404, { error: 'Listing not found.' });
    expect(await listingRow(stack, active)).toMatchObject({ status: 'active' });
  });
});

describe('buying', () => {
  it('moves the gear to the buyer, unequipped and unlisted, and takes the listing off the marketplace', async () => {
    const [seller, buyer, viewer] = await Promise.all([newTrader(stack, 'bs'), newTrader(stack, 'bb'), newTrader(stack, 'bv')]);
    await grant(stack, seller, 'runik', 10 * RUNIK);
    await grant(stack, buyer, 'runik', 300 * RUNIK);
    const spec: GearSpec = { type: 'archer', rarity: 'mythical', level: 7, currentExp: 300 };
    const gear = await giveGear(stack, seller, spec);
    // The buyer already has an archer in the slot: the bought one arrives beside it, not in it.
    const ownArcher = await giveGear(stack, buyer, { type: 'archer', rarity: 'common', level: 1, equipped: true });
    const listingId = await listed(seller, gear, 250);
    expect((await marketplaceOf(viewer, { rarity: 'mythical', type: 'archer' })).listings.map((l) => l._id)).toContain(listingId);

    const response = await buyGear(buyer, listingId);
    expect({ status: response.status, data: response.data }).toEqual({
      status: 200,
      data: { success: true, message: 'Gear purchased successfully!' },
    });
    const bought = expectedGear(gear, spec);
    expect(await gearRow(stack, gear)).toMatchObject({
      ownerId: buyer.playerId,
      listed: false,
      equipped: false,
      level: 7,
      currentExp: 300,
    });
    expect(await equippedIdsOf(stack, buyer, 'archer')).toEqual([ownArcher]);
    expect((await userGearsOf(buyer)).gears.find((g) => g.gearId === gear)).toEqual(bought);
    expect(await tradeAvailableOf(buyer)).toEqual({ gears: [bought] });
    expect(idsOf((await userGearsOf(seller)).gears)).not.toContain(gear);
    expect(await myListingsOf(seller)).toEqual({ listings: [] });
    for (const player of [viewer, buyer])
      expect((await marketplaceOf(player, { rarity: 'mythical', type: 'archer' })).listings.map((l) => l._id)).not.toContain(listingId);
    expect(await runikOf(stack, buyer)).toBe(50 * RUNIK);
    expect(await runikOf(stack, seller)).toBe(240 * RUNIK);

    // The buyer owns it fully: may equip it, then unequip and sell it on; the seller can do nothing with it.
    await expectRefused(() => equip(seller, gear, 'archer'), 403, { error: GearMessages.notYourGear });
    await expectRefused(() => listGear(seller, gear, 10), 403, { error: GearMessages.notYourGear });
    expect((await equip(buyer, gear, 'archer')).status).toBe(200);
    expect((await buyer.api.post(ApiRoutes.gearsUnequip, { hiveUsername: buyer.username, slotType: 'archer' })).status).toBe(200);
    const resale = await listed(buyer, gear, 400);
    expect((await listingsOfGear(stack, gear)).map((row) => [row.id, row.status, row.sellerId])).toEqual([
      [listingId, 'sold', seller.playerId],
      [resale, 'active', buyer.playerId],
    ]);
  });

  it('refuses the own listing with 400, changing nothing', async () => {
    const seller = await newTrader(stack, 'bo');
    await grant(stack, seller, 'runik', 100 * RUNIK);
    const listingId = await listed(seller, await giveGear(stack, seller, { type: 'wheat', rarity: 'epic', level: 1 }), 20);
    await expectRefused(() => buyGear(seller, listingId), 400, { error: 'You cannot buy your own listing.' });
  });

  it('refuses with 400 when the RUNIK does not cover the price, naming the price; exactly the price is enough', async () => {
    const [seller, buyer] = await Promise.all([newTrader(stack, 'bi'), newTrader(stack, 'bi')]);
    await grant(stack, seller, 'runik', 10 * RUNIK);
    const listingId = await listed(seller, await giveGear(stack, seller, { type: 'lumber', rarity: 'common', level: 2 }), 250);
    await expectRefused(() => buyGear(buyer, listingId), 400, { error: 'Insufficient RUNIK. You need 250.000 RUNIK to buy this item.' });
    await grant(stack, buyer, 'runik', 250 * RUNIK - 1);
    await expectRefused(() => buyGear(buyer, listingId), 400, { error: TradingMessages.priceShort(250) });
    await grant(stack, buyer, 'runik', 1);
    expect((await buyGear(buyer, listingId)).status).toBe(200);
    expect(await runikOf(stack, buyer)).toBe(0);
  });

  it('refuses a buyer without the trading privilege with 403 and the restriction notice', async () => {
    const [seller, buyer] = await Promise.all([newTrader(stack, 'bn'), newCityPlayer(stack, 'bn')]);
    await grant(stack, seller, 'runik', 10 * RUNIK);
    await grant(stack, buyer, 'runik', 100 * RUNIK);
    const listingId = await listed(seller, await giveGear(stack, seller, { type: 'cavalry', rarity: 'rare', level: 1 }), 20);
    await expectRefused(() => buyGear(buyer, listingId), 403, RESTRICTED);
    await expectRefused(() => buyGear(buyer, NO_SUCH_ID), 403, RESTRICTED);
    expect(await listingRow(stack, listingId)).toMatchObject({ status: 'active' });
  });

  it('refuses a sold or removed listing with 409 and an unknown one with 404, changing nothing', async () => {
    const [seller, first, second] = await Promise.all([newTrader(stack, 'bx'), newTrader(stack, 'bx'), newTrader(stack, 'bx')]);
    await grant(stack, seller, 'runik', 20 * RUNIK);
    await grant(stack, first, 'runik', 100 * RUNIK);
    await grant(stack, second, 'runik', 100 * RUNIK);
    const sold = await listed(seller, await giveGear(stack, seller, { type: 'infantry', rarity: 'rare', level: 1 }), 30);
    const removed = await listed(seller, await giveGear(stack, seller, { type: 'infantry', rarity: 'rare', level: 1 }), 30);
    expect((await buyGear(first, sold)).status).toBe(200);
    expect((await unlistGear(seller, removed)).status).toBe(200);
    for (const buyer of [first, second]) {
      await expectRefused(() => buyGear(buyer, sold), 409, CLOSED);
      await expectRefused(() => buyGear(buyer, removed), 409, { error: TradingMessages.listingClosed });
      await expectRefused(() => buyGear(buyer, NO_SUCH_ID), 404, { error: 'Listing not found.' });
    }
    // The seller's own closed listing is closed first of all.
    await expectRefused(() => buyGear(seller, sold), 409, CLOSED);
    expect(await runikOf(stack, second)).toBe(100 * RUNIK);
    await expectConserved();
  });
});

describe('ownership and bad input', () => {
  let alice: CityPlayer;
  let bob: CityPlayer;
  let aliceGear: number;
  let bobGear: number;
  let bobListing: number;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([newTrader(stack, 'ali'), newTrader(stack, 'bob')]);
    await grant(stack, alice, 'runik', 1_000 * RUNIK);
    await grant(stack, bob, 'runik', 1_000 * RUNIK);
    aliceGear = await giveGear(stack, alice, { type: 'wheat', rarity: 'rare', level: 2 });
    bobGear = await giveGear(stack, bob, { type: 'wheat', rarity: 'rare', level: 2 });
    bobListing = await listed(bob, await giveGear(stack, bob, { type: 'ore', rarity: 'epic', level: 1 }), 100);
  });

  type Call = { route: string; send: (api: AxiosInstance, user: string) => Promise<AxiosResponse> };
  const NAMED_CALLS: Call[] = [
    { route: 'GET /api/p2p/user-data/{user}', send: (api, user) => api.get(ApiRoutes.tradeUserData(user)) },
    { route: 'GET /api/p2p/my-listings/{user}', send: (api, user) => api.get(ApiRoutes.myListings(user)) },
    { route: 'GET /api/p2p/available-gears/{user}', send: (api, user) => api.get(ApiRoutes.tradeAvailableGears(user)) },
    {
      route: 'POST /api/p2p/list (own gear)',
      send: (api, user) => api.post(ApiRoutes.listGear, { hiveUsername: user, gearId: aliceGear, price: 10 }),
    },
    {
      route: 'POST /api/p2p/list (their gear)',
      send: (api, user) => api.post(ApiRoutes.listGear, { hiveUsername: user, gearId: bobGear, price: 10 }),
    },
    { route: 'POST /api/p2p/unlist', send: (api, user) => api.post(ApiRoutes.unlistGear, { hiveUsername: user, listingId: bobListing }) },
    { route: 'POST /api/p2p/buy', send: (api, user) => api.post(ApiRoutes.buyGear, { buyerUsername: user, listingId: bobListing }) },
  ];
  const ALL_CALLS: Call[] = [
    ...NAMED_CALLS,
    { route: 'GET /api/p2p/marketplace', send: (api) => api.get(ApiRoutes.marketplaceListings({})) },
  ];

  it.each(NAMED_CALLS)("gives 403 for another player's name on $route, changing nothing", async ({ send }) => {
    await expectRefused(() => send(alice.api, bob.username), 403, NOT_YOUR_ACCOUNT);
    await expectRefused(() => send(bob.api, alice.username), 403, NOT_YOUR_ACCOUNT);
  });

  it.each(ALL_CALLS)('gives 401 without a session or with an unknown token on $route, changing nothing', async ({ send }) => {
    await expectRefused(() => send(apiClient(stack.apiUrl), alice.username), 401, { error: ErrorMessages.sessionRequired });
    await expectRefused(() => send(apiClient(stack.apiUrl, 'x'.repeat(43)), bob.username), 401, { error: ErrorMessages.sessionInvalid });
  });

  it('answers the own name on every named call (the refusals above are about the name alone)', async () => {
    expect((await alice.api.get(ApiRoutes.tradeUserData(alice.username))).status).toBe(200);
    expect((await alice.api.get(ApiRoutes.myListings(alice.username))).status).toBe(200);
    expect((await alice.api.get(ApiRoutes.tradeAvailableGears(alice.username))).status).toBe(200);
  });

  it('refuses a buyerUsername naming someone else even beside a hiveUsername of the caller', async () => {
    await expectRefused(
      () => alice.api.post(ApiRoutes.buyGear, { hiveUsername: alice.username, buyerUsername: bob.username, listingId: bobListing }),
      403,
      NOT_YOUR_ACCOUNT,
    );
    await expectRefused(
      () => alice.api.post(ApiRoutes.unlistGear, { hiveUsername: alice.username, buyerUsername: bob.username, listingId: bobListing }),
      403,
      NOT_YOUR_ACCOUNT,
    );
  });

  const ID_CASES: [string, unknown][] = [
    ['a string', '5'],
    ['a float', 1.5],
    ['negative', -1],
    ['0', 0],
    ['beyond 2^53', 2 ** 53],
    ['1e300', 1e300],
    ['null', null],
    ['a boolean', true],
    ['a list', [1]],
    ['an object', { id: 1 }],
  ];

  it.each(ID_CASES)('refuses a gearId that is %s (400)', async (_name, gearId) => {
    await expectRefused(() => listGear(alice, gearId, 10), 400, { error: 'Invalid gear id.' });
  });

  it.each(ID_CASES)('refuses a listingId that is %s on unlist and buy (400)', async (_name, listingId) => {
    await expectRefused(() => unlistGear(bob, listingId), 400, { error: 'Invalid listing id.' });
    await expectRefused(() => buyGear(alice, listingId), 400, { error: TradingMessages.invalidListingId });
  });

  it.each([
    ['list without gearId', () => alice.api.post(ApiRoutes.listGear, { hiveUsername: alice.username, price: 10 }), 'Invalid gear id.'],
    ['list without hiveUsername', () => alice.api.post(ApiRoutes.listGear, { gearId: aliceGear, price: 10 }), undefined],
    ['list with an unknown field', () => listGear(alice, aliceGear, 10, { fee: 0 }), undefined],
    ['list with a sellerUsername', () => listGear(alice, aliceGear, 10, { sellerUsername: alice.username }), undefined],
    ['list with an empty body', () => alice.api.post(ApiRoutes.listGear, {}), undefined],
    ['list with no body', () => alice.api.post(ApiRoutes.listGear), undefined],
    [
      'list with a list body',
      () => alice.api.post(ApiRoutes.listGear, [{ hiveUsername: alice.username, gearId: aliceGear, price: 10 }]),
      undefined,
    ],
    [
      'list with a string body',
      () => alice.api.post(ApiRoutes.listGear, '"x"', { headers: { 'Content-Type': 'application/json' } }),
      undefined,
    ],
    [
      'list with malformed JSON',
      () => alice.api.post(ApiRoutes.listGear, '{"price":', { headers: { 'Content-Type': 'application/json' } }),
      undefined,
    ],
    ['unlist without listingId', () => bob.api.post(ApiRoutes.unlistGear, { hiveUsername: bob.username }), 'Invalid listing id.'],
    ['unlist without hiveUsername', () => bob.api.post(ApiRoutes.unlistGear, { listingId: bobListing }), undefined],
    ['unlist with an unknown field', () => unlistGear(bob, bobListing, { refund: true }), undefined],
    ['unlist with a buyerUsername of the caller', () => unlistGear(bob, bobListing, { buyerUsername: bob.username }), undefined],
    ['unlist with an empty body', () => bob.api.post(ApiRoutes.unlistGear, {}), undefined],
    ['buy without listingId', () => alice.api.post(ApiRoutes.buyGear, { buyerUsername: alice.username }), 'Invalid listing id.'],
    ['buy without buyerUsername', () => alice.api.post(ApiRoutes.buyGear, { listingId: bobListing }), undefined],
    [
      'buy named by hiveUsername instead',
      () => alice.api.post(ApiRoutes.buyGear, { hiveUsername: alice.username, listingId: bobListing }),
      undefined,
    ],
    ['buy with a price', () => buyGear(alice, bobListing, { price: 1 }), undefined],
    ['buy with an empty body', () => alice.api.post(ApiRoutes.buyGear, {}), undefined],
    [
      'buy with a list body',
      () => alice.api.post(ApiRoutes.buyGear, [{ buyerUsername: alice.username, listingId: bobListing }]),
      undefined,
    ],
  ])('refuses %s (400), changing nothing', async (_name, call, message) => {
    await expectRefused(call, 400, message ? { error: message } : { error: expect.any(String) });
  });

  it.each([
    ['user-data', () => `${ApiRoutes.tradeUserData(alice.username)}?x=1`],
    ['my-listings', () => `${ApiRoutes.myListings(alice.username)}?page=2`],
    ['available-gears', () => `${ApiRoutes.tradeAvailableGears(alice.username)}?category=mayor`],
  ])('refuses a query on %s (400)', async (_name, path) => {
    const response = await alice.api.get(path());
    expect(response.status).toBe(400);
    expect(response.data).toEqual({ error: expect.any(String) });
  });

  it('still has every gear and listing where it was', async () => {
    expect(await gearRow(stack, aliceGear)).toMatchObject({ ownerId: alice.playerId, listed: false });
    expect(await gearRow(stack, bobGear)).toMatchObject({ ownerId: bob.playerId, listed: false });
    expect(await listingRow(stack, bobListing)).toMatchObject({ status: 'active', sellerId: bob.playerId });
    expect(await runikOf(stack, alice)).toBe(1_000 * RUNIK);
    expect(await runikOf(stack, bob)).toBe(990 * RUNIK);
    await expectConserved();
  });
});

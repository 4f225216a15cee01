import { ApiRoutes, GearMessages, TradingMessages } from '@runik/contract';
import type { GearType } from '@runik/rules';
import type { AxiosResponse } from 'axios';
import { assetTotals, runikOf, systemBalance } from '../support/alliance';
import { setArmy } from '../support/attack';
import { CityPlayer, grant } from '../support/city';
import { queryDatabase } from '../support/database';
import { gearRow, giveGear, giveGears } from '../support/gear';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';
import {
  buyGear,
  entriesFor,
  listed,
  listGear,
  listingRow,
  listingsOfGear,
  marketplaceOf,
  myListingsOf,
  negativeBalances,
  newTrader,
  RUNIK,
  tradeMoney,
  unlistGear,
} from '../support/trading';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const CLOSED = { error: TradingMessages.listingClosed };

const times = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));
const withStatus = (responses: AxiosResponse[], status: number) => responses.filter((response) => response.status === status);
const traders = (count: number, prefix: string) => Promise.all(times(count, () => newTrader(stack, prefix)));

/** How many ledger postings of a reason were written (a posting is one charge, whatever its legs). */
async function postingCount(reason: string, reference?: string): Promise<number> {
  const [{ count }] = await queryDatabase<{ count: string }>(
    stack.database.url,
    `SELECT count(DISTINCT posting_id) FROM ledger_entries WHERE reason = $1 AND ($2::text IS NULL OR reference = $2)`,
    [reason, reference ?? null],
  );
  return Number(count);
}

async function expectConserved(): Promise<void> {
  for (const { total } of await assetTotals(stack)) expect(total).toBe(0);
  expect(await negativeBalances(stack)).toEqual([]);
}

describe('buying races', () => {
  it('20 buyers on one listing at once: one sale, one payment, everyone else refused (409) with nothing taken', async () => {
    const seller = await newTrader(stack, 'rs');
    const buyers = await traders(20, 'rb');
    await grant(stack, seller, 'runik', 10 * RUNIK);
    for (const buyer of buyers) await grant(stack, buyer, 'runik', 100 * RUNIK);
    const gear = await giveGear(stack, seller, { type: 'cavalry', rarity: 'mythical', level: 3 });
    const listingId = await listed(seller, gear, 100);
    const tax0 = await systemBalance(stack, 'system:tax');

    const responses = await Promise.all(buyers.map((buyer) => buyGear(buyer, listingId)));
    expect(withStatus(responses, 200).map((response) => response.data)).toEqual([{ success: true, message: TradingMessages.purchased }]);
    expect(withStatus(responses, 409).map((response) => response.data)).toEqual(times(19, () => CLOSED));
    const winner = buyers[responses.findIndex((response) => response.status === 200)];

    expect(await gearRow(stack, gear)).toMatchObject({ ownerId: winner.playerId, listed: false, equipped: false });
    expect(await listingRow(stack, listingId)).toMatchObject({ status: 'sold', buyerId: winner.playerId });
    for (const buyer of buyers) expect(await runikOf(stack, buyer)).toBe(buyer === winner ? 0 : 100 * RUNIK);
    expect(await runikOf(stack, seller)).toBe(96 * RUNIK);
    expect((await systemBalance(stack, 'system:tax')) - tax0).toBe(4 * RUNIK);
    expect(await postingCount('gear-sale', `listing:${listingId}`)).toBe(1);
    expect(await entriesFor(stack, `listing:${listingId}`)).toHaveLength(2 + 3);
    await expectConserved();
  });

  it('buyers who cannot pay, sent first to one listing, do not stop the buyer who can (the api queues purchases of a listing)', async () => {
    const seller = await newTrader(stack, 'rps');
    const [payer, ...short] = await traders(10, 'rpb');
    await grant(stack, seller, 'runik', 10 * RUNIK);
    await grant(stack, payer, 'runik', 100 * RUNIK);
    const listingId = await listed(seller, await giveGear(stack, seller, { type: 'stone', rarity: 'rare', level: 2 }), 100);

    const responses = await Promise.all([...short.map((buyer) => buyGear(buyer, listingId)), buyGear(payer, listingId)]);
    expect(responses.at(-1)?.data).toEqual({ success: true, message: TradingMessages.purchased });
    // Each who cannot pay is refused for the price, or as the others, once the sale has closed the listing.
    const priceShort = { error: TradingMessages.priceShort(100) };
    for (const response of responses.slice(0, -1)) expect([priceShort, CLOSED]).toContainEqual(response.data);
    expect(await listingRow(stack, listingId)).toMatchObject({ status: 'sold', buyerId: payer.playerId });
    expect(await postingCount('gear-sale', `listing:${listingId}`)).toBe(1);
    await expectConserved();
  });

  it('the same buyer sending one purchase 20 times at once pays once', async () => {
    const [seller, buyer] = await traders(2, 'rsb');
    await grant(stack, seller, 'runik', 10 * RUNIK);
    await grant(stack, buyer, 'runik', 1_000 * RUNIK);
    const listingId = await listed(seller, await giveGear(stack, seller, { type: 'wheat', rarity: 'epic', level: 1 }), 150);
    const responses = await Promise.all(times(20, () => buyGear(buyer, listingId)));
    expect(withStatus(responses, 200)).toHaveLength(1);
    expect(withStatus(responses, 409).map((response) => response.data)).toEqual(times(19, () => CLOSED));
    expect(await runikOf(stack, buyer)).toBe(850 * RUNIK);
    expect(await runikOf(stack, seller)).toBe(144 * RUNIK);
    expect(await postingCount('gear-sale', `listing:${listingId}`)).toBe(1);
    await expectConserved();
  });

  it('one buyer buying 10 different listings at once with money for 3: exactly 3 sales', async () => {
    const sellers = await traders(2, 'rms');
    const buyer = await newTrader(stack, 'rmb');
    for (const seller of sellers) await grant(stack, seller, 'runik', 50 * RUNIK);
    await grant(stack, buyer, 'runik', 399 * RUNIK);
    const listings: { id: number; gear: number; seller: CityPlayer }[] = [];
    for (let i = 0; i < 10; i++) {
      const seller = sellers[i % 2];
      const gear = await giveGear(stack, seller, { type: 'lumber', rarity: 'rare', level: 1 + i });
      listings.push({ id: await listed(seller, gear, 100), gear, seller });
    }
    const tax0 = await systemBalance(stack, 'system:tax');

    const responses = await Promise.all(listings.map(({ id }) => buyGear(buyer, id)));
    expect(withStatus(responses, 200)).toHaveLength(3);
    expect(withStatus(responses, 400).map((response) => response.data)).toEqual(
      times(7, () => ({ error: 'Insufficient RUNIK. You need 100.000 RUNIK to buy this item.' })),
    );
    expect(await runikOf(stack, buyer)).toBe(99 * RUNIK);
    expect((await systemBalance(stack, 'system:tax')) - tax0).toBe(3 * 4 * RUNIK);
    for (const [i, { id, gear, seller }] of listings.entries()) {
      const bought = responses[i].status === 200;
      expect(await gearRow(stack, gear)).toMatchObject({ ownerId: bought ? buyer.playerId : seller.playerId, listed: !bought });
      expect(await listingRow(stack, id)).toMatchObject({ status: bought ? 'sold' : 'active', buyerId: bought ? buyer.playerId : null });
    }
    for (const seller of sellers) {
      const sales = listings.filter((listing, i) => listing.seller === seller && responses[i].status === 200).length;
      expect(await runikOf(stack, seller)).toBe((50 - 5 * 10 + sales * 96) * RUNIK);
    }
    // The unsold ones are still on offer.
    const onOffer = (await marketplaceOf(buyer, { type: 'lumber', rarity: 'rare' })).listings.map((listing) => listing._id);
    for (const [i, { id }] of listings.entries()) expect(onOffer.includes(id)).toBe(responses[i].status !== 200);
    await expectConserved();
  });

  it('two players buying from each other at once both succeed (no deadlock), each paying once', async () => {
    for (let round = 0; round < 5; round++) {
      const [a, b] = await traders(2, 'rx');
      await grant(stack, a, 'runik', 100 * RUNIK);
      await grant(stack, b, 'runik', 100 * RUNIK);
      const fromA = await listed(a, await giveGear(stack, a, { type: 'stone', rarity: 'common', level: 1 }), 50);
      const fromB = await listed(b, await giveGear(stack, b, { type: 'stone', rarity: 'common', level: 1 }), 50);
      const [aBuys, bBuys] = await Promise.all([buyGear(a, fromB), buyGear(b, fromA)]);
      expect([aBuys.status, bBuys.status]).toEqual([200, 200]);
      // 100 − 10 fee − 50 price + 48 share.
      expect(await runikOf(stack, a)).toBe(88 * RUNIK);
      expect(await runikOf(stack, b)).toBe(88 * RUNIK);
    }
    await expectConserved();
  });
});

describe('seller against buyer', () => {
  it('unlisting while a buyer buys, 10 rounds: each listing ends sold or removed, never both, and the money follows', async () => {
    const [seller, buyer] = await traders(2, 'rsu');
    await grant(stack, seller, 'runik', 100 * RUNIK);
    await grant(stack, buyer, 'runik', 500 * RUNIK);
    const [fees0, tax0] = [await systemBalance(stack, 'system:fees'), await systemBalance(stack, 'system:tax')];
    const outcomes: ('sold' | 'removed')[] = [];

    for (let round = 0; round < 10; round++) {
      const gear = await giveGear(stack, seller, { type: 'archer', rarity: 'epic', level: 1 + round });
      const listingId = await listed(seller, gear, 50);
      // Alternate which request leaves first.
      const [unlisted, bought] =
        round % 2 === 0
          ? await Promise.all([unlistGear(seller, listingId), buyGear(buyer, listingId)])
          : await Promise.all([buyGear(buyer, listingId), unlistGear(seller, listingId)]).then(([b, u]) => [u, b]);
      expect([unlisted.status, bought.status].sort()).toEqual([200, 409]);
      const row = await listingRow(stack, listingId);
      if (bought.status === 200) {
        outcomes.push('sold');
        expect(unlisted.data).toEqual(CLOSED);
        expect(row).toMatchObject({ status: 'sold', buyerId: buyer.playerId });
        expect(await gearRow(stack, gear)).toMatchObject({ ownerId: buyer.playerId, listed: false, equipped: false });
        expect(await postingCount('gear-sale', `listing:${listingId}`)).toBe(1);
      } else {
        outcomes.push('removed');
        expect(unlisted.data).toEqual({ success: true, message: TradingMessages.removed });
        expect(bought.data).toEqual(CLOSED);
        expect(row).toMatchObject({ status: 'removed', buyerId: null });
        expect(await gearRow(stack, gear)).toMatchObject({ ownerId: seller.playerId, listed: false });
        expect(await postingCount('gear-sale', `listing:${listingId}`)).toBe(0);
      }
      expect(await listingsOfGear(stack, gear)).toHaveLength(1);
    }

    const sold = outcomes.filter((outcome) => outcome === 'sold').length;
    expect(await runikOf(stack, buyer)).toBe((500 - sold * 50) * RUNIK);
    expect(await runikOf(stack, seller)).toBe((100 - 10 * 10 + sold * 48) * RUNIK);
    expect((await systemBalance(stack, 'system:fees')) - fees0).toBe(10 * 10 * RUNIK);
    expect((await systemBalance(stack, 'system:tax')) - tax0).toBe(sold * 2 * RUNIK);
    expect(await myListingsOf(seller)).toEqual({ listings: [] });
    await expectConserved();
  });
});

describe('listing races', () => {
  it('the same gear listed 20 times at once, 20 times over: one listing and one fee each time', async () => {
    const seller = await newTrader(stack, 'rl');
    await grant(stack, seller, 'runik', 20 * 40 * RUNIK);
    let paid = 0;
    for (let round = 0; round < 20; round++) {
      const gear = await giveGear(stack, seller, { type: 'ore', rarity: 'legendary', level: 1 + (round % 20) });
      const before = await runikOf(stack, seller);
      // Prices 1,000 to 1,019: fees of 20 and 21 RUNIK, so the fee charged shows which request won.
      const responses = await Promise.all(times(20, (i) => listGear(seller, gear, 1_000 + i)));
      const [won] = withStatus(responses, 200);
      expect(withStatus(responses, 200)).toHaveLength(1);
      expect(withStatus(responses, 409).map((response) => response.data)).toEqual(
        times(19, () => ({ error: TradingMessages.alreadyListed })),
      );
      const rows = await listingsOfGear(stack, gear);
      expect(rows).toHaveLength(1);
      const fee = tradeMoney(won.data.listing.price).fee;
      expect(won.data).toMatchObject({ fee, message: TradingMessages.listed(fee) });
      expect(rows[0]).toMatchObject({
        id: won.data.listing._id,
        status: 'active',
        price: won.data.listing.price,
        feeThousandths: fee * RUNIK,
      });
      expect(await postingCount('listing-fee', `listing:${rows[0].id}`)).toBe(1);
      expect(before - (await runikOf(stack, seller))).toBe(fee * RUNIK);
      paid += fee;
      expect(await gearRow(stack, gear)).toMatchObject({ listed: true });
    }
    expect(await runikOf(stack, seller)).toBe((20 * 40 - paid) * RUNIK);
    await expectConserved();
  });

  it('10 different gears listed at once with RUNIK for 3 fees: exactly 3 listings and 3 fees', async () => {
    const seller = await newTrader(stack, 'rlf');
    await grant(stack, seller, 'runik', 35 * RUNIK);
    const gears = await giveGears(stack, seller, 10, { type: 'wheat', rarity: 'common', level: 1 });
    const responses = await Promise.all(gears.map((gear) => listGear(seller, gear, 100)));
    expect(withStatus(responses, 200)).toHaveLength(3);
    expect(withStatus(responses, 400).map((response) => response.data)).toEqual(
      times(7, () => ({ error: 'Insufficient RUNIK. You need 10.000 RUNIK to list this item.' })),
    );
    expect(await runikOf(stack, seller)).toBe(5 * RUNIK);
    for (const [i, gear] of gears.entries()) expect((await gearRow(stack, gear))?.listed).toBe(responses[i].status === 200);
    expect((await myListingsOf(seller)).listings).toHaveLength(3);
    await expectConserved();
  });
});

describe('buying while other features pay the buyer', () => {
  // A boss kill pays every damage dealer RUNIK, then writes a reward row naming each (a foreign key to the
  // player). A buyer's purchases queued on their own player row must not block that row, or the two wait
  // on each other: Postgres then kills one side with "deadlock detected" (a 500).
  it('purchases racing a citadel reward paid to the buyer: every purchase and the kill succeed, and the money adds up', async () => {
    const [seller, buyer, slayer] = await traders(3, 'rc');
    await setArmy(stack, slayer, { infantry: 1_000 });
    const [{ current_floor: first }] = await queryDatabase<{ current_floor: number }>(
      stack.database.url,
      'SELECT current_floor FROM citadel_state',
    );
    const ROUNDS = 5;
    const BUYS = 15;
    await grant(stack, seller, 'runik', ROUNDS * BUYS * 10 * RUNIK);
    await grant(stack, buyer, 'runik', ROUNDS * BUYS * RUNIK);
    let rewarded = 0;

    for (let round = 0; round < ROUNDS; round++) {
      const floor = first + round;
      const listings: number[] = [];
      for (let i = 0; i < BUYS; i++)
        listings.push(await listed(seller, await giveGear(stack, seller, { type: 'wheat', rarity: 'common', level: 1 }), 1));
      // Set up in the tables (the citadel has its own tests): the buyer has dealt damage on this floor,
      // and the boss has 0.001 HP left, so the slayer's next blow kills it and pays them both.
      await queryDatabase(
        stack.database.url,
        'INSERT INTO citadel_damage (floor, player_id, total_damage, attack_count) VALUES ($1, $2, 1000, 1)',
        [floor, buyer.playerId],
      );
      await queryDatabase(stack.database.url, 'UPDATE citadel_floors SET current_hp = 1 WHERE floor = $1', [floor]);

      const buys = Promise.all(listings.map((listingId) => buyGear(buyer, listingId)));
      // The purchases first, so they are queued on the buyer's row when the reward arrives.
      await new Promise((resolve) => setTimeout(resolve, 5));
      const kill = slayer.api.post(ApiRoutes.citadelAttack, { hiveUsername: slayer.username, floor });
      const [responses, killed] = await Promise.all([buys, kill]);
      expect({ status: killed.status, defeated: killed.data.bossDefeated }).toEqual({ status: 200, defeated: true });
      expect(responses.map((response) => response.status)).toEqual(times(BUYS, () => 200));
      const [{ reward }] = await queryDatabase<{ reward: string }>(
        stack.database.url,
        'SELECT reward_thousandths AS reward FROM citadel_rewards WHERE floor = $1 AND player_id = $2',
        [floor, buyer.playerId],
      );
      expect(Number(reward)).toBeGreaterThan(0);
      rewarded += Number(reward);
    }
    expect(await runikOf(stack, buyer)).toBe(rewarded);
    for (const gear of await queryDatabase<{ owner_id: string }>(
      stack.database.url,
      'SELECT owner_id FROM gears WHERE id IN (SELECT gear_id FROM listings WHERE seller_id = $1)',
      [seller.playerId],
    )) {
      expect(Number(gear.owner_id)).toBe(buyer.playerId);
    }
    await expectConserved();
  });
});

describe('random load', () => {
  it('keeps every asset conserved and every gear consistent with its listings', async () => {
    // A small deterministic generator, so a failure can be replayed.
    let seed = 20_240_601;
    const random = () => {
      // mulberry32
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
    };
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
    const players = await traders(6, 'rr');
    const TYPES: GearType[] = ['infantry', 'wheat', 'ore'];
    for (const player of players) {
      await grant(stack, player, 'runik', 600 * RUNIK);
      for (const type of TYPES) await giveGear(stack, player, { type, rarity: 'rare', level: 1 });
    }
    const playerWithId = (id: number): CityPlayer => {
      const player = players.find((candidate) => candidate.playerId === id);
      if (!player) throw new Error(`player ${id} is not one of this test's`);
      return player;
    };
    const ownerOf = async (gearId: number) => (await gearRow(stack, gearId))?.ownerId;
    const [fees0, tax0] = [await systemBalance(stack, 'system:fees'), await systemBalance(stack, 'system:tax')];
    const startedAt = await queryDatabase<{ max: string | null }>(stack.database.url, 'SELECT max(id) FROM listings');
    const firstListing = Number(startedAt[0].max ?? 0);

    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      const gears = await queryDatabase<{ id: string; owner_id: string; listed: boolean }>(
        stack.database.url,
        'SELECT id, owner_id, listed FROM gears WHERE owner_id = ANY($1) ORDER BY id',
        [players.map((player) => player.playerId)],
      );
      const active = await queryDatabase<{ id: string; seller_id: string }>(
        stack.database.url,
        `SELECT id, seller_id FROM listings WHERE status = 'active' AND seller_id = ANY($1)`,
        [players.map((player) => player.playerId)],
      );
      const calls: (() => Promise<AxiosResponse>)[] = [];
      for (let i = 0; i < 24; i++) {
        const actor = pick(players);
        const action = random();
        if (action < 0.4 && gears.length) {
          const gear = pick(gears);
          const owner = playerWithId(Number(gear.owner_id));
          calls.push(() => listGear(owner, Number(gear.id), 1 + Math.floor(random() * 200)));
        } else if (action < 0.55 && active.length) {
          const listing = pick(active);
          const seller = playerWithId(Number(listing.seller_id));
          calls.push(() => unlistGear(seller, Number(listing.id)));
        } else if (active.length) {
          calls.push(() => buyGear(actor, Number(pick(active).id)));
        }
      }
      const responses = await Promise.all(calls.map((call) => call()));
      // Every answer is a success or a considered refusal, never a server error. A 403 is a gear sold
      // earlier in the same round and then listed by its former owner.
      for (const response of responses) {
        expect([200, 400, 403, 409]).toContain(response.status);
        if (response.status === 403) expect(response.data).toEqual({ error: GearMessages.notYourGear });
      }
      statuses.push(...responses.map((response) => response.status));
    }

    // Each gear: listed exactly when it has an active listing, which its owner made; never listed and equipped.
    const gears = await queryDatabase<{ id: string; owner_id: string; listed: boolean; equipped: boolean }>(
      stack.database.url,
      'SELECT id, owner_id, listed, equipped FROM gears WHERE owner_id = ANY($1)',
      [players.map((player) => player.playerId)],
    );
    expect(gears).toHaveLength(6 * 3);
    for (const gear of gears) {
      const rows = await listingsOfGear(stack, Number(gear.id));
      const active = rows.filter((row) => row.status === 'active');
      expect(active.length).toBe(gear.listed ? 1 : 0);
      if (active.length) expect(active[0].sellerId).toBe(Number(gear.owner_id));
      expect(gear.listed && gear.equipped).toBe(false);
      // A gear sold at least once belongs to its last buyer (later listings were that buyer's, unsold).
      const lastSold = rows.filter((row) => row.status === 'sold').at(-1);
      if (lastSold) expect(await ownerOf(Number(gear.id))).toBe(lastSold.buyerId);
    }

    // The fees and tax accounts grew by exactly what the listings made in this test say.
    const listings = await queryDatabase<{ price: string; fee_thousandths: string; status: string }>(
      stack.database.url,
      'SELECT price, fee_thousandths, status FROM listings WHERE id > $1',
      [firstListing],
    );
    const feeTotal = listings.reduce((sum, row) => sum + Number(row.fee_thousandths), 0);
    const taxTotal = listings
      .filter((row) => row.status === 'sold')
      .reduce((sum, row) => sum + tradeMoney(Number(row.price)).tax * RUNIK, 0);
    for (const row of listings) expect(Number(row.fee_thousandths)).toBe(tradeMoney(Number(row.price)).fee * RUNIK);
    expect((await systemBalance(stack, 'system:fees')) - fees0).toBe(feeTotal);
    expect((await systemBalance(stack, 'system:tax')) - tax0).toBe(taxTotal);
    // The load did trade: listings made, gears sold, listings removed.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(10);
    expect(listings.filter((row) => row.status === 'sold').length).toBeGreaterThan(0);
    expect(listings.filter((row) => row.status === 'removed').length).toBeGreaterThan(0);
    const playersTotal = (await Promise.all(players.map((player) => runikOf(stack, player)))).reduce((sum, amount) => sum + amount, 0);
    expect(playersTotal + feeTotal + taxTotal).toBe(6 * 600 * RUNIK);
    await expectConserved();
  });
});

describe('after all the races', () => {
  it('every asset sums to zero, no account that may not go negative is negative, and no gear is listed twice', async () => {
    await expectConserved();
    const twice = await queryDatabase(
      stack.database.url,
      `SELECT gear_id FROM listings WHERE status = 'active' GROUP BY gear_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    // Every gear that went through the market: other files on this shared stack give gears marked
    // listed without a listing (a fixture for the refusals of a listed gear), which no race made.
    const mismatched = await queryDatabase(
      stack.database.url,
      `SELECT g.id FROM gears g LEFT JOIN listings l ON l.gear_id = g.id AND l.status = 'active'
       WHERE EXISTS (SELECT 1 FROM listings ever WHERE ever.gear_id = g.id)
         AND (g.listed <> (l.id IS NOT NULL) OR (l.id IS NOT NULL AND l.seller_id <> g.owner_id))`,
    );
    expect(mismatched).toEqual([]);
    // Each sale is one posting, and each listing paid one fee.
    const [{ sold, sales }] = await queryDatabase<{ sold: string; sales: string }>(
      stack.database.url,
      `SELECT (SELECT count(*) FROM listings WHERE status = 'sold') AS sold,
              (SELECT count(DISTINCT posting_id) FROM ledger_entries WHERE reason = 'gear-sale') AS sales`,
    );
    expect(Number(sales)).toBe(Number(sold));
    const [{ made, fees }] = await queryDatabase<{ made: string; fees: string }>(
      stack.database.url,
      `SELECT (SELECT count(*) FROM listings) AS made, (SELECT count(DISTINCT posting_id) FROM ledger_entries WHERE reason = 'listing-fee') AS fees`,
    );
    expect(Number(fees)).toBe(Number(made));
  });
});

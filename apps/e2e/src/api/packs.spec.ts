import { ApiRoutes, CityMessages, ErrorMessages, PackMessages } from '@runik/contract';
import { PACK_GEAR_MAX_LEVEL, PACK_PRICES, packTier, rollPacks } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { assetTotals, runikOf, systemBalance } from '../support/alliance';
import { CityPlayer, grant, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { engineBalance } from '../support/hive';
import {
  boughtWithRunik,
  buyWithHive,
  buyWithRunik,
  gearCountOf,
  gearsOfPurchase,
  openAndVerify,
  openPacks,
  packInfo,
  pendingOf,
  purchaseRow,
  purchaseRows,
  purchaseStatus,
} from '../support/packs';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';
import { spendSwapHive as spend, unknownTxId } from '../support/swap-hive';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const fireAtOnce = <T>(times: number, call: () => Promise<T>) => Promise.all(Array.from({ length: times }, call));

/** The body of the one successful response among many. */
function onlySuccess<T>(responses: { status: number; data: T }[]): T {
  const succeeded = responses.filter((r) => r.status === 200);
  expect(succeeded).toHaveLength(1);
  return succeeded[0].data;
}

const newPlayer = (prefix = 'pk') => newCityPlayer(stack, prefix);

/** Moves SWAP.HIVE off a player's hive-sim account and waits until Hive Engine has done it. */
const spendSwapHive = (player: CityPlayer, quantity: string) => spend(stack, player.username, quantity);

/** Every pack-purchase posting on the ledger for one purchase: the legs, by account code. */
async function purchasePosting(purchaseId: number) {
  const rows = await queryDatabase<{ code: string; asset: string; delta: string | number; reason: string }>(
    stack.database.url,
    `SELECT a.code, e.asset, e.delta, e.reason FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.reference = $1 ORDER BY e.id`,
    [`pack-purchase:${purchaseId}`],
  );
  return rows.map((row) => ({ ...row, delta: Number(row.delta) }));
}

/** What a refused purchase must leave untouched: the player's purchases and gears, and every balance. */
async function packSnapshot(player: CityPlayer): Promise<unknown[]> {
  const url = stack.database.url;
  return Promise.all([
    queryDatabase(url, 'SELECT * FROM pack_purchases WHERE player_id = $1 ORDER BY id', [player.playerId]),
    queryDatabase(url, 'SELECT * FROM gears WHERE owner_id = $1 ORDER BY id', [player.playerId]),
    queryDatabase(url, 'SELECT account_id, asset, amount FROM balances ORDER BY account_id, asset'),
    queryDatabase(url, 'SELECT count(*) FROM ledger_entries'),
  ]);
}

describe('pack info', () => {
  it('shows the prices, what the player can afford in both currencies, the counts bought and the tier', async () => {
    const player = await newPlayer('info');
    // hive-sim opens every account with 100 SWAP.HIVE; the player holds no RUNIK yet.
    expect(await packInfo(player)).toEqual({
      prices: { runik: { single: 10, bulk: 100 }, hive: { single: 1, bulk: 10 } },
      canAfford: { runik: { single: false, bulk: false }, hive: { single: true, bulk: true } },
      userRunikPackCount: 0,
      userHivePackCount: 0,
      tier: 1,
      balance: { hive: 100, runik: 0 },
    });

    await grant(stack, player, 'runik', 9_999);
    expect((await packInfo(player)).canAfford.runik).toEqual({ single: false, bulk: false });
    await grant(stack, player, 'runik', 1);
    expect(await packInfo(player)).toMatchObject({ canAfford: { runik: { single: true, bulk: false } }, balance: { runik: 10 } });
    await grant(stack, player, 'runik', 89_999);
    expect(await packInfo(player)).toMatchObject({ canAfford: { runik: { single: true, bulk: false } }, balance: { runik: 99.999 } });
    await grant(stack, player, 'runik', 1);
    expect(await packInfo(player)).toMatchObject({ canAfford: { runik: { single: true, bulk: true } }, balance: { runik: 100 } });

    // SWAP.HIVE is read from Hive Engine: 9.999 affords a single pack only, 0.999 none.
    await spendSwapHive(player, '90.001');
    expect(Number(await engineBalance(stack.simUrl, player.username, 'SWAP.HIVE'))).toBe(9.999);
    expect(await packInfo(player)).toMatchObject({ canAfford: { hive: { single: true, bulk: false } }, balance: { hive: 9.999 } });
    await spendSwapHive(player, '9');
    expect(await packInfo(player)).toMatchObject({ canAfford: { hive: { single: false, bulk: false } }, balance: { hive: 0.999 } });
  });

  it('counts packs bought per currency and sets the tier to 1 + floor(bought / 10)', async () => {
    const player = await newPlayer('cnt');
    await grant(stack, player, 'runik', 200_000);
    await boughtWithRunik(player, 1);
    expect(await packInfo(player)).toMatchObject({ userRunikPackCount: 1, userHivePackCount: 0, tier: 1, balance: { runik: 190 } });
    await boughtWithRunik(player, 10);
    expect(await packInfo(player)).toMatchObject({ userRunikPackCount: 11, userHivePackCount: 0, tier: 2, balance: { runik: 90 } });
    expect((await packInfo(player)).canAfford.runik).toEqual({ single: true, bulk: false });
    // A SWAP.HIVE purchase still pending counts for nothing yet.
    expect((await buyWithHive(player, 10, unknownTxId())).status).toBe(200);
    expect(await packInfo(player)).toMatchObject({ userRunikPackCount: 11, userHivePackCount: 0, tier: 2 });
  });
});

describe('buying with RUNIK', () => {
  it('buys one pack: the price goes to the burn account in one posting, and the pack opens once', async () => {
    const player = await newPlayer('one');
    await grant(stack, player, 'runik', 12_345);
    const burnBefore = await systemBalance(stack, 'system:burn');

    const response = await buyWithRunik(player, 1);
    expect(response.status).toBe(200);
    const id = response.data.packPurchaseId;
    expect(response.data).toEqual({ success: true, packPurchaseId: id, packCount: 1, status: 'confirmed' });
    expect(Number.isInteger(id) && id > 0).toBe(true);

    expect(await runikOf(stack, player)).toBe(2_345);
    expect((await systemBalance(stack, 'system:burn')) - burnBefore).toBe(PACK_PRICES.runik.single);
    expect(await purchasePosting(id)).toEqual([
      { code: `player:${player.playerId}`, asset: 'runik', delta: -10000, reason: 'pack-purchase' },
      { code: 'system:burn', asset: 'runik', delta: 10000, reason: 'pack-purchase' },
    ]);
    const row = await purchaseRow(stack, id);
    expect(row).toMatchObject({
      currency: 'runik',
      pack_count: 1,
      price_thousandths: 10000,
      tier: 1,
      status: 'confirmed',
      transaction_id: null,
      error: null,
      opened_at: null,
    });
    expect(row.seed).toBeGreaterThanOrEqual(0);
    expect(row.seed).toBeLessThanOrEqual(0xffffffff);

    expect(await purchaseStatus(player, id)).toEqual({
      packPurchaseId: id,
      status: 'confirmed',
      packCount: 1,
      currency: 'runik',
      opened: false,
      error: null,
      // Paid in RUNIK: never on chain.
      seenOnChain: false,
      awaitingHiveEngine: false,
    });
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [id] });

    const opened = await openAndVerify(stack, player, id);
    expect(opened.gears).toHaveLength(1);
    expect(opened.tier).toBe(1);
    expect(opened.gears[0].level).toBe(1);
    // Anyone can replay the roll from the seed shown.
    expect(rollPacks(opened.seed, 1, 1)).toEqual([
      { category: opened.gears[0].category, type: opened.gears[0].type, rarity: opened.gears[0].rarity, level: 1 },
    ]);

    expect(await purchaseStatus(player, id)).toMatchObject({ status: 'confirmed', opened: true });
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [] });
    const again = await openPacks(player, id);
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ error: PackMessages.alreadyOpened });
    expect(await gearsOfPurchase(stack, id)).toHaveLength(1);
    expect(await gearCountOf(stack, player)).toBe(1);
    // The opened gear is the player's: the gear screens list it.
    const gears = await player.api.get(ApiRoutes.blacksmithGears(player.username));
    expect(gears.status).toBe(200);
    expect(gears.data.gears.map((gear: { gearId: number }) => gear.gearId)).toEqual([opened.gears[0].gearId]);
  });

  it('buys ten packs for 100 RUNIK and opens ten gears from the seed', async () => {
    const player = await newPlayer('bulk');
    await grant(stack, player, 'runik', 100_000);
    const burnBefore = await systemBalance(stack, 'system:burn');
    const response = await buyWithRunik(player, 10);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ success: true, packCount: 10, status: 'confirmed' });
    const id = response.data.packPurchaseId;
    expect(await runikOf(stack, player)).toBe(0);
    expect((await systemBalance(stack, 'system:burn')) - burnBefore).toBe(100_000);
    expect(await purchasePosting(id)).toEqual([
      { code: `player:${player.playerId}`, asset: 'runik', delta: -100000, reason: 'pack-purchase' },
      { code: 'system:burn', asset: 'runik', delta: 100000, reason: 'pack-purchase' },
    ]);
    expect(await purchaseStatus(player, id)).toEqual({
      packPurchaseId: id,
      status: 'confirmed',
      packCount: 10,
      currency: 'runik',
      opened: false,
      error: null,
      // Paid in RUNIK: never on chain.
      seenOnChain: false,
      awaitingHiveEngine: false,
    });

    const opened = await openAndVerify(stack, player, id);
    expect(opened.gears).toHaveLength(10);
    expect(opened.gears.every((gear) => gear.level === 1)).toBe(true);
    expect(new Set(opened.gears.map((gear) => gear.gearId)).size).toBe(10);
    expect(await gearCountOf(stack, player)).toBe(10);
    expect(await packInfo(player)).toMatchObject({ userRunikPackCount: 10, tier: 2, canAfford: { runik: { single: false, bulk: false } } });
  });

  it('refuses a purchase the player cannot pay for, changing nothing', async () => {
    const player = await newPlayer('poor');
    const before = await packSnapshot(player);
    const broke = await buyWithRunik(player, 1);
    expect(broke.status).toBe(400);
    expect(broke.data).toEqual({ error: 'Not enough RUNIK. Required: 10.000, Available: 0.000' });

    await grant(stack, player, 'runik', 9_999);
    const short = await packSnapshot(player);
    const single = await buyWithRunik(player, 1);
    expect(single.status).toBe(400);
    expect(single.data).toEqual({ error: CityMessages.notEnoughRunik('10.000', '9.999') });
    expect(single.data).toEqual({ error: 'Not enough RUNIK. Required: 10.000, Available: 9.999' });
    const bulk = await buyWithRunik(player, 10);
    expect(bulk.status).toBe(400);
    expect(bulk.data).toEqual({ error: 'Not enough RUNIK. Required: 100.000, Available: 9.999' });
    expect(await packSnapshot(player)).toEqual(short);
    expect(before[0]).toEqual([]);
    expect(await runikOf(stack, player)).toBe(9_999);
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [] });
    expect(await packInfo(player)).toMatchObject({ userRunikPackCount: 0, tier: 1 });

    // 99.999 RUNIK buys a single pack but not ten.
    await grant(stack, player, 'runik', 90_000);
    const almost = await buyWithRunik(player, 10);
    expect(almost.data).toEqual({ error: 'Not enough RUNIK. Required: 100.000, Available: 99.999' });
    expect((await buyWithRunik(player, 1)).status).toBe(200);
    expect(await runikOf(stack, player)).toBe(89_999);
  });

  it('raises the tier every 10 packs bought: later gears start at that level, at most level 5', async () => {
    const player = await newPlayer('tier');
    await grant(stack, player, 'runik', 520_000);
    // bought before each purchase: 0, 10, 11, 21, 31, 41, 51.
    const plan = [10, 1, 10, 10, 10, 10, 1];
    let bought = 0;
    for (const packCount of plan) {
      const id = await boughtWithRunik(player, packCount);
      const expectedTier = packTier(bought);
      expect((await purchaseRow(stack, id)).tier).toBe(expectedTier);
      const opened = await openAndVerify(stack, player, id);
      expect(opened.tier).toBe(expectedTier);
      expect(opened.gears.map((gear) => gear.level)).toEqual(Array(packCount).fill(Math.min(expectedTier, PACK_GEAR_MAX_LEVEL)));
      bought += packCount;
    }
    expect(plan.map((_, index) => packTier(plan.slice(0, index).reduce((sum, count) => sum + count, 0)))).toEqual([1, 2, 2, 3, 4, 5, 6]);
    expect(await packInfo(player)).toMatchObject({ userRunikPackCount: 52, userHivePackCount: 0, tier: 6, balance: { runik: 0 } });
    expect(await gearCountOf(stack, player)).toBe(52);
  });

  it('lists confirmed purchases not opened yet, which open later', async () => {
    const player = await newPlayer('unop');
    await grant(stack, player, 'runik', 30_000);
    const [first, second, third] = [await boughtWithRunik(player, 1), await boughtWithRunik(player, 1), await boughtWithRunik(player, 1)];
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [first, second, third] });
    await openAndVerify(stack, player, second);
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [first, third] });
    await openAndVerify(stack, player, third);
    await openAndVerify(stack, player, first);
    expect(await pendingOf(player)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [] });
    expect(await gearCountOf(stack, player)).toBe(3);
  });

  it("treats another player's purchase as unknown: 404 on its status and opening, and it stays theirs", async () => {
    const [owner, other] = await Promise.all([newPlayer('own'), newPlayer('oth')]);
    await grant(stack, owner, 'runik', 10_000);
    const id = await boughtWithRunik(owner, 1);
    const status = await other.api.get(ApiRoutes.packPurchaseStatus(id));
    expect(status.status).toBe(404);
    expect(status.data).toEqual({ error: PackMessages.purchaseNotFound });
    const open = await openPacks(other, id);
    expect(open.status).toBe(404);
    expect(open.data).toEqual({ error: PackMessages.purchaseNotFound });
    expect(await gearsOfPurchase(stack, id)).toEqual([]);
    expect(await pendingOf(other)).toEqual({ hasPending: false, packPurchaseId: null, unopenedPurchaseIds: [] });
    // A purchase that does not exist answers the same.
    const missing = await owner.api.get(ApiRoutes.packPurchaseStatus(999_999_999));
    expect(missing.status).toBe(404);
    expect(missing.data).toEqual({ error: PackMessages.purchaseNotFound });
    expect((await openPacks(owner, 999_999_999)).status).toBe(404);

    const opened = await openAndVerify(stack, owner, id);
    expect(opened.gears).toHaveLength(1);
    expect(await gearCountOf(stack, other)).toBe(0);
  });
});

describe('races', () => {
  it('opens a purchase fired 20 times at once exactly once', async () => {
    const player = await newPlayer('ropen');
    await grant(stack, player, 'runik', 100_000);
    const id = await boughtWithRunik(player, 10);
    const responses = await fireAtOnce(20, () => openPacks(player, id));
    const winner = onlySuccess(responses);
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.data])).toEqual(Array(19).fill([409, { error: PackMessages.alreadyOpened }]));
    expect(winner.gears).toHaveLength(10);
    const stored = await gearsOfPurchase(stack, id);
    expect(stored.map((gear) => Number(gear.id))).toEqual(winner.gears.map((gear) => gear.gearId));
    expect(await gearCountOf(stack, player)).toBe(10);
    const row = await purchaseRow(stack, id);
    expect(winner.gears.map(({ category, type, rarity, level }) => ({ category, type, rarity, level }))).toEqual(
      rollPacks(row.seed, 10, row.tier),
    );
  });

  it('sells one pack, debited once, to 20 purchases at once with RUNIK for one', async () => {
    const player = await newPlayer('rbuy');
    await grant(stack, player, 'runik', 10_000);
    const burnBefore = await systemBalance(stack, 'system:burn');
    const responses = await fireAtOnce(20, () => buyWithRunik(player, 1));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.data])).toEqual(
      Array(19).fill([400, { error: 'Not enough RUNIK. Required: 10.000, Available: 0.000' }]),
    );
    const rows = await purchaseRows(stack, player);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(onlySuccess(responses).packPurchaseId);
    expect(await runikOf(stack, player)).toBe(0);
    expect((await systemBalance(stack, 'system:burn')) - burnBefore).toBe(10_000);
    const debits = await queryDatabase(
      stack.database.url,
      `SELECT e.delta FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.player_id = $1 AND e.reason = 'pack-purchase'`,
      [player.playerId],
    );
    expect(debits).toEqual([{ delta: -10000 }]);
  });

  it('gives purchases made at the same moment the tiers of the order they were made in', async () => {
    const player = await newPlayer('rtier');
    await grant(stack, player, 'runik', 200_000);
    const responses = await fireAtOnce(20, () => buyWithRunik(player, 1));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await purchaseRows(stack, player);
    // The 11th pack is bought with 10 already bought: tier 2.
    expect(rows.map((row) => row.tier)).toEqual([...Array(10).fill(1), ...Array(10).fill(2)]);
    expect(await runikOf(stack, player)).toBe(0);
    expect(await packInfo(player)).toMatchObject({ userRunikPackCount: 20, tier: 3 });
  });

  it('keeps one SWAP.HIVE purchase pending when 20 are sent at once with different transactions', async () => {
    const player = await newPlayer('rhive');
    const txIds = Array.from({ length: 20 }, unknownTxId);
    const responses = await Promise.all(txIds.map((txId) => buyWithHive(player, 1, txId)));
    const winner = onlySuccess(responses);
    const refused = responses.filter((r) => r.status !== 200);
    expect(refused.map((r) => [r.status, r.data])).toEqual(Array(19).fill([409, { error: PackMessages.pendingPurchase }]));
    expect(winner).toEqual({ success: true, packPurchaseId: winner.packPurchaseId, packCount: 1, status: 'pending' });
    const rows = await purchaseRows(stack, player);
    expect(rows.map((row) => [row.id, row.status, row.currency])).toEqual([[winner.packPurchaseId, 'pending', 'hive']]);
    expect(await pendingOf(player)).toEqual({ hasPending: true, packPurchaseId: winner.packPurchaseId, unopenedPurchaseIds: [] });
  });
});

describe('ownership and bad input', () => {
  it("refuses another player's name in every path and body (403) and calls without a session (401)", async () => {
    const [alice, bob] = await Promise.all([newPlayer('ali'), newPlayer('bob')]);
    await grant(stack, bob, 'runik', 100_000);
    const before = await packSnapshot(bob);
    const anonymous = apiClient(stack.apiUrl);
    const forbidden = { error: ErrorMessages.notYourAccount };
    const unauthenticated = { error: ErrorMessages.sessionRequired };

    const checks: [number, unknown, { status: number; data: unknown }][] = [
      [403, forbidden, await alice.api.get(ApiRoutes.packInfo(bob.username))],
      [403, forbidden, await alice.api.get(ApiRoutes.packPendingStatus(bob.username))],
      [403, forbidden, await alice.api.post(ApiRoutes.packPurchaseRunik, { hiveUsername: bob.username, packCount: 1 })],
      [
        403,
        forbidden,
        await alice.api.post(ApiRoutes.packPurchaseHive, { hiveUsername: bob.username, packCount: 1, hiveTxId: unknownTxId() }),
      ],
      [401, unauthenticated, await anonymous.get(ApiRoutes.packInfo(bob.username))],
      [401, unauthenticated, await anonymous.get(ApiRoutes.packPendingStatus(bob.username))],
      [401, unauthenticated, await anonymous.post(ApiRoutes.packPurchaseRunik, { hiveUsername: bob.username, packCount: 1 })],
      [
        401,
        unauthenticated,
        await anonymous.post(ApiRoutes.packPurchaseHive, { hiveUsername: bob.username, packCount: 1, hiveTxId: unknownTxId() }),
      ],
      [401, unauthenticated, await anonymous.get(ApiRoutes.packPurchaseStatus(1))],
      [401, unauthenticated, await anonymous.post(ApiRoutes.packOpen(1))],
      [401, { error: ErrorMessages.sessionInvalid }, await apiClient(stack.apiUrl, 'x'.repeat(43)).get(ApiRoutes.packInfo(bob.username))],
    ];
    for (const [status, data, response] of checks) {
      expect([response.status, response.data]).toEqual([status, data]);
    }
    expect(await packSnapshot(bob)).toEqual(before);
    expect(await purchaseRows(stack, alice)).toEqual([]);
    expect(await runikOf(stack, bob)).toBe(100_000);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const player = await newPlayer('bad');
    await grant(stack, player, 'runik', 200_000);
    const before = await packSnapshot(player);
    const tx = unknownTxId();
    const calls: [string, () => Promise<{ status: number; data: { error?: string } }>, string?][] = [];
    for (const packCount of [2, 0, -1, 11, 100, '1', '10', 1.5, null, true, [1]]) {
      calls.push([`runik packCount ${JSON.stringify(packCount)}`, () => buyWithRunik(player, packCount), PackMessages.invalidPackCount]);
      calls.push([`hive packCount ${JSON.stringify(packCount)}`, () => buyWithHive(player, packCount, tx), PackMessages.invalidPackCount]);
    }
    calls.push(['runik without packCount', () => player.api.post(ApiRoutes.packPurchaseRunik, { hiveUsername: player.username })]);
    calls.push([
      'hive without packCount',
      () => player.api.post(ApiRoutes.packPurchaseHive, { hiveUsername: player.username, hiveTxId: tx }),
    ]);
    calls.push(['runik without hiveUsername', () => player.api.post(ApiRoutes.packPurchaseRunik, { packCount: 1 })]);
    calls.push(['runik without a body', () => player.api.post(ApiRoutes.packPurchaseRunik)]);
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
      calls.push([`hiveTxId ${JSON.stringify(hiveTxId)}`, () => buyWithHive(player, 1, hiveTxId)]);
    }
    calls.push([
      'hive without hiveTxId',
      () => player.api.post(ApiRoutes.packPurchaseHive, { hiveUsername: player.username, packCount: 1 }),
    ]);
    calls.push(['runik unknown field', () => buyWithRunik(player, 1, { price: 0 })]);
    calls.push(['runik currency field', () => buyWithRunik(player, 1, { currency: 'hive' })]);
    calls.push(['hive unknown field', () => buyWithHive(player, 1, tx, { quantity: '0.001' })]);
    calls.push(['info query', () => player.api.get(`${ApiRoutes.packInfo(player.username)}?tier=5`)]);
    calls.push(['pending query', () => player.api.get(`${ApiRoutes.packPendingStatus(player.username)}?all=1`)]);
    for (const id of ['abc', '0', '-1', '1.5', '01', '1e3', '9'.repeat(16)]) {
      calls.push([`status id ${id}`, () => player.api.get(`/api/packs/purchase/status/${id}`), PackMessages.invalidPurchaseId]);
      calls.push([`open id ${id}`, () => player.api.post(`/api/packs/open/${id}`), PackMessages.invalidPurchaseId]);
    }
    calls.push(['open with a body', () => player.api.post(ApiRoutes.packOpen(1), { packCount: 10 })]);
    calls.push(['status query', () => player.api.get(`${ApiRoutes.packPurchaseStatus(1)}?x=1`)]);

    for (const [name, call, message] of calls) {
      const response = await call();
      expect([name, response.status]).toEqual([name, 400]);
      expect(typeof response.data.error).toBe('string');
      if (message) expect([name, response.data.error]).toEqual([name, message]);
    }
    expect(await packSnapshot(player)).toEqual(before);
    expect(await purchaseRows(stack, player)).toEqual([]);
  });
});

describe('conservation', () => {
  it('keeps every asset summing to 0 over all accounts, no player negative, the burn account taking exactly the RUNIK packs sold', async () => {
    const totals = await assetTotals(stack);
    expect(totals.length).toBeGreaterThan(0);
    for (const { asset, total } of totals) expect([asset, total]).toEqual([asset, 0]);
    const negatives = await queryDatabase(
      stack.database.url,
      `SELECT * FROM balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE a.player_id IS NOT NULL AND b.amount < 0`,
    );
    expect(negatives).toEqual([]);
    const [sold] = await queryDatabase<{ total: string }>(
      stack.database.url,
      `SELECT coalesce(sum(price_thousandths), 0) AS total FROM pack_purchases WHERE currency = 'runik' AND status = 'confirmed'`,
    );
    expect(Number(sold.total)).toBeGreaterThan(0);
    // Its entries for packs: on the shared stack the burn account also holds what other files' players spent.
    const [burned] = await queryDatabase<{ total: string }>(
      stack.database.url,
      `SELECT coalesce(sum(e.delta), 0) AS total FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.code = 'system:burn' AND e.asset = 'runik' AND e.reason = 'pack-purchase'`,
    );
    expect(Number(burned.total)).toBe(Number(sold.total));
    // Every RUNIK purchase has exactly one posting; every opened purchase delivered exactly its packs.
    const mismatched = await queryDatabase(
      stack.database.url,
      `SELECT pp.id FROM pack_purchases pp
        WHERE (pp.currency = 'runik' AND (SELECT count(DISTINCT posting_id) FROM ledger_entries e WHERE e.reference = 'pack-purchase:' || pp.id) <> 1)
           OR (pp.opened_at IS NOT NULL AND (SELECT count(*) FROM gears g WHERE g.pack_purchase_id = pp.id) <> pp.pack_count)
           OR (pp.opened_at IS NULL AND EXISTS (SELECT 1 FROM gears g WHERE g.pack_purchase_id = pp.id))`,
    );
    expect(mismatched).toEqual([]);
  });
});

import { CityMessages } from '@runik/contract';
import {
  BUILDING_KEYS,
  CONVERSION_TERMS,
  gameDay,
  DAILY_CONVERSION_CAP_RUNIK,
  formatResource,
  noResources,
  pendingResources,
  previewToRunik,
  recordOf,
  ResourceAmounts,
  ResourceKey,
  STARTING_BUILDING_LEVEL,
  Troops,
} from '@runik/rules';
import { cityRow, setArmy, thousandths } from '../support/attack';
import { cityOf, CityPlayer, grant, injure, letTimePass, newCityPlayer } from '../support/city';
import { queryDatabase } from '../support/database';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;
const NO_TROOPS: Troops = { infantry: 0, archers: 0, cavalries: 0 };
const convert = (player: CityPlayer, body: unknown) => player.api.post(`/api/city/convert/${player.username}`, body);

/** The pending production the rules give a stored city row at `atMs`, for a given army. */
function pendingFor(row: Awaited<ReturnType<typeof cityRow>>, army: Troops, atMs: number): ResourceAmounts {
  const levels = recordOf(BUILDING_KEYS, (key) => row.building_levels[key] ?? STARTING_BUILDING_LEVEL);
  const gearBonuses = noResources();
  return pendingResources(
    { chLevel: row.ch_level, levels, gearBonuses, army, storedPending: row.stored_pending, anchorMs: row.production_anchor_at.getTime() },
    atMs,
  );
}

describe('troop upkeep', () => {
  it('eats 10 wheat an hour per point of army power from the pending wheat, lazily: the harvest gets what is left', async () => {
    const player = await newCityPlayer(stack, 'upk');
    // 300 infantry eat 30 wheat an hour of the Farm's 120.
    await setArmy(stack, player, { infantry: 300 });
    await letTimePass(stack, player, 3 * HOUR);
    const city = await cityOf(player);
    expect(city.troopUpkeepPerHour).toBe(30);
    const row = await cityRow(stack, player);

    expect((await player.api.post(`/api/city/harvest/${player.username}`)).status).toBe(200);
    const harvests = await queryDatabase<{ asset: ResourceKey; delta: string }>(
      stack.database.url,
      `SELECT e.asset, e.delta FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.player_id = $1 AND e.reason = 'harvest'`,
      [player.playerId],
    );
    const harvested = Object.fromEntries(harvests.map(({ asset, delta }) => [asset, Number(delta)]));
    // The harvest's own instant (its production anchor), not its ledger entries' (stamped a few ms later).
    const at = (await cityRow(stack, player)).production_anchor_at.getTime();
    const withUpkeep = pendingFor(row, { infantry: 300, archers: 0, cavalries: 0 }, at);
    const without = pendingFor(row, NO_TROOPS, at);
    expect(harvested.wheat).toBe(withUpkeep.wheat);
    // About 3 hours × 30 wheat less, and only wheat pays.
    expect(without.wheat - harvested.wheat).toBeGreaterThanOrEqual(90_000);
    expect(without.wheat - harvested.wheat).toBeLessThan(91_000);
    expect(harvested.lumber).toBe(without.lumber);
  });

  it('drains the pending wheat to zero, never below, when the army eats more than the Farm makes', async () => {
    const player = await newCityPlayer(stack, 'upk');
    // 1,000 cavalry eat 360 wheat an hour against the Farm's 120.
    await setArmy(stack, player, { cavalries: 1_000 });
    await letTimePass(stack, player, 2 * HOUR);
    const city = await cityOf(player);
    expect(city.troopUpkeepPerHour).toBe(360);
    expect(city.pendingResources.wheat).toBe(0);
    expect(city.pendingResources.lumber).toBeGreaterThanOrEqual(200);
    // Harvested wheat stays safe: the upkeep only eats what is still pending.
    expect(city.resources.wheat).toBe(1000);
  });

  it('settles the pending production at the old upkeep before healed troops rejoin the army', async () => {
    const player = await newCityPlayer(stack, 'upk');
    await setArmy(stack, player, { infantry: 100 });
    await injure(stack, player, { infantry: 100 });
    await letTimePass(stack, player, 2 * HOUR);
    const before = await cityRow(stack, player);

    expect((await player.api.post(`/api/city/heal/${player.username}`, { infantry: 100 })).status).toBe(200);
    const after = await cityRow(stack, player);
    expect(after.army).toEqual({ infantry: 200, archers: 0, cavalries: 0 });
    // Two hours at 10 wheat an hour for the 100 that stood guard, not 20 for the 200 there are now.
    expect(after.stored_pending).toEqual(
      pendingFor(before, { infantry: 100, archers: 0, cavalries: 0 }, after.production_anchor_at.getTime()),
    );
    expect((await cityOf(player)).troopUpkeepPerHour).toBe(20);
  });
});

describe('daily conversion cap', () => {
  const wheatFor = (runik: number) => Math.ceil(runik / 0.0045);

  it('lowers maxAmount to what is left today, refuses an amount over it, and starts again the next game day', async () => {
    const player = await newCityPlayer(stack, 'cap');
    await grant(stack, player, 'wheat', 200_000_000);
    // The player holds far more wheat than the cap lets through: the cap sets the maximum.
    const plenty = { wheat: 1e12, lumber: 0, stone: 0, ore: 0 };
    const maxFor = (left: number) => previewToRunik(['wheat'], 10, plenty, CONVERSION_TERMS, left).maxAmount;

    const fresh = await convert(player, { selectedResources: ['wheat'], amount: 1, preview: true });
    expect(fresh.data).toMatchObject({
      maxAmount: 66_666.88,
      conversionCapPerDay: 300,
      conversionLeftToday: 300,
      conversionDayEndsAt: gameDay(Date.now()).end.toISOString(),
    });
    const over = await convert(player, { selectedResources: ['wheat'], amount: 66_666.89 });
    expect(over.status).toBe(400);
    expect(over.data).toEqual({ error: CityMessages.amountExceedsMax('66,666.88') });

    const first = await convert(player, { selectedResources: ['wheat'], amount: 40_000 });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ runikGained: 180, conversionLeftToday: 120 });
    const afterFirst = await convert(player, { selectedResources: ['wheat'], amount: 1, preview: true });
    expect(afterFirst.data.conversionLeftToday).toBe(120);
    expect(thousandths(afterFirst.data.maxAmount)).toBe(maxFor(120_000));

    const rest = await convert(player, { selectedResources: ['wheat'], amount: afterFirst.data.maxAmount });
    expect(rest.status).toBe(200);
    expect(rest.data.conversionLeftToday).toBe(0);
    const spent = await convert(player, { selectedResources: ['wheat'], amount: 100 });
    expect(spent.status).toBe(400);
    // Only dust worth less than a thousandth of RUNIK is left to convert today.
    expect(spent.data).toEqual({ error: CityMessages.amountExceedsMax(formatResource(maxFor(0))) });
    expect((await cityOf(player)).resources.runik).toBe(300);

    // The next game day: the day's conversions (a free player's: game-only RUNIK) now lie a day back. The ledger is append-only, so this
    // time travel switches its trigger off for the one statement (test database, superuser).
    await queryDatabase(
      stack.database.url,
      `BEGIN; SET LOCAL session_replication_role = replica;
       UPDATE ledger_entries SET created_at = created_at - interval '1 day'
       WHERE reason = 'convert-to-game-runik' AND account_id = (SELECT id FROM ledger_accounts WHERE player_id = ${player.playerId});
       COMMIT;`,
    );
    const nextDay = await convert(player, { selectedResources: ['wheat'], amount: 100, preview: true });
    expect(nextDay.data).toMatchObject({ conversionLeftToday: 300, maxAmount: 66_666.88 });
    expect((await convert(player, { selectedResources: ['wheat'], amount: 100 })).status).toBe(200);
  });

  it('never exceeds the cap however many conversions race', async () => {
    const player = await newCityPlayer(stack, 'capr');
    await grant(stack, player, 'wheat', 1_000_000_000);
    // Each conversion is worth 90 RUNIK: three fit in 300, a fourth does not.
    const amount = wheatFor(90);
    const responses = await Promise.all(Array.from({ length: 30 }, () => convert(player, { selectedResources: ['wheat'], amount })));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    const refused = responses.filter((response) => response.status !== 200);
    expect(refused).toHaveLength(27);
    for (const { status, data } of refused) {
      expect(status).toBe(400);
      expect(data.error).toMatch(/^Amount exceeds maximum conversion: /);
    }
    const [{ credited }] = await queryDatabase<{ credited: string }>(
      stack.database.url,
      `SELECT sum(e.delta) AS credited FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.player_id = $1 AND e.asset = 'runik' AND e.reason = 'convert-to-game-runik'`,
      [player.playerId],
    );
    expect(Number(credited)).toBe(270_000);
    expect(Number(credited)).toBeLessThanOrEqual(DAILY_CONVERSION_CAP_RUNIK);
    expect((await cityOf(player)).resources).toMatchObject({ runik: 270, wheat: 1_000_000 + 1_000 - 3 * amount });
  });
});

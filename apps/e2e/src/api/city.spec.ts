import { CityMessages } from '@runik/contract';
import { CONVERSION_RATES, gameDay, HARVEST_INTERVAL_MS, noResources, productionPerHour } from '@runik/rules';
import { apiClient } from '../support/api-client';
import { cityOf, CityPlayer, grant, injure, letTimePass, newCityPlayer, setCityHallLevel } from '../support/city';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await sharedStack()));
afterAll(() => stack?.stop());

const HOUR = 3_600_000;
const post = (player: CityPlayer, path: string, body?: unknown) => player.api.post(`/api/city/${path}/${player.username}`, body);

describe('constants and the city', () => {
  it('serves the constants without a session', async () => {
    const response = await apiClient(stack.apiUrl).get('/api/city/constants');
    expect(response.status).toBe(200);
    expect(Object.keys(response.data).sort()).toEqual([
      'CONVERSION_RATES',
      'baseProductions',
      'militaryBuildings',
      'resourceBuildings',
      'unlocks',
    ]);
    expect(response.data.CONVERSION_RATES).toEqual(CONVERSION_RATES);
    expect(response.data.militaryBuildings.map((b: { key: string; unitKey: string }) => [b.key, b.unitKey])).toEqual([
      ['quarters', 'infantry'],
      ['archery', 'archers'],
      ['stables', 'cavalries'],
    ]);
  });

  it('starts a city with City Hall 1, level-1 buildings, the starting resources and no RUNIK', async () => {
    const city = await cityOf(await newCityPlayer(stack));
    expect(city).toMatchObject({
      chLevel: 1,
      levels: { wheat: 1, lumber: 1, stone: 1, ore: 1, quarters: 1, archery: 1, stables: 1 },
      resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: 0 },
      army: { infantry: 0, archers: 0, cavalries: 0 },
      sanctum: { injured: { infantry: 0, archers: 0, cavalries: 0 } },
      nextHarvestTime: null,
      trainingQueue: {},
      gearBonuses: { wheatProduction: 0, lumberProduction: 0, stoneProduction: 0, oreProduction: 0 },
      canWithdraw: false,
      troopUpkeepPerHour: 0,
    });
  });
});

describe('production and harvest', () => {
  it('accrues at the hourly rate, harvests once, then refuses for 4 hours', async () => {
    const player = await newCityPlayer(stack);
    await letTimePass(stack, player, 2 * HOUR);
    const before = await cityOf(player);
    expect(before.pendingResources.wheat).toBeGreaterThanOrEqual((2 * productionPerHour('wheat', 1)) / 1000);
    expect(before.pendingResources.wheat).toBeLessThan((2 * productionPerHour('wheat', 1)) / 1000 + 0.1);

    const harvest = await post(player, 'harvest');
    expect(harvest.status).toBe(200);
    expect(harvest.data.resources.wheat).toBeGreaterThanOrEqual(1000 + 240);
    expect(harvest.data.pendingResources).toEqual(noResources());
    expect(Date.parse(harvest.data.nextHarvestTime) - Date.now()).toBeGreaterThan(HARVEST_INTERVAL_MS - 60_000);

    const again = await post(player, 'harvest');
    expect(again.status).toBe(429);
    expect(again.data.error).toMatch(/^Harvest not ready yet\. Try again in (4:00:00|3:59:[0-5]\d)\.$/);

    await letTimePass(stack, player, HARVEST_INTERVAL_MS);
    expect((await post(player, 'harvest')).status).toBe(200);
  });

  it('stops pending production at 12 hours of output', async () => {
    const player = await newCityPlayer(stack);
    await letTimePass(stack, player, 48 * HOUR);
    const city = await cityOf(player);
    expect(city.pendingResources.wheat).toBe((12 * productionPerHour('wheat', 1)) / 1000);
    expect(city.pendingResources.lumber).toBe((12 * productionPerHour('lumber', 1)) / 1000);
    // The Quarry and the Mine are locked at City Hall 1: they produce nothing.
    expect(city.pendingResources.stone).toBe(0);
    expect(city.pendingResources.ore).toBe(0);
  });
});

describe('upgrades', () => {
  it('upgrades City Hall for level² RUNIK and a building for level^exp RUNIK', async () => {
    const player = await newCityPlayer(stack);
    await grant(stack, player, 'runik', 10_000);
    const hall = await post(player, 'upgrade', undefined);
    expect(hall.status).toBe(404);
    const ch = await player.api.post(`/api/city/upgrade/${player.username}/ch`);
    expect(ch.status).toBe(200);
    expect(ch.data).toMatchObject({ chLevel: 2, resources: { runik: 9 } });
    const farm = await player.api.post(`/api/city/upgrade/${player.username}/wheat`);
    expect(farm.status).toBe(200);
    expect(farm.data.levels.wheat).toBe(2);
    expect(farm.data.resources.runik).toBe(8); // 1^1.8 = 1
    const farmAgain = await player.api.post(`/api/city/upgrade/${player.username}/wheat`);
    expect(farmAgain.status).toBe(400);
    expect(farmAgain.data).toEqual({ error: CityMessages.needsCityHall('Farm', 3) });
  });

  it('refuses locked buildings, a level not below City Hall, and too little RUNIK', async () => {
    const player = await newCityPlayer(stack);
    const poor = await player.api.post(`/api/city/upgrade/${player.username}/ch`);
    expect(poor.status).toBe(400);
    expect(poor.data).toEqual({ error: 'Not enough RUNIK. Required: 1.000, Available: 0.000' });
    const mine = await player.api.post(`/api/city/upgrade/${player.username}/ore`);
    expect(mine.data).toEqual({ error: CityMessages.buildingLocked('Mine', 3) });
    const quarters = await player.api.post(`/api/city/upgrade/${player.username}/quarters`);
    expect(quarters.status).toBe(400);
    expect(quarters.data).toEqual({ error: CityMessages.needsCityHall('Quarters', 2) });
  });

  it('keeps production earned at the old level when a producer is upgraded', async () => {
    const player = await newCityPlayer(stack);
    await grant(stack, player, 'runik', 10_000);
    await player.api.post(`/api/city/upgrade/${player.username}/ch`);
    await letTimePass(stack, player, HOUR);
    await player.api.post(`/api/city/upgrade/${player.username}/wheat`);
    const city = await cityOf(player);
    expect(city.pendingResources.wheat).toBeGreaterThanOrEqual(productionPerHour('wheat', 1) / 1000);
    expect(city.pendingResources.wheat).toBeLessThan(productionPerHour('wheat', 1) / 1000 + 1);
  });
});

describe('conversions', () => {
  it('previews without changing anything, then converts with tax to the tax account', async () => {
    const player = await newCityPlayer(stack);
    const preview = await post(player, 'convert', { selectedResources: ['wheat', 'ore'], amount: 500, preview: true });
    expect(preview.status).toBe(200);
    // 500/200 + 500/100 = 7.5 RUNIK gross, 10% tax.
    expect(preview.data).toEqual({
      runikAfterTax: 6.75,
      taxRatePercent: 10,
      maxAmount: 1000,
      resourceAmounts: { wheat: 500, ore: 500 },
      feasible: true,
      // The daily cap (sinks.spec.ts), untouched today; a free account draws nothing from the emission budget.
      conversionCapPerDay: 300,
      conversionLeftToday: 300,
      conversionDayEndsAt: gameDay(Date.now()).end.toISOString(),
      conversionLimitedBy: 'cap',
      emissionShareToday: null,
      emissionBudgetLeftToday: null,
    });
    expect((await cityOf(player)).resources.runik).toBe(0);

    const real = await post(player, 'convert', { selectedResources: ['wheat', 'ore'], amount: '500' });
    expect(real.status).toBe(200);
    expect(real.data).toMatchObject({ runikGained: 6.75, taxRate: 0.1, resources: { wheat: 500, ore: 500, runik: 6.75, lumber: 1000 } });
  });

  it("gives the spec's messages for a conversion to RUNIK", async () => {
    const player = await newCityPlayer(stack);
    expect((await post(player, 'convert', { selectedResources: [], amount: 1 })).data).toEqual({ error: CityMessages.selectResource });
    expect((await post(player, 'convert', { selectedResources: ['wheat'], amount: 0 })).data).toEqual({
      error: CityMessages.invalidAmount,
    });
    expect((await post(player, 'convert', { selectedResources: ['wheat'], amount: 1000.01 })).data).toEqual({
      error: 'Amount exceeds maximum conversion: 1,000.00',
    });
    await post(player, 'convert', { selectedResources: ['wheat'], amount: 999.5 });
    const dust = await post(player, 'convert', { selectedResources: ['wheat'], amount: 0.5 });
    expect(dust.status).toBe(400);
    expect(dust.data).toEqual({ error: CityMessages.insufficientForAmount });
  });

  it('buys resources with RUNIK, unlocked ones only', async () => {
    const player = await newCityPlayer(stack);
    await grant(stack, player, 'runik', 5_000);
    const preview = await post(player, 'convert-to-resources', { wheat: '200', lumber: '16', preview: true });
    expect(preview.data).toEqual({ runikCost: 1.1, resources: { wheat: 200, lumber: 16 } });
    const real = await post(player, 'convert-to-resources', { wheat: '200', lumber: '16' });
    expect(real.status).toBe(200);
    expect(real.data).toEqual({
      runikCost: 1.1,
      resources: { wheat: 1200, lumber: 1016, stone: 1000, ore: 1000, runik: 3.9 },
      received: { wheat: 200, lumber: 16 },
    });
    const locked = await post(player, 'convert-to-resources', { ore: '1' });
    expect(locked.data).toEqual({ error: CityMessages.resourceLocked('ore') });
    const none = await post(player, 'convert-to-resources', { wheat: '0' });
    expect(none.data).toEqual({ error: CityMessages.specifyResource });
    const poor = await post(player, 'convert-to-resources', { wheat: '2000' });
    expect(poor.data).toEqual({ error: 'Not enough RUNIK. Required: 10.000, Available: 3.900' });
  });
});

describe('training, speed-up and healing', () => {
  it('trains a batch that joins the army when its time has passed', async () => {
    const player = await newCityPlayer(stack);
    const train = await post(player, 'train', { building: 'quarters', count: 10 });
    expect(train.status).toBe(200);
    expect(train.data.resources).toMatchObject({ wheat: 900, lumber: 950, stone: 1000, ore: 975 });
    const completion = Date.parse(train.data.trainingQueue.quarters.completionTime);
    // 30 s × 10 × (1 − 0.002 × 1) = 299.4 s
    expect(completion - Date.now()).toBeGreaterThan(290_000);
    expect(completion - Date.now()).toBeLessThanOrEqual(299_400);

    const busy = await post(player, 'train', { building: 'quarters', count: 1 });
    expect(busy.status).toBe(409);
    expect(busy.data).toEqual({ error: CityMessages.trainingInProgress });

    await letTimePass(stack, player, 300_000);
    const city = await cityOf(player);
    expect(city.army.infantry).toBe(10);
    expect(city.trainingQueue).toEqual({});
    expect((await post(player, 'train', { building: 'quarters', count: 1 })).status).toBe(200);
  });

  it('refuses a locked building and resources that do not cover the batch', async () => {
    const player = await newCityPlayer(stack);
    const locked = await post(player, 'train', { building: 'stables', count: 1 });
    expect(locked.data).toEqual({ error: CityMessages.buildingLocked('Stables', 5) });
    const tooMany = await post(player, 'train', { building: 'quarters', count: 101 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.data).toEqual({ error: 'Not enough wheat. Required: 1,010.00, Available: 1,000.00' });
  });

  it('speeds up for 1 RUNIK a minute, within the remaining minutes', async () => {
    const player = await newCityPlayer(stack);
    await grant(stack, player, 'runik', 20_000);
    const none = await player.api.post(`/api/city/speedup/${player.username}/quarters`, { minutes: 1 });
    expect(none.data).toEqual({ error: CityMessages.noActiveQueue });
    await post(player, 'train', { building: 'quarters', count: 10 });
    const beyond = await player.api.post(`/api/city/speedup/${player.username}/quarters`, { minutes: 6 });
    expect(beyond.data).toEqual({ error: CityMessages.tooManyMinutes(5) });
    const partial = await player.api.post(`/api/city/speedup/${player.username}/quarters`, { minutes: 2 });
    expect(partial.status).toBe(200);
    expect(partial.data.resources.runik).toBe(18);
    expect(Date.parse(partial.data.trainingQueue.quarters.completionTime) - Date.now()).toBeLessThan(180_000);
    const finish = await player.api.post(`/api/city/speedup/${player.username}/quarters`, { minutes: 3 });
    expect(finish.status).toBe(200);
    expect(finish.data).toMatchObject({ trainingQueue: {}, army: { infantry: 10 }, resources: { runik: 15 } });
  });

  it('heals injured troops for 25% of their training cost', async () => {
    const player = await newCityPlayer(stack);
    await injure(stack, player, { infantry: 8, archers: 4 });
    expect((await post(player, 'heal', { infantry: 0, archers: 0, cavalries: 0 })).data).toEqual({ error: CityMessages.noTroopsToHeal });
    expect((await post(player, 'heal', { infantry: 9 })).data).toEqual({ error: CityMessages.notEnoughInjured('infantry', 8) });
    expect((await post(player, 'heal', { archers: 1 })).data).toEqual({ error: CityMessages.buildingLocked('Archery Range', 3) });

    const healed = await post(player, 'heal', { infantry: 8 });
    expect(healed.status).toBe(200);
    // 8 infantry train for 80 wheat, 40 lumber, 20 ore: a quarter of that.
    expect(healed.data).toEqual({
      resources: { wheat: 980, lumber: 990, stone: 1000, ore: 995, runik: 0 },
      army: { infantry: 8, archers: 0, cavalries: 0 },
      sanctum: { injured: { infantry: 0, archers: 4, cavalries: 0 } },
    });
    await setCityHallLevel(stack, player, 3);
    expect((await post(player, 'heal', { archers: 4 })).data.sanctum.injured.archers).toBe(0);
  });
});

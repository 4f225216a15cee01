import { PENDING_CAP_HOURS } from './balance-sheet';
import { cityProductionPerHour, pendingAmount, pendingResources, productionPerHour } from './production';
import { troopUpkeepPerHour } from './upkeep';

describe('productionPerHour: (base + scale × (level − 1) × 6.84) × (1 + bonus / 100)', () => {
  it('is the base at level 1', () => {
    expect(productionPerHour('wheat', 1)).toBe(120_000);
    expect(productionPerHour('ore', 1)).toBe(60_000);
  });

  it('grows by scale × 6.84 a level', () => {
    // wheat level 5: 120 + 12 × 4 × 6.84 = 448.32
    expect(productionPerHour('wheat', 5)).toBe(448_320);
    // stone level 2: 80 + 8 × 6.84 = 134.72
    expect(productionPerHour('stone', 2)).toBe(134_720);
  });

  it('applies the gear bonus and rounds down to a thousandth', () => {
    // lumber level 3: (100 + 10 × 2 × 6.84) × 1.125 = 236.8 × 1.125 = 266.4
    expect(productionPerHour('lumber', 3, 12.5)).toBe(266_400);
    // ore level 2: (60 + 6 × 6.84) × 1.0333 = 101.04 × 1.0333 = 104.4046...
    expect(productionPerHour('ore', 2, 3.33)).toBe(104_404);
  });
});

describe('pending production', () => {
  const hour = 3_600_000;

  it('accrues the hourly rate over time, rounded down', () => {
    expect(pendingAmount(0, 120_000, 0, hour)).toBe(120_000);
    expect(pendingAmount(0, 120_000, 0, 1_000)).toBe(33); // 120/3600 per second = 0.0333...
    expect(pendingAmount(500, 120_000, 0, hour / 2)).toBe(60_500);
  });

  it(`stops at ${PENDING_CAP_HOURS} hours of output and never goes back in time`, () => {
    expect(pendingAmount(0, 120_000, 0, 100 * hour)).toBe(120_000 * PENDING_CAP_HOURS);
    expect(pendingAmount(10, 120_000, 5 * hour, 0)).toBe(10);
  });

  it('computes every resource from the levels, bonuses and stored amounts', () => {
    const pending = pendingResources(
      {
        chLevel: 3,
        levels: { wheat: 2, lumber: 1, stone: 1, ore: 1 },
        gearBonuses: { wheat: 0, lumber: 10, stone: 0, ore: 0 },
        army: { infantry: 0, archers: 0, cavalries: 0 },
        storedPending: { stone: 1_234 },
        anchorMs: 0,
      },
      hour,
    );
    expect(pending).toEqual({ wheat: 202_080, lumber: 110_000, stone: 81_234, ore: 60_000 });
  });

  it('produces nothing from a locked building', () => {
    const city = { chLevel: 2, levels: { wheat: 1, lumber: 1, stone: 1, ore: 1 }, gearBonuses: { wheat: 0, lumber: 0, stone: 0, ore: 0 } };
    expect(cityProductionPerHour('stone', city)).toBe(80_000);
    expect(cityProductionPerHour('ore', city)).toBe(0);
    expect(pendingResources({ ...city, army: { infantry: 0, archers: 0, cavalries: 0 }, storedPending: {}, anchorMs: 0 }, hour).ore).toBe(
      0,
    );
  });
});

describe('troop upkeep', () => {
  const hour = 3_600_000;
  const city = {
    chLevel: 1,
    levels: { wheat: 1, lumber: 1, stone: 1, ore: 1 },
    gearBonuses: { wheat: 0, lumber: 0, stone: 0, ore: 0 },
    anchorMs: 0,
  };

  it('eats 10 wheat an hour per point of army power', () => {
    expect(troopUpkeepPerHour({ infantry: 1, archers: 0, cavalries: 0 })).toBe(100);
    expect(troopUpkeepPerHour({ infantry: 100, archers: 10, cavalries: 5 })).toBe(10_000 + 2_100 + 1_800);
  });

  it('is taken from the pending wheat only, over the time since the anchor, the net rounded down', () => {
    const army = { infantry: 300, archers: 0, cavalries: 0 }; // 30 wheat an hour
    const pending = pendingResources({ ...city, army, storedPending: {} }, hour);
    expect(pending).toEqual({ wheat: 120_000 - 30_000, lumber: 100_000, stone: 0, ore: 0 });
    // One second: 33.33 produced, 8.33 eaten: 25 net.
    expect(pendingResources({ ...city, army, storedPending: {} }, 1_000).wheat).toBe(25);
    // A second and a half: 37.5 net, down to 37.
    expect(pendingResources({ ...city, army, storedPending: {} }, 1_500).wheat).toBe(37);
  });

  it('drains stored wheat down to zero, never below, when the army eats more than the farm makes', () => {
    const army = { infantry: 0, archers: 0, cavalries: 1_000 }; // 360 wheat an hour against 120
    expect(pendingResources({ ...city, army, storedPending: { wheat: 1_000_000 } }, hour).wheat).toBe(1_000_000 + 120_000 - 360_000);
    expect(pendingResources({ ...city, army, storedPending: { wheat: 1_000_000 } }, 10 * hour).wheat).toBe(0);
  });

  it('still stops at the pending cap when the farm outgrows the army', () => {
    expect(pendingAmount(0, 120_000, 0, 100 * hour, PENDING_CAP_HOURS, 20_000)).toBe(120_000 * PENDING_CAP_HOURS);
  });
});

import { MAX_CITY_HALL_LEVEL } from './balance-sheet';
import { buildingUpgradeBlock, buildingUpgradeCost, cityHallUpgradeBlock, cityHallUpgradeCost, isBuildingUnlocked } from './buildings';

describe('upgrade costs', () => {
  it('City Hall costs its level squared', () => {
    expect(cityHallUpgradeCost(1)).toBe(1_000);
    expect(cityHallUpgradeCost(7)).toBe(49_000);
  });

  it('a building costs level^exp, rounded up to a whole RUNIK', () => {
    expect(buildingUpgradeCost('wheat', 1)).toBe(1_000); // 1^1.8
    expect(buildingUpgradeCost('wheat', 2)).toBe(4_000); // 3.48... -> 4
    expect(buildingUpgradeCost('wheat', 4)).toBe(13_000); // 12.13... -> 13
    expect(buildingUpgradeCost('wheat', 32)).toBe(512_000); // exactly 512 (2^9), whatever the float dust (32 ** 1.8 = 512.0000000000001)
    expect(buildingUpgradeCost('stone', 9)).toBe(81_000); // 9^2.0, exactly
    expect(buildingUpgradeCost('archery', 5)).toBe(41_000); // 5^2.3 = 40.52... -> 41
    expect(buildingUpgradeCost('stables', 3)).toBe(14_000); // 3^2.4 = 13.97... -> 14
  });
});

describe('upgrade conditions', () => {
  it('locks a building below its unlock level', () => {
    expect(isBuildingUnlocked('ore', 2)).toBe(false);
    expect(isBuildingUnlocked('ore', 3)).toBe(true);
    expect(buildingUpgradeBlock('ore', 1, 2)).toEqual({ reason: 'locked', unlockLevel: 3 });
  });

  it('needs City Hall at least the level plus the unlock value, and the level below City Hall', () => {
    // Farm (unlock 1) at level 1 needs City Hall 2.
    expect(buildingUpgradeBlock('wheat', 1, 1)).toEqual({ reason: 'needs-city-hall', cityHallLevel: 2 });
    expect(buildingUpgradeBlock('wheat', 1, 2)).toBeNull();
    // Mine (unlock 3) at level 2 needs City Hall 5.
    expect(buildingUpgradeBlock('ore', 2, 4)).toEqual({ reason: 'needs-city-hall', cityHallLevel: 5 });
    expect(buildingUpgradeBlock('ore', 2, 5)).toBeNull();
  });

  it('stops City Hall at its maximum level', () => {
    expect(cityHallUpgradeBlock(MAX_CITY_HALL_LEVEL - 1)).toBeNull();
    expect(cityHallUpgradeBlock(MAX_CITY_HALL_LEVEL)).toEqual({ reason: 'max-level' });
  });
});

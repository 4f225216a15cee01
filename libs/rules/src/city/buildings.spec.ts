import { MAX_CITY_HALL_LEVEL } from './balance-sheet';
import { buildingUpgradeBlock, buildingUpgradeCost, cityHallUpgradeBlock, cityHallUpgradeCost, isBuildingUnlocked } from './buildings';

describe('upgrade costs', () => {
  it('City Hall costs its level squared', () => {
    expect(cityHallUpgradeCost(1)).toBe(1_000);
    expect(cityHallUpgradeCost(7)).toBe(49_000);
  });

  it('a building costs level^exp, rounded up to a whole RUNIK', () => {
    expect(buildingUpgradeCost('wheat', 1)).toBe(1_000); // 1^1.5
    expect(buildingUpgradeCost('wheat', 2)).toBe(3_000); // 2.828... -> 3
    expect(buildingUpgradeCost('wheat', 4)).toBe(8_000); // exactly 8
    expect(buildingUpgradeCost('wheat', 9)).toBe(27_000); // exactly 27, whatever the float dust
    expect(buildingUpgradeCost('archery', 5)).toBe(25_000); // 5^2
    expect(buildingUpgradeCost('stables', 3)).toBe(11_000); // 3^2.1 = 10.04... -> 11
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

import { armyPower, overrideUnitPowerForTests, troopCount, UNIT_POWER } from './army';

describe('army power', () => {
  it('sums the spec’s unit powers (infantry 0.01, archers 0.021, cavalry 0.036) in thousandths', () => {
    expect(armyPower({ infantry: 100, archers: 10, cavalries: 1 })).toBe(1000 + 210 + 36);
    expect(troopCount({ infantry: 100, archers: 10, cavalries: 1 })).toBe(111);
  });

  it('multiplies each troop type by its commander boost, rounded down', () => {
    expect(armyPower({ infantry: 100, archers: 0, cavalries: 1 }, { infantry: 12.5, archers: 0, cavalries: 10 })).toBe(
      Math.floor(1125 + 39.6),
    );
  });

  it('counts boosts exactly, never a thousandth short', () => {
    // 75 × 10 × 1.152 = 864 exactly; in floating point 863.9999…
    expect(armyPower({ infantry: 75, archers: 0, cavalries: 0 }, { infantry: 15.2, archers: 0, cavalries: 0 })).toBe(864);
  });

  it('follows a unit power overridden by a test, and restores the rules’ value', () => {
    const restore = overrideUnitPowerForTests('cavalries', 37);
    try {
      expect(UNIT_POWER.cavalries).toBe(37);
      expect(armyPower({ infantry: 0, archers: 0, cavalries: 77 }, { infantry: 0, archers: 0, cavalries: 1.2 })).toBe(2883); // 77 × 37 × 1.012 = 2883.188
    } finally {
      restore();
    }
    expect(UNIT_POWER.cavalries).toBe(36);
    expect(armyPower({ infantry: 0, archers: 0, cavalries: 77 }, { infantry: 0, archers: 0, cavalries: 1.2 })).toBe(2805); // 77 × 36 × 1.012 = 2805.264
  });
});

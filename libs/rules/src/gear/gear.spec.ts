import { addExp, GEAR_MAX_LEVEL, gearStats, gearStatPercent, materialExp, requiredExp } from './gear';

describe('gear', () => {
  it('raises the matching stat only: production for mayor gear, attack for commander gear', () => {
    expect(gearStats('wheat', 'rare', 1)).toMatchObject({ wheatProduction: 2, lumberProduction: 0, infantryAttackBoost: 0 });
    expect(gearStats('cavalry', 'mythical', 3)).toMatchObject({ cavalryAttackBoost: 16.8, oreProduction: 0, archerAttackBoost: 0 });
  });

  it('grows stats with rarity and level', () => {
    expect(gearStatPercent('common', 1)).toBe(1);
    expect(gearStatPercent('common', 20)).toBe(4.8);
    expect(gearStatPercent('legendary', 10)).toBe(19.6);
    expect(gearStatPercent('epic', 1)).toBeGreaterThan(gearStatPercent('rare', 1));
  });

  it('needs 100 × level experience per level, none at the maximum', () => {
    expect(requiredExp(1)).toBe(100);
    expect(requiredExp(7)).toBe(700);
    expect(requiredExp(GEAR_MAX_LEVEL)).toBe(0);
  });

  it('values material by rarity and level plus half its experience', () => {
    expect(materialExp('common', 1, 0)).toBe(20);
    expect(materialExp('epic', 2, 51)).toBe(385);
  });

  it('levels up as far as the experience reaches and keeps the rest', () => {
    expect(addExp(1, 0, 99)).toEqual({ level: 1, currentExp: 99 });
    expect(addExp(1, 50, 300)).toEqual({ level: 3, currentExp: 50 });
    expect(addExp(19, 0, 1_000_000)).toEqual({ level: 20, currentExp: 0 });
  });
});

import {
  absorbedExp,
  addExp,
  GEAR_MAX_LEVEL,
  GEAR_RARITIES,
  gearBaseExp,
  gearStatHundredths,
  gearStats,
  gearStatPercent,
  heldExp,
  requiredExp,
} from './gear';

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
    // Cities store commander boosts in hundredths of a percent: the same figure, unrounded.
    expect(gearStatHundredths('common', 2)).toBe(120);
    expect(gearStatHundredths('mythical', 20)).toBe(5760);
  });

  it('needs 100 × level experience per level, none at the maximum', () => {
    expect(requiredExp(1)).toBe(100);
    expect(requiredExp(7)).toBe(700);
    expect(requiredExp(GEAR_MAX_LEVEL)).toBe(0);
  });

  it('values a new gear as material by rarity and level', () => {
    expect(gearBaseExp('common', 1)).toBe(20);
    expect(gearBaseExp('epic', 2)).toBe(360);
    expect(gearBaseExp('mythical', 5)).toBe(8_100);
  });

  it('counts what a gear absorbs, not what is lost past level 20', () => {
    expect(heldExp(1, 0)).toBe(0);
    expect(heldExp(3, 50)).toBe(350);
    expect(heldExp(GEAR_MAX_LEVEL, 0)).toBe(19_000);
    expect(absorbedExp(1, 50, 300)).toBe(300);
    expect(absorbedExp(19, 1_000, 1_000_000)).toBe(900);
  });

  // Issue 18 measured +80, +420 and +40 for epic, legendary and mythical under the old rule (level × value).
  it('never gives back more experience than was invested, for every rarity and feeding', () => {
    for (const rarity of GEAR_RARITIES) {
      for (const fed of [1, 99, 100, 280, 1_500, 19_000, 50_000]) {
        for (const startLevel of [1, 5, 19]) {
          // A gear worth its base value is fed `fed` experience (material worth exactly that), then used as material itself.
          const invested = gearBaseExp(rarity, startLevel) + fed;
          const valueAfter = gearBaseExp(rarity, startLevel) + absorbedExp(startLevel, 0, fed);
          expect(valueAfter - invested).toBeLessThanOrEqual(0);
        }
      }
    }
    // The epic case: an Epic Lv.1 (180) fed 100 levels up to 2; it is worth 280 again, not 360.
    expect(gearBaseExp('epic', 1) + absorbedExp(1, 0, 100)).toBe(280);
  });

  it('levels up as far as the experience reaches and keeps the rest', () => {
    expect(addExp(1, 0, 99)).toEqual({ level: 1, currentExp: 99 });
    expect(addExp(1, 50, 300)).toEqual({ level: 3, currentExp: 50 });
    expect(addExp(19, 0, 1_000_000)).toEqual({ level: 20, currentExp: 0 });
  });
});

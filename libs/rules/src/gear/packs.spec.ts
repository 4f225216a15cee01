import { GEAR_CATEGORIES, GEAR_RARITIES, gearCategory } from './gear';
import { rnkValueOfSwapHive } from '../money/runik-value';
import { CATEGORY_ODDS, PACK_PRICES, packTier, RARITY_ODDS, rollPacks } from './packs';

describe('pack odds', () => {
  it('match the spec’s table over 100,000 seeded rolls (chi-square, 9 degrees of freedom, p = 0.001)', () => {
    const observed = new Map<string, number>();
    for (let purchase = 0; purchase < 10_000; purchase++) {
      for (const gear of rollPacks(purchase * 2_654_435_761, 10, 1)) {
        const cell = `${gear.category}/${gear.rarity}`;
        observed.set(cell, (observed.get(cell) ?? 0) + 1);
      }
    }
    let chiSquare = 0;
    for (const category of GEAR_CATEGORIES) {
      for (const rarity of GEAR_RARITIES) {
        const expected = (100_000 * CATEGORY_ODDS[category] * RARITY_ODDS[rarity]) / 1_000_000;
        chiSquare += ((observed.get(`${category}/${rarity}`) ?? 0) - expected) ** 2 / expected;
      }
    }
    expect(chiSquare).toBeLessThan(27.88);
  });

  it('spread each category evenly over its types', () => {
    const counts = new Map<string, number>();
    for (const gear of rollPacks(77, 70_000, 1)) counts.set(gear.type, (counts.get(gear.type) ?? 0) + 1);
    // 67% over 4 mayor types, 33% over 3 commander types.
    for (const type of ['wheat', 'lumber', 'stone', 'ore']) expect(counts.get(type)! / 70_000).toBeCloseTo(0.1675, 2);
    for (const type of ['infantry', 'archer', 'cavalry']) expect(counts.get(type)! / 70_000).toBeCloseTo(0.11, 2);
  });

  it('replays the same gears from the same seed, and gives each gear its type’s category', () => {
    const first = rollPacks(123_456_789, 10, 3);
    expect(rollPacks(123_456_789, 10, 3)).toEqual(first);
    expect(rollPacks(123_456_790, 10, 3)).not.toEqual(first);
    for (const gear of first) expect(gearCategory(gear.type)).toBe(gear.category);
  });

  it('counts the tier as 1 + floor(packs bought / 10), and gives pack gear the tier’s level up to 5', () => {
    expect([0, 9, 10, 19, 20, 105].map(packTier)).toEqual([1, 1, 2, 2, 3, 11]);
    expect(rollPacks(1, 1, 2)[0].level).toBe(2);
    expect(rollPacks(1, 1, 11)[0].level).toBe(5);
  });
});

describe('pack prices', () => {
  it('cost the same in SWAP.HIVE as in RUNIK at the reference rate', () => {
    for (const size of ['single', 'bulk'] as const) expect(rnkValueOfSwapHive(PACK_PRICES.hive[size])).toBe(PACK_PRICES.runik[size]);
  });
});

import { GEAR_STAT_KEYS, gearStats, productionStats } from '../gear/gear';
import { noResources, RESOURCE_KEYS, ResourceAmounts, UNIT_KEYS, UNLOCKS } from './balance-sheet';
import { recordOf } from './record-of';

// Type-level checks: the root typecheck (`npm run typecheck`, part of `npm test`) fails as soon as
// one of these records compiles, i.e. as soon as a resource record could miss or invent a key.

// @ts-expect-error a resource record missing `ore` does not compile
const missingOre: ResourceAmounts = { wheat: 1, lumber: 1, stone: 1 };
// @ts-expect-error a resource record with a key that is no resource (RUNIK is a currency) does not compile
const unknownKey: ResourceAmounts = { wheat: 1, lumber: 1, stone: 1, ore: 1, runik: 1 };
// @ts-expect-error recordOf's value has the type of its function, not any other
const wrongValue: Record<'wheat', string> = recordOf(['wheat'] as const, () => 0);

describe('resource records built from RESOURCE_KEYS', () => {
  it('keeps the type-level examples (they only exist for the typecheck)', () => {
    expect([missingOre, unknownKey, wrongValue]).toHaveLength(3);
  });

  it('recordOf builds exactly one entry per key, in the keys order', () => {
    const doubled = recordOf(RESOURCE_KEYS, (resource) => `${resource}×2`);
    expect(Object.keys(doubled)).toEqual([...RESOURCE_KEYS]);
    expect(doubled.ore).toBe('ore×2');
    expect(Object.keys(recordOf(UNIT_KEYS, () => 0))).toEqual([...UNIT_KEYS]);
  });

  it('every record derived from the keys has every resource and nothing else', () => {
    for (const record of [noResources(), UNLOCKS]) expect(Object.keys(record).sort()).toEqual([...RESOURCE_KEYS].sort());
    expect(Object.values(noResources())).toEqual(RESOURCE_KEYS.map(() => 0));
    expect(Object.values(UNLOCKS).every(Number.isInteger)).toBe(true);
  });

  it('names each resource production stat after the resource', () => {
    expect(productionStats(recordOf(RESOURCE_KEYS, () => 1))).toEqual(
      Object.fromEntries(RESOURCE_KEYS.map((resource) => [`${resource}Production`, 1])),
    );
    expect(GEAR_STAT_KEYS.filter((key) => key.endsWith('Production'))).toEqual(RESOURCE_KEYS.map((resource) => `${resource}Production`));
    expect(gearStats('ore', 'common', 1)).toMatchObject({ oreProduction: 1, wheatProduction: 0, infantryAttackBoost: 0 });
  });
});

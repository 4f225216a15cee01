import { noResources } from './balance-sheet';
import { militaryBuilding } from './buildings';
import { resourcesLeftShort, safeConversionAmount, TRAINING_RESERVE_INFANTRY, trainingReserve } from './training-reserve';

const held = (wheat: number, lumber: number, stone: number, ore: number) => ({
  ...noResources(),
  wheat: wheat * 1000,
  lumber: lumber * 1000,
  stone: stone * 1000,
  ore: ore * 1000,
});

describe('the training reserve a conversion should leave', () => {
  it('is what 5 infantry cost: 10 wheat, 5 lumber and 2.5 ore each, 2.5 minutes of training', () => {
    expect(TRAINING_RESERVE_INFANTRY).toBe(5);
    expect(trainingReserve()).toEqual({ wheat: 50_000, lumber: 25_000, stone: 0, ore: 12_500 });
    expect(militaryBuilding('quarters').trainingTime * TRAINING_RESERVE_INFANTRY).toBe(150);
  });

  it('suggests the most of each selected resource that keeps it, never below nothing', () => {
    expect(safeConversionAmount(['lumber', 'stone', 'ore'], held(1000, 1000, 1000, 1000))).toBe(975_000);
    expect(safeConversionAmount(['stone'], held(0, 0, 1000, 0))).toBe(1_000_000);
    expect(safeConversionAmount(['wheat'], held(40, 0, 0, 0))).toBe(0);
    expect(safeConversionAmount([], held(1000, 1000, 1000, 1000))).toBe(0);
  });

  it('names the selected resources an amount would leave short, stone never (infantry need none)', () => {
    const all = ['wheat', 'lumber', 'stone', 'ore'] as const;
    expect(resourcesLeftShort(all, 1000_000, held(1000, 1000, 1000, 1000))).toEqual(['wheat', 'lumber', 'ore']);
    expect(resourcesLeftShort(all, 950_000, held(1000, 1000, 1000, 1000))).toEqual([]);
    expect(resourcesLeftShort(['stone', 'ore'], 990_000, held(1000, 1000, 1000, 1000))).toEqual(['ore']);
  });
});

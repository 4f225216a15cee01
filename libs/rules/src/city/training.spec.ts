import {
  healingCost,
  maxTrainable,
  remainingMinutes,
  speedupCost,
  trainingBoostPercent,
  trainingCost,
  trainingDurationMs,
} from './training';

describe('training', () => {
  it('takes base time × count × (1 − 0.002 × level)', () => {
    expect(trainingDurationMs('quarters', 1, 10)).toBe(299_400); // 30 s × 10 × 0.998
    expect(trainingDurationMs('stables', 25, 3)).toBe(256_500); // 90 s × 3 × 0.95
  });

  it('shows a boost of 0.2% a level, at most 50%', () => {
    expect(trainingBoostPercent(1)).toBe(0.2);
    expect(trainingBoostPercent(30)).toBe(6);
    expect(trainingBoostPercent(400)).toBe(50);
  });

  it('costs unit cost × count rounded down to 2 decimals', () => {
    expect(trainingCost('quarters', 3)).toEqual({ wheat: 30_000, lumber: 15_000, stone: 0, ore: 7_500 });
    expect(trainingCost('archery', 1)).toEqual({ wheat: 8_000, lumber: 12_500, stone: 2_000, ore: 4_000 });
  });

  it('trains at most the lowest of held ÷ unit cost', () => {
    expect(maxTrainable('quarters', { wheat: 1_000_000, lumber: 1_000_000, stone: 0, ore: 1_000_000 })).toBe(100);
    expect(maxTrainable('quarters', { wheat: 1_000_000, lumber: 1_000_000, stone: 0, ore: 12_499 })).toBe(4);
    expect(maxTrainable('stables', { wheat: 0, lumber: 0, stone: 0, ore: 0 })).toBe(0);
  });

  it('heals for 25% of the training cost, rounded up to 2 decimals', () => {
    expect(healingCost({ infantry: 8, archers: 0, cavalries: 0 })).toEqual({ wheat: 20_000, lumber: 10_000, stone: 0, ore: 5_000 });
    // 1 infantry: 2.5 wheat, 1.25 lumber, 0.625 ore -> 0.63
    expect(healingCost({ infantry: 1, archers: 0, cavalries: 0 })).toEqual({ wheat: 2_500, lumber: 1_250, stone: 0, ore: 630 });
    // lumber: (5 + 12.5 + 10) × 25% = 6.875 -> 6.88
    expect(healingCost({ infantry: 1, archers: 1, cavalries: 1 })).toEqual({ wheat: 9_500, lumber: 6_880, stone: 1_750, ore: 4_750 });
  });

  it('counts remaining minutes rounded up', () => {
    expect(remainingMinutes(60_001, 0)).toBe(2);
    expect(remainingMinutes(60_000, 0)).toBe(1);
    expect(remainingMinutes(0, 5)).toBe(0);
  });
});

describe('speedupCost', () => {
  it('is 1 RUNIK a minute, in thousandths', () => {
    expect(speedupCost(0)).toBe(0);
    expect(speedupCost(1)).toBe(1_000);
    expect(speedupCost(50)).toBe(50_000);
  });
});

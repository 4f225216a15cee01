import {
  contributionOf,
  contributionWeight,
  EMISSION_POLICY,
  emissionAllowance,
  emissionBudget,
  emissionLeft,
  emissionShare,
  emissionSlices,
  NEWCOMER_CONTRIBUTION,
  provisionalBudget,
  sliceOf,
  EARN_BACK_FLOOR_DAYS,
  YOUNG_ACCOUNT_DAILY_SHARE,
  youngSince,
} from './emission';

const policy = { minimum: 2_000_000, ceiling: 100_000_000, surplusSharePercent: 3 };

describe('emissionBudget', () => {
  it('is the share of the surplus, within the minimum and the ceiling', () => {
    expect(emissionBudget({ treasuryRnk: 500_000_000, owed: 100_000_000 }, policy)).toBe(12_000_000);
    expect(emissionBudget({ treasuryRnk: 10_000_000_000, owed: 0 }, policy)).toBe(100_000_000);
    expect(emissionBudget({ treasuryRnk: 50_000_000, owed: 0 }, policy)).toBe(2_000_000);
  });

  it('never mints more than half the surplus (the reserve), whatever the minimum or the share, and nothing when the treasury owes more than it holds', () => {
    expect(emissionBudget({ treasuryRnk: 1_500_000, owed: 500_000 }, policy)).toBe(500_000);
    expect(emissionBudget({ treasuryRnk: 1_000_000, owed: 5_000_000 }, policy)).toBe(0);
    expect(emissionBudget({ treasuryRnk: 50_000_000, owed: 0 }, { ...policy, surplusSharePercent: 100 })).toBe(25_000_000);
    expect(emissionBudget({ treasuryRnk: 3_000_001, owed: 0 }, { ...policy, minimum: 90_000_000 })).toBe(1_500_000);
  });

  it('starts a day with the minimum, within half the surplus last estimated', () => {
    expect(provisionalBudget(null, policy)).toBe(2_000_000);
    expect(provisionalBudget(700_000, policy)).toBe(350_000);
    expect(provisionalBudget(-5, policy)).toBe(0);
    expect(provisionalBudget(9_000_000, policy)).toBe(2_000_000);
  });

  it('uses the rules policy by default', () => {
    expect(emissionBudget({ treasuryRnk: 0, owed: 0 })).toBe(0);
    expect(provisionalBudget(null)).toBe(EMISSION_POLICY.minimum);
  });
});

describe('shares and slices', () => {
  const cap = 300_000;
  it('values a harvest at the conversion rates, before tax, and counts a producer for at least a newcomer', () => {
    // 200 wheat, 160 lumber, 130 stone, 100 ore make 1 RUNIK each.
    expect(contributionOf({ wheat: 200_000, lumber: 160_000, stone: 130_000, ore: 100_000 })).toBe(4_000);
    expect(contributionWeight(0)).toBe(NEWCOMER_CONTRIBUTION);
    expect(contributionWeight(NEWCOMER_CONTRIBUTION * 3)).toBe(NEWCOMER_CONTRIBUTION * 3);
  });

  it('cuts the budget into producers, newcomers and releases that add up to it; without producers the newcomers take theirs', () => {
    expect(emissionSlices(10_000_000, 400_000)).toEqual({ producers: 8_000_000, newcomers: 1_000_000, releases: 1_000_000 });
    expect(emissionSlices(10_000_000, 0)).toEqual({ producers: 0, newcomers: 9_000_000, releases: 1_000_000 });
    expect(emissionSlices(7, 1)).toEqual({ producers: 7, newcomers: 0, releases: 0 });
    for (const budget of [0, 1, 999, 2_000_000, 123_456_789]) {
      const slices = emissionSlices(budget, 5);
      expect(slices.producers + slices.newcomers + slices.releases).toBe(budget);
    }
  });

  it("splits the producers' slice by weight, within the per-account cap; a newcomer gets what a producer of a newcomer's weight gets", () => {
    const slices = emissionSlices(12_500_000, 400_000);
    expect(emissionShare(slices, 100_000, 400_000, cap)).toBe(cap);
    expect(emissionShare(emissionSlices(1_250_000, 400_000), 100_000, 400_000, cap)).toBe(250_000);
    expect(emissionShare(emissionSlices(1_250_000, 400_000), null, 400_000, cap)).toBe(250_000);
    // No producers: every paid account is a newcomer, up to the cap within the newcomers' slice.
    expect(emissionShare(emissionSlices(1_000_000, 0), null, 0, cap)).toBe(cap);
    expect(emissionShare(emissionSlices(100_000, 0), null, 0, cap)).toBe(90_000);
    // k accounts of one contribution each get what one player with it gets.
    const one = emissionShare(emissionSlices(5_000_000, 1_000_000), 200_000, 1_000_000);
    expect(Array.from({ length: 3 }, () => emissionShare(emissionSlices(5_000_000, 1_000_000), 200_000, 1_000_000))).toEqual([
      one,
      one,
      one,
    ]);
  });

  it('draws producers from theirs and newcomers (no harvest yesterday, or no producers at all) from theirs', () => {
    expect(sliceOf(150_000, 400_000)).toBe('producers');
    expect(sliceOf(null, 400_000)).toBe('newcomers');
    expect(sliceOf(150_000, 0)).toBe('newcomers');
  });

  it('leaves the least of the share, the slice and the budget, naming the broadest cause of a tie', () => {
    const producers = { name: 'producers' as const, size: 8_000, used: 0 };
    expect(emissionLeft({ size: 300, used: 100 }, producers, { size: 10_000, used: 0 })).toEqual({ left: 200, limitedBy: 'share' });
    expect(emissionLeft({ size: 300, used: 0 }, producers, { size: 10_000, used: 9_900 })).toEqual({ left: 100, limitedBy: 'budget' });
    expect(emissionLeft({ size: 300, used: 400 }, producers, { size: 10_000, used: 0 })).toEqual({ left: 0, limitedBy: 'share' });
    expect(emissionLeft({ size: 300, used: 0 }, { name: 'newcomers', size: 1_000, used: 900 }, { size: 10_000, used: 0 })).toEqual({
      left: 100,
      limitedBy: 'newcomers',
    });
    expect(emissionLeft(null, { name: 'releases', size: 1_000, used: 1_000 }, { size: 10_000, used: 0 })).toEqual({
      left: 0,
      limitedBy: 'releases',
    });
    // A budget of 0 is the budget's doing, not the player's share.
    expect(emissionLeft({ size: 0, used: 0 }, { ...producers, size: 0 }, { size: 0, used: 0 })).toEqual({ left: 0, limitedBy: 'budget' });
  });

  it("gives each drawer its slice's allowance from the day's state", () => {
    const day = { budget: 10_000_000, totalWeight: 1_000_000, used: { producers: 0, newcomers: 950_000, releases: 700_000 } };
    expect(emissionAllowance(day, { weight: 200_000, drawn: 100_000, young: false })).toEqual({
      slice: 'producers',
      share: 300_000,
      left: 200_000,
      limitedBy: 'share',
    });
    expect(emissionAllowance(day, { weight: null, drawn: 0, young: false })).toEqual({
      slice: 'newcomers',
      share: 300_000,
      left: 50_000,
      limitedBy: 'newcomers',
    });
    // A young account (paid in the last 21 game days) draws at most YOUNG_ACCOUNT_DAILY_SHARE a day, whatever its weight.
    expect(emissionAllowance(day, { weight: 200_000, drawn: 10_000, young: true })).toEqual({
      slice: 'producers',
      share: YOUNG_ACCOUNT_DAILY_SHARE,
      left: YOUNG_ACCOUNT_DAILY_SHARE - 10_000,
      limitedBy: 'young',
    });
    expect(emissionAllowance(day, { weight: 200_000, drawn: 0, young: true }, 50_000).share).toBe(50_000);
    // Named only when the young cap, not the share the slices give, is what bounds: a share under it is the share's.
    expect(emissionAllowance(day, { weight: 200_000, drawn: 0, young: true }, 400_000)).toMatchObject({
      share: 300_000,
      limitedBy: 'share',
    });
    expect(emissionAllowance(day, 'release')).toEqual({ slice: 'releases', share: null, left: 300_000, limitedBy: 'releases' });
    expect(
      emissionAllowance(
        { budget: 0, totalWeight: 0, used: { producers: 0, newcomers: 0, releases: 0 } },
        { weight: null, drawn: 0, young: false },
      ).limitedBy,
    ).toBe('budget');
  });
});

describe('young accounts (the earn-back floor)', () => {
  it('caps a young share so that the registration fee (400 RUNIK) comes back in 21 game days at the soonest', () => {
    expect(YOUNG_ACCOUNT_DAILY_SHARE * EARN_BACK_FLOOR_DAYS).toBeLessThan(400_000);
    expect(YOUNG_ACCOUNT_DAILY_SHARE * (EARN_BACK_FLOOR_DAYS + 1)).toBeGreaterThanOrEqual(400_000);
  });

  it('counts an account young from the start of the game day it was paid on, for 21 game days (08:00 Manila is 00:00 UTC)', () => {
    const now = Date.UTC(2026, 11, 22, 5, 30);
    expect(youngSince(now).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    // Before 08:00 in Manila it is still the previous game day.
    expect(youngSince(Date.UTC(2026, 11, 22, 0, 0) - 1).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });
});

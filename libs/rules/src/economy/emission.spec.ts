import {
  contributionOf,
  contributionWeight,
  EMISSION_POLICY,
  emissionBudget,
  emissionLeft,
  emissionShare,
  NEWCOMER_CONTRIBUTION,
  provisionalBudget,
} from './emission';

const policy = { minimum: 2_000_000, ceiling: 100_000_000, surplusSharePercent: 3 };

describe('emissionBudget', () => {
  it('is the share of the surplus, within the minimum and the ceiling', () => {
    expect(emissionBudget({ treasuryRnk: 500_000_000, owed: 100_000_000 }, policy)).toBe(12_000_000);
    expect(emissionBudget({ treasuryRnk: 10_000_000_000, owed: 0 }, policy)).toBe(100_000_000);
    expect(emissionBudget({ treasuryRnk: 50_000_000, owed: 0 }, policy)).toBe(2_000_000);
  });

  it('never mints more than half the surplus for the minimum, and nothing when the treasury owes more than it holds', () => {
    expect(emissionBudget({ treasuryRnk: 1_500_000, owed: 500_000 }, policy)).toBe(500_000);
    expect(emissionBudget({ treasuryRnk: 1_000_000, owed: 5_000_000 }, policy)).toBe(0);
  });

  it('starts a day with the minimum, within half the surplus last measured', () => {
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

describe('shares', () => {
  it('values a harvest at the conversion rates, before tax, and counts a producer for at least a newcomer', () => {
    // 200 wheat, 160 lumber, 130 stone, 100 ore make 1 RUNIK each.
    expect(contributionOf({ wheat: 200_000, lumber: 160_000, stone: 130_000, ore: 100_000 })).toBe(4_000);
    expect(contributionWeight(0)).toBe(NEWCOMER_CONTRIBUTION);
    expect(contributionWeight(NEWCOMER_CONTRIBUTION * 3)).toBe(NEWCOMER_CONTRIBUTION * 3);
  });

  it('splits the budget by weight, within the per-account cap; the first day (no weights) gives each the cap', () => {
    expect(emissionShare(10_000_000, 100_000, 400_000, 300_000)).toBe(300_000);
    expect(emissionShare(1_000_000, 100_000, 400_000, 300_000)).toBe(250_000);
    expect(emissionShare(1_000_000, 100_000, 0, 300_000)).toBe(300_000);
    // A weight left out of the total (a newcomer) is counted against it, never over the whole budget.
    expect(emissionShare(1_000, 5_000, 0 + 1, 300_000)).toBe(1_000);
    // k accounts of one contribution each get what one player with it gets.
    const one = emissionShare(5_000_000, 200_000, 1_000_000);
    expect(Array.from({ length: 3 }, () => emissionShare(5_000_000, 200_000, 1_000_000))).toEqual([one, one, one]);
  });

  it('leaves the smaller of the share and the budget, saying which', () => {
    expect(emissionLeft({ size: 300, used: 100 }, { size: 10_000, used: 0 })).toEqual({ left: 200, limitedBy: 'share' });
    expect(emissionLeft({ size: 300, used: 0 }, { size: 10_000, used: 9_900 })).toEqual({ left: 100, limitedBy: 'budget' });
    expect(emissionLeft({ size: 300, used: 400 }, { size: 10_000, used: 0 })).toEqual({ left: 0, limitedBy: 'share' });
  });
});

import { maxEqualSplit, previewToRunik, runikCostOf } from './conversion';

const held = { wheat: 1_000_000, lumber: 500_500, stone: 990, ore: 0 };

describe('resources to RUNIK', () => {
  it('converts the amount of each selected resource at its rate, less 10% tax', () => {
    // 100 wheat / 200 + 100 lumber / 160 = 0.5 + 0.625 = 1.125 gross; 1.0125 net -> 1.012
    const preview = previewToRunik(['wheat', 'lumber'], 100_000, held);
    expect(preview).toEqual({
      runikAfterTax: 1_012,
      tax: 113,
      taxRatePercent: 10,
      maxAmount: 500_500,
      resourceAmounts: { wheat: 100_000, lumber: 100_000 },
      feasible: true,
    });
  });

  it('reports the maximum (2 decimals) and infeasible amounts', () => {
    expect(previewToRunik(['wheat', 'lumber'], 600_000, held).feasible).toBe(false);
    expect(previewToRunik(['wheat'], 1_000_000, held).feasible).toBe(true);
    expect(previewToRunik([], 1_000, held)).toMatchObject({ feasible: false, maxAmount: 0, runikAfterTax: 0 });
    // 0.99 stone is not selectable, whatever the amount.
    expect(previewToRunik(['stone'], 500, held).feasible).toBe(false);
  });

  it('rounds gains down and keeps gross = net + tax', () => {
    const preview = previewToRunik(['stone'], 10, { ...held, stone: 5_000 });
    // 0.01 stone / 130 = 0.0000769 RUNIK: nothing after rounding.
    expect(preview.runikAfterTax + preview.tax).toBe(0);
  });
});

describe('RUNIK to resources', () => {
  it('costs the amounts at the rates, rounded up to a thousandth', () => {
    expect(runikCostOf({ wheat: 200_000, lumber: 16_000 })).toBe(1_100);
    expect(runikCostOf({ stone: 10 })).toBe(1); // 0.0000769 -> 0.001
  });

  it('splits RUNIK equally among the unlocked resources for Max Equal, never over budget', () => {
    const split = maxEqualSplit(10_000, ['wheat', 'lumber']);
    expect(split).toEqual({ wheat: 1_000_000, lumber: 800_000 });
    expect(runikCostOf(split)).toBeLessThanOrEqual(10_000);
    const odd = maxEqualSplit(1_001, ['wheat', 'lumber', 'stone']);
    expect(runikCostOf(odd)).toBeLessThanOrEqual(1_001);
    expect(maxEqualSplit(5_000, [])).toEqual({});
  });
});

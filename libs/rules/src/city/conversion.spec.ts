import {
  CONVERSION_TERMS,
  conversionLeftToday,
  DAILY_CONVERSION_CAP_RUNIK,
  maxEqualSplit,
  previewToRunik,
  runikCostOf,
} from './conversion';

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

describe('the daily conversion cap', () => {
  const plenty = { wheat: 1_000_000_000, lumber: 1_000_000_000, stone: 1_000_000_000, ore: 1_000_000_000 };

  it('is 300 RUNIK after tax a day; what is left never goes below zero', () => {
    expect(DAILY_CONVERSION_CAP_RUNIK).toBe(300_000);
    expect(conversionLeftToday(0)).toBe(300_000);
    expect(conversionLeftToday(299_999)).toBe(1);
    expect(conversionLeftToday(400_000)).toBe(0);
  });

  it('lowers maxAmount to the largest amount whose RUNIK after tax fits what is left today', () => {
    // Wheat alone: 0.0045 RUNIK after tax per unit, rounded down, so 66,666.88 wheat still gives 300 RUNIK.
    const full = previewToRunik(['wheat'], 1_000, plenty, CONVERSION_TERMS, 300_000);
    expect(full.maxAmount).toBe(66_666_880);
    expect(previewToRunik(['wheat'], full.maxAmount, plenty, CONVERSION_TERMS, 300_000).runikAfterTax).toBeLessThanOrEqual(300_000);
    expect(previewToRunik(['wheat'], full.maxAmount + 10, plenty, CONVERSION_TERMS, 300_000).runikAfterTax).toBeGreaterThan(300_000);
    for (const selected of [['wheat', 'ore'], ['lumber', 'stone', 'ore'], ['stone']] as const) {
      for (const left of [1, 999, 12_345, 300_000]) {
        const { maxAmount } = previewToRunik(selected, 10, plenty, CONVERSION_TERMS, left);
        expect(previewToRunik(selected, maxAmount, plenty, CONVERSION_TERMS, left).runikAfterTax).toBeLessThanOrEqual(left);
        expect(previewToRunik(selected, maxAmount + 10, plenty, CONVERSION_TERMS, left).runikAfterTax).toBeGreaterThan(left);
      }
    }
  });

  it('keeps the held maximum when it is the smaller, and allows only dust once the cap is spent', () => {
    expect(previewToRunik(['wheat', 'lumber'], 100_000, held, CONVERSION_TERMS, 300_000).maxAmount).toBe(500_500);
    // Nothing left: only amounts worth less than a thousandth of RUNIK (0.22 wheat) remain convertible.
    expect(previewToRunik(['wheat'], 1_000, plenty, CONVERSION_TERMS, 0).maxAmount).toBe(220);
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

import { formatDecimal, parseDecimal, truncateUnits } from './amount';

describe('parseDecimal', () => {
  it.each([
    ['0', 0],
    ['12', 12_000],
    ['0.5', 500],
    ['3.125', 3125],
    ['9007199254740.991', 9_007_199_254_740_991],
  ])('parses %s', (text, units) => expect(parseDecimal(text)).toBe(units));

  it.each(['', '-1', '+1', '1e3', '1.2345', '01', '.5', '5.', ' 1', 'NaN', 'Infinity', '9007199254740.992', '0x10'])('refuses %j', (text) =>
    expect(parseDecimal(text)).toBeNull(),
  );

  it('honours other precisions', () => {
    expect(parseDecimal('1.23456789', 8)).toBe(123_456_789);
    expect(parseDecimal('1.5', 0)).toBeNull();
  });
});

describe('formatDecimal', () => {
  it('pads and signs', () => {
    expect(formatDecimal(0)).toBe('0.000');
    expect(formatDecimal(1_500)).toBe('1.500');
    expect(formatDecimal(-25)).toBe('-0.025');
    expect(formatDecimal(123_456_789n, 8)).toBe('1.23456789');
    expect(formatDecimal(7, 0)).toBe('7');
  });
});

describe('truncateUnits', () => {
  it('rounds toward zero to the shown precision', () => {
    expect(truncateUnits(1_239, 3, 2)).toBe(1_230);
    expect(truncateUnits(1_999, 3, 0)).toBe(1_000);
  });
});

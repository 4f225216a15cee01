import { describe, expect, it } from 'vitest';
import { isAmountDraft, parseAmountInput, parseWholeNumber, toDecimalString } from './city-format';

describe('amount fields', () => {
  it.each(['', '1', '12.', '.5', '0.25', '007'])('let %j be typed with 2 decimals', (text) => expect(isAmountDraft(text, 2)).toBe(true));
  it.each(['1.234', '-1', '1e3', '1,5', ' 1', 'abc', '1.2.3'])('refuse %j with 2 decimals', (text) =>
    expect(isAmountDraft(text, 2)).toBe(false),
  );

  it('parse what players type into thousandths', () => {
    expect(parseAmountInput('12.5', 2)).toBe(12_500);
    expect(parseAmountInput('007', 2)).toBe(7_000);
    expect(parseAmountInput('5.', 2)).toBe(5_000);
    expect(parseAmountInput('.25', 2)).toBe(250);
    expect(parseAmountInput('', 2)).toBeNull();
    expect(parseAmountInput('.', 2)).toBeNull();
    expect(parseAmountInput('1.234', 2)).toBeNull();
    expect(parseAmountInput('99999999999999999', 2)).toBeNull();
  });

  it('parse whole numbers only for troops and minutes', () => {
    expect(parseWholeNumber('12')).toBe(12);
    expect(parseWholeNumber('1.5')).toBeNull();
    expect(parseWholeNumber('')).toBeNull();
  });

  it('write thousandths with the given decimals, rounded down', () => {
    expect(toDecimalString(123_456, 1)).toBe('123.4');
    expect(toDecimalString(123_456, 2)).toBe('123.45');
    expect(toDecimalString(5, 2)).toBe('0.00');
    expect(toDecimalString(1_000_000, 2)).toBe('1000.00');
  });
});

import {
  formatAmount,
  formatChainQuantity,
  formatCount,
  formatPercent,
  formatPoints,
  formatPowerPoints,
  formatResource,
  formatResourceDecimal,
  formatRunik,
  formatRunikBrief,
  formatRunikBriefDecimal,
  formatRunikDecimal,
  formatSwapHive,
} from './display';

describe('the one number format', () => {
  it('groups thousands with "," and keeps the fixed decimals', () => {
    expect(formatRunik(30_446_600)).toBe('30,446.600');
    expect(formatResource(30_446_600)).toBe('30,446.60');
    expect(formatSwapHive(1_000)).toBe('1.000');
    expect(formatRunik(25_000_000)).toBe('25,000.000');
    expect(formatResource(999_999)).toBe('999.99');
    expect(formatRunik(1_000_000)).toBe('1,000.000');
  });

  it('shows zero with its decimals', () => {
    expect(formatRunik(0)).toBe('0.000');
    expect(formatResource(0)).toBe('0.00');
    expect(formatCount(0)).toBe('0');
    expect(formatPoints(0)).toBe('0');
  });

  it('rounds down, never up, also below zero', () => {
    expect(formatResource(999)).toBe('0.99');
    expect(formatResource(1_234_569)).toBe('1,234.56');
    expect(formatRunik(1_234.9)).toBe('1.234');
    expect(formatResource(-1)).toBe('-0.01');
    expect(formatResource(-1_234_560)).toBe('-1,234.56');
    expect(formatRunik(-1_234_567)).toBe('-1,234.567');
    expect(formatCount(-1_200)).toBe('-1,200');
  });

  it('is exact up to Number.MAX_SAFE_INTEGER units and beyond with bigint', () => {
    expect(formatRunik(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740.991');
    expect(formatResource(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740.99');
    expect(formatCount(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991');
    expect(formatRunik(123_456_789_012_345_678_901n)).toBe('123,456,789,012,345,678.901');
    expect(formatResource(-5n)).toBe('-0.01');
  });

  it('counts whole things with separators', () => {
    expect(formatCount(1_200)).toBe('1,200');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1_000_000)).toBe('1,000,000');
  });

  it('shows army power as whole power points, a thousand to the rules’ unit (an infantry is 10)', () => {
    expect(formatPowerPoints(0.01)).toBe('10');
    expect(formatPowerPoints(0.478)).toBe('478');
    expect(formatPowerPoints(0.191)).toBe('191');
    expect(formatPowerPoints(1234.567)).toBe('1,234,567');
    expect(formatPowerPoints(0)).toBe('0');
  });

  it('drops .000 from whole RUNIK outside money forms, never part of a fraction', () => {
    expect(formatRunikBrief(25_000_000)).toBe('25,000');
    expect(formatRunikBrief(12_500)).toBe('12.500');
    expect(formatRunikBrief(1)).toBe('0.001');
    expect(formatRunikBriefDecimal(0.5)).toBe('0.500');
    expect(formatRunikBriefDecimal(100)).toBe('100');
  });

  it('drops trailing zeros for points and percents only', () => {
    expect(formatPoints(61_500)).toBe('61.5');
    expect(formatPoints(40_000)).toBe('40');
    expect(formatPoints(1_234_567)).toBe('1,234.567');
    expect(formatPercent(100 / 3)).toBe('33.33%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(1.2)).toBe('1.2%');
    expect(formatPercent(1234.5)).toBe('1,234.5%');
  });

  it('takes any minor unit and shown precision', () => {
    expect(formatAmount(123_456_789, { decimals: 8, shown: 3 })).toBe('1.234');
    expect(formatAmount(12, { decimals: 0, shown: 3 })).toBe('12');
  });

  it('shows a chain quantity with three decimals, rounded down', () => {
    expect(formatChainQuantity('1.00000000')).toBe('1.000');
    expect(formatChainQuantity('12345.67899999')).toBe('12,345.678');
    expect(formatChainQuantity('25')).toBe('25.000');
    expect(formatChainQuantity('2.5')).toBe('2.500');
    expect(formatChainQuantity('not a number')).toBe('not a number');
  });
});

describe('the API decimal amounts', () => {
  it('are shown exactly as their thousandths are', () => {
    expect(formatRunikDecimal(1234.5)).toBe(formatRunik(1_234_500));
    expect(formatRunikDecimal(0.1 + 0.2)).toBe('0.300');
    expect(formatResourceDecimal(30446.6)).toBe('30,446.60');
    expect(formatResourceDecimal(12.345)).toBe('12.34');
  });
});

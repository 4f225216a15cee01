import { formatCountdown, formatResource, formatRunik } from './display';
import { ceilTo, floorTo, fromThousandths, toThousandths } from './fixed-point';

describe('display rounding', () => {
  it('shows resources rounded down to 2 decimals and RUNIK to 3', () => {
    expect(formatResource(1_234_567)).toBe('1234.56');
    expect(formatResource(999)).toBe('0.99');
    expect(formatRunik(1_234_567)).toBe('1234.567');
    expect(formatRunik(0)).toBe('0.000');
  });

  it('counts down as h:mm:ss', () => {
    expect(formatCountdown(4 * 3_600_000)).toBe('4:00:00');
    expect(formatCountdown(61_001)).toBe('0:01:02');
    expect(formatCountdown(-5)).toBe('0:00:00');
    expect(formatCountdown(30 * 3_600_000 + 59_000)).toBe('30:00:59');
  });

  it('converts at the boundary and rounds in the right direction', () => {
    expect(toThousandths(12.345)).toBe(12_345);
    expect(fromThousandths(12_345)).toBe(12.345);
    expect(floorTo(12_349, 2)).toBe(12_340);
    expect(ceilTo(12_341, 2)).toBe(12_350);
    expect(ceilTo(12_340, 2)).toBe(12_340);
  });
});

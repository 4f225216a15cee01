import { formatCountdown } from './display';
import { ceilTo, floorTo, fromThousandths, toThousandths } from './fixed-point';

describe('city display', () => {
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

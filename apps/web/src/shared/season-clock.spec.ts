import { describe, expect, it } from 'vitest';
import { countdownTo, formatCountdownParts, formatSeasonDate } from './season-clock';

const END = Date.parse('2026-11-16T00:00:00.000Z'); // 08:00 in Manila

describe('countdownTo', () => {
  it('splits what is left into days, hours, minutes and seconds', () => {
    const now = END - (3 * 86_400 + 4 * 3600 + 5 * 60 + 6) * 1000;
    expect(countdownTo(END, now)).toEqual({ days: 3, hours: 4, minutes: 5, seconds: 6 });
  });

  it('rounds a part of a second up, and is over at the end itself', () => {
    expect(countdownTo(END, END - 1)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
    expect(countdownTo(END, END)).toBeNull();
    expect(countdownTo(END, END + 5_000)).toBeNull();
  });

  it('has no countdown to an invalid date', () => {
    expect(countdownTo(Number.NaN, END)).toBeNull();
  });
});

describe('formatCountdownParts', () => {
  it('pads hours, minutes and seconds to two digits, days not', () => {
    expect(formatCountdownParts({ days: 12, hours: 4, minutes: 0, seconds: 9 })).toBe('12d 04h 00m 09s');
    expect(formatCountdownParts({ days: 0, hours: 23, minutes: 59, seconds: 59 })).toBe('0d 23h 59m 59s');
  });
});

describe('formatSeasonDate', () => {
  it('shows the instant on the Manila clock (UTC+8), whatever the machine’s zone', () => {
    expect(formatSeasonDate(END)).toBe('Nov 16, 2026, 08:00');
    // 16:30 UTC on the last day of a month is already the next month in Manila.
    expect(formatSeasonDate(Date.parse('2026-11-30T16:30:00.000Z'))).toBe('Dec 1, 2026, 00:30');
  });

  it('has no date for an invalid instant', () => {
    expect(formatSeasonDate(Number.NaN)).toBeNull();
  });
});

import { isBelowRefundMinimum, REFUND_MINIMUM_QUANTITY, REFUNDS_PER_SENDER_PER_DAY, refundTimes } from './refunds';

describe('the refund minimum', () => {
  it('keeps dust under 0.01 of a token and refunds from 0.01 up', () => {
    expect(REFUND_MINIMUM_QUANTITY).toBe('0.01');
    expect(isBelowRefundMinimum('0.00000001')).toBe(true);
    expect(isBelowRefundMinimum('0.009')).toBe(true);
    expect(isBelowRefundMinimum('0.00999999')).toBe(true);
    expect(isBelowRefundMinimum('0.01')).toBe(false);
    expect(isBelowRefundMinimum('0.010')).toBe(false);
    expect(isBelowRefundMinimum('5.000')).toBe(false);
  });

  it('never calls a quantity it cannot read dust', () => {
    expect(isBelowRefundMinimum('')).toBe(false);
    expect(isBelowRefundMinimum('0.000000001')).toBe(false);
    expect(isBelowRefundMinimum('-1')).toBe(false);
  });
});

describe('when held refunds may go', () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const now = 100 * DAY;

  it('lets refunds go now while the sender has room, then each when a refund of the last day leaves the count', () => {
    // Ten refunds signed 20 hours ago down to 11 hours ago, an hour apart: the day is full.
    const started = Array.from({ length: 10 }, (_, index) => now - (20 - index) * HOUR);
    expect(REFUNDS_PER_SENDER_PER_DAY).toBe(10);
    expect(refundTimes(started, 3, now, DAY)).toEqual([now + 4 * HOUR, now + 5 * HOUR, now + 6 * HOUR]);
    // Seven in the last day, one older: three go now, the fourth when the oldest counted leaves.
    const seven = [now - 30 * HOUR, ...started.slice(3)];
    expect(refundTimes(seven, 4, now, DAY)).toEqual([now, now, now, now + 7 * HOUR]);
    expect(refundTimes([], 2, now, DAY)).toEqual([now, now]);
  });

  it("counts the refunds it lets go: past the next day's ten, one waits a day more", () => {
    const started = Array.from({ length: 10 }, () => now - HOUR);
    const times = refundTimes(started, 21, now, DAY);
    expect(times.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => now + 23 * HOUR));
    expect(times.slice(10, 20)).toEqual(Array.from({ length: 10 }, () => now + 47 * HOUR));
    expect(times[20]).toBe(now + 71 * HOUR);
  });

  it('agrees with the settlement at the boundary: a refund signed exactly a window ago no longer counts', () => {
    const started = [now - DAY, ...Array.from({ length: 9 }, () => now - HOUR)];
    expect(refundTimes(started, 2, now, DAY)).toEqual([now, now + 23 * HOUR]);
  });
});

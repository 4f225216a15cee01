import { gameDay } from '../citadel/citadel';
import { capRemaining, coverageAllows } from './withdrawal-limits';

describe('gameDay', () => {
  it('runs from 08:00 to 08:00 in Manila (00:00 UTC)', () => {
    const day = gameDay(Date.parse('2026-03-01T12:00:00Z'));
    expect(day).toEqual({ start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-03-02T00:00:00Z') });
  });

  it('puts 07:59:59 Manila in the day before, and 08:00 in the new one', () => {
    expect(gameDay(Date.parse('2026-02-28T23:59:59.999Z')).start).toEqual(new Date('2026-02-28T00:00:00Z'));
    expect(gameDay(Date.parse('2026-03-01T00:00:00Z')).start).toEqual(new Date('2026-03-01T00:00:00Z'));
  });

  it('crosses month ends and leap days', () => {
    expect(gameDay(Date.parse('2028-02-29T18:00:00Z'))).toEqual({ start: new Date('2028-02-29T00:00:00Z'), end: new Date('2028-03-01T00:00:00Z') });
    expect(gameDay(Date.parse('2026-12-31T23:00:00Z'))).toEqual({ start: new Date('2026-12-31T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
  });
});

describe('capRemaining', () => {
  it('is what the day left of the cap, never negative', () => {
    expect(capRemaining(10_000, 4_000)).toBe(6_000);
    expect(capRemaining(10_000, 12_000)).toBe(0);
  });
});

describe('coverageAllows', () => {
  // Floor 0.5: the RNK left must be at least half of what is still owed.
  const half = 5_000;

  it('compares the RNK left after the withdrawal with the floor times what is owed after it', () => {
    const figures = { treasuryRnk: 600_000, committed: 0, owed: 1_000_000 };
    // 600 - 200 = 400 RNK left >= 0.5 x 800 owed.
    expect(coverageAllows(figures, 200_000, half)).toBe(true);
    // 600 - 201 = 399 < 0.5 x 799.
    expect(coverageAllows(figures, 201_000, half)).toBe(false);
  });

  it('counts withdrawals already on their way as spent', () => {
    expect(coverageAllows({ treasuryRnk: 600_000, committed: 1, owed: 1_000_000 }, 200_000, half)).toBe(false);
  });

  it('never lets more go than the game account holds, whatever the floor', () => {
    expect(coverageAllows({ treasuryRnk: 100_000, committed: 0, owed: 100_000 }, 100_001, 0)).toBe(false);
    expect(coverageAllows({ treasuryRnk: 100_000, committed: 0, owed: 100_000 }, 100_000, 10_000)).toBe(true);
  });

  it('stays exact on large amounts', () => {
    // Floor 1: 2^52 RNK left against 2^52 owed passes; one thousandth less does not.
    const owed = 2 ** 52 + 1;
    expect(coverageAllows({ treasuryRnk: owed, committed: 0, owed }, 1, 10_000)).toBe(true);
    expect(coverageAllows({ treasuryRnk: owed - 1, committed: 0, owed }, 1, 10_000)).toBe(false);
  });
});

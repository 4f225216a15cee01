import { capRemaining, coverageAllows, releasableOfLine, withdrawalPlace } from './withdrawal-limits';

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

describe('the line of withdrawals', () => {
  const floorOne = (treasuryRnk: number, owed: number) => ({ floor: 10_000, figures: { treasuryRnk, committed: 0, owed } });

  it('sends a withdrawal now only when nobody waits, the game cap has room and the floor holds', () => {
    expect(withdrawalPlace(1_000, false, { gameLeft: 1_000, coverage: null })).toBe('pending');
    expect(withdrawalPlace(1_000, true, { gameLeft: 5_000, coverage: null })).toBe('queued');
    expect(withdrawalPlace(1_001, false, { gameLeft: 1_000, coverage: null })).toBe('queued');
    expect(withdrawalPlace(1_000, false, { gameLeft: 5_000, coverage: floorOne(9_999, 10_000) })).toBe('queued');
    expect(withdrawalPlace(1_000, false, { gameLeft: 5_000, coverage: floorOne(10_000, 10_000) })).toBe('pending');
  });

  it('lets the line go oldest first, stopping at the first that does not fit', () => {
    expect(releasableOfLine([4_000, 3_000, 500], { gameLeft: 5_000, coverage: null })).toBe(1); // the 500 does not jump the 3,000
    expect(releasableOfLine([4_000, 1_000], { gameLeft: 5_000, coverage: null })).toBe(2);
    // Each one let go is spoken for: 10,000 held against 10,000 owed lets all go at floor 1, 9,999 none.
    expect(releasableOfLine([6_000, 4_000], { gameLeft: Infinity, coverage: floorOne(10_000, 10_000) })).toBe(2);
    expect(releasableOfLine([6_000, 4_000], { gameLeft: Infinity, coverage: floorOne(9_999, 10_000) })).toBe(0);
  });
});

import { currentOrNextWar, warAfter, warDaysOfMonth, warSchedule, winningSlot } from './calendar';

const utc = (iso: string) => Date.parse(`${iso}Z`);

describe('throne war calendar', () => {
  it.each([
    { year: 2028, month: 1, days: [15, 29], label: 'February of a leap year' },
    { year: 2027, month: 1, days: [15, 28], label: 'February of a common year' },
    { year: 2100, month: 1, days: [15, 28], label: 'February of a century that is not a leap year' },
    { year: 2026, month: 3, days: [15, 30], label: 'a 30-day month' },
    { year: 2026, month: 0, days: [15, 31], label: 'a 31-day month' },
  ])('holds wars on the 15th and the last day in $label', ({ year, month, days }) => {
    expect(warDaysOfMonth(year, month)).toEqual(days);
  });

  it('opens voting at 00:01 UTC the day before, closes it as the war day begins, and starts slots on the hour', () => {
    const war = warSchedule('2028-02-29');
    expect(war.votingOpensAt.toISOString()).toBe('2028-02-28T00:01:00.000Z');
    expect(war.votingClosesAt.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(Object.fromEntries(Object.entries(war.slotStarts).map(([slot, at]) => [slot, at.toISOString()]))).toEqual({
      '1:00': '2028-02-29T01:00:00.000Z',
      '7:00': '2028-02-29T07:00:00.000Z',
      '13:00': '2028-02-29T13:00:00.000Z',
      '19:00': '2028-02-29T19:00:00.000Z',
    });
  });

  it('opens voting the day before at the year end and in January', () => {
    expect(warSchedule('2026-12-31').votingOpensAt.toISOString()).toBe('2026-12-30T00:01:00.000Z');
    expect(warSchedule('2027-01-15').votingOpensAt.toISOString()).toBe('2027-01-14T00:01:00.000Z');
  });

  it.each([
    { now: '2026-11-21T10:00:00', war: '2026-11-30' },
    { now: '2026-11-15T23:59:59', war: '2026-11-15' },
    { now: '2026-11-16T00:00:00', war: '2026-11-30' },
    { now: '2027-02-16T00:00:00', war: '2027-02-28' },
    { now: '2028-02-28T12:00:00', war: '2028-02-29' },
    { now: '2026-12-31T18:00:00', war: '2026-12-31' },
    { now: '2027-01-01T00:00:00', war: '2027-01-15' },
  ])('at $now the current or next war is on $war', ({ now, war }) => {
    expect(currentOrNextWar(utc(now)).warDate).toBe(war);
  });

  it('steps from war to war across the year end', () => {
    expect(warAfter('2026-12-15').warDate).toBe('2026-12-31');
    expect(warAfter('2026-12-31').warDate).toBe('2027-01-15');
    expect(warAfter('2028-02-15').warDate).toBe('2028-02-29');
  });

  it('starts the battle at the slot with the most votes; a tie goes to the earliest; no votes to 13:00', () => {
    expect(winningSlot({ '7:00': 2, '19:00': 3 })).toBe('19:00');
    expect(winningSlot({ '1:00': 1, '13:00': 2, '19:00': 2 })).toBe('13:00');
    expect(winningSlot({})).toBe('13:00');
  });
});

import { gameDay, gameDayKey } from './game-day';

describe('the game day', () => {
  it('runs from 08:00 to 08:00 in Manila (00:00 UTC)', () => {
    const day = gameDay(Date.parse('2026-03-01T12:00:00Z'));
    expect(day).toEqual({ start: new Date('2026-03-01T00:00:00Z'), end: new Date('2026-03-02T00:00:00Z') });
  });

  it('puts 07:59:59 Manila in the day before, and 08:00 in the new one', () => {
    expect(gameDay(Date.parse('2026-02-28T23:59:59.999Z')).start).toEqual(new Date('2026-02-28T00:00:00Z'));
    expect(gameDay(Date.parse('2026-03-01T00:00:00Z')).start).toEqual(new Date('2026-03-01T00:00:00Z'));
  });

  it('crosses month ends and leap days', () => {
    expect(gameDay(Date.parse('2028-02-29T18:00:00Z'))).toEqual({
      start: new Date('2028-02-29T00:00:00Z'),
      end: new Date('2028-03-01T00:00:00Z'),
    });
    expect(gameDay(Date.parse('2026-12-31T23:00:00Z'))).toEqual({
      start: new Date('2026-12-31T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('starts the day at 08:00 Manila (00:00 UTC), the day before until then', () => {
    expect(gameDay(Date.parse('2026-11-26T03:00:00Z')).start.toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(gameDay(Date.parse('2026-03-01T23:59:59Z')).start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(gameDay(Date.parse('2028-02-29T00:00:00Z')).start.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(gameDay(Date.parse('2028-02-28T12:00:00Z')).end.toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('is keyed by the Manila date it started on', () => {
    expect(gameDayKey(Date.parse('2026-11-26T23:59:59Z'))).toBe('2026-11-26');
    expect(gameDayKey(Date.parse('2026-11-27T00:00:00Z'))).toBe('2026-11-27');
  });

  it('answers the same whatever was asked before it (the last day is kept)', () => {
    // Each instant asked twice, after an instant of another day, of the same day, and around the day's two edges.
    const instants = [
      '2026-03-01T12:00:00Z',
      '2026-03-01T23:59:59.999Z',
      '2026-03-02T00:00:00Z',
      '2026-02-28T23:59:59.999Z',
      '2026-03-01T00:00:00Z',
      '2026-03-01T00:00:00Z',
      '2027-01-01T00:00:00Z',
      '2026-12-31T23:59:59.999Z',
    ].map(Date.parse);
    // Manila keeps UTC+8 all year: its 08:00 is 00:00 UTC, so a game day is a UTC day.
    const start = (ms: number) => ms - (ms % 86_400_000);
    for (const ms of [...instants, ...[...instants].reverse()]) {
      expect(gameDay(ms)).toEqual({ start: new Date(start(ms)), end: new Date(start(ms) + 86_400_000) });
      expect(gameDayKey(ms)).toBe(new Date(start(ms)).toISOString().slice(0, 10));
    }
  });

  it('gives each caller Dates of its own', () => {
    const ms = Date.parse('2026-05-05T05:00:00Z');
    gameDay(ms).start.setTime(0);
    expect(gameDay(ms).start).toEqual(new Date('2026-05-05T00:00:00Z'));
  });
});

import { defaultRepeatStrategy } from 'bullmq';
import type { RepeatOptions } from 'bullmq';
import { gameDay } from '@runik/rules';
import { EVERY_GAME_DAY } from './job-handlers';
import { onGameClock } from './game-time-repeat';

const HOUR_MS = 3_600_000;

/** The machine's time of a pattern's next tick after `fromMs`, as BullMQ computes it. */
function nextTick(repeat: RepeatOptions, fromMs: number): number {
  return defaultRepeatStrategy(fromMs, repeat)!;
}

describe('job schedulers on the game clock', () => {
  it.each([0, 3, 9, 23, 24, 27, 24 * 40 + 17])('the game day job fires when the game day turns, %i hours ahead', (hours) => {
    const offset = hours * HOUR_MS;
    const machine = Date.parse('2026-03-31T13:27:00Z');
    const tick = nextTick(onGameClock(EVERY_GAME_DAY, offset), machine);
    // On the game's time, the tick is the next game day's start.
    expect(tick + offset).toBe(gameDay(machine + offset).end.getTime());
  });

  it('shifts each listed hour of a daily pattern, keeping the minute', () => {
    expect(onGameClock({ pattern: '0 0,6,12,18 * * *', tz: 'UTC' }, 8 * HOUR_MS).pattern).toBe('0 4,10,16,22 * * *');
    expect(onGameClock({ pattern: '1 0 * * *', tz: 'UTC' }, 2 * HOUR_MS).pattern).toBe('1 22 * * *');
  });

  it('leaves intervals, whole days and other patterns as they are', () => {
    expect(onGameClock({ every: 60_000 }, 5 * HOUR_MS)).toEqual({ every: 60_000 });
    expect(onGameClock(EVERY_GAME_DAY, 48 * HOUR_MS)).toBe(EVERY_GAME_DAY);
    expect(onGameClock({ pattern: '0 8 * * 1' }, 5 * HOUR_MS)).toEqual({ pattern: '0 8 * * 1' });
  });
});

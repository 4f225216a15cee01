import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { subHours } from 'date-fns/subHours';

/**
 * The game day runs from 08:00 to 08:00 in Manila (the spec's citadel reset, section 9). Every daily
 * limit counts over it (the citadel's attacks and rewards, the conversion cap, the withdrawal caps),
 * so a player learns one reset time; the citadel's seasons turn at the same hour.
 */
export const GAME_TIME_ZONE = 'Asia/Manila';
export const GAME_DAY_RESET_HOUR = 8;

interface GameDayBounds {
  start: number;
  end: number;
  /** yyyy-MM-dd of the Manila date it started on. */
  key: string;
}

/**
 * The day last asked for: nearly every call falls in it. The time zone's arithmetic (Intl under @date-fns/tz) cost a
 * paid conversion, which asks for its day at least five times, a tenth of the api's CPU (docs/decisions.md).
 */
let lastDay: GameDayBounds | undefined;

function dayContaining(ms: number): GameDayBounds {
  if (lastDay && ms >= lastDay.start && ms < lastDay.end) return lastDay;
  const day = subHours(new TZDate(ms, GAME_TIME_ZONE), GAME_DAY_RESET_HOUR);
  const start = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), GAME_DAY_RESET_HOUR, 0, 0, GAME_TIME_ZONE);
  lastDay = { start: start.getTime(), end: addDays(start, 1).getTime(), key: format(day, 'yyyy-MM-dd') };
  return lastDay;
}

/** The game day an instant belongs to, as yyyy-MM-dd of the Manila date it started on. */
export function gameDayKey(ms: number): string {
  return dayContaining(ms).key;
}

/** The game day containing `ms`: from the last 08:00 in Manila to the next. */
export function gameDay(ms: number): { start: Date; end: Date } {
  const { start, end } = dayContaining(ms);
  return { start: new Date(start), end: new Date(end) };
}

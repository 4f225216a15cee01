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

/** The game day an instant belongs to, as yyyy-MM-dd of the Manila date it started on. */
export function gameDayKey(ms: number): string {
  return format(subHours(new TZDate(ms, GAME_TIME_ZONE), GAME_DAY_RESET_HOUR), 'yyyy-MM-dd');
}

/** The game day containing `ms`: from the last 08:00 in Manila to the next. */
export function gameDay(ms: number): { start: Date; end: Date } {
  const day = subHours(new TZDate(ms, GAME_TIME_ZONE), GAME_DAY_RESET_HOUR);
  const start = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), GAME_DAY_RESET_HOUR, 0, 0, GAME_TIME_ZONE);
  return { start: new Date(start.getTime()), end: new Date(addDays(start, 1).getTime()) };
}

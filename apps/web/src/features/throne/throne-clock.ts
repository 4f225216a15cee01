import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { countdownTo, formatCountdownParts } from '../leaderboard/season-clock';

/** The throne status is fetched again this often (spec section 9). */
export const THRONE_STATUS_REFRESH_MS = 30_000;
/** Create, join, recall and vote close their modal this long after success (spec section 9). */
export const THRONE_MODAL_CLOSE_MS = 2000;

/** Time left until `targetMs` as days, hours, minutes, seconds; `passed` once it is reached. */
export function countdownText(targetMs: number, nowMs: number, passed: string): string {
  const left = countdownTo(targetMs, nowMs);
  return left ? formatCountdownParts(left) : passed;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A duration as minutes and seconds, minutes unbounded: "29m 05s" (spec section 9, full control). */
export function formatMinutesSeconds(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(totalSeconds / 60)}m ${twoDigits(totalSeconds % 60)}s`;
}

/** Throne times are UTC, like the vote slots: "Feb 28, 2028, 13:00 UTC". */
export function formatUtc(ms: number): string {
  return `${format(new TZDate(ms, 'UTC'), 'MMM d, yyyy, HH:mm')} UTC`;
}

/** The running UTC clock shown while voting: "13:04:59 UTC". */
export function formatUtcClock(ms: number): string {
  return `${format(new TZDate(ms, 'UTC'), 'HH:mm:ss')} UTC`;
}

/** A war day (00:00 UTC) as a date: "Mar 15, 2028". */
export function formatUtcDay(ms: number): string {
  return format(new TZDate(ms, 'UTC'), 'MMM d, yyyy');
}

import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { GAME_TIME_ZONE } from '@runik/rules';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/**
 * What is left until `endMs`, in whole seconds rounded up (the last second shows as 1s, not 0s);
 * null once it has passed or when the end is not a valid instant.
 */
export function countdownTo(endMs: number, nowMs: number): CountdownParts | null {
  if (!Number.isFinite(endMs)) return null;
  const totalSeconds = Math.ceil((endMs - nowMs) / 1000);
  if (totalSeconds <= 0) return null;
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
  };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Days, hours, minutes and seconds: "3d 04h 05m 06s". */
export function formatCountdownParts({ days, hours, minutes, seconds }: CountdownParts): string {
  return `${days}d ${twoDigits(hours)}h ${twoDigits(minutes)}m ${twoDigits(seconds)}s`;
}

/** An instant as Manila's wall clock shows it: "Nov 16, 2026, 08:00"; null for an invalid date. */
export function formatSeasonDate(endMs: number): string | null {
  if (!Number.isFinite(endMs)) return null;
  // Seasons turn with the game day, on Manila's clock (spec section 9).
  return format(new TZDate(endMs, GAME_TIME_ZONE), 'MMM d, yyyy, HH:mm');
}

import { countdownTo, formatCountdownParts } from '../../shared/season-clock';

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

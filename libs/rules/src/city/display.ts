import { formatDecimal } from '../money/amount';
import { floorTo } from './fixed-point';

/** Resources are shown rounded down to 2 decimals. */
export function formatResource(thousandths: number): string {
  return formatDecimal(floorTo(thousandths, 2), 3).slice(0, -1);
}

/** RUNIK is shown rounded down to 3 decimals. */
export function formatRunik(thousandths: number): string {
  return formatDecimal(Math.floor(thousandths), 3);
}

/** A countdown as h:mm:ss (hours unbounded). */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

import type { RepeatOptions } from 'bullmq';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A job scheduler's repeat on the game clock, `offsetMs` ahead of the machine's (BullMQ reads cron patterns on
 * the machine's time): a daily pattern at listed hours (`m h[,h...] * * *`, as every game schedule is) fires at
 * the machine's hours that are those hours of the game's time. An interval (`every`), a zero or whole-day offset
 * need nothing. A pattern of another shape is left on the machine's time (none is). Exact in zones without
 * daylight saving time (the game's: Asia/Manila and UTC); offsets are whole hours (POST /api/admin/clock).
 */
export function onGameClock(repeat: RepeatOptions, offsetMs: number): RepeatOptions {
  const shiftHours = Math.round((offsetMs % DAY_MS) / HOUR_MS);
  if (repeat.pattern === undefined || shiftHours === 0 || offsetMs % HOUR_MS !== 0) return repeat;
  const fields = repeat.pattern.trim().split(/\s+/);
  if (fields.length !== 5 || !/^\d+(,\d+)*$/.test(fields[1]) || fields.slice(2).some((field) => field !== '*')) return repeat;
  const hours = fields[1]
    .split(',')
    .map((hour) => (((Number(hour) - shiftHours) % 24) + 24) % 24)
    .sort((a, b) => a - b);
  return { ...repeat, pattern: [fields[0], hours.join(','), '*', '*', '*'].join(' ') };
}

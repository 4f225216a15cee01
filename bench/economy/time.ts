export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
/** Day 1 starts at 08:00 in Manila (00:00 UTC), the citadel's and the conversion cap's reset: a simulated day is a game day. */
export const START_MS = Date.UTC(2026, 11, 1);

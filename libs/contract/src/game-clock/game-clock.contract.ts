import { z } from 'zod';

/** How far one call may move the game clock (development and tests only): ten years. */
export const GAME_CLOCK_MAX_DAYS = 3650;
export const GAME_CLOCK_MAX_HOURS = GAME_CLOCK_MAX_DAYS * 24;

export const GameClockMessages = {
  /** 403 under NODE_ENV=production: the route changes nothing there. */
  productionRefused: 'The game clock can only be moved in development and tests: this server runs with NODE_ENV=production.',
  forwardOnly: `The game clock only moves forward: give hours (1 to ${GAME_CLOCK_MAX_HOURS}) or days (1 to ${GAME_CLOCK_MAX_DAYS}), a whole number.`,
  oneUnit: 'Give either hours or days, not both.',
} as const;

const amount = (max: number) =>
  z
    .number({ error: GameClockMessages.forwardOnly })
    .int({ error: GameClockMessages.forwardOnly })
    .min(1, { error: GameClockMessages.forwardOnly })
    .max(max, { error: GameClockMessages.forwardOnly });

/** POST /api/admin/clock: `{ hours }` or `{ days }`, moving the game's time forward by that much. */
export const gameClockMoveSchema = z
  .strictObject({ hours: amount(GAME_CLOCK_MAX_HOURS).optional(), days: amount(GAME_CLOCK_MAX_DAYS).optional() })
  .refine((body) => (body.hours === undefined) !== (body.days === undefined), { error: GameClockMessages.oneUnit });
export type GameClockMoveRequest = z.infer<typeof gameClockMoveSchema>;

/** GET and POST /api/admin/clock (operators, development and tests only): the game's time against the machine's. */
export interface GameClockResponse {
  /** How far the game's time is ahead of the machine's, ms (only grows). */
  offsetMs: number;
  /** The game's time now, ISO. */
  now: string;
  /** The machine's (and the chain's) time now, ISO. */
  machineNow: string;
  /** The game day now (yyyy-MM-dd, the 08:00 Manila day). */
  gameDay: string;
  /** Whether the worker has run the scheduled work once for this offset (the skipped time's daily resets, sizing, war). */
  caughtUp: boolean;
}

/** The opening overlay turns one card over every this many milliseconds. */
export const CARD_FLIP_INTERVAL_MS = 400;

import { parseDecimal } from '../money/amount';

/**
 * A transfer to the game account that pays for nothing is sent back only from this quantity of its
 * token up, as exchanges have minimum deposits: each refund costs the game account one of its
 * custom_json per block and Resource Credits, so dust is kept (listed for the operators as `dust`).
 * One figure for every token: the game takes RNK and SWAP.HIVE, both worth far more than 0.01.
 */
export const REFUND_MINIMUM_QUANTITY = '0.01';
/** Refunds one sender is sent per day; the rest wait until the day has room again, never dropped. */
export const REFUNDS_PER_SENDER_PER_DAY = 10;

/** Hive Engine tokens carry at most 8 decimals. */
const TOKEN_DECIMALS = 8;
const MINIMUM_UNITS = parseDecimal(REFUND_MINIMUM_QUANTITY, TOKEN_DECIMALS) as number;

/** Whether a quantity the chain wrote is dust, under the refund minimum (one the game cannot read is not: it goes back as it came). */
export function isBelowRefundMinimum(quantity: string): boolean {
  const units = parseDecimal(quantity, TOKEN_DECIMALS);
  return units !== null && units < MINIMUM_UNITS;
}

/**
 * When each of a sender's unsent refunds may go, in chain order, under REFUNDS_PER_SENDER_PER_DAY: a
 * refund counts against its sender from when it was first signed (`startedMs`) for `windowMs`, and the next
 * waits until fewer than `perDay` count. Each one before it is taken to go as soon as it may, so the
 * times are the earliest (the game account's slots, withdrawals first, may make them later); one that
 * may go now is `nowMs`.
 */
export function refundTimes(
  startedMs: readonly number[],
  unsent: number,
  nowMs: number,
  windowMs: number,
  perDay = REFUNDS_PER_SENDER_PER_DAY,
): number[] {
  const starts = startedMs.filter((started) => started > nowMs - windowMs).sort((a, b) => a - b);
  const times: number[] = [];
  for (let next = 0; next < unsent; next++) {
    // Counted while started > time - windowMs: the (length - perDay + 1)-th newest start must have left the window.
    const time = starts.length < perDay ? nowMs : Math.max(nowMs, starts[starts.length - perDay] + windowMs);
    times.push(time);
    starts.push(time);
  }
  return times;
}

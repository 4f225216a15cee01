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

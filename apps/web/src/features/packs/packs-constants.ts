/** The Hive Engine token SWAP.HIVE purchases are paid in; amounts carry three decimals (spec section 5). */
export const SWAP_HIVE = 'SWAP.HIVE';
export const SWAP_HIVE_PAYMENT_DECIMALS = 3;

/** How the client waits for the worker to confirm a SWAP.HIVE purchase (spec section 9). */
export interface PurchasePolling {
  /** A status check every this many milliseconds. */
  intervalMs: number;
  /** Still pending this long after polling began: timed out. */
  timeoutMs: number;
  /** Status checks failing this long (since polling began or the last answer): polling stops. */
  errorCutoffMs: number;
}

export const DEFAULT_PURCHASE_POLLING: PurchasePolling = {
  intervalMs: 10_000,
  timeoutMs: 120_000,
  errorCutoffMs: 60_000,
};

/** The opening overlay turns one card over every this many milliseconds. */
export const CARD_FLIP_INTERVAL_MS = 400;

import type { SwapHivePurchaseStatus } from '@runik/contract';
import { wait } from '../ui/wait';

// SWAP.HIVE purchases (the shop and the pack store): the wait for the worker's confirmation (spec sections 4, 5, 7
// and 9). The payment itself goes through the player's wallet (transfer.ts).

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

/** The part of a purchase's status the wait looks at. */
export interface SwapHivePurchaseState {
  status: SwapHivePurchaseStatus;
  /** Why the worker refused the payment, when invalid. */
  error: string | null;
  /** The Hive node has the payment in a block and Hive Engine has not processed it yet. */
  awaitingHiveEngine: boolean;
}

export type ConfirmationOutcome<TStatus extends SwapHivePurchaseState> =
  { kind: 'confirmed'; status: TStatus } | { kind: 'invalid'; status: TStatus } | { kind: 'timeout' } | { kind: 'poll-error' };

/**
 * Asks for the purchase's status every interval until it is confirmed or invalid. Gives up when
 * it is still pending `timeoutMs` after polling began, or when no check has been answered for
 * `errorCutoffMs` (spec sections 4 and 9). Rejects only when `signal` aborts.
 */
export async function pollSwapHivePurchase<TStatus extends SwapHivePurchaseState>(
  fetchStatus: () => Promise<TStatus>,
  polling: PurchasePolling,
  signal: AbortSignal,
): Promise<ConfirmationOutcome<TStatus>> {
  const startedAt = Date.now();
  let lastAnswerAt = startedAt;
  for (;;) {
    await wait(polling.intervalMs, signal);
    let status: TStatus | null = null;
    try {
      status = await fetchStatus();
    } catch {
      signal.throwIfAborted();
    }
    signal.throwIfAborted();
    const now = Date.now();
    if (status) {
      lastAnswerAt = now;
      if (status.status === 'confirmed') return { kind: 'confirmed', status };
      if (status.status === 'invalid') return { kind: 'invalid', status };
    } else if (now - lastAnswerAt >= polling.errorCutoffMs) {
      return { kind: 'poll-error' };
    }
    if (now - startedAt >= polling.timeoutMs) return { kind: 'timeout' };
  }
}

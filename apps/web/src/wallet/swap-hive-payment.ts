import { SwapHiveMessages, type SwapHivePurchaseStatus } from '@runik/contract';
import { GAME_ACCOUNT } from '../shared/config';
import { UserFacingError } from '../shared/errors';
import { wait } from '../ui/wait';
import { requestSendToken, type HiveKeychain, type KeychainBroadcastResult, type KeychainResponse } from './keychain';

// SWAP.HIVE purchases (the shop and the pack store): the Keychain payment and the wait for the
// worker's confirmation (spec sections 4, 5, 7 and 9).

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

export interface SwapHivePayment {
  /** The paying player. */
  from: string;
  /** Three decimals, e.g. "2.000". */
  amount: string;
  /** The memo the worker checks, binding the payment to the purchase. */
  memo: string;
}

/**
 * Sends `amount` SWAP.HIVE to the game account with `memo`; returns the transaction id. A
 * cancelled (or refused) transfer rejects with a UserFacingError carrying the player's message.
 */
export async function sendSwapHivePayment(keychain: HiveKeychain, { from, amount, memo }: SwapHivePayment): Promise<string> {
  let response: KeychainResponse<KeychainBroadcastResult>;
  try {
    response = await requestSendToken(keychain, { from, to: GAME_ACCOUNT, amount, memo, symbol: SWAP_HIVE });
  } catch (error) {
    throw new UserFacingError(SwapHiveMessages.cancelled, { cause: error });
  }
  const txId = response.success ? (response.result?.id ?? response.result?.tx_id) : undefined;
  if (txId) return txId;
  // Keychain says user_cancel when the player closes its window; other failures carry their own message.
  const message = response.error === 'user_cancel' ? null : response.message;
  throw new UserFacingError(message || SwapHiveMessages.cancelled);
}

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

import { PackMessages, packPaymentMemo, type PackPurchaseStatusResponse } from '@runik/contract';
import { GAME_ACCOUNT } from '../../app/config';
import { UserFacingError } from '../../app/errors';
import { wait } from '../../ui/wait';
import { requestSendToken, type HiveKeychain, type KeychainBroadcastResult, type KeychainResponse } from '../../wallet/keychain';
import { SWAP_HIVE, type PurchasePolling } from './packs-constants';
import { fetchPurchaseStatus } from './packs-api';
import { PackTexts } from './packs-messages';

export interface PackPayment {
  username: string;
  packCount: number;
  /** Three decimals, e.g. "1.000". */
  amount: string;
}

/** Sends the price in SWAP.HIVE to the game account with the memo the worker checks; returns the transaction id. */
export async function sendPackPayment(keychain: HiveKeychain, { username, packCount, amount }: PackPayment): Promise<string> {
  let response: KeychainResponse<KeychainBroadcastResult>;
  try {
    response = await requestSendToken(keychain, {
      from: username,
      to: GAME_ACCOUNT,
      amount,
      memo: packPaymentMemo(username, packCount),
      symbol: SWAP_HIVE,
    });
  } catch (error) {
    throw new UserFacingError(PackMessages.cancelled, { cause: error });
  }
  const txId = response.success ? (response.result?.id ?? response.result?.tx_id) : undefined;
  if (txId) return txId;
  // Keychain says user_cancel when the player closes its window; other failures carry their own message.
  const message = response.error === 'user_cancel' ? null : response.message;
  throw new UserFacingError(message || PackMessages.cancelled);
}

export type ConfirmationOutcome =
  | { kind: 'confirmed'; status: PackPurchaseStatusResponse }
  | { kind: 'invalid'; message: string }
  | { kind: 'timeout' }
  | { kind: 'poll-error' };

/**
 * Asks for the purchase's status every interval until it is confirmed or invalid. Gives up when
 * it is still pending `timeoutMs` after polling began, or when no check has been answered for
 * `errorCutoffMs` (spec sections 4 and 9). Rejects only when `signal` aborts.
 */
export async function pollPurchase(id: number, polling: PurchasePolling, signal: AbortSignal): Promise<ConfirmationOutcome> {
  const startedAt = Date.now();
  let lastAnswerAt = startedAt;
  for (;;) {
    await wait(polling.intervalMs, signal);
    let status: PackPurchaseStatusResponse | null = null;
    try {
      status = await fetchPurchaseStatus(id);
    } catch {
      signal.throwIfAborted();
    }
    signal.throwIfAborted();
    const now = Date.now();
    if (status) {
      lastAnswerAt = now;
      if (status.status === 'confirmed') return { kind: 'confirmed', status };
      if (status.status === 'invalid') return { kind: 'invalid', message: status.error || PackTexts.invalidFallback };
    } else if (now - lastAnswerAt >= polling.errorCutoffMs) {
      return { kind: 'poll-error' };
    }
    if (now - startedAt >= polling.timeoutMs) return { kind: 'timeout' };
  }
}

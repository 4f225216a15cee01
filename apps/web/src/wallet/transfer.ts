import { GAME_ACCOUNT, HIVEAUTH_URL, HIVESIGNER_URL } from '../shared/config';
import { UserFacingError } from '../shared/errors';
import type { HiveAuthWait } from './hiveauth';
import { getKeychain, requestSendToken, type TokenTransfer } from './keychain';
import type { WalletChoice } from './wallet-choice';

/**
 * "Sign this transfer": every payment the game asks for (deposit, packs, shop, activation fees) is a Hive Engine token
 * transfer to the game account, sent through the wallet the player logged in with (issue 49). Screens call this and
 * show its wait (`WalletWaitPanel`) without knowing the wallet:
 *
 * - Keychain (the extension, Keychain Mobile's browser, the dev wallet): `requestSendToken`; its transaction id.
 * - HiveAuth: a sign request (`sign_req`, active key) to the wallet paired at login; its transaction id.
 * - HiveSigner: its token is posting authority only, so the `custom_json` goes through its signing page, opened in a new
 *   tab; no transaction id comes back: the payment is credited by the chain follower as one made by hand is.
 */
export type TransferOutcome = { kind: 'broadcast'; txId: string } | { kind: 'opened' };

/** What the screen shows while the wallet has the transfer. */
export type WalletWait = { wallet: 'hiveauth'; hiveAuth: HiveAuthWait } | { wallet: 'hivesigner'; url: string };

/** The screen's own words for a wallet that is not there and for a transfer not sent. */
export interface TransferWords {
  missing: string;
  cancelled: string;
  /** Keychain's own error (other than the player closing it) is shown instead of `cancelled`. */
  keychainMessage?: boolean;
}

export interface TransferOptions {
  onWait: (wait: WalletWait) => void;
  signal: AbortSignal;
}

export const HIVE_ENGINE_ID = 'ssc-mainnet-hive';

export const WalletMessages = {
  hiveAuthUnavailable: 'HiveAuth is not available on this server',
} as const;

/** The Hive Engine transfer as a Hive operation: a `custom_json` needing the sender's active key. */
export function tokenTransferOperation({ from, to, amount, memo, symbol }: TokenTransfer): [string, Record<string, unknown>] {
  const json = { contractName: 'tokens', contractAction: 'transfer', contractPayload: { symbol, to, quantity: amount, memo } };
  return ['custom_json', { required_auths: [from], required_posting_auths: [], id: HIVE_ENGINE_ID, json: JSON.stringify(json) }];
}

/** HiveSigner's signing link for the transfer (the SDK's `sign('custom-json', params)` format, on HIVESIGNER_URL). */
export function hiveSignerTransferUrl(transfer: TokenTransfer): string {
  const [, operation] = tokenTransferOperation(transfer);
  const params = new URLSearchParams({
    required_auths: JSON.stringify(operation['required_auths']),
    required_posting_auths: JSON.stringify(operation['required_posting_auths']),
    id: HIVE_ENGINE_ID,
    json: String(operation['json']),
  });
  return `${HIVESIGNER_URL}/sign/custom-json?${params.toString()}`;
}

/** Why `wallet` cannot send a transfer from this page now (the screen's `missing` for Keychain), or null. */
export function walletMissing(wallet: WalletChoice, missing: string): string | null {
  if (wallet === 'keychain') return getKeychain() ? null : missing;
  if (wallet === 'hiveauth') return HIVEAUTH_URL ? null : WalletMessages.hiveAuthUnavailable;
  return null;
}

async function sendThroughKeychain(transfer: TokenTransfer, words: TransferWords): Promise<TransferOutcome> {
  const keychain = getKeychain();
  if (!keychain) throw new UserFacingError(words.missing);
  const response = await requestSendToken(keychain, transfer).catch((error: unknown) => {
    throw new UserFacingError(words.cancelled, { cause: error });
  });
  const txId = response.success ? (response.result?.id ?? response.result?.tx_id) : undefined;
  if (txId) return { kind: 'broadcast', txId };
  // Keychain says user_cancel when the player closes its window; other failures carry their own message.
  const message = words.keychainMessage && response.error !== 'user_cancel' ? response.message : null;
  throw new UserFacingError(message || words.cancelled);
}

/** Sends `amount` of `symbol` from `from` to the game account with `memo`, through `wallet`. */
export async function sendTokenTransfer(
  wallet: WalletChoice,
  payment: Omit<TokenTransfer, 'to'>,
  words: TransferWords,
  { onWait, signal }: TransferOptions,
): Promise<TransferOutcome> {
  const transfer = { ...payment, to: GAME_ACCOUNT };
  if (wallet === 'hiveauth') {
    if (!HIVEAUTH_URL) throw new UserFacingError(WalletMessages.hiveAuthUnavailable);
    // The HiveAuth client is loaded only when a HiveAuth player pays.
    const { broadcastWithHiveAuth } = await import('./hiveauth');
    const ops = [tokenTransferOperation(transfer)];
    const txId = await broadcastWithHiveAuth(HIVEAUTH_URL, transfer.from, ops, (hiveAuth) => onWait({ wallet, hiveAuth }), signal);
    return { kind: 'broadcast', txId };
  }
  if (wallet === 'hivesigner') {
    const url = hiveSignerTransferUrl(transfer);
    // A new tab keeps this page (and the payment's steps) alive; the wait offers the link again if it was blocked.
    window.open(url, '_blank', 'noopener');
    onWait({ wallet, url });
    return { kind: 'opened' };
  }
  return sendThroughKeychain(transfer, words);
}

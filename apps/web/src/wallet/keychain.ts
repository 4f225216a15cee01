/** The callback payload of every Hive Keychain request (the extension's own shape). */
export interface KeychainResponse<TResult = unknown> {
  success: boolean;
  error?: string | null;
  result?: TResult | null;
  data?: unknown;
  message?: string;
  request_id?: number;
  publicKey?: string;
}

/** The broadcast result Keychain returns for a token transfer. */
export interface KeychainBroadcastResult {
  id?: string;
  tx_id?: string;
}

export type KeychainKeyType = 'Posting' | 'Active' | 'Memo';

/** The part of `window.hive_keychain` the game uses. */
export interface HiveKeychain {
  requestSignBuffer(account: string, message: string, key: KeychainKeyType, callback: (response: KeychainResponse<string>) => void): void;
  requestSendToken(
    account: string,
    to: string,
    amount: string,
    memo: string,
    currency: string,
    callback: (response: KeychainResponse<KeychainBroadcastResult>) => void,
  ): void;
}

declare global {
  interface Window {
    hive_keychain?: HiveKeychain;
  }
}

/** The spec's install hint of the in-game payments (deposit, withdraw, a late activation; spec section 8). */
export const KEYCHAIN_MISSING = 'Hive Keychain extension is not installed or not available. Please install Hive Keychain and try again.';

/** The installed extension (or the dev wallet), or null: each screen words its own install hint. */
export function getKeychain(): HiveKeychain | null {
  return window.hive_keychain ?? null;
}

/** Asks Keychain to sign `message` with the account's posting key. Rejects only if the call itself throws. */
export function requestSignBuffer(keychain: HiveKeychain, account: string, message: string): Promise<KeychainResponse<string>> {
  return new Promise((resolve) => keychain.requestSignBuffer(account, message, 'Posting', resolve));
}

export interface TokenTransfer {
  from: string;
  to: string;
  /** Decimal string, as Keychain expects it (e.g. "12.500"). */
  amount: string;
  memo: string;
  symbol: string;
}

/** Asks Keychain to send a Hive Engine token transfer. Rejects only if the call itself throws. */
export function requestSendToken(
  keychain: HiveKeychain,
  { from, to, amount, memo, symbol }: TokenTransfer,
): Promise<KeychainResponse<KeychainBroadcastResult>> {
  return new Promise((resolve) => keychain.requestSendToken(from, to, amount, memo, symbol, resolve));
}

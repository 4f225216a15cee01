/**
 * What a HiveAuth login leaves in this browser: the account, the key its wallet decrypts our requests with, and until
 * when the wallet keeps it. Sign requests for payments are encrypted with it, so the paired wallet answers them
 * without a new QR code. Not the account's key: a request still needs the player's approval in the wallet.
 */
export interface HiveAuthPairing {
  username: string;
  key: string;
  /** Milliseconds since the epoch. */
  expire: number;
}

const PAIRING_STORAGE_KEY = 'runik.hiveauth';

/** The pairing kept for `username`, if it has not expired. */
export function hiveAuthPairing(username: string): HiveAuthPairing | null {
  try {
    const pairing = JSON.parse(localStorage.getItem(PAIRING_STORAGE_KEY) ?? 'null') as Partial<HiveAuthPairing> | null;
    if (pairing?.username !== username || typeof pairing.key !== 'string' || typeof pairing.expire !== 'number') return null;
    return pairing.expire > Date.now() ? (pairing as HiveAuthPairing) : null;
  } catch {
    return null;
  }
}

export function keepHiveAuthPairing(pairing: HiveAuthPairing): void {
  try {
    localStorage.setItem(PAIRING_STORAGE_KEY, JSON.stringify(pairing));
  } catch {
    // Storage refused: the next payment pairs again (a QR code).
  }
}

/** On logout: the next player of this browser cannot send requests to this one's wallet. */
export function forgetHiveAuthPairing(): void {
  try {
    localStorage.removeItem(PAIRING_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

import { ceilDiv } from '../money/amount';
import { isValidHiveUsername } from './hive-username';

/** Paid activation costs this many US dollars, paid in SWAP.HIVE. */
export const REGISTRATION_FEE_USD = 10;
/** A free-registered account that activates later pays 50% more. */
export const LATE_ACTIVATION_FEE_USD = 15;

/** Login challenges expire after 5 minutes and are single use. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Registration confirmation: the client polls every 15 s and gives up after 90 s. */
export const REGISTRATION_POLL_INTERVAL_MS = 15_000;
export const REGISTRATION_POLL_TIMEOUT_MS = 90_000;

/**
 * The fee in HIVE thousandths for `usd` dollars at the node's median price feed
 * `base` HBD per `quote` HIVE (both in thousandths), rounded up to 3 decimals.
 */
export function registrationFeeThousandths(usd: number, baseHbdThousandths: number, quoteHiveThousandths: number): number {
  if (baseHbdThousandths <= 0 || quoteHiveThousandths <= 0) throw new RangeError('price feed must be positive');
  // fee = usd / (base / quote) HIVE = usd * quote / base, in thousandths.
  return Number(ceilDiv(BigInt(usd) * 1000n * BigInt(quoteHiveThousandths), BigInt(baseHbdThousandths)));
}

/** A quoted registration fee may be paid for this long: a price move after the quote never costs the player. */
export const REGISTRATION_QUOTE_LIFETIME_MS = 30 * 60 * 1000;

const REGISTRATION_MEMO_PREFIX = 'runik-registration:';

/** The memo a paid registration transfer carries: it binds the payment to its referrer. */
export function registrationMemo(referrer: string): string {
  return `${REGISTRATION_MEMO_PREFIX}${referrer}`;
}

/**
 * The referrer a registration memo names ('' when none or not a Hive name, so the default stands),
 * or null when the memo is not a registration memo.
 */
export function registrationMemoReferrer(memo: string): string | null {
  if (!memo.startsWith(REGISTRATION_MEMO_PREFIX)) return null;
  const referrer = memo.slice(REGISTRATION_MEMO_PREFIX.length);
  return isValidHiveUsername(referrer) ? referrer : '';
}

/** The message a player signs (Keychain requestSignBuffer, posting key) to log in or register free. */
export function loginMessage(username: string, challenge: string, timestamp: number): string {
  return `Runik login for @${username}\nChallenge: ${challenge}\nTimestamp: ${timestamp}`;
}

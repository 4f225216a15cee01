import HAS, { Auth, type HiveAuthAckMessage, type HiveAuthWaitMessage } from 'hive-auth-wrapper';
import { UserFacingError } from '../shared/errors';
import { hiveAuthPairing, keepHiveAuthPairing } from './hiveauth-pairing';

/**
 * HiveAuth (a phone wallet such as Keychain Mobile signs through a relay server) by its author's client,
 * hive-auth-wrapper, pointed at the server the build names (docs/decisions.md, issue 49). Loaded only when a player
 * chooses HiveAuth: it is no part of the first screen's bundle.
 */
export interface HiveAuthWait {
  /**
   * `has://auth_req/<base64 JSON>`: opened by a wallet on this device, or read from its QR code by a phone. None for a
   * sign request to a paired wallet: it already holds the key and hears the request from the server.
   */
  link?: string;
  /** When the server drops the request (milliseconds since the epoch). */
  expire: number;
}

export const HiveAuthMessages = {
  refused: 'The login was refused in your HiveAuth wallet',
  expired: 'The HiveAuth request expired before your wallet answered. Please try again.',
  cancelled: 'HiveAuth login cancelled',
  unreachable: 'Could not reach the HiveAuth server. Please try again later.',
  noSignature: 'No signature returned from your HiveAuth wallet',
  failed: 'HiveAuth login failed',
} as const;

/** The same ways a payment's sign request ends. */
export const HiveAuthPaymentMessages = {
  refused: 'The payment was refused in your HiveAuth wallet',
  expired: HiveAuthMessages.expired,
  cancelled: 'HiveAuth payment cancelled',
  unreachable: HiveAuthMessages.unreachable,
  noSignature: 'Your HiveAuth wallet did not broadcast the payment',
  failed: 'HiveAuth payment failed',
} as const;

type Messages = typeof HiveAuthMessages | typeof HiveAuthPaymentMessages;

const APP = { name: 'Runik', description: 'Runik, a strategy game on Hive' };

/** The deep link a HiveAuth wallet reads (the protocol's `auth_req` payload). */
export function hiveAuthLink(account: string, wait: HiveAuthWaitMessage, host: string): string {
  const payload = JSON.stringify({ account, uuid: wait.uuid, key: wait.key, host });
  return `has://auth_req/${btoa(payload)}`;
}

function userFacing(error: unknown, messages: Messages): UserFacingError {
  if (error instanceof UserFacingError) return error;
  const cmd = (error as { cmd?: unknown } | null)?.cmd;
  if (cmd === 'auth_nack' || cmd === 'sign_nack') return new UserFacingError(messages.refused);
  const message = error instanceof Error ? error.message : '';
  if (message === 'expired') return new UserFacingError(messages.expired, { cause: error });
  if (/^(Failed to connect|not connected)/.test(message)) return new UserFacingError(messages.unreachable, { cause: error });
  // A wallet's own error (sign_err: a broadcast it could not make) says more than ours.
  return new UserFacingError(cmd === undefined && message ? message : messages.failed, { cause: error });
}

/** Runs `request` until it settles or `signal` aborts (the wrapper cannot withdraw a request: it expires unanswered). */
function cancellable<T>(request: () => Promise<T>, signal: AbortSignal, messages: Messages): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancelled = () => reject(new UserFacingError(messages.cancelled));
    if (signal.aborted) return cancelled();
    signal.addEventListener('abort', cancelled, { once: true });
    request().then(resolve, (error: unknown) => reject(userFacing(error, messages)));
  });
}

/** Keeps the key the wallet was paired with, so payments' sign requests reach it without a new QR code. */
function keepPairing(auth: Auth): void {
  if (auth.key && auth.expire) keepHiveAuthPairing({ username: auth.username, key: auth.key, expire: auth.expire });
}

/**
 * Asks the account's HiveAuth wallet to sign `message` with its posting key: `onWait` gets the deep link to show,
 * then this resolves with the signature (hex), or rejects with a message for the player (refused, expired, cancelled
 * through `signal`, server unreachable).
 */
export async function signWithHiveAuth(
  serverUrl: string,
  account: string,
  message: string,
  onWait: (wait: HiveAuthWait) => void,
  signal: AbortSignal,
): Promise<string> {
  HAS.setOptions({ host: serverUrl });
  const auth = new Auth(account);
  const ack: HiveAuthAckMessage = await cancellable(
    () =>
      HAS.authenticate(auth, APP, { key_type: 'posting', challenge: message }, (wait) =>
        onWait({ link: hiveAuthLink(account, wait, serverUrl), expire: wait.expire }),
      ),
    signal,
    HiveAuthMessages,
  );
  const signature = ack.data.challenge?.challenge;
  if (!signature) throw new UserFacingError(HiveAuthMessages.noSignature);
  keepPairing(auth);
  return signature;
}

/**
 * Asks the account's HiveAuth wallet to sign and broadcast `ops` with its active key (a `sign_req`); resolves with
 * the transaction id. The wallet paired at login hears it at once (`onWait` gets the expiry); without a live pairing
 * in this browser the wallet is paired first, through the QR code and deep link `onWait` gets.
 */
export async function broadcastWithHiveAuth(
  serverUrl: string,
  account: string,
  ops: [string, Record<string, unknown>][],
  onWait: (wait: HiveAuthWait) => void,
  signal: AbortSignal,
): Promise<string> {
  HAS.setOptions({ host: serverUrl });
  const pairing = hiveAuthPairing(account);
  const auth = new Auth(account, pairing?.expire, pairing?.key);
  if (!pairing) {
    await cancellable(
      () => HAS.authenticate(auth, APP, undefined, (wait) => onWait({ link: hiveAuthLink(account, wait, serverUrl), expire: wait.expire })),
      signal,
      HiveAuthPaymentMessages,
    );
    keepPairing(auth);
  }
  const ack = await cancellable(
    () => HAS.broadcast(auth, 'active', ops, (wait) => onWait({ expire: wait.expire })),
    signal,
    HiveAuthPaymentMessages,
  );
  if (!ack.broadcast || !ack.data) throw new UserFacingError(HiveAuthPaymentMessages.noSignature);
  return ack.data;
}

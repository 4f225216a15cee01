import { LOGIN_CHALLENGE_TTL_MS } from '@runik/rules';
import type { LoginChallengeResponse, SessionResponse, VerifyLoginRequest } from '@runik/contract';
import { UserFacingError } from '../../shared/errors';
import { getKeychain, requestSignBuffer, type HiveKeychain, type KeychainResponse } from '../../wallet/keychain';
import { registerFree, requestLoginChallenge, verifyLogin } from './authentication-api';

export type LoginOutcome = { kind: 'logged-in'; session: SessionResponse } | { kind: 'not-registered'; challenge: LoginChallengeResponse };

/** A challenge is refetched a little before the server's expiry, so it cannot lapse in flight. */
const CHALLENGE_EXPIRY_MARGIN_MS = 30_000;

/** The spec's install hint of the login and the activation. */
export const KEYCHAIN_LOGIN_MISSING = 'Please install Hive Keychain extension to login';

function requireKeychain(): HiveKeychain {
  const keychain = getKeychain();
  if (!keychain) throw new UserFacingError(KEYCHAIN_LOGIN_MISSING);
  return keychain;
}

/** Signs the challenge's message with the posting key, with the spec's message for each way that fails. */
async function signChallenge(
  keychain: HiveKeychain,
  hiveUsername: string,
  { challenge, timestamp, message }: LoginChallengeResponse,
): Promise<VerifyLoginRequest> {
  let response: KeychainResponse<string>;
  try {
    response = await requestSignBuffer(keychain, hiveUsername, message);
  } catch (error) {
    throw new UserFacingError('Keychain signature failed', { cause: error });
  }
  if (!response.success) throw new UserFacingError('Signature was cancelled or failed');
  if (!response.result) throw new UserFacingError('No signature returned from Keychain');
  return { hiveUsername, challenge, signature: response.result, timestamp };
}

/** Challenge, signature, verification: a session, or the challenge of a name that is not registered yet. */
export async function logInWithKeychain(hiveUsername: string): Promise<LoginOutcome> {
  const keychain = requireKeychain();
  const { registered, challenge } = await requestLoginChallenge(hiveUsername);
  if (!registered) return { kind: 'not-registered', challenge };
  const signedChallenge = await signChallenge(keychain, hiveUsername, challenge);
  return { kind: 'logged-in', session: await verifyLogin(signedChallenge) };
}

function isFresh({ timestamp }: LoginChallengeResponse): boolean {
  return Date.now() < timestamp + LOGIN_CHALLENGE_TTL_MS - CHALLENGE_EXPIRY_MARGIN_MS;
}

/**
 * Free registration proves ownership of the name by signing a challenge: the one
 * kept from the login attempt while it is fresh, else a new one.
 */
export async function registerFreeWithKeychain(
  hiveUsername: string,
  referrer: string,
  keptChallenge: LoginChallengeResponse | null,
): Promise<SessionResponse> {
  const keychain = requireKeychain();
  const challenge = keptChallenge && isFresh(keptChallenge) ? keptChallenge : (await requestLoginChallenge(hiveUsername)).challenge;
  const signedChallenge = await signChallenge(keychain, hiveUsername, challenge);
  return registerFree({ ...signedChallenge, referrer });
}

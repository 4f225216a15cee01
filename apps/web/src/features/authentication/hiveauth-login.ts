import type { LoginChallengeResponse, SessionResponse, VerifyLoginRequest } from '@runik/contract';
import { HIVEAUTH_URL } from '../../shared/config';
import { UserFacingError } from '../../shared/errors';
import type { HiveAuthWait } from '../../wallet/hiveauth';
import { registerFree, requestLoginChallenge, verifyLogin } from './authentication-api';
import type { LoginOutcome } from './keychain-login';

type OnWait = (wait: HiveAuthWait) => void;

function requireHiveAuthUrl(): string {
  if (!HIVEAUTH_URL) throw new UserFacingError('HiveAuth is not available on this server');
  return HIVEAUTH_URL;
}

/** The challenge's message signed with the posting key by the player's HiveAuth wallet (its client loaded only now). */
async function signChallenge(
  serverUrl: string,
  hiveUsername: string,
  { challenge, timestamp, message }: LoginChallengeResponse,
  onWait: OnWait,
  signal: AbortSignal,
): Promise<VerifyLoginRequest> {
  const { signWithHiveAuth } = await import('../../wallet/hiveauth');
  const signature = await signWithHiveAuth(serverUrl, hiveUsername, message, onWait, signal);
  return { hiveUsername, challenge, signature, timestamp };
}

/**
 * Login through HiveAuth: the same challenge as Keychain's, signed with the posting key by the player's HiveAuth wallet
 * (phone), and the same `verify-login` call with the spec's payload.
 */
export async function logInWithHiveAuth(hiveUsername: string, onWait: OnWait, signal: AbortSignal): Promise<LoginOutcome> {
  const serverUrl = requireHiveAuthUrl();
  const { registered, challenge } = await requestLoginChallenge(hiveUsername);
  if (!registered) return { kind: 'not-registered', challenge };
  const signedChallenge = await signChallenge(serverUrl, hiveUsername, challenge, onWait, signal);
  return { kind: 'logged-in', session: await verifyLogin(signedChallenge) };
}

/**
 * Free registration through HiveAuth: a challenge signed as the login signs it, sent in the spec's `free-registration`
 * payload. Always a new challenge: the wallet's wait (up to its expiry) could outlast one kept from the login attempt.
 */
export async function registerFreeWithHiveAuth(
  hiveUsername: string,
  referrer: string,
  onWait: OnWait,
  signal: AbortSignal,
): Promise<SessionResponse> {
  const serverUrl = requireHiveAuthUrl();
  const { challenge } = await requestLoginChallenge(hiveUsername);
  const signedChallenge = await signChallenge(serverUrl, hiveUsername, challenge, onWait, signal);
  return registerFree({ ...signedChallenge, referrer });
}

import { ApiRoutes, ErrorMessages, type LoginChallengeResponse, type SessionResponse } from '@runik/contract';
import { loginMessage } from '@runik/rules';
import { saveSession } from '../api/session-storage';
import type { FakeApi, FakeResponse } from './fake-api';

const DAY_MS = 24 * 60 * 60 * 1000;

export function challengeFor(hiveUsername: string): LoginChallengeResponse {
  const challenge = 'ab'.repeat(32);
  const timestamp = Date.now();
  return { challenge, timestamp, message: loginMessage(hiveUsername, challenge, timestamp) };
}

export function sessionFor(hiveUsername: string): SessionResponse {
  return {
    success: true,
    token: `token-of-${hiveUsername}`,
    hiveUsername,
    expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
  };
}

export function logInAs(hiveUsername: string): void {
  saveSession(sessionFor(hiveUsername));
}

/** The server's 404 for a name without a game account: it still carries a challenge. */
export function notRegisteredResponse(hiveUsername: string): FakeResponse {
  return { status: 404, data: { error: ErrorMessages.userNotRegistered, ...challengeFor(hiveUsername) } };
}

/** Routes for a registered player whose login succeeds. */
export function acceptLogin(api: FakeApi, hiveUsername: string): FakeApi {
  return api
    .on('GET', ApiRoutes.loginChallenge(hiveUsername), { status: 200, data: challengeFor(hiveUsername) })
    .on('POST', ApiRoutes.verifyLogin, { status: 200, data: sessionFor(hiveUsername) });
}

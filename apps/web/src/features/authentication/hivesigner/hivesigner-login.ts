import { ApiRoutes, type SessionResponse } from '@runik/contract';
import { apiErrorMessage, httpClient, responseData } from '../../../api/http-client';
import { HIVESIGNER_URL } from '../../../shared/config';

/** The app account registered on HiveSigner (the api checks tokens were issued to the same one: HIVESIGNER_APP). */
export const HIVESIGNER_APP = import.meta.env.VITE_HIVESIGNER_APP || 'runik.app';
/** Where HiveSigner sends the player back with a login token (public, like /authentication). */
export const HIVESIGNER_CALLBACK_PATH = '/authentication/hivesigner';

const STATE_KEY = 'runik.hivesigner-state';

/** A HiveSigner token is no signed challenge, so it cannot prove the name to free-registration (docs/decisions.md). */
export const HIVESIGNER_REGISTRATION_NOTE =
  'HiveSigner cannot sign the free registration: register with Hive Keychain or HiveAuth, then log in with HiveSigner if you like.';

/** HiveSigner's login page for this app, with a fresh `state` kept for the callback to check (login CSRF). */
export function hiveSignerLoginUrl(origin = window.location.origin): string {
  const state = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(STATE_KEY, state);
  const params = new URLSearchParams({
    client_id: HIVESIGNER_APP,
    redirect_uri: `${origin}${HIVESIGNER_CALLBACK_PATH}`,
    scope: 'login',
    state,
  });
  return `${HIVESIGNER_URL}/oauth2/authorize?${params.toString()}`;
}

export type HiveSignerCallback = { kind: 'token'; accessToken: string } | { kind: 'error'; message: string };

/** What HiveSigner's redirect brought back (`access_token`, `username`, `expires_in`, `state`, or `error`). */
export function readHiveSignerCallback(search: string): HiveSignerCallback {
  const params = new URLSearchParams(search);
  const expected = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  if (params.get('error')) return { kind: 'error', message: 'HiveSigner login was cancelled.' };
  const accessToken = params.get('access_token');
  if (!accessToken) return { kind: 'error', message: 'HiveSigner did not return a login. Please try again.' };
  if (!expected || params.get('state') !== expected) {
    return { kind: 'error', message: 'This HiveSigner login was not started here. Please try again.' };
  }
  return { kind: 'token', accessToken };
}

export function logInWithHiveSigner(accessToken: string): Promise<SessionResponse> {
  return responseData(httpClient.post<SessionResponse>(ApiRoutes.hiveSignerLogin, { accessToken }), (error) =>
    apiErrorMessage(error, 'HiveSigner login failed'),
  );
}

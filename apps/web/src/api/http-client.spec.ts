import { afterEach, describe, expect, it } from 'vitest';
import { ApiRoutes } from '@runik/contract';
import { installFakeApi } from '../testing/fake-api';
import { logInAs } from '../testing/fixtures';
import { apiErrorMessage, httpClient } from './http-client';
import { getSession, SESSION_STORAGE_KEY } from './session-storage';

async function failureOf(request: Promise<unknown>): Promise<unknown> {
  return request.then(
    () => expect.fail('the request should have failed'),
    (error: unknown) => error,
  );
}

describe('apiErrorMessage', () => {
  it("prefers the server's { error } message", async () => {
    installFakeApi().on('GET', ApiRoutes.hivePrice, { status: 409, data: { error: 'Already done' } });
    const error = await failureOf(httpClient.get(ApiRoutes.hivePrice));
    expect(apiErrorMessage(error, 'Fallback')).toBe('Already done');
    expect(apiErrorMessage(error)).toBe('Already done');
  });

  it('uses the fallback, else the status, when the server sent no message', async () => {
    installFakeApi().on('GET', ApiRoutes.hivePrice, { status: 502, data: '<html>Bad gateway</html>' });
    const error = await failureOf(httpClient.get(ApiRoutes.hivePrice));
    expect(apiErrorMessage(error, 'Fallback')).toBe('Fallback');
    expect(apiErrorMessage(error)).toBe('Network response was not ok (502)');
  });
});

describe('session storage', () => {
  afterEach(() => localStorage.clear());

  it('sends the stored token as a bearer token, and none without a session', async () => {
    const api = installFakeApi();
    await failureOf(httpClient.get(ApiRoutes.hivePrice));
    logInAs('alice');
    await failureOf(httpClient.get(ApiRoutes.hivePrice));
    expect(api.requests.map((request) => request.authorization)).toEqual([null, 'Bearer token-of-alice']);
  });

  it.each(['not json', JSON.stringify({ token: 't' }), JSON.stringify({ token: 't', hiveUsername: 'a', expiresAt: 'never' })])(
    'treats a malformed stored session (%s) as logged out',
    (stored) => {
      localStorage.setItem(SESSION_STORAGE_KEY, stored);
      expect(getSession()).toBeNull();
    },
  );
});

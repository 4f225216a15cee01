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

  it('keeps no token where scripts can read it: the HttpOnly cookie carries the session', async () => {
    const api = installFakeApi();
    logInAs('alice');
    await failureOf(httpClient.get(ApiRoutes.hivePrice));
    expect(api.requests.map((request) => request.authorization)).toEqual([null]);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}')).toEqual({ hiveUsername: 'alice', expiresAt: expect.any(String) });
  });

  it.each(['not json', JSON.stringify({ token: 't' }), JSON.stringify({ hiveUsername: 'a', expiresAt: 'never' })])(
    'treats a malformed stored session (%s) as logged out',
    (stored) => {
      localStorage.setItem(SESSION_STORAGE_KEY, stored);
      expect(getSession()).toBeNull();
    },
  );
});

import { afterEach, describe, expect, it } from 'vitest';
import { ApiRoutes, ErrorMessages } from '@runik/contract';
import { installFakeApi, serveInTurn } from '../testing/fake-api';
import { logInAs } from '../testing/fixtures';
import { UserFacingError } from '../shared/errors';
import { actionErrorMessage, apiErrorMessage, axiosErrorOf, httpClient, responseData } from './http-client';
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

describe('responseData', () => {
  it('gives the body of a successful call', async () => {
    installFakeApi().on('GET', ApiRoutes.hivePrice, { status: 200, data: { feeInHive: '3.000' } });
    expect(await responseData(httpClient.get(ApiRoutes.hivePrice))).toEqual({ feeInHive: '3.000' });
  });

  it("turns a failure into the player's message, the call's error kept as its cause", async () => {
    installFakeApi().on('GET', ApiRoutes.hivePrice, { status: 409, data: { error: 'Already done' } });
    const error = await failureOf(responseData(httpClient.get(ApiRoutes.hivePrice)));
    expect(error).toBeInstanceOf(UserFacingError);
    expect(error).toHaveProperty('message', 'Already done');
    expect(axiosErrorOf(error)?.response?.status).toBe(409);
  });

  it('says the status when the server sent no message, or what the call names', async () => {
    installFakeApi().on('GET', ApiRoutes.hivePrice, { status: 502, data: '<html>Bad gateway</html>' });
    expect(await failureOf(responseData(httpClient.get(ApiRoutes.hivePrice)))).toHaveProperty(
      'message',
      'Network response was not ok (502)',
    );
    const named = await failureOf(responseData(httpClient.get(ApiRoutes.hivePrice), () => 'The fee could not be loaded.'));
    expect(named).toHaveProperty('message', 'The fee could not be loaded.');
    // A caller with its own fallback reads through the wrapper to the call, as it did before.
    expect(apiErrorMessage(named, 'Fallback')).toBe('Fallback');
  });
});

describe('actionErrorMessage', () => {
  it("says a failed call's server message or the fallback, else the player's message of a step taken here", async () => {
    installFakeApi().on('GET', ApiRoutes.hivePrice, { status: 409, data: { error: 'Already done' } });
    expect(actionErrorMessage(await failureOf(responseData(httpClient.get(ApiRoutes.hivePrice))), 'Fallback')).toBe('Already done');
    expect(actionErrorMessage(new UserFacingError('The city has not loaded yet.'), 'Fallback')).toBe('The city has not loaded yet.');
    expect(actionErrorMessage(new Error('Keychain closed'), 'Fallback')).toBe('Fallback');
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

  it('sends a call refused for two session cookies once more (the server cleared the planted one), then gives up', async () => {
    const api = installFakeApi();
    logInAs('alice');
    const twoCookies = { status: 401, data: { error: ErrorMessages.twoSessionCookies } };
    serveInTurn(api, 'POST', ApiRoutes.logout, twoCookies, { status: 200, data: { success: true } });
    expect((await httpClient.post(ApiRoutes.logout, { a: 1 })).data).toEqual({ success: true });
    expect(api.callsTo(ApiRoutes.logout).map((request) => request.body)).toEqual([{ a: 1 }, { a: 1 }]);
    expect(getSession()).not.toBeNull();

    // Refused again: logged out, as for any 401, and never sent a third time.
    serveInTurn(api, 'GET', ApiRoutes.hivePrice, twoCookies);
    await failureOf(httpClient.get(ApiRoutes.hivePrice));
    expect(api.callsTo(ApiRoutes.hivePrice)).toHaveLength(2);
    expect(getSession()).toBeNull();
  });

  it.each(['not json', JSON.stringify({ token: 't' }), JSON.stringify({ hiveUsername: 'a', expiresAt: 'never' })])(
    'treats a malformed stored session (%s) as logged out',
    (stored) => {
      localStorage.setItem(SESSION_STORAGE_KEY, stored);
      expect(getSession()).toBeNull();
    },
  );
});

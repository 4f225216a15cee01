import axios from 'axios';
import { ApiRoutes, ErrorMessages } from '@runik/contract';
import { apiClient, registerFree } from '../support/api-client';
import { uniqueUsername } from '../support/hive';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

/** The app the api expects HiveSigner tokens for (HIVESIGNER_APP's development default). */
const APP = 'runik.app';
const REDIRECT_URI = 'http://127.0.0.1:1/authentication/hivesigner';

let stack: Stack;
let alice: string;

beforeAll(async () => {
  stack = await sharedStack();
  alice = uniqueUsername('alice');
  await registerFree(apiClient(stack.apiUrl), alice);
});
afterAll(() => stack?.stop());

const sim = () => axios.create({ baseURL: stack.simUrl, validateStatus: () => true, maxRedirects: 0 });

/** Plays the user on the stand-in's login page: approves `username` for `app`; returns where it redirects. */
async function approve(username: string, app = APP): Promise<URL> {
  const page = await sim().get(`/oauth2/authorize?client_id=${app}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=login`);
  expect(page.status).toBe(200);
  expect(page.data).toContain('Approve');
  const form = new URLSearchParams({
    client_id: app,
    redirect_uri: REDIRECT_URI,
    scope: 'login',
    state: '',
    username,
    decision: 'approve',
  });
  const response = await sim().post('/oauth2/authorize', form.toString(), {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(response.status).toBe(302);
  return new URL(response.headers['location'] as string);
}

async function tokenFor(username: string, app = APP): Promise<string> {
  const back = await approve(username, app);
  const token = back.searchParams.get('access_token');
  if (!token) throw new Error(`no token in ${back}`);
  return token;
}

describe('login through HiveSigner', () => {
  it('redirects back with a token, username and expiry; the token starts a session that works on a guarded route', async () => {
    const back = await approve(alice);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('username')).toBe(alice);
    expect(Number(back.searchParams.get('expires_in'))).toBeGreaterThan(0);
    const me = await sim().post('/api/me', {}, { headers: { Authorization: back.searchParams.get('access_token') } });
    expect(me.status).toBe(200);
    expect(me.data).toMatchObject({ user: alice, name: alice, _id: alice, scope: ['login'] });

    const response = await apiClient(stack.apiUrl).post(ApiRoutes.hiveSignerLogin, { accessToken: back.searchParams.get('access_token') });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ success: true, hiveUsername: alice });
    expect(String(response.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const city = await apiClient(stack.apiUrl, response.data.token).get(ApiRoutes.cityResources(alice));
    expect(city.status).toBe(200);
  });

  it('refuses a forged token', async () => {
    const real = JSON.parse(Buffer.from(await tokenFor(alice), 'base64url').toString()) as { signatures: string[] };
    const forged = Buffer.from(JSON.stringify({ ...real, signatures: ['00'.repeat(65)] })).toString('base64url');
    for (const accessToken of [forged, 'not-a-token']) {
      const response = await apiClient(stack.apiUrl).post(ApiRoutes.hiveSignerLogin, { accessToken });
      expect(response.status).toBe(401);
      expect(response.data).toEqual({ error: ErrorMessages.hiveSignerTokenInvalid });
    }
  });

  it('refuses an expired token', async () => {
    const accessToken = await tokenFor(alice);
    expect((await sim().post('/dev/hivesigner/expire', { token: accessToken })).status).toBe(200);
    const response = await apiClient(stack.apiUrl).post(ApiRoutes.hiveSignerLogin, { accessToken });
    expect(response.status).toBe(401);
    expect(response.data).toEqual({ error: ErrorMessages.hiveSignerTokenInvalid });
  });

  it('refuses a token issued to another app', async () => {
    const accessToken = await tokenFor(alice, 'other.app');
    const response = await apiClient(stack.apiUrl).post(ApiRoutes.hiveSignerLogin, { accessToken });
    expect(response.status).toBe(401);
    expect(response.data).toEqual({ error: ErrorMessages.hiveSignerTokenOtherApp });
  });

  it('refuses a replayed token', async () => {
    const accessToken = await tokenFor(alice);
    expect((await apiClient(stack.apiUrl).post(ApiRoutes.hiveSignerLogin, { accessToken })).status).toBe(200);
    const replay = await apiClient(stack.apiUrl).post(ApiRoutes.hiveSignerLogin, { accessToken });
    expect(replay.status).toBe(401);
    expect(replay.data).toEqual({ error: ErrorMessages.hiveSignerTokenUsed });
  });

  it('refuses an account that is not a Runik player, as the Keychain login does', async () => {
    const stranger = uniqueUsername('nobody');
    const response = await apiClient(stack.apiUrl).post(ApiRoutes.hiveSignerLogin, { accessToken: await tokenFor(stranger) });
    expect(response.status).toBe(404);
    expect(response.data).toEqual({ error: ErrorMessages.userNotRegistered });
  });
});

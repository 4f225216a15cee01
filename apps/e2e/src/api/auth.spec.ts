import Redis from 'ioredis';
import { ApiRoutes, ErrorMessages } from '@runik/contract';
import { apiClient, challengeFor, login, registerFree, signedChallenge } from '../support/api-client';
import { devKey, signMessage, uniqueUsername } from '../support/hive';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
let alice: string;
let bob: string;

beforeAll(async () => {
  stack = await sharedStack();
  alice = uniqueUsername('alice');
  bob = uniqueUsername('bob');
  const api = apiClient(stack.apiUrl);
  await registerFree(api, alice);
  await registerFree(api, bob);
});
afterAll(() => stack?.stop());

describe('login', () => {
  it('issues a challenge and logs in with a posting-key signature', async () => {
    const api = apiClient(stack.apiUrl);
    const challenge = await challengeFor(api, alice);
    expect(challenge.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.message).toContain(challenge.challenge);

    const signature = signMessage(challenge.message, devKey(alice, 'posting'));
    const response = await api.post(ApiRoutes.verifyLogin, {
      hiveUsername: alice,
      challenge: challenge.challenge,
      timestamp: challenge.timestamp,
      signature,
    });
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ success: true, hiveUsername: alice });
    expect(response.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(response.data.expiresAt)).toBeGreaterThan(Date.now());
  });

  it('refuses a signature of another message', async () => {
    const api = apiClient(stack.apiUrl);
    const challenge = await challengeFor(api, alice);
    const signature = signMessage(`${challenge.message}!`, devKey(alice, 'posting'));
    const response = await api.post(ApiRoutes.verifyLogin, {
      hiveUsername: alice,
      challenge: challenge.challenge,
      timestamp: challenge.timestamp,
      signature,
    });
    expect(response.status).toBe(401);
    expect(response.data).toEqual({ error: ErrorMessages.signatureInvalid });
  });

  it("refuses another account's key, and the active key in place of the posting key", async () => {
    const api = apiClient(stack.apiUrl);
    for (const key of [devKey(bob, 'posting'), devKey(alice, 'active')]) {
      const challenge = await challengeFor(api, alice);
      const signature = signMessage(challenge.message, key);
      const response = await api.post(ApiRoutes.verifyLogin, {
        hiveUsername: alice,
        challenge: challenge.challenge,
        timestamp: challenge.timestamp,
        signature,
      });
      expect(response.status).toBe(401);
      expect(response.data.error).toBe(ErrorMessages.signatureInvalid);
    }
  });

  it('refuses an expired challenge', async () => {
    const api = apiClient(stack.apiUrl);
    const signed = await signedChallenge(api, alice);
    // Expire it the way time would: the challenge lives in Redis with a 5-minute TTL.
    const redis = new Redis({ keyPrefix: `${stack.redisPrefix}:` });
    expect(await redis.pexpire(`login-challenge:${signed.challenge}`, 1)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await redis.quit();
    const response = await api.post(ApiRoutes.verifyLogin, signed);
    expect(response.status).toBe(401);
    expect(response.data.error).toBe(ErrorMessages.challengeInvalid);
  });

  it('refuses a reused challenge, even when fired at once', async () => {
    const api = apiClient(stack.apiUrl);
    const signed = await signedChallenge(api, alice);
    const responses = await Promise.all(Array.from({ length: 10 }, () => api.post(ApiRoutes.verifyLogin, signed)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 401)).toHaveLength(9);
    const again = await api.post(ApiRoutes.verifyLogin, signed);
    expect(again.status).toBe(401);
  });

  it('refuses a challenge issued to another user', async () => {
    const api = apiClient(stack.apiUrl);
    const bobs = await challengeFor(api, bob);
    const signature = signMessage(bobs.message, devKey(alice, 'posting'));
    const response = await api.post(ApiRoutes.verifyLogin, {
      hiveUsername: alice,
      challenge: bobs.challenge,
      timestamp: bobs.timestamp,
      signature,
    });
    expect(response.status).toBe(401);
  });

  it('answers 404 "User not registered" with a usable challenge for an unknown player', async () => {
    const api = apiClient(stack.apiUrl);
    const stranger = uniqueUsername('new');
    const response = await api.get(ApiRoutes.loginChallenge(stranger));
    expect(response.status).toBe(404);
    expect(response.data).toMatchObject({ error: 'User not registered' });
    expect(response.data.challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(response.data.message).toContain(response.data.challenge);
    expect(typeof response.data.timestamp).toBe('number');

    const signature = signMessage(response.data.message, devKey(stranger, 'posting'));
    const verify = await api.post(ApiRoutes.verifyLogin, {
      hiveUsername: stranger,
      challenge: response.data.challenge,
      timestamp: response.data.timestamp,
      signature,
    });
    expect(verify.status).toBe(404);
    expect(verify.data.error).toBe(ErrorMessages.userNotRegistered);
  });
});

describe('sessions', () => {
  it('needs a bearer token: none or a made-up one gives 401', async () => {
    const anonymous = await apiClient(stack.apiUrl).get(ApiRoutes.referredPlayers(alice));
    expect(anonymous.status).toBe(401);
    expect(anonymous.data).toEqual({ error: ErrorMessages.sessionRequired });
    const forged = await apiClient(stack.apiUrl, 'A'.repeat(43)).get(ApiRoutes.referredPlayers(alice));
    expect(forged.status).toBe(401);
    expect(forged.data).toEqual({ error: ErrorMessages.sessionInvalid });
  });

  it("gives 403 for A's token on B's path", async () => {
    const { token } = await login(apiClient(stack.apiUrl), alice);
    const own = await apiClient(stack.apiUrl, token).get(ApiRoutes.referredPlayers(alice));
    expect(own.status).toBe(200);
    const other = await apiClient(stack.apiUrl, token).get(ApiRoutes.referredPlayers(bob));
    expect(other.status).toBe(403);
    expect(other.data).toEqual({ error: ErrorMessages.notYourAccount });
  });

  it('logout revokes the session and only that session', async () => {
    const first = await login(apiClient(stack.apiUrl), alice);
    const second = await login(apiClient(stack.apiUrl), alice);
    const logout = await apiClient(stack.apiUrl, first.token).post(ApiRoutes.logout);
    expect(logout.status).toBe(200);
    expect(logout.data).toEqual({ success: true });
    expect((await apiClient(stack.apiUrl, first.token).get(ApiRoutes.referredPlayers(alice))).status).toBe(401);
    expect((await apiClient(stack.apiUrl, first.token).post(ApiRoutes.logout)).status).toBe(401);
    expect((await apiClient(stack.apiUrl, second.token).get(ApiRoutes.referredPlayers(alice))).status).toBe(200);
  });
});

describe('free registration', () => {
  it('creates a free account with its city and logs it in', async () => {
    const api = apiClient(stack.apiUrl);
    const carol = uniqueUsername('carol');
    const session = await registerFree(api, carol, alice);
    expect(session).toMatchObject({ success: true, hiveUsername: carol });
    expect((await apiClient(stack.apiUrl, session.token).get(ApiRoutes.referredPlayers(carol))).status).toBe(200);
    expect((await api.get(ApiRoutes.loginChallenge(carol))).status).toBe(200);
  });

  it("refuses an account that is already registered with the spec's message", async () => {
    const api = apiClient(stack.apiUrl);
    const response = await api.post(ApiRoutes.freeRegistration, { ...(await signedChallenge(api, alice)), referrer: '' });
    expect(response.status).toBe(409);
    expect(response.data).toEqual({ error: 'Account already registered. Please use login instead.' });
  });

  it('refuses a free registration signed with the wrong key', async () => {
    const api = apiClient(stack.apiUrl);
    const dave = uniqueUsername('dave');
    const { challenge, timestamp, message } = await challengeFor(api, dave);
    const signature = signMessage(message, devKey(alice, 'posting'));
    const response = await api.post(ApiRoutes.freeRegistration, { hiveUsername: dave, challenge, timestamp, signature, referrer: '' });
    expect(response.status).toBe(401);
    expect((await api.get(ApiRoutes.loginChallenge(dave))).status).toBe(404);
  });
});

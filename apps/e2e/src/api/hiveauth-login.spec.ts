import Redis from 'ioredis';
import { cryptoUtils, PublicKey, Signature } from '@hiveio/dhive';
import { ApiRoutes, ErrorMessages, type LoginChallengeResponse } from '@runik/contract';
import { apiClient, challengeFor, registerFree } from '../support/api-client';
import { devKey, uniqueUsername } from '../support/hive';
import { hiveAuthUrl, requestHiveAuthLogin, walletAnswers, type HiveAuthAnswer } from '../support/hiveauth';
import { startStack, type Stack } from '../support/stack';

/**
 * Login through HiveAuth (issue 49, item 1), through the real protocol: the app asks hive-sim's HiveAuth server, the
 * scripted wallet reads the `has://auth_req/` link as a phone would and answers with the dev keys, and the signature
 * goes to the same `verify-login` as Keychain's, with the spec's payload. Its own stack: hive-sim's HiveAuth requests
 * expire after 4 s here (60 s by default), so an expired one takes seconds.
 */
const HIVEAUTH_TIMEOUT_MS = 4_000;

let stack: Stack;
let alice: string;

beforeAll(async () => {
  stack = await startStack({ simEnv: { HIVE_SIM_HIVEAUTH_TIMEOUT_MS: String(HIVEAUTH_TIMEOUT_MS) } });
  alice = uniqueUsername('hiveauth');
  await registerFree(apiClient(stack.apiUrl), alice);
});
afterAll(() => stack?.stop());

/** The login's first half: the challenge, asked of the wallet through HiveAuth, and the wallet's answer. */
async function hiveAuthLogin(username: string, answer: 'approve' | 'refuse' | 'forge' | 'none') {
  const api = apiClient(stack.apiUrl);
  const challenge: LoginChallengeResponse = await challengeFor(api, username);
  const request = await requestHiveAuthLogin(hiveAuthUrl(stack.simUrl), username, challenge.message);
  const wallet = answer === 'none' ? null : await walletAnswers(stack.simUrl, request.link, answer);
  const answered: HiveAuthAnswer = await request.answer;
  request.close();
  return { api, challenge, request, wallet, answered };
}

function verifyPayload(username: string, challenge: LoginChallengeResponse, signature: string) {
  return { hiveUsername: username, challenge: challenge.challenge, timestamp: challenge.timestamp, signature };
}

describe('login through HiveAuth', () => {
  it("approved: the wallet signs the challenge with the account's posting key, and verify-login opens a session", async () => {
    const { api, challenge, wallet, answered } = await hiveAuthLogin(alice, 'approve');
    expect(wallet?.status).toBe(200);
    expect(wallet?.data).toMatchObject({
      answered: 'approve',
      asked: { challenge: { key_type: 'posting', challenge: challenge.message } },
    });
    if (answered.kind !== 'approved') throw new Error(`expected an approval, got ${answered.kind}`);
    const posting = devKey(alice, 'posting').createPublic().toString();
    expect(answered.pubkey).toBe(posting);
    expect(Signature.fromString(answered.signature).recover(cryptoUtils.sha256(challenge.message)).toString()).toBe(
      PublicKey.fromString(posting).toString(),
    );

    const response = await api.post(ApiRoutes.verifyLogin, verifyPayload(alice, challenge, answered.signature));
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ success: true, hiveUsername: alice });
    expect(Date.parse(response.data.expiresAt)).toBeGreaterThan(Date.now());
    const city = await apiClient(stack.apiUrl, response.data.token).get(ApiRoutes.cityResources(alice));
    expect(city.status).toBe(200);
  });

  it('refused in the wallet: the app hears the refusal, and no signature exists to log in with', async () => {
    const { wallet, answered } = await hiveAuthLogin(alice, 'refuse');
    expect(wallet?.status).toBe(200);
    expect(answered).toEqual({ kind: 'refused' });
  });

  it('expired: a request no wallet answered in time ends, and a late answer is refused by the server', async () => {
    const started = Date.now();
    const { request, answered } = await hiveAuthLogin(alice, 'none');
    expect(answered).toEqual({ kind: 'expired' });
    expect(Date.now()).toBeGreaterThanOrEqual(request.expire);
    expect(Date.now() - started).toBeLessThan(HIVEAUTH_TIMEOUT_MS + 3_000);
    const late = await walletAnswers(stack.simUrl, request.link, 'approve');
    expect(late.status).toBe(400);
    expect(late.data.error).toMatch(/request expired|no HiveAuth request/);
  });

  it('an expired login challenge is refused even with a good HiveAuth signature', async () => {
    const { api, challenge, answered } = await hiveAuthLogin(alice, 'approve');
    if (answered.kind !== 'approved') throw new Error(`expected an approval, got ${answered.kind}`);
    // Expire it the way time would: the challenge lives in Redis with a 5-minute TTL.
    const redis = new Redis({ keyPrefix: `${stack.redisPrefix}:` });
    expect(await redis.pexpire(`login-challenge:${challenge.challenge}`, 1)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await redis.quit();
    const response = await api.post(ApiRoutes.verifyLogin, verifyPayload(alice, challenge, answered.signature));
    expect(response.status).toBe(401);
    expect(response.data).toEqual({ error: ErrorMessages.challengeInvalid });
  });

  it('replayed: a used signature opens no second session, and the wallet cannot answer the same request twice', async () => {
    const { api, challenge, request, answered } = await hiveAuthLogin(alice, 'approve');
    if (answered.kind !== 'approved') throw new Error(`expected an approval, got ${answered.kind}`);
    const payload = verifyPayload(alice, challenge, answered.signature);
    expect((await api.post(ApiRoutes.verifyLogin, payload)).status).toBe(200);
    const replayed = await api.post(ApiRoutes.verifyLogin, payload);
    expect(replayed.status).toBe(401);
    expect(replayed.data).toEqual({ error: ErrorMessages.challengeInvalid });
    const again = await walletAnswers(stack.simUrl, request.link, 'approve');
    expect(again.status).toBe(400);
  });

  it("forged: a signature by a key that is not the account's is refused", async () => {
    const { api, challenge, answered } = await hiveAuthLogin(alice, 'forge');
    if (answered.kind !== 'approved') throw new Error(`expected an answer, got ${answered.kind}`);
    expect(answered.pubkey).not.toBe(devKey(alice, 'posting').createPublic().toString());
    const response = await api.post(ApiRoutes.verifyLogin, verifyPayload(alice, challenge, answered.signature));
    expect(response.status).toBe(401);
    expect(response.data).toEqual({ error: ErrorMessages.signatureInvalid });
  });
});

describe('free registration through HiveAuth', () => {
  function registrationPayload(username: string, challenge: LoginChallengeResponse, signature: string) {
    return { ...verifyPayload(username, challenge, signature), referrer: '' };
  }

  it("approved: the wallet signs the not-registered name's challenge, and free-registration (spec payload) makes a free account", async () => {
    const newbie = uniqueUsername('hafree');
    const { api, challenge, wallet, answered } = await hiveAuthLogin(newbie, 'approve');
    expect(challenge.message).toContain(`@${newbie}`);
    expect(wallet?.data).toMatchObject({
      answered: 'approve',
      asked: { challenge: { key_type: 'posting', challenge: challenge.message } },
    });
    if (answered.kind !== 'approved') throw new Error(`expected an approval, got ${answered.kind}`);

    const response = await api.post(ApiRoutes.freeRegistration, registrationPayload(newbie, challenge, answered.signature));
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ success: true, hiveUsername: newbie });
    expect((await apiClient(stack.apiUrl, response.data.token).get(ApiRoutes.cityResources(newbie))).status).toBe(200);
    expect((await api.get(ApiRoutes.loginChallenge(newbie))).status).toBe(200);
  });

  it("forged: a signature by a key that is not the account's registers nothing, and the spent challenge is not reusable", async () => {
    const newbie = uniqueUsername('haforge');
    const { api, challenge, answered } = await hiveAuthLogin(newbie, 'forge');
    if (answered.kind !== 'approved') throw new Error(`expected an answer, got ${answered.kind}`);
    const forged = await api.post(ApiRoutes.freeRegistration, registrationPayload(newbie, challenge, answered.signature));
    expect(forged.status).toBe(401);
    expect(forged.data).toEqual({ error: ErrorMessages.signatureInvalid });
    expect((await api.get(ApiRoutes.loginChallenge(newbie))).status).toBe(404);
    // The challenge was consumed by the forged attempt: even a good signature of it is refused now.
    const good = await hiveAuthLoginOf(newbie, challenge);
    const retried = await api.post(ApiRoutes.freeRegistration, registrationPayload(newbie, challenge, good));
    expect(retried.status).toBe(401);
    expect(retried.data).toEqual({ error: ErrorMessages.challengeInvalid });
    expect((await api.get(ApiRoutes.loginChallenge(newbie))).status).toBe(404);
  });

  it('replayed: the same approved proof sent twice at once registers the account exactly once', async () => {
    const newbie = uniqueUsername('hareplay');
    const { api, challenge, answered } = await hiveAuthLogin(newbie, 'approve');
    if (answered.kind !== 'approved') throw new Error(`expected an approval, got ${answered.kind}`);
    const payload = registrationPayload(newbie, challenge, answered.signature);
    const responses = await Promise.all([api.post(ApiRoutes.freeRegistration, payload), api.post(ApiRoutes.freeRegistration, payload)]);
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    const refused = responses.find((response) => response.status !== 200);
    expect(refused?.status).toBeGreaterThanOrEqual(400);
    expect(refused?.status).toBeLessThan(500);
    expect([ErrorMessages.challengeInvalid, ErrorMessages.alreadyRegistered]).toContain(refused?.data.error);
    const later = await api.post(ApiRoutes.freeRegistration, payload);
    expect(later.status).toBe(409);
    expect(later.data).toEqual({ error: ErrorMessages.alreadyRegistered });
  });
});

/** A good HiveAuth signature of an already issued challenge (the wallet asked again, and approving). */
async function hiveAuthLoginOf(username: string, challenge: LoginChallengeResponse): Promise<string> {
  const request = await requestHiveAuthLogin(hiveAuthUrl(stack.simUrl), username, challenge.message);
  await walletAnswers(stack.simUrl, request.link, 'approve');
  const answered = await request.answer;
  request.close();
  if (answered.kind !== 'approved') throw new Error(`expected an approval, got ${answered.kind}`);
  return answered.signature;
}

import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { ApiRoutes, ErrorMessages } from '@runik/contract';
import type { AxiosInstance } from 'axios';
import { apiClient, registerFree } from '../support/api-client';
import { uniqueUsername } from '../support/hive';
import { freePort, startNodeProcess, stopProcess, waitUntilHealthy } from '../support/processes';
import { BULL_BOARD_PASSWORD, GAME_ACCOUNT, startStack, Stack, TEST_REDIS_COMMAND_TIMEOUT_MS } from '../support/stack';

const GENERAL_LIMIT = 8;
let stack: Stack;
beforeAll(
  async () =>
    (stack = await startStack({
      // The ops login lockout at its default (the stack raises it for the other files). The test client plays
      // many addresses through one loopback connection, so this api trusts loopback proxies (by default none).
      extraEnv: {
        AUTH_RATE_LIMIT_PER_MINUTE: '5',
        RATE_LIMIT_PER_MINUTE: String(GENERAL_LIMIT),
        OPS_LOGIN_FAILURES_PER_MINUTE: '10',
        TRUST_PROXY: 'loopback',
      },
    })),
);
afterAll(() => stack?.stop());

// Each test plays from addresses of its own: this stack's api trusts X-Forwarded-For from loopback proxies (TRUST_PROXY).
let addresses = 0;
const newAddress = () => `198.51.100.${(addresses += 1)}`;
const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });

/** A client whose calls come from `address`. */
function clientAt(address: string, token?: string): AxiosInstance {
  const client = apiClient(stack.apiUrl, token);
  client.defaults.headers.common['X-Forwarded-For'] = address;
  return client;
}

/** A new player and its session, registered and playing from `address`. */
async function playerAt(address: string): Promise<{ username: string; api: AxiosInstance }> {
  const username = uniqueUsername('limit');
  const { token } = await registerFree(clientAt(address), username);
  return { username, api: clientAt(address, token) };
}

function expectTooMany(response: { status: number; data: unknown; headers: Record<string, unknown> }, maxSeconds = 60): void {
  expect(response.status).toBe(429);
  expect(response.data).toEqual({ error: ErrorMessages.tooManyRequests, retryAfterSeconds: expect.any(Number) });
  const { retryAfterSeconds } = response.data as { retryAfterSeconds: number };
  expect(retryAfterSeconds).toBeGreaterThan(0);
  expect(retryAfterSeconds).toBeLessThanOrEqual(maxSeconds);
  expect(Number(response.headers['retry-after'])).toBe(retryAfterSeconds);
}

describe('rate limit on the public login and registration calls', () => {
  it('answers 429 with the time left and Retry-After past the per-minute limit, per address and per call', async () => {
    const api = clientAt(newAddress());
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await api.get(ApiRoutes.hivePrice)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expectTooMany(await api.get(ApiRoutes.hivePrice));
    // Counted per call.
    expect((await api.get(ApiRoutes.loginChallenge('alice'))).status).toBe(404);
    // And per address.
    expect((await clientAt(newAddress()).get(ApiRoutes.hivePrice)).status).toBe(200);
    // Health is not limited.
    expect((await api.get(ApiRoutes.health)).status).toBe(200);
  });
});

describe('general rate limit', () => {
  it('counts the calls of a session against that session, whatever address they come from', async () => {
    // Two players behind one address (a household, a NAT).
    const address = newAddress();
    const player = await playerAt(address);
    const neighbour = await playerAt(address);
    const statuses = [];
    for (let i = 0; i < GENERAL_LIMIT; i += 1) statuses.push((await player.api.get(ApiRoutes.cityResources(player.username))).status);
    expect(statuses).toEqual(Array(GENERAL_LIMIT).fill(200));

    expectTooMany(await player.api.get(ApiRoutes.cityResources(player.username)));
    // Every call of the session is refused now, from any address.
    expectTooMany(await player.api.get(ApiRoutes.cityConstants, from(newAddress())));
    // Not the neighbour's session, nor anonymous calls from the address they share.
    expect((await neighbour.api.get(ApiRoutes.cityResources(neighbour.username))).status).toBe(200);
    expect((await clientAt(address).get(ApiRoutes.cityConstants)).status).toBe(200);
  });

  it('counts anonymous calls, and calls with made-up tokens, against their address', async () => {
    const address = newAddress();
    const madeUp = () => clientAt(address, randomBytes(32).toString('base64url'));
    const statuses = [];
    for (let i = 0; i < GENERAL_LIMIT; i += 1) statuses.push((await madeUp().get(ApiRoutes.cityResources('alice'))).status);
    expect(statuses).toEqual(Array(GENERAL_LIMIT).fill(401));
    expectTooMany(await madeUp().get(ApiRoutes.cityResources('alice')));
    expectTooMany(await clientAt(address).get(ApiRoutes.cityConstants));
    // Probes and scrapes are never limited.
    expect((await clientAt(address).get(`${ApiRoutes.health}/ready`)).status).toBe(200);
    expect((await clientAt(address).get('/metrics', { auth: { username: 'admin', password: BULL_BOARD_PASSWORD } })).status).toBe(200);
  });

  it('counts the calls of a logged-out session against their address', async () => {
    const player = await playerAt(newAddress());
    expect((await player.api.post(ApiRoutes.logout)).status).toBe(200);
    // The api's session cache now holds the session as revoked: the calls are counted as their address's.
    const address = newAddress();
    const statuses = [];
    for (let i = 0; i < GENERAL_LIMIT; i += 1)
      statuses.push((await player.api.get(ApiRoutes.cityResources(player.username), from(address))).status);
    expect(statuses).toEqual(Array(GENERAL_LIMIT).fill(401));
    expectTooMany(await player.api.get(ApiRoutes.cityResources(player.username), from(address)));
    expectTooMany(await clientAt(address).get(ApiRoutes.cityConstants));
  });

  it('counts attack previews like every other read: of a burst past the limit, the rest get 429', async () => {
    const player = await playerAt(newAddress());
    const enemy = await playerAt(newAddress());
    const burst = await Promise.all(
      Array.from({ length: GENERAL_LIMIT + 4 }, () => player.api.get(ApiRoutes.attackPreview(player.username, enemy.username))),
    );
    expect(burst.filter((response) => response.status === 200)).toHaveLength(GENERAL_LIMIT);
    const refused = burst.filter((response) => response.status !== 200);
    expect(refused).toHaveLength(4);
    for (const response of refused) expectTooMany(response);
  });

  it('holds across api replicas: the count is kept in Redis', async () => {
    const port = await freePort();
    const second = `http://127.0.0.1:${port}`;
    let replica: ChildProcess | undefined;
    try {
      replica = startNodeProcess(`${stack.redisPrefix}-api-2`, 'apps/api/src/main.ts', {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: stack.database.url,
        REDIS_PREFIX: stack.redisPrefix,
        HIVE_NODE_URL: stack.simUrl,
        HIVE_ENGINE_URL: stack.simUrl,
        GAME_ACCOUNT,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: '5',
        RATE_LIMIT_PER_MINUTE: String(GENERAL_LIMIT),
        REDIS_COMMAND_TIMEOUT_MS: TEST_REDIS_COMMAND_TIMEOUT_MS,
        TRUST_PROXY: 'loopback',
      });
      await waitUntilHealthy(`${second}/api/health/ready`, replica);
      const address = from(newAddress());
      const statuses = [];
      for (let i = 0; i < GENERAL_LIMIT; i += 1) {
        statuses.push((await apiClient(i % 2 === 0 ? stack.apiUrl : second).get(ApiRoutes.cityConstants, address)).status);
      }
      expect(statuses).toEqual(Array(GENERAL_LIMIT).fill(200));
      expectTooMany(await apiClient(second).get(ApiRoutes.cityConstants, address));
      expectTooMany(await apiClient(stack.apiUrl).get(ApiRoutes.cityConstants, address));
    } finally {
      if (replica) await stopProcess(replica);
    }
  });
});

describe('ops login lockout', () => {
  const wrong = { username: 'admin', password: 'wrong' };
  const right = { username: 'admin', password: BULL_BOARD_PASSWORD };

  it('answers the 11th attempt within a minute from one address with 429, even with the right password, on every ops route', async () => {
    const api = clientAt(newAddress());
    const statuses = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await api.get('/admin/queues/api/queues', { auth: wrong })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const locked = await api.get('/admin/queues/api/queues', { auth: right });
    // Locked out for OPS_LOGIN_LOCKOUT_MINUTES (15), not the rate limits' minute.
    expectTooMany(locked, 15 * 60);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    expect((await api.get('/api/admin/health', { auth: right })).status).toBe(429);
    expect((await api.get('/metrics', { auth: right })).status).toBe(429);
    // Another address is not locked out; visits without credentials (a browser's first) never count.
    const other = clientAt(newAddress());
    for (let i = 0; i < 12; i += 1) expect((await other.get('/admin/queues')).status).toBe(401);
    expect((await other.get('/admin/queues/api/queues', { auth: right })).status).toBe(200);
  });

  it('checks at most 10 of 200 wrong passwords sent at once from one address: the rest, and the right one after, answer 429', async () => {
    const api = clientAt(newAddress());
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () => api.get('/admin/queues/api/queues', { auth: wrong }).then((r) => r.status)),
    );
    const answered = (status: number) => statuses.filter((s) => s === status).length;
    // Measured before: 65 answered 401 (the lockout was read before the failures were counted).
    expect(answered(401)).toBe(10);
    expect(answered(401) + answered(429)).toBe(200);
    expectTooMany(await api.get('/admin/queues/api/queues', { auth: right }), 15 * 60);
  });
});

// Last in the file: it limits and locks out 127.0.0.1 itself, the address of every call that names no other.
describe('with TRUST_PROXY unset', () => {
  it('counts a spoofed X-Forwarded-For as the connection it came on: no per-address limit is escaped', async () => {
    const port = await freePort();
    const untrusting = `http://127.0.0.1:${port}`;
    let replica: ChildProcess | undefined;
    try {
      // The api's default: no TRUST_PROXY in its environment.
      replica = startNodeProcess(`${stack.redisPrefix}-api-untrusting`, 'apps/api/src/main.ts', {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: stack.database.url,
        REDIS_PREFIX: stack.redisPrefix,
        HIVE_NODE_URL: stack.simUrl,
        HIVE_ENGINE_URL: stack.simUrl,
        GAME_ACCOUNT,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: String(GENERAL_LIMIT),
        OPS_LOGIN_FAILURES_PER_MINUTE: '10',
        REDIS_COMMAND_TIMEOUT_MS: TEST_REDIS_COMMAND_TIMEOUT_MS,
      });
      await waitUntilHealthy(`${untrusting}/api/health/ready`, replica);
      const api = apiClient(untrusting);

      // A new address on every call: all of them are 127.0.0.1's, so the limit comes at the usual count.
      const statuses = [];
      for (let i = 0; i < GENERAL_LIMIT; i += 1) statuses.push((await api.get(ApiRoutes.cityConstants, from(newAddress()))).status);
      expect(statuses).toEqual(Array(GENERAL_LIMIT).fill(200));
      expectTooMany(await api.get(ApiRoutes.cityConstants, from(newAddress())));
      expectTooMany(await api.get(ApiRoutes.cityConstants));

      // Ten wrong ops passwords, each from a "different" address, lock out the one real address.
      const wrong = { username: 'admin', password: 'wrong' };
      const opsStatuses = [];
      for (let i = 0; i < 10; i += 1)
        opsStatuses.push((await api.get('/admin/queues/api/queues', { auth: wrong, ...from(newAddress()) })).status);
      expect(opsStatuses).toEqual(Array(10).fill(401));
      const right = { username: 'admin', password: BULL_BOARD_PASSWORD };
      expectTooMany(await api.get('/admin/queues/api/queues', { auth: right, ...from(newAddress()) }), 15 * 60);
    } finally {
      if (replica) await stopProcess(replica);
    }
  });
});

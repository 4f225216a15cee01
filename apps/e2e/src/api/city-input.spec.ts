import { apiClient } from '../support/api-client';
import { CityPlayer, citySnapshot, newCityPlayer } from '../support/city';
import { sharedStack } from '../support/shared-stack';
import type { Stack } from '../support/stack';

let stack: Stack;
let alice: CityPlayer;
let bob: CityPlayer;
beforeAll(async () => {
  stack = await sharedStack();
  [alice, bob] = await Promise.all([newCityPlayer(stack, 'alice'), newCityPlayer(stack, 'bob')]);
});
afterAll(() => stack?.stop());

interface CityCall {
  method: 'get' | 'post';
  path: (user: string) => string;
  body?: unknown;
  /** The path with a placeholder, naming the test. */
  route: string;
}
const call = (method: CityCall['method'], path: CityCall['path'], body?: unknown): CityCall => ({
  method,
  path,
  body,
  route: path('{username}'),
});
const CITY_CALLS: CityCall[] = [
  call('get', (u) => `/api/city/resources/${u}`),
  call('post', (u) => `/api/city/upgrade/${u}/ch`),
  call('post', (u) => `/api/city/harvest/${u}`),
  call('post', (u) => `/api/city/convert/${u}`, { selectedResources: ['wheat'], amount: 1, preview: true }),
  call('post', (u) => `/api/city/convert-to-resources/${u}`, { wheat: '1', preview: true }),
  call('post', (u) => `/api/city/train/${u}`, { building: 'quarters', count: 1 }),
  call('post', (u) => `/api/city/speedup/${u}/quarters`, { minutes: 1 }),
  call('post', (u) => `/api/city/heal/${u}`, { infantry: 1 }),
];

describe('ownership', () => {
  it.each(CITY_CALLS)("gives 403 for another player's token on $method $route", async ({ method, path, body }) => {
    const before = await citySnapshot(stack, bob);
    const response = method === 'get' ? await alice.api.get(path(bob.username)) : await alice.api.post(path(bob.username), body);
    expect(response.status).toBe(403);
    expect(await citySnapshot(stack, bob)).toEqual(before);
  });

  it.each(CITY_CALLS)('gives 401 without a session on $method $route', async ({ method, path, body }) => {
    const api = apiClient(stack.apiUrl);
    const response = method === 'get' ? await api.get(path(alice.username)) : await api.post(path(alice.username), body);
    expect(response.status).toBe(401);
  });
});

const BAD_AMOUNTS = [-1, 0, -0.01, 'NaN', 'abc', '1e3', '12.345', 1.005, 1e300, '99999999999999999999', null, true, [], {}];
const BAD_COUNTS = [-1, 0, 1.5, '3', 'NaN', 1e300, null, true, 100_001];

describe('bad input changes nothing', () => {
  async function expectRejected(call: () => Promise<{ status: number; data: { error?: unknown } }>): Promise<void> {
    const before = await citySnapshot(stack, alice);
    const response = await call();
    expect(response.status).toBe(400);
    expect(typeof response.data.error).toBe('string');
    expect(await citySnapshot(stack, alice)).toEqual(before);
  }
  const u = () => alice.username;

  it.each(BAD_AMOUNTS)('convert amount %p', (amount) =>
    expectRejected(() => alice.api.post(`/api/city/convert/${u()}`, { selectedResources: ['wheat'], amount })),
  );

  it.each(BAD_AMOUNTS.filter((amount) => amount !== 0))('convert-to-resources amount %p', (amount) =>
    expectRejected(() => alice.api.post(`/api/city/convert-to-resources/${u()}`, { wheat: amount })),
  );

  it.each(BAD_COUNTS)('train count %p', (count) =>
    expectRejected(() => alice.api.post(`/api/city/train/${u()}`, { building: 'quarters', count })),
  );

  it.each(BAD_COUNTS)('speed-up minutes %p', (minutes) =>
    expectRejected(() => alice.api.post(`/api/city/speedup/${u()}/quarters`, { minutes })),
  );

  it.each(BAD_COUNTS.filter((count) => count !== 0))('heal count %p', (infantry) =>
    expectRejected(() => alice.api.post(`/api/city/heal/${u()}`, { infantry })),
  );

  it.each([
    ['an unknown building to upgrade', () => alice.api.post(`/api/city/upgrade/${u()}/castle`)],
    ['an unknown building to train in', () => alice.api.post(`/api/city/train/${u()}`, { building: 'wheat', count: 1 })],
    ['an unknown building to speed up', () => alice.api.post(`/api/city/speedup/${u()}/ch`, { minutes: 1 })],
    ['an unknown resource', () => alice.api.post(`/api/city/convert/${u()}`, { selectedResources: ['gold'], amount: 1 })],
    ['a resource twice', () => alice.api.post(`/api/city/convert/${u()}`, { selectedResources: ['wheat', 'wheat'], amount: 1 })],
    ['selected resources not a list', () => alice.api.post(`/api/city/convert/${u()}`, { selectedResources: 'wheat', amount: 1 })],
    ['an unknown field', () => alice.api.post(`/api/city/train/${u()}`, { building: 'quarters', count: 1, free: true })],
    ['a body on harvest', () => alice.api.post(`/api/city/harvest/${u()}`, { all: true })],
    ['a body on upgrade', () => alice.api.post(`/api/city/upgrade/${u()}/ch`, { levels: 5 })],
    [
      'a preview that is not a boolean',
      () => alice.api.post(`/api/city/convert/${u()}`, { selectedResources: ['wheat'], amount: 1, preview: 'yes' }),
    ],
  ])('%s', (_case, call) => expectRejected(call));
});

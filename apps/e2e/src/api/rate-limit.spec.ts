import { ApiRoutes, ErrorMessages } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { startStack, Stack } from '../support/stack';

let stack: Stack;
beforeAll(async () => (stack = await startStack({ extraEnv: { AUTH_RATE_LIMIT_PER_MINUTE: '5' } })));
afterAll(() => stack?.stop());

describe('rate limit on the public calls', () => {
  it('answers 429 with a message and Retry-After past the per-minute limit', async () => {
    const api = apiClient(stack.apiUrl);
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await api.get(ApiRoutes.hivePrice)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    // Counted per client address and per call.
    const limited = await api.get(ApiRoutes.hivePrice);
    expect(limited.status).toBe(429);
    expect(limited.data).toEqual({ error: ErrorMessages.tooManyRequests });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await api.get(ApiRoutes.loginChallenge('alice'))).status).toBe(404);
    // Health is not limited.
    expect((await api.get(ApiRoutes.health)).status).toBe(200);
  });
});

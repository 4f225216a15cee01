import { Queue } from 'bullmq';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ApiRoutes } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { newPaidCityPlayer } from '../support/city';
import { eventually } from '../support/eventually';
import { WORKSPACE_ROOT } from '../support/processes';
import { BULL_BOARD_PASSWORD, startStack, Stack } from '../support/stack';

interface OpenApiOperation {
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, object>;
}

// A stack of its own: the health check reports the game account's RNK as hive-sim starts it, and Bull Board retries every failed job.
let stack: Stack;
beforeAll(async () => (stack = await startStack()));
afterAll(() => stack?.stop());

describe('operations', () => {
  it('reports PostgreSQL, Redis and the treasury in /api/health', async () => {
    const response = await apiClient(stack.apiUrl).get(ApiRoutes.health);
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({
      status: 'ok',
      info: {
        database: { status: 'up' },
        redis: { status: 'up' },
        // The game account starts with 1000 RNK on hive-sim; no withdrawal is under way.
        treasury: { status: 'up', gameAccount: 'runik.game', gameAccountRnk: '1000.000', withdrawalsInFlight: '0.000', covered: true },
      },
    });
  });

  it('keeps Bull Board behind the credentials from the environment', async () => {
    const api = apiClient(stack.apiUrl);
    expect((await api.get('/admin/queues')).status).toBe(401);
    expect((await api.get('/admin/queues', { auth: { username: 'admin', password: 'wrong' } })).status).toBe(401);
    const board = await api.get('/admin/queues/api/queues', { auth: { username: 'admin', password: BULL_BOARD_PASSWORD } });
    expect(board.status).toBe(200);
    expect(board.data.queues.map((queue: { name: string }) => queue.name)).toContain('ledger');
  });

  it("refuses Bull Board's retry of a completed ledger job, one or all, and leaves it completed", async () => {
    await newPaidCityPlayer(stack, 'retr');
    const queue = new Queue('ledger', {
      connection: { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: `${stack.redisPrefix}-bull`,
    });
    try {
      // The chain follower may confirm the registration before its report's job has run: wait for the job to complete.
      const [job] = await eventually(
        () => queue.getJobs(['completed']),
        (jobs) => jobs.length > 0,
        60_000,
      );
      expect(job?.name).toBe('confirm-registration');
      const auth = { username: 'admin', password: BULL_BOARD_PASSWORD };
      const api = apiClient(stack.apiUrl);
      const one = await api.put(`/admin/queues/api/queues/ledger/${encodeURIComponent(job.id ?? '')}/retry`, undefined, { auth });
      expect({ status: one.status, data: one.data }).toEqual({
        status: 409,
        data: { error: 'A completed job is not run again: retry failed jobs only.' },
      });
      const all = await api.put('/admin/queues/api/queues/ledger/retry/completed', undefined, { auth });
      expect(all.status).toBe(409);
      expect(await job.getState()).toBe('completed');
      // Failed jobs may still be retried (none here: Bull Board answers for the empty set).
      expect((await api.put('/admin/queues/api/queues/ledger/retry/failed', undefined, { auth })).status).toBe(200);
    } finally {
      await queue.close();
    }
  });

  it('answers liveness without looking outside the process, and readiness from PostgreSQL and Redis', async () => {
    const api = apiClient(stack.apiUrl);
    const live = await api.get(`${ApiRoutes.health}/live`);
    expect(live.status).toBe(200);
    expect(live.data).toMatchObject({ status: 'ok', info: {} });
    const ready = await api.get(`${ApiRoutes.health}/ready`);
    expect(ready.status).toBe(200);
    expect(ready.data).toMatchObject({ status: 'ok', info: { database: { status: 'up' }, redis: { status: 'up' } } });
    expect(ready.data.info.treasury).toBeUndefined();
  });

  it('publishes an OpenAPI document generated from the code, every route with its method, tag and inputs', async () => {
    const response = await apiClient(stack.apiUrl).get('/api/docs-json');
    expect(response.status).toBe(200);
    const paths: Record<string, Record<string, OpenApiOperation>> = response.data.paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/api/verify-login',
        '/api/initiate-registration',
        '/api/city/resources/{username}',
        '/api/health/ready',
        '/api/health/live',
        // Registered by ThroneModule.
        '/api/throne/status',
        '/api/throne/troops/{username}',
        '/api/throne/rally/{attackId}/details',
        '/api/throne/vote',
      ]),
    );
    expect(Object.keys(paths).some((path) => path.startsWith('/metrics') || path.startsWith('/admin'))).toBe(false);
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
    );
    for (const operation of operations) expect(operation.tags?.length).toBeGreaterThan(0);

    const find = (method: string, path: string) => {
      const found = operations.find((operation) => operation.method === method && operation.path === path);
      if (!found) throw new Error(`${method.toUpperCase()} ${path} is not documented`);
      return found;
    };
    expect(find('get', '/api/throne/status').tags).toEqual(['Throne']);
    expect(find('post', '/api/throne/vote').tags).toEqual(['Throne']);
    // Bearer session on everything but the public calls.
    expect(find('get', '/api/city/resources/{username}').security).toEqual([{ bearer: [] }]);
    expect(find('post', '/api/verify-login').security).toBeUndefined();
    expect(find('get', '/api/health').security).toBeUndefined();
    expect(Object.keys(find('get', '/api/city/resources/{username}').responses)).toEqual(expect.arrayContaining(['200', '401', '429']));
    expect(Object.keys(find('post', '/api/verify-login').responses)).toContain('429');
    expect(Object.keys(find('get', '/api/health/ready').responses)).not.toContain('429');
    // Bodies and parameters come from the zod schemas that validate them.
    expect(find('post', '/api/verify-login').requestBody?.content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { hiveUsername: expect.anything(), challenge: expect.anything(), signature: expect.anything() },
    });
    expect(find('get', '/api/city/resources/{username}').parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'username', in: 'path', required: true })]),
    );
    expect((await apiClient(stack.apiUrl).get('/api/docs')).status).toBe(200);
  });
});

describe('startup without its services', () => {
  // Redis cases name a database every PostgreSQL has, so they do not depend on `npm start` having created `runik`.
  const reachableDatabase = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' };
  it.each([
    ['api', 'PostgreSQL', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/runik' }],
    ['api', 'Redis', { ...reachableDatabase, REDIS_URL: 'redis://127.0.0.1:1' }],
    ['worker', 'Redis', { ...reachableDatabase, REDIS_URL: 'redis://127.0.0.1:1' }],
  ])('the %s says in one line that %s cannot be reached', (app, service, env) => {
    const result = spawnSync(process.execPath, ['-r', '@swc-node/register', join(WORKSPACE_ROOT, `apps/${app}/src/main.ts`)], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      `Cannot reach ${service} at 127.0.0.1:1: connection refused. Is it running? (see README, "Services")`,
    ]);
  });
});

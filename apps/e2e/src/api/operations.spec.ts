import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ApiRoutes } from '@runik/contract';
import { apiClient } from '../support/api-client';
import { WORKSPACE_ROOT } from '../support/processes';
import { BULL_BOARD_PASSWORD, startStack, Stack } from '../support/stack';

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

  it('publishes an OpenAPI document of the API', async () => {
    const response = await apiClient(stack.apiUrl).get('/api/docs-json');
    expect(response.status).toBe(200);
    expect(Object.keys(response.data.paths)).toEqual(expect.arrayContaining(['/api/verify-login', '/api/initiate-registration']));
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
    expect(result.stderr.trim().split('\n')).toEqual([`Cannot reach ${service} at 127.0.0.1:1: connection refused. Is it running? (see README, "Services")`]);
  });
});

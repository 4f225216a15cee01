import axios from 'axios';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiRoutes } from '@runik/contract';
import { eventually } from '../support/eventually';
import { WORKSPACE_ROOT } from '../support/processes';
import { startStack, Stack } from '../support/stack';

/**
 * What `npm start` prints (NODE_ENV development): one readable line per request, no JSON; production keeps the
 * JSON lines log collectors read. Read from the processes' own output (tmp/test-logs).
 */
let stack: Stack;
beforeAll(async () => (stack = await startStack({ extraEnv: { NODE_ENV: 'development', LOG_LEVEL: 'info' } })));
afterAll(() => stack?.stop());

const output = (name: string) => readFileSync(join(WORKSPACE_ROOT, 'tmp/test-logs', `${stack.redisPrefix}-${name}.log`), 'utf8');

describe('the logs', () => {
  it('are one readable line per request in development, JSON lines in production', async () => {
    expect((await axios.get(`${stack.apiUrl}${ApiRoutes.cityConstants}`)).status).toBe(200);
    const requestLine = new RegExp(
      `^\\[\\d\\d:\\d\\d:\\d\\d\\.\\d{3}\\] INFO: GET ${ApiRoutes.cityConstants} 200 \\d+ ms request completed$`,
      'm',
    );
    const development = await eventually(
      async () => output('api'),
      (text) => requestLine.test(text),
      20_000,
    );
    expect(development).toMatch(requestLine);
    expect(development).toMatch(/^\[[\d:.]+\] INFO: \[NestApplication\] Nest application successfully started$/m);
    // Nest's line per module and per route at start is a debug line in development.
    expect(development).not.toContain('Mapped {');
    expect(development).not.toContain('dependencies initialized');
    expect(development.split('\n').filter((line) => line.startsWith('{'))).toEqual([]);

    const productionUrl = await stack.startApi({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    expect((await axios.get(`${productionUrl}${ApiRoutes.cityConstants}`)).status).toBe(200);
    const requested = (line: string) => line.includes(`"url":"${ApiRoutes.cityConstants}"`);
    const production = await eventually(
      async () => output('api-2'),
      (text) => text.split('\n').some(requested),
      20_000,
    );
    const request = production.split('\n').find(requested);
    expect(JSON.parse(request ?? 'null')).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { method: 'GET' },
      res: { statusCode: 200 },
    });
    expect(production).toContain('"msg":"Mapped {/api/city/constants, GET} route"');
  }, 120_000);
});

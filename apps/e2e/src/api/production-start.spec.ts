import { startNodeProcess } from '../support/processes';
import { testRedisPrefix } from '@runik/server/testing/database';

/**
 * Issue 47: an api given NODE_ENV=production and only DATABASE_URL, REDIS_URL and PORT used to start
 * and serve on hive-sim's address and game account. The api and the worker now refuse, exit 1, with
 * one line naming each setting production needs that was left to its default.
 */
const prefix = testRedisPrefix();

/** Runs the process to its end; its exit code and what it wrote. */
async function run(name: string, entry: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = startNodeProcess(`${prefix}-${name}`, entry, env);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

const bare = {
  NODE_ENV: 'production',
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  PORT: '0',
};

describe('a production start on development defaults', () => {
  it.each([
    ['api', 'apps/api/src/main.ts', ['BULL_BOARD_PASSWORD', 'HIVESIGNER_APP', 'HIVESIGNER_API_URL']],
    ['worker', 'apps/worker/src/main.ts', ['GAME_ACCOUNT_ACTIVE_KEY']],
  ])(
    'the %s exits 1 with one line naming every setting left unset',
    async (name, entry, own) => {
      const { code, output } = await run(name, entry, bare);
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        'Invalid configuration: HIVE_NODE_URLS or HIVE_NODE_URL: must be set in production; ' +
          'HIVE_ENGINE_URLS or HIVE_ENGINE_URL: must be set in production; GAME_ACCOUNT: must be set in production; ' +
          own.map((setting) => `${setting}: must be set in production`).join('; '),
      );
    },
    120_000,
  );

  it('names the one setting missing among the others', async () => {
    const { code, output } = await run('api-one', 'apps/api/src/main.ts', {
      ...bare,
      HIVE_NODE_URLS: 'http://127.0.0.1:1',
      HIVE_ENGINE_URLS: 'http://127.0.0.1:1',
      BULL_BOARD_PASSWORD: 'an operator secret',
      HIVESIGNER_APP: 'runik.app',
      HIVESIGNER_API_URL: 'http://127.0.0.1:1',
    });
    expect(code).toBe(1);
    expect(output.trim()).toBe('Invalid configuration: GAME_ACCOUNT: must be set in production');
  }, 120_000);
});

import { loadAppConfig } from './app-config';

/** A production environment that names everything production requires of the api and the worker. */
const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://runik@db.example:5432/runik',
  REDIS_URL: 'redis://redis.example:6379',
  HIVE_NODE_URLS: 'https://api.hive.blog,https://api.deathwing.me',
  HIVE_ENGINE_URLS: 'https://api.hive-engine.com/rpc',
  GAME_ACCOUNT: 'runik.live',
  BULL_BOARD_PASSWORD: 'an operator secret',
  HIVESIGNER_APP: 'runik.live',
  HIVESIGNER_API_URL: 'https://hivesigner.com',
  GAME_ACCOUNT_ACTIVE_KEY: 'the active key (WIF)',
};

const without = (...names: string[]) => Object.fromEntries(Object.entries(production).filter(([name]) => !names.includes(name)));

describe('loadAppConfig in production', () => {
  it('starts with every required setting named', () => {
    expect(loadAppConfig(production, 'api')).toMatchObject({
      GAME_ACCOUNT: 'runik.live',
      HIVE_NODE_URLS: ['https://api.hive.blog', 'https://api.deathwing.me'],
    });
    expect(loadAppConfig(production, 'worker').HIVE_ENGINE_URLS).toEqual(['https://api.hive-engine.com/rpc']);
    // The single-node forms do as well as the lists.
    const singleNodes = {
      ...without('HIVE_NODE_URLS', 'HIVE_ENGINE_URLS'),
      HIVE_NODE_URL: 'https://api.hive.blog',
      HIVE_ENGINE_URL: 'https://engine.rishipanthee.com',
    };
    expect(loadAppConfig(singleNodes, 'worker').HIVE_NODE_URL).toBe('https://api.hive.blog');
  });

  it.each([
    ['DATABASE_URL', 'api', 'DATABASE_URL: must be set in production'],
    ['REDIS_URL', 'worker', 'REDIS_URL: must be set in production'],
    ['HIVE_NODE_URLS', 'api', 'HIVE_NODE_URLS or HIVE_NODE_URL: must be set in production'],
    ['HIVE_ENGINE_URLS', 'worker', 'HIVE_ENGINE_URLS or HIVE_ENGINE_URL: must be set in production'],
    ['GAME_ACCOUNT', 'api', 'GAME_ACCOUNT: must be set in production'],
    ['BULL_BOARD_PASSWORD', 'api', 'BULL_BOARD_PASSWORD: must be set in production'],
    ['HIVESIGNER_APP', 'api', 'HIVESIGNER_APP: must be set in production'],
    ['HIVESIGNER_API_URL', 'api', 'HIVESIGNER_API_URL: must be set in production'],
    ['GAME_ACCOUNT_ACTIVE_KEY', 'worker', 'GAME_ACCOUNT_ACTIVE_KEY: must be set in production'],
  ] as const)('refuses to start without %s (%s), naming it', (name, role, message) => {
    expect(() => loadAppConfig(without(name), role)).toThrow(`Invalid configuration: ${message}`);
    // Empty is not set.
    expect(() => loadAppConfig({ ...production, [name]: ' ' }, role)).toThrow(message);
  });

  it('asks each process only for its own settings: the api never needs the signing key, nor the worker the ops password or HiveSigner', () => {
    expect(loadAppConfig(without('GAME_ACCOUNT_ACTIVE_KEY'), 'api').GAME_ACCOUNT).toBe('runik.live');
    expect(loadAppConfig(without('BULL_BOARD_PASSWORD', 'HIVESIGNER_APP', 'HIVESIGNER_API_URL'), 'worker').GAME_ACCOUNT).toBe('runik.live');
  });

  it('names every missing setting in one line, beside the other problems', () => {
    const error = (() => {
      try {
        loadAppConfig(
          { NODE_ENV: 'production', DATABASE_URL: 'postgres://runik@db.example/runik', REDIS_URL: 'redis://r.example', PORT: '-1' },
          'api',
        );
      } catch (thrown) {
        return (thrown as Error).message;
      }
    })();
    expect(error).toBe(
      'Invalid configuration: PORT: Too small: expected number to be >=0; HIVE_NODE_URLS or HIVE_NODE_URL: must be set in production; ' +
        'HIVE_ENGINE_URLS or HIVE_ENGINE_URL: must be set in production; GAME_ACCOUNT: must be set in production; ' +
        'BULL_BOARD_PASSWORD: must be set in production; HIVESIGNER_APP: must be set in production; ' +
        'HIVESIGNER_API_URL: must be set in production',
    );
  });

  it('keeps the development defaults outside production', () => {
    expect(loadAppConfig({}, 'worker')).toMatchObject({ GAME_ACCOUNT: 'runik.game', HIVE_NODE_URL: 'http://127.0.0.1:3001' });
  });
});

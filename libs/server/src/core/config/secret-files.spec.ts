import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAppConfig } from './app-config';

describe('secret files (SECRETS_DIR)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'runik-secrets-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('puts the database password into DATABASE_URL, percent-encoded, and reads each secret over the environment', () => {
    writeFileSync(join(dir, 'DATABASE_PASSWORD'), 'p@ss:w/rd%\n');
    writeFileSync(join(dir, 'METRICS_TOKEN'), 'a-token-of-sixteen-or-more\n');
    const env = { SECRETS_DIR: dir, DATABASE_URL: 'postgres://runik@postgres:5432/runik', METRICS_TOKEN: 'from-the-environment-token' };
    const config = loadAppConfig(env);
    expect(config.DATABASE_URL).toBe('postgres://runik:p%40ss%3Aw%2Frd%25@postgres:5432/runik');
    expect(decodeURIComponent(new URL(config.DATABASE_URL).password)).toBe('p@ss:w/rd%');
    expect(config.METRICS_TOKEN).toBe('a-token-of-sixteen-or-more');
    // The environment given is left as it was.
    expect(env).toEqual({
      SECRETS_DIR: dir,
      DATABASE_URL: 'postgres://runik@postgres:5432/runik',
      METRICS_TOKEN: 'from-the-environment-token',
    });
  });

  it('leaves a setting with no file to the environment, and refuses a password without a database URL', () => {
    expect(loadAppConfig({ SECRETS_DIR: dir, BULL_BOARD_PASSWORD: 'env' }).BULL_BOARD_PASSWORD).toBe('env');
    writeFileSync(join(dir, 'DATABASE_PASSWORD'), 'secret');
    expect(() => loadAppConfig({ SECRETS_DIR: dir })).toThrow('DATABASE_PASSWORD needs DATABASE_URL');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The settings that may come as files in SECRETS_DIR, each file named as its setting. */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'DATABASE_PASSWORD',
  'REDIS_URL',
  'GAME_ACCOUNT_ACTIVE_KEY',
  'BULL_BOARD_PASSWORD',
  'METRICS_TOKEN',
] as const;

/**
 * The settings with the secrets of SECRETS_DIR over them: each file SECRETS_DIR/NAME (compose mounts a secret
 * with `target: NAME`) is the setting NAME, its trailing newline dropped; DATABASE_PASSWORD becomes
 * DATABASE_URL's password. They are read into the configuration only, never into the environment, so neither
 * `docker inspect` nor /proc/<pid>/environ shows them.
 */
export function withSecretFiles(env: Record<string, unknown>): Record<string, unknown> {
  const dir = env['SECRETS_DIR'];
  if (typeof dir !== 'string' || dir === '') return env;
  const settings: Record<string, unknown> = { ...env };
  for (const name of SECRET_SETTINGS) {
    const path = join(dir, name);
    if (existsSync(path)) settings[name] = readFileSync(path, 'utf8').replace(/\r?\n$/, '');
  }
  const password = settings['DATABASE_PASSWORD'];
  delete settings['DATABASE_PASSWORD'];
  if (typeof password === 'string') {
    if (typeof settings['DATABASE_URL'] !== 'string')
      throw new Error('Invalid configuration: DATABASE_PASSWORD needs DATABASE_URL (without its password)');
    const url = new URL(settings['DATABASE_URL']);
    // Encoded here: the URL setter would leave a '%' as it is, which the driver then fails to decode.
    url.password = encodeURIComponent(password);
    settings['DATABASE_URL'] = url.toString();
  }
  return settings;
}

import Redis from 'ioredis';
import { Client } from 'pg';
import type { AppConfig } from './config/app-config';
import { describeConnectionError } from './database/connection-errors';

/** A failure to start that deserves one line, not a stack trace. */
export class StartupError extends Error {}

/** Checks PostgreSQL and Redis answer before anything else starts (ioredis would retry forever). */
export async function checkServices(config: Pick<AppConfig, 'DATABASE_URL' | 'REDIS_URL'>): Promise<void> {
  const postgres = new Client({ connectionString: config.DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await postgres.connect();
  } catch (error) {
    throw new StartupError(describeConnectionError(error, 'PostgreSQL'));
  } finally {
    await postgres.end().catch(() => undefined);
  }
  const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // ioredis rejects with a bare "Connection is closed"; the socket error it emitted says why.
  let socketError: unknown;
  redis.on('error', (error) => (socketError ??= error));
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    throw new StartupError(describeConnectionError(socketError ?? error, 'Redis'));
  } finally {
    redis.disconnect();
  }
}

/** Ends a process that could not start: one line for the expected failures, the stack for the rest. */
export function exitWithStartupError(error: unknown): never {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
}

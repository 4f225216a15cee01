import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

/**
 * For the connections a player's call waits on (the keys below, the queues it enqueues on): while
 * Redis is down a command fails at once (no offline queue, no retry) and while it hangs it fails after
 * REDIS_COMMAND_TIMEOUT_MS, so the call answers 503 within about a second instead of waiting for
 * Redis to come back. ioredis still reconnects by itself. Never for blocking commands (BullMQ's workers).
 */
export function failFastRedisOptions(
  config: AppConfig,
): Pick<RedisOptions, 'enableOfflineQueue' | 'maxRetriesPerRequest' | 'commandTimeout'> {
  return { enableOfflineQueue: false, maxRetriesPerRequest: 0, commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS };
}

/** The connection of a BullMQ worker: its blocking commands wait as long as they must, through outages. */
export function workerConnection(config: AppConfig): { url: string; maxRetriesPerRequest: null } {
  return { url: config.REDIS_URL, maxRetriesPerRequest: null };
}

/**
 * One ioredis connection for short-lived keys (challenges, rate limits, cached sessions); keys are
 * namespaced by REDIS_PREFIX. Commands issued in the same tick go out as one pipeline (one socket
 * write for many requests' session and rate-limit look-ups under load).
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new Redis(config.REDIS_URL, { ...failFastRedisOptions(config), keyPrefix: `${config.REDIS_PREFIX}:`, enableAutoPipelining: true }),
    },
  ],
  exports: [REDIS],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

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
        new Redis(config.REDIS_URL, { keyPrefix: `${config.REDIS_PREFIX}:`, maxRetriesPerRequest: 2, enableAutoPipelining: true }),
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

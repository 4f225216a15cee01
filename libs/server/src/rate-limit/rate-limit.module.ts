import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { AuthModule } from '../auth/auth.module';
import type { AppConfig } from '../core/config/app-config';
import { APP_CONFIG } from '../core/config/config.module';
import { REDIS } from '../core/redis/redis.module';
import { isLoginRateLimited } from './rate-limit.decorator';
import { addressOf, RateLimitGuard, Throttlers } from './rate-limit.guard';
import { RedisThrottlerStorage } from './redis-throttler-storage';

const MINUTE_MS = 60_000;

/**
 * Rate limits of the api, counted in Redis: a general one per session or address on every call
 * (RATE_LIMIT_PER_MINUTE), and the stricter one of the login and registration calls per address
 * (AUTH_RATE_LIMIT_PER_MINUTE). Import it before AuthModule, so its guard runs before the SessionGuard.
 */
@Module({
  imports: [
    AuthModule,
    ThrottlerModule.forRootAsync({
      inject: [APP_CONFIG, REDIS],
      useFactory: (config: AppConfig, redis: Redis) => ({
        storage: new RedisThrottlerStorage(redis),
        setHeaders: false,
        throttlers: [
          { name: Throttlers.general, ttl: MINUTE_MS, limit: config.RATE_LIMIT_PER_MINUTE },
          {
            name: Throttlers.login,
            ttl: MINUTE_MS,
            limit: config.AUTH_RATE_LIMIT_PER_MINUTE,
            getTracker: (request) => addressOf(request as { ip: string }),
            skipIf: (context) => !isLoginRateLimited(context.getHandler(), context.getClass()),
          },
        ],
      }),
    }),
  ],
  providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }],
})
export class RateLimitModule {}

import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { ALLIANCE_CHAT_RATE_LIMIT, AllianceChatMessages } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';
import { REDIS } from '../core/redis/redis.module';
import { RedisThrottlerStorage } from '../rate-limit/redis-throttler-storage';

const THROTTLER = 'alliance-chat';

/**
 * ALLIANCE_CHAT_RATE_LIMIT per player (all their sessions together), counted in Redis with the rate
 * limits' storage so it holds across api replicas: the message past the limit is refused with 429
 * and the seconds left of the block (`retryAfterSeconds`, and Retry-After).
 */
@Injectable()
export class AllianceChatRateLimit {
  private readonly storage: RedisThrottlerStorage;

  constructor(@Inject(REDIS) redis: Redis) {
    this.storage = new RedisThrottlerStorage(redis);
  }

  async take(playerId: number): Promise<void> {
    const { isBlocked, timeToBlockExpire } = await this.storage.increment(
      `player:${playerId}`,
      ALLIANCE_CHAT_RATE_LIMIT.windowSeconds * 1000,
      ALLIANCE_CHAT_RATE_LIMIT.messages,
      ALLIANCE_CHAT_RATE_LIMIT.blockSeconds * 1000,
      THROTTLER,
    );
    if (isBlocked) throw ApiError.tooManyRequests(AllianceChatMessages.tooFast, Math.max(1, timeToBlockExpire));
  }
}

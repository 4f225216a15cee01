import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * One round trip, atomic: a fixed window of `ttl` ms counted in KEYS[1]; the hit past the limit
 * sets KEYS[2] for `blockDuration` ms, and while it lives every hit is refused without counting.
 * Returns { hits, ms left in the window, blocked 0/1, ms left in the block, counted 0/1 }.
 */
const INCREMENT = `
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl > 0 then
  local hits = tonumber(redis.call('GET', KEYS[1]) or '0')
  return { hits, math.max(redis.call('PTTL', KEYS[1]), 0), 1, blockTtl, 0 }
end
local hits = redis.call('INCR', KEYS[1])
local hitTtl = redis.call('PTTL', KEYS[1])
if hitTtl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  hitTtl = tonumber(ARGV[1])
end
if hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  return { hits, hitTtl, 1, tonumber(ARGV[3]), 1 }
end
return { hits, hitTtl, 0, 0, 1 }
`;

type IncrementReply = [hits: number, windowMs: number, blocked: number, blockMs: number, counted: number];
type RedisWithThrottle = Redis & {
  throttleIncrement(hitsKey: string, blockKey: string, ttl: number, limit: number, blockDuration: number): Promise<IncrementReply>;
};

/**
 * @nestjs/throttler's storage in Redis, so a limit holds however many api replicas share the
 * Redis. Written here because the maintained package for this (@nest-lab/throttler-storage-redis
 * 1.2.0) declares NestJS 7-11 as its peers and does not install next to NestJS 12; it is the same
 * idea: one Lua script per hit on the existing ioredis connection (whose key prefix applies).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly redis: RedisWithThrottle;

  constructor(redis: Redis) {
    if (!('throttleIncrement' in redis)) redis.defineCommand('throttleIncrement', { numberOfKeys: 2, lua: INCREMENT });
    this.redis = redis as RedisWithThrottle;
  }

  /** Counts a hit, unless the key is blocked already (`counted` false: refused by an earlier block). */
  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord & { counted: boolean }> {
    const base = `throttle:${throttlerName}:${key}`;
    const [totalHits, windowMs, blocked, blockMs, counted] = await this.redis.throttleIncrement(
      base,
      `${base}:blocked`,
      ttl,
      limit,
      blockDuration,
    );
    return {
      totalHits,
      timeToExpire: Math.ceil(windowMs / 1000),
      isBlocked: blocked === 1,
      timeToBlockExpire: Math.ceil(blockMs / 1000),
      counted: counted === 1,
    };
  }

  /** The ms left of a key's block (0 when it is not blocked), without counting a hit. */
  async blockedFor(key: string, throttlerName: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(`throttle:${throttlerName}:${key}:blocked`));
  }
}

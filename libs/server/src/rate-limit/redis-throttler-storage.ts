import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Atomic: a fixed window of `ttl` ms counted in `hitsKey`; the hit past the limit sets `blockKey`
 * for `blockDuration` ms, and while it lives every hit is refused without counting.
 * Returns { hits, ms left in the window, blocked 0/1, ms left in the block, counted 0/1 }.
 */
const COUNT = `
local function count(hitsKey, blockKey, ttl, limit, blockDuration)
  local blockTtl = redis.call('PTTL', blockKey)
  if blockTtl > 0 then
    local hits = tonumber(redis.call('GET', hitsKey) or '0')
    return { hits, math.max(redis.call('PTTL', hitsKey), 0), 1, blockTtl, 0 }
  end
  local hits = redis.call('INCR', hitsKey)
  local hitTtl = redis.call('PTTL', hitsKey)
  if hitTtl < 0 then
    redis.call('PEXPIRE', hitsKey, ttl)
    hitTtl = tonumber(ttl)
  end
  if hits > tonumber(limit) then
    redis.call('SET', blockKey, '1', 'PX', blockDuration)
    return { hits, hitTtl, 1, tonumber(blockDuration), 1 }
  end
  return { hits, hitTtl, 0, 0, 1 }
end
`;

/** One round trip: counts a hit (COUNT). */
const INCREMENT = `${COUNT}
return count(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3])
`;

/**
 * One round trip: reads KEYS[1] and, when it holds a value, counts a hit as INCREMENT does (KEYS[2],
 * KEYS[3]). Returns { value } alone when there is none (nothing counted), else { value, ...COUNT's reply }.
 */
const INCREMENT_IF_SET = `${COUNT}
local value = redis.call('GET', KEYS[1])
if not value then return { false } end
local reply = count(KEYS[2], KEYS[3], ARGV[1], ARGV[2], ARGV[3])
table.insert(reply, 1, value)
return reply
`;

type IncrementReply = [hits: number, windowMs: number, blocked: number, blockMs: number, counted: number];
type RedisWithThrottle = Redis & {
  throttleIncrement(hitsKey: string, blockKey: string, ttl: number, limit: number, blockDuration: number): Promise<IncrementReply>;
  throttleIncrementIfSet(
    valueKey: string,
    hitsKey: string,
    blockKey: string,
    ttl: number,
    limit: number,
    blockDuration: number,
  ): Promise<[value: null] | [value: string, ...IncrementReply]>;
};
type CountedHit = ThrottlerStorageRecord & { counted: boolean };

/**
 * @nestjs/throttler's storage in Redis, so a limit holds however many api replicas share the
 * Redis. Written here because the maintained package for this (@nest-lab/throttler-storage-redis
 * 1.2.0) declares NestJS 7-11 as its peers and does not install next to NestJS 12; it is the same
 * idea: one Lua script per hit on the existing ioredis connection (whose key prefix applies).
 */
export class RedisThrottlerStorage implements ThrottlerStorage {
  private readonly redis: RedisWithThrottle;

  constructor(redis: Redis) {
    if (!('throttleIncrement' in redis)) {
      redis.defineCommand('throttleIncrement', { numberOfKeys: 2, lua: INCREMENT });
      redis.defineCommand('throttleIncrementIfSet', { numberOfKeys: 3, lua: INCREMENT_IF_SET });
    }
    this.redis = redis as RedisWithThrottle;
  }

  /** Counts a hit, unless the key is blocked already (`counted` false: refused by an earlier block). */
  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<CountedHit> {
    const base = hitsKeyOf(key, throttlerName);
    return countedHit(await this.redis.throttleIncrement(base, `${base}:blocked`, ttl, limit, blockDuration));
  }

  /**
   * Reads `valueKey` and, in the same round trip (one script), counts a hit as `increment` does when it
   * holds a value: the api's general limit reads the cached session of a call with the hit it counts.
   * `hit` is null when the key holds nothing (nothing counted).
   */
  async incrementIfSet(
    valueKey: string,
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<{ value: string | null; hit: CountedHit | null }> {
    const base = hitsKeyOf(key, throttlerName);
    const [value, ...reply] = await this.redis.throttleIncrementIfSet(valueKey, base, `${base}:blocked`, ttl, limit, blockDuration);
    return value === null ? { value, hit: null } : { value, hit: countedHit(reply as IncrementReply) };
  }

  /** The ms left of a key's block (0 when it is not blocked), without counting a hit. */
  async blockedFor(key: string, throttlerName: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(`${hitsKeyOf(key, throttlerName)}:blocked`));
  }
}

function hitsKeyOf(key: string, throttlerName: string): string {
  return `throttle:${throttlerName}:${key}`;
}

function countedHit([totalHits, windowMs, blocked, blockMs, counted]: IncrementReply): CountedHit {
  return {
    totalHits,
    timeToExpire: Math.ceil(windowMs / 1000),
    isBlocked: blocked === 1,
    timeToBlockExpire: Math.ceil(blockMs / 1000),
    counted: counted === 1,
  };
}

import Redis from 'ioredis';
import { testRedisPrefix } from '../testing/test-database';
import { RedisThrottlerStorage } from './redis-throttler-storage';

const prefix = `${testRedisPrefix()}:`;
let redis: Redis;
let storage: RedisThrottlerStorage;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { keyPrefix: prefix });
  storage = new RedisThrottlerStorage(redis);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys.map((key) => key.slice(prefix.length)));
  await redis.quit();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RedisThrottlerStorage', () => {
  it('counts hits in a window and blocks the one past the limit for the block duration', async () => {
    const hits = [];
    for (let i = 0; i < 3; i += 1) hits.push(await storage.increment('a', 60_000, 3, 30_000, 'general'));
    expect(hits.map((hit) => [hit.totalHits, hit.isBlocked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    expect(hits[0].timeToExpire).toBe(60);
    expect(hits[0].timeToBlockExpire).toBe(0);

    const blocked = await storage.increment('a', 60_000, 3, 30_000, 'general');
    expect(blocked).toMatchObject({ totalHits: 4, isBlocked: true, timeToBlockExpire: 30, counted: true });
    // While blocked, hits are refused without counting.
    expect(await storage.increment('a', 60_000, 3, 30_000, 'general')).toMatchObject({ totalHits: 4, isBlocked: true, counted: false });
    // Keys and throttlers are counted apart, under the connection's prefix.
    expect(await storage.increment('b', 60_000, 3, 30_000, 'general')).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await storage.increment('a', 60_000, 3, 30_000, 'login')).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await redis.get('throttle:general:a')).toBe('4');
  });

  it('tells how long a key stays blocked without counting a hit (the ops login lockout reads it)', async () => {
    expect(await storage.blockedFor('look', 'ops-login')).toBe(0);
    await storage.increment('look', 60_000, 1, 30_000, 'ops-login');
    await storage.increment('look', 60_000, 1, 30_000, 'ops-login');
    const left = await storage.blockedFor('look', 'ops-login');
    expect(left).toBeGreaterThan(29_000);
    expect(left).toBeLessThanOrEqual(30_000);
    expect(await redis.get('throttle:ops-login:look')).toBe('2');
  });

  it('reads a key and counts a hit with it in one script only when the key holds a value (the session and the general limit)', async () => {
    expect(await storage.incrementIfSet('cached:none', 'c', 60_000, 1, 30_000, 'general')).toEqual({ value: null, hit: null });
    expect(await redis.get('throttle:general:c')).toBeNull();
    await redis.set('cached:one', 'the session');
    expect(await storage.incrementIfSet('cached:one', 'c', 60_000, 1, 30_000, 'general')).toMatchObject({
      value: 'the session',
      hit: { totalHits: 1, isBlocked: false, counted: true },
    });
    // The same budget as increment's, blocked past the limit likewise.
    expect(await storage.increment('c', 60_000, 1, 30_000, 'general')).toMatchObject({ totalHits: 2, isBlocked: true });
    expect(await storage.incrementIfSet('cached:one', 'c', 60_000, 1, 30_000, 'general')).toMatchObject({
      value: 'the session',
      hit: { totalHits: 2, isBlocked: true, timeToBlockExpire: 30, counted: false },
    });
  });

  it('starts a new window when the last one expires, and lifts a block when it expires', async () => {
    expect(await storage.increment('short', 300, 1, 300, 'general')).toMatchObject({ totalHits: 1, isBlocked: false });
    expect(await storage.increment('short', 300, 1, 300, 'general')).toMatchObject({ totalHits: 2, isBlocked: true, timeToBlockExpire: 1 });
    await sleep(400);
    expect(await storage.increment('short', 300, 1, 300, 'general')).toMatchObject({ totalHits: 1, isBlocked: false });
  });

  it('counts every hit once when many arrive at the same time (one script per hit)', async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => storage.increment('burst', 60_000, 20, 60_000, 'general')));
    expect(results.filter((result) => !result.isBlocked)).toHaveLength(20);
    expect(
      results
        .map((result) => result.totalHits)
        .sort((x, y) => x - y)
        .slice(0, 21),
    ).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
  });
});

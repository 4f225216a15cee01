import { normalizeIp } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { RedisThrottlerStorage } from './redis-throttler-storage';

const MINUTE_MS = 60_000;
const THROTTLER = 'ops-login';

export interface OpsLoginLockoutOptions {
  /** Failed ops logins one address may make in a minute; the one that reaches it locks the address out. */
  failuresPerMinute: number;
  /** How long an address stays locked out. */
  lockoutMs: number;
}

/**
 * Failed logins to the ops surfaces (HTTP basic auth), counted per client address in Redis so the
 * count holds across api replicas (the rate limits' storage: a fixed one-minute window and a block
 * key). The failure that reaches `failuresPerMinute` locks the address out for `lockoutMs`: while
 * locked, every ops call from it is refused (429), the right password too.
 */
export class OpsLoginLockout {
  private readonly storage: RedisThrottlerStorage;

  constructor(
    redis: Redis,
    private readonly options: OpsLoginLockoutOptions,
  ) {
    this.storage = new RedisThrottlerStorage(redis);
  }

  /** Seconds left of the address's lockout, 0 when it is not locked out. */
  async lockedForSeconds(ip: string): Promise<number> {
    return Math.ceil((await this.storage.blockedFor(keyOf(ip), THROTTLER)) / 1000);
  }

  /** Counts a failed login; the failures in this window and whether it locked the address out. */
  async recordFailure(ip: string): Promise<{ failures: number; lockedOut: boolean }> {
    const { totalHits, isBlocked } = await this.storage.increment(
      keyOf(ip),
      MINUTE_MS,
      this.options.failuresPerMinute - 1,
      this.options.lockoutMs,
      THROTTLER,
    );
    return { failures: totalHits, lockedOut: isBlocked };
  }
}

function keyOf(ip: string): string {
  return `address:${normalizeIp(ip)}`;
}

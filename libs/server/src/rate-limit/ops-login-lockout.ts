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
 * locked, every ops call from it is refused (429), the right password too. A failure is counted in
 * one step with the lockout's check (one script), so however many guesses arrive at once, at most
 * `failuresPerMinute` of them are counted, and only those may be answered as checked.
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

  /**
   * Counts a failed login unless the address is locked out already: the failures in this window,
   * whether they lock the address out, and the seconds left of a lockout that refused it uncounted
   * (0 when it was counted).
   */
  async recordFailure(ip: string): Promise<{ failures: number; lockedOut: boolean; lockedForSeconds: number }> {
    const { totalHits, isBlocked, timeToBlockExpire, counted } = await this.storage.increment(
      keyOf(ip),
      MINUTE_MS,
      this.options.failuresPerMinute - 1,
      this.options.lockoutMs,
      THROTTLER,
    );
    return { failures: totalHits, lockedOut: isBlocked, lockedForSeconds: counted ? 0 : timeToBlockExpire };
  }
}

function keyOf(ip: string): string {
  return `address:${normalizeIp(ip)}`;
}

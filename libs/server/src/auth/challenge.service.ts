import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { ErrorMessages, LoginChallengeResponse } from '@runik/contract';
import { LOGIN_CHALLENGE_TTL_MS, loginMessage } from '@runik/rules';
import { Clock } from '../core/clock/clock';
import { ApiError } from '../core/errors/api-error';
import { REDIS } from '../core/redis/redis.module';
import { decodeStoredChallenge, StoredChallenge } from '../stored-data/stored-auth';

/** Random single-use login challenges with a 5-minute life, kept in Redis. */
@Injectable()
export class ChallengeService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  async issue(username: string): Promise<LoginChallengeResponse> {
    const challenge = randomBytes(32).toString('hex');
    const timestamp = this.clock.nowMs();
    const stored: StoredChallenge = { username, timestamp };
    await this.redis.set(key(challenge), JSON.stringify(stored), 'PX', LOGIN_CHALLENGE_TTL_MS);
    return { challenge, timestamp, message: loginMessage(username, challenge, timestamp) };
  }

  /**
   * Takes the challenge out of Redis (GETDEL: exactly one caller gets it) and returns the
   * message that must have been signed. Wrong user, wrong timestamp or expired: 401.
   */
  async consume(username: string, challenge: string, timestamp: number): Promise<string> {
    const raw = await this.redis.getdel(key(challenge));
    const stored = raw ? decodeStoredChallenge(raw) : null;
    const valid =
      stored !== null &&
      stored.username === username &&
      stored.timestamp === timestamp &&
      this.clock.nowMs() - stored.timestamp <= LOGIN_CHALLENGE_TTL_MS;
    if (!valid) throw ApiError.unauthorized(ErrorMessages.challengeInvalid);
    return loginMessage(username, challenge, timestamp);
  }
}

function key(challenge: string): string {
  return `login-challenge:${challenge}`;
}

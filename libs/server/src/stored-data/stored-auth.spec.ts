import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import { ChallengeService } from '../auth/challenge.service';
import { Session } from '../auth/session.entity';
import { SessionService } from '../auth/session.service';
import { ErrorMessages } from '@runik/contract';
import { createServiceTest, ServiceTest } from '../testing/service-test';
import { TestClock } from '../testing/test-clock';
import { testRedisPrefix } from '../testing/test-database';

const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

describe('sign-in data kept in Redis, read through its decoders', () => {
  const clock = new TestClock('2026-03-01T10:00:00Z');
  let t: ServiceTest;
  let redis: Redis;
  let sessions: SessionService;
  let challenges: ChallengeService;

  beforeAll(async () => {
    t = await createServiceTest({ clock });
    redis = new Redis(t.config.REDIS_URL, { keyPrefix: `${testRedisPrefix()}:` });
    sessions = new SessionService(t.dataSource.getRepository(Session), t.config, redis, clock);
    challenges = new ChallengeService(redis, clock);
  });
  afterAll(async () => {
    redis?.disconnect();
    await t?.close();
  });

  async function signedIn(username: string): Promise<{ token: string; playerId: number; key: string }> {
    const playerId = await t.newPlayer(username);
    const { token } = await t.dataSource.transaction((manager) => sessions.start(manager, playerId, username));
    return { token, playerId, key: `session:${tokenHashOf(token)}` };
  }

  it('uses a cached session written before tokenHash was kept, the key standing for it', async () => {
    const { token, playerId, key } = await signedIn('oldcache');
    const expiresAt = new Date(clock.nowMs() + 3_600_000).toISOString();
    await redis.set(key, JSON.stringify({ sessionId: 999, playerId, hiveUsername: 'oldcache', expiresAt }));

    // The entry answers (its sessionId, not PostgreSQL's), with the token's hash filled in.
    expect(await sessions.authenticate(token)).toEqual({
      sessionId: 999,
      playerId,
      hiveUsername: 'oldcache',
      tokenHash: tokenHashOf(token),
      expiresAt,
    });
  });

  it('asks PostgreSQL when a cached session predates expiresAt, so its lifetime still holds', async () => {
    const { token, playerId, key } = await signedIn('oldercache');
    await redis.set(key, JSON.stringify({ sessionId: 1, playerId, hiveUsername: 'oldercache' }));

    const expiresAt = new Date(clock.nowMs() + t.config.SESSION_TTL_HOURS * 3_600_000);
    expect(await sessions.authenticate(token)).toMatchObject({
      playerId,
      hiveUsername: 'oldercache',
      tokenHash: tokenHashOf(token),
      expiresAt: expiresAt.toISOString(),
    });

    clock.set(expiresAt);
    expect(await sessions.authenticate(token)).toBeNull();
  });

  it('refuses a login challenge whose stored entry is not one, and takes one carrying keys it does not know', async () => {
    const garbled = await challenges.issue('alice');
    await redis.set(`login-challenge:${garbled.challenge}`, '{"username":"alice"');
    await expect(challenges.consume('alice', garbled.challenge, garbled.timestamp)).rejects.toMatchObject({
      status: 401,
      response: { error: ErrorMessages.challengeInvalid },
    });

    const newer = await challenges.issue('alice');
    await redis.set(`login-challenge:${newer.challenge}`, JSON.stringify({ username: 'alice', timestamp: newer.timestamp, origin: 'web' }));
    expect(await challenges.consume('alice', newer.challenge, newer.timestamp)).toBe(newer.message);
  });
});

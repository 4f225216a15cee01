import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { InjectRepository } from '@nestjs/typeorm';
import { hash, randomBytes } from 'node:crypto';
import { EntityManager, IsNull, Repository } from 'typeorm';
import type { SessionResponse } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { REDIS } from '../core/redis/redis.module';
import { firstRow, preparedSql } from '../core/database/sql';
import { decodeCachedSession } from '../stored-data/stored-auth';
import { Session } from './session.entity';

/** How long Redis may answer for a session before PostgreSQL is asked again. */
const CACHE_TTL_MS = 15 * 60 * 1000;
const REVOKED = 'revoked';

export interface AuthenticatedSession {
  sessionId: number;
  playerId: number;
  hiveUsername: string;
  /** Hex SHA-256 of the token: its cache key. */
  tokenHash: string;
  expiresAt: string;
}

/**
 * Opaque bearer tokens (256 random bits), stored hashed, with an absolute lifetime; logout revokes.
 * Lookups are cached in Redis (shared by every api instance) so a call costs no database round
 * trip for its session; a revocation overwrites the cache entry, so logout takes effect at once.
 */
@Injectable()
export class SessionService {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly clock: Clock,
  ) {}

  async start(manager: EntityManager, playerId: number, hiveUsername: string): Promise<SessionResponse> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.clock.now();
    const expiresAt = new Date(createdAt.getTime() + this.config.SESSION_TTL_HOURS * 3_600_000);
    await manager.insert(Session, { tokenHash: Buffer.from(tokenHashOf(token), 'hex'), playerId, createdAt, expiresAt, revokedAt: null });
    return { success: true, token, hiveUsername, expiresAt: expiresAt.toISOString() };
  }

  async authenticate(token: string): Promise<AuthenticatedSession | null> {
    const { tokenHash, key } = this.cacheEntryOf(token);
    const cached = await this.redis.get(key);
    if (cached === REVOKED) return null;
    const fromCache = cached ? decodeCachedSession(cached, tokenHash) : null;
    const session = fromCache ?? (await this.lookup(tokenHash));
    if (!session || this.expired(session)) return null;
    if (!fromCache) {
      const ttl = Math.min(CACHE_TTL_MS, Date.parse(session.expiresAt) - this.clock.nowMs());
      // NX: a revocation written meanwhile wins over this fill.
      await this.redis.set(cacheKey(tokenHash), JSON.stringify(session), 'PX', ttl, 'NX');
    }
    return session;
  }

  /** A token's hash and the Redis key of its cached session, for the rate limit, which reads the entry in its own script. */
  cacheEntryOf(token: string): { tokenHash: string; key: string } {
    const tokenHash = tokenHashOf(token);
    return { tokenHash, key: cacheKey(tokenHash) };
  }

  /**
   * The live session a cache entry read by the rate limit holds, or null when it holds none this build can use
   * (revoked, undecodable, expired): then `authenticate` decides, as for a token not in the cache.
   */
  sessionOfCacheEntry(cached: string, tokenHash: string): AuthenticatedSession | null {
    const session = cached === REVOKED ? null : decodeCachedSession(cached, tokenHash);
    return session && !this.expired(session) ? session : null;
  }

  async revoke(session: AuthenticatedSession): Promise<void> {
    await this.sessions.update({ id: session.sessionId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
    await this.redis.set(cacheKey(session.tokenHash), REVOKED, 'PX', CACHE_TTL_MS);
  }

  private expired(session: AuthenticatedSession): boolean {
    return Date.parse(session.expiresAt) <= this.clock.nowMs();
  }

  private async lookup(tokenHash: string): Promise<AuthenticatedSession | null> {
    const row = await firstRow(this.sessions.manager, sessionStatement(Buffer.from(tokenHash, 'hex'), this.clock.now()));
    return row
      ? {
          sessionId: row.session_id,
          playerId: row.player_id,
          hiveUsername: row.hive_username,
          tokenHash,
          expiresAt: row.expires_at.toISOString(),
        }
      : null;
  }
}

/** Read at each socket's handshake and at a call whose session Redis does not hold: prepared. */
const sessionStatement = preparedSql<{ session_id: number; player_id: number; hive_username: string; expires_at: Date }>(
  `SELECT s.id AS session_id, p.id AS player_id, p.hive_username, s.expires_at
     FROM sessions s JOIN players p ON p.id = s.player_id
    WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
);

/**
 * A token's SHA-256 in hex: its cache key's part and, as bytes, `sessions.token_hash`. Every call hashes its token:
 * the one-shot `hash` spares the Hash object `createHash` builds.
 */
function tokenHashOf(token: string): string {
  return hash('sha256', token, 'hex');
}

function cacheKey(tokenHash: string): string {
  return `session:${tokenHash}`;
}

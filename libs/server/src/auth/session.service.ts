import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { EntityManager, IsNull, Repository } from 'typeorm';
import type { SessionResponse } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { APP_CONFIG } from '../core/config/config.module';
import type { AppConfig } from '../core/config/app-config';
import { Session } from './session.entity';

export interface AuthenticatedSession {
  sessionId: number;
  playerId: number;
  hiveUsername: string;
}

/** Opaque bearer tokens (256 random bits), stored hashed, with an absolute lifetime; logout revokes. */
@Injectable()
export class SessionService {
  constructor(
    @InjectRepository(Session) private readonly sessions: Repository<Session>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async start(manager: EntityManager, playerId: number, hiveUsername: string): Promise<SessionResponse> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = this.clock.now();
    const expiresAt = new Date(createdAt.getTime() + this.config.SESSION_TTL_HOURS * 3_600_000);
    await manager.insert(Session, { tokenHash: hashToken(token), playerId, createdAt, expiresAt, revokedAt: null });
    return { success: true, token, hiveUsername, expiresAt: expiresAt.toISOString() };
  }

  async authenticate(token: string): Promise<AuthenticatedSession | null> {
    const [row]: { session_id: number; player_id: number; hive_username: string }[] = await this.sessions.query(
      `SELECT s.id AS session_id, p.id AS player_id, p.hive_username
         FROM sessions s JOIN players p ON p.id = s.player_id
        WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [hashToken(token), this.clock.now()],
    );
    return row ? { sessionId: Number(row.session_id), playerId: Number(row.player_id), hiveUsername: row.hive_username } : null;
  }

  async revoke(sessionId: number): Promise<void> {
    await this.sessions.update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: this.clock.now() });
  }
}

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

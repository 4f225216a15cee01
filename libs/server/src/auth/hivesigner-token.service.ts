import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import { ErrorMessages } from '@runik/contract';
import { APP_CONFIG } from '../core/config/config.module';
import { hiveSignerApiUrl, hiveSignerApp, type AppConfig } from '../core/config/app-config';
import { ApiError } from '../core/errors/api-error';
import { REDIS } from '../core/redis/redis.module';

/** HiveSigner's tokens live 7 days: a used one is remembered that long. */
const USED_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;
const ME_TIMEOUT_MS = 8000;

/**
 * Checks a HiveSigner login token (issue 49): issued to our app (the token's `signed_message.app`, HiveSigner's token
 * format), vouched for by HiveSigner's API (`/api/me` with the token, as the `hivesigner` SDK's `me()` calls it), for
 * the account it names, and not used for a login before (a replay is refused).
 */
@Injectable()
export class HiveSignerTokenService {
  private readonly logger = new Logger(HiveSignerTokenService.name);
  private readonly apiUrl: string;
  private readonly app: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {
    this.apiUrl = hiveSignerApiUrl(config);
    this.app = hiveSignerApp(config);
  }

  /** The Hive account the token logs in, once; 401 otherwise. */
  async accountOf(accessToken: string): Promise<string> {
    const claimed = decodeToken(accessToken);
    if (!claimed) throw ApiError.unauthorized(ErrorMessages.hiveSignerTokenInvalid);
    if (claimed.app !== this.app) throw ApiError.unauthorized(ErrorMessages.hiveSignerTokenOtherApp);
    const user = await this.me(accessToken);
    if (user !== claimed.account) throw ApiError.unauthorized(ErrorMessages.hiveSignerTokenInvalid);
    const firstUse = await this.redis.set(usedKey(accessToken), '1', 'PX', USED_TOKEN_TTL_MS, 'NX');
    if (firstUse !== 'OK') throw ApiError.unauthorized(ErrorMessages.hiveSignerTokenUsed);
    return user;
  }

  /** The account HiveSigner's API says the token belongs to. */
  private async me(accessToken: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}/api/me`, {
        method: 'POST',
        headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: accessToken },
        body: '{}',
        signal: AbortSignal.timeout(ME_TIMEOUT_MS),
      });
    } catch (error) {
      this.logger.warn(`HiveSigner /api/me failed: ${(error as Error).message}`);
      throw ApiError.unavailable(ErrorMessages.hiveSignerUnavailable);
    }
    const body = (await response.json().catch(() => null)) as { user?: unknown; error?: unknown } | null;
    if (response.status === 401 || response.status === 403 || (response.ok && body?.error)) {
      throw ApiError.unauthorized(ErrorMessages.hiveSignerTokenInvalid);
    }
    if (!response.ok || typeof body?.user !== 'string') {
      this.logger.warn(`HiveSigner /api/me answered ${response.status}`);
      throw ApiError.unavailable(ErrorMessages.hiveSignerUnavailable);
    }
    return body.user;
  }
}

/** The app and account a token in HiveSigner's format names (base64url JSON), or null when it is not one. */
function decodeToken(token: string): { app: string; account: string } | null {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      signed_message?: { app?: unknown };
      authors?: unknown;
    };
    const app = parsed.signed_message?.app;
    const account = Array.isArray(parsed.authors) ? parsed.authors[0] : undefined;
    return typeof app === 'string' && typeof account === 'string' ? { app, account } : null;
  } catch {
    return null;
  }
}

function usedKey(token: string): string {
  return `hivesigner-token:${createHash('sha256').update(token).digest('hex')}`;
}

import { ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  normalizeIp,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
} from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ErrorMessages } from '@runik/contract';
import { sessionTokenOf, TWO_SESSION_COOKIES } from '../auth/session-cookie';
import type { SessionRequest } from '../auth/session.guard';
import { SessionService } from '../auth/session.service';
import { ApiError } from '../core/errors/api-error';
import { isLoginRateLimited } from './rate-limit.decorator';
import { RedisThrottlerStorage } from './redis-throttler-storage';

/** The two limits, by name (see RateLimitModule). */
export const Throttlers = { general: 'general', login: 'login' } as const;

/**
 * Global guard, ahead of the SessionGuard: counts each call against the general limit of its
 * session (a valid bearer token) or, without one, of its client address, so players behind one
 * address do not share a budget while a flood of made-up tokens still counts against its address.
 * It authenticates the token itself (Redis-cached) and leaves the session for the SessionGuard:
 * a session in the cache is read with the hit it counts, in one round trip to Redis (one script).
 * Past a limit: 429 `{ error, retryAfterSeconds }` with a Retry-After header.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() private readonly storage: RedisThrottlerStorage,
    reflector: Reflector,
    private readonly sessions: SessionService,
  ) {
    super(options, storage, reflector);
  }

  /** Per controller and handler: the general limit's settings when it is the route's only limit (see `generalLimitAlone`). */
  private readonly routes = new WeakMap<object, WeakMap<object, GeneralLimit | null>>();

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const general = this.generalLimitAlone(context.getClass(), context.getHandler());
    return general ? this.handleRequest({ ...general, context }) : super.canActivate(context);
  }

  /**
   * The general limit with the module's settings, when it is the only limit of the route: no @LoginRateLimit() and
   * none of @nestjs/throttler's decorators (@SkipThrottle, @Throttle...) on the handler or its controller. Then the
   * call is counted as the library would count it, without its metadata reads (about twenty) and awaits per call: decorators
   * are fixed once the classes are declared, so this is worked out once per route. Any other route takes the
   * library's way.
   */
  private generalLimitAlone(controller: object, handler: object): GeneralLimit | null {
    let handlers = this.routes.get(controller);
    if (!handlers) this.routes.set(controller, (handlers = new WeakMap()));
    let general = handlers.get(handler);
    if (general === undefined) handlers.set(handler, (general = this.onlyGeneralLimit(controller, handler)));
    return general;
  }

  private onlyGeneralLimit(controller: object, handler: object): GeneralLimit | null {
    const throttlerMetadata = [handler, controller].some((target) =>
      Reflect.getMetadataKeys(target).some((key) => typeof key === 'string' && key.startsWith(THROTTLER_METADATA_PREFIX)),
    );
    // The login limit skips every route without @LoginRateLimit() (RateLimitModule); a limit added beside the two would not.
    const othersSkip = this.throttlers.every(({ name }) => name === Throttlers.general || name === Throttlers.login);
    const throttler = this.throttlers.find((candidate) => candidate.name === Throttlers.general);
    if (throttlerMetadata || !othersSkip || isLoginRateLimited(handler, controller) || this.commonOptions.skipIf || !throttler) return null;
    const { limit, ttl, blockDuration = ttl } = throttler;
    if (typeof limit !== 'number' || typeof ttl !== 'number' || typeof blockDuration !== 'number') return null;
    const getTracker = throttler.getTracker ?? this.commonOptions.getTracker;
    const generateKey = throttler.generateKey ?? this.commonOptions.generateKey;
    return getTracker && generateKey ? { throttler, limit, ttl, blockDuration, getTracker, generateKey } : null;
  }

  protected async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const { context, throttler, ttl, limit, blockDuration } = props;
    const request = context.switchToHttp().getRequest<SessionRequest>();
    const token = throttler.name === Throttlers.general ? this.tokenOf(request) : null;
    if (token) {
      const { tokenHash, key } = this.sessions.cacheEntryOf(token);
      const tracker = sessionTracker(tokenHash);
      const hitsKey = props.generateKey(context, tracker, Throttlers.general);
      const { value, hit } = await this.storage.incrementIfSet(key, hitsKey, ttl, limit, blockDuration, Throttlers.general);
      const session = value === null ? null : this.sessions.sessionOfCacheEntry(value, tokenHash);
      if (session && hit) {
        request.session = session;
        if (hit.isBlocked) await this.throwThrottlingException(context, { ...hit, limit, ttl, key: hitsKey, tracker });
        return true;
      }
      // Not in the cache (or revoked there): the hit counted, if any, was the token's; the call counts as
      // its session's or, without a valid one, as its address's, the way below.
    }
    return super.handleRequest(props);
  }

  protected async getTracker(request: SessionRequest): Promise<string> {
    const token = this.tokenOf(request);
    if (token) request.session = (await this.sessions.authenticate(token)) ?? undefined;
    return request.session ? sessionTracker(request.session.tokenHash) : addressOf(request);
  }

  /**
   * The call's session token, unless it is authenticated already or has two session cookies (refused by the
   * session guard; until then the call counts as its address's).
   */
  private tokenOf(request: SessionRequest): string | null {
    const token = request.session ? null : sessionTokenOf(request);
    return token === TWO_SESSION_COOKIES ? null : token;
  }

  protected generateKey(context: ExecutionContext, tracker: string, name: string): string {
    // The general limit is one budget for all calls; the login limit one per call, as before.
    return name === Throttlers.general ? tracker : `${context.getClass().name}.${context.getHandler().name}:${tracker}`;
  }

  protected async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const retryAfterSeconds = Math.max(1, detail.timeToBlockExpire);
    void context.switchToHttp().getResponse<FastifyReply>().header('Retry-After', String(retryAfterSeconds));
    throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, ErrorMessages.tooManyRequests, { retryAfterSeconds });
  }
}

/** The prefix of the metadata keys @nestjs/throttler's decorators set (`THROTTLER:SKIP`, `THROTTLER:LIMIT`...). */
const THROTTLER_METADATA_PREFIX = 'THROTTLER:';

type GeneralLimit = Omit<ThrottlerRequest, 'context'>;

/** A session's budget, by its token's hash (one token, one session), which the rate limit knows before reading the session. */
function sessionTracker(tokenHash: string): string {
  return `session:${tokenHash}`;
}

/** The client's address (Fastify's, which honours X-Forwarded-For only from TRUST_PROXY); IPv6 by /64. */
export function addressOf(request: { ip: string }): string {
  return `address:${normalizeIp(request.ip)}`;
}

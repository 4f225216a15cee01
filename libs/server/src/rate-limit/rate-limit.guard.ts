import { ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  normalizeIp,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyReply } from 'fastify';
import { ErrorMessages } from '@runik/contract';
import { sessionTokenOf, TWO_SESSION_COOKIES } from '../auth/session-cookie';
import type { SessionRequest } from '../auth/session.guard';
import { SessionService } from '../auth/session.service';
import { ApiError } from '../core/errors/api-error';

/** The two limits, by name (see RateLimitModule). */
export const Throttlers = { general: 'general', login: 'login' } as const;

/**
 * Global guard, ahead of the SessionGuard: counts each call against the general limit of its
 * session (a valid bearer token) or, without one, of its client address, so players behind one
 * address do not share a budget while a flood of made-up tokens still counts against its address.
 * It authenticates the token itself (Redis-cached) and leaves the session for the SessionGuard.
 * Past a limit: 429 `{ error, retryAfterSeconds }` with a Retry-After header.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly sessions: SessionService,
  ) {
    super(options, storage, reflector);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    return super.canActivate(context);
  }

  protected async getTracker(request: SessionRequest): Promise<string> {
    const token = request.session ? null : sessionTokenOf(request);
    // Two session cookies are refused by the session guard; until then the call counts as its address's.
    if (token && token !== TWO_SESSION_COOKIES) request.session = (await this.sessions.authenticate(token)) ?? undefined;
    return request.session ? `session:${request.session.sessionId}` : addressOf(request);
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

/** The client's address (Fastify's, which honours X-Forwarded-For only from TRUST_PROXY); IPv6 by /64. */
export function addressOf(request: { ip: string }): string {
  return `address:${normalizeIp(request.ip)}`;
}

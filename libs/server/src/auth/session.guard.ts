import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorMessages } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';
import { clearPlantedSessionCookie, sessionCookieValues, sessionTokenOf, TWO_SESSION_COOKIES, wellFormedToken } from './session-cookie';
import { AuthenticatedSession, SessionService } from './session.service';

const PUBLIC = 'runik:public';
/** Marks a route callable without a session (login, registration, constants, leaderboards, health). */
export const Public = () => SetMetadata(PUBLIC, true);

/** Whether a handler (or its controller) is marked @Public() (used by the guard and the OpenAPI document). */
export function isPublicRoute(handler: object, controller: object): boolean {
  return Boolean(Reflect.getMetadata(PUBLIC, handler) ?? Reflect.getMetadata(PUBLIC, controller));
}

const ENDS_SESSION = 'runik:ends-session';
/**
 * Marks the logout: a request with two session cookies ends every session they name (a player who
 * logs out means to end theirs, and one may as well end the other's), where any other call is refused.
 */
export const EndsSession = () => SetMetadata(ENDS_SESSION, true);

/** Fields that name the acting player: when present they must be the session's own user. */
const OWNER_FIELDS = ['username', 'hiveUsername', 'buyerUsername', 'leaderUsername'];

export type SessionRequest = FastifyRequest & {
  session?: AuthenticatedSession;
  /** On a route marked @EndsSession(): every session the request names (its two session cookies' both). */
  endingSessions?: AuthenticatedSession[];
};

/** Global guard: a valid session (bearer header or cookie) on every non-public route, and ownership of every named player. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;

    const request = context.switchToHttp().getRequest<SessionRequest>();
    const token = sessionTokenOf(request);
    if (token === TWO_SESSION_COOKIES) return this.withTwoSessionCookies(context, request);
    if (!token) throw ApiError.unauthorized(ErrorMessages.sessionRequired);
    // The rate limit (which runs first and counts per session) may have authenticated this token already.
    const session = request.session ?? (await this.sessions.authenticate(token));
    if (!session) throw ApiError.unauthorized(ErrorMessages.sessionInvalid);

    for (const source of [request.params, request.query, request.body]) {
      if (!source || typeof source !== 'object') continue;
      for (const field of OWNER_FIELDS) {
        const named = (source as Record<string, unknown>)[field];
        if (named !== undefined && named !== session.hiveUsername) throw ApiError.forbidden(ErrorMessages.notYourAccount);
      }
    }
    request.session = session;
    return true;
  }

  /**
   * Two session cookies: another page of this host (another port) planted one beside the player's, and
   * nothing tells which is which, so neither is used: 401, with the planted one cleared (a partitioned
   * cookie: the api never sets one) so that the player's next call carries theirs alone. A logout ends both.
   */
  private async withTwoSessionCookies(context: ExecutionContext, request: SessionRequest): Promise<boolean> {
    const endsSession = this.reflector.getAllAndOverride<boolean>(ENDS_SESSION, [context.getHandler(), context.getClass()]);
    if (!endsSession) {
      clearPlantedSessionCookie(context.switchToHttp().getResponse<FastifyReply>());
      throw ApiError.unauthorized(ErrorMessages.twoSessionCookies);
    }
    const tokens = new Set(sessionCookieValues(request.headers.cookie).map(wellFormedToken));
    const sessions = await Promise.all([...tokens].map((token) => (token ? this.sessions.authenticate(token) : null)));
    const valid = sessions.filter((session): session is AuthenticatedSession => session !== null);
    if (valid.length === 0) throw ApiError.unauthorized(ErrorMessages.sessionInvalid);
    request.session = valid[0];
    request.endingSessions = valid;
    return true;
  }
}

import { CanActivate, ExecutionContext, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ErrorMessages } from '@runik/contract';
import { ApiError } from '../core/errors/api-error';
import { sessionTokenOf } from './session-cookie';
import { AuthenticatedSession, SessionService } from './session.service';

const PUBLIC = 'runik:public';
/** Marks a route callable without a session (login, registration, constants, leaderboards, health). */
export const Public = () => SetMetadata(PUBLIC, true);

/** Whether a handler (or its controller) is marked @Public() (used by the guard and the OpenAPI document). */
export function isPublicRoute(handler: object, controller: object): boolean {
  return Boolean(Reflect.getMetadata(PUBLIC, handler) ?? Reflect.getMetadata(PUBLIC, controller));
}

/** Fields that name the acting player: when present they must be the session's own user. */
const OWNER_FIELDS = ['username', 'hiveUsername', 'buyerUsername', 'leaderUsername'];

export type SessionRequest = FastifyRequest & { session?: AuthenticatedSession };

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
}

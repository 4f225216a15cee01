import '@fastify/cookie';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { SessionResponse } from '@runik/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, tap } from 'rxjs';

/**
 * The web app's session rides in this cookie, out of reach of the page's scripts (HttpOnly), never
 * sent over plain HTTP except to localhost (Secure), nor by another site's page (SameSite=Strict).
 * API clients and tests send `Authorization: Bearer <token>` instead; the header wins when both come.
 */
export const SESSION_COOKIE = 'runik_session';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  void reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, secure: true, sameSite: 'strict', expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'strict' });
}

/** The token if it looks like one this API issues, else null (nothing else is worth a lookup). */
export function wellFormedToken(token: unknown): string | null {
  return typeof token === 'string' && TOKEN_PATTERN.test(token) ? token : null;
}

/** The session token a request carries (bearer header, else the cookie), or null when none is well formed. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return wellFormedToken(bearer ? bearer[1] : request.cookies?.[SESSION_COOKIE]);
}

/** Sets the session cookie from the SessionResponse a login or a registration returns. */
@Injectable()
class SessionCookieInterceptor implements NestInterceptor<SessionResponse, SessionResponse> {
  intercept(context: ExecutionContext, next: CallHandler<SessionResponse>): Observable<SessionResponse> {
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    return next.handle().pipe(tap((session) => setSessionCookie(reply, session.token, new Date(session.expiresAt))));
  }
}

/** On a handler that returns a new session: the web app gets it as the session cookie too. */
export const StartsSessionCookie = () => UseInterceptors(SessionCookieInterceptor);

import '@fastify/cookie';
import { CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { SessionResponse } from '@runik/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Observable, tap } from 'rxjs';

/**
 * The web app's session rides in this cookie, out of reach of the page's scripts (HttpOnly), never
 * sent over plain HTTP except to localhost (Secure), nor by another site's page (SameSite=Strict).
 * The `__Host-` prefix makes browsers take it only with Secure, Path=/ and no Domain, so no other
 * host (a sibling subdomain) can set one for ours, and no page can add one under a longer path that
 * the browser would send first. Browsers take it over HTTPS and, in Chromium, on http://localhost
 * and 127.0.0.1 (a secure context): the same places they took the Secure cookie before, so development
 * uses the same name (docs/decisions.md, "The web app's session is a cookie").
 * API clients and tests send `Authorization: Bearer <token>` instead; the header wins when both come.
 */
export const SESSION_COOKIE = '__Host-runik_session';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const COOKIE_ATTRIBUTES = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;

function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date): void {
  void reply.setCookie(SESSION_COOKIE, token, { ...COOKIE_ATTRIBUTES, expires: expiresAt });
}

/**
 * Clears the session cookie, and the partitioned one of the same name a page on another port of this
 * host may have planted (a partitioned cookie is a cookie of its own, which only a Partitioned
 * Set-Cookie reaches; the api never sets one).
 */
export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, COOKIE_ATTRIBUTES);
  clearPlantedSessionCookie(reply);
}

/**
 * The Set-Cookie that clears the partitioned session cookie only: written out, since `reply.clearCookie`
 * keeps one cookie per name, domain and path (Fastify adds every Set-Cookie header), and the Socket.IO
 * handshake's answer sends it too.
 */
export const CLEAR_PLANTED_SESSION_COOKIE = `${SESSION_COOKIE}=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict; Partitioned`;

export function clearPlantedSessionCookie(reply: FastifyReply): void {
  void reply.header('Set-Cookie', CLEAR_PLANTED_SESSION_COOKIE);
}

/** The token if it looks like one this API issues, else null (nothing else is worth a lookup). */
export function wellFormedToken(token: unknown): string | null {
  return typeof token === 'string' && TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * The values of every session cookie a Cookie header carries, in its order. Parsers keep one value per
 * name (the first); a browser sends one cookie per path, domain and partition that matches, so a second
 * one means someone else planted one beside ours.
 */
export function sessionCookieValues(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== SESSION_COOKIE) continue;
    const value = pair.slice(equals + 1).trim();
    values.push(value.length > 1 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
  }
  return values;
}

/** What sessionTokenOf answers for a request carrying two session cookies: it is refused, never guessed. */
export const TWO_SESSION_COOKIES = Symbol('two session cookies');

/**
 * The session token a request carries (bearer header, else the session cookie), null when none is well
 * formed, or TWO_SESSION_COOKIES when it carries no bearer header and more than one session cookie.
 */
export function sessionTokenOf(request: FastifyRequest): string | null | typeof TWO_SESSION_COOKIES {
  const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  if (bearer) return wellFormedToken(bearer[1]);
  const cookies = sessionCookieValues(request.headers.cookie);
  return cookies.length > 1 ? TWO_SESSION_COOKIES : wellFormedToken(cookies[0]);
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

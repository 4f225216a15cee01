import fastifyBasicAuth from '@fastify/basic-auth';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorMessages } from '@runik/contract';
import type { OpsLoginLockout } from '@runik/server';

export interface OpsCredentials {
  user: string;
  /** Unset: every ops route stays locked. */
  password: string | undefined;
  /** A bearer token Prometheus may send instead of the ops credentials, on /metrics only. */
  metricsToken: string | undefined;
}

/**
 * The operators' surfaces: Bull Board (/admin/...), the operator API (/api/admin/...) and Prometheus
 * (/metrics). Matched against the route's pattern as it is registered, never against a request's URL.
 */
const OPS_ROUTE_PATTERN = /^\/(?:admin|api\/admin)(?:\/|$)|^\/metrics\/?$/;
const METRICS_ROUTE_PATTERN = /^\/metrics\/?$/;

export const OPS_UNAUTHORIZED = 'Operator credentials are required.';
/**
 * Answers 204 to a caller holding the ops credentials (401 otherwise): what nginx asks before serving
 * the operators' pages of the web build (docker/nginx.conf), as the api holds no copy of it there.
 */
const OPS_ACCESS_PATH = '/api/admin/access';

/**
 * Puts the ops credentials check on every ops route itself (an onRequest hook added as the route is
 * registered), so it runs on whatever request the router sends to that route: a percent-encoded,
 * upper-case or otherwise unusual spelling of the path either reaches no route (404) or meets the check.
 * Must run before the routes are registered (Nest and Bull Board register theirs at app.init()).
 * Failed logins (a wrong Authorization header) are counted per client address by `lockout`; an
 * address locked out gets 429 on every ops route, whatever it sends, until the lockout ends.
 */
export async function protectOpsRoutes(app: NestFastifyApplication, credentials: OpsCredentials, lockout: OpsLoginLockout): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(fastifyBasicAuth, {
    authenticate: { realm: 'Runik operations' },
    validate: async (user, password) => {
      const ok = credentials.password !== undefined && sameSecret(user, credentials.user) && sameSecret(password, credentials.password);
      if (!ok) throw new Error(OPS_UNAUTHORIZED);
    },
  });

  const checkBasicAuth = (request: FastifyRequest, reply: FastifyReply) =>
    new Promise<boolean>((resolve) => fastify.basicAuth(request, reply, (error) => resolve(!error)));

  /**
   * Whether the call may go on; else the answer is sent (429 while its address is locked out, 401
   * without the credentials). A wrong password is counted before it is answered, in one step with the
   * lockout's check: of many sent at once, at most the limit are answered 401, the rest 429; the right
   * one is let in only while the address is not locked out.
   */
  const admit = async (request: FastifyRequest, reply: FastifyReply, metricsTokenAccepted: boolean): Promise<boolean> => {
    const authorized = (metricsTokenAccepted && hasBearer(request, credentials.metricsToken)) || (await checkBasicAuth(request, reply));
    // A browser's first visit sends no credentials, only to get the prompt: not a failed login.
    const failedLogin = !authorized && request.headers.authorization !== undefined;
    const lockedForSeconds = await (failedLogin ? countFailure(request) : lockout.lockedForSeconds(request.ip)).catch((error: Error) => {
      // Redis down: the lockout is skipped (the operators keep their health pages), the credentials still hold.
      request.log.warn(`Ops login lockout unavailable: ${error.message}`);
      return 0;
    });
    if (lockedForSeconds > 0) {
      request.log.warn({ address: request.ip, lockedForSeconds }, 'Ops call refused: address locked out after failed logins');
      void reply
        .code(429)
        .header('Retry-After', String(lockedForSeconds))
        .send({ error: ErrorMessages.tooManyRequests, retryAfterSeconds: lockedForSeconds });
      return false;
    }
    if (authorized) return true;
    void reply.code(401).send({ error: OPS_UNAUTHORIZED });
    return false;
  };
  /** Counts a failed login; the seconds left of a lockout that was on before it (0 when it was counted). */
  const countFailure = async (request: FastifyRequest): Promise<number> => {
    const { failures, lockedOut, lockedForSeconds } = await lockout.recordFailure(request.ip);
    if (lockedForSeconds === 0) {
      request.log.warn(
        { address: request.ip, failures, lockedOut },
        lockedOut ? 'Failed ops login: address locked out' : 'Failed ops login',
      );
    }
    return lockedForSeconds;
  };
  const basicAuth: onRequestHookHandler = (request, reply, done) => {
    admit(request, reply, false).then((admitted) => admitted && done(), done);
  };
  const basicOrMetricsToken: onRequestHookHandler = (request, reply, done) => {
    admit(request, reply, true).then((admitted) => admitted && done(), done);
  };

  fastify.addHook('onRoute', (route: RouteOptions) => {
    if (!OPS_ROUTE_PATTERN.test(route.url)) return;
    const check = METRICS_ROUTE_PATTERN.test(route.url) ? basicOrMetricsToken : basicAuth;
    // First, before anything else the route does.
    route.onRequest = [check, ...toArray(route.onRequest)];
  });
  fastify.get(OPS_ACCESS_PATH, (_request, reply) => reply.code(204).send());
}

function hasBearer(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  return token !== undefined && typeof header === 'string' && sameSecret(header, `Bearer ${token}`);
}

/** Compares digests, which are of equal length, so the time taken tells nothing of the secret or its length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

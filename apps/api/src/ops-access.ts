import fastifyBasicAuth from '@fastify/basic-auth';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';

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
 */
export async function protectOpsRoutes(app: NestFastifyApplication, credentials: OpsCredentials): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(fastifyBasicAuth, {
    authenticate: { realm: 'Runik operations' },
    validate: async (user, password) => {
      const ok = credentials.password !== undefined && sameSecret(user, credentials.user) && sameSecret(password, credentials.password);
      if (!ok) throw new Error(OPS_UNAUTHORIZED);
    },
  });

  const basicAuth: onRequestHookHandler = (request, reply, done) =>
    fastify.basicAuth(request, reply, (error) => {
      if (error) {
        void reply.code(401).send({ error: OPS_UNAUTHORIZED });
        return;
      }
      done();
    });
  const basicOrMetricsToken: onRequestHookHandler = function (request, reply, done) {
    if (hasBearer(request, credentials.metricsToken)) return done();
    return basicAuth.call(this, request, reply, done);
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

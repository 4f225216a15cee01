import type { NestFastifyApplication } from '@nestjs/platform-fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const FOREIGN_ORIGIN_MESSAGE = 'Requests from another site are refused.';

/**
 * Refuses a state-changing request that a browser sent from another site (its Origin is not this
 * host), on every route, Bull Board's included: the session cookie is SameSite=Strict, and basic-auth
 * credentials a browser remembers would otherwise ride along. API clients that send no Origin pass.
 */
export function refuseForeignOrigins(app: NestFastifyApplication): void {
  app.getHttpAdapter().getInstance().addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || origin === undefined || hostOf(origin) === request.host) return done();
    void reply.code(403).send({ error: FOREIGN_ORIGIN_MESSAGE });
  });
}

/** The host:port of an Origin header; undefined for "null" or anything unparsable. */
function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

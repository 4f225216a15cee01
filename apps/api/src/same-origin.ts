import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorMessages } from '@runik/contract';
import { isForeignRequest } from '@runik/server';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that a browser sent from a page of another origin, on every route,
 * Bull Board's included: the session cookie is SameSite=Strict, which lets a same-site page (another
 * port of this host, a sibling subdomain) through, and basic-auth credentials a browser remembers would
 * otherwise ride along. Its Origin must name this origin exactly (scheme, host and port); a request
 * without Origin is refused when Sec-Fetch-Site says another site or origin sent it. API clients, which
 * send neither header, pass. (The Socket.IO handshake has its own check: NotificationsGateway.)
 */
export function refuseForeignOrigins(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      const foreign = isForeignRequest({
        origin: request.headers.origin,
        secFetchSite: request.headers['sec-fetch-site'],
        // Fastify's: X-Forwarded-Proto only from a proxy TRUST_PROXY names, else the connection's own.
        scheme: request.protocol,
        // The Host header itself, never X-Forwarded-Host (which Fastify's request.host prefers from a
        // trusted proxy): nginx passes the client's Host on and sets X-Forwarded-Host itself.
        host: request.headers.host,
      });
      if (!foreign) return done();
      void reply.code(403).send({ error: ErrorMessages.foreignOrigin });
    });
}

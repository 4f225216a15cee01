import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ErrorMessages } from '@runik/contract';
import { hostOfOrigin } from '@runik/server';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that a browser sent from another site (its Origin is not this
 * host), on every route, Bull Board's included: the session cookie is SameSite=Strict, and basic-auth
 * credentials a browser remembers would otherwise ride along. API clients that send no Origin pass.
 * (The Socket.IO handshake has its own check: NotificationsGateway.)
 */
export function refuseForeignOrigins(app: NestFastifyApplication): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, reply, done) => {
      const origin = request.headers.origin;
      // The Host header itself, never X-Forwarded-Host (which Fastify's request.host prefers from a
      // trusted proxy): nginx passes the client's Host on and sets X-Forwarded-Host itself.
      if (SAFE_METHODS.has(request.method) || origin === undefined || hostOfOrigin(origin) === request.headers.host) return done();
      void reply.code(403).send({ error: ErrorMessages.foreignOrigin });
    });
}

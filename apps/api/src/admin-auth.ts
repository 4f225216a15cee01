import fastifyBasicAuth from '@fastify/basic-auth';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { timingSafeEqual } from 'node:crypto';

/** Basic auth on everything under /admin (Bull Board) with credentials from the environment. */
export async function protectAdmin(app: NestFastifyApplication, user: string, password: string | undefined): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(fastifyBasicAuth, {
    authenticate: { realm: 'Runik operations' },
    validate: async (givenUser, givenPassword) => {
      // No password configured: the board stays locked.
      if (!password || !safeEqual(givenUser, user) || !safeEqual(givenPassword, password)) throw new Error('Unauthorized');
    },
  });
  fastify.addHook('onRequest', (request, reply, done) => {
    if (request.url === '/admin' || request.url.startsWith('/admin/')) return fastify.basicAuth(request, reply, done);
    done();
  });
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

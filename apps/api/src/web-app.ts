import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Serves the built web app at / with a fallback to index.html for client-side routes;
 * unknown /api paths still answer JSON 404.
 */
export async function serveWebApp(app: NestFastifyApplication, dir: string): Promise<void> {
  const distDir = resolve(dir);
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`WEB_DIST_DIR has no index.html: ${distDir}`);
  await app.register(fastifyStatic, { root: distDir, wildcard: false });
  app.getHttpAdapter().getInstance().get('/*', (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/admin/')) {
      return reply.status(404).send({ error: 'Not found' });
    }
    return reply.sendFile('index.html');
  });
}

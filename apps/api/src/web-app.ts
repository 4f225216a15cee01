import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The web app's client routes are plain paths: letters, digits, dashes and slashes. */
const CLIENT_ROUTE = /^\/[A-Za-z0-9/_-]*$/;
/** The server's own first segments: a path under them that reached the fallback names no route. */
const SERVER_SEGMENTS = new Set(['api', 'admin', 'metrics']);
/** The operators' economy page (apps/web/admin/economy.html), an ops route like every /admin path. */
const ECONOMY_PAGE_PATH = '/admin/economy';

/**
 * Serves the built web app at / with a fallback to index.html for client-side routes, and its operators'
 * page at /admin/economy (its file, /admin/economy.html, is an ops route too). Anything else
 * that reached no route (an unknown /api path, an odd spelling of /admin, a percent-encoded path)
 * answers JSON 404, never the app.
 */
export async function serveWebApp(app: NestFastifyApplication, dir: string): Promise<void> {
  const distDir = resolve(dir);
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`WEB_DIST_DIR has no index.html: ${distDir}`);
  const setHeaders = (reply: FastifyReply, path: string) => setCacheHeaders(reply, relative(distDir, path));
  await app.register(fastifyStatic, { root: distDir, wildcard: false, setHeaders });
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get(ECONOMY_PAGE_PATH, (_request, reply) => reply.header('Cache-Control', 'no-store').sendFile('admin/economy.html'));
  fastify.get('/*', (request, reply) => {
    if (!isClientRoute(request.url)) return reply.status(404).send({ error: 'Not found' });
    return reply.sendFile('index.html');
  });
}

/** Vite's hashed bundles never change under one name. */
const HASHED_ASSET = /^assets[/\\]/;
/** Files a browser must ask for again before use: the service worker, the web app manifest and the page. */
const REVALIDATED = /^(sw\.js|manifest\.webmanifest|index\.html)$/;

/** Cache headers of a built file (`file`: its path in the build), as docker/nginx.conf gives them in production. */
function setCacheHeaders(reply: FastifyReply, file: string): void {
  if (REVALIDATED.test(file)) reply.header('Cache-Control', 'no-cache');
  else if (HASHED_ASSET.test(file)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
}

function isClientRoute(url: string): boolean {
  const path = url.split('?', 1)[0];
  if (!CLIENT_ROUTE.test(path)) return false;
  const firstSegment = path.split('/').find((segment) => segment !== '') ?? '';
  return !SERVER_SEGMENTS.has(firstSegment.toLowerCase());
}

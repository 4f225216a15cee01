import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PinoLogger } from 'nestjs-pino';
import type { Logger } from 'pino';

/** The request being handled, for the lines logged while it is. */
const handledRequest = new AsyncLocalStorage<FastifyRequest>();

/**
 * pino's `mixin`: a line logged while a request is handled carries the request (`req`, serialized and censored by the
 * logger's request serializer, with `req.id` the request id Fastify assigned). It runs only when a line is written;
 * pino-http's middleware built a child logger with the serialized request for every request, written to or not.
 */
export function requestOfLine(): { req?: FastifyRequest } {
  const req = handledRequest.getStore();
  return req ? { req } : {};
}

/** The levels at which the line per request (an info line) is written. */
const LEVELS_WITH_REQUEST_LINES = new Set(['info', 'debug', 'trace']);

/** Health probes and metrics scrapes come every few seconds: their answers are not worth a log line. */
function isProbe(url: string): boolean {
  const path = url.split('?')[0];
  return path === '/metrics' || path === '/api/health' || path.startsWith('/api/health/');
}

/**
 * The api's request logs, from Fastify's own hooks: every request is handled inside its logging context (see
 * `requestOfLine`), and at LOG_LEVEL info or below each answer but the probes' gets a line, "request completed" (the
 * request, the status, the time in ms), as pino-http wrote it. nestjs-pino's middlewares did both through middie,
 * at a few per cent of the api's CPU per city read (docs/benchmarks.md). Registered before the other hooks, so that
 * their lines carry the request too. The lines per request go to `logger()`: nestjs-pino's root logger, set once Nest
 * has started, so asked for at each line.
 */
export function logRequests(fastify: FastifyInstance, level: string, logger: () => Logger = () => PinoLogger.root): void {
  fastify.addHook('onRequest', (request, _reply, done) => handledRequest.run(request, done));
  if (!LEVELS_WITH_REQUEST_LINES.has(level)) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    if (!isProbe(request.url)) {
      const message = reply.statusCode >= 500 ? 'request errored' : 'request completed';
      // The response as the logger's serializer reads one: Fastify writes its headers at once, so Node's own
      // response holds none of them.
      const res = { headersSent: true, statusCode: reply.statusCode, getHeaders: () => reply.getHeaders() };
      logger().info({ req: request, res, responseTime: Math.round(reply.elapsedTime) }, message);
    }
    done();
  });
}

import 'reflect-metadata';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import {
  ErrorFilter,
  loadAppConfig,
  logRequests,
  MetricsService,
  OpsLoginLockout,
  REDIS,
  recordHttpMetrics,
  REQUEST_ID_HEADER,
  requestIdFor,
  servesApiDocs,
} from '@runik/server';
import { ErrorMessages } from '@runik/contract';
import { API_GLOBAL_PREFIX, refuseIncompleteWiring } from './api-wiring';
import { AppModule } from './app.module';
import { refuseCompletedRetries } from './bull-board-retries';
import { createOpenApiDocument } from './openapi';
import { protectOpsRoutes } from './ops-access';
import { RedisIoAdapter } from './redis-io-adapter';
import { refuseForeignOrigins } from './same-origin';
import { addSecurityHeaders } from './security-headers';
import { serveWebApp } from './web-app';

/** Request bodies in this API are small; anything bigger is refused. */
const BODY_LIMIT_BYTES = 16 * 1024;

/**
 * JSON bodies go through Fastify's own parser (secure-json-parse), but a body starting with a byte
 * order mark is refused with 400 on every route, Bull Board's included: RFC 8259 forbids sending one,
 * and the parser would otherwise drop it silently. A body of any other type answers 415. A call without a body may
 * name any type (HTTP clients such as axios in Node send a form type on a bodyless POST).
 */
function acceptJsonBodiesOnly(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.charCodeAt(0) === 0xfeff) return done(Object.assign(new Error(ErrorMessages.byteOrderMark), { statusCode: 400 }), undefined);
    parseJson(request, text, done);
  });
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body: Buffer, done) => {
    if (body.length === 0) return done(null, undefined);
    done(Object.assign(new Error('Request bodies must be JSON (Content-Type: application/json).'), { statusCode: 415 }));
  });
}

/** Builds the API application (used by main.ts and by the integration tests). */
export async function createApiApp(options: { logs?: boolean } = {}): Promise<NestFastifyApplication> {
  const config = loadAppConfig();
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule,
    new FastifyAdapter({ bodyLimit: BODY_LIMIT_BYTES, trustProxy: config.TRUST_PROXY, genReqId: requestIdFor }),
    // From the moment shutdown starts, new requests get 503 (the load balancer moves on) while those in flight finish.
    // bodyParser off: Nest would add a form-encoded parser; the API takes JSON bodies only.
    { bufferLogs: true, abortOnError: false, return503OnClosing: true, bodyParser: false },
  );
  try {
    // A feature module left out of AppModule would only answer 404: refuse to start instead, naming it.
    refuseIncompleteWiring(app);
  } catch (error) {
    await app.close();
    throw error;
  }
  if (options.logs !== false) app.useLogger(app.get(Logger));
  app.setGlobalPrefix(API_GLOBAL_PREFIX.prefix, { exclude: [...API_GLOBAL_PREFIX.exclude] });
  app.useGlobalFilters(new ErrorFilter());
  app.useWebSocketAdapter(new RedisIoAdapter(app, config));
  // SIGTERM/SIGINT: stop taking connections, finish the requests in flight (Fastify's close), then
  // close the queues, Redis and PostgreSQL, and exit 0.
  app.enableShutdownHooks([], { useProcessExit: true });

  const fastify = app.getHttpAdapter().getInstance();
  logRequests(fastify, config.LOG_LEVEL);
  acceptJsonBodiesOnly(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // Once closing, the answers still going out end their keep-alive connections, so the process
  // exits as soon as they are sent instead of when the clients' idle connections time out.
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('Connection', 'close');
    done(null, payload);
  });
  recordHttpMetrics(fastify, app.get(MetricsService));
  addSecurityHeaders(app, config);
  refuseForeignOrigins(app);
  await app.register(fastifyCookie);
  const opsLockout = new OpsLoginLockout(app.get(REDIS), {
    failuresPerMinute: config.OPS_LOGIN_FAILURES_PER_MINUTE,
    lockoutMs: config.OPS_LOGIN_LOCKOUT_MINUTES * 60_000,
  });
  refuseCompletedRetries(app);
  await protectOpsRoutes(
    app,
    { user: config.BULL_BOARD_USER, password: config.BULL_BOARD_PASSWORD, metricsToken: config.METRICS_TOKEN },
    opsLockout,
  );

  if (servesApiDocs(config)) SwaggerModule.setup('api/docs', app, () => createOpenApiDocument(app));

  if (config.WEB_DIST_DIR) await serveWebApp(app, config.WEB_DIST_DIR);
  return app;
}

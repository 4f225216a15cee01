import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import type { LogFn, Logger } from 'pino';
import { ClockModule } from './clock/clock';
import { AppConfig } from './config/app-config';
import { APP_CONFIG, AppConfigModule } from './config/config.module';
import { connectionOptions } from './database/data-source';
import { CENSORED_SECRETS } from './logging/censored-request';
import { requestOfLine } from './logging/request-logs';
import { QueuesModule } from './queues/queues.module';
import { RedisModule } from './redis/redis.module';
import { UnknownQueryGuard } from './validation/unknown-query.guard';

/**
 * `npm start` (NODE_ENV development): one line per request ("GET /api/city/alice 200 12 ms") and warnings and
 * errors with their details laid out, through pino-pretty (a development dependency, absent from the images);
 * everywhere else JSON lines, as log collectors read them.
 */
const DEVELOPMENT_LOGS = {
  transport: {
    target: 'pino-pretty',
    options: {
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,context,req,res,responseTime',
      messageFormat: '{if context}[{context}] {end}{if req}{req.method} {req.url} {res.statusCode} {responseTime} ms {end}{msg}',
    },
  },
  hooks: {
    // Nest's start-up lines, one per module and per route (some 200), would bury the rest: debug lines here (LOG_LEVEL=debug).
    logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number) {
      const context = (args[0] as { context?: unknown } | undefined)?.context;
      if (level > DEBUG_LEVEL && START_UP_CONTEXTS.has(String(context))) return this.debug(...args);
      return method.apply(this, args);
    },
  },
};
/** pino's number for debug. */
const DEBUG_LEVEL = 20;
const START_UP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/**
 * What both the api and the worker need: config, clock, logs, PostgreSQL, Redis, queues. It names no feature
 * (lint refuses the import): features register their entities (`TypeOrmModule.forFeature`) and their start-up
 * SQL themselves, and the apps import the chain clients and the Notifier beside it.
 */
@Module({
  imports: [
    AppConfigModule,
    ClockModule,
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // JSON lines on stdout (pretty in development). Each line logged while a request is handled carries `req.id`: the
        // request id Fastify assigned (requestIdFor), also returned in the X-Request-Id header. The api logs its requests
        // from Fastify's hooks (logRequests), so nestjs-pino's middlewares are mounted on no route.
        pinoHttp: {
          level: config.LOG_LEVEL,
          ...CENSORED_SECRETS,
          mixin: requestOfLine,
          ...(config.NODE_ENV === 'development' ? DEVELOPMENT_LOGS : {}),
        },
        forRoutes: [],
      }),
    }),
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...connectionOptions(config.DATABASE_URL), autoLoadEntities: true, retryAttempts: 0 }),
    }),
    RedisModule,
    QueuesModule,
  ],
  providers: [{ provide: APP_GUARD, useClass: UnknownQueryGuard }],
})
export class CoreModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { ChainModule } from '../chain/chain.module';
import { ClockModule } from './clock/clock';
import { AppConfig } from './config/app-config';
import { APP_CONFIG, AppConfigModule } from './config/config.module';
import { dataSourceOptions } from './database/data-source';
import { QueuesModule } from './queues/queues.module';
import { RedisModule } from './redis/redis.module';

/** What both the api and the worker need: config, clock, logs, PostgreSQL, Redis, queues, chain clients. */
@Module({
  imports: [
    AppConfigModule,
    ClockModule,
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization'],
          autoLogging: { ignore: (req) => req.url === '/api/health' },
        },
      }),
    }),
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ ...dataSourceOptions(config.DATABASE_URL), retryAttempts: 0 }),
    }),
    RedisModule,
    QueuesModule,
    ChainModule,
  ],
})
export class CoreModule {}

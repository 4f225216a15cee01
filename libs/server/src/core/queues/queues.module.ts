import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { failFastRedisOptions } from '../redis/redis.module';
import { Queues } from './queues';

/**
 * BullMQ connection and the queues; the api only enqueues, the worker registers processors. Enqueueing
 * fails fast while Redis is out of reach; the worker's processors block on Redis and connect their own
 * way (`workerConnection`).
 */
@Global()
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.REDIS_URL, ...failFastRedisOptions(config) },
        prefix: `${config.REDIS_PREFIX}-bull`,
        defaultJobOptions: { removeOnComplete: { age: 7 * 24 * 3600 }, removeOnFail: { age: 30 * 24 * 3600 } },
      }),
    }),
    BullModule.registerQueue({ name: Queues.ledger }, { name: Queues.schedules }),
  ],
  exports: [BullModule],
})
export class QueuesModule {}

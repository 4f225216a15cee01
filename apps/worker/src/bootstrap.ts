import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { Logger } from 'nestjs-pino';
import { WorkerModule } from './worker.module';

/** The worker: BullMQ processors and job schedulers, no HTTP (used by main.ts and the tests). */
export async function createWorker(options: { logs?: boolean } = {}): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WorkerModule, { bufferLogs: true, abortOnError: false });
  if (options.logs !== false) worker.useLogger(worker.get(Logger));
  // SIGTERM/SIGINT: the processors stop taking jobs and finish the ones they hold (WorkerDrain), then
  // Redis and PostgreSQL close and the process exits 0.
  worker.enableShutdownHooks([], { useProcessExit: true });
  return worker;
}

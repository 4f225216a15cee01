import type { WorkerHost } from '@nestjs/bullmq';
import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { LedgerQueueProcessor } from './ledger-queue.processor';
import { SchedulesProcessor } from './schedules.processor';

/**
 * Graceful shutdown of the worker: before any module's shutdown hook runs (which is when
 * PostgreSQL, Redis and the queues close, in an order Nest does not promise relative to
 * @nestjs/bullmq's own worker close), every BullMQ worker stops fetching and waits for the jobs it
 * is running. A job cut short anyway (SIGKILL) is retried by another worker after its lock expires.
 */
@Injectable()
export class WorkerDrain implements BeforeApplicationShutdown {
  private readonly logger = new Logger(WorkerDrain.name);

  constructor(
    private readonly ledger: LedgerQueueProcessor,
    private readonly schedules: SchedulesProcessor,
  ) {}

  async beforeApplicationShutdown(signal?: string): Promise<void> {
    this.logger.log(`Shutting down${signal ? ` on ${signal}` : ''}: finishing the jobs in hand`);
    await Promise.all([this.ledger, this.schedules].map((processor) => workerOf(processor)?.close()));
    this.logger.log('Jobs finished; closing connections');
  }
}

/** The processor's BullMQ worker, or none when shutdown came before the workers were started. */
function workerOf(processor: WorkerHost): WorkerHost['worker'] | undefined {
  try {
    return processor.worker;
  } catch {
    return undefined;
  }
}

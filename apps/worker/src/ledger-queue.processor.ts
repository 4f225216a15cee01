import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobHandlers, loadAppConfig, Queues, workerConnection } from '@runik/server';
import { JOB_METRICS } from './job-metrics';

/** Read at import for the decorator: its connection, and its lock (a job of a worker that died is taken over once it expires). */
const config = loadAppConfig();

/** The ledger queue's one consumer: hands each job to the feature's `@JobHandler`. Started by WorkerStart. */
@Processor(Queues.ledger, {
  autorun: false,
  connection: workerConnection(config),
  concurrency: 4,
  lockDuration: config.WORKER_LOCK_DURATION_MS,
  stalledInterval: config.WORKER_LOCK_DURATION_MS,
  // Every ledger job is idempotent, so one whose worker died several times is still taken over,
  // never failed for good with its deposit or withdrawal left pending (BullMQ's default is 1).
  maxStalledCount: 10,
  metrics: JOB_METRICS,
})
export class LedgerQueueProcessor extends WorkerHost {
  constructor(private readonly handlers: JobHandlers) {
    super();
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(Queues.ledger, job);
  }
}

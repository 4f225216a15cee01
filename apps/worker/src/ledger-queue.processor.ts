import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { JobHandlers, loadAppConfig, Queues } from '@runik/server';
import { JOB_METRICS } from './job-metrics';

/** A job of a worker that died is taken over after the lock expires (BullMQ's stalled-job check). */
const { WORKER_LOCK_DURATION_MS } = loadAppConfig();

/** The ledger queue's one consumer: hands each job to the feature's `@JobHandler`. Started by WorkerStart. */
@Processor(Queues.ledger, {
  autorun: false,
  concurrency: 4,
  lockDuration: WORKER_LOCK_DURATION_MS,
  stalledInterval: WORKER_LOCK_DURATION_MS,
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

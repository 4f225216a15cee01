import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, JobHandlers, loadAppConfig, Queues, workerConnection } from '@runik/server';
import type { AppConfig } from '@runik/server';
import { JOB_METRICS } from './job-metrics';

/**
 * The global timed events, each declared by its feature with `@ScheduledJob`. Job schedulers live
 * in Redis, so however many workers upsert them, each tick makes one job; the jobs are idempotent
 * besides. Started by WorkerStart.
 */
@Processor(Queues.schedules, { autorun: false, connection: workerConnection(loadAppConfig()), metrics: JOB_METRICS })
export class SchedulesProcessor extends WorkerHost {
  constructor(
    @InjectQueue(Queues.schedules) private readonly queue: Queue,
    private readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /**
   * Upserts the job schedulers: all of them at start (a deploy may change one), and only the missing
   * ones from the pending-work sweep (Redis may have lost them). Upserting one that exists would
   * queue its next tick again, and a tick that just ran early could run twice.
   */
  async ensureSchedulers(onlyMissing = false): Promise<void> {
    for (const [name, repeat] of this.handlers.schedulers(this.config)) {
      if (onlyMissing && (await this.queue.getJobScheduler(name))) continue;
      await this.queue.upsertJobScheduler(name, repeat, { name });
    }
  }

  process(job: Job): Promise<unknown> {
    return this.handlers.run(Queues.schedules, job);
  }
}

import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, Clock, GameClockSync, JobHandlers, loadAppConfig, Queues, workerConnection } from '@runik/server';
import type { AppConfig } from '@runik/server';
import { JOB_METRICS } from './job-metrics';

/**
 * The global timed events, each declared by its feature with `@ScheduledJob`. Job schedulers live
 * in Redis, so however many workers upsert them, each tick makes one job; the jobs are idempotent
 * besides. Started by WorkerStart. They run on the game clock: a daily pattern is placed at the game's hours
 * (moved again when the game clock moves: GameClockCatchUp), and each job reads the stored offset first, so it
 * acts on the game's time even just after another process moved it.
 */
@Processor(Queues.schedules, { autorun: false, connection: workerConnection(loadAppConfig()), metrics: JOB_METRICS })
export class SchedulesProcessor extends WorkerHost {
  constructor(
    @InjectQueue(Queues.schedules) private readonly queue: Queue,
    private readonly handlers: JobHandlers,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly gameClock: GameClockSync,
  ) {
    super();
  }

  /**
   * Upserts the job schedulers: all of them at start (a deploy may change one), and only the missing
   * ones from the pending-work sweep (Redis may have lost them). Upserting one that exists would
   * queue its next tick again, and a tick that just ran early could run twice.
   */
  async ensureSchedulers(onlyMissing = false): Promise<void> {
    for (const [name, repeat] of this.handlers.schedulers(this.config, this.clock.offsetMs())) {
      if (onlyMissing && (await this.queue.getJobScheduler(name))) continue;
      await this.queue.upsertJobScheduler(name, repeat, { name });
    }
  }

  async process(job: Job): Promise<unknown> {
    await this.gameClock.refresh();
    return this.handlers.run(Queues.schedules, job);
  }
}

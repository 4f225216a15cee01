import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { CITADEL_RESET_HOUR, CITADEL_TIME_ZONE } from '@runik/rules';
import { CitadelJobs, Queues, ScheduledJobs, SeasonJobs } from '@runik/server';

/** Every day at 08:00 in Manila: the citadel's daily reset, and the season check (seasons turn at that hour). */
const DAILY_AT_RESET = { pattern: `0 ${CITADEL_RESET_HOUR} * * *`, tz: CITADEL_TIME_ZONE };

/**
 * The global timed events. Job schedulers live in Redis, so however many workers upsert them, each
 * tick makes one job; the jobs are idempotent besides.
 */
@Processor(Queues.schedules)
export class SchedulesProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(SchedulesProcessor.name);

  constructor(
    @InjectQueue(Queues.schedules) private readonly queue: Queue,
    private readonly citadel: CitadelJobs,
    private readonly seasons: SeasonJobs,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(ScheduledJobs.citadelDailyReset, DAILY_AT_RESET, { name: ScheduledJobs.citadelDailyReset });
    await this.queue.upsertJobScheduler(ScheduledJobs.seasonRollover, DAILY_AT_RESET, { name: ScheduledJobs.seasonRollover });
    // A season that began while no worker ran is recorded at start.
    await this.seasons.rollover();
  }

  async process(job: Job): Promise<void> {
    switch (job.name) {
      case ScheduledJobs.citadelDailyReset:
        this.logger.log(`Citadel daily reset: ${await this.citadel.dailyReset()} players' counts restarted`);
        return;
      case ScheduledJobs.seasonRollover:
        return this.seasons.rollover();
      default:
        throw new Error(`Unknown scheduled job: ${job.name}`);
    }
  }
}

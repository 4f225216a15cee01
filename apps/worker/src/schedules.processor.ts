import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue, RepeatOptions } from 'bullmq';
import { CITADEL_RESET_HOUR, CITADEL_TIME_ZONE, THRONE_SLOTS } from '@runik/rules';
import { APP_CONFIG, CitadelJobs, NotificationsService, Queues, ScheduledJobs, SeasonJobs, ThroneEngine, WithdrawalGuardRails } from '@runik/server';
import type { AppConfig } from '@runik/server';
import { JOB_METRICS } from './job-metrics';

/** Every day at 08:00 in Manila: the citadel's daily reset, and the season check (seasons turn at that hour). */
const DAILY_AT_RESET = { pattern: `0 ${CITADEL_RESET_HOUR} * * *`, tz: CITADEL_TIME_ZONE };
/** The throne calendar's moments (UTC): voting opens at 00:01 and closes at 00:00, battles start on the slots. */
const THRONE_TICKS = {
  [ScheduledJobs.throneVotingOpens]: { pattern: '1 0 * * *', tz: 'UTC' },
  [ScheduledJobs.throneVotingCloses]: { pattern: '0 0 * * *', tz: 'UTC' },
  [ScheduledJobs.throneBattleStarts]: { pattern: `0 ${THRONE_SLOTS.map((slot) => slot.split(':')[0]).join(',')} * * *`, tz: 'UTC' },
  // The safety net: anything an alarm missed (Redis refused it, or time was spent down) is caught within a minute.
  [ScheduledJobs.throneCatchUp]: { every: 60_000 },
};

/**
 * The global timed events. Job schedulers live in Redis, so however many workers upsert them, each
 * tick makes one job; the jobs are idempotent besides.
 */
@Processor(Queues.schedules, { metrics: JOB_METRICS })
export class SchedulesProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(SchedulesProcessor.name);

  constructor(
    @InjectQueue(Queues.schedules) private readonly queue: Queue,
    private readonly citadel: CitadelJobs,
    private readonly seasons: SeasonJobs,
    private readonly throne: ThroneEngine,
    private readonly notifications: NotificationsService,
    private readonly withdrawals: WithdrawalGuardRails,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.ensureSchedulers();
    // A season that began, or a war phase that fell due, while no worker ran is caught up at start.
    await this.seasons.rollover();
    await this.throne.advance();
  }

  /**
   * Upserts the job schedulers: all of them at start (a deploy may change one), and only the missing
   * ones from the pending-work sweep (Redis may have lost them). Upserting one that exists would
   * queue its next tick again, and a tick that just ran early could run twice.
   */
  async ensureSchedulers(onlyMissing = false): Promise<void> {
    const schedulers: [string, RepeatOptions][] = [
      [ScheduledJobs.citadelDailyReset, DAILY_AT_RESET],
      [ScheduledJobs.seasonRollover, DAILY_AT_RESET],
      [ScheduledJobs.notificationsExpiry, DAILY_AT_RESET],
      ...Object.entries(THRONE_TICKS),
      [ScheduledJobs.withdrawalQueueRelease, { every: this.config.WITHDRAWAL_QUEUE_CHECK_MS }],
    ];
    for (const [name, repeat] of schedulers) {
      if (onlyMissing && (await this.queue.getJobScheduler(name))) continue;
      await this.queue.upsertJobScheduler(name, repeat, { name });
    }
  }

  async process(job: Job): Promise<void> {
    switch (job.name) {
      case ScheduledJobs.citadelDailyReset:
        this.logger.log(`Citadel daily reset: ${await this.citadel.dailyReset()} players' counts restarted`);
        return;
      case ScheduledJobs.seasonRollover:
        return this.seasons.rollover();
      case ScheduledJobs.notificationsExpiry:
        this.logger.log(`Notifications expired: ${await this.notifications.expire()}`);
        return;
      case ScheduledJobs.throneVotingOpens:
      case ScheduledJobs.throneVotingCloses:
      case ScheduledJobs.throneBattleStarts:
      case ScheduledJobs.throneCatchUp:
      case ScheduledJobs.throneAdvance:
        return this.throne.advance();
      case ScheduledJobs.withdrawalQueueRelease:
        await this.withdrawals.releaseQueued();
        return;
      default:
        throw new Error(`Unknown scheduled job: ${job.name}`);
    }
  }
}

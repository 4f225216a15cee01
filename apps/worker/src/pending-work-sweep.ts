import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { PendingWorkSweeper } from '@runik/server';
import { Heartbeat } from './liveness/heartbeat';
import { SchedulesProcessor } from './schedules.processor';

/** Short enough that work lost with Redis resumes within seconds; each sweep is a few indexed queries. */
export const PENDING_WORK_SWEEP_MS = 10_000;

/**
 * Once at start and then every PENDING_WORK_SWEEP_MS, in every worker: the ledger jobs of rows still
 * waiting come back if Redis lost them, and so do the job schedulers. A timer of the process, not a
 * job scheduler, since a Redis that lost its data has lost the schedulers too.
 */
@Injectable()
export class PendingWorkSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger(PendingWorkSweep.name);
  private running = false;

  constructor(
    private readonly sweeper: PendingWorkSweeper,
    private readonly schedules: SchedulesProcessor,
    private readonly heartbeat: Heartbeat,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
  }

  @Interval(PENDING_WORK_SWEEP_MS)
  async sweep(): Promise<void> {
    // A sweep slowed down by an outage is not stacked on.
    if (this.running) return;
    this.running = true;
    try {
      await this.sweeper.sweep();
      await this.schedules.ensureSchedulers(true);
    } catch (error) {
      this.logger.warn(`Sweep of pending work failed, retried in ${PENDING_WORK_SWEEP_MS / 1000} s: ${(error as Error).message}`);
    } finally {
      this.running = false;
      await this.heartbeat.beat('pending-work-sweep');
    }
  }
}

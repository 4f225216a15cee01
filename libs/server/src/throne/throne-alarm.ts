import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { Clock } from '../core/clock/clock';
import { Queues, ScheduledJobs } from '../core/queues/queues';

/**
 * Wakes the worker when the war has something due (a rally marching, full control, the battle's
 * end): a delayed job per moment, its id the moment, so asking twice queues it once. The worker's
 * minute scheduler is the safety net should Redis refuse. The moment is the game's time, so the delay
 * is counted on the game's clock (moved forward, the war's next moment comes sooner by the machine's).
 */
@Injectable()
export class ThroneAlarm {
  private readonly logger = new Logger(ThroneAlarm.name);

  constructor(
    @InjectQueue(Queues.schedules) private readonly queue: Queue,
    private readonly clock: Clock,
  ) {}

  async wakeAt(at: Date): Promise<void> {
    try {
      await this.queue.add(
        ScheduledJobs.throneAdvance,
        {},
        { jobId: `throne-advance-${at.getTime()}`, delay: Math.max(0, at.getTime() - this.clock.nowMs()) },
      );
    } catch (error) {
      this.logger.warn(`Could not set the throne alarm for ${at.toISOString()}: ${(error as Error).message}`);
    }
  }
}

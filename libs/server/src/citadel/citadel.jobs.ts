import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { gameDayKey } from '@runik/rules';
import { Clock } from '../core/clock/clock';
import { EVERY_GAME_DAY, ScheduledJob } from '../core/queues/job-handlers';
import { ScheduledJobs } from '../core/queues/queues';

/** The citadel's scheduled work (worker only). */
@Injectable()
export class CitadelJobs {
  private readonly logger = new Logger(CitadelJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * 08:00 in Manila: every player's daily attack count starts again. Reads already treat a count
   * from an earlier game day as 0; this makes the stored counts agree. Idempotent.
   */
  @ScheduledJob(ScheduledJobs.citadelDailyReset, EVERY_GAME_DAY)
  async dailyReset(): Promise<number> {
    const today = gameDayKey(this.clock.now().getTime());
    const reset = await this.dataSource.query(
      `WITH reset AS (UPDATE citadel_players SET today_attack_count = 0, day = $1 WHERE day <> $1 RETURNING 1) SELECT count(*)::int AS n FROM reset`,
      [today],
    );
    this.logger.log(`Citadel daily reset: ${reset[0].n} players' counts restarted`);
    return reset[0].n;
  }
}

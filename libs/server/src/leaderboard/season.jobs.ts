import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { seasonAt } from '@runik/rules';
import { Clock } from '../core/clock/clock';
import { EVERY_GAME_DAY, ScheduledJob } from '../core/queues/job-handlers';
import { ScheduledJobs } from '../core/queues/queues';

/** The season calendar's scheduled work (worker only). */
@Injectable()
export class SeasonJobs {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /**
   * When a season ends the next begins: records the season now running. Idempotent (its key).
   * Seasons turn with the game day; one that began while no worker ran is recorded at start.
   */
  @ScheduledJob(ScheduledJobs.seasonRollover, EVERY_GAME_DAY, { runAtStart: true })
  async rollover(): Promise<void> {
    const current = seasonAt(this.clock.now().getTime());
    await this.dataSource.query(
      `INSERT INTO seasons (season_id, label, starts_at, ends_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [current.seasonId, current.label, current.startsAt, current.endsAt],
    );
  }
}

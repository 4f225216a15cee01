import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { seasonAt } from '@runik/rules';
import { Clock } from '../core/clock/clock';

/** The season calendar's scheduled work (worker only). */
@Injectable()
export class SeasonJobs {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** When a season ends the next begins: records the season now running. Idempotent (its key). */
  async rollover(): Promise<void> {
    const current = seasonAt(this.clock.now().getTime());
    await this.dataSource.query(`INSERT INTO seasons (season_id, label, starts_at, ends_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [
      current.seasonId,
      current.label,
      current.startsAt,
      current.endsAt,
    ]);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ALLIANCE_CHAT_RETENTION_DAYS, ALLIANCE_MENTION_INTERVAL_SECONDS } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { EVERY_GAME_DAY, ScheduledJob } from '../core/queues/job-handlers';
import { ScheduledJobs } from '../core/queues/queues';

const DAY_MS = 86_400_000;

/** The worker's side of the alliance chat: the retention. */
@Injectable()
export class AllianceChatJobs {
  private readonly logger = new Logger(AllianceChatJobs.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Deletes lines older than ALLIANCE_CHAT_RETENTION_DAYS, mutes that ended and mention marks that no longer hold (daily); returns how many lines. */
  @ScheduledJob(ScheduledJobs.allianceChatExpiry, EVERY_GAME_DAY)
  async expire(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - ALLIANCE_CHAT_RETENTION_DAYS * DAY_MS);
    const [, count] = await this.dataSource.query(`DELETE FROM alliance_chat_messages WHERE created_at < $1`, [before]);
    await this.dataSource.query(`DELETE FROM alliance_chat_mutes WHERE muted_until <= $1`, [now]);
    await this.dataSource.query(`DELETE FROM alliance_mention_marks WHERE notified_at <= $1`, [
      new Date(now.getTime() - ALLIANCE_MENTION_INTERVAL_SECONDS * 1000),
    ]);
    const expired = Number(count);
    this.logger.log(`Alliance chat lines expired: ${expired}`);
    return expired;
  }
}

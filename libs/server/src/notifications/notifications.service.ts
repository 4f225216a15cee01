import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NOTIFICATION_RETENTION_DAYS } from '@runik/contract';
import type {
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NotificationsQuery,
  NotificationsResponse,
} from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { countAndPage } from '../core/database/count-and-page';
import { EVERY_GAME_DAY, ScheduledJob } from '../core/queues/job-handlers';
import { ScheduledJobs } from '../core/queues/queues';
import { NOTIFICATION_COLUMNS, notificationDto, NotificationRow } from './notification-rows';
import { retryingTransaction } from '../core/database/transaction';

const DAY_MS = 86_400_000;
const UNREAD_COUNT = `SELECT count(*) AS total FROM notifications WHERE player_id = $1 AND read_at IS NULL`;

/** The player's inbox: pages newest first (by id, so a cursor never skips or repeats one), read marks, expiry. */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async list(playerId: number, { cursor, limit, kind }: NotificationsQuery): Promise<NotificationsResponse> {
    const { total: unreadCount, rows } = await countAndPage<NotificationRow>(
      this.dataSource.manager,
      UNREAD_COUNT,
      `SELECT ${NOTIFICATION_COLUMNS} FROM notifications
        WHERE player_id = $1 AND ($2::bigint IS NULL OR id < $2) AND ($3::text[] IS NULL OR kind = ANY($3))
        ORDER BY id DESC LIMIT $4`,
      [playerId, cursor ?? null, kind ?? null, limit + 1],
    );
    const page = rows.slice(0, limit);
    return { notifications: page.map(notificationDto), unreadCount, nextCursor: rows.length > limit ? page[page.length - 1].id : null };
  }

  /** Marks the named notifications (only the player's own; others' ids are ignored) or all of them read. */
  async markRead(playerId: number, request: MarkNotificationsReadRequest): Promise<MarkNotificationsReadResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      await manager.query(
        `UPDATE notifications SET read_at = $3
          WHERE player_id = $1 AND read_at IS NULL AND ($2::bigint[] IS NULL OR id = ANY($2))`,
        [playerId, 'ids' in request ? request.ids : null, this.clock.now()],
      );
      return { unreadCount: await this.unreadCount(manager, playerId) };
    });
  }

  /** Deletes notifications older than the retention period (the worker, daily); returns how many. */
  @ScheduledJob(ScheduledJobs.notificationsExpiry, EVERY_GAME_DAY)
  async expire(): Promise<number> {
    const before = new Date(this.clock.nowMs() - NOTIFICATION_RETENTION_DAYS * DAY_MS);
    const [, count] = await this.dataSource.query(`DELETE FROM notifications WHERE created_at < $1`, [before]);
    const expired = Number(count);
    this.logger.log(`Notifications expired: ${expired}`);
    return expired;
  }

  private async unreadCount(manager: EntityManager, playerId: number): Promise<number> {
    const [{ total }] = await manager.query(UNREAD_COUNT, [playerId]);
    return Number(total);
  }
}

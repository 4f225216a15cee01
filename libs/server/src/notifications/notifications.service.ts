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
import { db, firstRow, rows as runQuery } from '../core/database/sql';
import { notificationColumns, notificationDto } from './notification-rows';
import { retryingTransaction } from '../core/database/transaction';

const DAY_MS = 86_400_000;
function unread(playerId: number) {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('player_id', '=', playerId)
    .where('read_at', 'is', null);
}

/** The player's inbox: pages newest first (by id, so a cursor never skips or repeats one), read marks, expiry. */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  async list(playerId: number, { cursor, limit, kind }: NotificationsQuery): Promise<NotificationsResponse> {
    let newest = db.selectFrom('notifications').select(notificationColumns).where('player_id', '=', playerId);
    if (cursor !== undefined) newest = newest.where('id', '<', cursor);
    if (kind !== undefined) newest = newest.where('kind', '=', (eb) => eb.fn.any(eb.val(kind)));
    const { total: unreadCount, rows } = await countAndPage(
      this.dataSource.manager,
      unread(playerId),
      newest.orderBy('id', 'desc').limit(limit + 1),
    );
    const page = rows.slice(0, limit);
    return {
      notifications: page.map(notificationDto),
      unreadCount,
      nextCursor: rows.length > limit ? String(page[page.length - 1].id) : null,
    };
  }

  /** Marks the named notifications (only the player's own; others' ids are ignored) or all of them read. */
  async markRead(playerId: number, request: MarkNotificationsReadRequest): Promise<MarkNotificationsReadResponse> {
    return retryingTransaction(this.dataSource, async (manager) => {
      let marked = db
        .updateTable('notifications')
        .set({ read_at: this.clock.now() })
        .where('player_id', '=', playerId)
        .where('read_at', 'is', null);
      if ('ids' in request) marked = marked.where('id', '=', (eb) => eb.fn.any(eb.val(request.ids)));
      await runQuery(manager, marked);
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
    const counted = await firstRow(manager, unread(playerId));
    return Number(counted?.total ?? 0);
  }
}

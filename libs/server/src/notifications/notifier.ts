import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { NotificationDataByKind, NotificationKind } from '@runik/contract';
import { Clock } from '../core/clock/clock';
import { NotificationPush } from './notification-push';
import { NOTIFICATION_COLUMNS, notificationDto, NotificationRow } from './notification-rows';

/**
 * What every feature calls to tell players what happened: the notification is stored in the
 * transaction of the event (so it exists exactly when the event does) and pushed once that commits.
 * `source` names the cause (`battle:12`, `deposit:7`): one notification of a kind per cause per
 * player, so a job that runs twice notifies once.
 */
@Injectable()
export class Notifier {
  constructor(
    private readonly push: NotificationPush,
    private readonly clock: Clock,
  ) {}

  async notify<K extends NotificationKind>(
    manager: EntityManager,
    to: number | readonly number[],
    kind: K,
    source: string,
    data: NotificationDataByKind[K],
  ): Promise<void> {
    const recipients = [...new Set(typeof to === 'number' ? [to] : to)];
    await this.notifyEach(manager, kind, source, recipients.map((playerId) => ({ playerId, data })));
  }

  /** One event told to many players, each with their own data (their share, their losses), in one statement. */
  async notifyEach<K extends NotificationKind>(
    manager: EntityManager,
    kind: K,
    source: string,
    entries: readonly { playerId: number; data: NotificationDataByKind[K] }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const rows: NotificationRow[] = await manager.query(
      `INSERT INTO notifications (player_id, kind, source, data, created_at)
       SELECT entry.player_id, $3, $4, entry.data, $5 FROM unnest($1::bigint[], $2::jsonb[]) AS entry (player_id, data)
       ON CONFLICT (player_id, kind, source) DO NOTHING
       RETURNING ${NOTIFICATION_COLUMNS}`,
      [entries.map((entry) => entry.playerId), entries.map((entry) => JSON.stringify(entry.data)), kind, source, this.clock.now()],
    );
    this.push.afterCommit(
      manager,
      rows.map((row) => ({ playerId: Number(row.player_id), notification: notificationDto(row) })),
    );
  }
}

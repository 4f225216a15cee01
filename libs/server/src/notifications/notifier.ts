import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { NotificationDataByKind, NotificationKind } from '@runik/contract';
import { sql } from 'kysely';
import { Clock } from '../core/clock/clock';
import { compiledOnce, rows } from '../core/database/sql';
import { NotificationPush } from './notification-push';
import { notificationColumns, notificationDto, NotificationRow } from './notification-rows';

/** One player's notification, its data typed by its kind. */
export type NotificationEntry = {
  [K in NotificationKind]: { playerId: number; kind: K; data: NotificationDataByKind[K] };
}[NotificationKind];

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
    await this.notifyEach(
      manager,
      source,
      recipients.map((playerId) => ({ playerId, kind, data }) as NotificationEntry),
    );
  }

  /**
   * Notifications of one cause, each to its player with its own kind and data (their share, their
   * side of a battle), in one statement.
   */
  async notifyEach(manager: EntityManager, source: string, entries: readonly NotificationEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const players = entries.map((entry) => entry.playerId);
    const kinds = entries.map((entry) => entry.kind);
    const data = entries.map((entry) => JSON.stringify(entry.data));
    const stored = await rows(manager, notifyStatement(source, this.clock.now(), players, kinds, data));
    this.push.afterCommit(
      manager,
      stored.map((row) => ({ playerId: row.player_id, notification: notificationDto(row) })),
    );
  }
}

/** Notifications of one cause, one per entry (players, kinds and data each one array parameter): compiled once. */
const notifyStatement = compiledOnce(
  (source: string, at: Date, players: number[], kinds: NotificationKind[], data: string[]) =>
    sql<NotificationRow>`INSERT INTO notifications (player_id, kind, source, data, created_at)
   SELECT entry.player_id, entry.kind, ${source}, entry.data, ${at}
     FROM unnest(${players}::bigint[], ${kinds}::text[], ${data}::jsonb[]) AS entry (player_id, kind, data)
   ON CONFLICT (player_id, kind, source) DO NOTHING
   RETURNING ${sql.join(notificationColumns.map((column) => sql.ref(column)))}`,
);

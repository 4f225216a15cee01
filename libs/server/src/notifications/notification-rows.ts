import { Selectable } from 'kysely';
import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@runik/contract';
import type { NotificationDto, NotificationKind, NotificationOf } from '@runik/contract';
import type { Notifications } from '../core/database/schema';
import { decodeNotificationData } from '../stored-data/stored-notifications';

export const notificationColumns = ['id', 'player_id', 'kind', 'data', 'created_at', 'read_at'] as const;
export type NotificationRow = Pick<Selectable<Notifications>, (typeof notificationColumns)[number]>;

const notificationKind = z.enum(NOTIFICATION_KINDS);

function notificationOf<K extends NotificationKind>(kind: K, row: NotificationRow): NotificationOf<K> {
  return {
    id: row.id,
    kind,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
    data: decodeNotificationData(kind, row.data),
  };
}

/** A stored notification, its kind and data decoded. */
export function notificationDto(row: NotificationRow): NotificationDto {
  // The data was decoded for this very kind; TypeScript cannot follow the union's member through the generic call.
  return notificationOf(notificationKind.parse(row.kind), row) as NotificationDto;
}

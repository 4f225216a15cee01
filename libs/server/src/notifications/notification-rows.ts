import type { NotificationDto } from '@runik/contract';

export interface NotificationRow {
  id: string;
  player_id: string;
  kind: NotificationDto['kind'];
  data: NotificationDto['data'];
  created_at: Date;
  read_at: Date | null;
}

export const NOTIFICATION_COLUMNS = 'id, player_id, kind, data, created_at, read_at';

export function notificationDto(row: NotificationRow): NotificationDto {
  return {
    id: Number(row.id),
    kind: row.kind,
    createdAt: row.created_at.toISOString(),
    readAt: row.read_at?.toISOString() ?? null,
    data: row.data,
  } as NotificationDto;
}

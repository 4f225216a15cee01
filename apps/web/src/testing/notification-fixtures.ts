import {
  ApiRoutes,
  type NotificationDataByKind,
  type NotificationDto,
  type NotificationKind,
  type NotificationOf,
  type NotificationsResponse,
} from '@runik/contract';
import type { FakeApi, Responder } from './fake-api';

let lastId = 0;

/** A stored notification of `kind`, unread, made now; ids count up. */
export function notificationOf<K extends NotificationKind>(
  kind: K,
  data: NotificationDataByKind[K],
  overrides: Partial<NotificationOf<K>> = {},
): NotificationDto {
  lastId += 1;
  return { id: lastId, kind, createdAt: '2026-05-01T12:00:00.000Z', readAt: null, data, ...overrides } as NotificationDto;
}

/** A page of GET /api/notifications/{username}. */
export function notificationsPage(
  notifications: NotificationDto[],
  { unreadCount = 0, nextCursor = null }: Partial<NotificationsResponse> = {},
): NotificationsResponse {
  return { notifications, unreadCount, nextCursor };
}

/** The bell's request (a page of one), answering `unreadCount`. */
export function serveUnreadCount(api: FakeApi, username: string, unreadCount: number | Responder): FakeApi {
  const responder = typeof unreadCount === 'number' ? { status: 200, data: notificationsPage([], { unreadCount }) } : unreadCount;
  return api.on('GET', ApiRoutes.notifications(username, { limit: 1 }), responder);
}

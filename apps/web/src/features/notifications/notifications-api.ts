import { useEffect, useRef } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  ApiRoutes,
  type MarkNotificationsReadRequest,
  type MarkNotificationsReadResponse,
  type NotificationKind,
  type NotificationsResponse,
} from '@runik/contract';
import { httpClient, responseData } from '../../api/http-client';
import { useLivePollInterval } from '../../shared/live-status';
import { describeNotification } from './notification-wording';

/** Without the live connection, the bell looks for news this often. */
export const UNREAD_FALLBACK_POLL_MS = 60_000;

export const notificationKeys = {
  all: (username: string) => ['notifications', username] as const,
  unreadCount: (username: string) => ['notifications', username, 'unread-count'] as const,
  inboxes: (username: string) => ['notifications', username, 'inbox'] as const,
  /** One inbox list per filter; every kind when `kinds` is empty. */
  inbox: (username: string, kinds: readonly NotificationKind[]) => ['notifications', username, 'inbox', kinds] as const,
};

async function fetchNotifications(username: string, options: { cursor?: string; limit?: number; kind?: readonly NotificationKind[] }) {
  return responseData(httpClient.get<NotificationsResponse>(ApiRoutes.notifications(username, options)));
}

/** The bell's count: the smallest page carries it. */
export function useUnreadCount(username: string) {
  return useQuery({
    queryKey: notificationKeys.unreadCount(username),
    queryFn: async () => (await fetchNotifications(username, { limit: 1 })).unreadCount,
    refetchInterval: useLivePollInterval(UNREAD_FALLBACK_POLL_MS),
  });
}

/** The inbox, newest first, a page at a time along the server's cursor. */
export function useInbox(username: string, kinds: readonly NotificationKind[]) {
  return useInfiniteQuery({
    queryKey: notificationKeys.inbox(username, kinds),
    queryFn: ({ pageParam }) => fetchNotifications(username, { cursor: pageParam, kind: kinds }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

/** Marks some notifications (or all) read; the bell and the loaded inbox pages follow without a reload. */
export function useMarkRead(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MarkNotificationsReadRequest) =>
      responseData(httpClient.post<MarkNotificationsReadResponse>(ApiRoutes.notificationsRead(username), request)),
    onSuccess: ({ unreadCount }, request) => {
      queryClient.setQueryData(notificationKeys.unreadCount(username), unreadCount);
      const readAt = new Date().toISOString();
      const isMarked = 'all' in request ? () => true : (id: number) => request.ids.includes(id);
      queryClient.setQueriesData<InfiniteData<NotificationsResponse>>(
        { queryKey: notificationKeys.inboxes(username) },
        (inbox) =>
          inbox && {
            ...inbox,
            pages: inbox.pages.map((page) => ({
              ...page,
              unreadCount,
              notifications: page.notifications.map((notification) =>
                notification.readAt === null && isMarked(notification.id) ? { ...notification, readAt } : notification,
              ),
            })),
          },
      );
    },
  });
}

/**
 * Opening the page a notification links to (a battle report) reads it, however the page was reached:
 * the inbox, a toast, the battle log (issue 35: reports never marked anything read). Looks at the
 * newest page of the inbox, where a fresh report's notification is. The page renders it through
 * ReadLinkedNotificationsContext (shared/linked-notifications.ts), which the shell fills with this.
 */
export function ReadNotificationsLinkingTo({ username, path }: { username: string; path: string }): null {
  const inbox = useInbox(username, []);
  const { mutate } = useMarkRead(username);
  // Each id is asked once: the inbox may be fetched again before the answer lands.
  const asked = useRef(new Set<number>());
  const ids = (inbox.data?.pages[0]?.notifications ?? [])
    .filter(
      (notification) =>
        notification.readAt === null && !asked.current.has(notification.id) && describeNotification(notification).link?.to === path,
    )
    .map((notification) => notification.id);
  const key = ids.join(',');
  useEffect(() => {
    if (key === '') return;
    const toMark = key.split(',').map(Number);
    toMark.forEach((id) => asked.current.add(id));
    mutate({ ids: toMark });
  }, [key, mutate]);
  return null;
}

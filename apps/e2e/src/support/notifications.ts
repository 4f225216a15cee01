import type { NotificationDataByKind, NotificationKind, NotificationOf, NotificationsResponse } from '@runik/contract';
import { ApiRoutes } from '@runik/contract';
import type { CityPlayer } from './city';
import { eventually } from './eventually';

/** One page of the player's inbox through the API. */
export async function inboxOf(
  player: CityPlayer,
  options: { cursor?: string; limit?: number; kind?: NotificationKind[] } = {},
): Promise<NotificationsResponse> {
  return (await player.api.get<NotificationsResponse>(ApiRoutes.notifications(player.username, options))).data;
}

/** The player's notifications of one kind (newest first), all pages. */
export async function notificationsOf<K extends NotificationKind>(player: CityPlayer, kind: K): Promise<NotificationOf<K>[]> {
  const found: NotificationOf<K>[] = [];
  let cursor: string | undefined;
  do {
    const page = await inboxOf(player, { cursor, limit: 100, kind: [kind] });
    found.push(...(page.notifications as NotificationOf<K>[]));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return found;
}

/** Waits (a worker job may write it) for the player's notifications of `kind` to number `count`, then returns their data. */
export async function awaitNotifications<K extends NotificationKind>(
  player: CityPlayer,
  kind: K,
  count = 1,
  timeoutMs = 60_000,
): Promise<NotificationDataByKind[K][]> {
  const found = await eventually(
    () => notificationsOf(player, kind),
    (list) => list.length >= count,
    timeoutMs,
  );
  return found.map((notification) => notification.data);
}

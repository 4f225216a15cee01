import type { Clock } from '../core/clock/clock';
import type { NotificationPush } from '../notifications/notification-push';
import { Notifier } from '../notifications/notifier';

/** The real Notifier (rows written in the caller's transaction) for services run without sockets: nothing is pushed. */
export function testNotifier(clock: Clock): Notifier {
  const noPush = { afterCommit: () => undefined } as unknown as NotificationPush;
  return new Notifier(noPush, clock);
}

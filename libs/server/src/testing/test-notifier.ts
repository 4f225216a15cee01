import type { Clock } from '../core/clock/clock';
import type { NotificationPush } from '../notifications/notification-push';
import { Notifier } from '../notifications/notifier';
import { AllianceChatLines } from '../alliance-chat/chat-lines';

/** Stands in for the pushes of services run without sockets: nothing is pushed. */
const noPush = { afterCommit: () => undefined, chatLineAfterCommit: () => undefined } as unknown as NotificationPush;

/** The real Notifier (rows written in the caller's transaction) for services run without sockets: nothing is pushed. */
export function testNotifier(clock: Clock): Notifier {
  return new Notifier(noPush, clock);
}

/** The real chat lines (written in the caller's transaction), nothing pushed. */
export function testChatLines(clock: Clock): AllianceChatLines {
  return new AllianceChatLines(noPush, clock);
}

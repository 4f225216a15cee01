import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  ALLIANCE_CHANGED_EVENT,
  ErrorMessages,
  NOTIFICATION_EVENT,
  PAYMENT_SEEN_EVENT,
  type NotificationDto,
  type NotificationKind,
  type PaymentSeenEvent,
} from '@runik/contract';
import { allianceKeys } from '../../shared/query-keys';
import { useShowToast } from '../../ui/Toasts';
import { LiveSocketContext, openLiveSocket } from '../../shared/live-socket';
import { LiveStatusContext } from '../../shared/live-status';
import { announceInBackground } from '../../shared/background-notify';
import { AFFECTED_QUERIES } from './notification-effects';
import { describeNotification, isKnownKind } from './notification-wording';
import { notificationKeys } from './notifications-api';
import { playSound } from '../../shared/sound';
import { PushListenersContext, SeenListenersContext, type PushListener, type SeenListener } from '../../shared/pushed-notifications';

/** The pushed notifications the browser announces while the tab is hidden (shared/background-notify). */
const BACKGROUND_KINDS: ReadonlySet<string> = new Set(['attacked', 'alliance-mention'] satisfies NotificationKind[]);

interface LiveConnectionProps {
  /** The logged-in player; null closes the connection. */
  hiveUsername: string | null;
  children: ReactNode;
}

/**
 * One live connection per logged-in session: each notification pushed on it shows a toast (unless the screen
 * shows it itself) and reloads what it changed. Tells the screens below whether it is up (useLiveConnected), and hands
 * them the notifications and payment steps they wait for (usePushedNotification, usePaymentSeen) and the
 * socket itself, for the events of other features (the alliance chat's lines: useLiveSocket).
 */
export function LiveConnection({ hiveUsername, children }: LiveConnectionProps) {
  const [listeners] = useState(() => new Set<PushListener>());
  const [seenListeners] = useState(() => new Set<SeenListener>());
  const { connected, socket } = useLiveConnection(hiveUsername, listeners, seenListeners);
  return (
    <LiveStatusContext.Provider value={connected}>
      <LiveSocketContext.Provider value={socket}>
        <PushListenersContext.Provider value={listeners}>
          <SeenListenersContext.Provider value={seenListeners}>{children}</SeenListenersContext.Provider>
        </PushListenersContext.Provider>
      </LiveSocketContext.Provider>
    </LiveStatusContext.Provider>
  );
}

function useLiveConnection(
  username: string | null,
  listeners: Set<PushListener>,
  seenListeners: Set<SeenListener>,
): { connected: boolean; socket: Socket | null } {
  const queryClient = useQueryClient();
  const showToast = useShowToast();
  const [connected, setConnected] = useState(false);
  const [socket, setSocket] = useState<Socket | null>(null);
  // Refused for two session cookies (a page on another port of this host planted one): the refusal's answer
  // cleared the planted one, so a new connection, opened once, carries the player's alone (docs/decisions.md).
  const [opening, setOpening] = useState(0);
  const reopened = useRef(false);

  useEffect(() => {
    if (username === null) return;
    const socket = openLiveSocket();
    setSocket(socket);
    const reload = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });

    let connectedBefore = false;
    socket.on('connect_error', (error) => {
      if (error.message !== ErrorMessages.twoSessionCookies || reopened.current) return;
      reopened.current = true;
      setOpening((count) => count + 1);
    });
    socket.on('connect', () => {
      reopened.current = false;
      setConnected(true);
      // Pushes sent while the connection was down are stored: the list catches up on them. After a drop, so does
      // everything a lost push would have reloaded (a raid, a purchase or payment confirmed meanwhile): the
      // screen's data is read again, the rest when next shown.
      if (connectedBefore) void queryClient.invalidateQueries();
      else reload(notificationKeys.all(username));
      connectedBefore = true;
    });
    socket.on('disconnect', () => setConnected(false));
    socket.on(NOTIFICATION_EVENT, (notification: NotificationDto) => {
      reload(notificationKeys.all(username));
      // A kind from a newer server changes nothing this build knows how to reload.
      if (isKnownKind(notification.kind)) AFFECTED_QUERIES[notification.kind](username).forEach(reload);
      // The screen waiting for it says it itself (a purchase it polls: issue 45): a toast would be a second story.
      let shownOnScreen = false;
      listeners.forEach((listener) => {
        if (listener(notification) === true) shownOnScreen = true;
      });
      const { toast } = describeNotification(notification);
      if (!shownOnScreen) {
        showToast(toast);
        // Its chime, when the player turned sound on (never before a gesture: shared/sound.ts).
        playSound('notification');
      }
      // A raid received and a mention reach a player whose tab is in the background too (if they asked).
      if (BACKGROUND_KINDS.has(notification.kind)) announceInBackground(toast, `notification-${notification.id}`);
    });
    socket.on(PAYMENT_SEEN_EVENT, ({ transactionId }: PaymentSeenEvent) => seenListeners.forEach((listener) => listener(transactionId)));
    socket.on(ALLIANCE_CHANGED_EVENT, () => reload(allianceKeys.all));

    return () => {
      socket.disconnect();
      setConnected(false);
      setSocket(null);
    };
  }, [username, queryClient, showToast, listeners, seenListeners, opening]);

  return { connected, socket };
}

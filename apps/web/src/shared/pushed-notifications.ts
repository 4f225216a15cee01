import { createContext, useContext, useEffect, useEffectEvent } from 'react';
import type { NotificationDto, NotificationKind, NotificationOf } from '@runik/contract';

/** Called with each pushed notification; true when the screen shows it itself, so no toast repeats it. */
export type PushListener = (notification: NotificationDto) => boolean | void;

/** The listeners of the notifications pushed on the live connection (LiveConnection calls them). */
export const PushListenersContext = createContext<Set<PushListener>>(new Set());

/**
 * Calls `onPushed` with each notification of `kind` pushed while the component is mounted: a screen
 * that stopped polling (its timeout passed) still shows the payment once the game credits it. `onPushed`
 * returns true when the screen itself shows what the notification says: then no toast says it too (issue 45).
 */
export function usePushedNotification<K extends NotificationKind>(
  kind: K,
  onPushed: (notification: NotificationOf<K>) => boolean | void,
): void {
  const listeners = useContext(PushListenersContext);
  const handle = useEffectEvent(onPushed);
  useEffect(() => {
    const listener: PushListener = (notification) => {
      return notification.kind === kind ? handle(notification as NotificationOf<K>) : false;
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners, kind]);
}

export type SeenListener = (transactionId: string) => void;

/** The listeners of the `payment-seen` events pushed on the live connection (LiveConnection calls them). */
export const SeenListenersContext = createContext<Set<SeenListener>>(new Set());

/** Calls `onSeen` with the transaction id of each of the player's payments the game sees on chain while mounted. */
export function usePaymentSeen(onSeen: SeenListener): void {
  const listeners = useContext(SeenListenersContext);
  const handle = useEffectEvent(onSeen);
  useEffect(() => {
    const listener: SeenListener = (transactionId) => handle(transactionId);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listeners]);
}

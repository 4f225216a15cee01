import { useCallback, useState } from 'react';
import type { PaymentHistoryEntry } from '@runik/contract';
import { paymentKey } from './payments-api';

/**
 * The refunds a player has dismissed, kept in this browser's localStorage per player (a refund is
 * explained again on another browser, which does no harm). Keys are `paymentKey`s.
 */
const storageKey = (username: string) => `runik.seen-refunds.${username}`;
/** More than a page of payments: older keys are dropped first. */
const MAX_REMEMBERED = 200;

function readSeen(username: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey(username)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

function writeSeen(username: string, keys: string[]): void {
  try {
    localStorage.setItem(storageKey(username), JSON.stringify(keys.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or blocked: the notice shows again next time, nothing worse.
  }
}

/** The refunded payments among `payments` this player has not dismissed yet, and a way to dismiss them. */
export function useUnseenRefunds(username: string, payments: PaymentHistoryEntry[]) {
  const [seen, setSeen] = useState(() => new Set(readSeen(username)));
  const unseen = payments.filter((payment) => payment.status === 'refunded' && !seen.has(paymentKey(payment)));

  const markSeen = useCallback(
    (refunds: PaymentHistoryEntry[]) => {
      const keys = [...readSeen(username), ...refunds.map(paymentKey)];
      writeSeen(username, [...new Set(keys)]);
      setSeen(new Set(keys));
    },
    [username],
  );

  return { unseen, markSeen };
}

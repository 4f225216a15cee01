import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { usePushedNotification } from '../shared/pushed-notifications';
import { pollSwapHivePurchase, type ConfirmationOutcome, type PurchasePolling, type SwapHivePurchaseState } from './swap-hive-payment';

export interface SwapHiveConfirmationOptions<TStatus extends SwapHivePurchaseState> {
  /** The purchase the server holds pending for the player (also one from before the page loaded), or null. */
  serverPendingId: number | null;
  /** The purchase's status; a stable function (module level), it starts the polling anew when it changes. */
  fetchStatus: (purchaseId: number) => Promise<TStatus>;
  polling: PurchasePolling;
  /**
   * Called once per purchase this page stops polling: settled, timed out, or polling failed; and once
   * more, confirmed, when the credit of one it gave up on is pushed.
   */
  onSettled: (purchaseId: number, outcome: ConfirmationOutcome<TStatus>) => void;
  /** The notification the game pushes when it confirms such a purchase. */
  confirmedKind: 'pack-purchase-confirmed' | 'shop-purchase-confirmed';
}

/**
 * Which SWAP.HIVE purchase a page waits for, and the polling itself (spec section 4): the one
 * the page just made, else the one the server holds pending. Polling lives as long as the page
 * shows that purchase; leaving the page stops it. A purchase stopped (settled, timed out, failed)
 * is not polled again unless `checkAgain` asks.
 */
export function useSwapHiveConfirmation<TStatus extends SwapHivePurchaseState>({
  serverPendingId,
  fetchStatus,
  polling,
  onSettled,
  confirmedKind,
}: SwapHiveConfirmationOptions<TStatus>) {
  /** The purchase this page made and is polling. */
  const [startedId, setStartedId] = useState<number | null>(null);
  /** Purchases this page stopped polling. */
  const [stopped, setStopped] = useState<ReadonlySet<number>>(() => new Set());

  const resumedId = serverPendingId !== null && !stopped.has(serverPendingId) ? serverPendingId : null;
  /** The purchase being polled now, if any. */
  const pollingId = startedId ?? resumedId;

  const markStopped = (purchaseId: number) => setStopped((current) => new Set(current).add(purchaseId));

  /** Purchases this page gave up polling (timeout, polling failed) without an answer. */
  const [givenUp, setGivenUp] = useState<ReadonlySet<number>>(() => new Set());

  /** Purchases settled for good (confirmed or refused): the push and the polling may both see one; it settles once. */
  const decided = useRef(new Set<number>());

  const settle = useEffectEvent((purchaseId: number, outcome: ConfirmationOutcome<TStatus>) => {
    if (decided.current.has(purchaseId)) return;
    if (outcome.kind === 'confirmed' || outcome.kind === 'invalid') decided.current.add(purchaseId);
    markStopped(purchaseId);
    setStartedId((current) => (current === purchaseId ? null : current));
    setGivenUp((current) => {
      const next = new Set(current);
      if (outcome.kind === 'timeout' || outcome.kind === 'poll-error') next.add(purchaseId);
      else next.delete(purchaseId);
      return next;
    });
    onSettled(purchaseId, outcome);
  });

  // The purchase polled now is confirmed when the game pushes it, not at the next poll: the page's waiting notice and
  // what it shows confirmed change together, and no toast tells it beside them (issue 45: the toast said the pack
  // was ready while the notice still waited, until the reveal opened at the next poll). However late Hive Engine is,
  // a payment in a block is confirmed once it is processed: a page that gave up waiting shows it then too.
  usePushedNotification(confirmedKind, ({ data }) => {
    const polled = data.purchaseId === pollingId;
    if (!polled && !givenUp.has(data.purchaseId)) return false;
    fetchStatus(data.purchaseId).then(
      (status) => {
        if (status.status === 'confirmed') settle(data.purchaseId, { kind: 'confirmed', status });
      },
      () => undefined,
    );
    // Polled, the page shows the confirmation (the status read failing, the polling still will).
    return polled;
  });

  useEffect(() => {
    if (pollingId === null) return;
    const controller = new AbortController();
    pollSwapHivePurchase(() => fetchStatus(pollingId), polling, controller.signal).then(
      (outcome) => settle(pollingId, outcome),
      () => undefined,
    );
    return () => controller.abort();
  }, [pollingId, polling, fetchStatus]);

  return {
    pollingId,
    /** Starts polling a purchase this page has just recorded. */
    track: (purchaseId: number) => setStartedId(purchaseId),
    /** A purchase settled without polling (confirmed at once): never poll it. */
    markSettled: markStopped,
    /** New SWAP.HIVE purchases wait until the pending one is settled. */
    blocked: serverPendingId !== null || pollingId !== null,
    /** The server still holds a purchase pending that this page no longer polls. */
    canCheckAgain: serverPendingId !== null && pollingId === null,
    /** Polls again the purchase the server still holds pending after this page gave up on it. */
    checkAgain: () => {
      if (serverPendingId === null) return;
      setStopped((current) => {
        const next = new Set(current);
        next.delete(serverPendingId);
        return next;
      });
    },
  };
}

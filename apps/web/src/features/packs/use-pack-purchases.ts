import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PackMessages } from '@runik/contract';
import { apiErrorMessage } from '../../api/http-client';
import { toUserMessage } from '../../app/errors';
import { getKeychain } from '../../wallet/keychain';
import { cityKeys } from '../city/city-api';
import { pollPurchase, sendPackPayment, type ConfirmationOutcome } from './hive-payment';
import { fetchPendingPurchase, packKeys, postHivePurchase, postRunikPurchase, usePendingPurchase, type PackCount } from './packs-api';
import type { PurchasePolling } from './packs-constants';
import { formatPrice } from './packs-format';
import { PackTexts } from './packs-messages';

/** Hands a confirmed purchase over to be opened. */
export type OnConfirmed = (purchaseId: number, packCount: number) => void;

/**
 * Buying packs (spec sections 4, 5 and 8). RUNIK: one call, confirmed at once. SWAP.HIVE:
 * the Keychain transfer, the purchase call, then polling until the worker confirms or
 * refuses it. A SWAP.HIVE purchase still pending on the server (also one found when the page
 * loads) is polled and blocks new SWAP.HIVE purchases.
 */
export function usePackPurchases(username: string, polling: PurchasePolling, onConfirmed: OnConfirmed) {
  const queryClient = useQueryClient();
  const pending = usePendingPurchase(username);
  const [busy, setBusy] = useState<'runik' | 'hive' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** Shown when a payment left the wallet but the purchase call failed. */
  const [paymentTxId, setPaymentTxId] = useState<string | null>(null);
  /** The purchase this page made and is polling. */
  const [startedId, setStartedId] = useState<number | null>(null);
  /** Purchases this page stopped polling (settled, timed out, or polling failed). */
  const [stopped, setStopped] = useState<ReadonlySet<number>>(() => new Set());

  const serverPendingId = pending.data?.hasPending ? pending.data.packPurchaseId : null;
  const resumedId = serverPendingId !== null && !stopped.has(serverPendingId) ? serverPendingId : null;
  /** The purchase being polled now, if any. */
  const pollingId = startedId ?? resumedId;

  const refreshBalances = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: packKeys.info(username) });
    void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
  }, [queryClient, username]);

  const onOutcome = useEffectEvent((id: number, outcome: ConfirmationOutcome) => {
    setStopped((current) => new Set(current).add(id));
    setStartedId((current) => (current === id ? null : current));
    if (outcome.kind === 'confirmed') {
      if (outcome.status.opened) setNotice(PackMessages.alreadyOpened);
      else onConfirmed(id, outcome.status.packCount);
    } else if (outcome.kind === 'invalid') {
      setError(outcome.message);
    } else {
      setError(outcome.kind === 'timeout' ? PackMessages.timedOut : PackMessages.pollingError);
    }
    refreshBalances();
    void queryClient.invalidateQueries({ queryKey: packKeys.pending(username) });
  });

  // Polling lives as long as the page shows that purchase; leaving the page stops it.
  useEffect(() => {
    if (pollingId === null) return;
    const controller = new AbortController();
    pollPurchase(pollingId, polling, controller.signal).then(
      (outcome) => onOutcome(pollingId, outcome),
      () => undefined,
    );
    return () => controller.abort();
  }, [pollingId, polling]);

  const startAttempt = () => {
    setError(null);
    setNotice(null);
    setPaymentTxId(null);
  };

  const buyWithRunik = async (packCount: PackCount) => {
    if (busy) return;
    startAttempt();
    setBusy('runik');
    try {
      const purchase = await postRunikPurchase({ hiveUsername: username, packCount });
      if (purchase.status === 'confirmed') onConfirmed(purchase.packPurchaseId, purchase.packCount);
      else setError(PackMessages.runikFailed);
    } catch (failure) {
      setError(apiErrorMessage(failure, PackMessages.runikFailed));
    } finally {
      setBusy(null);
      refreshBalances();
    }
  };

  const buyWithHive = async (packCount: PackCount, price: number) => {
    if (busy || pollingId !== null) return;
    startAttempt();
    const keychain = getKeychain();
    if (!keychain) {
      setError(PackMessages.installKeychain);
      return;
    }
    setBusy('hive');
    try {
      // A purchase pending from another tab would be refused after the money moved: ask first.
      const latest = await queryClient.fetchQuery({ queryKey: packKeys.pending(username), queryFn: () => fetchPendingPurchase(username) });
      if (latest.hasPending) {
        setError(PackMessages.pendingPurchase);
        return;
      }
      const hiveTxId = await sendPackPayment(keychain, { username, packCount, amount: formatPrice(price) });
      let purchase;
      try {
        purchase = await postHivePurchase({ hiveUsername: username, packCount, hiveTxId });
      } catch (failure) {
        setPaymentTxId(hiveTxId);
        setError(apiErrorMessage(failure, PackTexts.hiveFailed));
        return;
      }
      if (purchase.status === 'confirmed') {
        setStopped((current) => new Set(current).add(purchase.packPurchaseId));
        onConfirmed(purchase.packPurchaseId, purchase.packCount);
        refreshBalances();
      } else if (purchase.status === 'invalid') {
        setError(PackTexts.invalidFallback);
      } else {
        setStartedId(purchase.packPurchaseId);
      }
    } catch (failure) {
      setError(toUserMessage(failure, PackTexts.hiveFailed));
    } finally {
      setBusy(null);
    }
  };

  /** Polls again a purchase the server still holds as pending after this page gave up on it. */
  const checkAgain = () => {
    if (serverPendingId === null) return;
    startAttempt();
    setStopped((current) => {
      const next = new Set(current);
      next.delete(serverPendingId);
      return next;
    });
  };

  return {
    busy,
    error,
    notice: pollingId !== null ? PackMessages.paymentSent : notice,
    paymentTxId,
    /** New SWAP.HIVE purchases wait until the pending one is settled. */
    hiveBlocked: serverPendingId !== null || pollingId !== null,
    /** The server still holds a purchase pending that this page no longer polls. */
    canCheckAgain: serverPendingId !== null && pollingId === null,
    buyWithRunik,
    buyWithHive,
    checkAgain,
  };
}

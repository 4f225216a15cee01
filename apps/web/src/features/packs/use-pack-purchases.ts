import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PackMessages, packPaymentMemo, type PackPurchaseStatusResponse } from '@runik/contract';
import { cityKeys, packKeys } from '../../shared/query-keys';
import { actionErrorMessage, apiErrorMessage } from '../../api/http-client';
import { swapHiveQuantity } from '../../wallet/amounts';
import { getKeychain } from '../../wallet/keychain';
import { sendSwapHivePayment, type ConfirmationOutcome, type PurchasePolling } from '../../wallet/swap-hive-payment';
import { useSwapHiveConfirmation } from '../../wallet/use-swap-hive-confirmation';
import {
  fetchPendingPurchase,
  fetchPurchaseStatus,
  postHivePurchase,
  postRunikPurchase,
  usePendingPurchase,
  type PackCount,
} from './packs-api';
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

  const refreshBalances = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: packKeys.info(username) });
    void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
  }, [queryClient, username]);

  const onSettled = (purchaseId: number, outcome: ConfirmationOutcome<PackPurchaseStatusResponse>) => {
    if (outcome.kind === 'confirmed') {
      // Confirmed late (pushed after the timeout): the timeout's message no longer holds.
      setError(null);
      if (outcome.status.opened) setNotice(PackMessages.alreadyOpened);
      else onConfirmed(purchaseId, outcome.status.packCount);
    } else if (outcome.kind === 'invalid') {
      setError(outcome.status.error || PackTexts.invalidFallback);
    } else {
      setError(outcome.kind === 'timeout' ? PackMessages.timedOut : PackMessages.pollingError);
    }
    refreshBalances();
    void queryClient.invalidateQueries({ queryKey: packKeys.pending(username) });
  };

  const confirmation = useSwapHiveConfirmation({
    serverPendingId: pending.data?.hasPending ? pending.data.packPurchaseId : null,
    fetchStatus: fetchPurchaseStatus,
    polling,
    onSettled,
    confirmedKind: 'pack-purchase-confirmed',
  });

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
    if (busy || confirmation.pollingId !== null) return;
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
      const hiveTxId = await sendSwapHivePayment(keychain, {
        from: username,
        amount: swapHiveQuantity(price),
        memo: packPaymentMemo(username, packCount),
      });
      let purchase;
      try {
        purchase = await postHivePurchase({ hiveUsername: username, packCount, hiveTxId });
      } catch (failure) {
        setPaymentTxId(hiveTxId);
        setError(apiErrorMessage(failure, PackTexts.hiveFailed));
        return;
      }
      if (purchase.status === 'confirmed') {
        confirmation.markSettled(purchase.packPurchaseId);
        onConfirmed(purchase.packPurchaseId, purchase.packCount);
        refreshBalances();
      } else if (purchase.status === 'invalid') {
        setError(PackTexts.invalidFallback);
      } else {
        confirmation.track(purchase.packPurchaseId);
      }
    } catch (failure) {
      setError(actionErrorMessage(failure, PackTexts.hiveFailed));
    } finally {
      setBusy(null);
    }
  };

  /** Polls again a purchase the server still holds as pending after this page gave up on it. */
  const checkAgain = () => {
    if (!confirmation.canCheckAgain) return;
    startAttempt();
    confirmation.checkAgain();
  };

  return {
    busy,
    error,
    notice: confirmation.pollingId !== null ? PackMessages.paymentSent : notice,
    paymentTxId,
    /** New SWAP.HIVE purchases wait until the pending one is settled. */
    hiveBlocked: confirmation.blocked,
    /** The server still holds a purchase pending that this page no longer polls. */
    canCheckAgain: confirmation.canCheckAgain,
    buyWithRunik,
    buyWithHive,
    checkAgain,
  };
}

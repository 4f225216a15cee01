import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PackMessages, packPaymentMemo, type PackPurchaseStatusResponse } from '@runik/contract';
import { cityKeys, packKeys } from '../../shared/query-keys';
import { apiErrorMessage } from '../../api/http-client';
import { swapHiveQuantity } from '../../wallet/amounts';
import type { PurchasePolling } from '../../wallet/swap-hive-payment';
import { usePayment } from '../../wallet/use-payment';
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
 * Buying packs (spec sections 4, 5 and 8). RUNIK: one call, confirmed at once. SWAP.HIVE: a payment of the pack kind
 * (`usePayment`: the wallet, the report, the wait); a confirmed purchase is handed over to be opened.
 */
export function usePackPurchases(username: string, polling: PurchasePolling, onConfirmed: OnConfirmed) {
  const queryClient = useQueryClient();
  const pending = usePendingPurchase(username);
  const [buyingWithRunik, setBuyingWithRunik] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const refreshBalances = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: packKeys.info(username) });
    void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
  }, [queryClient, username]);

  const payment = usePayment<PackPurchaseStatusResponse>({
    polling,
    serverPendingId: pending.data?.hasPending ? pending.data.packPurchaseId : null,
    hasPending: async () =>
      (await queryClient.fetchQuery({ queryKey: packKeys.pending(username), queryFn: () => fetchPendingPurchase(username) })).hasPending,
    fetchStatus: fetchPurchaseStatus,
    confirmedKind: 'pack-purchase-confirmed',
    failed: PackTexts.hiveFailed,
    refused: PackTexts.invalidFallback,
    onAttempt: () => setNotice(null),
    onConfirmed: (purchaseId, status) => {
      if (status.opened) setNotice(PackMessages.alreadyOpened);
      else onConfirmed(purchaseId, status.packCount);
    },
    onSettled: () => {
      refreshBalances();
      void queryClient.invalidateQueries({ queryKey: packKeys.pending(username) });
    },
  });

  const busy = buyingWithRunik ? 'runik' : payment.paying !== null ? 'hive' : null;

  const buyWithRunik = async (packCount: PackCount) => {
    if (busy) return;
    payment.startAttempt();
    setBuyingWithRunik(true);
    try {
      const purchase = await postRunikPurchase({ hiveUsername: username, packCount });
      if (purchase.status === 'confirmed') onConfirmed(purchase.packPurchaseId, purchase.packCount);
      else payment.setError(PackMessages.runikFailed);
    } catch (failure) {
      payment.setError(apiErrorMessage(failure, PackMessages.runikFailed));
    } finally {
      setBuyingWithRunik(false);
      refreshBalances();
    }
  };

  const buyWithHive = async (packCount: PackCount, price: number) => {
    if (busy) return;
    await payment.pay({
      paying: 'hive',
      from: username,
      amount: swapHiveQuantity(price),
      memo: packPaymentMemo(username, packCount),
      report: async (hiveTxId) => {
        const purchase = await postHivePurchase({ hiveUsername: username, packCount, hiveTxId });
        return { purchaseId: purchase.packPurchaseId, status: purchase.status };
      },
      onConfirmedAtOnce: (purchaseId) => {
        onConfirmed(purchaseId, packCount);
        refreshBalances();
      },
    });
  };

  return {
    busy,
    error: payment.error,
    notice: payment.waitingNotice ?? notice,
    paymentTxId: payment.paymentTxId,
    /** New SWAP.HIVE purchases wait until the pending one is settled. */
    hiveBlocked: payment.blocked,
    /** The server still holds a purchase pending that this page no longer polls. */
    canCheckAgain: payment.canCheckAgain,
    buyWithRunik,
    buyWithHive,
    checkAgain: payment.checkAgain,
  };
}

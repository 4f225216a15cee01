import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { shopPaymentMemo, ShopMessages, type ShopItemDto, type ShopPurchaseStatusResponse } from '@runik/contract';
import { cityKeys, gearKeys, shopKeys } from '../../shared/query-keys';
import { swapHiveQuantity } from '../../wallet/amounts';
import type { PurchasePolling } from '../../wallet/swap-hive-payment';
import { usePayment } from '../../wallet/use-payment';
import {
  fetchPendingShopPurchases,
  fetchShopPurchaseStatus,
  pendingPurchaseOf,
  postShopPurchase,
  usePendingShopPurchases,
} from './shop-api';

/** A purchase the page waits for: its id and what it buys. */
interface TrackedPurchase {
  purchaseId: number;
  itemName: string;
}

/**
 * Buying a shop item with SWAP.HIVE (spec sections 4, 5 and 8): a payment of the shop kind (`usePayment`: the
 * wallet, the report, the wait); a confirmed purchase shows its rewards.
 */
export function useShopPurchase(username: string, polling: PurchasePolling) {
  const queryClient = useQueryClient();
  const pending = usePendingShopPurchases(username);
  /** The last confirmed purchase, with its rewards. */
  const [confirmed, setConfirmed] = useState<ShopPurchaseStatusResponse | null>(null);
  const [started, setStarted] = useState<TrackedPurchase | null>(null);

  const serverPending = pendingPurchaseOf(pending.data);

  const payment = usePayment<ShopPurchaseStatusResponse>({
    polling,
    serverPendingId: serverPending?.purchaseId ?? null,
    hasPending: async () =>
      pendingPurchaseOf(
        await queryClient.fetchQuery({ queryKey: shopKeys.pending(username), queryFn: () => fetchPendingShopPurchases(username) }),
      ) !== null,
    fetchStatus: fetchShopPurchaseStatus,
    confirmedKind: 'shop-purchase-confirmed',
    failed: ShopMessages.purchaseFailed,
    refused: ShopMessages.purchaseFailed,
    onAttempt: () => setConfirmed(null),
    onConfirmed: (_purchaseId, status) => {
      setConfirmed(status);
      void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
      void queryClient.invalidateQueries({ queryKey: gearKeys.all });
    },
    onSettled: (purchaseId) => {
      setStarted((current) => (current?.purchaseId === purchaseId ? null : current));
      void queryClient.invalidateQueries({ queryKey: shopKeys.items(username) });
      void queryClient.invalidateQueries({ queryKey: shopKeys.pending(username) });
    },
    // A 409 means another purchase is pending: load it so it is shown and polled.
    onReportFailed: () => void queryClient.invalidateQueries({ queryKey: shopKeys.pending(username) }),
  });

  const buy = async (item: ShopItemDto) => {
    // The price the player saw is the amount sent and the price reported: the server refuses a stale one.
    const price = swapHiveQuantity(item.price);
    await payment.pay({
      paying: item.name,
      from: username,
      amount: price,
      memo: shopPaymentMemo(username, item.name),
      report: async (hiveTxId) => {
        const purchase = await postShopPurchase({ hiveUsername: username, itemName: item.name, price, hiveTxId });
        setStarted({ purchaseId: purchase.purchaseId, itemName: item.name });
        return { purchaseId: purchase.purchaseId };
      },
    });
  };

  const { pollingId } = payment;
  const tracked = [started, serverPending].find((purchase) => purchase !== null && purchase.purchaseId === pollingId);
  const waitingFor = pollingId !== null && tracked ? tracked.itemName : null;

  return {
    /** The item being paid for now (Keychain open, purchase call under way). */
    buyingItem: payment.paying,
    error: payment.error,
    confirmed,
    paymentTxId: payment.paymentTxId,
    /** The pending state: 'Payment sent! Waiting for confirmation...' while a purchase is polled. */
    notice: payment.waitingNotice,
    /** The item of the purchase being polled, when known. */
    waitingFor,
    /** New purchases wait for the one under way or pending. */
    blocked: payment.paying !== null || payment.blocked,
    canCheckAgain: payment.canCheckAgain,
    buy,
    checkAgain: payment.checkAgain,
  };
}

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { shopPaymentMemo, ShopMessages, SwapHiveMessages, type ShopItemDto, type ShopPurchaseStatusResponse } from '@runik/contract';
import { cityKeys, gearKeys, shopKeys } from '../../shared/query-keys';
import { actionErrorMessage, apiErrorMessage } from '../../api/http-client';
import { swapHiveQuantity } from '../../wallet/amounts';
import { getKeychain } from '../../wallet/keychain';
import { sendSwapHivePayment, type ConfirmationOutcome, type PurchasePolling } from '../../wallet/swap-hive-payment';
import { useSwapHiveConfirmation } from '../../wallet/use-swap-hive-confirmation';
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
 * Buying a shop item with SWAP.HIVE (spec sections 4, 5 and 8): the Keychain transfer, the
 * purchase call, then polling until the worker confirms or refuses it. A purchase still pending
 * on the server (also one found when the page loads) is polled and blocks new purchases.
 */
export function useShopPurchase(username: string, polling: PurchasePolling) {
  const queryClient = useQueryClient();
  const pending = usePendingShopPurchases(username);
  /** The item being paid for now (Keychain open, purchase call under way). */
  const [buyingItem, setBuyingItem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The last confirmed purchase, with its rewards. */
  const [confirmed, setConfirmed] = useState<ShopPurchaseStatusResponse | null>(null);
  /** Shown when a payment left the wallet but the purchase call failed. */
  const [paymentTxId, setPaymentTxId] = useState<string | null>(null);
  const [started, setStarted] = useState<TrackedPurchase | null>(null);

  const serverPending = pendingPurchaseOf(pending.data);

  const onSettled = (purchaseId: number, outcome: ConfirmationOutcome<ShopPurchaseStatusResponse>) => {
    setStarted((current) => (current?.purchaseId === purchaseId ? null : current));
    if (outcome.kind === 'confirmed') {
      // Confirmed late (pushed after the timeout): the timeout's message no longer holds.
      setError(null);
      setConfirmed(outcome.status);
      void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
      void queryClient.invalidateQueries({ queryKey: gearKeys.all });
    } else if (outcome.kind === 'invalid') {
      setError(outcome.status.error || ShopMessages.purchaseFailed);
    } else {
      setError(outcome.kind === 'timeout' ? SwapHiveMessages.timedOut : SwapHiveMessages.pollingError);
    }
    void queryClient.invalidateQueries({ queryKey: shopKeys.items(username) });
    void queryClient.invalidateQueries({ queryKey: shopKeys.pending(username) });
  };

  const confirmation = useSwapHiveConfirmation({
    serverPendingId: serverPending?.purchaseId ?? null,
    fetchStatus: fetchShopPurchaseStatus,
    polling,
    onSettled,
    confirmedKind: 'shop-purchase-confirmed',
  });

  const startAttempt = () => {
    setError(null);
    setConfirmed(null);
    setPaymentTxId(null);
  };

  const buy = async (item: ShopItemDto) => {
    if (buyingItem !== null || confirmation.pollingId !== null) return;
    startAttempt();
    const keychain = getKeychain();
    if (!keychain) {
      setError(SwapHiveMessages.installKeychain);
      return;
    }
    setBuyingItem(item.name);
    try {
      // A purchase pending from another tab would be refused after the money moved: ask first.
      const latest = await queryClient.fetchQuery({
        queryKey: shopKeys.pending(username),
        queryFn: () => fetchPendingShopPurchases(username),
      });
      if (pendingPurchaseOf(latest)) {
        setError(SwapHiveMessages.pendingPurchase);
        return;
      }
      // The price the player saw is the amount sent and the price reported: the server refuses a stale one.
      const price = swapHiveQuantity(item.price);
      const hiveTxId = await sendSwapHivePayment(keychain, { from: username, amount: price, memo: shopPaymentMemo(username, item.name) });
      let purchase;
      try {
        purchase = await postShopPurchase({ hiveUsername: username, itemName: item.name, price, hiveTxId });
      } catch (failure) {
        setPaymentTxId(hiveTxId);
        setError(apiErrorMessage(failure, ShopMessages.purchaseFailed));
        // A 409 means another purchase is pending: load it so it is shown and polled.
        void queryClient.invalidateQueries({ queryKey: shopKeys.pending(username) });
        return;
      }
      setStarted({ purchaseId: purchase.purchaseId, itemName: item.name });
      confirmation.track(purchase.purchaseId);
    } catch (failure) {
      setError(actionErrorMessage(failure, ShopMessages.purchaseFailed));
    } finally {
      setBuyingItem(null);
    }
  };

  /** Polls again a purchase the server still holds as pending after this page gave up on it. */
  const checkAgain = () => {
    if (!confirmation.canCheckAgain) return;
    startAttempt();
    confirmation.checkAgain();
  };

  const { pollingId } = confirmation;
  const tracked = [started, serverPending].find((purchase) => purchase !== null && purchase.purchaseId === pollingId);
  const waitingFor = pollingId !== null && tracked ? tracked.itemName : null;

  return {
    buyingItem,
    error,
    confirmed,
    paymentTxId,
    /** The pending state: 'Payment sent! Waiting for confirmation...' while a purchase is polled. */
    notice: pollingId !== null ? SwapHiveMessages.paymentSent : null,
    /** The item of the purchase being polled, when known. */
    waitingFor,
    /** New purchases wait for the one under way or pending. */
    blocked: buyingItem !== null || confirmation.blocked,
    canCheckAgain: confirmation.canCheckAgain,
    buy,
    checkAgain,
  };
}

import { useCallback, useState } from 'react';
import { PaymentProgressMessages, SwapHiveMessages, type SwapHivePurchaseStatus } from '@runik/contract';
import { actionErrorMessage, apiErrorMessage } from '../api/http-client';
import { getKeychain } from './keychain';
import { sendSwapHivePayment, type ConfirmationOutcome, type PurchasePolling, type SwapHivePurchaseState } from './swap-hive-payment';
import { useSwapHiveConfirmation } from './use-swap-hive-confirmation';

/** A kind of SWAP.HIVE payment a screen takes (packs, a shop item): its calls, its words and what it does once settled. */
export interface PaymentKind<TStatus extends SwapHivePurchaseState> {
  polling: PurchasePolling;
  /** The purchase the server holds pending for the player (also one from before the page loaded), or null. */
  serverPendingId: number | null;
  /** Asks the server, just before paying, whether a purchase is pending: one from another tab would be refused after the money moved. */
  hasPending: () => Promise<boolean>;
  /** The purchase's status; a stable function (module level). */
  fetchStatus: (purchaseId: number) => Promise<TStatus>;
  /** The notification the game pushes when it confirms such a purchase. */
  confirmedKind: 'pack-purchase-confirmed' | 'shop-purchase-confirmed';
  /** The kind's message when a call fails without saying why. */
  failed: string;
  /** The kind's message for a refused purchase without the worker's reason. */
  refused: string;
  /** A new attempt starts: the kind clears what it shows of the last one. */
  onAttempt?: () => void;
  /** A purchase the page waited for is confirmed (also late, pushed after a timeout). */
  onConfirmed: (purchaseId: number, status: TStatus) => void;
  /** Any purchase the page waited for stopped being polled (after `onConfirmed` or the error shown): the kind reloads what it changed. */
  onSettled?: (purchaseId: number, outcome: ConfirmationOutcome<TStatus>) => void;
  /** The report call failed after the money moved. */
  onReportFailed?: () => void;
}

/** One payment: what is paid for (shown while paying), how much, the memo, and the report of its transaction. */
export interface PaymentRequest {
  /** What the screen shows as being paid for while the wallet and the report run (`hive`, an item's name). */
  paying: string;
  from: string;
  /** Three decimals, e.g. "2.000": the price the player saw. */
  amount: string;
  memo: string;
  /** Reports the transaction to the server: the purchase it recorded, and its status when the answer says it (else pending). */
  report: (hiveTxId: string) => Promise<{ purchaseId: number; status?: SwapHivePurchaseStatus }>;
  /** The report's answer says the purchase is confirmed already. */
  onConfirmedAtOnce?: (purchaseId: number) => void;
}

/**
 * The steps of a SWAP.HIVE payment, for every kind a screen sells (spec sections 4, 5, 8 and 9): the wallet's
 * transfer with the kind's memo, the report, then waiting (polling, and the pushed confirmation) until the worker
 * confirms or refuses it. A purchase still pending on the server (also one found when the page loads) is waited for
 * and blocks new payments; one the page gave up on can be checked again. The kind says what it reports and what a
 * settled purchase changes on its screen.
 */
export function usePayment<TStatus extends SwapHivePurchaseState>(kind: PaymentKind<TStatus>) {
  /** What is being paid for now (wallet open, report under way). */
  const [paying, setPaying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Shown when a payment left the wallet but the report failed. */
  const [paymentTxId, setPaymentTxId] = useState<string | null>(null);
  /** The last status polled said the payment is in a Hive block, waiting for Hive Engine. */
  const [awaitingHiveEngine, setAwaitingHiveEngine] = useState(false);
  const { fetchStatus } = kind;
  const fetchAndNote = useCallback(
    async (purchaseId: number) => {
      const status = await fetchStatus(purchaseId);
      setAwaitingHiveEngine(status.status === 'pending' && status.awaitingHiveEngine);
      return status;
    },
    [fetchStatus],
  );

  const onSettled = (purchaseId: number, outcome: ConfirmationOutcome<TStatus>) => {
    if (outcome.kind === 'confirmed') {
      // Confirmed late (pushed after the timeout): the timeout's message no longer holds.
      setError(null);
      kind.onConfirmed(purchaseId, outcome.status);
    } else if (outcome.kind === 'invalid') {
      setError(outcome.status.error || kind.refused);
    } else {
      setError(outcome.kind === 'timeout' ? SwapHiveMessages.timedOut : SwapHiveMessages.pollingError);
    }
    kind.onSettled?.(purchaseId, outcome);
  };

  const confirmation = useSwapHiveConfirmation({
    serverPendingId: kind.serverPendingId,
    fetchStatus: fetchAndNote,
    polling: kind.polling,
    onSettled,
    confirmedKind: kind.confirmedKind,
  });

  /** A new attempt (a payment, or anything else the screen does with the same messages) clears the last one's. */
  const startAttempt = () => {
    setError(null);
    setPaymentTxId(null);
    setAwaitingHiveEngine(false);
    kind.onAttempt?.();
  };

  const pay = async ({ paying: what, from, amount, memo, report, onConfirmedAtOnce }: PaymentRequest) => {
    if (paying !== null || confirmation.pollingId !== null) return;
    startAttempt();
    const keychain = getKeychain();
    if (!keychain) {
      setError(SwapHiveMessages.installKeychain);
      return;
    }
    setPaying(what);
    try {
      if (await kind.hasPending()) {
        setError(SwapHiveMessages.pendingPurchase);
        return;
      }
      const hiveTxId = await sendSwapHivePayment(keychain, { from, amount, memo });
      let reported;
      try {
        reported = await report(hiveTxId);
      } catch (failure) {
        setPaymentTxId(hiveTxId);
        setError(apiErrorMessage(failure, kind.failed));
        kind.onReportFailed?.();
        return;
      }
      if (reported.status === 'confirmed') {
        confirmation.markSettled(reported.purchaseId);
        onConfirmedAtOnce?.(reported.purchaseId);
      } else if (reported.status === 'invalid') {
        setError(kind.refused);
      } else {
        confirmation.track(reported.purchaseId);
      }
    } catch (failure) {
      setError(actionErrorMessage(failure, kind.failed));
    } finally {
      setPaying(null);
    }
  };

  /** Waits again for a purchase the server still holds as pending after this page gave up on it. */
  const checkAgain = () => {
    if (!confirmation.canCheckAgain) return;
    startAttempt();
    confirmation.checkAgain();
  };

  return {
    /** What is being paid for now, or null. */
    paying,
    error,
    setError,
    paymentTxId,
    /** The purchase being waited for, or null. */
    pollingId: confirmation.pollingId,
    /**
     * 'Payment sent! Waiting for confirmation...' while a purchase is waited for; once the Hive node has it in a
     * block that Hive Engine has not processed yet, that it waits for Hive Engine.
     */
    waitingNotice:
      confirmation.pollingId === null
        ? null
        : awaitingHiveEngine
          ? PaymentProgressMessages.awaitingHiveEngine
          : SwapHiveMessages.paymentSent,
    /** New payments wait until the pending one is settled. */
    blocked: confirmation.blocked,
    /** The server still holds a purchase pending that this page no longer waits for. */
    canCheckAgain: confirmation.canCheckAgain,
    startAttempt,
    pay,
    checkAgain,
  };
}

import { useCallback, useState } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { PaymentProgressMessages, SwapHiveMessages, type PaymentStep, type SwapHivePurchaseStatus } from '@runik/contract';
import { actionErrorMessage, apiErrorMessage } from '../api/http-client';
import { usePaymentSeen, usePushedNotification } from '../shared/pushed-notifications';
import { laterStep } from '../ui/PaymentSteps';
import { DEFAULT_PURCHASE_POLLING, SWAP_HIVE, type ConfirmationOutcome, type SwapHivePurchaseState } from './swap-hive-payment';
import { useSwapHiveConfirmation } from './use-swap-hive-confirmation';
import { useWalletTransfer } from './use-wallet-transfer';

/** A purchase the page waits for: its id and what it buys (the `paying` of its request, or the kind's label for one found pending). */
export interface TrackedPayment {
  purchaseId: number;
  label: string | null;
}

/**
 * A kind of SWAP.HIVE payment a screen takes (packs, a shop item): plain data, its calls, its words and what a settled
 * purchase changes. The steps and their rules are `usePayment`'s.
 */
export interface PaymentKind<TStatus extends SwapHivePurchaseState, TPending> {
  /**
   * The player's purchases the server holds pending: read when the page loads (one from before is waited for and
   * blocks new payments), and asked again just before paying (one from another tab would be refused after the money moved).
   */
  pending: { queryKey: QueryKey; fetch: () => Promise<TPending>; of: (answer: TPending | undefined) => TrackedPayment | null };
  /** The purchase's status; a stable function (module level). */
  fetchStatus: (purchaseId: number) => Promise<TStatus>;
  /** The notification the game pushes when it confirms such a purchase. */
  confirmedKind: 'pack-purchase-confirmed' | 'shop-purchase-confirmed';
  /** The kind's message when a call fails without saying why. */
  failed: string;
  /** The kind's message for a refused purchase without the worker's reason. */
  refused: string;
  /**
   * The queries reloaded once a purchase settles, however (confirmed, refused, given up): the balances shown moved
   * when the money did. `confirmed` ones (what it delivers) only once it is confirmed.
   */
  refreshes: { settled: QueryKey[]; confirmed?: QueryKey[] };
  /** What a confirmed purchase shows instead of the usual (a pack opened already), or null. */
  confirmedNotice?: (status: TStatus) => string | null;
  /** Hands over a purchase the page waited for once it is confirmed (also late, pushed after a timeout). */
  onConfirmed?: (purchaseId: number, status: TStatus) => void;
}

/** One payment: what is paid for (shown while paying), how much, the memo, and the report of its transaction. */
export interface PaymentRequest {
  /** What the screen shows as being paid for while the wallet, the report and the wait run (`hive`, an item's name). */
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
 * settled purchase changes on its screen; the last confirmed status stays shown until the next attempt.
 */
export function usePayment<TStatus extends SwapHivePurchaseState, TPending>(kind: PaymentKind<TStatus, TPending>) {
  const queryClient = useQueryClient();
  const wallet = useWalletTransfer();
  const pending = useQuery({ queryKey: kind.pending.queryKey, queryFn: kind.pending.fetch });
  const serverPending = kind.pending.of(pending.data);
  /** What is being paid for now (wallet open, report under way). */
  const [paying, setPaying] = useState<string | null>(null);
  /** The purchase this page recorded and waits for, with what it buys. */
  const [started, setStarted] = useState<TrackedPayment | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The last confirmed purchase's status (a shop item's rewards), until the next attempt. */
  const [confirmed, setConfirmed] = useState<TStatus | null>(null);
  /** The kind's word on the last confirmed purchase, until the next attempt. */
  const [notice, setNotice] = useState<string | null>(null);
  /** Shown when a payment left the wallet but the report failed. */
  const [paymentTxId, setPaymentTxId] = useState<string | null>(null);
  /** The last status polled said the payment is in a Hive block, waiting for Hive Engine. */
  const [awaitingHiveEngine, setAwaitingHiveEngine] = useState(false);
  /**
   * A payment made by hand (issue 49): null until the player says it is sent. Its memo names the buyer and what is
   * bought, not a purchase, so the chain follower makes the purchase when it credits the transfer (reported or not):
   * the page learns it from the kind's pushed confirmation, and shows "seen on chain" when the player's payment is seen.
   */
  const [handStep, setHandStep] = useState<PaymentStep | null>(null);
  /** The transfer by hand is shown: its payment may come before the player says it is sent. */
  const [watchingByHand, setWatchingByHand] = useState(false);
  const { fetchStatus } = kind;
  const fetchAndNote = useCallback(
    async (purchaseId: number) => {
      const status = await fetchStatus(purchaseId);
      setAwaitingHiveEngine(status.status === 'pending' && status.awaitingHiveEngine);
      return status;
    },
    [fetchStatus],
  );

  const refresh = (queryKeys: QueryKey[]) => queryKeys.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));

  const onSettled = (purchaseId: number, outcome: ConfirmationOutcome<TStatus>) => {
    setStarted((current) => (current?.purchaseId === purchaseId ? null : current));
    if (outcome.kind === 'confirmed') {
      // Confirmed late (pushed after the timeout): the timeout's message no longer holds.
      setError(null);
      setConfirmed(outcome.status);
      const instead = kind.confirmedNotice?.(outcome.status) ?? null;
      setNotice(instead);
      if (instead === null) kind.onConfirmed?.(purchaseId, outcome.status);
      refresh(kind.refreshes.confirmed ?? []);
    } else if (outcome.kind === 'invalid') {
      setError(outcome.status.error || kind.refused);
    } else {
      setError(outcome.kind === 'timeout' ? SwapHiveMessages.timedOut : SwapHiveMessages.pollingError);
    }
    refresh([...kind.refreshes.settled, kind.pending.queryKey]);
  };

  const confirmation = useSwapHiveConfirmation({
    serverPendingId: serverPending?.purchaseId ?? null,
    fetchStatus: fetchAndNote,
    polling: DEFAULT_PURCHASE_POLLING,
    onSettled,
    confirmedKind: kind.confirmedKind,
  });

  /** A new attempt (a payment, or anything else the screen does with the same messages) clears the last one's. */
  const startAttempt = () => {
    setError(null);
    setPaymentTxId(null);
    setAwaitingHiveEngine(false);
    setConfirmed(null);
    setNotice(null);
    setHandStep(null);
    setWatchingByHand(false);
    wallet.dismiss();
  };

  const hasPending = async () =>
    kind.pending.of(await queryClient.fetchQuery({ queryKey: kind.pending.queryKey, queryFn: kind.pending.fetch })) !== null;

  const pay = async ({ paying: what, from, amount, memo, report, onConfirmedAtOnce }: PaymentRequest) => {
    if (paying !== null || confirmation.pollingId !== null) return;
    startAttempt();
    const words = { missing: SwapHiveMessages.installKeychain, cancelled: SwapHiveMessages.cancelled, keychainMessage: true };
    const missing = wallet.missing(words);
    if (missing) {
      setError(missing);
      return;
    }
    setPaying(what);
    try {
      if (await hasPending()) {
        setError(SwapHiveMessages.pendingPurchase);
        return;
      }
      const sent = await wallet.send({ from, amount, memo, symbol: SWAP_HIVE }, words);
      // HiveSigner's signing page: no transaction id to report; the chain follower makes the purchase when it credits
      // the transfer, and its steps follow as a payment made by hand does.
      if (sent.kind === 'opened') {
        setHandStep('sent');
        return;
      }
      const hiveTxId = sent.txId;
      let reported;
      try {
        reported = await report(hiveTxId);
      } catch (failure) {
        setPaymentTxId(hiveTxId);
        setError(apiErrorMessage(failure, kind.failed));
        // A 409 means another purchase is pending: load it so it is shown and waited for.
        refresh([kind.pending.queryKey]);
        return;
      }
      if (reported.status === 'confirmed') {
        confirmation.markSettled(reported.purchaseId);
        onConfirmedAtOnce?.(reported.purchaseId);
        refresh([...kind.refreshes.settled, ...(kind.refreshes.confirmed ?? [])]);
      } else if (reported.status === 'invalid') {
        setError(kind.refused);
      } else {
        setStarted({ purchaseId: reported.purchaseId, label: what });
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

  const waitingByHand = handStep === 'sent' || handStep === 'seen';
  /** Another payment of the page (through the wallet) is not the one made by hand. */
  const listeningByHand = (watchingByHand || waitingByHand) && paying === null && confirmation.pollingId === null;
  usePaymentSeen(() => {
    if (listeningByHand) setHandStep((current) => laterStep(current ?? 'sent', 'seen'));
  });
  usePushedNotification(kind.confirmedKind, ({ data }) => {
    if (!listeningByHand) return false;
    fetchStatus(data.purchaseId).then(
      (status) => {
        if (status.status !== 'confirmed') return;
        setHandStep('credited');
        setWatchingByHand(false);
        confirmation.markSettled(data.purchaseId);
        onSettled(data.purchaseId, { kind: 'confirmed', status });
      },
      () => undefined,
    );
    return true;
  });

  /** The player says the transfer shown by hand is sent: its steps follow (refused while another payment is under way or pending). */
  const sentByHand = () => {
    // Seen or credited already (sent before the player said so): its steps show.
    if (paying !== null || confirmation.blocked || handStep !== null) return;
    startAttempt();
    setHandStep('sent');
  };

  /** The transfer by hand is shown: the page listens for its payment from now on (a player may send it first). */
  const watchByHand = () => setWatchingByHand(true);

  const { pollingId } = confirmation;
  const waited = [started, serverPending].find((purchase) => purchase !== null && purchase.purchaseId === pollingId);

  return {
    /** What is being paid for now, or null. */
    paying,
    error,
    setError,
    paymentTxId,
    /** The last confirmed purchase's status, or null. */
    confirmed,
    /** The purchase being waited for, or null. */
    pollingId,
    /** What the purchase being waited for buys, when known. */
    waitingFor: pollingId !== null ? (waited?.label ?? null) : null,
    /**
     * 'Payment sent! Waiting for confirmation...' while a purchase is waited for; once the Hive node has it in a
     * block that Hive Engine has not processed yet, that it waits for Hive Engine. Else the kind's word on the last
     * confirmed one.
     */
    notice: pollingId === null ? notice : awaitingHiveEngine ? PaymentProgressMessages.awaitingHiveEngine : SwapHiveMessages.paymentSent,
    /** New payments wait for the one under way or pending. */
    blocked: paying !== null || confirmation.blocked || waitingByHand,
    /** The server still holds a purchase pending that this page no longer waits for. */
    canCheckAgain: confirmation.canCheckAgain,
    startAttempt,
    pay,
    /** What the player's wallet shows while it has the payment (HiveAuth's wait, HiveSigner's page), or null. */
    walletWait: wallet.wait,
    /** Stops waiting for the wallet (HiveAuth's Cancel). */
    cancelWallet: wallet.cancel,
    checkAgain,
    /** Where a payment made by hand is (null: none said sent). */
    handStep,
    sentByHand,
    watchByHand,
  };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEPOSIT_POLL_ATTEMPTS,
  DEPOSIT_POLL_INTERVAL_MS,
  formatChainQuantity,
  formatDecimal,
  parseDecimal,
  RNK_DECIMALS,
  RNK_SYMBOL,
  WALLET_THROTTLE_MS,
} from '@runik/rules';
import { cityKeys } from '../../shared/query-keys';
import { fetchRnkBalance } from '../../api/hive-engine-client';
import { serverErrorMessage, apiErrorMessage } from '../../api/http-client';
import { toUserMessage } from '../../shared/errors';
import type { TransferOutcome } from '../../wallet/transfer';
import { useWalletTransfer, type WalletTransfer } from '../../wallet/use-wallet-transfer';
import { fetchDepositCheck, fetchDepositStatus, postDepositInit } from './city-api';
import { DEPOSIT_MEMO, DepositMessages } from './city-messages';
import { usePaymentSeen, usePushedNotification } from '../../shared/pushed-notifications';
import type { PaymentStep } from '@runik/contract';
import { laterStep } from '../../ui/PaymentSteps';
import { wait, Waker } from '../../ui/wait';
import { useHandSteps } from '../../wallet/use-hand-steps';

/** How often and how many times the client asks whether a deposit was credited (spec section 9). */
export interface DepositPolling {
  intervalMs: number;
  attempts: number;
}

export const DEFAULT_DEPOSIT_POLLING: DepositPolling = {
  intervalMs: DEPOSIT_POLL_INTERVAL_MS,
  attempts: DEPOSIT_POLL_ATTEMPTS,
};

/** Spec section 4: idle, then pending (processing), then completed, failed, timeout or error. */
export type DepositPhase = 'idle' | 'pending' | 'completed' | 'failed' | 'timeout' | 'error';

export interface DepositState {
  phase: DepositPhase;
  /** What the popup shows; an idle state with a message is an attempt refused before it was pending. */
  message: string | null;
  /** Once sent: the transfer, where it is (sent, seen on chain, credited) and its amount (RNK, 3 decimals). */
  payment?: { transactionId: string; amount: string; step: PaymentStep; awaitingHiveEngine?: boolean };
  /** After a timeout: the transfer is still awaited, shown completed when the game pushes its credit. */
  awaited?: boolean;
}

const IDLE: DepositState = { phase: 'idle', message: null };

/** Hive Engine balances may carry more decimals than RNK uses: the rest is dropped (never overstated). */
export function parseWalletBalance(balance: string): number {
  const match = /^(\d+)(?:\.(\d*))?$/.exec(balance.trim());
  if (!match) return 0;
  const [, whole, fraction = ''] = match;
  return parseDecimal(`${whole}.${fraction.slice(0, RNK_DECIMALS).padEnd(1, '0')}`, RNK_DECIMALS) ?? 0;
}

/** The player's RNK on Hive Engine, in thousandths; reloaded on focus and reconnect (spec section 4, "Refresh"). */
export function useWalletBalance(username: string) {
  return useQuery({
    queryKey: cityKeys.rnkBalance(username),
    queryFn: async () => parseWalletBalance(await fetchRnkBalance(username)),
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}

export function useDepositStatus(username: string) {
  return useQuery({
    queryKey: cityKeys.depositStatus(username),
    queryFn: () => fetchDepositStatus(username),
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}

/** Spec section 8: a cooldown error is shown as is; one about a cancelled or timed-out transaction is reworded. */
function initFailureMessage(error: unknown): string {
  const server = serverErrorMessage(error);
  if (server && /cooldown/i.test(server)) return server;
  if (server && /cancel|timeout|timed out/i.test(server)) return DepositMessages.cancelled;
  return apiErrorMessage(error, DepositMessages.fallback);
}

interface DepositRun {
  username: string;
  amount: string;
  /** The transfer through the player's wallet (wallet/transfer.ts). */
  send: WalletTransfer['send'];
  /** The transfer went to HiveSigner's signing page: the popup follows it as a deposit made by hand. */
  onOpened: () => void;
  polling: DepositPolling;
  signal: AbortSignal;
  /**
   * Ends the poll interval at once (a pushed credit). The spec's polls stay (interval, attempts,
   * messages); the push only makes the next one come now.
   */
  waker: Waker;
  onPending: (transactionId: string) => void;
  /** A check answered that the chain follower has seen the transfer. */
  onSeen: (transactionId: string) => void;
  /** A check answered whether the Hive node has the transfer in a block that Hive Engine has not processed yet. */
  onAwaitingHiveEngine: (transactionId: string, awaiting: boolean) => void;
}

/** The transfer through the player's wallet, the init call, then the polling of the check call. */
async function runDeposit({
  username,
  amount,
  send,
  onOpened,
  polling,
  signal,
  waker,
  onPending,
  onSeen,
  onAwaitingHiveEngine,
}: DepositRun): Promise<DepositState> {
  let sent: TransferOutcome;
  try {
    sent = await send(
      { from: username, amount, memo: DEPOSIT_MEMO, symbol: RNK_SYMBOL },
      { missing: DepositMessages.keychainMissing, cancelled: DepositMessages.cancelled },
    );
  } catch (error) {
    return { phase: 'idle', message: toUserMessage(error, DepositMessages.cancelled) };
  }
  if (sent.kind === 'opened') {
    onOpened();
    return IDLE;
  }
  const txId = sent.txId;

  let init;
  try {
    init = await postDepositInit(username, { amount, txId });
  } catch (error) {
    return { phase: 'idle', message: initFailureMessage(error) };
  }
  const credited = { transactionId: txId, amount, step: 'credited' as const };
  if (init.status === 'completed')
    return { phase: 'completed', message: DepositMessages.alreadyCompleted(init.transactionId || txId), payment: credited };
  if (init.status === 'failed') return { phase: 'failed', message: DepositMessages.failed(null) };

  onPending(txId);
  for (let attempt = 0; attempt < polling.attempts; attempt += 1) {
    await wait(polling.intervalMs, signal, waker);
    let check;
    try {
      check = await fetchDepositCheck(txId, username, amount);
    } catch {
      return { phase: 'error', message: DepositMessages.unverifiable };
    }
    if (check.status === 'completed')
      return { phase: 'completed', message: DepositMessages.completed(formatChainQuantity(amount)), payment: credited };
    if (check.status === 'failed') return { phase: 'failed', message: DepositMessages.failed(check.error) };
    if (check.seenOnChain) onSeen(txId);
    onAwaitingHiveEngine(txId, check.awaitingHiveEngine);
  }
  return { phase: 'timeout', message: DepositMessages.timeout, awaited: true };
}

/** The deposit's payment moved on to `step` (never back), if it is the transfer `transactionId`. */
function advance(state: DepositState, transactionId: string, step: PaymentStep): DepositState {
  if (state.payment?.transactionId !== transactionId) return state;
  return { ...state, payment: { ...state.payment, step: laterStep(state.payment.step, step) } };
}

/**
 * One deposit at a time, at most one attempt per 5 seconds (spec section 5). Polling stops
 * when the popup closes; the server still credits the deposit and the city reloads on focus. After
 * the polling's timeout the popup still shows the credit when it is pushed.
 */
export function useDeposit(username: string, polling: DepositPolling) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DepositState>(IDLE);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const lastAttempt = useRef<number | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const waker = useRef<Waker | null>(null);
  const wallet = useWalletTransfer();
  const { send } = wallet;

  useEffect(() => () => controllerRef.current?.abort(), []);
  // The pushed 'deposit-credited' reloads the deposit status (notification-effects): the popup checks at
  // once and moves with the toast, not up to a poll interval later (issue 35).
  useEffect(() => {
    const statusKey = JSON.stringify(cityKeys.depositStatus(username));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && JSON.stringify(event.query.queryKey) === statusKey)
        waker.current?.wake();
    });
  }, [queryClient, username]);

  // After a time-out (while polling, the pushed credit wakes the poll above instead): however late Hive
  // Engine is, the deposit is credited once it processes the transfer, and the popup shows it then.
  usePushedNotification('deposit-credited', ({ data }) => {
    setState((current) =>
      current.awaited && current.payment?.transactionId === data.transactionId
        ? {
            phase: 'completed',
            message: DepositMessages.completed(formatChainQuantity(current.payment.amount)),
            payment: { ...current.payment, step: 'credited' },
          }
        : current,
    );
  });
  // The chain follower saw the transfer: the popup shows the step at once (its credit follows as the push above).
  usePaymentSeen((transactionId) => setState((current) => advance(current, transactionId, 'seen')));

  /** Why a new attempt may not start now, or null. */
  const refusal = useCallback((): string | null => {
    if (inFlight.current) return DepositMessages.inProgress;
    if (lastAttempt.current !== null) {
      const remaining = WALLET_THROTTLE_MS - (Date.now() - lastAttempt.current);
      if (remaining > 0) return DepositMessages.throttled(Math.ceil(remaining / 1000));
    }
    return null;
  }, []);

  const reset = useCallback(() => {
    if (!inFlight.current) setState(IDLE);
  }, []);

  const start = useCallback(
    async (thousandths: number, onOpened: () => void) => {
      inFlight.current = true;
      lastAttempt.current = Date.now();
      const controller = new AbortController();
      controllerRef.current = controller;
      setBusy(true);
      setState(IDLE);
      try {
        const outcome = await runDeposit({
          username,
          amount: formatDecimal(thousandths, RNK_DECIMALS),
          send,
          onOpened,
          polling,
          signal: controller.signal,
          waker: (waker.current = new Waker()),
          onPending: (transactionId) =>
            setState({
              phase: 'pending',
              message: DepositMessages.processing,
              payment: { transactionId, amount: formatDecimal(thousandths, RNK_DECIMALS), step: 'sent' },
            }),
          onSeen: (transactionId) => setState((current) => advance(current, transactionId, 'seen')),
          onAwaitingHiveEngine: (transactionId, awaiting) =>
            setState((current) =>
              current.payment?.transactionId === transactionId
                ? { ...current, payment: { ...current.payment, awaitingHiveEngine: awaiting } }
                : current,
            ),
        });
        // The steps reached while polling (a pushed 'seen') stay with the outcome.
        setState((current) => (outcome.payment || !current.payment ? outcome : { ...outcome, payment: current.payment }));
        // RUNIK rises once the deposit is credited.
        if (outcome.phase === 'completed') void queryClient.invalidateQueries({ queryKey: cityKeys.city(username) });
      } catch (error) {
        if (!controller.signal.aborted) setState({ phase: 'error', message: apiErrorMessage(error, DepositMessages.fallback) });
      } finally {
        inFlight.current = false;
        if (!controller.signal.aborted) {
          setBusy(false);
          void queryClient.invalidateQueries({ queryKey: cityKeys.depositStatus(username) });
          void queryClient.invalidateQueries({ queryKey: cityKeys.rnkBalance(username) });
        }
      }
    },
    [polling, queryClient, username, send],
  );

  return {
    state,
    busy,
    refusal,
    start,
    reset,
    /** Why the player's wallet cannot pay from this page (the spec's words for a missing Keychain), or null. */
    walletMissing: () => wallet.missing({ missing: DepositMessages.keychainMissing }),
    /** What the player's wallet shows while it has the transfer (HiveAuth's wait, HiveSigner's page). */
    walletWait: wallet.wait,
    cancelWallet: wallet.cancel,
  };
}

/**
 * A deposit made by hand (issue 49): any RNK transfer from the player's account to the game account is credited by the
 * chain follower, reported or not. Once the player says it is sent, its steps follow the pushes: the player's payment
 * seen on chain, then its credit (`deposit-credited`, with the amount it carried).
 */
export function useHandDeposit(username: string, active: boolean) {
  const queryClient = useQueryClient();
  /** What the credit gave, RUNIK (plain number, as pushed). */
  const [creditedAmount, setCreditedAmount] = useState<number | null>(null);
  const steps = useHandSteps(
    'deposit-credited',
    ({ data }) => {
      setCreditedAmount(data.amount);
      for (const queryKey of [cityKeys.city(username), cityKeys.depositStatus(username), cityKeys.rnkBalance(username)])
        void queryClient.invalidateQueries({ queryKey });
    },
    active,
  );
  return {
    ...steps,
    creditedAmount,
    watch: () => {
      setCreditedAmount(null);
      steps.watch();
    },
  };
}

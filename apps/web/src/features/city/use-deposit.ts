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
import { fetchRnkBalance } from '../../api/hive-engine-client';
import { serverErrorMessage, apiErrorMessage } from '../../api/http-client';
import { GAME_ACCOUNT } from '../../app/config';
import { requestSendToken, type HiveKeychain, type KeychainBroadcastResult, type KeychainResponse } from '../../wallet/keychain';
import { cityKeys, fetchDepositCheck, fetchDepositStatus, postDepositInit } from './city-api';
import { DEPOSIT_MEMO, DepositMessages } from './city-messages';
import { usePushedNotification } from '../notifications/pushed-notifications';

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
  /** After a timeout: the transfer still awaited, shown completed when the game pushes its credit. */
  awaited?: { transactionId: string; amount: string };
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
  keychain: HiveKeychain;
  polling: DepositPolling;
  signal: AbortSignal;
  /** Set while a poll interval runs: calling it ends the interval at once (a pushed credit). */
  wake: { current: (() => void) | null };
  onPending: () => void;
}

/**
 * One poll interval, ended early by `wake` so the check is asked at once; rejects when `signal` aborts.
 * The spec's polls stay (interval, attempts, messages); the push only makes the next one come now.
 */
function pollInterval(ms: number, signal: AbortSignal, wake: DepositRun['wake']): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      wake.current = null;
      settle();
    };
    const onAbort = () => finish(() => reject(signal.reason));
    const timer = setTimeout(() => finish(resolve), ms);
    signal.addEventListener('abort', onAbort, { once: true });
    wake.current = () => finish(resolve);
  });
}

/** The transfer through Keychain, the init call, then the polling of the check call. */
async function runDeposit({ username, amount, keychain, polling, signal, wake, onPending }: DepositRun): Promise<DepositState> {
  let response: KeychainResponse<KeychainBroadcastResult>;
  try {
    response = await requestSendToken(keychain, { from: username, to: GAME_ACCOUNT, amount, memo: DEPOSIT_MEMO, symbol: RNK_SYMBOL });
  } catch {
    return { phase: 'idle', message: DepositMessages.cancelled };
  }
  const txId = response.success ? (response.result?.id ?? response.result?.tx_id) : undefined;
  if (!txId) return { phase: 'idle', message: DepositMessages.cancelled };

  let init;
  try {
    init = await postDepositInit(username, { amount, txId });
  } catch (error) {
    return { phase: 'idle', message: initFailureMessage(error) };
  }
  if (init.status === 'completed') return { phase: 'completed', message: DepositMessages.alreadyCompleted(init.transactionId || txId) };
  if (init.status === 'failed') return { phase: 'failed', message: DepositMessages.failed(null) };

  onPending();
  for (let attempt = 0; attempt < polling.attempts; attempt += 1) {
    await pollInterval(polling.intervalMs, signal, wake);
    let check;
    try {
      check = await fetchDepositCheck(txId, username, amount);
    } catch {
      return { phase: 'error', message: DepositMessages.unverifiable };
    }
    if (check.status === 'completed') return { phase: 'completed', message: DepositMessages.completed(formatChainQuantity(amount)) };
    if (check.status === 'failed') return { phase: 'failed', message: DepositMessages.failed(check.error) };
  }
  return { phase: 'timeout', message: DepositMessages.timeout, awaited: { transactionId: txId, amount } };
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
  const wake = useRef<(() => void) | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);
  // The pushed 'deposit-credited' reloads the deposit status (notification-effects): the popup checks at
  // once and moves with the toast, not up to a poll interval later (issue 35).
  useEffect(() => {
    const statusKey = JSON.stringify(cityKeys.depositStatus(username));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate' && JSON.stringify(event.query.queryKey) === statusKey)
        wake.current?.();
    });
  }, [queryClient, username]);

  // After a time-out (while polling, the pushed credit wakes the poll above instead): however late Hive
  // Engine is, the deposit is credited once it processes the transfer, and the popup shows it then.
  usePushedNotification('deposit-credited', ({ data }) => {
    setState((current) =>
      current.awaited?.transactionId === data.transactionId
        ? { phase: 'completed', message: DepositMessages.completed(formatChainQuantity(current.awaited.amount)) }
        : current,
    );
  });

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
    async (keychain: HiveKeychain, thousandths: number) => {
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
          keychain,
          polling,
          signal: controller.signal,
          wake,
          onPending: () => setState({ phase: 'pending', message: DepositMessages.processing }),
        });
        setState(outcome);
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
    [polling, queryClient, username],
  );

  return { state, busy, refusal, start, reset };
}

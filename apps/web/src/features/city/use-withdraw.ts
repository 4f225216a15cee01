import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDecimal, formatRunik, RNK_DECIMALS, WALLET_THROTTLE_MS, WITHDRAW_QUEUE_REFRESH_MS } from '@runik/rules';
import { cityKeys } from '../../shared/query-keys';
import { useRefreshWhenDue } from '../../shared/due-refresh';
import { apiErrorMessage, serverErrorMessage } from '../../api/http-client';
import { fetchWithdrawStatus, postWithdraw } from './city-api';
import { WithdrawMessages } from './city-messages';
import { applyResources, type CityState } from './city-state';

/**
 * The withdraw cooldown of the player, the daily caps left and the withdrawals waiting in line;
 * reloaded when the tab becomes visible again and when the connection returns (spec section 4,
 * "Refresh"), and every WITHDRAW_QUEUE_REFRESH_MS while one waits in line, so its place moves.
 * Free accounts never ask for it. Read again when the cooldown ends and when the game day (and its caps) turns,
 * when a withdrawal held by the game's daily cap is let go (issue 45: a screen is never stale).
 */
export function useWithdrawStatus(username: string, enabled: boolean) {
  const status = useQuery({
    queryKey: cityKeys.withdrawStatus(username),
    queryFn: () => fetchWithdrawStatus(username),
    enabled,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchInterval: (query) => (query.state.data?.queued.length ? WITHDRAW_QUEUE_REFRESH_MS : false),
  });
  const instant = (iso: string | null | undefined) => {
    const ms = iso ? Date.parse(iso) : NaN;
    return ms > Date.now() ? ms : null;
  };
  useRefreshWhenDue(enabled ? [instant(status.data?.nextWithdrawalTime), instant(status.data?.limits.resetsAt)] : [], [
    cityKeys.withdrawStatus(username),
    cityKeys.city(username),
  ]);
  return status;
}

export type WithdrawOutcome = { kind: 'success'; message: string; transactionId: string | null } | { kind: 'error'; message: string };

/**
 * One withdrawal at a time, at most one attempt per 5 seconds (spec section 5). A success
 * merges the returned resources into the cached city; every attempt reloads the withdraw
 * status, so a new cooldown (or one the server reports) shows at once.
 */
export function useWithdraw(username: string) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<WithdrawOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const lastAttempt = useRef<number | null>(null);

  /** Why a new attempt may not start now, or null. */
  const refusal = useCallback((): string | null => {
    if (inFlight.current) return WithdrawMessages.inProgress;
    if (lastAttempt.current !== null) {
      const remaining = WALLET_THROTTLE_MS - (Date.now() - lastAttempt.current);
      if (remaining > 0) return WithdrawMessages.throttled(Math.ceil(remaining / 1000));
    }
    return null;
  }, []);

  const reset = useCallback(() => {
    if (!inFlight.current) setOutcome(null);
  }, []);

  const start = useCallback(
    async (thousandths: number) => {
      inFlight.current = true;
      lastAttempt.current = Date.now();
      setBusy(true);
      setOutcome(null);
      const cityKey = cityKeys.city(username);
      const amount = formatDecimal(thousandths, RNK_DECIMALS);
      try {
        const response = await postWithdraw(username, { amount });
        // A refetch started before the withdrawal would bring back the old balance.
        await queryClient.cancelQueries({ queryKey: cityKey });
        queryClient.setQueryData<CityState>(cityKey, (city) => city && applyResources(city, response));
        void queryClient.invalidateQueries({ queryKey: cityKeys.previews });
        // A withdrawal the coverage floor holds back says its place in line and why.
        const message = response.queued
          ? `${WithdrawMessages.queued(formatRunik(thousandths), response.queued.position)} ${response.queueReason ?? ''}`.trim()
          : WithdrawMessages.submitted(formatRunik(thousandths));
        setOutcome({ kind: 'success', message, transactionId: response.transactionId || null });
      } catch (error) {
        const server = serverErrorMessage(error);
        const cooldown = server !== null && /cooldown/i.test(server);
        setOutcome({ kind: 'error', message: apiErrorMessage(error, WithdrawMessages.fallback) });
        // A cooldown refusal marks withdrawal as on cooldown: the status reload below shows it.
        // Any other refusal may rest on state this page has not seen (another tab or device).
        if (!cooldown) void queryClient.invalidateQueries({ queryKey: cityKey });
      } finally {
        inFlight.current = false;
        setBusy(false);
        void queryClient.invalidateQueries({ queryKey: cityKeys.withdrawStatus(username) });
      }
    },
    [queryClient, username],
  );

  return { outcome, busy, refusal, start, reset };
}

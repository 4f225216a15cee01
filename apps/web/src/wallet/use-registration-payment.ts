import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentStep } from '@runik/contract';
import { laterStep } from '../ui/PaymentSteps';
import type { AsyncTask } from '../ui/use-async-task';
import { fetchSwapHiveBalance, payRegistration, type RegistrationPolling } from './registration-payment';
import { useWalletTransfer } from './use-wallet-transfer';
import type { WalletChoice } from './wallet-choice';

/** The fee sent (SWAP.HIVE), the step its payment reached, and whether it waits for Hive Engine (in a Hive block). */
export interface RegistrationPaymentProgress {
  sent: string;
  step: PaymentStep;
  awaitingHiveEngine: boolean;
}

export interface RegistrationPaymentOptions {
  hiveUsername: string;
  referrer: string;
  polling: RegistrationPolling;
  /** The screen's install hint for a missing Keychain. */
  missing: string;
  /** The wallet to pay with; the remembered one when not named (a new player, not logged in yet: Keychain). */
  wallet?: WalletChoice;
}

/**
 * Pays an activation fee within a screen's task (`useAsyncTask`: busy, error, notice) and keeps where the
 * payment is. `pay` runs `afterCredit` once the worker has confirmed it (a new player logs in, a free
 * player reloads its balances), or `onOpened` when the fee went to HiveSigner's signing page (the screen follows it
 * as a payment made by hand). The steps show while the payment is on its way or done; a refused one
 * shows its error instead.
 */
export function useRegistrationPayment(task: AsyncTask, { hiveUsername, referrer, polling, missing, wallet }: RegistrationPaymentOptions) {
  const [payment, setPayment] = useState<RegistrationPaymentProgress | null>(null);
  const transfer = useWalletTransfer(wallet);

  const pay = (feeInHive: string, balance: string, afterCredit: () => Promise<void>, onOpened?: () => void) => {
    setPayment(null);
    const onStep = (step: PaymentStep) =>
      setPayment((current) => ({
        sent: feeInHive,
        step: current ? laterStep(current.step, step) : step,
        awaitingHiveEngine: current?.awaitingHiveEngine ?? false,
      }));
    const onAwaitingHiveEngine = (awaiting: boolean) =>
      setPayment((current) => (current ? { ...current, awaitingHiveEngine: awaiting } : current));
    return task.run(async ({ signal, notify }) => {
      const outcome = await payRegistration({
        send: transfer.send,
        missing,
        hiveUsername,
        referrer,
        feeInHive,
        balance,
        polling,
        signal,
        notify,
        onStep,
        onAwaitingHiveEngine,
      });
      if (outcome === 'opened') onOpened?.();
      else await afterCredit();
    }, 'Transaction failed or cancelled');
  };

  const shownPayment = payment && (task.busy || payment.step === 'credited') ? payment : null;
  return {
    pay,
    payment: shownPayment,
    /** What the player's wallet shows while it has the fee (HiveAuth's wait, HiveSigner's page). */
    walletWait: transfer.wait,
    cancelWallet: transfer.cancel,
  };
}

export function useSwapHiveBalance(hiveUsername: string) {
  return useQuery({ queryKey: ['hive-balance', hiveUsername], queryFn: () => fetchSwapHiveBalance(hiveUsername) });
}

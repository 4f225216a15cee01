import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PaymentStep } from '@runik/contract';
import { laterStep } from '../ui/PaymentSteps';
import type { AsyncTask } from '../ui/use-async-task';
import type { HiveKeychain } from './keychain';
import { fetchSwapHiveBalance, payRegistration, type RegistrationPolling } from './registration-payment';

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
}

/**
 * Pays an activation fee within a screen's task (`useAsyncTask`: busy, error, notice) and keeps where the
 * payment is. `pay` runs `afterCredit` once the worker has confirmed it (a new player logs in, a free
 * player reloads its balances). The steps show while the payment is on its way or done; a refused one
 * shows its error instead.
 */
export function useRegistrationPayment(task: AsyncTask, { hiveUsername, referrer, polling }: RegistrationPaymentOptions) {
  const [payment, setPayment] = useState<RegistrationPaymentProgress | null>(null);

  const pay = (keychain: () => HiveKeychain, feeInHive: string, balance: string, afterCredit: () => Promise<void>) => {
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
      await payRegistration({
        keychain,
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
      await afterCredit();
    }, 'Transaction failed or cancelled');
  };

  const shownPayment = payment && (task.busy || payment.step === 'credited') ? payment : null;
  return { pay, payment: shownPayment };
}

export function useSwapHiveBalance(hiveUsername: string) {
  return useQuery({ queryKey: ['hive-balance', hiveUsername], queryFn: () => fetchSwapHiveBalance(hiveUsername) });
}

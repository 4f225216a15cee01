import { useRef, useState } from 'react';
import type { LoginChallengeResponse, PaymentStep } from '@runik/contract';
import { laterStep } from '../../ui/PaymentSteps';
import { useAsyncTask } from '../../ui/use-async-task';
import { registerFreeWithKeychain } from './keychain-login';
import { activateWithPayment, type RegistrationPolling } from './paid-registration';
import { useEnterGame } from './use-enter-game';

export interface ActivationOptions {
  hiveUsername: string;
  referrer: string;
  /** The challenge from the login attempt; free registration signs it if still fresh. */
  challenge: LoginChallengeResponse;
  polling: RegistrationPolling;
}

/** The fee sent (SWAP.HIVE) and the step its payment reached. */
export interface ActivationPayment {
  sent: string;
  step: PaymentStep;
}

export function useActivation({ hiveUsername, referrer, challenge, polling }: ActivationOptions) {
  const { run, busy, error, notice } = useAsyncTask();
  const enterGame = useEnterGame();
  // Challenges are single use: after one attempt, the next one asks for a new challenge.
  const unusedChallenge = useRef<LoginChallengeResponse | null>(challenge);
  const [payment, setPayment] = useState<ActivationPayment | null>(null);

  const activate = (feeInHive: string, balance: string) => {
    setPayment(null);
    const onStep = (step: PaymentStep) =>
      setPayment((current) => ({ sent: feeInHive, step: current ? laterStep(current.step, step) : step }));
    return run(async ({ signal, notify }) => {
      enterGame(await activateWithPayment({ hiveUsername, referrer, feeInHive, balance, polling, signal, notify, onStep }));
    }, 'Transaction failed or cancelled');
  };

  const registerForFree = () =>
    run(async () => {
      const keptChallenge = unusedChallenge.current;
      unusedChallenge.current = null;
      enterGame(await registerFreeWithKeychain(hiveUsername, referrer, keptChallenge));
    }, 'Free registration failed');

  // The steps while the payment is on its way (or done); a refused one shows its error instead.
  const shownPayment = payment && (busy || payment.step === 'credited') ? payment : null;
  return { activate, registerForFree, busy, error, notice, payment: shownPayment };
}

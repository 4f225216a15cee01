import { useRef } from 'react';
import type { LoginChallengeResponse } from '@runik/contract';
import { useAsyncTask } from '../../ui/use-async-task';
import { useRegistrationPayment } from '../../wallet/use-registration-payment';
import { registerFreeWithKeychain, requireKeychain } from './keychain-login';
import { autoLogIn, type RegistrationPolling } from './paid-registration';
import { useEnterGame } from './use-enter-game';

export interface ActivationOptions {
  hiveUsername: string;
  referrer: string;
  /** The challenge from the login attempt; free registration signs it if still fresh. */
  challenge: LoginChallengeResponse;
  polling: RegistrationPolling;
}

export function useActivation({ hiveUsername, referrer, challenge, polling }: ActivationOptions) {
  const task = useAsyncTask();
  const { run, busy, error, notice } = task;
  const enterGame = useEnterGame();
  // Challenges are single use: after one attempt, the next one asks for a new challenge.
  const unusedChallenge = useRef<LoginChallengeResponse | null>(challenge);
  const { pay, payment } = useRegistrationPayment(task, { hiveUsername, referrer, polling });

  // Payment, initiation, confirmation, then the automatic login (spec section 4, "Paid registration").
  const activate = (feeInHive: string, balance: string) =>
    pay(requireKeychain, feeInHive, balance, async () => enterGame(await autoLogIn(hiveUsername)));

  const registerForFree = () =>
    run(async () => {
      const keptChallenge = unusedChallenge.current;
      unusedChallenge.current = null;
      enterGame(await registerFreeWithKeychain(hiveUsername, referrer, keptChallenge));
    }, 'Free registration failed');

  return { activate, registerForFree, busy, error, notice, payment };
}

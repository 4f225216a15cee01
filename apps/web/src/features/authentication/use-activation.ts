import { useRef } from 'react';
import type { LoginChallengeResponse } from '@runik/contract';
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

export function useActivation({ hiveUsername, referrer, challenge, polling }: ActivationOptions) {
  const { run, busy, error, notice } = useAsyncTask();
  const enterGame = useEnterGame();
  // Challenges are single use: after one attempt, the next one asks for a new challenge.
  const unusedChallenge = useRef<LoginChallengeResponse | null>(challenge);

  const activate = (feeInHive: string, balance: string) =>
    run(async ({ signal, notify }) => {
      enterGame(await activateWithPayment({ hiveUsername, referrer, feeInHive, balance, polling, signal, notify }));
    }, 'Transaction failed or cancelled');

  const registerForFree = () =>
    run(async () => {
      const keptChallenge = unusedChallenge.current;
      unusedChallenge.current = null;
      enterGame(await registerFreeWithKeychain(hiveUsername, referrer, keptChallenge));
    }, 'Free registration failed');

  return { activate, registerForFree, busy, error, notice };
}

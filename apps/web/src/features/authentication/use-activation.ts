import { useRef } from 'react';
import type { LoginChallengeResponse } from '@runik/contract';
import { useAsyncTask } from '../../ui/use-async-task';
import { useRegistrationPayment } from '../../wallet/use-registration-payment';
import { registerFreeWithHiveAuth } from './hiveauth-login';
import { KEYCHAIN_LOGIN_MISSING, registerFreeWithKeychain } from './keychain-login';
import { autoLogIn, type RegistrationPolling } from './paid-registration';
import { rememberWallet } from '../../wallet/wallet-choice';
import { useEnterGame } from './use-enter-game';
import { useHiveAuthWait } from './use-hiveauth-wait';
import type { LoginWallet } from './use-login';

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
  const hiveAuth = useHiveAuthWait();
  // The fee is paid through Keychain, as before issue 49; the free registration signs through the wallet chosen for it.
  const { pay, payment } = useRegistrationPayment(task, {
    hiveUsername,
    referrer,
    polling,
    missing: KEYCHAIN_LOGIN_MISSING,
    wallet: 'keychain',
  });

  // Payment, initiation, confirmation, then the automatic login (spec section 4, "Paid registration").
  const activate = (feeInHive: string, balance: string) => pay(feeInHive, balance, async () => enterGame(await autoLogIn(hiveUsername)));

  const registerForFree = (wallet: LoginWallet) =>
    run(async ({ signal }) => {
      const keptChallenge = unusedChallenge.current;
      unusedChallenge.current = null;
      rememberWallet(wallet);
      const session =
        wallet === 'hiveauth'
          ? await hiveAuth.during(signal, (onWait, hiveAuthSignal) =>
              registerFreeWithHiveAuth(hiveUsername, referrer, onWait, hiveAuthSignal),
            )
          : await registerFreeWithKeychain(hiveUsername, referrer, keptChallenge);
      enterGame(session);
    }, 'Free registration failed');

  return { activate, registerForFree, busy, error, notice, payment, hiveAuthWait: hiveAuth.wait, cancelHiveAuth: hiveAuth.cancel };
}

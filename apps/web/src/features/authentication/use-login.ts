import { ErrorMessages, type LoginChallengeResponse } from '@runik/contract';
import { isValidHiveUsername } from '@runik/rules';
import { UserFacingError } from '../../shared/errors';
import { useAsyncTask } from '../../ui/use-async-task';
import { logInWithHiveAuth } from './hiveauth-login';
import { logInWithKeychain, type LoginOutcome } from './keychain-login';
import { useEnterGame } from './use-enter-game';
import { useHiveAuthWait } from './use-hiveauth-wait';
import { rememberedWallet, rememberWallet } from '../../wallet/wallet-choice';

/** Hive names are lowercase; players type them any way. */
export function normalizeUsername(typed: string): string {
  return typed.trim().toLowerCase();
}

function parseUsername(typed: string): string {
  const hiveUsername = normalizeUsername(typed);
  if (!hiveUsername) throw new UserFacingError('Please enter your Hive username');
  if (!isValidHiveUsername(hiveUsername)) throw new UserFacingError(ErrorMessages.invalidUsername);
  return hiveUsername;
}

/** The wallets the login form signs the challenge with (HiveSigner has its own button). */
export type LoginWallet = 'keychain' | 'hiveauth';

/** The remembered wallet if it signs challenges, else Keychain. */
export function initialLoginWallet(): LoginWallet {
  return rememberedWallet() === 'hiveauth' ? 'hiveauth' : 'keychain';
}

export function useLogin(onNotRegistered: (hiveUsername: string, challenge: LoginChallengeResponse) => void) {
  const { run, busy, error } = useAsyncTask();
  const enterGame = useEnterGame();
  const hiveAuth = useHiveAuthWait();

  const logIn = (typedUsername: string, wallet: LoginWallet = 'keychain') =>
    run(async ({ signal }) => {
      const hiveUsername = parseUsername(typedUsername);
      rememberWallet(wallet);
      const outcome: LoginOutcome =
        wallet === 'hiveauth'
          ? await hiveAuth.during(signal, (onWait, hiveAuthSignal) => logInWithHiveAuth(hiveUsername, onWait, hiveAuthSignal))
          : await logInWithKeychain(hiveUsername);
      if (outcome.kind === 'not-registered') onNotRegistered(hiveUsername, outcome.challenge);
      else enterGame(outcome.session);
    }, 'Login failed');

  return { logIn, busy, error, hiveAuthWait: hiveAuth.wait, cancelHiveAuth: hiveAuth.cancel };
}

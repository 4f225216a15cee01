import { ErrorMessages, type LoginChallengeResponse } from '@runik/contract';
import { isValidHiveUsername } from '@runik/rules';
import { UserFacingError } from '../../shared/errors';
import { useAsyncTask } from '../../ui/use-async-task';
import { logInWithKeychain } from './keychain-login';
import { useEnterGame } from './use-enter-game';

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

export function useLogin(onNotRegistered: (hiveUsername: string, challenge: LoginChallengeResponse) => void) {
  const { run, busy, error } = useAsyncTask();
  const enterGame = useEnterGame();

  const logIn = (typedUsername: string) =>
    run(async () => {
      const hiveUsername = parseUsername(typedUsername);
      const outcome = await logInWithKeychain(hiveUsername);
      if (outcome.kind === 'not-registered') onNotRegistered(hiveUsername, outcome.challenge);
      else enterGame(outcome.session);
    }, 'Login failed');

  return { logIn, busy, error };
}

import type { SessionResponse } from '@runik/contract';
import { UserFacingError } from '../../shared/errors';
import { logInWithKeychain } from './keychain-login';

export { DEFAULT_REGISTRATION_POLLING, type RegistrationPolling } from '../../wallet/registration-payment';

/**
 * After a new player's paid registration is confirmed (the payment itself: wallet/registration-payment.ts),
 * the automatic login (spec section 4, "Paid registration").
 */
export async function autoLogIn(hiveUsername: string): Promise<SessionResponse> {
  const outcome = await logInWithKeychain(hiveUsername).catch(() => null);
  if (outcome?.kind !== 'logged-in') throw new UserFacingError('Failed to auto-login. Please log in manually.');
  return outcome.session;
}

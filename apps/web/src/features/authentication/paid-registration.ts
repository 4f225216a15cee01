import { parseDecimal, REGISTRATION_POLL_INTERVAL_MS, REGISTRATION_POLL_TIMEOUT_MS, registrationMemo } from '@runik/rules';
import { NOTIFICATION_EVENT, PAYMENT_SEEN_EVENT, type NotificationDto, type PaymentStep, type SessionResponse } from '@runik/contract';
import { GAME_ACCOUNT } from '../../shared/config';
import { UserFacingError } from '../../shared/errors';
import { requestSendToken, type KeychainBroadcastResult, type KeychainResponse } from '../../wallet/keychain';
import { fetchTransactionStatus, initiateRegistration, SWAP_HIVE, SWAP_HIVE_DECIMALS } from './authentication-api';
import { logInWithKeychain, requireKeychain } from './keychain-login';
import { wait, Waker } from '../../ui/wait';
import { openPaymentSocket } from '../../shared/live-socket';

/** How often and how long the client waits for the worker to confirm a payment. */
export interface RegistrationPolling {
  intervalMs: number;
  timeoutMs: number;
}

export const DEFAULT_REGISTRATION_POLLING: RegistrationPolling = {
  intervalMs: REGISTRATION_POLL_INTERVAL_MS,
  timeoutMs: REGISTRATION_POLL_TIMEOUT_MS,
};

export interface PaidActivation {
  hiveUsername: string;
  referrer: string;
  feeInHive: string;
  balance: string;
  polling: RegistrationPolling;
  signal: AbortSignal;
  notify: (notice: string) => void;
  /** The payment reached a step (sent, seen on chain, credited): the activation screen shows where it is. */
  onStep: (step: PaymentStep) => void;
}

/** Exact comparison of decimal strings: SWAP.HIVE balance against the fee. */
function balanceCoversFee(balance: string, feeInHive: string): boolean {
  const balanceUnits = parseDecimal(balance, SWAP_HIVE_DECIMALS);
  const feeUnits = parseDecimal(feeInHive, SWAP_HIVE_DECIMALS);
  return balanceUnits !== null && feeUnits !== null && balanceUnits >= feeUnits;
}

/** Sends the fee to the game account with the memo the server checks; returns the transaction id. */
async function payRegistrationFee({ hiveUsername, referrer, feeInHive }: PaidActivation): Promise<string> {
  const keychain = requireKeychain();
  let response: KeychainResponse<KeychainBroadcastResult>;
  try {
    response = await requestSendToken(keychain, {
      from: hiveUsername,
      to: GAME_ACCOUNT,
      amount: feeInHive,
      memo: registrationMemo(referrer),
      symbol: SWAP_HIVE,
    });
  } catch (error) {
    throw new UserFacingError('Transaction failed or cancelled', { cause: error });
  }
  const transactionId = response.success ? (response.result?.id ?? response.result?.tx_id) : undefined;
  if (!transactionId) throw new UserFacingError('Transaction failed or cancelled');
  return transactionId;
}

/**
 * Hears the payment on a visitor's socket of its own: seen on chain moves the steps at once, the
 * registration confirmed (the push the player's toast shows) ends the poll's wait so it checks now.
 */
function watchPayment(transactionId: string, waker: Waker, onStep: PaidActivation['onStep']): () => void {
  const socket = openPaymentSocket(transactionId);
  socket.on(PAYMENT_SEEN_EVENT, () => onStep('seen'));
  socket.on(NOTIFICATION_EVENT, (notification: NotificationDto) => {
    if (notification.kind === 'registration-confirmed' && notification.data.transactionId === transactionId) waker.wake();
  });
  return () => void socket.disconnect();
}

/**
 * Checks at once (the worker may already be done), then every interval, sooner when the confirmation
 * is pushed; resolves on 'confirmed', throws the spec's message on 'invalid'. Past the timeout it says
 * so (the spec's message) and keeps looking at the same interval: a payment in a block is confirmed
 * however late Hive Engine is.
 */
async function waitForConfirmation(
  transactionId: string,
  { intervalMs, timeoutMs }: RegistrationPolling,
  { signal, notify, onStep }: Pick<PaidActivation, 'signal' | 'notify' | 'onStep'>,
  waker: Waker,
) {
  const checks = 1 + Math.floor(timeoutMs / intervalMs);
  for (let check = 0; ; check += 1) {
    if (check > 0) await wait(intervalMs, signal, waker);
    const { status, error, seenOnChain } = await fetchTransactionStatus(transactionId);
    if (status === 'confirmed') return;
    if (status === 'invalid') {
      throw new UserFacingError(['Registration transaction invalid. Please try again.', error].filter(Boolean).join(' '));
    }
    if (seenOnChain) onStep('seen');
    if (check === checks - 1) {
      notify(
        `Registration not confirmed within ${timeoutMs / 1000} seconds. Please try logging in manually. DM Sync to submit what happened.`,
      );
    }
  }
}

async function autoLogIn(hiveUsername: string): Promise<SessionResponse> {
  const outcome = await logInWithKeychain(hiveUsername).catch(() => null);
  if (outcome?.kind !== 'logged-in') throw new UserFacingError('Failed to auto-login. Please log in manually.');
  return outcome.session;
}

/** Payment, initiation, confirmation, then the automatic login (spec section 4, "Paid registration"). */
export async function activateWithPayment(activation: PaidActivation): Promise<SessionResponse> {
  const { hiveUsername, referrer, feeInHive, balance, polling, notify, onStep } = activation;
  if (!balanceCoversFee(balance, feeInHive)) throw new UserFacingError('Insufficient SWAP.HIVE balance for registration.');
  const transactionId = await payRegistrationFee(activation);
  onStep('sent');
  notify('Payment sent! Do not make another transaction.');
  const waker = new Waker();
  const stopWatching = watchPayment(transactionId, waker, onStep);
  try {
    await initiateRegistration({ hiveUsername, transactionId, referrer, feeInHive });
    await waitForConfirmation(transactionId, polling, activation, waker);
  } finally {
    stopWatching();
  }
  onStep('credited');
  return autoLogIn(hiveUsername);
}

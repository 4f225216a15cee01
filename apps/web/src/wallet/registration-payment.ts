import { isAxiosError } from 'axios';
import {
  ApiRoutes,
  NOTIFICATION_EVENT,
  PAYMENT_SEEN_EVENT,
  type HiveBalanceResponse,
  type InitiateRegistrationRequest,
  type InitiateRegistrationResponse,
  type NotificationDto,
  type PaymentStep,
  type TransactionStatusResponse,
} from '@runik/contract';
import { formatDecimal, parseDecimal, REGISTRATION_POLL_INTERVAL_MS, REGISTRATION_POLL_TIMEOUT_MS, registrationMemo } from '@runik/rules';
import { httpClient, responseData } from '../api/http-client';
import { UserFacingError } from '../shared/errors';
import { openPaymentSocket } from '../shared/live-socket';
import { wait, Waker } from '../ui/wait';
import { SWAP_HIVE } from './swap-hive-payment';
import type { TransferOutcome } from './transfer';
import type { WalletTransfer } from './use-wallet-transfer';

// The activation fee's payment (spec section 4, "Paid registration"): a SWAP.HIVE transfer to the game
// account with the registration memo, reported, then polled until the worker confirms it. The activation
// view of a new player (features/authentication) and a free player's late activation (shared/activation)
// both pay through it.

/** SWAP.HIVE is a Hive Engine token with 8 decimals; fees are HIVE amounts with 3. */
export const SWAP_HIVE_DECIMALS = 8;
const HIVE_DECIMALS = 3;

/** How often and how long the client waits for the worker to confirm a payment. */
export interface RegistrationPolling {
  intervalMs: number;
  timeoutMs: number;
}

export const DEFAULT_REGISTRATION_POLLING: RegistrationPolling = {
  intervalMs: REGISTRATION_POLL_INTERVAL_MS,
  timeoutMs: REGISTRATION_POLL_TIMEOUT_MS,
};

export interface RegistrationPayment {
  /** Sends the fee through the player's wallet (wallet/transfer.ts). */
  send: WalletTransfer['send'];
  /** The screen's own install hint, when Keychain is the wallet and it is missing. */
  missing: string;
  hiveUsername: string;
  referrer: string;
  feeInHive: string;
  balance: string;
  polling: RegistrationPolling;
  signal: AbortSignal;
  notify: (notice: string) => void;
  /** The payment reached a step (sent, seen on chain, credited): the screen shows where it is. */
  onStep: (step: PaymentStep) => void;
  /** A status check answered whether the Hive node has the payment in a block that Hive Engine has not processed yet. */
  onAwaitingHiveEngine: (awaiting: boolean) => void;
}

export function initiateRegistration(request: InitiateRegistrationRequest): Promise<InitiateRegistrationResponse> {
  return responseData(
    httpClient.post<InitiateRegistrationResponse>(ApiRoutes.initiateRegistration, request),
    () => 'Failed to initiate registration. Please try again.',
  );
}

export function fetchTransactionStatus(txId: string): Promise<TransactionStatusResponse> {
  return responseData(
    httpClient.get<TransactionStatusResponse>(ApiRoutes.transactionStatus(txId)),
    () => 'Error checking registration status. Please try logging in manually.',
  );
}

/** The player's SWAP.HIVE balance as a decimal string, checked to be one. */
export async function fetchSwapHiveBalance(hiveUsername: string): Promise<string> {
  const failure = 'Failed to fetch HiveEngine balance.';
  const { balance } = await responseData(httpClient.get<Partial<HiveBalanceResponse>>(ApiRoutes.hiveBalance(hiveUsername)), () => failure);
  if (typeof balance !== 'string' || parseDecimal(balance, SWAP_HIVE_DECIMALS) === null) throw new UserFacingError(failure);
  return balance;
}

/** A fee as a HIVE amount with exactly 3 decimals, as Keychain and the server expect it; null when it is not one. */
export function feeAmount(feeInHive: unknown): string | null {
  const thousandths = typeof feeInHive === 'string' ? parseDecimal(feeInHive, HIVE_DECIMALS) : null;
  return thousandths ? formatDecimal(thousandths, HIVE_DECIMALS) : null;
}

/** The fee call's failure in the spec's words: a server issue (5xx) or not. */
export function feeFetchFailure(error: unknown): string {
  return isAxiosError(error) && (error.response?.status ?? 0) >= 500
    ? 'Unable to fetch registration fee due to server issue. Please try again later.'
    : 'Unable to fetch registration fee. Please try again later.';
}

/** Exact comparison of decimal strings: SWAP.HIVE balance against the fee. */
function balanceCoversFee(balance: string, feeInHive: string): boolean {
  const balanceUnits = parseDecimal(balance, SWAP_HIVE_DECIMALS);
  const feeUnits = parseDecimal(feeInHive, SWAP_HIVE_DECIMALS);
  return balanceUnits !== null && feeUnits !== null && balanceUnits >= feeUnits;
}

/** Sends the fee to the game account with the memo the server checks. */
function payRegistrationFee({ send, missing, hiveUsername, referrer, feeInHive }: RegistrationPayment): Promise<TransferOutcome> {
  return send(
    { from: hiveUsername, amount: feeInHive, memo: registrationMemo(referrer), symbol: SWAP_HIVE },
    { missing, cancelled: 'Transaction failed or cancelled' },
  );
}

/**
 * Hears the payment on a visitor's socket of its own: seen on chain moves the steps at once, the
 * registration confirmed (the push the player's toast shows) ends the poll's wait so it checks now.
 */
function watchPayment(transactionId: string, waker: Waker, onStep: RegistrationPayment['onStep']): () => void {
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
  { signal, notify, onStep, onAwaitingHiveEngine }: Pick<RegistrationPayment, 'signal' | 'notify' | 'onStep' | 'onAwaitingHiveEngine'>,
  waker: Waker,
) {
  const checks = 1 + Math.floor(timeoutMs / intervalMs);
  for (let check = 0; ; check += 1) {
    if (check > 0) await wait(intervalMs, signal, waker);
    const { status, error, seenOnChain, awaitingHiveEngine } = await fetchTransactionStatus(transactionId);
    if (status === 'confirmed') return;
    if (status === 'invalid') {
      throw new UserFacingError(['Registration transaction invalid. Please try again.', error].filter(Boolean).join(' '));
    }
    if (seenOnChain) onStep('seen');
    onAwaitingHiveEngine(awaitingHiveEngine);
    if (check === checks - 1) {
      notify(
        `Registration not confirmed within ${timeoutMs / 1000} seconds. Please try logging in manually. DM Sync to submit what happened.`,
      );
    }
  }
}

/**
 * Payment, initiation, confirmation (spec section 4, "Paid registration"): resolves 'credited' once the account is
 * activated, or 'opened' when the fee went to HiveSigner's signing page (no transaction id: the chain follower
 * activates the account when it credits the transfer, and the screen follows it as a payment made by hand).
 */
export async function payRegistration(payment: RegistrationPayment): Promise<'credited' | 'opened'> {
  const { hiveUsername, referrer, feeInHive, balance, polling, notify, onStep } = payment;
  if (!balanceCoversFee(balance, feeInHive)) throw new UserFacingError('Insufficient SWAP.HIVE balance for registration.');
  const sent = await payRegistrationFee(payment);
  if (sent.kind === 'opened') return 'opened';
  const transactionId = sent.txId;
  onStep('sent');
  notify('Payment sent! Do not make another transaction.');
  const waker = new Waker();
  const stopWatching = watchPayment(transactionId, waker, onStep);
  try {
    await initiateRegistration({ hiveUsername, transactionId, referrer, feeInHive });
    await waitForConfirmation(transactionId, polling, payment, waker);
  } finally {
    stopWatching();
  }
  onStep('credited');
  return 'credited';
}

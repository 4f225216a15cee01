import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiRoutes,
  AppRoutes,
  ErrorMessages,
  NOTIFICATION_EVENT,
  PAYMENT_SEEN_EVENT,
  PaymentProgressMessages,
  RegistrationInvalidReasons,
  type TransactionStatusResponse,
} from '@runik/contract';
import { LOGIN_CHALLENGE_TTL_MS } from '@runik/rules';
import { getSession } from '../../api/session-storage';
import { installFakeApi, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import { currentSocket } from '../../testing/fake-socket';
import { notificationOf } from '../../testing/notification-fixtures';
import { FAKE_SIGNATURE, FAKE_TRANSACTION_ID, installFakeKeychain } from '../../testing/fake-keychain';
import { challengeFor, notRegisteredResponse, sessionFor } from '../../testing/fixtures';
import { currentLocation, renderApp, renderWithProviders } from '../../testing/render';
import { AuthenticationPage } from './AuthenticationPage';

const PLAYER = 'newbie';
const STATUS_URL = ApiRoutes.transactionStatus(FAKE_TRANSACTION_ID);
const PAYMENT_SENT = 'Payment sent! Do not make another transaction.';

/**
 * The API as a new player meets it: not registered until the worker confirms
 * the payment (the status route answers `statuses` in turn, the last one repeating).
 */
function installRegistrationApi({ fee = '12.5', balance = '20.00000000' } = {}) {
  let registered = false;
  const api = installFakeApi()
    .on('GET', ApiRoutes.loginChallenge(PLAYER), () =>
      registered ? { status: 200, data: challengeFor(PLAYER) } : notRegisteredResponse(PLAYER),
    )
    .on('GET', ApiRoutes.hiveBalance(PLAYER), { status: 200, data: { balance } })
    .on('GET', ApiRoutes.hivePrice, { status: 200, data: { feeInHive: fee } })
    .on('POST', ApiRoutes.verifyLogin, { status: 200, data: sessionFor(PLAYER) })
    .on('POST', ApiRoutes.initiateRegistration, {
      status: 200,
      data: { success: true, status: 'pending', transactionId: FAKE_TRANSACTION_ID },
    });
  const answerStatuses = (...statuses: TransactionStatusResponse[]) => {
    let checks = 0;
    return api.on('GET', STATUS_URL, () => {
      const next = statuses[Math.min(checks, statuses.length - 1)];
      checks += 1;
      if (next.status === 'confirmed') registered = true;
      return { status: 200, data: next };
    });
  };
  return { api, answerStatuses };
}

const pending: TransactionStatusResponse = { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false };
const seen: TransactionStatusResponse = { status: 'pending', error: null, seenOnChain: true, awaitingHiveEngine: false };
const confirmed: TransactionStatusResponse = { status: 'confirmed', error: null, seenOnChain: true, awaitingHiveEngine: false };

/** Logs in as a player without an account, which lands on the activation view. */
async function openActivation(path = `${AppRoutes.authentication}?ref=bob`) {
  const { user } = renderApp(path);
  await user.type(screen.getByLabelText('Hive username'), PLAYER);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  await screen.findByRole('button', { name: 'Activate Account' });
  return user;
}

async function activateOnceQuoted(user: Awaited<ReturnType<typeof openActivation>>) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Activate Account' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Activate Account' }));
}

describe('activation view: balance and fee', () => {
  it('shows the SWAP.HIVE balance and the fee with 3 decimals', async () => {
    installFakeKeychain();
    installRegistrationApi({ fee: '12.5', balance: '20.12345678' });
    await openActivation();

    // Each shows "Loading…" until its answer is in: waited for, not read at its first render.
    await waitFor(() => expect(screen.getByTestId('swap-hive-balance')).toHaveTextContent('20.123 SWAP.HIVE'));
    await waitFor(() => expect(screen.getByTestId('registration-fee')).toHaveTextContent('12.500 SWAP.HIVE'));
  });

  it.each<[string, FakeResponse, string]>([
    ['a server error', { status: 503, data: {} }, 'Unable to fetch registration fee due to server issue. Please try again later.'],
    [
      'a refused request',
      { status: 429, data: { error: ErrorMessages.tooManyRequests } },
      'Unable to fetch registration fee. Please try again later.',
    ],
    ['a missing value', { status: 200, data: {} }, 'Unable to load registration fee. Please try again later.'],
  ])('explains a fee that cannot be had: %s', async (_case, feeResponse, message) => {
    installFakeKeychain();
    installRegistrationApi().api.on('GET', ApiRoutes.hivePrice, feeResponse);
    await openActivation();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Account' })).toBeDisabled();
  });

  it('explains a balance that cannot be had', async () => {
    installFakeKeychain();
    installRegistrationApi().api.on('GET', ApiRoutes.hiveBalance(PLAYER), { status: 502, data: {} });
    await openActivation();

    expect(await screen.findByText('Failed to fetch HiveEngine balance.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Account' })).toBeDisabled();
  });
});

describe('paid activation', () => {
  beforeEach(() => {
    // Fake timers that still move with real time, so Testing Library's waits work.
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('refuses a balance below the fee', async () => {
    const keychain = installFakeKeychain();
    const { api } = installRegistrationApi({ fee: '12.5', balance: '12.49999999' });
    const user = await openActivation();
    await activateOnceQuoted(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient SWAP.HIVE balance for registration.');
    expect(keychain.requestSendToken).not.toHaveBeenCalled();
    expect(api.callsTo(ApiRoutes.initiateRegistration)).toHaveLength(0);
  });

  it('pays, initiates, polls every 15 s until confirmed, then logs in automatically', async () => {
    const keychain = installFakeKeychain();
    const { api, answerStatuses } = installRegistrationApi({ fee: '12.5', balance: '12.5' });
    answerStatuses(pending, confirmed);
    const user = await openActivation();
    await activateOnceQuoted(user);

    expect(await screen.findByText(PAYMENT_SENT)).toBeInTheDocument();
    expect(keychain.requestSendToken).toHaveBeenCalledWith(
      PLAYER,
      'runik.game',
      '12.500',
      'runik-registration:bob',
      'SWAP.HIVE',
      expect.any(Function),
    );
    await waitFor(() => expect(api.callsTo(STATUS_URL)).toHaveLength(1));
    expect(api.callsTo(ApiRoutes.initiateRegistration)[0].body).toEqual({
      hiveUsername: PLAYER,
      transactionId: FAKE_TRANSACTION_ID,
      referrer: 'bob',
      feeInHive: '12.500',
    });
    for (const name of ['Activate Account', 'Register for Free', 'Back to Login']) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }

    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(currentLocation()).toBe(AppRoutes.city);
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(api.callsTo(ApiRoutes.verifyLogin)[0].body).toMatchObject({ hiveUsername: PLAYER, signature: FAKE_SIGNATURE });
    expect(getSession()?.hiveUsername).toBe(PLAYER);
  });

  it('shows the payment steps instead of the old balance, moving on the pushes of its own socket', async () => {
    installFakeKeychain();
    const { api, answerStatuses } = installRegistrationApi({ fee: '12.5', balance: '20' });
    answerStatuses(pending, confirmed);
    const user = await openActivation();
    expect(await screen.findByTestId('swap-hive-balance')).toHaveTextContent('20.000 SWAP.HIVE');
    await activateOnceQuoted(user);
    await screen.findByText(PAYMENT_SENT);
    await waitFor(() => expect(api.callsTo(STATUS_URL)).toHaveLength(1));

    const steps = screen.getByRole('list', { name: 'Payment progress' });
    expect(steps).toHaveAttribute('data-step', 'sent');
    expect(steps).toHaveTextContent('12.500 SWAP.HIVE');
    // The balance read before paying would be wrong now: the steps say what was sent.
    expect(screen.queryByTestId('swap-hive-balance')).not.toBeInTheDocument();
    // A visitor's socket for this payment alone, without the session cookie.
    const socket = currentSocket();
    expect(socket.options).toMatchObject({ auth: { payment: FAKE_TRANSACTION_ID } });

    socket.serverEmits(PAYMENT_SEEN_EVENT, { transactionId: FAKE_TRANSACTION_ID });
    expect(steps).toHaveAttribute('data-step', 'seen');

    // The confirmation pushed (the notification the player's toast shows) checks at once, not 15 s later.
    socket.serverEmits(
      NOTIFICATION_EVENT,
      notificationOf('registration-confirmed', { registrationId: 1, transactionId: FAKE_TRANSACTION_ID, paid: 12.5 }),
    );
    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(socket.closed).toBe(true);
  });

  it('shows seen on chain when a check says so', async () => {
    installFakeKeychain();
    const { answerStatuses } = installRegistrationApi();
    answerStatuses(seen);
    const user = await openActivation();
    await activateOnceQuoted(user);
    await screen.findByText(PAYMENT_SENT);
    await waitFor(() => expect(screen.getByRole('list', { name: 'Payment progress' })).toHaveAttribute('data-step', 'seen'));
  });

  it('says the payment is in a Hive block and waits for Hive Engine while a check says so', async () => {
    installFakeKeychain();
    const { answerStatuses } = installRegistrationApi();
    answerStatuses({ ...pending, awaitingHiveEngine: true });
    const user = await openActivation();
    await activateOnceQuoted(user);
    await screen.findByText(PAYMENT_SENT);
    expect(await screen.findByTestId('payment-awaiting-engine')).toHaveTextContent(PaymentProgressMessages.awaitingHiveEngine);
  });

  it('logs in at once when the first check already finds the payment confirmed', async () => {
    installFakeKeychain();
    const { api, answerStatuses } = installRegistrationApi();
    answerStatuses(confirmed);
    const user = await openActivation();
    await activateOnceQuoted(user);

    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });

  it('uses the tx_id of the broadcast result when it has no id', async () => {
    installFakeKeychain({ sendToken: { success: true, result: { tx_id: FAKE_TRANSACTION_ID } } });
    const { api, answerStatuses } = installRegistrationApi();
    answerStatuses(confirmed);
    const user = await openActivation();
    await activateOnceQuoted(user);

    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.initiateRegistration)[0].body).toMatchObject({ transactionId: FAKE_TRANSACTION_ID });
  });

  it('reports an invalid transaction with the reason the server gives', async () => {
    installFakeKeychain();
    const { answerStatuses } = installRegistrationApi();
    answerStatuses(pending, {
      status: 'invalid',
      error: RegistrationInvalidReasons.wrongMemo,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    const user = await openActivation();
    await activateOnceQuoted(user);
    await screen.findByText(PAYMENT_SENT);

    await act(() => vi.advanceTimersByTimeAsync(15_000));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Registration transaction invalid. Please try again. ${RegistrationInvalidReasons.wrongMemo}`,
    );
    expect(screen.queryByText(PAYMENT_SENT)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Account' })).toBeEnabled();
    expect(currentLocation()).toBe(`${AppRoutes.authentication}?ref=bob`);
  });

  it('says so after 90 seconds, keeps looking every 15 s, and logs in once the late payment is confirmed', async () => {
    installFakeKeychain();
    const { api, answerStatuses } = installRegistrationApi();
    // At 0, 15, ... 90 seconds: pending; confirmed at 105 s (Hive Engine was late).
    answerStatuses(...Array<TransactionStatusResponse>(7).fill(pending), confirmed);
    const user = await openActivation();
    await activateOnceQuoted(user);
    await screen.findByText(PAYMENT_SENT);

    await act(() => vi.advanceTimersByTimeAsync(89_000));
    expect(screen.queryByText(/Registration not confirmed within/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));

    expect(
      await screen.findByText(
        'Registration not confirmed within 90 seconds. Please try logging in manually. DM Sync to submit what happened.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo(STATUS_URL)).toHaveLength(7);
    await act(() => vi.advanceTimersByTimeAsync(15_000));

    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(api.callsTo(STATUS_URL)).toHaveLength(8);
  });

  it('reports a status check that fails', async () => {
    installFakeKeychain();
    installRegistrationApi().api.on('GET', STATUS_URL, { status: 500, data: {} });
    const user = await openActivation();
    await activateOnceQuoted(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Error checking registration status. Please try logging in manually.');
  });

  it('reports an initiation that fails, without polling', async () => {
    installFakeKeychain();
    const { api } = installRegistrationApi();
    api.on('POST', ApiRoutes.initiateRegistration, { status: 409, data: { error: ErrorMessages.transactionUsedByOther } });
    const user = await openActivation();
    await activateOnceQuoted(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to initiate registration. Please try again.');
    expect(api.callsTo(STATUS_URL)).toHaveLength(0);
  });

  it('reports a cancelled payment', async () => {
    installFakeKeychain({ sendToken: { success: false, error: 'user_cancel', message: 'Request was canceled by the user.' } });
    const { api } = installRegistrationApi();
    const user = await openActivation();
    await activateOnceQuoted(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Transaction failed or cancelled');
    expect(api.callsTo(ApiRoutes.initiateRegistration)).toHaveLength(0);
  });

  it('asks for a manual login when the automatic one fails', async () => {
    installFakeKeychain();
    const { api, answerStatuses } = installRegistrationApi();
    answerStatuses(confirmed);
    api.on('POST', ApiRoutes.verifyLogin, { status: 500, data: {} });
    const user = await openActivation();
    await activateOnceQuoted(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to auto-login. Please log in manually.');
    expect(getSession()).toBeNull();
  });

  it('follows an injected poll interval and timeout', async () => {
    installFakeKeychain();
    const { api, answerStatuses } = installRegistrationApi();
    answerStatuses(pending);
    const { user } = renderWithProviders(<AuthenticationPage registrationPolling={{ intervalMs: 1_000, timeoutMs: 2_000 }} />);
    await user.type(screen.getByLabelText('Hive username'), PLAYER);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await activateOnceQuoted(user);
    await screen.findByText(PAYMENT_SENT);

    await act(() => vi.advanceTimersByTimeAsync(2_000));

    expect(await screen.findByText(/Registration not confirmed within 2 seconds\./)).toBeInTheDocument();
    expect(api.callsTo(STATUS_URL)).toHaveLength(3);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.callsTo(STATUS_URL)).toHaveLength(4);
  });
});

describe('free registration', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installRegistrationApi().api;
  });

  it('signs the kept challenge, registers and goes to /city', async () => {
    const keychain = installFakeKeychain();
    const session = sessionFor(PLAYER);
    const keptChallenge = challengeFor(PLAYER);
    api
      .on('GET', ApiRoutes.loginChallenge(PLAYER), { status: 404, data: { error: ErrorMessages.userNotRegistered, ...keptChallenge } })
      .on('POST', ApiRoutes.freeRegistration, { status: 200, data: session });
    const user = await openActivation();

    await user.click(screen.getByRole('button', { name: 'Register for Free' }));

    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(keychain.requestSignBuffer).toHaveBeenCalledWith(PLAYER, keptChallenge.message, 'Posting', expect.any(Function));
    expect(api.callsTo(ApiRoutes.freeRegistration)[0].body).toEqual({
      hiveUsername: PLAYER,
      challenge: keptChallenge.challenge,
      signature: FAKE_SIGNATURE,
      timestamp: keptChallenge.timestamp,
      referrer: 'bob',
    });
    expect(api.callsTo(ApiRoutes.loginChallenge(PLAYER))).toHaveLength(1);
    expect(getSession()).toEqual({ hiveUsername: PLAYER, expiresAt: session.expiresAt });
  });

  it('sends an empty referrer without ?ref, for the server to apply its default', async () => {
    installFakeKeychain();
    api.on('POST', ApiRoutes.freeRegistration, { status: 200, data: sessionFor(PLAYER) });
    const user = await openActivation(AppRoutes.authentication);

    await user.click(screen.getByRole('button', { name: 'Register for Free' }));

    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(api.callsTo(ApiRoutes.freeRegistration)[0].body).toMatchObject({ referrer: '' });
  });

  it('shows the server refusal and asks for a new challenge on the next attempt', async () => {
    installFakeKeychain();
    api.on('POST', ApiRoutes.freeRegistration, { status: 409, data: { error: ErrorMessages.alreadyRegistered } });
    const user = await openActivation();

    await user.click(screen.getByRole('button', { name: 'Register for Free' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account already registered. Please use login instead.');
    expect(getSession()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Register for Free' }));
    await waitFor(() => expect(api.callsTo(ApiRoutes.freeRegistration)).toHaveLength(2));
    expect(api.callsTo(ApiRoutes.loginChallenge(PLAYER))).toHaveLength(2);
  });

  it('shows the fallback when the server gives no reason', async () => {
    installFakeKeychain();
    api.on('POST', ApiRoutes.freeRegistration, { status: 500, data: {} });
    const user = await openActivation();

    await user.click(screen.getByRole('button', { name: 'Register for Free' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Free registration failed');
  });

  it('asks for a new challenge when the kept one has expired', async () => {
    const keychain = installFakeKeychain();
    const expired = { ...challengeFor(PLAYER), timestamp: Date.now() - LOGIN_CHALLENGE_TTL_MS - 1 };
    const fresh = { ...challengeFor(PLAYER), challenge: 'cd'.repeat(32), message: 'fresh challenge message' };
    let challengeCalls = 0;
    api
      .on('GET', ApiRoutes.loginChallenge(PLAYER), () => {
        challengeCalls += 1;
        const challenge = challengeCalls === 1 ? expired : fresh;
        return { status: 404, data: { error: ErrorMessages.userNotRegistered, ...challenge } };
      })
      .on('POST', ApiRoutes.freeRegistration, { status: 200, data: sessionFor(PLAYER) });
    const user = await openActivation();

    await user.click(screen.getByRole('button', { name: 'Register for Free' }));

    expect(await screen.findByRole('heading', { name: 'City' })).toBeInTheDocument();
    expect(keychain.requestSignBuffer).toHaveBeenCalledWith(PLAYER, fresh.message, 'Posting', expect.any(Function));
    expect(api.callsTo(ApiRoutes.freeRegistration)[0].body).toMatchObject({ challenge: fresh.challenge });
  });
});

describe('Back to Login', () => {
  it('returns to the login view with the username kept', async () => {
    installFakeKeychain();
    installRegistrationApi();
    const user = await openActivation();

    await user.click(screen.getByRole('button', { name: 'Back to Login' }));

    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Hive username')).toHaveValue(PLAYER);
    expect(screen.queryByRole('button', { name: 'Activate Account' })).not.toBeInTheDocument();
  });
});

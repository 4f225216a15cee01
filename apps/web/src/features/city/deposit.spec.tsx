import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ApiRoutes,
  NOTIFICATION_EVENT,
  PAYMENT_SEEN_EVENT,
  PaymentProgressMessages,
  type DepositCheckResponse,
  type DepositStatusResponse,
} from '@runik/contract';
import { DEPOSIT_POLL_ATTEMPTS, DEPOSIT_POLL_INTERVAL_MS } from '@runik/rules';
import { cityKeys } from '../../shared/query-keys';
import { GAME_ACCOUNT, HIVE_ENGINE_URL } from '../../shared/config';
import { advance, cityResponse, openCity, PLAYER, settle } from '../../testing/city-fixtures';
import { answerConfirmation, openConfirmation } from '../../testing/dialogs';
import { installFakeApi, type FakeApi, type FakeResponse } from '../../testing/fake-api';
import { currentSocket } from '../../testing/fake-socket';
import { FAKE_TRANSACTION_ID, installFakeKeychain } from '../../testing/fake-keychain';
import { notificationOf } from '../../testing/notification-fixtures';
import { renderWithProviders } from '../../testing/render';
import { DepositModal } from './popups/DepositModal';

const BALANCE_URL = `${HIVE_ENGINE_URL}/contracts`;
const STATUS_URL = ApiRoutes.depositStatus(PLAYER);
const INIT_URL = ApiRoutes.depositInit(PLAYER);
const CHECK_URL = ApiRoutes.depositCheck(FAKE_TRANSACTION_ID, PLAYER, '10.000');
const CITY_URL = ApiRoutes.cityResources(PLAYER);

const OPEN: DepositStatusResponse = { canDeposit: true, remainingMs: 0, nextDepositTime: null, lastDepositTime: null, processing: false };

function serveWallet(api: FakeApi, { balance = '25.5', status = OPEN }: { balance?: string | null; status?: DepositStatusResponse } = {}) {
  api
    .on('POST', BALANCE_URL, {
      status: 200,
      data: { jsonrpc: '2.0', id: 1, result: balance === null ? [] : [{ account: PLAYER, symbol: 'RNK', balance }] },
    })
    .on('GET', STATUS_URL, { status: 200, data: status });
}

/** Checks answer `statuses` in turn, the last one from then on. */
function serveChecks(api: FakeApi, ...statuses: (DepositCheckResponse | FakeResponse)[]) {
  let call = 0;
  api.on('GET', CHECK_URL, () => {
    const next = statuses[Math.min(call, statuses.length - 1)];
    call += 1;
    return 'data' in next ? next : { status: 200, data: next };
  });
}

interface OpenDepositOptions {
  balance?: string | null;
  status?: DepositStatusResponse;
  fakeTimers?: boolean;
}

async function openDeposit({ fakeTimers = false, ...wallet }: OpenDepositOptions = {}) {
  if (fakeTimers) vi.useFakeTimers();
  const opened = await openCity(cityResponse({ resources: { runik: 3 } }), { fakeTimers });
  serveWallet(opened.api, wallet);
  fireEvent.click(within(screen.getByTestId('wallet-actions')).getByRole('button', { name: 'Deposit' }));
  const dialog = screen.getByRole('dialog', { name: 'Deposit RUNIK' });
  if (fakeTimers) await advance(0);
  else await waitFor(() => expect(within(dialog).getByTestId('wallet-balance')).not.toHaveTextContent('Loading'));
  const amount = within(dialog).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
  const deposit = (value?: string) => {
    if (value !== undefined) fireEvent.change(amount, { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^(Deposit|Processing\.\.\.)$/ }));
  };
  return { ...opened, dialog, amount, deposit };
}

/** A 10 RNK deposit sent and reported pending, on fake timers; the checks answer `checks` in turn. */
async function sendPendingDeposit(...checks: DepositCheckResponse[]) {
  installFakeKeychain();
  const opened = await openDeposit({ fakeTimers: true });
  opened.api.on('POST', INIT_URL, { status: 200, data: { status: 'pending', transactionId: FAKE_TRANSACTION_ID } });
  serveChecks(opened.api, ...checks);
  opened.deposit('10');
  await answerConfirmation(true);
  return opened;
}

function formError(dialog: HTMLElement) {
  return within(dialog).getAllByRole('alert')[0];
}

function outcome(dialog: HTMLElement) {
  return within(dialog).getByTestId('deposit-outcome');
}

describe('Deposit RUNIK: the popup', () => {
  it('shows the RNK balance read from Hive Engine, and Max fills it in', async () => {
    const { dialog, amount, api } = await openDeposit({ balance: '25.5' });
    expect(within(dialog).getByTestId('wallet-balance')).toHaveTextContent('25.500');
    expect(api.callsTo(BALANCE_URL)[0].body).toEqual({
      jsonrpc: '2.0',
      id: 1,
      method: 'find',
      params: { contract: 'tokens', table: 'balances', query: { symbol: 'RNK', account: PLAYER } },
    });
    // Hive Engine is another host: the game's session token stays home.
    expect(api.callsTo(BALANCE_URL)[0].authorization).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('25.500');
  });

  it('reads a wallet without RNK as 0', async () => {
    const { dialog } = await openDeposit({ balance: null });
    expect(within(dialog).getByTestId('wallet-balance')).toHaveTextContent('0.000');
  });

  it('accepts digits with up to 3 decimals only', async () => {
    const { amount } = await openDeposit();
    fireEvent.change(amount, { target: { value: '1.234' } });
    fireEvent.change(amount, { target: { value: '1.2345' } });
    fireEvent.change(amount, { target: { value: '-1' } });
    expect(amount).toHaveValue('1.234');
  });

  it('refuses an empty or zero amount and one above the wallet balance, sending nothing', async () => {
    const keychain = installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit({ balance: '25.5' });
    deposit();
    expect(formError(dialog)).toHaveTextContent('Please enter a valid amount to deposit.');
    deposit('0');
    expect(formError(dialog)).toHaveTextContent('Please enter a valid amount to deposit.');
    deposit('25.501');
    expect(formError(dialog)).toHaveTextContent('Not enough RUNIK in your wallet. Available: 25.500');
    await settle();
    expect(openConfirmation()).toBeNull();
    expect(keychain.requestSendToken).not.toHaveBeenCalled();
    expect(api.callsTo(INIT_URL)).toHaveLength(0);
  });

  it('needs Hive Keychain', async () => {
    const { dialog, deposit, api } = await openDeposit();
    deposit('10');
    expect(formError(dialog)).toHaveTextContent(
      'Hive Keychain extension is not installed or not available. Please install Hive Keychain and try again.',
    );
    expect(openConfirmation()).toBeNull();
    await settle();
    expect(api.callsTo(INIT_URL)).toHaveLength(0);
  });

  it('sends nothing when the confirmation is declined', async () => {
    const keychain = installFakeKeychain();
    const { deposit, api } = await openDeposit();
    deposit('10');
    expect(await answerConfirmation(false)).toBe('Deposit 10.000 RUNIK from your Hive Engine wallet?');
    await settle();
    expect(keychain.requestSendToken).not.toHaveBeenCalled();
    expect(api.callsTo(INIT_URL)).toHaveLength(0);
  });

  it('shows the cooldown from the deposit status in seconds remaining, and blocks Deposit', async () => {
    const { dialog } = await openDeposit({
      fakeTimers: true,
      status: { ...OPEN, canDeposit: false, remainingMs: 42_000, nextDepositTime: new Date(Date.now() + 42_000).toISOString() },
    });
    expect(within(dialog).getByTestId('deposit-status')).toHaveTextContent('Deposit on cooldown. Please wait 42 seconds.');
    expect(within(dialog).getByRole('button', { name: 'Deposit' })).toBeDisabled();
    await advance(2_000);
    expect(within(dialog).getByTestId('deposit-status')).toHaveTextContent('Deposit on cooldown. Please wait 40 seconds.');
    await advance(40_000);
    expect(within(dialog).queryByTestId('deposit-status')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Deposit' })).toBeEnabled();
  });

  it('shows a deposit the server is still processing', async () => {
    const { dialog } = await openDeposit({ status: { ...OPEN, canDeposit: false, processing: true } });
    await waitFor(() =>
      expect(within(dialog).getByTestId('deposit-status')).toHaveTextContent(
        'A deposit is already being processed. Please wait for it to complete.',
      ),
    );
  });
});

describe('Deposit RUNIK: the transfer', () => {
  it('reports a cancelled transfer, then throttles the next attempt to one per 5 seconds', async () => {
    const keychain = installFakeKeychain({ sendToken: { success: false, error: 'user_cancel', result: null } });
    const { dialog, deposit, api } = await openDeposit();
    deposit('10');
    await answerConfirmation(true);
    await waitFor(() => expect(outcome(dialog)).toHaveTextContent('Transaction was cancelled or timed out. Please try again.'));
    expect(keychain.requestSendToken).toHaveBeenCalledWith(PLAYER, GAME_ACCOUNT, '10.000', 'Runik deposit', 'RNK', expect.any(Function));
    expect(api.callsTo(INIT_URL)).toHaveLength(0);

    deposit();
    expect(formError(dialog)).toHaveTextContent('Please wait 5 seconds before trying again.');
    expect(openConfirmation()).toBeNull();
    expect(keychain.requestSendToken).toHaveBeenCalledTimes(1);
  });

  it('lets a new attempt through once the 5 seconds have passed', async () => {
    const keychain = installFakeKeychain({ sendToken: { success: false, error: 'user_cancel', result: null } });
    const { dialog, deposit } = await openDeposit({ fakeTimers: true });
    deposit('10');
    await answerConfirmation(true);
    await advance(0);
    expect(outcome(dialog)).toHaveTextContent('Transaction was cancelled or timed out. Please try again.');
    await advance(3_200);
    deposit();
    expect(formError(dialog)).toHaveTextContent('Please wait 2 seconds before trying again.');
    await advance(1_800);
    deposit();
    await answerConfirmation(true);
    await advance(0);
    expect(keychain.requestSendToken).toHaveBeenCalledTimes(2);
  });

  it('shows a cooldown refusal from the server as is', async () => {
    installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit();
    api.on('POST', INIT_URL, { status: 429, data: { error: 'Deposit on cooldown. Please wait 37 seconds.' } });
    deposit('10');
    await answerConfirmation(true);
    await waitFor(() => expect(outcome(dialog)).toHaveTextContent('Deposit on cooldown. Please wait 37 seconds.'));
  });

  it('completes: pending while the check says so, then credited, and the city reloads', async () => {
    const keychain = installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit({ fakeTimers: true });
    api.on('POST', INIT_URL, { status: 200, data: { status: 'pending', transactionId: FAKE_TRANSACTION_ID } });
    serveChecks(
      api,
      { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false },
      { status: 'completed', error: null, seenOnChain: true, awaitingHiveEngine: false },
    );
    deposit('10');
    await answerConfirmation(true);
    await advance(0);
    expect(keychain.requestSendToken).toHaveBeenCalledWith(PLAYER, GAME_ACCOUNT, '10.000', 'Runik deposit', 'RNK', expect.any(Function));
    expect(api.callsTo(INIT_URL)[0].body).toEqual({ amount: '10.000', txId: FAKE_TRANSACTION_ID });
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'pending');
    expect(outcome(dialog)).toHaveTextContent('Deposit sent! Waiting for the blockchain to confirm it...');

    // One request at a time.
    deposit();
    expect(formError(dialog)).toHaveTextContent('Request already in progress. Please wait.');

    await advance(DEPOSIT_POLL_INTERVAL_MS - 1);
    expect(api.callsTo(CHECK_URL)).toHaveLength(0);
    await advance(1);
    expect(api.callsTo(CHECK_URL)).toHaveLength(1);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'pending');

    const cityLoads = api.callsTo(CITY_URL).length;
    api.on('GET', CITY_URL, { status: 200, data: cityResponse({ resources: { runik: 13 } }) });
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(api.callsTo(CHECK_URL)).toHaveLength(2);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'completed');
    expect(outcome(dialog)).toHaveTextContent('Deposit completed! 10.000 RUNIK added to your city.');
    // The reloaded city shows on the next tick of the screen's clock.
    await advance(1_000);
    expect(api.callsTo(CITY_URL).length).toBeGreaterThan(cityLoads);
    expect(screen.getByTestId('runik-amount')).toHaveTextContent(/^13$/);

    await advance(DEPOSIT_POLL_INTERVAL_MS * 3);
    expect(api.callsTo(CHECK_URL)).toHaveLength(2);
  });

  it('checks at once when the pushed credit arrives, moving with the toast instead of at the next poll', async () => {
    const { dialog, api, queryClient } = await sendPendingDeposit({
      status: 'completed',
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    await advance(0);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'pending');

    // What the live connection does with 'deposit-credited' (notification-effects): the status reloads.
    await advance(1_000);
    await act(() => queryClient.invalidateQueries({ queryKey: cityKeys.depositStatus(PLAYER) }));
    await advance(0);
    expect(api.callsTo(CHECK_URL)).toHaveLength(1);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'completed');
    // Polling is over: no more checks.
    await advance(DEPOSIT_POLL_INTERVAL_MS * 3);
    expect(api.callsTo(CHECK_URL)).toHaveLength(1);
  });

  it('shows where the payment is: sent, seen on chain at once on the pushed payment-seen, then credited', async () => {
    const { dialog, api, queryClient } = await sendPendingDeposit({
      status: 'completed',
      error: null,
      seenOnChain: true,
      awaitingHiveEngine: false,
    });
    await advance(0);
    const steps = () => within(dialog).getByRole('list', { name: 'Payment progress' });
    expect(steps()).toHaveAttribute('data-step', 'sent');
    expect(within(steps()).getByText('10.000 RNK')).toBeInTheDocument();
    expect(within(steps()).getByText('10.000 RUNIK')).toBeInTheDocument();

    // Another payment's step moves nothing; this one's moves the popup before any check.
    act(() => currentSocket().serverEmits(PAYMENT_SEEN_EVENT, { transactionId: 'f'.repeat(40) }));
    expect(steps()).toHaveAttribute('data-step', 'sent');
    act(() => currentSocket().serverEmits(PAYMENT_SEEN_EVENT, { transactionId: FAKE_TRANSACTION_ID }));
    expect(steps()).toHaveAttribute('data-step', 'seen');
    expect(within(steps()).getByText('Seen on chain').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(api.callsTo(CHECK_URL)).toHaveLength(0);

    await act(() => queryClient.invalidateQueries({ queryKey: cityKeys.depositStatus(PLAYER) }));
    await advance(0);
    expect(steps()).toHaveAttribute('data-step', 'credited');
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'completed');
  });

  it('shows seen on chain when a check says so, before the credit', async () => {
    const { dialog } = await sendPendingDeposit(
      { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false },
      { status: 'pending', error: null, seenOnChain: true, awaitingHiveEngine: false },
      { status: 'completed', error: null, seenOnChain: true, awaitingHiveEngine: false },
    );
    const steps = () => within(dialog).getByRole('list', { name: 'Payment progress' });
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(steps()).toHaveAttribute('data-step', 'sent');
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(steps()).toHaveAttribute('data-step', 'seen');
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'pending');
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(steps()).toHaveAttribute('data-step', 'credited');
  });

  it('says the payment is in a Hive block and waits for Hive Engine while a check says so', async () => {
    const { dialog } = await sendPendingDeposit(
      { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: true },
      { status: 'pending', error: null, seenOnChain: true, awaitingHiveEngine: false },
      { status: 'completed', error: null, seenOnChain: true, awaitingHiveEngine: false },
    );
    const waiting = () => within(dialog).queryByTestId('payment-awaiting-engine');
    expect(waiting()).toBeNull();
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(waiting()).toHaveTextContent(PaymentProgressMessages.awaitingHiveEngine);
    // Hive Engine processed it: the chain follower has seen it, and the note goes.
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(waiting()).toBeNull();
  });

  it('reports a failed deposit with its reason, or Unknown error', async () => {
    installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit({ fakeTimers: true });
    api.on('POST', INIT_URL, { status: 200, data: { status: 'pending', transactionId: FAKE_TRANSACTION_ID } });
    serveChecks(api, {
      status: 'failed',
      error: 'Transaction quantity does not match the deposit amount',
      seenOnChain: false,
      awaitingHiveEngine: false,
    });
    deposit('10');
    await answerConfirmation(true);
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'failed');
    expect(outcome(dialog)).toHaveTextContent('Deposit failed: Transaction quantity does not match the deposit amount');

    serveChecks(api, { status: 'failed', error: null, seenOnChain: false, awaitingHiveEngine: false });
    await advance(5_000);
    deposit();
    await answerConfirmation(true);
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(outcome(dialog)).toHaveTextContent('Deposit failed: Unknown error');
  });

  it(`gives up after ${DEPOSIT_POLL_ATTEMPTS} checks ${DEPOSIT_POLL_INTERVAL_MS / 1000} seconds apart`, async () => {
    installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit({ fakeTimers: true });
    api.on('POST', INIT_URL, { status: 200, data: { status: 'pending', transactionId: FAKE_TRANSACTION_ID } });
    serveChecks(api, { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false });
    deposit('10');
    await answerConfirmation(true);
    await advance(DEPOSIT_POLL_INTERVAL_MS * (DEPOSIT_POLL_ATTEMPTS - 1));
    expect(api.callsTo(CHECK_URL)).toHaveLength(DEPOSIT_POLL_ATTEMPTS - 1);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'pending');
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(api.callsTo(CHECK_URL)).toHaveLength(DEPOSIT_POLL_ATTEMPTS);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'timeout');
    expect(outcome(dialog)).toHaveTextContent('Deposit verification timeout. Please check your balance later or retry.');
    await advance(DEPOSIT_POLL_INTERVAL_MS * 3);
    expect(api.callsTo(CHECK_URL)).toHaveLength(DEPOSIT_POLL_ATTEMPTS);
  });

  it('after the time-out, shows the deposit completed when the game pushes its credit (Hive Engine was late)', async () => {
    installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit({ fakeTimers: true });
    api.on('POST', INIT_URL, { status: 200, data: { status: 'pending', transactionId: FAKE_TRANSACTION_ID } });
    serveChecks(api, { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false });
    currentSocket().acceptConnection();
    deposit('10');
    await answerConfirmation(true);
    await advance(DEPOSIT_POLL_INTERVAL_MS * DEPOSIT_POLL_ATTEMPTS);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'timeout');

    // Another transfer's credit changes nothing here.
    currentSocket().serverEmits(
      NOTIFICATION_EVENT,
      notificationOf('deposit-credited', { depositId: 8, amount: 3, transactionId: 'another' }),
    );
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'timeout');
    currentSocket().serverEmits(
      NOTIFICATION_EVENT,
      notificationOf('deposit-credited', { depositId: 7, amount: 10, transactionId: FAKE_TRANSACTION_ID }),
    );
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'completed');
    expect(outcome(dialog)).toHaveTextContent('Deposit completed! 10.000 RUNIK added to your city.');
    expect(api.callsTo(CHECK_URL)).toHaveLength(DEPOSIT_POLL_ATTEMPTS);
  });

  it('says the status cannot be verified when a check call fails', async () => {
    installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit({ fakeTimers: true });
    api.on('POST', INIT_URL, { status: 200, data: { status: 'pending', transactionId: FAKE_TRANSACTION_ID } });
    serveChecks(api, { status: 500, data: { error: 'boom' } });
    deposit('10');
    await answerConfirmation(true);
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'error');
    expect(outcome(dialog)).toHaveTextContent('Unable to verify deposit status. Please check your balance manually.');
  });

  it('reports a deposit the init call finds already completed, without polling, and reloads the city', async () => {
    installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit({ fakeTimers: true });
    api.on('POST', INIT_URL, { status: 200, data: { status: 'completed', transactionId: FAKE_TRANSACTION_ID } });
    const cityLoads = api.callsTo(CITY_URL).length;
    deposit('10');
    await answerConfirmation(true);
    await advance(0);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'completed');
    expect(outcome(dialog)).toHaveTextContent(`Deposit already completed! Transaction ID: ${FAKE_TRANSACTION_ID}`);
    await advance(DEPOSIT_POLL_INTERVAL_MS * 2);
    expect(api.callsTo(CHECK_URL)).toHaveLength(0);
    expect(api.callsTo(CITY_URL).length).toBeGreaterThan(cityLoads);
  });

  it('stops polling when the popup closes', async () => {
    installFakeKeychain();
    const { dialog, deposit, api } = await openDeposit({ fakeTimers: true });
    api.on('POST', INIT_URL, { status: 200, data: { status: 'pending', transactionId: FAKE_TRANSACTION_ID } });
    serveChecks(api, { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false });
    deposit('10');
    await answerConfirmation(true);
    await advance(DEPOSIT_POLL_INTERVAL_MS);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await advance(DEPOSIT_POLL_INTERVAL_MS * 3);
    expect(api.callsTo(CHECK_URL)).toHaveLength(1);
  });

  it('takes its polling interval and attempts from the caller', async () => {
    vi.useFakeTimers();
    installFakeKeychain();
    const api = installFakeApi();
    serveWallet(api);
    api.on('POST', INIT_URL, { status: 200, data: { status: 'pending', transactionId: FAKE_TRANSACTION_ID } });
    serveChecks(api, { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false });
    renderWithProviders(<DepositModal username={PLAYER} onClose={() => undefined} polling={{ intervalMs: 1_000, attempts: 2 }} />);
    await advance(0);
    const dialog = screen.getByRole('dialog', { name: 'Deposit RUNIK' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    await answerConfirmation(true);
    await advance(2_000);
    expect(api.callsTo(CHECK_URL)).toHaveLength(2);
    expect(outcome(dialog)).toHaveAttribute('data-phase', 'timeout');
  });
});

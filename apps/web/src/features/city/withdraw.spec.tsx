import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, WalletMessages, type WithdrawLimits, type WithdrawResponse, type WithdrawStatusResponse } from '@runik/contract';
import { WITHDRAW_COOLDOWN_MS, WITHDRAW_QUEUE_REFRESH_MS } from '@runik/rules';
import { advance, cityResponse, openCity, PLAYER, settle } from '../../testing/city-fixtures';
import { answerConfirmation, openConfirmation } from '../../testing/dialogs';
import { never, type FakeApi } from '../../testing/fake-api';
import { FAKE_TRANSACTION_ID, installFakeKeychain } from '../../testing/fake-keychain';

const STATUS_URL = ApiRoutes.withdrawStatus(PLAYER);
const WITHDRAW_URL = ApiRoutes.withdraw(PLAYER);
const CITY_URL = ApiRoutes.cityResources(PLAYER);

/** No daily caps set by the operators. */
const NO_CAPS: WithdrawLimits = {
  accountCap: null,
  accountRemaining: null,
  gameCap: null,
  gameRemaining: null,
  resetsAt: '2026-03-02T00:00:00.000Z',
  resetsInMs: 3_600_000,
};

const OPEN: WithdrawStatusResponse = {
  canWithdraw: true,
  remainingMs: 0,
  nextWithdrawalTime: null,
  lastWithdrawalTime: null,
  limits: NO_CAPS,
  queued: [],
  queueReason: null,
  withdrawableRunik: 1_000,
};

function onCooldown(remainingMs: number): WithdrawStatusResponse {
  return {
    ...OPEN,
    canWithdraw: false,
    remainingMs,
    nextWithdrawalTime: new Date(Date.now() + remainingMs).toISOString(),
    lastWithdrawalTime: new Date(Date.now() + remainingMs - WITHDRAW_COOLDOWN_MS).toISOString(),
  };
}

const QUEUE_REASON = WalletMessages.queued('80');

function withdrawn(runikLeft: number, overrides: Partial<WithdrawResponse> = {}): WithdrawResponse {
  return {
    status: 'pending',
    transactionId: null,
    nextWithdrawalTime: new Date(Date.now() + WITHDRAW_COOLDOWN_MS).toISOString(),
    resources: { wheat: 1000, lumber: 1000, stone: 1000, ore: 1000, runik: runikLeft },
    amount: 10,
    queued: null,
    queueReason: null,
    ...overrides,
  };
}

function serveStatus(api: FakeApi, status: WithdrawStatusResponse) {
  api.on('GET', STATUS_URL, { status: 200, data: status });
}

interface OpenWithdrawOptions {
  runik?: number;
  canWithdraw?: boolean;
  status?: WithdrawStatusResponse;
  fakeTimers?: boolean;
}

async function openWithdraw({ runik = 12.5, canWithdraw = true, status = OPEN, fakeTimers = false }: OpenWithdrawOptions = {}) {
  if (fakeTimers) vi.useFakeTimers();
  const opened = await openCity(cityResponse({ resources: { runik }, canWithdraw }), { fakeTimers });
  serveStatus(opened.api, status);
  fireEvent.click(within(screen.getByTestId('wallet-actions')).getByRole('button', { name: 'Withdraw' }));
  const dialog = screen.getByRole('dialog', { name: 'Withdraw RUNIK' });
  if (fakeTimers) await advance(0);
  else if (canWithdraw) await waitFor(() => expect(opened.api.callsTo(STATUS_URL)).toHaveLength(1));
  const amount = within(dialog).queryByRole('textbox', { name: 'Amount' });
  const withdraw = (value?: string) => {
    if (value !== undefined && amount) fireEvent.change(amount, { target: { value } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^(Withdraw|Processing\.\.\.)$/ }));
  };
  return { ...opened, dialog, amount: amount as HTMLInputElement, withdraw };
}

function formError(dialog: HTMLElement) {
  return within(dialog).getAllByRole('alert')[0];
}

function outcome(dialog: HTMLElement) {
  return within(dialog).getByTestId('withdraw-outcome');
}

const KEYCHAIN_MISSING = 'Hive Keychain extension is not installed or not available. Please install Hive Keychain and try again.';

describe('Withdraw RUNIK: the popup', () => {
  it('tells a free account that withdrawals are disabled, with no form', async () => {
    const { dialog, api } = await openWithdraw({ canWithdraw: false });
    expect(within(dialog).getByTestId('withdrawals-disabled')).toHaveTextContent(
      "Withdrawals are disabled for your account. You registered with the free option which doesn't include withdrawal capability.",
    );
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
    await settle();
    expect(api.callsTo(STATUS_URL)).toHaveLength(0);
  });

  it('shows the RUNIK held with 3 decimals, and Max fills it in', async () => {
    const { dialog, amount } = await openWithdraw({ runik: 12.5 });
    expect(within(dialog).getByTestId('withdraw-held')).toHaveTextContent('12.500');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('12.500');
  });

  it('says how much is locked for the game, fills Max with what may leave, and refuses more before any request', async () => {
    const { dialog, amount, withdraw, api } = await openWithdraw({ runik: 12.5, status: { ...OPEN, withdrawableRunik: 2.5 } });
    expect(await within(dialog).findByTestId('withdraw-locked')).toHaveTextContent('10.000 RUNIK of it was bought with SWAP.HIVE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(amount).toHaveValue('2.500');
    withdraw('3');
    expect(formError(dialog)).toHaveTextContent(WalletMessages.lockedRunik('2.500', '10.000'));
    expect(api.callsTo(WITHDRAW_URL)).toHaveLength(0);
  });

  it('accepts digits with up to 3 decimals only', async () => {
    const { amount } = await openWithdraw();
    fireEvent.change(amount, { target: { value: '1.234' } });
    fireEvent.change(amount, { target: { value: '1.2345' } });
    fireEvent.change(amount, { target: { value: '-1' } });
    fireEvent.change(amount, { target: { value: '1e3' } });
    expect(amount).toHaveValue('1.234');
  });

  it('refuses an empty or zero amount and one above the RUNIK held, sending nothing', async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw({ runik: 12.5 });
    withdraw();
    expect(formError(dialog)).toHaveTextContent('Please enter a valid amount to withdraw.');
    withdraw('0');
    expect(formError(dialog)).toHaveTextContent('Please enter a valid amount to withdraw.');
    withdraw('0.000');
    expect(formError(dialog)).toHaveTextContent('Please enter a valid amount to withdraw.');
    withdraw('12.501');
    expect(formError(dialog)).toHaveTextContent('Not enough RUNIK. Available: 12.500');
    await settle();
    expect(openConfirmation()).toBeNull();
    expect(api.callsTo(WITHDRAW_URL)).toHaveLength(0);
  });

  it('needs Hive Keychain', async () => {
    const { dialog, withdraw, api } = await openWithdraw();
    withdraw('10');
    expect(formError(dialog)).toHaveTextContent(KEYCHAIN_MISSING);
    expect(openConfirmation()).toBeNull();
    await settle();
    expect(api.callsTo(WITHDRAW_URL)).toHaveLength(0);
  });

  it('sends nothing when the confirmation is declined', async () => {
    installFakeKeychain();
    const { withdraw, api } = await openWithdraw();
    withdraw('10');
    expect(await answerConfirmation(false)).toBe('Withdraw 10.000 RUNIK to your Hive Engine wallet?');
    await settle();
    expect(api.callsTo(WITHDRAW_URL)).toHaveLength(0);
  });

  it('shows the cooldown from the withdraw status as a live h:mm:ss countdown, then allows withdrawing again', async () => {
    const { dialog } = await openWithdraw({ fakeTimers: true, status: onCooldown(3_725_000) });
    expect(within(dialog).getByTestId('withdraw-status')).toHaveTextContent('Withdrawal on cooldown. Try again in 1:02:05');
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    await advance(2_000);
    expect(within(dialog).getByTestId('withdraw-status')).toHaveTextContent('Withdrawal on cooldown. Try again in 1:02:03');
    await advance(3_723_000);
    expect(within(dialog).queryByTestId('withdraw-status')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toBeEnabled();
  });

  it('reloads the withdraw status when the tab becomes visible again', async () => {
    const { api } = await openWithdraw();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(api.callsTo(STATUS_URL).length).toBeGreaterThan(1));
    focusManager.setFocused(undefined);
  });
});

describe('Withdraw RUNIK: the request', () => {
  it('withdraws: sends the amount, updates RUNIK from the response and shows the 8-hour countdown', async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw({ fakeTimers: true, runik: 12.5 });
    api.on('POST', WITHDRAW_URL, () => {
      serveStatus(api, onCooldown(WITHDRAW_COOLDOWN_MS));
      return { status: 200, data: withdrawn(2.5) };
    });
    const cityLoads = api.callsTo(CITY_URL).length;
    withdraw('10');
    await answerConfirmation(true);
    await advance(0);
    expect(api.callsTo(WITHDRAW_URL)[0].body).toEqual({ amount: '10.000' });
    expect(outcome(dialog)).toHaveAttribute('data-kind', 'success');
    expect(outcome(dialog)).toHaveTextContent('Withdrawal of 10.000 RUNIK submitted!');
    expect(outcome(dialog)).not.toHaveTextContent('Transaction ID');
    // Merged from the response, without reloading the city.
    expect(screen.getByTestId('runik-amount')).toHaveTextContent('2.500');
    expect(within(dialog).getByTestId('withdraw-held')).toHaveTextContent('2.500');
    expect(api.callsTo(CITY_URL)).toHaveLength(cityLoads);

    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(within(dialog).getByTestId('withdraw-status')).toHaveTextContent('Withdrawal on cooldown. Try again in 8:00:00');
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
    await advance(1_000);
    expect(within(dialog).getByTestId('withdraw-status')).toHaveTextContent('Withdrawal on cooldown. Try again in 7:59:59');
    await advance(61_000);
    expect(within(dialog).getByTestId('withdraw-status')).toHaveTextContent('Withdrawal on cooldown. Try again in 7:58:58');
  });

  it('shows the transaction id when the server returns one', async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw();
    api.on('POST', WITHDRAW_URL, { status: 200, data: withdrawn(2.5, { status: 'sent', transactionId: FAKE_TRANSACTION_ID }) });
    withdraw('10');
    await answerConfirmation(true);
    await waitFor(() => expect(outcome(dialog)).toHaveTextContent(`Withdrawal already processed! Transaction ID: ${FAKE_TRANSACTION_ID}`));
  });

  it('one request at a time, then at most one attempt per 5 seconds', async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw({ fakeTimers: true });
    let answer: (response: { status: number; data?: unknown }) => void = () => undefined;
    api.on('POST', WITHDRAW_URL, () => new Promise((resolve) => (answer = resolve)));
    withdraw('10');
    await answerConfirmation(true);
    await advance(0);
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeInTheDocument();
    withdraw();
    expect(formError(dialog)).toHaveTextContent('Request already in progress. Please wait.');

    await act(async () => answer({ status: 500 }));
    await advance(0);
    expect(outcome(dialog)).toHaveTextContent('Failed to withdraw RUNIK');
    await advance(1_200);
    withdraw();
    expect(formError(dialog)).toHaveTextContent('Please wait 4 seconds before trying again.');
    expect(openConfirmation()).toBeNull();
    await advance(3_800);
    api.on('POST', WITHDRAW_URL, never);
    withdraw();
    await answerConfirmation(true);
    expect(api.callsTo(WITHDRAW_URL)).toHaveLength(2);
  });

  it('marks withdrawal as on cooldown when the server refuses with a cooldown', async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw({ fakeTimers: true });
    api.on('POST', WITHDRAW_URL, () => {
      serveStatus(api, onCooldown(11_565_000));
      return { status: 429, data: { error: 'Withdrawal on cooldown. Try again in 3:12:45' } };
    });
    withdraw('10');
    await answerConfirmation(true);
    await advance(0);
    expect(outcome(dialog)).toHaveAttribute('data-kind', 'error');
    expect(outcome(dialog)).toHaveTextContent('Withdrawal on cooldown. Try again in 3:12:45');
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(within(dialog).getByTestId('withdraw-status')).toHaveTextContent('Withdrawal on cooldown. Try again in 3:12:45');
    expect(within(dialog).getByRole('button', { name: 'Withdraw' })).toBeDisabled();
  });

  it("shows the server's error, or 'Failed to withdraw RUNIK' when it sent none", async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw({ fakeTimers: true });
    api.on('POST', WITHDRAW_URL, { status: 400, data: { error: 'Not enough RUNIK. Required: 10, Available: 2.5' } });
    withdraw('10');
    await answerConfirmation(true);
    await advance(0);
    expect(outcome(dialog)).toHaveTextContent('Not enough RUNIK. Required: 10, Available: 2.5');

    api.on('POST', WITHDRAW_URL, { status: 502 });
    await advance(5_000);
    withdraw();
    await answerConfirmation(true);
    await advance(0);
    expect(outcome(dialog)).toHaveTextContent(/^Failed to withdraw RUNIK$/);
    expect(screen.getByTestId('runik-amount')).toHaveTextContent('12.500');
  });
});

describe('Withdraw RUNIK: the guard rails', () => {
  const CAPPED: WithdrawStatusResponse = {
    ...OPEN,
    limits: { ...NO_CAPS, accountCap: 10, accountRemaining: 4, gameCap: 1000, gameRemaining: 600 },
  };

  it('shows the daily caps left and their reset as a live countdown, and refuses an amount over them before any request', async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw({ fakeTimers: true, status: CAPPED });
    const limits = within(dialog).getByTestId('withdraw-limits');
    expect(limits).toHaveTextContent('Daily limit: 10.000 RUNIK per account, 4.000 RUNIK left today.');
    expect(limits).toHaveTextContent('All players together may withdraw 600.000 more RUNIK today.');
    expect(limits).toHaveTextContent('Daily limits reset in 1:00:00.');
    await advance(1_000);
    expect(limits).toHaveTextContent('Daily limits reset in 0:59:59.');

    withdraw('4.001');
    expect(formError(dialog)).toHaveTextContent(WalletMessages.accountCapReached('10.000', '4.000', '0:59:59'));
    expect(api.callsTo(WITHDRAW_URL)).toHaveLength(0);
    expect(openConfirmation()).toBeNull();
  });

  it("does not refuse an amount over the game's cap: the server puts it in line", async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw({ status: { ...OPEN, limits: { ...NO_CAPS, gameCap: 50, gameRemaining: 2 } } });
    expect(await within(dialog).findByTestId('withdraw-limits')).not.toHaveTextContent('per account');
    withdraw('3');
    expect(within(dialog).queryAllByRole('alert')).toEqual([]);
    expect(openConfirmation()).not.toBeNull();
    expect(api.callsTo(WITHDRAW_URL)).toHaveLength(0);
  });

  it('shows no caps line when the operators set none', async () => {
    const { dialog } = await openWithdraw();
    expect(within(dialog).queryByTestId('withdraw-limits')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('withdraw-queue')).not.toBeInTheDocument();
  });

  it('tells where a queued withdrawal stands in line and why, after the request and in the status', async () => {
    installFakeKeychain();
    const { dialog, withdraw, api } = await openWithdraw({ fakeTimers: true });
    const queued = { withdrawalId: 7, amount: 10, position: 3, queuedAt: '2026-03-01T12:00:00.000Z' };
    api.on('POST', WITHDRAW_URL, () => {
      serveStatus(api, { ...onCooldown(WITHDRAW_COOLDOWN_MS), queued: [queued], queueReason: QUEUE_REASON });
      return { status: 200, data: withdrawn(2.5, { status: 'queued', queued, queueReason: QUEUE_REASON }) };
    });
    withdraw('10');
    await answerConfirmation(true);
    await advance(0);
    expect(outcome(dialog)).toHaveAttribute('data-kind', 'success');
    expect(outcome(dialog)).toHaveTextContent(`Your withdrawal of 10.000 RUNIK is number 3 in line. ${QUEUE_REASON}`);
    const line = within(dialog).getByTestId('withdraw-queue');
    expect(line).toHaveTextContent('Your withdrawal of 10.000 RUNIK is number 3 in line.');
    expect(line).toHaveTextContent(QUEUE_REASON);

    // Its place is reloaded while it waits.
    serveStatus(api, { ...onCooldown(WITHDRAW_COOLDOWN_MS), queued: [{ ...queued, position: 1 }], queueReason: QUEUE_REASON });
    await advance(WITHDRAW_QUEUE_REFRESH_MS);
    expect(within(dialog).getByTestId('withdraw-queue')).toHaveTextContent('Your withdrawal of 10.000 RUNIK is number 1 in line.');
  });
});

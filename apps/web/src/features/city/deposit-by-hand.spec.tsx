import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, NOTIFICATION_EVENT, PAYMENT_SEEN_EVENT, type DepositStatusResponse } from '@runik/contract';
import { GAME_ACCOUNT, HIVE_ENGINE_URL } from '../../shared/config';
import { advance, cityResponse, openCity, PLAYER } from '../../testing/city-fixtures';
import { currentSocket } from '../../testing/fake-socket';
import { notificationOf } from '../../testing/notification-fixtures';

const OPEN: DepositStatusResponse = { canDeposit: true, remainingMs: 0, nextDepositTime: null, lastDepositTime: null, processing: false };

/** The City with the Deposit popup open, no wallet extension installed; on fake timers. */
async function openDepositWithoutWallet() {
  vi.useFakeTimers();
  const opened = await openCity(cityResponse({ resources: { runik: 3 } }), { fakeTimers: true });
  opened.api
    .on('POST', `${HIVE_ENGINE_URL}/contracts`, {
      status: 200,
      data: { jsonrpc: '2.0', id: 1, result: [{ account: PLAYER, symbol: 'RNK', balance: '25.5' }] },
    })
    .on('GET', ApiRoutes.depositStatus(PLAYER), { status: 200, data: OPEN });
  fireEvent.click(within(screen.getByTestId('wallet-actions')).getByRole('button', { name: 'Deposit' }));
  const dialog = screen.getByRole('dialog', { name: 'Deposit RUNIK' });
  await advance(0);
  return { ...opened, dialog };
}

describe('Deposit by hand (issue 49): the transfer to make from any wallet', () => {
  it('shows the exact transfer with copy buttons, then follows the payment pushed as seen and credited, with no wallet', async () => {
    expect(window.hive_keychain).toBeUndefined();
    const { dialog, api } = await openDepositWithoutWallet();
    currentSocket().acceptConnection();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount' }), { target: { value: '12.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay by hand' }));

    const byHand = within(dialog).getByTestId('deposit-by-hand');
    expect(within(byHand).getByTestId('deposit-by-hand-recipient')).toHaveTextContent(GAME_ACCOUNT);
    expect(within(byHand).getByTestId('deposit-by-hand-amount')).toHaveTextContent(/^12\.500$/);
    expect(within(byHand).getByTestId('deposit-by-hand-token')).toHaveTextContent(/^RNK$/);
    expect(within(byHand).getByTestId('deposit-by-hand-memo')).toHaveTextContent(/^Runik deposit$/);
    expect(within(byHand).getByTestId('deposit-by-hand-no-qr')).toHaveTextContent('No QR code');

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    fireEvent.click(within(byHand).getByRole('button', { name: 'Copy memo' }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith('Runik deposit');
    expect(within(byHand).getByText('Copied')).toBeInTheDocument();

    fireEvent.click(within(byHand).getByRole('button', { name: "I've sent it" }));
    const steps = () => within(byHand).getByTestId('payment-steps');
    expect(steps()).toHaveAttribute('data-step', 'sent');
    expect(within(steps()).getByText('12.500 RNK')).toBeInTheDocument();

    act(() => currentSocket().serverEmits(PAYMENT_SEEN_EVENT, { transactionId: 'a'.repeat(40) }));
    expect(steps()).toHaveAttribute('data-step', 'seen');

    const cityCalls = api.callsTo(ApiRoutes.cityResources(PLAYER)).length;
    act(() =>
      currentSocket().serverEmits(
        NOTIFICATION_EVENT,
        notificationOf('deposit-credited', { depositId: 4, amount: 12.5, transactionId: 'a'.repeat(40) }),
      ),
    );
    expect(steps()).toHaveAttribute('data-step', 'credited');
    expect(within(steps()).getByText('12.500 RUNIK')).toBeInTheDocument();
    // RUNIK rose: the city reloads.
    await advance(0);
    expect(api.callsTo(ApiRoutes.cityResources(PLAYER)).length).toBeGreaterThan(cityCalls);
    // Nothing went through a wallet or the deposit's report: the chain follower credited the transfer.
    expect(api.callsTo(ApiRoutes.depositInit(PLAYER))).toHaveLength(0);
  });

  it('names no amount until one is typed (any amount is credited), and follows a transfer sent before the player says so', async () => {
    const { dialog } = await openDepositWithoutWallet();
    currentSocket().acceptConnection();
    // Before the transfer is shown, another credit is not this one.
    act(() =>
      currentSocket().serverEmits(
        NOTIFICATION_EVENT,
        notificationOf('deposit-credited', { depositId: 3, amount: 2, transactionId: 'e'.repeat(40) }),
      ),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay by hand' }));
    const byHand = within(dialog).getByTestId('deposit-by-hand');
    expect(within(byHand).getByTestId('deposit-by-hand-amount')).toHaveTextContent('the amount you choose');
    expect(within(byHand).queryByRole('button', { name: 'Copy amount' })).not.toBeInTheDocument();
    expect(within(byHand).queryByTestId('payment-steps')).not.toBeInTheDocument();

    // The player sends it from another wallet and comes back after it was seen and credited.
    act(() => currentSocket().serverEmits(PAYMENT_SEEN_EVENT, { transactionId: 'b'.repeat(40) }));
    expect(within(byHand).getByTestId('payment-steps')).toHaveAttribute('data-step', 'seen');
    expect(within(byHand).queryByRole('button', { name: "I've sent it" })).not.toBeInTheDocument();
    act(() =>
      currentSocket().serverEmits(
        NOTIFICATION_EVENT,
        notificationOf('deposit-credited', { depositId: 4, amount: 1, transactionId: 'b'.repeat(40) }),
      ),
    );
    expect(within(byHand).getByTestId('payment-steps')).toHaveAttribute('data-step', 'credited');
    expect(within(byHand).getByTestId('payment-steps')).toHaveTextContent('1.000 RUNIK');
  });
});

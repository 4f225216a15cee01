import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ApiRoutes,
  ErrorMessages,
  NOTIFICATION_EVENT,
  PAYMENT_SEEN_EVENT,
  type LateActivationPreviewResponse,
  type TransactionStatusResponse,
  type WithdrawStatusResponse,
} from '@runik/contract';
import { cityResponse, openCity, PLAYER } from '../../testing/city-fixtures';
import { currentSocket } from '../../testing/fake-socket';
import { FAKE_TRANSACTION_ID, installFakeKeychain } from '../../testing/fake-keychain';
import { notificationOf } from '../../testing/notification-fixtures';

/**
 * A free player's late activation from the Withdraw popup (issue 44): the spec's refusal stays, and under it the
 * preview of what the activation does before the payment, the late fee paid through the wallet as a new player's
 * activation is, its steps, and the new withdrawable balance once confirmed.
 */
const PREVIEW_URL = ApiRoutes.lateActivation(PLAYER);
const STATUS_URL = ApiRoutes.transactionStatus(FAKE_TRANSACTION_ID);
const DISABLED =
  "Withdrawals are disabled for your account. You registered with the free option which doesn't include withdrawal capability.";

const PREVIEW: LateActivationPreviewResponse = {
  feeInHive: '60.000',
  feeUsd: 15,
  runik: 395.5,
  withdrawableAtOnce: 25.5,
  releaseUpTo: 300,
  releaseCap: 300,
  releasesLeftToday: 200,
  releasedToday: 300,
  releaseWaiting: 0,
  staysGameOnly: 70,
};

const pending: TransactionStatusResponse = { status: 'pending', error: null, seenOnChain: false, awaitingHiveEngine: false };
const confirmed: TransactionStatusResponse = { status: 'confirmed', error: null, seenOnChain: true, awaitingHiveEngine: false };

const paidStatus: WithdrawStatusResponse = {
  canWithdraw: true,
  remainingMs: 0,
  nextWithdrawalTime: null,
  lastWithdrawalTime: null,
  limits: {
    accountCap: null,
    accountRemaining: null,
    gameCap: null,
    gameRemaining: null,
    resetsAt: '2026-03-02T00:00:00.000Z',
    resetsInMs: 1,
  },
  queued: [],
  queueReason: null,
  withdrawableRunik: 325.5,
};

/** Opens a free player's Withdraw popup; the city answers paid once `activated()` says so, the statuses in turn. */
async function openFreeWithdraw({
  preview = { status: 200, data: PREVIEW } as { status: number; data: unknown },
  balance = '100.00000000',
  statuses = [confirmed],
}: { preview?: { status: number; data: unknown }; balance?: string; statuses?: TransactionStatusResponse[] } = {}) {
  let activated = false;
  const opened = await openCity(cityResponse({ resources: { runik: 395.5 }, canWithdraw: false }));
  let checks = 0;
  opened.api
    .on('GET', ApiRoutes.cityResources(PLAYER), () => ({
      status: 200,
      data: cityResponse({ resources: { runik: 395.5 }, canWithdraw: activated }),
    }))
    .on('GET', PREVIEW_URL, preview)
    .on('GET', ApiRoutes.hiveBalance(PLAYER), { status: 200, data: { balance } })
    .on('POST', ApiRoutes.initiateRegistration, {
      status: 200,
      data: { success: true, status: 'pending', transactionId: FAKE_TRANSACTION_ID },
    })
    .on('GET', STATUS_URL, () => {
      const next = statuses[Math.min(checks, statuses.length - 1)];
      checks += 1;
      if (next.status === 'confirmed') activated = true;
      return { status: 200, data: next };
    })
    .on('GET', ApiRoutes.withdrawStatus(PLAYER), { status: 200, data: paidStatus });
  fireEvent.click(within(screen.getByTestId('wallet-actions')).getByRole('button', { name: 'Withdraw' }));
  const dialog = screen.getByRole('dialog', { name: 'Withdraw RUNIK' });
  return { ...opened, dialog };
}

const payButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Activate Account' });

describe('late activation in the Withdraw popup', () => {
  it("keeps the spec's refusal and says, before the payment, what becomes withdrawable, what is released (up to 300) and what stays game-only", async () => {
    const { dialog } = await openFreeWithdraw();
    expect(within(dialog).getByTestId('withdrawals-disabled')).toHaveTextContent(DISABLED);
    const panel = within(dialog).getByRole('region', { name: 'Activate your account' });

    await waitFor(() => expect(within(panel).getByTestId('late-activation-fee')).toHaveTextContent('60.000 SWAP.HIVE'));
    expect(panel).toHaveTextContent('Late activation fee (15 USD)');
    expect(panel).toHaveTextContent('What happens to the 395.500 RUNIK you hold');
    expect(within(panel).getByTestId('late-activation-withdrawable')).toHaveTextContent('25.500 RUNIK');
    expect(within(panel).getByTestId('late-activation-release')).toHaveTextContent('up to 300.000 RUNIK');
    expect(panel).toHaveTextContent("Today's budget for activations has 200.000 RUNIK left: all of it would be released at once.");
    expect(within(panel).getByTestId('late-activation-game-only')).toHaveTextContent('70.000 RUNIK');
    await waitFor(() => expect(within(panel).getByTestId('late-activation-balance')).toHaveTextContent('100.000 SWAP.HIVE'));
    expect(payButton(dialog)).toBeEnabled();
    // Still no withdraw form for a free account.
    expect(within(dialog).queryByRole('textbox', { name: 'Amount' })).not.toBeInTheDocument();
  });

  it("says how much of the release waits when today's budget for activations cannot give it all", async () => {
    const { dialog } = await openFreeWithdraw({
      preview: { status: 200, data: { ...PREVIEW, releasesLeftToday: 120, releasedToday: 120, releaseWaiting: 180 } },
    });
    expect(
      await within(dialog).findByText(
        /Today's budget for activations has 120\.000 RUNIK left: 120\.000 RUNIK would be released at once, the other 180\.000 RUNIK on the next days, oldest activation first\./,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('late-activation-release')).toHaveTextContent('up to 300.000 RUNIK');
  });

  it('pays the late fee through the wallet with the registration memo, shows its steps, then the new withdrawable balance and the form', async () => {
    const keychain = installFakeKeychain();
    const { dialog, api } = await openFreeWithdraw({ statuses: [pending, confirmed] });
    await waitFor(() => expect(payButton(dialog)).toBeEnabled());
    fireEvent.click(payButton(dialog));

    expect(await within(dialog).findByText('Payment sent! Do not make another transaction.')).toBeInTheDocument();
    expect(keychain.requestSendToken).toHaveBeenCalledWith(
      PLAYER,
      'runik.game',
      '60.000',
      'runik-registration:',
      'SWAP.HIVE',
      expect.any(Function),
    );
    await waitFor(() => expect(api.callsTo(STATUS_URL)).toHaveLength(1));
    expect(api.callsTo(ApiRoutes.initiateRegistration)[0].body).toEqual({
      hiveUsername: PLAYER,
      transactionId: FAKE_TRANSACTION_ID,
      referrer: '',
      feeInHive: '60.000',
    });
    const steps = within(dialog).getByRole('list', { name: 'Payment progress' });
    expect(steps).toHaveAttribute('data-step', 'sent');
    expect(steps).toHaveTextContent('60.000 SWAP.HIVE');
    // The balance read before paying would be wrong now: the steps say what was sent.
    expect(within(dialog).queryByTestId('late-activation-balance')).not.toBeInTheDocument();
    expect(payButton(dialog)).toBeDisabled();

    const socket = currentSocket();
    socket.serverEmits(PAYMENT_SEEN_EVENT, { transactionId: FAKE_TRANSACTION_ID });
    expect(steps).toHaveAttribute('data-step', 'seen');
    // The confirmation pushed checks at once.
    socket.serverEmits(
      NOTIFICATION_EVENT,
      notificationOf('registration-confirmed', { registrationId: 1, transactionId: FAKE_TRANSACTION_ID, paid: 60 }),
    );

    expect(await within(dialog).findByTestId('late-activation-done')).toHaveTextContent(
      'Account activated: 325.500 RUNIK can now be withdrawn.',
    );
    expect(within(dialog).getByRole('list', { name: 'Payment progress' })).toHaveAttribute('data-step', 'credited');
    // The city, read again, says the account may withdraw: the spec's refusal gives way to the form.
    expect(await within(dialog).findByRole('textbox', { name: 'Amount' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('withdrawals-disabled')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Activate Account' })).not.toBeInTheDocument();
  });

  it('shows the late fee to pay by hand from any wallet, then activates when the game pushes its confirmation (issue 49)', async () => {
    const { dialog, api } = await openFreeWithdraw();
    await waitFor(() => expect(payButton(dialog)).toBeEnabled());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay by hand' }));
    const byHand = within(dialog).getByTestId('late-activation-by-hand');
    expect(within(byHand).getByTestId('late-activation-by-hand-recipient')).toHaveTextContent('runik.game');
    expect(within(byHand).getByTestId('late-activation-by-hand-amount')).toHaveTextContent(/^60\.000$/);
    expect(within(byHand).getByTestId('late-activation-by-hand-token')).toHaveTextContent(/^SWAP\.HIVE$/);
    expect(within(byHand).getByTestId('late-activation-by-hand-memo')).toHaveTextContent(/^runik-registration:$/);

    fireEvent.click(within(byHand).getByRole('button', { name: "I've sent it" }));
    const steps = () => within(byHand).getByRole('list', { name: 'Payment progress' });
    expect(steps()).toHaveAttribute('data-step', 'sent');
    // Not paid twice: the wallet's button waits too.
    expect(payButton(dialog)).toBeDisabled();
    const socket = currentSocket();
    socket.acceptConnection();
    socket.serverEmits(PAYMENT_SEEN_EVENT, { transactionId: FAKE_TRANSACTION_ID });
    expect(steps()).toHaveAttribute('data-step', 'seen');
    socket.serverEmits(
      NOTIFICATION_EVENT,
      notificationOf('registration-confirmed', { registrationId: 1, transactionId: FAKE_TRANSACTION_ID, paid: 60 }),
    );
    expect(await within(dialog).findByTestId('late-activation-done')).toHaveTextContent(
      'Account activated: 325.500 RUNIK can now be withdrawn.',
    );
    // Nothing was reported: the chain follower activated the account from the transfer itself.
    expect(api.callsTo(ApiRoutes.initiateRegistration)).toHaveLength(0);
  });

  it('refuses a SWAP.HIVE balance below the fee before asking the wallet', async () => {
    const keychain = installFakeKeychain();
    const { dialog, api } = await openFreeWithdraw({ balance: '59.99999999' });
    await waitFor(() => expect(payButton(dialog)).toBeEnabled());
    fireEvent.click(payButton(dialog));
    expect(await within(dialog).findByText('Insufficient SWAP.HIVE balance for registration.')).toBeInTheDocument();
    expect(keychain.requestSendToken).not.toHaveBeenCalled();
    expect(api.callsTo(ApiRoutes.initiateRegistration)).toHaveLength(0);
  });

  it("gives the in-game wallet's install hint without Keychain", async () => {
    const { dialog } = await openFreeWithdraw();
    await waitFor(() => expect(payButton(dialog)).toBeEnabled());
    fireEvent.click(payButton(dialog));
    expect(
      await within(dialog).findByText(
        'Hive Keychain extension is not installed or not available. Please install Hive Keychain and try again.',
      ),
    ).toBeInTheDocument();
  });

  it("shows the server's refusal of the preview and offers no payment", async () => {
    const { dialog } = await openFreeWithdraw({ preview: { status: 503, data: { error: ErrorMessages.chainUnavailable } } });
    expect(await within(dialog).findByText(ErrorMessages.chainUnavailable, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(payButton(dialog)).toBeDisabled();
  });
});

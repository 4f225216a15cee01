import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, PAYMENT_REFUND_REASONS, type PaymentHistoryEntry, type PaymentHistoryResponse } from '@runik/contract';
import { PAYMENT_HISTORY_REFRESH_MS, REFUND_NOTICE_REFRESH_MS } from '@runik/rules';
import { HIVE_ENGINE_URL } from '../../../shared/config';
import { advance, cityResponse, openCity, PLAYER, settle } from '../../../testing/city-fixtures';
import { serveInTurn, type FakeApi } from '../../../testing/fake-api';
import { REFUND_REASON_WORDING } from './payment-wording';

const HISTORY_URL = ApiRoutes.paymentHistory(PLAYER);
const CITY_URL = ApiRoutes.cityResources(PLAYER);
const DEPOSIT_TX = 'a'.repeat(40);
const REFUNDED_TX = 'b'.repeat(40);
const REFUND_TX = 'c'.repeat(40);

function payment(overrides: Partial<PaymentHistoryEntry> = {}): PaymentHistoryEntry {
  return {
    transactionId: DEPOSIT_TX,
    logIndex: 0,
    time: '2025-11-20T10:15:00.000Z',
    symbol: 'RNK',
    quantity: '4.250',
    paidFor: 'deposit',
    shopItem: null,
    packCount: null,
    status: 'credited',
    refund: null,
    ...overrides,
  };
}

const pendingDeposit = payment({ paidFor: null, status: 'pending' });
const creditedDeposit = payment();
const refundedPayment = payment({
  transactionId: REFUNDED_TX,
  time: '2025-11-20T11:00:00.000Z',
  symbol: 'SWAP.HIVE',
  quantity: '1.500',
  paidFor: 'unmatched',
  status: 'refunded',
  refund: { reason: 'unknown-memo', state: 'sent', transactionId: REFUND_TX },
});

const history = (...payments: PaymentHistoryEntry[]): PaymentHistoryResponse => ({ payments, hasMore: false });

/** The rest of what the Deposit RUNIK popup loads: an empty wallet, deposits open. */
function serveDepositPopup(api: FakeApi) {
  api
    .on('POST', `${HIVE_ENGINE_URL}/contracts`, { status: 200, data: { jsonrpc: '2.0', id: 1, result: [] } })
    .on('GET', ApiRoutes.depositStatus(PLAYER), {
      status: 200,
      data: { canDeposit: true, remainingMs: 0, nextDepositTime: null, lastDepositTime: null, processing: false },
    });
}

/** Opens the Deposit RUNIK popup on a loaded city. */
async function openDepositPopup(api: FakeApi) {
  serveDepositPopup(api);
  fireEvent.click(within(screen.getByTestId('wallet-actions')).getByRole('button', { name: 'Deposit' }));
  return screen.getByRole('dialog', { name: 'Deposit RUNIK' });
}

const paymentLines = (dialog: HTMLElement) => within(within(dialog).getByTestId('payment-history')).queryAllByTestId('payment');

describe('the payment history in the Deposit RUNIK popup', () => {
  it('says so when there are no payments', async () => {
    const { api } = await openCity(cityResponse());
    const dialog = await openDepositPopup(api);
    expect(await within(dialog).findByText('No payments yet. Deposits and purchases sent to the game show here.')).toBeInTheDocument();
  });

  it('shows a deposit whose report was lost turn completed by itself, and the city reloads', async () => {
    vi.useFakeTimers();
    const { api } = await openCity(cityResponse({ resources: { runik: 3 } }), { fakeTimers: true });
    serveInTurn(api, 'GET', HISTORY_URL, history(pendingDeposit), history(creditedDeposit));
    const dialog = await openDepositPopup(api);
    await advance(0);

    const [line] = paymentLines(dialog);
    expect(line).toHaveAttribute('data-status', 'pending');
    expect(line).toHaveTextContent('Payment');
    expect(line).toHaveTextContent('4.250 RNK');
    expect(within(line).getByTestId('payment-status')).toHaveTextContent('Pending');
    expect(line).toHaveTextContent(`Transaction: ${DEPOSIT_TX}`);

    const cityLoads = api.callsTo(CITY_URL).length;
    api.on('GET', CITY_URL, { status: 200, data: cityResponse({ resources: { runik: 7.25 } }) });
    await advance(PAYMENT_HISTORY_REFRESH_MS);
    const [credited] = paymentLines(dialog);
    expect(credited).toHaveAttribute('data-status', 'credited');
    expect(credited).toHaveTextContent('RUNIK deposit');
    expect(within(credited).getByTestId('payment-status')).toHaveTextContent('Completed');
    // The credit raised RUNIK: the city reloads without waiting for a focus.
    await advance(1_000);
    expect(api.callsTo(CITY_URL).length).toBeGreaterThan(cityLoads);
    expect(screen.getByTestId('runik-amount')).toHaveTextContent('7.250');
  });

  it('explains a refunded payment and gives the refund transaction, newest first', async () => {
    const { api } = await openCity(cityResponse(), {
      payments: history(
        refundedPayment,
        payment({
          transactionId: 'd'.repeat(40),
          symbol: 'SWAP.HIVE',
          quantity: '2.000',
          paidFor: 'shop-item',
          shopItem: 'Resource Crate',
        }),
        payment({ transactionId: 'e'.repeat(40), symbol: 'SWAP.HIVE', quantity: '4.000', paidFor: 'packs', packCount: 10 }),
        creditedDeposit,
      ),
    });
    const dialog = await openDepositPopup(api);
    await waitFor(() => expect(paymentLines(dialog)).toHaveLength(4));
    const [refunded, shop, packs, deposit] = paymentLines(dialog);

    expect(refunded).toHaveAttribute('data-status', 'refunded');
    expect(within(refunded).getByTestId('payment-status')).toHaveTextContent('Refunded');
    expect(refunded).toHaveTextContent('1.500 SWAP.HIVE');
    expect(refunded).toHaveTextContent(
      "Its memo did not say what it paid for. Pay from the game's screens so the memo is filled in for you.",
    );
    expect(refunded).toHaveTextContent(`Refunded to your wallet. Refund transaction: ${REFUND_TX}`);
    expect(shop).toHaveTextContent('Shop: Resource Crate');
    expect(packs).toHaveTextContent('10 packs');
    expect(deposit).toHaveTextContent('RUNIK deposit');
    expect(deposit).not.toHaveTextContent('Refund');
  });

  it('says a refund is on its way, or that it failed, without a refund transaction', async () => {
    const { api } = await openCity(cityResponse(), {
      payments: history(
        { ...refundedPayment, refund: { reason: 'wrong-quantity', state: 'sending', transactionId: null } },
        { ...refundedPayment, logIndex: 1, refund: { reason: 'other', state: 'failed', transactionId: null } },
      ),
    });
    const dialog = await openDepositPopup(api);
    await waitFor(() => expect(paymentLines(dialog)).toHaveLength(2));
    const [sending, failed] = paymentLines(dialog);
    expect(sending).toHaveTextContent('Its amount did not match the price.');
    expect(sending).toHaveTextContent('Refund on its way to your wallet.');
    expect(failed).toHaveTextContent('It did not match anything the game sells.');
    expect(failed).toHaveTextContent('The refund could not be sent. Please contact support with the transaction ID.');
    for (const line of [sending, failed]) expect(line).not.toHaveTextContent('Refund transaction:');
  });

  it('words every refund reason the server may give', () => {
    for (const reason of PAYMENT_REFUND_REASONS) expect(REFUND_REASON_WORDING[reason]).toMatch(/^[A-Z].+\.$/);
  });
});

describe('the refund notice on the city screen', () => {
  it('tells the player about a refund until dismissed, and not again after a reload', async () => {
    const { api } = await openCity(cityResponse(), { payments: history(refundedPayment, creditedDeposit) });
    const notice = await screen.findByTestId('refund-notice');
    expect(within(notice).getByRole('heading', { name: 'A payment was refunded' })).toBeInTheDocument();
    expect(notice).toHaveTextContent('1.500 SWAP.HIVE sent');
    expect(notice).toHaveTextContent('Its memo did not say what it paid for.');
    expect(notice).not.toHaveTextContent('4.250 RNK');

    fireEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('refund-notice')).not.toBeInTheDocument();
    expect(api.callsTo(HISTORY_URL).length).toBeGreaterThan(0);

    cleanup();
    await openCity(cityResponse(), { payments: history(refundedPayment, creditedDeposit) });
    expect(screen.queryByTestId('refund-notice')).not.toBeInTheDocument();
  });

  it('shows a refund that arrives later, and opens the payment history from the notice', async () => {
    vi.useFakeTimers();
    const { api } = await openCity(cityResponse(), { fakeTimers: true, payments: history(creditedDeposit) });
    await advance(0);
    expect(screen.queryByTestId('refund-notice')).not.toBeInTheDocument();

    api.on('GET', HISTORY_URL, { status: 200, data: history(refundedPayment, { ...refundedPayment, logIndex: 1 }, creditedDeposit) });
    await advance(REFUND_NOTICE_REFRESH_MS);
    // The refreshed history shows on the next tick of the screen's clock.
    await advance(1_000);
    const notice = screen.getByTestId('refund-notice');
    expect(within(notice).getByRole('heading', { name: '2 payments were refunded' })).toBeInTheDocument();

    serveDepositPopup(api);
    fireEvent.click(within(notice).getByRole('button', { name: 'Payment history' }));
    const dialog = screen.getByRole('dialog', { name: 'Deposit RUNIK' });
    await advance(0);
    expect(paymentLines(dialog)).toHaveLength(3);
    // Opening the history from the notice counts as seeing the refunds.
    expect(screen.queryByTestId('refund-notice')).not.toBeInTheDocument();
  });

  it('stays away when the history cannot be loaded', async () => {
    await openCity(cityResponse(), { payments: { status: 500, data: { error: 'boom' } } });
    await settle();
    expect(screen.queryByTestId('refund-notice')).not.toBeInTheDocument();
    expect(screen.getByTestId('resources-card')).toBeInTheDocument();
  });
});

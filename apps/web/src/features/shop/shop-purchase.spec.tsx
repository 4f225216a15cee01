import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes, PaymentProgressMessages } from '@runik/contract';
import { cityKeys, gearKeys } from '../../shared/query-keys';
import { GAME_ACCOUNT } from '../../shared/config';
import { advance } from '../../testing/city-fixtures';
import type { FakeApi } from '../../testing/fake-api';
import { FAKE_TRANSACTION_ID, installFakeKeychain } from '../../testing/fake-keychain';
import { notificationOf } from '../../testing/notification-fixtures';
import {
  buyButtonOf,
  COMMANDERS_BLADE,
  CREATE_URL,
  errorShown,
  feedback,
  ITEMS_URL,
  NO_PENDING,
  openShop,
  PENDING_URL,
  pendingPurchase,
  PLAYER,
  purchaseStatus,
  RESOURCE_CRATE,
  serveInTurn,
  shopItems,
  STARTER_BUNDLE,
  statusShown,
} from './shop-fixtures';

const ID = 41;
const STATUS_URL = ApiRoutes.shopPurchaseStatus(ID);
const CRATE = 'shop-item-resource-crate';
const BUNDLE = 'shop-item-starter-bundle';
const PAYMENT_SENT = 'Payment sent! Waiting for confirmation...';
const CONFIRMED = 'Purchase confirmed! Your rewards have been delivered.';

function acceptPurchase(api: FakeApi, purchaseId = ID) {
  api.on('POST', CREATE_URL, { status: 200, data: { success: true, purchaseId } });
}

/** Clicks Buy on the Resource Crate and lets Keychain and the purchase call answer. */
async function buyCrate() {
  fireEvent.click(buyButtonOf(CRATE));
  await advance(0);
}

describe('Shop: buying an item with SWAP.HIVE', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('says the payment is in a Hive block and waits for Hive Engine while the status says so, then confirms', async () => {
    installFakeKeychain();
    const { api } = await openShop();
    acceptPurchase(api);
    serveInTurn(
      api,
      'GET',
      STATUS_URL,
      purchaseStatus(ID, 'pending', { awaitingHiveEngine: true }),
      purchaseStatus(ID, 'pending', { seenOnChain: true }),
      purchaseStatus(ID, 'confirmed', { seenOnChain: true }),
    );

    await buyCrate();
    expect(statusShown()).toContain(PAYMENT_SENT);
    await advance(10_000);
    expect(statusShown()).toContain(PaymentProgressMessages.awaitingHiveEngine);
    expect(statusShown()).not.toContain(PAYMENT_SENT);
    // Hive Engine processed it: the plain wait again, until the confirmation.
    await advance(10_000);
    expect(statusShown()).toContain(PAYMENT_SENT);
    await advance(10_000);
    expect(statusShown()).toContain(CONFIRMED);
  });

  it('pays through Keychain, records the purchase, polls every 10 s until confirmed, shows the rewards and reloads', async () => {
    const keychain = installFakeKeychain();
    const { api, queryClient } = await openShop();
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    queryClient.setQueryData(gearKeys.owned(PLAYER), { stale: 'gears' });
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'), purchaseStatus(ID, 'confirmed'));
    const crateAfter = { ...RESOURCE_CRATE, nextPurchaseCount: 4 };
    serveInTurn(api, 'GET', ITEMS_URL, shopItems({ items: [crateAfter, STARTER_BUNDLE, COMMANDERS_BLADE], hiveBalance: 10.3456 }));

    await buyCrate();
    expect(keychain.requestSendToken).toHaveBeenCalledTimes(1);
    expect(keychain.requestSendToken).toHaveBeenCalledWith(
      PLAYER,
      GAME_ACCOUNT,
      '2.000',
      'runik-shop:alice:Resource Crate',
      'SWAP.HIVE',
      expect.any(Function),
    );
    expect(api.callsTo(CREATE_URL).map((request) => request.body)).toEqual([
      { hiveUsername: PLAYER, itemName: 'Resource Crate', price: '2.000', hiveTxId: FAKE_TRANSACTION_ID },
    ]);
    expect(statusShown()).toContain(PAYMENT_SENT);
    expect(statusShown()).toContain('Awaiting confirmation: Resource Crate');
    // A pending purchase blocks every new one.
    expect(buyButtonOf(CRATE)).toBeDisabled();
    expect(buyButtonOf(BUNDLE)).toBeDisabled();

    await advance(9_999);
    expect(api.callsTo(STATUS_URL)).toHaveLength(0);
    await advance(1);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
    expect(statusShown()).toContain(PAYMENT_SENT);
    expect(statusShown()).not.toContain(CONFIRMED);

    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(errorShown()).toBeNull();
    expect(statusShown()).not.toContain(PAYMENT_SENT);
    expect(statusShown()).toContain(CONFIRMED);
    const rewards = within(feedback()).getByRole('list', { name: 'Rewards' });
    expect(
      within(rewards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RESOURCE_CRATE.rewards);
    expect(feedback()).toHaveTextContent('Resource Crate, purchase #3');

    // The items, the balance, the city and the gears are reloaded.
    expect(api.callsTo(ITEMS_URL)).toHaveLength(2);
    expect(screen.getByTestId('shop-hive-balance')).toHaveTextContent('10.345');
    expect(screen.getByTestId(CRATE)).toHaveTextContent('Purchase #4');
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(gearKeys.owned(PLAYER))?.isInvalidated).toBe(true);
    expect(buyButtonOf(CRATE)).toBeEnabled();

    // Polling is over.
    await advance(30_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
  });

  it("shows the worker's reason when the payment is invalid, and grants nothing", async () => {
    installFakeKeychain();
    const { api, queryClient } = await openShop();
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'invalid', { error: 'Transaction quantity does not match the price' }));

    await buyCrate();
    await advance(10_000);
    expect(errorShown()).toHaveTextContent(/^Transaction quantity does not match the price$/);
    expect(statusShown()).toBe('');
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(false);
    expect(buyButtonOf(CRATE)).toBeEnabled();
    await advance(30_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });

  it("says 'Purchase failed' for an invalid purchase without a reason", async () => {
    installFakeKeychain();
    const { api } = await openShop();
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'invalid', { error: null }));
    await buyCrate();
    await advance(10_000);
    expect(errorShown()).toHaveTextContent(/^Purchase failed$/);
  });

  it('times out when the purchase is still pending 120 s after polling began', async () => {
    installFakeKeychain();
    const { api } = await openShop();
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'));

    await buyCrate();
    await advance(110_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(11);
    expect(errorShown()).toBeNull();
    expect(statusShown()).toContain(PAYMENT_SENT);

    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(12);
    expect(errorShown()).toHaveTextContent(/^Purchase confirmation timed out\. Please check your purchase history or contact support\.$/);
    expect(statusShown()).not.toContain(PAYMENT_SENT);
    await advance(60_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(12);
  });

  it('after the time-out, shows the purchase confirmed when the game pushes its confirmation (Hive Engine was late)', async () => {
    installFakeKeychain();
    const { api, push } = await openShop();
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'));
    await buyCrate();
    await advance(120_000);
    expect(errorShown()).toHaveTextContent(/^Purchase confirmation timed out\./);

    // Another purchase's confirmation changes nothing here.
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'confirmed'));
    push(
      notificationOf('shop-purchase-confirmed', {
        purchaseId: ID + 1,
        itemName: 'Resource Crate',
        price: 2,
        transactionId: FAKE_TRANSACTION_ID,
      }),
    );
    await advance(0);
    expect(api.callsTo(STATUS_URL)).toHaveLength(12);
    expect(errorShown()).toHaveTextContent(/^Purchase confirmation timed out\./);

    push(
      notificationOf('shop-purchase-confirmed', {
        purchaseId: ID,
        itemName: 'Resource Crate',
        price: 2,
        transactionId: FAKE_TRANSACTION_ID,
      }),
    );
    await advance(0);
    expect(api.callsTo(STATUS_URL)).toHaveLength(13);
    expect(errorShown()).toBeNull();
    expect(statusShown()).toContain(CONFIRMED);
  });

  // Issue 45: the toast said the purchase was done while the screen still said it waited, until the next poll.
  it('shows the purchase it waits for confirmed as soon as the game pushes it, in place of a toast', async () => {
    installFakeKeychain();
    const { api, push } = await openShop();
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'confirmed'));
    await buyCrate();
    expect(statusShown()).toContain(PAYMENT_SENT);

    const pushed = (purchaseId: number) =>
      push(
        notificationOf('shop-purchase-confirmed', { purchaseId, itemName: 'Resource Crate', price: 2, transactionId: FAKE_TRANSACTION_ID }),
      );
    // Another purchase's confirmation is the toast's to tell.
    expect(pushed(ID + 1)).toBe(false);
    await advance(0);
    expect(api.callsTo(STATUS_URL)).toHaveLength(0);

    expect(pushed(ID)).toBe(true);
    await advance(0);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
    expect(statusShown()).not.toContain(PAYMENT_SENT);
    expect(statusShown()).toContain(CONFIRMED);
    // Settled once: the poll that was due asks no more.
    await advance(30_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });

  it('stops polling when the status checks have failed for 60 s', async () => {
    installFakeKeychain();
    const { api } = await openShop();
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, { status: 503, data: { error: 'Service unavailable' } });

    await buyCrate();
    await advance(50_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(5);
    expect(errorShown()).toBeNull();
    expect(statusShown()).toContain(PAYMENT_SENT);

    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(6);
    expect(errorShown()).toHaveTextContent(/^Error polling for confirmation\. Please check your purchase history\.$/);
    await advance(60_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(6);
  });

  it('needs Hive Keychain, and sends nothing without it', async () => {
    const { api } = await openShop();
    await buyCrate();
    expect(errorShown()).toHaveTextContent(/^Please install Hive Keychain extension to make purchases$/);
    expect(api.callsTo(CREATE_URL)).toHaveLength(0);
    expect(buyButtonOf(CRATE)).toBeEnabled();
  });

  it('reports a transfer the player cancelled in Keychain, and records no purchase', async () => {
    const keychain = installFakeKeychain({
      sendToken: { success: false, error: 'user_cancel', result: null, message: 'Request was canceled by the user.' },
    });
    const { api } = await openShop();
    await buyCrate();
    expect(keychain.requestSendToken).toHaveBeenCalledTimes(1);
    expect(errorShown()).toHaveTextContent(/^Transaction was cancelled by the user\.$/);
    expect(api.callsTo(CREATE_URL)).toHaveLength(0);
    expect(buyButtonOf(CRATE)).toBeEnabled();
  });

  it("relays the server's 409 with the payment's transaction id, then shows and polls the purchase that is pending", async () => {
    installFakeKeychain();
    const { api } = await openShop();
    api.on('POST', CREATE_URL, { status: 409, data: { error: 'Please wait for your previous transaction to finish processing first.' } });
    // Pending was empty when the page loaded and just before paying; another tab's purchase shows up after.
    serveInTurn(api, 'GET', PENDING_URL, NO_PENDING, pendingPurchase(ID, 'Starter Bundle'));
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending', { itemName: 'Starter Bundle' }));

    await buyCrate();
    expect(errorShown()).toHaveTextContent(/^Please wait for your previous transaction to finish processing first\.$/);
    expect(feedback()).toHaveTextContent(`Your payment's transaction id: ${FAKE_TRANSACTION_ID}`);
    await advance(0);
    expect(api.callsTo(PENDING_URL)).toHaveLength(3);
    expect(statusShown()).toContain(PAYMENT_SENT);
    expect(statusShown()).toContain('Awaiting confirmation: Starter Bundle');
    expect(buyButtonOf(CRATE)).toBeDisabled();
    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });

  it('asks again before paying, and sends nothing when another purchase turned up pending', async () => {
    const keychain = installFakeKeychain();
    const { api } = await openShop();
    serveInTurn(api, 'GET', PENDING_URL, pendingPurchase(ID, 'War Chest'));
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'));

    await buyCrate();
    expect(keychain.requestSendToken).not.toHaveBeenCalled();
    expect(api.callsTo(CREATE_URL)).toHaveLength(0);
    expect(errorShown()).toHaveTextContent(/^Please wait for your previous transaction to finish processing first\.$/);
    // That purchase is the one polled now.
    expect(statusShown()).toContain('Awaiting confirmation: War Chest');
    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });
});

describe('Shop: a purchase pending when the page loads', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows it pending, blocks new purchases and resumes polling until it is confirmed', async () => {
    const keychain = installFakeKeychain();
    const { api, queryClient } = await openShop({ pending: pendingPurchase(ID, 'Starter Bundle') });
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    const bundleRewards = ['10.000 RUNIK', '500.00 Wheat'];
    serveInTurn(
      api,
      'GET',
      STATUS_URL,
      purchaseStatus(ID, 'pending', { itemName: 'Starter Bundle' }),
      purchaseStatus(ID, 'confirmed', { itemName: 'Starter Bundle', rewards: bundleRewards, purchaseCount: 1 }),
    );
    serveInTurn(api, 'GET', PENDING_URL, NO_PENDING);

    expect(statusShown()).toContain(PAYMENT_SENT);
    expect(statusShown()).toContain('Awaiting confirmation: Starter Bundle');
    expect(buyButtonOf(CRATE)).toBeDisabled();
    expect(buyButtonOf(BUNDLE)).toBeDisabled();
    fireEvent.click(buyButtonOf(CRATE));
    await advance(0);
    expect(keychain.requestSendToken).not.toHaveBeenCalled();

    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
    expect(statusShown()).toContain(PAYMENT_SENT);
    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(statusShown()).toContain(CONFIRMED);
    const rewards = within(feedback()).getByRole('list', { name: 'Rewards' });
    expect(
      within(rewards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(bundleRewards);
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
    expect(api.callsTo(ITEMS_URL)).toHaveLength(2);
    expect(buyButtonOf(CRATE)).toBeEnabled();
  });

  it('after a time-out keeps purchases blocked while the server still holds it pending, and Check again resumes', async () => {
    installFakeKeychain();
    const { api } = await openShop({ pending: pendingPurchase(ID, 'Resource Crate') });
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'));

    await advance(120_000);
    expect(errorShown()).toHaveTextContent('Purchase confirmation timed out.');
    expect(buyButtonOf(CRATE)).toBeDisabled();
    expect(api.callsTo(STATUS_URL)).toHaveLength(12);
    await advance(30_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(12);

    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'confirmed'));
    serveInTurn(api, 'GET', PENDING_URL, NO_PENDING);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await advance(0);
    expect(errorShown()).toBeNull();
    expect(statusShown()).toContain(PAYMENT_SENT);
    await advance(10_000);
    expect(statusShown()).toContain(CONFIRMED);
    expect(buyButtonOf(CRATE)).toBeEnabled();
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRoutes } from '@runik/contract';
import { cityKeys } from '../../shared/query-keys';
import { GAME_ACCOUNT } from '../../shared/config';
import { advance } from '../../testing/city-fixtures';
import { answerConfirmation } from '../../testing/dialogs';
import type { FakeApi } from '../../testing/fake-api';
import { FAKE_TRANSACTION_ID, installFakeKeychain } from '../../testing/fake-keychain';
import {
  buyButton,
  feedback,
  gear,
  INFO_URL,
  NO_PENDING,
  opened,
  openingDialog,
  openPacks,
  packInfo,
  PENDING_URL,
  PLAYER,
  purchaseStatus,
  revealedCards,
  serveInTurn,
} from './packs-fixtures';

const HIVE_URL = ApiRoutes.packPurchaseHive;
const ID = 77;
const STATUS_URL = ApiRoutes.packPurchaseStatus(ID);
const OPEN_URL = ApiRoutes.packOpen(ID);
const PAYMENT_SENT = 'Payment sent! Waiting for confirmation...';

function acceptPurchase(api: FakeApi, packCount = 1) {
  api.on('POST', HIVE_URL, { status: 200, data: { success: true, packPurchaseId: ID, packCount, status: 'pending' } });
}

function errorShown(): HTMLElement | null {
  return within(feedback()).queryByRole('alert');
}

function noticeShown(): HTMLElement | null {
  return within(feedback()).queryByRole('status');
}

describe('Pack store: buying with SWAP.HIVE', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('pays through Keychain, records the purchase, polls every 10 s until confirmed, then opens the packs', async () => {
    const keychain = installFakeKeychain();
    const { api, queryClient } = await openPacks({
      fakeTimers: true,
      info: packInfo({ prices: { runik: { single: 10, bulk: 100 }, hive: { single: 1, bulk: 9.5 } } }),
    });
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    acceptPurchase(api, 10);
    serveInTurn(
      api,
      'GET',
      STATUS_URL,
      purchaseStatus(ID, 'pending', { packCount: 10 }),
      purchaseStatus(ID, 'confirmed', { packCount: 10 }),
    );
    api.on('POST', OPEN_URL, { status: 200, data: opened(ID, [gear(801, 'archer', 'legendary', 2)], 42, 2) });

    fireEvent.click(buyButton('Buy 10 Packs (SWAP.HIVE)'));
    expect(keychain.requestSendToken).not.toHaveBeenCalled();
    expect(await answerConfirmation(true)).toBe(`Buy 10 Packs for ${screen.getByTestId('hive-offers-bulk-price').textContent}?`);
    await advance(0);
    expect(keychain.requestSendToken).toHaveBeenCalledTimes(1);
    expect(keychain.requestSendToken).toHaveBeenCalledWith(
      PLAYER,
      GAME_ACCOUNT,
      '9.500',
      `runik-packs:${PLAYER}:10`,
      'SWAP.HIVE',
      expect.any(Function),
    );
    expect(api.callsTo(HIVE_URL).map((request) => request.body)).toEqual([
      { hiveUsername: PLAYER, packCount: 10, hiveTxId: FAKE_TRANSACTION_ID },
    ]);
    expect(noticeShown()).toHaveTextContent(PAYMENT_SENT);
    // A pending purchase blocks a new SWAP.HIVE one; RUNIK stays open.
    expect(buyButton('Buy 1 Pack (SWAP.HIVE)')).toBeDisabled();
    expect(buyButton('Buy 1 Pack (RUNIK)')).toBeEnabled();

    await advance(9_999);
    expect(api.callsTo(STATUS_URL)).toHaveLength(0);
    await advance(1);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
    expect(noticeShown()).toHaveTextContent(PAYMENT_SENT);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(api.callsTo(OPEN_URL).map((request) => request.body)).toEqual([{}]);
    expect(within(openingDialog()).getByTestId('opening-proof')).toHaveTextContent('Rolled from seed 42');
    await advance(400);
    expect(revealedCards()[0]).toHaveTextContent('Legendary Archer Gear Lv.2');
    expect(noticeShown()).toBeNull();
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
    expect(buyButton('Buy 1 Pack (SWAP.HIVE)')).toBeEnabled();

    // Polling is over.
    await advance(30_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
  });

  it("shows the worker's reason when the payment is invalid, and opens nothing", async () => {
    installFakeKeychain();
    const { api } = await openPacks({ fakeTimers: true });
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'invalid', { error: 'Transaction quantity does not match the pack price' }));

    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await advance(0);
    await advance(10_000);
    expect(errorShown()).toHaveTextContent('Transaction quantity does not match the pack price');
    expect(noticeShown()).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(OPEN_URL)).toHaveLength(0);
    await advance(30_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });

  it('times out when the purchase is still pending 120 s after polling began', async () => {
    installFakeKeychain();
    const { api } = await openPacks({ fakeTimers: true });
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'));

    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await advance(0);
    await advance(110_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(11);
    expect(errorShown()).toBeNull();
    expect(noticeShown()).toHaveTextContent(PAYMENT_SENT);

    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(12);
    expect(errorShown()).toHaveTextContent(/^Purchase confirmation timed out\. Please check your purchase history or contact support\.$/);
    expect(noticeShown()).toBeNull();
    await advance(60_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(12);
  });

  it('stops polling when the status checks have failed for 60 s', async () => {
    installFakeKeychain();
    const { api } = await openPacks({ fakeTimers: true });
    acceptPurchase(api);
    serveInTurn(api, 'GET', STATUS_URL, { status: 503, data: { error: 'Service unavailable' } });

    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await advance(0);
    await advance(50_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(5);
    expect(errorShown()).toBeNull();
    expect(noticeShown()).toHaveTextContent(PAYMENT_SENT);

    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(6);
    expect(errorShown()).toHaveTextContent(/^Error polling for confirmation\. Please check your purchase history\.$/);
    await advance(60_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(6);
  });

  it('keeps polling through failed checks while one was answered in the last 60 s', async () => {
    installFakeKeychain();
    const { api } = await openPacks({ fakeTimers: true });
    acceptPurchase(api);
    const failure = { status: 503, data: { error: 'Service unavailable' } };
    // Checks at 10-30 s fail, 40 s answers, 50-90 s fail (50 s without an answer), 100 s confirms.
    const answers = [failure, failure, failure, purchaseStatus(ID, 'pending'), failure, failure, failure, failure, failure];
    serveInTurn(api, 'GET', STATUS_URL, ...answers, purchaseStatus(ID, 'confirmed'));
    api.on('POST', OPEN_URL, { status: 200, data: opened(ID, [gear(802)]) });

    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await advance(0);
    await advance(100_000);
    expect(errorShown()).toBeNull();
    expect(api.callsTo(OPEN_URL)).toHaveLength(1);
  });

  it('needs Hive Keychain, and sends nothing without it', async () => {
    const { api } = await openPacks({ fakeTimers: true });
    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await advance(0);
    expect(errorShown()).toHaveTextContent(/^Please install Hive Keychain extension to make purchases$/);
    expect(api.callsTo(HIVE_URL)).toHaveLength(0);
  });

  it('reports a transfer the player cancelled in Keychain, and records no purchase', async () => {
    const keychain = installFakeKeychain({
      sendToken: { success: false, error: 'user_cancel', result: null, message: 'Request was canceled by the user.' },
    });
    const { api } = await openPacks({ fakeTimers: true });
    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await advance(0);
    expect(keychain.requestSendToken).toHaveBeenCalledTimes(1);
    expect(errorShown()).toHaveTextContent(/^Transaction was cancelled by the user\.$/);
    expect(api.callsTo(HIVE_URL)).toHaveLength(0);
    expect(buyButton('Buy 1 Pack (SWAP.HIVE)')).toBeEnabled();
  });

  it("relays the server's 409 when a purchase is already pending, with the payment's transaction id", async () => {
    installFakeKeychain();
    const { api } = await openPacks({ fakeTimers: true });
    api.on('POST', HIVE_URL, { status: 409, data: { error: 'Please wait for your previous transaction to finish processing first.' } });
    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await advance(0);
    expect(errorShown()).toHaveTextContent(/^Please wait for your previous transaction to finish processing first\.$/);
    expect(feedback()).toHaveTextContent(FAKE_TRANSACTION_ID);
    await advance(30_000);
    expect(api.requests.some((request) => request.url.startsWith('/api/packs/purchase/status/7'))).toBe(false);
  });

  it('asks again before paying, and sends nothing when another purchase turned up pending', async () => {
    const keychain = installFakeKeychain();
    const { api } = await openPacks({ fakeTimers: true });
    serveInTurn(api, 'GET', PENDING_URL, { hasPending: true, packPurchaseId: ID, unopenedPurchaseIds: [] });
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'));

    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await advance(0);
    expect(keychain.requestSendToken).not.toHaveBeenCalled();
    expect(api.callsTo(HIVE_URL)).toHaveLength(0);
    expect(errorShown()).toHaveTextContent(/^Please wait for your previous transaction to finish processing first\.$/);
    // That purchase is the one polled now.
    expect(noticeShown()).toHaveTextContent(PAYMENT_SENT);
    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
  });
});

describe('Pack store: a SWAP.HIVE purchase pending when the page loads', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows it pending, blocks new SWAP.HIVE purchases and resumes polling until it is confirmed', async () => {
    const keychain = installFakeKeychain();
    const api = (await openPacks({ fakeTimers: true, pending: { hasPending: true, packPurchaseId: ID, unopenedPurchaseIds: [] } })).api;
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'), purchaseStatus(ID, 'confirmed'));
    serveInTurn(api, 'GET', PENDING_URL, NO_PENDING);
    api.on('POST', OPEN_URL, { status: 200, data: opened(ID, [gear(803, 'lumber', 'rare', 1)]) });

    expect(noticeShown()).toHaveTextContent(PAYMENT_SENT);
    expect(buyButton('Buy 1 Pack (SWAP.HIVE)')).toBeDisabled();
    expect(buyButton('Buy 10 Packs (SWAP.HIVE)')).toBeDisabled();
    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    expect(keychain.requestSendToken).not.toHaveBeenCalled();

    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(1);
    await advance(10_000);
    expect(api.callsTo(STATUS_URL)).toHaveLength(2);
    expect(api.callsTo(OPEN_URL)).toHaveLength(1);
    fireEvent.click(within(openingDialog()).getByRole('button', { name: 'Skip' }));
    expect(revealedCards()[0]).toHaveTextContent('Rare Lumber Gear Lv.1');
    expect(buyButton('Buy 1 Pack (SWAP.HIVE)')).toBeEnabled();
  });

  it('after a time-out keeps SWAP.HIVE purchases blocked while the server still holds it pending, and Check again resumes', async () => {
    installFakeKeychain();
    const { api } = await openPacks({ fakeTimers: true, pending: { hasPending: true, packPurchaseId: ID, unopenedPurchaseIds: [] } });
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'pending'));

    await advance(120_000);
    expect(errorShown()).toHaveTextContent('Purchase confirmation timed out.');
    expect(buyButton('Buy 1 Pack (SWAP.HIVE)')).toBeDisabled();
    expect(api.callsTo(STATUS_URL)).toHaveLength(12);

    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'confirmed'));
    api.on('POST', OPEN_URL, { status: 200, data: opened(ID, [gear(804)]) });
    serveInTurn(api, 'GET', PENDING_URL, NO_PENDING);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await advance(0);
    expect(errorShown()).toBeNull();
    expect(noticeShown()).toHaveTextContent(PAYMENT_SENT);
    await advance(10_000);
    expect(api.callsTo(OPEN_URL)).toHaveLength(1);
    expect(openingDialog()).toBeInTheDocument();
  });

  it('does not open a confirmed purchase that was already opened elsewhere', async () => {
    const { api } = await openPacks({ fakeTimers: true, pending: { hasPending: true, packPurchaseId: ID, unopenedPurchaseIds: [] } });
    serveInTurn(api, 'GET', STATUS_URL, purchaseStatus(ID, 'confirmed', { opened: true }));
    await advance(10_000);
    expect(api.callsTo(OPEN_URL)).toHaveLength(0);
    expect(noticeShown()).toHaveTextContent('These packs were already opened.');
  });

  it('loads nothing more than the info and the pending status when nothing is pending', async () => {
    const { api } = await openPacks({ fakeTimers: true });
    await advance(30_000);
    expect(api.requests.map((request) => request.url).sort()).toEqual([INFO_URL, PENDING_URL].sort());
  });
});

describe('Pack store: SWAP.HIVE with real timers', () => {
  it('shows the pending notice as soon as the purchase is recorded', async () => {
    installFakeKeychain();
    const { api } = await openPacks();
    acceptPurchase(api);
    fireEvent.click(buyButton('Buy 1 Pack (SWAP.HIVE)'));
    await waitFor(() => expect(noticeShown()).toHaveTextContent(PAYMENT_SENT));
    expect(api.callsTo(HIVE_URL)[0].body).toEqual({ hiveUsername: PLAYER, packCount: 1, hiveTxId: FAKE_TRANSACTION_ID });
  });
});

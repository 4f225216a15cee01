import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes, AppRoutes, type NotificationDto } from '@runik/contract';
import { GAME_ACCOUNT } from '../../shared/config';
import { PushListenersContext, SeenListenersContext, type PushListener, type SeenListener } from '../../shared/pushed-notifications';
import { advance } from '../../testing/city-fixtures';
import { installFakeApi, responder } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { notificationOf } from '../../testing/notification-fixtures';
import { renderWithProviders } from '../../testing/render';
import { gear, INFO_URL, NO_PENDING, opened, openingDialog, packInfo, PENDING_URL, PLAYER, purchaseStatus } from './packs-fixtures';
import { PacksPage } from './PacksPage';

const ID = 91;

/** The Pack store with the live connection's listeners in the test's hands; on fake timers. */
async function openPacksWithPush(pending = NO_PENDING) {
  vi.useFakeTimers();
  const api = installFakeApi()
    .on('GET', INFO_URL, responder(packInfo({ prices: { runik: { single: 10, bulk: 100 }, hive: { single: 1, bulk: 9.5 } } })))
    .on('GET', PENDING_URL, responder(pending));
  logInAs(PLAYER);
  const pushed = new Set<PushListener>();
  const seen = new Set<SeenListener>();
  renderWithProviders(
    <PushListenersContext.Provider value={pushed}>
      <SeenListenersContext.Provider value={seen}>
        <PacksPage />
      </SeenListenersContext.Provider>
    </PushListenersContext.Provider>,
    AppRoutes.packs,
  );
  await advance(0);
  await advance(0);
  const push = (notification: NotificationDto) => {
    let shown = false;
    act(() => {
      shown = [...pushed].map((listener) => listener(notification)).includes(true);
    });
    return shown;
  };
  const seeOnChain = (transactionId: string) => act(() => seen.forEach((listener) => listener(transactionId)));
  return { api, push, seeOnChain };
}

describe('Pack store: paying by hand (issue 49)', () => {
  it('shows the bulk offer transfer, then follows it to the packs opened once the chain follower confirms it', async () => {
    const { api, push, seeOnChain } = await openPacksWithPush();
    fireEvent.click(screen.getByTestId('hive-offers-bulk-by-hand-toggle'));
    const byHand = screen.getByTestId('hive-offers-bulk-by-hand');
    expect(within(byHand).getByTestId('hive-offers-bulk-by-hand-recipient')).toHaveTextContent(GAME_ACCOUNT);
    expect(within(byHand).getByTestId('hive-offers-bulk-by-hand-amount')).toHaveTextContent(/^9\.500$/);
    expect(within(byHand).getByTestId('hive-offers-bulk-by-hand-token')).toHaveTextContent(/^SWAP\.HIVE$/);
    expect(within(byHand).getByTestId('hive-offers-bulk-by-hand-memo')).toHaveTextContent(`runik-packs:${PLAYER}:10`);

    fireEvent.click(within(byHand).getByRole('button', { name: "I've sent it" }));
    const steps = () => within(byHand).getByTestId('payment-steps');
    expect(steps()).toHaveAttribute('data-step', 'sent');
    // Another payment cannot start while this one is awaited.
    expect(screen.getByRole('button', { name: 'Buy 1 Pack (SWAP.HIVE)' })).toBeDisabled();
    expect(screen.getByTestId('hive-offers-single-by-hand-toggle')).toBeDisabled();
    seeOnChain('c'.repeat(40));
    expect(steps()).toHaveAttribute('data-step', 'seen');

    // The follower made the purchase when it credited the transfer: the page learns its id from the push.
    api
      .on('GET', ApiRoutes.packPurchaseStatus(ID), { status: 200, data: purchaseStatus(ID, 'confirmed', { packCount: 10 }) })
      .on('POST', ApiRoutes.packOpen(ID), { status: 200, data: opened(ID, [gear(801, 'archer', 'legendary', 2)]) });
    const shown = push(
      notificationOf('pack-purchase-confirmed', { purchaseId: ID, packCount: 10, price: 9.5, transactionId: 'c'.repeat(40) }),
    );
    expect(shown).toBe(true);
    await advance(0);
    await advance(0);
    expect(steps()).toHaveAttribute('data-step', 'credited');
    expect(api.callsTo(ApiRoutes.packOpen(ID))).toHaveLength(1);
    expect(openingDialog()).toBeInTheDocument();
    // Nothing was reported: no wallet was used.
    expect(api.callsTo(ApiRoutes.packPurchaseHive)).toHaveLength(0);
  });

  it('opens the packs of a transfer made before the player said so (the page listens once the transfer is shown)', async () => {
    const { api, push } = await openPacksWithPush();
    api
      .on('GET', ApiRoutes.packPurchaseStatus(ID), { status: 200, data: purchaseStatus(ID, 'confirmed', { packCount: 1 }) })
      .on('POST', ApiRoutes.packOpen(ID), { status: 200, data: opened(ID, [gear(802)]) });
    const confirmed = notificationOf('pack-purchase-confirmed', { purchaseId: ID, packCount: 1, price: 1, transactionId: 'f'.repeat(40) });
    // Not shown yet: another purchase's confirmation is not this page's.
    expect(push(confirmed)).toBe(false);
    fireEvent.click(screen.getByTestId('hive-offers-single-by-hand-toggle'));
    expect(push(confirmed)).toBe(true);
    await advance(0);
    await advance(0);
    expect(within(screen.getByTestId('hive-offers-single-by-hand')).getByTestId('payment-steps')).toHaveAttribute('data-step', 'credited');
    expect(api.callsTo(ApiRoutes.packOpen(ID))).toHaveLength(1);
  });

  it('offers no payment by hand while a purchase is pending (a pending purchase blocks a new one)', async () => {
    const { api } = await openPacksWithPush({ hasPending: true, packPurchaseId: 5, unopenedPurchaseIds: [] });
    api.on('GET', ApiRoutes.packPurchaseStatus(5), { status: 200, data: purchaseStatus(5, 'pending') });
    await advance(0);
    expect(screen.getByTestId('hive-offers-single-by-hand-toggle')).toBeDisabled();
    expect(screen.getByTestId('hive-offers-bulk-by-hand-toggle')).toBeDisabled();
  });
});

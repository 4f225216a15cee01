import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiRoutes } from '@runik/contract';
import { cityKeys } from '../../shared/query-keys';
import { advance } from '../../testing/city-fixtures';
import { answerConfirmation, openConfirmation } from '../../testing/dialogs';
import {
  buyButton,
  feedback,
  gear,
  INFO_URL,
  opened,
  openingDialog,
  openPacks,
  packInfo,
  PLAYER,
  revealedCards,
  serveInTurn,
} from './packs-fixtures';

const RUNIK_URL = ApiRoutes.packPurchaseRunik;
const GEARS = [gear(501, 'wheat', 'common', 2), gear(502, 'cavalry', 'epic', 2), gear(503, 'ore', 'mythical', 2)];

function confirmedRunik(packPurchaseId: number, packCount: number) {
  return { status: 200, data: { success: true, packPurchaseId, packCount, status: 'confirmed' } };
}

describe('Pack store: buying with RUNIK', () => {
  it('buys, opens the packs at once, then flips the cards one by one every 400 ms', async () => {
    vi.useFakeTimers();
    const { api, queryClient } = await openPacks({ fakeTimers: true });
    queryClient.setQueryData(cityKeys.city(PLAYER), { stale: 'city' });
    api
      .on('POST', RUNIK_URL, confirmedRunik(41, 3))
      .on('POST', ApiRoutes.packOpen(41), { status: 200, data: opened(41, GEARS, 987654321, 2) });
    serveInTurn(api, 'GET', INFO_URL, packInfo({ userRunikPackCount: 10, tier: 2, balance: { runik: 220.25, hive: 12.5 } }));
    const infoLoads = api.callsTo(INFO_URL).length;

    fireEvent.click(buyButton('Buy 1 Pack (RUNIK)'));
    await advance(0);
    expect(api.callsTo(RUNIK_URL).map((request) => request.body)).toEqual([{ hiveUsername: PLAYER, packCount: 1 }]);
    expect(api.callsTo(ApiRoutes.packOpen(41)).map((request) => request.body)).toEqual([{}]);

    const dialog = openingDialog();
    expect(within(dialog).getByTestId('opening-proof')).toHaveTextContent('Rolled from seed 987654321');
    expect(within(dialog).getByTestId('opening-proof')).toHaveTextContent('Tier 2');
    // Face down at first: no gear is named yet.
    expect(revealedCards()).toHaveLength(0);
    expect(within(dialog).queryByText(/Gear Lv\./)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();

    await advance(399);
    expect(revealedCards()).toHaveLength(0);
    await advance(1);
    expect(revealedCards().map((card) => card.dataset.testid)).toEqual(['revealed-gear-501']);
    expect(revealedCards()[0]).toHaveTextContent('Common Wheat Gear Lv.2');
    expect(revealedCards()[0]).toHaveTextContent('+1.2% Wheat Production');
    await advance(400);
    expect(revealedCards()).toHaveLength(2);
    expect(revealedCards()[1]).toHaveTextContent('Epic Cavalry Gear Lv.2');
    expect(revealedCards()[1]).toHaveTextContent('+4.8% Cavalry Attack Boost');
    expect(within(dialog).getByTestId('reveal-progress')).toHaveTextContent('2 of 3 revealed');
    await advance(400);
    expect(revealedCards()).toHaveLength(3);
    expect(revealedCards()[2]).toHaveTextContent('Mythical Ore Gear Lv.2');

    // All shown: Skip gives way to Close.
    expect(within(dialog).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The balances and counts were reloaded; the city's RUNIK will be too.
    expect(api.callsTo(INFO_URL).length).toBeGreaterThan(infoLoads);
    expect(screen.getByTestId('runik-balance')).toHaveTextContent('220.250');
    expect(screen.getByTestId('runik-pack-count')).toHaveTextContent(/^10$/);
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
  });

  it('Skip turns every card over at once', async () => {
    vi.useFakeTimers();
    const bulk = Array.from({ length: 10 }, (_, index) => gear(600 + index, 'stone', 'rare', 1));
    const { api } = await openPacks({ fakeTimers: true });
    api.on('POST', RUNIK_URL, confirmedRunik(42, 10)).on('POST', ApiRoutes.packOpen(42), { status: 200, data: opened(42, bulk, 5, 1) });

    fireEvent.click(buyButton('Buy 10 Packs (RUNIK)'));
    await answerConfirmation(true);
    await advance(0);
    expect(api.callsTo(RUNIK_URL)[0].body).toEqual({ hiveUsername: PLAYER, packCount: 10 });
    await advance(400);
    expect(revealedCards()).toHaveLength(1);

    fireEvent.click(within(openingDialog()).getByRole('button', { name: 'Skip' }));
    expect(revealedCards().map((card) => card.dataset.testid)).toEqual(bulk.map((item) => `revealed-gear-${item.gearId}`));
    expect(within(openingDialog()).getByRole('button', { name: 'Close' })).toHaveFocus();
    expect(within(openingDialog()).queryByRole('button', { name: 'Skip' })).not.toBeInTheDocument();
  });

  it("relays the server's refusal, and opens nothing", async () => {
    const { api } = await openPacks();
    api.on('POST', RUNIK_URL, { status: 400, data: { error: 'Insufficient RUNIK balance.' } });
    fireEvent.click(buyButton('Buy 1 Pack (RUNIK)'));
    await waitFor(() => expect(within(feedback()).getByRole('alert')).toHaveTextContent('Insufficient RUNIK balance.'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requests.some((request) => request.url.startsWith('/api/packs/open/'))).toBe(false);
  });

  it("says 'RUNIK purchase failed' when the server gives no reason", async () => {
    const { api } = await openPacks();
    api.on('POST', RUNIK_URL, { status: 502 });
    fireEvent.click(buyButton('Buy 10 Packs (RUNIK)'));
    await answerConfirmation(true);
    await waitFor(() => expect(within(feedback()).getByRole('alert')).toHaveTextContent(/^RUNIK purchase failed$/));
  });

  it('asks before buying 10 packs, with the price, and buys nothing when declined; a single pack goes at once', async () => {
    const { api } = await openPacks();
    api.on('POST', RUNIK_URL, { status: 400, data: { error: 'Insufficient RUNIK balance.' } });
    const bulkPrice = screen.getByTestId('runik-offers-bulk-price').textContent;

    fireEvent.click(buyButton('Buy 10 Packs (RUNIK)'));
    expect(await answerConfirmation(false)).toBe(`Buy 10 Packs for ${bulkPrice}?`);
    expect(api.callsTo(RUNIK_URL)).toHaveLength(0);

    fireEvent.click(buyButton('Buy 1 Pack (RUNIK)'));
    expect(openConfirmation()).toBeNull();
    await waitFor(() => expect(api.callsTo(RUNIK_URL).map((request) => request.body)).toEqual([{ hiveUsername: PLAYER, packCount: 1 }]));
  });

  it('keeps the buttons disabled while a purchase is under way', async () => {
    const { api } = await openPacks();
    let answer: (value: { status: number; data: unknown }) => void = () => undefined;
    api.on('POST', RUNIK_URL, () => new Promise((resolve) => (answer = resolve)));
    fireEvent.click(buyButton('Buy 1 Pack (RUNIK)'));
    await waitFor(() => expect(buyButton('Buy 1 Pack (RUNIK)')).toBeDisabled());
    expect(buyButton('Buy 10 Packs (SWAP.HIVE)')).toBeDisabled();
    fireEvent.click(buyButton('Buy 1 Pack (RUNIK)'));
    expect(api.callsTo(RUNIK_URL)).toHaveLength(1);
    answer({ status: 400, data: { error: 'Insufficient RUNIK balance.' } });
    await waitFor(() => expect(buyButton('Buy 1 Pack (RUNIK)')).toBeEnabled());
  });
});

describe('Pack store: opening', () => {
  it("says 'Failed to open packs' when opening fails, and Try again opens them", async () => {
    const { api } = await openPacks();
    api.on('POST', RUNIK_URL, confirmedRunik(43, 1));
    serveInTurn(api, 'POST', ApiRoutes.packOpen(43), { status: 500 }, opened(43, [gear(701)]));
    fireEvent.click(buyButton('Buy 1 Pack (RUNIK)'));
    const dialog = await screen.findByRole('dialog', { name: 'Pack Opening' });
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to open packs$/));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByTestId('revealed-gear-701')).toHaveTextContent('Common Wheat Gear Lv.2');
    expect(api.callsTo(ApiRoutes.packOpen(43))).toHaveLength(2);
  });

  it("relays the server's reason for not opening", async () => {
    const { api } = await openPacks();
    api
      .on('POST', RUNIK_URL, confirmedRunik(44, 1))
      .on('POST', ApiRoutes.packOpen(44), { status: 409, data: { error: 'These packs were already opened.' } });
    fireEvent.click(buyButton('Buy 1 Pack (RUNIK)'));
    const dialog = await screen.findByRole('dialog', { name: 'Pack Opening' });
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('These packs were already opened.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses an opening response without gears', async () => {
    const { api } = await openPacks();
    api
      .on('POST', RUNIK_URL, confirmedRunik(45, 1))
      .on('POST', ApiRoutes.packOpen(45), { status: 200, data: { packPurchaseId: 45, packCount: 1, seed: 1, tier: 1 } });
    fireEvent.click(buyButton('Buy 1 Pack (RUNIK)'));
    const dialog = await screen.findByRole('dialog', { name: 'Pack Opening' });
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Invalid pack opening response: missing gear data$/));
    expect(within(dialog).queryByTestId('opening-proof')).not.toBeInTheDocument();
  });
});

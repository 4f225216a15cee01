import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, TradingMessages, type ListGearResponse } from '@runik/contract';
import { tradingKeys } from '../../shared/query-keys';
import { settle } from '../../testing/city-fixtures';
import { answerConfirmation } from '../../testing/dialogs';
import type { FakeResponse } from '../../testing/fake-api';
import { AVAILABLE_URL, bodiesSentTo, feedback, gear, listing, openTrading, PLAYER, tradeData } from './trading-fixtures';

const GEARS = [gear(5, 'wheat', 'rare', { level: 2 }), gear(6, 'infantry', 'epic')];

async function openListItem(...args: Parameters<typeof openTrading>) {
  const opened = await openTrading(...args);
  await opened.user.click(screen.getByRole('tab', { name: 'List Item' }));
  return opened;
}

const priceInput = () => screen.getByLabelText('Price (RUNIK)');
const listButton = () => screen.getByRole('button', { name: 'List Gear' });

function listed(price: number, fee: number): ListGearResponse {
  return {
    success: true,
    message: TradingMessages.listed(fee),
    listing: listing(40, GEARS[0], { price, sellerUsername: PLAYER }),
    fee,
  };
}

describe('the List Item tab', () => {
  it('offers the available gears, one choice each', async () => {
    const { api, user } = await openListItem({ available: GEARS });
    const choice = await screen.findByTestId('list-gear-5');
    expect(choice).toHaveRole('radio');
    expect(screen.getByTestId('list-gear-6')).toBeInTheDocument();
    expect(api.callsTo(AVAILABLE_URL)).toHaveLength(1);

    await user.click(choice);
    expect(choice).toBeChecked();
    expect(screen.getByTestId('list-selected')).toHaveTextContent('Selected: Rare Wheat Gear Lv.2');
    expect(screen.getByTestId('gear-5')).toHaveClass('gear-tile--target');
  });

  it('says when there is no gear to list', async () => {
    await openListItem();
    expect(await screen.findByText(/You have no gear to list/)).toBeInTheDocument();
  });

  it.each([
    ['neither a gear nor a price', null, ''],
    ['a gear without a price', 5, ''],
    ['a price without a gear', null, '50'],
  ])('asks for a gear and a price given %s, without calling the server', async (_case, gearId, price) => {
    const { api, user } = await openListItem({ available: GEARS });
    await screen.findByTestId('list-gear-5');
    if (gearId !== null) await user.click(screen.getByTestId(`list-gear-${gearId}`));
    if (price) await user.type(priceInput(), price);
    await user.click(listButton());
    expect(feedback()).toHaveTextContent(/^Please select a gear and enter a price$/);
    expect(api.callsTo(ApiRoutes.listGear)).toEqual([]);
  });

  it.each(['0', '1.5', 'abc', '-3'])('refuses the price %s, without calling the server', async (price) => {
    const { api, user } = await openListItem({ available: GEARS });
    await user.click(await screen.findByTestId('list-gear-5'));
    await user.type(priceInput(), price);
    expect(screen.queryByTestId('listing-fee')).not.toBeInTheDocument();
    await user.click(listButton());
    expect(feedback()).toHaveTextContent('Price must be a whole number of RUNIK of at least 1.');
    expect(api.callsTo(ApiRoutes.listGear)).toEqual([]);
  });

  it.each([
    ['1', '10', '0'],
    ['501', '11', '480'],
    ['10000', '200', '9,600'],
  ])('shows, for a price of %s, a fee of %s RUNIK and %s RUNIK to the seller', async (price, fee, receives) => {
    const { user } = await openListItem({ available: GEARS });
    await screen.findByTestId('list-gear-5');
    await user.type(priceInput(), price);
    expect(screen.getByTestId('listing-fee')).toHaveTextContent(`Listing fee: ${fee} RUNIK`);
    expect(screen.getByTestId('seller-receives')).toHaveTextContent(`You receive on sale: ${receives} RUNIK`);
  });

  it('refuses when the balance does not cover the fee, without calling the server', async () => {
    const { api, user } = await openListItem({ userData: tradeData({ runikBalance: 10.999 }), available: GEARS });
    await user.click(await screen.findByTestId('list-gear-5'));
    await user.type(priceInput(), '501');
    await user.click(listButton());
    expect(feedback()).toHaveTextContent(/^Insufficient RUNIK\. You need 11\.000 RUNIK to list this item\.$/);
    expect(api.callsTo(ApiRoutes.listGear)).toEqual([]);
  });

  it("lists the chosen gear at the price, shows the server's message and reloads", async () => {
    const { api, user, server } = await openListItem({ userData: tradeData({ runikBalance: 100 }), available: GEARS });
    api.on('POST', ApiRoutes.listGear, () => {
      server.available = [GEARS[1]];
      server.userData = tradeData({ runikBalance: 89 });
      server.myListings = [listed(501, 11).listing];
      return { status: 200, data: listed(501, 11) };
    });
    await user.click(await screen.findByTestId('list-gear-5'));
    await user.type(priceInput(), '501');
    await user.click(listButton());
    await answerConfirmation(true);

    await waitFor(() => expect(feedback()).toHaveTextContent('Gear listed successfully! Fee: 11.000 RUNIK'));
    expect(bodiesSentTo(api, ApiRoutes.listGear)).toEqual([{ hiveUsername: PLAYER, gearId: 5, price: 501 }]);
    // The listed gear leaves the choices, the balance pays the fee, and the form starts again.
    await waitFor(() => expect(screen.queryByTestId('list-gear-5')).not.toBeInTheDocument());
    expect(screen.getByTestId('trading-balance')).toHaveTextContent('Balance: 89.000 RUNIK');
    expect(priceInput()).toHaveValue('');
    expect(screen.getByTestId('list-selected')).toHaveTextContent('Choose a gear below.');
  });

  it('asks before listing, saying the fee is paid now and kept, and sends nothing when declined', async () => {
    const { api, user } = await openListItem({ available: GEARS });
    api.on('POST', ApiRoutes.listGear, { status: 200, data: listed(501, 11) });
    await user.click(await screen.findByTestId('list-gear-5'));
    await user.type(priceInput(), '501');
    await user.click(listButton());
    expect(await answerConfirmation(false)).toBe(
      'List Rare Wheat Gear Lv.2 for 501 RUNIK? The listing fee of 11 RUNIK is paid now and not refunded if you remove the listing.',
    );
    await settle();
    expect(api.callsTo(ApiRoutes.listGear)).toHaveLength(0);
  });

  it('drops the listed line once the listing is sold (the sale reloads the trading data)', async () => {
    const { api, user, server, queryClient } = await openListItem({ available: GEARS });
    api.on('POST', ApiRoutes.listGear, () => {
      server.myListings = [listed(501, 11).listing];
      return { status: 200, data: listed(501, 11) };
    });
    await user.click(await screen.findByTestId('list-gear-5'));
    await user.type(priceInput(), '501');
    await user.click(listButton());
    await answerConfirmation(true);
    await waitFor(() => expect(feedback()).toHaveTextContent('Gear listed successfully!'));
    await settle();
    expect(feedback()).toHaveTextContent('Gear listed successfully!');

    // The listing-sold notification reloads the trading data (notification-effects).
    server.myListings = [];
    await act(() => queryClient.invalidateQueries({ queryKey: tradingKeys.all }));
    await waitFor(() => expect(screen.queryByTestId('trading-feedback')).toBeNull());
  });

  it('shows the new listing in My Listings', async () => {
    const { api, user, server } = await openListItem({ available: GEARS });
    api.on('POST', ApiRoutes.listGear, () => {
      server.myListings = [listed(501, 11).listing];
      return { status: 200, data: listed(501, 11) };
    });
    await user.click(await screen.findByTestId('list-gear-5'));
    await user.type(priceInput(), '501');
    await user.click(listButton());
    await answerConfirmation(true);
    await waitFor(() => expect(feedback()).toHaveTextContent('Gear listed successfully!'));
    await user.click(screen.getByRole('tab', { name: 'My Listings' }));
    expect(within(await screen.findByTestId('my-listing-40')).getByTestId('listing-price')).toHaveTextContent('501 RUNIK');
  });

  it.each([
    ['the fallback when the server gives no message', { status: 500 }, 'Failed to list gear'],
    [
      "the server's message",
      { status: 400, data: { error: 'Insufficient RUNIK. You need 11 RUNIK to list this item.' } },
      'Insufficient RUNIK. You need 11 RUNIK to list this item.',
    ],
  ] as [string, FakeResponse, string][])('shows %s when listing fails, and keeps the form', async (_case, response, message) => {
    const { api, user } = await openListItem({ available: GEARS });
    api.on('POST', ApiRoutes.listGear, response);
    await user.click(await screen.findByTestId('list-gear-5'));
    await user.type(priceInput(), '501');
    await user.click(listButton());
    await answerConfirmation(true);
    await waitFor(() => expect(feedback()).toHaveTextContent(message));
    expect(screen.getByRole('alert')).toContainElement(feedback());
    expect(priceInput()).toHaveValue('501');
    expect(screen.getByTestId('list-gear-5')).toBeChecked();
  });

  it('shows the failure when the gears fail to load', async () => {
    await openListItem({}, (api) => api.on('GET', AVAILABLE_URL, { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch available gears');
  });
});

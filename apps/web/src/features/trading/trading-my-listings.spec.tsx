import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes } from '@runik/contract';
import { answerConfirmation } from '../../testing/dialogs';
import type { FakeResponse } from '../../testing/fake-api';
import { bodiesSentTo, feedback, gear, listing, MY_LISTINGS_URL, openTrading, PLAYER } from './trading-fixtures';

const mine = (id: number, price = 250) => listing(id, gear(200 + id, 'stone', 'rare', { level: 2 }), { price, sellerUsername: PLAYER });
const removeButton = (id: number) => within(screen.getByTestId(`my-listing-${id}`)).getByRole('button', { name: 'Remove' });

async function openMyListings(...args: Parameters<typeof openTrading>) {
  const opened = await openTrading(...args);
  await opened.user.click(screen.getByRole('tab', { name: 'My Listings' }));
  return opened;
}

describe('the My Listings tab', () => {
  it("loads the player's active listings when opened, each with its gear, price and Remove", async () => {
    const { api, user } = await openTrading({ myListings: [mine(1), mine(2, 1200)] });
    expect(api.callsTo(MY_LISTINGS_URL)).toEqual([]);
    await user.click(screen.getByRole('tab', { name: 'My Listings' }));
    expect(screen.getByRole('tab', { name: 'My Listings' })).toHaveAttribute('aria-selected', 'true');

    const first = await screen.findByTestId('my-listing-1');
    expect(within(first).getByTestId('gear-name')).toHaveTextContent('Rare Stone Gear Lv.2');
    expect(within(first).getByTestId('listing-price')).toHaveTextContent('250 RUNIK');
    expect(within(screen.getByTestId('my-listing-2')).getByTestId('listing-price')).toHaveTextContent('1,200 RUNIK');
    expect(removeButton(1)).toBeEnabled();
    expect(api.callsTo(MY_LISTINGS_URL)).toHaveLength(1);
  });

  it('says when there is none', async () => {
    await openMyListings();
    expect(await screen.findByText('You have no active listings.')).toBeInTheDocument();
  });

  it('removes a listing after confirmation, says so and reloads the list', async () => {
    const { api, user, server } = await openMyListings({ myListings: [mine(1), mine(2)] });
    api.on('POST', ApiRoutes.unlistGear, () => {
      server.myListings = [mine(2)];
      return { status: 200, data: { success: true, message: 'Listing removed successfully!' } };
    });
    await screen.findByTestId('my-listing-1');
    await user.click(removeButton(1));

    expect(await answerConfirmation(true)).toBe('Remove Rare Stone Gear Lv.2 from the marketplace? The listing fee is not refunded.');
    await waitFor(() => expect(feedback()).toHaveTextContent('Listing removed successfully!'));
    expect(bodiesSentTo(api, ApiRoutes.unlistGear)).toEqual([{ hiveUsername: PLAYER, listingId: 1 }]);
    await waitFor(() => expect(screen.queryByTestId('my-listing-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('my-listing-2')).toBeInTheDocument();
  });

  it('sends nothing when the confirmation is declined', async () => {
    const { api, user } = await openMyListings({ myListings: [mine(1)] });
    await screen.findByTestId('my-listing-1');
    await user.click(removeButton(1));
    await answerConfirmation(false);
    expect(api.callsTo(ApiRoutes.unlistGear)).toEqual([]);
  });

  it.each([
    ['the fallback when the server gives no message', { status: 500 }, 'Failed to remove listing'],
    [
      "the server's message",
      { status: 409, data: { error: 'This listing is no longer available.' } },
      'This listing is no longer available.',
    ],
  ] as [string, FakeResponse, string][])('shows %s when the removal fails', async (_case, response, message) => {
    const { api, user } = await openMyListings({ myListings: [mine(1)] });
    api.on('POST', ApiRoutes.unlistGear, response);
    await screen.findByTestId('my-listing-1');
    await user.click(removeButton(1));
    await answerConfirmation(true);
    await waitFor(() => expect(feedback()).toHaveTextContent(message));
    expect(screen.getByRole('alert')).toContainElement(feedback());
  });

  it.each([
    ['the fallback when the server gives no message', { status: 500 }, 'Failed to fetch your listings'],
    ["the server's message", { status: 403, data: { error: 'Not allowed.' } }, 'Not allowed.'],
  ] as [string, FakeResponse, string][])('shows %s when the list fails to load', async (_case, response, message) => {
    await openMyListings({}, (api) => api.on('GET', MY_LISTINGS_URL, response));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, type Listing } from '@runik/contract';
import { cityKeys, gearKeys } from '../../shared/query-keys';
import { answerConfirmation } from '../../testing/dialogs';
import type { FakeResponse } from '../../testing/fake-api';
import {
  bodiesSentTo,
  feedback,
  gear,
  listing,
  marketplacePage,
  marketplaceQueries,
  marketplaceUrl,
  openTrading,
  PLAYER,
  tradeData,
  USER_DATA_URL,
} from './trading-fixtures';

const row = (id: number) => screen.getByTestId(`listing-${id}`);
const buyButton = (id: number) => within(row(id)).getByRole('button', { name: 'Buy' });
const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the Marketplace tab', () => {
  it("asks for the newest listings of page 1 without the player's own, and shows each gear, price and seller", async () => {
    const { api } = await openTrading({
      userData: tradeData({ runikBalance: 5000 }),
      marketplace: [listing(11, gear(7, 'archer', 'epic', { level: 3 }), { price: 2500, sellerUsername: 'bob' })],
    });
    const card = await screen.findByTestId('listing-11');
    expect(marketplaceQueries(api)).toEqual([{ sortBy: 'newest', excludeUser: PLAYER, page: '1' }]);
    expect(within(card).getByTestId('gear-name')).toHaveTextContent('Epic Archer Gear Lv.3');
    expect(within(card).getByTestId('listing-price')).toHaveTextContent('2,500 RUNIK');
    expect(within(card).getByTestId('listing-seller')).toHaveTextContent('bob');
    expect(buyButton(11)).toBeEnabled();
    expect(screen.getByTestId('trading-page')).toHaveTextContent('Page 1 of 1');
  });

  it('says when nothing is listed', async () => {
    await openTrading();
    expect(await screen.findByText('No gear is listed for these filters.')).toBeInTheDocument();
  });

  it('offers the types of the chosen category and the five sorts, and asks with every filter set', async () => {
    const { api, user } = await openTrading();
    await screen.findByTestId('trading-page');
    const type = screen.getByLabelText('Type');
    expect(optionLabels(type)).toEqual(['All', 'Infantry', 'Archer', 'Cavalry', 'Wheat', 'Lumber', 'Stone', 'Ore']);
    expect(optionLabels(screen.getByLabelText('Sort by'))).toEqual([
      'Newest',
      'Oldest',
      'Price: Low to High',
      'Price: High to Low',
      'Rarity',
    ]);

    await user.selectOptions(screen.getByLabelText('Category'), 'commander');
    expect(optionLabels(type)).toEqual(['All', 'Infantry', 'Archer', 'Cavalry']);
    await user.selectOptions(type, 'archer');
    await user.selectOptions(screen.getByLabelText('Rarity'), 'epic');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'priceDesc');
    await waitFor(() =>
      expect(marketplaceQueries(api).at(-1)).toEqual({
        category: 'commander',
        type: 'archer',
        rarity: 'epic',
        sortBy: 'priceDesc',
        excludeUser: PLAYER,
        page: '1',
      }),
    );

    // A category without the chosen type drops it.
    await user.selectOptions(screen.getByLabelText('Category'), 'mayor');
    expect(type).toHaveValue('all');
    expect(optionLabels(type)).toEqual(['All', 'Wheat', 'Lumber', 'Stone', 'Ore']);
    await waitFor(() =>
      expect(marketplaceQueries(api).at(-1)).toEqual({
        category: 'mayor',
        rarity: 'epic',
        sortBy: 'priceDesc',
        excludeUser: PLAYER,
        page: '1',
      }),
    );
  });

  it('pages with Previous and Next, and goes back to page 1 when a filter changes', async () => {
    const { api, user } = await openTrading({}, (routes) =>
      routes
        .on('GET', marketplaceUrl(), { status: 200, data: marketplacePage([listing(1)], 1, 3) })
        .on('GET', marketplaceUrl({ page: 2 }), { status: 200, data: marketplacePage([listing(2)], 2, 3) })
        .on('GET', marketplaceUrl({ sortBy: 'oldest' }), { status: 200, data: marketplacePage([listing(3)], 1, 3) }),
    );
    await screen.findByTestId('listing-1');
    expect(screen.getByTestId('trading-page')).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('listing-2');
    expect(screen.getByTestId('trading-page')).toHaveTextContent('Page 2 of 3');
    expect(marketplaceQueries(api).at(-1)).toEqual({ sortBy: 'newest', excludeUser: PLAYER, page: '2' });
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByTestId('listing-1');
    expect(screen.getByTestId('trading-page')).toHaveTextContent('Page 1 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('listing-2');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'oldest');
    await screen.findByTestId('listing-3');
    expect(marketplaceQueries(api).at(-1)).toEqual({ sortBy: 'oldest', excludeUser: PLAYER, page: '1' });
  });

  it.each([
    ['the fallback when the server gives no message', { status: 500 }, 'Failed to fetch marketplace listings'],
    ["the server's message", { status: 400, data: { error: 'Unknown sort.' } }, 'Unknown sort.'],
  ] as [string, FakeResponse, string][])('shows %s when the listings fail to load', async (_case, response, message) => {
    const { api, user } = await openTrading();
    api.on('GET', marketplaceUrl({ rarity: 'rare' }), response);
    await user.selectOptions(screen.getByLabelText('Rarity'), 'rare');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('buying', () => {
  const sword = listing(11, gear(7, 'cavalry', 'legendary'), { price: 300, sellerUsername: 'bob' });

  it('asks to confirm with the price, sends the buyer and the listing, and says so', async () => {
    const { api, user, server } = await openTrading({ marketplace: [sword] });
    api.on('POST', ApiRoutes.buyGear, () => {
      server.marketplace = [];
      server.userData = tradeData({ runikBalance: 700 });
      return { status: 200, data: { success: true, message: 'Gear purchased successfully!' } };
    });
    await user.click(await screen.findByRole('button', { name: 'Buy' }));

    expect(await answerConfirmation(true)).toBe('Buy Legendary Cavalry Gear Lv.1 from bob for 300 RUNIK?');
    await waitFor(() => expect(feedback()).toHaveTextContent('Gear purchased successfully!'));
    expect(bodiesSentTo(api, ApiRoutes.buyGear)).toEqual([{ buyerUsername: PLAYER, listingId: 11 }]);
    // The listings and the balance are reloaded.
    await waitFor(() => expect(screen.queryByTestId('listing-11')).not.toBeInTheDocument());
    expect(screen.getByTestId('trading-balance')).toHaveTextContent('Balance: 700.000 RUNIK');
    expect(api.callsTo(USER_DATA_URL)).toHaveLength(2);
  });

  it('marks the city and the gears for reloading', async () => {
    const { api, user, queryClient } = await openTrading({ marketplace: [sword] });
    queryClient.setQueryData(cityKeys.city(PLAYER), { seeded: true });
    queryClient.setQueryData(gearKeys.equipped(PLAYER), { seeded: true });
    api.on('POST', ApiRoutes.buyGear, { status: 200, data: { success: true, message: 'Gear purchased successfully!' } });
    await user.click(await screen.findByRole('button', { name: 'Buy' }));
    await answerConfirmation(true);
    await waitFor(() => expect(feedback()).toHaveTextContent('Gear purchased successfully!'));
    expect(queryClient.getQueryState(cityKeys.city(PLAYER))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(gearKeys.equipped(PLAYER))?.isInvalidated).toBe(true);
  });

  it('sends nothing when the confirmation is declined', async () => {
    const { api, user } = await openTrading({ marketplace: [sword] });
    await user.click(await screen.findByRole('button', { name: 'Buy' }));
    await answerConfirmation(false);
    expect(api.callsTo(ApiRoutes.buyGear)).toEqual([]);
    expect(screen.queryByTestId('trading-feedback')).not.toBeInTheDocument();
  });

  it('closes Buy when the balance is below the price, and says how much is needed', async () => {
    const listings: Listing[] = [listing(1, gear(1), { price: 100 }), listing(2, gear(2), { price: 99 })];
    await openTrading({ userData: tradeData({ runikBalance: 99.5 }), marketplace: listings });
    await screen.findByTestId('listing-1');
    expect(buyButton(1)).toBeDisabled();
    expect(within(row(1)).getByTestId('listing-blocked')).toHaveTextContent('Insufficient RUNIK. You need 100.000 RUNIK to buy this item.');
    expect(buyButton(2)).toBeEnabled();
    expect(within(row(2)).queryByTestId('listing-blocked')).not.toBeInTheDocument();
  });

  it('steps back to the new last page when a purchase empties the last one', async () => {
    let sold = false;
    const { api, user } = await openTrading({}, (routes) =>
      routes
        .on('GET', marketplaceUrl(), () => ({ status: 200, data: marketplacePage([listing(1)], 1, sold ? 1 : 2) }))
        .on('GET', marketplaceUrl({ page: 2 }), () => ({ status: 200, data: marketplacePage(sold ? [] : [listing(2)], 2, sold ? 1 : 2) }))
        .on('POST', ApiRoutes.buyGear, () => {
          sold = true;
          return { status: 200, data: { success: true, message: 'Gear purchased successfully!' } };
        }),
    );
    await screen.findByTestId('listing-1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(within(await screen.findByTestId('listing-2')).getByRole('button', { name: 'Buy' }));
    await answerConfirmation(true);

    // Page 1 was cached: it shows at once, then its reload tells there is one page now.
    await waitFor(() => expect(screen.getByTestId('trading-page')).toHaveTextContent('Page 1 of 1'));
    expect(screen.getByTestId('listing-1')).toBeInTheDocument();
    expect(screen.queryByTestId('listing-2')).not.toBeInTheDocument();
    expect(marketplaceQueries(api).at(-1)).toMatchObject({ page: '1' });
  });

  it.each([
    ['the fallback when the server gives no message', { status: 500 }, 'Failed to purchase gear'],
    [
      "the server's message",
      { status: 409, data: { error: 'This listing is no longer available.' } },
      'This listing is no longer available.',
    ],
  ] as [string, FakeResponse, string][])('shows %s when the purchase fails, and reloads the listings', async (_case, response, message) => {
    const { api, user } = await openTrading({ marketplace: [sword] });
    api.on('POST', ApiRoutes.buyGear, response);
    await user.click(await screen.findByRole('button', { name: 'Buy' }));
    await answerConfirmation(true);
    await waitFor(() => expect(feedback()).toHaveTextContent(message));
    expect(screen.getByRole('alert')).toContainElement(feedback());
    await waitFor(() => expect(api.callsTo(marketplaceUrl())).toHaveLength(2));
  });
});

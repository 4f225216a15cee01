import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiRoutes, AppRoutes } from '@runik/contract';
import { installFakeApi, serveInTurn, type FakeResponse } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { gear, listing, marketplacePage, marketplaceUrl, openTrading, PLAYER, tradeData, USER_DATA_URL } from './trading-fixtures';
import { TradingPage } from './TradingPage';

const RESTRICTED =
  'Trading Restricted — Your account does not have trading privileges. Please contact support to enable trading on your account.';

describe('the Gear Marketplace', () => {
  it('asks a logged-out visitor to log in, without calling the server', () => {
    const api = installFakeApi();
    renderWithProviders(<TradingPage />, AppRoutes.p2p);
    expect(screen.getByText('Please log in to access the marketplace.')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('loads the trade data first, then shows the balance and the three tabs, Marketplace open', async () => {
    const { api } = await openTrading({ userData: tradeData({ runikBalance: 1234.5 }) });
    expect(api.requests[0]).toMatchObject({ method: 'GET', url: USER_DATA_URL, authorization: null });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Marketplace', 'My Listings', 'List Item']);
    expect(screen.getByRole('tab', { name: 'Marketplace' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('trading-balance')).toHaveTextContent('Balance: 1,234.500 RUNIK');
    expect(screen.queryByTestId('trading-restricted')).not.toBeInTheDocument();
    expect(screen.queryByTestId('late-activation')).not.toBeInTheDocument();
  });

  it.each([
    ['the fallback when the server gives no message', { status: 500 }, 'Failed to load user data'],
    ["the server's message", { status: 404, data: { error: 'User not found.' } }, 'User not found.'],
  ] as [string, FakeResponse, string][])('shows %s when the trade data fails to load, and no tabs', async (_case, response, message) => {
    installFakeApi().on('GET', USER_DATA_URL, response);
    logInAs(PLAYER);
    renderWithProviders(<TradingPage />, AppRoutes.p2p);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('loads the trade data again from Try again after a failed load', async () => {
    const api = installFakeApi().on('GET', marketplaceUrl(), { status: 200, data: marketplacePage([]) });
    serveInTurn(api, 'GET', USER_DATA_URL, { status: 500 }, tradeData());
    logInAs(PLAYER);
    renderWithProviders(<TradingPage />, AppRoutes.p2p);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('tab', { name: 'Marketplace' })).toBeInTheDocument();
    expect(api.callsTo(USER_DATA_URL)).toHaveLength(2);
  });
});

describe('an account without the trading privilege', () => {
  it('sees the restriction notice and cannot Buy, List or Remove', async () => {
    const { user } = await openTrading({
      userData: tradeData({ canWithdraw: false, runikBalance: 5000 }),
      marketplace: [listing(1)],
      myListings: [listing(2, gear(202), { sellerUsername: PLAYER })],
      available: [gear(5)],
    });
    expect(screen.getByTestId('trading-restricted')).toHaveTextContent(RESTRICTED);

    // Browsing stays open; every action is closed, though the balance would cover it.
    expect(within(await screen.findByTestId('listing-1')).getByRole('button', { name: 'Buy' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'My Listings' }));
    expect(within(await screen.findByTestId('my-listing-2')).getByRole('button', { name: 'Remove' })).toBeDisabled();
    await user.click(screen.getByRole('tab', { name: 'List Item' }));
    await user.click(await screen.findByTestId('list-gear-5'));
    await user.type(screen.getByLabelText('Price (RUNIK)'), '50');
    expect(screen.getByRole('button', { name: 'List Gear' })).toBeDisabled();
  });

  it('is offered its late activation with what it would make withdrawable (issue 44)', async () => {
    await openTrading({ userData: tradeData({ canWithdraw: false, runikBalance: 5000 }) }, (api) =>
      api
        .on('GET', ApiRoutes.lateActivation(PLAYER), {
          status: 200,
          data: {
            feeInHive: '60.000',
            feeUsd: 15,
            runik: 5000,
            withdrawableAtOnce: 40,
            releaseUpTo: 300,
            releaseCap: 300,
            releasesLeftToday: 200,
            releasedToday: 300,
            releaseWaiting: 0,
            staysGameOnly: 4660,
          },
        })
        .on('GET', ApiRoutes.hiveBalance(PLAYER), { status: 200, data: { balance: '75' } }),
    );
    const offer = screen.getByRole('region', { name: 'Activate your account' });
    expect(await within(offer).findByTestId('late-activation-withdrawable')).toHaveTextContent('40.000 RUNIK');
    expect(within(offer).getByTestId('late-activation-release')).toHaveTextContent('up to 300.000 RUNIK');
    expect(within(offer).getByTestId('late-activation-game-only')).toHaveTextContent('4,660.000 RUNIK');
    expect(within(offer).getByTestId('late-activation-fee')).toHaveTextContent('60.000 SWAP.HIVE');
    expect(within(offer).getByRole('button', { name: 'Activate Account' })).toBeInTheDocument();
  });

  // Issue 45: the notice alone said nothing of what activation would open.
  it('reads, below the verbatim notice, what activating unlocks, with a link to the offer', async () => {
    await openTrading({ userData: tradeData({ canWithdraw: false, runikBalance: 5000 }) });
    const restricted = screen.getByTestId('trading-restricted');
    expect(restricted.firstElementChild).toHaveTextContent(RESTRICTED);
    const unlocks = within(restricted).getByTestId('trading-activation-unlocks');
    expect(unlocks).toHaveTextContent(
      'Activating your account unlocks trading: buying gear, listing your own for sale and removing your listings, and withdrawing RUNIK.',
    );
    const link = within(unlocks).getByRole('link', { name: 'See the activation offer' });
    const offer = screen.getByRole('region', { name: 'Activate your account' });
    expect(link.getAttribute('href')).toBe(`#${offer.id}`);
    expect(offer.id).not.toBe('');
  });

  it('has every action open with the privilege', async () => {
    const { user } = await openTrading({
      marketplace: [listing(1)],
      myListings: [listing(2, gear(202), { sellerUsername: PLAYER })],
      available: [gear(5)],
    });
    expect(within(await screen.findByTestId('listing-1')).getByRole('button', { name: 'Buy' })).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'My Listings' }));
    expect(within(await screen.findByTestId('my-listing-2')).getByRole('button', { name: 'Remove' })).toBeEnabled();
    await user.click(screen.getByRole('tab', { name: 'List Item' }));
    expect(screen.getByRole('button', { name: 'List Gear' })).toBeEnabled();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@runik/contract';
import { advance } from '../../testing/city-fixtures';
import { installFakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import {
  buyButtonOf,
  feedback,
  ITEMS_URL,
  itemCard,
  openShop,
  PENDING_URL,
  serveInTurn,
  shopItem,
  shopItems,
  STARTER_BUNDLE,
} from './shop-fixtures';
import { ShopPage } from './ShopPage';

describe('Shop: items and balance', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  it('shows the SWAP.HIVE balance with three decimals, never rounded up', async () => {
    await openShop({ items: shopItems({ hiveBalance: 12.3456 }) });
    expect(screen.getByTestId('shop-hive-balance')).toHaveTextContent(/^12\.345$/);
  });

  it('lists each item with its price in SWAP.HIVE, its rewards, the next purchase number and its limit', async () => {
    const crate = shopItem('Resource Crate', { price: 2, rewards: ['600.00 Wheat', '600.00 Lumber'], nextPurchaseCount: 3 });
    const blade = shopItem("Commander's Blade", { price: 25.5, rewards: ['Epic Cavalry Gear Lv.1'] });
    await openShop({ items: shopItems({ items: [crate, STARTER_BUNDLE, blade] }) });

    const crateCard = itemCard('shop-item-resource-crate');
    expect(within(crateCard).getByRole('heading', { name: 'Resource Crate' })).toBeInTheDocument();
    expect(within(crateCard).getByTestId('shop-item-resource-crate-price')).toHaveTextContent(/^2\.000 SWAP\.HIVE$/);
    const rewards = within(crateCard).getByRole('list', { name: 'Rewards' });
    expect(
      within(rewards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['600.00 Wheat', '600.00 Lumber']);
    expect(crateCard).toHaveTextContent('Purchase #3');
    expect(crateCard).not.toHaveTextContent('Limit');

    const bundle = itemCard('shop-item-starter-bundle');
    expect(within(bundle).getByTestId('shop-item-starter-bundle-price')).toHaveTextContent('3.000 SWAP.HIVE');
    expect(bundle).toHaveTextContent('Purchase #1');
    expect(bundle).toHaveTextContent('Limit: 1 per player');

    // Spaces become dashes in the test id, nothing else changes.
    expect(itemCard("shop-item-commander's-blade")).toHaveTextContent('25.500 SWAP.HIVE');
  });

  it('enables Buy only on the items the player can afford, saying why the others are out of reach', async () => {
    await openShop({
      items: shopItems({
        items: [
          shopItem('Resource Crate'),
          shopItem('War Chest', { price: 10, canAfford: false }),
          shopItem('Starter Bundle', { price: 3, limit: 1, nextPurchaseCount: 2, canAfford: false }),
        ],
      }),
    });

    expect(buyButtonOf('shop-item-resource-crate')).toBeEnabled();
    expect(itemCard('shop-item-resource-crate')).not.toHaveTextContent('Not enough SWAP.HIVE');
    expect(buyButtonOf('shop-item-war-chest')).toBeDisabled();
    expect(itemCard('shop-item-war-chest')).toHaveTextContent('Not enough SWAP.HIVE');
    expect(buyButtonOf('shop-item-starter-bundle')).toBeDisabled();
    expect(itemCard('shop-item-starter-bundle')).toHaveTextContent('Limit reached');
  });

  it("says 'Failed to load shop items' when they cannot be loaded, and Retry loads them", async () => {
    const { api } = await openShop({ items: { status: 500, data: { error: 'Internal server error' } } });
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to load shop items$/);
    expect(screen.queryByTestId('shop-hive-balance')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();

    serveInTurn(api, 'GET', ITEMS_URL, shopItems());
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await advance(0);
    await advance(0);
    expect(screen.queryByText('Failed to load shop items')).not.toBeInTheDocument();
    expect(screen.getByTestId('shop-hive-balance')).toHaveTextContent('12.345');
    expect(buyButtonOf('shop-item-resource-crate')).toBeEnabled();
    expect(api.callsTo(ITEMS_URL)).toHaveLength(2);
  });

  it('loads the items and the pending purchases, and polls nothing when none is pending', async () => {
    const { api } = await openShop();
    await advance(60_000);
    expect(api.requests.map((request) => request.url).sort()).toEqual([ITEMS_URL, PENDING_URL].sort());
    expect(feedback()).toBeEmptyDOMElement();
  });

  it('asks a logged-out visitor to log in and calls nothing', async () => {
    const api = installFakeApi();
    renderWithProviders(<ShopPage />, AppRoutes.syncshop);
    await advance(0);
    expect(screen.getByText('Please log in to access the shop.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});

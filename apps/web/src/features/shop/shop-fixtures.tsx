import { act, screen, within } from '@testing-library/react';
import {
  ApiRoutes,
  AppRoutes,
  type ShopItemDto,
  type ShopItemsResponse,
  type ShopPurchasesResponse,
  type ShopPurchaseStatusResponse,
  type NotificationDto,
} from '@runik/contract';
import { advance } from '../../testing/city-fixtures';
import { installFakeApi, responder, type Responder } from '../../testing/fake-api';

export { responder, serveInTurn } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { PushListenersContext, type PushListener } from '../../shared/pushed-notifications';
import { ShopPage } from './ShopPage';

// Test data for the Shop's specs.

export const PLAYER = 'alice';
export const ITEMS_URL = ApiRoutes.shopItems(PLAYER);
export const PENDING_URL = ApiRoutes.shopPendingPurchases(PLAYER);
export const CREATE_URL = ApiRoutes.shopPurchaseCreate;

export function shopItem(name: string, overrides: Partial<ShopItemDto> = {}): ShopItemDto {
  return { name, price: 2, rewards: ['600.00 Wheat'], nextPurchaseCount: 1, canAfford: true, limit: null, ...overrides };
}

export const RESOURCE_CRATE = shopItem('Resource Crate', {
  rewards: ['600.00 Wheat', '600.00 Lumber', '600.00 Stone', '600.00 Ore'],
  nextPurchaseCount: 3,
});
export const STARTER_BUNDLE = shopItem('Starter Bundle', { price: 3, rewards: ['10.000 RUNIK', '500.00 Wheat'], limit: 1 });
export const COMMANDERS_BLADE = shopItem("Commander's Blade", {
  price: 25,
  rewards: ['Epic Cavalry Gear Lv.1'],
  canAfford: false,
});

export function shopItems(overrides: Partial<ShopItemsResponse> = {}): ShopItemsResponse {
  return { items: [RESOURCE_CRATE, STARTER_BUNDLE, COMMANDERS_BLADE], hiveBalance: 12.3456, ...overrides };
}

export const NO_PENDING: ShopPurchasesResponse = { purchases: [] };

export function pendingPurchase(purchaseId: number, itemName: string): ShopPurchasesResponse {
  return { purchases: [{ purchaseId, itemName, status: 'pending', createdAt: '2025-01-01T00:00:00.000Z' }] };
}

export function purchaseStatus(
  purchaseId: number,
  status: ShopPurchaseStatusResponse['status'],
  overrides: Partial<ShopPurchaseStatusResponse> = {},
): ShopPurchaseStatusResponse {
  const { name: itemName, rewards } = RESOURCE_CRATE;
  return {
    purchaseId,
    itemName,
    status,
    rewards,
    purchaseCount: 3,
    error: null,
    seenOnChain: status === 'confirmed',
    awaitingHiveEngine: false,
    ...overrides,
  };
}

interface OpenOptions {
  items?: ShopItemsResponse | Responder;
  pending?: ShopPurchasesResponse | Responder;
}

/**
 * Logs alice in and opens the Shop; lets the items and the pending purchases load (or fail).
 * Runs on fake timers (call vi.useFakeTimers() first): drive the page with fireEvent. `push` plays a
 * notification pushed on the live connection.
 */
export async function openShop({ items = shopItems(), pending = NO_PENDING }: OpenOptions = {}) {
  const api = installFakeApi().on('GET', ITEMS_URL, responder(items)).on('GET', PENDING_URL, responder(pending));
  logInAs(PLAYER);
  const listeners = new Set<PushListener>();
  const rendered = renderWithProviders(
    <PushListenersContext.Provider value={listeners}>
      <ShopPage />
    </PushListenersContext.Provider>,
    AppRoutes.syncshop,
  );
  await advance(0);
  await advance(0);
  /** Whether a listener says the screen shows the notification itself (LiveConnection then shows no toast). */
  let shownOnScreen = false;
  const push = (notification: NotificationDto) => {
    act(() => {
      shownOnScreen = [...listeners].map((listener) => listener(notification)).includes(true);
    });
    return shownOnScreen;
  };
  return { api, push, ...rendered };
}

export function itemCard(testId: string): HTMLElement {
  return screen.getByTestId(testId);
}

export function buyButtonOf(testId: string): HTMLElement {
  return within(itemCard(testId)).getByRole('button', { name: 'Buy' });
}

export function feedback(): HTMLElement {
  return screen.getByTestId('shop-feedback');
}

export function errorShown(): HTMLElement | null {
  return within(feedback()).queryByRole('alert');
}

/** The feedback's status lines (the pending notice, the confirmation). */
export function statusShown(): string {
  return within(feedback())
    .queryAllByRole('status')
    .map((element) => element.textContent)
    .join(' | ');
}

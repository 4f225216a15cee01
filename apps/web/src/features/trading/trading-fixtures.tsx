import { screen } from '@testing-library/react';
import { ApiRoutes, AppRoutes, type Gear, type Listing, type MarketplaceResponse, type UserTradeDataResponse } from '@runik/contract';
import { PLAYER } from '../../testing/city-fixtures';
import { gear } from '../../testing/gear-fixtures';
import { installFakeApi, type FakeApi, type RecordedRequest } from '../../testing/fake-api';
import { logInAs } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { TradingPage } from './TradingPage';

// Test data and helpers for the Gear Marketplace specs.

export { gear, PLAYER };

export const USER_DATA_URL = ApiRoutes.tradeUserData(PLAYER);
export const MY_LISTINGS_URL = ApiRoutes.myListings(PLAYER);
export const AVAILABLE_URL = ApiRoutes.tradeAvailableGears(PLAYER);
const MARKETPLACE_PATH = '/api/p2p/marketplace';

export function listing(id: number, listedGear: Gear = gear(100 + id), overrides: Partial<Listing> = {}): Listing {
  return { _id: id, gear: listedGear, price: 100, sellerUsername: 'bob', listedAt: '2026-05-01T12:00:00.000Z', ...overrides };
}

export function tradeData(overrides: Partial<UserTradeDataResponse> = {}): UserTradeDataResponse {
  return { canWithdraw: true, runikBalance: 1000, ...overrides };
}

interface MarketplaceQueryParams {
  category?: string;
  type?: string;
  rarity?: string;
  sortBy?: string;
  page?: number;
}

/** The marketplace URL the page asks for (the spec's query, with excludeUser set to the player). */
export function marketplaceUrl({ category, type, rarity, sortBy = 'newest', page = 1 }: MarketplaceQueryParams = {}): string {
  return ApiRoutes.marketplaceListings({ category, type, rarity, sortBy, excludeUser: PLAYER, page });
}

/** The marketplace requests made, each as its query parameters. */
export function marketplaceQueries(api: FakeApi): Record<string, string>[] {
  return api.requests
    .filter((request) => request.method === 'GET' && request.url.startsWith(`${MARKETPLACE_PATH}?`))
    .map((request) => Object.fromEntries(new URL(request.url, 'http://localhost').searchParams));
}

export function marketplacePage(listings: Listing[], page = 1, totalPages = 1): MarketplaceResponse {
  return { listings, page, totalPages };
}

export function bodiesSentTo(api: FakeApi, url: string): unknown[] {
  return api.callsTo(url).map((request: RecordedRequest) => request.body);
}

/** What the fake server holds; tests change it as a trade would. */
export interface TradingServer {
  userData: UserTradeDataResponse;
  /** The first marketplace page with the default filters. */
  marketplace: Listing[];
  myListings: Listing[];
  available: Gear[];
}

/**
 * Logs alice in and opens /p2p on a server holding `initial` (plus any `extraRoutes`);
 * resolves once the tabs show.
 */
export async function openTrading(initial: Partial<TradingServer> = {}, extraRoutes: (api: FakeApi) => void = () => undefined) {
  const server: TradingServer = { userData: tradeData(), marketplace: [], myListings: [], available: [], ...initial };
  const api = installFakeApi()
    .on('GET', USER_DATA_URL, () => ({ status: 200, data: server.userData }))
    .on('GET', marketplaceUrl(), () => ({ status: 200, data: marketplacePage(server.marketplace) }))
    .on('GET', MY_LISTINGS_URL, () => ({ status: 200, data: { listings: server.myListings } }))
    .on('GET', AVAILABLE_URL, () => ({ status: 200, data: { gears: server.available } }));
  extraRoutes(api);
  logInAs(PLAYER);
  const rendered = renderWithProviders(<TradingPage />, AppRoutes.p2p);
  await screen.findByRole('tab', { name: 'Marketplace' });
  return { api, server, ...rendered };
}

export const feedback = () => screen.getByTestId('trading-feedback');

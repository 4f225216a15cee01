import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ApiRoutes,
  GearMessages,
  TradingMessages,
  type BuyGearRequest,
  type GearsResponse,
  type ListGearRequest,
  type ListGearResponse,
  type MarketplaceResponse,
  type MyListingsResponse,
  type TradingActionResponse,
  type UnlistGearRequest,
  type UserTradeDataResponse,
} from '@runik/contract';
import { tradingKeys } from '../../shared/query-keys';
import { apiErrorMessage, httpClient, responseData } from '../../api/http-client';
import { marketplaceQuery, type MarketplaceFilter } from './trading-filters';

/** A call whose failure shows the server's `{ error }`, else the spec's `fallback` (section 8). */
function call<T>(request: Promise<{ data: T }>, fallback: string): Promise<T> {
  return responseData(request, (error) => apiErrorMessage(error, fallback));
}

export function useTradeUserData(username: string) {
  return useQuery({
    queryKey: tradingKeys.userData(username),
    queryFn: () => call(httpClient.get<UserTradeDataResponse>(ApiRoutes.tradeUserData(username)), TradingMessages.failedUserData),
  });
}

/** One page of other players' listings; the last page stays shown while the next one loads. */
export function useMarketplaceListings(username: string, filter: MarketplaceFilter) {
  return useQuery({
    queryKey: [...tradingKeys.all, 'marketplace', username, filter],
    queryFn: () =>
      call(
        httpClient.get<MarketplaceResponse>(ApiRoutes.marketplaceListings(marketplaceQuery(filter, username))),
        TradingMessages.failedMarketplace,
      ),
    placeholderData: keepPreviousData,
  });
}

/** The player's active listings; `enabled` false until a screen needs them (the tab loads them when opened). */
export function useMyListings(username: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: tradingKeys.myListings(username),
    queryFn: async () =>
      (await call(httpClient.get<MyListingsResponse>(ApiRoutes.myListings(username)), TradingMessages.failedMyListings)).listings,
  });
}

/**
 * The gears that could be listed: owned, not equipped, not listed (the server picks them).
 * The spec has no trading text for this failure; the Gears page's fits.
 */
export function useTradeAvailableGears(username: string) {
  return useQuery({
    queryKey: tradingKeys.availableGears(username),
    queryFn: async () =>
      (await call(httpClient.get<GearsResponse>(ApiRoutes.tradeAvailableGears(username)), GearMessages.failedAvailable)).gears,
  });
}

// The trading calls (spec section 7).

export const postListGear = (body: ListGearRequest) =>
  call(httpClient.post<ListGearResponse>(ApiRoutes.listGear, body), TradingMessages.failedList);

export const postUnlistGear = (body: UnlistGearRequest) =>
  call(httpClient.post<TradingActionResponse>(ApiRoutes.unlistGear, body), TradingMessages.failedRemove);

export const postBuyGear = (body: BuyGearRequest) =>
  call(httpClient.post<TradingActionResponse>(ApiRoutes.buyGear, body), TradingMessages.failedPurchase);
